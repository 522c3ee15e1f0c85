"""Kalah test generators and shrink candidates (see ``tools/hooks.py`` for the contract).

Modes: ``random`` (m 1..4, 0..15 stones anywhere, bowls now and then),
``hard`` (m = 4 and 15 stones in the cups: the most positions searched of 3
such deals, 5 cases an input), ``edge`` (the statement's bounds: m = 1 and m = 4, no stones, all
15 in one cup, only in the bowls, only on one side, mirrored sides, extra-move
ladders).  An input holds 10 cases unless told (1..59).
"""
from __future__ import annotations

import random
from typing import Callable

from ...gen_helpers import case_count, check_mode, hardest, pattern_cycle, without_each
from ...i18n import msg
from .rules import MAX_CASES, MAX_CUPS, MAX_STONES, MIN_CUPS, KalahInput

MODES = {
    "random": msg("kalah.gen.random"),
    "hard": msg("kalah.gen.hard"),
    "edge": msg("kalah.gen.edge"),
}
DEFAULT_CASES = 10
HARD_DRAWS = 3
HARD_CASES = 5
CASES_HELP = msg("tools.gen.cases_default_hard", default=DEFAULT_CASES, hard=HARD_CASES,
                 max=MAX_CASES)
Pits = list[int]


def _bowls(m: int) -> tuple[int, int]:
    return m, 2 * m + 1


def _cups(m: int) -> list[int]:
    return [p for p in range(2 * m + 2) if p not in _bowls(m)]


def _drop(rng: random.Random, pits: Pits, places: list[int], stones: int) -> Pits:
    for _ in range(stones):
        pits[rng.choice(places)] += 1
    return pits


def _random_case(rng: random.Random) -> Pits:
    m = rng.randint(MIN_CUPS, MAX_CUPS)
    stones = rng.randint(0, MAX_STONES)
    pits = _drop(rng, [0] * (2 * m + 2), _cups(m), stones)
    if rng.randrange(4) == 0 and stones < MAX_STONES:
        _drop(rng, pits, list(_bowls(m)), rng.randint(1, MAX_STONES - stones))
    return pits


def _full_case(rng: random.Random) -> Pits:
    return _drop(rng, [0] * (2 * MAX_CUPS + 2), _cups(MAX_CUPS), MAX_STONES)


def _one_cup(rng: random.Random) -> Pits:
    m = rng.choice((MIN_CUPS, MAX_CUPS))
    pits = [0] * (2 * m + 2)
    pits[rng.choice(_cups(m))] = MAX_STONES
    return pits


def _bowls_only(rng: random.Random) -> Pits:
    m = rng.choice((MIN_CUPS, MAX_CUPS))
    pits = [0] * (2 * m + 2)
    mine = rng.randint(0, MAX_STONES)
    pits[m], pits[2 * m + 1] = mine, rng.randint(0, MAX_STONES - mine)
    return pits


def _one_side(rng: random.Random) -> Pits:
    m = rng.randint(MIN_CUPS, MAX_CUPS)
    side = rng.randrange(2)
    return _drop(rng, [0] * (2 * m + 2), [side * (m + 1) + c for c in range(m)],
                 rng.randint(1, MAX_STONES))


def _mirrored(rng: random.Random) -> Pits:
    m = rng.randint(MIN_CUPS, MAX_CUPS)
    half = _drop(rng, [0] * m, list(range(m)), rng.randint(0, MAX_STONES // 2))
    return half + [0] + half + [0]


def _ladder(rng: random.Random) -> Pits:
    """Cup i holds exactly the stones that end in the bowl: extra move after extra move."""
    m = MAX_CUPS
    mine = [m - c for c in range(m)]               # 4 3 2 1 = 10 stones
    theirs = _drop(rng, [0] * m, list(range(m)), MAX_STONES - sum(mine))
    return mine + [0] + theirs + [0] if rng.randrange(2) else theirs + [0] + mine + [0]


def _empty(rng: random.Random) -> Pits:
    return [0] * (2 * rng.choice((MIN_CUPS, MAX_CUPS)) + 2)


EDGE: tuple[Callable[[random.Random], Pits], ...] = (
    _empty, _one_cup, _bowls_only, _one_side, _mirrored, _ladder, _full_case)


def write(cases: list[Pits]) -> str:
    """The judge input for these cases (``pits`` of 2m+2 counts each)."""
    lines = [str(len(cases))]
    for pits in cases:
        lines += [str(len(pits) // 2 - 1), " ".join(map(str, pits))]
    return "\n".join(lines) + "\n"


def generate(seed: int, *, mode: str = "random", cases: int | None = None) -> str:
    check_mode("kalah", mode, tuple(MODES))
    count = case_count("kalah", cases, HARD_CASES if mode == "hard" else DEFAULT_CASES,
                       MAX_CASES)
    rng = random.Random(seed)
    if mode == "edge":
        return write(pattern_cycle(rng, EDGE, count))
    if mode == "hard":
        return write([hardest("kalah", [_full_case(rng) for _ in range(HARD_DRAWS)], _single)
                      for _ in range(count)])
    return write([_random_case(rng) for _ in range(count)])


def _single(pits: Pits) -> str:
    return write([pits])


def split_cases(problem: KalahInput) -> list[str]:
    return [_single(list(c.pits)) for c in problem.cases]


def shrink(problem: KalahInput) -> list[str]:
    """Fewer cases, a smaller m, an emptied pit, one stone fewer: most promising first."""
    cases = [list(c.pits) for c in problem.cases]
    out: list[str] = []
    out += without_each(cases, write)
    for k, pits in enumerate(cases):
        m = len(pits) // 2 - 1

        def swap(new: Pits, k: int = k) -> str:
            return write(cases[:k] + [new] + cases[k + 1:])
        if m > MIN_CUPS:
            for c in reversed(range(m)):            # drop one cup from each side
                out.append(swap(pits[:c] + pits[c + 1:m + 1 + c] + pits[m + 2 + c:]))
        out += [swap(pits[:p] + [0] + pits[p + 1:]) for p in range(len(pits)) if pits[p] > 1]
        out += [swap(pits[:p] + [pits[p] - 1] + pits[p + 1:]) for p in range(len(pits))
                if pits[p]]
    return out
