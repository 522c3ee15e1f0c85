"""The READMEs: a short front page, and every file or folder they name exists.

A path is named in `backticks` or as a line of a file map (an unlabelled ``` block). A name with
a slash must be the tail of a real path (so `js/solve.js` fails once the file moves to
`js/page/solve.js`); a bare file name must exist somewhere in the repository. Names of built or
downloaded files (dist/, build/, the runtime's files, the snapshot's cache address) and templates
(`<game>`, `*`) are not checked.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
READMES = [ROOT / "README.md", ROOT / "py_engines" / "README.md", ROOT / "web" / "README.md",
           ROOT / "web" / "EMBED.md", ROOT / "web" / "SECURITY.md", ROOT / "tests" / "README.md",
           ROOT / "web" / "js" / "cpp" / "README.md", ROOT / "web" / "js" / "lab" / "README.md"]
SKIP_DIRS = {".git", ".venv", "node_modules", "dist", "build", "__pycache__", ".mypy_cache",
             ".ruff_cache", ".pytest_cache"}
# Built, downloaded or run-time names: not in the repository by design.
GENERATED = ("dist/", "build/", ".venv", "node_modules", "pyodide/", "wheels/", "vendor/",
             "fonts/", "__snapshot/", "pyodide.", "python_stdlib", "pyodide-lock.json",
             "manifest.json", "sw.js.", "http:", "https:", "file:", "blob:")
FILE_NAME = re.compile(r"^[\w.@-]+\.(py|js|mjs|json|md|html|css|toml|txt|svg|webmanifest|cfg|sh)$")
PATH = re.compile(r"^\.{0,2}/?[\w.@-]+(/[\w.@-]+)*/?$")


def repo_paths() -> tuple[set[str], set[str]]:
    """Every file and folder of the repository (relative, '/'-separated) and every file name."""
    paths: set[str] = set()
    names: set[str] = set()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
        rel = Path(folder).relative_to(ROOT).as_posix()
        if rel != ".":
            paths.add(rel)
        for name in files:
            paths.add(f"{rel}/{name}" if rel != "." else name)
            names.add(name)
    return paths, names


def named_paths(text: str) -> set[str]:
    found = set(re.findall(r"`([^`\n]+)`", text))
    found |= {target for target in re.findall(r"\]\(([^)\s#]+)\)", text)}
    in_block = in_map = False
    for line in text.splitlines():
        if line.startswith("```"):
            in_map = not in_block and line.strip() == "```"
            in_block = not in_block
            continue
        if in_map:
            for token in line.split()[:2]:
                found.add(token.rstrip(","))
    return {t for t in found if looks_like_path(t)}


def looks_like_path(token: str) -> bool:
    if any(c in token for c in "<>*{}= ") or token.startswith(GENERATED) or token.startswith("@"):
        return False
    if "/" in token:
        return bool(PATH.match(token)) and not token.startswith("//")
    return bool(FILE_NAME.match(token))


def exists(token: str, readme: Path, paths: set[str], names: set[str]) -> bool:
    if "/" not in token:
        return token in names
    clean = token.rstrip("/")
    if (readme.parent / clean).exists():
        return True
    clean = clean.lstrip("./")
    return any(p == clean or p.endswith("/" + clean) for p in paths)


def test_the_front_page_is_at_most_150_lines():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150


@pytest.mark.parametrize("readme", READMES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_a_readme_names_exists(readme: Path):
    paths, names = repo_paths()
    named = named_paths(readme.read_text(encoding="utf-8"))
    assert named, f"{readme} names no paths: the parser is broken"
    missing = sorted(t for t in named if not exists(t, readme, paths, names))
    assert not missing, f"{readme.relative_to(ROOT)} names paths that do not exist: {missing}"


def test_the_front_page_links_every_folder_readme():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for readme in READMES[1:]:
        assert readme.relative_to(ROOT).as_posix() in text


def test_a_moved_file_is_caught():
    paths, names = repo_paths()
    assert exists("js/main.js", ROOT / "web" / "README.md", paths, names)
    assert not exists("js/no-such-module.js", ROOT / "web" / "README.md", paths, names)
    assert not exists("no_such_module.py", ROOT / "README.md", paths, names)
