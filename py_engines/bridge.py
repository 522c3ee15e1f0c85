"""The browser's one entry point: ``handle(json_text) -> json_text``; never raises.

Requests (all JSON objects):
  {"cmd": "games"}
  {"cmd": "solve",  "game": G, "text": T, "case": 0, "moves": []}
  {"cmd": "answer", "game": G, "text": T}   (the answer and stats only: no frames)
  {"cmd": "replay", "game": G, "text": T, "case": K, "moves": ["..."]}
  {"cmd": "random", "game": G, "seed": S, "options": {...}}
  {"cmd": "explore_chunk" | "explore_check", ...}   (see explore/requests.py)
  {"cmd": "check" | "generate" | "shrink" | "split_cases", ...}   (see tools/requests.py)
Replies: {"ok": true, ...} or {"ok": false, "error": {"type", "message", "line", "column", "token"}}.
A solve reply holds the whole answer text, a summary per case, and the frames of
the chosen case only (a file may hold a thousand cases); "replay" fetches another
case or a line with user moves, reusing the solved problem from a small cache.
"""
from __future__ import annotations

import importlib
import json
import time
from collections import OrderedDict
from typing import Any, Callable

from .errors import EngineError, InvalidInputError
from .explore.study import studies_of
from .registry import engine_names, get_engine

_CACHE_SIZE = 4
_cache: OrderedDict[tuple[str, str], tuple[Any, Any, dict[str, Any]]] = OrderedDict()
_progress_sink: Callable[[dict[str, Any]], None] | None = None


def set_progress_sink(sink: Callable[[dict[str, Any]], None] | None) -> None:
    """Where long solves report progress (the worker posts it to the page)."""
    global _progress_sink
    _progress_sink = sink


def _progress(figures: dict[str, Any]) -> None:
    if _progress_sink is not None:
        _progress_sink(figures)


_KIND_NAMES = {str: "a string", int: "an integer"}


def _field(req: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = req.get(key, default)
    if value is None or isinstance(value, bool) or not isinstance(value, kind):
        raise InvalidInputError(f"request field '{key}' must be {_KIND_NAMES[kind]}")
    return value


def _selection(req: dict[str, Any]) -> tuple[int, tuple[str, ...]]:
    """The case and user moves a request asks for, checked before any solving."""
    case = _field(req, "case", int, 0)
    moves = req.get("moves") or []
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidInputError("request field 'moves' must be a list of strings")
    return case, tuple(moves)


def _solved(game: str, text: str) -> tuple[Any, Any, Any, dict[str, Any]]:
    engine = get_engine(game)
    text = text.removeprefix("\ufeff")   # an editor's byte-order mark is not input
    key = (game, text)
    if key in _cache:
        _cache.move_to_end(key)
        problem, result, stats = _cache[key]
        return engine, problem, result, dict(stats, cached=True)
    start = time.perf_counter()
    problem = engine.parse(text)
    result = engine.solve(problem, progress=_progress)
    stats = dict(result.stats, ms=round((time.perf_counter() - start) * 1000, 3))
    _cache[key] = (problem, result, stats)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return engine, problem, result, stats


def _frames(engine: Any, problem: Any, result: Any, case: int,
            moves: tuple[str, ...]) -> list[dict[str, Any]]:
    if moves and not engine.interactive:
        raise InvalidInputError(f"{engine.title} has no moves to choose")
    return [f.to_dict() for f in engine.replay(problem, result, case=case, moves=moves)]


def _cmd_games(req: dict[str, Any]) -> dict[str, Any]:
    games = []
    for name in engine_names():
        e = get_engine(name)
        games.append({"name": e.name, "title": e.title, "kind": e.kind, "input_help": e.input_help,
                      "interactive": e.interactive,
                      "random_options": [o.to_dict() for o in e.random_options],
                      "studies": [s.to_dict() for s in studies_of(e)]})
    return {"games": games}


def _cmd_solve(req: dict[str, Any]) -> dict[str, Any]:
    case, moves = _selection(req)
    engine, problem, result, stats = _solved(_field(req, "game", str), _field(req, "text", str))
    frames = _frames(engine, problem, result, case, moves)
    summaries = engine.summaries(problem, result)
    return {"game": engine.name, "answer": engine.format(result),
            "cases": [{"label": s.label, "answer": s.answer} for s in summaries],
            "case": case, "frames": frames, "stats": stats}


def _cmd_answer(req: dict[str, Any]) -> dict[str, Any]:
    engine, _, result, stats = _solved(_field(req, "game", str), _field(req, "text", str))
    return {"game": engine.name, "answer": engine.format(result), "stats": stats}


def _cmd_replay(req: dict[str, Any]) -> dict[str, Any]:
    case, moves = _selection(req)
    engine, problem, result, _ = _solved(_field(req, "game", str), _field(req, "text", str))
    start = time.perf_counter()
    frames = _frames(engine, problem, result, case, moves)
    return {"game": engine.name, "case": case, "frames": frames,
            "stats": {"ms": round((time.perf_counter() - start) * 1000, 3)}}


def _cmd_random(req: dict[str, Any]) -> dict[str, Any]:
    engine = get_engine(_field(req, "game", str))
    seed = _field(req, "seed", int)
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise InvalidInputError("request field 'options' must be an object")
    options = engine.options_with_defaults(options)
    return {"game": engine.name, "seed": seed, "options": options,
            "text": engine.random_input(seed, **options)}


_COMMANDS = {"games": _cmd_games, "solve": _cmd_solve, "answer": _cmd_answer,
             "replay": _cmd_replay, "random": _cmd_random}
# Explore's and the tools' requests join on first use: they import the CLI's
# multiprocessing and argparse, which no solve needs and which would add about a
# third of a second of compiling to every cold boot in the browser.
_MORE_COMMANDS = ("py_engines.explore.requests", "py_engines.tools.requests")


def _command(name: Any) -> Callable[[dict[str, Any]], dict[str, Any]] | None:
    if not isinstance(name, str):
        return None
    if name not in _COMMANDS:
        for module in _MORE_COMMANDS:
            for key, command in importlib.import_module(module).COMMANDS.items():
                _COMMANDS.setdefault(key, command)
    return _COMMANDS.get(name)


def handle_request(req: Any) -> dict[str, Any]:
    """Like ``handle`` on an already-decoded request; returns the reply object."""
    try:
        if not isinstance(req, dict):
            raise InvalidInputError("a request must be a JSON object")
        command = _command(req.get("cmd"))
        if command is None:
            raise InvalidInputError(f"unknown command {req.get('cmd')!r}")
        return {"ok": True, **command(req)}
    except EngineError as err:
        return {"ok": False, "error": err.to_dict()}
    except KeyboardInterrupt:
        return {"ok": False, "error": {"type": "Cancelled", "message": "cancelled",
                                       "line": None, "column": None, "token": None}}
    except (RecursionError, MemoryError) as err:
        return {"ok": False, "error": {"type": "LimitError",
                                       "message": f"the engine ran out of resources ({type(err).__name__})",
                                       "line": None, "column": None, "token": None}}
    except Exception as err:  # the bridge must never raise into the page
        return {"ok": False, "error": {"type": "InternalError",
                                       "message": f"internal error: {type(err).__name__}: {err}",
                                       "line": None, "column": None, "token": None}}


def handle(json_text: str) -> str:
    """Strings in, strings out: no proxies for the page to manage."""
    try:
        req = json.loads(json_text)
    except (ValueError, TypeError) as err:
        reply: dict[str, Any] = {"ok": False, "error": {
            "type": "InvalidInputError", "message": f"request is not JSON: {err}",
            "line": None, "column": None, "token": None}}
    else:
        reply = handle_request(req)
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)
