"""The game lab's links and its stage (issue 32), in headless Chromium: a lab link opens
as a proposal that runs nothing until Keep, then gives the same value at the linked
step; Discard keeps what the user had; a malformed lab link loads nothing; and the
view's labels are drawn inside the stage without overlapping at 390 x 844 and
1366 x 768, in English and Chinese."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import BOOT_TIMEOUT_MS, DIST, boot, wait_js

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "lab-shots"
LAB_KEY = "pixelJudge.lab.v1"
SOLVE_MS = 180_000


def examples() -> list[dict[str, str]]:
    data = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    return list(data["lab"]["examples"])


def new_page(browser: Any, url: str, *, width: int = 1300, height: int = 900,
             locale: str = "en-US") -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale,
                                  reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(url)
    boot(page)
    return context, page


def lab_solve(page: Any, code: str, text: str) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("([c, t]) => pixelJudge.labSolve(c, t, {limitMs: 120000})",
                                           [code, text])
    return result


def editor_text(page: Any) -> str:
    text: str = page.evaluate("[...document.querySelector('[data-testid=lab-editor]').shadowRoot"
                              ".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n')")
    return text


def wait_proposal(page: Any) -> None:
    wait_js(page, "!document.querySelector('[data-testid=lab-proposal]').hidden", 90_000)


def test_a_lab_link_is_a_proposal_that_runs_nothing_until_keep(browser: Any, site_url: str) -> None:
    example = examples()[0]
    context, page = new_page(browser, site_url)
    try:
        solved = lab_solve(page, example["code"], example["sample"])
        assert solved["ok"], solved
        step = min(2, len(solved["frames"]) - 1)
        page.evaluate("(k) => { const s = document.querySelector('[data-testid=scrubber]');"
                      " s.value = String(k); s.dispatchEvent(new Event('input')); }", step)
        wait_js(page, f"pixelJudge.state().step === {step}")
        link = page.evaluate("pixelJudge.shareLink()")
        assert "g=lab" in link and "&l=" in link
    finally:
        context.close()
    context, page = new_page(browser, link)
    try:
        wait_proposal(page)
        assert page.evaluate("pixelJudge.state().lab.runs") == 0
        assert page.evaluate("pixelJudge.state().steps") == 0
        assert page.evaluate("pixelJudge.state().runner.bootCount || 0") == 0
        assert editor_text(page) == example["code"].rstrip("\n") or editor_text(page) == example["code"]
        assert page.input_value("[data-testid=lab-input]") == example["sample"]
        # Nothing of the link is saved, and Solve does not run it either.
        assert page.evaluate(f"localStorage.getItem({LAB_KEY!r})") is None
        page.click("[data-testid=lab-solve]")
        assert page.evaluate("pixelJudge.state().lab.runs") == 0
        page.click("[data-testid=lab-keep]")
        wait_js(page, f"pixelJudge.state().steps === {len(solved['frames'])}", SOLVE_MS)
        assert page.text_content("[data-testid=answer]").split("\n")[0] == str(solved["value"])
        wait_js(page, f"pixelJudge.state().step === {step}")
        assert page.is_hidden("[data-testid=lab-proposal]")
        kept = json.loads(page.evaluate(f"localStorage.getItem({LAB_KEY!r})"))
        assert kept == {"code": example["code"], "input": example["sample"]}
    finally:
        context.close()


def test_discard_keeps_what_the_user_had(browser: Any, site_url: str) -> None:
    mine, theirs = examples()[0], examples()[1]
    context, page = new_page(browser, site_url)
    try:
        assert lab_solve(page, mine["code"], mine["sample"])["ok"]
        saved = page.evaluate(f"localStorage.getItem({LAB_KEY!r})")
        frames = page.evaluate("pixelJudge.state().steps")
        link = page.evaluate("""async ([code, text]) => (await import('./js/page/share.js')).linkFor(
            {game: 'lab', code, text, step: 0, caseIndex: 0, moves: []})""",
            [theirs["code"], theirs["sample"]])
        page.goto(link)
        wait_proposal(page)
        assert page.input_value("[data-testid=lab-input]") == theirs["sample"]
        page.click("[data-testid=lab-discard]")
        assert page.is_hidden("[data-testid=lab-proposal]")
        assert page.input_value("[data-testid=lab-input]") == mine["sample"]
        assert editor_text(page) in (mine["code"], mine["code"].rstrip("\n"))
        assert page.evaluate(f"localStorage.getItem({LAB_KEY!r})") == saved
        assert page.evaluate("pixelJudge.state().steps") == frames
    finally:
        context.close()


def test_a_malformed_lab_link_says_so_and_loads_nothing(browser: Any, site_url: str) -> None:
    context, page = new_page(browser, site_url + "#v=1&g=lab&s=0&i=AAAA&l=%%%")
    try:
        wait_js(page, "!document.querySelector('[data-testid=link-error]').hidden")
        assert "base64url" in page.text_content("[data-testid=link-error]")
        assert page.evaluate("pixelJudge.state().steps") == 0
        assert page.is_hidden("[data-testid=lab-proposal]")
    finally:
        context.close()


def test_a_lab_link_with_too_much_code_loads_nothing(browser: Any, site_url: str) -> None:
    context, page = new_page(browser, site_url)
    try:
        link = page.evaluate("""async (code) => (await import('./js/page/share.js')).linkFor(
            {game: 'lab', code, text: '1', step: 0, caseIndex: 0, moves: []})""", "# x\n" * 40_000)
        page.goto("about:blank")
        page.goto(link)
        boot(page)
        wait_js(page, "!document.querySelector('[data-testid=link-error]').hidden")
        assert "too large" in page.text_content("[data-testid=link-error]")
        wait_js(page, "pixelJudge.state().lab")
        assert page.is_hidden("[data-testid=lab-proposal]")
        assert page.evaluate("pixelJudge.state().lab.runs") == 0
        assert "# x" not in editor_text_or_empty(page)
    finally:
        context.close()


def editor_text_or_empty(page: Any) -> str:
    text: str = page.evaluate("[...(document.querySelector('[data-testid=lab-editor]').shadowRoot"
                              "?.querySelectorAll('.cm-line') || [])].map((l) => l.textContent).join('\\n')")
    return text


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


def view_labels(frame: dict[str, Any]) -> list[str]:
    view = frame["state"].get("view") or {}
    labels = [p["label"] for p in view.get("piles", [])] + [r["label"] for r in view.get("rows", [])]
    labels += list((view.get("scores") or {}).keys())
    return [label for label in labels if label.strip()]


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_the_views_labels_fit_the_stage(browser: Any, site_url: str, locale: str,
                                        size: tuple[int, int]) -> None:
    context, page = new_page(browser, site_url, width=size[0], height=size[1], locale=locale)
    try:
        SHOTS.mkdir(parents=True, exist_ok=True)
        for example in examples():
            result = lab_solve(page, example["code"], example["sample"])
            assert result["ok"], result
            for step in sorted({0, len(result["frames"]) // 2, len(result["frames"]) - 1}):
                page.evaluate("(k) => { const s = document.querySelector('[data-testid=scrubber]');"
                              " s.value = String(k); s.dispatchEvent(new Event('input')); }", step)
                wait_js(page, f"pixelJudge.state().step === {step}")
                boxes = page.evaluate("pixelJudge.textBoxes()")
                drawn = " ".join(b["text"] for b in boxes)
                for label in view_labels(result["frames"][step]):
                    assert label in drawn, (example["id"], step, label, drawn)
                for i, a in enumerate(boxes):
                    assert 0 <= a["x"] and a["x"] + a["w"] <= 384, a
                    assert 0 <= a["y"] and a["y"] + a["h"] <= 216, a
                    for b in boxes[i + 1:]:
                        assert not overlap(a, b), (example["id"], step, a, b)
            shot = SHOTS / f"{example['id']}-{locale}-{size[0]}x{size[1]}.png"
            page.screenshot(path=str(shot), full_page=True)
    finally:
        context.close()


def test_choosing_the_game_again_brings_its_scene_back_and_keeps_the_input(browser: Any,
                                                                           site_url: str) -> None:
    context, page = new_page(browser, site_url)
    try:
        page.select_option("[data-testid=game]", "kalah")
        wait_js(page, "pixelJudge.state().game === 'kalah'")
        page.click("[data-testid=sample]")
        typed = page.input_value("[data-testid=input]") + "\n"
        page.fill("[data-testid=input]", typed)
        page.click("[data-testid=solve]")
        wait_js(page, "pixelJudge.state().steps > 0 && !pixelJudge.state().solving", 60_000)
        steps, answer = page.evaluate("pixelJudge.state().steps"), page.text_content("[data-testid=answer]")
        example = examples()[0]
        result = lab_solve(page, example["code"], example["sample"])
        assert page.evaluate("pixelJudge.state().steps") == len(result["frames"])
        assert page.input_value("[data-testid=game]") == ""
        assert page.input_value("[data-testid=input]") == typed
        assert not page.evaluate("pixelJudge.state().stale")
        page.select_option("[data-testid=game]", "kalah")
        wait_js(page, f"pixelJudge.state().steps === {steps}")
        assert page.text_content("[data-testid=answer]") == answer
        assert page.input_value("[data-testid=input]") == typed
        assert not page.evaluate("pixelJudge.state().stale")
    finally:
        context.close()
