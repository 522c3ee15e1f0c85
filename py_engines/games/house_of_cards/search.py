"""House of Cards fast exact search: the rules compiled over a packed integer key
(see the package docstring, "Solver")."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from .rules import (AXEL, BIRGIT, FLOOR_CARD, FLOOR_LEFT, FLOOR_RIGHT, FLOOR_UP, INF, MAX_M, PEAK_AT,
                    PLACES, RED, SHAPES, Position, card_points, open_floors, open_valleys,
                    peak_bit, triangle_value)


# ----------------------------------------------------------------------------- fast exact search
# The same rules compiled for speed: the search mutates one card list and keeps an
# integer key of everything the rest of the game depends on.  Key layout: shape in
# bits 0-11, Axel's held card 12-16, Birgit's 17-21, open floor f's card at
# 22 + 5f, and the six upper legs that border a valley at 52 + 5k.  Outer legs
# (no valley on that side) and level-1 legs (fixed by the deal) stay out of it.

HELD_SHIFT = (12, 17)
_FLOOR_MULT = tuple(1 << (22 + 5 * f) for f in range(6))


def _leg_multipliers() -> tuple[int, ...]:
    mult = [0] * 20
    shift = 52
    for p, (lv, j) in enumerate(PEAK_AT):
        if lv == 1:
            continue
        if j >= 2:                              # a valley V(lv, j - 1) on its left
            mult[2 * p] = 1 << shift
            shift += 5
        if j <= 4 - lv:                         # a valley V(lv, j) on its right
            mult[2 * p + 1] = 1 << shift
            shift += 5
    return tuple(mult)


_LEG_MULT = _leg_multipliers()
# Per shape: (floor, left-leg place, right-leg place, shape bit, floor mult, leg mults).
_VALLEY_MOVES: list[tuple[tuple[int, ...], ...]] = [()] * 4096
# Per shape: (floor, new peak, shape bit, floor mult, its legs' mults).
_PEAK_MOVES: list[tuple[tuple[int, ...], ...]] = [()] * 4096
for _s in SHAPES:
    _VALLEY_MOVES[_s] = tuple(
        (f, 2 * FLOOR_LEFT[f] + 1, 2 * FLOOR_RIGHT[f], 1 << f, _FLOOR_MULT[f],
         _LEG_MULT[2 * FLOOR_LEFT[f] + 1], _LEG_MULT[2 * FLOOR_RIGHT[f]])
        for f in open_valleys(_s))
    _PEAK_MOVES[_s] = tuple(
        (f, FLOOR_UP[f], peak_bit(FLOOR_UP[f]), _FLOOR_MULT[f],
         _LEG_MULT[2 * FLOOR_UP[f]], _LEG_MULT[2 * FLOOR_UP[f] + 1])
        for f in open_floors(_s))
_CODES = [0] + [r | c for c in (0, RED) for r in range(1, MAX_M + 1)]
_TRI = [0] * (1 << 15)              # index a << 10 | b << 5 | c
for _a in _CODES:
    for _b in _CODES:
        for _c in _CODES:
            _TRI[_a << 10 | _b << 5 | _c] = triangle_value(_a, _b, _c)
_ADJ = [card_points(c) for c in range(32)]


def position_key(pos: Position) -> int:
    key = pos.shape | pos.held[0] << HELD_SHIFT[0] | pos.held[1] << HELD_SHIFT[1]
    for f in open_floors(pos.shape):
        key += pos.places[FLOOR_CARD + f] * _FLOOR_MULT[f]
    for f in range(6):
        if not pos.shape >> f & 1:
            for place in (2 * FLOOR_LEFT[f] + 1, 2 * FLOOR_RIGHT[f]):
                key += pos.places[place] * _LEG_MULT[place]
    return key


class RestSearch:
    """Exact value of the rest of the game for one deck; keeps its table between calls."""

    def __init__(self, deck: Sequence[int]) -> None:
        self.deck = tuple(deck)
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self._places = [0] * PLACES
        self._held = [0, 0]
        self._search = self._compile()

    def rest(self, pos: Position) -> int:
        """Future points (Axel - Birgit) under best play, end adjustment included."""
        if pos.deck != self.deck:
            raise ValueError("position of another deck")
        if pos.is_terminal():
            return pos.adjustment()
        self._places[:] = pos.places
        self._held[:] = pos.held
        v = self._search(position_key(pos), pos.t, -INF, INF)
        return v if pos.mover == AXEL else -v

    def value(self, pos: Position) -> int:
        """The exact final V of ``pos``."""
        return pos.score + self.rest(pos)

    def _compile(self) -> Callable[[int, int, int, int], int]:  # noqa: C901 - the hot loop, see below
        """The negamax over the rest-value for the mover, as a closure for speed."""
        deck, table, places, held = self.deck, self.table, self._places, self._held
        draw = deck[8:]
        last = len(draw) - 1
        first = AXEL if deck[0] & RED else BIRGIT
        tri, adj, vmoves, pmoves = _TRI, _ADJ, _VALLEY_MOVES, _PEAK_MOVES
        top = 1 << 30                           # sorts the table's best move first
        search_self = self

        def last_turn(shape: int, t: int) -> int:
            me = (first + t) & 1
            d, h = draw[t], held[me]
            sg = 1 - 2 * me
            ad, ah = adj[d] * sg, adj[h] * sg
            best = -INF if h else ad
            for _, lp, rp, _, _, _, _ in vmoves[shape]:
                pair = places[lp] << 10 | places[rp] << 5
                x = tri[pair | d] * sg + ah
                if x > best:
                    best = x
                if h:
                    x = tri[pair | h] * sg + ad
                    if x > best:
                        best = x
            if h:
                for f, _, _, _, _, _ in pmoves[shape]:
                    x = tri[places[20 + f] << 10 | h << 5 | d] * sg
                    if x > best:
                        best = x
            return best + adj[held[1 - me]] * sg

        # One flat function per node on purpose: every helper call would cost time at each of
        # thousands of nodes per deck.  The generic solver checks it (tests and contract).
        def search(key: int, t: int, alpha: int, beta: int) -> int:  # noqa: C901
            search_self.nodes += 1
            shape = key & 4095
            if t == last:
                return last_turn(shape, t)
            entry = table.get(key)
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
                lo, hi, hint = -INF, INF, -1
            a0, b0 = alpha, beta
            me = (first + t) & 1
            sg = 1 - 2 * me
            d, h = draw[t], held[me]
            hs = HELD_SHIFT[me]
            # (order key, gain, kind, index, template); kinds 0-4 follow MOVE_KINDS
            moves: list[tuple[int, int, int, int, Any]] = []
            if not h:
                # holding a card carries its end value: order by it
                moves.append((adj[d] * sg, 0, 0, 0, None))
            for v in vmoves[shape]:
                pair = places[v[1]] << 10 | places[v[2]] << 5
                g = tri[pair | d] * sg
                moves.append((g, g, 1, len(moves), v))
                if h:
                    g = tri[pair | h] * sg
                    moves.append((g, g, 2, len(moves), v))
            if h:
                for v in pmoves[shape]:
                    g = tri[places[20 + v[0]] << 10 | h << 5 | d] * sg
                    moves.append((g, g, 3, len(moves), v))
                    moves.append((g, g, 4, len(moves), v))
            if hint >= 0:
                moves[hint] = (top,) + moves[hint][1:]
            moves.sort(reverse=True)
            best, best_i = -INF, -1
            t1 = t + 1
            scout = False
            for _, g, kind, i, v in moves:
                if kind == 0:
                    held[me] = d
                    nk = key + (d << hs)
                elif kind < 3:
                    f, lp, rp, bit, fm, lm, rm = v
                    nk = key + bit - places[lp] * lm - places[rp] * rm
                    if kind == 1:
                        places[20 + f] = d
                        nk += d * fm
                    else:
                        places[20 + f] = h
                        held[me] = d
                        nk += h * fm + ((d - h) << hs)
                else:
                    f, p, bit, fm, lm, rm = v
                    left, right = (h, d) if kind == 3 else (d, h)
                    nk = key + bit - places[20 + f] * fm + left * lm + right * rm - (h << hs)
                    places[2 * p] = left
                    places[2 * p + 1] = right
                    held[me] = 0
                if scout:
                    # principal variation search: later moves only have to be shown
                    # no better than alpha, which a null window does cheaply
                    x = g - search(nk, t1, g - alpha - 1, g - alpha)
                    if alpha < x < beta:
                        x = g - search(nk, t1, g - beta, g - x)
                else:
                    x = g - search(nk, t1, g - beta, g - alpha)
                    scout = beta - alpha > 1
                if kind == 0:
                    held[me] = 0
                elif kind < 3:
                    places[20 + f] = 0
                    held[me] = h
                else:
                    places[2 * p] = places[2 * p + 1] = 0
                    held[me] = h
                if x > best:
                    best, best_i = x, i
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
            table[key] = (lo, hi, best_i)
            return best

        return search
