"""The HTTP headers the site needs, from one source: `build.py serve` sends them, the
service worker sends them with every response it serves from its cache, and the build
writes them for static hosts as dist/_headers (Netlify, Cloudflare Pages) and
dist/nginx.conf (an nginx snippet: headers and content types).

The page's CSP allows its own files, WebAssembly compilation, two inline scripts by
their hashes (the import map, the page's early script: js/early-solve.js, inlined into
index.html, and the runner frame's script: runner/frame.js, inlined into a sandboxed
srcdoc frame) and workers from data: URLs (the runner's, started from
that opaque frame, which inherits this policy and adds its own: no network at all).
Every response carries it, worker scripts included (a worker's policy comes from its
script's response, never from a <meta>), with frame-ancestors 'none': no other page may
frame the site.

A path that needs other headers (issue 22's embed.html, framed by any site) gets one
entry in PATH_HEADERS: its full set is SITE_HEADERS with that entry's changes.
"""
from __future__ import annotations

import mimetypes
from pathlib import Path

from .config import IMPORT_MAP_HASH, early_script_hash
from .runner import FRAME_SCRIPT, frame_hash

# (A scratch engine source without web/, as the tests make, imports this too: no hash then.)
RUNNER_FRAME_HASH = frame_hash() if FRAME_SCRIPT.is_file() else ""
# Every directive but frame-ancestors, which a <meta> policy cannot carry.
SCRIPT_SOURCES = " ".join(filter(None, ("'self' 'wasm-unsafe-eval'", IMPORT_MAP_HASH, early_script_hash(),
                                         RUNNER_FRAME_HASH)))
META_CSP = (f"default-src 'self'; script-src {SCRIPT_SOURCES}; "
            "worker-src 'self' data:; connect-src 'self'; img-src 'self'; style-src 'self'; "
            "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'")
CSP = f"{META_CSP}; frame-ancestors 'none'"
SECURITY_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# What every response of the site carries (serve, the service worker, the host files).
SITE_HEADERS = {**SECURITY_HEADERS, "Cache-Control": "no-cache"}
# The embeddable player (web/embed.html, issue 22) is the one document another site may
# frame.  Its policy has no frame-ancestors (any ancestor, a file: page included), no inline
# script but the import map and no data: workers (it runs no user code).  Its CORP is cross-origin, so a host
# page that is itself cross-origin isolated (COEP require-corp, which asks that of every
# frame it embeds) may frame it too; it keeps COEP require-corp for the same reason (a COEP
# host refuses a frame without it), and COOP does nothing in a frame.  Everything it loads
# is its own origin's, under the site's headers; its one inline script is the import map
# (the page's: the embed's words come from the same catalogs, through i18next).
EMBED_SCRIPT_SOURCES = " ".join(filter(None, ("'self' 'wasm-unsafe-eval'", IMPORT_MAP_HASH)))
EMBED_META_CSP = (f"default-src 'self'; script-src {EMBED_SCRIPT_SOURCES}; worker-src 'self'; "
                  "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
                  "object-src 'none'; base-uri 'none'; form-action 'none'")
# Paths (relative to the site's root, exact) whose headers differ: header -> value, or
# None to leave that header out there.
PATH_HEADERS: dict[str, dict[str, str | None]] = {
    "embed.html": {"Content-Security-Policy": EMBED_META_CSP, "Cross-Origin-Resource-Policy": "cross-origin"},
}

# The Content-Type of each kind of file the site ships (by suffix; "" is a file without one).
CONTENT_TYPES = {
    ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
    ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml", ".png": "image/png",
    ".woff2": "font/woff2", ".whl": "application/zip", ".zip": "application/zip",
    ".tar": "application/x-tar", ".md": "text/markdown", ".txt": "text/plain",
    "": "application/octet-stream",
}


def content_type(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix in CONTENT_TYPES:
        return CONTENT_TYPES[suffix]
    return mimetypes.guess_type(path)[0] or "application/octet-stream"


def headers_for(path: str, *, isolated: bool = True) -> dict[str, str]:
    """The headers for a file of the site (its path relative to the root, "" for the root);
    without `isolated`, no Cross-Origin-* header (as a plain static host sends)."""
    name = path.lstrip("/")
    name = name + "index.html" if name == "" or name.endswith("/") else name
    return _select({**SITE_HEADERS, **PATH_HEADERS.get(name, {})}, isolated)


def _select(merged: dict[str, str | None], isolated: bool = True) -> dict[str, str]:
    return {key: value for key, value in merged.items()
            if value is not None and (isolated or not key.startswith("Cross-Origin"))}


def _url_paths(name: str) -> list[str]:
    """The URL paths a static host serves a file at: NAME, and for an HTML page also its
    folder (index.html) or its name without .html (Cloudflare Pages redirects to that)."""
    paths = ["/" + name]
    if name == "index.html" or name.endswith("/index.html"):
        paths.append("/" + name[: -len("index.html")])
    elif name.endswith(".html"):
        paths.append("/" + name[: -len(".html")])
    return paths


def host_rules(files: list[str]) -> list[tuple[str, dict[str, str]]]:
    """(URL pattern, headers) rules for a host's `_headers`, no two matching one URL: a
    folder whose files all take the same headers is one `/folder/*` rule (the whole site
    `/*` while PATH_HEADERS is empty), any other is split into its files and sub-folders.
    Netlify lets a later matching rule override, Cloudflare Pages joins the values of
    every matching rule: rules that never overlap mean the same on both."""
    def key(headers: dict[str, str]) -> tuple[tuple[str, str], ...]:
        return tuple(sorted(headers.items()))

    def walk(prefix: str, names: list[str]) -> list[tuple[str, dict[str, str]]]:
        sets = {key(headers_for(prefix + n)) for n in names}
        if len(sets) == 1:
            return [("/" + prefix + "*", headers_for(prefix + names[0]))]
        rules: list[tuple[str, dict[str, str]]] = []
        folders: dict[str, list[str]] = {}
        for n in sorted(names):
            folder, slash, rest = n.partition("/")
            if slash:
                folders.setdefault(folder, []).append(rest)
            else:
                rules += [(path, headers_for(prefix + n)) for path in _url_paths(prefix + n)]
        for folder, inner in sorted(folders.items()):
            rules += walk(f"{prefix}{folder}/", inner)
        return rules

    return walk("", files)


def headers_file(files: list[str]) -> str:
    """dist/_headers for Netlify and Cloudflare Pages."""
    lines = ["# Pixel Judge's headers (Netlify, Cloudflare Pages), written by build.py from",
             "# buildsys/headers.py: the same as `python3 build.py serve` sends."]
    for pattern, headers in host_rules(files):
        lines.append(pattern)
        lines += [f"  {name}: {value}" for name, value in headers.items()]
    return "\n".join(lines) + "\n"


def nginx_conf(files: list[str]) -> str:
    """dist/nginx.conf, to include in the nginx `server` block whose root is dist/: the
    content types of the site's files, the headers of every response, and an exact
    location with its full set for each path whose headers differ."""
    def add(headers: dict[str, str], indent: str) -> list[str]:
        assert not any('"' in value or "\\" in value for value in headers.values())
        return [f'{indent}add_header {name} "{value}" always;' for name, value in headers.items()]

    suffixes: dict[str, list[str]] = {}
    for name in files:
        suffix = Path(name).suffix.lower()
        if suffix and suffix not in (".br", ".gz"):   # those are served as their file
            suffixes.setdefault(content_type(name), []).append(suffix[1:])
    lines = ["# Pixel Judge for nginx, written by build.py from buildsys/headers.py: the same",
             "# headers as `python3 build.py serve` sends. Include it in the server block whose",
             "# root is this folder (include /path/to/dist/nginx.conf;). nginx drops these",
             "# add_header lines in any location of yours that has an add_header of its own.",
             "types {"]
    lines += [f"    {kind} {' '.join(sorted(set(exts)))};" for kind, exts in sorted(suffixes.items())]
    default = _select(dict(SITE_HEADERS))
    lines += ["}", "default_type application/octet-stream;",
              "# The compressed copies beside each file (ngx_http_gzip_static_module, ngx_brotli):",
              "# gzip_static on; brotli_static on; gzip_vary on;",
              *add(default, "")]
    for name in sorted(files):
        if headers_for(name) != default:
            for path in _url_paths(name):
                lines += [f"location = {path} {{", *add(headers_for(name), "    "), "}"]
    return "\n".join(lines) + "\n"
