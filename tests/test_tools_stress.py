"""The stress loop end to end: a deliberately wrong program is caught, shrunk and saved."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from py_engines import get_engine
from py_engines.tools.hooks import split_cases
from py_engines.tools.shrink import minimize
from py_engines.tools.stress import judge

ROOT = Path(__file__).resolve().parents[1]

# Right on every Kalah case except those with more than 9 stones in all, where it is off by one.
WRONG_KALAH = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from py_engines import get_engine
engine = get_engine("kalah")
problem = engine.parse(sys.stdin.read())
result = engine.solve(problem)
for case, summary in zip(problem.cases, engine.summaries(problem, result)):
    value = int(summary.answer)
    print(value + 1 if sum(case.pits) > 9 else value)
"""
RIGHT_SEVENS = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from py_engines import solve_text
sys.stdout.write(solve_text("sevens", sys.stdin.read()))
"""


def stress(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "py_engines", "stress", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def write(tmp_path: Path, name: str, code: str) -> str:
    path = tmp_path / name
    path.write_text(code)
    return str(path)


def test_stress_finds_shrinks_and_saves_the_failing_input(tmp_path):
    prog = write(tmp_path, "wrong.py", WRONG_KALAH)
    res = stress(tmp_path, "kalah", "--seed", "3", "--count", "20", "--cases", "6",
                 "--", sys.executable, prog)
    assert res.returncode == 1, res.stderr
    assert "fails: case" in res.stdout and "wrong answer at line" in res.stdout
    saved = (tmp_path / "stress-fail.in").read_text()
    engine = get_engine("kalah")
    problem = engine.parse(saved)
    assert len(problem.cases) == 1 and sum(problem.cases[0].pits) > 9
    assert saved in res.stdout and "--- expected (engine) ---" in res.stdout


def test_stress_passes_a_right_program_and_exits_0(tmp_path):
    prog = write(tmp_path, "right.py", RIGHT_SEVENS)
    res = stress(tmp_path, "sevens", "--count", "3", "--", sys.executable, prog)
    assert res.returncode == 0 and res.stdout.startswith("accepted 3 of 3 inputs (at most ")
    assert not (tmp_path / "stress-fail.in").exists()


def test_stress_stops_a_program_at_the_time_limit(tmp_path):
    prog = write(tmp_path, "slow.py", "import time\ntime.sleep(30)\n")
    res = stress(tmp_path, "sevens", "--count", "2", "--time-limit", "0.5",
                 "--", sys.executable, prog)
    assert res.returncode == 1 and "time limit exceeded (0.5 s)" in res.stdout


def test_stress_reports_a_crash(tmp_path):
    prog = write(tmp_path, "crash.py", "raise SystemExit(3)\n")
    res = stress(tmp_path, "byte_me", "--count", "2", "--", sys.executable, prog)
    assert res.returncode == 1 and "runtime error (exit status 3)" in res.stdout


def test_stress_bad_arguments_exit_2(tmp_path):
    assert stress(tmp_path, "kalah", "--count", "2").returncode == 2          # no command
    res = stress(tmp_path, "chess", "--", "true")
    assert res.returncode == 2 and "unknown game 'chess'" in res.stderr
    res = stress(tmp_path, "kalah", "--", str(tmp_path / "no-such-program"))
    assert res.returncode == 2 and "cannot run" in res.stderr


def test_shrinking_keeps_a_failing_input_no_larger(tmp_path):
    prog = write(tmp_path, "wrong.py", WRONG_KALAH)
    engine = get_engine("kalah")
    text = "3\n1\n1 0 1 0\n4\n3 2 1 3 0 1 2 1 2 0\n2\n1 1 0 1 1 0\n"
    command = [sys.executable, prog]

    def fails(candidate: str) -> bool:
        return judge(engine, candidate, command, 10.0).failed
    assert fails(text)
    shrunk = minimize(engine, text, fails)
    assert fails(shrunk.text) and len(shrunk.text) <= len(text) and shrunk.split
    assert len(split_cases(engine, shrunk.text)) == 1
