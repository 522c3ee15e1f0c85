"""End-to-end: the analysis board of the two-player games.

Playing a side, every move the user makes is marked at once against the best
move at that position (from the exact values in the frames), the engine
answers for the other side at once, the user's line is listed apart from the
engine's, "back to the line" returns to the step the user left, and a share
link carries the variation.  Marks (web/js/page/analysis.js): Kalah loss 1 "?!",
2-3 "?", 4+ "??"; Sevens any loss "??".
"""
from __future__ import annotations

from typing import Any

from conftest import engine_frames, open_page, boot, read, seek, settle, solve_ui, wait_js


def play(page: Any, side: str, step: int, move: str) -> None:
    page.select_option("[data-testid=play-as]", side)
    seek(page, step)
    page.click(f"[data-testid=move-list] button[data-move='{move}']")
    wait_js(page, f"pixelJudge.state().moves.includes({move!r}) && !pixelJudge.state().solving")


def expected_entry(frames: list[dict[str, Any]], step: int, mark_of: Any) -> dict[str, Any]:
    move = frames[step + 1]["event"]["move"]
    values = frames[step]["values"]
    played = next(v for v in values if v["move"] == move)
    best = next(v for v in values if v["best"])
    loss = abs(best["value"] - played["value"])
    return {"step": step, "move": move, "value": played["value"], "best_value": best["value"],
            "loss": loss, "mark": mark_of(loss)}


def kalah_mark(loss: int) -> str:
    return "??" if loss >= 4 else "?" if loss >= 2 else "?!" if loss >= 1 else ""


def test_a_kalah_mistake_is_marked_the_engine_answers_and_back_to_the_line(app: Any,
                                                                            browser: Any) -> None:
    solve_ui(app, "kalah", read("kalah", "spec-sample-2.in"))
    main = engine_frames("kalah", "spec-sample-2.in")
    step = next(k for k, f in enumerate(main) if f["to_move"] == "You" and f["values"]
                and any(not v["best"] for v in f["values"]))
    worse = next(v for v in main[step]["values"] if not v["best"])
    play(app, "You", step, worse["move"])
    moves = tuple(app.evaluate("pixelJudge.state().moves"))
    mine = engine_frames("kalah", "spec-sample-2.in", moves=moves)
    analysis = app.evaluate("pixelJudge.state().analysis")
    assert analysis == [expected_entry(mine, step, kalah_mark)]
    assert analysis[0]["loss"] > 0 and analysis[0]["mark"] != ""
    # The engine answered for the opponent at once: the line runs on to the user's next turn.
    target = step + 1
    while target < len(mine) - 1 and mine[target]["values"] and mine[target]["to_move"] != "You":
        target += 1
    wait_js(app, f"pixelJudge.state().step === {target}")
    # The user's line is listed apart, with its mark, and summed up.
    assert app.is_visible("[data-testid=variation]")
    item = app.text_content("[data-testid=variation] li")
    assert f"step {step}" in item and analysis[0]["mark"] in item and f"-{analysis[0]['loss']}" in item
    summary = app.text_content("[data-testid=analysis-summary]")
    names = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
    assert f"1 {names[analysis[0]['mark']]}" in summary
    assert f"{analysis[0]['loss']} point" in summary
    # A share link carries the variation and its analysis.
    link = app.evaluate("pixelJudge.shareLink()")
    assert "&m=" in link and f"&u={step}" in link
    context, page, watch = open_page(browser, link)
    try:
        boot(page)
        wait_js(page, "pixelJudge.state().steps > 0 && pixelJudge.state().analysis.length === 1", 30_000)
        assert page.evaluate("pixelJudge.state().analysis") == analysis
        assert watch.errors == []
    finally:
        context.close()
    # Back to the line: the engine's line again, at the step where the user left it.
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
    assert app.evaluate("pixelJudge.state().step") == step
    assert app.evaluate("pixelJudge.state().analysis") == []
    assert app.is_hidden("[data-testid=variation]")
    app.select_option("[data-testid=play-as]", "")


def test_a_sevens_move_that_throws_a_win_away_is_a_blunder(app: Any) -> None:
    solve_ui(app, "sevens", read("sevens", "sample-1.in"))
    main = engine_frames("sevens", "sample-1.in")
    step = next(k for k, f in enumerate(main) if f["values"]
                and any(v["best"] for v in f["values"]) and any(not v["best"] for v in f["values"]))
    worse = next(v for v in main[step]["values"] if not v["best"])
    play(app, "", step, worse["move"])
    moves = tuple(app.evaluate("pixelJudge.state().moves"))
    mine = engine_frames("sevens", "sample-1.in", moves=moves)
    analysis = app.evaluate("pixelJudge.state().analysis")
    assert analysis == [expected_entry(mine, step, lambda loss: "??" if loss else "")]
    assert analysis[0]["mark"] == "??"
    assert "1 blunder" in app.text_content("[data-testid=analysis-summary]")
    # The variation's last frame states the variation's own result, never the main line's
    # judge output.
    last = len(mine) - 1
    seek(app, last)
    settle(app)
    # A banner is one text box (its lines joined by spaces).
    drawn = " / ".join(b["text"] for b in app.evaluate("pixelJudge.textBoxes()"))
    outcome = mine[-1]["state"]["outcome"]
    assert outcome + "\n" != read("sevens", "sample-1.ans")
    assert f"this line: {outcome}" in " ".join(drawn.split()), drawn
    assert "output:" not in drawn
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
