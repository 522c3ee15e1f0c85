"""Byte Me! test generators and shrink candidates (see ``tools/hooks.py`` for the contract).

Modes: ``random`` (1..10 players, random cards, a quarter of the dealers aimed
at a threshold), ``hard`` (10-player tables and the longest chains of hits: the
hand with the most rule evaluations of 8 drawn), ``edge`` (the statement's
bounds: 1 and 10 players, all-zero and all-one cards, the dealer exactly on
381/382/500/501/510 and on the best player's total (ties), busts and wins on
the fourth and last card).  An input holds 10 data sets unless told (1..100).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable

from ...gen_helpers import case_count, check_mode, pattern_cycle, without_each
from ...i18n import msg
from .rules import (BUST_LIMIT, BYTE_DIGITS, BYTE_LIMIT, DECK_SIZE, END, END_OF_INPUT,
                    HIDDEN_VALUE, MAX_PLAYERS, MAX_SETS, MIN_PLAYERS, NIBBLE_DIGITS, NIBBLE_LIMIT,
                    START, Card, DataSets, Hand, play_hand)

MODES = {
    "random": msg("byte_me.gen.random"),
    "hard": msg("byte_me.gen.hard"),
    "edge": msg("byte_me.gen.edge"),
}
DEFAULT_CASES = 10
CASES_HELP = msg("tools.gen.cases_default", default=DEFAULT_CASES, max=MAX_SETS)
HARD_DRAWS = 8
BYTE_MAX = (1 << BYTE_DIGITS) - 1
NIBBLE_MAX = (1 << NIBBLE_DIGITS) - 1


@dataclass(frozen=True, slots=True)
class Deal:
    """One data set as numbers."""

    dealer: tuple[int, int]
    faces: tuple[int, ...]
    bytes: tuple[int, ...]
    nibbles: tuple[int, ...]


def _bits(value: int, digits: int) -> str:
    return format(value, f"0{digits}b")


def write(deals: list[Deal]) -> str:
    """The judge input for these data sets."""
    lines: list[str] = []
    for d in deals:
        lines += [f"{START} {len(d.faces)}",
                  " ".join(_bits(v, BYTE_DIGITS) for v in d.dealer),
                  " ".join(_bits(v, BYTE_DIGITS) for v in d.faces),
                  " ".join(_bits(v, BYTE_DIGITS) for v in d.bytes),
                  " ".join(_bits(v, NIBBLE_DIGITS) for v in d.nibbles), END]
    return "\n".join(lines + [END_OF_INPUT]) + "\n"


def _split(total: int) -> tuple[int, int]:
    """Two bytes summing to ``total`` (0..510)."""
    first = min(total, BYTE_MAX)
    return first, total - first


def _faces(rng: random.Random, n: int, best: int) -> tuple[int, ...]:
    """``n`` face-up bytes whose largest is ``best``, in random order."""
    faces = [best] + [rng.randint(0, best) for _ in range(n - 1)]
    rng.shuffle(faces)
    return tuple(faces)


def _decks(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (tuple(rng.randint(0, BYTE_MAX) for _ in range(DECK_SIZE)),
            tuple(rng.randint(0, NIBBLE_MAX) for _ in range(DECK_SIZE)))


def _random_deal(rng: random.Random, n: int | None = None) -> Deal:
    n = n or rng.randint(MIN_PLAYERS, MAX_PLAYERS)
    faces = tuple(rng.randint(0, BYTE_MAX) for _ in range(n))
    dealer = (rng.randint(0, BYTE_MAX), rng.randint(0, BYTE_MAX))
    if rng.randrange(4) == 0:
        dealer = _split(rng.choice((BYTE_LIMIT - 1, BYTE_LIMIT, NIBBLE_LIMIT, NIBBLE_LIMIT + 1,
                                    max(faces) + HIDDEN_VALUE, BUST_LIMIT)))
    return Deal(dealer, faces, *_decks(rng))


def to_hand(deal: Deal) -> Hand:
    def cards(values: tuple[int, ...], digits: int) -> tuple[Card, ...]:
        return tuple(Card.of(_bits(v, digits)) for v in values)
    dealer = cards(deal.dealer, BYTE_DIGITS)
    return Hand(0, len(deal.faces), (dealer[0], dealer[1]), cards(deal.faces, BYTE_DIGITS),
                cards(deal.bytes, BYTE_DIGITS), cards(deal.nibbles, NIBBLE_DIGITS))


def _work(deal: Deal) -> tuple[int, int]:
    res = play_hand(to_hand(deal))
    return res.evaluations, len(res.steps)


def _hard_deal(rng: random.Random) -> Deal:
    draws = []
    for _ in range(HARD_DRAWS):
        byte_deck = tuple(rng.randint(0, 96) for _ in range(DECK_SIZE))    # small bytes: more hits
        draws.append(Deal(_split(rng.randint(0, BYTE_LIMIT - 1)),
                          _faces(rng, MAX_PLAYERS, rng.randint(200, BYTE_MAX)),
                          byte_deck, _decks(rng)[1]))
    return max(draws, key=_work)


# ----------------------------------------------------------------------------- edge patterns

def _n(rng: random.Random) -> int:
    return rng.choice((MIN_PLAYERS, MAX_PLAYERS))


def _all_zero(rng: random.Random) -> Deal:
    n = _n(rng)
    return Deal((0, 0), (0,) * n, (0,) * DECK_SIZE, (0,) * DECK_SIZE)


def _all_one(rng: random.Random) -> Deal:
    n = _n(rng)
    return Deal((BYTE_MAX, BYTE_MAX), (BYTE_MAX,) * n, (BYTE_MAX,) * DECK_SIZE,
                (NIBBLE_MAX,) * DECK_SIZE)


def _threshold(rng: random.Random) -> Deal:
    start = rng.choice((BYTE_LIMIT - 1, BYTE_LIMIT, NIBBLE_LIMIT, NIBBLE_LIMIT + 1, BUST_LIMIT))
    return Deal(_split(start), _faces(rng, _n(rng), BYTE_MAX), *_decks(rng))


def _tie(rng: random.Random) -> Deal:
    best = rng.randint(0, BYTE_MAX)
    return Deal(_split(best + HIDDEN_VALUE - rng.randint(0, 1)), _faces(rng, _n(rng), best),
                *_decks(rng))


def _last_card(rng: random.Random) -> Deal:
    """Four byte hits from 380: 380, 381, 381, then the last card lands on 510 or 511."""
    last = rng.choice((BUST_LIMIT - (BYTE_LIMIT - 1), BUST_LIMIT + 1 - (BYTE_LIMIT - 1)))
    return Deal(_split(BYTE_LIMIT - 2), _faces(rng, _n(rng), BYTE_MAX), (1, 0, 0, last),
                _decks(rng)[1])


def _nibble_chain(rng: random.Random) -> Deal:
    """From 382 on, four nibble hits that never reach 501."""
    return Deal(_split(BYTE_LIMIT), _faces(rng, _n(rng), BYTE_MAX), _decks(rng)[0],
                tuple(rng.randint(0, NIBBLE_MAX) for _ in range(DECK_SIZE)))


EDGE: tuple[Callable[[random.Random], Deal], ...] = (
    _all_zero, _all_one, _threshold, _tie, _last_card, _nibble_chain)


def generate(seed: int, *, mode: str = "random", cases: int | None = None) -> str:
    check_mode("byte_me", mode, tuple(MODES))
    count = case_count("byte_me", cases, DEFAULT_CASES, MAX_SETS)
    rng = random.Random(seed)
    if mode == "edge":
        return write(pattern_cycle(rng, EDGE, count))
    if mode == "hard":
        return write([_hard_deal(rng) for _ in range(count)])
    return write([_random_deal(rng) for _ in range(count)])


# ----------------------------------------------------------------------------- shrinking

def _deal(hand: Hand) -> Deal:
    return Deal((hand.dealer[0].value, hand.dealer[1].value),
                tuple(c.value for c in hand.players), tuple(c.value for c in hand.bytes),
                tuple(c.value for c in hand.nibbles))


def split_cases(problem: DataSets) -> list[str]:
    return [write([_deal(h)]) for h in problem.hands]


def _simpler(deal: Deal) -> list[Deal]:
    """Fewer players (the last ones first), then undrawn deck cards set to zero."""
    out = [replace(deal, faces=deal.faces[:p] + deal.faces[p + 1:])
           for p in reversed(range(len(deal.faces))) if len(deal.faces) > MIN_PLAYERS]
    drawn = {"byte": 0, "nibble": 0}
    for step in play_hand(to_hand(deal)).steps:
        if step.deck is not None:
            drawn[step.deck] += 1
    if any(deal.bytes[drawn["byte"]:]):
        out.append(replace(deal, bytes=deal.bytes[:drawn["byte"]]
                           + (0,) * (DECK_SIZE - drawn["byte"])))
    if any(deal.nibbles[drawn["nibble"]:]):
        out.append(replace(deal, nibbles=deal.nibbles[:drawn["nibble"]]
                           + (0,) * (DECK_SIZE - drawn["nibble"])))
    return out


def shrink(problem: DataSets) -> list[str]:
    """Fewer data sets, fewer players, unused deck cards zeroed: most promising first."""
    deals = [_deal(h) for h in problem.hands]
    out: list[str] = []
    out += without_each(deals, write)
    for k, deal in enumerate(deals):
        out += [write(deals[:k] + [d] + deals[k + 1:]) for d in _simpler(deal)]
    return out
