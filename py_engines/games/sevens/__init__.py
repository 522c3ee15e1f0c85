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

Layout of this package: ``rules`` (cards, the ``Deal`` and the ``Position``),
``judge`` (the parser), ``search`` (the solver above), ``frames`` (the replay:
scene snapshots and narration); the engine here.
"""
from __future__ import annotations

import random
from typing import Any

from ...api import CaseRun, CaseSummary, Progress, Result, solve_cases
from ...errors import InvalidInputError
from ...i18n import msg
from ...registry import register
from . import gen
from ...walker import BaseTwoPlayerEngine, Line
from .frames import SevensLine
from .judge import parse_deal
from .rules import HAND_SIZE, PLAYERS, RANKS, Deal, Position, card_name, card_order
from .search import SevensResult, SevensSolver, solve_deal


@register
class SevensEngine(BaseTwoPlayerEngine[Deal, SevensResult, Position]):
    name = "sevens"
    title = "Sevens (THUPC 2022 Final A)"
    input_help = msg("sevens.input_help")
    order = 5
    # THUPC 2022 is judged on Luogu, which ignores white space at line ends and at the end
    # (tools/compare.py).
    comparator = "trailing"
    judge = "Luogu"
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
        return [CaseSummary(msg("sevens.case", holder=holder), self.format_case(result.cases[0]))]

    def start(self, problem: Deal, case: int = 0) -> Position:
        self.check_case_count(1, case)
        return Position.opening(problem)

    def line(self, problem: Deal, result: Result[SevensResult] | None,
             case: int) -> Line[Position]:
        if result is None:
            return SevensLine(SevensSolver(problem), None)
        solved = result.cases[case]           # its solver's table is reused
        return SevensLine(solved.solver, solved.answer)

    def random_input(self, seed: int, **options: Any) -> str:
        deck = [(s, r) for s in range(4) for r in RANKS]
        hand = sorted(random.Random(seed).sample(deck, HAND_SIZE), key=card_order)
        return " ".join(card_name(c) for c in hand) + "\n"

    # Test generators for the tools (gen.py; the contract is in tools/hooks.py).
    gen_modes = gen.MODES
    shrink_note = gen.SHRINK_NOTE

    def generate(self, seed: int, *, mode: str = "random", cases: int | None = None) -> str:
        if cases not in (None, 1):
            raise InvalidInputError(msg("sevens.error.one_deal"))
        return gen.generate(seed, mode=mode)
