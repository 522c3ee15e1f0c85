"""Byte Me! rules: cards, data sets, and the dealer's rule list played out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...i18n import Msg, msg

BYTE_DIGITS = 8
NIBBLE_DIGITS = 4
HIDDEN_BITS = "11111111"
HIDDEN_VALUE = 255
BYTE_LIMIT = 382          # byte hit while total < 382
NIBBLE_LIMIT = 500        # nibble hit while total <= 500
BUST_LIMIT = 510          # a total above 510 busts
MAX_HITS = 4
DECK_SIZE = 4
MIN_PLAYERS = 1
MAX_PLAYERS = 10
MAX_SETS = 100
METER_MAX = 520
START = "START"
END = "END"
END_OF_INPUT = "ENDOFINPUT"
KEYWORDS = (START, END, END_OF_INPUT)

BYTE_ME = "Byte me!"
NIBBLE_ME = "Nibble me!"
WIN = "Win!"
BUST = "Bust!"
LOSE = "Lose!"

RULES = (
    (1, msg("byte_me.rule.stop_win")),
    (2, msg("byte_me.rule.byte", limit=BYTE_LIMIT)),
    (3, msg("byte_me.rule.nibble", limit=NIBBLE_LIMIT)),
    (4, msg("byte_me.rule.stop", low=NIBBLE_LIMIT + 1, high=BUST_LIMIT)),
)


# ----------------------------------------------------------------------------- values

@dataclass(frozen=True, slots=True)
class Card:
    bits: str
    value: int

    @classmethod
    def of(cls, bits: str) -> "Card":
        return cls(bits, int(bits, 2))

    def to_dict(self) -> dict[str, Any]:
        return {"bits": self.bits, "value": self.value}


@dataclass(frozen=True, slots=True)
class Hand:
    """One data set: ``line`` is where its ``START`` stands."""

    line: int
    n: int
    dealer: tuple[Card, Card]
    players: tuple[Card, ...]
    bytes: tuple[Card, ...]
    nibbles: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DataSets:
    hands: tuple[Hand, ...]


@dataclass(frozen=True, slots=True)
class Decision:
    """What one application of the rule list chose."""

    rule: int            # 1..4
    test: str            # the comparison that fired, e.g. "381 < 382"
    checked: tuple[str, ...]   # the comparisons that failed before it
    hit: str | None      # "byte", "nibble" or None for a stop


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the dealer did: a hit, a stop, or a bust."""

    kind: str                  # "hit", "stop" or "bust"
    rule: int | None           # the rule that fired (None: 4 hits taken, or bust)
    before: int
    after: int
    decision: Decision | None
    deck: str | None = None    # "byte" or "nibble" for a hit
    index: int | None = None   # position of the drawn card in its deck
    card: Card | None = None
    reason: Msg | None = None    # why, in a few words (the scene's caption)


@dataclass(frozen=True, slots=True)
class HandResult:
    n: int
    start: int           # the dealer's opening total
    best_face: int
    target: int
    steps: tuple[Step, ...]
    total: int
    outcome: str
    lines: tuple[str, ...]   # this data set's output lines, without "\n"
    evaluations: int


# ----------------------------------------------------------------------------- rules

def decide(total: int, target: int) -> Decision:
    """The dealer's rule list, first match wins."""
    if total >= target:
        return Decision(1, f"{total} >= {target}", (), None)
    fail1 = f"{total} < {target}"
    if total < BYTE_LIMIT:
        return Decision(2, f"{total} < {BYTE_LIMIT}", (fail1,), "byte")
    fail2 = f"{total} >= {BYTE_LIMIT}"
    if total <= NIBBLE_LIMIT:
        return Decision(3, f"{total} <= {NIBBLE_LIMIT}", (fail1, fail2), "nibble")
    return Decision(4, f"{total} > {NIBBLE_LIMIT}", (fail1, fail2, f"{total} > {NIBBLE_LIMIT}"),
                    None)


def outcome_of(total: int, target: int) -> str:
    if total > BUST_LIMIT:
        return BUST
    return WIN if total >= target else LOSE


def play_hand(hand: Hand) -> HandResult:
    best_face = max(card.value for card in hand.players)
    target = best_face + HIDDEN_VALUE
    total = hand.dealer[0].value + hand.dealer[1].value
    start = total
    drawn = {"byte": 0, "nibble": 0}
    decks = {"byte": hand.bytes, "nibble": hand.nibbles}
    steps: list[Step] = []
    lines = [f"HAND {hand.n}"]
    evaluations = 0
    hits = 0
    while True:
        if total > BUST_LIMIT:
            steps.append(Step("bust", None, total, total, None,
                              reason=msg("byte_me.reason.bust", total=total, limit=BUST_LIMIT)))
            break
        if hits == MAX_HITS:
            steps.append(Step("stop", None, total, total, None,
                              reason=msg("byte_me.reason.hits_taken", hits=MAX_HITS)))
            break
        evaluations += 1
        decision = decide(total, target)
        if decision.hit is None:
            reason = (msg("byte_me.reason.certain_win", test=decision.test) if decision.rule == 1
                      else msg("byte_me.reason.no_more_hits", test=decision.test))
            steps.append(Step("stop", decision.rule, total, total, decision, reason=reason))
            break
        deck = decision.hit
        index = drawn[deck]
        card = decks[deck][index]
        drawn[deck] += 1
        hits += 1
        line = BYTE_ME if deck == "byte" else NIBBLE_ME
        lines.append(line)
        steps.append(Step("hit", decision.rule, total, total + card.value, decision, deck, index,
                          card, reason=msg("byte_me.reason.hit", test=decision.test, line=line)))
        total += card.value
    outcome = outcome_of(total, target)
    lines.append(outcome)
    return HandResult(hand.n, start, best_face, target, tuple(steps), total, outcome,
                      tuple(lines), evaluations)
