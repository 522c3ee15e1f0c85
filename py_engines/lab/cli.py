"""``python3 -m py_engines lab FILE [INPUT_FILE]``: a game you wrote, solved exactly.

Prints the value on the first line and the main line's move names, space separated, on
the second; ``--json`` prints the frames instead (a JSON list, texts in ``--lang``).
The input comes from INPUT_FILE, or standard input when there is none.  Bad rules or
input exit 2 with ``error: FILE:LINE: message`` on stderr (the line in the game's code);
``--max-positions`` and ``--time-limit`` bound the search (a LimitError, exit 2).
``--stats`` adds the positions searched and the time on stderr.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from ..bridge import frame_json
from ..cli_lang import add_lang_argument
from ..i18n import Msg, from_json, msg, render
from .limits import MAX_CODE_CHARS, MAX_INPUT, MAX_POSITIONS, MAX_TIME_MS
from .solve import DEFAULT_MAX_POSITIONS, solve_lab


def _read(path: str | None, most: int) -> str:
    """At most ``most`` + 1 characters of a file (standard input for None or '-')."""
    if path is None or path == "-":
        return sys.stdin.read(most + 1)
    with open(path, encoding="utf-8", newline="") as fh:
        return fh.read(most + 1)


def _described(error: dict[str, Any], file: str) -> Msg:
    """``FILE:LINE: message`` with the kind of failure where the message does not say it."""
    message = from_json(error["msg"])
    if error["type"] == "SyntaxError":
        message = msg("lab.cli.syntax", message=message)
    elif error["type"] == "InputError":
        message = msg("lab.cli.input", message=message)
    if error.get("line") is None:
        return msg("common.in_file", file=file, message=message)
    return msg("lab.cli.at_line", file=file, line=error["line"], message=message)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python3 -m py_engines lab",
        description="Solve a game written in Python (start(text) and a GameState; see "
                    "web/LAB.md): the value, then the main line's moves.",
        epilog="Exit status: 0 solved, 2 bad rules, bad input or a limit reached.")
    parser.add_argument("file", help="the game's Python module")
    parser.add_argument("input", nargs="?", help="the position start(text) reads "
                                                 "(default: standard input)")
    parser.add_argument("--json", action="store_true", help="print the frames as JSON")
    parser.add_argument("--max-positions", type=int, default=DEFAULT_MAX_POSITIONS, metavar="N",
                        help=f"stop after N positions (default {DEFAULT_MAX_POSITIONS})")
    parser.add_argument("--time-limit", type=int, default=None, metavar="MS",
                        help="stop after MS milliseconds (default: no limit)")
    parser.add_argument("--stats", action="store_true",
                        help="print the positions searched and the time on stderr")
    add_lang_argument(parser)
    return parser


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    lang = args.lang

    def error(message: Msg) -> int:
        print(render(msg("common.cli_error", message=message), lang), file=sys.stderr)
        return 2
    for option, value, most in (("--max-positions", args.max_positions, MAX_POSITIONS),
                                ("--time-limit", args.time_limit, MAX_TIME_MS)):
        if value is not None and not 1 <= value <= most:
            return error(msg("error.option.range_not", option=option, min=1, max=most,
                             value=value))
    try:
        code = _read(args.file, MAX_CODE_CHARS)
        text = _read(args.input, MAX_INPUT)
    except (OSError, UnicodeDecodeError) as err:
        name = getattr(err, "filename", None) or args.input or args.file
        return error(msg("common.cannot_read", file=str(name), reason=str(err)))
    if len(code) > MAX_CODE_CHARS:
        return error(msg("common.in_file", file=args.file,
                         message=msg("common.input_too_long", limit=MAX_CODE_CHARS)))
    if len(text) > MAX_INPUT:
        return error(msg("common.input_too_long", limit=MAX_INPUT))
    result = solve_lab(code, text, max_positions=args.max_positions,
                       time_limit_ms=args.time_limit)
    if not result["ok"]:
        return error(_described(result["error"], args.file))
    if args.stats:
        print(render(msg("lab.cli.positions", positions=result["stats"]["positions"],
                         ms=result["stats"]["ms"]), lang), file=sys.stderr)
    if args.json:
        frames = [frame_json(f, lang) for f in result["frames"]]
        sys.stdout.write(json.dumps(frames, indent=1, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(f"{result['value']}\n{' '.join(result['moves'])}\n")
    return 0
