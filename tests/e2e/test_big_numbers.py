"""A number of 4,301 digits (CPython converts at most 4,300) is refused with its line and
column in the page, as at the CLI (issue 31, item 9): through the test hook
``pixelJudge.solve`` and in the error box a user sees, for every game the page offers."""
from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import DATA, solve_ui
from py_engines import engine_names
from py_engines.text import split_lines, tokenize

DIGITS = 4_301


def with_a_huge_number(game: str) -> tuple[str, int, int]:
    """The game's first sample with its first number (a token, or the digits in one such as
    S7) made DIGITS digits long; and that token's line and column."""
    sample = sorted((DATA / game).glob("sample-*.in")) + sorted((DATA / game).glob("spec-*.in"))
    text = sample[0].read_text(encoding="utf-8")
    lines = split_lines(text)
    for tok in tokenize(text):
        found = re.search(r"[0-9]+", tok.text)
        if found is not None:
            line = lines[tok.line - 1]
            start = tok.column - 1 + found.start()
            lines[tok.line - 1] = line[:start] + "1" * DIGITS + line[start + len(found.group()):]
            return "\n".join(lines), tok.line, tok.column
    raise AssertionError(f"no number in {game}'s first sample")


@pytest.mark.parametrize("game", engine_names())
def test_a_huge_number_is_refused_with_its_line_and_column(app: Any, game: str) -> None:
    text, line, column = with_a_huge_number(game)
    reply = app.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])
    assert reply["ok"] is False, reply
    error = reply["error"]
    assert (error["line"], error["column"]) == (line, column), error
    assert error["message"].startswith(f"line {line}, column {column}: "), error
    assert "internal error" not in error["message"]

    solve_ui(app, game, text)
    assert app.is_visible("[data-testid=error]")
    shown = app.text_content("[data-testid=error]")
    assert shown.startswith(f"line {line}, column {column}: "), shown[:300]
    head = shown.split("\n")[0]
    assert "internal error" not in head and "1" * 12 + "\u2026" in head, head[:300]   # quoted short
