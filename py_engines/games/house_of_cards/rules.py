"""House of Cards rules: cards, the house geometry (rule 7) and the immutable ``Position``."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ...errors import InvalidInputError
from ...i18n import msg


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
            raise InvalidInputError(msg("house_of_cards.error.illegal_move", move=move.id))
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
