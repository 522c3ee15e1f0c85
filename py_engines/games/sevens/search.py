"""Sevens solver: chain values, the spare-card bound and the boundary search
(see the package docstring)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ...api import Progress
from ...errors import LimitError
from ...i18n import msg
from .rules import (HIGH_CHAIN, LOW_CHAIN, PLAYERS, PROGRESS_EVERY, SEVEN, _CODES, Deal, Position,
                    _code)


# ----------------------------------------------------------------------------- solver

def _chain_values(owners: Sequence[int]) -> list[int]:
    """The normal-play integer of a chain (0 = H's card, 1 = N's) after 0..6 cards laid."""
    values = [0] * (len(owners) + 1)
    for i in range(len(owners) - 1, -1, -1):
        v = values[i + 1]
        if owners[i] == 0:
            values[i] = v + 1 if v >= 0 else 0
        else:
            values[i] = v - 1 if v <= 0 else 0
    return values


def _chain_blocks_h(owners: Sequence[int]) -> list[bool]:
    """After 0..6 cards laid: does some card of H still lie behind a card of N?"""
    blocked = [False] * (len(owners) + 1)
    seen_h = False
    for i in range(len(owners) - 1, -1, -1):
        if owners[i] == 0:
            seen_h = True
            blocked[i] = blocked[i + 1]
        else:
            blocked[i] = seen_h
    return blocked


def _is_pure(owners: Sequence[int]) -> bool:
    return len(set(owners)) <= 1


# A boundary key is a multiset of components: H's and N's counts of free moves (in
# chains or closed suits that hold one player's cards only), then 4 bits per
# component shape counting the chains (or closed suits) of that shape.
_FREE_BITS = 6
_SHAPE_BASE = 2 * _FREE_BITS
_SHAPE_BITS = 4


class SevensSolver:
    """Exact win/draw/loss values of the positions of one deal (see the module doc)."""

    def __init__(self, deal: Deal, *, limit: int | None = None,
                 progress: Progress | None = None) -> None:
        holder = deal.holder
        self.limit = limit
        self._cap = float("inf") if limit is None else limit
        self.progress = progress
        self.nodes = 0
        self.table: dict[int, bool] = {}   # boundary key -> H can get all 52 cards down
        # Per suit and state code: G's share, whether some card of H is still
        # blocked there, the key's share, and the tight moves of H (index 0) and N
        # (index 1) as (next code, ordering score) pairs.
        self._value: list[list[int]] = []
        self._blocks: list[list[bool]] = []
        self._key: list[list[int]] = []
        self._tight: list[list[tuple[tuple[tuple[int, int], ...], ...]]] = []
        shapes: dict[tuple[Any, ...], int] = {}

        def shape_key(shape: tuple[Any, ...], owners: Sequence[int]) -> int:
            if _is_pure(owners):
                return len(owners) << (_FREE_BITS * owners[0]) if owners else 0
            return 1 << (_SHAPE_BASE + _SHAPE_BITS * shapes.setdefault(shape, len(shapes)))

        for s in range(4):
            rel = [0 if deal.owner[s][r] == holder else 1 for r in range(14)]
            low = [rel[r] for r in LOW_CHAIN]
            high = [rel[r] for r in HIGH_CHAIN]
            low_v, high_v = _chain_values(low), _chain_values(high)
            low_b, high_b = _chain_blocks_h(low), _chain_blocks_h(high)
            both = low_v[0] + high_v[0]
            # A closed suit is {a + b |} for H's 7 and {| a + b} for N's 7.
            if rel[SEVEN] == 0:
                values = [both + 1 if both >= 0 else 0]
                blocks = [low_b[0] or high_b[0]]
            else:
                values = [both - 1 if both <= 0 else 0]
                blocks = [0 in low or 0 in high]
            # The two chains of a closed suit are interchangeable, hence sorted.
            closed_shape = ("closed", rel[SEVEN], *sorted((tuple(low), tuple(high))))
            keys = [shape_key(closed_shape, [rel[SEVEN]] + low + high)]
            moves: list[tuple[list[int], list[int]]] = [([], [])]
            moves[0][rel[SEVEN]].append(1)
            for p in range(7):
                for q in range(7):
                    values.append(low_v[p] + high_v[q])
                    blocks.append(low_b[p] or high_b[q])
                    keys.append(shape_key(tuple(low[p:]), low[p:])
                                + shape_key(tuple(high[q:]), high[q:]))
                    by: tuple[list[int], list[int]] = ([], [])
                    if p < 6:
                        by[low[p]].append(1 + 7 * (p + 1) + q)
                    if q < 6:
                        by[high[q]].append(1 + 7 * p + q + 1)
                    moves.append(by)
            # Mobility: how many tight moves each player has in this suit state.
            tight_next = [tuple(tuple(n for n in moves[c][m] if abs(values[n] - values[c]) == 1)
                                for m in (0, 1)) for c in range(_CODES)]
            mobility = [len(tight_next[c][0]) - len(tight_next[c][1]) for c in range(_CODES)]
            self._value.append(values)
            self._blocks.append(blocks)
            self._key.append(keys)
            self._tight.append([tuple(tuple((n, mobility[n] - mobility[c]) for n in tight_next[c][m])
                                      for m in (0, 1)) for c in range(_CODES)])

    def value(self, position: Position) -> int:
        """The exact value for the player to move: 1 win, 0 draw, -1 loss."""
        codes = [_code(run) for run in position.runs]
        down = position.down()
        self._count()
        g = sum(self._value[s][c] for s, c in enumerate(codes))
        key = sum(self._key[s][c] for s, c in enumerate(codes))
        if down % 2 == 0:                      # H to move
            if g != 0:
                return 1 if g > 0 else -1
            return 0 if self._h_completes(codes, down, key) else -1
        if g != -1:                            # N to move
            return -1 if g >= 0 else 1
        return 0 if self._h_completes(codes, down, key) else 1

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self._cap:
            # Only a finite cap (a given limit) is ever passed.
            raise LimitError(msg("error.search_limit", nodes=self.nodes - 1, limit=int(self._cap)))
        if self.progress is not None and self.nodes % PROGRESS_EVERY == 0:
            self.progress({"nodes": self.nodes, "table": len(self.table)})

    def _h_completes(self, codes: list[int], down: int, key: int) -> bool:  # noqa: C901
        """At a boundary position: can H get all 52 cards down (a draw) against N?

        Only tight moves are followed: any other move decides the game against
        its mover (module doc, steps 2-3).  Depth: one frame per card, <= 51; kept in one
        function (hence the noqa) so that splitting it does not double the recursion depth.
        """
        known = self.table.get(key)
        if known is not None:
            return known
        self._count()
        blocks, keys, tight = self._blocks, self._key, self._tight
        if not (blocks[0][codes[0]] or blocks[1][codes[1]] or blocks[2][codes[2]]
                or blocks[3][codes[3]]):
            self.table[key] = True            # H has a card to lay at every turn to the end
            return True
        if down % 2 == 0:                     # H needs one child that still draws
            result = False
            tried: list[int] = []
            for s in range(4):
                c = codes[s]
                base = key - keys[s][c]
                for n, _ in tight[s][c][0]:
                    child = base + keys[s][n]
                    if child in tried:
                        continue
                    tried.append(child)
                    codes[s] = n
                    result = self._h_completes(codes, down + 1, child)
                    codes[s] = c
                    if result:
                        break
                if result:
                    break
        else:                                 # N needs one child where H is stuck early
            options: dict[int, tuple[int, int, int]] = {}
            for s in range(4):
                c = codes[s]
                base = key - keys[s][c]
                for n, score in tight[s][c][1]:
                    options.setdefault(base + keys[s][n], (score, s, n))
            # Try first the moves that leave H the fewest tight replies.
            result = True
            for child, (_, s, n) in sorted(options.items(), key=lambda item: item[1][0]):
                c = codes[s]
                codes[s] = n
                result = self._h_completes(codes, down + 1, child)
                codes[s] = c
                if not result:
                    break
        self.table[key] = result
        return result


@dataclass(frozen=True, slots=True)
class SevensResult:
    """The value of the deal; the solver is kept so the replay reuses its table."""

    deal: Deal
    value: int                      # for the first mover (the non-holder): 1, 0 or -1
    winner: int | None              # ALICE, BOB, or None for a draw
    solver: SevensSolver = field(compare=False, repr=False)

    @property
    def answer(self) -> str:
        return ("Draw" if self.winner is None else PLAYERS[self.winner]) + "\n"


def solve_deal(deal: Deal, *, limit: int | None = None,
               progress: Progress | None = None) -> SevensResult:
    solver = SevensSolver(deal, limit=limit, progress=progress)
    value = solver.value(Position.opening(deal))
    first = 1 - deal.holder
    winner = None if value == 0 else (first if value > 0 else deal.holder)
    return SevensResult(deal, value, winner, solver)
