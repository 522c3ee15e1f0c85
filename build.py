#!/usr/bin/env python3
"""Build, serve, test and benchmark Pixel Judge.

    python3 build.py            build the engine wheel and assemble the static site in dist/
    python3 build.py serve      build, then serve dist/ on http://127.0.0.1:8000 (COOP/COEP/CSP headers)
    python3 build.py test       set everything up (.venv, npm ci, Chromium) and run the whole test suite
    python3 build.py bench      print the benchmark figures (CPython and headless Chromium)

Only the standard library is used here, so the commands work on a fresh machine
with Python 3.11+, Node 20 and npm.
"""
from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
# Another engine source (a directory holding pyproject.toml, README.md, py_engines/ and
# tests/data/, e.g. a scratch copy with one more game) and another output directory:
# `PIXEL_JUDGE_SOURCE=DIR PIXEL_JUDGE_DIST=OUT python3 build.py`; the web files come from here.
SOURCE = Path(os.environ.get("PIXEL_JUDGE_SOURCE", ROOT)).resolve()
DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", ROOT / "dist")).resolve()
CACHE = ROOT / "build"
VENV = ROOT / ".venv"
TEST_DATA = SOURCE / "tests" / "data"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
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
SAMPLE_PREFIXES = ("sample-", "spec-", "official-")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]

# The site's own origin only, plus what WebAssembly compilation needs.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
       "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw: Any) -> None:
    log(" ".join(str(c) for c in cmd))
    subprocess.run(cmd, check=True, **kw)


# ----------------------------------------------------------------------------- build

def npm_install() -> None:
    """`npm ci` when node_modules is missing or older than the lock file."""
    stamp = WEB / "node_modules" / ".package-lock.json"
    lock = WEB / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    if not shutil.which("npm"):
        sys.exit("npm is needed to fetch the pinned Pyodide runtime (install Node.js 20 and npm)")
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=WEB)


def vendor_wheels() -> Path:
    """Download (once) and verify the micropip and packaging wheels for Pyodide."""
    folder = CACHE / "vendor"
    folder.mkdir(parents=True, exist_ok=True)
    for name, digest in VENDORED_WHEELS.items():
        path = folder / name
        if not path.exists() or sha256(path) != digest:
            dist_name, version = name.split("-")[:2]
            run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--only-binary=:all:", "--python-version", "3.14",
                 f"{dist_name}=={version}", "-d", str(folder)])
        if sha256(path) != digest:
            sys.exit(f"{name}: checksum mismatch")
    return folder


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_wheel() -> Path:
    """The engine wheel, built by pip with setuptools (a pure py3-none-any wheel
    needs no `pyodide build`: nothing is compiled for WebAssembly)."""
    out = CACHE / "wheel"
    shutil.rmtree(out, ignore_errors=True)
    # setuptools stages the package in build/lib: a module moved or deleted since
    # the last build would otherwise still ship in the wheel.
    shutil.rmtree(SOURCE / "build" / "lib", ignore_errors=True)
    out.mkdir(parents=True)
    cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(SOURCE)]
    if _local_backend_ok():
        cmd.insert(4, "--no-build-isolation")   # no download needed
    run(cmd)
    shutil.rmtree(SOURCE / "py_engines.egg-info", ignore_errors=True)
    shutil.rmtree(SOURCE / "py_engines" / "py_engines.egg-info", ignore_errors=True)
    wheels = list(out.glob("py_engines-*-py3-none-any.whl"))
    if len(wheels) != 1:
        sys.exit(f"expected one py3-none-any engine wheel, found {wheels}")
    return wheels[0]


def _local_backend_ok() -> bool:
    """True when the installed setuptools can build wheels by itself (>= 70.1)."""
    try:
        from importlib.metadata import version
        major, minor = (int(x) for x in version("setuptools").split(".")[:2])
    except Exception:
        return False
    return (major, minor) >= (70, 1)


def samples(game: str) -> list[dict[str, str]]:
    folder = TEST_DATA / game
    found = []
    for prefix in SAMPLE_PREFIXES:
        for path in sorted(folder.glob(f"{prefix}*.in"), key=lambda p: _natural(p.stem)):
            found.append({"name": path.stem, "text": path.read_text(encoding="utf-8")})
    return found


def _natural(stem: str) -> list[object]:
    import re
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", stem)]


def manifest(engine_wheel: Path) -> dict[str, Any]:
    sys.path.insert(0, str(SOURCE))
    from py_engines import __version__
    from py_engines.bridge import handle_request
    games = handle_request({"cmd": "games"})["games"]
    for game in games:
        game["samples"] = samples(game["name"])
        # A game without a scene of its own is drawn by the page's generic scene.
        game["scene"] = (WEB / "js" / "scenes" / f"{game['name']}.js").exists()
    names = list(VENDORED_WHEELS)
    # The engine's hash travels with its URL, so a host's cache never serves an old engine.
    return {"version": __version__, "pyodide": _pyodide_version(),
            "wheels": {"engine": engine_wheel.name, "engine_sha256": sha256(engine_wheel),
                       "micropip": names[0], "packaging": names[1]},
            "games": games}


def _pyodide_version() -> str:
    package = json.loads((WEB / "node_modules" / "pyodide" / "package.json").read_text())
    return str(package["version"])


def build() -> Path:
    npm_install()
    vendor = vendor_wheels()
    engine_wheel = build_wheel()
    shutil.rmtree(DIST, ignore_errors=True)
    shutil.copytree(WEB, DIST, ignore=shutil.ignore_patterns(
        "node_modules", "package.json", "package-lock.json"))
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(WEB / "node_modules" / "pyodide" / name, DIST / "pyodide" / name)
    (DIST / "fonts").mkdir()
    shutil.copy2(WEB / "node_modules" / FONT_FILE, DIST / "fonts" / "press-start-2p.woff2")
    (DIST / "wheels").mkdir()
    shutil.copy2(engine_wheel, DIST / "wheels" / engine_wheel.name)
    for name in VENDORED_WHEELS:
        shutil.copy2(vendor / name, DIST / "wheels" / name)
    data = manifest(engine_wheel)
    (DIST / "manifest.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    log(f"site assembled in {DIST}/ ({len(data['games'])} games, "
        f"{_size(DIST) / 1e6:.1f} MB)")
    return DIST


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


# ----------------------------------------------------------------------------- serve

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers the page needs: cross-origin isolation (for
    SharedArrayBuffer, which lets Cancel interrupt Python) and a strict CSP."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".woff2": "font/woff2", ".whl": "application/zip",
                      ".zip": "application/zip", ".css": "text/css", ".svg": "image/svg+xml"}

    isolated = True

    def end_headers(self) -> None:
        for key, value in SECURITY_HEADERS.items():
            if self.isolated or not key.startswith("Cross-Origin"):
                self.send_header(key, value)
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("PIXEL_JUDGE_QUIET") != "1":
            super().log_message(format, *args)


class PlainSiteHandler(SiteHandler):
    """The same site without cross-origin isolation, as a plain static host serves it."""

    isolated = False


def make_server(root: Path = DIST, port: int = 8000, host: str = "127.0.0.1", *,
                isolated: bool = True) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(SiteHandler if isolated else PlainSiteHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    build()
    server = make_server(DIST, port)
    log(f"serving {DIST}/ at http://127.0.0.1:{server.server_port}/ "
        "(Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# ----------------------------------------------------------------------------- test

def test_requirements() -> list[str]:
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [str(r) for r in data["project"]["optional-dependencies"]["test"]]


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """A .venv with the pinned test dependencies (re-installed when they change)."""
    reqs = test_requirements()
    stamp = VENV / ".pixel-judge-requirements"
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    if not stamp.exists() or stamp.read_text() != "\n".join(reqs):
        run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             *reqs])
        stamp.write_text("\n".join(reqs))
    return venv_python()


def ensure_chromium() -> None:
    """Debian's Chromium: Playwright cannot download its own browser here."""
    if Path(CHROMIUM).exists():
        return
    if shutil.which("apt-get") is None:
        sys.exit(f"{CHROMIUM} is missing and apt-get is not available to install it")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run([*sudo, "apt-get", "update", "-qq"], env=env)
    run([*sudo, "apt-get", "install", "-y", "-qq", "chromium"], env=env)


def lint(python: Path) -> int:
    """ruff, then mypy --strict (both configured in pyproject.toml); non-zero on a finding."""
    for cmd in ([str(python), "-m", "ruff", "check"], [str(python), "-m", "mypy"]):
        log(" ".join(cmd))
        code = subprocess.run(cmd, cwd=ROOT).returncode
        if code:
            return code
    return 0


def test(pytest_args: list[str]) -> int:
    python = ensure_venv()
    code = lint(python)
    if code:
        return code
    ensure_chromium()
    build()
    env = dict(os.environ, PIXEL_JUDGE_DIST=str(DIST), PIXEL_JUDGE_QUIET="1")
    cmd = [str(python), "-m", "pytest", *(pytest_args or ["tests"])]
    log(" ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


# ----------------------------------------------------------------------------- bench

def bench(args: list[str]) -> int:
    python = ensure_venv()
    ensure_chromium()
    build()
    env = dict(os.environ, PIXEL_JUDGE_DIST=str(DIST), PIXEL_JUDGE_QUIET="1")
    return subprocess.run([str(python), str(ROOT / "tests" / "bench.py"), *args],
                          cwd=ROOT, env=env).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build",
                        choices=["build", "serve", "test", "bench"])
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    args, rest = parser.parse_known_args()
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench(rest)


if __name__ == "__main__":
    sys.exit(main())
