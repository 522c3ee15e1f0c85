"""The benchmark's C++ oracle for House of Cards (tests/oracle/) is judge-exact, so the speed
figures it anchors compare two programs that give the same answers."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from py_engines import solve_text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "oracle"))
import oracle  # noqa: E402

DATA = ROOT / "tests" / "data" / "house_of_cards"


@pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                    reason="no C++ compiler here")
def test_the_oracle_gives_every_judge_answer_and_the_benchmarks(tmp_path):
    binary = oracle.build_oracle(tmp_path)
    files = sorted(DATA.glob("*.in")) + [path for _, path in oracle.hard_files()]
    assert len(files) == 4 + 1 + oracle.HARD_FILES
    for path in files:
        out = subprocess.run([str(binary)], input=path.read_text(), capture_output=True,
                             text=True, check=True).stdout
        assert out == path.with_suffix(".ans").read_text(), path.name


def test_the_engine_agrees_on_the_benchmark_files():
    for _, path in oracle.hard_files():
        assert solve_text("house_of_cards", path.read_text()) == path.with_suffix(".ans").read_text()
