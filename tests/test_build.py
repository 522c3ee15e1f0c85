"""build.py's pieces that need no browser: the lock file the worker boots from,
Accept-Encoding negotiation, and the service worker's precache list."""
from __future__ import annotations

import ast
import base64
import hashlib
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from py_engines.i18n import flatten  # noqa: E402
from buildsys.cpp import TOOLCHAIN_FILES  # noqa: E402
from buildsys.site import read_precache  # noqa: E402
from buildsys.stdlib import engine_stdlib  # noqa: E402
from buildsys.wheel import add_bytecode  # noqa: E402

WHEELS = build.DIST / "wheels"


def shipped_wheels() -> list[Path]:
    if not (WHEELS / build.LOCK_NAME).exists():
        pytest.fail("dist/ is not built: run `python3 build.py`")
    return sorted(WHEELS.glob("*/py_engines-*.whl")) + [WHEELS / n for n in build.VENDORED_WHEELS]


def test_the_lock_file_written_on_311_equals_pyodide_builds_add_wheels(tmp_path):
    tool = build.ensure_lock_tool()
    if tool is None:
        pytest.skip("no Python >= 3.12 here for pyodide-build")
    wheels = shipped_wheels()
    out = tmp_path / "lock.json"
    subprocess.run([str(tool), "lockfile", "add-wheels", "--input", str(build.RUNTIME_LOCK),
                    "--output", str(out), "--base-path", str(WHEELS), *map(str, wheels)],
                   check=True, capture_output=True)
    ours = build.lock_add_wheels(build.RUNTIME_LOCK.read_text(encoding="utf-8"), wheels, WHEELS)
    assert ours == out.read_text(encoding="utf-8")
    assert (WHEELS / build.LOCK_NAME).read_text(encoding="utf-8") == ours


def test_the_site_lock_file_names_the_engine_by_hash_and_keeps_micropip_at_hand():
    wheels = shipped_wheels()
    lock = json.loads((WHEELS / build.LOCK_NAME).read_text(encoding="utf-8"))
    engine = lock["packages"]["py-engines"]
    assert engine["imports"] == ["py_engines"] and engine["depends"] == []
    assert engine["sha256"] == build.sha256(wheels[0])
    assert engine["file_name"] == wheels[0].relative_to(WHEELS).as_posix()
    assert engine["file_name"].startswith(engine["sha256"][:16] + "/")
    micropip = lock["packages"]["micropip"]
    assert micropip["file_name"] == "micropip-0.11.1-py3-none-any.whl"
    assert micropip["sha256"] == build.VENDORED_WHEELS[micropip["file_name"]]


def test_a_wheel_with_real_dependencies_is_refused_by_the_311_writer(tmp_path):
    import zipfile
    wheel = tmp_path / "needy-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("needy/__init__.py", "")
        zf.writestr("needy-1.0.dist-info/METADATA",
                    "Metadata-Version: 2.1\nName: needy\nVersion: 1.0\nRequires-Dist: numpy\n\n")
    with pytest.raises(SystemExit, match="numpy"):
        build.lock_add_wheels(build.RUNTIME_LOCK.read_text(encoding="utf-8"), [wheel], tmp_path)


@pytest.mark.parametrize("header,expected", [
    ("gzip, deflate, br, zstd", {"gzip", "deflate", "br", "zstd"}),
    ("br;q=0, gzip;q=0.5", {"gzip"}),
    ("*", {"br", "gzip"}),
    ("*;q=1, br;q=0", {"gzip"}),
    ("identity", {"identity"}),
    ("", set()),
    ("gzip;q=zero", set()),
])
def test_accept_encoding_is_read_with_its_q_values(header, expected):
    assert build.accepted_encodings(header) == expected


def test_the_service_worker_lists_every_served_file_with_its_hash():
    precache = read_precache((build.DIST / "sw.js").read_text(encoding="utf-8"))
    served = {p.relative_to(build.DIST).as_posix() for p in build.DIST.rglob("*")
              if p.is_file() and p.suffix not in (".br", ".gz") and p.name != "sw.js"}
    # Everything but the C++ toolchain's data, which is fetched only when a user picks C++,
    # and the host's header files (_headers, nginx.conf), which are not the site's.
    on_demand = {name for name in served if name.startswith("toolchain/")}
    assert on_demand == {f"toolchain/{name}" for name in TOOLCHAIN_FILES}
    assert {"_headers", "nginx.conf"} <= served
    assert set(precache["files"]) == served - on_demand - {"_headers", "nginx.conf"}
    for name in ("index.html", "pyodide/pyodide.asm.wasm", "manifest.json", "app.webmanifest",
                 "vendor/@yowasp/clang/gen/bundle.js", "js/cpp/toolchain-files.js"):
        assert precache["files"][name] == build.sha256(build.DIST / name)


def test_every_compressible_file_has_smaller_brotli_and_gzip_copies():
    for name in ("pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "index.html",
                 "manifest.json", "js/engine/worker.js", "css/pixel.css"):
        raw = (build.DIST / name).stat().st_size
        for ext in (".br", ".gz"):
            assert (build.DIST / (name + ext)).stat().st_size < raw


def _modules(names: list[str], suffix: str) -> set[str]:
    """Dotted module names of a zip's NAME.py (or .pyc) entries; a package by its __init__."""
    found = set()
    for name in names:
        if name.endswith(suffix):
            dotted = name[: -len(suffix)].replace("/", ".")
            found.add(dotted.removesuffix(".__init__"))
    return found


def _module_level_imports(tree: ast.Module) -> set[str]:
    """Absolute imports a module runs when it is imported (not those inside functions,
    nor `if TYPE_CHECKING:` ones)."""
    found: set[str] = set()
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
            todo += node.body + node.orelse
        elif isinstance(node, ast.Try):
            todo += node.body + node.orelse + node.finalbody + [n for h in node.handlers for n in h.body]
    return found


def test_the_engine_stdlib_is_bytecode_of_every_stdlib_module_the_engines_and_start_up_import():
    with zipfile.ZipFile(build.DIST / "pyodide" / build.ENGINE_STDLIB) as ours, \
            zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip") as full:
        names = [name for name in ours.namelist() if not name.startswith("py_engines/")]
        headers = {ours.read(name)[:8] for name in names}
        stdlib = _modules(full.namelist(), ".py")
    assert names and all(name.endswith(".pyc") for name in names)
    # One magic number (the runtime's), and unchecked hash-based: no source to compare with.
    assert len(headers) == 1 and next(iter(headers))[4:8] == b"\x01\x00\x00\x00"
    compiled = _modules(names, ".pyc")
    assert compiled < stdlib
    assert {"site", "encodings", "encodings.utf_8", "_pyodide", "pyodide",
            "pyodide._package_loader", "json", "traceback"} <= compiled
    needed = set()
    for path in (build.SOURCE / "py_engines").rglob("*.py"):
        imported = _module_level_imports(ast.parse(path.read_text(encoding="utf-8")))
        needed |= {name for name in imported if name in stdlib}
    assert needed and needed <= compiled, sorted(needed - compiled)


def test_the_engine_stdlib_carries_the_engine_package_compiled_with_its_catalogs():
    # The engine's workers import the engine from their standard library's zip (no wheel
    # to install at boot): each module as bytecode of the runtime's CPython (unchecked
    # hash-based: no source beside it), named in the zip for tracebacks, and the catalogs.
    package = build.SOURCE / "py_engines"
    with zipfile.ZipFile(build.DIST / "pyodide" / build.ENGINE_STDLIB) as ours:
        entries = {name: ours.read(name) for name in ours.namelist() if name.startswith("py_engines/")}
        magic = ours.read(next(n for n in ours.namelist() if n.endswith(".pyc")))[:4]
    modules = {path.relative_to(build.SOURCE).as_posix() + "c" for path in package.rglob("*.py")}
    catalogs = {path.relative_to(build.SOURCE).as_posix(): path.read_bytes()
                for path in (package / "locale").glob("*.json")}
    assert len(modules) > 20 and catalogs
    assert set(entries) == modules | set(catalogs)
    assert {name: entries[name] for name in catalogs} == catalogs
    for name in modules:
        assert entries[name][:4] == magic and int.from_bytes(entries[name][4:8], "little") == 0b01, name


def test_the_catalogs_are_read_when_the_engine_is_imported_from_a_zip(tmp_path: Path) -> None:
    # As the browser's engine workers import it: from a zip on sys.path, where the
    # catalogs are entries of the zip, not files.
    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in (build.SOURCE / "py_engines").rglob("*"):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                out.write(path, path.relative_to(build.SOURCE).as_posix())
    code = ("import sys, json; sys.path.insert(0, sys.argv[1]); from py_engines import i18n; "
            "print(json.dumps([i18n.__file__.startswith(sys.argv[1]), i18n.languages(), "
            "i18n.catalog('zh-CN')]))")
    out = subprocess.run([sys.executable, "-c", code, str(archive)], cwd=tmp_path, check=True,
                         capture_output=True, text=True).stdout
    on_disk = json.loads((build.SOURCE / "py_engines" / "locale" / "zh-CN.json").read_text(encoding="utf-8"))
    assert json.loads(out) == [True, ["en", "zh-CN"], dict(flatten(on_disk))]


def test_the_boot_script_carries_the_manifests_runtime_and_wheels():
    manifest = json.loads((build.DIST / "manifest.json").read_text(encoding="utf-8"))
    script = (build.DIST / "js" / "engine" / "pyodide-boot.js").read_text(encoding="utf-8")
    line = next(t for t in script.splitlines() if t.startswith("const BUILD = "))
    info = json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))
    files = info.pop("files")
    assert info == {"runtime": manifest["runtime"], "wheels": manifest["wheels"],
                    "stdlib": f"pyodide/{build.ENGINE_STDLIB}"}
    assert f"pyodide/{build.ENGINE_STDLIB}" in manifest["runtime"]["bytes"]
    # The files a worker may read from the offline copy itself, with the hashes it checks them by.
    assert set(files) == {"pyodide/pyodide.asm.wasm", f"pyodide/{build.ENGINE_STDLIB}",
                          "pyodide/python_stdlib.zip", f"wheels/{build.LOCK_NAME}"}
    assert files == {name: build.sha256(build.DIST / name) for name in files}


def test_the_bridge_leaves_the_clis_modules_until_a_tool_or_explore_request():
    code = ("import sys, json; import py_engines.bridge as b; "
            "heavy = {'argparse', 'multiprocessing', 'concurrent.futures'} & set(sys.modules); "
            "reply = json.loads(b.handle(json.dumps({'cmd': 'generate', 'game': 'kalah', "
            "'seed': 1, 'count': 1}))); print(json.dumps([sorted(heavy), reply['ok']]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=build.SOURCE, check=True,
                         capture_output=True, text=True).stdout
    assert json.loads(out) == [[], True]


def test_the_same_sources_build_the_same_engine_wheel_byte_for_byte():
    # The wheel's hash keys the snapshot, names the wheel's folder and changes the
    # service worker's build id: a rebuild with no change must not change it.
    # The site ships it with its bytecode, compiled by the runtime (cached: the build made it).
    shipped = shipped_wheels()[0]
    source = build.build_wheel()
    _, pycs = engine_stdlib(source, WHEELS / build.LOCK_NAME)
    again = add_bytecode(source, pycs)
    assert again.read_bytes() == shipped.read_bytes()
    with zipfile.ZipFile(again) as wheel:
        assert {info.date_time for info in wheel.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_the_engine_wheel_carries_every_modules_bytecode_listed_in_its_record():
    # A first visit imports the engine without compiling it: each module's bytecode
    # sits in its __pycache__, for the runtime's CPython (the tag and magic number of
    # the engine's standard library), unchecked hash-based (PEP 552 flags 0b01), so
    # Python takes it whatever time the install gives the source.
    with zipfile.ZipFile(shipped_wheels()[0]) as wheel, \
            zipfile.ZipFile(build.DIST / "pyodide" / build.ENGINE_STDLIB) as stdlib:
        names = wheel.namelist()
        magic = stdlib.read(stdlib.namelist()[0])[:4]
        sources = [n for n in names if n.endswith(".py")]
        assert len(sources) > 20
        record = {line.split(",")[0]: line for line in wheel.read(next(
            n for n in names if n.endswith(".dist-info/RECORD"))).decode().splitlines()}
        for name in sources:
            folder, _, module = name.rpartition("/")
            pyc = f"{folder}/__pycache__/{module[:-3]}.cpython-314.pyc"
            data = wheel.read(pyc)
            assert data[:4] == magic, pyc
            assert int.from_bytes(data[4:8], "little") == 0b01, pyc
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert record[pyc] == f"{pyc},sha256={digest},{len(data)}"
        assert len([n for n in names if n.endswith(".pyc")]) == len(sources)
