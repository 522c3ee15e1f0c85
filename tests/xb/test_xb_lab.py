"""The game lab (issue 32) in WebKit (WebKitGTK), Firefox ESR and Chromium: a shipped
example solves through pixelJudge.labSolve to the value a plain minimax computes here,
with one step per frame, and a lab link opens as a proposal that runs nothing until
Keep, then solves.  The browsers and the site are test_xb.py's fixtures (run with -k)."""
from __future__ import annotations

import importlib.util
import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from test_xb import DIST, Driver, b, booted, site, wait_ready, whole_set, xvfb  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "py_engines" / "lab" / "examples"
SOLVE_S = 240


def example(index: int = 0) -> dict[str, str]:
    data = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    return dict(data["lab"]["examples"][index])


def brute_value(entry: dict[str, str]) -> int:
    """The example's value by a plain recursive minimax over its module, memoised by key()."""
    spec = importlib.util.spec_from_file_location(f"xb_lab_{entry['id']}", EXAMPLES / f"{entry['id']}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # dataclasses look their module up there
    spec.loader.exec_module(module)
    start = module.start(entry["sample"])
    seen = {start.key(): start}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))

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

    return value(start.key())


def lab_solve(page: Driver, code: str, text: str) -> dict[str, Any]:
    result: dict[str, Any] = page.js_async(
        "pixelJudge.labSolve(arguments[0], arguments[1], {limitMs: 120000}).then(arguments[2]);",
        code, text, timeout_s=SOLVE_S)
    return result


def test_a_lab_example_solves_to_its_value_with_a_step_per_frame(b: Driver) -> None:  # noqa: F811 (test_xb's fixture)
    entry = example(0)
    result = lab_solve(b, entry["code"], entry["sample"])
    assert result["ok"], result
    assert result["value"] == brute_value(entry)
    assert len(result["frames"]) == len(result["moves"]) + 1
    assert b.state()["steps"] == len(result["frames"])
    answer = b.js("return document.querySelector('[data-testid=answer]').textContent;")
    assert answer.split("\n")[0] == str(result["value"])


def test_a_lab_link_is_a_proposal_and_solves_after_keep(b: Driver) -> None:  # noqa: F811 (test_xb's fixture)
    entry = example(1)
    solved = lab_solve(b, entry["code"], entry["sample"])
    assert solved["ok"], solved
    link = b.js_async("pixelJudge.shareLink().then(arguments[0]);")
    assert "g=lab" in link
    b.goto("about:blank")
    b.goto(link)
    wait_ready(b)
    b.wait("pixelJudge.state().lab && !document.querySelector('[data-testid=lab-proposal]').hidden", 90)
    assert b.state()["lab"]["runs"] == 0
    assert b.state()["steps"] == 0
    b.click("[data-testid=lab-keep]")
    b.wait(f"pixelJudge.state().steps === {len(solved['frames'])}", SOLVE_S)
    answer = b.js("return document.querySelector('[data-testid=answer]').textContent;")
    assert answer.split("\n")[0] == str(solved["value"]) == str(brute_value(entry))
