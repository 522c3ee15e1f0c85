"""The game lab on the page (issue 32), in headless Chromium: the panel and
pixelJudge.labSolve solve each shipped example to the value a plain recursive minimax
computes here, a 3,000-ply line solves, errors name the user's line and mark it,
endless rules stop at the limit, the view's labels fit the stage in both languages,
and a lab link is a proposal that runs nothing until Keep."""
from __future__ import annotations

import importlib.util
import json
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, DIST, boot, open_page, wait_js

# The site's local storage but the lab's own key, as one comparable text.
OTHER_STORAGE = ("JSON.stringify(Object.entries(localStorage)"
                 ".filter(([k]) => k !== 'pixelJudge.lab.v1').sort())")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "py_engines" / "lab" / "examples"
LAB_KEY = "pixelJudge.lab.v1"
SOLVE_MS = 180_000

# A game 3,000 plies deep: one counter, two moves that both take one off; the
# maximiser wins when the minimiser is left to move at zero.
DEEP = '''TITLE = "Countdown"


class State:
    def __init__(self, n, side):
        self.n, self.side = n, side

    def to_move(self):
        return self.side

    def moves(self):
        return [] if self.n == 0 else ["a", "b"]

    def play(self, move):
        return State(self.n - 1, -self.side)

    def is_terminal(self):
        return self.n == 0

    def value(self):
        return 1 if self.side < 0 else -1

    def key(self):
        return (self.n, self.side)


def start(text):
    return State(int(text), 1)
'''

# Rules that never end: every position is new.
ENDLESS = '''def start(text):
    return State(0)


class State:
    def __init__(self, n):
        self.n = n

    def to_move(self):
        return 1 if self.n % 2 == 0 else -1

    def moves(self):
        return [1, 2]

    def play(self, move):
        return State(self.n * 3 + move)

    def is_terminal(self):
        return False

    def value(self):
        return 0

    def key(self):
        return self.n
'''

# An exception on line 12 (in moves()).
RAISES = DEEP.replace('        return [] if self.n == 0 else ["a", "b"]',
                      '        return [] if self.n == 0 else ["a", 1 // (self.n - 2)]')
RAISES_LINE = 1 + DEEP.splitlines().index('        return [] if self.n == 0 else ["a", "b"]')


def load_module(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"lab_example_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def brute(state: Any) -> int:
    """A plain recursive minimax, memoised by key(): the value from the maximiser's side."""
    @lru_cache(maxsize=None)
    def value(key: Any) -> int:
        s = seen[key]
        if s.is_terminal():
            return int(s.value())
        vals = []
        for m in s.moves():
            nxt = s.play(m)
            seen.setdefault(nxt.key(), nxt)
            vals.append(value(nxt.key()))
        return max(vals) if s.to_move() > 0 else min(vals)

    seen = {state.key(): state}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))
    return value(state.key())


def manifest_examples() -> list[dict[str, str]]:
    data = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    examples = data["lab"]["examples"]
    assert len(examples) >= 3
    return list(examples)


def lab_solve(page: Any, code: str, text: str, limit_ms: int = 120_000) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "([c, t, ms]) => pixelJudge.labSolve(c, t, {limitMs: ms})", [code, text, limit_ms])
    return result


def open_lab(page: Any) -> None:
    page.click("[data-testid=tool-lab]")
    wait_js(page, "document.querySelector('[data-testid=lab-editor]').shadowRoot?.querySelector('.cm-line')")


def editor_text(page: Any) -> str:
    text: str = page.evaluate("[...document.querySelector('[data-testid=lab-editor]').shadowRoot"
                              ".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n')")
    return text


@pytest.fixture(scope="module")
def lab(browser: Any, site_url: str) -> Iterator[Any]:
    context, page, _ = open_page(browser, site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    boot(page)
    open_lab(page)
    yield page
    context.close()


def test_each_example_solves_through_the_panel_to_the_brute_force_value(lab: Any) -> None:
    for k, example in enumerate(manifest_examples()):
        module = load_module(example["id"], EXAMPLES / f"{example['id']}.py")
        start = module.start(example["sample"])
        expected = brute(start)
        runs = lab.evaluate("pixelJudge.state().lab.runs")
        lab.select_option("[data-testid=lab-template]", str(k))
        assert editor_text(lab) == example["code"].rstrip("\n") or editor_text(lab) == example["code"]
        assert lab.input_value("[data-testid=lab-input]") == example["sample"]
        lab.click("[data-testid=lab-solve]")
        wait_js(lab, f"pixelJudge.state().lab.runs > {runs} && !pixelJudge.state().lab.solving", SOLVE_MS)
        assert lab.is_hidden("[data-testid=lab-error]"), lab.text_content("[data-testid=lab-error]")
        value, moves = lab.text_content("[data-testid=answer]").split("\n")[:2]
        assert int(value) == expected, example["id"]
        assert lab.evaluate("pixelJudge.state().steps") == len(moves.split()) + 1
        # The move panel at the first step: every legal move with its exact value.
        shown = lab.evaluate("[...document.querySelectorAll('[data-testid=move-list] button .value')]"
                             ".map((v) => v.textContent)")
        want = [brute(start.play(m)) for m in start.moves()]
        assert [int(v) for v in shown] == want, example["id"]


def test_the_hook_gives_every_first_move_its_exact_value(lab: Any) -> None:
    for example in manifest_examples():
        module = load_module(example["id"], EXAMPLES / f"{example['id']}.py")
        start = module.start(example["sample"])
        result = lab_solve(lab, example["code"], example["sample"])
        assert result["ok"], result
        assert result["value"] == brute(start)
        assert len(result["frames"]) == len(result["moves"]) + 1
        assert lab.evaluate("pixelJudge.state().steps") == len(result["frames"])
        first = result["frames"][0]["values"]
        assert [v["value"] for v in first] == [brute(start.play(m)) for m in start.moves()]
        assert result["stats"]["positions"] > 0


@pytest.mark.parametrize("source", ["inline", "tests/lab/deep.py"])
def test_a_line_3000_plies_deep_solves_in_the_page(lab: Any, source: str) -> None:
    code = DEEP if source == "inline" else (ROOT / source).read_text(encoding="utf-8")
    module = module_of(code)
    result = lab_solve(lab, code, "3000")
    assert result["ok"], result
    assert result["value"] == brute(module.start("3000"))
    assert len(result["moves"]) == 3000
    assert lab.evaluate("pixelJudge.state().steps") == 3001


def test_the_lab_games_raising_line_is_named_and_marked(lab: Any) -> None:
    code = (ROOT / "tests" / "lab" / "raises.py").read_text(encoding="utf-8")
    line = 1 + next(k for k, text in enumerate(code.splitlines()) if "# RAISES" in text)
    result = lab_solve(lab, code, "7")
    assert not result["ok"] and result["error"]["line"] == line, result
    assert f"line {line}" in lab.text_content("[data-testid=lab-error]")
    assert lab.get_attribute("[data-testid=lab-error]", "data-line") == str(line)


def module_of(code: str) -> ModuleType:
    module = ModuleType("lab_rules")
    sys.modules["lab_rules"] = module
    exec(compile(code, "lab_rules.py", "exec"), module.__dict__)  # noqa: S102 (the test's own rules)
    return module


def test_an_exception_names_its_line_and_marks_it(lab: Any) -> None:
    result = lab_solve(lab, RAISES, "5")
    assert not result["ok"] and result["error"]["type"] == "RulesError", result
    assert result["error"]["line"] == RAISES_LINE
    assert "ZeroDivisionError" in result["error"]["message"]
    shown = lab.text_content("[data-testid=lab-error]")
    assert f"line {RAISES_LINE}" in shown and "ZeroDivisionError" in shown
    marked = lab.evaluate("[...document.querySelector('[data-testid=lab-editor]').shadowRoot"
                          ".querySelectorAll('.cm-line')]"
                          ".findIndex((l) => l.classList.contains('cm-errorLine'))")
    assert marked + 1 == RAISES_LINE


def test_endless_rules_stop_at_the_positions_limit(lab: Any) -> None:
    lab.fill("[data-testid=lab-limit]", "20000")
    try:
        result = lab_solve(lab, ENDLESS, "")
    finally:
        lab.fill("[data-testid=lab-limit]", "2000000")
    assert not result["ok"] and result["error"]["type"] == "LimitError", result
    assert "20000" in result["error"]["message"].replace(",", "")
    assert not lab.is_hidden("[data-testid=lab-error]")


def test_a_users_move_is_answered_through_the_runner_and_marked(lab: Any) -> None:
    example = manifest_examples()[0]
    module = load_module(example["id"], EXAMPLES / f"{example['id']}.py")
    start = module.start(example["sample"])
    result = lab_solve(lab, example["code"], example["sample"])
    assert result["ok"], result
    lab.evaluate("(k) => { const s = document.querySelector('[data-testid=scrubber]');"
                 " s.value = String(k); s.dispatchEvent(new Event('input')); }", 0)
    wait_js(lab, "pixelJudge.state().step === 0")
    values = result["frames"][0]["values"]
    # A move that is not the line's first: the engine answers it in a new line from here.
    other = next(v for v in values if v["move"] != result["frames"][1]["event"]["move"])
    lab.click(f"[data-testid=move-list] button[data-move='{other['move']}']")
    wait_js(lab, "pixelJudge.state().moves.length === 1"
            f" && pixelJudge.state().moves[0] === {other['move']!r}",
            SOLVE_MS)
    frames_now = lab.evaluate("pixelJudge.state().steps")
    after = start.play(start.moves()[values.index(other)])
    assert lab.evaluate("pixelJudge.state().step") >= 1
    assert frames_now >= 2
    analysis = lab.evaluate("pixelJudge.state().analysis")
    assert [a["move"] for a in analysis] == [other["move"]]
    # Its loss is the difference of the exact values the brute force gives.
    best = brute(start)
    assert abs(best - brute(after)) == (analysis[0].get("loss") or 0)


def test_lab_code_that_tries_the_sites_storage_changes_nothing(lab: Any) -> None:
    snoop = ("import js\n"
             "def start(text):\n"
             "    for name in ('localStorage', 'sessionStorage'):\n"
             "        try:\n"
             "            getattr(js, name).setItem('pixelJudge.v1', 'owned')\n"
             "        except Exception:\n"
             "            pass\n"
             "    raise ValueError('no game here')\n")
    before = lab.evaluate(OTHER_STORAGE)
    result = lab_solve(lab, snoop, "")
    assert not result["ok"] and result["error"]["type"] == "InputError", result
    after = lab.evaluate(OTHER_STORAGE)
    assert after == before
    kept = json.loads(lab.evaluate("localStorage.getItem('pixelJudge.lab.v1')"))
    assert kept == {"code": snoop, "input": ""}


def test_progress_shows_while_solving_and_cancel_stops_it(lab: Any) -> None:
    lab.fill("[data-testid=lab-limit]", "100000000")
    try:
        runs = lab.evaluate("pixelJudge.state().lab.runs")
        lab.evaluate("([c, t]) => { pixelJudge.labSolve(c, t, {limitMs: 120000}); }", [ENDLESS, ""])
        wait_js(lab, f"pixelJudge.state().lab.runs > {runs} && pixelJudge.state().lab.solving")
        # Positions searched and seconds, while it runs (the search reports every ~32k positions).
        wait_js(lab, "/[1-9][0-9,]* positions searched/.test("
                     "document.querySelector('[data-testid=lab-status]').textContent)", 60_000)
        lab.focus("[data-testid=lab-cancel]")
        lab.keyboard.press("Enter")
        wait_js(lab, "!pixelJudge.state().lab.solving", 5_000)
        assert lab.text_content("[data-testid=lab-status]") == "Cancelled."
        assert lab.is_disabled("[data-testid=lab-cancel]")
    finally:
        lab.fill("[data-testid=lab-limit]", "2000000")
