"""The game lab (py_engines/lab/): each worked example solves to the value a separate brute
force computes, with every move of the first step valued alike; the frames number the
moves plus one and end with the outcome; the tests/lab games (a 3,000-ply line, the bench
game's exact position count, a game without end, one that raises on a known line)."""
from __future__ import annotations

import functools
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from py_engines.i18n import from_json, render
from py_engines.lab import solve_lab
from py_engines.lab.examples import EXAMPLES, coin_row, examples, puzzle, source, take_away

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "tests" / "lab"
MODULES: dict[str, ModuleType] = {"take_away": take_away, "coin_row": coin_row, "puzzle": puzzle}
LAB_STATE_KEYS = {"lab", "title", "view", "table", "to_move", "value", "over"}


def lab_game(name: str) -> str:
    return (GAMES / f"{name}.py").read_text(encoding="utf-8")


def line_of(code: str, marker: str) -> int:
    """The 1-based number of the one line of ``code`` that holds ``marker``."""
    found = [k for k, text in enumerate(code.splitlines(), 1) if marker in text]
    assert len(found) == 1, marker
    return found[0]


# ----------------------------------------------------------------------------- brute force

def minimax_brute(state: Any) -> int:
    """Plain recursive minimax over the module's states, memoised on the state objects
    themselves (frozen dataclasses: equal states, equal values), not on their key()."""
    @functools.lru_cache(maxsize=None)
    def best(s: Any) -> int:
        if s.is_terminal():
            return int(s.value())
        values = [best(s.play(m)) for m in s.moves()]
        return max(values) if s.to_move() > 0 else min(values)
    return best(state)


def take_away_by_grundy(piles: tuple[int, ...]) -> int:
    """Take 1..3: a pile of n is worth the nimber n % 4; the mover (Max) wins iff the
    XOR of the nimbers is not 0."""
    x = 0
    for n in piles:
        x ^= n % 4
    return 1 if x else -1


def coin_row_by_dp(coins: list[int]) -> int:
    """diff[i][j]: the best (mover - other) over coins[i:j]."""
    n = len(coins)
    diff = [[0] * (n + 1) for _ in range(n + 1)]
    for size in range(1, n + 1):
        for i in range(n - size + 1):
            j = i + size
            diff[i][j] = max(coins[i] - diff[i + 1][j], coins[j - 1] - diff[i][j - 1])
    return diff[0][n]


def puzzle_by_dp(text: str) -> int:
    """The most gold on a right/down walk to the bottom-right corner (-1: unreachable)."""
    board = [line.split() for line in text.strip().splitlines()]
    rows, cols = len(board), len(board[0])
    most: list[list[int | None]] = [[None] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if board[r][c] == "#":
                continue
            before = [most[r - 1][c] if r else None, most[r][c - 1] if c else None]
            reach = [b for b in before if b is not None]
            if r == 0 and c == 0:
                most[r][c] = int(board[0][0])
            elif reach:
                most[r][c] = max(reach) + int(board[r][c])
    end = most[rows - 1][cols - 1]
    return -1 if end is None else end


# ----------------------------------------------------------------------------- examples

@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_solves_to_its_brute_force_value(name: str) -> None:
    module = MODULES[name]
    result = solve_lab(source(name), module.SAMPLE)
    assert result["ok"], result
    start = module.start(module.SAMPLE)
    assert result["value"] == minimax_brute(start)
    assert result["title"] == module.TITLE
    frames = result["frames"]
    assert len(frames) == len(result["moves"]) + 1
    # Every move of the first step, valued by the brute force.
    by_name = {start.name(m): m for m in start.moves()}
    assert [v["move"] for v in frames[0]["values"]] == list(by_name)
    for v in frames[0]["values"]:
        assert v["value"] == minimax_brute(start.play(by_name[v["move"]])), v
        assert v["best"] == (v["value"] == result["value"])
    # The line is the one its names play, and it reaches the value.
    state = start
    for k, move_name in enumerate(result["moves"], 1):
        state = state.play({state.name(m): m for m in state.moves()}[move_name])
        assert frames[k]["event"]["move"] == move_name
        assert frames[k]["state"]["value"] == minimax_brute(state)
    assert state.is_terminal() and state.value() == result["value"]
    last = frames[-1]
    assert last["state"]["over"] is True and last["state"]["value"] == result["value"]
    assert all(f["state"]["over"] is False for f in frames[:-1])
    assert last["values"] is None and last["to_move"] is None


def test_the_examples_against_hand_written_solutions() -> None:
    """Solvers that know nothing of the modules: Sprague-Grundy, a DP, a DP."""
    for piles in ("5 7 4", "1", "4 4", "3 0 2", "6 1 1 2", "9 10"):
        assert solve_lab(source("take_away"), piles)["value"] == \
            take_away_by_grundy(tuple(map(int, piles.split()))), piles
    for row in (coin_row.SAMPLE, "5", "1 100 1", "8 15 3 7", "2 2 2 2 9 1 4"):
        assert solve_lab(source("coin_row"), row)["value"] == \
            coin_row_by_dp(list(map(int, row.split()))), row
    for board in (puzzle.SAMPLE, "7", "1 2\n3 4", "1 # 5\n2 # 1\n3 9 1", "1 #\n# 1"):
        assert solve_lab(source("puzzle"), board)["value"] == puzzle_by_dp(board), board


def test_the_examples_draw_their_views_and_name_the_one_player() -> None:
    take = solve_lab(source("take_away"), "2 3")
    assert take["frames"][0]["state"]["view"]["piles"] == [{"label": "A", "count": 2},
                                                          {"label": "B", "count": 3}]
    assert take["frames"][0]["to_move"] == "Max" and take["frames"][1]["to_move"] == "Min"
    coins = solve_lab(source("coin_row"), "4 1 2")
    first = coins["frames"][1]["state"]["view"]
    assert first["scores"] == {"Max": 4, "Min": 0}
    assert first["rows"] == [{"label": "coins", "cards": ["1", "2"]}]
    gold = solve_lab(source("puzzle"), "1 2\n3 4")
    assert gold["moves"] == ["down", "right"] and gold["value"] == 8
    assert gold["frames"][0]["state"]["view"]["grid"]["cells"] == [["@", "2"], ["3", "4"]]
    assert {f["to_move"] for f in gold["frames"][:-1]} == {"Player"}
    assert gold["frames"][-1]["note"] == "step right: 4 gold, 8 in all / game over: final score 8"


def test_the_manifest_entries_are_the_examples() -> None:
    entries = examples()
    assert [e["id"] for e in entries] == list(EXAMPLES)
    for entry in entries:
        module = MODULES[entry["id"]]
        assert entry["title"] == module.TITLE and entry["sample"] == module.SAMPLE
        assert entry["code"] == (ROOT / "py_engines" / "lab" / "examples" /
                                 f"{entry['id']}.py").read_text(encoding="utf-8")
        assert set(entry) == {"id", "title", "code", "sample"}


# ----------------------------------------------------------------------------- frames

def test_frames_have_the_lab_shape_and_render_in_every_language() -> None:
    result = solve_lab(source("take_away"), "3 2")
    assert result["stats"]["positions"] > 0 and result["stats"]["ms"] >= 0
    for k, frame in enumerate(result["frames"]):
        assert frame["i"] == k
        assert set(frame["state"]) == LAB_STATE_KEYS
        assert frame["state"]["lab"] is True and frame["state"]["to_move"] in (1, -1)
        for lang in ("en", "zh-CN"):
            assert render(from_json(frame["msg"]), lang)
        if frame["values"] is not None:
            assert render(from_json(frame["to_move_msg"]), "zh-CN") in ("Max", "Min")
    assert result["frames"][0]["event"] is None
    assert json.loads(json.dumps(result)) == result


def test_a_game_over_at_the_start_has_one_frame() -> None:
    result = solve_lab(source("take_away"), "0 0")
    assert result["ok"] and result["moves"] == [] and len(result["frames"]) == 1
    assert result["value"] == -1 and result["frames"][0]["state"]["over"] is True
    assert result["frames"][0]["note"] == "Game over: Min wins (-1)"


def test_a_variation_follows_the_chosen_names_then_the_best_line() -> None:
    main = solve_lab(source("take_away"), "5 7 4")
    bad = next(v["move"] for v in main["frames"][0]["values"] if not v["best"])
    line = solve_lab(source("take_away"), "5 7 4", moves=[bad])
    assert line["ok"] and line["moves"][0] == bad and line["value"] == main["value"]
    assert len(line["frames"]) == len(line["moves"]) + 1
    # Min then wins: the line ends where the best replies lead.
    assert line["frames"][-1]["state"]["value"] == -1
    illegal = solve_lab(source("take_away"), "5 7 4", moves=["Z9"])
    assert illegal["error"]["type"] == "InputError"
    assert "'Z9' is not legal for Max" in illegal["error"]["message"]


def test_without_a_view_the_table_shows_the_public_attributes() -> None:
    code = lab_game("bench")
    frame = solve_lab(code, "0 0 1 2")["frames"][0]["state"]
    assert frame["view"] is None
    assert frame["table"] == [["piles", "(0, 0, 1, 2)"], ["player", "1"]]


# ----------------------------------------------------------------------------- tests/lab games

def test_a_3000_ply_line_solves() -> None:
    result = solve_lab(lab_game("deep"), "3000")
    assert result["ok"], result
    assert len(result["moves"]) == 3000 and len(result["frames"]) == 3001
    assert result["value"] == -1                   # even N: Min takes the last stone
    assert result["frames"][-1]["state"]["view"]["piles"] == [{"label": "pile", "count": 0}]


def test_the_bench_game_visits_its_stated_number_of_positions() -> None:
    code = lab_game("bench")
    stated = int(code.split("visits exactly ")[1].split()[0].replace(",", ""))
    sample = code.split('SAMPLE = "')[1].split('"')[0]
    result = solve_lab(code, sample)
    assert result["ok"] and result["stats"]["positions"] == stated
    piles = tuple(map(int, sample.split()))
    assert result["value"] == take_away_by_grundy(piles)


def test_a_game_without_end_stops_at_a_limit() -> None:
    code = lab_game("endless")
    deep = solve_lab(code, "0")
    assert deep["error"]["type"] == "LimitError"
    assert deep["error"]["message"] == "the search went 100,000 moves deep: does the game always end?"
    stopped = solve_lab(code, "0", max_positions=5000)
    assert stopped["error"] == {"type": "LimitError", "line": None,
                                "message": "search stopped after 5,000 positions (limit 5,000)",
                                "msg": {"id": "error.search_limit",
                                        "params": {"nodes": 5000, "limit": 5000}}}


def test_a_call_that_never_returns_stops_at_the_time_limit() -> None:
    code = lab_game("spin")
    result = solve_lab(code, "1", time_limit_ms=300)
    assert result["error"]["type"] == "LimitError"
    assert "(time limit 300 ms)" in result["error"]["message"]
    assert result["error"]["line"] in range(line_of(code, "while True"),
                                            line_of(code, "n += 1") + 1)


def test_an_exception_names_its_line_in_the_users_code() -> None:
    code = lab_game("raises")
    result = solve_lab(code, "6")
    assert result["error"] == {"type": "RulesError", "line": line_of(code, "# RAISES"),
                               "message": "ZeroDivisionError: integer division or modulo by zero",
                               "msg": {"id": "raw", "params": {
                                   "text": "ZeroDivisionError: integer division or modulo by zero"}}}
    assert solve_lab(code, "2")["ok"]             # lines that never reach 3 stones are fine
