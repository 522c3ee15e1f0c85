"""The HTTP headers the site needs, in one place: `build.py serve` sends them."""
from __future__ import annotations

from .config import IMPORT_MAP_HASH

# The site's own origin only, plus what WebAssembly compilation needs.
CSP = (f"default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {IMPORT_MAP_HASH}; worker-src 'self'; "
       "connect-src 'self'; img-src 'self'; style-src 'self'; font-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
