"""C++ compiled as g++ does (issue 33): g++'s gnu++17 unless the standard menu says
otherwise, and a global `byte` under `using namespace std;` compiles, as with g++ (libc++
declares std::byte from <utility>, libstdc++ does not: js/cpp/byte-overlay.js).  One page
loads the compiler for the whole file, and three sources are compiled (the compiler's
first load takes minutes on a loaded machine): the byte program, a standard probe under
the default, and the same probe under C++20 picked in My solution."""
from __future__ import annotations

from typing import Any, Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, choose_game, open_page, read, wait_js
from test_page_tools import tool

GLOBAL_BYTE = (ROOT / "tests" / "cpp" / "byte_me_global_byte.cpp").read_text(encoding="utf-8")
# The standard as the compiler saw it: __cplusplus, and whether GNU extensions are on.
PROBE = """#include <cstdio>
int main() {
#ifdef __STRICT_ANSI__
  std::printf("%ld strict\\n", (long)__cplusplus);
#else
  std::printf("%ld gnu\\n", (long)__cplusplus);
#endif
}
"""
LOAD_MS = 600_000


@pytest.fixture(scope="module")
def page(browser: Any, site_url: str) -> Iterator[Any]:
    context, page, watch = open_page(browser, site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.evaluate("pixelJudge.ready")
    page.set_default_timeout(LOAD_MS)
    yield page
    assert not watch.errors, watch.errors
    context.close()


def run(page: Any, code: str, text: str, **options: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "([c, i, o]) => pixelJudge.runSolution(c, i, {timeLimitMs: 10000, language: 'cpp', ...o})",
        [code, text, options])
    return result


def type_cpp(page: Any, code: str) -> None:
    """Pastes `code` into the C++ editor, as a user does."""
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    wait_js(page, "(JSON.parse(localStorage.getItem('pixelJudge.solutions.cpp.v1')) || {}).byte_me"
                  f" === {code!r}")


def test_a_global_byte_under_using_namespace_std_compiles_and_is_accepted(page):
    choose_game(page, "byte_me")
    result = run(page, GLOBAL_BYTE, read("byte_me", "gen-bm1-1.in"))
    assert result["verdict"] == "accepted", result["stderr"][:2000]
    assert (result["comparator"], result["judge"]) == ("exact", "POJ")


def test_the_default_standard_is_gnu_cpp17_and_a_bad_one_is_refused(page):
    choose_game(page, "byte_me")
    text = read("byte_me", "sample-1.in")   # the probe ignores it; the verdict is "wrong"
    assert run(page, PROBE, text)["stdout"] == "201703 gnu\n"
    with pytest.raises(Exception, match="std must be one of"):
        run(page, PROBE, text, std="c++99")


def test_the_standard_picked_in_my_solution_reaches_the_compiler_and_is_kept(page):
    choose_game(page, "byte_me")
    page.fill("[data-testid=input]", read("byte_me", "sample-1.in"))
    tool(page, "solution")
    wait_js(page, "document.querySelector('[data-testid=solution-editor]')"
                  ".shadowRoot?.querySelector('.cm-line')")
    assert page.is_hidden("[data-testid=solution-std]")
    page.select_option("[data-testid=solution-language]", "cpp")
    wait_js(page, "!document.querySelector('[data-testid=solution-std]').closest('label').hidden")
    assert page.input_value("[data-testid=solution-std]") == "gnu++17"
    type_cpp(page, PROBE)
    page.select_option("[data-testid=solution-std]", "c++20")
    page.click("[data-testid=solution-run]")
    wait_js(page, "document.querySelector('[data-testid=solution-stdout]').textContent"
                  ".includes('202002')", LOAD_MS)
    assert page.text_content("[data-testid=solution-stdout]").startswith("202002 strict")
    stored = page.evaluate("JSON.parse(localStorage.getItem('pixelJudge.solutionStd.v1'))")
    assert stored == {"byte_me": "c++20"}
    # The solution's share link carries the standard: it beats the one this browser keeps.
    page.click("[data-testid=tool-link]")
    link = wait_js(page, "document.querySelector('[data-testid=tool-link-text]').value")
    page.select_option("[data-testid=solution-std]", "gnu++14")
    other = page.context.new_page()
    try:
        other.goto(link)
        other.evaluate("pixelJudge.ready")
        # This browser keeps gnu++14 now (and the same code): the link's c++20 is what shows.
        kept = page.evaluate("JSON.parse(localStorage.getItem('pixelJudge.solutionStd.v1')).byte_me")
        assert kept == "gnu++14"
        wait_js(other, "document.querySelector('[data-testid=solution-std]')?.value === 'c++20'", 60_000)
        assert other.input_value("[data-testid=solution-language]") == "cpp"
    finally:
        other.close()
