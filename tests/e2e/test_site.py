"""The whole pipeline in headless Chromium, acting as a user does (The Game and shared UI)."""
from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

from conftest import (DIST, boot, build, canvas_pixels, choose_game, open_page, read, seek, set_speed,
                      solve_ui, wait_js)

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from py_engines import get_engine  # noqa: E402

SAMPLE_1 = read("the_game", "sample-1.in")
ANSWER_1 = read("the_game", "sample-1.ans")


def answer_text(page) -> str:
    return page.evaluate("document.querySelector('[data-testid=answer]').textContent")


def test_boot_shows_stages_and_lists_every_game(app):
    assert app.text_content("[data-testid=boot-status]") == "Engine ready"
    assert app.evaluate("[...document.querySelectorAll('.stages li.done')].length") == 3
    options = app.evaluate("[...document.querySelectorAll('[data-testid=game] option')].map(o => o.value)")
    assert options == [g["name"] for g in app.evaluate("pixelJudge.games()")]
    assert options[0] == "the_game" and len(options) == 5


def test_solving_sample_1_in_the_ui_prints_the_judge_answer_exactly(app):
    solve_ui(app, "the_game", SAMPLE_1)
    assert answer_text(app) == ANSWER_1
    assert app.is_hidden("[data-testid=error]")
    assert "Solved in" in app.text_content("[data-testid=solve-status]")


def test_ctrl_enter_solves_sample_2_with_its_empty_last_line(app):
    choose_game(app, "the_game")
    app.fill("[data-testid=input]", read("the_game", "sample-2.in"))
    app.focus("[data-testid=input]")
    app.keyboard.press("Control+Enter")
    wait_js(app, "document.querySelector('[data-testid=answer]').textContent.endsWith('36\\n\\n')")
    assert answer_text(app) == read("the_game", "sample-2.ans")


def test_playback_advances_the_step_counter_narration_and_canvas(app):
    solve_ui(app, "the_game", SAMPLE_1)
    seek(app, 0)
    before = (app.text_content("[data-testid=step]"), app.text_content("[data-testid=narration]"),
              canvas_pixels(app))
    app.click("[data-testid=play]")
    wait_js(app, "pixelJudge.state().step >= 3")
    app.click("[data-testid=play]")
    assert not app.evaluate("pixelJudge.state().playing")
    after = (app.text_content("[data-testid=step]"), app.text_content("[data-testid=narration]"),
             canvas_pixels(app))
    assert all(a != b for a, b in zip(before, after, strict=True))
    assert after[0].startswith(str(app.evaluate("pixelJudge.state().step")) + " / ")


def test_buttons_and_keys_move_through_the_frames(app):
    solve_ui(app, "the_game", SAMPLE_1)
    seek(app, 5)
    app.click("[data-testid=step-forward]")
    assert app.evaluate("pixelJudge.state().step") == 6
    app.click("[data-testid=step-back]")
    app.click("[data-testid=step-back]")
    assert app.evaluate("pixelJudge.state().step") == 4
    app.focus("[data-testid=canvas]")
    app.keyboard.press("ArrowRight")
    assert app.evaluate("pixelJudge.state().step") == 5
    app.keyboard.press("End")
    last = app.evaluate("pixelJudge.state().steps") - 1
    assert app.evaluate("pixelJudge.state().step") == last
    assert "game lost" in app.text_content("[data-testid=narration]")
    app.keyboard.press("Home")
    assert app.evaluate("pixelJudge.state().step") == 0
    app.keyboard.press(" ")
    assert app.evaluate("pixelJudge.state().playing")
    app.keyboard.press(" ")
    assert not app.evaluate("pixelJudge.state().playing")
    app.click("[data-testid=last]")
    assert app.evaluate("pixelJudge.state().step") == last
    app.click("[data-testid=first]")
    assert app.evaluate("pixelJudge.state().step") == 0


def test_speed_changes_while_playing(app):
    solve_ui(app, "the_game", SAMPLE_1)
    seek(app, 0)
    app.click("[data-testid=play]")
    set_speed(app, 3)
    assert app.evaluate("pixelJudge.state().speed") == 8
    assert app.text_content("#speed-text") == "8x"
    start = app.evaluate("pixelJudge.state().step")
    time.sleep(1.0)
    fast = app.evaluate("pixelJudge.state().step") - start
    app.click("[data-testid=play]")
    set_speed(app, 0)
    assert app.evaluate("pixelJudge.state().speed") == 1
    # At 8x a step takes 0.1 s, so a second covers several of them (1x would give one).
    assert fast >= 4


def test_transcript_lists_every_frame_and_follows_the_step(app):
    solve_ui(app, "the_game", SAMPLE_1)
    seek(app, 10)
    items = app.evaluate("[...document.querySelectorAll('[data-testid=transcript] li')]"
                         ".map(l => l.textContent)")
    assert len(items) == app.evaluate("pixelJudge.state().steps")
    assert app.text_content("[data-testid=transcript] li.current") == items[10]
    app.click("[data-testid=transcript] li[data-step='12']")
    assert app.evaluate("pixelJudge.state().step") == 12


def test_bad_input_names_line_and_column_and_keeps_the_text(app):
    tokens = SAMPLE_1.split()
    cases = {
        "97 cards": (" ".join(tokens[:97]), "found 97 integers; expected 98"),
        "duplicate": (" ".join(tokens[:97] + [tokens[0]]), "appears again"),
        "1O0": (" ".join(["1O0"] + tokens[1:]), "'1O0' is not an integer"),
        "100": (" ".join(["100"] + tokens[1:]), "value 100 out of range"),
        "extra text": (SAMPLE_1 + "Expected output\n", "unexpected extra token"),
    }
    for name, (text, phrase) in cases.items():
        solve_ui(app, "the_game", text)
        error = app.text_content("[data-testid=error]")
        assert app.is_visible("[data-testid=error]"), name
        assert error.startswith("line ") and ", column " in error and phrase in error, (name, error)
        assert app.input_value("[data-testid=input]") == text, name
    solve_ui(app, "the_game", SAMPLE_1)
    assert app.is_hidden("[data-testid=error]") and answer_text(app) == ANSWER_1


def test_random_deals_a_seeded_deck_and_shows_the_seed(app):
    choose_game(app, "the_game")
    app.fill("[data-testid=seed]", "42")
    app.click("[data-testid=random]")
    wait_js(app, "document.querySelector('[data-testid=solve-status]').textContent.includes('seed 42')")
    expected = get_engine("the_game").random_input(42)
    assert app.input_value("[data-testid=input]") == expected
    assert app.input_value("[data-testid=seed]") == "43"
    assert answer_text(app) == get_engine("the_game").format(
        get_engine("the_game").solve(get_engine("the_game").parse(expected)))


def test_sample_button_loads_the_samples_in_turn(app):
    choose_game(app, "the_game")
    app.click("[data-testid=sample]")
    first = app.input_value("[data-testid=input]")
    app.click("[data-testid=sample]")
    second = app.input_value("[data-testid=input]")
    assert {first, second} == {SAMPLE_1, read("the_game", "sample-2.in")}


def test_cancel_stops_a_long_solve_and_the_page_keeps_working(app):
    engine = get_engine("house_of_cards")
    decks = [engine.random_input(seed, M=13, name="Axel").replace("End\n", "") for seed in range(400)]
    big = "".join(decks) + "End\n"
    choose_game(app, "house_of_cards")
    # Typing 40 KB into the textarea can take Chromium many seconds on a busy 2-core machine.
    app.fill("[data-testid=input]", big, timeout=90_000)
    app.click("[data-testid=solve]")
    wait_js(app, "document.querySelector('[data-testid=solve-status]').textContent.includes('case')")
    assert app.is_enabled("[data-testid=cancel]")
    app.click("[data-testid=cancel]")
    wait_js(app, "document.querySelector('[data-testid=solve-status]').textContent === 'Cancelled.'")
    assert app.input_value("[data-testid=input]") == big
    assert app.is_disabled("[data-testid=cancel]")
    solve_ui(app, "the_game", SAMPLE_1)
    assert answer_text(app) == ANSWER_1


def test_share_link_round_trips_to_the_same_step(app, browser):
    solve_ui(app, "the_game", SAMPLE_1)
    seek(app, 17)
    link = app.evaluate("pixelJudge.shareLink()")
    assert "#v=1&g=the_game" in link and "&s=17&" in link
    context, page, watch = open_page(browser, link)
    try:
        boot(page)
        wait_js(page, "pixelJudge.state().steps > 0", 30_000)
        state = page.evaluate("pixelJudge.state()")
        assert (state["game"], state["step"], state["case"]) == ("the_game", 17, 0)
        assert page.input_value("[data-testid=input]") == SAMPLE_1
        assert answer_text(page) == ANSWER_1
        assert page.text_content("[data-testid=narration]") == app.text_content("[data-testid=narration]")
        assert page.evaluate("location.hash") == ""
        assert watch.foreign == [] and watch.errors == []
    finally:
        context.close()


def test_hostile_and_malformed_links_show_a_message_and_run_nothing(browser, site_url):
    payload = "<img src=x onerror=\"window.__pwned=1\">"
    links = {
        "game": f"#v=1&g={payload}&i=AA",
        "version": "#v=9&g=the_game&i=AA",
        "base64": "#v=1&g=the_game&i=%%%%",
        "deflate": "#v=1&g=the_game&i=AAAAAAAA",
        "step": "#v=1&g=the_game&s=-4&i=AA",
    }
    context = browser.new_context()
    try:
        for name, fragment in links.items():
            page = context.new_page()
            page.goto(site_url + fragment)
            wait_js(page, "!document.querySelector('[data-testid=link-error]').hidden")
            message = page.text_content("[data-testid=link-error]")
            assert "could not be opened" in message, name
            assert page.evaluate("document.querySelectorAll('img').length") == 0
            assert page.evaluate("window.__pwned") is None
            assert page.evaluate("pixelJudge.state().steps") == 0
            page.close()
    finally:
        context.close()


def test_a_link_whose_input_is_hostile_text_shows_it_only_as_text(app, browser):
    hostile = "<img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=2</script>"
    fragment = app.evaluate("""(text) => import('./js/page/share.js').then(m =>
        m.buildFragment({game: 'the_game', text, caseIndex: 0, step: 3}))""", hostile)
    context, page, watch = open_page(browser, app.url.split("#")[0] + fragment)
    try:
        boot(page)
        wait_js(page, "!document.querySelector('[data-testid=link-error]').hidden")
        # A rejected link changes nothing: its text never reaches the textarea.
        assert page.input_value("[data-testid=input]") != hostile
        message = page.text_content("[data-testid=link-error]")
        assert "could not be opened" in message and "not an integer" in message
        # No element made from the link's text (the page's one inline script is the build's early script).
        assert page.evaluate("""document.querySelectorAll('img').length
            + [...document.scripts].filter((s) => s.text.includes('__pwned')).length""") == 0
        assert page.evaluate("window.__pwned") is None
    finally:
        context.close()


def test_reload_keeps_the_input_and_copy_puts_the_answer_on_the_clipboard(browser, site_url):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(site_url)
        boot(page)
        typed = SAMPLE_1.replace(" ", "  ", 3) + "\n"
        page.fill("[data-testid=input]", typed)
        page.click("[data-testid=solve]")
        wait_js(page, "pixelJudge.state().steps > 0")
        page.click("[data-testid=copy-answer]")
        wait_js(page, "document.querySelector('[data-testid=solve-status]').textContent === 'Answer copied.'")
        assert page.evaluate("navigator.clipboard.readText()") == ANSWER_1
        seek(page, 9)
        time.sleep(0.5)
        page.reload()
        boot(page)
        assert page.input_value("[data-testid=input]") == typed
        wait_js(page, "pixelJudge.state().steps > 0 && pixelJudge.state().step === 9")
    finally:
        context.close()


def test_reduced_motion_shows_each_step_without_tweening(browser, site_url):
    context, page, _ = open_page(browser, site_url, reduced_motion="reduce")
    try:
        boot(page)
        solve_ui(page, "the_game", SAMPLE_1)
        seek(page, 4)
        page.click("[data-testid=step-forward]")
        time.sleep(0.05)
        right_away = canvas_pixels(page)
        time.sleep(0.6)
        assert canvas_pixels(page) == right_away
    finally:
        context.close()


def test_nothing_was_requested_from_another_origin(shared):
    page, watch = shared
    assert watch.foreign == []
    assert watch.errors == []
    assert page.evaluate("crossOriginIsolated") is True


def test_without_isolation_cancel_reboots_the_worker(browser):
    server = build.make_server(DIST, 0, isolated=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context, page, watch = open_page(browser, f"http://127.0.0.1:{server.server_port}/")
    try:
        boot(page)
        assert page.evaluate("crossOriginIsolated") is False
        engine = get_engine("house_of_cards")
        big = "".join(engine.random_input(s, M=13, name="Birgit").replace("End\n", "")
                      for s in range(400)) + "End\n"
        choose_game(page, "house_of_cards")
        page.fill("[data-testid=input]", big)
        page.click("[data-testid=solve]")
        wait_js(page, "document.querySelector('[data-testid=solve-status]').textContent.includes('case')")
        page.click("[data-testid=cancel]")
        wait_js(page, "document.querySelector('[data-testid=solve-status]').textContent === 'Cancelled.'")
        wait_js(page, "pixelJudge.state().engine === 'ready'", 60_000)
        solve_ui(page, "the_game", SAMPLE_1)
        assert answer_text(page) == ANSWER_1
        assert watch.errors == []
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_a_sample_over_typed_text_can_be_undone(app):
    choose_game(app, "the_game")
    typed = "2 3 4 my half-typed deck"
    app.fill("[data-testid=input]", typed)
    app.click("[data-testid=sample]")
    assert app.input_value("[data-testid=input]") != typed
    assert app.is_visible("[data-testid=restore-input]")
    app.click("[data-testid=restore-input]")
    assert app.input_value("[data-testid=input]") == typed
    assert app.is_hidden("[data-testid=restore-input]")


def test_demo_plays_the_samples_and_a_manual_step_stops_it(app):
    choose_game(app, "the_game")
    app.click("[data-testid=demo]")
    wait_js(app, "pixelJudge.state().demo && pixelJudge.state().playing && pixelJudge.state().step >= 2")
    assert app.input_value("[data-testid=input]") == SAMPLE_1
    assert app.text_content("[data-testid=demo]") == "Stop demo"
    app.click("[data-testid=step-back]")
    state = app.evaluate("pixelJudge.state()")
    assert not state["demo"] and not state["playing"]
    assert app.text_content("[data-testid=demo]") == "Demo"


def test_an_error_quotes_its_line_with_a_caret_under_the_token(app):
    text = "2 3 4\n5 6 1O0 7\n"
    solve_ui(app, "the_game", text)
    lines = app.text_content("[data-testid=error]").split("\n")
    assert lines[0].startswith("line 2, column 5:")
    assert lines[-2] == "    2 | 5 6 1O0 7"
    assert lines[-1] == "      |     ^^^"
    selected = app.evaluate("(() => { const t = document.querySelector('[data-testid=input]');"
                            " return t.value.slice(t.selectionStart, t.selectionEnd); })()")
    assert selected == "1O0"


def test_each_game_explains_its_input_format(app):
    for game in app.evaluate("pixelJudge.games()"):
        choose_game(app, game["name"])
        help_text = app.text_content("[data-testid=input-help]")
        assert len(help_text) > 40, game["name"]
    choose_game(app, "the_game")
    assert "98 integers" in app.text_content("[data-testid=input-help]")


def test_copy_link_shows_the_link_for_the_current_step(app):
    solve_ui(app, "the_game", SAMPLE_1)
    seek(app, 6)
    app.click("[data-testid=copy-link]")
    wait_js(app, "!document.querySelector('[data-testid=link-text]').hidden")
    shown = app.input_value("[data-testid=link-text]")
    assert shown == app.evaluate("pixelJudge.shareLink()")
    assert "&s=6&" in shown
    solve_ui(app, "the_game", read("the_game", "sample-2.in"))
    assert app.is_hidden("[data-testid=link-text]")


def test_the_page_loads_its_modules_linked_and_none_of_them_one_by_one(browser, site_url):
    """buildsys/bundle.py: the page's module scripts are dist/app/'s pieces (and the vendored
    npm modules); nothing of dist/js/ is imported by the page itself, only started as a worker.
    (A page of its own: other tests import single modules into the shared page.)"""
    context, page, _ = open_page(browser, site_url)
    try:
        boot(page)
        page.evaluate("pixelJudge.ready")
        loaded = page.evaluate("""performance.getEntriesByType('resource')
            .filter((e) => e.name.startsWith(location.origin) && e.name.endsWith('.js'))
            .map((e) => [new URL(e.name).pathname, e.initiatorType])""")
    finally:
        context.close()
    modules = [path for path, kind in loaded if kind in ("script", "link")]
    assert "/app/main.js" in modules and "/app/client.js" in modules
    assert any(path.startswith("/app/feature-") for path in modules)   # the tools and Explore, later
    assert [p for p in modules if not p.startswith(("/app/", "/vendor/"))] == []
    workers = [path for path, kind in loaded if kind not in ("script", "link")]
    assert "/js/engine/worker.js" in workers
