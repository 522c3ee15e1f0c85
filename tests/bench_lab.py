"""The game lab's figures for `python3 build.py bench` (also `--lab-only`; issue 32).

On the bench game (tests/lab/bench.py: four piles, take 1 to 3; 106,440 positions from its
SAMPLE, the same count in CPython and in Pyodide):
- the CLI: `python3 -m py_engines lab` (the process's wall time) and solve_lab's own time in
  CPython (stats.ms), as positions per second;
- the page: solveLab (web/js/lab/solve-lab.js) through a runner of its own, the search's own
  time inside the runner (stats.ms) and the round trip (call to checked result), with the
  interpreter booted ahead (warm, medians of WARM_RUNS, a pause before each), and the ratio
  of the page's time to the CLI's (target: within 3x);
- the first solve's cost: a new Runner's first solveLab, from the call to its result (the frame,
  the runtime handed over and compiled, the runner's snapshot, a fresh interpreter, the wheel's
  install, then the solve);
- what installing the engine's wheel costs a run (the runner's setupMs: the worker's time
  before the program): the first solve installs it then, a warm one finds it installed ahead
  by its spare interpreter; against a run without it.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "lab" / "bench.py"
WARM_RUNS = 3
PAUSE_MS = 3000

SETUP = """async () => {
  const [{ Runner }, lab] = await Promise.all([import('./js/runner/client.js'),
    import('./js/lab/solve-lab.js')]);
  window.labBench = { runner: new Runner(), lab };
  return true;
}"""

SOLVE = """async ([code, input]) => {
  const { runner, lab } = window.labBench;
  const begun = performance.now();
  const result = await lab.solveLab(runner, code, input, { limitMs: 120000 });
  const trip = performance.now() - begun;
  if (!result.ok) return { error: result.error };
  return { trip, ms: result.stats.ms, positions: result.stats.positions, value: result.value,
    setupMs: runner.setupMs };
}"""

PLAIN = """async () => {
  const { runner } = window.labBench;
  const run = await runner.run("pass\\n", "", { timeLimitMs: 10000 });
  return { status: run.status, setupMs: runner.setupMs };
}"""


def sample() -> str:
    for line in GAME.read_text(encoding="utf-8").splitlines():
        if line.startswith("SAMPLE = "):
            return str(eval(line.split("=", 1)[1]))   # a literal of the repository's own file
    raise SystemExit(f"{GAME} has no SAMPLE")


def cli_figures(text: str) -> dict[str, Any]:
    """The CLI's wall time, and solve_lab's own in this CPython (median of WARM_RUNS)."""
    sys.path.insert(0, str(ROOT))
    from py_engines.lab import solve_lab
    walls = []
    for _ in range(WARM_RUNS):
        begun = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "py_engines", "lab", str(GAME)], input=text, cwd=ROOT,
                              capture_output=True, text=True, check=True)
        walls.append((time.perf_counter() - begun) * 1000)
    value = int(done.stdout.splitlines()[0])
    runs = [solve_lab(GAME.read_text(encoding="utf-8"), text) for _ in range(WARM_RUNS)]
    return {"wall_ms": statistics.median(walls), "ms": statistics.median(r["stats"]["ms"] for r in runs),
            "positions": runs[0]["stats"]["positions"], "value": value}


def page_figures(browser: Any, url: str, text: str) -> dict[str, Any]:
    """The first solve through a new runner, then warm ones, in a page of its own."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.evaluate("pixelJudge.ready")
    page.evaluate(SETUP)
    code = GAME.read_text(encoding="utf-8")
    first = page.evaluate(SOLVE, [code, text])
    if "error" in first:
        raise SystemExit(f"bench lab solve failed: {first['error']}")
    warm = []
    for _ in range(WARM_RUNS):
        page.wait_for_timeout(PAUSE_MS)
        warm.append(page.evaluate(SOLVE, [code, text]))
    plain = []
    for _ in range(WARM_RUNS):
        page.wait_for_timeout(PAUSE_MS)
        plain.append(page.evaluate(PLAIN)["setupMs"])
    context.close()
    med = statistics.median
    return {"first_ms": first["trip"], "trip_ms": med(w["trip"] for w in warm),
            "ms": med(w["ms"] for w in warm),
            "positions": warm[0]["positions"], "value": warm[0]["value"],
            "first_setup_ms": first["setupMs"], "setup_ms": med(w["setupMs"] for w in warm),
            "plain_setup_ms": med(plain)}


def lab_figures(browser: Any, url: str) -> dict[str, Any]:
    text = sample()
    cli = cli_figures(text)
    page = page_figures(browser, url, text)
    if (cli["value"], cli["positions"]) != (page["value"], page["positions"]):
        raise SystemExit(f"the lab's page and CLI disagree: {cli} {page}")
    return {"game": GAME.relative_to(ROOT).as_posix(), "cli": cli, "page": page,
            "ratio": page["ms"] / max(cli["ms"], 1), "trip_ratio": page["trip_ms"] / max(cli["wall_ms"], 1)}


def rate(positions: int, ms: float) -> float:
    return positions / max(ms, 1) * 1000


def report_lab(f: dict[str, Any]) -> None:
    cli, page = f["cli"], f["page"]
    print(f"\n== the game lab ({f['game']}, {cli['positions']:,} positions, value {cli['value']})")
    print(f"CLI (CPython)        {cli['ms']:8.0f} ms   {rate(cli['positions'], cli['ms']):10,.0f} "
          f"positions/s   (solve_lab's own time; the CLI process {cli['wall_ms']:.0f} ms)")
    print(f"page (runner)        {page['ms']:8.0f} ms   {rate(page['positions'], page['ms']):10,.0f} "
          f"positions/s   (the search's own time in the runner; round trip {page['trip_ms']:.0f} ms)")
    print(f"page / CLI           {f['ratio']:8.2f}x   (target <= 3x; round trip / CLI process "
          f"{f['trip_ratio']:.2f}x)")
    print(f"first solve          {page['first_ms']:8.0f} ms   (a new runner: frame, runtime, snapshot, "
          "a fresh interpreter, the wheel, the solve)")
    print(f"warm solve           {page['trip_ms']:8.0f} ms   (round trip, the interpreter booted ahead, "
          f"median of {WARM_RUNS})")
    print(f"wheel install        {page['first_setup_ms'] - page['plain_setup_ms']:8.0f} ms   (the first "
          f"solve's setup {page['first_setup_ms']:.0f} ms, installing it; a warm solve's "
          f"{page['setup_ms']:.0f} ms, installed ahead; a run without it {page['plain_setup_ms']:.0f} ms)")
