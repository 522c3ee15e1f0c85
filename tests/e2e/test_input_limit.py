"""A paste bigger than the engine's input limit is refused before the browser inserts it
(issue 17: a 60 MB paste froze the tab for two minutes), with a clear message, and
nothing the user typed is lost; a paste that fits goes in as usual. The limit is the
engine's own (py_engines/text.py)."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, wait_js
from py_engines.text import MAX_INPUT_CHARS

TYPED = "my own half-typed input\n"


@pytest.fixture(scope="module")
def page(browser: Any, site_url: str) -> Iterator[Any]:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.goto(site_url)
    yield page
    context.close()


def paste(page: Any, text: str) -> None:
    page.evaluate("(t) => navigator.clipboard.writeText(t)", text)
    page.focus("[data-testid=input]")
    page.keyboard.press("Control+v")


def test_a_paste_over_the_limit_is_refused_before_it_is_inserted(page):
    # Before the engine is ready too: the guard is there as soon as the page's modules have run
    # (they publish the hook), long before the boot ends.
    wait_js(page, "typeof pixelJudge === 'object'")
    page.fill("[data-testid=input]", TYPED)
    page.focus("[data-testid=input]")
    page.keyboard.press("Control+End")
    assert page.input_value("[data-testid=input]") == TYPED
    paste(page, "1 " * (MAX_INPUT_CHARS // 2))   # with what is typed: over the limit
    assert page.input_value("[data-testid=input]") == TYPED
    message = page.text_content("[data-testid=error]")
    assert page.is_visible("[data-testid=error]")
    assert message == (f"The pasted text is {MAX_INPUT_CHARS:,} characters: with it the input would be "
                       f"longer than the {MAX_INPUT_CHARS:,} characters the engine reads, so it was not "
                       "inserted. Your input is unchanged.")
    page.evaluate("pixelJudge.ready")
    paste(page, "x" * (60 * 1024 * 1024 // 8))   # 7.5 MB, as a flood would be
    assert page.input_value("[data-testid=input]") == TYPED


def test_a_paste_that_replaces_the_selection_and_fits_goes_in(page):
    page.fill("[data-testid=input]", TYPED)
    page.focus("[data-testid=input]")
    page.keyboard.press("Control+a")
    exactly = "7" * MAX_INPUT_CHARS
    paste(page, exactly)
    assert page.evaluate("document.querySelector('[data-testid=input]').value.length") == MAX_INPUT_CHARS


def test_a_drop_over_the_limit_is_refused(page):
    page.fill("[data-testid=input]", TYPED)
    inserted = page.evaluate("""(n) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'y'.repeat(n));
        const input = document.querySelector('[data-testid=input]');
        return input.dispatchEvent(
            new DragEvent('drop', {dataTransfer: data, bubbles: true, cancelable: true}));
    }""", MAX_INPUT_CHARS + 1)
    assert inserted is False   # the browser's default (inserting the text) was prevented
    assert page.input_value("[data-testid=input]") == TYPED
    assert page.text_content("[data-testid=error]").startswith(
        f"The dropped text is {MAX_INPUT_CHARS + 1:,} characters")
