"""House of Cards against its C++ oracle: CPU time per judge file, the CLI against g++ -O2.

The oracle (``house_of_cards.cpp`` beside this file) is a plain alpha-beta in C++ with no
transposition table, written for this benchmark from the rules.  For each file of hard M = 13
decks (the judge file ``gen-h2-1``, five decks, and the twelve files of ``hard/``, five decks
each, kept so that the figures stay comparable from one engine to the next) both programs solve
the file; their answers must agree with the one beside it, and their CPU time (user + system of the
child process) is taken ``REPEATS`` times, alternating the two.  Each program's start-up (the
interpreter, the imports and the tables for the CLI; the process for the oracle) is measured the
same way on an input with nothing to search and subtracted.  The figure is the median per file.

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
REPEATS = 5
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


def cpu_run(command: list[str], text: str) -> tuple[float, str]:
    """CPU seconds (user + system) of one run of ``command`` on ``text``, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, input=text, capture_output=True, text=True, check=True,
                         cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT))).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def figures(out_dir: Path, repeats: int = REPEATS, *, echo: bool = True) -> dict[str, Any]:
    oracle = build_oracle(out_dir)
    cli = [sys.executable, "-m", "py_engines", "house_of_cards"]
    cc = [str(oracle)]
    files = hard_files()
    start_py: list[float] = []
    start_cc: list[float] = []
    rows = []
    if echo:
        print("== house_of_cards against the C++ oracle: hard M = 13 decks, CPU time per file "
              f"(median of {repeats}), start-up subtracted")
        print(f"{'file':28s} {'CPython CLI':>12s} {'C++ -O2':>10s} {'ratio':>7s}")
    for label, path in files:
        text = path.read_text()
        expected = path.with_suffix(".ans").read_text()
        py_runs, cc_runs = [], []
        for _ in range(repeats):
            seconds, out = cpu_run(cli, text)
            if out != expected:
                raise SystemExit(f"{label}: the engine's answer differs from {path.name}'s")
            py_runs.append(seconds)
            seconds, out = cpu_run(cc, text)
            if out != expected:
                raise SystemExit(f"{label}: the oracle's answer differs from {path.name}'s")
            cc_runs.append(seconds)
            start_py.append(cpu_run(cli, TRIVIAL)[0])
            start_cc.append(cpu_run(cc, EMPTY)[0])
        rows.append({"file": label, "cases": len(expected.splitlines()),
                     "py_s": statistics.median(py_runs), "cc_s": statistics.median(cc_runs)})
    py0, cc0 = statistics.median(start_py), statistics.median(start_cc)
    for row in rows:
        row["py_ms"] = round((row.pop("py_s") - py0) * 1000, 1)
        row["cc_ms"] = round((row.pop("cc_s") - cc0) * 1000, 1)
        row["ratio"] = round(row["py_ms"] / row["cc_ms"], 3) if row["cc_ms"] > 0 else None
        if echo:
            print(f"{row['file']:28s} {row['py_ms']:9.1f} ms {row['cc_ms']:7.1f} ms "
                  f"{row['ratio']:6.2f}x")
    ratios = [r["ratio"] for r in rows if r["ratio"] is not None]
    summary = {"median_ratio": statistics.median(ratios), "min_ratio": min(ratios),
               "max_ratio": max(ratios), "startup_py_ms": round(py0 * 1000, 1),
               "startup_cc_ms": round(cc0 * 1000, 1), "files": rows}
    if echo:
        print(f"ratio median {summary['median_ratio']:.2f}x (from {summary['min_ratio']:.2f}x to "
              f"{summary['max_ratio']:.2f}x; target <= 1x); start-up subtracted: CLI "
              f"{summary['startup_py_ms']:.1f} ms, oracle {summary['startup_cc_ms']:.1f} ms")
    return summary


if __name__ == "__main__":
    figures(ROOT / "build" / "oracle")
