"""The site's copy of the runtime's lock file with the engine (and micropip,
packaging) added, as `pyodide lockfile add-wheels` writes it."""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .config import LOCK_TOOL, log, run, sha256, tool_requirements


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
