"""The HTTP headers the site needs, in one place: `build.py serve` sends them, and the
build writes the same into dist/_headers (Netlify, Cloudflare Pages) and an nginx snippet.

The page's CSP allows its own files, WebAssembly compilation, two inline scripts by
their hashes (the import map, and the runner frame's script: runner/frame.js, inlined
into a sandboxed srcdoc frame) and workers from data: URLs (the runner's, started from
that opaque frame, which inherits this policy and adds its own: no network at all).
"""
from __future__ import annotations

from .config import IMPORT_MAP_HASH
from .runner import FRAME_SCRIPT, frame_hash

# (A scratch engine source without web/, as the tests make, imports this too: no hash then.)
RUNNER_FRAME_HASH = frame_hash() if FRAME_SCRIPT.is_file() else ""
# Every directive but frame-ancestors, which a <meta> policy cannot carry.
SCRIPT_SOURCES = " ".join(filter(None, ("'self' 'wasm-unsafe-eval'", IMPORT_MAP_HASH, RUNNER_FRAME_HASH)))
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
