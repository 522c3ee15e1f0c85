"""What the integrity checks cost a warm boot (issue 17), for bench.py's boot section.

- The service worker's check: a copy of the built site whose sw.js serves a cached file
  without hashing it (streamed from the cache, with the build's headers, as a service
  worker without the check would), on a server of its own (another origin: caches and
  snapshot of its own); bench.py reloads it beside our warm boot in every round.
- The snapshot's check: the page's SHA-256 of the stored snapshot (the packed bytes the
  warm boot hashes before it inflates them), timed in the page.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

# The first line of sw.js's respond(): the unchecked copy answers from the cache there.
RESPOND = ("async function respond(name, navigate, event) {\n"
           "  if (navigate) checked = { files: 0, bytes: 0, ms: 0 };\n")
UNCHECKED = ("  const hit = await (await caches.open(CACHE)).match(urlOf(name));\n"
             "  if (hit) return new Response(hit.body, { status: 200, headers: headersOf(name) });\n")


def unchecked_site(dist: Path, scratch: Path) -> Path:
    """A hard-linked copy of dist/ whose sw.js skips the check on a cache hit."""
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-al", str(dist), str(scratch)], check=True)
    text = (dist / "sw.js").read_text(encoding="utf-8")
    if text.count(RESPOND) != 1:
        raise SystemExit("bench: sw.js's respond() changed; update tests/bench_checks.py")
    for name in ("sw.js", "sw.js.br", "sw.js.gz"):
        (scratch / name).unlink(missing_ok=True)   # (never write through a hard link)
    (scratch / "sw.js").write_text(text.replace(RESPOND, RESPOND + UNCHECKED), encoding="utf-8")
    return scratch


def serve(root: Path, handler: Any) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


SNAPSHOT_HASH = """async () => {
    const cache = await caches.open('pixel-judge-snapshot');
    const [key] = await cache.keys();
    const bytes = await (await cache.match(key)).arrayBuffer();
    const times = [];
    for (let k = 0; k < 5; k++) {
        const t0 = performance.now();
        await crypto.subtle.digest('SHA-256', bytes);
        times.push(performance.now() - t0);
    }
    return {ms: times.sort((a, b) => a - b)[2], bytes: bytes.byteLength};
}"""


SW_CHECKED = """() => new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('message', (e) => {
        if (e.data && e.data.type === 'checked') resolve(e.data);
    });
    navigator.serviceWorker.controller.postMessage({type: 'checked'});
})"""


def sw_checked(page: Any) -> dict[str, float]:
    """What the service worker hashed since the page's load: files, bytes, summed ms."""
    found: dict[str, float] = page.evaluate(SW_CHECKED)
    return found


def snapshot_check(page: Any) -> dict[str, float]:
    """The median time of the page's SHA-256 of its stored snapshot, and its size."""
    found: dict[str, float] = page.evaluate(SNAPSHOT_HASH)
    return found
