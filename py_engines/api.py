"""The engine contract: what every game module provides, and the values it returns.

A game is parse -> solve -> format, plus replay.  All functions are pure and
deterministic on plain values; only the CLI and the bridge touch the outside.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Protocol, Sequence, TypeVar, runtime_checkable

from .errors import InvalidInputError, LimitError
from .i18n import Msg, msg

Json = Any
Progress = Callable[[dict[str, Any]], None]
"""Called now and then during long work with JSON-able figures (``nodes``, ``case``, ...)."""

P = TypeVar("P")
R = TypeVar("R")
C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class MoveValue:
    """The exact value of one legal move at one step: why the shown line is optimal."""

    move: str            # the move's id, as ``replay(moves=...)`` accepts it
    label: Msg | str     # how the page names it ("H8", "c + swap A/a", "floor 2B on V(1,2)")
    value: int           # the game's exact value after this move (the game's own scale)
    text: Msg | str      # the value as shown ("+3", "win", "draw")
    best: bool           # true when no legal move is better for the mover

    def to_dict(self) -> dict[str, Json]:
        """A label or text in words is a message (``label_msg``, ``text_msg``: the edge adds
        ``label`` / ``text`` in the reader's language); one in symbols is the text itself."""
        return {"move": self.move, **text_field("label", self.label), "value": self.value,
                **text_field("text", self.text), "best": self.best}


def text_field(name: str, value: Msg | str | None) -> dict[str, Json]:
    """``{name: text}`` for a text in symbols, ``{name_msg: message}`` for one in words."""
    if isinstance(value, Msg):
        return {f"{name}_msg": value.to_dict()}
    return {name: value}


@dataclass(frozen=True, slots=True)
class Frame:
    """One complete snapshot of the scene plus the event that produced it.

    Frame 0 is the start (``event`` is None); the last frame carries the outcome.
    ``state`` holds everything the scene draws, so the page can seek anywhere.
    ``values`` (two-player games) lists every legal move at this frame's position,
    i.e. the choice that the *next* frame resolves; None when nobody chooses.
    ``msg`` is the narration (a message: the text is made where it is shown); texts
    in words inside ``state`` are messages too, under ``NAME_msg`` keys.
    ``to_move`` names the player who chooses next; ``to_move_msg`` is that name as
    a reader sees it (a message, since "You" and "Opponent" are words).
    """

    i: int
    actor: str | None
    event: dict[str, Json] | None
    state: dict[str, Json]
    msg: Msg
    values: tuple[MoveValue, ...] | None = None
    to_move: str | None = None   # who chooses the next move (two-player games)
    to_move_msg: Msg | None = None

    def to_dict(self) -> dict[str, Json]:
        return {"i": self.i, "actor": self.actor, "event": self.event, "state": self.state,
                "msg": self.msg.to_dict(), "to_move": self.to_move,
                "to_move_msg": None if self.to_move_msg is None else self.to_move_msg.to_dict(),
                "values": None if self.values is None else [v.to_dict() for v in self.values]}


@dataclass(frozen=True, slots=True)
class CaseSummary:
    label: Msg           # "Case 2", "Set 1: HAND 3"; shown in the case picker
    answer: str          # this case's lines of the judge output


@dataclass(frozen=True, slots=True)
class Result(Generic[R]):
    """What ``solve`` returns: one engine-specific result per case plus figures."""

    cases: tuple[R, ...]
    stats: dict[str, Json] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CaseRun(Generic[R]):
    """One case's result and what solving it cost."""

    result: R
    nodes: int = 0
    table: int | None = None          # transposition-table entries, for search games
    table_bytes: int | None = None    # an estimate of the table's memory


def solve_cases(cases: Sequence[C],
                solve_one: Callable[[C, int | None, Progress | None], CaseRun[R]], *,
                limit: int | None = None, progress: Progress | None = None) -> Result[R]:
    """Solves the cases of a multi-case input in turn, the same way for every game.

    ``solve_one(case, budget, progress)`` gets what is left of the node budget
    and a progress sink that reports the case number and the running node count.
    Figures per case (``case_ms``, ``case_nodes``) and peaks (``table``) go
    into the result's stats.
    """
    results: list[R] = []
    case_ms: list[float] = []
    case_nodes: list[int] = []
    nodes = 0
    table: int | None = None
    table_bytes: int | None = None
    total = len(cases)
    for k, case in enumerate(cases):
        budget = None if limit is None else max(0, limit - nodes)
        within = None if progress is None else _within_case(progress, k, total, nodes)
        start = time.perf_counter()
        run = solve_one(case, budget, within)
        case_ms.append(round((time.perf_counter() - start) * 1000, 3))
        results.append(run.result)
        case_nodes.append(run.nodes)
        nodes += run.nodes
        if run.table is not None:
            table = max(table or 0, run.table)
        if run.table_bytes is not None:
            table_bytes = max(table_bytes or 0, run.table_bytes)
        if limit is not None and nodes > limit:
            raise LimitError(msg("error.search_limit", nodes=nodes, limit=limit))
        if progress is not None:
            progress({"case": k + 1, "cases": total, "nodes": nodes})
    stats: dict[str, Json] = {"nodes": nodes, "case_ms": case_ms, "case_nodes": case_nodes}
    if table is not None:
        stats["table"] = table
    if table_bytes is not None:
        stats["table_bytes"] = table_bytes
    return Result(tuple(results), stats)


def _within_case(progress: Progress, k: int, total: int, done: int) -> Progress:
    """A progress sink for one case's search that reports the whole input's figures."""
    def report(figures: dict[str, Any]) -> None:
        progress({**figures, "case": k + 1, "cases": total,
                  "nodes": done + int(figures.get("nodes", 0))})
    return report


@dataclass(frozen=True, slots=True)
class RandomOption:
    """A knob of ``random_input`` the page offers (an integer range or a choice)."""

    name: str
    label: Msg | str     # a message; plain text (a game without catalog entries) reads as it is
    default: int | str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Json]:
        return {"name": self.name, **text_field("label", self.label), "default": self.default,
                "min": self.minimum, "max": self.maximum,
                "choices": None if self.choices is None else list(self.choices)}


@runtime_checkable
class Engine(Protocol[P, R]):
    """What every registered game provides; the registry, CLI and bridge rely on nothing else."""

    name: str                      # registry key, URL value, scene key
    title: str                     # display name (a game's name reads the same in every language)
    input_help: Msg | str          # the input format, shown beside the input box
    kind: str                      # "one-player" or "two-player"
    order: int                     # position in the game picker
    interactive: bool              # replay() accepts user moves
    random_options: tuple[RandomOption, ...]

    def parse(self, text: str) -> P: ...
    def solve(self, problem: P, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[R]: ...
    def format(self, result: Result[R]) -> str: ...
    def summaries(self, problem: P, result: Result[R]) -> list[CaseSummary]: ...
    def replay(self, problem: P, result: Result[R], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]: ...
    def random_input(self, seed: int, **options: Any) -> str: ...
    def options_with_defaults(self, options: dict[str, Any]) -> dict[str, Any]: ...


@runtime_checkable
class TwoPlayerEngine(Engine[P, R], Protocol[P, R]):
    """A two-player engine (``kind == "two-player"``): its positions are honest GameStates
    (``search.minimax.GameState``), so ``search.minimax.solve(engine.start(problem, case))``
    equals ``engine.value(problem, case)``, and so on after any moves."""

    def start(self, problem: P, case: int = 0) -> Any: ...
    def value(self, problem: P, case: int = 0, moves: Sequence[Any] = ()) -> int: ...


class BaseEngine(Generic[P, R]):
    """Defaults shared by the engines; a game overrides what differs."""

    name: ClassVar[str]
    title: ClassVar[str]
    kind: ClassVar[str] = "one-player"
    order: ClassVar[int] = 100          # position in the game picker
    input_help: ClassVar[Msg | str] = ""   # the input format in a few sentences
    interactive: ClassVar[bool] = False
    random_options: ClassVar[tuple[RandomOption, ...]] = ()
    # How the problem's judge compares an output (tools/compare.py), and its name.
    comparator: ClassVar[str] = "exact"
    judge: ClassVar[str] = ""

    def format(self, result: Result[R]) -> str:
        return "".join(self.format_case(r) for r in result.cases)

    def format_case(self, case_result: R) -> str:
        raise NotImplementedError

    def summaries(self, problem: P, result: Result[R]) -> list[CaseSummary]:
        return [CaseSummary(msg("common.case", case=k), self.format_case(r))
                for k, r in enumerate(result.cases, start=1)]

    @staticmethod
    def check_case(result: Result[Any], case: int) -> None:
        BaseEngine.check_case_count(len(result.cases), case)

    @staticmethod
    def check_case_count(count: int, case: int) -> None:
        if not 0 <= case < count:
            raise InvalidInputError(msg("error.no_such_case", case=case + 1, count=count))

    def options_with_defaults(self, options: dict[str, Any]) -> dict[str, Any]:
        """Validate ``random_input`` options against ``random_options``."""
        known = {o.name: o for o in self.random_options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise InvalidInputError(msg("error.option.unknown", option=unknown[0], game=self.name))
        out: dict[str, Any] = {}
        for name, opt in known.items():
            value = options.get(name, opt.default)
            if opt.choices is not None:
                if value not in opt.choices:
                    raise InvalidInputError(msg("error.option.choice", option=opt.label,
                                                choices=opt.choices))
            else:
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InvalidInputError(msg("error.option.integer", option=opt.label))
                if (opt.minimum is not None and value < opt.minimum) or \
                        (opt.maximum is not None and value > opt.maximum):
                    raise InvalidInputError(msg("error.option.range", option=opt.label,
                                                min=str(opt.minimum), max=str(opt.maximum)))
            out[name] = value
        return out
