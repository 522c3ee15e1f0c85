"""Nim (a toy game): proof that a sixth game is one module and nothing else.

Copied into ``py_engines/games/`` this module is a complete engine: the registry
finds it, the CLI lists and solves it, the contract tests cover it, and the page
offers it with its generic scene.  Nothing else in the repository names it.

Game: heaps of stones; the two players, First and Second, take turns, First
first.  A move takes one or more stones from a single heap.  Whoever takes the
last stone wins (normal play); with no stones at all, First cannot move and
loses.

Input: ``T`` (1..100), then T lines, one case each: ``k`` (1..5), the number
of heaps, then the k heap sizes (0..9), all plain decimal numbers.  Output per
case: one line, ``First`` or ``Second``, the player who wins with perfect play.

Solver: a memoised win/loss search over the heaps as a sorted tuple (the order
of the heaps does not matter), from the position's own side; at most 2,002
distinct positions per case.  (The tests check it against Sprague-Grundy: the
player to move wins exactly when the heap sizes' XOR is not 0.)  The replay is
the generic walker over ``Position``, a GameState: +1 when First wins.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..api import CaseRun, MoveValue, Progress, RandomOption, Result, solve_cases
from ..errors import InvalidInputError, ParseError
from ..registry import register
from ..text import check_size, end_position, parse_int, tokenize_lines
from ..walker import BaseTwoPlayerEngine, Line

MAX_CASES = 100
MAX_HEAPS = 5
MAX_SIZE = 9
PLAYERS = ("First", "Second")

Heaps = tuple[int, ...]
Move = tuple[int, int]                 # (heap index, stones taken)


@dataclass(frozen=True, slots=True)
class Problem:
    cases: tuple[Heaps, ...]


def parse(text: str) -> Problem:
    check_size(text)
    lines = [line for line in tokenize_lines(text) if line]
    if not lines:
        raise ParseError(f"the input is empty: expected T, the number of cases (1..{MAX_CASES})",
                         line=1, column=1)
    head = lines[0]
    t = parse_int(head[0], f"T, the number of cases (1..{MAX_CASES})")
    if not 1 <= t <= MAX_CASES:
        raise head[0].error(f"T = {t} is outside 1..{MAX_CASES}", InvalidInputError)
    if len(head) > 1:
        raise head[1].error(f"unexpected '{head[1].text}' after T: the first line holds T only")
    cases: list[Heaps] = []
    for k in range(1, t + 1):
        if k >= len(lines):
            line, column = end_position(text)
            raise ParseError(f"the input ends before case {k} of {t}", line=line, column=column)
        row = lines[k]
        n = parse_int(row[0], f"k, the number of heaps of case {k} (1..{MAX_HEAPS})")
        if not 1 <= n <= MAX_HEAPS:
            raise row[0].error(f"case {k}: k = {n} is outside 1..{MAX_HEAPS}", InvalidInputError)
        if len(row) != n + 1:
            at = row[n + 1] if len(row) > n + 1 else row[-1]
            raise at.error(f"case {k}: k = {n} heap sizes expected, found {len(row) - 1}")
        sizes = []
        for tok in row[1:]:
            size = parse_int(tok, f"a heap size (0..{MAX_SIZE})")
            if size > MAX_SIZE:
                raise tok.error(f"heap size {size} is outside 0..{MAX_SIZE}", InvalidInputError)
            sizes.append(size)
        cases.append(tuple(sizes))
    if len(lines) > t + 1:
        extra = lines[t + 1][0]
        raise extra.error(f"unexpected '{extra.text}' after the last case (T = {t})")
    return Problem(tuple(cases))


@dataclass(frozen=True, slots=True)
class Position:
    """Heaps in input order and who moves: the GameState (First maximises)."""

    heaps: Heaps
    mover: int = 0                     # 0: First, 1: Second

    def to_move(self) -> int:
        return 1 if self.mover == 0 else -1

    def moves(self) -> list[Move]:
        return [(i, take) for i, size in enumerate(self.heaps) for take in range(1, size + 1)]

    def play(self, move: Move) -> "Position":
        i, take = move
        if not 1 <= take <= self.heaps[i]:
            raise ValueError(f"cannot take {take} from a heap of {self.heaps[i]}")
        heaps = self.heaps[:i] + (self.heaps[i] - take,) + self.heaps[i + 1:]
        return Position(heaps, 1 - self.mover)

    def is_terminal(self) -> bool:
        return not any(self.heaps)

    def value(self) -> int:
        """At the end the player to move has lost: the other took the last stone."""
        return -self.to_move()

    def key(self) -> tuple[Heaps, int]:
        return self.heaps, self.mover


class Solver:
    """Win/loss of the player to move, memoised on the sorted heaps."""

    def __init__(self) -> None:
        self.wins: dict[Heaps, bool] = {}

    def mover_wins(self, heaps: Heaps) -> bool:
        # An explicit stack: a heap of 9 stones could be taken one at a time.
        todo = [tuple(sorted(heaps))]
        while todo:
            top = todo[-1]
            if top in self.wins:
                todo.pop()
                continue
            children = {tuple(sorted(top[:i] + (top[i] - t,) + top[i + 1:]))
                        for i in range(len(top)) for t in range(1, top[i] + 1)}
            unknown = [c for c in children if c not in self.wins]
            if unknown:
                todo.extend(unknown)
                continue
            self.wins[top] = any(not self.wins[c] for c in children)
            todo.pop()
        return self.wins[tuple(sorted(heaps))]

    def value(self, pos: Position) -> int:
        """+1 when First wins from ``pos``, -1 when Second does."""
        return pos.to_move() if self.mover_wins(pos.heaps) else -pos.to_move()


def move_id(move: Move) -> str:
    return f"{move[0] + 1}-{move[1]}"      # heap 1..k, stones taken


class NimLine(Line[Position]):
    def __init__(self, solver: Solver, answer: str | None) -> None:
        self.solver = solver
        self.answer = answer

    def value_of(self, state: Position) -> int:
        return self.solver.value(state)

    def move_id(self, state: Position, move: Move) -> str:
        return move_id(move)

    def move_label(self, state: Position, move: Move) -> str:
        return f"take {move[1]} from heap {move[0] + 1}"

    def shown(self, state: Position, value: int) -> tuple[int, str]:
        return value, f"{PLAYERS[0 if value > 0 else 1]} wins"

    def player(self, state: Position) -> str:
        return PLAYERS[state.mover]

    def opening(self, state: Position) -> str:
        return f"Heaps {' '.join(map(str, state.heaps))}; First moves first"

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        return {"heaps": list(state.heaps), "stones": sum(state.heaps),
                "to_move": None if state.is_terminal() else PLAYERS[state.mover]}

    def narrate(self, before: Position, move: Move, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], str]:
        who = PLAYERS[before.mover]
        event = {"kind": "take", "move": move_id(move), "heap": move[0] + 1, "stones": move[1]}
        left = after.heaps[move[0]]
        return who, event, f"{who} takes {move[1]} from heap {move[0] + 1} ({left} left)"

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], str]:
        winner = PLAYERS[1 - state.mover]
        snap = self.snapshot(state, None, None)
        snap.update(outcome=winner, answer=self.answer)
        return None, {"kind": "end", "winner": winner}, snap, f"No stones left: {winner} wins"


@register
class NimEngine(BaseTwoPlayerEngine[Problem, str, Position]):
    name = "nim"
    title = "Nim (toy game)"
    input_help = (f"T (1..{MAX_CASES}), then one line per case: k (1..{MAX_HEAPS}) and the k heap "
                  f"sizes (0..{MAX_SIZE}). Players take stones from one heap; taking the last "
                  f"stone wins. The answer per case is First or Second.")
    random_options = (
        RandomOption("cases", "cases", 3, 1, 20),
        RandomOption("heaps", "heaps per case", 3, 1, MAX_HEAPS),
        RandomOption("size", "largest heap", 6, 0, MAX_SIZE),
    )

    def parse(self, text: str) -> Problem:
        return parse(text)

    def solve(self, problem: Problem, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[str]:
        solver = Solver()

        def one(heaps: Heaps, budget: int | None, _: Progress | None) -> CaseRun[str]:
            known = len(solver.wins)
            first_wins = solver.mover_wins(heaps)
            return CaseRun(PLAYERS[0 if first_wins else 1], len(solver.wins) - known)
        return solve_cases(problem.cases, one, limit=limit, progress=progress)

    def format_case(self, case_result: str) -> str:
        return case_result + "\n"

    def start(self, problem: Problem, case: int = 0) -> Position:
        self.check_case_count(len(problem.cases), case)
        return Position(problem.cases[case])

    def line(self, problem: Problem, result: Result[str] | None, case: int) -> Line[Position]:
        return NimLine(Solver(), None if result is None else self.format_case(result.cases[case]))

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        rng = random.Random(seed)
        rows = []
        for _ in range(opts["cases"]):
            heaps = [rng.randint(0, opts["size"]) for _ in range(rng.randint(1, opts["heaps"]))]
            rows.append(" ".join(map(str, [len(heaps), *heaps])))
        return "\n".join([str(len(rows)), *rows]) + "\n"
