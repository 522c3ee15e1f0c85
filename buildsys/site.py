"""`build.py`: the engine wheel and the static site in dist/."""
from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

from .compress import compress_site
from .config import (DIST, EARLY_SCRIPT_TAG, ENGINE_STDLIB, FONT_FILE, IMPORT_MAP, LOCK_NAME,
                     PYODIDE_FILES, RUNTIME_LOCK, SOURCE, VENDORED_NPM, VENDORED_WHEELS, WEB,
                     early_script, log, run, sha256)
from .bundle import bundle_page, link_script
from .cpp import TOOLCHAIN_DIR, link_wasi_worker, vendor_cpp, write_toolchain_info
from .headers import (EMBED_META_CSP, META_CSP, SITE_HEADERS, content_type, headers_file, headers_for,
                      nginx_conf)
from .locale import languages, write_catalogs
from .lock import write_lock
from .runner import bundle_python_worker, frame_script
from .samples import samples
from .stdlib import engine_stdlib
from .wheel import add_bytecode, build_wheel, vendor_wheels


def npm_install() -> None:
    """`npm ci` when node_modules is missing or older than the lock file."""
    stamp = WEB / "node_modules" / ".package-lock.json"
    lock = WEB / "package-lock.json"
    if stamp.exists() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    if not shutil.which("npm"):
        sys.exit("npm is needed to fetch the pinned Pyodide runtime (install Node.js 20 and npm)")
    run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=WEB)


def manifest(engine_wheel: Path, engine_path: str) -> dict[str, Any]:
    sys.path.insert(0, str(SOURCE))
    from py_engines import __version__
    from py_engines.bridge import handle_request
    from py_engines.lab.examples import examples
    games = handle_request({"cmd": "games"})["games"]
    for game in games:
        game["samples"] = samples(game["name"])
        # A game without a scene of its own is drawn by the page's generic scene.
        game["scene"] = (WEB / "js" / "stage" / "scenes" / f"{game['name']}.js").exists()
        # A game-specific way to build an input, loaded by the page's input only (never the embed).
        game["input_tool"] = (WEB / "js" / "stage" / "scenes" / game["name"] / "input-tool.js").exists()
    lock = DIST / "wheels" / LOCK_NAME
    runtime = hashlib.sha256()
    for name in (*PYODIDE_FILES, ENGINE_STDLIB):
        runtime.update(sha256(DIST / "pyodide" / name).encode())
    # runtime.sha256 keys memory snapshots (a snapshot fits one runtime build only);
    # runtime.bytes lets the boot status show download progress.
    return {"version": __version__, "pyodide": _pyodide_version(),
            "runtime": {"sha256": runtime.hexdigest(),
                        "bytes": {f"pyodide/{n}": (DIST / "pyodide" / n).stat().st_size
                                  for n in (*PYODIDE_FILES, ENGINE_STDLIB)}},
            "wheels": {"engine": engine_path, "engine_sha256": sha256(engine_wheel),
                       "engine_bytes": engine_wheel.stat().st_size,
                       "lock": LOCK_NAME, "lock_sha256": sha256(lock)},
            "games": games,
            # The game lab's template picker: the worked examples' code, title and sample.
            "lab": {"examples": examples()}}


def _pyodide_version() -> str:
    package = json.loads((WEB / "node_modules" / "pyodide" / "package.json").read_text())
    return str(package["version"])


# web/'s own tooling, never served: npm's files, the type and lint settings (see buildsys/testing.py).
NOT_SERVED = {"node_modules", "package.json", "package-lock.json", "tsconfig.json", "tsconfig.worker.json",
              "tsconfig.base.json", "eslint.config.mjs", "types"}


def _not_served(folder: str, names: list[str]) -> set[str]:
    if Path(folder) == WEB:
        return NOT_SERVED & set(names)
    return {"README.md"} & set(names)   # notes beside the code (js/cpp/README.md): for its readers


def build() -> Path:
    npm_install()
    vendor = vendor_wheels()
    engine_wheel = build_wheel()
    shutil.rmtree(DIST, ignore_errors=True)
    shutil.copytree(WEB, DIST, ignore=_not_served)
    (DIST / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(WEB / "node_modules" / "pyodide" / name, DIST / "pyodide" / name)
    vendor_npm()
    frame_script()   # checked: the page inlines it
    bundle_python_worker(DIST)
    vendor_cpp(DIST)
    link_wasi_worker(DIST)
    (DIST / "fonts").mkdir()
    shutil.copy2(WEB / "node_modules" / FONT_FILE, DIST / "fonts" / "press-start-2p.woff2")
    write_catalogs(DIST)
    wheels = DIST / "wheels"
    # The engine's hash names its folder, so a host's cache never serves an old engine
    # and the lock file's relative file_name carries the hash too.
    (wheels / sha256(engine_wheel)[:16]).mkdir(parents=True)
    shipped = [Path(shutil.copy2(engine_wheel, wheels / sha256(engine_wheel)[:16]))]
    for name in VENDORED_WHEELS:
        shipped.append(Path(shutil.copy2(vendor / name, wheels / name)))
    write_lock(RUNTIME_LOCK, shipped, wheels, wheels / LOCK_NAME)
    stdlib, pycs = engine_stdlib(engine_wheel, wheels / LOCK_NAME)
    shutil.copy2(stdlib, DIST / "pyodide" / ENGINE_STDLIB)
    # The site ships the wheel with its bytecode (compiled by the runtime above, with
    # the wheel as it was): its own folder, and the lock file written again for it.
    shutil.rmtree(shipped[0].parent)
    engine_wheel = add_bytecode(engine_wheel, pycs)
    (wheels / sha256(engine_wheel)[:16]).mkdir()
    shipped[0] = Path(shutil.copy2(engine_wheel, wheels / sha256(engine_wheel)[:16]))
    how = write_lock(RUNTIME_LOCK, shipped, wheels, wheels / LOCK_NAME)
    log(f"{LOCK_NAME}: engine (with its bytecode), micropip and packaging added by {how}")
    data = manifest(engine_wheel, shipped[0].relative_to(wheels).as_posix())
    (DIST / "manifest.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    write_boot_info(DIST, data)
    link_engine_worker(DIST)
    compress_site(DIST / TOOLCHAIN_DIR)   # first: the page says the toolchain's size on the wire
    write_toolchain_info(DIST)
    bundle_page(DIST)   # last of the files it links: the facts above are written into them
    write_service_worker(DIST)
    raw = _size(DIST)
    compress_site(DIST)
    write_host_headers(DIST)
    log(f"site assembled in {DIST}/ ({len(data['games'])} games, "
        f"{raw / 1e6:.1f} MB raw, {_size(DIST, '.br') / 1e6:.1f} MB as brotli)")
    return DIST


def vendor_npm() -> None:
    """Copies the pinned npm ES modules (and their licences) into dist/vendor/ and
    writes the import map and the page's CSP (headers.META_CSP) into dist/index.html."""
    for name, path in VENDORED_NPM.items():
        source = WEB / "node_modules" / name
        target = DIST / "vendor" / name
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / path, target / path)
        for licence in source.glob("LICEN[CS]E*"):
            shutil.copy2(licence, target / licence.name)
    page = DIST / "index.html"
    html = page.read_text(encoding="utf-8")
    marker = "<!-- import map -->"
    policy = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")[^"]*(">)')
    if html.count(marker) != 1 or len(policy.findall(html)) != 1:
        sys.exit("web/index.html needs one '<!-- import map -->' marker and one CSP <meta>")
    html = html.replace(marker, f'<script type="importmap">{IMPORT_MAP}</script>')
    if html.count(EARLY_SCRIPT_TAG) != 1:
        sys.exit(f"web/index.html needs one {EARLY_SCRIPT_TAG}")
    html = html.replace(EARLY_SCRIPT_TAG, f"<script>{early_script()}</script>")
    # The page's policy for hosts that send no headers (headers.py: the same as served).
    page.write_text(policy.sub(lambda m: m.group(1) + META_CSP + m.group(2), html), encoding="utf-8")
    # And the embed's (its import map is the page's: it loads i18next for its words).
    embed = DIST / "embed.html"
    html = embed.read_text(encoding="utf-8")
    if html.count(marker) != 1 or len(policy.findall(html)) != 1:
        sys.exit("web/embed.html needs one '<!-- import map -->' marker and one CSP <meta>")
    html = html.replace(marker, f'<script type="importmap">{IMPORT_MAP}</script>')
    embed.write_text(policy.sub(lambda m: m.group(1) + EMBED_META_CSP + m.group(2), html), encoding="utf-8")


def _size(folder: Path, encoded: str = "") -> int:
    """Bytes of the site's files; with encoded=".br", each file as that encoding sends it."""
    total = 0
    for p in folder.rglob("*"):
        if not p.is_file() or p.suffix in (".br", ".gz") or TOOLCHAIN_DIR in p.relative_to(folder).parts[:1]:
            continue
        copy = p.with_name(p.name + encoded)
        total += (copy if encoded and copy.exists() else p).stat().st_size
    return total


# The files a boot reads straight from the site's offline copy when their bytes
# hash to these (pyodide-boot.js): the wasm, both standard libraries, the lock file.
BOOT_FILES = ("pyodide/pyodide.asm.wasm", f"pyodide/{ENGINE_STDLIB}", "pyodide/python_stdlib.zip",
              f"wheels/{LOCK_NAME}")


def write_boot_info(folder: Path, data: dict[str, Any]) -> None:
    """Writes the runtime's and the wheels' part of the manifest into
    dist/js/engine/pyodide-boot.js, so a worker starts loading the runtime at once
    instead of waiting for manifest.json first, and the SHA-256 of the files it may
    read from the offline copy itself (BOOT_FILES)."""
    script = folder / "js" / "engine" / "pyodide-boot.js"
    text = script.read_text(encoding="utf-8")
    marker = "const BUILD = null;"
    if text.count(marker) != 1:
        sys.exit("web/js/engine/pyodide-boot.js lost its 'const BUILD = null;' line")
    info = {"runtime": data["runtime"], "wheels": data["wheels"], "stdlib": f"pyodide/{ENGINE_STDLIB}",
            "files": {name: sha256(folder / name) for name in BOOT_FILES}}
    script.write_text(text.replace(marker, f"const BUILD = {json.dumps(info)};"), encoding="utf-8")


def link_engine_worker(folder: Path) -> None:
    """dist/js/engine/worker.js as one script with the modules it imports (pyodide-boot.js,
    with its build facts written in, Pyodide's loader, the snapshot's file format, the byte
    helpers): a starting engine worker makes one request instead of five, in two waves.
    Through an HTTP/1.1 host those queued behind the page's own requests on a first visit,
    and every later step of a cold boot waits for them.  The other modules stay served as
    they are (the snapshot worker imports pyodide-boot.js); the runtime's script, which the
    worker imports at once, and the loader's imports for Node stay imports."""
    link_script(folder, "js/engine/worker.js", "Linked by build.py (esbuild, buildsys/bundle.py): "
                "web/js/engine/worker.js with the modules it imports.",
                externals=("*/pyodide.asm.mjs", "node:*", "ws"))


# Files for the host, not the site: written last, never precached.
HOST_FILES = ("_headers", "nginx.conf")


def write_host_headers(folder: Path) -> None:
    """dist/_headers (Netlify, Cloudflare Pages) and dist/nginx.conf: the headers
    `serve` sends (headers.py), for every file the build wrote."""
    files = [p.relative_to(folder).as_posix() for p in sorted(folder.rglob("*"))
             if p.is_file() and p.name not in HOST_FILES]
    (folder / "_headers").write_text(headers_file(files), encoding="utf-8")
    (folder / "nginx.conf").write_text(nginx_conf(files), encoding="utf-8")


def offline_words() -> dict[str, dict[str, str]]:
    """The damaged page's words (the page catalogs' ui.offline.* texts) in every language."""
    words = {}
    for lang in languages():
        page = json.loads((WEB / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
        words[lang] = {f"ui.offline.{key}": text for key, text in page["ui"]["offline"].items()}
    return words


# The line of sw.js that carries the build's facts (written below, read back by read_precache).
PRECACHE_LINE = "const PRECACHE = "


def read_precache(sw: str) -> dict[str, Any]:
    """What write_service_worker wrote into a built sw.js's text: its build id, files with
    their SHA-256, content types and headers."""
    line = next(t for t in sw.splitlines() if t.startswith(PRECACHE_LINE))
    facts: dict[str, Any] = json.loads(line.removeprefix(PRECACHE_LINE).removesuffix(";"))
    return facts


def write_service_worker(folder: Path) -> str:
    """dist/sw.js with the build's id and the SHA-256 of every file it precaches
    (everything the site serves, but itself, the compressed copies, the host's files
    and the C++ toolchain's data, which the page fetches only when a user picks C++),
    and the headers and content types it sends with them (headers.py, as `serve`)."""
    files = {p.relative_to(folder).as_posix(): sha256(p) for p in sorted(folder.rglob("*"))
             if p.is_file() and p.suffix not in (".br", ".gz") and p.name != "sw.js"
             and p.name not in HOST_FILES and p.relative_to(folder).parts[0] != TOOLCHAIN_DIR}
    build_id = hashlib.sha256(json.dumps(files, sort_keys=True).encode()).hexdigest()[:16]
    default = dict(SITE_HEADERS)
    headers = {"*": default, **{name: headers_for(name) for name in files if headers_for(name) != default}}
    types = {Path(name).suffix.lower(): content_type(name) for name in files}
    line = PRECACHE_LINE + json.dumps({"build": build_id, "files": files, "types": types,
                                              "headers": headers}) + ";"
    sw = folder / "sw.js"
    text = sw.read_text(encoding="utf-8")
    marker = PRECACHE_LINE + '{ build: "dev", files: {}, types: {}, headers: { "*": {} } };'
    words_marker = "const WORDS = { en: {} };"
    if marker not in text or words_marker not in text:
        sys.exit("web/sw.js lost its PRECACHE or WORDS line")
    words = json.dumps(offline_words(), ensure_ascii=False)
    text = text.replace(words_marker, f"const WORDS = {words};")
    sw.write_text(text.replace(marker, line), encoding="utf-8")
    return build_id
