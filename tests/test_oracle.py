"""The benchmark's C++ oracle for House of Cards (tests/oracle/) is judge-exact, so the speed
figures it anchors compare two programs that give the same answers."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "oracle"))
import oracle  # noqa: E402

DATA = ROOT / "tests" / "data" / "house_of_cards"


@pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                    reason="no C++ compiler here")
def test_the_oracle_gives_every_judge_answer(tmp_path):
    binary = oracle.build_oracle(tmp_path)
    for path in sorted(DATA.glob("*.in")):
        out = subprocess.run([str(binary)], input=path.read_text(), capture_output=True,
                             text=True, check=True).stdout
        assert out == path.with_suffix(".ans").read_text(), path.name
