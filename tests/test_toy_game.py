"""A sixth game is one module: the toy Nim, copied into a scratch copy of the package.

The scratch copy is the repository's ``py_engines`` plus ``tests/toy_game/nim.py``
as ``py_engines/games/nim.py`` (and its judge files as ``tests/data/nim``), nothing
else: the CLI must list and solve it and the contract tests must cover it.
"""
from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from py_engines import engine_names

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "tests" / "toy_game"
JUDGE_FILES = sorted((TOY / "data").glob("*.in"))


def sprague_grundy(text: str) -> str:
    """The answers by Nim's theory, independently of the engine: the player to move wins
    exactly when the XOR of the heap sizes is not 0."""
    rows = [line.split() for line in text.splitlines() if line.strip()]
    answers = []
    for row in rows[1:int(rows[0][0]) + 1]:
        xor = functools.reduce(lambda a, b: a ^ b, (int(h) for h in row[1:]), 0)
        answers.append("First" if xor else "Second")
    return "".join(a + "\n" for a in answers)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scratch")
    shutil.copytree(ROOT / "py_engines", root / "py_engines",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(TOY / "nim.py", root / "py_engines" / "games" / "nim.py")
    shutil.copytree(ROOT / "tests" / "data", root / "tests" / "data")
    shutil.copytree(TOY / "data", root / "tests" / "data" / "nim")
    shutil.copy(ROOT / "tests" / "test_contract.py", root / "tests" / "test_contract.py")
    shutil.copy(ROOT / "tests" / "bench.py", root / "tests" / "bench.py")
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    shutil.copy(ROOT / "build.py", root / "build.py")
    shutil.copytree(ROOT / "buildsys", root / "buildsys", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def run(scratch: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          cwd=scratch, timeout=300)


def test_the_toy_game_is_not_part_of_the_product():
    assert "nim" not in engine_names()
    assert not (ROOT / "py_engines" / "games" / "nim.py").exists()


@pytest.mark.parametrize("path", JUDGE_FILES, ids=lambda p: p.stem)
def test_judge_answers_are_sprague_grundy(path):
    assert path.with_suffix(".ans").read_text() == sprague_grundy(path.read_text())


def test_scratch_copy_differs_only_by_the_module(scratch):
    ours = {p.relative_to(ROOT / "py_engines") for p in (ROOT / "py_engines").rglob("*.py")}
    theirs = {p.relative_to(scratch / "py_engines") for p in (scratch / "py_engines").rglob("*.py")}
    assert theirs - ours == {Path("games/nim.py")} and ours <= theirs


def test_cli_lists_and_solves_the_new_game(scratch):
    listed = run(scratch, "-m", "py_engines", "--list")
    assert listed.returncode == 0
    assert "nim\tNim (toy game)" in listed.stdout.splitlines()
    for path in JUDGE_FILES:
        solved = run(scratch, "-m", "py_engines", "nim", str(path))
        assert solved.returncode == 0, solved.stderr
        assert solved.stdout == path.with_suffix(".ans").read_text()
    bad = run(scratch, "-m", "py_engines", "nim", stdin="1\n2 3 x\n")
    assert bad.returncode == 2 and bad.stderr.startswith("error: line 2, column 5: 'x' is not")


def test_contract_tests_cover_the_new_game(scratch):
    """The repository's own contract tests, run on the scratch package, pick up nim."""
    tests = run(scratch, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "nim",
                "tests/test_contract.py")
    assert tests.returncode == 0, tests.stdout[-3000:]
    passed = int(re.search(r"(\d+) passed", tests.stdout).group(1))
    assert passed >= 15, tests.stdout[-1000:]       # every per-game check, two-player ones too
    collected = run(scratch, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider",
                    "-k", "nim", "tests/test_contract.py")
    ids = collected.stdout
    assert "test_generic_minimax_agrees_with_the_fast_solver[nim]" in ids
    assert "test_a_user_move_is_followed_and_an_illegal_one_refused[nim]" in ids


def test_the_benchmark_picks_up_the_new_game(scratch):
    code = ("import sys; sys.path.insert(0, 'tests'); import bench; "
            "print('\\n'.join(f'{g}|{label}' for g, label, _ in bench.workloads()))")
    listed = run(scratch, "-c", code)
    assert listed.returncode == 0, listed.stderr
    nim = [line.split("|")[1] for line in listed.stdout.splitlines() if line.startswith("nim|")]
    assert {p.stem for p in JUDGE_FILES} <= set(nim)
    assert any(label.startswith("random, cases=20, heaps=5, size=9") for label in nim)
