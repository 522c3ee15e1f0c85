"""The benchmark behind `python3 build.py bench` (run inside .venv after a build).

Prints, for one run on this machine (compare figures within a run; absolute times are noisy):
- boot, in alternated rounds: a bare Pyodide boot (runtime only, in a module worker like ours), our
  cold boot (new browser context) and our warm boot (same context reloaded once the memory snapshot
  is stored), each navigation -> ready and as a ratio to the bare boot; the warm boot again without
  the service worker's hash check (tests/bench_checks.py), and the snapshot check's SHA-256 alone;
  the first visit's time from
  navigation to a solved sample; the bytes a cold load sends on the wire (brotli, as `serve`
  negotiates it) beside their decoded size;
- per registered game (the registry is enumerated: a new game is benchmarked with no edit here),
  for each of its judge files in tests/data/GAME and a random input at its largest options: solve
  time per case in CPython and in the browser (the engine's own per-case timing, `stats.case_ms`,
  measured inside Python in each place), nodes and table sizes where there is search, and the
  page's round trip for the whole input (request, solve, first case's frames, reply); then
  `--random N` random inputs per game at its default options;
- House of Cards against its C++ oracle (tests/oracle/: a plain alpha-beta, g++ -O2): the CLI's
  and the oracle's CPU time per file of hard M = 13 decks, start-up subtracted, and their ratio;
- CLI stress throughput: inputs per second of `stress GAME -- python3 right.py` per game;
- the page's tools: stress throughput (inputs/s through the runner, the run and the comparison),
  the cost of a run (a fresh interpreter each: the round trip back to back and spaced, and the
  fresh interpreters' boot time) and the GIF encode time of the sample with the longest play
  sequence;
- the embeddable player (also `--embed-only`; tests/bench_embed.py): its own files' bytes on the
  wire beside what it shares with the page and the engine's runtime, and its time to the first
  frame, cold and from the page's stored snapshot;
- C++ in the page (also `--cpp-only`; tests/cpp/bench_cpp.py): the toolchain's first download on
  the wire, its load from the cache, warm compile times, a solution's run time against g++ -O2;
- explore: the page's deals per second on a 2,000-deal the_game study with 1 and with 2 workers
  (after the workers booted), the longest main-thread task meanwhile, and the CLI's wall time for
  10,000 the_game deals and 1,000 sevens deals with 2 processes.
- the game lab (also `--lab-only`; tests/bench_lab.py): positions per second of its bench game in
  the page (solveLab in the runner) beside the CLI, their ratio, the first solve's cost (the
  runner's boot included), a warm solve's, and what installing the engine's wheel costs a run;
- the languages (also `--i18n-only`, no browser): the bytes English and Chinese add to a first
  visit on the wire (i18next, the i18n modules, the catalog; for Chinese the CJK face).
Writes the figures to build/bench.json too.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import time
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from py_engines import engine_names, get_engine  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
DATA = ROOT / "tests" / "data"
BOOT_RUNS = 5
WARM_PAIRS = 4   # per round: warm boots with and without the service worker's check
REPEATS = 3

BARE_PAGE = """<!doctype html><meta charset="utf-8"><title>bare boot</title>
<script type="module" src="/__bench/bare.js"></script>"""
BARE_JS = """const w = new Worker('/__bench/bare-worker.js', {type: 'module'});
window.bareReady = new Promise((res) => { w.onmessage = () => res(performance.now()); });"""
BARE_WORKER = """import { loadPyodide } from '/pyodide/pyodide.mjs';
// The runtime's lock file is served as the site's copy (wheels/); no package is loaded.
await loadPyodide({ indexURL: new URL('/pyodide/', location.href).href,
                    lockFileURL: new URL('/wheels/pyodide-lock.json', location.href).href });
postMessage('ready');"""
BENCH_FILES = {"/__bench/bare.html": ("text/html", BARE_PAGE),
               "/__bench/bare.js": ("text/javascript", BARE_JS),
               "/__bench/bare-worker.js": ("text/javascript", BARE_WORKER)}


class CountingHandler(build.SiteHandler):
    """The site's handler (with its Accept-Encoding negotiation), plus the
    bare-boot page and a count of the bytes sent and of their decoded size."""

    sent = 0
    raw = 0
    toolchain = 0   # of `sent`, the bytes of dist/toolchain/ (the C++ compiler, never a first visit's)
    lock = threading.Lock()

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in BENCH_FILES:
            kind, body = BENCH_FILES[path]
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_GET()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        plain = Path(self.translate_path(self.path))
        plain = plain / "index.html" if plain.is_dir() else plain
        with CountingHandler.lock:
            CountingHandler.sent += len(data)
            if self.path.startswith("/toolchain/"):
                CountingHandler.toolchain += len(data)
            CountingHandler.raw += plain.stat().st_size if plain.is_file() else len(data)
        outputfile.write(data)


# What the languages add to a first visit (issue 24): the files only the language machinery
# loads, as `serve` sends them (brotli where smaller).  Both languages load i18next and the
# i18n modules; English then its catalog, Chinese its catalog and the CJK face instead.  (The
# page loads the i18n modules linked into dist/app/'s pieces, buildsys/bundle.py: counted here
# as the modules themselves, compressed alone.)
I18N_COMMON = ["vendor/i18next/dist/esm/i18next.js", "js/i18n/i18n.js", "js/i18n/render.js",
               "js/i18n/lang.js", "js/i18n/dom.js", "js/page/language.js"]
I18N_LANG = {"en": ["locale/en.json"], "zh-CN": ["locale/zh-CN.json", "fonts/unifont-cjk.woff2"]}


def i18n_wire_bytes(dist: Path) -> dict[str, int]:
    """Bytes on the wire of the language files a first visit loads, per language."""
    def wire(name: str) -> int:
        plain = dist / name
        br = plain.with_name(plain.name + ".br")
        return (br if br.exists() else plain).stat().st_size
    common = sum(wire(n) for n in I18N_COMMON)
    return {lang: common + sum(wire(n) for n in files) for lang, files in I18N_LANG.items()}


def sw_words_bytes(dist: Path) -> int:
    """Bytes of the damaged page's words build.py writes into sw.js (every language), raw."""
    line = next((ln for ln in (dist / "sw.js").read_text(encoding="utf-8").splitlines()
                 if ln.startswith("const WORDS = ")), "")
    return len(line.encode("utf-8"))


def report_i18n(dist: Path) -> dict[str, int]:
    added = i18n_wire_bytes(dist)
    words = sw_words_bytes(dist)
    print(f"languages on a first visit: English +{added['en'] / 1e3:.1f} KB on the wire (target <= 60), "
          f"Chinese +{added['zh-CN'] / 1e3:.1f} KB (target <= 250): i18next, the i18n modules, the "
          f"catalog (and for Chinese the CJK face); sw.js also carries the damaged page's words "
          f"({words / 1e3:.1f} KB before compression, both languages)")
    return {**added, "sw_words_raw": words}


def summary(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values):8.2f} ms   max {max(values):8.2f} ms"


def cpython_cases(game: str, text: str) -> tuple[list[float], dict[str, Any]]:
    """Per-case solve times (median of REPEATS fresh solves) and the last stats."""
    engine = get_engine(game)
    runs, stats = [], {}
    for _ in range(REPEATS):
        result = engine.solve(engine.parse(text))
        runs.append(result.stats["case_ms"])
        stats = result.stats
    return [statistics.median(col) for col in zip(*runs, strict=True)], stats


def browser_cases(page: Any, game: str, text: str) -> tuple[list[float], dict[str, Any], float]:
    runs, stats, trips = [], {}, []
    for k in range(REPEATS):
        # Trailing blank lines change the text (so the bridge's cache misses), not the problem.
        # The round trip is timed inside the page: request, solve, frames, JSON, reply.
        reply = page.evaluate("""async ([g, t]) => {
            const t0 = performance.now();
            const r = await pixelJudge.solve(g, t);
            return {ok: r.ok, error: r.error, stats: r.stats, trip: performance.now() - t0};
        }""", [game, text + "\n" * (k + 1)])
        trips.append(reply["trip"])
        if not reply["ok"]:
            raise SystemExit(f"{game}: browser solve failed: {reply['error']}")
        runs.append(reply["stats"]["case_ms"])
        stats = reply["stats"]
    return [statistics.median(col) for col in zip(*runs, strict=True)], stats, statistics.median(trips)


def boot_figures(browser: Any, url: str) -> dict[str, Any]:
    """Alternated runs of: a bare Pyodide boot; our cold boot (a new browser
    context: empty caches, no snapshot); our warm boot (the same context reloaded
    once its snapshot is stored and the site precached); the same warm boot without the
    service worker's check (bench_checks.py: a copy of the site on another origin, one
    context reloaded every round). Each in ms from navigation. Both warm boots include
    the snapshot's check, whose SHA-256 is also timed alone."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import wait_js  # polls page.evaluate (the page's CSP forbids eval)
    import bench_checks
    bare, cold, warm, wire, raw, solved, snapshot_ms = [], [], [], [], [], [], []
    phases: dict[str, list[dict[str, float]]] = {"cold": [], "warm": []}
    checked: list[float] = []
    unchecked: list[float] = []
    check_cost: list[float] = []
    sw_hashed: list[dict[str, float]] = []
    first = next(g for g in json.loads((DIST / "manifest.json").read_text())["games"] if g["samples"])
    copy = bench_checks.unchecked_site(DIST, build.CACHE / "bench-unchecked")
    copy_server, copy_url = bench_checks.serve(copy, build.SiteHandler)
    nocheck_context = browser.new_context()
    nocheck = nocheck_context.new_page()
    nocheck.goto(copy_url)
    nocheck.evaluate("pixelJudge.ready")
    wait_js(nocheck, "pixelJudge.state().snapshot === 'stored' && pixelJudge.state().offline === 'ready'",
            600_000)
    # One discarded round first: the browser process's own start-up costs land there.
    for run in range(BOOT_RUNS + 1):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url + "__bench/bare.html")
        took = page.evaluate("window.bareReady")
        context.close()
        if run:
            bare.append(took)

        context = browser.new_context()
        page = context.new_page()
        CountingHandler.sent = CountingHandler.raw = 0
        page.goto(url)
        page.evaluate("pixelJudge.ready")
        took = page.evaluate(READY_AT)
        cold_phases = page.evaluate(PHASES)
        sent, plain = CountingHandler.sent, CountingHandler.raw
        # First visit: the first sample, solved through the page as a user does.
        page.select_option("[data-testid=game]", first["name"])
        page.click("[data-testid=sample]")
        page.click("[data-testid=solve]")
        done = wait_js(page, "document.querySelector('[data-testid=answer]').textContent.length > 0"
                        " && !pixelJudge.state().solving && performance.now()")
        wait_js(page, "pixelJudge.state().snapshot === 'stored' && pixelJudge.state().offline === 'ready'",
                600_000)
        page.reload()
        page.evaluate("pixelJudge.ready")
        again = page.evaluate(READY_AT)
        warm_phases = page.evaluate(PHASES)
        kind = page.evaluate("pixelJudge.state().boot")
        hashed = bench_checks.sw_checked(page)
        check = bench_checks.snapshot_check(page)
        # Warm boots with and without the service worker's check, in alternated pairs.
        pairs = []
        for k in range(WARM_PAIRS):
            pair = {}
            for label, tab in (("checked", page), ("unchecked", nocheck))[:: 1 if k % 2 else -1]:
                tab.reload()
                tab.evaluate("pixelJudge.ready")
                pair[label] = tab.evaluate(READY_AT)
                if tab.evaluate("pixelJudge.state().boot") != "snapshot":
                    kind = "not snapshot"
            pairs.append(pair)
        context.close()
        if kind != "snapshot":
            raise SystemExit(f"the warm boot did not use the snapshot ({kind})")
        if run:
            cold.append(took)
            warm.append(again)
            phases["cold"].append(cold_phases)
            phases["warm"].append(warm_phases)
            unchecked += [p["unchecked"] for p in pairs]
            checked += [p["checked"] for p in pairs]
            check_cost += [p["checked"] - p["unchecked"] for p in pairs]
            sw_hashed.append(hashed)
            snapshot_ms.append(check["ms"])
            wire.append(sent)
            raw.append(plain)
            solved.append(done)
    nocheck_context.close()
    copy_server.shutdown()
    copy_server.server_close()
    med = statistics.median
    return {"bare_ms": med(bare), "cold_ms": med(cold), "warm_ms": med(warm),
            "cold_ratio": med(cold) / med(bare), "warm_ratio": med(warm) / med(bare),
            "warm_checked_ms": med(checked), "warm_unchecked_ms": med(unchecked),
            "warm_unchecked_ratio": med(unchecked) / med(bare), "check_cost_ms": med(check_cost),
            "sw_files": med([h["files"] for h in sw_hashed]),
            "sw_bytes": med([h["bytes"] for h in sw_hashed]),
            "sw_hash_ms": med([h["ms"] for h in sw_hashed]),
            "snapshot_check_ms": med(snapshot_ms), "snapshot_bytes": check["bytes"],
            "first_solved_ms": med(solved), "first_sample": first["samples"][0]["name"],
            "wire_bytes": med(wire), "raw_bytes": med(raw),
            "phases": {kind: median_phases(runs) for kind, runs in phases.items()},
            "runs": {"bare": bare, "cold": cold, "warm": warm, "warm checked": checked,
                     "warm unchecked": unchecked}}


# When each phase of the page's engine boot ended, in ms from navigation: the page
# started the worker (page:worker), the worker's modules ran (engine:start), the
# runtime's script was in (boot:script), the wasm compiled (boot:wasm-compiled), the
# snapshot was read, checked and unpacked (boot:snapshot-checked), the runtime was up
# (boot:restored on a snapshot boot, engine:engine on any), the bridge was set
# (engine:ready), and the page heard it (page:ready).
# A boot ends when the page hears its engine is ready (page/boot.js marks it), as the bare
# boot ends when its page hears the worker: not after one more round trip of this driver.
READY_AT = "performance.getEntriesByName('page:ready')[0]?.startTime ?? performance.now()"
PHASES = f"""() => ({{ 'page:worker': performance.getEntriesByName('page:worker')[0]?.startTime,
    ...(pixelJudge.state().bootMarks || {{}}), 'page:ready': {READY_AT} }})"""


def median_phases(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each phase's median over the runs that have it, in the order they end."""
    names = {name for run in runs for name, ms in run.items() if ms is not None}
    out = {name: statistics.median(run[name] for run in runs if run.get(name) is not None)
           for name in names if name != "engine:runtime"}
    return dict(sorted(out.items(), key=lambda item: item[1]))


def largest_options(engine: Any) -> dict[str, Any]:
    """Every numeric random_input knob at its maximum (the hardest random input)."""
    return {o.name: o.maximum for o in engine.random_options if o.maximum is not None}


def workloads() -> list[tuple[str, str, str]]:
    """(game, label, text) for every registered game: each judge file in tests/data/GAME, and
    a random input at the largest options where the game has any."""
    out = []
    for game in engine_names():
        for path in sorted((DATA / game).glob("*.in")):
            out.append((game, path.stem, path.read_text()))
        engine = get_engine(game)
        largest = largest_options(engine)
        if largest:
            knobs = ", ".join(f"{k}={v}" for k, v in largest.items())
            out.append((game, f"random, {knobs} (seed 1)", engine.random_input(1, **largest)))
    return out


def random_inputs(game: str, n: int) -> list[str]:
    engine = get_engine(game)
    return [engine.random_input(seed, **engine.options_with_defaults({})) for seed in range(n)]


EXPLORE_DEALS = 2000
# Longest main-thread tasks (the Long Tasks API reports those over 50 ms) while exploring.
LONG_TASKS = """window.__longest = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries())
  window.__longest = Math.max(window.__longest, e.duration); }).observe({type: 'longtask'});"""


def explore_browser(page: Any) -> dict[str, Any]:
    page.evaluate("pixelJudge.explore('the_game', {deals: 8, seed: 0, workers: 2})")  # boot both
    page.evaluate(LONG_TASKS)
    rates = {}
    for workers in (1, 2):
        result = page.evaluate("(w) => pixelJudge.explore('the_game', {study: 'random_decks', "
                               f"deals: {EXPLORE_DEALS}, seed: 1, workers: w}})", workers)
        rates[workers] = result["deals_per_s"]
    longest = page.evaluate("window.__longest")
    return {"deals": EXPLORE_DEALS, "one_worker_deals_per_s": rates[1],
            "two_workers_deals_per_s": rates[2], "ratio": rates[2] / rates[1],
            "longest_main_thread_task_ms": longest}


def explore_cli(game: str, deals: int) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "py_engines", "explore", game, "--deals", str(deals),
                    "--seed", "1", "--workers", "2", "--json"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def explore_figures(page: Any) -> dict[str, Any]:
    print(f"\n== explore: a {EXPLORE_DEALS:,}-deal the_game study in the page (after boot)")
    web = explore_browser(page)
    print(f"1 worker            {web['one_worker_deals_per_s']:8.1f} deals/s")
    print(f"2 workers           {web['two_workers_deals_per_s']:8.1f} deals/s   "
          f"ratio {web['ratio']:.2f}x (target >= 1.6x)")
    print(f"longest main-thread task {web['longest_main_thread_task_ms']:5.0f} ms (target <= 50 ms; "
          "0: none over 50 ms)")
    cli = {"the_game_10000_s": explore_cli("the_game", 10_000),
           "sevens_1000_s": explore_cli("sevens", 1_000)}
    print("== explore: CLI with 2 processes (wall time)")
    print(f"10,000 the_game deals {cli['the_game_10000_s']:7.1f} s (target < 60 s)")
    print(f" 1,000 sevens deals   {cli['sevens_1000_s']:7.1f} s (target < 60 s)")
    return {"browser": web, "cli": cli}


STRESS_PROGRAM = """import sys
sys.path.insert(0, %r)
from py_engines import solve_text
sys.stdout.write(solve_text(sys.argv[1], sys.stdin.read()))
"""


def stress_figures(count: int) -> dict[str, Any]:
    """CLI stress throughput: `stress GAME --count N -- python3 right.py GAME` per game, wall time.

    The program under test is a right one (it calls the engine), so every input is run and
    checked; its own start-up (a Python interpreter per input) is part of the figure, as it
    is for a user's program."""
    import tempfile
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        prog = Path(tmp) / "right.py"
        prog.write_text(STRESS_PROGRAM % str(ROOT))
        for game in engine_names():
            start = time.perf_counter()
            res = subprocess.run([sys.executable, "-m", "py_engines", "stress", game, "--count",
                                  str(count), "--", sys.executable, str(prog), game],
                                 cwd=tmp, capture_output=True, text=True,
                                 env=dict(os.environ, PYTHONPATH=str(ROOT)))
            secs = time.perf_counter() - start
            ok = res.returncode == 0
            out[game] = {"inputs": count, "seconds": round(secs, 3),
                         "inputs_per_second": round(count / secs, 2), "passed": ok}
            print(f"{game:16s} {count:4d} inputs in {secs:6.2f} s   {count / secs:6.2f} inputs/s"
                  + ("" if ok else f"   FAILED: {(res.stdout + res.stderr)[-300:]}"))
    return out


STRESS_COUNT = 60


def embed_bench(browser: Any, url: str) -> dict[str, Any]:
    """The embed's bytes and first frame (tests/bench_embed.py), printed and returned."""
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    import bench_embed
    figures: dict[str, Any] = bench_embed.embed_figures(browser, url, DIST)
    bench_embed.report_embed(figures)
    return figures


def cpp_bench() -> Any:
    """tests/cpp/bench_cpp.py, imported when its figures are asked for (a scratch copy of the
    repository, as the toy-game test makes, has no tests/cpp/)."""
    sys.path.insert(0, str(ROOT / "tests" / "cpp"))
    import bench_cpp  # noqa: E402 - beside this file, not a package
    return bench_cpp


def one_part(args: argparse.Namespace, browser: Any, url: str) -> bool:
    """The embed's or the lab's figures alone, when one of them is asked for."""
    if args.embed_only:
        embed_bench(browser, url)
    elif args.lab_only:
        lab = lab_bench()
        lab.report_lab(lab.lab_figures(browser, url))
    return bool(args.embed_only or args.lab_only)


def lab_bench() -> Any:
    """tests/bench_lab.py, the game lab's figures."""
    sys.path.insert(0, str(ROOT / "tests"))
    import bench_lab  # noqa: E402 - beside this file, not a package
    return bench_lab


def oracle_figures() -> dict[str, Any]:
    """House of Cards' CLI against the C++ oracle, per file (tests/oracle/oracle.py)."""
    sys.path.insert(0, str(ROOT / "tests" / "oracle"))
    import oracle  # noqa: E402 - beside this file, not a package
    result: dict[str, Any] = oracle.figures(build.CACHE / "oracle")
    return result


def tool_figures(page: Any) -> dict[str, Any]:
    """The page's stress loop over generated byte_me inputs (a table-lookup 'solution'
    that passes them all, so every input is run and compared), and the GIF export of
    the sample whose play sequence is longest, at 1x and 2x."""
    tests = page.evaluate("(n) => pixelJudge.generate('byte_me', {seed: 1, count: n, mode: 'random'})",
                          STRESS_COUNT)
    table = {t["input"]: t["answer"] for t in tests}
    code = f"import sys\nA = {table!r}\nsys.stdout.write(A.get(sys.stdin.read(), ''))\n"
    page.select_option("[data-testid=game]", "byte_me")
    page.click("[data-testid=tool-solution]")
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    page.fill("[data-testid=stress-seed]", "1")
    page.fill("[data-testid=stress-count]", str(STRESS_COUNT))
    page.fill("[data-testid=solution-limit]", "10")
    page.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 60000})",
                  [code, tests[0]["input"]])   # the sandbox is booted before timing
    page.click("[data-testid=solution-stress]")
    page.wait_for_selector("[data-testid=solution-stress]:not([disabled])", timeout=300_000)
    status = page.text_content("[data-testid=solution-status]")
    if not status.startswith(f"All {STRESS_COUNT} inputs passed"):
        raise SystemExit(f"bench stress run failed: {status}")
    rate = float(page.get_attribute("#tool-panel-solution", "data-rate"))

    longest = max(((g["name"], s["name"], s["text"]) for g in page.evaluate("pixelJudge.games()")
                   for s in build.samples(g["name"])),
                  key=lambda item: len(page.evaluate("([g, t]) => pixelJudge.solve(g, t)",
                                                     [item[0], item[2]])["frames"]))
    game, name, text = longest
    page.select_option("[data-testid=game]", game)
    page.fill("[data-testid=input]", text)
    page.click("[data-testid=solve]")
    # (the CSP forbids eval, so poll rather than wait_for_function)
    for _ in range(600):
        if page.evaluate("pixelJudge.state().steps > 0 && !pixelJudge.state().solving"):
            break
        page.wait_for_timeout(100)
    gif = {}
    for scale in (1, 2):
        gif[scale] = page.evaluate("""async (scale) => {
            const t0 = performance.now();
            const r = await pixelJudge.exportGif({scale});
            return {ms: performance.now() - t0, frames: r.frames, bytes: r.base64.length * 3 / 4};
        }""", scale)
    return {"stress_inputs_per_s": rate, "stress_count": STRESS_COUNT,
            "gif": {"sample": f"{game}/{name}", **{f"{k}x": v for k, v in gif.items()}},
            "runner": runner_figures(page, code, tests[0]["input"])}


RUNNER_RUNS = 12


def runner_figures(page: Any, code: str, text: str) -> dict[str, Any]:
    """What a run costs: a right byte_me program run RUNNER_RUNS times back to back through
    pixelJudge.runSolution (each run a fresh interpreter: the page's round trip, start to
    verdict, and the program's own time), then, with a pause before each run (its fresh
    interpreter booted ahead), the same; and the fresh interpreters' boot times as the
    runner reports them (state().runner.boots, where the page has a runner)."""
    page.select_option("[data-testid=game]", "byte_me")
    call = """async ([c, i]) => {
        const t0 = performance.now();
        const r = await pixelJudge.runSolution(c, i, {timeLimitMs: 60000});
        return {trip: performance.now() - t0, ms: r.ms, verdict: r.verdict};
    }"""
    back_to_back, spaced = [], []
    for runs, pause in ((back_to_back, 0), (spaced, 3000)):
        for _ in range(RUNNER_RUNS):
            page.wait_for_timeout(pause)
            r = page.evaluate(call, [code, text])
            if r["verdict"] != "accepted":
                raise SystemExit(f"bench runner run failed: {r}")
            runs.append(r)
    state = page.evaluate("pixelJudge.state().runner || null")
    boots = [b["ms"] for b in state["boots"]] if state else []
    med = statistics.median
    return {"back_to_back_trip_ms": med([r["trip"] for r in back_to_back]),
            "spaced_trip_ms": med([r["trip"] for r in spaced]),
            "program_ms": med([r["ms"] for r in back_to_back + spaced]),
            "fresh_boot_ms": med(boots) if boots else None, "boots": len(boots)}


def report_tools(page: Any) -> dict[str, Any]:
    tools = tool_figures(page)
    print("\n== tools on the page")
    print(f"stress throughput   {tools['stress_inputs_per_s']:8.1f} inputs/s   "
          f"({tools['stress_count']} byte_me inputs: sandbox run + comparison)")
    run = tools["runner"]
    print(f"per run, back to back {run['back_to_back_trip_ms']:6.0f} ms   (runSolution round trip: a fresh "
          "interpreter, the run, the verdict)")
    print(f"per run, spaced       {run['spaced_trip_ms']:6.0f} ms   (3 s apart: the fresh interpreter "
          f"booted ahead; the program itself {run['program_ms']:.1f} ms)")
    if run["fresh_boot_ms"] is not None:
        print(f"fresh interpreter     {run['fresh_boot_ms']:6.0f} ms   (median boot from the runner's "
              f"snapshot, {run['boots']} boots)")
    for scale in ("1x", "2x"):
        g = tools["gif"][scale]
        print(f"GIF export {scale}       {g['ms']:8.0f} ms   {g['frames']} frames of "
              f"{tools['gif']['sample']}, {g['bytes'] / 1e3:.0f} KB")
    return tools


def game_figures(page: Any, figures: dict[str, Any], random_count: int, *, only: str | None = None,
                 tools: bool = False) -> None:
    """Per registered game (or ``only`` one): each judge file and the largest random input, then
    ``random_count`` random inputs, in CPython and in the page; the page's tools in between."""
    current = None
    for game, label, text in workloads():
        if only and game != only:
            continue
        if game != current:
            print(f"\n== {game}: per-case solve time (engine timing inside Python)")
            current = game
        cpy, cstats = cpython_cases(game, text)
        web, wstats, trip = browser_cases(page, game, text)
        entry = {"cases": len(cpy), "cpython_ms": cpy, "browser_ms": web,
                 "browser_round_trip_ms": trip,
                 "nodes": cstats.get("nodes"), "table": cstats.get("table"),
                 "table_bytes": cstats.get("table_bytes")}
        figures["games"].setdefault(game, {})[label] = entry
        extra = ""
        if cstats.get("table") is not None:
            extra = f"   nodes {cstats['nodes']:,}   table {cstats['table']:,}"
            if cstats.get("table_bytes"):
                extra += f" ({cstats['table_bytes'] / 1e6:.2f} MB)"
        print(f"{label:40s} {len(cpy):3d} case(s)")
        print(f"    CPython  {summary(cpy)}   total {sum(cpy):8.2f} ms{extra}")
        print(f"    browser  {summary(web)}   total {sum(web):8.2f} ms   round trip {trip:7.1f} ms")
    if tools:
        figures["tools"] = report_tools(page)
    for game in engine_names() if random_count else ():
        if only and game != only:
            continue
        texts = random_inputs(game, random_count)
        cpy = [ms for t in texts for ms in cpython_cases(game, t)[0]]
        web = [ms for t in texts for ms in browser_cases(page, game, t)[0]]
        figures["games"].setdefault(game, {})["random"] = {
            "inputs": len(texts), "cases": len(cpy), "cpython_ms": cpy, "browser_ms": web}
        print(f"\n== {game}: {len(texts)} random inputs (default options, seeds 0..{len(texts) - 1})")
        print(f"    CPython  {summary(cpy)}")
        print(f"    browser  {summary(web)}")


def main() -> int:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--random", type=int, default=100,
                        help="random inputs per game (default options, seeds 0..N-1)")
    parser.add_argument("--boot-only", action="store_true", help="only the boot figures")
    parser.add_argument("--explore-only", action="store_true", help="only the explore figures")
    parser.add_argument("--stress-count", type=int, default=20,
                        help="inputs per game for the CLI stress throughput")
    parser.add_argument("--stress-only", action="store_true",
                        help="only the CLI stress throughput")
    parser.add_argument("--tools-only", action="store_true", help="only the tools' figures")
    parser.add_argument("--cpp-only", action="store_true",
                        help="only C++ in the page (toolchain download, compile, run against g++)")
    parser.add_argument("--oracle-only", action="store_true",
                        help="only House of Cards against its C++ oracle")
    parser.add_argument("--embed-only", action="store_true",
                        help="only the embeddable player's figures (tests/bench_embed.py)")
    parser.add_argument("--lab-only", action="store_true", help="only the game lab's figures")
    parser.add_argument("--i18n-only", action="store_true",
                        help="only the bytes the languages add to a first visit (no browser)")
    parser.add_argument("--game", choices=engine_names(),
                        help="only this game's per-case and random figures (and, for "
                             "house_of_cards, the oracle's)")
    args = parser.parse_args()
    if args.oracle_only:
        oracle_figures()
        return 0
    if args.i18n_only:
        report_i18n(DIST)
        return 0
    if args.stress_only:
        print("== stress (CLI, random mode, a right program in Python)")
        stress_figures(args.stress_count)
        return 0

    handler = functools.partial(CountingHandler, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    figures: dict[str, Any] = {"games": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_FLAGS)
        if args.explore_only:
            page = browser.new_context().new_page()
            page.goto(url)
            page.evaluate("pixelJudge.ready")
            figures["explore"] = explore_figures(page)
            browser.close()
            server.shutdown()
            return 0
        if args.cpp_only:
            cpp = cpp_bench()
            cpp.report_cpp(cpp.cpp_figures(browser, url, CountingHandler))
            browser.close()
            server.shutdown()
            return 0
        if one_part(args, browser, url):
            browser.close()
            server.shutdown()
            return 0
        if args.tools_only:
            page = browser.new_page()
            page.goto(url)
            page.evaluate("pixelJudge.ready")
            report_tools(page)
            browser.close()
            server.shutdown()
            return 0
        if args.game:
            page = browser.new_context().new_page()
            page.goto(url)
            page.evaluate("pixelJudge.ready")
            game_figures(page, figures, args.random, only=args.game)
            browser.close()
            server.shutdown()
            if args.game == "house_of_cards":
                print()
                oracle_figures()
            return 0
        boot = boot_figures(browser, url)
        figures["boot"] = boot
        print("== boot (headless Chromium, medians of %d alternated rounds, ms from navigation)"
              % BOOT_RUNS)
        print(f"bare Pyodide boot        {boot['bare_ms']:8.0f} ms")
        print(f"our cold boot (ready)    {boot['cold_ms']:8.0f} ms   {boot['cold_ratio']:.2f}x bare"
              "   (target <= 0.5x)")
        print(f"our warm boot (snapshot) {boot['warm_ms']:8.0f} ms   {boot['warm_ratio']:.2f}x bare"
              "   (target <= 0.2x; the checks included)")
        for kind in ("warm", "cold"):
            print(f"  {kind} boot's phases, median ms from navigation: "
                  + ", ".join(f"{name} {ms:.0f}" for name, ms in boot["phases"][kind].items()))
        print(f"  the service worker's check: {boot['check_cost_ms']:+.0f} ms a warm boot (median of "
              f"{BOOT_RUNS * WARM_PAIRS} alternated pairs: {boot['warm_checked_ms']:.0f} ms with it, "
              f"{boot['warm_unchecked_ms']:.0f} ms without, {boot['warm_unchecked_ratio']:.2f}x bare)")
        print(f"  it hashed {boot['sw_files']:.0f} files, {boot['sw_bytes'] / 1e6:.1f} MB, each hash's time "
              f"summed {boot['sw_hash_ms']:.0f} ms (crypto.subtle, in the service worker)")
        print(f"  the snapshot's SHA-256 check {boot['snapshot_check_ms']:.1f} ms   "
              f"({boot['snapshot_bytes'] / 1e6:.1f} MB packed, in the page)")
        print(f"first visit to solved sample ({boot['first_sample']}) {boot['first_solved_ms']:8.0f} ms")
        print("rounds (ms): " + "; ".join(f"{kind} " + " ".join(f"{v:.0f}" for v in values)
                                         for kind, values in boot["runs"].items()))
        print(f"cold load on the wire    {boot['wire_bytes'] / 1e6:8.2f} MB   "
              f"(decoded {boot['raw_bytes'] / 1e6:.2f} MB; {boot['wire_bytes'] / 13.9e6:.2f}x the "
              "13.9 MB before compression, target <= 0.5x)")
        report_i18n(DIST)
        figures["embed"] = embed_bench(browser, url)
        if args.boot_only:
            browser.close()
            server.shutdown()
            return 0
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        page.evaluate("pixelJudge.ready")
        game_figures(page, figures, args.random, tools=True)
        figures["explore"] = explore_figures(page)
        cpp = cpp_bench()
        figures["cpp"] = cpp.cpp_figures(browser, url, CountingHandler)
        cpp.report_cpp(figures["cpp"])
        lab = lab_bench()
        figures["lab"] = lab.lab_figures(browser, url)
        lab.report_lab(figures["lab"])
        browser.close()
    server.shutdown()
    print()
    figures["house_of_cards_oracle"] = oracle_figures()
    print("\n== stress (CLI, random mode, a right program in Python)")
    figures["stress_cli"] = stress_figures(args.stress_count)
    out = build.CACHE / "bench.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=1))
    print(f"\nfigures written to {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
