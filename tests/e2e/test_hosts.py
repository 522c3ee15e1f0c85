"""What the site's headers give, and what a host that sends none (GitHub Pages, a bare
nginx, `python3 -m http.server`) loses: with them no other site can frame the page
(frame-ancestors 'none'); without them another site can, and the framed page then
refuses to run code (a click on Run & check could be tricked there), and the first visit
is not cross-origin isolated; from the next load on, the service worker sends the build's
headers itself, so the page is isolated and every file it serves carries the site's CSP."""
from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import time
from typing import Any, Iterator

import pytest

from buildsys import headers
from conftest import BOOT_TIMEOUT_MS, DIST, build, read, wait_js

BACKGROUND_MS = 240_000
SAMPLE = read("byte_me", "sample-1.in")
ANSWER = read("byte_me", "sample-1.ans")


class BareHandler(build.SiteHandler):
    """The site as a host without headers of its own serves it: no CSP, no COOP/COEP
    (the right content types, as GitHub Pages sends)."""

    def send_head(self) -> Any:
        return http.server.SimpleHTTPRequestHandler.send_head(self)

    def end_headers(self) -> None:
        http.server.SimpleHTTPRequestHandler.end_headers(self)


class FramerHandler(http.server.BaseHTTPRequestHandler):
    """Another site: one page that frames the URL it is given in its query."""

    def do_GET(self) -> None:
        target = self.path.partition("?")[2]
        body = (f'<!doctype html><title>another site</title><iframe src="{target}" '
                'width="1200" height="800"></iframe>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


def start(handler: Any, host: str = "127.0.0.1") -> Iterator[str]:
    server = http.server.ThreadingHTTPServer((host, 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://{host}:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def bare_url() -> Iterator[str]:
    yield from start(functools.partial(BareHandler, directory=str(DIST)))


@pytest.fixture(scope="module")
def framer_url() -> Iterator[str]:
    # localhost and 127.0.0.1 are different sites to the browser.
    yield from start(FramerHandler, "localhost")


def site_frame(page: Any, url: str) -> Any:
    return next(f for f in page.frames if f.url.startswith(url))


@contextlib.contextmanager
def framed_site(browser: Any, site: str, framer: str, **context_options: Any) -> Iterator[tuple[Any, Any]]:
    """(page, frame): another site's page framing `site`, the framed page booted."""
    context = browser.new_context(**context_options)
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(f"{framer}?{site}")
        frame = site_frame(page, site)
        frame.evaluate("pixelJudge.ready")
        yield page, frame
    finally:
        context.close()


def test_with_the_sites_headers_no_other_site_can_frame_it(browser, site_url, framer_url):
    context = browser.new_context()
    try:
        page = context.new_page()
        refused: list[str] = []
        page.on("console", lambda m: refused.append(m.text) if "frame-ancestors" in m.text else None)
        page.goto(f"{framer_url}?{site_url}")
        frame = page.frames[1]
        frame.wait_for_load_state()
        deadline = time.monotonic() + 10
        while not refused and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert refused, "the browser did not report the frame-ancestors refusal"
        assert frame.evaluate("typeof window.pixelJudge") == "undefined"
    finally:
        context.close()


def test_on_a_host_without_headers_a_framed_page_refuses_to_run_code(browser, bare_url, framer_url):
    with framed_site(browser, bare_url, framer_url) as (_page, frame):
        # The engine works (solving runs the site's own code) ...
        assert frame.evaluate("([g, t]) => pixelJudge.solve(g, t)", ["byte_me", SAMPLE])["answer"] == ANSWER
        # ... but a program is never run in a page another site frames.
        result = frame.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 5000})",
                                ["print('ran')", SAMPLE])
        assert result["verdict"] == "error" and "ran" not in result["stdout"]
        assert "running code is turned off in a page shown inside another page's frame" in result["stderr"]
        assert frame.evaluate("document.querySelectorAll('iframe').length") == 0   # no runner was made


def test_a_framed_page_says_why_it_runs_no_code_in_the_readers_language(browser, bare_url, framer_url):
    """Issue 24: the runner's refusal is a catalog message: a Chinese reader reads it in Chinese
    (the status, the sandbox line and the stderr pane), the hook's stderr stays English."""
    with framed_site(browser, bare_url, framer_url, locale="zh-CN") as (page, frame):
        assert frame.evaluate("pixelJudge.state().lang") == "zh-CN"
        frame.fill("[data-testid=input]", SAMPLE)
        frame.click("[data-testid=tool-solution]")
        wait_js(frame, "document.querySelector('[data-testid=solution-editor]').shadowRoot")
        frame.click("[data-testid=solution-code]")
        page.keyboard.press("Control+a")
        page.keyboard.insert_text("print('ran')\n")
        frame.click("[data-testid=solution-run]")
        wait_js(frame, "document.querySelector('[data-testid=solution-verdict]').dataset.verdict === 'failed'"
                       " && !document.querySelector('[data-testid=solution-run]').disabled")
        framed = "本页面显示在另一个网页的框架中，运行代码已关闭"
        for testid in ("solution-status", "sandbox-status", "solution-stderr"):
            text = frame.text_content(f"[data-testid={testid}]")
            assert framed in text and "frame" not in text, (testid, text)
        frame.select_option("[data-testid=language]", "en")
        wait_js(frame, "pixelJudge.state().lang === 'en'")
        assert "running code is turned off in a page shown inside another page's frame" in \
            frame.text_content("[data-testid=solution-status]")
        assert frame.evaluate("document.querySelectorAll('iframe').length") == 0


def test_on_a_host_without_headers_the_service_worker_sends_them_from_the_next_load(browser, bare_url):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        first = page.goto(bare_url)
        assert "content-security-policy" not in first.headers
        page.evaluate("pixelJudge.ready")
        assert page.evaluate("crossOriginIsolated") is False
        wait_js(page, "pixelJudge.state().offline === 'ready' && Boolean(navigator.serviceWorker.controller)",
                BACKGROUND_MS)
        again = page.reload()
        assert again.headers["content-security-policy"] == headers.CSP
        assert again.headers["cross-origin-embedder-policy"] == "require-corp"
        page.evaluate("pixelJudge.ready")
        assert page.evaluate("crossOriginIsolated") is True
        worker = page.evaluate("fetch('js/engine/worker.js')"
                               ".then((r) => r.headers.get('content-security-policy'))")
        assert worker == headers.CSP
        assert page.evaluate("([g, t]) => pixelJudge.solve(g, t)", ["byte_me", SAMPLE])["answer"] == ANSWER
    finally:
        context.close()
