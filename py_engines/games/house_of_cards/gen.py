"""House of Cards test generators and shrink candidates (contract: ``tools/hooks.py``).

Modes: ``random`` (M 5..13, either name, a shuffled deck), ``hard`` (M = 13 decks,
the one searched most of 3 shuffles), ``edge`` (the statement's bounds: M = 5 and
M = 13, sorted and reversed decks, all of one colour first, alternating colours,
ties).  An input holds 10 cases unless told (1..1000).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from ...gen_helpers import case_count, check_mode, hardest, pattern_cycle, without_each
from ...i18n import msg
from .judge import Problem
from .rules import END, MAX_M, MIN_M, NAMES, RANK_MASK, RED, card_text

MODES = {
    "random": msg("house_of_cards.gen.random"),
    "hard": msg("house_of_cards.gen.hard"),
    "edge": msg("house_of_cards.gen.edge"),
}
DEFAULT_CASES = 10
HARD_CASES = 5
HARD_DRAWS = 3
MAX_CASES = 1000
CASES_HELP = msg("tools.gen.cases_default_hard", default=DEFAULT_CASES, hard=HARD_CASES,
                 max=MAX_CASES)
TIE_TRIES = 40


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    cards: tuple[int, ...]           # rank | RED codes, top first

    @property
    def m(self) -> int:
        return len(self.cards) // 2


def write(decks: list[Deck]) -> str:
    """The judge input for these cases (the official layout)."""
    lines: list[str] = []
    for d in decks:
        lines += [d.name, str(d.m), " ".join(card_text(c) for c in d.cards)]
    return "\n".join(lines + [END]) + "\n"


def _cards(m: int) -> list[int]:
    return [r | colour for r in range(1, m + 1) for colour in (RED, 0)]


def _shuffled(rng: random.Random, m: int) -> Deck:
    cards = _cards(m)
    rng.shuffle(cards)
    return Deck(rng.choice(NAMES), tuple(cards))


def _random_deck(rng: random.Random) -> Deck:
    return _shuffled(rng, rng.randint(MIN_M, MAX_M))


def _single(deck: Deck) -> str:
    return write([deck])


def _value_is_zero(deck: Deck) -> bool:
    from ...registry import get_engine
    engine = get_engine("house_of_cards")
    return bool(engine.solve(engine.parse(_single(deck))).cases[0].value == 0)


def _sized(rng: random.Random) -> int:
    return rng.choice((MIN_M, MAX_M))


def _sorted(rng: random.Random) -> Deck:
    return Deck(rng.choice(NAMES), tuple(_cards(_sized(rng))))


def _reversed(rng: random.Random) -> Deck:
    return Deck(rng.choice(NAMES), tuple(reversed(_cards(_sized(rng)))))


def _colours(rng: random.Random) -> tuple[str, list[int], list[int]]:
    """A name and the red and the black cards of an M = 5 or M = 13 deck, each shuffled."""
    m = _sized(rng)
    reds = [r | RED for r in range(1, m + 1)]
    blacks = list(range(1, m + 1))
    rng.shuffle(reds)
    rng.shuffle(blacks)
    return rng.choice(NAMES), reds, blacks


def _colour_first(rng: random.Random) -> Deck:
    name, reds, blacks = _colours(rng)
    return Deck(name, tuple(reds + blacks if rng.randrange(2) else blacks + reds))


def _alternating(rng: random.Random) -> Deck:
    name, reds, blacks = _colours(rng)
    return Deck(name, tuple(c for pair in zip(reds, blacks, strict=True) for c in pair))


def _tie(rng: random.Random) -> Deck:
    """A deck both players tie on (M = 5, the first of a few shuffles that ties)."""
    first = _shuffled(rng, MIN_M)
    deck = first
    for _ in range(TIE_TRIES):
        if _value_is_zero(deck):
            return deck
        deck = _shuffled(rng, MIN_M)
    return first


EDGE: tuple[Callable[[random.Random], Deck], ...] = (
    _sorted, _reversed, _colour_first, _alternating, _tie)


def generate(seed: int, *, mode: str = "random", cases: int | None = None) -> str:
    check_mode("house_of_cards", mode, tuple(MODES))
    count = case_count("house_of_cards", cases, HARD_CASES if mode == "hard" else DEFAULT_CASES,
                       MAX_CASES)
    rng = random.Random(seed)
    if mode == "edge":
        return write(pattern_cycle(rng, EDGE, count))
    if mode == "hard":
        return write([hardest("house_of_cards", [_shuffled(rng, MAX_M) for _ in range(HARD_DRAWS)],
                              _single) for _ in range(count)])
    return write([_random_deck(rng) for _ in range(count)])


# ----------------------------------------------------------------------------- shrinking

def split_cases(problem: Problem) -> list[str]:
    return [_single(Deck(c.name, c.cards)) for c in problem.cases]


def _without_rank(deck: Deck, rank: int) -> Deck:
    """The deck with both cards of ``rank`` gone and the higher ranks one lower: M - 1."""
    def lower(c: int) -> int:
        return c - 1 if c & RANK_MASK > rank else c
    return Deck(deck.name, tuple(lower(c) for c in deck.cards if c & RANK_MASK != rank))


def shrink(problem: Problem) -> list[str]:
    """Fewer cases, then a smaller M (each rank removed in turn, the highest first)."""
    decks = [Deck(c.name, c.cards) for c in problem.cases]
    out: list[str] = []
    out += without_each(decks, write)
    for k, deck in enumerate(decks):
        if deck.m > MIN_M:
            out += [write(decks[:k] + [_without_rank(deck, r)] + decks[k + 1:])
                    for r in range(deck.m, 0, -1)]
    return out
