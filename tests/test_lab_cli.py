"""The lab's two edges: ``python3 -m py_engines lab`` (output, errors, exit codes) and the
runner's driver ``py_engines.lab.runner_main`` (JSON on stdin, one JSON line on stdout)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from py_engines.lab import runner_main, solve_lab
from py_engines.lab.examples import source

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "py_engines" / "lab" / "examples"
GAMES = ROOT / "tests" / "lab"
RUNNER_PROGRAM = "from py_engines.lab.runner_main import main\nmain()\n"


def run(*args: str, stdin: str = "", env: dict[str, str] | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=timeout, env=env)


def lab(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run("-m", "py_engines", "lab", *args, stdin=stdin)


# ----------------------------------------------------------------------------- the CLI

def test_the_cli_prints_the_value_and_the_main_line(tmp_path: Path) -> None:
    expected = solve_lab(source("coin_row"), "3 9 1 2 7")
    (tmp_path / "row.txt").write_text("3 9 1 2 7\n")
    for done in (lab(str(EXAMPLES / "coin_row.py"), str(tmp_path / "row.txt")),
                 lab(str(EXAMPLES / "coin_row.py"), stdin="3 9 1 2 7\n")):
        assert done.returncode == 0, done.stderr
        assert done.stdout == f"{expected['value']}\n{' '.join(expected['moves'])}\n"
        assert done.stderr == ""


def test_the_cli_prints_the_frames_as_json_in_either_language() -> None:
    done = lab(str(EXAMPLES / "take_away.py"), "--json", stdin="2 1")
    frames = json.loads(done.stdout)
    expected = solve_lab(source("take_away"), "2 1")
    assert len(frames) == len(expected["moves"]) + 1
    assert [f["note"] for f in frames] == [f["note"] for f in expected["frames"]]
    assert frames[0]["to_move"] == "Max"
    zh = json.loads(lab(str(EXAMPLES / "take_away.py"), "--json", "--lang", "zh-CN",
                        stdin="2 1").stdout)
    assert zh[0]["note"] == "Take-away (1 to 3 stones)：Max 先走"
    assert zh[-1]["note"].endswith("对局结束：Max 胜（+1）")
    solo = json.loads(lab(str(EXAMPLES / "puzzle.py"), "--json", "--lang", "zh-CN",
                          stdin="1 2").stdout)
    assert solo[0]["to_move"] == "玩家"


def test_the_cli_names_the_file_and_line_of_a_failure(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def start(text):\n    return (\n")
    done = lab(str(broken), stdin="1")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"error: {broken}:2: syntax error: '(' was never closed\n"
    raises = GAMES / "raises.py"
    line = next(k for k, t in enumerate(raises.read_text().splitlines(), 1) if "# RAISES" in t)
    done = lab(str(raises), stdin="6")
    assert (done.returncode, done.stderr) == (
        2, f"error: {raises}:{line}: ZeroDivisionError: integer division or modulo by zero\n")
    done = lab(str(EXAMPLES / "take_away.py"), stdin="5 x")
    assert done.returncode == 2
    assert done.stderr.startswith(f"error: {EXAMPLES / 'take_away.py'}:")
    assert done.stderr.endswith(": bad input: 'x' is not a pile size from 0 to 30\n")
    zh = lab(str(EXAMPLES / "take_away.py"), "--lang", "zh-CN", stdin="5 x")
    assert zh.returncode == 2 and zh.stderr.startswith("错误：") and "输入有误：" in zh.stderr


def test_the_cli_stops_at_its_limits() -> None:
    done = lab(str(GAMES / "bench.py"), "--max-positions", "1000", stdin="8 8 10 10")
    assert done.returncode == 2
    assert done.stderr == (f"error: {GAMES / 'bench.py'}: search stopped after 1,000 positions "
                           "(limit 1,000)\n")
    began = time.monotonic()
    done = lab(str(GAMES / "spin.py"), "--time-limit", "300", stdin="1")
    assert time.monotonic() - began < 30
    assert done.returncode == 2 and "(time limit 300 ms)" in done.stderr
    assert f"{GAMES / 'spin.py'}:" in done.stderr
    for option, value in (("--max-positions", "0"), ("--time-limit", "-5"),
                          ("--time-limit", "3600001")):
        bad = lab(str(GAMES / "bench.py"), option, value, stdin="1 1 1 1")
        assert bad.returncode == 2 and f"error: {option} must be in 1.." in bad.stderr


def test_the_cli_reports_what_it_cannot_read_and_its_stats(tmp_path: Path) -> None:
    missing = lab(str(tmp_path / "nothing.py"), stdin="1")
    assert missing.returncode == 2 and missing.stderr.startswith("error: cannot read ")
    stats = lab(str(GAMES / "bench.py"), "--stats", stdin="8 8 10 10")
    assert stats.returncode == 0
    assert stats.stderr.startswith("106,440 positions in ")
    listed = run("-m", "py_engines", "--help")
    assert "lab " in listed.stdout


# ----------------------------------------------------------------------------- runner_main

def runner(request: Any, env: dict[str, str] | None = None) -> tuple[dict[str, Any], str]:
    text = request if isinstance(request, str) else json.dumps(request)
    done = run("-c", RUNNER_PROGRAM, stdin=text, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.split("\n")
    assert len(lines) == 2 and lines[1] == ""          # exactly one line
    return json.loads(lines[0]), done.stderr


def _without_ms(result: dict[str, Any]) -> dict[str, Any]:
    return {**result, "stats": {**result["stats"], "ms": 0}}


def test_the_runner_driver_prints_one_json_line() -> None:
    code = source("take_away").replace("def start(text: str) -> State:",
                                       "def start(text: str) -> State:\n    print('noise')")
    result, stderr = runner({"code": code, "input": "3 2", "maxPositions": 100_000,
                             "timeMs": 10_000, "moves": ["A1"]})
    assert result["ok"] and result["moves"][0] == "A1" and stderr == ""
    expected = solve_lab(code, "3 2", moves=["A1"])
    assert _without_ms(result) == _without_ms(expected)


def test_the_runner_driver_refuses_a_bad_request() -> None:
    for request, reason in (("{not json", "bad request: Expecting property name"),
                            ([1, 2], "bad request: the request must be a JSON object"),
                            ({"code": 1, "input": ""}, "bad request: code must be a str"),
                            ({"code": "", "input": "", "maxPositions": "9"},
                             "bad request: maxPositions must be an int from 1 to"),
                            ({"code": "", "input": "", "timeMs": 0},
                             "bad request: timeMs must be an int from 1 to"),
                            ({"code": "", "input": "", "moves": [1]},
                             "bad request: moves must be a list")):
        result, _ = runner(request)
        assert result["ok"] is False and result["error"]["type"] == "InputError"
        assert result["error"]["message"].startswith(reason), result


def test_the_runner_driver_reports_limits_and_progress(tmp_path: Path) -> None:
    # The runner's worker registers pixel_judge_runner; here a stand-in records the calls
    # (on the real stderr: the user's prints, and so the stand-in's, go to a buffer).
    (tmp_path / "pixel_judge_runner.py").write_text(
        "import sys\n\ndef progress(n):\n    sys.__stderr__.write(f'progress {n}\\n')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    bench = (GAMES / "bench.py").read_text()
    result, stderr = runner({"code": bench, "input": "8 8 10 10"}, env)
    assert result["ok"] and result["stats"]["positions"] == 106_440
    assert stderr.split("\n")[:3] == ["progress 32768", "progress 65536", "progress 98304"]
    limited, _ = runner({"code": bench, "input": "8 8 10 10", "maxPositions": 500}, env)
    assert limited["error"]["message"] == "search stopped after 500 positions (limit 500)"


def test_a_result_too_large_to_send_is_a_limit_error(monkeypatch: pytest.MonkeyPatch) -> None:
    result = solve_lab((GAMES / "deep.py").read_text(), "300")
    line = runner_main.encode(result)
    assert json.loads(line) == result
    monkeypatch.setattr(runner_main, "MAX_RESULT_BYTES", len(line) - 1)
    refused = json.loads(runner_main.encode(result))
    assert refused["error"]["type"] == "LimitError"
    assert refused["error"]["message"] == (f"the result is {len(line):,} bytes; at most "
                                           f"{len(line) - 1:,} are sent")


def test_a_line_longer_than_20000_moves_is_refused() -> None:
    result = solve_lab((GAMES / "deep.py").read_text(), "20000")
    assert result["error"]["type"] == "LimitError"
    assert result["error"]["message"] == "the line is longer than 19,999 moves"
    assert solve_lab((GAMES / "deep.py").read_text(), "19999")["ok"]
