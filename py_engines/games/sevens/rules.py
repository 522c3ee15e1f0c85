"""Sevens rules: cards, the ``Deal`` (who holds what) and the ``Position`` on the table."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Sequence


SUITS = "SHCD"
SUIT_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♣": "C", "♧": "C", "♦": "D", "♢": "D"}
RANKS = range(1, 14)
SEVEN = 7
LOW_CHAIN = (6, 5, 4, 3, 2, 1)            # a suit's cards below 7, in the order they go down
HIGH_CHAIN = (8, 9, 10, 11, 12, 13)
DECK_SIZE = 52
HAND_SIZE = 26
PLAYERS = ("Alice", "Bob")
ALICE, BOB = 0, 1
MAX_CHARS = 10_000
RANK_WORDS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
PROGRESS_EVERY = 1 << 14
_CARD = re.compile(r"([SHCD])(1[0-3]|[1-9])\Z")

Card = tuple[int, int]                     # (suit index in SUITS, rank 1..13)
Run = tuple[int, int]                      # the ranks (low, high) of a suit on the table


def card_name(card: Card) -> str:
    return f"{SUITS[card[0]]}{card[1]}"


def card_order(card: Card) -> int:
    return card[0] * 13 + card[1]


# ----------------------------------------------------------------------------- rules

@dataclass(frozen=True, slots=True)
class Deal:
    """Alice's 26 cards in input order; ``owner[suit][rank]`` says who holds each card."""

    alice: tuple[Card, ...]
    owner: tuple[tuple[int, ...], ...] = field(repr=False)

    @staticmethod
    def of(alice: Sequence[Card]) -> "Deal":
        mine = set(alice)
        owner = tuple(tuple(ALICE if (s, r) in mine else BOB for r in range(14))
                      for s in range(4))
        return Deal(tuple(alice), owner)

    @property
    def holder(self) -> int:
        """Who holds S7, lays it at once, and moves second."""
        return self.owner[0][SEVEN]

    def hand(self, player: int) -> list[Card]:
        return [(s, r) for s in range(4) for r in RANKS if self.owner[s][r] == player]


@dataclass(frozen=True, slots=True)
class Position:
    """The table after the opening: each suit's run (low, high), or None while closed."""

    deal: Deal
    runs: tuple[Run | None, ...]
    # Cards on the table, counted once: the mover, the moves and the solver all ask.
    _down: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_down",
                           sum(run[1] - run[0] + 1 for run in self.runs if run is not None))

    @staticmethod
    def opening(deal: Deal) -> "Position":
        return Position(deal, ((SEVEN, SEVEN), None, None, None))

    def down(self) -> int:
        """Cards on the table (S7 included)."""
        return self._down

    @property
    def mover(self) -> int:
        """ALICE or BOB: whoever lays the next card (the holder after an even count)."""
        holder = self.deal.holder
        return holder if self.down() % 2 == 0 else 1 - holder

    def to_move(self) -> int:
        """+1 when Alice moves (values are on Alice's side: win +1, draw 0, loss -1), -1 for Bob."""
        return 1 if self.mover == ALICE else -1

    def ends(self) -> list[tuple[Card, str]]:
        """Every card the table accepts now, whoever holds it, in canonical order."""
        out: list[tuple[Card, str]] = []
        for s, run in enumerate(self.runs):
            if run is None:
                out.append(((s, SEVEN), "open"))
                continue
            low, high = run
            if low > 1:
                out.append(((s, low - 1), "down"))
            if high < 13:
                out.append(((s, high + 1), "up"))
        return out

    def moves(self) -> tuple[Card, ...]:
        """The mover's legal cards: suits S, H, C, D; the lower end before the upper."""
        mover = self.mover
        return tuple(c for c, _ in self.ends() if self.deal.owner[c[0]][c[1]] == mover)

    def play(self, card: Card) -> "Position":
        if card not in self.moves():
            raise ValueError(f"{card_name(card)} is not a legal move here")
        s, rank = card
        runs = list(self.runs)
        run = runs[s]
        runs[s] = (SEVEN, SEVEN) if run is None else (min(run[0], rank), max(run[1], rank))
        return Position(self.deal, tuple(runs))

    def on_table(self, card: Card) -> bool:
        run = self.runs[card[0]]
        return run is not None and run[0] <= card[1] <= run[1]

    def hand(self, player: int) -> list[Card]:
        return [c for c in self.deal.hand(player) if not self.on_table(c)]

    def is_terminal(self) -> bool:
        return not self.moves()

    def key(self) -> int:
        """The four suit states packed in one int (the player to move follows from them)."""
        return sum(_code(run) << (6 * s) for s, run in enumerate(self.runs))

    def value(self) -> int:
        """At a terminal position, on Alice's side: a draw after 52 cards, else the player
        to move is stuck and loses."""
        return 0 if self.down() == DECK_SIZE else -self.to_move()


# A suit's state code: 0 while closed, else 1 + 7 * (cards below 7) + (cards above 7).
_CODES = 50


def _code(run: Run | None) -> int:
    return 0 if run is None else 1 + 7 * (SEVEN - run[0]) + (run[1] - SEVEN)
