"""No file outside tests/ is over 500 lines: the page (web/), the engines (py_engines/), the
build (buildsys/, build.py).  A longer file holds more than one concern; split it.  Lock files
that npm writes are not ours to split, binary files have no lines, and the message catalogs
(py_engines/locale/<lang>.json, the engines' words, and web/locale/<lang>.json, the page's, the
stage's and the embed's) are one file per language by design (issue 24: what translators and
translation platforms take), a key per line."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST = 500
SKIP_DIRS = {"node_modules", "__pycache__"}
GENERATED = {"package-lock.json"}
CATALOGS = {ROOT / "py_engines" / "locale", ROOT / "web" / "locale"}
BINARY = {".png", ".gif", ".woff", ".woff2", ".ico", ".wasm", ".zip", ".whl", ".br", ".gz"}


def sources() -> list[Path]:
    found = [ROOT / "build.py"]
    for top in ("web", "py_engines", "buildsys"):
        found += [p for p in (ROOT / top).rglob("*") if p.is_file()
                  and not SKIP_DIRS & set(p.relative_to(ROOT).parts)
                  and p.name not in GENERATED and p.suffix not in BINARY
                  and not (p.parent in CATALOGS and p.suffix == ".json")]
    return sorted(found)


def test_the_walk_sees_the_sources() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in sources()}
    assert {"build.py", "web/index.html", "web/js/main.js", "py_engines/bridge.py", "buildsys/site.py",
            "web/css/pixel.css", "web/README.md"} <= names
    assert not any("node_modules" in n or n.endswith("package-lock.json") for n in names)
    catalogs = ("py_engines/locale/", "web/locale/")
    assert "py_engines/i18n.py" in names and not any(n.startswith(catalogs) for n in names)


def test_no_source_file_is_over_500_lines() -> None:
    long = {p.relative_to(ROOT).as_posix(): n for p in sources()
            for n in [len(p.read_text(encoding="utf-8").splitlines())] if n > MOST}
    assert not long, f"over {MOST} lines: {long}"
