"""The lab's iterative exact search (py_engines/search/iterative.py) against the recursive
reference (search/minimax.py): the same values, the same move values, the same position
counts on random games and on the toy Nim; its limits, progress and contract checks; and a
10,000-ply line under a recursion limit of 200."""
from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from py_engines import LimitError
from py_engines.search import iterative, minimax
from py_engines.search.iterative import CHECK_EVERY, PROGRESS_EVERY, ContractError, Solver

ROOT = Path(__file__).resolve().parents[1]


# ----------------------------------------------------------------------------- random games

@dataclass(frozen=True)
class Game:
    """A random game on a DAG: node i's moves lead to later nodes, so it always ends;
    shared children are transpositions."""

    children: tuple[tuple[int, ...], ...]
    mover: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class Node:
    game: Game
    i: int = 0

    def to_move(self) -> int:
        return self.game.mover[self.i]

    def moves(self) -> list[int]:
        return list(range(len(self.game.children[self.i])))

    def play(self, move: int) -> Node:
        return Node(self.game, self.game.children[self.i][move])

    def is_terminal(self) -> bool:
        return not self.game.children[self.i]

    def value(self) -> int:
        return self.game.values[self.i]

    def key(self) -> int:
        return self.i


def random_game(rng: random.Random) -> Node:
    n = rng.randint(1, 60)
    children = []
    for i in range(n):
        later = list(range(i + 1, n))
        width = 0 if not later or rng.random() < 0.15 else rng.randint(1, min(4, len(later)))
        # Mostly near children (long lines), sometimes far ones (transpositions, short cuts).
        picks = [min(n - 1, i + 1 + int(rng.expovariate(0.5))) if rng.random() < 0.7
                 else rng.choice(later) for _ in range(width)]
        children.append(tuple(picks))
    mover = tuple(rng.choice((1, -1)) for _ in range(n))
    values = tuple(rng.randint(-9, 9) for _ in range(n))
    return Node(Game(tuple(children), mover, values))


def _bounds(table: dict[Any, tuple[int, int]], inf: int) -> dict[Any, tuple[int | None, ...]]:
    """A bounds table with each search's own infinity as None."""
    return {k: tuple(None if abs(b) == inf else b for b in pair) for k, pair in table.items()}


def test_the_iterative_search_agrees_with_minimax_on_random_games() -> None:
    rng = random.Random(32)
    deep = 0
    for _ in range(600):
        root = random_game(rng)
        ours, ref = Solver(), minimax.Solver()
        assert ours.value(root) == ref.value(root)
        # The same search: the same positions visited, the same table.
        assert ours.positions == ref.stats.nodes
        assert _bounds(ours.table, iterative.INF) == _bounds(ref.table, minimax.INF)
        if not root.is_terminal():
            assert ours.move_values(root) == ref.move_values(root)
            assert ours.best_move(root) == ref.best_move(root)
        deep += len(ref.table) > 20
    assert deep > 50          # the generator makes games worth comparing


def _toy_nim(monkeypatch: pytest.MonkeyPatch) -> Any:
    """tests/toy_game/nim.py imported beside the games without registering its engine."""
    from py_engines import registry
    monkeypatch.setattr(registry, "register", lambda cls: cls)
    spec = importlib.util.spec_from_file_location("py_engines.games._lab_toy_nim",
                                                  ROOT / "tests" / "toy_game" / "nim.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)    # dataclasses look it up
    spec.loader.exec_module(module)
    return module


def test_the_iterative_search_agrees_on_the_toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    nim = _toy_nim(monkeypatch)
    rng = random.Random(7)
    fast = nim.Solver()
    for _ in range(40):
        heaps = tuple(rng.randint(0, 5) for _ in range(rng.randint(1, 3)))
        pos = nim.Position(heaps)
        ours, ref = Solver(), minimax.Solver()
        assert ours.value(pos) == ref.value(pos) == fast.value(pos)
        assert ours.positions == ref.stats.nodes
        if not pos.is_terminal():
            assert ours.move_values(pos) == ref.move_values(pos)


# ----------------------------------------------------------------------------- limits

class Count:
    """Take 1 or 2 from N; N up to 10**6 gives a search of any size."""

    def __init__(self, n: int, player: int = 1) -> None:
        self.n, self.player = n, player

    def to_move(self) -> int:
        return self.player

    def moves(self) -> list[int]:
        return [k for k in (1, 2) if k <= self.n]

    def play(self, move: int) -> Count:
        return Count(self.n - move, -self.player)

    def is_terminal(self) -> bool:
        return self.n == 0

    def value(self) -> int:
        return -self.player

    def key(self) -> tuple[int, int]:
        return self.n, self.player


def test_the_positions_limit_stops_exactly_there() -> None:
    unlimited = Solver()
    unlimited.value(Count(2000))
    assert unlimited.positions > 1000
    solver = Solver(max_positions=1000)
    with pytest.raises(LimitError) as caught:
        solver.value(Count(2000))
    assert solver.positions == 1000
    assert caught.value.message == "search stopped after 1,000 positions (limit 1,000)"


def test_the_time_limit_is_checked_every_few_thousand_positions() -> None:
    ticks = iter(range(10 ** 9))
    solver = Solver(time_limit_ms=5, clock=lambda: next(ticks) / 1000)   # 1 ms per look
    with pytest.raises(LimitError) as caught:
        solver.value(Count(50_000))
    # The clock is read at the start and at every CHECK_EVERY positions: 5 looks later, 5 ms.
    assert solver.positions == 5 * CHECK_EVERY
    assert caught.value.message == (f"search stopped after 5 ms and {5 * CHECK_EVERY:,} "
                                    "positions (time limit 5 ms)")


def test_progress_is_reported_every_32k_positions() -> None:
    seen: list[int] = []
    solver = Solver(progress=seen.append)
    solver.value(Count(60_000))
    assert solver.positions > 3 * PROGRESS_EVERY
    assert seen == [k * PROGRESS_EVERY for k in range(1, solver.positions // PROGRESS_EVERY + 1)]


class Loop(Count):
    """Take 1 or put 1 back: positions repeat, so the game need never end."""

    def moves(self) -> list[int]:
        return [1, -1] if self.n else []

    def play(self, move: int) -> Loop:
        return Loop(self.n - move, -self.player)


def test_a_game_that_repeats_a_position_is_refused() -> None:
    with pytest.raises(ContractError) as caught:
        Solver().value(Loop(3))
    assert "the game comes back to a position (key (2, -1) (tuple))" in caught.value.message


def test_the_depth_limit_stops_a_line_without_end() -> None:
    with pytest.raises(LimitError) as caught:
        Solver(max_depth=500).value(Count(10_000))
    assert caught.value.message == "the search went 500 moves deep: does the game always end?"
    assert Solver(max_depth=10_001).value(Count(10_000)) == Solver().value(Count(10_000))


# ----------------------------------------------------------------------------- the contract

def _broken(**overrides: Any) -> Count:
    state = Count(3)
    for name, value in overrides.items():
        setattr(state, name, (lambda v: lambda *a: v() if callable(v) else v)(value))
    return state


@pytest.mark.parametrize("overrides, expected", [
    ({"to_move": 0}, "to_move() must return 1 or -1, not 0 (int)"),
    ({"to_move": True}, "to_move() must return 1 or -1, not True (bool)"),
    ({"is_terminal": True, "value": 1.0}, "value() must return an int from -1000000000000000 "
                                          "to 1000000000000000, not 1.0 (float)"),
    ({"is_terminal": True, "value": False}, "not False (bool)"),
    ({"is_terminal": True, "value": 10 ** 16}, "not 10000000000000000 (int)"),
    ({"moves": lambda: (m for m in (1, 2))}, "moves() must return a list or a tuple, not"),
    ({"moves": "12"}, "moves() must return a list or a tuple, not '12' (str)"),
    ({"moves": []}, "moves() is empty but is_terminal() is false"),
    ({"key": [3, 1]}, "key() must return a hashable value: unhashable type: 'list'"),
])
def test_a_broken_contract_names_what_was_returned(overrides: dict[str, Any],
                                                   expected: str) -> None:
    with pytest.raises(ContractError) as caught:
        Solver().value(_broken(**overrides))
    assert expected in caught.value.message


def test_any_sequence_of_moves_is_taken() -> None:
    state = _broken(moves=range(1, 3))
    assert Solver().value(state) == Solver().value(Count(3))


# ----------------------------------------------------------------------------- depth

DEEP = textwrap.dedent("""
    import sys
    sys.path.insert(0, {root!r})
    sys.path.insert(0, {tests!r})
    from py_engines.search import iterative, minimax
    from test_lab_search import Count
    solver = iterative.Solver()
    sys.setrecursionlimit(200)
    print(solver.value(Count({n}, 1)), solver.positions)
    try:
        minimax.solve(Count({n}, 1))
    except RecursionError:
        print("minimax: RecursionError")
""")


def _run_deep(n: int) -> list[str]:
    code = DEEP.format(root=str(ROOT), tests=str(ROOT / "tests"), n=n)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")


def test_a_10000_ply_line_solves_under_a_recursion_limit_of_200() -> None:
    out = _run_deep(10_000)
    # Take 1 or 2 from 10,000: the mover loses exactly on multiples of 3.
    assert out[0].split()[0] == "1"
    assert int(out[0].split()[1]) >= 10_000
    assert out[1] == "minimax: RecursionError"       # the recursive reference could not


def test_solve_takes_the_solvers_limits() -> None:
    with pytest.raises(LimitError):
        iterative.solve(Count(100), max_positions=10)
    assert iterative.solve(Count(99)) == -1


def test_the_walker_merges_the_end_frame_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from py_engines.walker import walk
    nim = _toy_nim(monkeypatch)
    start = nim.Position((2, 1))
    plain = walk(nim.NimLine(nim.Solver(), "First\n"), start)
    merged = walk(nim.NimLine(nim.Solver(), "First\n"), start, merge_end=True)
    moves = [f for f in plain if f.event is not None and f.event.get("kind") == "take"]
    assert len(plain) == len(moves) + 2                  # the built-in games' frames, unchanged
    assert len(merged) == len(moves) + 1
    assert merged[:-1] == plain[:-2]
    last, end = merged[-1], plain[-1]
    assert (last.i, last.actor, last.event) == (len(moves), plain[-2].actor, plain[-2].event)
    # The end's state and note (the walker marks a separate end frame's variation only).
    assert ({**last.state, "variation": False}, last.msg) == (end.state, end.msg)
    assert "variation" not in last.state
