"""House of Cards (ICPC World Finals 2009, problem G): exact two-player minimax.

The game (``specs/house_of_cards.md``): 2M cards, ranks 1..M in red (Axel) and
black (Birgit).  c1..c8 stand as four level-1 peaks; c9..c2M are drawn one per
turn, face up, and the player of c1's colour starts.  With the drawn card D and
his held card H a player holds D (only with empty hands), lays D or H across an
open valley (a floor), or stands H and D on an open floor as a new peak, in
either leg order.  Each floor and peak completes a triangle whose rank sum goes
to the colour holding at least two of its three cards.  A card still held at
the end counts +rank if red and -rank if black on the Axel - Birgit scale.

Input: cases of ``<Axel|Birgit> M <2M cards>`` then ``End``; any whitespace.
Output: ``Case k: <Name> wins X`` / ``loses X`` / ``Axel and Birgit tie``, where
X is V = Axel - Birgit seen from the named player.

Layout of this module: cards and the parser; the house geometry (rule 7) as
tables over a 12-bit shape mask; the rules as an immutable ``Position`` (the
GameState protocol of ``search.minimax``, used by the replay and the tests);
the fast exact search; the engine.

Solver: the value of a position is its score plus the value of the *rest* of
the game, which depends only on the house shape, the cards that can still
score (legs beside unfloored valleys, cards of open floors), both held cards
and the draw index (itself fixed by shape and held cards).  That is packed into
one integer, updated incrementally, which keys a transposition table of
(lower, upper) bounds of the rest-value, so positions reached with different
scores share entries.  Fail-soft negamax alpha-beta with principal variation
search (null windows after the first move) orders moves by the table's best
move, then by immediate gain, and scores the last turn in a flat loop.  The
search is the rules of ``Position`` compiled into per-shape move tables; the
tests check it against the generic ``search.minimax.Solver`` on ``Position``.
Cost: an M = 13 deck (18 plies; the plain DP has 15,453 distinct states) takes
5-11 thousand nodes and at most ~5,000 table entries, about 8-16 ms in CPython
3.11.  The replay adds the exact value of every legal move along the line
(about 30 ms for M = 13), reusing the same table.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..api import (BaseEngine, CaseRun, CaseSummary, Frame, MoveValue, Progress, RandomOption,
                   Result, solve_cases)
from ..errors import InvalidInputError, ParseError
from ..registry import register
from ..text import Token, check_size, end_position, tokenize

# ----------------------------------------------------------------------------- cards

NAMES = ("Axel", "Birgit")          # player 0 is red, player 1 is black
AXEL, BIRGIT = 0, 1
MIN_M, MAX_M = 5, 13
RED = 16                            # a card is rank | RED for red cards
RANK_MASK = 15
END = "End"
INF = 1 << 20


def card_text(code: int) -> str:
    return f"{code & RANK_MASK}{'R' if code & RED else 'B'}"


def card_points(code: int) -> int:
    """A held card at the end, on the Axel - Birgit scale (rule 10); 0 for no card."""
    return (code & RANK_MASK) * (1 if code & RED else -1)


def triangle_value(a: int, b: int, c: int) -> int:
    """Rank sum, signed for the colour on at least two of the three cards (rule 8)."""
    total = (a & RANK_MASK) + (b & RANK_MASK) + (c & RANK_MASK)
    reds = (a >> 4) + (b >> 4) + (c >> 4)
    return total if reds >= 2 else -total


# ----------------------------------------------------------------------------- parsing

@dataclass(frozen=True, slots=True)
class Case:
    name: str                       # "Axel" or "Birgit", as written
    m: int
    cards: tuple[int, ...]          # deck order, top first


@dataclass(frozen=True, slots=True)
class Problem:
    cases: tuple[Case, ...]


_CARD = re.compile(r"([1-9][0-9]?)([RB])\Z")
_DIGITS_THEN = re.compile(r"([0-9]+)(.*)\Z", re.S)
_EXPECT_CARD = "a card is a rank 1..13 followed at once by R or B, e.g. 7R"


def _card_problem(text: str) -> str | None:
    """Why ``text`` is not a well-formed card, or None when it is one."""
    m = _CARD.match(text)
    if m and int(m.group(1)) <= MAX_M:
        return None
    d = _DIGITS_THEN.match(text)
    if d is None:
        if text[:1] in "RBrb" and text[1:].isascii() and text[1:].isdigit():
            return (f"'{text}' is not a card: write the rank first, then the colour "
                    f"({text[1:]}{text[0].upper()})")
        return f"'{text}' is not a card: {_EXPECT_CARD}"
    digits, rest = d.groups()
    if rest == "":
        return (f"'{text}' is not a card: the colour R or B must follow the rank at once "
                f"({_EXPECT_CARD})")
    if rest in ("r", "b"):
        return f"'{text}' is not a card: the colour must be upper-case R or B"
    if rest not in ("R", "B"):
        return f"'{text}' is not a card: the colour must be R (red) or B (black)"
    if digits[0] == "0" and digits != "0" and 1 <= int(digits) <= MAX_M:
        return f"'{text}' is not a card: no leading zero in the rank"
    return f"'{text}' is not a card: ranks go from 1 to {MAX_M}"


def _card_code(text: str) -> int:
    return int(text[:-1]) | (RED if text[-1] == "R" else 0)


def _name_problem(tok: Token, expected: str) -> str:
    for word in (*NAMES, END):
        if tok.text.lower() == word.lower():
            return f"'{tok.text}' is not a name; did you mean '{word}'? (words are case-sensitive)"
    return f"expected {expected}, found '{tok.text}'"


def _parse(text: str) -> Problem:
    check_size(text)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError("the input is empty; expected a name (Axel or Birgit)", line=1, column=1)
    if tokens[0].text == END:
        raise tokens[0].error("no test cases: the input starts with End")
    cases: list[Case] = []
    i, n = 0, len(tokens)

    def at_end(message: str) -> ParseError:
        line, column = end_position(text)
        return ParseError(message, line=line, column=column)

    while True:
        k = len(cases) + 1
        if i == n:
            raise at_end(f"missing End: the input ends after case {k - 1}")
        tok = tokens[i]
        if tok.text == END:
            if i + 1 < n:
                extra = tokens[i + 1]
                raise extra.error(f"unexpected '{extra.text}' after End; End must be the last word")
            break
        if tok.text not in NAMES:
            if cases and _card_problem(tok.text) is None:
                prev = cases[-1]
                raise tok.error(f"too many cards: case {k - 1} already has its {2 * prev.m} cards "
                                f"(M = {prev.m}); found '{tok.text}' where a name (Axel or Birgit) "
                                f"or End was expected")
            raise tok.error(_name_problem(tok, "a name (Axel or Birgit)"
                                          + (" or End" if cases else "")))
        name = tok.text
        i += 1
        if i == n:
            raise at_end(f"the input ends after the name {name}; expected M ({MIN_M}..{MAX_M})")
        mtok = tokens[i]
        if not (mtok.text.isascii() and mtok.text.isdigit()) or (mtok.text[0] == "0"
                                                                   and mtok.text != "0"):
            raise mtok.error(f"expected M, an integer {MIN_M}..{MAX_M}, after {name}; "
                             f"found '{mtok.text}'")
        m = int(mtok.text)
        if not MIN_M <= m <= MAX_M:
            raise mtok.error(f"M = {m} is outside {MIN_M}..{MAX_M}", InvalidInputError)
        i += 1
        need = 2 * m
        seen: dict[int, Token] = {}
        cards: list[int] = []
        while len(cards) < need:
            if i == n or tokens[i].text in (*NAMES, END):
                missing = " ".join(card_text(r | c) for c in (RED, 0) for r in range(1, m + 1)
                                   if (r | c) not in seen)
                message = (f"too few cards: case {k} has {len(cards)} cards; M = {m} needs "
                           f"{need} (missing: {missing})")
                if i == n:
                    raise at_end(message)
                raise tokens[i].error(message)
            ctok = tokens[i]
            problem = _card_problem(ctok.text)
            if problem is not None:
                raise ctok.error(problem)
            code = _card_code(ctok.text)
            if code & RANK_MASK > m:
                raise ctok.error(f"card {ctok.text} but M = {m}: ranks in case {k} go up to {m}",
                                 InvalidInputError)
            if code in seen:
                first = seen[code]
                where = (f"column {first.column}" if first.line == ctok.line
                         else f"line {first.line}, column {first.column}")
                raise ctok.error(f"{ctok.text} already appeared at {where} (case {k})",
                                 InvalidInputError)
            seen[code] = ctok
            cards.append(code)
            i += 1
        cases.append(Case(name, m, tuple(cards)))
    return Problem(tuple(cases))


# ----------------------------------------------------------------------------- geometry (rule 7)
# Peaks 0..9: P(1,1..4), P(2,1..3), P(3,1..2), P(4,1).  Floors (and their valleys)
# 0..5: F(1,1..3), F(2,1..2), F(3,1), i.e. lowest level first, left to right.
# A shape is a 12-bit mask: bit f for floor f, bit 6 + (p - 4) for upper peak p.
# Card places: 2p and 2p + 1 are peak p's left and right legs, 20 + f floor f's card.

PEAK_AT: tuple[tuple[int, int], ...] = tuple((lv, j) for lv in range(1, 5) for j in range(1, 6 - lv))
FLOOR_AT: tuple[tuple[int, int], ...] = tuple((lv, j) for lv in range(1, 4) for j in range(1, 5 - lv))
_PEAK_ID = {p: i for i, p in enumerate(PEAK_AT)}
FLOOR_LEFT = tuple(_PEAK_ID[(lv, j)] for lv, j in FLOOR_AT)        # peak left of the valley
FLOOR_RIGHT = tuple(_PEAK_ID[(lv, j + 1)] for lv, j in FLOOR_AT)   # peak right of it
FLOOR_UP = tuple(_PEAK_ID[(lv + 1, j)] for lv, j in FLOOR_AT)      # peak that stands on it
FLOOR_CARD = 20                      # card place of floor f is FLOOR_CARD + f
PLACES = 26


def peak_bit(p: int) -> int:
    return 0 if p < 4 else 1 << (2 + p)


def peak_exists(shape: int, p: int) -> bool:
    return p < 4 or bool(shape & peak_bit(p))


def open_valleys(shape: int) -> tuple[int, ...]:
    """Valleys between two standing peaks with no floor yet, in canonical order."""
    return tuple(f for f in range(6) if not shape >> f & 1
                 and peak_exists(shape, FLOOR_LEFT[f]) and peak_exists(shape, FLOOR_RIGHT[f]))


def open_floors(shape: int) -> tuple[int, ...]:
    """Floors with no peak on them yet, in canonical order."""
    return tuple(f for f in range(6) if shape >> f & 1 and not peak_exists(shape, FLOOR_UP[f]))


def all_shapes() -> tuple[int, ...]:
    seen, todo = {0}, [0]
    while todo:
        shape = todo.pop()
        nexts = [shape | 1 << f for f in open_valleys(shape)]
        nexts += [shape | peak_bit(FLOOR_UP[f]) for f in open_floors(shape)]
        for nxt in nexts:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return tuple(sorted(seen))


SHAPES = all_shapes()                # 45 shapes (spec section 6)


# ----------------------------------------------------------------------------- rules

HOLD, FLOOR_D, FLOOR_H, PEAK_HD, PEAK_DH = "hold", "floorD", "floorH", "peakHD", "peakDH"
MOVE_KINDS = (HOLD, FLOOR_D, FLOOR_H, PEAK_HD, PEAK_DH)     # rule 6's order


@dataclass(frozen=True, slots=True)
class Move:
    """A move; ``floor`` is the valley floored or the floor built on (None for hold)."""

    kind: str
    floor: int | None = None

    @property
    def id(self) -> str:
        if self.floor is None:
            return self.kind
        lv, j = FLOOR_AT[self.floor]
        return f"{self.kind}:{lv}.{j}"     # no comma: share links join move ids with commas


@dataclass(frozen=True, slots=True)
class Triangle:
    """The triangle a floor (``down``) or a peak (``up``) completes."""

    direction: str                  # "down" (floor on a valley) or "up" (peak on a floor)
    level: int                      # level of the valley / floor it rests on
    slot: int
    cards: tuple[int, int, int]
    value: int                      # signed rank sum, Axel - Birgit

    @property
    def scorer(self) -> int:
        return AXEL if self.value > 0 else BIRGIT


@dataclass(frozen=True, slots=True)
class Position:
    """A position with ``t`` cards drawn; ``score`` is Axel - Birgit so far."""

    deck: tuple[int, ...]
    t: int
    shape: int
    places: tuple[int, ...]         # card per place, 0 when empty
    held: tuple[int, int]
    score: int
    points: tuple[int, int]         # each player's own points (for the scoreboard)

    @staticmethod
    def start(deck: Sequence[int]) -> "Position":
        places = tuple(deck[:8]) + (0,) * (PLACES - 8)
        return Position(tuple(deck), 0, 0, places, (0, 0), 0, (0, 0))

    @property
    def turns(self) -> int:
        return len(self.deck) - 8

    @property
    def first(self) -> int:
        return AXEL if self.deck[0] & RED else BIRGIT

    @property
    def mover(self) -> int:
        return (self.first + self.t) & 1

    @property
    def drawn(self) -> int:
        return self.deck[8 + self.t]

    def to_move(self) -> int:
        return 1 if self.mover == AXEL else -1

    def is_terminal(self) -> bool:
        return self.t == self.turns

    def adjustment(self) -> int:
        return card_points(self.held[0]) + card_points(self.held[1])

    def value(self) -> int:
        return self.score + self.adjustment()

    def key(self) -> tuple[int, ...]:
        return (self.t, self.shape, self.score, *self.held, *self.places)

    def moves(self) -> tuple[Move, ...]:
        holding = self.held[self.mover] != 0
        valleys = open_valleys(self.shape)
        out = [] if holding else [Move(HOLD)]
        out += [Move(FLOOR_D, f) for f in valleys]
        if holding:
            floors = open_floors(self.shape)
            out += [Move(FLOOR_H, f) for f in valleys]
            out += [Move(PEAK_HD, f) for f in floors]
            out += [Move(PEAK_DH, f) for f in floors]
        return tuple(out)

    def play(self, move: Move) -> "Position":
        return self.step(move)[0]

    def step(self, move: Move) -> tuple["Position", Triangle | None]:
        """The position after ``move`` and the triangle it completes."""
        if move not in self.moves():
            raise InvalidInputError(f"move {move.id} is not legal here")
        me, d = self.mover, self.drawn
        h = self.held[me]
        held = list(self.held)
        places = list(self.places)
        shape = self.shape
        tri: Triangle | None = None
        if move.kind == HOLD:
            held[me] = d
        else:
            f = move.floor
            assert f is not None
            lv, j = FLOOR_AT[f]
            if move.kind in (FLOOR_D, FLOOR_H):
                card = d if move.kind == FLOOR_D else h
                held[me] = h if move.kind == FLOOR_D else d
                cards = (places[2 * FLOOR_LEFT[f] + 1], places[2 * FLOOR_RIGHT[f]], card)
                places[FLOOR_CARD + f] = card
                shape |= 1 << f
                tri = Triangle("down", lv, j, cards, triangle_value(*cards))
            else:
                left, right = (h, d) if move.kind == PEAK_HD else (d, h)
                p = FLOOR_UP[f]
                cards = (places[FLOOR_CARD + f], left, right)
                places[2 * p], places[2 * p + 1] = left, right
                held[me] = 0
                shape |= peak_bit(p)
                tri = Triangle("up", lv, j, cards, triangle_value(*cards))
        gain = tri.value if tri else 0
        points = list(self.points)
        if tri:
            points[tri.scorer] += abs(gain)
        nxt = Position(self.deck, self.t + 1, shape, tuple(places), (held[0], held[1]),
                       self.score + gain, (points[0], points[1]))
        return nxt, tri


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

    def _compile(self) -> Callable[[int, int, int, int], int]:
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
            for f, lp, rp, _, _, _, _ in vmoves[shape]:
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

        def search(key: int, t: int, alpha: int, beta: int) -> int:
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


# ----------------------------------------------------------------------------- engine

@dataclass(frozen=True, slots=True)
class CaseResult:
    index: int                      # 1-based case number
    name: str
    m: int
    value: int                      # V = Axel - Birgit under best play

    @property
    def result(self) -> int:
        return self.value if self.name == NAMES[AXEL] else -self.value

    def line(self) -> str:
        x = self.result
        if x > 0:
            return f"Case {self.index}: {self.name} wins {x}\n"
        if x < 0:
            return f"Case {self.index}: {self.name} loses {-x}\n"
        return f"Case {self.index}: Axel and Birgit tie\n"


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else str(v)


_LEFT_RIGHT = {1: ("left", "middle", "right"), 2: ("left", "right"), 3: ("",)}


def place_name(what: str, level: int, slot: int) -> str:
    """'the middle valley', 'the right level-2 floor', 'the level-3 valley'."""
    side = _LEFT_RIGHT[level][slot - 1]
    if level == 1:
        return f"the {side} {what}"
    return f"the {side + ' ' if side else ''}level-{level} {what}"


def move_label(pos: Position, move: Move) -> str:
    d, h = card_text(pos.drawn), card_text(pos.held[pos.mover]) if pos.held[pos.mover] else ""
    if move.floor is None:
        return f"hold {d}"
    lv, j = FLOOR_AT[move.floor]
    if move.kind == FLOOR_D:
        return f"floor {d} on V({lv},{j})"
    if move.kind == FLOOR_H:
        return f"floor held {h} on V({lv},{j}), keep {d}"
    left, right = (h, d) if move.kind == PEAK_HD else (d, h)
    return f"peak {left} / , \\ {right} on F({lv},{j})"


def _house_state(pos: Position) -> dict[str, Any]:
    pl = pos.places
    peaks = [{"level": lv, "slot": j, "left": card_text(pl[2 * p]), "right": card_text(pl[2 * p + 1])}
             for p, (lv, j) in enumerate(PEAK_AT) if peak_exists(pos.shape, p)]
    floors = [{"level": lv, "slot": j, "card": card_text(pl[FLOOR_CARD + f]),
               "covered": peak_exists(pos.shape, FLOOR_UP[f])}
              for f, (lv, j) in enumerate(FLOOR_AT) if pos.shape >> f & 1]
    valleys = [{"level": FLOOR_AT[f][0], "slot": FLOOR_AT[f][1],
                "left": card_text(pl[2 * FLOOR_LEFT[f] + 1]), "right": card_text(pl[2 * FLOOR_RIGHT[f]])}
               for f in open_valleys(pos.shape)]
    open_fl = [{"level": FLOOR_AT[f][0], "slot": FLOOR_AT[f][1], "card": card_text(pl[FLOOR_CARD + f])}
               for f in open_floors(pos.shape)]
    return {"peaks": peaks, "floors": floors, "open_valleys": valleys, "open_floors": open_fl}


def _choices(pos: Position) -> list[dict[str, Any]]:
    """Every legal move spelled out for the scene: where it goes and which cards move.

    ``cards`` are the cards laid (the floor card, or the peak's left and right legs);
    ``keep`` is the card the mover holds afterwards (None when his hand ends empty).
    """
    if pos.is_terminal():
        return []
    d, h = pos.drawn, pos.held[pos.mover]
    out: list[dict[str, Any]] = []
    for move in pos.moves():
        choice: dict[str, Any] = {"move": move.id, "kind": "hold", "level": None, "slot": None,
                                  "target": None, "cards": [card_text(d)], "keep": card_text(d)}
        if move.floor is not None:
            lv, j = FLOOR_AT[move.floor]
            choice.update(level=lv, slot=j)
            if move.kind in (FLOOR_D, FLOOR_H):
                laid = d if move.kind == FLOOR_D else h
                choice.update(kind="floor", target="valley", cards=[card_text(laid)],
                              keep=card_text(h if move.kind == FLOOR_D else d) if h else None)
            else:
                left, right = (h, d) if move.kind == PEAK_HD else (d, h)
                choice.update(kind="peak", target="floor", cards=[card_text(left), card_text(right)],
                              keep=None)
        out.append(choice)
    return out


def _state(pos: Position, value: int) -> dict[str, Any]:
    terminal = pos.is_terminal()
    state = {
        "m": len(pos.deck) // 2, "turn": pos.t, "turns": pos.turns,
        "first": NAMES[pos.first], "first_card": card_text(pos.deck[0]),
        **_house_state(pos),
        "score": {NAMES[0]: pos.points[0], NAMES[1]: pos.points[1]},
        "v_so_far": pos.score,
        "held": {NAMES[k]: card_text(c) if c else None for k, c in enumerate(pos.held)},
        "next": None if terminal else card_text(pos.drawn),
        "draw_row": [card_text(c) for c in pos.deck[8 + pos.t:]],
        "to_move": None if terminal else NAMES[pos.mover],
        "value": value, "value_text": signed(value),
        "choices": _choices(pos),
    }
    return state


def _turn_event(pos: Position, move: Move, tri: Triangle | None) -> tuple[dict[str, Any], str]:
    who, d = NAMES[pos.mover], card_text(pos.drawn)
    h = pos.held[pos.mover]
    kind = "hold" if move.kind == HOLD else "floor" if move.kind in (FLOOR_D, FLOOR_H) else "peak"
    event: dict[str, Any] = {"kind": kind, "move": move.id, "player": who, "drawn": d,
                             "triangle": None}
    if move.floor is None or tri is None:
        return event, f"{who}: holds {d}"
    lv, j = FLOOR_AT[move.floor]
    event.update(level=lv, slot=j)
    cards = " ".join(card_text(c) for c in tri.cards)
    colour = "red" if tri.scorer == AXEL else "black"
    score = f"{cards}, {colour} majority, {NAMES[tri.scorer]} +{abs(tri.value)}"
    event["triangle"] = {"direction": tri.direction, "level": lv, "slot": j,
                         "cards": [card_text(c) for c in tri.cards], "points": abs(tri.value),
                         "scorer": NAMES[tri.scorer], "value": tri.value}
    if move.kind in (FLOOR_D, FLOOR_H):
        card = d if move.kind == FLOOR_D else card_text(h)
        event.update(card=card, source="drawn" if move.kind == FLOOR_D else "held")
        place = place_name("valley", lv, j)
        if move.kind == FLOOR_D:
            return event, f"{who}: {d} floors {place}: {score}"
        return event, f"{who}: held {card} floors {place}: {score}; {d} is held"
    left, right = (card_text(h), d) if move.kind == PEAK_HD else (d, card_text(h))
    event.update(left=left, right=right, peak_level=lv + 1)
    return event, f"{who}: {left} / , \\ {right} stand on {place_name('floor', lv, j)}: {score}"


@register
class HouseOfCardsEngine(BaseEngine[Problem, CaseResult]):
    name = "house_of_cards"
    title = "House of Cards (ICPC WF 2009 G)"
    input_help = (
        "Cases of: a name (Axel or Birgit), M (5..13), then the 2M cards of the deck, top first, "
        "each a rank and R or B (1R .. 13B); a line End closes the input. The answer per case "
        "is the named player's result: Case k: Name wins X / loses X / Axel and Birgit tie.")
    kind = "two-player"
    order = 3
    interactive = True
    random_options = (
        RandomOption("M", "M (ranks per colour)", 8, MIN_M, MAX_M),
        RandomOption("name", "Named player", "Axel", choices=NAMES),
    )

    def parse(self, text: str) -> Problem:
        return _parse(text)

    def solve(self, problem: Problem, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[CaseResult]:
        known: dict[tuple[int, ...], int] = {}      # a repeated deck is solved once
        numbered = list(enumerate(problem.cases, start=1))

        def one(item: tuple[int, Case], budget: int | None,
                within: Progress | None) -> CaseRun[CaseResult]:
            k, case = item
            value = known.get(case.cards)
            if value is not None:
                return CaseRun(CaseResult(k, case.name, case.m, value), 0, 0)
            search = RestSearch(case.cards)
            value = known[case.cards] = search.rest(Position.start(case.cards))
            return CaseRun(CaseResult(k, case.name, case.m, value), search.nodes,
                           len(search.table))
        # One deck is at most ~20k positions, so the budget is checked between decks.
        return solve_cases(numbered, one, limit=limit, progress=progress)

    def format_case(self, case_result: CaseResult) -> str:
        return case_result.line()

    def summaries(self, problem: Problem, result: Result[CaseResult]) -> list[CaseSummary]:
        return [CaseSummary(f"Case {r.index}: {r.name}, M = {r.m}", r.line()) for r in result.cases]

    def move_values(self, search: RestSearch, pos: Position) -> tuple[MoveValue, ...]:
        """Every legal move with its exact final V, best ones marked for the mover."""
        scored = [(move, search.value(pos.play(move))) for move in pos.moves()]
        pick = max if pos.mover == AXEL else min
        best = pick(v for _, v in scored)
        return tuple(MoveValue(m.id, move_label(pos, m), v, signed(v), v == best) for m, v in scored)

    def replay(self, problem: Problem, result: Result[CaseResult], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        deck = problem.cases[case].cards
        outcome = result.cases[case]
        search = RestSearch(deck)
        pos = Position.start(deck)
        value = search.value(pos)
        first = NAMES[pos.first]
        colour = "red" if pos.first == AXEL else "black"
        peaks = " ".join(f"{card_text(deck[2 * p])}/{card_text(deck[2 * p + 1])}" for p in range(4))
        frames: list[Frame] = []
        note = f"Deal: four peaks {peaks}; {card_text(deck[0])} is {colour}: {first} starts"
        event: dict[str, Any] | None = None
        actor: str | None = None
        step = 0
        while True:
            state = _state(pos, value)
            if pos.is_terminal():
                frames.append(Frame(len(frames), actor, event, state, note))
                break
            values = self.move_values(search, pos)
            frames.append(Frame(len(frames), actor, event, state, note, values, NAMES[pos.mover]))
            legal = {m.id: m for m in pos.moves()}
            if step < len(moves):
                chosen = moves[step]
                if chosen not in legal:
                    raise InvalidInputError(f"step {step + 1}: move '{chosen}' is not legal; "
                                            f"legal moves: {', '.join(legal)}")
            else:
                chosen = next(mv.move for mv in values if mv.best)
            value = next(mv.value for mv in values if mv.move == chosen)
            move = legal[chosen]
            nxt, tri = pos.step(move)
            event, note = _turn_event(pos, move, tri)
            actor = NAMES[pos.mover]
            pos = nxt
            step += 1
        frames.append(self._end_frame(pos, outcome, len(frames)))
        return frames

    def _end_frame(self, pos: Position, outcome: CaseResult, i: int) -> Frame:
        adjustments = []
        final = list(pos.points)
        for k, c in enumerate(pos.held):
            if c:
                own = (c & RED != 0) == (k == AXEL)
                pts = (c & RANK_MASK) * (1 if own else -1)
                final[k] += pts
                adjustments.append({"player": NAMES[k], "card": card_text(c), "points": pts})
        v = pos.value()
        answer = outcome.line()
        played = CaseResult(outcome.index, outcome.name, outcome.m, v).line()
        x = v if outcome.name == NAMES[AXEL] else -v
        state = _state(pos, v)
        state.update(final={NAMES[0]: final[0], NAMES[1]: final[1]}, adjustments=adjustments,
                     outcome={"value": v, "result": x,
                              "winner": None if v == 0 else NAMES[AXEL if v > 0 else BIRGIT],
                              "optimal": v == outcome.value},
                     answer=answer, played=played)
        held = "; ".join(f"{a['player']}'s held {a['card']} {signed(a['points'])}" for a in adjustments)
        note = (f"End: {held + '. ' if held else 'no held cards. '}Final: Axel {final[0]}, "
                f"Birgit {final[1]}. {played.rstrip()}")
        event = {"kind": "end", "adjustments": adjustments, "value": v, "line": played}
        return Frame(i, None, event, state, note)

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        m, name = opts["M"], opts["name"]
        cards = [r | c for c in (RED, 0) for r in range(1, m + 1)]
        random.Random(seed).shuffle(cards)
        return f"{name}\n{m}\n{' '.join(card_text(c) for c in cards)}\n{END}\n"
