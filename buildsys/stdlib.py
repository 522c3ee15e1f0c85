"""The engine's own standard library: the modules start-up and the engines import,
compiled to bytecode by the shipped runtime under Node."""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from .config import CACHE, ENGINE_STDLIB, WEB, log, sha256
from .samples import game_dirs, samples


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
fs.writeFileSync(out + ".pyc", pyodide.FS.readFile("/tmp/engine-pyc.zip"));
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


def put(out, name, data):
    out.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), bytes(data))


with zipfile.ZipFile(STDLIB) as source, \
        zipfile.ZipFile("/tmp/engine-stdlib.zip", "w", zipfile.ZIP_STORED) as out:
    for info in source.infolist():
        if info.filename not in used:
            continue
        code = compile(source.read(info), f"{STDLIB}/{info.filename}", "exec", dont_inherit=True)
        put(out, info.filename + "c", external._code_to_hash_pyc(code, b"\0" * 8, checked=False))

# The engine itself, each module read once and compiled twice: into the same zip (named
# there in tracebacks; its catalogs beside them), so the engine's workers import it from the
# standard library with no wheel to install at boot; and where the wheel installs it, as the
# __pycache__ entries the wheel gets (wheel.add_bytecode).
import importlib.util, os
SITE = os.path.dirname(os.path.dirname(py_engines.__file__))
with zipfile.ZipFile("/tmp/engine-stdlib.zip", "a", zipfile.ZIP_STORED) as lib, \
        zipfile.ZipFile("/tmp/engine-pyc.zip", "w", zipfile.ZIP_STORED) as wheel:
    for folder, _, files in sorted(os.walk(os.path.dirname(py_engines.__file__))):
        for name in sorted(files):
            if not name.endswith((".py", ".json")):
                continue
            path = os.path.join(folder, name)
            entry = os.path.relpath(path, SITE)
            with open(path, "rb") as f:
                source = f.read()
            if name.endswith(".json"):
                put(lib, entry, source)
                continue
            code = compile(source, f"{STDLIB}/{entry}", "exec", dont_inherit=True)
            put(lib, entry + "c", external._code_to_hash_pyc(code, b"\0" * 8, checked=False))
            code = compile(source, path, "exec", dont_inherit=True)
            put(wheel, os.path.relpath(importlib.util.cache_from_source(path), SITE),
                external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
"""


def engine_stdlib(engine_wheel: Path, lock: Path) -> tuple[Path, Path]:
    """The standard library the engine's workers boot with: only the modules
    Pyodide's start-up, its package loader and the engines import, compiled to
    bytecode by the shipped runtime (python_stdlib.zip holds sources, which Python
    would compile at every boot), and the engine's own package (its modules compiled
    the same way, its catalogs), which the workers import from there: no wheel is
    installed at boot.  Stored uncompressed: brotli packs the whole
    file better on the wire, and imports skip inflating.  The page's sandbox for
    user code keeps the whole python_stdlib.zip.  Cached by the runtime's stdlib,
    the wheel's contents, the samples and this code.  Also returns a zip of the
    engine's own modules compiled the same way, named as the wheel's __pycache__
    entries (wheel.add_bytecode): a first visit imports them without compiling."""
    runtime = WEB / "node_modules" / "pyodide"
    texts = {game: [sample["text"] for sample in samples(game)] for game in game_dirs()}
    key = hashlib.sha256()
    for part in (sha256(runtime / "python_stdlib.zip"), _wheel_contents(engine_wheel),
                 json.dumps(texts, sort_keys=True), _STDLIB_NODE, _STDLIB_TRACE):
        key.update(part.encode())
    out = CACHE / "stdlib" / f"{key.hexdigest()[:32]}.zip"
    pycs = out.with_suffix(".engine-pyc")
    if out.exists() and pycs.exists():
        return out, pycs
    out.parent.mkdir(parents=True, exist_ok=True)
    # Keep a few (a scratch copy's build, as the generic-scene test makes, shares this cache).
    for old in sorted(out.parent.glob("*.zip"), key=lambda p: p.stat().st_mtime)[:-4]:
        old.unlink(missing_ok=True)
        old.with_suffix(".engine-pyc").unlink(missing_ok=True)
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
    Path(str(out) + ".part.pyc").rename(pycs)
    Path(str(out) + ".part").rename(out)
    log(f"{ENGINE_STDLIB}: {out.stat().st_size / 1e6:.2f} MB of compiled modules")
    return out, pycs


def _wheel_contents(wheel: Path) -> str:
    """A hash of a wheel's file names and bytes (not of its timestamps)."""
    import zipfile
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as zf:
        for name in sorted(zf.namelist()):
            digest.update(name.encode() + b"\0" + zf.read(name))
    return digest.hexdigest()
