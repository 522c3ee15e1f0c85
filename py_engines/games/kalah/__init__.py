"""Kalah with swaps (SWERC 2008 E "The Game", UVa 12180): exact minimax of a small mancala.

Input: ``T`` (1..59), then per case a line with ``m`` (1..4) and a line with the
2m+2 stone counts of the pits in ring order: your cups A.., your bowl Y, the
opponent's cups a.., his bowl O (at most 15 stones in all, bowls included).
Output per case: one line, the final score difference You - Opponent when both
play perfectly and the opponent moves first.

Rules (``specs/kalah.md``): sow the stones of one of your cups one per pit round
the ring, bowls included.  A last stone in your own bowl: move again.  In one of
your own cups that was empty before the move, facing a non-empty cup: capture
both into your bowl.  In an opponent's cup: you may swap the contents of that
cup and of your cup at the same position (3 swaps per player and game; a pair
swapped in round T is locked in rounds T+1..T+4).  A player with empty cups
passes.  The game ends when every cup is empty.

Solver.  A position is packed into one int, seen from the player to move: the
cup counts as nibbles (bowls left out, since what the bowls already hold only
adds to the result), the swaps left of both players and the lock countdown of
each pair; so a position and its mirror image share one entry, and so do all
positions that differ only in their bowls.  Its value is what the mover gains
from here on (his future bowl stones minus his opponent's), at most the stones
still in cups.  ``search.kalah_mtd`` finds it exactly by null-window tests
bisecting -B..B (B = stones in cups) over a table of bounds, trying extra
moves first and then the greediest moves.  A 15-stone case expands a few
hundred to ~15k positions: median ~7 ms, at most ~65 ms in CPython 3.11 over
600 random 15-stone cases, while the whole state space of one such case holds
up to 1.5 M positions (a plain memoised search needs seconds).

The replay plays the same rules on a readable ``Position`` (absolute pits,
round numbers) and asks the packed solver for the exact value of every move;
non-optimal moves need their own proofs, so the hardest cases take ~0.2 s.

Layout of this package: ``rules`` (the readable ``Position``), ``judge`` (the
parser), ``search`` (the packed rules and the solver), ``frames`` (the replay:
scene snapshots and narration); the engine here.
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
from .frames import KalahLine
from .judge import parse
from .rules import MAX_CUPS, MAX_STONES, MIN_CUPS, KalahCase, KalahInput, Position
from .search import CaseSolver, CaseValue, solve_case


# ============================================================================ engine

@register
class KalahEngine(ModuleGenerators, BaseTwoPlayerEngine[KalahInput, CaseValue, Position]):
    name = "kalah"
    title = "Kalah with swaps (SWERC 2008)"
    input_help = msg("kalah.input_help")
    order = 2
    # Judged today on UVa (12180), which compares byte for byte (tools/compare.py).
    comparator = "exact"
    judge = "UVa"
    random_options = (
        RandomOption("m", msg("kalah.option.m"), 3, MIN_CUPS, MAX_CUPS),
        RandomOption("stones", msg("kalah.option.stones"), 12, 0, MAX_STONES),
    )

    def parse(self, text: str) -> KalahInput:
        return parse(text)

    def solve(self, problem: KalahInput, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[CaseValue]:
        def one(case: KalahCase, budget: int | None,
                within: Progress | None) -> CaseRun[CaseValue]:
            res = solve_case(case, limit=budget, progress=within)
            return CaseRun(res, res.nodes, res.table, res.table_bytes)
        return solve_cases(problem.cases, one, limit=limit, progress=progress)

    def format_case(self, case_result: CaseValue) -> str:
        return f"{case_result.value}\n"

    def summaries(self, problem: KalahInput, result: Result[CaseValue]) -> list[CaseSummary]:
        return [CaseSummary(msg("kalah.case", case=k, m=c.m, stones=sum(c.pits)),
                            self.format_case(r))
                for k, (c, r) in enumerate(zip(problem.cases, result.cases, strict=True), start=1)]

    def start(self, problem: KalahInput, case: int = 0) -> Position:
        self.check_case_count(len(problem.cases), case)
        return Position.start(problem.cases[case])

    def line(self, problem: KalahInput, result: Result[CaseValue] | None,
             case: int) -> Line[Position]:
        return KalahLine(CaseSolver(problem.cases[case].m))

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        m, stones = opts["m"], opts["stones"]
        rng = random.Random(seed)
        pits = [0] * (2 * m + 2)
        cups = [p for p in range(2 * m + 2) if p not in (m, 2 * m + 1)]
        for _ in range(stones):
            pits[rng.choice(cups)] += 1
        return f"1\n{m}\n{' '.join(map(str, pits))}\n"

    # Test generators and shrinking for the tools (gen.py; the contract is in tools/hooks.py).
    gen_module: ClassVar[ModuleType] = gen
