"""End-to-end: Kalah with swaps (SWERC 2008) in the browser, as a user works it.

Uses sample 1 of the spec (5 cases).  Case 2 (m = 2) has a swap, a locked
pair, passes and extra moves; its optimal line ends YOU 3 - OPP 6 = -3.
"""
from __future__ import annotations

import json
from typing import Any

from conftest import (boot, canvas_pixels, engine_frames, move_list, open_page, play_to_end, read,
                      seek, settle, solve_ui, wait_js)


GAME = "kalah"
SAMPLE = "spec-sample-1.in"
CASE = 1                          # the case picker's value for "Case 2"


def solved(page: Any) -> None:
    """The sample solved on the shared page (solving again only when needed)."""
    answer = read(GAME, SAMPLE.replace(".in", ".ans"))
    state = page.evaluate("pixelJudge.state()")
    shown = page.text_content("[data-testid=answer]")
    if state["game"] != GAME or state["steps"] == 0 or shown != answer:
        solve_ui(page, GAME, read(GAME, SAMPLE))


def at_case(page: Any, case: int = CASE) -> None:
    solved(page)
    if page.evaluate("pixelJudge.state().case") != case or page.evaluate("pixelJudge.state().moves.length"):
        page.select_option("[data-testid=case]", str(case))
        wait_js(page, f"pixelJudge.state().case === {case} && !pixelJudge.state().solving"
                      " && pixelJudge.state().moves.length === 0")


def test_solves_sample_through_the_ui_byte_for_byte(app: Any) -> None:
    solve_ui(app, GAME, read(GAME, SAMPLE))
    assert app.is_hidden("[data-testid=error]")
    assert app.text_content("[data-testid=answer]") == read(GAME, "spec-sample-1.ans")
    options = app.eval_on_selector_all("[data-testid=case] option", "os => os.map(o => o.textContent)")
    assert len(options) == 5 and options[1].startswith("Case 2")


def test_case_picker_and_stepping_change_what_the_user_sees(app: Any) -> None:
    at_case(app)
    assert app.evaluate("pixelJudge.state().steps") == 13
    seek(app, 0)
    settle(app)
    assert app.text_content("[data-testid=step]") == "0 / 12"
    assert app.text_content("[data-testid=narration]") == "Opponent moves first"
    shots = {canvas_pixels(app)}
    notes = []
    for k in range(1, 4):
        app.click("[data-testid=step-forward]")
        wait_js(app, f"pixelJudge.state().step === {k}")
        settle(app)
        assert app.text_content("[data-testid=step]") == f"{k} / 12"
        notes.append(app.text_content("[data-testid=narration]"))
        shots.add(canvas_pixels(app))
    assert notes[0].startswith("R1 Opp: b sows OPP, A; Opp swaps A/a")
    assert "pair locked" in notes[1]
    assert "moves again" in notes[2]
    assert len(shots) == 4
    app.click("[data-testid=last]")
    wait_js(app, "pixelJudge.state().step === 12")
    settle(app)
    assert app.text_content("[data-testid=narration]") == "Game over: YOU 3 - OPP 6 = -3"
    assert canvas_pixels(app) not in shots


def test_playing_the_whole_line_draws_every_event_without_errors(app: Any) -> None:
    at_case(app)
    seek(app, 0)
    errors = play_to_end(app, 12)
    assert errors == []
    assert app.text_content("[data-testid=step]") == "12 / 12"


def test_playing_a_move_against_the_engine_and_back_to_the_line(app: Any) -> None:
    at_case(app)
    seek(app, 0)
    assert move_list(app) == [("a", "-1"), ("b", "+1"), ("b+swap", "-3")]
    assert app.get_attribute("[data-testid=move-list] li.chosen button", "data-move") == "b+swap"
    optimal_note = engine_frames(GAME, SAMPLE, case=CASE)[1]["note"]
    before = canvas_pixels(app)

    app.click("[data-testid=move-list] button[data-move='a']")
    wait_js(app, "pixelJudge.state().moves.length === 1 && pixelJudge.state().step === 1"
                 " && !pixelJudge.state().solving")
    settle(app)
    assert app.evaluate("pixelJudge.state().moves") == ["a"]
    mine = engine_frames(GAME, SAMPLE, case=CASE, moves=("a",))
    assert app.text_content("[data-testid=narration]") == mine[1]["note"] != optimal_note
    assert move_list(app) == [(v["move"], v["text"]) for v in mine[1]["values"]]
    assert app.is_visible("[data-testid=back-to-line]")
    assert canvas_pixels(app) != before

    # Back to the line: the engine's line again at the step the user left (0).
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
    assert app.evaluate("pixelJudge.state().step") == 0
    assert move_list(app) == [("a", "-1"), ("b", "+1"), ("b+swap", "-3")]
    app.click("[data-testid=step-forward]")
    wait_js(app, "pixelJudge.state().step === 1")
    assert app.text_content("[data-testid=narration]") == optimal_note
    assert move_list(app) == [("A", "-5"), ("B", "-3")]
    assert app.is_hidden("[data-testid=back-to-line]")


def test_share_link_restores_case_step_and_user_moves(app: Any, browser: Any) -> None:
    at_case(app)
    seek(app, 6)
    assert app.text_content("[data-testid=narration]") == engine_frames(GAME, SAMPLE, case=CASE)[6]["note"]
    app.click("[data-testid=move-list] button[data-move='a']")      # not the line's move (b)
    wait_js(app, "pixelJudge.state().step === 7 && !pixelJudge.state().solving")
    moves = app.evaluate("pixelJudge.state().moves")
    assert moves[-1] == "a" and len(moves) == 6
    link = app.evaluate("pixelJudge.shareLink()")
    note = app.text_content("[data-testid=narration]")
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")

    context, page, watch = open_page(browser, link)
    try:
        page.set_default_timeout(60_000)
        boot(page)
        want = json.dumps([GAME, CASE, 7, moves], separators=(",", ":"))
        wait_js(page, "(() => { const s = pixelJudge.state(); return !s.solving && s.steps > 0"
                      f" && JSON.stringify([s.game, s.case, s.step, s.moves]) === {json.dumps(want)}; }})()",
                timeout_ms=60_000)
        assert page.text_content("[data-testid=answer]") == read(GAME, "spec-sample-1.ans")
        assert page.text_content("[data-testid=narration]") == note
        assert page.is_hidden("[data-testid=link-error]")
        assert not watch.errors and not watch.foreign
    finally:
        context.close()
