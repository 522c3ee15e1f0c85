"""The page's scripts linked for a visit: dist/app/, made by esbuild (pinned in web/package.json).

The page (index.html) imports about fifty modules in five waves, each request answered by the
service worker on a second visit: the main thread, the service worker and the engine worker
then share the machine's cores, and the engine's boot waits for them.  Linked, the page's
own graph is two scripts and a few shared pieces (`app/main.js`, `app/client.js`, and
`chunk-*.js`), and what the page loads later (the tools, Explore, each game's scene and
input tool) comes as pieces of its own that import the shared ones, so every module still
exists once per page.  Bare imports (CodeMirror, i18next) stay as they are, resolved by
the import map.  The modules themselves stay in dist/js/ as written (the embed, the
workers and anyone reading the site's code load them from there).

A module that finds a file from its own address (`new URL("./worker.js", import.meta.url)`)
would look for it beside the piece it was linked into; each such `import.meta.url` is
written, in the copy esbuild reads, as the module's own address in dist/js/, so it finds
the same files as before.  Every piece is in dist/app/, one folder below the site's root.
"""
from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from .config import CACHE, WEB, log, run

APP = "app"
# The page's entry points: the engine's client (started from the head, so the engine
# worker starts booting while the rest of the page loads) and the page's main module.
ENTRIES = {"js/engine/client.js": "client", "js/main.js": "main"}
IMPORT_META_URL = re.compile(r"\bimport\.meta\.url\b")
PRELOAD = re.compile(r'<link rel="modulepreload" href="js/[^"]+">\n')


def _source_copy(folder: Path) -> Path:
    """dist/js copied for esbuild, each `import.meta.url` written as the module's address
    in dist/js/ (relative to a piece in dist/app/)."""
    copy = CACHE / "bundle-src"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(folder / "js", copy / "js")
    for path in (copy / "js").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        if IMPORT_META_URL.search(text):
            own = "../" + path.relative_to(copy).as_posix()
            text = IMPORT_META_URL.sub(f"new URL({json.dumps(own)}, import.meta.url).href", text)
            path.write_text(text, encoding="utf-8")
    return copy


def _static_pieces(meta: dict[str, Any], start: str, seen: list[str]) -> list[str]:
    """The pieces `start` imports statically, directly or not, in the order found, past
    those already `seen` (which gets them too)."""
    found: list[str] = []
    todo = [start]
    while todo:
        for item in meta["outputs"][todo.pop(0)].get("imports", []):
            if item["kind"] == "import-statement" and not item.get("external") and item["path"] not in seen:
                seen.append(item["path"])
                found.append(item["path"])
                todo.append(item["path"])
    return found


def bundle_page(folder: Path) -> list[str]:
    """Links the page's modules into folder/app/ and points index.html at them: its two
    module scripts, and a modulepreload for every piece they import statically.
    Returns the pieces' names (relative to folder)."""
    copy = _source_copy(folder)
    out = folder / APP
    shutil.rmtree(out, ignore_errors=True)
    metafile = CACHE / "bundle-meta.json"
    esbuild = WEB / "node_modules" / ".bin" / "esbuild"
    # Run in the copy: each module's code in a piece starts with a comment naming it (js/...).
    run([str(esbuild), *(f"{name}={source}" for source, name in ENTRIES.items()),
         "--bundle", "--splitting", "--format=esm", "--packages=external", "--charset=utf8",
         f"--outdir={out}", "--chunk-names=[name]-[hash]", f"--metafile={metafile}",
         "--log-level=warning"], cwd=copy)
    meta = json.loads(metafile.read_text(encoding="utf-8"))
    names = {Path(path).name: path for path in meta["outputs"]}
    entry = {name: names[f"{name}.js"] for name in ENTRIES.values()}
    page = folder / "index.html"
    html = page.read_text(encoding="utf-8")
    tags = {source: f'<script type="module" async src="{source}"></script>' if name == "client"
            else f'<script type="module" src="{source}"></script>' for source, name in ENTRIES.items()}
    if any(html.count(tag) != 1 for tag in tags.values()):
        sys.exit("web/index.html needs one module script for each of " + ", ".join(ENTRIES))
    html = PRELOAD.sub("", html)
    seen: list[str] = []
    for source, name in ENTRIES.items():
        preload = "".join(f'\n<link rel="modulepreload" href="{APP}/{Path(path).name}">'
                          for path in _static_pieces(meta, entry[name], seen))
        html = html.replace(tags[source], tags[source].replace(source, f"{APP}/{name}.js") + preload)
    page.write_text(html, encoding="utf-8")
    pieces = sorted(f"{APP}/{Path(path).name}" for path in meta["outputs"])
    log(f"{APP}/: the page's modules linked by esbuild into {len(pieces)} pieces")
    return pieces


def piece_for(module: str) -> str:
    """The piece of the last build's dist/app/ that a module the page loads by itself
    (an entry, or one it imports dynamically) became: "js/stage/scenes/sevens.js" ->
    "app/sevens-HASH.js" (for tests that hold back or damage that request)."""
    meta = json.loads((CACHE / "bundle-meta.json").read_text(encoding="utf-8"))
    for path, output in meta["outputs"].items():
        if output.get("entryPoint") == module:
            return f"{APP}/{Path(path).name}"
    raise KeyError(f"{module} is no piece of its own in {APP}/")
