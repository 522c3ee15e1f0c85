"""C++ compiles bounded (issue 31): a compile has a time limit and the compiler a
memory cap (web/js/cpp/compiler-limits.js), each ended with a compile verdict in
plain words after which the next compile works; and the smaller C++ items, each
with a plain message (an absolute include, deep template recursion, send()), and a
share link with C++ code that does not load the compiler by itself.

One browser context loads the toolchain once (through the page's own compiler) and
the tests share it.  Compiling is slow on a small machine: each test compiles as
little as it can."""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, choose_game, open_page, read, wait_js

from buildsys.bundle import piece_for

SOLUTION_CPP = "/" + piece_for("js/cpp/solution-cpp.js")
PROGRAMS = ROOT / "tests" / "cpp"
BYTE_ME = (PROGRAMS / "byte_me.cpp").read_text(encoding="utf-8")
LOAD_MS = 600_000
VERDICT_S = 60          # a bomb's compile verdict comes within this
RSS_CAP = 2.5 * 2**30   # the browser's memory (its processes' PSS) while it does

# A static array of `mb` MB the program really uses (so -O2 keeps it).
ARRAY = """#include <cstdio>
static char big[{mb}u << 20];
int main() {{ int i; if (std::scanf("%d", &i) != 1) return 1; big[i] = 1; std::printf("%d", big[i / 2]); }}
"""
MEMORY_CAP = "the compiler ran past its memory cap (1 GB)"
OUTPUT_CAP = "the compiler's output passed its cap (256 MB)"
# Each macro doubles its argument: 2^32 empty statements.
MACRO_BOMB = "".join(f"#define X{k}(x) X{k - 1}(X{k - 1}(x))\n" for k in range(2, 7)).join(
    ["#define X1(x) x x\n", "int main() { X6(;) }\n"])
# Constant evaluation that takes minutes in little memory: the time limit, not the cap, stops it.
SLOW_CONSTEXPR = ("constexpr long long f(int s) {\n"
                  "  long long x = 0;\n  for (int i = 0; i < 50000; i++) x += i ^ s;\n  return x;\n}\n") + \
    "".join(f"static_assert(f({k}) >= 0, \"\");\n" for k in range(1000)) + "int main() { return 0; }\n"
DEEP_TEMPLATE = """template <int N> struct Depth { static const int value = Depth<N - 1>::value + 1; };
template <> struct Depth<0> { static const int value = 0; };
int main() { return Depth<100000>::value; }
"""


# A switch Chromium ignores, on this module's own browser only: its main process is found
# by it, and the RSS read is that browser's alone, not the session's shared one's, whose
# page holds an engine and a runner from the tests before (as a user's tab would not).
TAG = "--pixel-judge-cpp-bounds"


def tree(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        pid = todo.pop()
        out.append(pid)
        try:
            for task in Path(f"/proc/{pid}/task").iterdir():
                todo += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return out


def browser_rss() -> int:
    """Bytes this module's browser holds (its processes' PSS): its main process (TAG) and all
    below it."""
    total = 0
    for pid in tree(os.getpid()):
        try:
            if TAG.encode() not in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0"):
                continue
        except OSError:
            continue
        for member in tree(pid):
            total += proportional_bytes(member)
    return total


def proportional_bytes(pid: int) -> int:
    """A process's proportional set size: its private pages and its share of the pages it
    shares (a summed VmRSS counts the zygote's and the GPU process's shared pages once per
    process, 0.1-0.3 GB here, and so measured more than the browser holds)."""
    for source, field in ((f"/proc/{pid}/smaps_rollup", "Pss:"), (f"/proc/{pid}/status", "VmRSS:")):
        try:
            lines = Path(source).read_text().splitlines()
            return int(next(line for line in lines if line.startswith(field)).split()[1]) * 1024
        except (OSError, StopIteration):
            continue
    return 0


def run(page: Any, code: str, text: str, limit_ms: int = 5_000) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "([c, i, ms]) => pixelJudge.runSolution(c, i, {timeLimitMs: ms, language: 'cpp'})",
        [code, text, limit_ms])
    return result


def run_watched(page: Any, code: str) -> tuple[dict[str, Any] | None, float, int]:
    """Runs `code` without waiting in the page: its result (None if none came within
    VERDICT_S), the seconds it took and the browser's highest RSS meanwhile."""
    page.evaluate("""(c) => { window.boundRun = null;
        pixelJudge.runSolution(c, '0', {timeLimitMs: 5000, language: 'cpp'})
            .then((r) => { window.boundRun = r; },
                  (e) => { window.boundRun = {verdict: 'threw', stderr: String(e)}; }); }""",
                  code)
    started = time.monotonic()
    peak = browser_rss()
    result = None
    while result is None and time.monotonic() - started < VERDICT_S:
        time.sleep(0.25)
        peak = max(peak, browser_rss())
        result = page.evaluate("window.boundRun")
    seconds = time.monotonic() - started
    if result is None:   # no verdict: stop the compile before the next test
        page.evaluate(f"import('{SOLUTION_CPP}').then((m) => m.cancelCompile())")
    return result, seconds, peak


@pytest.fixture(scope="module")
def own_browser(browser_type: Any, browser_type_launch_args: dict[str, Any]) -> Iterator[Any]:
    """A browser of this module's own, as a user's with one tab: the bounds are on its memory."""
    args = dict(browser_type_launch_args, args=[*browser_type_launch_args.get("args", []), TAG])
    browser = browser_type.launch(**args)
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def cpp(own_browser: Any, site_url: str) -> Iterator[tuple[Any, Any]]:
    """A context whose toolchain is downloaded, and a page whose compiler is loaded."""
    context, page, watch = open_page(own_browser, site_url)
    page.set_default_timeout(LOAD_MS)
    page.evaluate("pixelJudge.ready")
    choose_game(page, "byte_me")
    page.evaluate(f"import('{SOLUTION_CPP}').then((m) => m.cppCompiler().load()).then(() => true)")
    first = run(page, BYTE_ME, read("byte_me", "sample-1.in"))
    assert first["verdict"] == "accepted", first
    page.set_default_timeout(180_000)
    yield context, page
    assert not watch.errors, watch.errors
    context.close()


@pytest.fixture()
def page(cpp: tuple[Any, Any]) -> Any:
    return cpp[1]


def accepted_after(page: Any) -> None:
    """The next compile (a source new to the compiler: no cached program) works, in a fresh
    worker, which it warms up (a worker's first compile has a longer time limit)."""
    source = BYTE_ME + f"// compiled after a bound ({time.monotonic_ns()})\n"
    after = run(page, source, read("byte_me", "sample-1.in"))
    assert after["verdict"] == "accepted", after


# 2000 MB: more than the compiler's memory; 300 MB: it fits, but its object file is 300 MB
# of zeros in the worker's JavaScript heap (a 700 MB one took the browser to 4.1 GB).
@pytest.mark.parametrize("bomb, words", [(ARRAY.format(mb=2000), MEMORY_CAP),
                                         (ARRAY.format(mb=300), OUTPUT_CAP), (MACRO_BOMB, MEMORY_CAP)],
                         ids=["static-array-2000mb", "static-array-300mb", "macro-bomb"])
def test_a_compile_bomb_meets_a_cap_and_the_next_compile_works(page, bomb, words):
    result, seconds, peak = run_watched(page, bomb)
    assert result is not None, f"no verdict after {seconds:.0f} s (the browser reached {peak / 2**30:.2f} GB)"
    assert result["verdict"] == "compile", result
    assert result["summary"].startswith(words), result["summary"]
    assert seconds < VERDICT_S
    assert peak < RSS_CAP, f"the browser reached {peak / 2**30:.2f} GB"
    accepted_after(page)


def test_a_compile_past_its_time_limit_is_stopped_with_a_compile_verdict(page):
    result, seconds, _ = run_watched(page, SLOW_CONSTEXPR)
    assert result is not None, f"no verdict after {seconds:.0f} s"
    assert result["verdict"] == "compile", result
    assert result["summary"] == "the compiler ran out of time (30 s)"
    assert 30 <= seconds < VERDICT_S
    accepted_after(page)


def test_deep_template_recursion_is_clangs_own_error(page):
    result = run(page, DEEP_TEMPLATE, "")
    assert result["verdict"] == "compile", result
    assert result["summary"].startswith("line 1, column "), result["summary"]
    assert "recursive template instantiation exceeded maximum depth of 128" in result["summary"]


def test_an_absolute_include_is_a_file_the_compiler_does_not_have(page):
    result = run(page, '#include "/etc/passwd"\nint main() { return 0; }\n', "")
    assert result["verdict"] == "compile", result
    assert result["summary"] == ("line 1, column 10: the compiler has no file /etc/passwd: "
                                 "a program can include only the standard headers")
    assert "libc++" not in result["summary"]


def test_send_is_the_programs_runtime_error_and_keeps_its_output(page):
    result = run(page, (PROGRAMS / "sockets.cpp").read_text(encoding="utf-8"), "")
    assert result["verdict"] == "error", result
    assert result["stdout"] == "before send\n"
    assert "runtime error: sockets are not available to programs" in result["stderr"]


def test_a_cpp_link_does_not_load_the_compiler_until_keep(cpp, site_url):
    context, _ = cpp
    page = context.new_page()
    try:
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.goto(site_url)
        page.evaluate("pixelJudge.ready")
        link = page.evaluate("""async (input) => (await import('./js/page/share.js')).linkFor({
            game: 'byte_me', text: input,
            tool: {name: 'solution', params: {code: 'int main() { return 0; }\\n', language: 'cpp'}}})""",
                             read("byte_me", "sample-1.in"))
        workers: list[str] = []
        page.on("worker", lambda worker: workers.append(worker.url))
        page.goto(link)
        wait_js(page, "!document.querySelector('[data-testid=solution-proposal]').hidden", 90_000)
        box = "document.querySelector('[data-testid=cpp-box]')"
        wait_js(page, f"{box}.dataset.state === 'cached' && !{box}.hidden")
        time.sleep(3)   # time for a load to start, if the page were to start one
        assert page.evaluate(f"{box}.dataset.state") == "cached"
        assert page.evaluate(f"import('{SOLUTION_CPP}').then((m) => m.cppCompiler().loaded === null)")
        assert not [url for url in workers if "compiler-worker" in url], workers
        # Keep makes the code the user's: the compiler loads now.
        page.click("[data-testid=solution-keep]")
        wait_js(page, f"{box}.dataset.state === 'ready'", LOAD_MS)
        assert [url for url in workers if "compiler-worker" in url], workers
    finally:
        page.close()
