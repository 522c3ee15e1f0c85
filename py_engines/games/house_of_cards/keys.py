"""House of Cards search keys: the rest of the game packed into one integer, the key of its
mirror image, and the tables that make every move a sum of precomputed key terms.

A key holds all the rest of the game depends on (bit 0 is the lowest):

* bits 0-5: the shape's index in ``rules.SHAPES`` (45 shapes);
* bits 6-10 and 11-15: Axel's and Birgit's held card (0: none);
* bits 16 + 7f: slot f, shared by valley f and the floor laid on it.  While the valley is
  open, or waits for its second peak, the slot holds its *field*: the rank sum (5 bits) and
  the red count (2 bits) of the standing legs that border it.  Once floored it holds the
  floor's card until a peak stands on that floor, then 0.

A valley's future triangle is its two legs and the floor card laid on it: the rank sum and
the colour majority need the legs' rank sum and red count only, so positions whose legs
differ but add up the same share one key.  A leg borders at most one valley; the outer legs
and the floored valleys' legs never score again.

The house is symmetric: the mirror image of a position (floor (L, j) to (L, 5 - L - j), peak
(L, j) to (L, 6 - L - j); a valley's field is a sum, so it does not care which leg is left)
has the same rest of the game.  The search carries both keys, each move adding its own terms
to each, and keys its table by the smaller of the two: about half the rest-states of a deck
are mirror images of others.
"""
from __future__ import annotations

from functools import cache
from itertools import chain, repeat
from operator import add, neg

from .rules import (AXEL, BIRGIT, FLOOR_AT, FLOOR_CARD, FLOOR_LEFT, FLOOR_RIGHT, FLOOR_UP,
                    MAX_M, PEAK_AT, RED, SHAPES, Position, card_points, open_floors,
                    open_valleys, peak_bit, peak_exists)

HELD_SHIFT = (6, 11)
SLOT = tuple(16 + 7 * f for f in range(6))
LEG_WEIGHT = 3          # move ordering: a peak's legs against what it scores now (tuned on hard decks)
SHAPE_INDEX = {s: i for i, s in enumerate(SHAPES)}

# Mirror images: floor (L, j) <-> (L, 5 - L - j), peak (L, j) <-> (L, 6 - L - j).
FLOOR_MIRROR = tuple(FLOOR_AT.index((lv, 5 - lv - j)) for lv, j in FLOOR_AT)
PEAK_MIRROR = tuple(PEAK_AT.index((lv, 6 - lv - j)) for lv, j in PEAK_AT)


def mirror_shape(shape: int) -> int:
    out = 0
    for f in range(6):
        if shape >> f & 1:
            out |= 1 << FLOOR_MIRROR[f]
    for p in range(4, 10):
        if shape & peak_bit(p):
            out |= peak_bit(PEAK_MIRROR[p])
    return out


def leg_field(card: int) -> int:
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
        _row = (leg_field(_a) + leg_field(_b)) << 5
        _TRI[_a << 10 | _b << 5:(_a << 10 | _b << 5) + 32] = _VALLEY_TRI[_row:_row + 32]
_ADJ = [card_points(c) for c in range(32)]
# The same three tables seen by each player (Axel's gains are +, Birgit's -): the search
# reads its mover's, so a gain is one lookup.
MINE = ((_TRI, _VALLEY_TRI, _ADJ),
        (list(map(neg, _TRI)), list(map(neg, _VALLEY_TRI)), list(map(neg, _ADJ))))
# A floor of card c on a valley, by the valley's field, as each player sees it.
CARD_VALLEY_TRI = tuple(tuple(vtri[c::32] for c in range(32)) for _, vtri, _ in MINE)

# An open valley: (slot shift, key change of card c laid on it by c - field for the key and
# for the mirror key (a negative index wraps), move index without a held card, of the floor
# with the drawn and with the held card).
ValleyMove = tuple[int, tuple[int, ...], tuple[int, ...], int, int, int]
# An open floor: (slot shift, key change of the peak by floor card, the same for the mirror
# key, the legs' terms by held << 5 | drawn card with the held card as the left leg and as the
# right one for the key, the same for the mirror key, the move order's leg terms of the two
# orders by held << 5 | drawn card (``LEG_ORDER``), move indices of the two orders).  FLOORS
# holds one table per player, as the leg terms count the cards for the mover.
FloorMove = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                  tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]


def _bordered(p: int) -> tuple[int | None, int | None]:
    """The valleys peak p's left and right legs border (None: no valley on that side)."""
    left = next((f for f in range(6) if FLOOR_RIGHT[f] == p), None)
    right = next((f for f in range(6) if FLOOR_LEFT[f] == p), None)
    return left, right


@cache
def _leg_terms(valley: int | None, mirrored: bool) -> tuple[int, ...]:
    if valley is None:
        return (0,) * 32
    slot = SLOT[FLOOR_MIRROR[valley] if mirrored else valley]
    return tuple(leg_field(c) << slot for c in range(32))


@cache
def _legs_terms(left: int | None, right: int | None, mirrored: bool,
                held_right: bool) -> tuple[int, ...]:
    """A peak's legs, indexed held << 5 | drawn card: the held card on the left (or on the
    right), each leg's field added to the valley it borders (if any)."""
    lt, rt = _leg_terms(left, mirrored), _leg_terms(right, mirrored)
    if held_right:
        return tuple([d + h for h in rt for d in lt])
    return tuple([h + d for h in lt for d in rt])


@cache
def _card_terms(delta: int, slot: int) -> tuple[int, ...]:
    """A card c laid on a valley of field x: the key changes by terms[c - x] (a negative
    index wraps), the shape's index by delta."""
    terms = [0] * 128
    for diff in range(-96, 32):
        terms[diff] = delta + (diff << slot)
    return tuple(terms)


@cache
def _cleared_terms(delta: int, slot: int) -> tuple[int, ...]:
    """A peak on a floor of card c: the key changes by terms[c], the shape's index by delta."""
    return tuple(delta - (c << slot) for c in range(32))


def _valley_terms(shape: int, f: int, mirrored: bool) -> tuple[int, ...]:
    after = shape | 1 << f
    if mirrored:
        shape, after, f = mirror_shape(shape), mirror_shape(after), FLOOR_MIRROR[f]
    return _card_terms(SHAPE_INDEX[after] - SHAPE_INDEX[shape], SLOT[f])


def _peak_terms(shape: int, f: int, mirrored: bool) -> tuple[int, ...]:
    after = shape | peak_bit(FLOOR_UP[f])
    if mirrored:
        shape, after, f = mirror_shape(shape), mirror_shape(after), FLOOR_MIRROR[f]
    return _cleared_terms(SHAPE_INDEX[after] - SHAPE_INDEX[shape], SLOT[f])


def _leg_orders(adj: list[int]) -> dict[tuple[bool, bool], tuple[int, ...]]:
    """A peak's term in the move order, by held << 5 | drawn card with the held card on the
    left, by whether its left and right legs border a valley: LEG_WEIGHT times the mover's
    points (adj) of each leg that does."""
    points = tuple(LEG_WEIGHT * a for a in adj)
    by_held = tuple(chain.from_iterable(repeat(a, 32) for a in points))
    return {(False, False): (0,) * 1024, (False, True): points * 32, (True, False): by_held,
            (True, True): tuple(map(add, by_held, points * 32))}


LEG_ORDER = tuple(_leg_orders(adj) for _, _, adj in MINE)


def _valley_moves(shape: int) -> tuple[ValleyMove, ...]:
    return tuple((SLOT[f], _valley_terms(shape, f, False), _valley_terms(shape, f, True),
                  1 + j, 2 * j, 2 * j + 1) for j, f in enumerate(open_valleys(shape)))


def _floor_moves(shape: int, me: int) -> tuple[FloorMove, ...]:
    """The open floors of the shape as the player ``me`` sees them (the move order's leg
    terms count the cards for the mover); their move indices follow the valleys'."""
    nv = len(open_valleys(shape))
    order = LEG_ORDER[me]
    fs = []
    for j, f in enumerate(open_floors(shape)):
        left, right = _bordered(FLOOR_UP[f])
        fs.append((SLOT[f], _peak_terms(shape, f, False), _peak_terms(shape, f, True),
                   _legs_terms(left, right, False, False), _legs_terms(left, right, False, True),
                   _legs_terms(left, right, True, False), _legs_terms(left, right, True, True),
                   order[left is not None, right is not None],
                   order[right is not None, left is not None],
                   2 * nv + 2 * j, 2 * nv + 2 * j + 1))
    return tuple(fs)


# Per shape index (64 entries, the unused ones empty): its open valleys and open floors (by
# player: Birgit's the same but for the leg terms), in the rules' order.
VALLEYS: list[tuple[ValleyMove, ...]] = [()] * 64
FLOORS: tuple[list[tuple[FloorMove, ...]], ...] = ([()] * 64, [()] * 64)
for _i, _s in enumerate(SHAPES):
    VALLEYS[_i] = _valley_moves(_s)
    for _me in (AXEL, BIRGIT):
        FLOORS[_me][_i] = _floor_moves(_s, _me)
HELD = tuple(tuple(c << HELD_SHIFT[me] for c in range(32)) for me in (AXEL, BIRGIT))
# SWAP[me][d][h]: the key change when the mover's held card h becomes d.
SWAP = tuple(tuple(tuple((d - h) << HELD_SHIFT[me] for h in range(32)) for d in range(32))
             for me in (AXEL, BIRGIT))


def _pack(shape: int, held: tuple[int, int], slots: list[int]) -> int:
    key = SHAPE_INDEX[shape] | held[0] << HELD_SHIFT[0] | held[1] << HELD_SHIFT[1]
    for f in range(6):
        key |= slots[f] << SLOT[f]
    return key


def position_keys(pos: Position) -> tuple[int, int]:
    """The key of a position and the key of its mirror image."""
    slots = [0] * 6
    for f in open_floors(pos.shape):
        slots[f] = pos.places[FLOOR_CARD + f]
    for f in range(6):
        if pos.shape >> f & 1:
            continue
        if peak_exists(pos.shape, FLOOR_LEFT[f]):
            slots[f] += leg_field(pos.places[2 * FLOOR_LEFT[f] + 1])
        if peak_exists(pos.shape, FLOOR_RIGHT[f]):
            slots[f] += leg_field(pos.places[2 * FLOOR_RIGHT[f]])
    return (_pack(pos.shape, pos.held, slots),
            _pack(mirror_shape(pos.shape), pos.held, [slots[FLOOR_MIRROR[f]] for f in range(6)]))
