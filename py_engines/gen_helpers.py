"""Helpers shared by the games' test generators (each game's ``generate``/``shrink``).

Generators use nothing but ``random.Random(seed)`` and integer arithmetic, so a
seed gives the same text in CPython and in Pyodide.
"""
from __future__ import annotations

import random
from types import ModuleType
from typing import Any, Callable, ClassVar, Sequence, TypeVar, cast

from .errors import InvalidInputError
from .i18n import Msg, msg

T = TypeVar("T")


class ModuleGenerators:
    """Mixin for an engine whose test generators live in a module of its own package.

    ``gen_module`` holds ``MODES``, ``CASES_HELP``, ``generate(seed, *, mode, cases)``,
    ``split_cases(problem)`` and ``shrink(problem)``; this gives the engine the members the
    tools look for (``py_engines/tools/hooks.py``), parsing the text with the engine's own
    ``parse``.
    """

    gen_module: ClassVar[ModuleType]

    @property
    def gen_modes(self) -> dict[str, Msg]:
        modes: dict[str, Msg] = self.gen_module.MODES
        return modes

    @property
    def gen_cases_help(self) -> Msg:
        cases_help: Msg = self.gen_module.CASES_HELP
        return cases_help

    def generate(self, seed: int, *, mode: str = "random", cases: int | None = None) -> str:
        return str(self.gen_module.generate(seed, mode=mode, cases=cases))

    def split_cases(self, text: str) -> list[str]:
        return list(self.gen_module.split_cases(cast(Any, self).parse(text)))

    def shrink(self, text: str) -> list[str]:
        return list(self.gen_module.shrink(cast(Any, self).parse(text)))


def check_mode(game: str, mode: str, modes: Sequence[str]) -> None:
    if mode not in modes:
        raise InvalidInputError(msg("error.gen.unknown_mode", mode=mode, game=game,
                                    modes=", ".join(modes)))


def case_count(game: str, cases: int | None, default: int, maximum: int) -> int:
    """How many cases an input gets: ``cases`` when given (checked), else ``default``."""
    if cases is None:
        return default
    if not 1 <= cases <= maximum:
        raise InvalidInputError(msg("error.gen.cases_range_for", max=maximum, game=game))
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
