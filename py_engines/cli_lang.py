"""What the command lines share about language: the ``--lang`` option and text widths.

Kept apart from ``i18n.py``, which the engines import in the browser too: this module
is for the CLI only (argparse, terminal columns).
"""
from __future__ import annotations

import argparse
import unicodedata
from typing import Sequence

from .i18n import SOURCE_LANG, languages


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """``--lang LANG``: the language of the narration and the messages (argparse's own
    help and usage lines stay English)."""
    parser.add_argument("--lang", choices=languages(), default=SOURCE_LANG,
                        help=f"language of the narration and messages (default {SOURCE_LANG})")


def lang_of(argv: Sequence[str]) -> str:
    """The ``--lang`` an argument list asks for, before argparse reads it (a help text
    built into the parser is worded in it); the source language when none is valid."""
    for k, arg in enumerate(argv):
        value = argv[k + 1] if arg == "--lang" and k + 1 < len(argv) else \
            arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if value in languages():
            return value
    return SOURCE_LANG


def text_width(text: str) -> int:
    """How many terminal columns ``text`` takes: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
