"""Helpers shared by the games' test generators (each game's ``generate``/``shrink``).

Generators use nothing but ``random.Random(seed)`` and integer arithmetic, so a
seed gives the same text in CPython and in Pyodide.
"""
from __future__ import annotations

import random
from typing import Callable, Sequence, TypeVar

from .errors import InvalidInputError

T = TypeVar("T")


def check_mode(game: str, mode: str, modes: Sequence[str]) -> None:
    if mode not in modes:
        raise InvalidInputError(f"unknown mode '{mode}' for {game}; modes: {', '.join(modes)}")


def case_count(game: str, cases: int | None, default: int, maximum: int) -> int:
    """How many cases an input gets: ``cases`` when given (checked), else ``default``."""
    if cases is None:
        return default
    if not 1 <= cases <= maximum:
        raise InvalidInputError(f"cases must be in 1..{maximum} for {game}")
    return cases


def hardest(game: str, items: Sequence[T], to_text: Callable[[T], str]) -> T:
    """The item whose input the engine searches most (the first one on ties)."""
    from .registry import get_engine
    engine = get_engine(game)

    def nodes(item: T) -> int:
        count: int = engine.solve(engine.parse(to_text(item))).stats.get("nodes", 0)
        return count
    return max(items, key=nodes)


def pattern_cycle(rng: random.Random, makers: Sequence[Callable[[random.Random], T]],
                  count: int) -> list[T]:
    """``count`` items from the edge patterns, in turn from a seeded start."""
    start = rng.randrange(len(makers))
    return [makers[(start + k) % len(makers)](rng) for k in range(count)]


def without_each(cases: Sequence[T], write: Callable[[list[T]], str]) -> list[str]:
    """The input with one case left out, for each case (nothing for a single case)."""
    if len(cases) < 2:
        return []
    return [write([c for j, c in enumerate(cases) if j != k]) for k in range(len(cases))]
