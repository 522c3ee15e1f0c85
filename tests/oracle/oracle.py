"""House of Cards against its C++ oracle: CPU time per judge file, the CLI against g++ -O2.

The oracle (``house_of_cards.cpp`` beside this file) is a plain alpha-beta in C++ with no
transposition table, written for this benchmark from the rules.  For each file of hard M = 13
decks (the judge file ``gen-h2-1``, five decks, and the twelve files of ``hard/``, five decks
each, kept so that the figures stay comparable from one engine to the next) both programs solve
the file; their answers must agree with the one beside it, and their CPU time (user + system of the
child process) is taken ``REPEATS`` times, alternating the two.  Each program's start-up (the
interpreter, the imports and the tables for the CLI; the process for the oracle) is measured the
same way on an input with nothing to search, beside each file's runs, and subtracted from that
file's.  The figure is the least of the runs, for both programs and both start-ups: the machine
is shared, and other work can only add to a run's CPU time (cache misses, a slower clock), never
take from it, so the least run is the closest to what the program itself costs.  The CLI reads
its modules' bytecode from a cache (``PYTHONPYCACHEPREFIX`` in the build directory, filled by a
first run), as the oracle is compiled once: with ``PYTHONDONTWRITEBYTECODE`` set, every run would
compile the engine's sources again, 20-25 ms of a 75 ms start-up, and noisy.  (Before: the
median of five, start-ups pooled over all files, no bytecode cache; a file's work for the CLI is
10-20 ms beside that start-up, and the difference of the two medians taken under load moved a
file's ratio by up to 1x from one run to the next.)  The spread is the median run's excess over
the least, per program, start-up included.

Run by ``tests/bench.py`` (``python3 build.py bench``, or ``--oracle-only``); alone:
``python3 tests/oracle/oracle.py``.
"""
from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SOURCE = Path(__file__).with_name("house_of_cards.cpp")
JUDGE_FILE = ROOT / "tests" / "data" / "house_of_cards" / "gen-h2-1.in"
HARD = Path(__file__).with_name("hard")
HARD_FILES = 12
HARD_SEED = 1
REPEATS = 7
# Nothing to search: one M = 5 deck whose turns are all but forced, and the oracle's empty input.
TRIVIAL = "Axel\n5\n1R 2R 3R 4R 5R 5B 4B 3B 2B 1B\nEnd\n"
EMPTY = "End\n"


def build_oracle(out_dir: Path) -> Path:
    """Compiles the oracle with g++ -O2 (once per source change) and returns the binary."""
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        raise SystemExit("the House of Cards oracle needs g++ (apt-get install g++)")
    out_dir.mkdir(parents=True, exist_ok=True)
    binary = out_dir / "house_of_cards_oracle"
    if not binary.exists() or binary.stat().st_mtime < SOURCE.stat().st_mtime:
        subprocess.run([compiler, "-O2", "-o", str(binary), str(SOURCE)], check=True)
    return binary


def hard_files() -> list[tuple[str, Path]]:
    """(label, input) of the judge file and the twelve hard files kept beside this module."""
    files = [("gen-h2-1 (judge file)", JUDGE_FILE)]
    files += [(f"hard, seed {HARD_SEED}, file {k}", HARD / f"house_of_cards-{HARD_SEED}-{k}.in")
              for k in range(1, HARD_FILES + 1)]
    return files


def cpu_run(command: list[str], text: str, env: dict[str, str] | None = None) -> tuple[float, str]:
    """CPU seconds (user + system) of one run of ``command`` on ``text``, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, input=text, capture_output=True, text=True, check=True,
                         cwd=ROOT, env=env or dict(os.environ, PYTHONPATH=str(ROOT))).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def figures(out_dir: Path, repeats: int = REPEATS, *, echo: bool = True) -> dict[str, Any]:
    oracle = build_oracle(out_dir)
    cli = [sys.executable, "-m", "py_engines", "house_of_cards"]
    cc = [str(oracle)]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=str(out_dir / "pycache"))
    cpu_run(cli, TRIVIAL, env)                  # fills the bytecode cache
    files = hard_files()
    start_py: list[float] = []
    start_cc: list[float] = []
    rows = []
    if echo:
        print("== house_of_cards against the C++ oracle: hard M = 13 decks, CPU time per file "
              f"(least of {repeats}), start-up (least of {repeats} beside each file) subtracted")
        print(f"{'file':28s} {'CPython CLI':>12s} {'C++ -O2':>10s} {'ratio':>7s}   "
              "spread (CLI, C++)")
    for label, path in files:
        text = path.read_text()
        expected = path.with_suffix(".ans").read_text()
        py_runs, cc_runs, py0_runs, cc0_runs = [], [], [], []
        for _ in range(repeats):
            seconds, out = cpu_run(cli, text, env)
            if out != expected:
                raise SystemExit(f"{label}: the engine's answer differs from {path.name}'s")
            py_runs.append(seconds)
            seconds, out = cpu_run(cc, text)
            if out != expected:
                raise SystemExit(f"{label}: the oracle's answer differs from {path.name}'s")
            cc_runs.append(seconds)
            py0_runs.append(cpu_run(cli, TRIVIAL, env)[0])
            cc0_runs.append(cpu_run(cc, EMPTY)[0])
        py0, cc0 = min(py0_runs), min(cc0_runs)
        start_py.append(py0)
        start_cc.append(cc0)
        row: dict[str, Any] = {
            "file": label, "cases": len(expected.splitlines()),
            "py_ms": round((min(py_runs) - py0) * 1000, 1),
            "cc_ms": round((min(cc_runs) - cc0) * 1000, 1),
            "py_spread_ms": round((statistics.median(py_runs) - min(py_runs)) * 1000, 1),
            "cc_spread_ms": round((statistics.median(cc_runs) - min(cc_runs)) * 1000, 1)}
        row["ratio"] = round(row["py_ms"] / row["cc_ms"], 3) if row["cc_ms"] > 0 else None
        rows.append(row)
        if echo:
            print(f"{row['file']:28s} {row['py_ms']:9.1f} ms {row['cc_ms']:7.1f} ms "
                  f"{row['ratio']:6.2f}x   +{row['py_spread_ms']:.1f}, +{row['cc_spread_ms']:.1f} ms")
    ratios = [r["ratio"] for r in rows if r["ratio"] is not None]
    summary = {"median_ratio": statistics.median(ratios), "min_ratio": min(ratios),
               "max_ratio": max(ratios),
               "startup_py_ms": round(statistics.median(start_py) * 1000, 1),
               "startup_cc_ms": round(statistics.median(start_cc) * 1000, 1), "files": rows}
    if echo:
        print(f"ratio median {summary['median_ratio']:.2f}x (from {summary['min_ratio']:.2f}x to "
              f"{summary['max_ratio']:.2f}x; target <= 1x); start-up subtracted: CLI "
              f"{summary['startup_py_ms']:.1f} ms, oracle {summary['startup_cc_ms']:.1f} ms "
              f"(medians over the files, {min(start_py) * 1000:.1f}-{max(start_py) * 1000:.1f} ms "
              "for the CLI)")
    return summary


if __name__ == "__main__":
    figures(ROOT / "build" / "oracle")
