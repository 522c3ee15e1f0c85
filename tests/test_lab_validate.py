"""The page's check of a game lab result (web/js/lab/validate.js) and solveLab's reading of a run
(web/js/lab/solve-lab.js), under Node with a stand-in runner (issue 32).

tests/lab_validate.mjs builds a well-formed result, breaks it one field at a time (types,
bounds, the view vocabulary, messages, forged error types), maps every runner status, and
checks the real results py_engines/lab gives for its worked examples: each must pass the page's
check unchanged.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def real_results() -> list[dict[str, Any]]:
    """solve_lab's results on the worked examples: solved, a variation, and typed failures."""
    from py_engines.lab import solve_lab
    from py_engines.lab.examples import examples
    out = []
    for example in examples():
        solved = solve_lab(example["code"], example["sample"])
        out.append(solved)
        if solved["ok"] and solved["moves"]:
            first = solved["frames"][0]["values"][-1]["move"]
            out.append(solve_lab(example["code"], example["sample"], moves=[first]))
    out.append(solve_lab("def start(text):\n    return 1 / 0\n", ""))
    out.append(solve_lab("def start(text:\n", ""))
    out.append(solve_lab(ROOT.joinpath("py_engines/lab/examples/take_away.py").read_text(), "not a number"))
    return out


@pytest.fixture(scope="module")
def found(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    real = tmp_path_factory.mktemp("lab") / "real.json"
    real.write_text(json.dumps(real_results()), encoding="utf-8")
    done = subprocess.run(["node", "--no-warnings", str(ROOT / "tests" / "lab_validate.mjs"), str(real)],
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_a_well_formed_result_passes_as_it_is(found):
    assert found["good"]["ok"] is True
    assert found["goodEqual"] is True


def test_fields_the_page_does_not_know_are_dropped(found):
    assert found["unknownKeysDropped"]["ok"] is True
    assert "onerror" not in found["unknownKeysDropped"]["json"]
    assert '"script"' not in found["unknownKeysDropped"]["json"]
    assert '"extra"' not in found["unknownKeysDropped"]["json"]


def test_every_broken_field_is_a_bad_result_naming_it(found):
    bad = found["bad"]
    assert len(bad) > 40
    for name, result in bad.items():
        assert result["ok"] is False and result["type"] == "BadResult", name
        assert result["message"].startswith("the lab's result was malformed: "), name
    assert "frames[1].state.view.html" in bad["viewUnknownKey"]["message"]
    assert "piles[0].count" in bad["pileCountBig"]["message"]
    assert "grid.cells" in bad["gridRagged"]["message"]
    assert "not moves + 1" in bad["framesNotMovesPlusOne"]["message"]
    assert "at most 20000" in bad["tooManyFrames"]["message"]
    assert "not a lab message" in bad["msgSiteKey"]["message"]
    assert "error.type" in bad["errorForgedType"]["message"]


def test_the_rules_own_failure_passes_with_its_line(found):
    error = found["goodError"]["error"]
    assert (error["type"], error["line"]) == ("RulesError", 7)


def test_solve_lab_runs_the_driver_with_the_engine_and_a_shorter_python_limit(found):
    assert found["solve"]["ok"] is True
    call = found["solve"]["call"]
    assert call["code"] == "from py_engines.lab.runner_main import main\nmain()\n" == found["driver"]
    assert call["packages"] == ["py_engines"]
    assert call["timeLimitMs"] == 4000
    assert call["input"] == {"code": "rules", "input": "5", "maxPositions": 1000, "timeMs": 3600,
                             "moves": ["take 1"]}
    for limit, python in zip([1000, 4000, 10000, 60000], found["pythonTimeMs"], strict=True):
        assert limit - 1000 <= python < limit


def test_each_runner_status_has_its_lab_meaning(found):
    s = found["statuses"]
    assert s["time"]["error"] == {"type": "LimitError", "message": "stopped at the time limit (10 s)",
                                  "line": None, "msg": {"id": "ui.lab_run.time", "params": {"seconds": 10}}}
    assert s["memory"]["error"]["type"] == "LimitError" and "memory" in s["memory"]["error"]["message"]
    assert s["output"]["type"] == "BadResult"
    assert s["cancelled"]["error"]["type"] == "Cancelled"
    assert s["failed"]["error"]["type"] == "RunnerError"
    assert s["failed"]["error"]["message"].endswith("no py_engines package was handed to the runner")
    assert s["error"]["error"]["type"] == "RulesError"
    assert s["error"]["error"]["message"].endswith("MemoryError")
    assert s["exit"]["error"]["type"] == "RulesError"


def test_stdout_must_be_exactly_one_json_result(found):
    s = found["statuses"]
    for name in ("twoLines", "forgedTail", "notJson", "empty"):
        assert s[name]["type"] == "BadResult", name


def test_an_abort_cancels_the_run_and_a_throwing_runner_is_a_runner_error(found):
    assert found["abort"]["calls"] == ["run", "cancel"]
    assert found["abort"]["result"]["error"]["type"] == "Cancelled"
    assert found["thrown"]["error"]["type"] == "RunnerError"


def test_the_engines_real_results_pass_the_page_check_unchanged(found):
    real = found["real"]
    assert len(real) >= 6
    for result in real:
        assert result["same"] is True, result
    assert sum(r["ok"] for r in real) >= 3
    assert {r["type"] for r in real if not r["ok"]} >= {"RulesError", "SyntaxError", "InputError"}
