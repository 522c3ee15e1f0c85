"""Exact minimax for untrusted states: alpha-beta with a bounds table and an explicit stack.

The same search as ``minimax.Solver`` (fail-soft alpha-beta, values from the
maximiser's side, a table of (lower, upper) bounds keyed by ``state.key()``,
every position counted once per visit), so the two agree on every value and
every count.  Two things make it fit for the page's lab, where the states are
a user's own code:

* **No recursion.**  The path from the root is a list of ``_Node`` records, so a
  line 100,000 plies deep needs no Python stack (Pyodide's is small).  A game
  that can repeat a position on the current path never ends: it is refused
  (``ContractError``) instead of searched until memory runs out.
* **Bounded and checked.**  ``max_positions`` stops the search exactly after that
  many positions, ``time_limit_ms`` is checked every ``CHECK_EVERY`` positions,
  ``max_depth`` caps the path; each raises ``LimitError``.  ``progress(positions)``
  is called every ``PROGRESS_EVERY`` positions.  What the states return is checked
  as the search meets it (``to_move`` 1 or -1, ``value`` an int within
  ``VALUE_LIMIT``, ``moves`` a sequence, non-empty unless terminal, ``key``
  hashable): a broken contract is a ``ContractError`` naming what was returned.
"""
from __future__ import annotations

import time
from collections.abc import Sequence as SequenceABC
from typing import Any, Callable, Hashable, Sequence

from ..errors import EngineError, LimitError
from ..i18n import msg
from .minimax import GameState

INF = 1 << 62
VALUE_LIMIT = 10 ** 15           # values stay exact as JavaScript numbers
CHECK_EVERY = 1 << 12            # positions between two looks at the clock
PROGRESS_EVERY = 1 << 15
DEFAULT_MAX_DEPTH = 100_000
_FULL = (-INF, INF)


class ContractError(EngineError):
    """A state broke the GameState contract (what a method returned, not an exception)."""

    kind = "ContractError"


def shown(value: object, limit: int = 40) -> str:
    """A returned value as an error message quotes it: its repr, cut, and its type."""
    try:
        text = repr(value)
    except Exception:        # a user's __repr__ may fail: the type still says enough
        text = "?"
    if len(text) > limit:
        text = text[:limit - 3] + "..."
    return f"{text} ({type(value).__name__})"


class _Node:
    """One position on the current path, with its window and the moves left to try."""

    __slots__ = ("state", "key", "alpha", "beta", "lo", "hi", "a", "b", "best", "maxing",
                 "moves", "i")

    def __init__(self, state: Any, key: Hashable, alpha: int, beta: int, lo: int, hi: int,
                 maxing: bool, moves: Sequence[Any]) -> None:
        self.state = state
        self.key = key
        self.alpha = alpha
        self.beta = beta
        self.lo = lo
        self.hi = hi
        self.a = max(alpha, lo)
        self.b = min(beta, hi)
        self.maxing = maxing
        self.best = -INF if maxing else INF
        self.moves = moves
        self.i = 0


class Solver:
    """Solves positions of one game; keep one per game to share its table."""

    def __init__(self, *, max_positions: int | None = None, time_limit_ms: int | None = None,
                 progress: Callable[[int], None] | None = None,
                 max_depth: int = DEFAULT_MAX_DEPTH,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.table: dict[Hashable, tuple[int, int]] = {}
        self.positions = 0
        self.min_seen = False          # a position with the minimiser to move was met
        self.max_positions = max_positions
        self.time_limit_ms = time_limit_ms
        self.progress = progress
        self.max_depth = max_depth
        self.clock = clock
        self.started = clock()
        self._next_check = 0
        self._plan_check()

    # ------------------------------------------------------------------ limits

    def _plan_check(self) -> None:
        nxt = (self.positions // CHECK_EVERY + 1) * CHECK_EVERY
        if self.max_positions is not None:
            nxt = min(nxt, self.max_positions + 1)
        self._next_check = nxt

    def _check(self) -> None:
        """Called when ``positions`` reaches ``_next_check``: the limits, then progress."""
        n = self.positions
        if self.max_positions is not None and n > self.max_positions:
            raise LimitError(msg("error.search_limit", nodes=self.max_positions,
                                 limit=self.max_positions))
        if n % CHECK_EVERY == 0:
            if self.time_limit_ms is not None:
                ms = int((self.clock() - self.started) * 1000)
                if ms >= self.time_limit_ms:
                    raise LimitError(msg("lab.error.time", ms=ms, count=n,
                                         limit=self.time_limit_ms))
            if self.progress is not None and n % PROGRESS_EVERY == 0:
                self.progress(n)
        self._plan_check()

    # ------------------------------------------------------------------ checks

    @staticmethod
    def terminal_value(state: GameState) -> int:
        v = state.value()
        if type(v) is not int or not -VALUE_LIMIT <= v <= VALUE_LIMIT:
            raise ContractError(msg("lab.error.value", limit=VALUE_LIMIT, got=shown(v)))
        return v

    @staticmethod
    def mover(state: GameState) -> int:
        tm = state.to_move()
        if type(tm) is not int or (tm != 1 and tm != -1):
            raise ContractError(msg("lab.error.to_move", got=shown(tm)))
        return tm

    @staticmethod
    def moves_of(state: GameState) -> Sequence[Any]:
        ms = state.moves()
        if type(ms) is not list and type(ms) is not tuple:
            if isinstance(ms, (str, bytes)) or not isinstance(ms, SequenceABC):
                raise ContractError(msg("lab.error.moves_type", got=shown(ms)))
            ms = list(ms)
        if not ms:
            raise ContractError(msg("lab.error.no_moves"))
        return ms

    # ------------------------------------------------------------------ search

    # The hot loop: a helper call per position would cost time (tests/test_lab_search.py
    # holds it to minimax.Solver's values, counts and tables).
    def search(self, root: GameState, alpha: int, beta: int) -> int:  # noqa: C901
        """Fail-soft alpha-beta: exact when the result lies strictly inside (alpha, beta).

        One loop, two phases: *enter* a position (count it; its value at once when it is
        terminal or the table's bounds settle it, else push a node and enter its first
        child), then *return* a value to the node on top (update its best and window; enter
        its next child, or store what it proved and return its best to the one below)."""
        table = self.table
        lookup = table.get
        stack: list[_Node] = []
        path: set[Hashable] = set()
        positions = self.positions
        next_check = self._next_check
        state, a0, b0 = root, alpha, beta
        try:
            while True:
                positions += 1
                if positions >= next_check:
                    self.positions = positions
                    self._check()
                    next_check = self._next_check
                if state.is_terminal():
                    v = self.terminal_value(state)
                else:
                    key = state.key()
                    try:
                        lo, hi = lookup(key, _FULL)
                    except TypeError as err:
                        raise ContractError(msg("lab.error.key", reason=str(err)[:200])) from None
                    if lo >= b0:
                        v = lo
                    elif hi <= a0:
                        v = hi
                    elif lo == hi:
                        v = lo
                    else:
                        node = self._push(state, key, a0, b0, lo, hi, stack, path)
                        state, a0, b0 = node.state.play(node.moves[0]), node.a, node.b
                        continue
                while stack:
                    node = stack[-1]
                    if node.maxing:
                        if v > node.best:
                            node.best = v
                            if v > node.a:
                                node.a = v
                    elif v < node.best:
                        node.best = v
                        if v < node.b:
                            node.b = v
                    if node.a < node.b and node.i < len(node.moves):
                        state, a0, b0 = node.state.play(node.moves[node.i]), node.a, node.b
                        node.i += 1
                        break
                    stack.pop()
                    path.discard(node.key)
                    v, lo, hi = node.best, node.lo, node.hi
                    # What the window proved: a cut-off gives a bound, a full scan the value.
                    if v <= node.alpha:
                        hi = min(hi, v)
                    elif v >= node.beta:
                        lo = max(lo, v)
                    else:
                        lo = hi = v
                    table[node.key] = (lo, hi)
                else:
                    return v
        finally:
            # Past the positions limit only by the one position that was refused.
            most = self.max_positions
            self.positions = positions if most is None else min(positions, most)

    def _push(self, state: GameState, key: Hashable, alpha: int, beta: int, lo: int, hi: int,
              stack: list[_Node], path: set[Hashable]) -> _Node:
        """A node for ``state`` on top of the path, its first move about to be tried."""
        if key in path:
            raise ContractError(msg("lab.error.cycle", key=shown(key)))
        if len(stack) >= self.max_depth:
            raise LimitError(msg("lab.error.depth", limit=self.max_depth))
        maxing = self.mover(state) > 0
        if not maxing:
            self.min_seen = True
        node = _Node(state, key, alpha, beta, lo, hi, maxing, self.moves_of(state))
        node.i = 1
        stack.append(node)
        path.add(key)
        return node

    def value(self, state: GameState) -> int:
        """The exact minimax value of ``state``."""
        return self.search(state, -INF, INF)

    def move_values(self, state: GameState) -> list[tuple[Any, int]]:
        """Every legal move with its exact value, in the game's move order."""
        return [(m, self.value(state.play(m))) for m in self.moves_of(state)]

    def best_move(self, state: GameState) -> tuple[int, Any]:
        """(value, the first move in move order that attains it)."""
        scored = self.move_values(state)
        pick = max if self.mover(state) > 0 else min
        value = pick(v for _, v in scored)
        return value, next(m for m, v in scored if v == value)


def solve(state: GameState, **limits: Any) -> int:
    """The exact value of ``state`` (limits as ``Solver`` takes them)."""
    return Solver(**limits).value(state)
