"""Paths, pins and small helpers every build step shares."""
from __future__ import annotations

import base64
import hashlib
import json
import os
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
# Another engine source (a directory holding pyproject.toml, README.md, py_engines/ and
# tests/data/, e.g. a scratch copy with one more game) and another output directory:
# `PIXEL_JUDGE_SOURCE=DIR PIXEL_JUDGE_DIST=OUT python3 build.py`; the web files come from here.
SOURCE = Path(os.environ.get("PIXEL_JUDGE_SOURCE", ROOT)).resolve()
DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", ROOT / "dist")).resolve()
CACHE = ROOT / "build"
VENV = ROOT / ".venv"
TEST_DATA = SOURCE / "tests" / "data"

# The runtime's own pyodide-lock.json is not shipped: the site serves a copy with
# the engine (and micropip, packaging) added, in wheels/ (see write_lock).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# The engine's workers boot with a standard library of their own (see engine_stdlib).
ENGINE_STDLIB = "python_stdlib_engine.zip"
RUNTIME_LOCK = WEB / "node_modules" / "pyodide" / "pyodide-lock.json"
LOCK_NAME = "pyodide-lock.json"
LOCK_TOOL = CACHE / "lock-tool"
# Files worth sending compressed; build.py writes NAME.br and NAME.gz beside them.
COMPRESSIBLE = (".wasm", ".js", ".mjs", ".json", ".css", ".html", ".svg", ".webmanifest",
                ".map", ".txt", ".zip", ".tar")
FONT_FILE = "@fontsource/press-start-2p/files/press-start-2p-latin-400-normal.woff2"
# Pyodide's npm runtime ships without micropip; these PyPI wheels are pinned by
# hash, at the versions the runtime's own lock file names (older micropips fail
# to import against Pyodide 314's `pyodide.ffi`).
VENDORED_WHEELS = {
    "micropip-0.11.1-py3-none-any.whl":
        "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3",
    "packaging-26.1-py3-none-any.whl":
        "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f",
}
# ES modules from npm served as they are (no bundler): the page maps the bare
# names in an import map (below), the tool workers import fflate and gifenc by path.
VENDORED_NPM = {
    "@codemirror/autocomplete": "dist/index.js", "@codemirror/commands": "dist/index.js",
    "@codemirror/lang-cpp": "dist/index.js",
    "@codemirror/lang-python": "dist/index.js", "@codemirror/language": "dist/index.js",
    "@codemirror/lint": "dist/index.js",
    "@codemirror/state": "dist/index.js", "@codemirror/streamparser": "dist/index.js",
    "@codemirror/view": "dist/index.js", "@lezer/common": "dist/index.js",
    "@lezer/cpp": "dist/index.js",
    "@lezer/highlight": "dist/index.js", "@lezer/lr": "dist/index.js",
    "@lezer/python": "dist/index.js", "@marijn/find-cluster-break": "src/index.js",
    "crelt": "index.js", "style-mod": "src/style-mod.js", "w3c-keyname": "index.js",
    "fflate": "esm/browser.js", "gifenc": "dist/gifenc.esm.js",
    "i18next": "dist/esm/i18next.js",
}
# The inline import map is allowed by its hash in script-src (the CSP has no 'unsafe-inline').
IMPORT_MAP = json.dumps({"imports": {name: f"./vendor/{name}/{path}"
                                     for name, path in VENDORED_NPM.items()}}, indent=1)
# The page's first script (web/js/early-solve.js) is inlined into index.html, allowed by
# its hash: it must run before the controls it guards can be used, which a script fetched
# with `async` does not promise (a Solve pressed before it arrived was lost).
EARLY_SCRIPT = WEB / "js" / "early-solve.js"
EARLY_SCRIPT_TAG = '<script src="js/early-solve.js" async></script>'


def csp_hash(text: str) -> str:
    """The CSP source ('sha256-...') that allows an inline script of exactly this text."""
    return "'sha256-{}'".format(base64.b64encode(hashlib.sha256(text.encode()).digest()).decode())


def inline_script(path: Path) -> str:
    """A script of web/ that a page inlines: its text, refused if it could end its <script> early."""
    text = path.read_text(encoding="utf-8")
    if "</script" in text.lower():
        raise SystemExit(f"{path.relative_to(WEB.parent)} must not contain '</script': the page inlines it")
    return text


def early_script() -> str:
    return inline_script(EARLY_SCRIPT)


def early_script_hash() -> str:
    """The CSP source that allows the inlined early script ("" without web/)."""
    return csp_hash(early_script()) if EARLY_SCRIPT.is_file() else ""


IMPORT_MAP_HASH = csp_hash(IMPORT_MAP)
SAMPLE_PREFIXES = ("sample-", "spec-", "official-")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw: Any) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tool_requirements(group: str) -> list[str]:
    """The pinned packages of a [tool.pixel-judge] group in pyproject.toml."""
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [str(r) for r in data["tool"]["pixel-judge"][group]]
