"""Byte Me! (ACM South Central USA 2002): a binary blackjack dealer, simulated.

Input: 1..100 data sets, then a line ``ENDOFINPUT``.  A data set is six lines:
``START N`` (1 <= N <= 10); the dealer's 2 bytes; the N players' face-up bytes;
the byte deck (4 bytes, in draw order); the nibble deck (4 nibbles); ``END``.
A byte is exactly 8 binary digits (0..255), a nibble exactly 4 (0..15).
Output per data set: ``HAND N``, one ``Byte me!`` / ``Nibble me!`` line per hit,
then ``Win!``, ``Bust!`` or ``Lose!``.

Rules (``specs/byte_me.md``): every player's face-down byte is 11111111 = 255 and
players never hit, so the best player total is ``target = max(face) + 255``.
Before each of at most 4 hits the dealer applies, first match wins:
1. ``total >= target``: stop, certain win (the dealer wins ties);
2. ``total < 382``: byte hit; 3. ``total <= 500``: nibble hit; 4. otherwise stop.
He also stops as soon as his total exceeds 510 (bust).  The two decks are
independent.  Outcome: ``Bust!`` above 510, else ``Win!`` if ``total >= target``,
else ``Lose!``.

Solver: a direct simulation.  ``decide`` is the rule list alone; ``play_hand``
runs it; a data set costs at most 4 rule evaluations (the "nodes" figure), so a
whole input is at most 400: ``limit`` is accepted and ignored.
"""
from __future__ import annotations

import difflib
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..api import BaseEngine, CaseRun, CaseSummary, Frame, Progress, RandomOption, Result, solve_cases
from ..errors import InvalidInputError, LimitError, ParseError
from ..registry import register
from ..text import Token, check_size, end_position, parse_int, tokenize_lines

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
    (1, "total >= best player: stop, certain win"),
    (2, f"total < {BYTE_LIMIT}: BYTE ME!"),
    (3, f"total <= {NIBBLE_LIMIT}: NIBBLE ME!"),
    (4, f"otherwise ({NIBBLE_LIMIT + 1}..{BUST_LIMIT}): stop"),
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
    reason: str = ""


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


# ----------------------------------------------------------------------------- parsing

def _suggest(text: str, expected: Sequence[str]) -> str:
    """A hint for a keyword that is wrongly cased or misspelt ('' when none fits)."""
    upper = text.upper()
    if upper in expected:
        return f"; keywords are upper-case: write '{upper}'"
    close = difflib.get_close_matches(upper, expected, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _past(tok: Token) -> tuple[int, int]:
    return tok.line, tok.column + len(tok.text)


class _Parser:
    """Reads the data sets line by line; the first problem in reading order wins."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = [line for line in tokenize_lines(text) if line]
        self.pos = 0

    def next_line(self, what: str, hand_line: int | None) -> list[Token]:
        if self.pos < len(self.lines):
            self.pos += 1
            return self.lines[self.pos - 1]
        line, column = end_position(self.text)
        if hand_line is None:
            raise ParseError(f"input ends early: expected {what}", line=line, column=column)
        raise ParseError(f"input ends early: the data set starting at line {hand_line} is cut "
                         f"short; expected {what}", line=line, column=column)

    def parse(self) -> DataSets:
        if not self.lines:
            raise ParseError(f"empty input: expected '{START} N' (1 to {MAX_SETS} data sets, "
                             f"then '{END_OF_INPUT}')", line=1, column=1)
        hands: list[Hand] = []
        while True:
            if self.pos == len(self.lines):
                line, column = end_position(self.text)
                raise ParseError(f"input ends without '{END_OF_INPUT}' after the last data set",
                                 line=line, column=column)
            toks = self.lines[self.pos]
            head = toks[0]
            if head.text == END_OF_INPUT and hands:
                self.pos += 1
                self.check_trailing(toks)
                return DataSets(tuple(hands))
            if head.text == END_OF_INPUT:
                raise head.error(f"no data set before '{END_OF_INPUT}': expected at least one "
                                 f"'{START} N' data set")
            if head.text != START:
                raise self.not_a_start(toks, bool(hands))
            if len(hands) == MAX_SETS:
                raise head.error(f"data set {MAX_SETS + 1}: at most {MAX_SETS} data sets are "
                                 f"allowed", LimitError)
            self.pos += 1
            hands.append(self.hand(toks))

    def not_a_start(self, toks: list[Token], any_hand: bool) -> ParseError:
        head = toks[0]
        expected = (START, END_OF_INPUT) if any_hand else (START,)
        wanted = f"'{START} N' or '{END_OF_INPUT}'" if any_hand else f"'{START} N'"
        joined = "".join(t.text for t in toks).upper()
        if any_hand and joined == END_OF_INPUT and len(toks) > 1:
            hint = f"; write '{END_OF_INPUT}' as one word"
        elif head.text == END and any_hand:
            hint = " (the data set before it already ended)"
        else:
            hint = _suggest(head.text, expected)
        return head.error(f"expected {wanted}, found '{head.text}'{hint}")

    def check_trailing(self, toks: list[Token]) -> None:
        if len(toks) > 1:
            raise toks[1].error(f"unexpected '{toks[1].text}' after '{END_OF_INPUT}'")
        if self.pos < len(self.lines):
            tok = self.lines[self.pos][0]
            raise tok.error(f"unexpected text '{tok.text}' after '{END_OF_INPUT}' (nothing may "
                            f"follow it but blank lines)")

    def hand(self, toks: list[Token]) -> Hand:
        head = toks[0]
        if len(toks) == 1:
            line, column = _past(head)
            raise ParseError(f"'{START}' needs the number of players N "
                             f"({MIN_PLAYERS}..{MAX_PLAYERS}) after it", line=line, column=column)
        n = parse_int(toks[1], f"a number of players (an integer {MIN_PLAYERS}..{MAX_PLAYERS})")
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise toks[1].error(f"{START} {toks[1].text}: N must be {MIN_PLAYERS}..{MAX_PLAYERS} "
                                f"(the dealer never plays alone, at most {MAX_PLAYERS} players)",
                                InvalidInputError)
        if len(toks) > 2:
            raise toks[2].error(f"unexpected extra token '{toks[2].text}' after "
                                f"'{START} {n}'")
        at = head.line
        dealer = self.cards("the dealer line (2 bytes)", at, 2, BYTE_DIGITS,
                            lambda found: f"the dealer line needs exactly 2 bytes, found {found}")
        players = self.cards(f"the player line ({n} byte{'s' if n > 1 else ''})", at, n,
                             BYTE_DIGITS,
                             lambda found: f"{START} {n} promised {n} player"
                                           f"{'s' if n > 1 else ''}, found {found}")
        deck = self.cards(f"the byte deck line ({DECK_SIZE} bytes)", at, DECK_SIZE, BYTE_DIGITS,
                          lambda found: f"the byte deck line needs exactly {DECK_SIZE} bytes, "
                                        f"found {found}")
        nibbles = self.cards(f"the nibble deck line ({DECK_SIZE} nibbles)", at, DECK_SIZE,
                             NIBBLE_DIGITS,
                             lambda found: f"the nibble deck line needs exactly {DECK_SIZE} "
                                           f"nibbles, found {found}")
        self.end_line(at)
        return Hand(at, n, (dealer[0], dealer[1]), players, deck, nibbles)

    def cards(self, what: str, at: int, count: int, digits: int,
              wrong_count: Callable[[int], str]) -> tuple[Card, ...]:
        toks = self.next_line(what, at)
        head = toks[0]
        if head.text.upper() in KEYWORDS:
            raise head.error(f"the data set starting at line {at} is cut short: expected {what}, "
                             f"found '{head.text}'")
        out = []
        for tok in toks:
            if len(out) == count:
                raise tok.error(wrong_count(len(toks)))
            out.append(_card(tok, digits))
        if len(out) < count:
            line, column = _past(toks[-1])
            raise ParseError(wrong_count(len(toks)), line=line, column=column)
        return tuple(out)

    def end_line(self, at: int) -> None:
        toks = self.next_line(f"'{END}'", at)
        head = toks[0]
        if head.text != END:
            if head.text == START:
                hint = " (a new data set begins before this one ended)"
            else:
                hint = _suggest(head.text, (END,))
            raise head.error(f"expected '{END}' to close the data set starting at line {at}, "
                             f"found '{head.text}'{hint}")
        if len(toks) > 1:
            raise toks[1].error(f"unexpected extra token '{toks[1].text}' after '{END}'")


def _card(tok: Token, digits: int) -> Card:
    kind = "byte" if digits == BYTE_DIGITS else "nibble"
    text = tok.text
    bad = next((ch for ch in text if ch not in "01"), None)
    if bad is not None:
        raise tok.error(f"'{text}' is not a {kind}: it holds '{bad}'; expected exactly {digits} "
                        f"binary digits (0 or 1)")
    if len(text) != digits:
        other = ""
        if len(text) == BYTE_DIGITS:
            other = " (this is a byte; the nibble line holds 4-digit nibbles)"
        elif len(text) == NIBBLE_DIGITS:
            other = " (this is a nibble; only the nibble line holds 4-digit cards)"
        raise tok.error(f"'{text}' has {len(text)} binary digit{'s' if len(text) > 1 else ''}; "
                        f"a {kind} has exactly {digits}{other}")
    return Card.of(text)


def parse(text: str) -> DataSets:
    check_size(text)
    return _Parser(text).parse()


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
                              reason=f"{total} > {BUST_LIMIT}: bust"))
            break
        if hits == MAX_HITS:
            steps.append(Step("stop", None, total, total, None, reason=f"{MAX_HITS} hits taken"))
            break
        evaluations += 1
        decision = decide(total, target)
        if decision.hit is None:
            reason = (f"certain win: {decision.test}" if decision.rule == 1
                      else f"{decision.test}: no more hits")
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
                          card, reason=f"{decision.test}: {line}"))
        total += card.value
    outcome = outcome_of(total, target)
    lines.append(outcome)
    return HandResult(hand.n, start, best_face, target, tuple(steps), total, outcome,
                      tuple(lines), evaluations)


# ----------------------------------------------------------------------------- replay

def _deck_state(cards: Sequence[Card], used: int) -> dict[str, Any]:
    rest = cards[used:]
    return {"count": len(rest), "cards": [c.to_dict() for c in rest], "used": used}


def _rule_cells(target: int | None) -> list[tuple[str, str]]:
    """Each rule as a short condition and action, for the scene's rules box
    (``target`` is None before the deal has shown the best player)."""
    return [(f"total >= {'best' if target is None else target}", "STOP: WIN"),
            (f"total < {BYTE_LIMIT}", "BYTE ME!"),
            (f"total <= {NIBBLE_LIMIT}", "NIBBLE ME!"),
            (f"total > {NIBBLE_LIMIT}", "STOP")]


def _fired_text(decision: Decision) -> str:
    action = {1: "STOP, CERTAIN WIN", 2: "BYTE ME!", 3: "NIBBLE ME!", 4: "STOP"}[decision.rule]
    return f"{decision.rule}: {decision.test} -> {action}"


def _snapshot(set_no: int, sets: int, hand: Hand, res: HandResult, done: int, phase: str,
              fired: Decision | None, bubble: str | None) -> dict[str, Any]:
    """The whole scene after the first ``done`` steps."""
    taken = [s for s in res.steps[:done] if s.kind == "hit"]
    dealer_cards = [dict(hand.dealer[0].to_dict(), source="dealer"),
                    dict(hand.dealer[1].to_dict(), source="dealer")]
    dealer_cards += [dict(s.card.to_dict(), source=s.deck) for s in taken if s.card]
    total = res.start + sum(s.card.value for s in taken if s.card)
    used = {"byte": sum(s.deck == "byte" for s in taken),
            "nibble": sum(s.deck == "nibble" for s in taken)}
    revealed = phase == "end"
    dealt = phase != "table"
    players = []
    for seat, face in enumerate(hand.players, start=1):
        players.append({"seat": seat, "face": face.to_dict(),
                        "down": {"bits": HIDDEN_BITS, "value": HIDDEN_VALUE, "face_up": revealed},
                        "total": face.value + HIDDEN_VALUE if revealed else None,
                        "best": dealt and face.value == res.best_face})
    busted = total > BUST_LIMIT
    finished = phase == "end"
    return {
        "set": set_no, "sets": sets, "hand": hand.n, "phase": phase, "dealt": dealt,
        "dealer": {"cards": dealer_cards, "total": total, "busted": busted},
        "players": players,
        "byte_deck": _deck_state(hand.bytes, used["byte"]),
        "nibble_deck": _deck_state(hand.nibbles, used["nibble"]),
        "meter": {"min": 0, "max": METER_MAX, "total": total,
                  "marks": [{"value": BYTE_LIMIT, "label": f"{BYTE_LIMIT} byte/nibble",
                             "kind": "byte"},
                            {"value": NIBBLE_LIMIT, "label": f"{NIBBLE_LIMIT} stop",
                             "kind": "stop"},
                            {"value": BUST_LIMIT, "label": f"{BUST_LIMIT} bust", "kind": "bust"}],
                  "target": {"value": res.target, "label": f"best player {res.target}"}},
        "total": total, "target": res.target, "best_face": res.best_face,
        "rules": [{"n": n, "text": text, "cond": cond, "action": action}
                  for (n, text), (cond, action) in zip(RULES, _rule_cells(res.target if dealt else None))],
        "fired": fired.rule if fired else None,
        "fired_text": _fired_text(fired) if fired else None,
        "hits": len(taken), "max_hits": MAX_HITS,
        "bubble": bubble,
        "stamp": "BUST!" if busted and phase in ("bust", "end") else None,
        "lines": list(res.lines[:1 + len(taken)]) + ([res.outcome] if finished else []),
        "outcome": res.outcome if finished else None,
    }


def frames_of(set_no: int, sets: int, hand: Hand, res: HandResult,
              answer: str) -> list[Frame]:
    frames: list[Frame] = []

    def add(event: dict[str, Any] | None, state: dict[str, Any], note: str) -> None:
        frames.append(Frame(len(frames), "dealer" if event else None, event, state, note))

    players = f"{hand.n} player{'s' if hand.n > 1 else ''}"
    add(None, _snapshot(set_no, sets, hand, res, 0, "table", None, None),
        f"HAND {hand.n}: the dealer holds {hand.dealer[0].value} + {hand.dealer[1].value} = "
        f"{res.start} against {players}")
    best = [i + 1 for i, c in enumerate(hand.players) if c.value == res.best_face]
    add({"kind": "deal", "target": res.target, "best_face": res.best_face, "best_seats": best},
        _snapshot(set_no, sets, hand, res, 0, "deal", None, None),
        f"Best player can have at most {res.best_face} + {HIDDEN_VALUE} = {res.target}")
    for k, step in enumerate(res.steps, start=1):
        event: dict[str, Any] = {"kind": step.kind, "rule": step.rule, "from": step.before,
                                 "to": step.after, "reason": step.reason}
        if step.decision:
            event["test"] = step.decision.test
            event["checked"] = list(step.decision.checked)
        if step.kind == "hit" and step.card:
            line = BYTE_ME if step.deck == "byte" else NIBBLE_ME
            event.update(deck=step.deck, index=step.index, card=step.card.to_dict(), line=line)
            state = _snapshot(set_no, sets, hand, res, k, "hit", step.decision, line)
            note = (f"{step.decision.test if step.decision else ''}: {line} draws "
                    f"{step.card.bits} = {step.card.value}, total {step.after}")
        elif step.kind == "bust":
            state = _snapshot(set_no, sets, hand, res, k, "bust", None, None)
            note = f"{step.after} > {BUST_LIMIT}: BUST!"
        else:
            state = _snapshot(set_no, sets, hand, res, k, "stop", step.decision, None)
            if step.rule == 1:
                note = (f"certainly won: {step.before} >= {res.best_face} + {HIDDEN_VALUE}")
            elif step.rule == 4:
                note = f"{step.before} > {NIBBLE_LIMIT}: no more hits"
            else:
                note = f"{MAX_HITS} hits taken: the dealer stops at {step.before}"
        add(event, state, note)
    final = _snapshot(set_no, sets, hand, res, len(res.steps), "end", None, None)
    final["answer"] = answer
    final["totals"] = {"dealer": res.total, "best_player": res.target,
                       "players": [c.value + HIDDEN_VALUE for c in hand.players]}
    final["banner"] = {WIN: "win", LOSE: "lose", BUST: "bust"}[res.outcome]
    if res.outcome == BUST:
        verdict = f"dealer {res.total} > {BUST_LIMIT}: Bust!"
    elif res.outcome == WIN:
        verdict = f"dealer {res.total} >= best player {res.target}: Win!"
    else:
        verdict = f"dealer {res.total} < best player {res.target}: Lose!"
    add({"kind": "end", "outcome": res.outcome, "total": res.total, "target": res.target},
        final, f"Every face-down card is {HIDDEN_BITS} = {HIDDEN_VALUE}; {verdict}")
    return frames


# ----------------------------------------------------------------------------- random input

def _bits(value: int, digits: int) -> str:
    return format(value, f"0{digits}b")


def _random_hand(rng: random.Random, n: int) -> list[str]:
    faces = [rng.randrange(256) for _ in range(n)]
    first = rng.randrange(256)
    second = rng.randrange(256)
    # Uniform cards seldom hit the thresholds; aim a quarter of the hands at one.
    if rng.random() < 0.25:
        aim = rng.choice((BYTE_LIMIT - 1, BYTE_LIMIT, NIBBLE_LIMIT, NIBBLE_LIMIT + 1,
                          max(faces) + HIDDEN_VALUE, BUST_LIMIT))
        if 0 <= aim - first <= 255:
            second = aim - first
        elif aim - 255 >= 0:
            first, second = 255, aim - 255
    return [f"{START} {n}",
            f"{_bits(first, 8)} {_bits(second, 8)}",
            " ".join(_bits(v, 8) for v in faces),
            " ".join(_bits(rng.randrange(256), 8) for _ in range(DECK_SIZE)),
            " ".join(_bits(rng.randrange(16), 4) for _ in range(DECK_SIZE)),
            END]


# ----------------------------------------------------------------------------- engine

@register
class ByteMeEngine(BaseEngine[DataSets, HandResult]):
    name = "byte_me"
    title = "Byte Me! (SCUSA 2002)"
    input_help = (
        "Data sets of six lines: START N (1..10), the dealer's 2 bytes, the N players' face-up "
        "bytes, the 4 bytes of the byte deck, the 4 nibbles of the nibble deck, END; then a "
        "line ENDOFINPUT. A byte is 8 binary digits, a nibble 4.")
    kind = "one-player"
    order = 4
    interactive = False
    random_options = (
        RandomOption("players", "Players", 4, MIN_PLAYERS, MAX_PLAYERS),
        RandomOption("sets", "Data sets", 1, 1, MAX_SETS),
    )

    def parse(self, text: str) -> DataSets:
        return parse(text)

    def solve(self, problem: DataSets, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[HandResult]:
        def play(hand: Hand, budget: int | None, _: Progress | None) -> CaseRun[HandResult]:
            played = play_hand(hand)
            return CaseRun(played, played.evaluations)
        # A whole input is at most 400 rule evaluations: the budget never binds.
        return solve_cases(problem.hands, play, progress=progress)

    def format_case(self, case_result: HandResult) -> str:
        return "".join(line + "\n" for line in case_result.lines)

    def summaries(self, problem: DataSets, result: Result[HandResult]) -> list[CaseSummary]:
        return [CaseSummary(f"Set {k}: HAND {r.n}", self.format_case(r))
                for k, r in enumerate(result.cases, start=1)]

    def replay(self, problem: DataSets, result: Result[HandResult], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        if moves:
            raise InvalidInputError(f"{self.title} has no moves to choose; the dealer follows "
                                    f"fixed rules")
        res = result.cases[case]
        return frames_of(case + 1, len(result.cases), problem.hands[case], res,
                         self.format_case(res))

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        rng = random.Random(seed)
        lines: list[str] = []
        for _ in range(opts["sets"]):
            lines += _random_hand(rng, opts["players"])
        lines.append(END_OF_INPUT)
        return "\n".join(lines) + "\n"
