"""The page in Chinese (issue 24): a browser whose language is zh-CN gets every word in Chinese,
the judge's answers stay the same bytes, the switch changes everything at once without losing
anything, and a share link carries no language."""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, DATA, Watch, boot, read, seek, solve_ui, wait_js

CJK = re.compile(r"[\u4e00-\u9fff]")
GAMES = ["the_game", "kalah", "house_of_cards", "byte_me", "sevens"]
# Words a Chinese page keeps: names (the site, the runtime, the players the statements name),
# file formats, key caps, and the judge's own words in the samples' names.
KEPT = {"PIXEL", "JUDGE", "BOB", "ALICE", "AXEL", "BIRGIT",
        "Pixel", "Judge", "Pyodide", "Python", "Alice", "Bob", "Axel", "Birgit",
        "GIF", "PNG", "CSV", "JSON", "stdout", "stderr",
        "Home", "End", "Space", "Ctrl", "Enter", "Tab", "Esc",
        "zip", "stdin", "WebAssembly", "Clang", "GNU"}


def open_in(browser: Any, url: str, locale: str) -> tuple[Any, Any, Watch]:
    context = browser.new_context(viewport={"width": 1300, "height": 900}, locale=locale)
    page = context.new_page()
    watch = Watch(page, url.split("#")[0].rsplit("/", 1)[0] + "/")
    page.goto(url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    boot(page)
    page.set_default_timeout(15_000)
    return context, page, watch


@pytest.fixture(scope="module")
def zh(browser: Any, site_url: str) -> Iterator[Any]:
    context, page, watch = open_in(browser, site_url, "zh-CN")
    yield page
    assert watch.errors == []
    context.close()


# Visible text of the page, node by node, leaving out the judge's output, code, the user's
# input, key caps, the game's name and the samples' file names.
VISIBLE_TEXT = """() => {
  const skip = "[data-testid=answer], pre, code, textarea, kbd, #game-title, #build-info, "
    + ".explore-panel .panel-head .hint, "
    + "[data-testid=game], [data-testid=sample-list], [data-testid=language], .cm-editor, [data-testid=case]";
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent.trim() || el.closest(skip)) continue;
    if (!el.checkVisibility || !el.checkVisibility()) continue;
    out.push(n.textContent.trim());
  }
  return out;
}"""


def english_words(texts: list[str], game: str | None = None) -> set[str]:
    """The Latin words of `texts` beyond the kept names and, for a game, the words of its
    title and of its judge's answers (a narration may quote the judge's output)."""
    kept = set(KEPT)
    if game:
        for path in (DATA / game).glob("*.ans"):
            kept.update(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8")))
        kept.update(re.findall(r"[A-Za-z]+", GAME_TITLES[game]))
    words = set()
    for text in texts:
        words.update(w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in kept)
    return words


GAME_TITLES = {"the_game": "The Game (CERC 2022)", "kalah": "Kalah with swaps (SWERC 2008)",
               "house_of_cards": "House of Cards (ICPC WF 2009 G)", "byte_me": "Byte Me! (SCUSA 2002)",
               "sevens": "Sevens (THUPC 2022 Final A)"}


def test_a_chinese_browser_gets_the_page_in_chinese(zh: Any) -> None:
    assert zh.evaluate("pixelJudge.state().lang") == "zh-CN"
    assert zh.evaluate("document.documentElement.lang") == "zh-CN"
    assert zh.input_value("[data-testid=language]") == "zh-CN"
    assert zh.text_content("[data-testid=solve]") == "求解"
    assert zh.text_content("[data-testid=sample]") == "样例"
    assert zh.text_content("h2") == "输入"
    assert CJK.search(zh.title())


@pytest.mark.parametrize("game", GAMES)
def test_no_english_word_is_left_on_the_page(zh: Any, game: str) -> None:
    sample = sorted((DATA / game).glob("*.in"))[0]
    solve_ui(zh, game, sample.read_text(encoding="utf-8"))
    seek(zh, 1)
    texts = zh.evaluate(VISIBLE_TEXT)
    assert any(CJK.search(t) for t in texts)
    assert english_words(texts, game) == set(), [t for t in texts if english_words([t], game)][:20]
    narration = zh.text_content("[data-testid=narration]")
    assert CJK.search(narration), narration


@pytest.mark.parametrize("game", GAMES)
def test_every_sample_solves_to_the_same_bytes_in_chinese(zh: Any, game: str) -> None:
    paths = sorted((DATA / game).glob("*.in"))
    assert paths, f"no samples of {game}"
    for path in paths:
        reply = zh.evaluate("([g, t]) => pixelJudge.solve(g, t)", [game, path.read_text(encoding="utf-8")])
        assert reply["ok"], path
        assert reply["answer"] == path.with_suffix(".ans").read_text(encoding="utf-8"), path


def test_the_answer_pane_is_the_judges_bytes_in_chinese(zh: Any) -> None:
    solve_ui(zh, "kalah", read("kalah", "spec-sample-1.in"))
    assert zh.text_content("[data-testid=answer]") == read("kalah", "spec-sample-1.ans")


def test_the_transcript_of_a_kalah_line_is_chinese(zh: Any) -> None:
    solve_ui(zh, "kalah", read("kalah", "spec-sample-1.in"))
    lines = zh.eval_on_selector_all("[data-testid=transcript] li", "items => items.map(i => i.textContent)")
    assert len(lines) > 2 and all(CJK.search(line) for line in lines), lines
    assert not english_words(lines), lines


def test_a_bad_input_names_its_line_and_column_in_chinese(zh: Any) -> None:
    solve_ui(zh, "kalah", "1\n2\n1 2 0 3x 0 1\n")
    error = zh.text_content("[data-testid=error]")
    assert error.startswith("第 3 行第 7 列："), error
    assert "3x" in error and CJK.search(error.split("\n")[0][len("第 3 行第 7 列："):])


def test_the_switch_changes_everything_and_loses_nothing(zh: Any) -> None:
    text = read("kalah", "spec-sample-1.in")
    solve_ui(zh, "kalah", text)
    seek(zh, 2)
    zh.click("[data-testid=tool-check]")
    zh.fill("[data-testid=check-output]", "1\n2\n")
    zh.click("[data-testid=check-run]")
    wait_js(zh, "document.querySelector('[data-testid=check-results] li')")
    chinese_note = zh.text_content("[data-testid=narration]")
    chinese_check = zh.text_content("[data-testid=check-results]")
    assert CJK.search(chinese_note) and CJK.search(chinese_check)
    zh.select_option("[data-testid=language]", "en")
    wait_js(zh, "pixelJudge.state().lang === 'en'")
    assert zh.evaluate("document.documentElement.lang") == "en"
    assert zh.text_content("[data-testid=solve]") == "Solve"
    state = zh.evaluate("pixelJudge.state()")
    assert state["step"] == 2 and state["game"] == "kalah" and state["steps"] > 2
    assert zh.input_value("[data-testid=input]") == text
    assert zh.input_value("[data-testid=check-output]") == "1\n2\n"
    english_note = zh.text_content("[data-testid=narration]")
    assert english_note != chinese_note and not CJK.search(english_note)
    assert "Case 1: wrong answer" in zh.text_content("[data-testid=check-results]")
    assert zh.text_content("[data-testid=answer]") == read("kalah", "spec-sample-1.ans")
    texts = zh.evaluate(VISIBLE_TEXT)
    assert not [t for t in texts if CJK.search(t)], [t for t in texts if CJK.search(t)][:10]
    assert zh.evaluate("localStorage.getItem('pixelJudge.lang.v1')") == "en"
    zh.select_option("[data-testid=language]", "zh-CN")
    wait_js(zh, "pixelJudge.state().lang === 'zh-CN'")
    assert zh.text_content("[data-testid=narration]") == chinese_note
    assert zh.text_content("[data-testid=check-results]") == chinese_check
    assert zh.evaluate("pixelJudge.state().step") == 2


def test_a_share_link_made_in_chinese_opens_in_english_in_an_english_browser(
        zh: Any, browser: Any, site_url: str) -> None:
    solve_ui(zh, "sevens", read("sevens", sorted(p.name for p in (DATA / "sevens").glob("*.in"))[0]))
    seek(zh, 3)
    link = zh.evaluate("pixelJudge.shareLink()")
    assert "zh" not in link.split("#", 1)[1]
    context, page, watch = open_in(browser, link, "en-US")
    try:
        wait_js(page, "pixelJudge.state().steps > 0 && pixelJudge.state().step === 3", 30_000)
        assert page.evaluate("pixelJudge.state().lang") == "en"
        assert page.evaluate("pixelJudge.state().game") == "sevens"
        assert not CJK.search(page.text_content("[data-testid=narration]"))
        assert watch.errors == []
    finally:
        context.close()


def test_the_browsers_languages_choose_the_first_language(zh: Any) -> None:
    cases = {("zh",): "zh-CN", ("zh-CN",): "zh-CN", ("zh-Hans",): "zh-CN", ("zh-SG",): "zh-CN",
             ("zh-Hans-HK",): "zh-CN", ("en-US", "zh-CN"): "en", ("de", "zh-CN"): "zh-CN",
             ("zh-TW",): "en", ("zh-Hant", "zh-CN"): "zh-CN", ("zh-HK", "en"): "en", ("fr",): "en", (): "en"}
    got = zh.evaluate("""async (cases) => {
      const { fromBrowser } = await import("./js/i18n/lang.js");
      return cases.map((tags) => fromBrowser(tags));
    }""", [list(c) for c in cases])
    assert got == list(cases.values())


def test_a_stored_choice_is_checked_before_it_is_used(browser: Any, site_url: str) -> None:
    context, page, watch = open_in(browser, site_url, "zh-CN")
    try:
        page.evaluate("localStorage.setItem('pixelJudge.lang.v1', '<b>xx</b>')")
        page.reload()
        boot(page)
        assert page.evaluate("pixelJudge.state().lang") == "zh-CN"   # the browser's, not the junk
        page.evaluate("localStorage.setItem('pixelJudge.lang.v1', 'en')")
        page.reload()
        boot(page)
        assert page.evaluate("pixelJudge.state().lang") == "en"      # the stored choice wins
        assert watch.errors == []
    finally:
        context.close()


def paste_over_the_limit(page: Any) -> None:
    """A paste of 3,000,000 characters, over the engine's input limit (refused by the page)."""
    page.evaluate("""() => { const data = new DataTransfer(); data.setData('text/plain', 'x'.repeat(3000000));
      document.querySelector('[data-testid=input]').dispatchEvent(
        new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true})); }""")
    wait_js(page, "!document.querySelector('[data-testid=error]').hidden")


# Code a Chinese text quotes as it is: the compiler's command line and a header's name.
CODE = re.compile(r"clang\+\+[^；;)）]*|<[a-z/+.]+>")


def test_the_page_s_own_errors_tool_verdicts_and_the_cpp_box_are_chinese(zh: Any) -> None:
    text = read("byte_me", "sample-1.in")
    solve_ui(zh, "byte_me", text)
    # A paste over the input limit: refused with the page's own message, in Chinese.
    paste_over_the_limit(zh)
    error = zh.text_content("[data-testid=error]")
    assert CJK.search(error) and "3,000,000" in error and not english_words([error]), error
    assert zh.input_value("[data-testid=input]") == text
    # A tool's verdict: a wrong output checked.
    zh.click("[data-testid=tool-check]")
    zh.fill("[data-testid=check-output]", "garbage\n")
    zh.click("[data-testid=check-run]")
    wait_js(zh, "document.querySelector('[data-testid=check-results] li')")
    # My solution in C++: the box that offers the compiler (nothing is downloaded).
    zh.click("[data-testid=tool-solution]")
    zh.select_option("[data-testid=solution-language]", "cpp")
    wait_js(zh, "(() => { const b = document.querySelector('[data-testid=cpp-box]');"
                " return b && !b.hidden && /\\d/.test(b.textContent); })()")
    texts = [CODE.sub("", t) for t in zh.evaluate(VISIBLE_TEXT)]
    assert any(CJK.search(t) for t in texts)
    assert english_words(texts, "byte_me") == set(), [t for t in texts if english_words([t], "byte_me")][:20]
    assert CJK.search(zh.text_content("[data-testid=cpp-box]"))
    # Attributes a reader hears or sees on hover are Chinese too.
    labels = zh.evaluate("""() => [...document.querySelectorAll('[aria-label], [title], [placeholder]')]
      .filter((e) => e.checkVisibility()).flatMap((e) => ['aria-label', 'title', 'placeholder']
      .map((a) => e.getAttribute(a)).filter(Boolean))""")
    labels = [CODE.sub("", t) for t in labels]
    assert labels and english_words(labels, "byte_me") == set(), \
        [t for t in labels if english_words([t], "byte_me")][:20]
    # The error follows a change of language.
    zh.select_option("[data-testid=language]", "en")
    wait_js(zh, "pixelJudge.state().lang === 'en'")
    try:
        assert zh.text_content("[data-testid=error]").startswith("The pasted text is 3,000,000 characters")
    finally:
        zh.select_option("[data-testid=solution-language]", "python")
        zh.select_option("[data-testid=language]", "zh-CN")
        wait_js(zh, "pixelJudge.state().lang === 'zh-CN'")
    assert zh.text_content("[data-testid=error]") == error


PLOT_ROWS = """() => [...document.querySelectorAll('[data-testid=explore-plot]')].map((c) => {
  const ctx = c.getContext('2d');
  const row = (y) => { const d = ctx.getImageData(0, y, c.width, 1).data;
    return new Set(Array.from({length: c.width}, (_, x) => d.slice(4 * x, 4 * x + 3).join())).size; };
  return {height: c.height, top: row(0), bottom: row(c.height - 1)};
})"""


def test_explore_s_plots_speak_chinese_and_keep_their_words_inside(zh: Any) -> None:
    zh.select_option("[data-testid=game]", "kalah")
    wait_js(zh, "pixelJudge.state().game === 'kalah'")
    zh.evaluate("pixelJudge.explore('kalah', {study: 'swaps', deals: 24, seed: 3, workers: 1})")
    state = zh.evaluate("pixelJudge.exploreState()")
    labels = [r["label"] for p in state["plots"] for r in p["regions"]]
    titles = [p["title"] for p in state["plots"]]
    # The legend's and the bars' words are the study's class labels, in Chinese.
    assert any("交换" in label for label in labels), labels
    assert english_words(labels + titles) == set(), labels + titles
    # A 16 px CJK line gets a taller canvas: the title and the axis name stay inside it
    # (the first and last rows are the background only).
    rows = zh.evaluate(PLOT_ROWS)
    assert rows and all(r["height"] > 120 and r["top"] == 1 and r["bottom"] == 1 for r in rows), rows
    zh.select_option("[data-testid=language]", "en")
    wait_js(zh, "pixelJudge.state().lang === 'en'")
    try:
        wait_js(zh, "[...document.querySelectorAll('[data-testid=explore-plot]')]"
                    ".every((c) => c.height === 120)")
        english = [r["label"] for p in zh.evaluate("pixelJudge.exploreState()")["plots"]
                   for r in p["regions"]]
        assert any("swap" in label for label in english) and not any(CJK.search(x) for x in english), english
    finally:
        zh.select_option("[data-testid=language]", "zh-CN")
        wait_js(zh, "pixelJudge.state().lang === 'zh-CN'")
