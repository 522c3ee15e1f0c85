"""Kalah solver: the rules packed into one int per position, solved by ``search.kalah_mtd``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...api import Progress
from ...search.kalah_mtd import Edge, NullWindowSearch
from .rules import LOCK_ROUNDS, MAX_STONES, YOU, KalahCase, Move, Position


# ============================================================================ packed rules

class PackedRules:
    """The same rules on one int per position, seen from the player to move.

    Layout: pit q of the mover's ring (0..m-1 his cups, m his bowl, m+1..2m the
    other cups, 2m+1 the other bowl) in bits 4q..4q+3, bowls always 0; then his
    swaps left (2 bits), the other's (2 bits), and 3 bits per pair for the rounds
    it stays locked.  No pit can hold 16 stones (15 in all), so sowing is one
    addition of a precomputed increment, and handing the move over is a rotation
    by m+1 nibbles.  Only cups and counters are kept: bowl stones already banked
    just add to the result, so the value is the mover's gain from here on.
    """

    def __init__(self, m: int) -> None:
        self.m = m
        n = self.n = 2 * m + 2
        self.board_bits = 4 * n
        self.board_mask = (1 << self.board_bits) - 1
        self.half = 4 * (m + 1)
        self.own = sum(15 << (4 * i) for i in range(m))
        self.other = self.own << self.half
        self.cups_mask = self.own | self.other
        self.nibble_sum = int("1" * n, 16)
        self.swap_shift = self.board_bits
        self.lock_shift = self.board_bits + 4
        # ADD[i][k]: every pit's increment when cup i sows k stones; LAST[i][k]: the last pit.
        self.add = [[sum(1 << (4 * ((i + s) % n)) for s in range(1, k + 1))
                     for k in range(MAX_STONES + 1)] for i in range(m)]
        self.last = [[(i + k) % n for k in range(MAX_STONES + 1)] for i in range(m)]
        self.tick = [self._tick(locks) for locks in range(1 << (3 * m))]

    def _tick(self, locks: int) -> int:
        out = 0
        for j in range(self.m):
            out |= max(0, ((locks >> (3 * j)) & 7) - 1) << (3 * j)
        return out

    def rotate(self, board: int) -> int:
        return (board >> self.half) | ((board & ((1 << self.half) - 1)) << self.half)

    def bound(self, key: int) -> int:
        """Stones still in cups: no player can gain more."""
        return ((key & self.board_mask) * self.nibble_sum >> (self.board_bits - 4)) & 15

    def key(self, board: int, mine: int, theirs: int, locks: int) -> int:
        if not (mine or theirs):
            locks = 0                # nobody can swap again: the locks no longer matter
        return board | (mine << self.swap_shift) | (theirs << (self.swap_shift + 2)) | \
            (locks << self.lock_shift)

    def edge(self, gain: int, same: bool, board: int, mine: int, theirs: int,
             locks: int) -> Edge:
        """The edge to a position reached by a move, with the new mover's board.

        ``same``: the mover plays again (extra move).  A mover with empty cups
        passes at once (a new round: locks tick), which flips the link again.
        """
        if board & self.own:
            return gain, 1 if same else -1, self.key(board, mine, theirs, locks)
        if not board & self.other:
            return gain, 0, 0
        return gain, -1 if same else 1, self.key(self.rotate(board), theirs, mine,
                                                  self.tick[locks])

    def expand(self, key: int) -> list[Edge]:
        """The mover's moves, extra moves first, then by immediate gain."""
        m = self.m
        board = key & self.board_mask
        mine = (key >> self.swap_shift) & 3
        theirs = (key >> (self.swap_shift + 2)) & 3
        locks = key >> self.lock_shift
        ticked = self.tick[locks]
        bowl_shift, other_bowl_shift = 4 * m, 4 * (2 * m + 1)
        clear_bowls = ~((15 << bowl_shift) | (15 << other_bowl_shift))
        rotate, edge = self.rotate, self.edge
        again: list[Edge] = []
        ends: list[tuple[int, int, Edge]] = []
        for i in range(m):
            k = (board >> (4 * i)) & 15
            if not k:
                continue
            after = board - (k << (4 * i)) + self.add[i][k]
            p = self.last[i][k]
            gain = ((after >> bowl_shift) & 15) - (after >> other_bowl_shift)
            after &= clear_bowls
            if p == m:
                again.append(edge(gain, True, after, mine, theirs, locks))
                continue
            if p < m:
                if not (board >> (4 * p)) & 15:
                    o = 2 * m - p
                    facing = (after >> (4 * o)) & 15
                    if facing:
                        gain += facing + ((after >> (4 * p)) & 15)
                        after &= ~((15 << (4 * o)) | (15 << (4 * p)))
            elif p < 2 * m + 1:
                j = p - m - 1
                own = (after >> (4 * j)) & 15
                if own and mine and not (locks >> (3 * j)) & 7:
                    theirs_cup = (after >> (4 * p)) & 15
                    swapped = after + ((theirs_cup - own) << (4 * j)) + \
                        ((own - theirs_cup) << (4 * p))
                    locked = self.tick[locks | ((LOCK_ROUNDS + 1) << (3 * j))]
                    ends.append((-gain, len(ends),
                                 edge(gain, False, rotate(swapped), theirs, mine - 1, locked)))
            ends.append((-gain, len(ends), edge(gain, False, rotate(after), theirs, mine, ticked)))
        ends.sort()
        again.sort(reverse=True)
        return again + [e for _, _, e in ends]

    def encode(self, pos: Position) -> tuple[int, int, int]:
        """(sign, link, key): ``pos``'s future for You is ``sign * value(key)``.

        link 0: the game is over (no future).  A mover who must pass is folded
        in, as in ``edge``.
        """
        m, n = self.m, self.n
        rel = pos.pits if pos.mover == YOU else pos.pits[m + 1:] + pos.pits[:m + 1]
        board = sum(c << (4 * q) for q, c in enumerate(rel) if q not in (m, n - 1))
        locks = sum(lock << (3 * j) for j, lock in enumerate(pos.locks))
        sign = 1 if pos.mover == YOU else -1
        _, link, key = self.edge(0, True, board, pos.swaps[pos.mover], pos.swaps[1 - pos.mover],
                                 locks)
        return sign * link, link, key


# ============================================================================ solving

@dataclass(frozen=True, slots=True)
class CaseValue:
    """The answer of one case with what it cost."""

    value: int          # You - Opponent
    nodes: int
    table: int
    table_bytes: int


@lru_cache(maxsize=None)
def packed_rules(m: int) -> PackedRules:
    """The packed rules for m cups, built once: their tables never change (the lock
    table alone has 8**m entries, a few ms to build)."""
    return PackedRules(m)


class CaseSolver:
    """Exact values of one case's positions; keeps its table between questions."""

    def __init__(self, m: int, *, limit: int | None = None,
                 progress: Progress | None = None) -> None:
        self.rules = packed_rules(m)
        self.search = NullWindowSearch(self.rules.expand, self.rules.bound, limit=limit,
                                       progress=progress)

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The final You - Opponent from ``pos`` with perfect play (``guess``: a hint)."""
        sign, link, key = self.rules.encode(pos)
        if not link:
            return pos.score()
        hint = None if guess is None else sign * (guess - pos.score())
        return pos.score() + sign * self.search.value(key, hint)

    def move_values(self, pos: Position) -> list[tuple[Move, int]]:
        """Every legal move in canonical order with its exact value."""
        best = self.value(pos)
        return [(mv, self.value(pos.play(mv), best)) for mv in pos.moves()]


def solve_case(case: KalahCase, *, limit: int | None = None,
               progress: Progress | None = None) -> CaseValue:
    solver = CaseSolver(case.m, limit=limit, progress=progress)
    value = solver.value(Position.start(case))
    search = solver.search
    return CaseValue(value, search.nodes, search.table_size(), search.table_bytes())
