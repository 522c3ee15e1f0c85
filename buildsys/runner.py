"""The runner's files (web/js/runner/): where a user's program runs, at an opaque origin.

The runner frame's script is inlined into a sandboxed srcdoc frame by the page, so the
site's CSP allows it by its SHA-256 (`frame_hash`). Each language's worker starts from a
data: URL, where it can import nothing: `bundle_python_worker` writes
dist/js/runner/python-worker.js as one script, Pyodide's own pyodide.mjs and
pyodide.asm.mjs, the engine's js/engine/wasm-modules.js and the runner's lockdown.js first
(each wrapped in a function scope, its exports returned), then
web/js/runner/python-worker.js, which finds them as PYODIDE, PYODIDE_ASM, WASM_MODULES
and LOCKDOWN.
"""
from __future__ import annotations

import math
import re
import sys
from pathlib import Path

from .config import WEB, csp_hash, inline_script

RUNNER = WEB / "js" / "runner"
FRAME_SCRIPT = RUNNER / "frame.js"
PYTHON_WORKER = RUNNER / "python-worker.js"
PYODIDE = WEB / "node_modules" / "pyodide"
WASM_MODULES = WEB / "js" / "engine" / "wasm-modules.js"
LOCKDOWN = RUNNER / "lockdown.js"
# Chromium refuses URLs longer than 2 MiB, a data: URL worker included.
MAX_DATA_URL = 2 * 1024 * 1024
DATA_URL_PREFIX = "data:text/javascript;base64,"


def frame_hash() -> str:
    """The CSP source that allows the runner frame's inline script."""
    return csp_hash(frame_script())


def frame_script() -> str:
    return inline_script(FRAME_SCRIPT)


def wrap_module(source: str, name: str, what: str) -> str:
    """`const NAME = (() => { ...module body...; return {exports}; })();` for a module whose
    only export statement is its last one (`export{a as b,...};` or `export default x;`)."""
    text = re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", source).rstrip()
    named = re.search(r"export\s*\{([^{}]*)\};?$", text)
    default = re.search(r"export\s+default\s+([A-Za-z_$][\w$]*);?$", text)
    if named:
        pairs = []
        for part in named.group(1).split(","):
            local, _, exported = (s.strip() for s in part.partition(" as "))
            pairs.append(f"{exported or local}: {local}")
        result = "{" + ", ".join(pairs) + "}"
        body = text[:named.start()]
    elif default:
        result, body = default.group(1), text[:default.start()]
    else:
        sys.exit(f"{what}: no export statement at its end to bundle it by")
    return f"const {name} = (() => {{\n{body}\nreturn {result};\n}})();\n"


def bundle_python_worker(dist: Path) -> Path:
    parts = [
        "// Bundled by build.py (buildsys/runner.py): Pyodide's pyodide.mjs and pyodide.asm.mjs and\n"
        "// js/engine/wasm-modules.js and js/runner/lockdown.js, each in a scope of its own, then\n"
        "// web/js/runner/python-worker.js.\n",
        wrap_module((PYODIDE / "pyodide.mjs").read_text(encoding="utf-8"), "PYODIDE", "pyodide.mjs"),
        wrap_module((PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8"), "PYODIDE_ASM",
                    "pyodide.asm.mjs"),
        wrap_module(WASM_MODULES.read_text(encoding="utf-8"), "WASM_MODULES", "wasm-modules.js"),
        wrap_module(LOCKDOWN.read_text(encoding="utf-8"), "LOCKDOWN", "lockdown.js"),
        PYTHON_WORKER.read_text(encoding="utf-8"),
    ]
    text = "".join(parts)
    size = len(DATA_URL_PREFIX) + 4 * math.ceil(len(text.encode("utf-8")) / 3)
    if size >= MAX_DATA_URL:
        sys.exit(f"the runner's Python worker is {size:,} characters as a data: URL, over Chromium's "
                 f"{MAX_DATA_URL:,}")
    out = dist / "js" / "runner" / "python-worker.js"
    out.write_text(text, encoding="utf-8")
    return out
