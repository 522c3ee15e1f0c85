"""The CLI tools stay bounded whatever the program under test does (issue 17's CLI part).

`stress` kills the program's whole process group after every run, never waits on a pipe past the
time limit, reads at most the output limit and prints only the head of a failing output; seeds are
made one at a time; `gen` writes each test as it is made; `check` (and the solver's own input) reads
at most its cap.  Memory is measured as the peak RSS of the tool's process (``wait4``), under an
address-space limit so that a regression fails fast instead of filling the machine.
"""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from py_engines.i18n import render
from py_engines import solve_text
from py_engines.tools import gen, reaper
from py_engines.tools.stress import HEAD_LINES, head, run_program

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
ADDRESS_SPACE = 1 << 30          # the tool's address-space limit in these tests
PEAK_RSS_MB = 160                # the default output limit (64 MB) and the interpreter

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="measures processes through /proc and wait4")


class Measured:
    def __init__(self, returncode: int, stdout: str, stderr: str, peak_mb: float,
                 seconds: float) -> None:
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.peak_mb, self.seconds = peak_mb, seconds


def measured(args: list[str], *, cwd: Path, stdin: Any = subprocess.DEVNULL,
             timeout: float = 60) -> Measured:
    """Runs ``python3 -m py_engines ARGS`` under the address-space limit; its exit status,
    outputs, peak RSS and wall time (killed after ``timeout`` seconds)."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "py_engines", *args], cwd=cwd, stdin=stdin,
                                stdout=out, stderr=err, env=ENV, preexec_fn=limit)
        timer = threading.Timer(timeout, proc.kill)
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        seconds = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Measured(proc.returncode, out.read().decode(errors="replace"),
                        err.read().decode(errors="replace"), usage.ru_maxrss / 1024, seconds)


def live_processes(marker: str) -> list[int]:
    """Processes (zombies aside: they hold nothing) whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker in cmdline and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


def program(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(f"import os, sys, time\nsys.path.insert(0, {str(ROOT)!r})\n" + body)
    return str(path)


RIGHT_THE_GAME = """from py_engines import solve_text
sys.stdout.write(solve_text("the_game", sys.stdin.read()))
sys.stdout.flush()
"""


# ----------------------------------------------------------------------------- stress's runs

CHILD = {
    # lets go of the output and lives on
    "detached": """if os.fork() == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    time.sleep(60)
    os._exit(0)
""",
    # keeps the output open and lives on
    "holding": """if os.fork() == 0:
    time.sleep(60)
    os._exit(0)
""",
}


@pytest.mark.parametrize("child", sorted(CHILD))
def test_no_process_outlives_a_stress_run_and_a_held_output_does_not_hold_it_up(tmp_path, child):
    """A right program that leaves a child behind: the child dies with the run, and every run
    is accepted as soon as the program exits (not at the time limit)."""
    prog = program(tmp_path, f"forks_{child}.py",
                   "text = sys.stdin.read()\n" + CHILD[child] + RIGHT_THE_GAME.replace(
                       "sys.stdin.read()", "text"))
    limit = 8
    try:
        res = measured(["stress", "the_game", "--count", "2", "--time-limit", str(limit), "--",
                        sys.executable, prog], cwd=tmp_path, timeout=120)
        left = live_processes(prog)
        assert res.stdout.startswith("accepted 2 of 2 inputs ("), res.stdout + res.stderr
        assert res.seconds < limit + 1, res.seconds
        assert left == []
    finally:
        for pid in live_processes(prog):
            os.kill(pid, 9)


def test_a_holder_that_left_the_group_stops_the_run_at_the_time_limit(monkeypatch, tmp_path):
    """Where there is no subreaper, a child in a session of its own keeps the output open:
    the run ends at the time limit (not when the child exits), reported as such.  (With
    one, test_tools_limits: the child is killed as the program ends.)"""
    monkeypatch.setattr(reaper, "available", lambda: False)
    pid_file = tmp_path / "holder.pid"
    prog = program(tmp_path, "escapes.py", f"""
sys.stdin.read()
ready_r, ready_w = os.pipe()
if os.fork() == 0:
    os.setsid()
    open({str(pid_file)!r}, "w").write(str(os.getpid()))
    os.write(ready_w, b"1")
    time.sleep(15)
    os._exit(0)
# The program ends only once its child has left the group: otherwise the runner's
# kill of the group at the program's end could reach the child before its setsid().
os.read(ready_r, 1)
print("1")
""")
    limit = 3.0
    try:
        start = time.monotonic()
        run = run_program([sys.executable, prog], "0\n", limit)
        seconds = time.monotonic() - start
        assert seconds < limit + 1, seconds
        assert run.status is None and getattr(run, "output_open", False)
        assert run.stdout == "1\n"
    finally:
        if pid_file.exists():
            pid = int(pid_file.read_text())
            if pid in live_processes(prog):
                os.kill(pid, 9)


def test_stress_stops_yes_at_the_output_limit_in_bounded_memory(tmp_path):
    yes = shutil.which("yes")
    if yes is None:
        pytest.skip("no yes(1) here")
    res = measured(["stress", "the_game", "--count", "1", "--time-limit", "20", "--", yes],
                   cwd=tmp_path, timeout=120)
    assert res.returncode == 1, res.stderr
    assert "fails: output limit exceeded (64 MB)" in res.stdout
    assert "--- your program's output ---\n" + "y\n" * HEAD_LINES in res.stdout
    assert "[... the output went on past the output limit]" in res.stdout
    assert len(res.stdout) < 10_000                   # the head only, not 64 MB
    assert res.peak_mb < PEAK_RSS_MB, res.peak_mb
    assert res.seconds < 20


def test_a_long_wrong_output_is_shown_by_its_head(tmp_path):
    prog = program(tmp_path, "long.py", "sys.stdin.read()\nsys.stdout.write('9 9 9\\n' * 100_000)\n")
    res = measured(["stress", "the_game", "--count", "1", "--", sys.executable, prog],
                   cwd=tmp_path)
    assert res.returncode == 1 and "fails: case 1: wrong answer at line 1" in res.stdout
    shown = res.stdout.split("--- your program's output ---\n", 1)[1]
    assert shown.startswith("9 9 9\n" * HEAD_LINES + "[... ")
    assert f"{100_000 - HEAD_LINES:,} more lines) not shown]" in shown
    assert len(res.stdout) < 10_000


def test_a_run_is_stopped_where_processes_have_no_groups(monkeypatch, tmp_path):
    """Without os.killpg (Windows) the program itself is still stopped at the time limit."""
    monkeypatch.delattr(os, "killpg")
    prog = program(tmp_path, "slow.py", "time.sleep(30)\n")
    start = time.monotonic()
    run = run_program([sys.executable, prog], "", 0.5)
    assert run.status is None and time.monotonic() - start < 5


def test_a_huge_count_starts_at_once(tmp_path):
    """The seeds are made one at a time: a billion inputs start with the first at once."""
    prog = program(tmp_path, "crash.py", "raise SystemExit(3)\n")
    res = measured(["stress", "the_game", "--count", "1000000000", "--", sys.executable, prog],
                   cwd=tmp_path, timeout=60)
    assert res.returncode == 1, res.stderr
    assert res.stdout.startswith("input 1 (the_game-1-1) fails: runtime error (exit status 3)")


def test_the_head_of_a_text():
    assert head("a\nb\n") == ("a\nb\n", None)
    text = "".join(f"{k}\n" for k in range(100))
    shown, note = head(text)
    assert shown == "".join(f"{k}\n" for k in range(HEAD_LINES))
    assert render(note) == \
        f"{len(text) - len(shown):,} more characters ({100 - HEAD_LINES} more lines) not shown"
    shown, note = head("x" * 10_000)
    assert len(shown) < 10_000 and note is not None
    shown, note = head("y\n", cut=True)
    assert shown == "y\n" and render(note) == "the output went on past the output limit"


# ----------------------------------------------------------------------------- gen

def test_gen_writes_each_test_as_it_is_made(monkeypatch, tmp_path, capsys):
    made = []
    real = gen.answer_of

    def answer_of(engine: Any, text: str) -> str:
        if len(made) == 3:
            # Stop the set at its fourth test: the first three must be on disk already.
            assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
                f"kalah-7-{k}{ext}" for k in (1, 2, 3) for ext in (".in", ".ans"))
            raise KeyboardInterrupt
        made.append(text)
        return real(engine, text)

    monkeypatch.setattr(gen, "answer_of", answer_of)
    with pytest.raises(KeyboardInterrupt):
        gen.main(["kalah", "--seed", "7", "--count", "1000", "--out", str(tmp_path)])
    assert (tmp_path / "kalah-7-2.ans").read_text() == solve_text("kalah", made[1])


# ----------------------------------------------------------------------------- check

def endless(cwd: Path, args: list[str]) -> Measured:
    """``args`` with an endless stream of 'y' lines on its standard input."""
    producer = subprocess.Popen([sys.executable, "-c",
                                 "import sys\nb = b'y\\n' * 65536\nwhile True: sys.stdout.buffer.write(b)"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        return measured(args, cwd=cwd, stdin=producer.stdout, timeout=60)
    finally:
        assert producer.stdout is not None
        producer.stdout.close()
        producer.kill()
        producer.wait()


def test_check_of_an_endless_pipe_stops_at_the_output_limit(tmp_path):
    src = DATA / "byte_me" / "gen-bm1-1.in"
    res = endless(tmp_path, ["check", "byte_me", str(src), "-"])
    assert res.returncode == 1, res.stderr
    assert res.stdout == ("output limit exceeded: standard input is more than 64 MB; "
                          "read no further\naccepted 0 of 50 cases\n")
    assert res.peak_mb < PEAK_RSS_MB, res.peak_mb


def test_check_of_a_file_past_the_output_limit(tmp_path):
    src = DATA / "kalah" / "spec-sample-1.in"
    big = tmp_path / "out.txt"
    big.write_bytes(b"7\n" * (1 << 20))                  # 2 MB
    res = measured(["check", "kalah", str(src), str(big), "--output-limit", "1"], cwd=tmp_path)
    assert res.returncode == 1
    assert res.stdout.startswith(f"output limit exceeded: {big} is more than 1 MB; read no further\n")
    small = tmp_path / "small.txt"
    small.write_text((DATA / "kalah" / "spec-sample-1.ans").read_text())
    res = measured(["check", "kalah", str(src), str(small), "--output-limit", "1"], cwd=tmp_path)
    assert res.returncode == 0 and res.stdout.endswith(" cases\n")


def test_check_of_a_long_output_of_short_lines_costs_little_memory(tmp_path):
    """32 MB of short lines, within the limit: the report is exact, and the output is never
    split into a list of lines (that cost about 60 bytes a line: 1 GB here)."""
    src = DATA / "kalah" / "gen-r1-1.in"
    out = tmp_path / "out.txt"
    out.write_text((DATA / "kalah" / "gen-r1-1.ans").read_text() + "7\n" * (16 << 20))
    res = measured(["check", "kalah", str(src), str(out)], cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    assert res.stdout.splitlines()[-3:] == [
        'case 59: wrong answer at line 60, column 1: too many cases: the input has 59, but the '
        'output goes on with "7"', "first departure: case 59, step 0 (open that case at that step on "
        "the stage)", "accepted 58 of 59 cases"]
    assert res.peak_mb < PEAK_RSS_MB, res.peak_mb


def test_stress_checks_a_long_output_of_short_lines_in_bounded_memory(tmp_path):
    prog = program(tmp_path, "many.py", "sys.stdin.read()\nsys.stdout.write('y\\n' * (24 << 20))\n")
    res = measured(["stress", "the_game", "--count", "1", "--time-limit", "20", "--",
                    sys.executable, prog], cwd=tmp_path, timeout=120)
    assert res.returncode == 1, res.stderr
    assert "fails: case 1: wrong answer at line 1, column 1" in res.stdout
    assert res.peak_mb < PEAK_RSS_MB, res.peak_mb


def test_the_solver_reads_no_more_input_than_an_engine_accepts(tmp_path):
    res = endless(tmp_path, ["kalah", "-"])
    assert res.returncode == 2
    assert res.stderr == ("error: the input is more than 1,000,000 characters; "
                          "at most 1,000,000 are accepted\n")
    assert res.peak_mb < PEAK_RSS_MB, res.peak_mb
