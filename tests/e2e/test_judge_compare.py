"""The judges' comparators in the page (issue 33): The Game comes from CERC 2022, judged
with DOMjudge, which ignores white space at line ends and at the end, so an output with a
space after each card is accepted with the judge's note, and "presentation" in the
byte-for-byte reading one click away (My solution and Check); Byte Me! is judged on POJ,
byte for byte.  Python solutions only (C++'s standard and std::byte: test_cpp_judge.py)."""
from __future__ import annotations

from typing import Any

from conftest import choose_game, read, wait_js
from test_page_tools import set_code, tool, wait_idle


def spaced(answer: str) -> str:
    """The answer with a space after each line's last token, as a loop printing "card "
    writes it."""
    return "".join(line + " \n" for line in answer.splitlines())


def echo(text: str) -> str:
    """A Python solution that prints `text` whatever its input (a fixture, not a solver)."""
    return f"import sys\nsys.stdin.read()\nsys.stdout.write({text!r})\n"


def the_game(page: Any) -> tuple[str, str]:
    choose_game(page, "the_game")
    text = read("the_game", "sample-1.in")
    page.fill("[data-testid=input]", text)
    return text, read("the_game", "sample-1.ans")


def test_trailing_spaces_are_accepted_with_domjudges_note_in_the_hook(app):
    text, answer = the_game(app)
    result = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000})",
                          [echo(spaced(answer)), text])
    assert result["verdict"] == "accepted", result
    assert (result["comparator"], result["judge"]) == ("trailing", "DOMjudge")
    assert (result["strict"]["verdict"], result["strict"]["line"]) == ("presentation", 1)
    exact = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000})",
                         [echo(answer), text])
    assert exact["verdict"] == "accepted"
    assert (exact["strict"]["verdict"], exact["strict"]["line"]) == ("accepted", None)


def test_byte_me_is_judged_byte_for_byte_as_poj_does(app):
    choose_game(app, "byte_me")
    text, answer = read("byte_me", "sample-1.in"), read("byte_me", "sample-1.ans")
    result = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000})",
                          [echo(spaced(answer)), text])
    assert result["verdict"] == "presentation"
    assert (result["comparator"], result["judge"]) == ("exact", "POJ")


def test_my_solution_names_the_judge_and_shows_the_byte_for_byte_reading_on_a_click(app):
    _, answer = the_game(app)
    set_code(app, echo(spaced(answer)))
    app.click("[data-testid=solution-run]")
    wait_js(app, "!document.querySelector('[data-testid=solution-verdict]').hidden"
                 " && document.querySelector('[data-testid=solution-verdict]').dataset.verdict"
                 " === 'accepted'", 60_000)
    wait_idle(app, "solution-run")
    note = app.text_content("[data-testid=solution-judge-note]")
    assert note == ("DOMjudge ignores white space at line ends and at the end; "
                    "byte for byte: presentation error at line 1")
    assert app.is_visible("[data-testid=solution-judge-note]")
    assert app.is_hidden("[data-testid=solution-strict-verdict]")
    app.click("[data-testid=solution-strict]")
    strict = app.text_content("[data-testid=solution-strict-verdict]")
    assert strict.startswith("Byte for byte: presentation error at line 1, column 50: "
                             "trailing white space"), strict
    assert app.get_attribute("[data-testid=solution-strict]", "aria-pressed") == "true"


def test_check_names_the_judge_and_its_strict_box_rereads_byte_for_byte(app):
    _, answer = the_game(app)
    tool(app, "check")
    app.fill("[data-testid=check-output]", spaced(answer))
    if app.is_checked("[data-testid=check-strict]"):
        app.uncheck("[data-testid=check-strict]")
    app.click("[data-testid=check-run]")
    wait_js(app, "document.querySelector('[data-testid=check-summary]').dataset.verdict === 'accepted'")
    assert app.text_content("[data-testid=check-judge-note]").startswith("DOMjudge ignores white space")
    hook = app.evaluate("([i, o]) => pixelJudge.check('the_game', i, o)",
                        [read("the_game", "sample-1.in"), spaced(answer)])
    assert hook["comparator"] == "trailing"
    assert (hook["strict"]["verdict"], hook["strict"]["line"]) == ("presentation", 1)
    app.check("[data-testid=check-strict]")   # re-reads at once, byte for byte
    wait_js(app, "document.querySelector('[data-testid=check-summary]').dataset.verdict === 'presentation'")
    assert app.text_content("[data-testid=check-judge-note]") == "Compared byte for byte."
