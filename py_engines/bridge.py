"""The browser's one entry point: ``handle(json_text) -> json_text``; never raises.

Requests (all JSON objects):
  {"cmd": "games"}
  {"cmd": "solve",  "game": G, "text": T, "case": 0, "moves": []}
  {"cmd": "answer", "game": G, "text": T}   (the answer and stats only: no frames)
  {"cmd": "replay", "game": G, "text": T, "case": K, "moves": ["..."]}
  {"cmd": "random", "game": G, "seed": S, "options": {...}}
  {"cmd": "explore_chunk" | "explore_check", ...}   (see explore/requests.py)
  {"cmd": "check" | "generate" | "shrink" | "split_cases", ...}   (see tools/requests.py)
Replies: {"ok": true, ...} or {"ok": false, "error": {"type", "message", "line", "column",
"token", "msg"}}.
A solve reply holds the whole answer text, a summary per case, and the frames of
the chosen case only (a file may hold a thousand cases); "replay" fetches another
case or a line with user moves, reusing the solved problem from a small cache.

Words reach the page as messages (``i18n.py``): a frame's narration is ``msg``,
an error's ``msg`` is its located message, and every other text in words is a
``NAME_msg`` beside its ``NAME``.  The bridge also gives each its English text
(``note``, ``message``, ``NAME``), so a caller that knows no catalog reads English.
"""
from __future__ import annotations

import importlib
import json
import time
from collections import OrderedDict
from typing import Any, Callable

from .api import text_field
from .errors import EngineError, InvalidInputError
from .explore.study import studies_of
from .i18n import SOURCE_LANG, Msg, catalog, from_json, localize, msg, render
from .registry import engine_names, get_engine

# Read the English catalog now, not at the first reply: in the browser a memory snapshot
# restores the heap (and so this catalog) but not the files, which come back only after
# the page is ready (web/js/engine/pyodide-boot.js).
catalog(SOURCE_LANG)

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


_KIND_NAMES = {str: msg("error.request.a_string"), int: msg("error.request.an_integer")}


def _field(req: dict[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = req.get(key, default)
    if value is None or isinstance(value, bool) or not isinstance(value, kind):
        raise InvalidInputError(msg("error.request.field", field=key, kind=_KIND_NAMES[kind]))
    return value


def _selection(req: dict[str, Any]) -> tuple[int, tuple[str, ...]]:
    """The case and user moves a request asks for, checked before any solving."""
    case = _field(req, "case", int, 0)
    moves = req.get("moves") or []
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InvalidInputError(msg("error.request.moves"))
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
        raise InvalidInputError(msg("error.move.none", game=engine.title))
    return [_with_note(f.to_dict()) for f in engine.replay(problem, result, case=case, moves=moves)]


def _with_note(frame: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    frame["note"] = render(from_json(frame["msg"]), lang)
    return frame


def frame_json(frame: dict[str, Any], lang: str = "en") -> dict[str, Any]:
    """A frame's JSON with its texts in ``lang`` beside its messages: ``note`` for the
    narration ``msg``, ``NAME`` for every ``NAME_msg``."""
    return _with_note(localize(frame, lang), lang)


def _cmd_games(req: dict[str, Any]) -> dict[str, Any]:
    games = []
    for name in engine_names():
        e = get_engine(name)
        games.append({"name": e.name, "title": e.title, "kind": e.kind,
                      **text_field("input_help", e.input_help), "interactive": e.interactive,
                      "random_options": [o.to_dict() for o in e.random_options],
                      "studies": [s.to_dict() for s in studies_of(e)]})
    return {"games": games}


def _cmd_solve(req: dict[str, Any]) -> dict[str, Any]:
    case, moves = _selection(req)
    engine, problem, result, stats = _solved(_field(req, "game", str), _field(req, "text", str))
    frames = _frames(engine, problem, result, case, moves)
    summaries = engine.summaries(problem, result)
    return {"game": engine.name, "answer": engine.format(result),
            "cases": [{"label_msg": s.label.to_dict(), "answer": s.answer} for s in summaries],
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
        raise InvalidInputError(msg("error.request.options"))
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


def _failure(kind: str, message: Msg) -> dict[str, Any]:
    return {"ok": False, "error": {"type": kind, "message": render(message), "line": None,
                                   "column": None, "token": None, "msg": message.to_dict()}}


def handle_request(req: Any) -> dict[str, Any]:
    """Like ``handle`` on an already-decoded request; returns the reply object."""
    try:
        if not isinstance(req, dict):
            raise InvalidInputError(msg("error.request.not_object"))
        command = _command(req.get("cmd"))
        if command is None:
            raise InvalidInputError(msg("error.request.unknown_command", command=repr(req.get("cmd"))))
        # Every text in words comes as a message (NAME_msg) and, for callers that know no
        # catalog, in English beside it (NAME).
        return {"ok": True, **localize(command(req))}
    except EngineError as err:
        return {"ok": False, "error": err.to_dict()}
    except KeyboardInterrupt:
        return _failure("Cancelled", msg("error.cancelled"))
    except (RecursionError, MemoryError) as err:
        return _failure("LimitError", msg("error.resources", error=type(err).__name__))
    except Exception as err:  # the bridge must never raise into the page
        return _failure("InternalError", msg("error.internal", error=type(err).__name__,
                                             detail=str(err)))


def handle(json_text: str) -> str:
    """Strings in, strings out: no proxies for the page to manage."""
    try:
        req = json.loads(json_text)
    except (ValueError, TypeError) as err:
        reply = _failure("InvalidInputError", msg("error.request.not_json", detail=str(err)))
    else:
        reply = handle_request(req)
    return json.dumps(reply, separators=(",", ":"), ensure_ascii=False)
