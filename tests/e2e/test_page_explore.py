"""The Explore view: a study run on the page's worker pool gives the CLI's numbers, draws
its plots live, stops with the results so far, refuses bad settings, and opens the
deal behind a bar in the player."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from py_engines.explore import explore

from conftest import wait_js

pytestmark = pytest.mark.e2e


def without_rate(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "deals_per_s"}


def run(page: Any, game: str, settings: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("([g, s]) => pixelJudge.explore(g, s)", [game, settings])
    return result


def refused(page: Any, game: str, settings: dict[str, Any]) -> str:
    message: str = page.evaluate(
        "([g, s]) => pixelJudge.explore(g, s).then(() => 'accepted', (e) => e.message)",
        [game, settings])
    return message


def plot_checksum(page: Any, k: int = 0) -> int:
    value: int = page.evaluate("""(k) => {
      const c = document.querySelectorAll('[data-testid=explore-plot]')[k];
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let h = 0;
      for (let i = 0; i < d.length; i += 4) h = (h * 31 + d[i] + 7 * d[i + 1] + 13 * d[i + 2])
        >>> 0;
      return h;
    }""", k)
    return value


def test_page_gives_the_cli_numbers_for_one_and_three_workers(app: Any) -> None:
    settings = {"study": "random_decks", "deals": 36, "seed": 9}
    one = run(app, "the_game", {**settings, "workers": 1})
    three = run(app, "the_game", {**settings, "workers": 3})
    cli = explore("the_game", "random_decks", deals=36, seed=9, workers=2)
    assert list(one) == ["game", "study", "deals", "seed", "outcomes", "metrics", "deals_per_s"]
    assert without_rate(one) == without_rate(cli)
    assert without_rate(three) == without_rate(cli)
    assert one["deals_per_s"] > 0


def test_bad_settings_are_refused_with_a_message(app: Any) -> None:
    assert "number of deals" in refused(app, "the_game", {"deals": 0, "seed": 1})
    shown = app.text_content("[data-testid=explore-error]")
    assert shown and "number of deals" in shown
    assert "unknown study" in refused(app, "the_game", {"study": "nope", "deals": 5})
    too_many = refused(app, "byte_me", {"deals": 5, "options": {"players": 11}})
    assert "must be in 1..10, not 11" in too_many
    assert not app.evaluate("pixelJudge.exploreState().running")


def redrawn(page: Any, old: int, timeout_s: float = 30.0) -> int:
    """The plot's checksum once it differs from ``old``."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        now = plot_checksum(page, 1)
        if now != old:
            return now
        time.sleep(0.05)
    raise AssertionError("the plot did not change while the study ran")


def test_plot_changes_while_running_stop_keeps_results_and_a_bar_opens_its_deal(app: Any) -> None:
    app.select_option("[data-testid=game]", "the_game")
    app.fill("[data-testid=explore-deals]", "20000")
    app.fill("[data-testid=explore-seed]", "4")
    app.fill("[data-testid=explore-workers]", "2")
    before = plot_checksum(app, 1)
    app.click("[data-testid=explore-start]")
    wait_js(app, "pixelJudge.exploreState().done > 0", 60_000)
    # The plot redraws on the next animation frame after a chunk: poll for it
    # (a fixed wait failed on a loaded machine).
    first = redrawn(app, before)
    assert app.evaluate("pixelJudge.exploreState().running")
    second = redrawn(app, first)
    assert len({before, first, second}) == 3   # the histogram grows while the study runs

    app.click("[data-testid=explore-stop]")
    wait_js(app, "!pixelJudge.exploreState().running", 15_000)
    state = app.evaluate("pixelJudge.exploreState()")
    result = state["result"]
    assert 0 < result["deals"] < 20000
    assert sum(result["outcomes"].values()) == result["deals"]
    assert sum(result["metrics"]["cards_left"].values()) == result["deals"]
    assert "Stopped" in app.text_content("[data-testid=explore-status]")
    with app.expect_download() as download:
        app.click("[data-testid=explore-json]")
    assert json.loads(Path(download.value.path()).read_text()) == result
    with app.expect_download() as download:
        app.click("[data-testid=explore-csv]")
    rows = Path(download.value.path()).read_text().splitlines()
    assert rows[0] == "game,study,seed,table,group,bucket,count"
    assert sum(int(r.split(",")[-1]) for r in rows if ",outcomes," in r) == result["deals"]

    # Click the tallest bar of the cards-left histogram: the player opens a deal with that many.
    # (Its centre is read now: the download buttons' clicks may have scrolled the page.)
    regions = app.evaluate("pixelJudge.exploreState()")["plots"][1]["regions"]
    bucket = max(regions, key=lambda r: result["metrics"]["cards_left"][r["path"].split("/")[-1]])
    left = int(bucket["path"].split("/")[-1])
    app.mouse.click(bucket["x"], bucket["y"])
    wait_js(app, "pixelJudge.state().steps > 0 && !pixelJudge.state().solving", 30_000)
    lines = app.text_content("[data-testid=answer]").split("\n")
    assert len(lines[4].split()) + len(lines[5].split()) == left
    assert "Explore: deal" in app.text_content("[data-testid=solve-status]")


def test_share_link_carries_the_explore_settings(app: Any) -> None:
    app.select_option("[data-testid=explore-study]", "random_decks")
    app.fill("[data-testid=explore-deals]", "777")
    app.fill("[data-testid=explore-seed]", "42")
    app.dispatch_event("[data-testid=explore-seed]", "change")
    link = app.evaluate("pixelJudge.shareLink()")
    assert "x=random_decks.777.42" in link
