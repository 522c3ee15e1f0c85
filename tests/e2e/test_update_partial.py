"""A half-deployed update (issue 31): the host serves a new build's sw.js while one of the new
build's files is missing, or still the old build's bytes. The new worker's install fails; it
leaves no cache behind (not a half-filled one), the installed build keeps its cache and keeps
working (offline too), and the page says so in its language.

One context on a copy of the site of its own makes the first visit (the precache); each test
then puts another "new build" on the host and triggers the update."""
from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

from buildsys.site import PRECACHE_LINE, read_precache
from conftest import BOOT_TIMEOUT_MS, DATA, DIST, build, wait_js

BACKGROUND_MS = 240_000
SAMPLE = (DATA / "byte_me" / "sample-1.in").read_text(encoding="utf-8")
ANSWER = (DATA / "byte_me" / "sample-1.ans").read_text(encoding="utf-8")
PRECACHE = read_precache((DIST / "sw.js").read_text(encoding="utf-8"))
OLD = f"pixel-judge-site-{PRECACHE['build']}"
EN = ("An update of Pixel Judge could not be fully downloaded; this version keeps working, "
      "and the next visit tries again.")
ZH = "Pixel Judge 的更新未能完整下载；当前版本照常可用，下次访问时会再试。"

# Runs in the page: every cache of the site's files as {cache: {url: sha256}}, and the names
# of all caches under "names".
CACHES = """async () => {
    const names = await caches.keys();
    const out = {names};
    for (const name of names.filter((n) => n.startsWith('pixel-judge-site-'))) {
        const cache = await caches.open(name);
        out[name] = {};
        for (const request of await cache.keys()) {
            const bytes = await (await cache.match(request)).arrayBuffer();
            out[name][request.url] = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
                .map((b) => b.toString(16).padStart(2, '0')).join('');
        }
    }
    return out;
}"""

# Runs in the page: asks the browser to look for a new sw.js; resolves with the new worker's
# last state ("redundant": its install failed) and the registration's workers then.
UPDATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
    const worker = registration.installing;
    if (!worker) return {state: null};
    const state = await new Promise((resolve) => {
        const check = () => { if (['installed', 'redundant'].includes(worker.state)) resolve(worker.state); };
        worker.addEventListener('statechange', check);
        check();
    });
    return {state, installing: Boolean(registration.installing), waiting: Boolean(registration.waiting),
            active: registration.active.scriptURL};
}"""


@pytest.fixture(scope="module")
def visited(browser: Any, tmp_path_factory: Any) -> Iterator[tuple[Any, Any, str, Path]]:
    root = tmp_path_factory.mktemp("update") / "site"
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


def deploy_half(root: Path, build_id: str, files: dict[str, str]) -> None:
    """Puts on the host a new build's sw.js (id `build_id`) whose table is the old one with
    `files` changed (name -> SHA-256), while the files themselves stay as they are."""
    sw = root / "sw.js"
    for path in (root / "sw.js.br", root / "sw.js.gz"):
        path.unlink(missing_ok=True)
    facts = read_precache(sw.read_text(encoding="utf-8"))
    facts["build"] = build_id
    facts["files"] = {**facts["files"], **files}
    lines = [PRECACHE_LINE + json.dumps(facts) + ";" if line.startswith(PRECACHE_LINE) else line
             for line in sw.read_text(encoding="utf-8").splitlines()]
    sw.write_text("\n".join(lines) + "\n", encoding="utf-8")


def expected(url: str) -> dict[str, str]:
    return {url + name: digest for name, digest in PRECACHE["files"].items()}


def solves(page: Any) -> bool:
    page.evaluate("pixelJudge.ready")
    reply = page.evaluate("([g, t]) => pixelJudge.solve(g, t)", ["byte_me", SAMPLE])
    return bool(reply["answer"] == ANSWER)


def check_nothing_left(page: Any, url: str, new: str) -> None:
    """Only the installed build's cache is there, whole and unchanged, and the page says so."""
    caches = page.evaluate(CACHES)
    assert f"pixel-judge-site-{new}" not in caches["names"], caches["names"]
    assert [name for name in caches["names"] if name.startswith("pixel-judge-site-")] == [OLD]
    assert caches[OLD] == expected(url)
    wait_js(page, "document.querySelector('[data-testid=update-failed]')", 30_000)
    assert page.is_visible("[data-testid=update-failed]")
    assert page.text_content("[data-testid=update-failed]") == EN
    assert page.evaluate("pixelJudge.state().offline") == "update-failed"
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == url + "sw.js"


def test_an_update_with_a_file_missing_leaves_no_cache_and_says_so(visited):
    context, page, url, root = visited
    deploy_half(root, "next-missing", {"js/new-feature.js": "0" * 64})
    result = page.evaluate(UPDATE)
    assert result["state"] == "redundant" and not result["installing"] and not result["waiting"], result
    check_nothing_left(page, url, "next-missing")
    # In the reader's language, and back.
    page.select_option("[data-testid=language]", "zh-CN")
    wait_js(page, "pixelJudge.state().lang === 'zh-CN'")
    assert page.text_content("[data-testid=update-failed]") == ZH
    page.select_option("[data-testid=language]", "en")
    wait_js(page, "pixelJudge.state().lang === 'en'")
    assert page.text_content("[data-testid=update-failed]") == EN
    # The installed build keeps working, online and offline.
    assert solves(page)
    context.set_offline(True)
    try:
        response = page.reload()
        assert response.status == 200
        assert solves(page)
        assert page.evaluate(CACHES)[OLD] == expected(url)
    finally:
        context.set_offline(False)


def test_an_update_with_a_file_of_the_old_build_leaves_no_cache_and_says_so(visited):
    """The new table names new bytes for a file the host still serves as the old build's: the
    file does not hash to the new build's SHA-256 (a damaged or not yet uploaded file)."""
    context, page, url, root = visited
    page.reload()
    page.evaluate("pixelJudge.ready")
    wait_js(page, "['ready', 'update-failed'].includes(pixelJudge.state().offline)", BACKGROUND_MS)
    name = "js/engine/worker.js"
    deploy_half(root, "next-damaged", {name: "f" * 64})
    result = page.evaluate(UPDATE)
    assert result["state"] == "redundant" and not result["waiting"], result
    check_nothing_left(page, url, "next-damaged")
    assert solves(page)
    context.set_offline(True)
    try:
        page.reload()
        assert solves(page)
    finally:
        context.set_offline(False)
