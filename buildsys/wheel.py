"""The engine wheel (pure py3-none-any, built by pip) and the vendored PyPI wheels."""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from .config import CACHE, SOURCE, VENDORED_WHEELS, run, sha256


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


def add_bytecode(wheel: Path, pycs: Path) -> Path:
    """A copy of the engine wheel with its modules' bytecode (stdlib.engine_stdlib
    compiles it with the shipped runtime) as __pycache__ entries, listed in RECORD:
    a first visit's boot then imports the engine without compiling its sources.
    The bytecode is unchecked hash-based (PEP 552): Python takes it without
    reading the source's time, which a wheel's install does not keep."""
    import base64
    import hashlib
    import zipfile
    out = CACHE / "wheel-pyc" / wheel.name
    shutil.rmtree(out.parent, ignore_errors=True)
    out.parent.mkdir(parents=True)
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(pycs) as compiled, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        record = next(info for info in source.infolist() if info.filename.endswith(".dist-info/RECORD"))
        lines = source.read(record).decode().splitlines()
        for info in source.infolist():
            if info is not record:
                target.writestr(info, source.read(info))
        for info in compiled.infolist():
            data = compiled.read(info)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            lines.insert(len(lines) - 1, f"{info.filename},sha256={digest},{len(data)}")
            target.writestr(zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
        target.writestr(record, "\n".join(lines) + "\n")
    return out
