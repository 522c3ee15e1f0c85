"""C++ in the page, for tests/bench.py (`python3 build.py bench --cpp-only`): the
toolchain's first download on the wire, its load from the cache, the warm compile
time of a real solution, and a solution's run time in the page's runner against
native `g++ -O2` on the same input, in the same run (compare ratios, not times)."""
from __future__ import annotations

import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
KALAH = HERE / "kalah.cpp"
BYTE_ME = HERE / "byte_me.cpp"
RUN_INPUT = DATA / "kalah" / "gen-r2-1.in"
RUNS = 3          # runs of each program, alternated with the native ones
COMPILES = 5      # compiles of each source (the first after the load is not warm; the next still tier up)

LOAD = """async () => {
    const t0 = performance.now();
    const { cppCompiler } = await import('/js/cpp/solution-cpp.js');
    const info = await cppCompiler().load();
    return {ms: performance.now() - t0, downloaded: info.downloaded, stored: info.stored};
}"""
COMPILE = """async (source) => {
    const { cppCompiler } = await import('/js/cpp/solution-cpp.js');
    const t0 = performance.now();
    const r = await cppCompiler().compile(source);
    return {ms: performance.now() - t0, worker: r.ms, ok: r.ok, log: r.log.slice(0, 2000)};
}"""
# A runner of its own (the page's is inside the tools): the program's bytes go over
# as in a real run, and the runner reports the program's wall time.
RUN = """async ([source, input]) => {
    const { cppCompiler } = await import('/js/cpp/solution-cpp.js');
    const { Runner } = await import('/js/runner/client.js');
    window.benchRunner ??= new Runner();
    const program = await cppCompiler().compile(source);
    const r = await window.benchRunner.run('', input,
        {timeLimitMs: 120000, language: 'wasi', program: program.wasm});
    return {status: r.status, ms: r.ms, stdout: r.stdout, stderr: r.stderr.slice(0, 2000)};
}"""


def native(source: Path, folder: Path, defines: tuple[str, ...] = ()) -> Path:
    exe = folder / (source.stem + "".join(defines))
    subprocess.run(["g++", "-O2", "-std=c++17", *(f"-D{d}" for d in defines), "-o", str(exe), str(source)],
                   check=True)
    return exe


def run_native(exe: Path, data: bytes) -> tuple[float, bytes]:
    t0 = time.perf_counter()
    done = subprocess.run([str(exe)], input=data, capture_output=True, check=True)
    return (time.perf_counter() - t0) * 1000, done.stdout


def cpp_figures(browser: Any, url: str, counter: Any) -> dict[str, Any]:
    """counter: the bench's CountingHandler (its `sent` and `raw` byte counts)."""
    context = browser.new_context()
    counter.sent = counter.raw = counter.toolchain = 0
    try:
        page = context.new_page()
        page.goto(url)
        page.evaluate("pixelJudge.ready")
        page.set_default_timeout(900_000)
        # The service worker's precache first, so that only the toolchain's load is counted.
        for _ in range(3000):
            if page.evaluate("pixelJudge.state().offline === 'ready'"):
                break
            page.wait_for_timeout(100)
        # A first visit: the page and the service worker's precache, on the wire (none of it the toolchain's).
        visit = {"wire": counter.sent, "toolchain": counter.toolchain}
        counter.sent = counter.raw = 0
        first = page.evaluate(LOAD)
        wire, raw = counter.sent, counter.raw
        if not first["downloaded"]:
            raise SystemExit("bench: the first C++ load downloaded nothing (a cached toolchain?)")
        compiles: dict[str, list[float]] = {}
        for source in (KALAH, BYTE_ME):
            text = source.read_text(encoding="utf-8")
            for k in range(COMPILES):
                # A trailing blank line: the same program, a new source (the compile cache misses).
                r = page.evaluate(COMPILE, text + "\n" * (k + 1))
                if not r["ok"]:
                    raise SystemExit(f"bench: {source.name} did not compile: {r['log']}")
                compiles.setdefault(source.name, []).append(r["ms"])
        ratios = run_figures(page)
        page.reload()
        page.evaluate("pixelJudge.ready")
        cached = page.evaluate(LOAD)
        if cached["downloaded"]:
            raise SystemExit(f"bench: the second C++ load downloaded {cached['downloaded']}")
    finally:
        context.close()
    lines = {name: len((HERE / name).read_text(encoding="utf-8").splitlines()) for name in compiles}
    return {"first_visit_wire_bytes": visit["wire"], "first_visit_toolchain_bytes": visit["toolchain"],
            "load_average": os.getloadavg(), "download_wire_bytes": wire, "download_raw_bytes": raw,
            "first_load_ms": first["ms"],
            "cached_load_ms": cached["ms"], "stored": first["stored"],
            "compile_ms": {name: {"lines": lines[name], "first": ms[0], "warm": statistics.median(ms[1:])}
                           for name, ms in compiles.items()},
            "runs": ratios}


def run_figures(page: Any) -> dict[str, Any]:
    """kalah.cpp on a judge file, in the runner and natively, alternated; also with
    std::unordered_map for its memo (libc++'s node-based table under WebAssembly)."""
    data = RUN_INPUT.read_bytes()
    expected = RUN_INPUT.with_suffix(".ans").read_text(encoding="utf-8")
    out: dict[str, Any] = {"input": f"kalah/{RUN_INPUT.name}"}
    with tempfile.TemporaryDirectory() as folder:
        for label, defines in (("flat table", ()), ("std::unordered_map", ("KALAH_STD_MAP",))):
            exe = native(KALAH, Path(folder), defines)
            source = "".join(f"#define {d}\n" for d in defines) + KALAH.read_text(encoding="utf-8")
            wasm_ms, native_ms = [], []
            for _ in range(RUNS):
                ms, stdout = run_native(exe, data)
                if stdout.decode() != expected:
                    raise SystemExit(f"bench: native {label} kalah printed a wrong answer")
                native_ms.append(ms)
                r = page.evaluate(RUN, [source, data.decode()])
                if r["status"] != "ok" or r["stdout"] != expected:
                    raise SystemExit(f"bench: {label} kalah in the runner: {r['status']} {r['stderr']}")
                wasm_ms.append(r["ms"])
            med = statistics.median
            out[label] = {"runner_ms": wasm_ms, "native_ms": native_ms,
                          "ratio": med(wasm_ms) / med(native_ms)}
    return out


def report_cpp(f: dict[str, Any]) -> None:
    load = ", ".join(f"{x:.1f}" for x in f["load_average"])
    print("\n== C++ in the page (headless Chromium; the toolchain downloaded once into a new context)")
    print(f"load average            {load}   ({os.cpu_count()} cores: times are wall clock)")
    print(f"first visit             {f['first_visit_wire_bytes'] / 1e6:8.2f} MB on the wire   "
          f"(page and precache; of it the toolchain's: {f['first_visit_toolchain_bytes']} bytes)")
    print(f"first-use download      {f['download_wire_bytes'] / 1e6:8.2f} MB on the wire   "
          f"(decoded {f['download_raw_bytes'] / 1e6:.1f} MB; kept for offline use: {f['stored']})")
    print(f"toolchain first load    {f['first_load_ms']:8.0f} ms   (download, check, compile the compiler)")
    print(f"toolchain from cache    {f['cached_load_ms']:8.0f} ms   (a reload: read back, check, compile)")
    for name, c in f["compile_ms"].items():
        print(f"compile {name:15s} {c['warm']:8.0f} ms warm   ({c['lines']} lines; first after the load "
              f"{c['first']:.0f} ms, with the precompiled header's build)   target <= 3000 ms")
    runs = f["runs"]
    for label in ("flat table", "std::unordered_map"):
        r = runs[label]
        print(f"run {runs['input']} ({label}): runner {statistics.median(r['runner_ms']):7.0f} ms, "
              f"g++ -O2 {statistics.median(r['native_ms']):7.0f} ms   {r['ratio']:.2f}x native"
              "   (target <= 2x)")
