"""End-to-end: the page is honest in every state.

Stale answers are marked the moment the input changes; a rejected share link
changes nothing and says what is wrong with it in its own numbers; a link
pasted into an open tab opens; focus never falls to the page body; the stage
is in view after Solve; Solve pressed while the engine boots waits for it, and one
pressed before the page's modules have wired the controls is queued, never dropped; the
words on the page match what it shows.
"""
from __future__ import annotations

import contextlib
import json
from typing import Any, Iterator

from conftest import (BOOT_TIMEOUT_MS, boot, choose_game, open_page, read, seek, solve_ui,
                      wait_js)
from buildsys.bundle import piece_for

# The page's main script and the Sevens scene as the build linked them (buildsys/bundle.py).
MAIN = piece_for("js/main.js")
SEVENS = piece_for("js/stage/scenes/sevens.js")

KALAH = read("kalah", "spec-sample-1.in")          # 5 cases
THE_GAME = read("the_game", "sample-1.in")


def stale_view(page: Any) -> dict[str, Any]:
    return page.evaluate("""(() => ({
        stale: pixelJudge.state().stale,
        note: !document.querySelector('[data-testid=stale]').hidden,
        dimmed: document.querySelector('[data-testid=answer]').classList.contains('stale'),
        link: !document.querySelector('[data-testid=copy-link]').disabled,
    }))()""")


def test_an_edit_marks_the_answer_scene_and_link_stale_until_the_next_solve(app: Any) -> None:
    solve_ui(app, "the_game", THE_GAME)
    assert stale_view(app) == {"stale": False, "note": False, "dimmed": False, "link": True}
    app.focus("[data-testid=input]")
    app.keyboard.press("End")
    app.keyboard.type("7")
    assert stale_view(app) == {"stale": True, "note": True, "dimmed": True, "link": False}
    assert "Solved in" not in app.text_content("[data-testid=solve-status]")
    # A failed solve of the edit leaves the old answer marked stale beside its error.
    app.click("[data-testid=solve]")
    wait_js(app, "!pixelJudge.state().solving && !document.querySelector('[data-testid=error]').hidden")
    assert stale_view(app)["stale"] and stale_view(app)["dimmed"]
    solve_ui(app, "the_game", THE_GAME)
    assert stale_view(app) == {"stale": False, "note": False, "dimmed": False, "link": True}
    # Picking another sample is an edit too.
    app.select_option("[data-testid=sample-list]", "1")
    assert stale_view(app)["stale"] is True
    app.click("[data-testid=solve]")
    wait_js(app, "!pixelJudge.state().solving && pixelJudge.state().stale === false")


def link_for(page: Any, game: str, text: str, case: int, step: int = 0) -> str:
    fragment = page.evaluate("""([game, text, c, s]) => import('./js/page/share.js').then(m =>
        m.buildFragment({game, text, caseIndex: c, step: s}))""", [game, text, case, step])
    return page.url.split("#")[0] + fragment


def test_a_rejected_link_changes_nothing_and_names_its_own_numbers(app: Any, browser: Any) -> None:
    bad = link_for(app, "kalah", KALAH, 99)
    context, page, watch = open_page(browser, app.url.split("#")[0])
    try:
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        boot(page)
        choose_game(page, "the_game")
        page.fill("[data-testid=input]", "my own text")
        page.wait_for_timeout(400)                       # the input is saved after 250 ms
        saved = page.evaluate("localStorage.getItem('pixelJudge.v1')")
        page.goto(bad)
        boot(page)
        wait_js(page, "!document.querySelector('[data-testid=link-error]').hidden")
        message = page.text_content("[data-testid=link-error]")
        assert "c=99" in message and "5 cases" in message and "c=0 to c=4" in message
        assert "case 100" not in message
        assert page.is_hidden("[data-testid=error]")     # the user's input is not blamed
        assert page.evaluate("pixelJudge.state().game") == "the_game"
        assert page.input_value("[data-testid=input]") == "my own text"
        assert json.loads(page.evaluate("localStorage.getItem('pixelJudge.v1')"))["inputs"] == \
            json.loads(saved)["inputs"]
        assert page.evaluate("pixelJudge.state().steps") == 0
        # The same tab, a good link pasted into the address bar: only the fragment changes.
        good = link_for(page, "kalah", KALAH, 1, 3)
        page.evaluate("(hash) => { location.hash = hash; }", "#" + good.split("#", 1)[1])
        wait_js(page, "pixelJudge.state().game === 'kalah' && pixelJudge.state().steps > 0")
        state = page.evaluate("pixelJudge.state()")
        assert (state["case"], state["step"]) == (1, 3)
        assert page.input_value("[data-testid=input]") == KALAH
        assert page.is_hidden("[data-testid=link-error]")
        assert page.evaluate("location.hash") == ""
        assert watch.errors == []
    finally:
        context.close()


def test_focus_stays_on_solve_and_the_transcript_scrolls_by_keys(app: Any) -> None:
    choose_game(app, "the_game")
    app.fill("[data-testid=input]", THE_GAME)
    app.focus("[data-testid=solve]")
    app.keyboard.press("Enter")
    wait_js(app, "pixelJudge.state().steps > 0 && !pixelJudge.state().solving")
    assert app.evaluate("document.activeElement.dataset.testid") == "solve"
    # The transcript is reachable by Tab and scrolls with the keys.
    assert app.get_attribute("[data-testid=transcript]", "tabindex") == "0"
    seek(app, 0)
    app.focus("[data-testid=transcript]")
    app.evaluate("document.querySelector('[data-testid=transcript]').scrollTop = 0")
    app.keyboard.press("PageDown")
    wait_js(app, "document.querySelector('[data-testid=transcript]').scrollTop > 0")


def test_the_whole_stage_is_in_view_after_solve_on_a_phone_and_a_desktop(browser: Any,
                                                                           site_url: str) -> None:
    for viewport, game, text in [({"width": 390, "height": 844}, "the_game", THE_GAME),
                                 ({"width": 1366, "height": 768}, "kalah", KALAH)]:
        context = browser.new_context(viewport=viewport, reduced_motion="reduce")
        try:
            page = context.new_page()
            page.set_default_timeout(BOOT_TIMEOUT_MS)
            page.goto(site_url)
            boot(page)
            solve_ui(page, game, text)
            wait_js(page, "(() => { const r = document.querySelector('[data-testid=canvas]')"
                          ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })()")
            if game == "kalah":
                # On a desktop the move list stays in view beside the stage.
                bottom = page.evaluate("document.querySelector('[data-testid=move-list]')"
                                       ".getBoundingClientRect().bottom")
                assert 0 < bottom <= viewport["height"]
        finally:
            context.close()


def test_solve_pressed_while_the_engine_boots_waits_for_it(browser: Any, site_url: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(site_url)
        wait_js(page, "document.querySelector('[data-testid=game]').options.length > 0"
                      " && pixelJudge.state().game")
        page.fill("[data-testid=input]", THE_GAME)
        booting = page.evaluate("pixelJudge.state().engine") != "ready"
        page.click("[data-testid=solve]")
        if booting:
            assert "Waiting for the engine" in page.text_content("[data-testid=solve-status]")
        wait_js(page, "pixelJudge.state().steps > 0", BOOT_TIMEOUT_MS)
        assert page.text_content("[data-testid=answer]") == read("the_game", "sample-1.ans")
    finally:
        context.close()


@contextlib.contextmanager
def held_back(browser: Any, site_url: str, *patterns: str) -> Iterator[tuple[Any, list[Any]]]:
    """A fresh visit whose requests matching ``patterns`` are held (collected in
    the yielded list, to be continued by the test) rather than answered."""
    context = browser.new_context()
    held: list[Any] = []
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        for pattern in patterns:
            page.route(pattern, lambda route: held.append(route))
        page.goto(site_url, wait_until="commit")
        yield page, held
    finally:
        context.close()


def test_solve_pressed_before_the_page_is_wired_is_queued_not_dropped(browser: Any,
                                                                      site_url: str) -> None:
    """The boot race: main.js and the manifest are held back, so the Solve button
    exists with no module behind it; a press then is queued with a visible note and
    solved judge-exactly once the page takes over (nothing typed is lost)."""
    with held_back(browser, site_url, f"**/{MAIN}", "**/manifest.json") as (page, held):
        wait_js(page, "document.querySelector('[data-testid=solve]')")
        page.fill("[data-testid=input]", THE_GAME)
        page.click("[data-testid=solve]")
        status = "document.querySelector('[data-testid=solve-status]').textContent"
        assert "waiting for the engine" in page.evaluate(status).lower()
        assert page.evaluate("typeof window.pixelJudge") == "undefined"   # nothing wired yet
        # main.js arrives, but the manifest is still on its way: still queued.
        for route in [r for r in held if r.request.url.endswith(f"/{MAIN}")]:
            route.continue_()
        wait_js(page, "window.pixelJudge")
        page.wait_for_timeout(300)
        assert "waiting for the engine" in page.evaluate(status).lower()
        assert page.evaluate("pixelJudge.state().steps") == 0
        for route in [r for r in held if r.request.url.endswith("/manifest.json")]:
            route.continue_()
        page.unroute("**/manifest.json")
        wait_js(page, "pixelJudge.state().steps > 0", BOOT_TIMEOUT_MS)
        assert page.text_content("[data-testid=answer]") == read("the_game", "sample-1.ans")
        assert page.input_value("[data-testid=input]") == THE_GAME
        assert page.is_hidden("[data-testid=error]")


def test_ctrl_enter_before_the_page_is_wired_is_queued_too(browser: Any, site_url: str) -> None:
    with held_back(browser, site_url, f"**/{MAIN}") as (page, held):
        wait_js(page, "document.querySelector('[data-testid=input]')")
        page.fill("[data-testid=input]", THE_GAME)
        page.focus("[data-testid=input]")
        page.keyboard.press("Control+Enter")
        assert "waiting for the engine" in page.text_content("[data-testid=solve-status]").lower()
        while not held:   # the route handler runs while Playwright is called
            page.wait_for_timeout(50)
        for route in held:
            route.continue_()
        page.unroute(f"**/{MAIN}")
        wait_js(page, "window.pixelJudge && pixelJudge.state().steps > 0", BOOT_TIMEOUT_MS)
        assert page.text_content("[data-testid=answer]") == read("the_game", "sample-1.ans")


def test_words_match_what_the_page_shows(app: Any) -> None:
    solve_ui(app, "the_game", THE_GAME)
    seek(app, 0)
    boxes = [b["text"] for b in app.evaluate("pixelJudge.textBoxes()")]
    assert app.text_content("[data-testid=narration]") == "The pile holds 98 cards"
    assert "PILE 98" in boxes
    seek(app, 1)
    assert "PILE 90" in [b["text"] for b in app.evaluate("pixelJudge.textBoxes()")]
    # The sample button says what it does; the list names the sample loaded.
    app.select_option("[data-testid=sample-list]", "0")
    app.click("[data-testid=sample]")
    assert app.text_content("[data-testid=sample]") == "Next sample"
    assert app.evaluate("document.querySelector('[data-testid=sample-list]').selectedOptions[0]"
                        ".textContent") == "sample-2"
    assert app.input_value("[data-testid=input]") == read("the_game", "sample-2.in")
    # Kalah's narration names the bowls as the board does.
    solve_ui(app, "kalah", KALAH)
    notes = app.evaluate("[...document.querySelectorAll('[data-testid=transcript] li')]"
                         ".map((li) => li.textContent)")
    assert any("OPP" in n for n in notes[1:]) and not any(" O," in n or " Y," in n for n in notes)


def test_frames_solved_before_their_scene_has_loaded_wait_for_it(browser: Any, site_url: str) -> None:
    """A solve can end before the chosen game's scene module has arrived: its frames
    are not drawn by the previous game's scene (Byte Me!'s broke on a Sevens frame:
    's.dealer is undefined', and the stage said 'scene error'); the stage says the
    scene is loading, then draws the frame with its own scene."""
    context = browser.new_context(service_workers="block")   # every request through page.route
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        held: list[Any] = []
        page.route(f"**/{SEVENS}", lambda route: held.append(route))
        page.goto(site_url)
        boot(page)
        solve_ui(page, "byte_me", read("byte_me", "sample-1.in"))
        wait_js(page, "pixelJudge.state().scene === 'byte_me'")
        choose_game(page, "sevens")
        assert page.evaluate("pixelJudge.state().scene") is None     # its module is held back
        solve_ui(page, "sevens", read("sevens", "sample-1.in"))
        assert page.text_content("[data-testid=answer]") == read("sevens", "sample-1.ans")
        texts = [b["text"] for b in page.evaluate("pixelJudge.textBoxes()")]
        assert "loading the scene..." in texts and "scene error" not in texts, texts
        assert errors == []
        assert held, "the page never asked for the Sevens scene"
        for route in held:
            route.continue_()
        page.unroute(f"**/{SEVENS}")
        wait_js(page, "pixelJudge.state().scene === 'sevens'")
        texts = [b["text"] for b in page.evaluate("pixelJudge.textBoxes()")]
        assert "loading the scene..." not in texts and "scene error" not in texts, texts
        assert any(t.startswith("Alice") and "cards left" in t for t in texts), texts   # Sevens' status bar
        assert errors == []
    finally:
        context.close()


def test_solve_pressed_while_a_reload_re_solves_the_same_scene_says_its_result(browser: Any,
                                                                              site_url: str) -> None:
    """A reload re-solves the scene it shows quietly (no status); Solve pressed for the same
    input meanwhile joins that solve, which then says its result as a press does (it
    ended with an empty status line before)."""
    context = browser.new_context(service_workers="block")   # the runtime through context.route
    holding, held = [False], []
    context.route("**/pyodide.asm.wasm",
                  lambda route: held.append(route) if holding[0] else route.continue_())
    try:
        page = context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(site_url)
        boot(page)
        solve_ui(page, "kalah", KALAH)
        seek(page, 2)
        wait_js(page, "(JSON.parse(localStorage.getItem('pixelJudge.v1')).scene || {}).step === 2")
        holding[0] = True
        page.reload()
        wait_js(page, "window.pixelJudge && pixelJudge.state().solving", BOOT_TIMEOUT_MS)
        assert held, "the reload's engine never asked for the runtime"
        assert page.text_content("[data-testid=solve-status]") == "Waiting for the engine…"
        page.click("[data-testid=solve]", force=True)   # marked busy (aria-disabled), still pressable
        holding[0] = False
        for route in held:
            route.continue_()
        wait_js(page, "!pixelJudge.state().solving && pixelJudge.state().steps > 0", BOOT_TIMEOUT_MS)
        assert page.text_content("[data-testid=solve-status]").startswith("Solved in")
        assert page.text_content("[data-testid=answer]") == read("kalah", "spec-sample-1.ans")
    finally:
        context.close()
