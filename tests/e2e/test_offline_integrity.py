"""Files that prove themselves (issue 17): the service worker serves a cached file only
after its bytes hash to the build's SHA-256, with the build's headers. An entry rewritten
from the page itself (body, or headers alone) is never served: online it is fetched again,
checked and put back, and the page solves byte for byte; offline the visitor gets a page
that says the offline copy is damaged (a file the page asks for later: a banner).

One context on a copy of the site of its own makes the first visit (the precache) and
runs the steps in order; the last gives the host another build of one file."""
from __future__ import annotations

import json
import re
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from buildsys import headers
from buildsys.bundle import piece_for
from buildsys.site import read_precache
from conftest import BOOT_TIMEOUT_MS, DATA, DIST, build, wait_js

BACKGROUND_MS = 240_000
SAMPLE = (DATA / "byte_me" / "sample-1.in").read_text(encoding="utf-8")
ANSWER = (DATA / "byte_me" / "sample-1.ans").read_text(encoding="utf-8")
PRECACHE = read_precache((DIST / "sw.js").read_text(encoding="utf-8"))
# The pieces of the page's linked scripts (buildsys/bundle.py) that the page loads: one at
# every load, one (the Sevens scene) only once Sevens is chosen.
MAIN = piece_for("js/main.js")
CLIENT = piece_for("js/engine/client.js")
SEVENS = piece_for("js/stage/scenes/sevens.js")

# Runs in the page: every entry of the site's cache as {url: sha256}.
CACHED = """async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('pixel-judge-site-'));
    const cache = await caches.open(name);
    const out = {};
    for (const request of await cache.keys()) {
        const bytes = await (await cache.match(request)).arrayBuffer();
        out[request.url] = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
            .map((b) => b.toString(16).padStart(2, '0')).join('');
    }
    return out;
}"""

# Runs in the page: rewrites entries of the site's cache, as code at the site's origin
# could. kind: "evil" (a page of its own), "append" (the file plus a line that marks the
# page), "flip" (one byte changed), "headers" (the real bytes under headers of its own).
TAMPER = """async (changes) => {
    const name = (await caches.keys()).find((k) => k.startsWith('pixel-judge-site-'));
    const cache = await caches.open(name);
    for (const [file, kind] of changes) {
        const url = new URL(file, location.href).href;
        const real = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        let body = real;
        if (kind === 'evil') {
            body = '<!doctype html><title>pwned</title><p data-testid=pwned>pwned</p>';
        } else if (kind === 'append') {
            body = new Blob([real, `\\nwindow.pixelJudgeTampered = ${JSON.stringify(file)};\\n`]);
        } else if (kind === 'flip') {
            body = real.slice();
            body[body.length >> 1] ^= 0xff;
        }
        await cache.put(url, new Response(body, {headers: {'Content-Type': 'text/html',
            'Content-Security-Policy': "default-src * 'unsafe-inline' 'unsafe-eval'"}}));
    }
}"""


@pytest.fixture(scope="module")
def visited(browser: Any, tmp_path_factory: Any) -> Iterator[tuple[Any, Any, str, Path]]:
    root = tmp_path_factory.mktemp("integrity") / "site"
    shutil.copytree(DIST, root)
    server = build.make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(url)
    page.evaluate("pixelJudge.ready")
    wait_js(page, "pixelJudge.state().offline === 'ready' && Boolean(navigator.serviceWorker.controller)",
            BACKGROUND_MS)
    yield context, page, url, root
    context.close()
    server.shutdown()
    server.server_close()


def tamper(page: Any, changes: list[list[str]]) -> None:
    """TAMPER, once no worker of the page fetches site files any more: the memory snapshot
    is made in a worker of its own once the engine is idle, and a file it asked for while
    its entry was damaged would be deleted and put back under the test's feet."""
    page.evaluate("pixelJudge.ready")
    wait_js(page, "!['waiting', 'making'].includes(pixelJudge.state().snapshot)", BACKGROUND_MS)
    page.evaluate(TAMPER, changes)


def expected_cache(url: str) -> dict[str, str]:
    return {url + name: digest for name, digest in PRECACHE["files"].items()}


def solves(page: Any) -> bool:
    page.evaluate("pixelJudge.ready")
    reply = page.evaluate("([g, t]) => pixelJudge.solve(g, t)", ["byte_me", SAMPLE])
    return bool(reply["answer"] == ANSWER)


def test_files_come_from_the_service_worker_with_the_builds_headers(visited):
    _, page, url, _ = visited
    assert page.evaluate(CACHED) == expected_cache(url)
    for name in ("index.html", "js/engine/worker.js", "pyodide/pyodide.asm.wasm", "app.webmanifest"):
        got = page.evaluate("""async (name) => { const r = await fetch(name);
            return {headers: Object.fromEntries(r.headers),
                    bytes: (await r.arrayBuffer()).byteLength}; }""", name)
        want = {k.lower(): v for k, v in headers.headers_for(name).items()}
        want["content-type"] = headers.content_type(name)
        assert got["headers"] == want, name
        assert got["bytes"] == (DIST / name).stat().st_size


def test_a_tampered_entry_is_never_served_and_comes_back_from_the_network(visited):
    _, page, url, _ = visited
    tamper(page, [["index.html", "evil"], [MAIN, "append"], [CLIENT, "headers"],
                  ["pyodide/pyodide.asm.wasm", "flip"], ["js/engine/worker.js", "append"]])
    assert page.evaluate(CACHED) != expected_cache(url)
    response = page.reload()
    assert response.status == 200
    assert response.headers["content-security-policy"] == build.CSP
    assert page.title() == "Pixel Judge" and page.is_visible("[data-testid=solve]")
    assert solves(page)
    assert page.evaluate("window.pixelJudgeTampered === undefined")
    # Each damaged entry was deleted, fetched again, checked and put back.
    assert page.evaluate(CACHED) == expected_cache(url)


def test_offline_a_tampered_page_shows_that_the_offline_copy_is_damaged(visited):
    context, page, url, _ = visited
    tamper(page, [["index.html", "evil"]])
    context.set_offline(True)
    try:
        response = page.reload()
        assert response.status == 503
        assert response.headers["content-security-policy"] == build.CSP
        assert page.is_visible("[data-testid=damaged-page]")
        assert "The offline copy of Pixel Judge is damaged: connect to the internet and reload." in \
            page.text_content("[data-testid=damaged-page]")
        assert not page.is_visible("[data-testid=pwned]")
    finally:
        context.set_offline(False)
    page.reload()
    assert solves(page)
    assert page.evaluate(CACHED) == expected_cache(url)


def test_offline_a_tampered_file_shows_a_banner_then_the_damaged_page(visited):
    context, page, url, _ = visited
    page.evaluate("pixelJudge.ready")
    page.select_option("[data-testid=game]", "byte_me")
    tamper(page, [[SEVENS, "append"]])
    context.set_offline(True)
    try:
        page.reload()
        page.evaluate("pixelJudge.ready")
        page.select_option("[data-testid=game]", "sevens")
        wait_js(page, "document.querySelector('[data-testid=damaged]')")
        assert page.text_content("[data-testid=damaged]") == \
            "The offline copy of Pixel Judge is damaged: connect to the internet and reload."
        assert page.evaluate("window.pixelJudgeTampered === undefined")
        # The damaged file was deleted: the next load says so rather than half-working.
        page.reload()
        assert page.is_visible("[data-testid=damaged-page]")
    finally:
        context.set_offline(False)
    page.reload()
    assert solves(page)
    wait_js(page, f"""(async () => {{ const c = await ({CACHED})();
        return c[{json.dumps(url + SEVENS)}] === {json.dumps(PRECACHE['files'][SEVENS])}
            && Object.keys(c).length === {len(PRECACHE['files'])}; }})()""", 30_000)
    assert page.evaluate(CACHED) == expected_cache(url)


def test_the_damaged_page_and_banner_speak_the_pages_language(visited):
    """The page tells the service worker its language (the switch here); offline, the
    damaged page and the banner say it in Chinese, from the words build.py wrote in sw.js."""
    context, page, url, _ = visited
    page.evaluate("pixelJudge.ready")
    page.select_option("[data-testid=language]", "zh-CN")
    wait_js(page, "pixelJudge.state().lang === 'zh-CN'")
    wait_js(page, """caches.open('pixel-judge-prefs').then((c) => c.keys()).then((keys) => keys.length === 1
        && caches.match(keys[0]).then((r) => r.text()).then((t) => t === 'zh-CN'))""", 30_000)
    tamper(page, [["index.html", "evil"]])
    context.set_offline(True)
    try:
        response = page.reload()
        assert response.status == 503
        assert page.evaluate("document.documentElement.lang") == "zh-CN"
        text = page.text_content("[data-testid=damaged-page]")
        assert ("Pixel Judge 的离线副本已损坏：请连接网络后重新加载。" in text
                and "离线时也无法重新下载" in text), text
        assert not re.search(r"\b(?!Pixel\b|Judge\b|PIXEL|JUDGE)[A-Za-z]{3,}", text), text
    finally:
        context.set_offline(False)
    page.reload()
    assert solves(page)
    page.select_option("[data-testid=game]", "byte_me")
    tamper(page, [[SEVENS, "append"]])
    context.set_offline(True)
    try:
        page.reload()
        page.evaluate("pixelJudge.ready")
        page.select_option("[data-testid=game]", "sevens")
        wait_js(page, "document.querySelector('[data-testid=damaged]')")
        assert page.text_content("[data-testid=damaged]") == \
            "Pixel Judge 的离线副本已损坏：请连接网络后重新加载。"
        page.select_option("[data-testid=language]", "en")
        wait_js(page, "pixelJudge.state().lang === 'en'")
        assert page.text_content("[data-testid=damaged]") == \
            "The offline copy of Pixel Judge is damaged: connect to the internet and reload."
    finally:
        context.set_offline(False)
    page.reload()
    assert solves(page)
    wait_js(page, f"(async () => Object.keys(await ({CACHED})()).length === {len(PRECACHE['files'])})()",
            30_000)


def test_a_damaged_entry_the_host_now_serves_from_another_build_drops_the_offline_copy(visited):
    """Last: the host's copy of one file changes (a new build half-deployed)."""
    context, page, url, root = visited
    name = MAIN
    for path in (root / name, root / f"{name}.br", root / f"{name}.gz"):
        path.unlink(missing_ok=True)
    (root / name).write_text((DIST / name).read_text(encoding="utf-8") + "// another build\n",
                             encoding="utf-8")
    tamper(page, [[name, "append"]])
    page.reload()
    # The page's module graph asked for the damaged file: the host's copy is another
    # build's, so it was not served, and the offline copy is dropped ...
    wait_js(page, "navigator.serviceWorker.getRegistration().then((r) => r === undefined)")
    assert page.evaluate("window.pixelJudgeTampered === undefined")
    # ... so the next load comes from the host.
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller === null")
    assert page.evaluate(f"import('./{MAIN}').then(() => true)")
    assert solves(page)
