"""The memory limit of My solution and its verdict (issues 31 and 33), in headless Chromium:
a program past `memoryLimitMb` ends as "memory" (memory limit exceeded) and the next run
is judged as usual; a run's peak memory is reported (`peakMb`) and shown beside its time
(`solution-peak`); the panel's `solution-memory` field reaches the run, and a bad value is
refused with a message before anything runs; `pixelJudge.stress` passes the limit to every
run."""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, choose_game, open_page, read, wait_js

SAMPLE = read("byte_me", "sample-1.in")
ANSWER = read("byte_me", "sample-1.ans")
BYTE_ME_CPP = (ROOT / "tests" / "cpp" / "byte_me.cpp").read_text(encoding="utf-8")
MB = 1024 * 1024
# "About 100 MB": what a program holds is counted as the interpreter's growth past its fresh
# start, and a fresh interpreter has a few MB free in its heap (94.8 MB counted for 100 MB
# held, in Chromium), so the program holds 110 MB for a count of at least 100.
HELD = 110


def holding(mb: int, table: dict[str, str]) -> str:
    """A Python program that writes to every page of `mb` MB, keeps it to the end and
    answers from `table` (an input it does not know gets no output)."""
    return (f"import sys\nA = {table!r}\ntext = sys.stdin.read()\n"
            f"block = bytearray({mb} * {MB})\n"
            "for i in range(0, len(block), 4096):\n    block[i] = 1\n"
            "sys.stdout.write(A.get(text, ''))\nsys.stdout.write('' if block[4096] == 1 else 'lost')\n")


def run(page: Any, code: str, text: str, **options: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(
        "([c, i, o]) => pixelJudge.runSolution(c, i, o)", [code, text, {"timeLimitMs": 20_000, **options}])
    return result


def tool_solution(page: Any) -> None:
    page.click("[data-testid=tool-solution]")
    wait_js(page, "document.querySelector('[data-testid=solution-editor]').shadowRoot"
                  "?.querySelector('.cm-line')")


def set_code(page: Any, code: str) -> None:
    tool_solution(page)
    page.click("[data-testid=solution-code]")
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)


def press_run(page: Any) -> None:
    page.click("[data-testid=solution-run]")
    wait_js(page, "!document.querySelector('[data-testid=solution-verdict]').hidden"
                  " && !document.querySelector('[data-testid=solution-run]').disabled", 60_000)


@pytest.fixture()
def byte_me(app: Any) -> Iterator[Any]:
    choose_game(app, "byte_me")
    app.fill("[data-testid=input]", SAMPLE)
    yield app
    # The next test finds the panel's limits as a user first does.
    tool_solution(app)
    app.fill("[data-testid=solution-memory]", "256")
    app.fill("[data-testid=solution-limit]", "2")


def test_600_mb_in_python_under_256_mb_is_memory_and_the_next_run_is_accepted(byte_me):
    hog = run(byte_me, holding(600, {SAMPLE: ANSWER}), SAMPLE, memoryLimitMb=256)
    assert hog["verdict"] == "memory", hog
    assert hog["stderr"] == "memory limit exceeded (256 MB)"
    # Stopped at the limit, not at the time limit (20 s), and counted up to it.
    assert hog["ms"] < 15_000, hog["ms"]
    # A run stopped for memory needed more than the limit: its figure is at least the limit.
    assert 256 <= hog["peakMb"] <= 600, hog["peakMb"]
    after = run(byte_me, f"import sys\nsys.stdout.write({ANSWER!r})\n", SAMPLE, memoryLimitMb=256)
    assert after["verdict"] == "accepted", after
    # A judged output also names its judge's comparator and the byte-for-byte reading.
    assert set(after) == {"verdict", "stdout", "stderr", "ms", "peakMb", "comparator", "judge", "strict"}
    assert isinstance(after["peakMb"], (int, float)) and 0 <= after["peakMb"] < 64, after["peakMb"]


def test_a_right_solution_holding_100_mb_is_accepted_with_its_peak(byte_me):
    held = run(byte_me, holding(HELD, {SAMPLE: ANSWER}), SAMPLE)   # the default limit: 256 MB
    assert held["verdict"] == "accepted", held
    assert 100 <= held["peakMb"] <= HELD + 16, held["peakMb"]
    # The same program under a limit below what it holds.
    small = run(byte_me, holding(HELD, {SAMPLE: ANSWER}), SAMPLE, memoryLimitMb=64)
    assert small["verdict"] == "memory", small


def test_a_bad_memory_limit_in_the_hook_is_refused_with_its_value(byte_me):
    # A string, null (no number: only an absent limit means the default 256), none, too much.
    for bad in ["256", None, -1, 0, 5000]:
        got = byte_me.evaluate("([c, i, m]) => pixelJudge.runSolution(c, i, {memoryLimitMb: m})"
                               ".then((r) => 'ran: ' + r.verdict, (e) => String(e.message))",
                               ["print(1)", SAMPLE, bad])
        assert got.startswith("memoryLimitMb must be a number of MB above 0 and at most 2048, not "), \
            (bad, got)


def test_the_memory_field_reaches_the_run_and_the_peak_is_shown_beside_the_time(byte_me):
    page = byte_me
    set_code(page, holding(HELD, {SAMPLE: ANSWER}))
    page.fill("[data-testid=solution-limit]", "20")
    page.fill("[data-testid=solution-memory]", "64")
    press_run(page)
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "memory"
    assert page.text_content("[data-testid=solution-verdict]").startswith("memory limit exceeded")
    assert page.text_content("[data-testid=solution-status]") == "Stopped at the 64 MB memory limit."
    assert page.is_visible("[data-testid=solution-peak]")

    # A value out of range, or not a whole number, is refused before anything runs: the
    # last run's verdict stays (a run would clear it) and the status says what is allowed.
    for bad in ["8", "4096", "12.5", ""]:
        page.fill("[data-testid=solution-memory]", bad)
        page.click("[data-testid=solution-run]")
        wait_js(page, "document.querySelector('[data-testid=solution-status]').textContent"
                      ".includes('memory limit must')")
        assert page.text_content("[data-testid=solution-status]") == (
            "the memory limit must be a whole number of MB from 16 to 2048"), bad
        assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "memory"
        assert not page.is_disabled("[data-testid=solution-run]")
        page.evaluate("document.querySelector('[data-testid=solution-status]').textContent = ''")

    page.fill("[data-testid=solution-memory]", "256")
    press_run(page)
    assert page.get_attribute("[data-testid=solution-verdict]", "data-verdict") == "accepted"
    shown = page.text_content("[data-testid=solution-peak]")
    match = re.fullmatch(r"(\d+\.\d) MB", shown)
    assert match and 100 <= float(match.group(1)) <= HELD + 16, shown
    # Beside the time: the verdict line gives the ms, the figure follows it in the same row.
    assert page.evaluate("document.querySelector('[data-testid=solution-peak]').parentElement"
                         " === document.querySelector('[data-testid=solution-verdict]').parentElement")
    assert page.text_content("[data-testid=solution-verdict]").endswith(" ms")


def test_stress_passes_the_memory_limit_to_every_run(byte_me):
    tests = byte_me.evaluate("pixelJudge.generate('byte_me', {seed: 3, count: 3, mode: 'random'})")
    code = holding(HELD, {t["input"]: t["answer"] for t in tests})
    stress = ("([c, mb]) => pixelJudge.stress(c, {count: 3, seed: 3, mode: 'random', timeLimitMs: 20000,"
              " memoryLimitMb: mb})")
    passed = byte_me.evaluate(stress, [code, 256])
    assert passed["failing"] is None and passed["runs"] == 3, passed
    failed = byte_me.evaluate(stress, [code, 64])
    assert failed["runs"] == 1, failed
    failing = failed["failing"]
    assert failing["verdict"] == "memory", failing
    assert len(failing["input"]) <= len(tests[0]["input"])
    assert set(failing) >= {"input", "expected", "got", "verdict", "scene"}


@pytest.fixture(scope="module")
def cpp_page(browser: Any, site_url: str) -> Iterator[Any]:
    """A page of its own that loads the C++ compiler (a first download, minutes here)."""
    context, page, _ = open_page(browser, site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    page.evaluate("pixelJudge.ready")
    choose_game(page, "byte_me")
    page.set_default_timeout(900_000)
    first = run(page, BYTE_ME_CPP, SAMPLE, language="cpp")
    assert first["verdict"] == "accepted", first
    page.set_default_timeout(120_000)
    yield page
    context.close()


def test_600_mb_in_cpp_under_256_mb_is_memory_and_the_next_run_is_accepted(cpp_page):
    # As a judge's solution reserves it: a vector of 600 MB, every page written.
    hog = ("#include <bits/stdc++.h>\nint main() {\n"
           f"  std::vector<char> v(600ul * {MB}ul);\n"
           "  for (size_t i = 0; i < v.size(); i += 4096) v[i] = 1;\n  printf(\"%d\\n\", v[4096]);\n}\n")
    result = run(cpp_page, hog, SAMPLE, language="cpp", memoryLimitMb=256)
    assert result["verdict"] == "memory", result
    assert result["ms"] < 15_000
    after = run(cpp_page, BYTE_ME_CPP, SAMPLE, language="cpp", memoryLimitMb=256)
    assert after["verdict"] == "accepted", after
    assert 0 <= after["peakMb"] < 64, after["peakMb"]
