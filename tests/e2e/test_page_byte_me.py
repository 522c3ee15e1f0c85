"""Byte Me! (SCUSA 2002) through the page, as a user: solve the sample, watch data set 2
hit and stop, share a link to it, and see a bad byte reported where it stands."""
from __future__ import annotations

import pytest

from conftest import (BOOT_TIMEOUT_MS, DATA, boot, canvas_pixels, open_page, read, seek, solve_ui,
                       wait_js)

GAME = "byte_me"
SAMPLE = read(GAME, "sample-1.in")
SECOND_SET = 1          # the case picker's value for data set 2 (HAND 1: Byte, 3 Nibbles, Lose!)


def text_of(page, testid: str) -> str:
    return page.evaluate(f"document.querySelector('[data-testid={testid}]').textContent")


def solve_sample(page) -> None:
    solve_ui(page, GAME, SAMPLE)
    wait_js(page, "pixelJudge.state().steps > 0")


def pick_case(page, case: int) -> None:
    page.select_option("[data-testid=case]", str(case))
    wait_js(page, f"pixelJudge.state().case === {case} && !pixelJudge.state().solving")


def test_sample_answer_matches_judge_output_byte_for_byte(app):
    solve_sample(app)
    expected = (DATA / GAME / "sample-1.ans").read_bytes()
    assert text_of(app, "answer").encode() == expected
    assert app.is_hidden("[data-testid=error]")


def test_case_picker_lists_every_data_set(app):
    solve_sample(app)
    labels = app.eval_on_selector_all("[data-testid=case] option", "os => os.map(o => o.textContent)")
    assert len(labels) == 3 and "HAND 8" in labels[2]
    assert app.is_enabled("[data-testid=case]")


def test_stepping_data_set_2_shows_each_hit(app):
    solve_sample(app)
    pick_case(app, SECOND_SET)
    steps = app.evaluate("pixelJudge.state().steps")
    assert steps == 8   # table, deal, byte, 3 nibbles, "4 hits taken", verdict
    seek(app, 0)
    assert text_of(app, "step") == f"0 / {steps - 1}"
    notes = [text_of(app, "narration")]
    shots = [canvas_pixels(app)]
    for k in range(1, steps):
        app.click("[data-testid=step-forward]")
        wait_js(app, f"pixelJudge.state().step === {k}")
        assert text_of(app, "step") == f"{k} / {steps - 1}"
        app.wait_for_timeout(500)   # let the tween finish (the card flies, its bits light up)
        notes.append(text_of(app, "narration"))
        shots.append(canvas_pixels(app))
        assert notes[-1] != notes[-2]
        assert shots[-1] != shots[-2]
    assert notes[1] == "Best player can have at most 254 + 255 = 509"
    assert "Byte me!" in notes[2] and "total 399" in notes[2]
    assert all("Nibble me!" in n for n in notes[3:6])
    assert notes[6].startswith("4 hits taken")
    assert "Lose!" in notes[7]
    assert app.is_disabled("[data-testid=step-forward]")


def test_share_link_reopens_the_same_data_set_and_step(app, browser):
    solve_sample(app)
    pick_case(app, SECOND_SET)
    seek(app, 3)
    link = app.evaluate("pixelJudge.shareLink()")
    answer = text_of(app, "answer")
    narration = text_of(app, "narration")
    context, page, watch = open_page(browser, link)
    try:
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        boot(page)
        wait_js(page, f"pixelJudge.state().game === {GAME!r} && pixelJudge.state().case === {SECOND_SET}"
                      " && pixelJudge.state().step === 3 && pixelJudge.state().steps === 8",
                timeout_ms=BOOT_TIMEOUT_MS)
        assert text_of(page, "answer") == answer
        assert text_of(page, "narration") == narration
        assert "Nibble me!" in narration
        assert page.input_value("[data-testid=input]") == SAMPLE
        assert page.is_hidden("[data-testid=link-error]")
        assert not watch.errors
    finally:
        context.close()


@pytest.mark.parametrize("line,column,token", [(2, 10, "1111111")])
def test_seven_digit_byte_names_line_and_column_and_keeps_text(app, line, column, token):
    bad = SAMPLE.replace("11111111 11111111", f"11111111 {token}", 1)
    solve_ui(app, GAME, bad)
    wait_js(app, "!document.querySelector('[data-testid=error]').hidden")
    error = text_of(app, "error")
    assert f"line {line}, column {column}" in error and f"'{token}'" in error
    assert app.input_value("[data-testid=input]") == bad
    selected = app.evaluate("(() => { const t = document.querySelector('[data-testid=input]');"
                            " return t.value.slice(t.selectionStart, t.selectionEnd); })()")
    assert selected == token
