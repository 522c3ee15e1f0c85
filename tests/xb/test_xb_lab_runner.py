"""The game lab's runner side in WebKit, Firefox and Chromium (issue 32): solveLab
(web/js/lab/solve-lab.js) through a Runner of the test's own, with the engine's wheel
installed in the run's fresh interpreter; progress during a long solve; a cancel that ends
the solve at once, then a solve that works (WebKit acts on terminate() only where Python calls
into JavaScript). Reuses test_xb.py's browsers."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import test_xb
from xb_drivers import Driver

# The set's fixtures: the same browsers as test_xb.py.
b, booted, site, whole_set, xvfb = test_xb.b, test_xb.booted, test_xb.site, test_xb.whole_set, test_xb.xvfb

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "py_engines" / "lab" / "examples"
GAMES = ROOT / "tests" / "lab"

pytestmark = pytest.mark.xb

# One solve, or (cancelAfterMs) one cancelled that many ms after its start.
SOLVE = """const [code, input, limitMs, cancelAfterMs] = arguments;
const done = arguments[arguments.length - 1];
(async () => {
  if (!window.labTest) {
    const [{ Runner }, lab] = await Promise.all([import('./js/runner/client.js'),
      import('./js/lab/solve-lab.js')]);
    window.labTest = { runner: new Runner(), lab };
  }
  const { runner, lab } = window.labTest;
  await runner.boot();
  const controller = new AbortController();
  const progress = [];
  let startedAt = 0;
  const solving = lab.solveLab(runner, code, input, { limitMs, signal: controller.signal,
    onProgress: (n) => progress.push(n), onStart: () => { startedAt = performance.now(); } });
  let cancelMs = null;
  if (cancelAfterMs) {
    while (!startedAt || performance.now() - startedAt < cancelAfterMs) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const asked = performance.now();
    controller.abort();
    await solving;
    cancelMs = performance.now() - asked;
  }
  const result = await solving;
  done({ ok: result.ok, value: result.ok ? result.value : null, moves: result.ok ? result.moves : null,
    frames: result.ok ? result.frames.length : null, error: result.ok ? null : result.error, progress,
    cancelMs });
})().catch((e) => done({ error: String(e) }));"""


def solve(driver: Driver, code: str, text: str, limit_ms: int = 60_000,
          cancel_after_ms: int = 0) -> dict[str, Any]:
    found: dict[str, Any] = driver.js_async(SOLVE, code, text, limit_ms, cancel_after_ms, timeout_s=240)
    return found


def sample_of(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("SAMPLE = "):
            return str(eval(line.split("=", 1)[1]))   # a literal of the repository's own file
    raise AssertionError(f"{path} has no SAMPLE")


def test_lab_a_worked_example_solves_to_the_clis_value_and_line(b: Driver) -> None:
    path = EXAMPLES / "coin_row.py"
    text = sample_of(path)
    done = subprocess.run([sys.executable, "-m", "py_engines", "lab", str(path)], input=text, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    value, line = done.stdout.splitlines()[:2]
    found = solve(b, path.read_text(encoding="utf-8"), text)
    assert found["ok"] is True, found
    assert (found["value"], " ".join(found["moves"])) == (int(value), line)
    assert found["frames"] == len(found["moves"]) + 1


def test_lab_progress_arrives_and_a_cancel_ends_the_solve_at_once(b: Driver) -> None:
    bench = GAMES / "bench.py"
    found = solve(b, bench.read_text(encoding="utf-8"), sample_of(bench))
    assert found["ok"] is True, found
    assert len(found["progress"]) >= 2 and found["progress"] == sorted(found["progress"])
    spin = GAMES / "spin.py"
    cancelled = solve(b, spin.read_text(encoding="utf-8"), "1", cancel_after_ms=500)
    assert cancelled["error"]["type"] == "Cancelled", cancelled
    assert cancelled["cancelMs"] <= 200
    path = EXAMPLES / "take_away.py"
    after = solve(b, path.read_text(encoding="utf-8"), sample_of(path))
    assert after["ok"] is True, after
