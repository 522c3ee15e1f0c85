"""Show me on the stage (issue 33), in headless Chromium: a run judged wrong names the
scene where its output parts from the judge's (`scene: {case, step}`), the button
`solution-show` loads that input, case and step onto the stage with the banner
`solution-scene-banner` (which stays until the user moves on), and stress's shrunk
failing input names its own scene and loads the same way.  The wrong solutions and
their scenes come from scene_cases.py (read from the engine's frames by the rule each
solution breaks)."""
from __future__ import annotations

import subprocess
import sys
from typing import Any

from conftest import choose_game, read, wait_js
from scene_cases import (BYTE_ME_STRICT, THE_GAME_RIGHTMOST_TRICK, byte_me_input, byte_me_strict_scene,
                         the_game_departure, the_game_input)

LONG = {"timeLimitMs": 20_000}


def run(page: Any, code: str, text: str) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("([c, i, o]) => pixelJudge.runSolution(c, i, o)",
                                           [code, text, LONG])
    return result


def set_code(page: Any, code: str) -> None:
    page.click("[data-testid=tool-solution]")
    wait_js(page, "document.querySelector('[data-testid=solution-editor]')"
                  ".shadowRoot?.querySelector('.cm-line')")
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)


def wait_idle(page: Any, timeout_ms: int = 120_000) -> None:
    wait_js(page, "!document.querySelector('[data-testid=solution-verdict]').hidden"
                  " && !document.querySelector('[data-testid=solution-run]').disabled", timeout_ms)


def show(page: Any) -> dict[str, Any]:
    """Clicks "Show me on the stage"; the stage's case and step once it is there."""
    page.click("[data-testid=solution-show]")
    wait_js(page, "!document.querySelector('[data-testid=solution-scene-banner]').hidden")
    state: dict[str, Any] = page.evaluate("pixelJudge.state()")
    return state


def banner(page: Any) -> str:
    text: str = page.evaluate("document.querySelector('[data-testid=solution-scene-banner]').textContent")
    return text


def banner_hidden(page: Any) -> bool:
    return bool(page.evaluate("document.querySelector('[data-testid=solution-scene-banner]').hidden"))


def test_byte_me_strict_reading_is_wrong_with_the_scene_of_the_first_set_where_it_matters(app: Any) -> None:
    text, (case, step) = byte_me_input()
    choose_game(app, "byte_me")
    result = run(app, BYTE_ME_STRICT, text)
    assert result["verdict"] == "wrong"
    assert result["scene"] == {"case": case, "step": step}
    assert case >= 2     # not the first data set: the earlier ones agree


def test_show_me_on_the_stage_puts_the_stage_at_the_scene_with_the_banner(app: Any) -> None:
    text, (case, step) = byte_me_input()
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", text)
    set_code(app, BYTE_ME_STRICT)
    app.click("[data-testid=solution-run]")
    wait_idle(app)
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "wrong"
    state = show(app)
    assert (state["game"], state["case"], state["step"]) == ("byte_me", case, step)
    words = banner(app)
    assert f"Case {case + 1}, step {step}" in words
    assert "Yours: Nibble me!" in words or "Yours: Byte me!" in words
    assert "The judge's: Win!" in words
    # It stays while the user looks around the scene, and goes when they move on.
    app.click("[data-testid=step-back]")
    wait_js(app, f"pixelJudge.state().step === {step - 1}")
    assert not banner_hidden(app)
    app.click("[data-testid=solve]")
    wait_js(app, "!pixelJudge.state().solving")
    wait_js(app, "document.querySelector('[data-testid=solution-scene-banner]').hidden")
    show(app)
    app.fill("[data-testid=input]", text + "\n")
    wait_js(app, "document.querySelector('[data-testid=solution-scene-banner]').hidden")
    show(app)
    choose_game(app, "kalah")
    wait_js(app, "document.querySelector('[data-testid=solution-scene-banner]').hidden")


def test_an_accepted_run_offers_no_scene(app: Any) -> None:
    text, _ = byte_me_input()
    choose_game(app, "byte_me")
    right = BYTE_ME_STRICT.replace("total > best", "total >= best")
    result = run(app, right, text)
    assert result["verdict"] == "accepted" and "scene" not in result
    app.fill("[data-testid=input]", text)
    set_code(app, right)
    app.click("[data-testid=solution-run]")
    wait_idle(app)
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "accepted"
    assert app.is_hidden("[data-testid=solution-show]")


def test_stress_finds_the_strict_reading_and_shrinks_it_to_one_set_with_its_scene(app: Any) -> None:
    choose_game(app, "byte_me")
    result = app.evaluate("(c) => pixelJudge.stress(c, {count: 60, seed: 1, timeLimitMs: 20000})",
                          BYTE_ME_STRICT)
    failing = result["failing"]
    assert failing is not None and failing["verdict"] == "wrong"
    assert failing["input"].count("START") == 1
    case, step = byte_me_strict_scene(failing["input"]) or (None, None)
    assert failing["scene"] == {"case": case, "step": step} and case == 0
    # The panel's stress loads the same shrunk input at its scene.
    app.fill("[data-testid=stress-count]", "60")
    app.fill("[data-testid=stress-seed]", "1")
    set_code(app, BYTE_ME_STRICT)
    app.click("[data-testid=solution-stress]")
    wait_js(app, "!document.querySelector('[data-testid=stress-fail]').hidden"
                 " && !document.querySelector('[data-testid=solution-stress]').disabled", 240_000)
    state = show(app)
    assert (state["case"], state["step"]) == (case, step)
    assert app.input_value("[data-testid=input]") == failing["input"]
    app.fill("[data-testid=stress-count]", "100")


def test_the_game_with_a_wrong_trick_is_shown_at_the_play_that_goes_wrong(app: Any) -> None:
    text = the_game_input()
    log = subprocess.run([sys.executable, "-c", THE_GAME_RIGHTMOST_TRICK], input=text, capture_output=True,
                         text=True, timeout=60).stderr
    step = the_game_departure(text, log)
    choose_game(app, "the_game")
    result = run(app, THE_GAME_RIGHTMOST_TRICK, text)
    assert result["verdict"] == "wrong" and result["scene"] == {"case": 0, "step": step}
    app.fill("[data-testid=input]", text)
    set_code(app, THE_GAME_RIGHTMOST_TRICK)
    app.click("[data-testid=solution-run]")
    wait_idle(app)
    state = show(app)
    assert (state["game"], state["case"], state["step"]) == ("the_game", 0, step)
    frame = app.evaluate("document.querySelector('[data-testid=narration]').textContent")
    assert "TRICK" in frame.upper()     # the engine's trick the program made elsewhere


def test_a_two_player_value_is_shown_at_its_case_start_beside_the_engines(app: Any) -> None:
    text = read("kalah", "spec-sample-1.in")
    right = read("kalah", "spec-sample-1.ans").splitlines()
    k = 3
    wrong = right[:k] + [str(int(right[k]) + 1)] + right[k + 1:]
    code = f"print({chr(10).join(wrong)!r})\n"
    choose_game(app, "kalah")
    result = run(app, code, text)
    assert result["verdict"] == "wrong" and result["scene"] == {"case": k, "step": 0}
    app.fill("[data-testid=input]", text)
    set_code(app, code)
    app.click("[data-testid=solution-run]")
    wait_idle(app)
    state = show(app)
    assert (state["game"], state["case"], state["step"]) == ("kalah", k, 0)
    words = banner(app)
    assert f"Yours: {wrong[k]}" in words and f"The judge's: {right[k]}" in words
    # The move panel lists every first move's value at the case's start.
    assert app.is_visible("[data-testid=moves]")
    assert app.evaluate("document.querySelectorAll('[data-testid=move-list] button').length") > 0
