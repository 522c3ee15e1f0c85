"""Shrinking a failing input: the smallest input found that still fails.

First, for a multi-case input, the first case that fails on its own (a
program that fails only with its neighbours keeps the whole input).  Then,
greedily, the game's own ``shrink(text)`` candidates (fewer players, fewer
stones, a smaller M, ...): the first candidate that still fails becomes the
input, until no candidate fails or the budget of runs is spent.  A candidate
is never longer than the input it shrinks and no text is tried twice, so the
result still fails and is no larger than what it started from.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .hooks import shrink_candidates, shrinks, split_cases

DEFAULT_BUDGET = 400


@dataclass(frozen=True, slots=True)
class Shrunk:
    text: str           # the smallest failing input found
    runs: int           # how many times the predicate ran
    split: bool         # a single failing case was cut out of a multi-case input
    steps: int          # accepted shrink candidates
    shrinkable: bool    # the game offers shrink candidates at all


def minimize(engine: Any, text: str, fails: Callable[[str], bool], *,
             budget: int = DEFAULT_BUDGET) -> Shrunk:
    """The smallest input found from ``text`` on which ``fails`` still holds.

    ``text`` itself is assumed to fail; ``fails`` is called at most ``budget`` times.
    """
    runs = steps = 0
    current = text
    split = False
    parts = split_cases(engine, text)
    if len(parts) > 1:
        for part in parts:
            if runs >= budget:
                break
            runs += 1
            if fails(part):
                current, split = part, True
                break
    seen = {current}
    improved = True
    while improved and runs < budget:
        improved = False
        for cand in shrink_candidates(engine, current):
            if cand in seen:
                continue
            seen.add(cand)
            runs += 1
            if fails(cand):
                current, improved = cand, True
                steps += 1
                break
            if runs >= budget:
                break
    return Shrunk(current, runs, split, steps, shrinks(engine))
