"""House of Cards fast exact search: the rules compiled over a packed integer key
(see the package docstring, "Solver").

The key is the whole state the rest of the game depends on, so the search reads and
writes nothing else (no card array to update and restore):

* bits 0-11: the shape (which floors and upper peaks stand, ``rules``);
* bits 12-16 and 17-21: Axel's and Birgit's held card (0: none);
* bits 22 + 5f: the card of floor f while it is open (0 once a peak stands on it);
* bits 52 + 7f: valley f's *field*: the rank sum (5 bits) and the number of red cards
  (2 bits) of the standing legs that border it, 0 once it is floored.

A valley's future triangle is its two legs and the floor card laid on it: the rank sum
and the colour majority need the legs' rank sum and red count only, so positions whose
legs differ but add up the same share one entry (about a sixth fewer positions than
keying the legs themselves).  A leg borders at most one valley; the outer legs and the
floored valleys' legs never score again.
"""
from __future__ import annotations

from operator import neg
from typing import Callable, Sequence

from .rules import (AXEL, BIRGIT, FLOOR_CARD, FLOOR_LEFT, FLOOR_RIGHT, FLOOR_UP, INF, MAX_M, RED,
                    SHAPES, Position, card_points, open_floors, open_valleys, peak_bit, peak_exists)

HELD_SHIFT = (12, 17)
LEG_WEIGHT = 3          # move ordering: a peak's legs against what it scores now (tuned on hard decks)
FLOOR_SHIFT = tuple(22 + 5 * f for f in range(6))
VALLEY_SHIFT = tuple(52 + 7 * f for f in range(6))


def _field(card: int) -> int:
    """A card's share of a valley field: its rank, and 1 in the red count when red."""
    return (card & 15) | (card >> 4) << 5


_CODES = [0] + [r | c for c in (0, RED) for r in range(1, MAX_M + 1)]
# Triangles: a floor on a valley, indexed field << 5 | card; a peak on a floor, indexed
# floor << 10 | left << 5 | right, which is the floor and the left leg as one field.
_VALLEY_TRI = [0] * (1 << 12)
for _sum in range(2 * MAX_M + 1):
    for _reds in range(3):
        for _c in _CODES:
            _total = _sum + (_c & 15)
            _VALLEY_TRI[(_sum | _reds << 5) << 5 | _c] = _total if _reds + (_c >> 4) >= 2 else -_total
_TRI = [0] * (1 << 15)
for _a in _CODES:
    for _b in _CODES:
        _row = (_field(_a) + _field(_b)) << 5
        _TRI[_a << 10 | _b << 5:(_a << 10 | _b << 5) + 32] = _VALLEY_TRI[_row:_row + 32]
_ADJ = [card_points(c) for c in range(32)]
# The same three tables seen by each player (Axel's gains are +, Birgit's -): the search
# reads its mover's, so a gain is one lookup.
_MINE = ((_TRI, _VALLEY_TRI, _ADJ),
         (list(map(neg, _TRI)), list(map(neg, _VALLEY_TRI)), list(map(neg, _ADJ))))


def _bordered(p: int) -> tuple[int | None, int | None]:
    """The valleys peak p's left and right legs border (None: no valley on that side)."""
    left = next((f for f in range(6) if FLOOR_RIGHT[f] == p), None)
    right = next((f for f in range(6) if FLOOR_LEFT[f] == p), None)
    return left, right


def _leg_terms(valley: int | None) -> tuple[int, ...]:
    return tuple(0 if valley is None else _field(c) << VALLEY_SHIFT[valley] for c in range(32))


# Per shape, the open valleys: (field shift, key change by field (the floor's shape bit, the
# field cleared), key term by card (the floor's card)); the open floors: (floor shift, key
# change by floor card (the peak's shape bit, the card cleared), key term by left-leg card,
# by right-leg card, and the move order's weights of a card on the left and on the right leg:
# LEG_WEIGHT beside a valley, else 0).  Moves are made by adding table entries to the key.
_VALLEY_MOVE = tuple(
    (VALLEY_SHIFT[f], tuple((1 << f) - (x << VALLEY_SHIFT[f]) for x in range(128)),
     tuple(c << FLOOR_SHIFT[f] for c in range(32)))
    for f in range(6))
_FLOOR_MOVE = tuple(
    (FLOOR_SHIFT[f], tuple(peak_bit(FLOOR_UP[f]) - (c << FLOOR_SHIFT[f]) for c in range(32)),
     _leg_terms(_bordered(FLOOR_UP[f])[0]), _leg_terms(_bordered(FLOOR_UP[f])[1]),
     LEG_WEIGHT * (_bordered(FLOOR_UP[f])[0] is not None),
     LEG_WEIGHT * (_bordered(FLOOR_UP[f])[1] is not None))
    for f in range(6))
_VALLEYS: list[tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]] = [()] * 4096
_FLOORS: list[tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int], ...]] = \
    [()] * 4096
for _s in SHAPES:
    _VALLEYS[_s] = tuple(_VALLEY_MOVE[f] for f in open_valleys(_s))
    _FLOORS[_s] = tuple(_FLOOR_MOVE[f] for f in open_floors(_s))
_HELD = tuple(tuple(c << HELD_SHIFT[me] for c in range(32)) for me in (AXEL, BIRGIT))
# _SWAP[me][d][h]: the key change when the mover's held card h becomes d.
_SWAP = tuple(tuple(tuple((d - h) << HELD_SHIFT[me] for h in range(32)) for d in range(32))
              for me in (AXEL, BIRGIT))


def position_key(pos: Position) -> int:
    key = pos.shape | pos.held[0] << HELD_SHIFT[0] | pos.held[1] << HELD_SHIFT[1]
    for f in open_floors(pos.shape):
        key |= pos.places[FLOOR_CARD + f] << FLOOR_SHIFT[f]
    for f in range(6):
        if pos.shape >> f & 1:
            continue
        field = 0
        if peak_exists(pos.shape, FLOOR_LEFT[f]):
            field += _field(pos.places[2 * FLOOR_LEFT[f] + 1])
        if peak_exists(pos.shape, FLOOR_RIGHT[f]):
            field += _field(pos.places[2 * FLOOR_RIGHT[f]])
        key |= field << VALLEY_SHIFT[f]
    return key


class RestSearch:
    """Exact value of the rest of the game for one deck; keeps its table between calls."""

    def __init__(self, deck: Sequence[int]) -> None:
        self.deck = tuple(deck)
        # key -> (lower bound, upper bound, key after the best move found) of the rest-value
        # for the player to move
        self.table: dict[int, tuple[int, int, int]] = {}
        self._search, self._expanded = self._compile()

    @property
    def nodes(self) -> int:
        """Positions the search has expanded (a position searched again counts again)."""
        return self._expanded()

    def rest(self, pos: Position) -> int:
        """Future points (Axel - Birgit) under best play, end adjustment included."""
        if pos.deck != self.deck:
            raise ValueError("position of another deck")
        if pos.is_terminal():
            return pos.adjustment()
        v = self._search(position_key(pos), pos.t, -INF, INF)
        return v if pos.mover == AXEL else -v

    def value(self, pos: Position) -> int:
        """The exact final V of ``pos``."""
        return pos.score + self.rest(pos)

    def _compile(self) -> tuple[Callable[[int, int, int, int], int], Callable[[], int]]:  # noqa: C901
        """The negamax over the rest-value for the mover, as a closure for speed (the hot loop,
        see below), and the count of positions it expanded."""
        deck, table = self.deck, self.table
        expanded = 0
        tget = table.get
        draw = deck[8:]
        last = len(draw) - 1
        first = AXEL if deck[0] & RED else BIRGIT
        valleys, floors = _VALLEYS, _FLOORS
        # per turn: the mover's peak, valley and held-card values, the drawn card, where the
        # mover's and the other's held cards sit, holding a card (by card), replacing it
        turns = []
        for t, d in enumerate(draw):
            me = (first + t) & 1
            turns.append((*_MINE[me], d, HELD_SHIFT[me], HELD_SHIFT[1 - me], _HELD[me],
                          _SWAP[me][d]))

        def last_turn(key: int, t: int) -> int:
            tri, vtri, adj, d, hs, other, _, _ = turns[t]
            h = key >> hs & 31
            shape = key & 4095
            ad, ah = adj[d], adj[h]
            best = -INF if h else ad
            for vs, _, _ in valleys[shape]:
                field = (key >> vs & 127) << 5
                x = vtri[field | d] + ah
                if x > best:
                    best = x
                if h:
                    x = vtri[field | h] + ad
                    if x > best:
                        best = x
            if h:
                for fs, _, _, _, _, _ in floors[shape]:
                    x = tri[(key >> fs & 31) << 10 | h << 5 | d]
                    if x > best:
                        best = x
            return best + adj[key >> other & 31]

        # One flat function per node on purpose: every helper call would cost time at each of
        # thousands of nodes per deck.  The generic solver checks it (tests and contract).
        def search(key: int, t: int, alpha: int, beta: int) -> int:  # noqa: C901
            nonlocal expanded
            entry = tget(key)
            if entry is not None:
                lo, hi, hint = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            else:
                lo, hi, hint = -INF, INF, 0
            expanded += 1
            a0, b0 = alpha, beta
            tri, vtri, adj, d, hs, _, held, swap = turns[t]
            h = key >> hs & 31
            shape = key & 4095
            t1 = t + 1
            vlist = valleys[shape]
            if not h and not vlist:
                # holding the drawn card is the only move
                nk = key + held[d]
                best = -(last_turn(nk, t1) if t1 == last else search(nk, t1, -beta, -alpha))
                best_key = nk
            else:
                # (order, gain, key after the move): holding is ordered by the held card's end
                # value (a card of the other's colour, which counts against its holder, last),
                # a floor by what it scores now, a peak by that and then by its legs
                if not h:
                    end = adj[d]
                    moves = [(end if end > 0 else -INF, 0, key + held[d])]
                    for vs, cleared, floor_card in vlist:
                        field = key >> vs & 127
                        g = vtri[field << 5 | d]
                        moves.append((g, g, key + cleared[field] + floor_card[d]))
                else:
                    moves = []
                    for vs, cleared, floor_card in vlist:
                        field = key >> vs & 127
                        base = key + cleared[field]
                        g = vtri[field << 5 | d]
                        moves.append((g, g, base + floor_card[d]))
                        g = vtri[field << 5 | h]
                        moves.append((g, g, base + floor_card[h] + swap[h]))
                    # a leg beside a valley: a card of the mover's colour there (a high one
                    # the more so) first
                    ah, ad = adj[h], adj[d]
                    for fs, built, left, right, lw, rw in floors[shape]:
                        fc = key >> fs & 31
                        g = tri[fc << 10 | h << 5 | d]
                        base = key + built[fc] - held[h]
                        moves.append((g + ah * lw + ad * rw, g, base + left[h] + right[d]))
                        moves.append((g + ad * lw + ah * rw, g, base + left[d] + right[h]))
                if t1 == last:
                    # the other's last turn is scored in a flat loop: the value is exact
                    best, best_key = -INF, 0
                    for _, g, nk in moves:
                        x = g - last_turn(nk, t1)
                        if x > best:
                            best, best_key = x, nk
                    table[key] = (best, best, best_key)
                    return best
                # enhanced transposition cutoff: a move whose position the table already
                # knows to be worth at least beta ends the search here
                for _, g, nk in moves:
                    e = tget(nk)
                    if e is not None and g - e[1] >= beta:
                        x = g - e[1]
                        table[key] = (x if x > lo else lo, hi, nk)
                        return x
                if hint:
                    moves = [(INF, g, nk) if nk == hint else (o, g, nk) for o, g, nk in moves]
                moves.sort(reverse=True)
                best, best_key = -INF, 0
                scout = False
                for _, g, nk in moves:
                    if scout:
                        # principal variation search: later moves only have to be shown
                        # no better than alpha, which a null window does cheaply
                        x = g - search(nk, t1, g - alpha - 1, g - alpha)
                        if alpha < x < beta:
                            x = g - search(nk, t1, g - beta, g - x)
                    else:
                        x = g - search(nk, t1, g - beta, g - alpha)
                        scout = beta - alpha > 1
                    if x > best:
                        best, best_key = x, nk
                        if x > alpha:
                            alpha = x
                            if alpha >= beta:
                                break
            # fail-soft: what this window proved about the exact value
            if best <= a0:
                hi = best
            elif best >= b0:
                lo = best
            else:
                lo = hi = best
            table[key] = (lo, hi, best_key)
            return best

        def solve(key: int, t: int, alpha: int, beta: int) -> int:
            if t == last:
                return last_turn(key, t)
            return search(key, t, alpha, beta)

        def count() -> int:
            return expanded

        return solve, count
