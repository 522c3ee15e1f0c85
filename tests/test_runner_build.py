"""The runner's build step (buildsys/runner.py): the Python worker bundled with Pyodide's
scripts for a data: URL, and the runner frame's script allowed by its hash in both CSPs."""
from __future__ import annotations

import base64
import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from buildsys import headers, runner  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))


def test_a_module_is_wrapped_into_a_scope_that_returns_its_exports():
    source = "var a=1;function b(){return a}export{b as loadIt,a};\n//# sourceMappingURL=x.map\n"
    named = runner.wrap_module(source, "LIB", "lib.mjs")
    assert named.startswith("const LIB = (() => {\n") and "return {loadIt: b, a: a};" in named
    assert "export" not in named and "sourceMappingURL" not in named
    default = runner.wrap_module("async function make(){}\nexport default make;\n", "MAKE", "make.mjs")
    assert "return make;" in default and "export" not in default
    with pytest.raises(SystemExit, match="no export statement"):
        runner.wrap_module("var a = 1;\n", "X", "x.mjs")


def test_the_bundle_runs_pyodides_scripts_then_the_worker_in_one_module(tmp_path):
    (tmp_path / "js" / "runner").mkdir(parents=True)
    out = runner.bundle_python_worker(tmp_path)
    text = out.read_text(encoding="utf-8")
    assert text.index("const PYODIDE = (() => {") < text.index("const PYODIDE_ASM = (() => {") \
        < text.index(runner.PYTHON_WORKER.read_text(encoding="utf-8"))
    assert "return {loadPyodide: " in text and "return _createPyodideModule;" in text
    # Valid as a module (the worker is started with type: "module").
    checked = subprocess.run(["node", "--input-type=module", "--check"], input=text.encode(),
                             capture_output=True)
    assert checked.returncode == 0, checked.stderr.decode()[-2000:]
    # Under Chromium's 2 MiB cap on a URL, as a base64 data: URL.
    assert len(runner.DATA_URL_PREFIX) + 4 * -(-len(text.encode()) // 3) < runner.MAX_DATA_URL


def test_the_frame_script_is_allowed_by_its_hash_in_both_policies():
    digest = base64.b64encode(hashlib.sha256(runner.FRAME_SCRIPT.read_bytes()).digest()).decode()
    assert runner.frame_hash() == f"'sha256-{digest}'" == headers.RUNNER_FRAME_HASH
    assert "</script" not in runner.frame_script().lower()
    for policy in (headers.CSP, headers.META_CSP):
        directives = {d.split()[0]: d.split()[1:] for d in policy.split("; ")}
        assert f"'sha256-{digest}'" in directives["script-src"]
        assert directives["worker-src"] == ["'self'", "data:"]
        assert "'unsafe-eval'" not in directives["script-src"]
        assert "data:" not in directives["script-src"]
    assert headers.CSP == headers.META_CSP + "; frame-ancestors 'none'"


def test_the_built_site_carries_the_bundle_and_the_policy():
    if not (DIST / "index.html").exists():
        pytest.fail(f"{DIST} is not built: run `python3 build.py`")
    page = (DIST / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert meta is not None and meta.group(1) == headers.META_CSP
    bundle = (DIST / "js" / "runner" / "python-worker.js").read_text(encoding="utf-8")
    assert bundle.startswith("// Bundled by build.py")
    assert bundle.endswith(runner.PYTHON_WORKER.read_text(encoding="utf-8"))
    assert (DIST / "js" / "runner" / "frame.js").read_bytes() == runner.FRAME_SCRIPT.read_bytes()
