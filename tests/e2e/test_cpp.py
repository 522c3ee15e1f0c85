"""C++ in the page (issue 21): compiled by the toolchain the page downloads on first
use (js/cpp/, a same-origin compiler worker), run in the opaque runner (language
"wasi") and judged like any solution.  One browser context downloads the toolchain
once, through My solution as a user does (pick C++, see the size, press Download,
watch the bytes), and every test here shares it (the last one takes it offline);
the first-visit and language tests have contexts of their own and never download.
The compile and run semantics in detail (traps, limits, fuel, diagnostics) are in
tests/test_cpp_pipeline.py, under Node."""
from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, DATA, DIST, ROOT, choose_game, open_page, read, wait_js

from buildsys.bundle import piece_for
from buildsys.site import read_precache

# My solution's C++ compiler as the page loaded it (the piece of its linked scripts that holds
# js/cpp/solution-cpp.js, buildsys/bundle.py): the page's own compiler, not a second one.
SOLUTION_CPP = "/" + piece_for("js/cpp/solution-cpp.js")

PROGRAMS = ROOT / "tests" / "cpp"
BYTE_ME = (PROGRAMS / "byte_me.cpp").read_text(encoding="utf-8")
# The dealer who keeps hitting on a tie (the `>` reading of rule 6.1): wrong on spec-extra-1's first hand.
TIE_BUG = BYTE_ME.replace("if (total >= target) break;", "if (total > target) break;")
# Written from the spec with one planted bug: the dealer stops after 3 hits, not 4.
THREE_HITS = (PROGRAMS / "byte_me_three_hits.cpp").read_text(encoding="utf-8")
LOAD_MS = 600_000   # the toolchain's first download and load, on a loaded 2-core machine
BOX = "document.querySelector('[data-testid=cpp-box]')"


def toolchain_wire_mb() -> str:
    """The toolchain's size on the wire (brotli), as the page words it: '19.8 MB'."""
    line = (DIST / "js" / "cpp" / "toolchain-files.js").read_text(encoding="utf-8").splitlines()[-1]
    info = json.loads(line.removeprefix("export const TOOLCHAIN = ").removesuffix(";"))
    return f"{sum(f['br'] for f in info['files'].values()) / 1e6:.1f} MB"


def run(page: Any, code: str, text: str, limit_ms: int = 5_000) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "([c, i, ms]) => pixelJudge.runSolution(c, i, {timeLimitMs: ms, language: 'cpp'})",
        [code, text, limit_ms])
    return result


def open_solution(page: Any) -> None:
    page.click("[data-testid=tool-solution]")
    wait_js(page, "document.querySelector('[data-testid=solution-editor]')"
                  ".shadowRoot?.querySelector('.cm-line')")


def box_state(page: Any, state: str, timeout_ms: int = 30_000) -> None:
    wait_js(page, f"{BOX}.dataset.state === {state!r} && !{BOX}.hidden", timeout_ms)


@pytest.fixture(scope="module")
def cpp(browser: Any, site_url: str) -> Iterator[tuple[Any, Any, dict[str, Any]]]:
    """A page whose C++ toolchain was downloaded through My solution (its context
    keeps it), with what the page showed on the way."""
    context, page, watch = open_page(browser, site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.evaluate("pixelJudge.ready")
    choose_game(page, "byte_me")
    open_solution(page)
    page.select_option("[data-testid=solution-language]", "cpp")
    box_state(page, "needed")
    seen: dict[str, Any] = {"before": page.text_content("[data-testid=cpp-box]"),
                            "button": page.text_content("[data-testid=cpp-download]")}
    # Every value and text the progress bar shows while the bytes arrive.
    page.evaluate("""() => {
        window.cppSeen = [];
        const bar = document.querySelector('[data-testid=cpp-progress]');
        const text = document.querySelector('[data-testid=cpp-status]');
        new MutationObserver(() => window.cppSeen.push([bar.hidden ? null : bar.value, text.textContent]))
            .observe(document.querySelector('[data-testid=cpp-box]'),
                     {attributes: true, childList: true, subtree: true});
    }""")
    page.click("[data-testid=cpp-download]")
    box_state(page, "ready", LOAD_MS)
    seen["progress"] = page.evaluate("window.cppSeen")
    seen["ready"] = page.text_content("[data-testid=cpp-status]")
    seen["caches"] = page.evaluate("caches.keys()")
    page.set_default_timeout(LOAD_MS)
    first = run(page, BYTE_ME, read("byte_me", "sample-1.in"))
    page.set_default_timeout(120_000)
    assert first["verdict"] == "accepted", first
    yield context, page, seen
    assert not watch.errors, watch.errors
    context.close()


@pytest.fixture()
def page(cpp: tuple[Any, Any, dict[str, Any]]) -> Any:
    _, shared, _ = cpp
    choose_game(shared, "byte_me")
    return shared


def test_picking_cpp_says_the_size_then_downloads_with_byte_progress(cpp):
    _, page, seen = cpp
    size = toolchain_wire_mb()
    assert f"C++ needs a one-time {size} download" in seen["before"]
    assert size in seen["button"]
    shown = [(value, text) for value, text in seen["progress"]
             if text.startswith("Downloading the C++ compiler: ")]
    parts = [value for value, _ in shown if value is not None]
    assert [v for v in parts if 0 < v < 1], shown[:5]      # bytes were shown arriving, not just 0 and done
    assert parts == sorted(parts)
    middle = next(text for value, text in shown if value is not None and 0 < value < 1)
    assert re.fullmatch(rf"Downloading the C\+\+ compiler: \d+\.\d MB of {re.escape(size)} \(\d+%\)",
                        middle), middle
    assert "kept in this browser for offline use" in seen["ready"]
    assert [name for name in seen["caches"] if name.startswith("pixel-judge-toolchain-")]
    assert page.is_hidden("[data-testid=cpp-download]") and page.is_hidden("[data-testid=cpp-cancel]")


def test_a_real_solution_is_accepted_on_every_judge_file_of_a_game(page):
    files = sorted((DATA / "byte_me").glob("*.in"))
    assert len(files) >= 3
    for path in files:
        result = run(page, BYTE_ME, path.read_text(encoding="utf-8"))
        assert result["verdict"] == "accepted", (path.name, result)
        assert result["stdout"] == path.with_suffix(".ans").read_text(encoding="utf-8")


def test_a_wrong_solution_is_wrong_with_the_first_difference(page):
    result = run(page, TIE_BUG, read("byte_me", "spec-extra-1.in"))
    assert result["verdict"] == "wrong"
    assert result["message"] == 'wrong answer at line 2, column 1: expected "Win!", got "Nibble me!"'


def test_a_compile_error_names_its_line_and_column(page):
    broken = BYTE_ME.replace("cin >> n;", "cin >> n")
    line = next(k for k, text in enumerate(broken.splitlines(), 1) if "cin >> n" in text and ";" not in text)
    result = run(page, broken, read("byte_me", "sample-1.in"))
    assert result["verdict"] == "compile"
    first = result["diagnostics"][0]
    assert (first["severity"], first["line"]) == ("error", line)
    assert result["summary"].startswith(f"line {line}, column {first['column']}: expected ';'")
    assert f"solution.cpp:{line}:{first['column']}: error" in result["stderr"]


def test_exceptions_get_a_compile_verdict_in_plain_words(page):
    result = run(page, (PROGRAMS / "throws.cpp").read_text(encoding="utf-8"), "")
    assert result["verdict"] == "compile"
    words = "exceptions (try, throw, catch) are not supported by the browser's C++ compiler"
    assert words in result["summary"]


def test_an_endless_loop_stops_at_the_time_limit_and_the_next_run_works(page):
    endless = (PROGRAMS / "endless.cpp").read_text(encoding="utf-8")
    result = run(page, endless, "loop", limit_ms=1_000)
    assert result["verdict"] == "time"
    assert 1_000 <= result["ms"] <= 3_000
    after = run(page, BYTE_ME, read("byte_me", "sample-1.in"))
    assert after["verdict"] == "accepted"


@pytest.mark.parametrize("mode, reason", [("oob", "out-of-bounds memory access"),
                                          ("div0", "integer division by zero"),
                                          ("thread", "std::thread is not supported")])
def test_a_crash_is_a_runtime_error_with_its_reason(page, mode, reason):
    result = run(page, (PROGRAMS / "behaviours.cpp").read_text(encoding="utf-8"), mode)
    assert result["verdict"] == "error"
    assert f"runtime error: {reason}" in result["stderr"]


def test_flooding_stdout_is_output_limit_exceeded(page):
    result = run(page, (PROGRAMS / "behaviours.cpp").read_text(encoding="utf-8"), "flood", limit_ms=20_000)
    assert result["verdict"] == "output"
    assert result["stderr"] == "output limit exceeded"
    assert result["stdout"].startswith("spam spam")


def test_a_program_imports_only_the_shims_functions_and_runs_in_the_opaque_frame(page):
    imports = page.evaluate("""async ([source, piece]) => {
        const { cppCompiler } = await import(piece);
        const program = await cppCompiler().compile(source);
        const module = new WebAssembly.Module(program.wasm);
        return WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`);
    }""", [BYTE_ME, SOLUTION_CPP])
    assert imports
    assert all(i.startswith("wasi_snapshot_preview1.") or i == "pixel_judge.tick" for i in imports), imports
    foreign = run(page, (PROGRAMS / "foreign_import.cpp").read_text(encoding="utf-8"), "")
    assert foreign["verdict"] == "error"
    assert "the program imports env.reach_the_page" in foreign["stderr"]
    assert "reached" not in foreign["stdout"]
    frames = page.evaluate("""[...document.querySelectorAll('iframe')].map((f) => ({
        sandbox: f.getAttribute('sandbox'),
        reachable: (() => {
            try { return Boolean(f.contentWindow.document); } catch { return false; }
        })() }))""")
    assert frames == [{"sandbox": "allow-scripts", "reachable": False}]


def test_a_toolchain_file_damaged_in_storage_is_never_used(page):
    """What the page reads back from storage is checked: a cached file that does not
    hash to the build's SHA-256 is dropped and downloaded again."""
    report = page.evaluate("""async () => {
        const { TOOLCHAIN } = await import('/js/cpp/toolchain-files.js');
        const { cacheName, fileUrl } = await import('/js/cpp/toolchain.js');
        const cache = await caches.open(cacheName(TOOLCHAIN));
        const url = fileUrl(TOOLCHAIN.files['llvm-resources.tar'].url);
        const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        bytes[bytes.length >> 1] ^= 0xff;
        await cache.put(url, new Response(bytes));
        const { CppCompiler } = await import('/js/cpp/compiler.js');
        const fresh = new CppCompiler();
        const ready = await fresh.load();
        const program = await fresh.compile('int main() { return 0; }');
        fresh.cancel();
        const again = new Uint8Array(await (await cache.match(url)).arrayBuffer());
        const digest = [...new Uint8Array(await crypto.subtle.digest('SHA-256', again))]
            .map((b) => b.toString(16).padStart(2, '0')).join('');
        return { damaged: ready.damaged, downloaded: ready.downloaded, compiled: program.ok,
                 restored: digest === TOOLCHAIN.files['llvm-resources.tar'].sha256 };
    }""")
    assert report == {"damaged": ["llvm-resources.tar"], "downloaded": ["llvm-resources.tar"],
                      "compiled": True, "restored": True}


# ------------------------------------------------------------------ My solution in C++, through the page


def set_code(page: Any, code: str) -> None:
    """Puts `code` in the editor as a paste does (select all, insert the text)."""
    open_solution(page)
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)


def press_and_wait(page: Any, button: str, timeout_ms: int = 300_000) -> None:
    page.click(f"[data-testid={button}]")
    wait_js(page, f"!document.querySelector('[data-testid={button}]').disabled", timeout_ms)


def shadow(page: Any, expr: str) -> Any:
    return page.evaluate(f"(() => {{ const root = document.querySelector('[data-testid=solution-editor]')"
                         f".shadowRoot; return {expr}; }})()")


def test_a_compile_error_is_marked_in_the_editor_and_its_message_goes_to_its_line(page):
    broken = BYTE_ME.replace("cin >> n;", "cin >> n")
    line = next(k for k, text in enumerate(broken.splitlines(), 1) if "cin >> n" in text and ";" not in text)
    set_code(page, broken)
    page.fill("[data-testid=input]", read("byte_me", "sample-1.in"))
    press_and_wait(page, "solution-run")
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "compile"
    verdict = page.text_content("[data-testid=solution-verdict]")
    column = int(re.search(rf"line {line}, column (\d+): expected ';'", verdict).group(1))
    assert (f"solution.cpp:{line}:{column}: error: expected ';'"
            in page.text_content("[data-testid=solution-stderr]"))
    # The line is marked in the editor (tinted, its error underlined), nowhere else.
    marked = shadow(page, "[...root.querySelectorAll('.cm-errorLine')].map((l) => l.textContent)")
    assert marked == [broken.splitlines()[line - 1]]
    assert shadow(page, "root.querySelector('.cm-errorLine .cm-lintRange-error')?.textContent")
    # Its message is a button that puts the cursor on that line, in the editor.
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+Home")
    assert shadow(page, "root.querySelector('.cm-activeLineGutter').textContent") == "1"
    page.click("[data-testid=solution-diagnostic]")
    assert shadow(page, "root.querySelector('.cm-activeLineGutter').textContent") == str(line)
    assert shadow(page, "root.activeElement?.dataset.testid") == "solution-code"
    # Fixed, it compiles and the marks go.
    set_code(page, BYTE_ME)
    press_and_wait(page, "solution-run")
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "accepted"
    assert shadow(page, "root.querySelectorAll('.cm-errorLine, .cm-lintRange').length") == 0


def test_a_run_through_the_page_counts_down_and_is_judged(page):
    wrong = TIE_BUG + "// the tie bug\n"
    set_code(page, wrong)
    page.fill("[data-testid=input]", read("byte_me", "spec-extra-1.in"))
    page.evaluate("""() => {
        window.countdown = [];
        const node = document.querySelector('[data-testid=solution-countdown]');
        new MutationObserver(() => window.countdown.push(node.textContent))
            .observe(node, {childList: true, subtree: true, characterData: true});
    }""")
    press_and_wait(page, "solution-run")
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "wrong"
    assert page.text_content("[data-testid=solution-verdict]").startswith("wrong answer · ")
    assert 'expected "Win!", got "Nibble me!"' in page.text_content("[data-testid=solution-cases]")
    assert page.text_content("[data-testid=solution-status]").startswith("Compiled in ")
    assert [t for t in page.evaluate("window.countdown") if re.fullmatch(r"\d+\.\d s left", t)]
    # The same source again: accepted sources and wrong ones alike compile once.
    press_and_wait(page, "solution-run")
    assert page.text_content("[data-testid=solution-status]").startswith("Compiled before (the same source)")


def test_a_runtime_error_and_a_compile_error_are_worded_in_chinese(page):
    """The runner's frame has no catalogs: it sends the reason as a message, and the page words
    it in the language shown (the hook's English stays as it was)."""
    page.select_option("[data-testid=language]", "zh-CN")
    try:
        wait_js(page, "pixelJudge.state().lang === 'zh-CN'")
        set_code(page, (PROGRAMS / "behaviours.cpp").read_text(encoding="utf-8"))
        page.fill("[data-testid=input]", "div0")
        press_and_wait(page, "solution-run")
        assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "error"
        shown = page.text_content("[data-testid=solution-stderr]")
        assert "运行错误：整数除以零 [" in shown and "runtime error" not in shown, shown
        broken = BYTE_ME.replace("cin >> n;", "cin >> n")
        line = next(k for k, text in enumerate(broken.splitlines(), 1)
                    if "cin >> n" in text and ";" not in text)
        set_code(page, broken)
        page.fill("[data-testid=input]", read("byte_me", "sample-1.in"))
        press_and_wait(page, "solution-run")
        verdict = page.text_content("[data-testid=solution-verdict]")
        assert re.search(rf"：第 {line} 行第 \d+ 列：expected ';'", verdict), verdict
    finally:
        page.select_option("[data-testid=language]", "en")
        wait_js(page, "pixelJudge.state().lang === 'en'")
    # The verdict follows the switch back: the same words in English.
    assert re.search(rf": line {line}, column \d+: expected ';'",
                     page.text_content("[data-testid=solution-verdict]"))


def test_cancel_stops_a_compile_and_a_run(page):
    compiles = f"import('{SOLUTION_CPP}').then((m) => m.cppCompiler().compiles)"
    set_code(page, BYTE_ME + "// never compiled before: cancelled while compiling\n")
    page.fill("[data-testid=input]", read("byte_me", "sample-1.in"))
    page.click("[data-testid=solution-run]")
    wait_js(page, "document.querySelector('[data-testid=solution-status]').textContent === 'Compiling…'")
    page.click("[data-testid=solution-cancel]")
    wait_js(page, "!document.querySelector('[data-testid=solution-run]').disabled", 30_000)
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "cancelled"
    # The compiler's worker went with the compile; the toolchain stays in the browser.
    box_state(page, "cached")
    # An endless program (a source new to the compiler, which loads again for it), cancelled while it runs.
    set_code(page, (PROGRAMS / "endless.cpp").read_text(encoding="utf-8") + "// cancelled while running\n")
    page.fill("[data-testid=input]", "loop")
    page.fill("[data-testid=solution-limit]", "30")
    page.click("[data-testid=solution-run]")
    wait_js(page, "document.querySelector('[data-testid=solution-countdown]').textContent"
                  ".endsWith('s left')", 300_000)
    page.click("[data-testid=solution-cancel]")
    wait_js(page, "!document.querySelector('[data-testid=solution-run]').disabled", 30_000)
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "cancelled"
    assert int(page.evaluate(compiles)) >= 1
    page.fill("[data-testid=solution-limit]", "5")
    box_state(page, "ready")


def test_stress_finds_and_shrinks_a_planted_bug_and_compiles_once(page):
    compiles = f"import('{SOLUTION_CPP}').then((m) => m.cppCompiler().compiles)"
    set_code(page, THREE_HITS)
    before = page.evaluate(compiles)
    page.fill("[data-testid=solution-limit]", "5")
    page.fill("[data-testid=stress-seed]", "3")
    page.fill("[data-testid=stress-count]", "20")
    page.select_option("[data-testid=stress-mode]", "random")
    press_and_wait(page, "solution-stress", 600_000)
    assert page.is_visible("[data-testid=stress-fail]"), page.text_content("[data-testid=solution-status]")
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "wrong"
    shrunk = page.text_content("[data-testid=stress-input]")
    assert shrunk.count("START") == 1      # the one failing hand of its input
    expected = page.text_content("[data-testid=stress-expected]")
    got = page.text_content("[data-testid=stress-got]")
    # Its dealer takes four hits; the planted bug stops at three.
    assert len(re.findall(r"(Byte|Nibble) me!", expected)) == 4
    assert len(re.findall(r"(Byte|Nibble) me!", got)) == 3
    assert page.evaluate(compiles) == before + 1   # one compile for every run of the stress test
    page.click("[data-testid=stress-open]")
    wait_js(page, "pixelJudge.state().steps > 0 && !pixelJudge.state().solving")
    assert page.input_value("[data-testid=input]") == shrunk


def test_the_first_visit_never_fetches_the_toolchain(browser, site_url):
    context, page, _ = open_page(browser, site_url)
    try:
        urls: list[str] = []
        context.on("request", lambda request: urls.append(request.url))
        page.reload()
        page.evaluate("pixelJudge.ready")
        wait_js(page, "pixelJudge.state().offline === 'ready'", BOOT_TIMEOUT_MS)
        assert urls and not [u for u in urls if "/toolchain/" in u]
        names = page.evaluate("caches.keys()")
        assert not [n for n in names if n.startswith("pixel-judge-toolchain-")]
        # The service worker's list: every file of the site but the toolchain's data.
        sw = page.evaluate("fetch('sw.js').then((r) => r.text())")
        precache = read_precache(sw)
        assert not [name for name in precache["files"] if name.startswith("toolchain/")]
        # Offline before C++ was ever downloaded: the page says so, and offers nothing that cannot work.
        context.set_offline(True)
        open_solution(page)
        page.select_option("[data-testid=solution-language]", "cpp")
        box_state(page, "offline")
        words = page.text_content("[data-testid=cpp-status]")
        assert words.startswith("You are offline, and this browser does not have the C++ compiler yet "
                                f"(a one-time {toolchain_wire_mb()} download)")
        assert page.is_disabled("[data-testid=cpp-download]")
        context.set_offline(False)
        box_state(page, "needed")
        assert page.is_enabled("[data-testid=cpp-download]")
        assert not [u for u in urls if "/toolchain/" in u]
    finally:
        context.close()


SAVED_PYTHON = 'print("mine")\n'


def test_the_language_is_kept_per_game_and_old_code_stays_python(browser, site_url):
    """No download here: the compiler is never needed to pick a language."""
    context, page, watch = open_page(browser, site_url)
    try:
        # Code saved before C++ came (the one store of old) is Python's.
        page.evaluate("localStorage.setItem('pixelJudge.solutions.v1', "
                      f"JSON.stringify({{byte_me: {SAVED_PYTHON!r}}}))")
        page.reload()
        page.evaluate("pixelJudge.ready")
        choose_game(page, "byte_me")
        open_solution(page)
        editor = "[...document.querySelector('[data-testid=solution-editor]').shadowRoot" \
                 ".querySelectorAll('.cm-line')].map((l) => l.textContent).join('\\n')"
        assert page.input_value("[data-testid=solution-language]") == "python"
        assert page.evaluate(editor) == SAVED_PYTHON
        page.select_option("[data-testid=solution-language]", "cpp")
        wait_js(page, f"{editor}.startsWith('#include <bits/stdc++.h>')")   # the C++ starter
        wait_js(page, "document.querySelector('[data-testid=solution-editor]').shadowRoot"
                  ".querySelector('[data-testid=solution-code]').getAttribute('aria-label')"
                  " === 'C++ solution'")
        assert "clang++" in page.text_content("[data-testid=solution-hint]")
        page.click("[data-testid=solution-code]")
        page.keyboard.press("Control+End")
        page.keyboard.type("// mine in C++")
        # Another game keeps its own language; coming back brings C++ and its code back.
        choose_game(page, "kalah")
        wait_js(page, "document.querySelector('[data-testid=solution-language]').value === 'python'")
        assert page.is_hidden("[data-testid=cpp-box]")
        choose_game(page, "byte_me")
        wait_js(page, f"document.querySelector('[data-testid=solution-language]').value === 'cpp' && "
                      f"{editor}.endsWith('// mine in C++')")
        page.reload()
        page.evaluate("pixelJudge.ready")
        choose_game(page, "byte_me")
        open_solution(page)
        assert page.input_value("[data-testid=solution-language]") == "cpp"
        assert page.evaluate(editor).endswith("// mine in C++")
        page.select_option("[data-testid=solution-language]", "python")
        wait_js(page, f"{editor} === {SAVED_PYTHON!r}")
        # A solution link carries its language: its C++ code is a proposal shown as C++,
        # and Discard brings back the user's own Python.
        link = page.evaluate("""async (input) => (await import('./js/page/share.js')).linkFor({
            game: 'byte_me', text: input,
            tool: {name: 'solution', params: {code: 'int main() { return 0; }\\n', language: 'cpp'}}})""",
                             read("byte_me", "sample-1.in"))
        page.goto(link)
        wait_js(page, "!document.querySelector('[data-testid=solution-proposal]').hidden", 90_000)
        wait_js(page, f"{editor} === 'int main() {{ return 0; }}\\n'")
        assert page.input_value("[data-testid=solution-language]") == "cpp"
        page.click("[data-testid=solution-discard]")
        wait_js(page, f"{editor} === {SAVED_PYTHON!r}")
        assert page.input_value("[data-testid=solution-language]") == "python"
        # The link the page makes carries the language it shows.
        page.select_option("[data-testid=solution-language]", "cpp")
        page.click("[data-testid=tool-link]")
        made = wait_js(page, "document.querySelector('[data-testid=tool-link-text]').value")
        params = page.evaluate("async (link) => (await (await import('./js/page/share.js')).parseFragment("
                               "link.slice(link.indexOf('#')), ['byte_me'])).tool.params", made)
        assert params["language"] == "cpp" and params["code"].endswith("// mine in C++")
        # Stored values that are not what the page wrote are ignored, never trusted.
        page.evaluate("localStorage.setItem('pixelJudge.solutionLanguage.v1', "
                      "JSON.stringify({byte_me: 'rust'}));"
                      "localStorage.setItem('pixelJudge.solutions.cpp.v1', JSON.stringify({byte_me: 42}))")
        page.reload()
        page.evaluate("pixelJudge.ready")
        choose_game(page, "byte_me")
        open_solution(page)
        assert page.input_value("[data-testid=solution-language]") == "python"
        page.select_option("[data-testid=solution-language]", "cpp")
        wait_js(page, f"{editor}.startsWith('#include <bits/stdc++.h>')")
        assert not watch.errors, watch.errors
    finally:
        context.close()


def test_cpp_works_offline_after_the_first_download(cpp):
    """Last: it takes the shared context offline."""
    context, page, _ = cpp
    wait_js(page, "pixelJudge.state().offline === 'ready'", BOOT_TIMEOUT_MS)
    context.set_offline(True)
    try:
        page.reload()
        page.evaluate("pixelJudge.ready")
        choose_game(page, "byte_me")
        page.set_default_timeout(LOAD_MS)
        # My solution remembers C++ for this game and loads the kept compiler, with no network.
        open_solution(page)
        assert page.input_value("[data-testid=solution-language]") == "cpp"
        box_state(page, "ready", LOAD_MS)
        assert "kept in this browser for offline use" in page.text_content("[data-testid=cpp-status]")
        set_code(page, BYTE_ME)
        page.fill("[data-testid=input]", read("byte_me", "gen-bm1-1.in"))
        press_and_wait(page, "solution-run", LOAD_MS)
        assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "accepted"
        assert page.text_content("[data-testid=solution-stdout]") == read("byte_me", "gen-bm1-1.ans")
    finally:
        context.set_offline(False)
