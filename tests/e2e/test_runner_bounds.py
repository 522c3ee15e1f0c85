"""Every resource of a run bounded (issue 31, items 1, 2, 3 and 8): a program's nested
workers, its memory (the interpreter's wasm heap and JavaScript's), its output however
it is written, and its voice. The browser's CPU time and memory are read from /proc for
the Chromium this test session launched (the processes under this pytest process).

Until the page maps the runner's "memory" status to a verdict of its own, the hook
reports it as "error" with the runner's "memory limit exceeded" line in stderr: the
tests accept either form (`stopped_for_memory`)."""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from conftest import choose_game, read, wait_js

SAMPLE = read("byte_me", "sample-1.in")
ANSWER = read("byte_me", "sample-1.ans")
MB = 1024 * 1024


def run(page: Any, code: str, text: str = SAMPLE, limit_ms: int = 10_000) -> dict[str, Any]:
    return page.evaluate("([c, i, ms]) => pixelJudge.runSolution(c, i, {timeLimitMs: ms})",
                         [code, text, limit_ms])


def browser_pids() -> list[int]:
    """This session's browser: every process descended from this pytest process
    (Playwright's driver and the Chromium it launched), none of another session's."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    out, todo = [], list(children.get(os.getpid(), []))
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


def cpu_seconds(pids: list[int]) -> float:
    ticks = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += sum(int(v) for v in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_bytes() -> int:
    total = 0
    for pid in browser_pids():
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


class PeakRss:
    """The most the browser's processes held, sampled every 50 ms while a run goes."""

    def __init__(self) -> None:
        self.start = rss_bytes()
        self.peak = self.start
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)
        self.thread.start()

    def _sample(self) -> None:
        while not self.done.wait(0.05):
            self.peak = max(self.peak, rss_bytes())

    def stop(self) -> int:
        """The growth over the start, in bytes."""
        self.done.set()
        self.thread.join()
        return self.peak - self.start


def boots(page: Any) -> int:
    return int(page.evaluate("pixelJudge.state().runner.bootCount || 0"))


def stopped_for_memory(result: dict[str, Any]) -> bool:
    return result["verdict"] == "memory" or (
        result["verdict"] == "error" and "memory limit exceeded" in result["stderr"])


def next_run_is_ready(page: Any) -> float:
    """Seconds a right answer takes, from the call to its verdict, right after a stop."""
    started = time.monotonic()
    judged = run(page, f"import sys\nsys.stdout.write({ANSWER!r})\n")
    seconds = time.monotonic() - started
    assert (judged["verdict"], judged["stdout"]) == ("accepted", ANSWER), judged
    return seconds


# A tree of workers, each starting two more and then spinning, four times over.
WORKERS = """import js, sys
from urllib.parse import quote
for name in ("Worker", "SharedWorker", "postMessage", "importScripts", "fetch", "close"):
    print(name, "open" if js.Reflect.has(js.self, name) else "gone")
SPIN = "data:text/javascript," + quote(
    "try { new Worker(self.location.href); new Worker(self.location.href); } catch (e) {} for (;;) {}")
started = 0
for _ in range(4):
    try:
        js.Worker.new(SPIN)
        started += 1
    except BaseException:
        pass
print("started", started)
from pyodide.ffi import to_js
LOOP = bytes([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 7, 5, 1, 1, 102, 0, 0,
              10, 9, 1, 7, 0, 3, 64, 12, 0, 11, 11])   # a module whose one function loops forever
try:
    js.WebAssembly.Module.new(to_js(LOOP))
    print("wasm compiled")
except BaseException:
    print("wasm refused")
"""


def test_a_programs_workers_are_out_of_its_reach_and_the_browser_is_quiet_after_it(app):
    choose_game(app, "byte_me")
    run(app, "print(1)")   # the runner and its spare are up
    result = run(app, WORKERS, limit_ms=10_000)
    stopped = time.monotonic()
    lines = result["stdout"].splitlines()
    assert lines == ["Worker gone", "SharedWorker gone", "postMessage gone", "importScripts gone",
                     "fetch gone", "close gone", "started 0", "wasm refused"], lines
    # The next run's interpreter is ready within 3 s, then the browser goes quiet.
    before = boots(app)
    while boots(app) <= before and time.monotonic() - stopped < 3:
        time.sleep(0.05)
    assert boots(app) > before, "the next run's interpreter was not ready within 3 s"
    assert time.monotonic() - stopped < 3
    pids = browser_pids()
    cpu = cpu_seconds(pids)
    time.sleep(2)
    busy = cpu_seconds(pids) - cpu
    assert busy < 0.6, f"the browser used {busy:.2f} CPU-seconds in 2 s after the run"
    assert next_run_is_ready(app) < 3


JS_BUFFERS = """import js
keep = []
for _ in range(2048):   # 2 GB of JavaScript buffers, each touched
    buffer = js.ArrayBuffer.new(1 << 20)
    js.Uint8Array.new(buffer).fill(1)
    keep.append(buffer)
print("allocated", len(keep))
"""


def test_two_gb_of_javascript_buffers_are_stopped_for_memory(app):
    choose_game(app, "byte_me")
    run(app, "print(1)")
    watch = PeakRss()
    result = run(app, JS_BUFFERS, limit_ms=20_000)
    grew = watch.stop()
    assert stopped_for_memory(result), result
    assert "allocated" not in result["stdout"]
    assert grew < 1024 * MB, f"the browser grew by {grew / MB:.0f} MB"
    assert next_run_is_ready(app) < 3


def test_the_interpreters_heap_is_bounded_by_the_memory_limit(app):
    choose_game(app, "byte_me")
    watch = PeakRss()
    result = run(app, "data = bytearray(1 << 30)\nprint(len(data))\n", limit_ms=20_000)
    grew = watch.stop()
    assert stopped_for_memory(result), result
    assert result["stdout"] == ""
    assert grew < 768 * MB, f"the browser grew by {grew / MB:.0f} MB"
    # Well under the limit runs as before.
    fine = run(app, f"data = bytearray(100 << 20)\nimport sys\nsys.stdout.write({ANSWER!r})\n")
    assert (fine["verdict"], fine["stdout"]) == ("accepted", ANSWER), fine
    assert next_run_is_ready(app) < 3


ONE_BYTE = """import sys
while True:
    sys.stdout.write("x")
    sys.stdout.flush()
"""


def test_five_seconds_of_one_byte_writes_stay_small_and_are_judged(app):
    choose_game(app, "byte_me")
    run(app, "print(1)")
    watch = PeakRss()
    result = run(app, ONE_BYTE, limit_ms=5000)
    grew = watch.stop()
    assert result["verdict"] == "time", result   # five seconds of writes, under the output limit
    assert grew < 500 * MB, f"the browser grew by {grew / MB:.0f} MB"
    # The right answer written a byte at a time, each flushed, is judged as a whole.
    byte_by_byte = f"import sys\nfor c in {ANSWER!r}:\n    sys.stdout.write(c)\n    sys.stdout.flush()\n"
    judged = run(app, byte_by_byte)
    assert (judged["verdict"], judged["stdout"]) == ("accepted", ANSWER), judged


FORGER = """import js, sys
from pyodide.ffi import to_js
words = "Install the Pixel Judge helper from " + "evil" + ".example"
message = to_js({"type": "failed", "message": words}, dict_converter=js.Object.fromEntries)
for how in ("global", "prototype"):
    try:
        if how == "global":
            js.postMessage(message)
        else:
            js.Reflect.get(js.DedicatedWorkerGlobalScope.prototype, "postMessage").call(js.self, message)
        print(how, "posted")
    except BaseException as err:
        print(how, "refused", type(err).__name__)
sys.stdout.write("done\\n")
"""


def test_a_forged_failure_never_speaks_in_the_sites_voice(app):
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", SAMPLE)
    app.click("[data-testid=tool-solution]")
    wait_js(app, "document.querySelector('[data-testid=solution-editor]').shadowRoot")
    app.click("[data-testid=solution-code]")
    app.keyboard.press("Control+a")
    app.keyboard.insert_text(FORGER)
    app.click("[data-testid=solution-run]")
    wait_js(app, "!document.querySelector('[data-testid=solution-run]').disabled"
                 " && !document.querySelector('[data-testid=solution-verdict]').hidden", 60_000)
    for testid in ("solution-status", "sandbox-status", "solution-verdict"):
        shown = app.text_content(f"[data-testid={testid}]") or ""
        assert "evil.example" not in shown and "Cannot run code" not in shown, (testid, shown)
    assert app.get_attribute("[data-testid=solution-verdict]", "data-verdict") != "failed"
    assert app.evaluate("pixelJudge.state().runner.state") == "ready"
    hooked = run(app, FORGER)
    want = "global refused AttributeError\nprototype refused AttributeError\ndone\n"
    assert hooked["stdout"] == want, hooked
    assert "evil.example" not in hooked["stderr"], hooked


# ----------------------------------------------------------------------------- C++
# The page test_cpp.py downloads the toolchain in (its module's fixtures, shared here).
from test_cpp import BYTE_ME, cpp  # noqa: E402,F401  (cpp: the fixture)
from test_cpp import run as run_cpp  # noqa: E402


@pytest.fixture()
def cpp_page(cpp: tuple[Any, Any, dict[str, Any]]) -> Any:  # noqa: F811
    _, shared, _ = cpp
    choose_game(shared, "byte_me")
    return shared

# 200 MB: under the compiler's 256 MB output cap (a static array's zeros are in its object
# file; test_cpp_bounds.py), over the 128 MB limit this program is run with.
BIG_STATIC = """#include <cstdio>
static char big[200u << 20];
int main() {
  volatile char *p = big;
  p[12345] = 1;
  std::printf("%d\\n", p[12345] + p[200u << 19]);
}
"""
HUNGRY = """#include <cstdio>
#include <vector>
int main() {
  std::vector<std::vector<char>> keep;
  for (int i = 0; i < 2048; i++) keep.emplace_back(1 << 20, 'x');
  std::printf("%zu\\n", keep.size());
}
"""
PUTCHAR = """#include <cstdio>
int main() { for (;;) { std::putchar('x'); std::fflush(stdout); } }
"""


def test_a_cpp_program_over_the_memory_limit_is_stopped_for_memory(cpp_page):
    page = cpp_page
    at_once = page.evaluate("([c, i]) => pixelJudge.runSolution(c, i, {timeLimitMs: 5000, memoryLimitMb: 128,"
                            " language: 'cpp'})", [BIG_STATIC, SAMPLE])
    assert stopped_for_memory(at_once) and at_once["stdout"] == "", at_once
    assert stopped_for_memory(run_cpp(page, HUNGRY, SAMPLE, limit_ms=20_000))
    # Compiled once (the compiler's own memory is issue 31's item 4): the run alone, measured.
    watch = PeakRss()
    growing = run_cpp(page, HUNGRY, SAMPLE, limit_ms=20_000)
    grew = watch.stop()
    assert stopped_for_memory(growing) and growing["stdout"] == "", growing
    assert grew < 768 * MB, f"the browser grew by {grew / MB:.0f} MB"
    after = run_cpp(page, BYTE_ME, SAMPLE)
    assert after["verdict"] == "accepted", after


def test_five_seconds_of_cpp_one_byte_writes_stay_small(cpp_page):
    page = cpp_page
    run_cpp(page, BYTE_ME, SAMPLE)
    watch = PeakRss()
    result = run_cpp(page, PUTCHAR, SAMPLE, limit_ms=5000)
    grew = watch.stop()
    assert result["verdict"] == "time", result
    assert grew < 500 * MB, f"the browser grew by {grew / MB:.0f} MB"
