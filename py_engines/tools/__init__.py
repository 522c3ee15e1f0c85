"""Tools for people who write solutions: check an output, generate test sets, stress-test
a program.  One module per CLI command (``check``, ``gen``, ``stress``); the bridge's
requests for the page live in ``requests``; what a game may add for them is in ``hooks``.
"""
from __future__ import annotations

import importlib
from typing import Sequence

# name -> (module with a ``main(argv) -> int``, one-line summary).  Game ids never take these
# names: the CLI reads a first argument that is one of them as a command.
COMMANDS: dict[str, tuple[str, str]] = {
    "check": (f"{__name__}.check", "compare a program's output with the engine's answer, case by case"),
    "gen": (f"{__name__}.gen", "write generated judge inputs with the engine's answers"),
    "stress": (f"{__name__}.stress", "run a program on generated inputs until it fails; shrink the input"),
    "explore": ("py_engines.explore.cli", "solve many random deals of one game and count what happens"),
    "lab": ("py_engines.lab.cli", "solve a game you wrote in Python (web/LAB.md): value, main line"),
}


def run_command(name: str, argv: Sequence[str]) -> int:
    """Runs the CLI command ``name``; its exit status."""
    module = importlib.import_module(COMMANDS[name][0])
    status: int = module.main(list(argv))
    return status


def commands_help() -> str:
    lines = ["commands (python3 -m py_engines COMMAND --help):"]
    lines += [f"  {name:8s} {summary}" for name, (_, summary) in COMMANDS.items()]
    return "\n".join(lines)
