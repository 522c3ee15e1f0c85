"""The tools for people who write solutions, in headless Chromium: Check, Generate,
My solution (sandboxed runs, time limit, tracebacks, stress with shrinking), Export,
tool links, and the test hook additions."""
from __future__ import annotations

import base64
import io
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import choose_game, open_page, read, solve_ui, wait_js

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from py_engines.bridge import handle_request  # noqa: E402

SAMPLE = read("byte_me", "sample-1.in")      # three hands
ANSWER = read("byte_me", "sample-1.ans")
LOOP = "while True:\n    pass\n"
RAISES = "def f(x):\n    return 1 // x\n\nprint(f(int(input())))\n"


def tool(page, name: str) -> None:
    page.click(f"[data-testid=tool-{name}]")
    wait_js(page, f"document.querySelector('[data-testid=tool-{name}]')"
                  ".getAttribute('aria-selected') === 'true'")


def set_code(page, code: str) -> None:
    """Types into the editor as a paste does (select all, insert the text)."""
    tool(page, "solution")
    wait_js(page, "document.querySelector('[data-testid=solution-editor]').shadowRoot")
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    assert editor_code(page) == code


def editor_code(page) -> str:
    """The code the page keeps for the current game (the editor's whole text)."""
    return page.evaluate("JSON.parse(localStorage.getItem('pixelJudge.solutions.v1'))"
                         "[pixelJudge.state().game]")


def wait_idle(page, button: str, timeout_ms: int = 60_000) -> None:
    wait_js(page, f"!document.querySelector('[data-testid={button}]').disabled", timeout_ms)


def lookup_solution(table: dict[str, str]) -> str:
    """A 'solution' that answers from a table (unknown inputs get no output)."""
    return f"import sys\nA = {table!r}\nsys.stdout.write(A.get(sys.stdin.read(), ''))\n"


def gif_frames(data: bytes) -> tuple[int, int, int]:
    """(frames, width, height) read from a GIF's block structure."""
    assert data[:6] in (b"GIF89a", b"GIF87a")
    width, height = int.from_bytes(data[6:8], "little"), int.from_bytes(data[8:10], "little")
    at = 13 + (3 * 2 ** ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    frames = 0

    def skip_blocks(at: int) -> int:
        while data[at]:
            at += data[at] + 1
        return at + 1
    while data[at] != 0x3B:
        if data[at] == 0x21:
            at = skip_blocks(at + 2)
        elif data[at] == 0x2C:
            frames += 1
            flags = data[at + 9]
            at += 10 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
            at = skip_blocks(at + 1)
        else:
            raise AssertionError(f"bad GIF block 0x{data[at]:02x} at {at}")
    return frames, width, height


# ----------------------------------------------------------------------------- Check

def test_check_panel_gives_a_verdict_per_case_and_opens_a_failing_case(app):
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", SAMPLE)
    tool(app, "check")
    lines = ANSWER.split("\n")
    bad = lines.index("Nibble me!")
    lines[bad] = "Nibble me?"
    lines[-2] += "  "                          # the last hand: trailing spaces only
    app.fill("[data-testid=check-output]", "\n".join(lines))
    app.click("[data-testid=check-run]")
    wait_js(app, "!document.querySelector('[data-testid=check-summary]').hidden")
    verdicts = app.evaluate("[...document.querySelectorAll('[data-testid=check-results] li')]"
                            ".map(li => li.dataset.verdict)")
    assert verdicts == ["accepted", "wrong", "presentation"]
    assert app.text_content("[data-testid=check-summary]").endswith("accepted 1 of 3 cases")
    assert app.text_content("[data-testid=diff-expected] mark") == "!"
    assert app.text_content("[data-testid=diff-got] mark") == "?"
    app.click("[data-testid=check-results] li[data-verdict=wrong] [data-testid=check-open-case]")
    wait_js(app, "pixelJudge.state().case === 1 && pixelJudge.state().steps > 0"
                 " && !pixelJudge.state().solving")

    hooked = app.evaluate("([i, o]) => pixelJudge.check('byte_me', i, o)", [SAMPLE, "\n".join(lines)])
    assert hooked["accepted"] == 1 and hooked["total"] == 3
    assert [c["verdict"] for c in hooked["cases"]] == ["accepted", "wrong", "presentation"]
    wrong = hooked["cases"][1]
    assert set(wrong) == {"case", "verdict", "line", "column", "expected", "got"}
    assert (wrong["case"], wrong["line"], wrong["column"]) == (2, bad + 1, 10)
    assert (wrong["expected"], wrong["got"]) == ("Nibble me!", "Nibble me?")
    exact = app.evaluate("([i, o]) => pixelJudge.check('byte_me', i, o)", [SAMPLE, ANSWER])
    assert exact["accepted"] == exact["total"] == 3


# ----------------------------------------------------------------------------- Generate

def test_generate_panel_downloads_a_zip_of_tests_with_the_engines_answers(app):
    choose_game(app, "byte_me")
    tool(app, "generate")
    app.fill("[data-testid=gen-seed]", "7")
    app.fill("[data-testid=gen-count]", "3")
    app.select_option("[data-testid=gen-mode]", "edge")
    with app.expect_download() as info:
        app.click("[data-testid=gen-run]")
    archive = zipfile.ZipFile(io.BytesIO(Path(info.value.path()).read_bytes()))
    names = sorted(archive.namelist())
    assert names == sorted(f"byte_me-7-{k}.{ext}" for k in (1, 2, 3) for ext in ("in", "ans"))
    wait_idle(app, "gen-run")
    assert "3 tests" in app.text_content("[data-testid=gen-status]")
    hooked = app.evaluate("pixelJudge.generate('byte_me', {seed: 7, count: 3, mode: 'edge'})")
    cpython = handle_request({"cmd": "generate", "game": "byte_me", "seed": 7, "count": 3, "mode": "edge",
                              "cases": None})["tests"]
    for k, test in enumerate(hooked, 1):
        assert set(test) == {"input", "answer"}
        assert archive.read(f"byte_me-7-{k}.in").decode() == test["input"] == cpython[k - 1]["input"]
        assert archive.read(f"byte_me-7-{k}.ans").decode() == test["answer"] == cpython[k - 1]["answer"]


def test_generate_cancel_stops_a_long_set_and_the_engine_keeps_working(app):
    choose_game(app, "house_of_cards")
    tool(app, "generate")
    app.fill("[data-testid=gen-count]", "200")
    app.select_option("[data-testid=gen-mode]", "hard")
    app.click("[data-testid=gen-run]")
    wait_js(app, "document.querySelector('[data-testid=gen-status]').textContent.endsWith(' s')")
    app.click("[data-testid=gen-cancel]")
    wait_idle(app, "gen-run", 10_000)
    assert app.text_content("[data-testid=gen-status]") == "Cancelled."
    solve_ui(app, "byte_me", SAMPLE)
    assert app.text_content("[data-testid=answer]") == ANSWER


# ----------------------------------------------------------------------------- My solution

def test_a_solution_that_loops_forever_is_stopped_at_the_limit_and_the_page_keeps_working(app):
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", SAMPLE)
    set_code(app, LOOP)
    app.fill("[data-testid=solution-limit]", "1.5")
    app.click("[data-testid=solution-run]")
    wait_js(app, "document.querySelector('[data-testid=solution-countdown]').textContent"
                 ".endsWith('s left')", 60_000)
    wait_idle(app, "solution-run")
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "time"
    assert "limit" in app.text_content("[data-testid=solution-status]")

    # Cancel stops a run at once (the limit here is far away).
    app.fill("[data-testid=solution-limit]", "30")
    app.click("[data-testid=solution-run]")
    wait_js(app, "document.querySelector('[data-testid=solution-countdown]').textContent"
                 ".endsWith('s left')", 60_000)
    app.click("[data-testid=solution-cancel]")
    wait_idle(app, "solution-run", 5_000)
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "cancelled"

    timed = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 800})", [LOOP, SAMPLE])
    assert timed["verdict"] == "time" and timed["ms"] >= 800
    # The engine and a fresh sandbox still work.
    solve_ui(app, "byte_me", SAMPLE)
    assert app.text_content("[data-testid=answer]") == ANSWER
    ok = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000})",
                      [lookup_solution({SAMPLE: ANSWER}), SAMPLE])
    assert ok["verdict"] == "accepted" and ok["stdout"] == ANSWER
    assert set(ok) == {"verdict", "stdout", "stderr", "ms", "peakMb", "comparator", "judge", "strict"}
    wrong = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000})",
                         [lookup_solution({SAMPLE: ANSWER.replace("Win!", "Lose!", 1)}), SAMPLE])
    assert wrong["verdict"] == "wrong"
    spaced = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000})",
                          [lookup_solution({SAMPLE: ANSWER.replace("\n", " \n", 1)}), SAMPLE])
    assert spaced["verdict"] == "presentation"


def test_a_solution_that_raises_shows_its_traceback(app):
    choose_game(app, "byte_me")
    set_code(app, RAISES)
    app.fill("[data-testid=solution-limit]", "5")
    app.fill("[data-testid=input]", "0\n")
    app.click("[data-testid=solution-run]")
    wait_idle(app, "solution-run")
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "error"
    trace = app.text_content("[data-testid=solution-stderr]")
    assert trace.startswith("Traceback (most recent call last):")
    assert 'File "solution.py", line 2, in f' in trace
    assert trace.rstrip().splitlines()[-1].startswith("ZeroDivisionError: ")
    hooked = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 5000})", [RAISES, "0\n"])
    assert hooked["verdict"] == "error" and "ZeroDivisionError" in hooked["stderr"]
    app.fill("[data-testid=input]", SAMPLE)


def test_stress_finds_a_wrong_answer_shrinks_it_and_opens_it_in_the_player(app):
    choose_game(app, "byte_me")
    # 24 inputs in one request; the page's stress asks for them in batches of 20,
    # so the planted failure (input 22) is in its second batch, the same input.
    tests = app.evaluate("pixelJudge.generate('byte_me', {seed: 5, count: 24, mode: 'random'})")
    table = {t["input"]: t["answer"] for t in tests}
    planted = tests[21]
    table[planted["input"]] = planted["answer"] + "Win!\n"   # one extra line: a wrong answer
    code = lookup_solution(table)
    set_code(app, code)
    app.fill("[data-testid=solution-limit]", "5")
    app.fill("[data-testid=stress-seed]", "5")
    app.fill("[data-testid=stress-count]", "24")
    app.select_option("[data-testid=stress-mode]", "random")
    app.click("[data-testid=solution-stress]")
    wait_idle(app, "solution-stress", 120_000)
    assert app.is_visible("[data-testid=stress-fail]")
    assert "byte_me-5-22" in app.text_content("[data-testid=stress-fail] h3")
    shrunk = app.text_content("[data-testid=stress-input]")
    assert len(shrunk) <= len(planted["input"])
    # The shown input still fails, and the expected side is the engine's answer.
    again = app.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 5000})", [code, shrunk])
    assert again["verdict"] != "accepted"
    assert app.text_content("[data-testid=stress-expected]") == handle_request(
        {"cmd": "solve", "game": "byte_me", "text": shrunk})["answer"]
    app.click("[data-testid=stress-open]")
    wait_js(app, "pixelJudge.state().steps > 0 && !pixelJudge.state().solving")
    assert app.input_value("[data-testid=input]") == shrunk

    # Passing solutions pass the whole run.
    set_code(app, lookup_solution({t["input"]: t["answer"] for t in tests}))
    app.click("[data-testid=solution-stress]")
    wait_idle(app, "solution-stress", 120_000)
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "accepted"
    assert app.text_content("[data-testid=solution-status]").startswith("All 24 inputs passed")


def test_stress_cancel_stops_while_the_inputs_are_still_being_generated(app):
    # A thousand House of Cards inputs take the engine minutes to answer; the page
    # asks for them in batches, so Cancel ends the run within one batch.
    choose_game(app, "house_of_cards")
    set_code(app, "print()")
    app.fill("[data-testid=solution-limit]", "5")
    app.fill("[data-testid=stress-seed]", "9")
    app.fill("[data-testid=stress-count]", "1000")
    app.click("[data-testid=solution-stress]")
    wait_js(app, "document.querySelector('[data-testid=solution-status]').textContent"
                 ".startsWith('Generating random inputs 1–20 of 1000')", 60_000)
    app.click("[data-testid=solution-cancel]")
    wait_idle(app, "solution-stress", 30_000)
    assert app.text_content("[data-testid=solution-status]") == "Cancelled."
    assert not app.is_visible("[data-testid=stress-fail]")
    # The engine is free again at once: a solve still answers.
    assert app.evaluate("(t) => pixelJudge.solve('byte_me', t)", SAMPLE)["answer"] == ANSWER


def test_solution_code_is_kept_and_keys_typed_in_the_editor_stay_there(app):
    choose_game(app, "byte_me")
    solve_ui(app, "byte_me", SAMPLE)
    set_code(app, "print(42)")
    step = app.evaluate("pixelJudge.state().step")
    app.click("[data-testid=solution-code]")
    app.keyboard.press("End")
    app.keyboard.type(" # x")
    app.keyboard.press("ArrowLeft")
    assert app.evaluate("pixelJudge.state().step") == step and not app.evaluate("pixelJudge.state().playing")
    assert editor_code(app) == "print(42) # x"


# ----------------------------------------------------------------------------- Export

def test_export_gif_png_and_transcript(app):
    solve_ui(app, "byte_me", SAMPLE)
    steps = app.evaluate("pixelJudge.state().steps")
    gif = app.evaluate("pixelJudge.exportGif({scale: 2})")
    assert gif["mime"] == "image/gif" and (gif["width"], gif["height"]) == (768, 432)
    assert gif_frames(base64.b64decode(gif["base64"])) == (steps, 768, 432) and gif["frames"] == steps
    part = app.evaluate("pixelJudge.exportGif({scale: 1, from: 1, to: 3})")
    assert (gif_frames(base64.b64decode(part["base64"])) == (3, 384, 216)
            == (part["frames"], part["width"], part["height"]))
    with pytest.raises(Exception, match="comes after"):
        app.evaluate("pixelJudge.exportGif({scale: 1, from: 3, to: 1})")
    with pytest.raises(Exception, match=f"the last step is {steps - 1}"):
        app.evaluate("pixelJudge.exportGif({scale: 1, to: 999})")

    tool(app, "export")
    app.select_option("[data-testid=export-scale]", "3")
    app.fill("[data-testid=export-from]", "0")
    app.fill("[data-testid=export-to]", "2")
    with app.expect_download() as info:
        app.click("[data-testid=export-gif]")
    assert gif_frames(Path(info.value.path()).read_bytes()) == (3, 1152, 648)
    with app.expect_download() as info:
        app.click("[data-testid=export-png]")
    png = Path(info.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (1152, 648)
    with app.expect_download() as info:
        app.click("[data-testid=export-transcript]")
    lines = Path(info.value.path()).read_text().splitlines()
    notes = app.evaluate("[...document.querySelectorAll('[data-testid=transcript] li')]"
                         ".map(li => li.textContent)")
    assert lines == [f"{k}. {note}" for k, note in enumerate(notes)]


# ----------------------------------------------------------------------------- links

def test_a_link_opens_a_tool_with_its_inputs_filled_in(app, browser):
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", SAMPLE)
    tool(app, "check")
    app.fill("[data-testid=check-output]", "HAND 1\n<b>Win!</b>\n")
    app.click("[data-testid=tool-link]")
    link = wait_js(app, "document.querySelector('[data-testid=tool-link-text]').value")
    assert "&t=check&tp=" in link
    # A context of its own: a second tab in the shared context would hide the shared page.
    context, page, _ = open_page(browser, link)
    try:
        wait_js(page, "document.querySelector('[data-testid=tool-check]')"
                      ".getAttribute('aria-selected') === 'true'", 90_000)
        # The tool opens once the engine has accepted the link's input (after its boot).
        wait_js(page, "document.querySelector('[data-testid=check-output]').value !== ''", 90_000)
        assert page.input_value("[data-testid=check-output]") == "HAND 1\n<b>Win!</b>\n"
        assert page.input_value("[data-testid=input]") == SAMPLE
        assert page.evaluate("document.querySelectorAll('[data-testid=check-output] b').length") == 0
        page.goto("about:blank")
        page.goto(link.replace("&t=check", "&t=nosuchtool"))
        wait_js(page, "!document.querySelector('[data-testid=link-error]').hidden")
        assert "unknown tool" in page.text_content("[data-testid=link-error]")
    finally:
        context.close()


SOLUTIONS = "pixelJudge.solutions.v1"
MINE = 'print("mine")\n'
THEIRS = 'import os\nprint("theirs")\n'


def editor_text(page) -> str:
    """What the editor shows now (saved or not)."""
    return page.evaluate("[...document.querySelector('[data-testid=solution-editor]').shadowRoot"
                         ".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n')")


def saved_code(page, game: str = "byte_me") -> str | None:
    return page.evaluate(f"(JSON.parse(localStorage.getItem('{SOLUTIONS}')) || {{}})[{game!r}] ?? null")


def solution_link(page, code: str) -> str:
    return page.evaluate("""async ([text, code]) => (await import('./js/page/share.js')).linkFor(
        {game: 'byte_me', text, tool: {name: 'solution', params: {code, limit: '3'}}})""", [SAMPLE, code])


def wait_proposal(page, code: str) -> None:
    wait_js(page, "!document.querySelector('[data-testid=solution-proposal]').hidden", 90_000)
    wait_js(page, f"[...document.querySelector('[data-testid=solution-editor]').shadowRoot"
                  f".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n') === {code!r}")


def test_a_solution_link_is_a_proposal_that_never_replaces_the_saved_code(browser, site_url):
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    try:
        page.goto(site_url)
        page.evaluate(f"localStorage.setItem('{SOLUTIONS}', JSON.stringify({{byte_me: {MINE!r}}}))")
        link = solution_link(page, THEIRS)
        page.goto("about:blank")
        page.goto(link)
        wait_proposal(page, THEIRS)
        warning = page.text_content("[data-testid=solution-proposal]")
        assert "This link carries code from someone else: read it before you run it" in warning
        assert page.input_value("[data-testid=solution-limit]") == "3"
        # Opening the link saved nothing and started no sandbox.
        assert saved_code(page) == MINE
        assert page.text_content("[data-testid=sandbox-status]") == ""
        # A reload shows the user's own code again.
        page.reload()
        page.evaluate("pixelJudge.ready")
        tool(page, "solution")
        wait_js(page, "document.querySelector('[data-testid=solution-editor]')"
                      ".shadowRoot.querySelector('.cm-line')")
        assert editor_text(page) == MINE and saved_code(page) == MINE
        assert page.is_hidden("[data-testid=solution-proposal]")

        # Discard puts the user's code back; Keep makes the link's code theirs.
        page.goto(link)   # the same tab: only the fragment changes
        wait_proposal(page, THEIRS)
        page.click("[data-testid=solution-discard]")
        assert editor_text(page) == MINE and saved_code(page) == MINE
        assert page.is_hidden("[data-testid=solution-proposal]")
        page.goto(link + "&again")
        wait_proposal(page, THEIRS)
        page.click("[data-testid=solution-keep]")
        assert saved_code(page) == THEIRS and page.is_hidden("[data-testid=solution-proposal]")
        # An edited proposal is still a proposal: Keep saves it as edited.
        page.goto(solution_link(page, MINE.replace("mine", "link")))
        wait_proposal(page, MINE.replace("mine", "link"))
        assert saved_code(page) == THEIRS
        page.click("[data-testid=solution-code]")
        page.keyboard.press("Control+End")
        page.keyboard.type("# edited")
        assert saved_code(page) == THEIRS and page.is_visible("[data-testid=solution-proposal]")
        page.click("[data-testid=solution-keep]")
        assert saved_code(page) == MINE.replace("mine", "link") + "# edited"
        assert page.is_hidden("[data-testid=solution-proposal]")
    finally:
        context.close()


def test_the_tools_leave_no_page_errors_and_fetch_only_from_the_site(shared):
    _, watch = shared
    assert watch.errors == []
    assert watch.foreign == []
