"""The cross-browser set (issue 19): the same cases in WebKit (WebKitGTK, Safari's engine),
Firefox ESR and Chromium, one browser per engine shared by the set (xb_drivers.py).
The figures (boot, second visit, stopped loop) go to build/xb-figures.json, and the
screenshots to build/xb-shots/."""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from PIL import Image
from xb_drivers import Chromium, Driver, Firefox, WebKit, Xvfb, cpu_seconds

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from py_engines import get_engine  # noqa: E402
from py_engines.explore import explore  # noqa: E402
from buildsys.samples import samples  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
DATA = ROOT / "tests" / "data"
OUT = ROOT / "build"
BOOT_S = 120
ENGINES = ["webkit", "firefox", "chromium"]
FIGURES: dict[str, dict[str, Any]] = {}

pytestmark = pytest.mark.xb


def read(game: str, name: str) -> str:
    return (DATA / game / name).read_text(encoding="utf-8")


def sample_text(game: str, index: int) -> str:
    """The text of the page's sample `index` (the samples the build lists for the page)."""
    return samples(game)[index]["text"]


def first_sample(game: str) -> str:
    return samples(game)[0]["name"]


def figure(driver: Driver | None, key: str, value: Any) -> None:
    """Records a figure of an engine's browser (or, for None, of the whole set)."""
    if driver:
        FIGURES.setdefault(driver.name, {"version": driver.version})[key] = value
    else:
        FIGURES.setdefault("set", {})[key] = value
    OUT.mkdir(exist_ok=True)
    (OUT / "xb-figures.json").write_text(json.dumps(FIGURES, indent=2) + "\n")


@pytest.fixture(scope="session", autouse=True)
def whole_set() -> Iterator[None]:
    """The set's wall time and the CPU time of this process (the driving and the site's
    server); each browser's own CPU time is its `cpu_s`, the X display's `xvfb_cpu_s`."""
    started, cpu = time.monotonic(), time.process_time()
    yield
    figure(None, "harness_cpu_s", round(time.process_time() - cpu, 1))
    figure(None, "wall_s", round(time.monotonic() - started, 1))


# ----------------------------------------------------------------------------- the site

class Site:
    """The built site on a local port that can be stopped (offline) and started again."""

    def __init__(self) -> None:
        if not (DIST / "manifest.json").exists():
            pytest.fail(f"{DIST} is not built: run `python3 build.py` (or `python3 build.py test`)")
        self.port = 0
        self.start()

    def start(self) -> None:
        self.server = build.make_server(DIST, self.port)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    s = Site()
    yield s
    s.stop()


@pytest.fixture(scope="session")
def xvfb() -> Iterator[Xvfb]:
    display = Xvfb()
    yield display
    figure(None, "xvfb_cpu_s", round(cpu_seconds([display.proc.pid]), 1))
    display.stop()


def launch(name: str, request: Any, *, private: bool = False) -> Driver:
    if name == "webkit":
        return WebKit(request.getfixturevalue("xvfb"), private=private)
    if name == "firefox":
        return Firefox(private=private)
    return Chromium(request.getfixturevalue("playwright"), build.CHROMIUM, build.CHROMIUM_FLAGS)


def wait_ready(b: Driver) -> dict[str, Any]:
    return b.wait("window.pixelJudge && pixelJudge.state().engine === 'ready' && pixelJudge.state()", BOOT_S)


@pytest.fixture(scope="session", params=ENGINES)
def booted(request: Any, site: Site) -> Iterator[Driver]:
    """One browser per engine, its page booted once at 1366 x 768 (the boot is timed)."""
    b = launch(request.param, request)
    try:
        b.viewport(1366, 768)
        started = time.monotonic()
        b.goto(site.url)
        state = wait_ready(b)
        figure(b, "boot_s", round(time.monotonic() - started, 2))
        figure(b, "first_boot", state["boot"])
        yield b
        # The CPU time the browser used for the whole set (its processes and the ones
        # that ended): what the set costs on a machine shared with others.
        pids = b.pids()
        figure(b, "cpu_s", round(cpu_seconds(pids), 1))
        if isinstance(b, Chromium) and pids:
            # Playwright's driver, the Node process Chromium runs under (shared with tests/e2e).
            parent = int(Path(f"/proc/{pids[0]}/stat").read_text().rsplit(")", 1)[1].split()[1])
            figure(b, "playwright_driver_cpu_s", round(cpu_seconds([parent]), 1))
    finally:
        b.quit()


@pytest.fixture()
def b(booted: Driver) -> Driver:
    """The engine's page, booted, with the errors it collected so far checked."""
    errors = booted.collect_errors()[:]
    booted.errors.clear()
    assert errors == [], f"{booted.name}: errors since the last test: {errors}"
    return booted


def choose_game(b: Driver, game: str) -> None:
    b.select("[data-testid=game]", game)
    b.wait(f"pixelJudge.state().game === {game!r} && pixelJudge.state().scene === {game!r}")


def solve_sample(b: Driver, game: str, index: int = 0) -> None:
    choose_game(b, game)
    load_sample(b, game, index)
    b.click("[data-testid=solve]")
    wait_solved(b, game)


def wait_solved(b: Driver, game: str) -> None:
    b.wait("!pixelJudge.state().solving && pixelJudge.state().steps > 0"
           f" && pixelJudge.state().game === {game!r}"
           " && document.querySelector('[data-testid=solve-status]').textContent.startsWith('Solved')", 120)


def load_sample(b: Driver, game: str, index: int) -> None:
    """Puts the page's sample `index` in the input, as a user picks it."""
    count = len(samples(game))
    if count == 1:
        b.click("[data-testid=sample]")          # "Next sample" loads the only one
    else:
        if b.js("return document.querySelector('[data-testid=sample-list]').value;") == str(index):
            b.select("[data-testid=sample-list]", str((index + 1) % count))
        b.select("[data-testid=sample-list]", str(index))
    text = json.dumps(sample_text(game, index))
    b.wait(f"document.querySelector('[data-testid=input]').value === {text}", 10)


def text_of(b: Driver, testid: str) -> str:
    return b.js(f"return document.querySelector('[data-testid={testid}]').textContent;")  # type: ignore


def canvas(b: Driver) -> str:
    return b.js("return document.querySelector('[data-testid=canvas]').toDataURL();")  # type: ignore


# ----------------------------------------------------------------------------- pictures

def legible(luma: list[float]) -> tuple[bool, str]:
    """A control reads as the page's: a dark box with light text on it."""
    ordered = sorted(luma)
    median = ordered[len(ordered) // 2]
    light = sum(1 for v in luma if v > 150) / len(luma)
    return median < 70 and light > 0.02, f"median luma {median:.0f}, light pixels {light:.1%}"


def page_shot(b: Driver, path: Path) -> None:
    """A screenshot of the viewport, once what was just scrolled has been painted. WebKit
    under Xvfb now and then hands back an all-black picture just after a scroll: no
    picture of the page is all black (its background is navy), so that one is taken again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    for _ in range(20):
        time.sleep(0.3)
        b.screenshot(path)
        with Image.open(path) as image:
            if image.convert("L").getextrema()[1] > 16:
                return
    raise AssertionError(f"{b.name}: every screenshot came out black")


def element_luma(b: Driver, css: str) -> list[float]:
    """The luma of the pixels an element covers on the screen (cut from a screenshot of
    the viewport: WebKitWebDriver's element screenshots come out black under Xvfb)."""
    rect = b.js(f"const e = document.querySelector({json.dumps(css)}); e.scrollIntoView({{block: 'center'}});"
                " const r = e.getBoundingClientRect();"
                " return [r.left, r.top, r.right, r.bottom, devicePixelRatio];")
    shot = OUT / f"xb-{b.name}-viewport.png"
    page_shot(b, shot)
    with Image.open(shot) as image:
        width, height = image.size
        left, top, right, bottom = (round(v * rect[4]) for v in rect[:4])
        box = (max(left, 0), max(top, 0), min(right, width), min(bottom, height))
        assert box[2] - box[0] > 4 and box[3] - box[1] > 4, f"{css} is not on the screen: {rect}"
        return [float(v) for v in image.convert("RGB").crop(box).convert("L").getdata()]


# ----------------------------------------------------------------------------- threads

def snapshot_done(b: Driver) -> None:
    """Waits for the engine's memory snapshot to be made (a worker boots Python once,
    in the background, after a normal boot), so that a worker thread running afterwards
    is one a stopped program left."""
    b.wait("pixelJudge.state().snapshot === 'stored' || pixelJudge.state().snapshot === 'failed'"
           " || pixelJudge.state().boot === 'snapshot'", 180)


# The runner boots a spare Python ahead of the next run whenever a run starts (the first
# run also waits for the runtime and its first spare); pixelJudge.state().runner.boots
# lists the last 50 boots.  A test waits for the spare before it reads threads.
RUNNER_BOOTS = "(pixelJudge.state().runner.boots || []).length"


def runner_up(b: Driver) -> int:
    """Waits for the runner's runtime and first spare; returns the boots so far (-1 for a
    build whose runner reports no boots: an older one the set may be pointed at)."""
    if not b.js("return Boolean(pixelJudge.state().runner && pixelJudge.state().runner.boots);"):
        return -1
    b.wait("['ready', 'failed'].includes(pixelJudge.state().runner.state)", 180)
    return int(b.js(f"return {RUNNER_BOOTS};"))


def spare_booted(b: Driver, boots_before: int, runs_started: int) -> None:
    if boots_before >= 0:
        b.wait(f"{RUNNER_BOOTS} >= {min(boots_before + runs_started, 50)}", 180)


# What each engine names a worker's thread (in /proc/<pid>/task/<tid>/comm, 15 characters):
# WebKit "WebCore: Worker", Firefox "DOM Worker", Chromium "DedicatedWorker".  Other
# threads may well be busy on a loaded machine (painting in software, compiling
# WebAssembly in the background) without anything being wrong.
WORKER_THREAD = ("Worker",)


def spinning_threads(b: Driver, seconds: float = 2.0) -> list[str]:
    """Worker threads of the browser's processes that were runnable in nearly every
    sample over `seconds`: a thread spinning in a loop is runnable even when a loaded
    machine does not run it, where an idle one sleeps."""
    samples, counts, names = 0, {}, {}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        samples += 1
        for pid in b.pids():
            for task in Path(f"/proc/{pid}/task").glob("*"):
                try:
                    stat = (task / "stat").read_text()
                except OSError:
                    continue
                name, rest = stat.split("(", 1)[1].rsplit(")", 1)
                key = f"{pid}/{task.name}"
                names[key] = name
                counts[key] = counts.get(key, 0) + (rest.split()[0] == "R")
        time.sleep(0.05)
    return [f"{names[k]} ({k}): runnable in {n}/{samples} samples" for k, n in counts.items()
            if n >= 0.9 * samples and any(w in names[k] for w in WORKER_THREAD)]


# ----------------------------------------------------------------------------- the set

def test_boots_with_readable_selects_and_no_error(b: Driver, site: Site) -> None:
    st = b.state()
    assert st["engine"] == "ready" and st["boot"] in ("normal", "snapshot")
    # Every select the page has (the player's play-as shows for a two-player game, the
    # solution tool's stress mode once its tab is open, Explore's study and the random
    # deal's options as they are): a dark box with the page's light text, in every engine.
    solve_sample(b, "kalah")
    b.click("[data-testid=tool-solution]")
    b.wait("document.querySelector('[data-testid=stress-mode]')")
    testids = b.js("return [...document.querySelectorAll('select')]"
                   ".filter((s) => s.offsetParent && !s.disabled)"
                   ".map((s) => s.dataset.testid);")
    assert {"game", "sample-list", "case", "play-as", "stress-mode", "explore-study"} <= set(testids), testids
    bad = []
    for testid in testids:
        ok, why = legible(element_luma(b, f"select[data-testid={testid}]"))
        if not ok:
            bad.append(f"{testid}: {why}")
    assert not bad, f"{b.name}: unreadable selects: {bad}"


@pytest.mark.parametrize("game", ["the_game", "kalah", "house_of_cards", "byte_me", "sevens"])
def test_every_game_sample_is_solved_byte_for_byte_and_stepped(b: Driver, game: str) -> None:
    name = first_sample(game)
    solve_sample(b, game, 0)
    assert b.js("return document.querySelector('[data-testid=input]').value;") == read(game, name + ".in")
    assert text_of(b, "answer") == read(game, name + ".ans")
    before, pixels = b.state()["step"], canvas(b)
    b.click("[data-testid=step-forward]")
    b.wait(f"pixelJudge.state().step === {before + 1}")
    time.sleep(0.6)   # the step's tween
    assert canvas(b) != pixels


def picture(b: Driver, step: int) -> str:
    """The shown scene's frame `step` as the page exports it (drawn with no blink, so the
    same scene gives the same bytes at any moment)."""
    return b.js_async(f"pixelJudge.exportGif({{from: {step}, to: {step}}})"
                      ".then((g) => arguments[0](g.base64));")


def test_a_share_link_and_its_embed_open_at_the_same_scene(b: Driver, site: Site) -> None:
    solve_sample(b, "kalah")
    b.js("const s = document.querySelector('[data-testid=scrubber]'); s.value = '3';"
         " s.dispatchEvent(new Event('input'));")
    b.wait("pixelJudge.state().step === 3")
    link = b.js_async("pixelJudge.shareLink().then(arguments[0]);")
    scene, pixels, note = b.state(), picture(b, 3), text_of(b, "narration")
    # The embeddable player (issue 22) with the link's fragment, as a visitor opens it.
    embed = site.url + "embed.html#" + link.split("#", 1)[1]
    b.goto(embed)
    shown = b.wait("window.pixelJudge && (pixelJudge.state().steps > 0 || pixelJudge.state().error)"
                   " && pixelJudge.state()", BOOT_S)
    assert shown["error"] is None, shown
    assert (shown["game"], shown["case"], shown["step"], shown["steps"]) == (
        scene["game"], scene["case"], 3, scene["steps"])
    assert text_of(b, "narration") == note
    # The link itself: the full page at the same scene, the same picture.
    b.goto(link)
    wait_ready(b)
    b.wait("pixelJudge.state().steps > 0 && pixelJudge.state().step === 3", 60)
    now = b.state()
    assert (now["game"], now["case"], now["step"], now["moves"]) == (
        scene["game"], scene["case"], scene["step"], scene["moves"])
    assert picture(b, 3) == pixels
    # The tests after this one go on with this page (a reload opens the link again).


def second_visit(b: Driver) -> tuple[float, dict[str, Any]]:
    """Waits for the stored snapshot, reloads; (seconds to ready, state)."""
    b.wait("pixelJudge.state().snapshot === 'stored' || pixelJudge.state().boot === 'snapshot'", 180)
    started = time.monotonic()
    b.reload()
    state = wait_ready(b)
    return time.monotonic() - started, state


def test_the_second_visit_boots_from_the_snapshot(b: Driver) -> None:
    # WebKitWebDriver's MiniBrowser session is ephemeral, as a private window is: Cache
    # Storage there is in memory only (the old main lost the snapshot there: defect 2).
    seconds, state = second_visit(b)
    assert state["boot"] == "snapshot", state
    assert state.get("snapshotError") is None
    figure(b, "second_visit_s", round(seconds, 2))


def test_the_stored_choice_of_chinese_speaks_chinese_and_solves_the_same_bytes(b: Driver) -> None:
    """Issue 24 in every engine: Chinese picked on the switch is remembered (a reload boots in
    it), the header's words are Chinese in the CJK pixel face, and a sample solves to the same
    bytes; the switch turns the page back to English with no reload."""
    b.select("[data-testid=language]", "zh-CN")
    b.wait("pixelJudge.state().lang === 'zh-CN'", 20)
    assert b.js("return localStorage.getItem('pixelJudge.lang.v1');") == "zh-CN"
    b.reload()
    wait_ready(b)
    try:
        b.wait("pixelJudge.state().lang === 'zh-CN' && document.documentElement.lang === 'zh-CN'", 20)
        words = b.js("return ['solve', 'sample'].map((id) => document.querySelector(`[data-testid=${id}]`)"
                     ".textContent).concat(document.querySelector('h2').textContent);")
        assert words == ["求解", "样例", "输入"], words
        assert b.js("return document.fonts.check('16px \"PJ Unifont\"', '中');") is True
        choose_game(b, "byte_me")
        load_sample(b, "byte_me", 0)
        b.click("[data-testid=solve]")
        b.wait("!pixelJudge.state().solving && pixelJudge.state().steps > 0"
               " && pixelJudge.state().game === 'byte_me'", 120)
        assert text_of(b, "answer") == read("byte_me", first_sample("byte_me") + ".ans")
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text_of(b, "narration")), text_of(b, "narration")
    finally:
        b.select("[data-testid=language]", "en")
        b.wait("pixelJudge.state().lang === 'en' && document.documentElement.lang === 'en'", 20)
    assert text_of(b, "solve") == "Solve"


def test_the_second_visit_boots_from_the_snapshot_in_a_private_window(booted: Driver, site: Site,
                                                                       request: Any) -> None:
    if booted.name != "firefox":
        pytest.skip("WebKitWebDriver's MiniBrowser session is ephemeral already (the old main lost the"
                    " snapshot"
                    " in it, as it did in MiniBrowser --private), and Playwright's Chromium contexts are"
                    " incognito: the test above covers both")
    private = launch(booted.name, request, private=True)
    try:
        private.viewport(1366, 768)
        private.goto(site.url)
        wait_ready(private)
        seconds, state = second_visit(private)
        assert state["boot"] == "snapshot", state
        figure(private, "private_second_visit_s", round(seconds, 2))
        private.collect_errors()
        assert private.errors == [], private.errors
    finally:
        private.quit()


def test_an_offline_reload_boots_and_solves(b: Driver, site: Site) -> None:
    b.wait("pixelJudge.state().offline === 'ready'", 120)
    site.stop()
    try:
        b.goto(site.url)   # a new visit (Marionette's refresh() reloads past the service worker)
        state = wait_ready(b)
        assert state["boot"] == "snapshot", state
        solve_sample(b, "byte_me")
        assert text_of(b, "answer") == read("byte_me", first_sample("byte_me") + ".ans")
    finally:
        site.start()
    # The tests after this one go on with the page loaded offline.


def open_solution_tool(b: Driver, game: str) -> None:
    choose_game(b, game)
    b.click("[data-testid=tool-solution]")
    b.wait("document.querySelector('[data-testid=solution-editor]').shadowRoot"
           " && document.querySelector('[data-testid=solution-editor]').shadowRoot"
           ".querySelector('.cm-content')")


def type_code(b: Driver, code: str) -> None:
    """Types over the whole editor with real keys (select all, then the text)."""
    b.js("document.querySelector('[data-testid=solution-editor]').shadowRoot.querySelector('.cm-content').focus();")
    b.keys(code, select_all=True)
    b.wait("JSON.parse(localStorage.getItem('pixelJudge.solutions.v1'))[pixelJudge.state().game]"
           f" === {json.dumps(code)}", 10)


RUN_ENDED = ("!document.querySelector('[data-testid=solution-verdict]').hidden"
             " && !document.querySelector('[data-testid=solution-run]').disabled"
             " && document.querySelector('[data-testid=solution-cancel]').disabled")
RUN_STARTED = "document.querySelector('[data-testid=solution-countdown]').textContent.includes('left')"


def run_and_check(b: Driver, timeout_s: float = 120) -> tuple[str, float]:
    """Run & check on the shown input, once the runner is up; waits for the verdict and
    for the spare Python the run started. (verdict, seconds from the press to it)."""
    boots = runner_up(b)
    started = time.monotonic()
    b.click("[data-testid=solution-run]")
    b.wait(RUN_ENDED, timeout_s)
    seconds = time.monotonic() - started
    spare_booted(b, boots, 1)
    return text_of(b, "solution-verdict"), seconds


def set_limit(b: Driver, seconds: int) -> None:
    b.js("const l = document.querySelector('[data-testid=solution-limit]'); l.value = arguments[0];"
         " l.dispatchEvent(new Event('input')); l.dispatchEvent(new Event('change'));", str(seconds))


def quiet_after(b: Driver, since: float, after: str, timeout_s: float = 40) -> float:
    """Waits until no worker thread of the browser spins; returns the seconds since
    `since`. A terminated worker may take a moment to wind down on a loaded machine;
    one spinning in WebAssembly that terminate() does not stop (WebKit) never does."""
    deadline = time.monotonic() + timeout_s
    while True:
        spinning = spinning_threads(b, 1.5)
        if not spinning:
            return time.monotonic() - since
        assert time.monotonic() < deadline, (
            f"{b.name}: worker threads still spinning {timeout_s:.0f} s after {after}: {spinning};"
            f" page {b.describe()}")


def test_endless_loops_stop_and_the_next_run_typed_with_real_keys_is_judged(b: Driver) -> None:
    assert b.pids(), f"{b.name}: the browser's processes were not found"
    open_solution_tool(b, "sevens")
    solve_sample(b, "sevens")
    snapshot_done(b)
    # An endless loop stopped at the time limit...
    set_limit(b, 1)
    type_code(b, "while True: pass")
    boots = runner_up(b)
    b.click("[data-testid=solution-run]")
    b.wait(RUN_ENDED, 120)
    stopped = time.monotonic()
    assert "time limit" in text_of(b, "solution-verdict").lower(), text_of(b, "solution-verdict")
    spare_booted(b, boots, 1)
    figure(b, "quiet_after_time_limit_s", round(quiet_after(b, stopped, "a loop stopped at the limit"), 2))
    # ... and by Cancel.
    set_limit(b, 30)
    boots = runner_up(b)
    b.click("[data-testid=solution-run]")
    b.wait(RUN_STARTED, 60)
    time.sleep(0.5)
    b.click("[data-testid=solution-cancel]")
    b.wait(RUN_ENDED, 30)
    stopped = time.monotonic()
    assert "cancel" in text_of(b, "solution-verdict").lower(), text_of(b, "solution-verdict")
    spare_booted(b, boots, 1)
    figure(b, "quiet_after_cancel_s", round(quiet_after(b, stopped, "a loop stopped by Cancel"), 2))
    # The next run, a correct solution typed with real keys, is judged at once.
    type_code(b, f"print({read('sevens', 'sample-1.ans').strip()!r})")
    verdict, seconds = run_and_check(b)
    assert "accepted" in verdict.lower(), verdict
    figure(b, "run_after_stopped_loop_s", round(seconds, 2))
    # Typing over a selection wrote no inline style (the CSP refused one in Chromium: defect 5).
    b.collect_errors()
    assert b.errors == [], b.errors


# C++ in WebKit costs minutes on a loaded machine (the compiler's first load; JavaScriptCore
# then compiles clang's WebAssembly for a long while in the background), so this case runs
# only when asked: PIXEL_JUDGE_XB_CPP=1 pytest tests/xb -k cpp.  tests/e2e/test_cpp.py covers
# C++ in Chromium, and web/js/cpp's Node tests the fuel that stops a program in any engine.
CPP = os.environ.get("PIXEL_JUDGE_XB_CPP") == "1"


def test_an_endless_cpp_loop_stops_and_leaves_no_thread_spinning(b: Driver) -> None:
    if not CPP:
        pytest.skip("C++ runs only with PIXEL_JUDGE_XB_CPP=1 (the compiler's first load takes minutes here)")
    open_solution_tool(b, "sevens")
    run = ("const [c, i, ms] = arguments; const done = arguments[arguments.length - 1];"
           " pixelJudge.runSolution(c, i, {timeLimitMs: ms, language: 'cpp'}).then("
           "(r) => done({verdict: r.verdict, ms: r.ms}), (e) => done({verdict: String(e)}));")
    endless = "int main() { volatile unsigned long long n = 0; for (;;) n++; }\n"
    text, answer = read("sevens", "sample-1.in"), read("sevens", "sample-1.ans")
    good = f"#include <cstdio>\nint main() {{ fputs({json.dumps(answer)}, stdout); }}\n"
    snapshot_done(b)
    boots = runner_up(b)
    # A first run loads the compiler and boots the runner's C++ side (its first spare, and
    # the next one when the run starts); the same program runs again after the loop.
    first = b.js_async(run, good, text, 5000, timeout_s=900)
    assert first["verdict"] == "accepted", first
    spare_booted(b, boots, 2)
    boots = int(b.js(f"return {RUNNER_BOOTS};"))
    result = b.js_async(run, endless, text, 1000, timeout_s=600)
    stopped = time.monotonic()
    assert result["verdict"] == "time", result
    spare_booted(b, boots, 1)
    quiet = quiet_after(b, stopped, "an endless C++ loop stopped")
    figure(b, "cpp_quiet_after_time_limit_s", round(quiet, 2))
    started = time.monotonic()
    after = b.js_async(run, good, text, 5000, timeout_s=120)
    assert after["verdict"] == "accepted", after
    figure(b, "cpp_run_after_stopped_loop_s", round(time.monotonic() - started, 2))


def test_a_solve_during_a_solve_is_the_one_that_answers(b: Driver) -> None:
    # 4,000 House of Cards decks: minutes of search in any engine, so still running when
    # the user turns to another game and presses Solve.
    engine = get_engine("house_of_cards")
    big = "".join(engine.random_input(seed, M=13, name="Axel").replace("End\n", "")
                  for seed in range(4000)) + "End\n"
    snapshot_done(b)
    choose_game(b, "house_of_cards")
    b.js("const t = document.querySelector('[data-testid=input]'); t.value = arguments[0];"
         " t.dispatchEvent(new Event('input'));", big)
    b.click("[data-testid=solve]")
    b.wait("document.querySelector('[data-testid=solve-status]').textContent.includes('positions')", 60)
    choose_game(b, "sevens")
    load_sample(b, "sevens", 0)
    assert b.state()["solving"], "the first solve ended before the second was asked: the case proves nothing"
    b.click("[data-testid=solve]")
    wait_solved(b, "sevens")
    assert b.js("return document.querySelector('[data-testid=cancel]').disabled;") is True
    assert text_of(b, "answer") == read("sevens", "sample-1.ans")
    # The replaced solve was stopped, not left running in the engine's worker.
    quiet_after(b, time.monotonic(), "a solve replaced by another")


def test_a_small_explore_study_gives_the_cli_numbers(b: Driver) -> None:
    settings = {"study": "random_decks", "deals": 12, "seed": 3, "workers": 1}
    got = b.js_async("pixelJudge.explore(arguments[0], arguments[1]).then(arguments[2]);",
                     "the_game", settings, timeout_s=300)
    cli = explore("the_game", "random_decks", deals=12, seed=3, workers=1)
    assert {k: v for k, v in got.items() if k != "deals_per_s"} == {
        k: v for k, v in cli.items() if k != "deals_per_s"}


def test_the_page_at_390_by_844_and_1366_by_768_looks_finished(b: Driver) -> None:
    if b.name != "webkit":
        pytest.skip("the phone size is WebKit's: every iPhone browser is WebKit")
    shots = OUT / "xb-shots"
    shots.mkdir(parents=True, exist_ok=True)
    try:
        for width, height in ((390, 844), (1366, 768)):
            b.viewport(width, height)
            assert b.js("return [innerWidth, innerHeight];") == [width, height]
            solve_sample(b, "kalah")
            # Nothing wider than the screen: no sideways scrolling.
            assert b.js("return document.documentElement.scrollWidth;") <= width
            # (At 1366 x 768 the first test read every select already.)
            for testid in ("game", "sample-list", "case", "play-as") if width < 1366 else ():
                ok, why = legible(element_luma(b, f"select[data-testid={testid}]"))
                assert ok, f"{testid} at {width} px: {why}"
            b.js("window.scrollTo(0, 0);")
            page_shot(b, shots / f"webkit-{width}x{height}.png")
            b.js("document.querySelector('[data-testid=canvas]').scrollIntoView({block: 'start'});")
            time.sleep(0.5)   # the stage's fit after the scroll
            page_shot(b, shots / f"webkit-{width}x{height}-stage.png")
    finally:
        b.viewport(1366, 768)


def test_zz_no_console_error_since_the_last_test(booted: Driver) -> None:
    booted.collect_errors()
    assert booted.errors == [], booted.errors



# --- runner bounds (issue 31) ---
# A program's nested workers, its JavaScript memory and one-byte writes, in each engine
# (tests/e2e/test_runner_bounds.py has them in Chromium with C++ and the forged failure).
# Until the page maps the runner's "memory" status to a verdict of its own, the hook says
# "error" with the runner's "memory limit exceeded" line in stderr: either form counts.
RUN_PY = ("const [c, i, ms] = arguments; const done = arguments[arguments.length - 1];"
          " pixelJudge.runSolution(c, i, {timeLimitMs: ms}).then("
          "(r) => done({verdict: r.verdict, stdout: r.stdout, stderr: r.stderr}),"
          " (e) => done({verdict: String(e)}));")
BOUNDS_INPUT, BOUNDS_ANSWER = read("byte_me", "sample-1.in"), read("byte_me", "sample-1.ans")
BOUNDS_WORKERS = """import js
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
BOUNDS_BUFFERS = """import js
keep = []
for _ in range(2048):
    buffer = js.ArrayBuffer.new(1 << 20)
    js.Uint8Array.new(buffer).fill(1)
    keep.append(buffer)
print("allocated", len(keep))
"""
BOUNDS_ONE_BYTE = "import sys\nwhile True:\n    sys.stdout.write('x')\n    sys.stdout.flush()\n"


def browser_rss(b: Driver) -> int:
    total = 0
    for pid in b.pids():
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        total += sum(int(line.split()[1]) * 1024 for line in status.splitlines() if line.startswith("VmRSS:"))
    return total


def peak_rss_during(b: Driver, body: Any) -> tuple[Any, int]:
    """`body()`'s value, and how much the browser's processes grew at most while it ran."""
    start = browser_rss(b)
    peak = [start]
    stop = threading.Event()

    def sample() -> None:
        while not stop.wait(0.05):
            peak[0] = max(peak[0], browser_rss(b))
    watcher = threading.Thread(target=sample, daemon=True)
    watcher.start()
    try:
        value = body()
    finally:
        stop.set()
        watcher.join()
    return value, peak[0] - start


def bounds_accepted_within(b: Driver, seconds: float) -> None:
    """A right answer judged within `seconds` of the call, right after a stopped run (3 s in
    Chromium; WebKit and Firefox boot the next interpreter slower on a loaded machine)."""
    started = time.monotonic()
    code = f"import sys\nsys.stdout.write({BOUNDS_ANSWER!r})\n"
    judged = b.js_async(RUN_PY, code, BOUNDS_INPUT, 10_000, timeout_s=120)
    took = time.monotonic() - started
    figure(b, "bounds_next_run_s", round(took, 2))
    assert judged["verdict"] == "accepted", judged
    assert took < seconds, f"{b.name}: the next run took {took:.1f} s"


def bounds_warm_up(b: Driver) -> None:
    """Two short runs first: the first runs after a page is opened grow the browser by
    hundreds of MB in Firefox (416 MB for 5 s of `while True: pass`) whatever they do."""
    for _ in range(2):
        b.js_async(RUN_PY, "print(1)", BOUNDS_INPUT, 10_000, timeout_s=120)


def bounds_idle_growth(b: Driver) -> int:
    """What 5 s of a run that does nothing costs the browser, at its most (Firefox: up to
    hundreds of MB from one run to the next, its interpreters' boots and teardowns)."""
    _, idle = peak_rss_during(
        b, lambda: b.js_async(RUN_PY, "while True:\n    pass\n", BOUNDS_INPUT, 5000, timeout_s=120))
    figure(b, "bounds_idle_run_grew_mb", round(idle / 2**20))
    return max(idle, 0)


def bounds_stopped_for_memory(result: dict[str, Any]) -> bool:
    return result["verdict"] == "memory" or (
        result["verdict"] == "error" and "memory limit exceeded" in result.get("stderr", ""))


def test_runner_bounds_nested_workers_never_start_and_the_browser_goes_quiet(b: Driver) -> None:
    open_solution_tool(b, "byte_me")
    snapshot_done(b)
    boots = runner_up(b)
    result = b.js_async(RUN_PY, BOUNDS_WORKERS, BOUNDS_INPUT, 10_000, timeout_s=120)
    stopped = time.monotonic()
    gone = [f"{n} gone" for n in ("Worker", "SharedWorker", "postMessage", "importScripts", "fetch", "close")]
    assert result["stdout"].splitlines() == gone + ["started 0", "wasm refused"], result
    spare_booted(b, boots, 1)
    quiet = quiet_after(b, stopped, "a program that tried to start workers", timeout_s=10)
    figure(b, "bounds_quiet_after_workers_s", round(quiet, 2))
    assert quiet < 6, f"{b.name}: worker threads spun for {quiet:.1f} s after the run"
    bounds_accepted_within(b, 3 if b.name == "chromium" else 5)


def test_runner_bounds_two_gb_of_javascript_buffers_stop_for_memory(b: Driver) -> None:
    open_solution_tool(b, "byte_me")
    runner_up(b)
    bounds_warm_up(b)
    idle = bounds_idle_growth(b)
    result, grew = peak_rss_during(
        b, lambda: b.js_async(RUN_PY, BOUNDS_BUFFERS, BOUNDS_INPUT, 20_000, timeout_s=180))
    figure(b, "bounds_js_buffers_grew_mb", round(grew / 2**20))
    assert bounds_stopped_for_memory(result), result
    assert "allocated" not in result["stdout"]
    assert grew - idle < 2**30, f"{b.name}: the browser grew by {grew / 2**20:.0f} MB " \
        f"({idle / 2**20:.0f} MB for a run that allocates nothing)"
    bounds_accepted_within(b, 3 if b.name == "chromium" else 5)


def test_runner_bounds_one_byte_writes_stay_small_and_are_judged(b: Driver) -> None:
    open_solution_tool(b, "byte_me")
    runner_up(b)
    bounds_warm_up(b)
    idle = bounds_idle_growth(b)
    result, grew = peak_rss_during(
        b, lambda: b.js_async(RUN_PY, BOUNDS_ONE_BYTE, BOUNDS_INPUT, 5000, timeout_s=120))
    figure(b, "bounds_one_byte_writes_grew_mb", round(grew / 2**20))
    assert result["verdict"] == "time", result
    assert grew - idle < 500 * 2**20, f"{b.name}: the browser grew by {grew / 2**20:.0f} MB " \
        f"({idle / 2**20:.0f} MB for a run that writes nothing)"
    code = f"import sys\nfor c in {BOUNDS_ANSWER!r}:\n    sys.stdout.write(c)\n    sys.stdout.flush()\n"
    judged = b.js_async(RUN_PY, code, BOUNDS_INPUT, 10_000, timeout_s=120)
    assert (judged["verdict"], judged["stdout"]) == ("accepted", BOUNDS_ANSWER), judged
