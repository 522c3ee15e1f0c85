"""Sevens test generators (contract: ``tools/hooks.py``).  No shrink: an input is always
Alice's 26 cards of a 52-card deck, so there is no smaller input of the same game.

Modes: ``random`` (26 cards drawn at random), ``hard`` (hands with long chains,
runs of a suit, and random hands: the deal searched most of 16 is kept), ``edge``
(draws: two whole suits; all four 7s or none; only low or only high cards; the
official samples' shapes).
"""
from __future__ import annotations

import random
from typing import Callable

from ...gen_helpers import check_mode, hardest, pattern_cycle
from ...i18n import msg
from .rules import HAND_SIZE, RANKS, SEVEN, SUITS, Card, card_name, card_order

MODES = {
    "random": msg("sevens.gen.random"),
    "hard": msg("sevens.gen.hard"),
    "edge": msg("sevens.gen.edge"),
}
HARD_DRAWS = 8
SHRINK_NOTE = msg("sevens.gen.shrink_note")
DECK: tuple[Card, ...] = tuple((s, r) for s in range(len(SUITS)) for r in RANKS)


def write(hand: list[Card]) -> str:
    return " ".join(card_name(c) for c in sorted(hand, key=card_order)) + "\n"


def _fill(rng: random.Random, hand: list[Card], pool: list[Card] | None = None) -> list[Card]:
    """``hand`` topped up to 26 cards from ``pool`` (default: the rest of the deck)."""
    rest = [c for c in (pool if pool is not None else DECK) if c not in hand]
    return hand + rng.sample(rest, HAND_SIZE - len(hand))


def _random_hand(rng: random.Random) -> list[Card]:
    return rng.sample(list(DECK), HAND_SIZE)


def _chains(rng: random.Random) -> list[Card]:
    """Runs of 3..6 consecutive ranks away from the 7s, the rest of the hand at random."""
    hand: list[Card] = []
    for _ in range(rng.randint(2, 4)):
        suit = rng.randrange(len(SUITS))
        ranks = range(SEVEN - 1, 0, -1) if rng.randrange(2) else range(SEVEN + 1, 14)
        hand += [(suit, r) for r in ranks if (suit, r) not in hand][:rng.randint(3, 6)]
    return _fill(rng, hand[:HAND_SIZE])


def _two_suits(rng: random.Random) -> list[Card]:
    a, b = rng.sample(range(len(SUITS)), 2)
    return [c for c in DECK if c[0] in (a, b)]


def _all_sevens(rng: random.Random) -> list[Card]:
    return _fill(rng, [(s, SEVEN) for s in range(len(SUITS))])


def _no_sevens(rng: random.Random) -> list[Card]:
    return _fill(rng, [], [c for c in DECK if c[1] != SEVEN])


def _low(rng: random.Random) -> list[Card]:
    return _fill(rng, [c for c in DECK if c[1] < SEVEN])


def _high(rng: random.Random) -> list[Card]:
    return _fill(rng, [c for c in DECK if c[1] > SEVEN])


EDGE: tuple[Callable[[random.Random], list[Card]], ...] = (
    _two_suits, _all_sevens, _no_sevens, _low, _high)


def generate(seed: int, *, mode: str = "random", cases: int | None = None) -> str:
    check_mode("sevens", mode, tuple(MODES))
    rng = random.Random(seed)
    if mode == "edge":
        return write(pattern_cycle(rng, EDGE, 1)[0])
    if mode == "hard":
        pool = [_chains(rng) for _ in range(HARD_DRAWS)]
        pool += [_random_hand(rng) for _ in range(HARD_DRAWS)]
        return write(hardest("sevens", pool, write))
    return write(_random_hand(rng))
