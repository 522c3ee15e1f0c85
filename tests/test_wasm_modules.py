"""The engine worker's one compile per tiny adapter module (web/js/engine/wasm-modules.js, issue 23).

Emscripten's start-up wraps each JavaScript function it puts in the wasm function table in a
module of its own, compiled anew each time; the worker compiles each distinct small byte string
once.  tests/wasm_modules.mjs checks the wrapper under Node on a namespace of its own, then boots
the Pyodide the site ships with the global WebAssembly.Module wrapped.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", ROOT / "dist"))


@pytest.fixture(scope="module")
def found() -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not (DIST / "pyodide" / "pyodide.mjs").exists():
        pytest.skip("dist/ is not built")
    done = subprocess.run(["node", "--no-warnings", str(ROOT / "tests" / "wasm_modules.mjs"), str(DIST)],
                          capture_output=True, text=True, encoding="utf-8", timeout=180)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_equal_small_bytes_compile_once_and_other_bytes_apart(found):
    assert found["sameBytesSameModule"] is True
    assert found["otherSignatureOtherModule"] is True
    assert found["counts"] == {"compiled": 2, "shared": 1}
    assert found["isModule"] is True
    assert found["exportsSeen"] == ["f:function"]


def test_each_instance_of_a_shared_module_calls_its_own_import(found):
    assert found["instancesOwnImports"] == [11, 12]


def test_large_and_broken_modules_are_compiled_as_before(found):
    assert found["largeBytes"] > 128
    assert found["largeNotShared"] is True
    assert found["brokenThrows"] == ["CompileError", "CompileError"]
    assert found["countsAfter"] == found["counts"]   # nothing remembered for either
    assert found["installedOnce"] is True


def test_stop_puts_the_browsers_constructor_back(found):
    assert found["stopped"] is True


def test_no_more_than_max_kept_modules_are_kept(found):
    bound = found["bound"]
    assert bound["keptFirst"] is True
    assert bound["pastBoundApart"] is True
    # MAX_KEPT + 10 distinct, one again (kept), then one past the bound twice (compiled twice)
    assert bound["compiled"] == bound["maxKept"] + 10 + 2


def test_pyodides_start_up_shares_its_adapters_and_runs_python(found):
    # If a Pyodide upgrade stops building its adapters this way, the wrapper is dead code: this
    # fails and says so.  The shipped runtime makes about 260 adapters of about 30 signatures.
    live = found["pyodide"]
    assert live["answer"] == 45
    assert live["shared"] > 100
    assert live["compiled"] < live["shared"] / 3
