"""The Game (CERC 2022): solo play of Steffen Benndorf's *The Game*, with a fixed policy.

Input: 98 integers, a permutation of 2..99, the draw pile from top to bottom.
Output: 6 lines: rows 1-4 (from their direction card), the hand, the rest of the pile;
an empty list is an empty line.

Rules (``specs/the_game.md``): two ascending rows from 1, two descending rows from
100.  Deal 8 cards.  A turn is two play steps, then a draw of two cards while the
pile lasts.  A play step takes the left-most hand card that makes a backwards
trick (exactly 10 back) onto its top-most such row; otherwise the legal (card, row)
pair with the smallest gap, ties going to the left-most card, then the top-most
row.  The game is lost at the first step with no legal card and won once the hand
is empty.

Solver: a direct simulation, at most 98 play steps of 8 cards x 4 rows each.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..api import BaseEngine, CaseRun, Frame, Progress, Result, solve_cases
from ..errors import InvalidInputError, ParseError
from ..explore.study import Plot, Study
from ..gen_helpers import check_mode, pattern_cycle
from ..i18n import Msg, msg
from ..registry import register
from ..text import Token, check_size, departing_line, end_position, parse_int, tokenize

DECK = range(2, 100)
DECK_SIZE = 98
HAND_SIZE = 8
ASCENDING = (True, True, False, False)      # rows 1-4
MAX_CHARS = 10_000
TRICK = 10


@dataclass(frozen=True, slots=True)
class Deck:
    """The draw pile, top first."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Snapshot:
    event: dict[str, Any] | None
    rows: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    turn: int
    step: int          # 1 or 2 within the turn; 0 outside play steps
    note: Msg


@dataclass(frozen=True, slots=True)
class Outcome:
    rows: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    won: bool
    log: tuple[Snapshot, ...]


def _parse(text: str) -> Deck:
    check_size(text, MAX_CHARS)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError(msg("the_game.error.empty", count=DECK_SIZE), line=1, column=1)
    seen: dict[int, Token] = {}
    duplicate: tuple[Token, Token] | None = None
    cards: list[int] = []
    for tok in tokens:
        where = msg("common.token_number", index=tok.index)
        if len(cards) == DECK_SIZE:
            if duplicate:
                break
            raise tok.error(msg("the_game.error.extra_token", where=where, token=tok.text,
                                count=DECK_SIZE))
        try:
            value = parse_int(tok, msg("the_game.expect.card"), where=where)
        except (ParseError, InvalidInputError):
            if duplicate:
                break
            raise
        if value not in DECK:
            if duplicate:
                break
            raise tok.error(msg("the_game.error.card_range", where=where, value=value),
                            InvalidInputError)
        if value in seen and duplicate is None:
            duplicate = (tok, seen[value])
        seen.setdefault(value, tok)
        cards.append(value)
    if duplicate:
        tok, first = duplicate
        missing = [c for c in DECK if c not in seen]
        raise tok.error(msg("the_game.error.duplicate", index=tok.index, card=tok.text,
                            line=first.line, first=first.index,
                            missing=" ".join(map(str, missing)) if missing
                            else msg("the_game.error.none_missing")), InvalidInputError)
    if len(cards) < DECK_SIZE:
        line, column = end_position(text)
        raise ParseError(msg("the_game.error.too_few", found=len(cards), count=DECK_SIZE),
                         line=line, column=column)
    return Deck(tuple(cards))


def _choose(hand: Sequence[int], tops: Sequence[int]) -> tuple[int, int, bool] | None:
    """(hand index, row index, is_trick) for the next play step, or None when stuck."""
    for i, c in enumerate(hand):
        for r, x in enumerate(tops):
            if c == (x - TRICK if ASCENDING[r] else x + TRICK) and x not in (1, 100):
                return i, r, True
    best: tuple[int, int, int] | None = None
    for i, c in enumerate(hand):
        for r, x in enumerate(tops):
            if c > x if ASCENDING[r] else c < x:
                gap = abs(c - x)
                if best is None or gap < best[0]:
                    best = (gap, i, r)
    return None if best is None else (best[1], best[2], False)


def _targets(card: int, tops: Sequence[int]) -> list[int]:
    """Rows (1-based) where ``card`` may legally go now: blinking end tiles."""
    out = []
    for r, x in enumerate(tops):
        regular = card > x if ASCENDING[r] else card < x
        trick = x not in (1, 100) and card == (x - TRICK if ASCENDING[r] else x + TRICK)
        if regular or trick:
            out.append(r + 1)
    return out


def simulate(deck: Deck) -> Outcome:
    rows = [[1], [1], [100], [100]]
    pile = list(deck.cards)
    hand = pile[:HAND_SIZE]
    del pile[:HAND_SIZE]
    log: list[Snapshot] = []

    def snap(event: dict[str, Any] | None, turn: int, step: int, note: Msg) -> None:
        log.append(Snapshot(event, tuple(map(tuple, rows)), tuple(hand), tuple(pile),
                            turn, step, note))

    # Frame 0 shows the whole pile and an empty hand, as its note says; the deal follows.
    log.append(Snapshot(None, tuple(map(tuple, rows)), (), tuple(deck.cards), 0, 0,
                        msg("the_game.note.pile", count=len(deck.cards))))
    snap({"kind": "deal", "cards": list(hand)}, 0, 0, msg("the_game.note.deal", count=HAND_SIZE))
    turn = 0
    won = False
    while not won:
        turn += 1
        for step in (1, 2):
            tops = [row[-1] for row in rows]
            choice = _choose(hand, tops)
            if choice is None:
                snap({"kind": "stuck", "outcome": "lost"}, turn, step, msg("the_game.note.stuck"))
                return Outcome(tuple(map(tuple, rows)), tuple(hand), tuple(pile), False, tuple(log))
            i, r, trick = choice
            card, top = hand[i], tops[r]
            event = {"kind": "play", "card": card, "row": r + 1, "slot": i, "onto": top,
                     "trick": trick, "gap": abs(card - top), "targets": _targets(card, tops)}
            del hand[i]
            rows[r].append(card)
            if trick:
                note = msg("the_game.note.trick", turn=turn, step=step, card=card, top=top,
                           row=r + 1)
            else:
                note = msg("the_game.note.play", turn=turn, step=step, card=card, top=top,
                           row=r + 1, sign=">" if ASCENDING[r] else "<", gap=abs(card - top))
            snap(event, turn, step, note)
            if not hand:
                won = True
                break
        if won:
            break
        if pile:
            drawn = pile[:2]
            del pile[:2]
            hand.extend(drawn)
            snap({"kind": "draw", "cards": drawn}, turn, 0,
                 msg("the_game.note.draw", turn=turn, first=drawn[0], second=drawn[1]))
    snap({"kind": "end", "outcome": "won"}, turn, 0, msg("the_game.note.won"))
    return Outcome(tuple(map(tuple, rows)), tuple(hand), tuple(pile), True, tuple(log))


def _line(cards: Sequence[int]) -> str:
    return " ".join(map(str, cards)) + "\n"


# ----------------------------------------------------------------------------- test generators

GEN_HARD_DRAWS = 16
GEN_MODES = {
    "random": msg("the_game.gen.random"),
    "hard": msg("the_game.gen.hard", decks=GEN_HARD_DRAWS),
    "edge": msg("the_game.gen.edge"),
}
GEN_WIN_TRIES = 300
SHRINK_NOTE = msg("the_game.gen.shrink_note")


def _shuffled(rng: random.Random) -> list[int]:
    cards = list(DECK)
    rng.shuffle(cards)
    return cards


def _play_steps(cards: Sequence[int]) -> int:
    outcome = simulate(Deck(tuple(cards)))
    return sum(1 for s in outcome.log if s.event and s.event["kind"] == "play")


def _interleaved(rng: random.Random) -> list[int]:
    low, high = list(DECK)[:49], list(DECK)[49:][::-1]
    pairs = [(a, b) if rng.randrange(2) else (b, a) for a, b in zip(low, high, strict=True)]
    return [c for pair in pairs for c in pair]


def _tens(rng: random.Random) -> list[int]:
    """Runs of cards ten apart (2 12 22 ..), the runs in random order and direction."""
    residues = list(range(10))
    rng.shuffle(residues)
    out: list[int] = []
    for r in residues:
        run = [c for c in DECK if c % 10 == r]
        out += run if rng.randrange(2) else run[::-1]
    return out


def _won(rng: random.Random) -> list[int]:
    """The first won deck of a few hundred shuffles (the longest one if none is won)."""
    best: tuple[int, list[int]] = (-1, [])
    for _ in range(GEN_WIN_TRIES):
        cards = _shuffled(rng)
        if simulate(Deck(tuple(cards))).won:
            return cards
        best = max(best, (_play_steps(cards), cards), key=lambda b: b[0])
    return best[1]


_EDGE: tuple[Callable[[random.Random], list[int]], ...] = (
    lambda rng: list(DECK), lambda rng: list(DECK)[::-1], _interleaved, _tens, _won)


def generate_deck(seed: int, mode: str) -> str:
    check_mode("the_game", mode, tuple(GEN_MODES))
    rng = random.Random(seed)
    if mode == "edge":
        return _line(pattern_cycle(rng, _EDGE, 1)[0])
    if mode == "hard":
        decks: list[list[int]] = [_shuffled(rng) for _ in range(GEN_HARD_DRAWS)]
        return _line(max(decks, key=_play_steps))
    return _line(_shuffled(rng))


@register
class TheGame(BaseEngine[Deck, Outcome]):
    name = "the_game"
    title = "The Game (CERC 2022)"
    input_help = msg("the_game.input_help")
    kind = "one-player"
    order = 1
    # CERC 2022 was judged with DOMjudge, and Luogu mirrors it: both ignore white space at
    # line ends and at the end (py_engines/tools/compare.py).
    comparator = "trailing"
    judge = "DOMjudge"

    def parse(self, text: str) -> Deck:
        return _parse(text)

    def solve(self, problem: Deck, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[Outcome]:
        def one(deck: Deck, budget: int | None, _: Progress | None) -> CaseRun[Outcome]:
            outcome = simulate(deck)
            return CaseRun(outcome, len(outcome.log) - 1)
        # At most 98 play steps: the budget never binds.
        return solve_cases((problem,), one, progress=progress)

    def format_case(self, case_result: Outcome) -> str:
        return "".join(_line(row) for row in case_result.rows) + \
            _line(case_result.hand) + _line(case_result.pile)

    def replay(self, problem: Deck, result: Result[Outcome], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        outcome = result.cases[0]
        played = 0
        frames = []
        for i, s in enumerate(outcome.log):
            if s.event and s.event["kind"] == "play":
                played += 1
            state = {"rows": [list(r) for r in s.rows], "hand": list(s.hand),
                     "pile": list(s.pile), "turn": s.turn, "step": s.step, "played": played,
                     "ascending": list(ASCENDING), "deck_size": DECK_SIZE,
                     "outcome": s.event.get("outcome") if s.event else None}
            if state["outcome"]:
                state["answer"] = self.format_case(outcome)
                state["summary_msg"] = msg("the_game.summary", hand=len(s.hand),
                                           pile=len(s.pile)).to_dict()
            frames.append(Frame(i, "player" if s.event else None, s.event, state, s.note))
        return frames

    def departure(self, problem: Deck, result: Result[Outcome], case: int, expected: str,
                  got: str) -> int:
        """The step where ``got`` parts from the answer (tools/scene.py): the play that put
        the first differing card on its row (the earliest such play over the four rows),
        or the last frame when only the hand or the pile differ."""
        log = result.cases[0].log
        played = {s.event["card"]: i for i, s in enumerate(log)
                  if s.event and s.event["kind"] == "play"}
        last = len(log) - 1
        exp, out = expected.split("\n"), got.split("\n")
        steps = []
        for r in range(len(ASCENDING)):
            e = exp[r].split() if r < len(exp) else []
            g = out[r].split() if r < len(out) else []
            if e != g:
                j = next(j for j in range(max(len(e), len(g)))
                         if j >= len(e) or j >= len(g) or e[j] != g[j])
                card = e[j] if j < len(e) else g[j]
                steps.append(0 if j == 0 else played.get(int(card) if card.isdigit() else 0, last))
        if steps:
            return min(steps)
        k, _, _ = departing_line(expected, got, blank_lines=True)
        if k >= len(ASCENDING) or k >= len(out):
            return last
        # Only white space differs on a row: the play of the card just before it.
        e_line, g_line = exp[k], out[k]
        common = next((n for n, (a, b) in enumerate(zip(e_line, g_line, strict=False)) if a != b),
                      min(len(e_line), len(g_line)))
        before = g_line[:common].split()
        return played.get(int(before[-1]), 0) if len(before) > 1 and before[-1].isdigit() else 0

    def random_input(self, seed: int, **options: Any) -> str:
        cards = list(DECK)
        random.Random(seed).shuffle(cards)
        return _line(cards)

    gen_modes = GEN_MODES
    shrink_note = SHRINK_NOTE

    def generate(self, seed: int, *, mode: str = "random", cases: int | None = None) -> str:
        """A test input for a generator mode (one deck: ``cases`` must be None or 1)."""
        if cases not in (None, 1):
            raise InvalidInputError(msg("the_game.error.one_deck"))
        return generate_deck(seed, mode)


# ----------------------------------------------------------------------------- studies

def _study_record(engine: Any, problem: Deck, result: Result[Outcome],
                  options: Any) -> dict[str, Any]:
    outcome = result.cases[0]
    tricks = sum(1 for s in outcome.log if s.event and s.event.get("trick"))
    return {"outcomes": {"won" if outcome.won else "lost": 1},
            "metrics": {"cards_left": {str(len(outcome.hand) + len(outcome.pile)): 1},
                        "tricks": {str(tricks): 1}}}


STUDIES = (
    Study("random_decks", msg("the_game.study.random_decks.title"),
          msg("the_game.study.random_decks.counts"),
          _study_record,
          (Plot("outcomes", msg("the_game.study.random_decks.outcomes"), "bars",
                msg("the_game.study.random_decks.outcome")),
           Plot("metrics.cards_left", msg("the_game.study.random_decks.cards_left"), "histogram",
                msg("the_game.study.random_decks.cards_left_x")),
           Plot("metrics.tricks", msg("the_game.study.random_decks.tricks"), "histogram",
                msg("the_game.study.random_decks.tricks_x"))),
          classes=("won", "lost"), metrics=("cards_left", "tricks"),
          class_labels={"won": msg("the_game.study.random_decks.won"),
                        "lost": msg("the_game.study.random_decks.lost")}),
)
