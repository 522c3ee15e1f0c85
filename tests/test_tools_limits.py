"""The CLI's limits hold (issue 31, item 10): every process a program starts ends with its
run (the subreaper), every numeric limit is a finite positive number or exit 2 with a
message, and a program gets at most ``--memory-limit`` MB, past which its verdict is
``memory`` (issue 33's verdict), with its peak memory shown beside its time."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from py_engines.tools import reaper
from py_engines.tools.limits import MB
from py_engines.tools.process import out_of_memory, run_program

ROOT = Path(__file__).resolve().parents[1]
ENV = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the subreaper, /proc and RLIMIT_AS are Linux's")


def cli(tmp_path: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "py_engines", *args], cwd=tmp_path,
                          capture_output=True, text=True, timeout=timeout, env=ENV)


def program(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(f"import os, sys, time\nsys.path.insert(0, {str(ROOT)!r})\n" + body)
    return str(path)


RIGHT_THE_GAME = """from py_engines import solve_text
sys.stdout.write(solve_text("the_game", text))
"""


def alive_with(marker: str) -> list[int]:
    """Live processes (not zombies) whose command line or environment holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            seen = (entry / "cmdline").read_bytes() + (entry / "environ").read_bytes()
        except OSError:
            continue
        if marker.encode() in seen and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


# ----------------------------------------------------------------------------- nothing left

def test_no_process_of_a_double_forking_program_is_alive_3_s_after_stress(tmp_path):
    """A daemon double-forked into a session of its own, and a child in a session of its
    own: neither is in the program's group, so only the subreaper ends them."""
    marker = f"PJ_ORPHAN_{uuid.uuid4().hex}"
    sleeper = f"[sys.executable, '-c', 'import time; time.sleep(120)', {marker!r}]"
    prog = program(tmp_path, "daemons.py", f"""text = sys.stdin.read()
def quiet():
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
if os.fork() == 0:                 # the daemon: fork, setsid, fork again
    os.setsid()
    if os.fork() == 0:
        quiet()
        os.execve(sys.executable, {sleeper}, {{**os.environ, "MARK": {marker!r}}})
    os._exit(0)
if os.fork() == 0:                 # a child in a session of its own
    os.setsid()
    quiet()
    os.execv(sys.executable, {sleeper})
""" + RIGHT_THE_GAME)
    try:
        res = cli(tmp_path, "stress", "the_game", "--count", "5", "--time-limit", "30", "--",
                  sys.executable, prog)
        assert res.returncode == 0, res.stdout + res.stderr
        assert res.stdout.startswith("accepted 5 of 5 inputs"), res.stdout
        time.sleep(3)
        assert alive_with(marker) == []
    finally:
        for pid in alive_with(marker):
            os.kill(pid, 9)


def test_the_reaper_ends_only_what_the_run_left(tmp_path):
    """Children this process had before a run survive it; the run's escapee does not."""
    assert reaper.available()
    mine = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    pid_file = tmp_path / "escapee.pid"
    prog = program(tmp_path, "escapes.py", f"""sys.stdin.read()
if os.fork() == 0:
    os.setsid()
    open({str(pid_file)!r}, "w").write(str(os.getpid()))
    time.sleep(60)
    os._exit(0)
while not os.path.exists({str(pid_file)!r}):
    time.sleep(0.01)
print("done")
""")
    try:
        run = run_program([sys.executable, prog], "", 10.0)
        assert run.status == 0 and run.stdout == "done\n" and not run.output_open
        escapee = int(pid_file.read_text())
        assert not Path(f"/proc/{escapee}").exists()         # killed and reaped
        assert mine.poll() is None                            # ours, from before: alive
    finally:
        mine.kill()
        mine.wait()


# ----------------------------------------------------------------------------- numbers

@pytest.mark.parametrize("option, value", [
    ("--time-limit", "inf"), ("--time-limit", "1e300"), ("--time-limit", "nan"),
    ("--time-limit", "0"), ("--time-limit", "-1"), ("--time-limit", "two"),
    ("--output-limit", "nan"), ("--output-limit", "inf"), ("--output-limit", "0"),
    ("--memory-limit", "0"), ("--memory-limit", "nan"), ("--memory-limit", "inf"),
    ("--memory-limit", "-256")])
def test_stress_refuses_a_limit_that_is_not_a_finite_positive_number(tmp_path, option, value):
    res = cli(tmp_path, "stress", "the_game", "--count", "1", f"{option}={value}", "--", "true")
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.startswith(f"error: {option} must be a number greater than 0 and at most ")
    assert res.stderr.rstrip().endswith(f"not '{value}'") and "Traceback" not in res.stderr


@pytest.mark.parametrize("value", ["nan", "inf", "1e300", "0"])
def test_check_refuses_an_output_limit_that_is_not_a_finite_positive_number(tmp_path, value):
    data = ROOT / "tests" / "data" / "the_game"
    res = cli(tmp_path, "check", "the_game", str(data / "sample-1.in"),
              str(data / "sample-1.ans"), "--output-limit", value)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.startswith("error: --output-limit must be a number greater than 0"), res.stderr


# ----------------------------------------------------------------------------- memory

def test_a_3_gb_hog_is_a_memory_verdict_quickly(tmp_path):
    prog = program(tmp_path, "hog.py", "sys.stdin.read()\nhog = bytearray(3 << 30)\nprint(len(hog))\n")
    start = time.monotonic()
    res = cli(tmp_path, "stress", "the_game", "--count", "3", "--", sys.executable, prog)
    assert time.monotonic() - start < 20
    assert res.returncode == 1, res.stdout + res.stderr
    assert res.stdout.startswith("input 1 (the_game-1-1) fails: memory limit exceeded (256 MB)\n")
    assert "MemoryError" in res.stdout                         # its standard error, shown
    assert " ms, peak " in res.stdout.split("failing input", 1)[1].split("\n", 1)[0]


CPP_HOGS = {
    # 3 GB from the heap, each page touched: new throws std::bad_alloc
    "heap": "unsigned long n = 3ul << 30;\n  char * volatile p = new char[n];\n"
            "  for (unsigned long i = 0; i < n; i += 4096) p[i] = char(i >> 12);\n",
    # a 1 GB static array: the kernel kills it during exec, before main (SIGSEGV)
    "static": "static volatile char p[1ul << 30]; unsigned long n = sizeof p;\n  p[k * 4096 % n] = 1;\n",
}


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ here")
@pytest.mark.parametrize("hog", sorted(CPP_HOGS))
def test_a_cpp_hog_is_a_memory_verdict(tmp_path, hog):
    source = tmp_path / "hog.cpp"
    # volatile and an index read from the input: the compiler elides none of it
    source.write_text("#include <cstdio>\nint main() {\n  unsigned long k = 0;\n"
                      "  if (std::scanf(\"%lu\", &k) != 1) return 2;\n  " + CPP_HOGS[hog] +
                      "  std::printf(\"%d\\n\", int(p[k * 4096 % n]));\n}\n")
    subprocess.run(["g++", "-O2", "-o", str(tmp_path / "hog"), str(source)], check=True)
    res = cli(tmp_path, "stress", "the_game", "--count", "1", "--memory-limit", "64",
              "--", str(tmp_path / "hog"))
    assert res.returncode == 1, res.stdout + res.stderr
    assert res.stdout.startswith("input 1 (the_game-1-1) fails: memory limit exceeded (64 MB)\n")


def test_a_program_holding_100_mb_passes_under_256_with_its_peak_shown(tmp_path):
    prog = program(tmp_path, "holds.py", """text = sys.stdin.read()
held = b"\\1" * (100 << 20)            # written: resident, not only reserved
""" + RIGHT_THE_GAME)
    res = cli(tmp_path, "stress", "the_game", "--count", "2", "--time-limit", "30", "--",
              sys.executable, prog)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.startswith("accepted 2 of 2 inputs (at most "), res.stdout
    peak = float(res.stdout.split("peak ", 1)[1].split(" MB")[0])
    assert 100 <= peak < 256, res.stdout
    # The same program under 64 MB runs out of memory.
    res = cli(tmp_path, "stress", "the_game", "--count", "1", "--memory-limit", "64",
              "--time-limit", "30", "--", sys.executable, prog)
    assert res.returncode == 1 and "fails: memory limit exceeded (64 MB)" in res.stdout


def test_a_crash_that_is_not_for_memory_is_a_runtime_error(tmp_path):
    prog = program(tmp_path, "crash.py", "held = b'\\1' * (50 << 20)\nraise SystemExit(3)\n")
    run = run_program([sys.executable, prog], "", 10.0, memory_limit=256 * MB)
    assert run.status == 3 and run.peak_mb is not None and run.peak_mb >= 50
    assert not out_of_memory(run, 256 * MB)
    assert out_of_memory(run, 54 * MB)                  # a failed run near its limit
