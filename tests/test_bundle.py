"""The page's modules as the build links them (buildsys/bundle.py): dist/app/'s pieces, read back
from the built files themselves (not from esbuild's own account of them)."""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from buildsys import bundle  # noqa: E402
from buildsys.config import IMPORT_MAP  # noqa: E402
from buildsys.site import read_precache  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
APP = DIST / "app"
STATIC = re.compile(r'^(?:import|export)\b[^;"]*?(?:from\s*)?"(\./[^"]+)";?', re.M)
DYNAMIC = re.compile(r'\bimport\(\s*"(\./[^"]+)"\s*\)')
BARE = re.compile(r'^(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*'
                  r'(?:from\s*)?"([^"./][^"]*)";', re.M)
# esbuild starts each module's code in a piece with a comment naming it.
MODULE = re.compile(r"^// (js/\S+\.js)$", re.M)


def pieces() -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(APP.glob("*.js"))}


def static_closure(start: str, text: dict[str, str]) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for name in STATIC.findall(text[todo.pop()]):
            name = name.removeprefix("./")
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_the_page_runs_its_two_linked_scripts_and_preloads_every_piece_they_import():
    html = (DIST / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script type="module"( async)? src="([^"]+)"></script>', html)
    assert scripts == [(" async", "app/client.js"), ("", "app/main.js")]
    text = pieces()
    wanted = static_closure("client.js", text) | static_closure("main.js", text)
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert sorted(preloads) == sorted(f"app/{name}" for name in wanted)
    assert len(preloads) == len(set(preloads))
    # The modules the page used to import one by one are no script of it any more.
    assert "js/main.js" not in html and 'src="js/engine/client.js"' not in html


def test_every_module_of_the_page_is_in_exactly_one_piece():
    """Code splitting, not copies: a module in two pieces would run twice and split its
    state (the page's state, its events, the engine client) between the two."""
    text = pieces()
    where: dict[str, set[str]] = {}
    for piece, body in text.items():
        for module in MODULE.findall(body):   # twice in one piece when its imports are hoisted
            where.setdefault(module, set()).add(piece)
    assert {m: p for m, p in where.items() if len(p) > 1} == {}
    found = set(where)
    for module in ("js/main.js", "js/engine/client.js", "js/page/state.js", "js/page/hook.js",
                   "js/tools/feature.js", "js/explore/feature.js", "js/stage/scenes/sevens.js",
                   "js/stage/scenes/lab.js",
                   "js/i18n/i18n.js", "js/cpp/solution-cpp.js"):
        assert module in found, module
    # Nothing a worker runs is linked into the page (the workers are separate scripts).
    assert not [m for m in found if m.endswith("worker.js")]
    # What the page loads later is imported by name from the pieces, never from dist/js/.
    for body in text.values():
        assert all(not name.startswith("../") for name in STATIC.findall(body) + DYNAMIC.findall(body))


def test_every_piece_is_precached_and_every_bare_import_is_in_the_import_map():
    files = read_precache((DIST / "sw.js").read_text(encoding="utf-8"))["files"]
    text = pieces()
    assert {f"app/{name}" for name in text} <= set(files)
    mapped = set(json.loads(IMPORT_MAP)["imports"])
    bare = {m for body in text.values() for m in BARE.findall(body)}
    assert bare and bare <= mapped, bare - mapped


def test_a_module_that_finds_files_from_its_address_keeps_its_address():
    """`new URL("./worker.js", import.meta.url)` in js/engine/client.js must still name
    js/engine/worker.js once client.js is linked into app/."""
    text = pieces()
    uses = [(m, body) for body in text.values() for m in re.findall(r"import\.meta\.url", body)]
    assert uses
    wrapped = [m for body in text.values()
               for m in re.findall(r'new URL\("\.\./(js/[^"]+)", import\.meta\.url\)\.href', body)]
    assert len(wrapped) == len(uses)
    assert all((DIST / name).is_file() for name in wrapped), wrapped
    assert any(name == "js/engine/client.js" for name in wrapped)


def test_the_copy_esbuild_reads_rewrites_only_import_meta_url(tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "js" / "engine").mkdir(parents=True)
    source = ('const W = new URL("./worker.js", import.meta.url);\n'
              'export const notMeta = "import.meta.urls";\n')
    (site / "js" / "engine" / "client.js").write_text(source, encoding="utf-8")
    (site / "js" / "plain.js").write_text("export const a = 1;\n", encoding="utf-8")
    monkeypatch.setattr(bundle, "CACHE", tmp_path / "cache")
    copy = bundle._source_copy(site, site / "app")   # the page's pieces are in app/
    client = (copy / "js" / "engine" / "client.js").read_text(encoding="utf-8")
    assert client.startswith('const W = new URL("./worker.js", '
                             'new URL("../js/engine/client.js", import.meta.url).href);')
    assert client.endswith('export const notMeta = "import.meta.urls";\n')
    assert (copy / "js" / "plain.js").read_text(encoding="utf-8") == "export const a = 1;\n"
    # Linked into a script beside it (a worker's), the same module names itself from there.
    copy = bundle._source_copy(site, site / "js" / "engine")
    client = (copy / "js" / "engine" / "client.js").read_text(encoding="utf-8")
    assert client.startswith('const W = new URL("./worker.js", '
                             'new URL("./client.js", import.meta.url).href);')
    # The site's own files are left as they were.
    assert (site / "js" / "engine" / "client.js").read_text(encoding="utf-8") == source


def test_piece_for_names_the_piece_of_a_module_the_page_loads_by_itself():
    assert bundle.piece_for("js/main.js") == "app/main.js"
    scene = bundle.piece_for("js/stage/scenes/sevens.js")
    assert re.fullmatch(r"app/sevens-[A-Z0-9]+\.js", scene) and (DIST / scene).is_file()
    assert "// js/stage/scenes/sevens.js" in (DIST / scene).read_text(encoding="utf-8")
    # The lab's scene is no game of the manifest, but the scene loader imports it by name
    # ({name: "lab", scene: true}): it is a piece of its own too.
    lab = bundle.piece_for("js/stage/scenes/lab.js")
    assert re.fullmatch(r"app/lab-[A-Z0-9]+\.js", lab) and (DIST / lab).is_file()
    assert "// js/stage/scenes/lab.js" in (DIST / lab).read_text(encoding="utf-8")
    try:
        bundle.piece_for("js/page/state.js")   # in a shared piece, not one of its own
    except KeyError as err:
        assert "no piece of its own" in str(err)
    else:
        raise AssertionError("js/page/state.js has no piece of its own")
