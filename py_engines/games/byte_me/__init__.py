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

Layout of this package: ``rules`` (the values and the dealer's rules),
``judge`` (the parser), ``frames`` (scene snapshots and narration); random
inputs and the engine here.
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any, ClassVar, Sequence

from ...api import BaseEngine, CaseRun, CaseSummary, Frame, Progress, RandomOption, Result, solve_cases
from ...errors import InvalidInputError
from ...gen_helpers import ModuleGenerators
from ...i18n import msg
from ...registry import register
from . import gen
from .frames import departure_step, frames_of
from .judge import parse
from .rules import (BUST_LIMIT, BYTE_LIMIT, DECK_SIZE, END, END_OF_INPUT, HIDDEN_VALUE, MAX_PLAYERS,
                    MAX_SETS, MIN_PLAYERS, NIBBLE_LIMIT, START, DataSets, Hand, HandResult, play_hand)


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
class ByteMeEngine(ModuleGenerators, BaseEngine[DataSets, HandResult]):
    name = "byte_me"
    title = "Byte Me! (SCUSA 2002)"
    input_help = msg("byte_me.input_help")
    kind = "one-player"
    order = 4
    # A regional of 2002 with no judge of its own online: POJ (1303) judges it, byte for
    # byte, with presentation errors (tools/compare.py).
    comparator = "exact"
    judge = "POJ"
    interactive = False
    random_options = (
        RandomOption("players", msg("byte_me.option.players"), 4, MIN_PLAYERS, MAX_PLAYERS),
        RandomOption("sets", msg("byte_me.option.sets"), 1, 1, MAX_SETS),
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
        return [CaseSummary(msg("byte_me.case", set=k, hand=r.n), self.format_case(r))
                for k, r in enumerate(result.cases, start=1)]

    def replay(self, problem: DataSets, result: Result[HandResult], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        if moves:
            raise InvalidInputError(msg("byte_me.error.no_moves", game=self.title))
        res = result.cases[case]
        return frames_of(case + 1, len(result.cases), problem.hands[case], res,
                         self.format_case(res))

    def departure(self, problem: DataSets, result: Result[HandResult], case: int,
                  expected: str, got: str) -> int:
        """The step where ``got`` parts from the answer (tools/scene.py): the hit whose line
        differs; where the dealer stops and the program hits on, the stop; an outcome that
        differs, the last frame (the outcome).  A differing ``HAND`` line: the start."""
        return departure_step(result.cases[case], expected, got)

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        rng = random.Random(seed)
        lines: list[str] = []
        for _ in range(opts["sets"]):
            lines += _random_hand(rng, opts["players"])
        lines.append(END_OF_INPUT)
        return "\n".join(lines) + "\n"

    # Test generators and shrinking for the tools (gen.py; the contract is in tools/hooks.py).
    gen_module: ClassVar[ModuleType] = gen
    output_case_start = r"HAND \d+"     # an answer's cases have no fixed line count
