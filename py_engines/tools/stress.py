"""The stress loop: a user's program against the engine on generated inputs.

``python3 -m py_engines stress GAME [--seed S] [--count N] [--mode M] [--cases C]
[--time-limit 2] [--output-limit 64] -- COMMAND...`` runs COMMAND with each
generated input on its standard input (the same inputs ``gen`` writes for the
same seed, mode and cases, made one at a time) until its output is not
accepted, it exits with a non-zero status, it passes the time limit or it
prints more than the output limit (in MB).  It then shrinks the failing input
(see ``shrink``), writes it to ``stress-fail.in``, prints it with the head of
both outputs and exits 1.  Exit 0 when all N inputs pass, 2 on bad arguments
or a command that cannot run.  Each run is bounded (``process``): its whole
process group is killed after it, and its output is read up to the limit.
``--lang zh-CN`` words the report in Chinese (argparse's own lines stay English).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from itertools import islice
from typing import Any, Sequence

from ..cli_lang import add_lang_argument
from ..errors import EngineError
from ..i18n import Msg, msg, render
from .check import CheckReport, check_answers
from .gen import file_stem
from .hooks import engine_of, generate_input, iter_seeds, solved
from .limits import MB, OUTPUT_LIMIT_MB
from .process import Run, run_program
from .shrink import minimize

FAIL_FILE = "stress-fail.in"
HEAD_LINES = 30          # of a failing output, what is printed
HEAD_CHARS = 4000

__all__ = ["Outcome", "Run", "judge", "main", "run_program"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A run judged: ``verdict`` is "accepted", "wrong", "presentation", "time", "output"
    (output limit exceeded) or "error"."""

    verdict: str
    summary: Msg              # one line: "case 2: wrong answer ...", "time limit exceeded (2 s)"
    run: Run
    answer: str
    report: CheckReport | None

    @property
    def failed(self) -> bool:
        return self.verdict != "accepted"


def judge(engine: Any, text: str, command: Sequence[str], time_limit: float,
          output_limit: int = OUTPUT_LIMIT_MB * MB) -> Outcome:
    """Runs the program on ``text`` and judges what it did."""
    answers = solved(engine, text).answers
    answer = "".join(answers)
    run = run_program(command, text, time_limit, output_limit)
    if run.over_limit:
        return Outcome("output", msg("stress.output_limit", limit=f"{output_limit / MB:g}"), run,
                       answer, None)
    if run.output_open:
        return Outcome("time", msg("stress.time_limit_open", limit=f"{time_limit:g}"), run,
                       answer, None)
    if run.status is None:
        return Outcome("time", msg("stress.time_limit", limit=f"{time_limit:g}"), run, answer,
                       None)
    if run.status != 0:
        return Outcome("error", msg("stress.runtime_error", status=run.status), run, answer, None)
    report = check_answers(answers, run.stdout,
                           marker=getattr(engine, "output_case_start", None))
    failure = report.first_failure()
    if failure is None:
        return Outcome("accepted", msg("check.accepted"), run, answer, report)
    return Outcome(failure.verdict, msg("check.case", case=failure.case, message=failure.message),
                   run, answer, report)


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
    parser.add_argument("--output-limit", type=float, default=float(OUTPUT_LIMIT_MB),
                        metavar="MB", help=f"most output read per run, in MB (default "
                                           f"{OUTPUT_LIMIT_MB}); more is 'output limit exceeded'")
    add_lang_argument(parser)
    return parser


def head(text: str, *, cut: bool = False) -> tuple[str, Msg | None]:
    """The first HEAD_LINES lines (at most HEAD_CHARS characters) of ``text``, and a note
    on what was left out (None when nothing was); ``cut``: the text is itself only the
    head of an output stopped at the output limit.  Nothing is split: ``text`` may be
    tens of megabytes."""
    end = -1
    for _ in range(HEAD_LINES):
        end = text.find("\n", end + 1)
        if end < 0:
            break
    stop = len(text) if end < 0 else end + 1
    shown = text[:min(stop, HEAD_CHARS)]
    if cut:
        return shown, msg("stress.note.past_limit")
    if len(shown) == len(text):
        return text, None
    more = len(text) - len(shown)
    return shown, msg("stress.note.not_shown", chars=more,
                      lines=text.count(chr(10), len(shown)))


def _block(title: Msg, text: str, lang: str, *, cut: bool = False, whole: bool = False) -> str:
    note = None
    if not whole:
        text, note = head(text, cut=cut)
    if not text:
        text = render(msg("stress.empty"), lang) + "\n"
    elif not text.endswith("\n"):
        text += "\n" if note else "\n" + render(msg("stress.no_final_newline"), lang) + "\n"
    if note:
        text += render(msg("stress.left_out", note=note), lang) + "\n"
    return render(msg("stress.block", title=title), lang) + "\n" + text


def _shrink_and_show(engine: Any, text: str, outcome: Outcome, command: Sequence[str],
                     time_limit: float, output_limit: int, lang: str) -> None:
    def fails(candidate: str) -> bool:
        return judge(engine, candidate, command, time_limit, output_limit).failed

    shrunk = minimize(engine, text, fails)
    notes: list[Msg] = []
    if shrunk.split:
        notes.append(msg("stress.shrink.split"))
    if shrunk.steps:
        notes.append(msg("stress.shrink.steps", steps=shrunk.steps))
    if not shrunk.shrinkable:
        notes.append(getattr(engine, "shrink_note", None)
                     or msg("stress.shrink.none", game=engine.name))
    said = msg("stress.shrunk", before=len(text), after=len(shrunk.text), runs=shrunk.runs)
    if notes:
        said = msg("stress.shrunk_notes", shrunk=said, notes=tuple(notes))
    print(render(said, lang))
    final = outcome if shrunk.text == text else \
        judge(engine, shrunk.text, command, time_limit, output_limit)
    with open(FAIL_FILE, "w", encoding="utf-8", newline="") as fh:
        fh.write(shrunk.text)
    print(render(msg("stress.failing_input", file=FAIL_FILE, summary=final.summary), lang))
    out = [_block(msg("stress.title.input"), shrunk.text, lang, whole=True),
           _block(msg("stress.title.expected"), final.answer, lang),
           _block(msg("stress.title.output"), final.run.stdout, lang, cut=final.run.over_limit)]
    if final.run.stderr:
        out.append(_block(msg("stress.title.stderr"), final.run.stderr[-4000:], lang, whole=True))
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
    # The seeds are made one at a time: a huge --count starts at once, in bounded memory.
    for k, seed in enumerate(islice(iter_seeds(args.seed), args.count), start=1):
        text = generate_input(engine, seed, mode=args.mode, cases=args.cases)
        outcome = judge(engine, text, command, args.time_limit, _limit_bytes(args))
        if tty:
            end = "\n" if outcome.failed or k == args.count else ""
            print("\r" + render(msg("stress.progress", done=k, count=args.count), args.lang),
                  end=end, file=sys.stderr, flush=True)
        if outcome.failed:
            return k, text, outcome
    return None


def _limit_bytes(args: argparse.Namespace) -> int:
    return int(args.output_limit * MB)


def main(argv: Sequence[str]) -> int:
    options, command = _split_command(argv)
    parser = _parser()
    args = parser.parse_args(options)
    if not command:
        parser.error("name the program to test after --, e.g. -- python3 mine.py")
    if args.count < 1 or args.time_limit <= 0 or _limit_bytes(args) < 1:
        parser.error("--count, --time-limit and --output-limit must be positive")
    lang = args.lang
    try:
        engine = engine_of(args.game)
        failure = _first_failure(engine, args, command)
        if failure is None:
            print(render(msg("stress.all_accepted", count=args.count), lang))
            return 0
        k, text, outcome = failure
        print(render(msg("stress.fails", index=k, name=file_stem(engine.name, args.seed, k),
                         summary=outcome.summary), lang))
        _shrink_and_show(engine, text, outcome, command, args.time_limit, _limit_bytes(args), lang)
        return 1
    except EngineError as err:
        print(render(msg("common.cli_error", message=err.located()), lang), file=sys.stderr)
        return 2
    except OSError as err:
        print(render(msg("common.cli_error", message=msg("stress.cannot_run",
                                                         command=" ".join(command),
                                                         reason=str(err.strerror or err))), lang),
              file=sys.stderr)
        return 2
