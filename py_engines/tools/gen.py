"""Test sets: generated judge inputs with the engine's answers.

``python3 -m py_engines gen GAME --seed S --count N [--mode random|hard|edge]
[--cases C] --out DIR`` writes ``DIR/GAME-S-K.in`` and ``DIR/GAME-S-K.ans`` for
K = 1..N.  Test K's input depends on GAME, S, K, the mode and C only (not on N),
and the generators use nothing but ``random.Random(seed)`` and integer
arithmetic, so the same arguments give the same bytes in CPython and in the
browser's Pyodide.  ``gen GAME --help`` describes the game's modes.  ``--lang zh-CN``
words the game's help and the messages in Chinese (argparse's own lines stay English).
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
from dataclasses import dataclass
from itertools import islice
from typing import Any, Iterator, Sequence

from ..cli_lang import add_lang_argument, lang_of, text_width
from ..errors import EngineError, InvalidInputError
from ..i18n import Msg, msg, render, text_of
from ..registry import engine_names
from .hooks import (answer_of, check_generate, engine_of, generate_input, iter_seeds, modes_of,
                    multi_case, shrinks)

MAX_COUNT = 10_000
WIDTH = 88


@dataclass(frozen=True, slots=True)
class GeneratedTest:
    name: str          # "GAME-S-K": the file stem
    input: str
    answer: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "input": self.input, "answer": self.answer}


def file_stem(game: str, seed: int, k: int) -> str:
    return f"{game}-{seed}-{k}"


def iter_tests(game: str, seed: int, count: int, *, mode: str = "random",
               cases: int | None = None, first: int = 1) -> Iterator[GeneratedTest]:
    """Tests ``first`` .. ``first + count - 1`` of the set (GAME, seed, mode, cases), each
    made when it is asked for.  The arguments are checked at the call, before any test."""
    engine = engine_of(game)
    if not 1 <= count <= MAX_COUNT:
        raise InvalidInputError(msg("gen.error.count", max=MAX_COUNT))
    if first < 1:
        raise InvalidInputError(msg("gen.error.first"))
    check_generate(engine, mode, cases)
    return _tests(engine, seed, count, mode, cases, first)


def _tests(engine: Any, seed: int, count: int, mode: str, cases: int | None,
           first: int) -> Iterator[GeneratedTest]:
    seeds = islice(iter_seeds(seed), first - 1, first - 1 + count)
    for k, test_seed in enumerate(seeds, start=first):
        text = generate_input(engine, test_seed, mode=mode, cases=cases)
        yield GeneratedTest(file_stem(engine.name, seed, k), text, answer_of(engine, text))


def generate_tests(game: str, seed: int, count: int, *, mode: str = "random",
                   cases: int | None = None, first: int = 1) -> list[GeneratedTest]:
    """Tests ``first`` .. ``first + count - 1`` of the set (GAME, seed, mode, cases)."""
    return list(iter_tests(game, seed, count, mode=mode, cases=cases, first=first))


def game_help(game: str, lang: str = "en") -> str:
    """The modes (and the cases option) of one game, for ``gen GAME --help``."""
    engine = engine_of(game)

    def say(m: Msg) -> str:
        return render(m, lang)

    lines = [f"{engine.name}: {engine.title}", "", say(msg("gen.help.modes"))]
    for mode, text in modes_of(engine).items():
        lines += wrap(say(text), initial_indent=f"  {mode:8s} ", subsequent_indent=" " * 11)
    lines.append("")
    if multi_case(engine):
        cases_help = getattr(engine, "gen_cases_help", None) or msg("gen.help.cases_default")
        lines.append(say(msg("gen.help.cases", default=cases_help)))
    else:
        lines.append(say(msg("gen.help.one_case")))
    if shrinks(engine):
        lines.append(say(msg("gen.help.shrinks")))
    else:
        note = getattr(engine, "shrink_note", None) or msg("gen.help.no_smaller_inputs")
        lines += wrap(say(msg("gen.help.cannot_shrink", note=note)))
    if text_of(engine.input_help, lang):
        lines += [""] + wrap(say(msg("gen.help.input_format", help=engine.input_help)))
    return "\n".join(lines)


def wrap(text: str, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """``text`` in lines of at most WIDTH terminal columns, broken at spaces and between
    CJK characters (which have no spaces between words)."""
    if text.isascii():
        return textwrap.wrap(text, WIDTH, initial_indent=initial_indent,
                             subsequent_indent=subsequent_indent)
    lines: list[str] = []
    line = initial_indent
    for piece in re.findall(r" +|[\u2e80-\uffef]|[^ \u2e80-\uffef]+", text):
        if text_width(line) + text_width(piece) > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = subsequent_indent
            if piece.isspace():
                continue
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _parser(game: str | None, lang: str) -> argparse.ArgumentParser:
    if game is not None:
        epilog = game_help(game, lang)
    else:
        epilog = ("games: " + ", ".join(engine_names())
                  + "\n`gen GAME --help` describes the modes of that game.")
    parser = argparse.ArgumentParser(
        prog="python3 -m py_engines gen", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Write generated judge inputs (GAME-S-K.in) with the engine's answers "
                    "(GAME-S-K.ans).", epilog=epilog)
    parser.add_argument("game", help="game id (see --list)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the set (default 1)")
    parser.add_argument("--count", type=int, default=10, help="number of tests (default 10)")
    parser.add_argument("--mode", default="random", help="random, hard or edge (default random)")
    parser.add_argument("--cases", type=int, default=None,
                        help="cases per input file, for multi-case games")
    parser.add_argument("--out", required=True, help="directory to write the files to")
    add_lang_argument(parser)
    return parser


def known_game(argv: Sequence[str]) -> str | None:
    """The first argument when it names a game (for a help text about that game)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    return first if first in set(engine_names()) else None


def main(argv: Sequence[str]) -> int:
    args = _parser(known_game(argv), lang_of(argv)).parse_args(argv)
    lang = args.lang
    written: list[str] = []
    try:
        tests = iter_tests(args.game, args.seed, args.count, mode=args.mode, cases=args.cases)
        os.makedirs(args.out, exist_ok=True)
        # Each test is written as soon as it is made: a long set shows its files at once,
        # and an interrupted one keeps what it made.
        tty = sys.stderr.isatty()
        for t in tests:
            for ext, text in ((".in", t.input), (".ans", t.answer)):
                with open(os.path.join(args.out, t.name + ext), "w", encoding="utf-8",
                          newline="") as fh:
                    fh.write(text)
            written.append(t.name)
            if tty:
                end = "\n" if len(written) == args.count else ""
                print("\r" + render(msg("gen.progress", done=len(written), count=args.count), lang),
                      end=end, file=sys.stderr, flush=True)
    except EngineError as err:
        print(render(msg("common.cli_error", message=err.located()), lang), file=sys.stderr)
        return 2
    except OSError as err:
        print(render(msg("common.cli_error", message=msg("gen.error.cannot_write", dir=args.out,
                                                         reason=str(err.strerror))), lang),
              file=sys.stderr)
        return 2
    print(render(msg("gen.wrote", count=len(written), dir=args.out, first=written[0],
                     last=written[-1]), lang))
    return 0
