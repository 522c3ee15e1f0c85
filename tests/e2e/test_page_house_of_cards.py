"""House of Cards in the browser, as a user sees it: the judge answer, the case
picker, stepping through the animation, playing a move against the engine, and a
share link.  Expected values come from the Python engine itself."""
from __future__ import annotations

import time

from py_engines import get_engine
from py_engines.bridge import frame_json

from conftest import DATA, boot, canvas_pixels, move_list, open_page, read, seek, solve_ui, wait_js

GAME = "house_of_cards"
SAMPLE = read(GAME, "sample-1.in")
ENGINE = get_engine(GAME)

# Canvas points of the scene (logical pixels): inside the level-1 valleys 2 and 3,
# and on the frames of the two hold slots.
VALLEY_2 = (192, 164)
VALLEY_3 = (228, 164)
AXEL_SLOT = (4, 200)
BIRGIT_SLOT = (379, 200)
RED, BLACK, NAVY = [255, 0, 77], [0, 0, 0], [29, 43, 83]


def frames(case: int = 0, moves: tuple[str, ...] = ()) -> list[dict]:
    """The engine's frames as the bridge sends them (every text in English)."""
    problem = ENGINE.parse(SAMPLE)
    return [frame_json(f.to_dict())
            for f in ENGINE.replay(problem, ENGINE.solve(problem), case=case, moves=moves)]


def pixel(page, point) -> list[int]:
    return page.evaluate("([x, y]) => Array.from(document.querySelector('[data-testid=canvas]')"
                         ".getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3))", list(point))


def wait_pixel(page, point, rgb, timeout_s: float = 5.0) -> None:
    deadline = time.monotonic() + timeout_s
    while (seen := pixel(page, point)) != rgb:
        assert time.monotonic() < deadline, f"canvas {point} is {seen}, expected {rgb}"
        time.sleep(0.05)


def text(page, testid: str) -> str:
    return page.text_content(f"[data-testid={testid}]")


def solved(page) -> None:
    """The official sample solved through the UI, at case 1, step 0, both sides engine-played."""
    if page.evaluate("pixelJudge.state().game") != GAME or text(page, "answer") == "" \
            or page.input_value("[data-testid=input]") != SAMPLE:
        solve_ui(page, GAME, SAMPLE)
    page.select_option("[data-testid=play-as]", "")
    if page.evaluate("pixelJudge.state().moves.length"):
        page.click("[data-testid=back-to-line]")
        wait_js(page, "pixelJudge.state().moves.length === 0")
    if page.evaluate("pixelJudge.state().case") != 0:
        page.select_option("[data-testid=case]", "0")
        wait_js(page, "pixelJudge.state().case === 0")
    seek(page, 0)


def test_sample_answer_is_the_judge_output_byte_for_byte(app):
    solve_ui(app, GAME, SAMPLE)
    assert text(app, "answer").encode() == (DATA / GAME / "sample-1.ans").read_bytes()
    assert app.is_hidden("[data-testid=error]")
    assert app.evaluate("pixelJudge.state().steps") == 4


def test_case_picker_shows_the_third_case_to_its_tie(app):
    solved(app)
    options = app.eval_on_selector_all("[data-testid=case] option", "os => os.map(o => o.textContent)")
    assert options == ["Case 1: Axel, M = 5", "Case 2: Birgit, M = 5", "Case 3: Birgit, M = 5"]
    app.select_option("[data-testid=case]", "2")
    wait_js(app, "pixelJudge.state().case === 2 && pixelJudge.state().step === 0")
    assert text(app, "narration").startswith("Deal: four peaks 1R/1B 3R/4R")
    expected = frames(case=2)
    seek(app, len(expected) - 1)
    assert text(app, "narration") == expected[-1]["note"]
    assert text(app, "narration").endswith("Case 3: Axel and Birgit tie")


def test_stepping_animates_the_floored_triangle_in_the_scorers_colour(app):
    solved(app)
    expected = frames()
    assert text(app, "step") == "0 / 3"
    wait_pixel(app, VALLEY_2, NAVY)
    assert pixel(app, AXEL_SLOT) == RED and pixel(app, BIRGIT_SLOT) == BLACK
    before = canvas_pixels(app)
    app.click("[data-testid=step-forward]")
    wait_js(app, "pixelJudge.state().step === 1")
    assert text(app, "step") == "1 / 3"
    assert text(app, "narration") == expected[1]["note"] \
        == "Axel: 2B floors the middle valley: 4R 5R 2B, red majority, Axel +11"
    wait_pixel(app, VALLEY_2, RED)          # Axel's triangle, in red
    assert canvas_pixels(app) != before
    app.click("[data-testid=step-forward]")
    wait_js(app, "pixelJudge.state().step === 2")
    assert text(app, "narration") == expected[2]["note"]
    wait_pixel(app, VALLEY_3, BLACK)        # Birgit's triangle, in black
    assert pixel(app, VALLEY_2) == NAVY
    app.click("[data-testid=step-back]")
    wait_js(app, "pixelJudge.state().step === 1")
    wait_pixel(app, VALLEY_2, RED)


def test_every_decision_lists_the_exact_value_of_each_legal_move(app):
    solved(app)
    for k, frame in enumerate(frames()):
        seek(app, k)
        assert move_list(app) == [(v["move"], v["text"]) for v in frame["values"] or ()]


def test_playing_a_move_as_axel_then_back_to_the_optimal_line(app):
    solved(app)
    app.select_option("[data-testid=play-as]", "Axel")
    chosen = app.get_attribute("[data-testid=move-list] li.chosen button", "data-move")
    assert chosen == "floorD:1.2"
    app.click("[data-testid=move-list] button[data-move=hold]")
    wait_js(app, "pixelJudge.state().moves.length === 1 && !pixelJudge.state().solving")
    assert app.evaluate("pixelJudge.state().moves") == ["hold"]
    played = frames(moves=("hold",))
    assert played[1]["note"] == "Axel: holds 2B"
    # Birgit's turn is the engine's: it answers at once, up to Axel's next turn or the end.
    target = 1
    while target < len(played) - 1 and played[target]["values"] and played[target]["to_move"] != "Axel":
        target += 1
    assert target > 1
    wait_js(app, f"pixelJudge.state().step === {target}")
    assert text(app, "narration") == played[target]["note"]
    seek(app, len(played) - 1)
    assert text(app, "narration").endswith("Case 1: Axel loses 12")
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
    assert app.is_hidden("[data-testid=back-to-line]")
    assert app.evaluate("pixelJudge.state().step") == 0          # where Axel left the line
    seek(app, len(frames()) - 1)
    assert text(app, "narration").endswith("Case 1: Axel wins 1")
    seek(app, 1)
    assert text(app, "narration") == frames()[1]["note"]
    app.select_option("[data-testid=play-as]", "")


def test_share_link_restores_case_step_and_moves(app, browser):
    solved(app)
    app.select_option("[data-testid=case]", "1")
    wait_js(app, "pixelJudge.state().case === 1")
    app.click("[data-testid=move-list] button[data-move='floorD:1.1']")
    wait_js(app, "pixelJudge.state().moves.length === 1 && !pixelJudge.state().solving")
    seek(app, 2)
    link = app.evaluate("pixelJudge.shareLink()")
    narration = text(app, "narration")
    context, page, watch = open_page(browser, link)
    try:
        page.set_default_timeout(60_000)
        boot(page)
        wait_js(page, "pixelJudge.state().steps > 0 && !pixelJudge.state().solving", 60_000)
        state = page.evaluate("pixelJudge.state()")
        assert (state["game"], state["case"], state["step"], state["moves"]) == \
            (GAME, 1, 2, ["floorD:1.1"])
        assert text(page, "answer").encode() == (DATA / GAME / "sample-1.ans").read_bytes()
        assert text(page, "narration") == narration
        assert watch.errors == []
    finally:
        context.close()
