"""End-to-end: every key shortcut is listed on the page, and does what the list says.

`web/js/page/shortcuts.js` holds the one table of keys the page handles (SHORTCUTS, per
scope: the page, the tools' tab list, an Explore plot, the solution editor); the
page's key list marks each key it names with `data-key`.  The tests hold the list
equal to the table, check in the source that every key handler reads the table
(so a new shortcut cannot go unlisted), and press each listed key to see its effect.
"""
from __future__ import annotations

import re
from typing import Any

from conftest import ROOT, read, seek, solve_ui, wait_js

JS = ROOT / "web" / "js"
THE_GAME_1 = read("the_game", "sample-1.in")
THE_GAME_2 = read("the_game", "sample-2.in")
# The only places that may read a key name: the table itself, and the classic
# script that queues Mod+Enter before any module runs (test_page_states covers it).
KEY_READERS = {"shortcuts.js", "early-solve.js"}


def table(page: Any) -> dict[str, list[str]]:
    found: dict[str, list[str]] = page.evaluate(
        "import('./js/page/shortcuts.js').then((m) => Object.fromEntries("
        "Object.entries(m.SHORTCUTS).map(([scope, keys]) => [scope, Object.keys(keys)])))")
    return found


def listed(page: Any) -> dict[str, list[str]]:
    found: dict[str, list[str]] = page.evaluate("""Object.fromEntries(
        [...document.querySelectorAll('[data-testid=keys] [data-scope]')].map((li) =>
            [li.dataset.scope, [...li.querySelectorAll('[data-key]')].map((k) => k.dataset.key)]))""")
    return found


def test_the_page_lists_exactly_the_keys_its_handlers_use(app: Any) -> None:
    keys, shown = table(app), listed(app)
    assert set(keys) == {"page", "tabs", "plot", "editor"}
    assert {scope: sorted(set(k)) for scope, k in shown.items()} == \
        {scope: sorted(k) for scope, k in keys.items()}
    assert app.is_visible("[data-testid=keys]")


def source_files() -> list[tuple[str, str]]:
    return [(p.relative_to(JS).as_posix(), p.read_text(encoding="utf-8"))
            for p in sorted(JS.rglob("*.js"))]


def test_every_key_handler_reads_the_shortcut_table() -> None:
    files = source_files()
    assert len(files) > 20
    for name, text in files:
        base = name.rsplit("/", 1)[-1]
        # Reading a key's name (event.key) is the table's job.
        if re.search(r"\.key\b(?!\s*\()", text) and base not in KEY_READERS:
            raise AssertionError(f"{name} reads event.key: look the key up in shortcuts.js instead")
        handles_keys = "keymap.of(" in text or re.search(r"""["']key(down|up|press)["']""", text)
        if not handles_keys or base in KEY_READERS:
            continue
        only_stops = re.fullmatch(
            r"""addEventListener\("keydown", \(event\) => event\.stopPropagation\(\)\)""",
            "".join(re.findall(r"""addEventListener\("keydown"[^;]*\)""", text)))
        assert "shortcuts.js" in text or only_stops, f"{name} handles keys without shortcuts.js"


def test_the_source_check_would_catch_an_unlisted_key() -> None:
    rogue = 'el.addEventListener("keydown", (e) => { if (e.key === "p") play(); });'
    assert re.search(r"\.key\b(?!\s*\()", rogue)


def test_each_page_key_does_what_the_list_says(app: Any) -> None:
    solve_ui(app, "the_game", THE_GAME_1)
    steps = app.evaluate("pixelJudge.state().steps")
    seek(app, 2)
    app.focus("[data-testid=canvas]")
    step = "pixelJudge.state().step"
    for key, expected in [("ArrowRight", 3), ("ArrowLeft", 2), ("End", steps - 1), ("Home", 0)]:
        app.keyboard.press(key)
        wait_js(app, f"{step} === {expected}")
    app.keyboard.press(" ")
    wait_js(app, "pixelJudge.state().playing")
    app.keyboard.press(" ")
    wait_js(app, "!pixelJudge.state().playing")
    # Mod+Enter solves, from the textarea too.
    app.fill("[data-testid=input]", THE_GAME_2)
    assert app.evaluate("pixelJudge.state().stale")
    app.focus("[data-testid=input]")
    app.keyboard.press("Control+Enter")
    wait_js(app, "!pixelJudge.state().stale && !pixelJudge.state().solving")
    assert app.text_content("[data-testid=answer]") == read("the_game", "sample-2.ans")
    # In a text field the step keys are the field's own.
    seek(app, 1)
    app.focus("[data-testid=input]")
    app.keyboard.press("End")
    assert app.evaluate(step) == 1


def selected_tab(page: Any) -> str:
    return str(page.evaluate("document.querySelector('[role=tab][aria-selected=true]').dataset.testid"))


def test_tool_tab_keys_switch_tabs(app: Any) -> None:
    app.click("[data-testid=tool-check]")
    app.focus("[data-testid=tool-check]")
    for key, expected in [("ArrowRight", "tool-generate"), ("ArrowLeft", "tool-check"),
                          ("End", "tool-lab"), ("Home", "tool-check"), ("ArrowLeft", "tool-lab"),
                          ("ArrowRight", "tool-check")]:
        app.keyboard.press(key)
        assert selected_tab(app) == expected, key
        assert app.evaluate("document.activeElement.dataset.testid") == expected


def test_plot_keys_pick_a_bar_and_open_its_deal(app: Any) -> None:
    app.select_option("[data-testid=game]", "the_game")
    app.evaluate("pixelJudge.explore('the_game', {deals: 12, seed: 3, workers: 1})")
    wait_js(app, "pixelJudge.exploreState().plots[1].regions.length > 1")
    plot = "document.querySelectorAll('[data-testid=explore-plot]')[1]"
    caption = f"{plot}.nextElementSibling.textContent"
    app.evaluate(f"{plot}.focus()")
    app.keyboard.press("ArrowRight")
    first = app.evaluate(caption)
    app.keyboard.press("ArrowRight")
    second = app.evaluate(caption)
    app.keyboard.press("ArrowLeft")
    assert first != second and app.evaluate(caption) == first
    app.evaluate("document.querySelector('[data-testid=answer]').textContent = ''")
    app.keyboard.press("Enter")
    wait_js(app, "document.querySelector('[data-testid=answer]').textContent"
                 " && !pixelJudge.state().solving", 30_000)
    assert "Explore: deal" in app.text_content("[data-testid=solve-status]")
    app.evaluate(f"{plot}.focus()")
    app.evaluate("document.querySelector('[data-testid=answer]').textContent = ''")
    app.keyboard.press(" ")
    wait_js(app, "document.querySelector('[data-testid=answer]').textContent"
                 " && !pixelJudge.state().solving", 30_000)


def test_mod_enter_in_the_editor_runs_the_solution(app: Any) -> None:
    solve_ui(app, "the_game", THE_GAME_1)
    app.click("[data-testid=tool-solution]")
    wait_js(app, "document.querySelector('[data-testid=solution-editor]').shadowRoot")
    app.click("[data-testid=solution-code]")
    app.keyboard.press("Control+a")
    app.keyboard.insert_text("print('hi')\n")
    step = app.evaluate("pixelJudge.state().step")
    app.keyboard.press("Control+Enter")
    wait_js(app, "document.querySelector('[data-testid=solution-verdict]').textContent", 90_000)
    wait_js(app, "document.querySelector('[data-testid=solution-stdout]').textContent.includes('hi')",
            90_000)
    # The page's own Mod+Enter (solve) did not fire from the editor.
    assert app.evaluate("pixelJudge.state().step") == step
    app.click("[data-testid=tool-check]")
