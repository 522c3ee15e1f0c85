"""The bridge's requests for the page's tool panels (``bridge.py`` adds these to its own).

  {"cmd": "check", "game": G, "input": I, "output": O, "strict": false}
    -> {"cases": [{"case", "verdict", "line", "column", "expected", "got", "message_msg"}],
        "accepted": K, "total": N, "comparator", "judge", "strict": {"verdict", "line",
        "message_msg"}, "note_msg", "scene": null | {"case", "step", "line", "expected", "got"}}
    (the game's judge's comparator: compare.py; scene: where the first case not accepted
    departs from the engine's: scene.py)
  {"cmd": "generate", "game": G, "seed": S, "count": N, "mode": "random", "cases": null,
   "first": 1}
    -> {"tests": [{"name": "G-S-K", "input", "answer"}]}   (K = first .. first+N-1)
  {"cmd": "shrink", "game": G, "input": I}       -> {"candidates": [str, ...]}
  {"cmd": "split_cases", "game": G, "input": I}  -> {"inputs": [str, ...]}

The same semantics and the same bytes as the CLI's ``check`` and ``gen``.
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import InvalidInputError
from ..i18n import msg
from .check import check
from .gen import generate_tests
from .hooks import engine_of, shrink_candidates, split_cases
from .scene import scene_of


def _get(req: dict[str, Any], key: str, kind: type, default: Any = None, *,
         optional: bool = False) -> Any:
    value = req.get(key, default)
    if value is None and optional:
        return None
    if value is None or isinstance(value, bool) != (kind is bool) or not isinstance(value, kind):
        names = {str: msg("error.request.a_string"), int: msg("error.request.an_integer"),
                 bool: msg("error.request.a_boolean")}
        raise InvalidInputError(msg("error.request.field", field=key, kind=names[kind]))
    return value


def _input(req: dict[str, Any]) -> str:
    text: str = _get(req, "input", str)
    return text.removeprefix("\ufeff")


def _cmd_check(req: dict[str, Any]) -> dict[str, Any]:
    game, text, output = _get(req, "game", str), _input(req), _get(req, "output", str)
    report = check(game, text, output, strict=_get(req, "strict", bool, False))
    scene = scene_of(engine_of(game), text, output, report)
    return {**report.to_dict(), "scene": None if scene is None else scene.to_dict()}


def _cmd_generate(req: dict[str, Any]) -> dict[str, Any]:
    tests = generate_tests(_get(req, "game", str), _get(req, "seed", int),
                           _get(req, "count", int), mode=_get(req, "mode", str, "random"),
                           cases=_get(req, "cases", int, optional=True),
                           first=_get(req, "first", int, 1))
    return {"tests": [t.to_dict() for t in tests]}


def _cmd_shrink(req: dict[str, Any]) -> dict[str, Any]:
    return {"candidates": shrink_candidates(engine_of(_get(req, "game", str)), _input(req))}


def _cmd_split_cases(req: dict[str, Any]) -> dict[str, Any]:
    return {"inputs": split_cases(engine_of(_get(req, "game", str)), _input(req))}


COMMANDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "check": _cmd_check, "generate": _cmd_generate, "shrink": _cmd_shrink,
    "split_cases": _cmd_split_cases,
}
