"""Explore: studies over many random deals, the same numbers for any split of the work."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from py_engines import get_engine
from py_engines.bridge import handle_request
from py_engines.explore import explore, merge, studies_of
from py_engines.explore.cli import main as explore_main
from py_engines.explore.study import ANSWERS, PLOT_KINDS, deal, empty, get_study, run_range
from py_engines.registry import engine_names

ROOT = Path(__file__).resolve().parents[1]
KEYS = ["game", "study", "deals", "seed", "outcomes", "metrics", "deals_per_s"]


def without_rate(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "deals_per_s"}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "py_engines", "explore", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_json_has_exactly_the_promised_keys() -> None:
    run = cli("the_game", "--deals", "12", "--seed", "3", "--json")
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert list(result) == KEYS
    assert result["deals"] == 12 and result["seed"] == 3 and result["game"] == "the_game"
    assert sum(result["outcomes"].values()) == 12
    assert set(result["outcomes"]) <= {"won", "lost"}


def test_one_and_three_worker_processes_give_identical_results() -> None:
    one = explore("the_game", deals=40, seed=11, workers=1)
    three = explore("the_game", deals=40, seed=11, workers=3)
    assert without_rate(one) == without_rate(three)
    assert one["deals"] == 40


@pytest.mark.parametrize("game", engine_names())
def test_any_split_of_the_deals_gives_the_same_aggregate(game: str) -> None:
    engine = get_engine(game)
    study = studies_of(engine)[0]
    options = study.check_options({})
    whole = run_range(engine, study, 5, 0, 6, options)
    parts = [run_range(engine, study, 5, k, 1, options) for k in range(6)]
    backwards = empty()
    for part in reversed(parts):
        backwards = merge(backwards, part)
    assert backwards == whole
    assert whole["deals"] == 6


@pytest.mark.parametrize("game", engine_names())
def test_every_study_declares_plots_of_what_it_counts(game: str) -> None:
    engine = get_engine(game)
    for study in studies_of(engine):
        options = study.check_options({})
        agg = run_range(engine, study, 1, 0, 8, options)
        assert sum(agg["outcomes"].values()) >= 8
        if study.classes:
            assert set(agg["outcomes"]) <= set(study.classes)
        for plot in study.plots:
            assert plot.kind in PLOT_KINDS
            if plot.source != "outcomes":
                assert plot.source.removeprefix("metrics.") in agg["metrics"], plot.source
        assert set(study.metrics) <= set(agg["metrics"])


def test_a_bucket_example_reopens_as_the_deal_from_its_seed() -> None:
    engine = get_engine("the_game")
    study = get_study(engine, None)
    agg = run_range(engine, study, 100, 0, 20, {})
    path, k = next((p, k) for p, k in agg["examples"].items()
                   if p.startswith("metrics/cards_left/"))
    reply = handle_request({"cmd": "explore_deal", "game": "the_game", "seed": 100, "index": k})
    assert reply["ok"] and reply["text"] == engine.random_input(100 + k)
    one = deal(engine, study, 100, k, {})
    assert path.split("/")[-1] in one["metrics"]["cards_left"]


def test_the_bridge_chunks_add_up_to_the_cli_result() -> None:
    cli_result = explore("the_game", deals=10, seed=2, workers=1)
    total = empty()
    for start in (6, 0, 3):
        count = {0: 3, 3: 3, 6: 4}[start]
        reply = handle_request({"cmd": "explore_chunk", "game": "the_game", "seed": 2,
                                "start": start, "count": count})
        assert reply["ok"], reply
        total = merge(total, reply["aggregate"])
    assert total["outcomes"] == cli_result["outcomes"]
    assert total["metrics"] == cli_result["metrics"]


@pytest.mark.parametrize("args, message", [
    (["the_game", "--deals", "0"], "number of deals"),
    (["the_game", "--deals", "5", "--study", "nope"], "unknown study 'nope'"),
    (["the_game", "--deals", "5", "--players", "3"], "has no option 'players'"),
    (["the_game", "--deals", "5", "--workers", "0"], "number of workers"),
    (["the_game", "--seed", "1"], "--deals"),
    (["byte_me", "--deals", "5", "--players", "11"], "must be in 1..10, not 11"),
    (["byte_me", "--deals", "5", "--opt", "players=x"], "must be an integer"),
    # CPython converts at most 4,300 digits: refused before any conversion
    (["byte_me", "--deals", "5", "--players", "1" * 4301], "must be in 1..10, not 111111111111"),
    (["chess", "--deals", "5"], "unknown game 'chess'"),
])
def test_bad_settings_are_refused_with_a_clear_message(args: list[str], message: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert explore_main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bridge_refuses_bad_settings_before_any_deal() -> None:
    reply = handle_request({"cmd": "explore_check", "game": "the_game", "deals": 0, "seed": 1})
    assert not reply["ok"] and "deals" in reply["error"]["message"]
    reply = handle_request({"cmd": "explore_chunk", "game": "the_game", "seed": 1, "start": -1,
                            "count": 2})
    assert not reply["ok"]


def test_plain_output_shows_a_table_and_text_plots() -> None:
    run = cli("the_game", "--deals", "30", "--seed", "1")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "30 deals from seed 1" in out
    assert "Won or lost" in out and "#" in out
    assert "%" in out


def test_a_game_without_studies_gets_the_default_study() -> None:
    class Bare:
        name = "no_such_game_here"
        studies = None
    assert studies_of(Bare()) == (ANSWERS,)


def test_games_reply_lists_the_studies_for_the_page() -> None:
    games = handle_request({"cmd": "games"})["games"]
    for game in games:
        assert game["studies"], game["name"]
        for study in game["studies"]:
            assert study["plots"] and study["counts"]


def test_kalah_swaps_study_finds_lines_with_and_without_a_swap() -> None:
    engine = get_engine("kalah")
    agg = run_range(engine, get_study(engine, "swaps"), 1, 0, 40, {})
    assert agg["metrics"]["swap"].get("swap", 0) > 0
    assert agg["metrics"]["swap"].get("no swap", 0) > 0


def test_byte_me_deals_cycle_through_the_table_sizes() -> None:
    engine = get_engine("byte_me")
    study = get_study(engine, "dealer")
    agg = run_range(engine, study, 3, 0, 20, study.check_options({"players": 4}))
    assert agg["metrics"]["by_players"].keys() == {"1", "2", "3", "4"}
    assert sum(sum(row.values()) for row in agg["metrics"]["by_players"].values()) == 20
    assert "START 3" in engine.random_input(3 + 2, **study.options_of_deal(2, {"players": 4}))
