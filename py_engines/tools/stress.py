"""The stress loop: a user's program against the engine on generated inputs.

``python3 -m py_engines stress GAME [--seed S] [--count N] [--mode M] [--cases C]
[--time-limit 2] -- COMMAND...`` runs COMMAND with each generated input on its
standard input (the same inputs ``gen`` writes for the same seed, mode and
cases) until its output is not accepted, it exits with a non-zero status or it
passes the time limit.  It then shrinks the failing input (see ``shrink``),
writes it to ``stress-fail.in``, prints it with both outputs and exits 1.
Exit 0 when all N inputs pass, 2 on bad arguments or a command that cannot run.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import EngineError
from .check import CheckReport, check_answers
from .gen import file_stem
from .hooks import engine_of, generate_input, set_seeds, solved
from .shrink import minimize

FAIL_FILE = "stress-fail.in"


@dataclass(frozen=True, slots=True)
class Run:
    """One run of the user's program."""

    stdout: str
    stderr: str
    status: int | None        # exit status; None when stopped at the time limit
    ms: float


@dataclass(frozen=True, slots=True)
class Outcome:
    """A run judged: ``verdict`` is "accepted", "wrong", "presentation", "time" or "error"."""

    verdict: str
    summary: str              # one line: "wrong answer: case 2: ...", "time limit exceeded (2 s)"
    run: Run
    answer: str
    report: CheckReport | None

    @property
    def failed(self) -> bool:
        return self.verdict != "accepted"


def run_program(command: Sequence[str], text: str, time_limit: float) -> Run:
    """Runs ``command`` with ``text`` on its standard input; kills its whole process
    group when it passes ``time_limit`` seconds.  OSError when it cannot start."""
    start = time.perf_counter()
    proc = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(text.encode("utf-8"), timeout=time_limit)
        status: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        status = None
    ms = (time.perf_counter() - start) * 1000
    return Run(out.decode("utf-8", errors="replace"), err.decode("utf-8", errors="replace"),
               status, ms)


def judge(engine: Any, text: str, command: Sequence[str], time_limit: float) -> Outcome:
    """Runs the program on ``text`` and judges what it did."""
    answers = solved(engine, text).answers
    answer = "".join(answers)
    run = run_program(command, text, time_limit)
    if run.status is None:
        return Outcome("time", f"time limit exceeded ({time_limit:g} s)", run, answer, None)
    if run.status != 0:
        return Outcome("error", f"runtime error (exit status {run.status})", run, answer, None)
    report = check_answers(answers, run.stdout,
                           marker=getattr(engine, "output_case_start", None))
    failure = report.first_failure()
    if failure is None:
        return Outcome("accepted", "accepted", run, answer, report)
    return Outcome(failure.verdict, f"case {failure.case}: {failure.message}", run, answer, report)


# ----------------------------------------------------------------------------- command line

def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 -m py_engines stress",
        usage="python3 -m py_engines stress GAME [options] -- COMMAND...",
        description="Run COMMAND on generated inputs until its output differs from the "
                    "engine's, then shrink the failing input and write it to " + FAIL_FILE + ".",
        epilog="Exit status: 0 all inputs pass, 1 a failing input was found, 2 bad arguments.")
    parser.add_argument("game", help="game id (see --list)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the inputs (default 1)")
    parser.add_argument("--count", type=int, default=100, help="inputs to try (default 100)")
    parser.add_argument("--mode", default="random", help="random, hard or edge (see gen GAME --help)")
    parser.add_argument("--cases", type=int, default=None, help="cases per input (multi-case games)")
    parser.add_argument("--time-limit", type=float, default=2.0,
                        help="seconds per run (default 2)")
    return parser


def _block(title: str, text: str) -> str:
    if not text:
        text = "[empty]\n"
    elif not text.endswith("\n"):
        text += "\n[no final newline]\n"
    return f"--- {title} ---\n{text}"


def _shrink_and_show(engine: Any, text: str, command: Sequence[str], time_limit: float) -> None:
    def fails(candidate: str) -> bool:
        return judge(engine, candidate, command, time_limit).failed

    shrunk = minimize(engine, text, fails)
    notes = []
    if shrunk.split:
        notes.append("cut to the single failing case")
    if shrunk.steps:
        notes.append(f"{shrunk.steps} shrink step(s)")
    if not shrunk.shrinkable:
        notes.append(getattr(engine, "shrink_note", "")
                     or f"{engine.name} has no smaller inputs of its own to try")
    print(f"shrunk from {len(text)} to {len(shrunk.text)} characters in {shrunk.runs} run(s)"
          + (f": {', '.join(notes)}" if notes else ""))
    final = judge(engine, shrunk.text, command, time_limit)
    with open(FAIL_FILE, "w", encoding="utf-8", newline="") as fh:
        fh.write(shrunk.text)
    print(f"failing input (written to {FAIL_FILE}): {final.summary}")
    out = [_block("input", shrunk.text), _block("expected (engine)", final.answer),
           _block("your program's output", final.run.stdout)]
    if final.run.stderr:
        out.append(_block("your program's standard error", final.run.stderr[-4000:]))
    sys.stdout.write("".join(out))


def _split_command(argv: Sequence[str]) -> tuple[list[str], list[str]]:
    """The stress options before ``--`` and the program's command after it."""
    argv = list(argv)
    if "--" not in argv:
        return argv, []
    cut = argv.index("--")
    return argv[:cut], argv[cut + 1:]


def _first_failure(engine: Any, args: argparse.Namespace,
                   command: Sequence[str]) -> tuple[int, str, Outcome] | None:
    """Runs the program on the generated inputs; the first that fails (None: all pass)."""
    tty = sys.stderr.isatty()
    for k, seed in enumerate(set_seeds(args.seed, args.count), start=1):
        text = generate_input(engine, seed, mode=args.mode, cases=args.cases)
        outcome = judge(engine, text, command, args.time_limit)
        if tty:
            end = "\n" if outcome.failed or k == args.count else ""
            print(f"\rinput {k}/{args.count}", end=end, file=sys.stderr, flush=True)
        if outcome.failed:
            return k, text, outcome
    return None


def main(argv: Sequence[str]) -> int:
    options, command = _split_command(argv)
    parser = _parser()
    args = parser.parse_args(options)
    if not command:
        parser.error("name the program to test after --, e.g. -- python3 mine.py")
    if args.count < 1 or args.time_limit <= 0:
        parser.error("--count and --time-limit must be positive")
    try:
        engine = engine_of(args.game)
        failure = _first_failure(engine, args, command)
        if failure is None:
            print(f"accepted {args.count} of {args.count} inputs")
            return 0
        k, text, outcome = failure
        print(f"input {k} ({file_stem(engine.name, args.seed, k)}) fails: {outcome.summary}")
        _shrink_and_show(engine, text, command, args.time_limit)
        return 1
    except EngineError as err:
        print(f"error: {err.describe()}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"error: cannot run {' '.join(command)}: {err.strerror or err}", file=sys.stderr)
        return 2
