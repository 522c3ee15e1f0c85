"""The page's modules by concern (web/js/, issue 20), read from the sources.

- web/js/ holds only entry points directly (main.js, early-solve.js, embed.js): six code files at most;
- state flows one way: a page feature (web/js/page/ beyond its shared parts, tools/feature.js,
  explore/feature.js) is imported by an entry point only, which hands one feature what it needs
  from another; the shared parts (the page's state and events, the hook registry, storage, the
  share-link codec, the key table, and views that draw one region) import no feature;
- `python3 build.py test` runs the import-circle check (madge), which fails on a circle.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
JS = WEB / "js"
sys.path.insert(0, str(ROOT))
from buildsys import testing  # noqa: E402

ENTRY_POINTS = {"main.js", "early-solve.js", "embed.js"}
# The page's shared parts: any module may import them; they import no feature (the state and
# its types, the hook registry, storage, the share-link codec, the key table,
# the analysis arithmetic, and views that draw one region).
SHARED = {"state.js", "types.js", "hook.js", "storage.js", "share.js", "shortcuts.js",
          "analysis.js", "moves.js", "transcript.js", "cases.js", "input-errors.js"}
# Static imports and re-exports, dynamic import() of a literal, and new URL(literal, import.meta.url).
IMPORT = re.compile(r"""(?:^|[;\s}])(?:import|export)\b\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+)["']"""
                    r"""|\bimport\(\s*["']([^"']+)["']\s*\)""", re.M)
COMMENT = re.compile(r"/\*.*?\*/|(?<![:\"'])//[^\n]*", re.S)


def modules() -> dict[str, set[str]]:
    """Each module under web/js/ (relative to it) and the modules of web/js/ it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(JS.rglob("*.js")):
        name = path.relative_to(JS).as_posix()
        text = COMMENT.sub("", path.read_text(encoding="utf-8"))
        found = set()
        for static, dynamic in IMPORT.findall(text):
            spec = static or dynamic
            if not spec.startswith("."):
                continue
            target = Path(os.path.normpath(path.parent / spec))
            if target.is_relative_to(JS):
                found.add(target.relative_to(JS).as_posix())
        graph[name] = found
    return graph


def is_feature(name: str) -> bool:
    folder, _, base = name.rpartition("/")
    return (folder == "page" and base not in SHARED) or name in {"tools/feature.js", "explore/feature.js"}


def test_the_parser_sees_the_imports() -> None:
    graph = modules()
    assert "page/state.js" in graph["main.js"] and "page/solve.js" in graph["main.js"]
    assert "stage/player.js" in graph["page/state.js"]
    assert "page/shortcuts.js" in graph["tools/tools.js"]
    assert all(target in graph for targets in graph.values() for target in targets), \
        "an import names a module that does not exist"


def test_only_entry_points_sit_directly_in_web_js() -> None:
    direct = {p.name for p in JS.iterdir() if p.is_file()}
    assert direct <= ENTRY_POINTS, f"move these into a folder by concern: {sorted(direct - ENTRY_POINTS)}"
    assert len(direct) <= 6 and "main.js" in direct


def features_imported_elsewhere(graph: dict[str, set[str]]) -> list[str]:
    """Each import of a feature by a module that is not an entry point."""
    features = {name for name in graph if is_feature(name)}
    return sorted(f"{importer} imports {target}" for importer, targets in graph.items()
                  for target in targets if target in features and importer not in ENTRY_POINTS)


def test_a_feature_is_imported_only_by_an_entry_point() -> None:
    graph = modules()
    features = {name for name in graph if is_feature(name)}
    assert {"page/solve.js", "page/input.js", "page/demo.js", "page/stale.js", "tools/feature.js"} <= features
    wrong = features_imported_elsewhere(graph)
    assert not wrong, "a feature gets what it needs from main.js (or registers into the state): " + \
        "; ".join(wrong)


def test_the_shared_parts_import_no_feature() -> None:
    graph = modules()
    for base in SHARED:
        imported = graph[f"page/{base}"]
        assert not {t for t in imported if is_feature(t)}, f"page/{base} imports a feature: {imported}"


def test_the_layering_check_would_catch_a_feature_calling_another() -> None:
    graph = modules()
    assert features_imported_elsewhere(graph) == []
    graph["page/demo.js"] = graph["page/demo.js"] | {"page/solve.js"}
    assert features_imported_elsewhere(graph) == ["page/demo.js imports page/solve.js"]


def test_the_test_command_runs_the_circle_check() -> None:
    tools = {cmd[0]: cmd for cmd in testing.JS_CHECKS}
    assert "madge" in tools and "--circular" in tools["madge"]


def test_the_circle_check_fails_on_a_circle(tmp_path: Path) -> None:
    madge = WEB / "node_modules" / ".bin" / "madge"
    if not madge.exists() or not shutil.which("node"):
        pytest.skip("web/node_modules is not installed (python3 build.py installs it)")
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text('import { b } from "./b.js";\nexport const a = () => b;\n')
    (tmp_path / "js" / "b.js").write_text('import { a } from "./a.js";\nexport const b = () => a;\n')
    (tmp_path / "sw.js").write_text("self.addEventListener('fetch', () => {});\n")
    args = next(cmd for cmd in testing.JS_CHECKS if cmd[0] == "madge")[1:]
    found = subprocess.run([str(madge), *args], cwd=tmp_path, capture_output=True, text=True)
    assert found.returncode != 0 and "a.js" in found.stdout, found.stdout + found.stderr
    (tmp_path / "js" / "b.js").write_text("export const b = () => 1;\n")
    clean = subprocess.run([str(madge), *args], cwd=tmp_path, capture_output=True, text=True)
    assert clean.returncode == 0, clean.stdout + clean.stderr


# ----------------------------------------------------------------------------- types and lint

WAY_OUTS = ("eslint-disable", "@ts-ignore", "@ts-expect-error", "@ts-nocheck")
WORKER_LIB = '/// <reference lib="webworker" />'


def page_sources() -> list[Path]:
    found = [*JS.rglob("*.js"), WEB / "sw.js", WEB / "eslint.config.mjs", *(WEB / "types").glob("*.ts")]
    return [p for p in found if "node_modules" not in p.parts]


def config(name: str) -> dict[str, list[str]]:
    import json
    data: dict[str, list[str]] = json.loads((WEB / name).read_text(encoding="utf-8"))
    return data


def test_the_test_command_runs_tsc_and_eslint() -> None:
    checks = [" ".join(cmd) for cmd in testing.JS_CHECKS]
    assert "tsc -p tsconfig.json" in checks and "tsc -p tsconfig.worker.json" in checks
    assert any(c.startswith("eslint") and "--max-warnings 0" in c for c in checks)
    base = config("tsconfig.base.json")["compilerOptions"]
    assert base["checkJs"] is True and base["allowJs"] is True  # type: ignore[comparison-overlap]


def test_no_check_is_switched_off_in_the_source() -> None:
    found = sorted(f"{p.relative_to(ROOT)}: {way}" for p in page_sources()
                   for way in WAY_OUTS if way in p.read_text(encoding="utf-8"))
    assert len(page_sources()) > 50
    assert not found, f"use a visible JSDoc cast instead: {found}"


def test_every_worker_is_checked_against_the_worker_library() -> None:
    workers = config("tsconfig.worker.json")["files"]
    page = config("tsconfig.json")
    assert "sw.js" in workers and "js/engine/worker.js" in workers
    # Each worker the page starts (new Worker(new URL(...)), or a runner runtime's worker script).
    started = {"sw.js"}
    url = re.compile(r"""const \w*WORKER\w* = new URL\(["']([^"']+)["'], import\.meta\.url\)""")
    for path in JS.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        for spec in url.findall(text):
            started.add((path.parent / spec).resolve().relative_to(WEB).as_posix())
        started |= set(re.findall(r"""worker: ["'](js/[\w/-]+\.js)["']""", text))
    assert {"js/engine/worker.js", "js/engine/snapshot-worker.js", "js/runner/python-worker.js"} <= started
    assert started <= set(workers), f"not checked as workers: {sorted(started - set(workers))}"
    for name in workers:
        text = (WEB / name).read_text(encoding="utf-8")
        assert text.startswith(WORKER_LIB), f"{name} does not declare its global scope ({WORKER_LIB})"
        assert name == "sw.js" or name in page["exclude"], f"{name} is checked against the DOM library too"
    declared = {p.relative_to(WEB).as_posix() for p in page_sources() if p.suffix == ".js"
                and p.read_text(encoding="utf-8").startswith(WORKER_LIB)}
    assert declared == set(workers)


def run_tool(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    tool = WEB / "node_modules" / ".bin" / args[0]
    if not tool.exists() or not shutil.which("node"):
        pytest.skip("web/node_modules is not installed (python3 build.py installs it)")
    return subprocess.run([str(tool), *args[1:]], cwd=WEB, input=stdin, capture_output=True, text=True)


def test_tsc_fails_on_a_planted_type_error(tmp_path: Path) -> None:
    """The page's settings, a module that reads a page element: a misspelt property fails."""
    import json
    planted = tmp_path / "planted.js"
    state = (JS / "page" / "state.js").as_posix()
    settings = tmp_path / "tsconfig.json"
    settings.write_text(json.dumps({"extends": str(WEB / "tsconfig.json"),
                                    "include": [str(WEB / "types" / "site.d.ts"), str(planted)]}))
    head = f'import {{ el }} from "{state}";\n'
    planted.write_text(head + "export const seed = () => el.seed.valueAsNumbr + 1;\n")
    found = run_tool("tsc", "-p", str(settings))
    assert found.returncode != 0 and "planted.js" in found.stdout and "valueAsNumbr" in found.stdout, \
        found.stdout + found.stderr
    planted.write_text(head + "export const seed = () => el.seed.valueAsNumber + 1;\n")
    clean = run_tool("tsc", "-p", str(settings))
    assert clean.returncode == 0, clean.stdout + clean.stderr


def test_eslint_fails_on_a_planted_finding() -> None:
    found = run_tool("eslint", "--max-warnings", "0", "--stdin", "--stdin-filename", "js/planted.js",
                     stdin="export function f() { const unused = 1; return 2; }\n")
    assert found.returncode != 0 and "no-unused-vars" in found.stdout, found.stdout + found.stderr
    clean = run_tool("eslint", "--max-warnings", "0", "--stdin", "--stdin-filename", "js/planted.js",
                     stdin="export function f() { return 2; }\n")
    assert clean.returncode == 0, clean.stdout + clean.stderr


EXPORT = re.compile(r"^export (?:default )?(?:async )?(?:function\*?|class|const|let) (\w+)", re.M)


def test_every_export_has_a_jsdoc_block() -> None:
    """An export's type is part of its module's contract: each one has a /** ... */ block."""
    missing = []
    count = 0
    for path in sorted(JS.rglob("*.js")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for k, line in enumerate(lines):
            if EXPORT.match(line):
                count += 1
                if k == 0 or not lines[k - 1].rstrip().endswith("*/"):
                    missing.append(f"{path.relative_to(JS)}:{k + 1} {line[:60]}")
    assert count > 300
    assert not missing, f"exports without a JSDoc block: {missing}"
