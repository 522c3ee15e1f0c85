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
import base64
import functools
import glob
import gzip
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
                ".map", ".txt", ".zip")
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
    "@codemirror/lang-python": "dist/index.js", "@codemirror/language": "dist/index.js",
    "@codemirror/state": "dist/index.js", "@codemirror/streamparser": "dist/index.js",
    "@codemirror/view": "dist/index.js", "@lezer/common": "dist/index.js",
    "@lezer/highlight": "dist/index.js", "@lezer/lr": "dist/index.js",
    "@lezer/python": "dist/index.js", "@marijn/find-cluster-break": "src/index.js",
    "crelt": "index.js", "style-mod": "src/style-mod.js", "w3c-keyname": "index.js",
    "fflate": "esm/browser.js", "gifenc": "dist/gifenc.esm.js",
}
# The inline import map is allowed by its hash in script-src (the CSP has no 'unsafe-inline').
IMPORT_MAP = json.dumps({"imports": {name: f"./vendor/{name}/{path}"
                                     for name, path in VENDORED_NPM.items()}}, indent=1)
IMPORT_MAP_HASH = "'sha256-{}'".format(
    base64.b64encode(hashlib.sha256(IMPORT_MAP.encode()).digest()).decode())
SAMPLE_PREFIXES = ("sample-", "spec-", "official-")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run"]

# The site's own origin only, plus what WebAssembly compilation needs.
CSP = (f"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {IMPORT_MAP_HASH}; worker-src 'self'; "
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


WHEEL_EPOCH = "315532800"   # 1980-01-01, the earliest time a zip entry can hold


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
    # setuptools copies the sources to build/lib, so their times are new at every
    # build; a fixed SOURCE_DATE_EPOCH gives every zip entry the same time, so the
    # same sources give the same wheel (and the same hash: the snapshot key, the
    # wheel's folder and the service worker's build id stay put across rebuilds).
    run(cmd, env={**os.environ, "SOURCE_DATE_EPOCH": WHEEL_EPOCH})
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


def manifest(engine_wheel: Path, engine_path: str) -> dict[str, Any]:
    sys.path.insert(0, str(SOURCE))
    from py_engines import __version__
    from py_engines.bridge import handle_request
    games = handle_request({"cmd": "games"})["games"]
    for game in games:
        game["samples"] = samples(game["name"])
        # A game without a scene of its own is drawn by the page's generic scene.
        game["scene"] = (WEB / "js" / "scenes" / f"{game['name']}.js").exists()
    lock = DIST / "wheels" / LOCK_NAME
    runtime = hashlib.sha256()
    for name in (*PYODIDE_FILES, ENGINE_STDLIB):
        runtime.update(sha256(DIST / "pyodide" / name).encode())
    # runtime.sha256 keys memory snapshots (a snapshot fits one runtime build only);
    # runtime.bytes lets the boot status show download progress.
    return {"version": __version__, "pyodide": _pyodide_version(),
            "runtime": {"sha256": runtime.hexdigest(),
                        "bytes": {f"pyodide/{n}": (DIST / "pyodide" / n).stat().st_size
                                  for n in (*PYODIDE_FILES, ENGINE_STDLIB)}},
            "wheels": {"engine": engine_path, "engine_sha256": sha256(engine_wheel),
                       "engine_bytes": engine_wheel.stat().st_size,
                       "lock": LOCK_NAME, "lock_sha256": sha256(lock)},
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
    vendor_npm()
    (DIST / "fonts").mkdir()
    shutil.copy2(WEB / "node_modules" / FONT_FILE, DIST / "fonts" / "press-start-2p.woff2")
    wheels = DIST / "wheels"
    # The engine's hash names its folder, so a host's cache never serves an old engine
    # and the lock file's relative file_name carries the hash too.
    (wheels / sha256(engine_wheel)[:16]).mkdir(parents=True)
    shipped = [Path(shutil.copy2(engine_wheel, wheels / sha256(engine_wheel)[:16]))]
    for name in VENDORED_WHEELS:
        shipped.append(Path(shutil.copy2(vendor / name, wheels / name)))
    how = write_lock(RUNTIME_LOCK, shipped, wheels, wheels / LOCK_NAME)
    log(f"{LOCK_NAME}: engine, micropip and packaging added by {how}")
    shutil.copy2(engine_stdlib(engine_wheel, wheels / LOCK_NAME), DIST / "pyodide" / ENGINE_STDLIB)
    data = manifest(engine_wheel, shipped[0].relative_to(wheels).as_posix())
    (DIST / "manifest.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    write_boot_info(DIST, data)
    write_service_worker(DIST)
    raw = _size(DIST)
    compress_site(DIST)
    log(f"site assembled in {DIST}/ ({len(data['games'])} games, "
        f"{raw / 1e6:.1f} MB raw, {_size(DIST, '.br') / 1e6:.1f} MB as brotli)")
    return DIST


def vendor_npm() -> None:
    """Copies the pinned npm ES modules (and their licences) into dist/vendor/ and
    writes the import map, with its hash in the page's CSP, into dist/index.html."""
    for name, path in VENDORED_NPM.items():
        source = WEB / "node_modules" / name
        target = DIST / "vendor" / name
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / path, target / path)
        for licence in source.glob("LICEN[CS]E*"):
            shutil.copy2(licence, target / licence.name)
    page = DIST / "index.html"
    html = page.read_text(encoding="utf-8")
    marker, policy = "<!-- import map -->", "script-src 'self' 'wasm-unsafe-eval'"
    if html.count(marker) != 1 or html.count(policy) != 1:
        sys.exit("web/index.html needs one '<!-- import map -->' marker and one script-src policy")
    html = html.replace(marker, f'<script type="importmap">{IMPORT_MAP}</script>')
    page.write_text(html.replace(policy, f"{policy} {IMPORT_MAP_HASH}"), encoding="utf-8")


def _size(folder: Path, encoded: str = "") -> int:
    """Bytes of the site's files; with encoded=".br", each file as that encoding sends it."""
    total = 0
    for p in folder.rglob("*"):
        if not p.is_file() or p.suffix in (".br", ".gz"):
            continue
        copy = p.with_name(p.name + encoded)
        total += (copy if encoded and copy.exists() else p).stat().st_size
    return total


def write_boot_info(folder: Path, data: dict[str, Any]) -> None:
    """Writes the runtime's and the wheels' part of the manifest into
    dist/js/pyodide-boot.js, so a worker starts loading the runtime at once
    instead of waiting for manifest.json first."""
    script = folder / "js" / "pyodide-boot.js"
    text = script.read_text(encoding="utf-8")
    marker = "const BUILD = null;"
    if text.count(marker) != 1:
        sys.exit("web/js/pyodide-boot.js lost its 'const BUILD = null;' line")
    info = {"runtime": data["runtime"], "wheels": data["wheels"], "stdlib": f"pyodide/{ENGINE_STDLIB}"}
    script.write_text(text.replace(marker, f"const BUILD = {json.dumps(info)};"), encoding="utf-8")


def write_service_worker(folder: Path) -> str:
    """dist/sw.js with the build's id and the SHA-256 of every file it precaches
    (everything the site serves, but itself and the compressed copies)."""
    files = {p.relative_to(folder).as_posix(): sha256(p) for p in sorted(folder.rglob("*"))
             if p.is_file() and p.suffix not in (".br", ".gz") and p.name != "sw.js"}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    line = "const PRECACHE = " + json.dumps({"build": build_id, "files": files}) + ";"
    sw = folder / "sw.js"
    text = sw.read_text(encoding="utf-8")
    marker = 'const PRECACHE = { build: "dev", files: {} };'
    if marker not in text:
        sys.exit("web/sw.js lost its PRECACHE line")
    sw.write_text(text.replace(marker, line), encoding="utf-8")
    return build_id


# ----------------------------------------------------------------------------- engine stdlib

# Run by Node in Pyodide itself (the runtime the site ships, so the bytecode is
# exactly its CPython's): boots with the engine wheel from the site's lock file,
# imports every engine module, runs every request kind on every game (samples,
# random deals, a bad input, tools, Explore) and formats a traceback, then writes
# the modules of python_stdlib.zip that this imported, compiled, to OUT.
_STDLIB_NODE = """
import fs from "node:fs";
const [indexURL, lockFileURL, samples, out] = process.argv.slice(1);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + indexURL).href);
const pyodide = await loadPyodide({ indexURL, lockFileURL, packages: ["py-engines"],
                                    stdout: () => {}, stderr: (line) => console.error(line) });
pyodide.globals.set("SAMPLES", fs.readFileSync(samples, "utf8"));
pyodide.runPython(fs.readFileSync(0, "utf8"));
fs.writeFileSync(out, pyodide.FS.readFile("/tmp/engine-stdlib.zip"));
"""
_STDLIB_TRACE = r"""
import importlib, json, pkgutil, sys, traceback, zipfile
import importlib._bootstrap_external as external
import py_engines
from py_engines import bridge
from py_engines.registry import engine_names

for info in pkgutil.walk_packages(py_engines.__path__, "py_engines."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
samples = json.loads(SAMPLES)
for game in engine_names():
    deal = json.loads(bridge.handle(json.dumps({"cmd": "random", "game": game, "seed": 1})))["text"]
    texts = samples.get(game, []) + [deal]
    for request in [{"cmd": "solve", "game": game, "text": text} for text in texts] + [
            {"cmd": "solve", "game": game, "text": "?"},
            {"cmd": "check", "game": game, "input": deal, "output": ""},
            {"cmd": "generate", "game": game, "seed": 1, "count": 1},
            {"cmd": "split_cases", "game": game, "input": deal},
            {"cmd": "explore_chunk", "game": game, "seed": 1, "start": 0, "count": 2}]:
        bridge.handle(json.dumps(request))
try:
    raise ValueError("traced")
except ValueError:
    traceback.format_exc()

STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
used = {module.__file__[len(STDLIB) + 1:] for module in list(sys.modules.values())
        if (getattr(module, "__file__", None) or "").startswith(STDLIB + "/")}
with zipfile.ZipFile(STDLIB) as source, \
        zipfile.ZipFile("/tmp/engine-stdlib.zip", "w", zipfile.ZIP_STORED) as out:
    for info in source.infolist():
        if info.filename not in used:
            continue
        code = compile(source.read(info), f"{STDLIB}/{info.filename}", "exec", dont_inherit=True)
        pyc = external._code_to_hash_pyc(code, b"\0" * 8, checked=False)
        out.writestr(zipfile.ZipInfo(info.filename + "c", (1980, 1, 1, 0, 0, 0)), bytes(pyc))
"""


def engine_stdlib(engine_wheel: Path, lock: Path) -> Path:
    """The standard library the engine's workers boot with: only the modules
    Pyodide's start-up, its package loader and the engines import, compiled to
    bytecode by the shipped runtime (python_stdlib.zip holds sources, which Python
    would compile at every boot).  Stored uncompressed: brotli packs the whole
    file better on the wire, and imports skip inflating.  The page's sandbox for
    user code keeps the whole python_stdlib.zip.  Cached by the runtime's stdlib,
    the wheel's contents, the samples and this code."""
    runtime = WEB / "node_modules" / "pyodide"
    texts = {game: [sample["text"] for sample in samples(game)] for game in _game_dirs()}
    key = hashlib.sha256()
    for part in (sha256(runtime / "python_stdlib.zip"), _wheel_contents(engine_wheel),
                 json.dumps(texts, sort_keys=True), _STDLIB_NODE, _STDLIB_TRACE):
        key.update(part.encode())
    out = CACHE / "stdlib" / f"{key.hexdigest()[:32]}.zip"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    # Keep a few (a scratch copy's build, as the generic-scene test makes, shares this cache).
    for old in sorted(out.parent.glob("*.zip"), key=lambda p: p.stat().st_mtime)[:-4]:
        old.unlink(missing_ok=True)
    sample_file = out.parent / f"{out.stem}.samples.json"
    sample_file.write_text(json.dumps(texts), encoding="utf-8")
    try:
        subprocess.run(["node", "--input-type=module", "-e", _STDLIB_NODE, str(runtime.resolve()) + "/",
                        str(lock.resolve()), str(sample_file), str(out) + ".part"],
                       input=_STDLIB_TRACE, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as err:
        sys.exit(f"could not write the engine's standard library with Node: {err}")
    finally:
        sample_file.unlink(missing_ok=True)
    Path(str(out) + ".part").rename(out)
    log(f"{ENGINE_STDLIB}: {out.stat().st_size / 1e6:.2f} MB of compiled modules")
    return out


def _game_dirs() -> list[str]:
    return sorted(p.name for p in TEST_DATA.iterdir() if p.is_dir()) if TEST_DATA.is_dir() else []


def _wheel_contents(wheel: Path) -> str:
    """A hash of a wheel's file names and bytes (not of its timestamps)."""
    import zipfile
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as zf:
        for name in sorted(zf.namelist()):
            digest.update(name.encode() + b"\0" + zf.read(name))
    return digest.hexdigest()


# ----------------------------------------------------------------------------- lock file

def write_lock(runtime_lock: Path, wheels: list[Path], base: Path, out: Path) -> str:
    """A copy of the runtime's lock file with `wheels` added, as
    `pyodide lockfile add-wheels` writes it: pyodide-build's own command where a
    Python >= 3.12 is available, else lock_add_wheels below (same bytes; tested)."""
    tool = ensure_lock_tool()
    if tool is not None:
        run([str(tool), "lockfile", "add-wheels", "--input", str(runtime_lock), "--output",
             str(out), "--base-path", str(base), *map(str, wheels)], stdout=subprocess.DEVNULL)
        return "pyodide-build"
    out.write_text(lock_add_wheels(runtime_lock.read_text(encoding="utf-8"), wheels, base),
                   encoding="utf-8")
    return "build.py (no Python >= 3.12 found for pyodide-build)"


def lock_add_wheels(runtime_lock: str, wheels: list[Path], base: Path) -> str:
    """The stdlib twin of pyodide-lock's add_wheels_to_spec + to_json, for pure
    wheels whose only requirements are extras (what an engine wheel can have)."""
    import re
    import zipfile
    lock = json.loads(runtime_lock)
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            names = zf.namelist()
            meta_name = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
            meta = zf.read(meta_name).decode("utf-8").split("\n\n", 1)[0]
        fields: dict[str, list[str]] = {}
        for line in meta.splitlines():
            key, _, value = line.partition(": ")
            fields.setdefault(key, []).append(value)
        for req in fields.get("Requires-Dist", []):
            if not re.search(r";\s*extra\s*==\s*(\"[^\"]+\"|'[^']+')\s*$", req):
                sys.exit(f"{wheel.name} requires {req!r}: use pyodide-build (Python >= 3.12)")
        name = re.sub(r"[-_.]+", "-", fields["Name"][0]).lower()
        lock["packages"][name] = {
            "depends": [], "file_name": wheel.resolve().relative_to(base.resolve()).as_posix(),
            "imports": _top_level_imports(names), "install_dir": "site", "name": name,
            "package_type": "package", "sha256": sha256(wheel), "tool": {},
            "unvendored_tests": False, "version": fields["Version"][0]}
    return json.dumps(lock, sort_keys=True)


def _top_level_imports(names: list[str]) -> list[str]:
    """Top-level modules and packages (directories holding a .py file at any depth
    through valid package names), in the wheel's directory order as zipfile.Path lists it."""
    tops: dict[str, bool] = {}
    for n in names:
        head, sep, rest = n.partition("/")
        if not sep:
            if head.endswith(".py"):
                tops[head[:-3]] = True
            continue
        parts = n.split("/")
        ok = all(not any(c in p for c in ".- ") for p in parts[:-1]) and parts[-1].endswith(".py")
        tops[head] = tops.get(head, False) or (ok and not any(c in head for c in ".- "))
    return [name for name, keep in tops.items() if keep]


def newer_python() -> str | None:
    """A Python >= 3.12 for pyodide-build, if this machine has one."""
    found = [shutil.which(f"python3.{minor}") for minor in range(20, 11, -1)]
    pyenv = subprocess.run(["pyenv", "root"], capture_output=True, text=True) \
        if shutil.which("pyenv") else None
    if pyenv and pyenv.returncode == 0:
        found += sorted((p for p in glob.glob(f"{pyenv.stdout.strip()}/versions/3.*/bin/python3.*")
                         if p.rsplit(".", 1)[-1].isdigit()), reverse=True)
    for exe in filter(None, found):
        try:
            ok = subprocess.run([exe, "-c", "import sys; sys.exit(sys.version_info < (3, 12))"],
                                capture_output=True)
        except OSError:
            continue
        if ok.returncode == 0:
            return exe
    return None


def ensure_lock_tool() -> Path | None:
    """pyodide-build's `pyodide` command in build/lock-tool/, pinned; None without
    a Python >= 3.12 (or with PIXEL_JUDGE_LOCK_TOOL=0, or when it cannot be installed)."""
    if os.environ.get("PIXEL_JUDGE_LOCK_TOOL") == "0":
        return None
    reqs = tool_requirements("lock-tool")
    exe, stamp = LOCK_TOOL / "bin" / "pyodide", LOCK_TOOL / ".requirements"
    if exe.exists() and stamp.exists() and stamp.read_text() == "\n".join(reqs):
        return exe
    python = newer_python()
    if python is None:
        return None
    try:
        shutil.rmtree(LOCK_TOOL, ignore_errors=True)
        run([python, "-m", "venv", str(LOCK_TOOL)])
        run([str(LOCK_TOOL / "bin" / "python"), "-m", "pip", "install", "--quiet",
             "--disable-pip-version-check", "--no-deps", *reqs])
    except subprocess.CalledProcessError:
        log("could not install pyodide-build; writing the lock entry with build.py instead")
        return None
    stamp.write_text("\n".join(reqs))
    return exe


def tool_requirements(group: str) -> list[str]:
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [str(r) for r in data["tool"]["pixel-judge"][group]]


# ----------------------------------------------------------------------------- compression

def compress_site(folder: Path) -> None:
    """NAME.br and NAME.gz beside every compressible file (where smaller), made by
    the pinned `brotli` package in .venv; results are cached by content hash."""
    python = ensure_venv(("build",))
    run([str(python), str(ROOT / "build.py"), "compress", str(folder)])


def compress_tree(folder: Path) -> None:
    import brotli  # type: ignore[import-untyped]  # (no type stubs)
    cache = CACHE / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE:
            continue
        raw = path.read_bytes()
        digest = hashlib.sha256(raw).hexdigest()
        for ext, pack in ((".br", lambda b: brotli.compress(b, quality=11)),
                          (".gz", lambda b: gzip.compress(b, compresslevel=9, mtime=0))):
            cached = cache / (digest + ext)
            if not cached.exists():
                cached.write_bytes(pack(raw))
            if cached.stat().st_size < len(raw) * 0.95:
                shutil.copyfile(cached, path.with_name(path.name + ext))


# ----------------------------------------------------------------------------- serve

class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the headers the page needs: cross-origin isolation (for
    SharedArrayBuffer, which lets Cancel interrupt Python) and a strict CSP."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript",
                      ".wasm": "application/wasm", ".json": "application/json",
                      ".woff2": "font/woff2", ".whl": "application/zip",
                      ".zip": "application/zip", ".css": "text/css", ".svg": "image/svg+xml",
                      ".webmanifest": "application/manifest+json", ".png": "image/png"}

    isolated = True
    encoding: str | None = None   # per request: the Content-Encoding sent, if any
    vary = False                  # per request: the response depends on Accept-Encoding

    def send_head(self) -> Any:
        """Serves NAME.br or NAME.gz (written by the build) for NAME when the client
        accepts that encoding, with Content-Encoding, and Vary on every such file."""
        self.encoding = None
        self.vary = False
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()   # the redirect to NAME/
            path = path / "index.html"
        if path.suffix in COMPRESSIBLE and path.is_file():
            self.vary = True
            accepted = accepted_encodings(self.headers.get("Accept-Encoding", ""))
            for encoding, ext in (("br", ".br"), ("gzip", ".gz")):
                copy = path.with_name(path.name + ext)
                if encoding in accepted and copy.is_file():
                    self.encoding = encoding
                    return self._send_encoded(path, copy)
        return super().send_head()

    def _send_encoded(self, path: Path, copy: Path) -> Any:
        stat = copy.stat()
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            import email.utils
            try:
                if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, IndexError, OverflowError):
                pass
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return copy.open("rb")

    def end_headers(self) -> None:
        for key, value in SECURITY_HEADERS.items():
            if self.isolated or not key.startswith("Cross-Origin"):
                self.send_header(key, value)
        if self.encoding:
            self.send_header("Content-Encoding", self.encoding)
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("PIXEL_JUDGE_QUIET") != "1":
            super().log_message(format, *args)


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (q > 0), "*" spelled out."""
    allowed: set[str] = set()
    refused: set[str] = set()
    star = False
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if name == "*":
            star = q > 0
        elif name:
            (allowed if q > 0 else refused).add(name)
    if star:
        allowed |= {"br", "gzip"} - refused
    return allowed


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


def venv_requirements(groups: tuple[str, ...]) -> list[str]:
    """The pinned packages of the .venv groups: "test" (pytest, Playwright), "build" (brotli)."""
    reqs = test_requirements() if "test" in groups else []
    return reqs + (tool_requirements("build") if "build" in groups else [])


def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv(groups: tuple[str, ...] = ("test", "build")) -> Path:
    """A .venv with the pinned packages of `groups` (installed when missing or changed)."""
    reqs = venv_requirements(groups)
    stamp = VENV / ".pixel-judge-requirements"
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", str(VENV)])
    have = stamp.read_text().splitlines() if stamp.exists() else []
    if not set(reqs) <= set(have):
        run([str(venv_python()), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
             *reqs])
        stamp.write_text("\n".join(sorted(set(reqs) | {r for r in have if r.split("=")[0] not in
                                                        {q.split("=")[0] for q in reqs}})))
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
                        choices=["build", "serve", "test", "bench", "compress"])
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    args, rest = parser.parse_known_args()
    if args.command == "build":
        build()
        return 0
    if args.command == "compress":   # internal: build() runs this inside .venv (needs brotli)
        compress_tree(Path(rest[0]))
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench(rest)


if __name__ == "__main__":
    sys.exit(main())
