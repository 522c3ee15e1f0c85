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


STORED_SNAPSHOT = """async () => {
    const record = JSON.parse(localStorage.getItem('pixelJudge.snapshot.v1'));
    const cache = await caches.open('pixel-judge-snapshot');
    const keys = await cache.keys();
    const bytes = keys.length ? new Uint8Array(await (await cache.match(keys[0])).arrayBuffer()) : null;
    const digest = bytes && [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
        .map((b) => b.toString(16).padStart(2, '0')).join('');
    return {record, urls: keys.map((r) => r.url), sha256: digest, packed: bytes && bytes.length};
}"""


def test_first_visit_booted_normally_then_stored_and_recorded_a_snapshot(visited):
    _, page, watch = visited
    assert page_state(page)["boot"] == "normal"
    stored = page.evaluate(STORED_SNAPSHOT)
    manifest = json.loads((DIST / "manifest.json").read_text())
    key = f"{manifest['runtime']['sha256'][:16]}-{manifest['wheels']['engine_sha256'][:16]}"
    assert stored["urls"] == [f"{page.url}__snapshot/{key}.heap"]
    # The page recorded what it stored, where no worker can write.
    record = stored["record"]
    assert record["id"] == key
    assert (record["sha256"], record["packed"]) == (stored["sha256"], stored["packed"])
    assert 16_000_000 < record["raw"] < 64 * 1024 * 1024   # the heap: about 31 MB, under the cap
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


# Each spoils the stored snapshot in the page's own context (an attacker at the
# site's origin): returns the new bytes, and with `forge` also a record that matches
# them, as one who could write the page's local storage too would.  The stored file
# is the heap's runs of non-zero pages (web/js/engine/snapshot-file.js): a 16-byte
# header ("PJHEAP" 0 1, heap length, run count), the runs' (offset, length), then
# their bytes, so heap bytes can be found and changed in place.
HEAP_AT = """(bytes, offset) => {   // where heap byte `offset` sits in the stored file
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const count = view.getUint32(12, true);
    let data = 16 + 8 * count;
    for (let k = 0; k < count; k++) {
        const start = view.getUint32(16 + 8 * k, true), length = view.getUint32(20 + 8 * k, true);
        if (offset >= start && offset < start + length) return data + offset - start;
        data += length;
    }
    throw new Error('heap byte ' + offset + ' is in no run');
}"""
SPOIL = {
    # The attack of issue 17: the real heap with Byte Me!'s "Lose!" and "Bust!"
    # swapped, stored back under the real key; the record is not touched (a solution
    # cannot reach it), so the hash refuses it.
    "swapped-words": ("""async (bytes) => {
        const plain = new Uint8Array(bytes);
        const find = (word) => { const w = [...word].map((c) => c.charCodeAt(0)); const at = [];
            for (let k = 0; k + w.length <= plain.length; k++) {
                let same = true;
                for (let j = 0; j < w.length && same; j++) same = plain[k + j] === w[j];
                if (same) at.push(k);
            }
            return at; };
        const lose = find('Lose!'), bust = find('Bust!');
        if (!lose.length || !bust.length) throw new Error('no words to swap');
        for (const k of lose) plain.set([66, 117, 115, 116, 33], k);
        for (const k of bust) plain.set([76, 111, 115, 101, 33], k);
        return plain;
    }""", False, "the stored snapshot "),
    # The bomb of issue 17 in this format: a small file whose header claims a heap of
    # 1 GB with one run at its end, with a record forged to match its bytes: the
    # heap's recorded size refuses it before anything is allocated.
    "bomb": ("""async () => {
        const file = new Uint8Array(16 + 8 + 4096);
        file.set([0x50, 0x4a, 0x48, 0x45, 0x41, 0x50, 0, 1]);
        const view = new DataView(file.buffer);
        view.setUint32(8, 1 << 30, true);
        view.setUint32(12, 1, true);
        view.setUint32(16, (1 << 30) - 4096, true);
        view.setUint32(20, 4096, true);
        file.fill(7, 24);
        return file;
    }""", True, "the snapshot heap is larger than its recorded"),
    # A real snapshot with another runtime build's id in its header (heap bytes 16
    # to 47), recorded as if the page had made it: it passes every check and fails
    # to load.
    "mismatched": ("""async (bytes) => {
        const plain = new Uint8Array(bytes);
        const at = (%s)(plain, 16);
        for (let k = 0; k < 32; k++) plain[at + k] ^= 0x5a;
        return plain;
    }""" % HEAP_AT, True, None),
}


def test_a_snapshot_that_fails_its_checks_is_deleted_and_the_page_boots_normally(visited, warm):
    _, page, _ = visited
    byte_me = [entry for entry in samples_with_answers() if entry[0] == "byte_me"]
    assert any("Lose!" in answer for *_, answer in byte_me)
    for kind, (spoil, forge, reason) in SPOIL.items():
        # Each kind spoils the snapshot stored last (the first visit's, then the one
        # the page made again after the previous fallback).
        wait_js(page, "!['waiting', 'making'].includes(pixelJudge.state().snapshot)", BACKGROUND_MS)
        page.evaluate("""async ([spoil, forge]) => {
            const cache = await caches.open('pixel-judge-snapshot');
            const [key] = await cache.keys();
            const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
            const spoiled = await (%s)(bytes);
            await cache.put(key, new Response(spoiled));
            if (forge) {
                const record = JSON.parse(localStorage.getItem('pixelJudge.snapshot.v1'));
                record.sha256 = [...new Uint8Array(await crypto.subtle.digest('SHA-256', spoiled))]
                    .map((b) => b.toString(16).padStart(2, '0')).join('');
                record.packed = spoiled.length;
                localStorage.setItem('pixelJudge.snapshot.v1', JSON.stringify(record));
            }
        }""" % spoil, [kind, forge])
        page.reload()
        page.evaluate("pixelJudge.ready")
        # The refused snapshot and its record are gone (the page makes a fresh one
        # only after 1.5 s idle and a boot of its own).
        gone = page.evaluate(STORED_SNAPSHOT)
        assert (kind, gone["urls"], gone["record"]) == (kind, [], None)
        state = page_state(page)
        assert (kind, state["boot"], state["engine"]) == (kind, "fallback", "ready")
        if reason:
            assert reason in state["snapshotError"]
        for game, _, text, answer in byte_me:
            assert page.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])["answer"] == answer
        wait_js(page, "pixelJudge.state().snapshot === 'stored'", BACKGROUND_MS)
        stored = page.evaluate(STORED_SNAPSHOT)
        assert stored["record"]["sha256"] == stored["sha256"]
    page.reload()
    page.evaluate("pixelJudge.ready")
    assert page_state(page)["boot"] == "snapshot"
    for game, _, text, answer in byte_me:
        assert page.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, text])["answer"] == answer


# Issue 17's attack, run as a user's solution: rewrite every cache entry (the site's
# files and the engine's snapshot) with a page of its own, write the snapshot's record
# and IndexedDB, start the engine's worker, and forge results for the next run, now and
# from timers and tasks that outlive the program.
ATTACK = """import asyncio, js
from pyodide.ffi import create_proxy, to_js
EVIL = "<!doctype html><title>pwned</title><p>pwned"

def attempt(name, thunk):
    try:
        thunk()
        print(name, "open")
    except BaseException as err:
        print(name, "blocked", type(err).__name__)

async def rewrite():
    for name in await js.caches.keys():
        cache = await js.caches.open(name)
        for request in await cache.keys():
            await cache.put(request, js.Response.new(EVIL))

def forge():
    for k in range(200):
        js.postMessage(to_js({"type": "result", "id": k, "status": "ok", "stdout": "Bust!\\n",
                              "stderr": "", "ms": 1},
                             dict_converter=js.Object.fromEntries))

attempt("caches", lambda: js.caches.keys())
attempt("localStorage", lambda: js.localStorage.setItem("pixelJudge.snapshot.v1", "{}"))
attempt("indexedDB", lambda: js.indexedDB.open("pixel-judge-attack"))
attempt("engine-worker", lambda: js.Worker.new(
    SITE + "js/engine/worker.js", to_js({"type": "module"}, dict_converter=js.Object.fromEntries)))
asyncio.ensure_future(rewrite())
js.setInterval(create_proxy(forge), 50)
"""

STORAGE = """async () => {
    const digest = async (response) => [...new Uint8Array(await crypto.subtle.digest('SHA-256',
        await response.arrayBuffer()))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const caches_ = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        caches_[name] = {};
        for (const request of await cache.keys())
            caches_[name][request.url] = await digest(await cache.match(request));
    }
    const local = Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]));
    const databases = (await indexedDB.databases()).map((d) => d.name).sort();
    return {caches: caches_, local, databases};
}"""


def test_a_solution_cannot_touch_the_caches_the_snapshot_or_the_next_run(visited, site):
    _, url = site
    _, page, _ = visited
    wait_js(page, "pixelJudge.state().offline === 'ready'"
                  " && !['waiting', 'making'].includes(pixelJudge.state().snapshot)",
            BACKGROUND_MS)
    page.select_option("[data-testid=game]", "byte_me")
    before = page.evaluate(STORAGE)
    assert any(name.startswith("pixel-judge-site-") for name in before["caches"])
    assert len(before["caches"]["pixel-judge-snapshot"]) == 1
    byte_me = [entry for entry in samples_with_answers() if entry[0] == "byte_me"]
    _, _, text, answer = byte_me[0]
    attack = page.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 20000})",
                           [f"SITE = {url!r}\n" + ATTACK, text])
    # A right solution that takes half a second: a forged result would beat it (and
    # whatever the attack left running has had its time).
    right = ("import time\nt = time.time()\nwhile time.time() - t < 0.5:\n    pass\n"
             f"import sys\nsys.stdout.write({ {text: answer}!r}.get(sys.stdin.read(), ''))\n")
    judged = page.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 20000})", [right, text])
    assert page.evaluate(STORAGE) == before
    assert (judged["verdict"], judged["stdout"]) == ("accepted", answer)
    assert [line.split()[:2] for line in attack["stdout"].splitlines()] == [
        ["caches", "blocked"], ["localStorage", "blocked"], ["indexedDB", "blocked"],
        ["engine-worker", "blocked"]]
    # The real page comes back, from the same snapshot, and solves every sample byte for byte.
    page.reload()
    page.evaluate("pixelJudge.ready")
    assert page.title() == "Pixel Judge" and page.is_visible("[data-testid=solve]")
    assert page_state(page)["boot"] == "snapshot"
    for game, name, sample, expected in samples_with_answers():
        reply = page.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, sample])
        assert reply["answer"] == expected, (game, name)
    after = page.evaluate(STORAGE)
    assert (after["caches"], after["databases"]) == (before["caches"], before["databases"])
    assert after["local"]["pixelJudge.snapshot.v1"] == before["local"]["pixelJudge.snapshot.v1"]


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
