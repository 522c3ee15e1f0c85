"""Command line: ``python3 -m py_engines GAME [FILE]`` prints the judge's exact output.

Options: ``--json`` prints the whole bridge reply (answer, cases, frames, stats);
``--case K`` picks the case whose frames ``--json`` shows; ``--list`` lists the games.
Bad input exits with status 2 and a ``line L, column C`` message on stderr.
``python3 -m py_engines check | gen | stress | explore ...`` run the tools (``tools/``,
``explore/``).
"""
from __future__ import annotations

import argparse
import json
import sys

from .bridge import handle_request
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
    args = parser.parse_intermixed_args(argv)

    if args.list:
        for name in engine_names():
            print(f"{name}\t{get_engine(name).title}")
        return 0
    if not args.game:
        parser.print_usage(sys.stderr)
        print("error: name a game (see --list)", file=sys.stderr)
        return 2
    try:
        # Read no more than any engine accepts: an endless pipe must not fill the memory.
        if args.file and args.file != "-":
            with open(args.file, encoding="utf-8", newline="") as fh:
                text = fh.read(MAX_INPUT_CHARS + 1)
        else:
            text = sys.stdin.read(MAX_INPUT_CHARS + 1)
    except (OSError, UnicodeDecodeError) as err:
        print(f"error: cannot read input: {err}", file=sys.stderr)
        return 2
    if len(text) > MAX_INPUT_CHARS:
        print(f"error: the input is more than {MAX_INPUT_CHARS:,} characters; at most "
              f"{MAX_INPUT_CHARS:,} are accepted", file=sys.stderr)
        return 2

    # The frames of a case cost more than solving it: only --json shows them.
    request = {"cmd": "solve", "game": args.game, "text": text, "case": args.case - 1} \
        if args.json else {"cmd": "answer", "game": args.game, "text": text}
    reply = handle_request(request)
    if not reply["ok"]:
        print(f"error: {reply['error']['message']}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(json.dumps(reply, indent=1, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(reply["answer"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
