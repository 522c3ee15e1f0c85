"""Exact minimax by alpha-beta with a transposition table of bounds.

Values are absolute (the maximiser's side), so a game states its value once
(``You - Opponent``, ``Axel - Birgit``) and the search needs no sign flips.
The table maps ``state.key()`` to a (lower, upper) bound pair, so later
searches with other windows reuse earlier work; ``move_values`` asks each child
for its exact value, which is how the replay shows why a line is optimal.

Recursion depth is twice the game's remaining plies (tens here), well within
Pyodide's stack; this is the reference the tests use, not a solver the page runs.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Protocol, Self, Sequence

from ..api import Progress
from ..errors import LimitError
from ..i18n import msg

INF = 1 << 30
PROGRESS_EVERY = 1 << 15


class GameState(Protocol):
    def to_move(self) -> int: ...            # +1: maximiser to move, -1: minimiser
    def moves(self) -> Sequence[Any]: ...    # deterministic order; non-empty unless terminal
    def play(self, move: Any) -> Self: ...
    def is_terminal(self) -> bool: ...
    def value(self) -> int: ...              # terminal value, maximiser's side
    def key(self) -> Hashable: ...           # compact and hashable (ideally an int)


@dataclass(slots=True)
class SearchStats:
    nodes: int = 0
    table_size: int = 0

    def to_dict(self) -> dict[str, int]:
        return {"nodes": self.nodes, "table": self.table_size}


class Solver:
    """Solves positions of one game; keep one per problem to share its table."""

    def __init__(self, *, limit: int | None = None, progress: Progress | None = None) -> None:
        self.table: dict[Hashable, tuple[int, int]] = {}
        self.stats = SearchStats()
        self.limit = limit
        self.progress = progress

    def _count(self) -> None:
        self.stats.nodes += 1
        n = self.stats.nodes
        if n % PROGRESS_EVERY == 0:
            if self.limit is not None and n > self.limit:
                raise LimitError(msg("error.search_limit", nodes=n, limit=self.limit))
            if self.progress is not None:
                self.progress({"nodes": n, "table": len(self.table)})

    def search(self, state: GameState, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta: exact when the result lies strictly inside (alpha, beta)."""
        self._count()
        if state.is_terminal():
            return state.value()
        key = state.key()
        lo, hi = self.table.get(key, (-INF, INF))
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        best = self._best_child(state, max(alpha, lo), min(beta, hi))
        # What the window proved: a cut-off gives a bound, a full scan inside it the value.
        if best <= alpha:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        self.stats.table_size = len(self.table)
        return best

    def _best_child(self, state: GameState, a: int, b: int) -> int:
        """The mover's best child value within the window (a, b), fail-soft."""
        maximising = state.to_move() > 0
        best = -INF if maximising else INF
        for move in state.moves():
            v = self.search(state.play(move), a, b)
            if maximising:
                if v > best:
                    best = v
                    a = max(a, v)
            elif v < best:
                best = v
                b = min(b, v)
            if a >= b:
                break
        return best

    def value(self, state: GameState) -> int:
        """The exact minimax value of ``state``."""
        return self.search(state, -INF, INF)

    def move_values(self, state: GameState) -> list[tuple[Any, int]]:
        """Every legal move with its exact value, in the game's move order."""
        return [(m, self.value(state.play(m))) for m in state.moves()]

    def best_move(self, state: GameState) -> tuple[int, Any]:
        """(value, the first move in move order that attains it)."""
        scored = self.move_values(state)
        pick = max if state.to_move() > 0 else min
        value = pick(v for _, v in scored)
        return value, next(m for m, v in scored if v == value)


def solve(state: GameState) -> int:
    """The generic exact value of ``state``: plain alpha-beta over the GameState alone.

    The reference every game's fast solver must agree with (the contract tests
    check it on random positions); recursion as deep as the plies left.
    """
    return Solver().value(state)
