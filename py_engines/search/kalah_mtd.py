"""Exact negamax by null-window tests over integer-keyed positions (MTD-style bisection).

Written for kalah but game-agnostic.  It suits games whose value is a small
integer made of per-move gains (stones banked, points scored), where the same
player may move again and positions repeat a lot:

* a position is an ``int`` key, from the point of view of the player to move;
* ``expand(key)`` lists its moves as edges ``(gain, link, child)``: the move is
  worth ``gain + link * value(child)`` to the mover, with ``link`` +1 when the
  same player moves again, -1 when the other player moves next, and 0 when the
  game ends (``child`` is then ignored and its value is 0).  The edges come in
  the order to try them: a good first move makes most tests cut at once;
* ``bound(key)`` is a B with ``-B <= value(key) <= B``.  ``expand`` is never
  called on a position without moves (terminal positions and forced passes are
  the game's business: fold them into the edges).

``at_least(key, gamma)`` answers "is the value >= gamma?" by a null-window
alpha-beta search; the table keeps, per key, the best proven lower bound (in
``lower``) and upper bound (in ``upper``), so each later test reuses all
earlier work.  ``value`` bisects the range ``[-B, B]`` with such tests, about
log2(2B+1) of them.  With values in -15..15 a test cuts far more than a wide
window would, and the table makes repeated positions nearly free.

The search is a loop over an explicit stack, not recursion: games can run to
well over a hundred plies and Pyodide's C stack is small.
"""
from __future__ import annotations

import sys
from typing import Callable

from ..api import Progress
from ..errors import LimitError
from ..i18n import msg

Edge = tuple[int, int, int]
PROGRESS_EVERY = 1 << 14          # nodes between progress reports and limit checks


class NullWindowSearch:
    """Solves positions of one game; keep one per case to share its table."""

    def __init__(self, expand: Callable[[int], list[Edge]], bound: Callable[[int], int], *,
                 limit: int | None = None, progress: Progress | None = None) -> None:
        self.expand = expand
        self.bound = bound
        self.lower: dict[int, int] = {}     # key -> value >= this
        self.upper: dict[int, int] = {}     # key -> value <= this
        self.nodes = 0                      # positions expanded
        self.limit = limit
        self.progress = progress

    # ------------------------------------------------------------------ queries
    def value(self, key: int, guess: int | None = None) -> int:
        """The exact value of ``key`` for the player to move.

        With a ``guess`` (say a sibling's value) the first two tests bracket it,
        which settles values at or next to the guess in two tests.
        """
        low, high = -self.bound(key), self.bound(key)
        if guess is not None and low < high:
            guess = min(max(guess, low + 1), high)
            if self.at_least(key, guess):
                low = guess
                if low < high:
                    if not self.at_least(key, low + 1):
                        return low
                    low += 1
            else:
                high = guess - 1
                if low < high:
                    if self.at_least(key, high):
                        return high
                    high -= 1
        while low < high:
            mid = (low + high + 1) // 2
            if self.at_least(key, mid):
                low = mid
            else:
                high = mid - 1
        return low

    def edge_value(self, edge: Edge) -> int:
        """The exact worth of one move to the player who makes it."""
        gain, link, child = edge
        return gain if link == 0 else gain + link * self.value(child)

    def table_size(self) -> int:
        """Positions holding a bound (the table only grows, so this is its peak)."""
        return len(self.lower.keys() | self.upper.keys())

    def table_bytes(self) -> int:
        """Rough memory of the table: the dicts plus their keys and values."""
        size = sys.getsizeof
        return sum(size(d) + sum(size(k) + size(v) for k, v in d.items())
                   for d in (self.lower, self.upper))

    # ------------------------------------------------------------------- search
    def _checkpoint(self, nodes: int) -> int:
        """Enforce the limit, report progress; returns the node count of the next checkpoint."""
        if self.limit is not None and nodes > self.limit:
            raise LimitError(msg("error.search_limit", nodes=nodes, limit=self.limit))
        if nodes and not nodes % PROGRESS_EVERY and self.progress is not None:
            self.progress({"nodes": nodes, "table": len(self.lower) + len(self.upper)})
        following = (nodes // PROGRESS_EVERY + 1) * PROGRESS_EVERY
        return following if self.limit is None else min(following, self.limit + 1)

    def _probe(self, key: int, gamma: int) -> bool | None:
        """What is already known about ``value(key) >= gamma``, or None."""
        b = self.bound(key)
        if gamma > b:
            return False
        if gamma <= -b:
            return True
        lo = self.lower.get(key)
        if lo is not None and lo >= gamma:
            return True
        hi = self.upper.get(key)
        if hi is not None and hi < gamma:
            return False
        return None

    def at_least(self, key: int, gamma: int) -> bool:  # noqa: C901 - the hot loop, kept flat
        """Is ``value(key) >= gamma``?  Proves it and records the bound."""
        known = self._probe(key, gamma)
        if known is not None:
            return known
        probe, expand, lower, upper = self._probe, self.expand, self.lower, self.upper
        nodes = self.nodes
        checkpoint = self._checkpoint(nodes)
        # A frame is (key, gamma, edges, index of the edge being tried).
        stack: list[tuple[int, int, list[Edge], int]] = []
        try:
            edges = expand(key)
            i = 0
            nodes += 1
            while True:
                n = len(edges)
                while i < n:
                    gain, link, child = edges[i]
                    if link == 0:
                        ok = gain >= gamma
                    else:
                        # gain + v >= gamma  <=>  v >= gamma - gain;
                        # gain - v >= gamma  <=>  not (v >= gain - gamma + 1).
                        target = gamma - gain if link > 0 else gain - gamma + 1
                        known = probe(child, target)
                        if known is None:
                            stack.append((key, gamma, edges, i))
                            key, gamma = child, target
                            edges = expand(key)
                            i, n = 0, len(edges)
                            nodes += 1
                            if nodes >= checkpoint:
                                checkpoint = self._checkpoint(nodes)
                            continue
                        ok = known if link > 0 else not known
                    if ok:
                        break
                    i += 1
                result = i < n
                # Record the finished test, then hand its answer up the stack.
                while True:
                    if result:
                        lower[key] = gamma
                    else:
                        upper[key] = gamma - 1
                    if not stack:
                        return result
                    key, gamma, edges, i = stack.pop()
                    if edges[i][1] < 0:
                        result = not result
                    if not result:
                        i += 1
                        break
        finally:
            self.nodes = nodes
