"""The judge's comparator beside the verdict (issue 33) in WebKit, Firefox and Chromium:
The Game's output with a space after each card is accepted with DOMjudge's note, and the
byte-for-byte reading ("presentation error at line 1") is one click away.  A Python
solution: no C++ here.  Reuses test_xb.py's browsers (one per engine for this file)."""
from __future__ import annotations

import json

import pytest
from test_xb import (b, booted, load_sample, open_solution_tool, read, run_and_check,  # noqa: F401
                     site, text_of, whole_set, xvfb)
from xb_drivers import Driver

pytestmark = pytest.mark.xb


def test_trailing_spaces_are_accepted_with_the_judges_note_and_strict_is_a_click_away(
        b: Driver) -> None:  # noqa: F811 (test_xb's fixture)
    # The tools load after the engine is ready: the first test after a boot waits for them.
    b.wait("document.querySelector('[data-testid=tool-solution]')", 60)
    open_solution_tool(b, "the_game")
    load_sample(b, "the_game", 0)
    shown = b.js("return document.querySelector('[data-testid=input]').value;")
    assert shown == read("the_game", "sample-1.in")
    # One line with no backslash (WebKitGTK's driver types no Enter): each row printed with a
    # space after its last card.
    rows = read("the_game", "sample-1.ans").splitlines()
    code = f"import sys; sys.stdin.read(); R = {rows!r}; print(*(r + ' ' for r in R), sep=chr(10))"
    b.js("document.querySelector('[data-testid=solution-editor]').shadowRoot.querySelector('.cm-content').focus();")
    b.keys(code, select_all=True)
    stored = "JSON.parse(localStorage.getItem('pixelJudge.solutions.v1'))[pixelJudge.state().game]"
    try:
        b.wait(f"{stored} === {json.dumps(code)}", 60)
    except AssertionError:
        pytest.fail(f"{b.name}: the editor holds {b.js('return ' + stored + ';')!r}")
    verdict, _ = run_and_check(b)
    assert verdict.lower().startswith("accepted"), verdict
    note = text_of(b, "solution-judge-note")
    assert note == ("DOMjudge ignores white space at line ends and at the end; "
                    "byte for byte: presentation error at line 1")
    assert b.js("return document.querySelector('[data-testid=solution-strict-verdict]').hidden;") is True
    b.click("[data-testid=solution-strict]")
    b.wait("!document.querySelector('[data-testid=solution-strict-verdict]').hidden", 10)
    strict = text_of(b, "solution-strict-verdict")
    assert strict.startswith("Byte for byte: presentation error at line 1, column "), strict
