"""House of Cards (ICPC World Finals 2009, problem G): exact two-player minimax.

The game (``specs/house_of_cards.md``): 2M cards, ranks 1..M in red (Axel) and
black (Birgit).  c1..c8 stand as four level-1 peaks; c9..c2M are drawn one per
turn, face up, and the player of c1's colour starts.  With the drawn card D and
his held card H a player holds D (only with empty hands), lays D or H across an
open valley (a floor), or stands H and D on an open floor as a new peak, in
either leg order.  Each floor and peak completes a triangle whose rank sum goes
to the colour holding at least two of its three cards.  A card still held at
the end counts +rank if red and -rank if black on the Axel - Birgit scale.

Input: cases of ``<Axel|Birgit> M <2M cards>`` then ``End``; any whitespace.
Output: ``Case k: <Name> wins X`` / ``loses X`` / ``Axel and Birgit tie``, where
X is V = Axel - Birgit seen from the named player.

Layout of this package: ``rules`` (cards, the house geometry (rule 7) as tables
over a 12-bit shape mask, and the rules as an immutable ``Position``, the
GameState protocol of ``search.minimax``, used by the replay and the tests);
``judge`` (the parser and the answer line); ``keys`` (the search's packed keys and
move tables); ``search`` (the fast exact search); ``frames`` (scene snapshots and
narration); the engine here.

Solver: the value of a position is its score plus the value of the *rest* of
the game, which depends only on the house shape, both held cards, the cards of
open floors and, per valley, the rank sum and red count of the standing legs
beside it (all a future triangle there needs), and the draw index (itself fixed
by shape and held cards).  That is packed into one integer, and so is the same
of the house's mirror image, which has the same rest of the game; the smaller
of the two keys a transposition table of (lower, upper) bounds of the
rest-value, so positions reached with different scores, or mirrored, share
entries (about half of a deck's rest-states are mirror images of others).  A
move is made by adding precomputed table entries to both keys, so the search
updates nothing else.  Fail-soft negamax alpha-beta: null-window tests, with
principal variation search along the principal line, enhanced transposition
cutoffs (a move whose position the table already knows to refute the window
ends the search at once), move order by the table's best move, a killer move
per mover, shape and held card, then immediate gain; the last turn is scored in
a flat loop.  The tests check it against the generic ``search.minimax.Solver``
on ``Position``, and every table entry against the exact value of its position.
Cost: an M = 13 deck (18 plies; about 12,800 distinct rest-states, 6,800 up to
mirror images) expands 1.5-3 thousand positions and stores about 1,600 (the
``nodes`` the engine reports: the table's entries).
The replay adds the exact value of every legal move along the line, reusing the
same table.
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any, ClassVar

from ...api import CaseRun, CaseSummary, Progress, RandomOption, Result, solve_cases
from ...gen_helpers import ModuleGenerators
from ...i18n import msg
from ...registry import register
from . import gen
from ...walker import BaseTwoPlayerEngine, Line
from .frames import HouseLine
from .judge import Case, CaseResult, Problem, _parse
from .rules import END, MAX_M, MIN_M, NAMES, RED, Position, card_text
from .search import RestSearch


@register
class HouseOfCardsEngine(ModuleGenerators, BaseTwoPlayerEngine[Problem, CaseResult, Position]):
    name = "house_of_cards"
    title = "House of Cards (ICPC WF 2009 G)"
    input_help = msg("house_of_cards.input_help")
    order = 3
    # The World Finals' own judging of 2009 is not public; the problem is judged today on
    # the UVa Live Archive (4451, mirrored on UVa), byte for byte (tools/compare.py).
    comparator = "exact"
    judge = "UVa Live Archive"
    random_options = (
        RandomOption("M", msg("house_of_cards.option.m"), 8, MIN_M, MAX_M),
        RandomOption("name", msg("house_of_cards.option.name"), "Axel", choices=NAMES),
    )

    def parse(self, text: str) -> Problem:
        return _parse(text)

    def solve(self, problem: Problem, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[CaseResult]:
        known: dict[tuple[int, ...], int] = {}      # a repeated deck is solved once
        numbered = list(enumerate(problem.cases, start=1))

        def one(item: tuple[int, Case], budget: int | None,
                within: Progress | None) -> CaseRun[CaseResult]:
            k, case = item
            value = known.get(case.cards)
            if value is not None:
                return CaseRun(CaseResult(k, case.name, case.m, value), 0, 0)
            search = RestSearch(case.cards)
            value = known[case.cards] = search.rest(Position.start(case.cards))
            return CaseRun(CaseResult(k, case.name, case.m, value), search.nodes,
                           len(search.table))
        # One deck is at most ~20k positions, so the budget is checked between decks.
        return solve_cases(numbered, one, limit=limit, progress=progress)

    def format_case(self, case_result: CaseResult) -> str:
        return case_result.line()

    def summaries(self, problem: Problem, result: Result[CaseResult]) -> list[CaseSummary]:
        return [CaseSummary(msg("house_of_cards.case", case=r.index, name=r.name, m=r.m), r.line())
                for r in result.cases]

    def start(self, problem: Problem, case: int = 0) -> Position:
        self.check_case_count(len(problem.cases), case)
        return Position.start(problem.cases[case].cards)

    def line(self, problem: Problem, result: Result[CaseResult] | None,
             case: int) -> Line[Position]:
        return HouseLine(problem.cases[case].cards, None if result is None else result.cases[case])

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        m, name = opts["M"], opts["name"]
        cards = [r | c for c in (RED, 0) for r in range(1, m + 1)]
        random.Random(seed).shuffle(cards)
        return f"{name}\n{m}\n{' '.join(card_text(c) for c in cards)}\n{END}\n"

    # Test generators and shrinking for the tools (gen.py; the contract is in tools/hooks.py).
    gen_module: ClassVar[ModuleType] = gen
