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

The workers' scripts that are served as one file are linked the same way (`link_script`): the
engine worker (one request instead of five, in two waves, on a boot's critical path) and the
WASI worker (the runner starts it from a data: URL, where it can import nothing).
"""
from __future__ import annotations

import json
import os
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


def _source_copy(folder: Path, out: Path) -> Path:
    """folder/js copied for esbuild (with folder/pyodide and folder/vendor beside it, linked, for
    the modules a script imports from there), each `import.meta.url` written as the module's
    address in folder/js/, relative to the folder `out` its linked script will be in."""
    copy = CACHE / "link-src"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(folder / "js", copy / "js")
    for beside in ("pyodide", "vendor"):
        if (folder / beside).is_dir():
            (copy / beside).symlink_to(folder / beside, target_is_directory=True)
    for path in (copy / "js").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        if IMPORT_META_URL.search(text):
            own = Path(os.path.relpath(folder / path.relative_to(copy), out)).as_posix()
            own = own if own.startswith(".") else f"./{own}"
            text = IMPORT_META_URL.sub(f"new URL({json.dumps(own)}, import.meta.url).href", text)
            path.write_text(text, encoding="utf-8")
    return copy


def _esbuild(args: list[str], copy: Path) -> None:
    # Run in the copy: each module's code in a linked script starts with a comment naming it (js/...).
    run([str(WEB / "node_modules" / ".bin" / "esbuild"), *args, "--bundle", "--format=esm", "--charset=utf8",
         "--preserve-symlinks", "--log-level=warning"], cwd=copy)


# What a self-contained script must not have: a static import or export statement, or an import().
_IMPORTS = re.compile(r"^\s*(?:import\s*[\w${*\"']|export\b)|\bimport\s*\(", re.M)


def link_script(folder: Path, script: str, what: str, externals: tuple[str, ...] = (),
                self_contained: bool = False) -> None:
    """folder/script (a module worker's script, dist/js/...) rewritten as one script with every
    module it imports, with `what` in a comment at its top.  `externals`: imports left as they
    are (esbuild's --external patterns); `self_contained`: the script will run where it can
    import nothing (a data: URL), so the build stops if any import is left."""
    target = folder / script
    copy = _source_copy(folder, target.parent)
    _esbuild([script, f"--outfile={target}", f"--banner:js=// {what}",
              *(f"--external:{pattern}" for pattern in externals)], copy)
    if self_contained and _IMPORTS.search(target.read_text(encoding="utf-8")):
        sys.exit(f"{script}: an import is left in the linked script, which must import nothing")


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


def bundle_page(folder: Path) -> None:
    """Links the page's modules into folder/app/ and points index.html at them: its two
    module scripts, and a modulepreload for every piece they import statically."""
    out = folder / APP
    copy = _source_copy(folder, out)
    shutil.rmtree(out, ignore_errors=True)
    metafile = CACHE / "bundle-meta.json"
    _esbuild([*(f"{name}={source}" for source, name in ENTRIES.items()), "--splitting", "--packages=external",
              f"--outdir={out}", "--chunk-names=[name]-[hash]", f"--metafile={metafile}"], copy)
    meta = json.loads(metafile.read_text(encoding="utf-8"))
    names = {Path(path).name: path for path in meta["outputs"]}
    entry = {name: names[f"{name}.js"] for name in ENTRIES.values()}
    page = folder / "index.html"
    html = page.read_text(encoding="utf-8")
    tags = {source: f'<script type="module" async src="{source}"></script>' if name == "client"
            else f'<script type="module" src="{source}"></script>' for source, name in ENTRIES.items()}
    if any(html.count(tag) != 1 for tag in tags.values()):
        sys.exit("web/index.html needs one module script for each of " + ", ".join(ENTRIES))
    seen: list[str] = []
    for source, name in ENTRIES.items():
        preload = "".join(f'\n<link rel="modulepreload" href="{APP}/{Path(path).name}">'
                          for path in _static_pieces(meta, entry[name], seen))
        html = html.replace(tags[source], tags[source].replace(source, f"{APP}/{name}.js") + preload)
    page.write_text(html, encoding="utf-8")
    log(f"{APP}/: the page's modules linked by esbuild into {len(meta['outputs'])} pieces")


def piece_for(module: str) -> str:
    """The piece of the last build's dist/app/ that a module the page loads by itself
    (an entry, or one it imports dynamically) became: "js/stage/scenes/sevens.js" ->
    "app/sevens-HASH.js" (for tests that hold back or damage that request)."""
    meta = json.loads((CACHE / "bundle-meta.json").read_text(encoding="utf-8"))
    for path, output in meta["outputs"].items():
        if output.get("entryPoint") == module:
            return f"{APP}/{Path(path).name}"
    raise KeyError(f"{module} is no piece of its own in {APP}/")
