"""End-to-end: accessibility checked by axe-core (pinned in web/package.json).

axe runs on the start page and after solving a sample of each game; no
violation of impact "serious" or "critical" may remain.  axe is injected as a
script, so this context bypasses the page's CSP (the page itself is unchanged).
"""
from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, DIST, ROOT, boot, solve_ui

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def axe_page(browser: Any, site_url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(site_url)
    boot(page)
    page.add_script_tag(path=str(AXE))
    yield page
    context.close()


def serious(page: Any) -> list[str]:
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    out = []
    for v in result["violations"]:
        if v["impact"] in ("serious", "critical"):
            nodes = "; ".join(n["html"][:120] for n in v["nodes"][:3])
            out.append(f"{v['id']} ({v['impact']}): {v['help']} -- {nodes}")
    return out


def first_samples() -> list[tuple[str, str]]:
    manifest = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    return [(g["name"], g["samples"][0]["text"]) for g in manifest["games"] if g["samples"]]


def test_axe_finds_nothing_serious_on_the_start_page(axe_page: Any) -> None:
    assert axe_page.evaluate("typeof axe.run") == "function"
    assert serious(axe_page) == []


@pytest.mark.parametrize("game,text", first_samples(), ids=[g for g, _ in first_samples()])
def test_axe_finds_nothing_serious_after_solving(axe_page: Any, game: str, text: str) -> None:
    solve_ui(axe_page, game, text)
    assert axe_page.evaluate("pixelJudge.state().steps") > 0
    assert serious(axe_page) == []


@pytest.mark.parametrize("tool", ["check", "generate", "solution", "export", "lab"])
def test_axe_finds_nothing_serious_in_each_tool_tab(axe_page: Any, tool: str) -> None:
    """Each tools tab open, with results shown where the tab has them."""
    axe_page.click(f"[data-testid=tool-{tool}]")
    if tool == "check":
        game, text = first_samples()[0]
        axe_page.select_option("[data-testid=game]", game)
        axe_page.fill("[data-testid=input]", text)
        axe_page.fill("[data-testid=check-output]", "nonsense\n")
        axe_page.click("[data-testid=check-run]")
        axe_page.wait_for_selector("[data-testid=check-results] li")
    if tool == "solution":
        axe_page.wait_for_selector("[data-testid=solution-code]")
        axe_page.evaluate("document.querySelector('[data-testid=solution-stdout]').textContent = 'out'")
    if tool == "lab":
        # The lab with an error shown (its line marked) and its line on the stage.
        axe_page.wait_for_selector("[data-testid=lab-code]")
        axe_page.evaluate("pixelJudge.labSolve('def start(t):\\n    return 1 // 0\\n', '')")
        axe_page.wait_for_selector("[data-testid=lab-error]:not([hidden])", timeout=120_000)
    assert serious(axe_page) == []


def test_axe_would_report_a_serious_violation(axe_page: Any) -> None:
    """The check can fail: an unlabelled button is reported as serious/critical."""
    axe_page.evaluate("(() => { const b = document.createElement('button'); b.id = 'axe-probe';"
                      " document.body.append(b); })()")
    try:
        assert any(v.startswith("button-name") for v in serious(axe_page))
    finally:
        axe_page.evaluate("document.getElementById('axe-probe').remove()")
