"""The embeddable player (web/embed.html, issue 22), framed by a page of another site.

The host pages are served by a second little server on another port and another host name
(``localhost`` against the site's ``127.0.0.1``: another origin, and another site, so the
frame is a third-party frame with its storage partitioned).  The embed code they hold is
the one the full page's Copy embed code button gives.
"""
from __future__ import annotations

import base64
import html
import http.server
import json
import re
import threading
import time
import urllib.parse
import urllib.request
import zlib
from pathlib import Path
from typing import Any, Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, DIST, read, seek, solve_ui, wait_js

KALAH = read("kalah", "spec-sample-1.in")     # 5 cases; the second has 13 steps
# Modules and styles of the page's other features: the embed must load none of them (of the
# vendored packages, only i18next: its words come from the same catalogs as the page's).
FOREIGN = re.compile(r"/js/(tools|explore|cpp|runner)/|/vendor/(?!i18next/)|/js/main\.js"
                     r"|/css/(pixel|tools|explore)\.css|/js/page/(?!share\.js|shortcuts\.js)|/input-tool\.js")


class HostHandler(http.server.BaseHTTPRequestHandler):
    """Serves the pages a test registers: path -> (html, extra headers)."""

    pages: dict[str, tuple[str, dict[str, str]]] = {}

    def do_GET(self) -> None:
        found = self.pages.get(self.path.split("?")[0])
        if not found:
            self.send_error(404)
            return
        body, headers = found
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def host() -> Iterator[Any]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), HostHandler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def put(path: str, body: str, headers: dict[str, str] | None = None) -> str:
        HostHandler.pages[path] = (body, headers or {})
        return f"http://localhost:{server.server_port}{path}"
    yield put
    server.shutdown()
    server.server_close()


def host_page(*frames: str, before: str = "", after: str = "", widths: tuple[int, ...] = ()) -> str:
    """A plain page of someone's site: some text, the frames (each in a column of its
    width in `widths`, 640 px by default), and a script that keeps every message the
    frames send."""
    columns = "".join(f'<div class="col" style="width:{(widths or (640,) * len(frames))[k]}px">{f}</div>'
                      for k, f in enumerate(frames))
    return f"""<!doctype html><html lang="en"><meta charset="utf-8"><title>An editorial</title>
<body style="margin:0;font:16px serif">{before}<p>At step 3 the swap happens.</p>{columns}{after}
<script>window.got = []; addEventListener("message", (e) => got.push(e.data));</script></body></html>"""


@pytest.fixture(scope="module")
def copied(shared: tuple[Any, Any]) -> dict[str, Any]:
    """The second case of a Kalah file on the full page at step 3: its embed code (from
    the button and from the hook), its steps and the narration of every step."""
    page, _ = shared
    if page.evaluate("pixelJudge.state().playing"):
        page.click("[data-testid=play]")
    solve_ui(page, "kalah", KALAH)
    page.select_option("[data-testid=case]", "1")
    wait_js(page, "pixelJudge.state().case === 1 && pixelJudge.state().steps === 13")
    notes = []
    for k in range(13):
        seek(page, k)
        notes.append(page.text_content("[data-testid=narration]"))
    seek(page, 3)
    page.click("[data-testid=copy-embed]")
    wait_js(page, "!document.querySelector('[data-testid=embed-text]').hidden")
    code = page.input_value("[data-testid=embed-text]")
    return {"code": code, "hook": page.evaluate("pixelJudge.embedCode()"), "notes": notes,
            "state": page.evaluate("pixelJudge.state()"),
            "site": page.url.split("#")[0].rsplit("/", 1)[0] + "/",
            "title": page.evaluate("pixelJudge.games().find((g) => g.name === 'kalah').title")}


def src_of(code: str) -> str:
    match = re.search(r'src="([^"]*)"', code)
    assert match, code
    return html.unescape(match.group(1))


def with_src(code: str, src: str, *, lazy: bool = True) -> str:
    """The embed code with another src (and without loading="lazy" when asked)."""
    out = re.sub(r'src="[^"]*"', f'src="{html.escape(src)}"', code)
    return out if lazy else out.replace(' loading="lazy"', "")


def open_host(browser: Any, url: str, *,
              viewport: tuple[int, int] = (1000, 800)) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    requests: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    page.goto(url)
    return context, page, requests


def embed_frame(page: Any, index: int = 0, *, ready: bool = True) -> Any:
    """The index-th embed on the page, once its hook is there (and ready, when asked)."""
    deadline = time.monotonic() + BOOT_TIMEOUT_MS / 1000
    while True:
        frame = page.locator("iframe").nth(index).element_handle().content_frame()
        if frame and "/embed.html" in frame.url and frame.evaluate("Boolean(window.pixelJudge)"):
            break
        assert time.monotonic() < deadline, "the embed never loaded"
        time.sleep(0.1)
    if ready:
        frame.evaluate("pixelJudge.ready")
    return frame


def test_copy_embed_code_gives_an_iframe_of_the_scene(copied: dict[str, Any]) -> None:
    code = copied["code"]
    assert code == copied["hook"]
    assert code.startswith("<iframe ") and code.endswith("></iframe>")
    src = src_of(code)
    assert src.startswith(copied["site"] + "embed.html#v=1&g=kalah&c=1&s=3&")
    assert ' width="640" height="360" loading="lazy" ' in code
    assert f'title="Pixel Judge: {html.escape(copied["title"])}, case 2"' in code
    # Attribute values are escaped: the fragment's & are &amp; in the HTML.
    assert "&amp;g=kalah&amp;c=1" in code


def test_another_site_frames_the_same_scene_and_steps_it_by_keys(browser: Any, host: Any,
                                                                 copied: dict[str, Any]) -> None:
    url = host("/editorial.html", host_page(copied["code"]))
    context, page, requests = open_host(browser, url)
    try:
        frame = embed_frame(page)
        state = frame.evaluate("pixelJudge.state()")
        want = copied["state"]
        assert {k: state[k] for k in ("game", "case", "step", "steps")} == \
            {"game": want["game"], "case": want["case"], "step": 3, "steps": want["steps"]}
        assert state["error"] is None and not state["playing"]
        # Keys, once the frame has focus: the narration of every step equals the page's.
        frame.click("[data-testid=canvas]")
        page.keyboard.press("Home")
        wait_js(frame, "pixelJudge.state().step === 0")
        seen = [frame.text_content("[data-testid=narration]")]
        for k in range(1, want["steps"]):
            page.keyboard.press("ArrowRight")
            wait_js(frame, f"pixelJudge.state().step === {k}")
            seen.append(frame.text_content("[data-testid=narration]"))
        assert seen == copied["notes"]
        assert frame.text_content("[data-testid=step]") == f"{want['steps'] - 1} / {want['steps'] - 1}"
        page.keyboard.press("ArrowLeft")
        wait_js(frame, f"pixelJudge.state().step === {want['steps'] - 2}")
        page.keyboard.press("Home")
        wait_js(frame, "pixelJudge.state().step === 0")
        page.keyboard.press(" ")
        wait_js(frame, "pixelJudge.state().playing")
        page.keyboard.press(" ")
        wait_js(frame, "!pixelJudge.state().playing")
        page.keyboard.press("End")
        wait_js(frame, f"pixelJudge.state().step === {want['steps'] - 1}")
        # The host page never scrolled on those keys.
        assert page.evaluate("scrollY") == 0
        # "Open in Pixel Judge": the full page at the same scene, in a new tab.
        link = frame.locator("[data-testid=open-page]")
        assert link.get_attribute("target") == "_blank"
        full_page = src_of(copied["code"]).replace("/embed.html#", "/index.html#")
        assert link.evaluate("(a) => a.href") == full_page
        # Nothing of the page's input, tools or Explore was loaded, and nothing from elsewhere.
        site = [u for u in requests if u.startswith(copied["site"])]
        assert any(u.endswith("/js/embed.js") for u in site)
        assert not [u for u in site if FOREIGN.search(u)]
        known = (copied["site"], url.rsplit("/", 1)[0], "data:", "blob:")
        assert not [u for u in requests if not u.startswith(known)]
    finally:
        context.close()


def test_the_embed_fits_16_9_without_scrolling_at_640_and_320(browser: Any, host: Any,
                                                              copied: dict[str, Any]) -> None:
    code = copied["code"]
    url = host("/sizes.html", host_page(code, code, widths=(640, 320)))
    context, page, _ = open_host(browser, url, viewport=(1000, 1000))
    try:
        boxes = page.evaluate("[...document.querySelectorAll('iframe')]"
                              ".map((f) => [f.offsetWidth, f.offsetHeight])")
        assert boxes == [[640, 360], [320, 180]]
        for k, (w, h) in enumerate(boxes):
            frame = embed_frame(page, k)
            fit = frame.evaluate("""(() => {
                const d = document.documentElement;
                const c = document.querySelector('canvas').getBoundingClientRect();
                const parts = ['[data-testid=canvas]', '.controls', '[data-testid=play]',
                               '[data-testid=step]', '[data-testid=narration]', '[data-testid=open-page]']
                  .map((s) => document.querySelector(s).getBoundingClientRect())
                  .map((r) => [r.left, r.top, r.right, r.bottom]);
                return {scroll: [d.scrollWidth, d.scrollHeight], client: [d.clientWidth, d.clientHeight],
                        canvas: [c.width, c.height], parts};
            })()""")
            assert fit["client"] == [w, h]
            assert fit["scroll"] == [w, h], "the frame scrolls"
            cw, ch = fit["canvas"]
            assert abs(cw / ch - 16 / 9) < 0.02 and ch > h * 0.7, fit
            for left, top, right, bottom in fit["parts"]:
                assert left >= 0 and top >= 0 and right <= w + 0.5 and bottom <= h + 0.5, fit
            # The stage and the controls do not overlap.
            assert fit["parts"][0][3] <= fit["parts"][1][1] + 0.5
    finally:
        context.close()


def test_autoplay_plays_only_while_the_frame_is_in_view(browser: Any, host: Any,
                                                        copied: dict[str, Any]) -> None:
    src = src_of(copied["code"]) + "&autoplay=1"
    # Loaded at once (not lazy) but below the fold: it waits, paused, for the reader.
    code = with_src(copied["code"], src, lazy=False)
    url = host("/autoplay.html", host_page(code, before='<div style="height:1500px"></div>',
                                           after='<div style="height:1500px"></div>'))
    context, page, _ = open_host(browser, url, viewport=(1000, 700))
    try:
        frame = embed_frame(page)
        state = frame.evaluate("pixelJudge.state()")
        assert state["autoplay"] and not state["inView"] and not state["playing"]
        time.sleep(1.5)
        assert frame.evaluate("pixelJudge.state()")["step"] == 3
        page.evaluate("document.querySelector('iframe').scrollIntoView({block: 'center'})")
        wait_js(frame, "pixelJudge.state().playing && pixelJudge.state().inView")
        wait_js(frame, "pixelJudge.state().step > 3")
        page.evaluate("scrollTo(0, 0)")
        wait_js(frame, "!pixelJudge.state().playing && !pixelJudge.state().inView")
        left_at = frame.evaluate("pixelJudge.state().step")
        time.sleep(1.5)
        assert frame.evaluate("pixelJudge.state()")["step"] == left_at
        # Back in view, it plays on from where it was.
        page.evaluate("document.querySelector('iframe').scrollIntoView({block: 'center'})")
        wait_js(frame, "pixelJudge.state().playing")
        # A pause by the reader holds when the frame leaves and comes back.
        frame.click("[data-testid=play]")
        wait_js(frame, "!pixelJudge.state().playing")
        page.evaluate("scrollTo(0, 0)")
        wait_js(frame, "!pixelJudge.state().inView")
        page.evaluate("document.querySelector('iframe').scrollIntoView({block: 'center'})")
        wait_js(frame, "pixelJudge.state().inView")
        time.sleep(1)
        assert not frame.evaluate("pixelJudge.state().playing")
    finally:
        context.close()


def test_the_host_hears_steps_and_sizes_and_drives_the_scene(browser: Any, host: Any,
                                                            copied: dict[str, Any]) -> None:
    # The host asks for step 6 as soon as the frame has loaded, long before the engine is ready.
    early = ("<script>document.querySelector('iframe').addEventListener('load', (e) => e.target.contentWindow"
             ".postMessage({source: 'pixel-judge', type: 'goto', step: 6}, '*'));</script>")
    url = host("/driven.html", host_page(copied["code"], after=early))
    context, page, _ = open_host(browser, url)
    try:
        frame = embed_frame(page)
        steps = copied["state"]["steps"]
        wait_js(page, "got.some((m) => m.type === 'step' && m.step === 6)")
        got = page.evaluate("got")
        sizes = [m for m in got if m["type"] == "size"]
        assert sizes and sizes[-1]["width"] == 640
        # The height at which the stage fills the frame's width, with the controls under it.
        controls = frame.evaluate("document.querySelector('.controls').offsetHeight")
        assert sizes[-1]["height"] == 360 + controls
        # The link's step first, then the host's.
        heard_steps = [m for m in got if m["type"] == "step"]
        assert heard_steps == [{"source": "pixel-judge", "type": "step", "game": "kalah", "step": k,
                                "steps": steps} for k in (3, 6)]
        assert frame.evaluate("pixelJudge.state().step") == 6
        # A step by the reader is heard.
        frame.click("[data-testid=step-forward]")
        wait_js(page, "got.some((m) => m.type === 'step' && m.step === 7)")
        # The host's goto moves the scene (past the end: to the last step) and is heard back.
        page.evaluate("document.querySelector('iframe').contentWindow.postMessage("
                      "{source: 'pixel-judge', type: 'goto', step: 2}, '*')")
        wait_js(frame, "pixelJudge.state().step === 2")
        wait_js(page, "got.some((m) => m.type === 'step' && m.step === 2)")
        page.evaluate("document.querySelector('iframe').contentWindow.postMessage("
                      "{source: 'pixel-judge', type: 'goto', step: 999}, '*')")
        wait_js(frame, f"pixelJudge.state().step === {steps - 1}")
        # Bad messages are ignored, whatever they carry: none moves or plays the scene, so the
        # only step heard after them is the good goto's that follows them (messages keep their order).
        heard = page.evaluate("got.length")
        bad = [{"source": "pixel-judge", "type": "goto", "step": -1},
               {"source": "pixel-judge", "type": "goto", "step": "2"},
               {"source": "pixel-judge", "type": "goto", "step": 1.5},
               {"source": "pixel-judge", "type": "goto"},
               {"source": "pixel-judge", "type": "goto", "step": 2, "extra": 1},
               {"source": "other", "type": "goto", "step": 2},
               {"type": "goto", "step": 2},
               {"source": "pixel-judge", "type": "play", "step": 2},
               {"source": "pixel-judge", "type": "jump", "step": 2},
               ["pixel-judge", "goto", 2], "goto 2", None, 2]
        for message in bad:
            page.evaluate("(m) => document.querySelector('iframe').contentWindow.postMessage(m, '*')",
                          message)
        # ... and so is a good one that does not come from the parent page.
        frame.evaluate("postMessage({source: 'pixel-judge', type: 'goto', step: 2}, '*')")
        page.evaluate("document.querySelector('iframe').contentWindow.postMessage("
                      "{source: 'pixel-judge', type: 'goto', step: 5}, '*')")
        wait_js(page, "got.some((m) => m.type === 'step' && m.step === 5)")
        time.sleep(0.5)
        after = [m["step"] for m in page.evaluate("got")[heard:] if m["type"] == "step"]
        assert after == [5]
        assert not frame.evaluate("pixelJudge.state().playing")
        page.evaluate("document.querySelector('iframe').contentWindow.postMessage("
                      "{source: 'pixel-judge', type: 'play'}, '*')")
        wait_js(frame, "pixelJudge.state().playing")
        page.evaluate("document.querySelector('iframe').contentWindow.postMessage("
                      "{source: 'pixel-judge', type: 'pause'}, '*')")
        wait_js(frame, "!pixelJudge.state().playing")
        # A resized frame reports its new size.
        page.evaluate("document.querySelector('.col').style.width = '480px'")
        wait_js(page, "got.some((m) => m.type === 'size' && m.width === 480)")
    finally:
        context.close()


@pytest.mark.parametrize("fragment, reason", [
    ("", "holds no scene"),
    ("#v=1&g=chess&c=0&s=0&i=AAAA", "unknown game 'chess'"),
    ("#v=2&g=kalah&c=0&s=0&i=AAAA", "format version '2'"),
    ("#v=1&g=kalah&c=0&s=0&i=%%%", "not valid base64url"),
    ("#v=1&g=kalah&c=9&s=0&i=", "case c=9"),
    ("#v=1&g=kalah&c=0&s=0&i=AwA&t=check", "opens a tool"),   # i=AwA: no input
])
def test_a_link_that_cannot_be_opened_shows_its_reason_in_the_frame(browser: Any, host: Any,
                                                                    copied: dict[str, Any],
                                                                    fragment: str, reason: str) -> None:
    src = src_of(copied["code"])
    if fragment.endswith("&i="):
        fragment += src.split("&i=", 1)[1]      # the Kalah input: 5 cases, not 10
    target = src.split("#", 1)[0] + fragment
    url = host("/broken.html", host_page(with_src(copied["code"], target)))
    context, page, _ = open_host(browser, url)
    try:
        frame = embed_frame(page)
        state = frame.evaluate("pixelJudge.state()")
        assert state["error"] and reason in state["error"], state
        notice = frame.locator("[data-testid=embed-error]")
        assert notice.is_visible() and reason in notice.text_content()
        assert notice.get_attribute("role") == "alert"
        # Never a blank frame: the stage still says what this is.
        assert "PIXEL JUDGE" in [b["text"] for b in frame.evaluate("pixelJudge.textBoxes()")]
        assert frame.locator("[data-testid=play]").is_disabled()
    finally:
        context.close()


def test_the_boot_shows_its_progress_on_the_stage(browser: Any, host: Any, copied: dict[str, Any]) -> None:
    url = host("/booting.html", host_page(copied["code"]))
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    held: list[Any] = []
    holding = [True]
    context.route("**/pyodide.asm.wasm",
                  lambda route: held.append(route) if holding[0] else route.continue_())
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page.goto(url)
        frame = embed_frame(page, ready=False)
        # The title comes with the embed's words; the runtime's bytes are counted as they come.
        wait_js(frame, "pixelJudge.textBoxes().some((b) => b.text.startsWith('LOADING PYTHON '))"
                f" && pixelJudge.textBoxes().some((b) => b.text === {json.dumps(copied['title'])})")
        texts = [b["text"] for b in frame.evaluate("pixelJudge.textBoxes()")]
        assert copied["title"] in texts and re.search(r"LOADING PYTHON \d+\.\d / \d+\.\d MB", " ".join(texts))
        assert "Loading" in frame.text_content("[data-testid=narration]")
        assert frame.evaluate("pixelJudge.state().steps") == 0
        assert held, "the runtime was never asked for"
        holding[0] = False
        for route in held:
            route.continue_()
        frame.evaluate("pixelJudge.ready")
        assert frame.evaluate("pixelJudge.state().steps") == copied["state"]["steps"]
        assert copied["notes"][3] == frame.text_content("[data-testid=narration]")
    finally:
        context.close()


def test_only_the_embed_may_be_framed_by_another_site(browser: Any, host: Any, copied: dict[str, Any],
                                                      site_url: str) -> None:
    embed = urllib.request.urlopen(site_url + "embed.html")
    page = urllib.request.urlopen(site_url)
    assert "frame-ancestors" not in embed.headers["Content-Security-Policy"]
    assert embed.headers["Cross-Origin-Resource-Policy"] == "cross-origin"
    assert embed.headers["Cross-Origin-Embedder-Policy"] == "require-corp"
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert page.headers["Cross-Origin-Resource-Policy"] == "same-origin"
    # The embed's own files keep the site's headers.
    script = urllib.request.urlopen(site_url + "js/embed.js")
    assert script.headers["Cross-Origin-Resource-Policy"] == "same-origin"
    # The page's <meta> policy is the header's, frame-ancestors aside (a <meta> cannot carry it).
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', embed.read().decode())
    assert meta and meta.group(1) == embed.headers["Content-Security-Policy"]
    # A host that is itself cross-origin isolated frames the embed; the full page stays out.
    isolated = {"Cross-Origin-Embedder-Policy": "require-corp", "Cross-Origin-Opener-Policy": "same-origin"}
    fragment = src_of(copied["code"]).split("embed.html", 1)[1]
    framing_page = with_src(copied["code"], site_url + "index.html" + fragment)
    url = host("/isolated.html", host_page(copied["code"], framing_page), isolated)
    context, host_view, _ = open_host(browser, url)
    try:
        assert host_view.evaluate("crossOriginIsolated")
        frame = embed_frame(host_view, 0)
        assert frame.evaluate("pixelJudge.state().steps") == copied["state"]["steps"]
        time.sleep(1)
        refused = host_view.locator("iframe").nth(1).element_handle().content_frame()
        # (Chromium shows its error page there; without frame-ancestors the page's hook would be.)
        assert refused is None or not refused.evaluate("Boolean(window.pixelJudge)")
    finally:
        context.close()


def test_copy_embed_code_without_the_clipboard_api_leaves_the_code_selected(app: Any,
                                                                          copied: dict[str, Any]) -> None:
    # WebKit has no Clipboard API on some pages; the code then waits, selected, in its field.
    app.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined, configurable: true})")
    try:
        app.click("[data-testid=copy-link]")
        wait_js(app, "!document.querySelector('[data-testid=link-text]').hidden")
        app.click("[data-testid=copy-embed]")
        wait_js(app, "!document.querySelector('[data-testid=embed-text]').hidden")
        assert app.is_hidden("[data-testid=link-text]")   # one field at a time
        assert app.text_content("#link-status") == "Copy the embed code below."
        field = app.evaluate("""(() => { const t = document.querySelector('[data-testid=embed-text]');
            return {value: t.value, focused: document.activeElement === t,
                    selected: t.value.slice(t.selectionStart, t.selectionEnd)}; })()""")
        assert field["value"] == app.evaluate("pixelJudge.embedCode()")
        assert field["focused"] and field["selected"] == field["value"]
    finally:
        app.evaluate("delete navigator.clipboard")


def test_the_documented_host_page_drives_the_scene(browser: Any, host: Any,
                                                       copied: dict[str, Any]) -> None:
    readme = (Path(__file__).resolve().parents[2] / "web" / "EMBED.md").read_text(encoding="utf-8")
    example = re.search(r"```html\n(<iframe id=\"scene\".*?</script>)\n```", readme, re.S)
    assert example and len(example.group(1).splitlines()) == 10
    src = html.escape(src_of(copied["code"]))
    page_html = re.sub(r'src="[^"]*"', f'src="{src}"', example.group(1), count=1)
    head = '<!doctype html><html lang="en"><meta charset="utf-8"><title>An editorial</title>'
    url = host("/example.html", head + page_html)
    context, page, _ = open_host(browser, url)
    try:
        frame = embed_frame(page)
        wait_js(page, "document.getElementById('at').textContent === 'Now at step 3.'")
        page.click("a[data-step]")
        wait_js(frame, "pixelJudge.state().step === 12")
        wait_js(page, "document.getElementById('at').textContent === 'Now at step 12.'")
    finally:
        context.close()


def test_with_reduced_motion_nothing_plays_by_itself(browser: Any, host: Any, copied: dict[str, Any]) -> None:
    code = with_src(copied["code"], src_of(copied["code"]) + "&autoplay=1")
    url = host("/calm.html", host_page(code))
    context = browser.new_context(viewport={"width": 1000, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page.goto(url)
        frame = embed_frame(page)
        wait_js(frame, "pixelJudge.state().inView")
        time.sleep(1.5)
        state = frame.evaluate("pixelJudge.state()")
        assert not state["autoplay"] and not state["playing"] and state["step"] == 3
        # The narration is a polite live region, quiet while the scene plays.
        narration = frame.locator("[data-testid=narration]")
        assert narration.get_attribute("aria-live") == "polite"
        frame.click("[data-testid=play]")
        wait_js(frame, "pixelJudge.state().playing")
        assert narration.get_attribute("aria-live") == "off"
        assert frame.get_attribute("[data-testid=play]", "aria-label") == "Pause"
        frame.click("[data-testid=play]")
        wait_js(frame, "!pixelJudge.state().playing")
        assert narration.get_attribute("aria-live") == "polite"
    finally:
        context.close()


def test_an_engine_that_cannot_start_says_why_and_retries(browser: Any, host: Any,
                                                         copied: dict[str, Any]) -> None:
    url = host("/offline.html", host_page(copied["code"]))
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    failing = [True]
    context.route("**/pyodide.asm.wasm",
                  lambda route: route.fulfill(status=404, body="gone") if failing[0] else route.continue_())
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page.goto(url)
        frame = embed_frame(page)
        state = frame.evaluate("pixelJudge.state()")
        assert state["engine"] == "failed" and "pyodide.asm.wasm" in state["error"], state
        notice = frame.locator("[data-testid=embed-error]")
        assert "Could not download pyodide/pyodide.asm.wasm (HTTP 404)." in notice.text_content()
        failing[0] = False
        frame.click("[data-testid=embed-error] button")
        wait_js(frame, f"pixelJudge.state().steps === {copied['state']['steps']}", BOOT_TIMEOUT_MS)
        assert frame.locator("[data-testid=embed-error]").is_hidden()
        assert frame.evaluate("pixelJudge.state()")["error"] is None
    finally:
        context.close()


def test_every_game_plays_in_the_embed_and_loads_no_input_code(browser: Any, host: Any, site_url: str,
                                                              copied: dict[str, Any]) -> None:
    """One frame, 320 x 180, shown each game's first sample in turn (a new fragment: the
    same frame and engine); every scene draws, fits and loads nothing of the page's input."""
    games = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))["games"]
    url = host("/games.html", host_page(with_src(copied["code"], src_of(copied["code"])), widths=(320,)))
    context, page, requests = open_host(browser, url)
    try:
        embed_frame(page)
        for game in games:
            packer = zlib.compressobj(9, zlib.DEFLATED, -15)
            packed = packer.compress(game["samples"][0]["text"].encode()) + packer.flush()
            encoded = base64.urlsafe_b64encode(packed).decode().rstrip("=")
            src = f"{site_url}embed.html#v=1&g={game['name']}&c=0&s=1&i={encoded}"
            page.evaluate("(src) => { document.querySelector('iframe').src = src; }", src)
            frame = embed_frame(page, ready=False)
            wait_js(frame, f"pixelJudge.state().game === {game['name']!r} && pixelJudge.state().steps > 1"
                           " || pixelJudge.state().error", BOOT_TIMEOUT_MS)
            state = frame.evaluate("pixelJudge.state()")
            assert state["error"] is None and state["step"] == 1, state
            texts = frame.evaluate("pixelJudge.textBoxes()")
            assert texts and all(0 <= b["x"] and b["x"] + b["w"] <= 384 for b in texts), game["name"]
            assert frame.text_content("[data-testid=narration]").strip()
            fit = frame.evaluate("[document.documentElement.scrollWidth,"
                                 " document.documentElement.scrollHeight]")
            assert fit == [320, 180], (game["name"], fit)
        site = [u for u in requests if u.startswith(site_url)]
        assert any("/stage/scenes/sevens.js" in u for u in site)
        assert not [u for u in site if FOREIGN.search(u)]
    finally:
        context.close()


def test_a_variation_embeds_as_it_is(app: Any, browser: Any, host: Any, copied: dict[str, Any]) -> None:
    """A line with the user's own move (m= in the fragment) embeds as the page shows it."""
    seek(app, 6)
    app.click("[data-testid=move-list] button[data-move='a']")      # not the line's move (b)
    wait_js(app, "pixelJudge.state().step === 7 && !pixelJudge.state().solving")
    state = app.evaluate("pixelJudge.state()")
    assert state["moves"][-1] == "a"
    notes = []
    for k in range(state["steps"]):
        seek(app, k)
        notes.append(app.text_content("[data-testid=narration]"))
    seek(app, 7)
    code = app.evaluate("pixelJudge.embedCode()")
    app.click("[data-testid=back-to-line]")
    wait_js(app, "pixelJudge.state().moves.length === 0 && !pixelJudge.state().solving")
    assert urllib.parse.parse_qs(src_of(code).split("#", 1)[1])["m"] == [",".join(state["moves"])]
    url = host("/variation.html", host_page(code))
    context, page, _ = open_host(browser, url)
    try:
        frame = embed_frame(page)
        shown = frame.evaluate("pixelJudge.state()")
        assert [shown[k] for k in ("game", "case", "step", "steps")] == ["kalah", 1, 7, state["steps"]]
        assert notes != copied["notes"]
        for k, note in enumerate(notes):
            page.evaluate("(k) => document.querySelector('iframe').contentWindow.postMessage("
                          "{source: 'pixel-judge', type: 'goto', step: k}, '*')", k)
            wait_js(frame, f"pixelJudge.state().step === {k}")
            assert frame.text_content("[data-testid=narration]") == note
    finally:
        context.close()


def test_the_embed_speaks_its_readers_language(browser: Any, host: Any, copied: dict[str, Any]) -> None:
    """A reader whose browser is in Chinese gets the embed in Chinese (issue 24): its controls,
    narration and stage words come from the Chinese catalogs, its answer the same steps; a bad
    link's reason is Chinese too."""
    cjk = re.compile(r"[\u4e00-\u9fff]")
    url = host("/zh.html", host_page(with_src(copied["code"], src_of(copied["code"]), lazy=False)))
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page.goto(url)
        frame = embed_frame(page)
        state = frame.evaluate("pixelJudge.state()")
        assert (state["step"], state["steps"]) == (copied["state"]["step"], copied["state"]["steps"])
        assert frame.evaluate("document.documentElement.lang") == "zh-CN"
        assert frame.get_attribute("[data-testid=play]", "aria-label") == "播放"
        assert frame.get_attribute("[data-testid=first]", "title") == "第一步（Home）"
        assert cjk.search(frame.text_content("[data-testid=open-page]"))
        note = frame.text_content("[data-testid=narration]")
        assert cjk.search(note) and note != copied["notes"][3]
        drawn = [b["text"] for b in frame.evaluate("pixelJudge.textBoxes()")]
        assert any(cjk.search(t) for t in drawn), drawn
        # The stage's CJK text is drawn in the served pixel face, loaded before the words.
        assert frame.evaluate("document.fonts.check('16px \"PJ Unifont\"', '中')")
        assert frame.evaluate("[...document.fonts].some((f) => f.family.includes('PJ Unifont')"
                              " && f.status === 'loaded')")
        assert not [t for t in drawn if re.search(r"[A-Za-z]{3,}", t)], drawn
    finally:
        context.close()
    bad = src_of(copied["code"]).split("#", 1)[0] + "#v=1&g=chess&c=0&s=0&i=AAAA"
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        page.goto(host("/zh-bad.html", host_page(with_src(copied["code"], bad, lazy=False))))
        frame = embed_frame(page)
        notice = frame.text_content("[data-testid=embed-error]")
        assert "chess" in notice and cjk.search(notice), notice
    finally:
        context.close()
