"""Command line: ``python3 -m py_engines GAME [FILE]`` prints the judge's exact output.

Options: ``--json`` prints the whole bridge reply (answer, cases, frames, stats);
``--case K`` picks the case whose frames ``--json`` shows; ``--list`` lists the games.
Bad input exits with status 2 and a ``line L, column C`` message on stderr.
``--lang zh-CN`` words the messages and ``--json``'s texts (the narration ``note``
and every ``NAME`` beside a ``NAME_msg``) in Chinese; the answer is the judge's
in every language, and argparse's own help and usage lines stay English.
``python3 -m py_engines check | gen | stress | explore ...`` run the tools (``tools/``,
``explore/``).
"""
from __future__ import annotations

import argparse
import json
import sys

from .bridge import frame_json, handle_request
from .cli_lang import add_lang_argument
from .i18n import Msg, from_json, localize, msg, render
from .registry import engine_names, get_engine
from .text import MAX_INPUT_CHARS
from .tools import COMMANDS, commands_help, run_command


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in COMMANDS:
        return run_command(argv[0], argv[1:])
    parser = argparse.ArgumentParser(prog="python3 -m py_engines",
                                     usage="%(prog)s [-h] [--json] [--case CASE] [--list] "
                                           "GAME [FILE]\n       %(prog)s COMMAND ...",
                                     description="Solve a contest card game judge input.",
                                     epilog=commands_help(),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", help="game id (see --list)")
    parser.add_argument("file", nargs="?", help="judge input file (default: standard input)")
    parser.add_argument("--json", action="store_true", help="print the full result as JSON")
    parser.add_argument("--case", type=int, default=1, help="case whose frames --json shows (1-based)")
    parser.add_argument("--list", action="store_true", help="list the games and exit")
    add_lang_argument(parser)
    args = parser.parse_intermixed_args(argv)
    lang = args.lang

    def error(message: Msg) -> int:
        print(render(msg("common.cli_error", message=message), lang), file=sys.stderr)
        return 2

    if args.list:
        for name in engine_names():
            print(f"{name}\t{get_engine(name).title}")
        return 0
    if not args.game:
        parser.print_usage(sys.stderr)
        return error(msg("cli.name_a_game"))
    try:
        # Read no more than any engine accepts: an endless pipe must not fill the memory.
        if args.file and args.file != "-":
            with open(args.file, encoding="utf-8", newline="") as fh:
                text = fh.read(MAX_INPUT_CHARS + 1)
        else:
            text = sys.stdin.read(MAX_INPUT_CHARS + 1)
    except (OSError, UnicodeDecodeError) as err:
        return error(msg("cli.cannot_read_input", reason=str(err)))
    if len(text) > MAX_INPUT_CHARS:
        return error(msg("common.input_too_long", limit=MAX_INPUT_CHARS))

    # The frames of a case cost more than solving it: only --json shows them.
    request = {"cmd": "solve", "game": args.game, "text": text, "case": args.case - 1} \
        if args.json else {"cmd": "answer", "game": args.game, "text": text}
    reply = handle_request(request)
    if not reply["ok"]:
        return error(from_json(reply["error"]["msg"]))
    if args.json:
        if lang != "en":
            reply = localize(reply, lang)
            reply["frames"] = [frame_json(f, lang) for f in reply["frames"]]
        sys.stdout.write(json.dumps(reply, indent=1, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(reply["answer"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
