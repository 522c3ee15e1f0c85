"""House of Cards fast exact search: a negamax over the rest-value of packed keys (``keys``).

The table maps the smaller of a position's key and its mirror image's key to (lower bound,
upper bound, the same key of the position after the best move found) of the rest-value for
the player to move.  Most of the search is null-window tests (``scout``, fail-soft); the
principal variation (``search``) searches its first move with the full window and shows the
others no better with a null window; one that is better is stepped up with null windows, each
a few points (``JUMP``, halved whenever a test fails) above the bound the last one proved,
until its exact value is known (instead of a full-window search again).  At every node:

* enhanced transposition cutoffs: each move's position is looked up as the move is made, and
  one the table already knows to be worth at least beta ends the node; an entry that shows a
  move cannot reach beta stands in for its search;
* move order: the move that refuted the last test in a position of the same mover, shape
  and held card, by its search or by its table entry (a killer), and the table's best move
  (a null-window test tries the killer first, the principal line the table's move), then
  by what the move scores now (a peak's legs: the card of the mover's colour beside a valley
  first; holding a drawn card of the other's colour, which counts against its holder,
  last);
* the last turn is scored in a flat loop.

Each turn has its own test, a closure made once per deck with the turn's drawn card and
tables bound in it, which calls the next turn's: nothing is unpacked per node by turn.  So has
each turn's principal-line search: no closure calls itself, so the search makes no reference
cycle, and a deck's table is freed as soon as its search is dropped (not by a collection).
"""
from __future__ import annotations

import gc
from typing import Callable, Sequence

from .keys import (CARD_VALLEY_TRI, FLOORS, HELD, HELD_SHIFT, MINE, SWAP, VALLEYS,
                   position_keys)
from .rules import AXEL, BIRGIT, INF, RED, Position

NO_ENTRY = (-INF, INF, 0)
Entry = tuple[int, int, int] | None
Scout = Callable[[int, int, int, int, Entry], int]
# a move in a test: (order, gain, key after, mirror key after, table key after, its entry,
# index in the rules' order)
Made = tuple[int, int, int, int, int, Entry, int]
Search = Callable[[int, int, int, int], int]
KILLER = INF - 1        # the principal line's killer: after the table's move (INF), before the rest
NO_KILLER = -1
# the principal line's step-ups: how far above its last bound a move's next test probes
JUMP = 4
LOWEST = -INF


class RestSearch:
    """Exact value of the rest of the game for one deck; keeps its table between calls."""

    def __init__(self, deck: Sequence[int]) -> None:
        self.deck = tuple(deck)
        # canonical key -> (lower bound, upper bound, canonical key after the best move found)
        # of the rest-value for the player to move
        self.table: dict[int, tuple[int, int, int]] = {}
        self._search = self._compile()

    @property
    def nodes(self) -> int:
        """Positions the search has searched, each once: its table's entries (a counter of
        every expansion would cost the hot loop an integer per node, about 1.5%)."""
        return len(self.table)

    def rest(self, pos: Position) -> int:
        """Future points (Axel - Birgit) under best play, end adjustment included."""
        if pos.deck != self.deck:
            raise ValueError("position of another deck")
        if pos.is_terminal():
            return pos.adjustment()
        key, mirror = position_keys(pos)
        # The search makes no reference cycles, but its many short-lived tuples would start
        # the cyclic collector every few hundred nodes, each pass walking the young objects
        # (and now and then every table): about 6% of a deck's time.  Paused, then restored.
        collecting = gc.isenabled()
        gc.disable()
        try:
            v = self._search(key, mirror, pos.t, -INF, INF)
        finally:
            if collecting:
                gc.enable()
        return v if pos.mover == AXEL else -v

    def value(self, pos: Position) -> int:
        """The exact final V of ``pos``."""
        return pos.score + self.rest(pos)

    def _compile(self) -> Callable[[int, int, int, int, int], int]:  # noqa: C901
        """The searches as closures for speed (the hot loops, see below)."""
        deck, table = self.deck, self.table
        tget = table.get
        draw = deck[8:]
        last = len(draw) - 1
        first = AXEL if deck[0] & RED else BIRGIT
        valleys = VALLEYS
        # per turn: the mover's peak, valley and held-card values, the drawn card, where the
        # mover's and the other's held cards sit, holding a card (by card), replacing it, and
        # the mover's part of the killer table
        turns = []
        for t, d in enumerate(draw):
            me = (first + t) & 1
            turns.append((*MINE[me], d, HELD_SHIFT[me], HELD_SHIFT[1 - me], HELD[me],
                          SWAP[me][d], me << 11, CARD_VALLEY_TRI[me], FLOORS[me]))
        # the move (index in the rules' order) that last refuted a test, by mover, shape and
        # held card
        killers = [NO_KILLER] * 4096

        def last_turn(key: int, t: int) -> int:
            tri, vtri, adj, d, hs, other, _, _, _, _, floors = turns[t]
            h = key >> hs & 31
            shape = key & 63
            ad, ah = adj[d], adj[h]
            best = -INF if h else ad
            for vs, _, _, _, _, _ in valleys[shape]:
                field = (key >> vs & 127) << 5
                x = vtri[field | d] + ah
                if x > best:
                    best = x
                if h:
                    x = vtri[field | h] + ad
                    if x > best:
                        best = x
            if h:
                for fs, _, _, _, _, _, _, _, _, _, _ in floors[shape]:
                    x = tri[(key >> fs & 31) << 10 | h << 5 | d]
                    if x > best:
                        best = x
            return best + adj[key >> other & 31]

        def moves_of(key: int, mirror: int, t: int) -> list[tuple[int, int, int, int]]:
            """(order, gain, key after, mirror key after) of every move, in the rules' order."""
            tri, vtri, adj, d, hs, _, held, swap, _, _, floors = turns[t]
            h = key >> hs & 31
            shape = key & 63
            if not h:
                end = adj[d]
                moves = [(end if end > 0 else -INF, 0, key + held[d], mirror + held[d])]
                for vs, mv, mmv, _, _, _ in valleys[shape]:
                    field = key >> vs & 127
                    g = vtri[field << 5 | d]
                    moves.append((g, g, key + mv[d - field], mirror + mmv[d - field]))
                return moves
            moves = []
            for vs, mv, mmv, _, _, _ in valleys[shape]:
                field = key >> vs & 127
                g = vtri[field << 5 | d]
                moves.append((g, g, key + mv[d - field], mirror + mmv[d - field]))
                g = vtri[field << 5 | h]
                moves.append((g, g, key + mv[h - field] + swap[h],
                              mirror + mmv[h - field] + swap[h]))
            hd = h << 5 | d
            for fs, built, mbuilt, hdl, dhl, mhdl, mdhl, ol, orr, _, _ in floors[shape]:
                fc = key >> fs & 31
                g = tri[fc << 10 | hd]
                base = key + built[fc] - held[h]
                mbase = mirror + mbuilt[fc] - held[h]
                moves.append((g + ol[hd], g, base + hdl[hd], mbase + mhdl[hd]))
                moves.append((g + orr[hd], g, base + dhl[hd], mbase + mdhl[hd]))
            return moves

        # One flat function per node on purpose: every helper call would cost time at each of
        # thousands of nodes per deck.  The generic solver checks it (tests and contract).
        def make_scout(t: int, nxt: Scout) -> Scout:  # noqa: C901
            """The null-window test of turn t, the turn's constants bound in it (the drawn
            card's terms looked up once per deck, not once per move); nxt is turn t + 1's."""
            tri, _, adj, d, hs, _, held, swap, kb, vtc, floors = turns[t]
            vtd = vtc[d]                # a floor of the drawn card on a valley, by its field
            hold = held[d]
            end = adj[d]
            hold_order = end if end > 0 else LOWEST

            def scout(key: int, mirror: int, ck: int, beta: int, entry: Entry) -> int:  # noqa: C901
                """Fail-soft test of the rest-value v of the key (ck: its table key, entry: its
                table entry as the caller found it, None if none, which must not decide the
                test already): a value at least beta, or a value below it, each a bound of v
                on its side."""
                lo, hi, hint = entry or NO_ENTRY
                h = key >> hs & 31
                shape = key & 63
                vlist = valleys[shape]
                # moves: (order, gain, key after, mirror key after, table key after, its
                # entry, index in the rules' order); a move whose entry already shows it
                # reaches beta ends the node, and is the killer (kk: the killer's slot, by
                # mover, shape and held card) from then on
                if not h:
                    nk, nm = key + hold, mirror + hold
                    nc = nk if nk < nm else nm
                    e = tget(nc)
                    if not vlist:
                        # holding the drawn card is the only move
                        if e is None or (e[0] < 1 - beta <= e[1]):
                            best = -nxt(nk, nm, nc, 1 - beta, e)
                        else:
                            best = -e[0] if e[0] >= 1 - beta else -e[1]
                        table[ck] = (best, hi, nc) if best >= beta else (lo, best, nc)
                        return best
                    if e is not None and -e[1] >= beta:
                        table[ck] = (-e[1] if -e[1] > lo else lo, hi, nc)
                        return -e[1]
                    kk = kb + shape * 32
                    moves = [(hold_order, 0, nk, nm, nc, e, 0)]
                    for vs, mv, mmv, i, _, _ in vlist:
                        field = key >> vs & 127
                        g = vtd[field]
                        x = d - field
                        nk, nm = key + mv[x], mirror + mmv[x]
                        nc = nk if nk < nm else nm
                        e = tget(nc)
                        if e is not None and g - e[1] >= beta:
                            table[ck] = (g - e[1] if g - e[1] > lo else lo, hi, nc)
                            killers[kk] = i
                            return g - e[1]
                        moves.append((g, g, nk, nm, nc, e, i))
                else:
                    kk = kb + shape * 32 + h
                    moves = []
                    if vlist:
                        ks, ms = key + swap[h], mirror + swap[h]
                        vth = vtc[h]
                        for vs, mv, mmv, _, i, j in vlist:
                            field = key >> vs & 127
                            g = vtd[field]
                            x = d - field
                            nk, nm = key + mv[x], mirror + mmv[x]
                            nc = nk if nk < nm else nm
                            e = tget(nc)
                            if e is not None and g - e[1] >= beta:
                                table[ck] = (g - e[1] if g - e[1] > lo else lo, hi, nc)
                                killers[kk] = i
                                return g - e[1]
                            moves.append((g, g, nk, nm, nc, e, i))
                            g = vth[field]
                            x = h - field
                            nk, nm = ks + mv[x], ms + mmv[x]
                            nc = nk if nk < nm else nm
                            e = tget(nc)
                            if e is not None and g - e[1] >= beta:
                                table[ck] = (g - e[1] if g - e[1] > lo else lo, hi, nc)
                                killers[kk] = j
                                return g - e[1]
                            moves.append((g, g, nk, nm, nc, e, j))
                    # a leg beside a valley: a card of the mover's colour there (a high one
                    # the more so) first
                    hd = h * 32 + d
                    kh, mh = key - held[h], mirror - held[h]
                    for fs, built, mbuilt, hdl, dhl, mhdl, mdhl, ol, orr, i, j in floors[shape]:
                        fc = key >> fs & 31
                        g = tri[fc * 1024 + hd]
                        base, mbase = kh + built[fc], mh + mbuilt[fc]
                        nk, nm = base + hdl[hd], mbase + mhdl[hd]
                        nc = nk if nk < nm else nm
                        e = tget(nc)
                        if e is not None and g - e[1] >= beta:
                            table[ck] = (g - e[1] if g - e[1] > lo else lo, hi, nc)
                            killers[kk] = i
                            return g - e[1]
                        moves.append((g + ol[hd], g, nk, nm, nc, e, i))
                        nk, nm = base + dhl[hd], mbase + mdhl[hd]
                        nc = nk if nk < nm else nm
                        e = tget(nc)
                        if e is not None and g - e[1] >= beta:
                            table[ck] = (g - e[1] if g - e[1] > lo else lo, hi, nc)
                            killers[kk] = j
                            return g - e[1]
                        moves.append((g + orr[hd], g, nk, nm, nc, e, j))
                # the killer first, then the table's best move, then the rest by their order;
                # the rest is only sorted if those two do not end the node
                k = killers[kk]
                km = moves[k] if k >= 0 else None
                todo: Sequence[Made]
                if hint:
                    for m in moves:
                        if m[4] == hint:
                            break
                    todo = (m,) if km is None or km is m else (km, m)
                elif km is not None:
                    todo = (km,)
                else:
                    moves.sort()
                    moves.reverse()
                    todo = moves
                best, best_key = LOWEST, 0
                while True:
                    for _, g, nk, nm, nc, e, i in todo:
                        if e is not None and g - e[0] < beta:
                            x = g - e[0]      # the entry's bound: this move cannot reach beta
                        else:
                            x = g - nxt(nk, nm, nc, g - beta + 1, e)
                        if x > best:
                            best, best_key = x, nc
                            if x >= beta:
                                killers[kk] = i
                                break
                    else:
                        if todo is not moves:
                            for m in todo:
                                moves.remove(m)
                            moves.sort()
                            moves.reverse()
                            todo = moves
                            continue
                    break
                if best >= beta:
                    lo = best
                else:
                    hi = best
                table[ck] = (lo, hi, best_key)
                return best
            return scout

        def make_flat(t: int) -> Scout:
            """The test of the turn before the last: the other's last turn is scored in a flat
            loop, so the value is exact."""
            def flat(key: int, mirror: int, ck: int, beta: int, entry: Entry) -> int:
                best, best_key = LOWEST, 0
                for _, g, nk, nm in moves_of(key, mirror, t):
                    x = g - last_turn(nk, t + 1)
                    if x > best:
                        best, best_key = x, nk if nk < nm else nm
                table[ck] = (best, best, best_key)
                return best
            return flat

        # the test of each turn but the last, each calling the next turn's
        scouts: list[Scout] = []
        if last > 0:
            scouts.append(make_flat(last - 1))
            for t in range(last - 2, -1, -1):
                scouts.append(make_scout(t, scouts[-1]))
            scouts.reverse()

        def make_search(t: int, deeper: Search | None) -> Search:  # noqa: C901
            """The principal line's search of turn t; deeper is turn t + 1's (None if that is
            the last turn).  Each turn has its own closure and none calls itself: the
            searches make no reference cycle, so a deck's table goes with its search."""
            hs, kb = turns[t][4], turns[t][8]
            scout = scouts[t]
            nxt = scouts[t + 1] if deeper is not None else None

            def search(key: int, mirror: int, alpha: int, beta: int) -> int:  # noqa: C901
                """Fail-soft alpha-beta of the rest-value of the key within (alpha, beta)."""
                if beta - alpha == 1:
                    return test(key, mirror, scout, beta)
                ck = key if key < mirror else mirror
                lo, hi, hint = tget(ck, NO_ENTRY)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if deeper is None or nxt is None:
                    return scout(key, mirror, ck, beta, None)     # the flat test: exact
                alpha = max(alpha, lo)
                beta = min(beta, hi)
                a0, b0 = alpha, beta
                moves = moves_of(key, mirror, t)
                for _, g, nk, nm in moves:
                    e = tget(nk if nk < nm else nm)
                    if e is not None and g - e[1] >= beta:
                        table[ck] = (max(g - e[1], lo), hi, nk if nk < nm else nm)
                        return g - e[1]
                k = killers[kb + (key & 63) * 32 + (key >> hs & 31)]   # the tests' slot (scout's kk)
                order = sorted(((INF if (nk if nk < nm else nm) == hint else KILLER if i == k
                                 else o, g, nk, nm) for i, (o, g, nk, nm) in enumerate(moves)),
                               reverse=True)
                best, best_key = -INF, 0
                null = False
                for _, g, nk, nm in order:
                    if null:
                        # principal variation search: later moves only have to be shown no
                        # better than alpha, which a null window does cheaply
                        x = g - test(nk, nm, nxt, g - alpha)
                        if alpha < x < beta:
                            # the move is worth at least x: find its value with null
                            # windows, each JUMP points above the bound the last proved
                            # (halved whenever one fails), until it is exact or >= beta
                            top, jump = beta, JUMP
                            while x < top:
                                b = x + jump if x + jump < top else top - 1
                                y = g - test(nk, nm, nxt, g - b)
                                if y > b:
                                    x = y           # worth at least y
                                else:
                                    top = y         # worth at most y
                                    jump >>= 1
                    else:
                        x = g - deeper(nk, nm, g - beta, g - alpha)
                        null = beta - alpha > 1
                    if x > best:
                        best, best_key = x, nk if nk < nm else nm
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
                table[ck] = (lo, hi, best_key)
                return best
            return search

        def test(key: int, mirror: int, scout: Scout, beta: int) -> int:
            """A null-window test from the principal line: the table's entry first."""
            ck = key if key < mirror else mirror
            e = tget(ck)
            if e is not None:
                if e[0] >= beta:
                    return e[0]
                if e[1] < beta:
                    return e[1]
            return scout(key, mirror, ck, beta, e)

        # the principal line's search of each turn but the last, each calling the next's
        searches: list[Search] = []
        deeper: Search | None = None
        for t in range(last - 1, -1, -1):
            deeper = make_search(t, deeper)
            searches.append(deeper)
        searches.reverse()

        def solve(key: int, mirror: int, t: int, alpha: int, beta: int) -> int:
            if t == last:
                return last_turn(key, t)
            return searches[t](key, mirror, alpha, beta)

        return solve
