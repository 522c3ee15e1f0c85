"""End-to-end: Sevens (THUPC 2022 Final A) in the browser, as a user works it.

Official test 1 (Alice holds S7, Bob wins) is the main line: 35 frames, hearts
opens at step 8, and at step 12 Bob could throw the game with H5 (a loss) instead
of the line's S12.  Sample 2 (Alice holds all spades and diamonds) is a draw.
"""
from __future__ import annotations

import json
from typing import Any

from conftest import (boot, canvas_pixels, choose_game, engine_frames, move_list, open_page,
                      play_to_end, read, seek, settle, solve_ui, wait_js)


GAME = "sevens"
MAIN = "official-1"


def solved(page: Any, name: str = MAIN) -> None:
    """`name` solved on the shared page, on the optimal line (solving again only when needed)."""
    text = read(GAME, f"{name}.in")
    state = page.evaluate("pixelJudge.state()")
    same = (page.input_value("[data-testid=input]") == text
            and page.text_content("[data-testid=answer]") == read(GAME, f"{name}.ans"))
    if state["game"] != GAME or state["steps"] == 0 or not same:
        solve_ui(page, GAME, text)
    elif state["moves"]:
        page.click("[data-testid=back-to-line]")
        wait_js(page, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
    page.select_option("[data-testid=play-as]", "")


def pressed(page: Any) -> list[str]:
    return page.evaluate("[...document.querySelectorAll("
                         "'[data-testid=input-tool] button[aria-pressed=true]')]"
                         ".map((b) => b.dataset.card)")


def test_solves_an_official_test_through_the_ui_byte_for_byte(app: Any) -> None:
    text = read(GAME, "official-9.in")
    solve_ui(app, GAME, text)
    assert app.is_hidden("[data-testid=error]")
    assert app.text_content("[data-testid=answer]") == read(GAME, "official-9.ans")
    # The card grid mirrors the pasted hand.
    assert sorted(pressed(app)) == sorted(text.split())
    assert app.text_content("[data-testid=hand-count]") == "Alice: 26/26 cards"


def test_clicking_26_cards_in_the_grid_writes_sample_2_and_solves_to_a_draw(app: Any) -> None:
    choose_game(app, GAME)
    assert app.is_visible("[data-testid=input-tool]")
    app.click("[data-testid=hand-clear]")
    assert app.input_value("[data-testid=input]") == ""
    assert app.text_content("[data-testid=hand-count]") == "Alice: 0/26 cards"
    for k in range(1, 14):
        app.click(f"[data-testid=card-S{k}]")
    assert app.input_value("[data-testid=input]") == " ".join(f"S{k}" for k in range(1, 14))
    assert app.text_content("[data-testid=hand-count]") == "Alice: 13/26 cards"
    app.click("[data-testid=card-S13]")                  # a second click takes it back
    assert app.get_attribute("[data-testid=card-S13]", "aria-pressed") == "false"
    for card in ["D13", *(f"D{k}" for k in range(1, 13)), "S13"]:
        app.click(f"[data-testid=card-{card}]")
    assert app.input_value("[data-testid=input]") == read(GAME, "sample-2.in")
    assert app.text_content("[data-testid=hand-count]") == "Alice: 26/26 cards"
    app.click("[data-testid=card-H1]")                   # a 27th card is refused
    assert app.get_attribute("[data-testid=card-H1]", "aria-pressed") == "false"
    assert "already holds 26" in app.text_content(".tool-note")
    assert app.input_value("[data-testid=input]") == read(GAME, "sample-2.in")

    app.click("[data-testid=solve]")
    wait_js(app, "!pixelJudge.state().solving && pixelJudge.state().steps === 53")
    assert app.text_content("[data-testid=answer]") == "Draw\n" == read(GAME, "sample-2.ans")
    app.click("[data-testid=last]")
    wait_js(app, "pixelJudge.state().step === 52")
    assert app.text_content("[data-testid=narration]") == "All 52 cards played: DRAW"


def test_typing_in_the_textarea_presses_the_cards_it_names(app: Any) -> None:
    choose_game(app, GAME)
    app.fill("[data-testid=input]", "S7 H10, D1 s3 X9 S07 H10")
    assert sorted(pressed(app)) == ["D1", "H10", "S7"]
    assert app.text_content("[data-testid=hand-count]") == "Alice: 3/26 cards"
    assert app.is_disabled("[data-testid=hand-swap]")          # swapping needs a full hand
    app.fill("[data-testid=input]", read(GAME, "sample-3.in"))
    app.click("[data-testid=hand-swap]")                        # Alice takes Bob's 26 cards
    swapped = app.input_value("[data-testid=input]")
    assert swapped.endswith("\n") and len(swapped.split()) == 26
    assert not set(swapped.split()) & set(read(GAME, "sample-3.in").split())


def test_stepping_changes_the_counter_narration_and_canvas(app: Any) -> None:
    solved(app)
    frames = engine_frames(GAME, f"{MAIN}.in")
    assert app.evaluate("pixelJudge.state().steps") == len(frames) == 35
    seek(app, 0)
    settle(app)
    assert app.text_content("[data-testid=step]") == "0 / 34"
    assert app.text_content("[data-testid=narration]") == "Alice holds S7 and lays it; Bob moves first"
    shots = {canvas_pixels(app)}
    for k in range(1, 4):
        app.click("[data-testid=step-forward]")
        wait_js(app, f"pixelJudge.state().step === {k}")
        settle(app)
        assert app.text_content("[data-testid=step]") == f"{k} / 34"
        assert app.text_content("[data-testid=narration]") == frames[k]["note"]
        shots.add(canvas_pixels(app))
    assert app.text_content("[data-testid=narration]") == "Bob: S9 extends spades up (wins)"
    assert len(shots) == 4
    seek(app, 8)
    assert app.text_content("[data-testid=narration]") == "Alice: H7 opens hearts (loses)"
    app.click("[data-testid=last]")
    wait_js(app, "pixelJudge.state().step === 34")
    settle(app)
    assert app.text_content("[data-testid=narration]") == "Alice has no playable card: BOB WINS"
    assert canvas_pixels(app) not in shots


def test_playing_the_whole_line_draws_every_event_without_errors(app: Any) -> None:
    solved(app)
    seek(app, 0)
    errors = play_to_end(app, 34)
    assert errors == []
    assert app.text_content("[data-testid=step]") == "34 / 34"


def test_playing_a_move_as_bob_against_the_engine_and_back_to_the_line(app: Any) -> None:
    solved(app)
    seek(app, 12)
    line = engine_frames(GAME, f"{MAIN}.in")
    assert move_list(app) == [("S12", "win"), ("H5", "loss"), ("H8", "win"), ("D7", "win")]
    assert app.get_attribute("[data-testid=move-list] li.chosen button", "data-move") == "S12"
    app.select_option("[data-testid=play-as]", "Bob")
    assert not app.is_disabled("[data-testid=move-list] button[data-move=H5]")
    before = canvas_pixels(app)

    app.click("[data-testid=move-list] button[data-move=H5]")
    wait_js(app, "pixelJudge.state().moves.length === 13 && !pixelJudge.state().solving")
    moves = app.evaluate("pixelJudge.state().moves")
    assert moves == [f["event"]["move"] for f in line[1:13]] + ["H5"]
    mine = engine_frames(GAME, f"{MAIN}.in", moves=tuple(moves))
    assert mine[13]["note"] == "Bob: H5 extends hearts down (loses)"
    assert any(v["value"] == 1 for v in mine[13]["values"])          # Alice can now win
    # Playing as Bob, Alice's moves are the engine's: it answers at once, up to Bob's next turn.
    target = 13
    while target < len(mine) - 1 and mine[target]["values"] and mine[target]["to_move"] != "Bob":
        target += 1
    assert target > 13
    wait_js(app, f"pixelJudge.state().step === {target}")
    settle(app)
    assert app.text_content("[data-testid=narration]") == mine[target]["note"]
    if mine[target]["values"]:
        assert move_list(app) == [(v["move"], v["text"]) for v in mine[target]["values"]]
    assert app.is_visible("[data-testid=back-to-line]")
    assert canvas_pixels(app) != before

    # Back to the line, at the step where Bob left it.
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
    assert app.evaluate("pixelJudge.state().step") == 12
    assert move_list(app) == [("S12", "win"), ("H5", "loss"), ("H8", "win"), ("D7", "win")]
    assert app.is_hidden("[data-testid=back-to-line]")
    app.select_option("[data-testid=play-as]", "")


def test_share_link_restores_the_hand_the_step_and_the_users_move(app: Any, browser: Any) -> None:
    solved(app)
    seek(app, 12)
    app.click("[data-testid=move-list] button[data-move=H5]")
    wait_js(app, "pixelJudge.state().step === 13 && !pixelJudge.state().solving")
    seek(app, 16)
    moves = app.evaluate("pixelJudge.state().moves")
    link = app.evaluate("pixelJudge.shareLink()")
    note = app.text_content("[data-testid=narration]")
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")

    context, page, watch = open_page(browser, link)
    try:
        page.set_default_timeout(60_000)
        boot(page)
        want = json.dumps([GAME, 0, 16, moves], separators=(",", ":"))
        wait_js(page, "(() => { const s = pixelJudge.state(); return !s.solving && s.steps > 0"
                      f" && JSON.stringify([s.game, s.case, s.step, s.moves]) === {json.dumps(want)}; }})()",
                timeout_ms=60_000)
        assert page.text_content("[data-testid=answer]") == read(GAME, f"{MAIN}.ans")
        assert page.input_value("[data-testid=input]") == read(GAME, f"{MAIN}.in")
        assert (page.text_content("[data-testid=narration]") == note
                == engine_frames(GAME, f"{MAIN}.in", moves=tuple(moves))[16]["note"])
        assert page.text_content("[data-testid=hand-count]") == "Alice: 26/26 cards"
        assert page.is_hidden("[data-testid=link-error]")
        assert not watch.errors and not watch.foreign
    finally:
        context.close()
