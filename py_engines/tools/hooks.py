"""What the tools ask of a game, with the fallbacks for a game that offers less.

A game may give its engine these optional members (each in the game's own
module or package, so a sixth game stays one module):

``gen_modes``            ``{mode: one-line description}`` of the modes its
                         ``generate`` knows, beside ``random``;
``generate(seed, *, mode, cases)``  a judge input for a generator mode
                         (``cases``: how many cases, None for the game's default);
``split_cases(text)``    one single-case judge input per case of a multi-case input;
``shrink(text)``         smaller judge inputs to try, most promising first;
``output_case_start``    a regular expression matching the first output line of
                         a case (at the line's first character other than white
                         space), for outputs whose cases have no fixed line count;
``shrink_note``          why a game has no ``shrink`` (said when stress shrinks).

Without ``generate`` every mode is the game's ``random_input``; without
``split_cases`` an input is one case; without ``shrink`` there is nothing to try.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import islice
from typing import Any, Callable, Iterator

from ..errors import EngineError, InvalidInputError
from ..i18n import Msg, msg
from ..registry import get_engine

MODES = ("random", "hard", "edge")
MODE_HELP = {
    "random": msg("gen.mode.random"),
    "hard": msg("gen.mode.hard"),
    "edge": msg("gen.mode.edge"),
}
MAX_CASES = 1000


def engine_of(game: str) -> Any:
    """The registered engine (InvalidInputError naming the known games otherwise)."""
    return get_engine(game)


@dataclass(frozen=True, slots=True)
class Solved:
    problem: Any
    result: Any
    answer: str                    # the judge's exact output
    answers: tuple[str, ...]       # its part for each case, in order


def solved(engine: Any, text: str) -> Solved:
    """Parses and solves ``text``; the answer is also cut into its cases."""
    text = text.removeprefix("\ufeff")
    problem = engine.parse(text)
    result = engine.solve(problem)
    answer: str = engine.format(result)
    answers = tuple(s.answer for s in engine.summaries(problem, result))
    if "".join(answers) != answer:
        answers = (answer,)
    return Solved(problem, result, answer, answers)


def answer_of(engine: Any, text: str) -> str:
    return solved(engine, text).answer


# ----------------------------------------------------------------------------- generating

def modes_of(engine: Any) -> dict[str, Msg]:
    """The game's generator modes with their descriptions (``random`` always first)."""
    own: dict[str, Msg] = dict(getattr(engine, "gen_modes", {}) or {})
    modes = {"random": own.pop("random", MODE_HELP["random"])}
    for mode in MODES[1:]:
        modes[mode] = own.pop(mode, msg("gen.mode.not_offered", general=MODE_HELP[mode]))
    modes.update(own)
    return modes


def multi_case(engine: Any) -> bool:
    return callable(getattr(engine, "split_cases", None))


def iter_seeds(seed: int) -> Iterator[int]:
    """The seed of each test of a set, one at a time and without end: test K's depends
    on the set's seed and K only."""
    rng = random.Random(seed)
    while True:
        yield rng.getrandbits(48)


def set_seeds(seed: int, count: int) -> list[int]:
    """The seeds of tests 1..count of a set (``iter_seeds``)."""
    return list(islice(iter_seeds(seed), count))


def generate_input(engine: Any, seed: int, *, mode: str = "random",
                   cases: int | None = None) -> str:
    """One judge input; the same arguments give the same text everywhere."""
    check_generate(engine, mode, cases)
    own = getattr(engine, "generate", None)
    if callable(own):
        text: str = own(seed, mode=mode, cases=cases)
        return text
    text = engine.random_input(seed)
    return text


def check_generate(engine: Any, mode: str, cases: int | None) -> None:
    """InvalidInputError when ``generate_input`` cannot make inputs of this mode and cases."""
    if mode not in modes_of(engine):
        raise InvalidInputError(msg("error.gen.unknown_mode", mode=mode, game=engine.name,
                                    modes=", ".join(modes_of(engine))))
    if cases is not None:
        if not multi_case(engine):
            raise InvalidInputError(msg("gen.error.one_case", game=engine.name))
        if not 1 <= cases <= MAX_CASES:
            raise InvalidInputError(msg("gen.error.cases_range", max=MAX_CASES))
        if not callable(getattr(engine, "generate", None)):
            raise InvalidInputError(msg("gen.error.cases_fixed", game=engine.name))


# ----------------------------------------------------------------------------- shrinking

def split_cases(engine: Any, text: str) -> list[str]:
    """One single-case input per case (the input itself for a single-case game)."""
    engine.parse(text)                      # bad input: the engine's own positioned error
    own: Callable[[str], list[str]] | None = getattr(engine, "split_cases", None)
    return list(own(text)) if own is not None else [text]


def shrinks(engine: Any) -> bool:
    return callable(getattr(engine, "shrink", None))


def shrink_candidates(engine: Any, text: str) -> list[str]:
    """The game's smaller inputs for ``text`` that parse, most promising first, no repeats."""
    engine.parse(text)
    own: Callable[[str], list[str]] | None = getattr(engine, "shrink", None)
    if own is None:
        return []
    out: list[str] = []
    for cand in own(text):
        if cand == text or cand in out or len(cand) > len(text):
            continue
        try:
            engine.parse(cand)
        except EngineError:
            continue
        out.append(cand)
    return out
