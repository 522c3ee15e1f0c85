"""Boot, offline and updates: a second visit boots from the memory snapshot made on
the first one (offline, through the service worker), solves every sample byte for
byte and can be cancelled; an unusable snapshot falls back to a normal boot;
`serve` sends br, gzip or identity with the same bytes; a failed download names
the file and Retry recovers; a new build shows the update prompt.

One browser context makes the first visit (to a copy of the site on a server of
its own) and is reused by every test that needs a stored snapshot or a precached
site, the update test last: the suite pays for two first visits in all (that one,
and the failed download's).
"""
from __future__ import annotations

import gzip
import json
import shutil
import threading
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, DATA, DIST, Watch, build, wait_js
from py_engines import get_engine

BACKGROUND_MS = 240_000   # the snapshot and the precache run after ready, on a busy machine


def sample_params() -> list[Any]:
    return [pytest.param(*entry, id=f"{entry[0]}-{entry[1]}") for entry in samples_with_answers()]


def samples_with_answers() -> list[tuple[str, str, str, str]]:
    manifest = json.loads((DIST / "manifest.json").read_text())
    found = []
    for game in manifest["games"]:
        for sample in game["samples"]:
            answer = DATA / game["name"] / f"{sample['name']}.ans"
            if answer.exists():
                found.append((game["name"], sample["name"], sample["text"], answer.read_text()))
    return found


def page_state(page: Any) -> dict[str, Any]:
    return page.evaluate("pixelJudge.state()")


@pytest.fixture(scope="module")
def site(tmp_path_factory: Any) -> Iterator[tuple[Path, str]]:
    """A copy of the built site on a server of its own: the tests break it (a
    missing file) and, last, give it a new build (the update prompt)."""
    root = tmp_path_factory.mktemp("boot") / "site"
    shutil.copytree(DIST, root)
    server = build.make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield root, f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def visited(browser: Any, site: tuple[Path, str]) -> Iterator[tuple[Any, Any, Watch]]:
    """A context after one first visit: engine ready, snapshot stored, site precached.
    The tests that need a stored snapshot, and the update test (last), reuse it."""
    _, url = site
    context = browser.new_context()
    page = context.new_page()
    watch = Watch(page, url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(url)
    page.evaluate("pixelJudge.ready")
    wait_js(page, "pixelJudge.state().snapshot === 'stored' && pixelJudge.state().offline === 'ready'",
            BACKGROUND_MS)
    yield context, page, watch
    context.close()


@pytest.fixture(scope="module")
def warm(visited: tuple[Any, Any, Watch]) -> dict[str, Any]:
    """The visited page reloaded with the network off: a warm, offline boot.
    Returns what the page showed then; the network is back on afterwards."""
    context, page, _ = visited
    context.set_offline(True)
    try:
        page.reload()
        page.evaluate("pixelJudge.ready")
        return {"page": page, "state": page_state(page), "online": page.evaluate("navigator.onLine"),
                "status": page.text_content("[data-testid=boot-status]")}
    finally:
        context.set_offline(False)


def test_first_visit_booted_normally_then_stored_a_snapshot(visited):
    _, page, watch = visited
    assert page_state(page)["boot"] == "normal"
    keys = page.evaluate("(async () => (await (await caches.open('pixel-judge-snapshot')).keys())"
                         ".map((r) => r.url))()")
    manifest = json.loads((DIST / "manifest.json").read_text())
    assert len(keys) == 1
    assert manifest["runtime"]["sha256"][:16] in keys[0]
    assert manifest["wheels"]["engine_sha256"][:16] in keys[0]
    assert watch.errors == [] and watch.foreign == []


def test_offline_reload_boots_from_the_snapshot(warm):
    assert warm["online"] is False
    assert warm["state"]["engine"] == "ready" and warm["state"]["boot"] == "snapshot"
    assert "snapshot" in warm["status"]


@pytest.mark.parametrize("game,name,text,answer", sample_params())
def test_warm_offline_boot_solves_every_sample_byte_for_byte(warm, game, name, text, answer):
    reply = warm["page"].evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])
    assert reply["ok"], reply.get("error")
    assert reply["answer"] == answer


def test_warm_boot_cancel_interrupts_a_long_solve(warm):
    page = warm["page"]
    engine = get_engine("house_of_cards")
    big = "".join(engine.random_input(seed, M=13, name="Axel").replace("End\n", "")
                  for seed in range(400)) + "End\n"
    assert page.evaluate("crossOriginIsolated") is True
    page.select_option("[data-testid=game]", "house_of_cards")
    page.fill("[data-testid=input]", big)
    page.click("[data-testid=solve]")
    wait_js(page, "document.querySelector('[data-testid=solve-status]').textContent.includes('case')")
    page.click("[data-testid=cancel]")
    wait_js(page, "document.querySelector('[data-testid=solve-status]').textContent === 'Cancelled.'")
    # The interrupt buffer stopped Python in the same worker: no reboot happened.
    assert page_state(page)["boot"] == "snapshot"
    game, _, text, answer = samples_with_answers()[0]
    assert page.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])["answer"] == answer


SPOIL = {
    # Not gzip at all: the stored bytes cannot even be read back.
    "corrupt": "async (bytes) => new Uint8Array(bytes.length).fill(7)",
    # A real snapshot with another runtime build's id in its header.
    "mismatched": """async (bytes) => {
        const plain = new Uint8Array(await new Response(new Blob([bytes]).stream()
            .pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
        for (let k = 16; k < 48; k++) plain[k] ^= 0x5a;
        return new Uint8Array(await new Response(new Blob([plain]).stream()
            .pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
    }""",
}


def test_unusable_snapshot_is_deleted_and_the_page_boots_normally(visited, warm):
    _, page, _ = visited
    game, _, text, answer = samples_with_answers()[0]
    for kind, spoil in SPOIL.items():
        # Each kind spoils the snapshot stored last (the first visit's, then the one
        # the page made again after the first fallback).
        wait_js(page, "pixelJudge.state().snapshot !== 'making'", BACKGROUND_MS)
        page.evaluate("""async (spoil) => {
            const cache = await caches.open('pixel-judge-snapshot');
            const [key] = await cache.keys();
            const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
            await cache.put(key, new Response(await (%s)(bytes)));
        }""" % spoil)
        page.reload()
        page.evaluate("pixelJudge.ready")
        state = page_state(page)
        assert (kind, state["boot"], state["engine"]) == (kind, "fallback", "ready")
        assert page.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])["answer"] == answer
        # The page makes a fresh snapshot once idle; the spoiled one is gone.
        wait_js(page, "pixelJudge.state().snapshot === 'stored'", BACKGROUND_MS)
    page.reload()
    page.evaluate("pixelJudge.ready")
    assert page_state(page)["boot"] == "snapshot"


@pytest.mark.parametrize("name", ["pyodide/pyodide.asm.wasm", "pyodide/pyodide.mjs",
                                  f"pyodide/{build.ENGINE_STDLIB}",
                                  "index.html", "manifest.json", "wheels/pyodide-lock.json"])
def test_serve_sends_br_gzip_and_identity_with_the_same_bytes(site_url, name):
    import brotli
    raw = (DIST / name).read_bytes()
    for accept, coding, decode in (("br, gzip", "br", brotli.decompress),
                                   ("gzip;q=1, br;q=0", "gzip", gzip.decompress),
                                   ("identity", None, lambda b: b)):
        request = urllib.request.Request(site_url + name, headers={"Accept-Encoding": accept})
        with urllib.request.urlopen(request) as response:
            body = response.read()
            assert response.headers.get("Content-Encoding") == coding
            assert response.headers.get("Vary") == "Accept-Encoding"
            assert int(response.headers["Content-Length"]) == len(body)
        assert decode(body) == raw
        if coding:
            assert len(body) < len(raw)


def remove(root: Path, name: str) -> dict[Path, bytes]:
    gone = {}
    for path in (root / name, root / f"{name}.br", root / f"{name}.gz"):
        if path.exists():
            gone[path] = path.read_bytes()
            path.unlink()
    return gone


def test_failed_download_names_the_file_and_retry_recovers(browser, site):
    root, url = site
    # The engine's own standard library (build.py's compiled one, not python_stdlib.zip).
    name = f"pyodide/{build.ENGINE_STDLIB}"
    gone = remove(root, name)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        wait_js(page, "pixelJudge.state().engine === 'failed'", BOOT_TIMEOUT_MS)
        assert name in page.text_content("[data-testid=boot-status]")
        assert page.is_visible("[data-testid=boot-retry]")
        for path, data in gone.items():
            path.write_bytes(data)
        page.click("[data-testid=boot-retry]")
        wait_js(page, "pixelJudge.state().engine === 'ready'", BOOT_TIMEOUT_MS)
        assert page.is_hidden("[data-testid=boot-retry]")
        game, _, text, answer = samples_with_answers()[0]
        assert page.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])["answer"] == answer
    finally:
        context.close()


def test_a_new_build_shows_the_update_prompt_and_reload_takes_it(visited, site):
    """Last: it gives the module's site a new build, in the visited context."""
    root, _ = site
    _, page, _ = visited
    wait_js(page, "pixelJudge.state().offline === 'ready'", BACKGROUND_MS)
    assert page.is_hidden("[data-testid=update]")
    # A new build: another manifest version, and the service worker that lists it.
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["version"] += "-next"
    remove(root, "manifest.json")
    (root / "manifest.json").write_text(json.dumps(manifest, indent=1))
    remove(root, "sw.js")
    shutil.copy2(build.WEB / "sw.js", root / "sw.js")
    build.write_service_worker(root)
    page.reload()
    page.evaluate("pixelJudge.ready")
    # Until the user reloads, the page runs the build it started with.
    assert "-next" not in page.text_content("#build-info")
    wait_js(page, "pixelJudge.state().offline === 'update'", BACKGROUND_MS)
    assert page.is_visible("[data-testid=update]")
    with page.expect_navigation():
        page.click("[data-testid=update-reload]")
    page.evaluate("pixelJudge.ready")
    wait_js(page, "document.querySelector('#build-info').textContent.includes('-next')")
    assert page.is_hidden("[data-testid=update]")
