"""Sevens (THUPC 2022 Final A, "简单的卡牌游戏"): two-player Sevens with open hands.

Game (``specs/sevens.md``): Alice holds the 26 cards of the input and Bob the other
26; both hands are known.  The holder of S7 lays it; the other player moves first
and turns alternate.  A move lays any 7 not yet out, or the card just below or
just above a suit's run on the table (ranks do not wrap).  A player with no legal
card loses at once; if all 52 cards get down (the non-holder lays the last one)
the game is a draw.
Input: 26 distinct card tokens such as ``S7 H10 D1``.  Output: ``Alice``, ``Bob``
or ``Draw`` on one line.

Solver: exact, without walking the ~50^4 interval states.  Call the holder of S7
H and the other player N.
1. Each suit is its 7 plus two *chains* (6 down to 1, 8 up to 13) whose head only
   its owner can lay.  Under *normal play* (who cannot move loses) such a chain is
   an integer of combinatorial game theory: from its far end inwards an H card
   maps a value v to v + 1 if v >= 0 else 0, an N card to v - 1 if v <= 0 else 0.
   A closed suit is {a + b |} when H holds its 7 and {| a + b} when N does.  So a
   position is worth the integer G, the sum over suits (H positive), and each H
   move lowers G by at least 1, each N move raises it by at least 1.
2. This game differs from normal play only after the 52nd card, where H, to move
   with no cards, draws instead of losing.  Neither is an H win, so H wins exactly
   when H wins normal play: G > 0 with H to move, G >= 0 with N to move.
3. Give H one spare private card (G + 1).  If H can at least draw here, H wins
   G + 1 by keeping the spare for the end; so when N wins G + 1 (G <= -1 with H
   to move, G <= -2 with N to move) N wins here.
4. What is left is the boundary (G = 0 with H to move, G = -1 with N to move),
   whose value is an N win or a draw.  By 1-3 a move that leaves the boundary
   loses for its mover, so an AND/OR search ("can H get all 52 cards down?")
   follows only the *tight* moves that change G by exactly 1.  Its table key is
   the position as a multiset of components: chains (and closed suits) holding
   one player's cards only become a count of that player's free moves, and the
   other chains count by shape, whatever their suit.  Equivalent moves are so
   tried once; N tries first the moves that leave H the fewest tight replies; and
   H, when none of his cards can be blocked any more, draws at once.
Cost: tables of 50 states per suit (about half a millisecond); the start is
nearly always settled by 2-3 in O(1).  The boundary search visits at most ~450
positions on an official test (at most ~1 ms per test) and ~5,000 on the worst of
~50,000 random and skewed deals; the replay's values of every move along the
line reuse its table.
Steps 1-4 were checked against a plain memoised win/draw/loss search on tens of
millions of positions.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from ..api import (BaseEngine, CaseRun, CaseSummary, Frame, MoveValue, Progress, Result,
                   solve_cases)
from ..errors import InvalidInputError, LimitError, ParseError
from ..registry import register
from ..text import Token, check_size, end_position, tokenize

SUITS = "SHCD"
SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")
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
VALUE_TEXT = {1: "win", 0: "draw", -1: "loss"}
VALUE_VERB = {1: "wins", 0: "draw", -1: "loses"}
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

    @staticmethod
    def opening(deal: Deal) -> "Position":
        return Position(deal, ((SEVEN, SEVEN), None, None, None))

    def down(self) -> int:
        """Cards on the table (S7 included)."""
        return sum(run[1] - run[0] + 1 for run in self.runs if run is not None)

    def to_move(self) -> int:
        holder = self.deal.holder
        return holder if self.down() % 2 == 0 else 1 - holder

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
        mover = self.to_move()
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
        """At a terminal position, for the player to move: a draw after 52 cards, else a loss."""
        return 0 if self.down() == DECK_SIZE else -1


# ----------------------------------------------------------------------------- solver

def _chain_values(owners: Sequence[int]) -> list[int]:
    """The normal-play integer of a chain (0 = H's card, 1 = N's) after 0..6 cards laid."""
    values = [0] * (len(owners) + 1)
    for i in range(len(owners) - 1, -1, -1):
        v = values[i + 1]
        if owners[i] == 0:
            values[i] = v + 1 if v >= 0 else 0
        else:
            values[i] = v - 1 if v <= 0 else 0
    return values


def _chain_blocks_h(owners: Sequence[int]) -> list[bool]:
    """After 0..6 cards laid: does some card of H still lie behind a card of N?"""
    blocked = [False] * (len(owners) + 1)
    seen_h = False
    for i in range(len(owners) - 1, -1, -1):
        if owners[i] == 0:
            seen_h = True
            blocked[i] = blocked[i + 1]
        else:
            blocked[i] = seen_h
    return blocked


def _is_pure(owners: Sequence[int]) -> bool:
    return len(set(owners)) <= 1


# A suit's state code: 0 while closed, else 1 + 7 * (cards below 7) + (cards above 7).
_CODES = 50
# A boundary key is a multiset of components: H's and N's counts of free moves (in
# chains or closed suits that hold one player's cards only), then 4 bits per
# component shape counting the chains (or closed suits) of that shape.
_FREE_BITS = 6
_SHAPE_BASE = 2 * _FREE_BITS
_SHAPE_BITS = 4


def _code(run: Run | None) -> int:
    return 0 if run is None else 1 + 7 * (SEVEN - run[0]) + (run[1] - SEVEN)


class SevensSolver:
    """Exact win/draw/loss values of the positions of one deal (see the module doc)."""

    def __init__(self, deal: Deal, *, limit: int | None = None,
                 progress: Progress | None = None) -> None:
        holder = deal.holder
        self.limit = limit
        self._cap = float("inf") if limit is None else limit
        self.progress = progress
        self.nodes = 0
        self.table: dict[int, bool] = {}   # boundary key -> H can get all 52 cards down
        # Per suit and state code: G's share, whether some card of H is still
        # blocked there, the key's share, and the tight moves of H (index 0) and N
        # (index 1) as (next code, ordering score) pairs.
        self._value: list[list[int]] = []
        self._blocks: list[list[bool]] = []
        self._key: list[list[int]] = []
        self._tight: list[list[tuple[tuple[tuple[int, int], ...], ...]]] = []
        shapes: dict[tuple[Any, ...], int] = {}

        def shape_key(shape: tuple[Any, ...], owners: Sequence[int]) -> int:
            if _is_pure(owners):
                return len(owners) << (_FREE_BITS * owners[0]) if owners else 0
            return 1 << (_SHAPE_BASE + _SHAPE_BITS * shapes.setdefault(shape, len(shapes)))

        for s in range(4):
            rel = [0 if deal.owner[s][r] == holder else 1 for r in range(14)]
            low = [rel[r] for r in LOW_CHAIN]
            high = [rel[r] for r in HIGH_CHAIN]
            low_v, high_v = _chain_values(low), _chain_values(high)
            low_b, high_b = _chain_blocks_h(low), _chain_blocks_h(high)
            both = low_v[0] + high_v[0]
            # A closed suit is {a + b |} for H's 7 and {| a + b} for N's 7.
            if rel[SEVEN] == 0:
                values = [both + 1 if both >= 0 else 0]
                blocks = [low_b[0] or high_b[0]]
            else:
                values = [both - 1 if both <= 0 else 0]
                blocks = [0 in low or 0 in high]
            # The two chains of a closed suit are interchangeable, hence sorted.
            closed_shape = ("closed", rel[SEVEN], *sorted((tuple(low), tuple(high))))
            keys = [shape_key(closed_shape, [rel[SEVEN]] + low + high)]
            moves: list[tuple[list[int], list[int]]] = [([], [])]
            moves[0][rel[SEVEN]].append(1)
            for p in range(7):
                for q in range(7):
                    values.append(low_v[p] + high_v[q])
                    blocks.append(low_b[p] or high_b[q])
                    keys.append(shape_key(tuple(low[p:]), low[p:])
                                + shape_key(tuple(high[q:]), high[q:]))
                    by: tuple[list[int], list[int]] = ([], [])
                    if p < 6:
                        by[low[p]].append(1 + 7 * (p + 1) + q)
                    if q < 6:
                        by[high[q]].append(1 + 7 * p + q + 1)
                    moves.append(by)
            # Mobility: how many tight moves each player has in this suit state.
            tight_next = [tuple(tuple(n for n in moves[c][m] if abs(values[n] - values[c]) == 1)
                                for m in (0, 1)) for c in range(_CODES)]
            mobility = [len(tight_next[c][0]) - len(tight_next[c][1]) for c in range(_CODES)]
            self._value.append(values)
            self._blocks.append(blocks)
            self._key.append(keys)
            self._tight.append([tuple(tuple((n, mobility[n] - mobility[c]) for n in tight_next[c][m])
                                      for m in (0, 1)) for c in range(_CODES)])

    def value(self, position: Position) -> int:
        """The exact value for the player to move: 1 win, 0 draw, -1 loss."""
        codes = [_code(run) for run in position.runs]
        down = position.down()
        self._count()
        g = sum(self._value[s][c] for s, c in enumerate(codes))
        key = sum(self._key[s][c] for s, c in enumerate(codes))
        if down % 2 == 0:                      # H to move
            if g != 0:
                return 1 if g > 0 else -1
            return 0 if self._h_completes(codes, down, key) else -1
        if g != -1:                            # N to move
            return -1 if g >= 0 else 1
        return 0 if self._h_completes(codes, down, key) else 1

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self._cap:
            raise LimitError(f"search stopped after {self.nodes - 1:,} positions "
                             f"(limit {self.limit:,})")
        if self.progress is not None and self.nodes % PROGRESS_EVERY == 0:
            self.progress({"nodes": self.nodes, "table": len(self.table)})

    def _h_completes(self, codes: list[int], down: int, key: int) -> bool:
        """At a boundary position: can H get all 52 cards down (a draw) against N?

        Only tight moves are followed: any other move decides the game against
        its mover (module doc, steps 2-3).  Depth: one frame per card, <= 51.
        """
        known = self.table.get(key)
        if known is not None:
            return known
        self._count()
        blocks, keys, tight = self._blocks, self._key, self._tight
        if not (blocks[0][codes[0]] or blocks[1][codes[1]] or blocks[2][codes[2]]
                or blocks[3][codes[3]]):
            self.table[key] = True            # H has a card to lay at every turn to the end
            return True
        if down % 2 == 0:                     # H needs one child that still draws
            result = False
            tried: list[int] = []
            for s in range(4):
                c = codes[s]
                base = key - keys[s][c]
                for n, _ in tight[s][c][0]:
                    child = base + keys[s][n]
                    if child in tried:
                        continue
                    tried.append(child)
                    codes[s] = n
                    result = self._h_completes(codes, down + 1, child)
                    codes[s] = c
                    if result:
                        break
                if result:
                    break
        else:                                 # N needs one child where H is stuck early
            options: dict[int, tuple[int, int, int]] = {}
            for s in range(4):
                c = codes[s]
                base = key - keys[s][c]
                for n, score in tight[s][c][1]:
                    options.setdefault(base + keys[s][n], (score, s, n))
            # Try first the moves that leave H the fewest tight replies.
            result = True
            for child, (_, s, n) in sorted(options.items(), key=lambda item: item[1][0]):
                c = codes[s]
                codes[s] = n
                result = self._h_completes(codes, down + 1, child)
                codes[s] = c
                if not result:
                    break
        self.table[key] = result
        return result


# ----------------------------------------------------------------------------- parsing

def _why_not_a_card(text: str) -> tuple[str, type[ParseError]]:
    """What is wrong with a token that is not a card, in the words of spec section 7.

    A well-formed number outside 1..13 is a value error; anything else is a shape error.
    """
    rank = text[1:]
    if text[0] in SUITS and rank.isascii() and rank.isdigit() and (rank == "0" or rank[0] != "0"):
        return f"rank {int(rank)} is outside 1..13", InvalidInputError
    return _shape_problem(text), ParseError


def _shape_problem(text: str) -> str:
    first = text[0]
    if text.endswith(":"):
        return f"looks like a label; the input is only Alice's {HAND_SIZE} cards"
    if first.isdigit():
        if re.fullmatch(r"[0-9]+[A-Za-z]", text):
            return f"the suit letter comes first (write {text[-1].upper()}{text[:-1]})"
        return "does not start with a suit letter S, H, C or D"
    if first in SUIT_SYMBOLS:
        return f"write the suit as the letter {SUIT_SYMBOLS[first]}, not '{first}'"
    if text.isalpha() and len(text) > 2:
        return ("not a card; a card is a suit letter S, H, C or D followed by a rank 1..13, "
                "e.g. H10")
    if first in "shcd":
        return f"suit letters are upper-case (write {first.upper()}{text[1:]})"
    if first not in SUITS:
        return f"unknown suit '{first}' (expected S, H, C or D)"
    rank = text[1:]
    if not rank:
        return "the rank is missing (expected 1..13 after the suit letter)"
    odd = next((ch for ch in rank if not ch.isalnum()), None)
    if odd is not None:
        return f"'{odd}' inside a card; separate cards with spaces only"
    if rank in RANK_WORDS:
        return f"write the rank as a number ({first}{RANK_WORDS[rank]}), not '{rank}'"
    if not (rank.isascii() and rank.isdigit()):
        return f"rank '{rank}' is not a number 1..13"
    return f"rank '{rank}' has a leading zero"


def parse_deal(text: str) -> Deal:
    check_size(text, MAX_CHARS)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError(f"empty input: expected Alice's {HAND_SIZE} cards", line=1, column=1)
    cards: list[Card] = []
    first_seen: dict[Card, Token] = {}
    for n, tok in enumerate(tokens, start=1):
        match = _CARD.match(tok.text)
        if len(cards) == HAND_SIZE:
            if match:
                raise tok.error(f"token {n} '{tok.text}': unexpected extra card "
                                f"(Alice holds exactly {HAND_SIZE})")
            raise tok.error(f"token {n} '{tok.text}': unexpected text after the "
                            f"{HAND_SIZE} cards")
        if not match:
            reason, kind = _why_not_a_card(tok.text)
            raise tok.error(f"token {n} '{tok.text}': {reason}", kind)
        card = (SUITS.index(match.group(1)), int(match.group(2)))
        if card in first_seen:
            first = first_seen[card]
            where = (f"column {first.column}" if first.line == tok.line
                     else f"line {first.line}, column {first.column}")
            raise tok.error(f"{tok.text} appears twice (first at {where})", InvalidInputError)
        first_seen[card] = tok
        cards.append(card)
    if len(cards) < HAND_SIZE:
        line, column = end_position(text)
        raise ParseError(f"found {len(cards)} cards, need {HAND_SIZE}", line=line, column=column)
    return Deal.of(cards)


# ----------------------------------------------------------------------------- replay

@dataclass(frozen=True, slots=True)
class SevensResult:
    """The value of the deal; the solver is kept so the replay reuses its table."""

    deal: Deal
    value: int                      # for the first mover (the non-holder): 1, 0 or -1
    winner: int | None              # ALICE, BOB, or None for a draw
    solver: SevensSolver = field(compare=False, repr=False)

    @property
    def answer(self) -> str:
        return ("Draw" if self.winner is None else PLAYERS[self.winner]) + "\n"


def _end_verb(card: Card, end: str) -> str:
    suit = SUIT_NAMES[card[0]]
    return f"opens {suit}" if end == "open" else f"extends {suit} {end}"


def _status(position: Position, mover: int, legal: int) -> str:
    left_a, left_b = len(position.hand(ALICE)), len(position.hand(BOB))
    return f"{PLAYERS[mover]} to move · cards left A {left_a} / B {left_b} · legal: {legal}"


def _state(position: Position) -> dict[str, Any]:
    """Everything the scene draws: tracks, both hands, the mover and the blinking ends."""
    deal = position.deal
    mover = position.to_move()
    legal = position.moves()
    suits = []
    for s, run in enumerate(position.runs):
        suits.append({"suit": SUITS[s], "name": SUIT_NAMES[s], "open": run is not None,
                      "low": None if run is None else run[0],
                      "high": None if run is None else run[1]})
    ends = [{"card": card_name(c), "suit": SUITS[c[0]], "rank": c[1], "end": end,
             "owner": PLAYERS[deal.owner[c[0]][c[1]]], "legal": c in legal}
            for c, end in position.ends()]
    return {"suits": suits,
            "hands": {PLAYERS[p]: [card_name(c) for c in position.hand(p)] for p in (ALICE, BOB)},
            "holder": PLAYERS[deal.holder], "down": position.down(),
            "to_move": PLAYERS[mover], "ends": ends, "legal": [card_name(c) for c in legal],
            "status": _status(position, mover, len(legal))}


def replay_line(result: SevensResult, moves: Sequence[str] = ()) -> list[Frame]:
    """Frame 0 is the deal; one frame per card; a last frame for the stuck player or the draw.

    ``moves`` are the ids chosen at the first decisions; the optimal line (the first
    best move in canonical order) continues from there.
    """
    deal, solver = result.deal, result.solver
    position = Position.opening(deal)
    holder = deal.holder
    frames: list[Frame] = []
    event: dict[str, Any] | None = None
    actor: str | None = None
    note = f"{PLAYERS[holder]} holds S7 and lays it; {PLAYERS[1 - holder]} moves first"
    decisions = 0
    while True:
        legal = position.moves()
        mover = position.to_move()
        values: tuple[MoveValue, ...] | None = None
        if legal:
            scored = [(card, -solver.value(position.play(card))) for card in legal]
            best = max(v for _, v in scored)
            values = tuple(MoveValue(card_name(c), card_name(c), v, VALUE_TEXT[v], v == best)
                           for c, v in scored)
        frames.append(Frame(len(frames), actor, event, _state(position), note, values,
                            PLAYERS[mover] if legal else None))
        if not legal:
            break
        assert values is not None
        ends = dict(position.ends())
        if decisions < len(moves):
            wanted = moves[decisions]
            pick = next((k for k, mv in enumerate(values) if mv.move == wanted), None)
            if pick is None:
                raise InvalidInputError(
                    f"move {decisions + 1} (frame {len(frames) - 1}): '{wanted}' is not legal "
                    f"for {PLAYERS[mover]}; legal: {', '.join(mv.move for mv in values)}")
        else:
            pick = next(k for k, mv in enumerate(values) if mv.best)
        decisions += 1
        card, chosen = legal[pick], values[pick]
        forced = len(legal) == 1
        end = ends[card]
        event = {"kind": "play", "move": chosen.move, "card": chosen.move, "suit": SUITS[card[0]],
                 "rank": card[1], "end": end, "player": PLAYERS[mover], "value": chosen.value,
                 "text": chosen.text, "best": chosen.best, "forced": forced}
        actor = PLAYERS[mover]
        verdict = ("forced, " if forced else "") + VALUE_VERB[chosen.value]
        note = f"{actor}: {chosen.move} {_end_verb(card, end)} ({verdict})"
        position = position.play(card)
    if decisions < len(moves):
        raise InvalidInputError(f"move {decisions + 1} '{moves[decisions]}': the game is over "
                                f"after {decisions} moves")
    stuck = position.to_move()
    state = _state(position)
    state["to_move"] = None
    if position.down() == DECK_SIZE:
        outcome, event = "Draw", {"kind": "draw"}
        banner = "All 52 cards played: DRAW"
        actor = None
    else:
        winner = PLAYERS[1 - stuck]
        outcome = winner
        event = {"kind": "stuck", "player": PLAYERS[stuck],
                 "hand": [card_name(c) for c in position.hand(stuck)]}
        banner = f"{PLAYERS[stuck]} has no playable card: {winner.upper()} WINS"
        actor = PLAYERS[stuck]
    state.update(outcome=outcome, answer=result.answer, banner=banner,
                 stuck=None if outcome == "Draw" else PLAYERS[stuck],
                 optimal=outcome + "\n" == result.answer)
    frames.append(Frame(len(frames), actor, event, state, banner))
    return frames


# ----------------------------------------------------------------------------- engine

def solve_deal(deal: Deal, *, limit: int | None = None,
               progress: Progress | None = None) -> SevensResult:
    solver = SevensSolver(deal, limit=limit, progress=progress)
    value = solver.value(Position.opening(deal))
    first = 1 - deal.holder
    winner = None if value == 0 else (first if value > 0 else deal.holder)
    return SevensResult(deal, value, winner, solver)


@register
class SevensEngine(BaseEngine[Deal, SevensResult]):
    name = "sevens"
    title = "Sevens (THUPC 2022 Final A)"
    input_help = (
        "Alice's 26 cards: a suit letter S, H, C or D and a rank 1..13 (S7, H10, D1), separated by "
        "spaces; Bob holds the other 26. Or click the cards in the grid. The answer is Alice, Bob "
        "or Draw under perfect play.")
    kind = "two-player"
    order = 5
    interactive = True
    random_options = ()

    def parse(self, text: str) -> Deal:
        return parse_deal(text)

    def solve(self, problem: Deal, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[SevensResult]:
        def one(deal: Deal, budget: int | None,
                within: Progress | None) -> CaseRun[SevensResult]:
            outcome = solve_deal(deal, limit=budget, progress=within)
            return CaseRun(outcome, outcome.solver.nodes, len(outcome.solver.table))
        return solve_cases((problem,), one, limit=limit, progress=progress)

    def format_case(self, case_result: SevensResult) -> str:
        return case_result.answer

    def summaries(self, problem: Deal, result: Result[SevensResult]) -> list[CaseSummary]:
        holder = PLAYERS[problem.holder]
        return [CaseSummary(f"Deal ({holder} holds S7)", self.format_case(result.cases[0]))]

    def replay(self, problem: Deal, result: Result[SevensResult], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        return replay_line(result.cases[case], moves)

    def random_input(self, seed: int, **options: Any) -> str:
        deck = [(s, r) for s in range(4) for r in RANKS]
        hand = sorted(random.Random(seed).sample(deck, HAND_SIZE), key=card_order)
        return " ".join(card_name(c) for c in hand) + "\n"
