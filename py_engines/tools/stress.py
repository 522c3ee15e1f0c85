"""The stress loop: a user's program against the engine on generated inputs.

``python3 -m py_engines stress GAME [--seed S] [--count N] [--mode M] [--cases C]
[--time-limit 2] [--output-limit 64] [--memory-limit 256] -- COMMAND...`` runs
COMMAND with each generated input on its standard input (the same inputs ``gen``
writes for the same seed, mode and cases, made one at a time) until its output is
not accepted, it exits with a non-zero status, it passes the time limit, it prints
more than the output limit (in MB) or it runs out of its memory (in MB).  It then shrinks the failing input
(see ``shrink``), writes it to ``stress-fail.in``, prints it with the head of
both outputs (and, for a wrong answer, the scene where it parts: ``scene``) and
exits 1.  Exit 0 when all N inputs pass, 2 on bad arguments
or a command that cannot run.  Each run is bounded (``process``): its whole
process group (on Linux every process it left) is killed after it, and its
output is read up to the limit.
``--lang zh-CN`` words the report in Chinese (argparse's own lines stay English).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any, Sequence

from ..cli_lang import add_lang_argument
from ..errors import EngineError
from ..i18n import Msg, msg, render
from .check import CheckReport
from .compare import comparator_of, judge_output
from .gen import file_stem
from .hooks import engine_of, generate_input, iter_seeds, solved
from .limits import (MB, MEMORY_LIMIT, MEMORY_LIMIT_MB, OUTPUT_LIMIT, OUTPUT_LIMIT_MB, TIME_LIMIT,
                     TIME_LIMIT_S, limit_value)
from .process import Run, out_of_memory, run_program
from .scene import scene_of
from .shrink import minimize

FAIL_FILE = "stress-fail.in"
HEAD_LINES = 30          # of a failing output, what is printed
HEAD_CHARS = 4000

__all__ = ["Outcome", "Run", "judge", "main", "run_program"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """A run judged: ``verdict`` is "accepted", "wrong", "presentation", "time", "output"
    (output limit exceeded), "memory" (memory limit exceeded) or "error"."""

    verdict: str
    summary: Msg              # one line: "case 2: wrong answer ...", "time limit exceeded (2 s)"
    run: Run
    answer: str
    report: CheckReport | None

    @property
    def failed(self) -> bool:
        return self.verdict != "accepted"


def judge(engine: Any, text: str, command: Sequence[str], time_limit: float,
          output_limit: int = OUTPUT_LIMIT_MB * MB,
          memory_limit: int | None = MEMORY_LIMIT_MB * MB, *, strict: bool = False) -> Outcome:
    """Runs the program on ``text`` and judges what it did (limits in seconds and bytes), its
    output as the game's judge compares it (compare.py; ``strict``: byte for byte)."""
    answers = solved(engine, text).answers
    answer = "".join(answers)
    run = run_program(command, text, time_limit, output_limit, memory_limit)
    if memory_limit is not None and out_of_memory(run, memory_limit):
        return Outcome("memory", msg("stress.memory_limit", limit=f"{memory_limit / MB:g}"), run,
                       answer, None)
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
    comparator, judge_name = comparator_of(engine)
    report = judge_output(answers, run.stdout, marker=getattr(engine, "output_case_start", None),
                          comparator=comparator, judge=judge_name, strict=strict)
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
    # The limits are read as text and checked after (limit_value): finite, positive, bounded.
    parser.add_argument("--time-limit", default=f"{TIME_LIMIT_S:g}", metavar="SECONDS",
                        help=f"seconds per run (default {TIME_LIMIT_S:g}, at most "
                             f"{TIME_LIMIT.most})")
    parser.add_argument("--output-limit", default=str(OUTPUT_LIMIT_MB), metavar="MB",
                        help=f"most output read per run, in MB (default {OUTPUT_LIMIT_MB}); "
                             "more is 'output limit exceeded'")
    parser.add_argument("--memory-limit", default=str(MEMORY_LIMIT_MB), metavar="MB",
                        help=f"the program's address space, in MB (default {MEMORY_LIMIT_MB}); "
                             "a run that needs more is 'memory limit exceeded'")
    parser.add_argument("--strict", action="store_true",
                        help="compare byte for byte, not as the game's judge does")
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


@dataclass(frozen=True, slots=True)
class Limits:
    """A run's limits: seconds, and bytes of output and of memory."""

    time: float
    output: int
    memory: int
    strict: bool = False

    @classmethod
    def of(cls, args: argparse.Namespace) -> "Limits":
        """The command line's limits; InvalidInputError (with the option) for a bad one."""
        return cls(limit_value(TIME_LIMIT, args.time_limit),
                   int(limit_value(OUTPUT_LIMIT, args.output_limit) * MB),
                   int(limit_value(MEMORY_LIMIT, args.memory_limit) * MB), bool(args.strict))

    def judge(self, engine: Any, text: str, command: Sequence[str]) -> Outcome:
        return judge(engine, text, command, self.time, self.output, self.memory,
                     strict=self.strict)


def figures(run: Run) -> Msg:
    """A run's time and peak memory, as judges show them."""
    if run.peak_mb is None:
        return msg("stress.figures_time", ms=round(run.ms))
    return msg("stress.figures", ms=round(run.ms), mb=f"{run.peak_mb:.1f}")


def _shrink_and_show(engine: Any, text: str, outcome: Outcome, command: Sequence[str],
                     limits: Limits, lang: str) -> None:
    def fails(candidate: str) -> bool:
        return limits.judge(engine, candidate, command).failed

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
    final = outcome if shrunk.text == text else limits.judge(engine, shrunk.text, command)
    with open(FAIL_FILE, "w", encoding="utf-8", newline="") as fh:
        fh.write(shrunk.text)
    print(render(msg("stress.failing_input", file=FAIL_FILE, summary=final.summary,
                     figures=figures(final.run)), lang))
    scene = None if final.report is None else scene_of(engine, shrunk.text, final.run.stdout,
                                                          final.report)
    if scene is not None:         # where to look on the stage (tools/scene.py)
        print(render(scene.said(), lang))
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


def _first_failure(engine: Any, args: argparse.Namespace, command: Sequence[str],
                   limits: Limits) -> tuple[int, str, Outcome] | Run | None:
    """Runs the program on the generated inputs; the first that fails, or (all passed) the
    slowest run, with the largest peak memory of them all (None: no run)."""
    tty = sys.stderr.isatty()
    slowest: Run | None = None
    peak: float | None = None
    # The seeds are made one at a time: a huge --count starts at once, in bounded memory.
    for k, seed in enumerate(islice(iter_seeds(args.seed), args.count), start=1):
        text = generate_input(engine, seed, mode=args.mode, cases=args.cases)
        outcome = limits.judge(engine, text, command)
        run = outcome.run
        if slowest is None or run.ms > slowest.ms:
            slowest = run
        if run.peak_mb is not None:
            peak = max(peak or 0.0, run.peak_mb)
        if tty:
            end = "\n" if outcome.failed or k == args.count else ""
            print("\r" + render(msg("stress.progress", done=k, count=args.count), args.lang),
                  end=end, file=sys.stderr, flush=True)
        if outcome.failed:
            return k, text, outcome
    return None if slowest is None else replace(slowest, peak_mb=peak)


def main(argv: Sequence[str]) -> int:
    options, command = _split_command(argv)
    parser = _parser()
    args = parser.parse_args(options)
    if not command:
        parser.error("name the program to test after --, e.g. -- python3 mine.py")
    if args.count < 1:
        parser.error("--count must be positive")
    lang = args.lang
    try:
        limits = Limits.of(args)
        engine = engine_of(args.game)
        failure = _first_failure(engine, args, command, limits)
        if not isinstance(failure, tuple):
            said = msg("stress.all_accepted", count=args.count)
            if failure is not None:
                said = msg("stress.all_accepted_figures", accepted=said, figures=figures(failure))
            print(render(said, lang))
            return 0
        k, text, outcome = failure
        print(render(msg("stress.fails", index=k, name=file_stem(engine.name, args.seed, k),
                         summary=outcome.summary), lang))
        _shrink_and_show(engine, text, outcome, command, limits, lang)
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
