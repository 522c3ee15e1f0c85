"""End-to-end fixtures: the built site served locally, Debian's Chromium driven by
pytest-playwright, and one booted page shared by the tests (Pyodide boots in
seconds, so tests reuse it and reset only what they touch).

The page's CSP forbids eval, so waits poll with ``page.evaluate`` (which the
CSP does not govern) instead of ``page.wait_for_function``.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

DIST = Path(os.environ.get("PIXEL_JUDGE_DIST", build.DIST))
DATA = ROOT / "tests" / "data"
BOOT_TIMEOUT_MS = 60_000

pytestmark = pytest.mark.e2e


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (DIST / "manifest.json").exists():
        pytest.fail(f"{DIST} is not built: run `python3 build.py` (or `python3 build.py test`)")
    server = build.make_server(DIST, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": build.CHROMIUM,
            "args": build.CHROMIUM_FLAGS}


class Watch:
    """Collects what a page did that a test may want to assert about."""

    def __init__(self, page: Any, origin: str) -> None:
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        page.on("request", lambda r: None if r.url.startswith(origin) or r.url.startswith("data:")
                or r.url.startswith("blob:") else self.foreign.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("dialog", self._dialog)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()


def open_page(browser: Any, url: str, *, reduced_motion: str = "no-preference") -> tuple[Any, Any, Watch]:
    context = browser.new_context(viewport={"width": 1300, "height": 900},
                                  reduced_motion=reduced_motion)
    page = context.new_page()
    watch = Watch(page, url.split("#")[0].rsplit("/", 1)[0] + "/")
    page.goto(url)
    return context, page, watch


def wait_js(page: Any, expr: str, timeout_ms: int = 30_000) -> Any:
    """Polls a JS expression until it is truthy; returns its value."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(f"(() => {{ try {{ return ({expr}); }} catch (e) {{ return null; }} }})()")
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for: {expr}")
        time.sleep(0.05)


def boot(page: Any) -> None:
    page.evaluate("pixelJudge.ready")


@pytest.fixture(scope="session")
def shared(browser: Any, site_url: str) -> Iterator[tuple[Any, Watch]]:
    context, page, watch = open_page(browser, site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    boot(page)
    page.set_default_timeout(15_000)
    yield page, watch
    context.close()


@pytest.fixture()
def app(shared: tuple[Any, Watch]) -> Any:
    """The shared booted page, paused, with no error shown."""
    page, _ = shared
    if page.evaluate("pixelJudge.state().playing"):
        page.click("[data-testid=play]")
    return page


def read(game: str, name: str) -> str:
    return (DATA / game / name).read_text(encoding="utf-8")


def choose_game(page: Any, game: str) -> None:
    page.select_option("[data-testid=game]", game)
    wait_js(page, f"pixelJudge.state().game === {game!r}")


def solve_ui(page: Any, game: str, text: str) -> None:
    """Types an input and presses Solve, as a user does; waits for answer or error."""
    choose_game(page, game)
    page.fill("[data-testid=input]", text)
    page.click("[data-testid=solve]")
    wait_js(page, "!pixelJudge.state().solving && (!document.querySelector('[data-testid=error]').hidden"
                  f" || (pixelJudge.state().steps > 0 && pixelJudge.state().game === {game!r}))")


def seek(page: Any, step: int) -> None:
    page.evaluate("(k) => { const s = document.querySelector('[data-testid=scrubber]');"
                  " s.value = String(k); s.dispatchEvent(new Event('input')); }", step)
    wait_js(page, f"pixelJudge.state().step === {step}")


def canvas_pixels(page: Any) -> str:
    """A fingerprint of what the canvas shows now."""
    return page.evaluate("document.querySelector('[data-testid=canvas]').toDataURL()")


def settle(page: Any) -> None:
    """Waits out a step's tween (420 ms at 1x)."""
    time.sleep(0.6)


def set_speed(page: Any, exponent: float) -> None:
    """Moves the speed slider to 2**exponent times normal speed, as a drag does."""
    page.evaluate("(x) => { const s = document.querySelector('[data-testid=speed]');"
                  " s.value = String(x); s.dispatchEvent(new Event('input')); }", exponent)


def play_to_end(page: Any, last_step: int, timeout_ms: int = 20_000) -> list[str]:
    """Plays the shown line to its last step at 8x; returns the console errors seen."""
    errors: list[str] = []

    def listen(message: Any) -> None:
        if message.type == "error":
            errors.append(message.text)
    page.on("console", listen)
    try:
        set_speed(page, 3)
        page.click("[data-testid=play]")
        wait_js(page, f"pixelJudge.state().step === {last_step} && !pixelJudge.state().playing",
                timeout_ms)
    finally:
        set_speed(page, 0)
        page.remove_listener("console", listen)
    return errors


def move_list(page: Any) -> list[tuple[str, str]]:
    """The (move id, value text) pairs the move panel lists now."""
    pairs = page.evaluate("[...document.querySelectorAll('[data-testid=move-list] button')]"
                          ".map((b) => [b.dataset.move, b.querySelector('.value').textContent])")
    return [(move, value) for move, value in pairs]


def engine_frames(game: str, name: str, *, case: int = 0,
                  moves: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The frames CPython's engine gives for a judge file, to compare with the page: as the
    bridge sends them, every text in English beside its message."""
    from py_engines import get_engine
    from py_engines.bridge import frame_json
    engine = get_engine(game)
    problem = engine.parse(read(game, name))
    result = engine.solve(problem)
    return [frame_json(f.to_dict()) for f in engine.replay(problem, result, case=case, moves=moves)]
