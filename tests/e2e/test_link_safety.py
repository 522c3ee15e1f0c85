"""Issue 31, items 5-7: nothing a user typed is lost to a link.

A share link's input is shown, never saved over the input the user typed for that game:
their own stays in local storage and one click away ("Back to your input"), across a
reload of the tab too; nor is a link's game saved as the user's choice.  A link's code
is a proposal: edited (even by a key undone) it is still not saved until Keep; Discard
brings the saved code back; and Keep, like Run, does nothing in a framed page (another
page could trick the click)."""
from __future__ import annotations

import base64
import contextlib
import functools
import html
import http.server
import json
import threading
import urllib.parse
import zlib
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, DIST, boot, build, choose_game, read, wait_js

SAVED = "pixelJudge.v1"
SOLUTIONS = "pixelJudge.solutions.v1"
THE_GAME = read("the_game", "sample-1.in")
BYTE_ME = read("byte_me", "sample-1.in")
# What a user typed: not a sample, with the spaces and lines it has kept exactly.
MINE = "96 69 40  my own words\n\n  and a second line \n"
SOLUTION = 'print("saved")\n'
PROPOSAL = 'import os\nprint("from a link")\n'


def fresh_page(browser: Any, site_url: str) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(site_url)
    boot(page)
    return context, page


def saved(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVED}') || '{{}}'"))


def type_mine(page: Any, game: str) -> None:
    choose_game(page, game)
    page.fill("[data-testid=input]", MINE)
    wait_js(page, f"JSON.parse(localStorage.getItem('{SAVED}')).inputs[{game!r}] === {MINE!r}")


def link_for(page: Any, game: str, text: str, step: int = 0, tool: dict[str, Any] | None = None) -> str:
    return page.evaluate("""async ([game, text, step, tool]) => (await import('./js/page/share.js')).linkFor(
        {game, text, caseIndex: 0, step, tool})""", [game, text, step, tool])


def wait_scene(page: Any, game: str, text: str) -> None:
    wait_js(page, f"pixelJudge.state().game === {game!r} && pixelJudge.state().steps > 0"
                  " && !pixelJudge.state().solving"
                  f" && document.querySelector('[data-testid=input]').value === {text!r}", BOOT_TIMEOUT_MS)


def test_a_link_over_typed_input_keeps_it_saved_and_one_click_away_after_a_reload(browser, site_url):
    context, page = fresh_page(browser, site_url)
    try:
        type_mine(page, "the_game")
        link = link_for(page, "the_game", THE_GAME, step=7)
        page.goto("about:blank")
        page.goto(link)
        wait_scene(page, "the_game", THE_GAME)
        # Opening the link saved nothing over what the user typed.
        assert saved(page)["inputs"]["the_game"] == MINE
        assert page.evaluate("pixelJudge.state().linkedInput") is True
        page.reload()
        boot(page)
        # The link's scene again, where it was, and the user's input still one click away.
        wait_scene(page, "the_game", THE_GAME)
        assert page.evaluate("pixelJudge.state().step") == 7
        assert saved(page)["inputs"]["the_game"] == MINE
        assert page.is_visible("[data-testid=link-input]")
        assert "came from a link" in page.text_content("[data-testid=link-input]")
        page.click("[data-testid=own-input]")
        assert page.input_value("[data-testid=input]") == MINE
        assert page.is_hidden("[data-testid=link-input]")
        assert page.evaluate("pixelJudge.state().linkedInput") is False
        assert saved(page)["inputs"]["the_game"] == MINE
        # Back on the user's own input, a reload keeps it (the link is not shown again).
        page.reload()
        boot(page)
        wait_js(page, f"document.querySelector('[data-testid=input]').value === {MINE!r}")
        assert page.is_hidden("[data-testid=link-input]")
    finally:
        context.close()


def test_a_links_game_is_shown_but_not_saved_as_the_users_choice(browser, site_url):
    context, page = fresh_page(browser, site_url)
    try:
        type_mine(page, "the_game")
        page.goto(link_for(page, "byte_me", BYTE_ME))   # the same tab: only the fragment changes
        wait_scene(page, "byte_me", BYTE_ME)
        page.wait_for_timeout(700)                      # past the page's save delays
        assert saved(page)["game"] == "the_game"
        assert "byte_me" not in saved(page)["inputs"]
        # No input of the user's for that game: nothing to go back to.
        assert page.is_hidden("[data-testid=link-input]")
        # A new tab opens on the user's own game and input ...
        other = context.new_page()
        other.goto(site_url)
        boot(other)
        wait_js(other, f"document.querySelector('[data-testid=input]').value === {MINE!r}")
        assert other.evaluate("pixelJudge.state().game") == "the_game"
        other.close()
        # ... and picking another game leaves the link's input unsaved.
        choose_game(page, "the_game")
        assert page.input_value("[data-testid=input]") == MINE
        choose_game(page, "byte_me")
        assert page.input_value("[data-testid=input]") == ""
    finally:
        context.close()


def test_a_link_pasted_in_an_open_tab_keeps_the_typed_input_a_key_away(browser, site_url):
    context, page = fresh_page(browser, site_url)
    try:
        type_mine(page, "the_game")
        link = link_for(page, "the_game", THE_GAME, step=3)
        page.evaluate("(hash) => { location.hash = hash; }", "#" + link.split("#", 1)[1])
        wait_scene(page, "the_game", THE_GAME)
        assert saved(page)["inputs"]["the_game"] == MINE
        # Reached by Tab from the row above it, and pressed with the keyboard.
        page.focus("[data-testid=seed]")
        for _ in range(8):
            if page.evaluate("document.activeElement.dataset.testid") == "own-input":
                break
            page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.dataset.testid") == "own-input"
        page.keyboard.press("Enter")
        assert page.input_value("[data-testid=input]") == MINE
        assert page.evaluate("pixelJudge.state().stale") is True
    finally:
        context.close()


def test_editing_a_links_input_makes_it_the_users_with_theirs_restorable(browser, site_url):
    context, page = fresh_page(browser, site_url)
    try:
        type_mine(page, "the_game")
        page.goto(link_for(page, "the_game", THE_GAME))
        wait_scene(page, "the_game", THE_GAME)
        page.click("[data-testid=input]")
        page.keyboard.press("Control+End")
        page.keyboard.type(" 1")
        edited = THE_GAME + " 1"
        wait_js(page, f"JSON.parse(localStorage.getItem('{SAVED}')).inputs.the_game === {edited!r}")
        page.click("[data-testid=restore-input]")
        assert page.input_value("[data-testid=input]") == MINE
        assert page.is_hidden("[data-testid=link-input]")
        assert page.evaluate("pixelJudge.state().linkedInput") is False
        wait_js(page, f"JSON.parse(localStorage.getItem('{SAVED}')).inputs.the_game === {MINE!r}")
    finally:
        context.close()


# ----------------------------------------------------------------------------- proposals

def saved_code(page: Any) -> str | None:
    return page.evaluate(f"(JSON.parse(localStorage.getItem('{SOLUTIONS}')) || {{}}).byte_me ?? null")


def editor_text(page: Any) -> str:
    return page.evaluate("[...document.querySelector('[data-testid=solution-editor]').shadowRoot"
                         ".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n')")


def open_proposal(page: Any, link: str) -> None:
    page.goto("about:blank")
    page.goto(link)
    wait_js(page, "!document.querySelector('[data-testid=solution-proposal]').hidden", BOOT_TIMEOUT_MS)
    wait_js(page, f"[...document.querySelector('[data-testid=solution-editor]').shadowRoot"
                  f".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n') === {PROPOSAL!r}")


def solution_link(page: Any) -> str:
    page.evaluate(f"localStorage.setItem('{SOLUTIONS}', JSON.stringify({{byte_me: {SOLUTION!r}}}))")
    return link_for(page, "byte_me", BYTE_ME, tool={"name": "solution", "params": {"code": PROPOSAL}})


def test_a_key_typed_and_undone_in_a_proposal_saves_nothing(browser, site_url):
    context, page = fresh_page(browser, site_url)
    try:
        open_proposal(page, solution_link(page))
        page.click("[data-testid=solution-code]")
        page.keyboard.press("Control+End")
        page.keyboard.type("x")
        page.keyboard.press("Control+z")
        assert editor_text(page) == PROPOSAL
        # Undo stops at the proposal: it never brings back the code the link's replaced.
        page.keyboard.press("Control+z")
        assert editor_text(page) == PROPOSAL
        assert saved_code(page) == SOLUTION
        assert page.is_visible("[data-testid=solution-proposal]")
        # An edit kept in the editor is still a proposal, with Keep and Discard.
        page.keyboard.type("# mine now")
        assert saved_code(page) == SOLUTION
        assert page.is_visible("[data-testid=solution-keep]")
        assert page.is_visible("[data-testid=solution-discard]")
        page.reload()
        boot(page)
        assert saved_code(page) == SOLUTION
    finally:
        context.close()


def test_keep_saves_the_edited_proposal_and_discard_brings_back_the_saved_code(browser, site_url):
    context, page = fresh_page(browser, site_url)
    try:
        link = solution_link(page)
        open_proposal(page, link)
        page.click("[data-testid=solution-code]")
        page.keyboard.press("Control+End")
        page.keyboard.type("# edited")
        page.click("[data-testid=solution-discard]")
        assert editor_text(page) == SOLUTION and saved_code(page) == SOLUTION
        assert page.is_hidden("[data-testid=solution-proposal]")
        open_proposal(page, link)
        page.click("[data-testid=solution-code]")
        page.keyboard.press("Control+End")
        page.keyboard.type("# edited")
        assert saved_code(page) == SOLUTION
        page.click("[data-testid=solution-keep]")
        assert saved_code(page) == PROPOSAL + "# edited"
        assert page.is_hidden("[data-testid=solution-proposal]")
        # Now the user's own: an edit saves at once.
        page.keyboard.type("!")
        assert saved_code(page) == PROPOSAL + "# edited!"
    finally:
        context.close()


# ----------------------------------------------------------------------------- framed

class BareWithFramer(build.SiteHandler):
    """The site as a host with no headers of its own serves it (GitHub Pages, a bare
    nginx), plus /framer.html?URL: a page of the same site that frames URL."""

    def send_head(self) -> Any:
        return http.server.SimpleHTTPRequestHandler.send_head(self)

    def end_headers(self) -> None:
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def do_GET(self) -> None:
        if not self.path.startswith("/framer.html?"):
            super().do_GET()
            return
        target = html.escape(urllib.parse.unquote(self.path.partition("?")[2]))
        body = (f'<!doctype html><title>same site</title><iframe src="{target}" '
                'width="1250" height="850"></iframe>').encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        http.server.SimpleHTTPRequestHandler.end_headers(self)
        self.wfile.write(body)


@pytest.fixture(scope="module")
def bare_url() -> Iterator[str]:
    handler = functools.partial(BareWithFramer, directory=str(DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@contextlib.contextmanager
def framed(browser: Any, url: str) -> Iterator[tuple[Any, Any]]:
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(url.split("#")[0].rsplit("/", 1)[0] + "/framer.html?" + urllib.parse.quote(url, safe=""))
        frame = next(f for f in page.frames if f.url.startswith(url.split("#")[0]) and f != page.main_frame)
        frame.evaluate("pixelJudge.ready")
        yield page, frame
    finally:
        context.close()


def packed(text: str) -> str:
    """Text as a link carries it (share.js): raw deflate, base64url without padding."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(text.encode()) + deflate.flush()
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_keep_in_a_framed_page_saves_nothing(browser, bare_url):
    tool = json.dumps({"code": PROPOSAL})
    link = f"{bare_url}#v=1&g=byte_me&c=0&s=0&i={packed(BYTE_ME)}&t=solution&tp={packed(tool)}"
    with framed(browser, link) as (_page, frame):
        frame.evaluate(f"localStorage.setItem('{SOLUTIONS}', JSON.stringify({{byte_me: {SOLUTION!r}}}))")
        wait_js(frame, "!document.querySelector('[data-testid=solution-proposal]').hidden", BOOT_TIMEOUT_MS)
        assert frame.evaluate("window.top !== window.self") is True
        frame.click("[data-testid=solution-keep]")
        assert saved_code(frame) == SOLUTION
        assert frame.is_visible("[data-testid=solution-proposal]")
        assert "Keep is turned off in a page shown inside another page's frame" in \
            frame.text_content("[data-testid=solution-keep-refused]")
        # An edit there saves nothing either.
        frame.click("[data-testid=solution-code]")
        frame.press("[data-testid=solution-code]", "x")
        assert saved_code(frame) == SOLUTION
