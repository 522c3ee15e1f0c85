"""The lab's driver inside the page's runner: one JSON request on stdin, one JSON line out.

The runner (web/js/runner/) runs ``from py_engines.lab.runner_main import main; main()``
in a fresh interpreter with the engine's wheel installed and stdin the request
``{"code": str, "input": str, "maxPositions": int, "timeMs": int, "moves": [str]}``
(``maxPositions``, ``timeMs`` and ``moves`` optional).  It prints exactly one line:
``solve_lab``'s result as JSON (the user's own prints never reach stdout).  Progress goes
to ``pixel_judge_runner.progress(positions)`` when the runner provides that module (every
``search.iterative.PROGRESS_EVERY`` positions); natively there is none.  The printed line
is bounded: a result over ``MAX_RESULT_BYTES`` becomes a LimitError (the line itself is
capped at 20,000 frames by ``line.MAX_LINE``).
"""
from __future__ import annotations

import importlib
import json
import sys
from typing import Any, Callable, TextIO

from ..i18n import msg
from .limits import MAX_CODE_CHARS, MAX_INPUT, MAX_MOVES, MAX_POSITIONS, MAX_RESULT_BYTES, MAX_TIME_MS
from .solve import DEFAULT_MAX_POSITIONS, failure, solve_lab

Json = Any
REQUEST_CHARS = 4 * (MAX_CODE_CHARS + MAX_INPUT)


class BadRequest(ValueError):
    pass


def _progress() -> Callable[[int], None] | None:
    try:
        module = importlib.import_module("pixel_judge_runner")
    except ImportError:
        return None
    found = getattr(module, "progress", None)
    return found if callable(found) else None


def _int(request: dict[str, Json], name: str, default: int | None, most: int) -> int | None:
    value = request.get(name)
    if value is None:
        return default
    if type(value) is not int or not 1 <= value <= most:
        raise BadRequest(f"{name} must be an int from 1 to {most}")
    return value


def _text(request: dict[str, Json], name: str, most: int) -> str:
    value = request.get(name)
    if not isinstance(value, str) or len(value) > most:
        raise BadRequest(f"{name} must be a str of at most {most} characters")
    return value


def _moves(request: dict[str, Json]) -> list[str]:
    value = request.get("moves", [])
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_MOVES \
            or not all(isinstance(m, str) for m in value):
        raise BadRequest(f"moves must be a list of at most {MAX_MOVES} str")
    return value


def respond(text: str) -> dict[str, Json]:
    """The result for one request's text (never raises)."""
    try:
        if len(text) > REQUEST_CHARS:
            raise BadRequest("the request is too long")
        request = json.loads(text)
        if not isinstance(request, dict):
            raise BadRequest("the request must be a JSON object")
        code = _text(request, "code", MAX_CODE_CHARS)
        given = _text(request, "input", MAX_INPUT)
        positions = _int(request, "maxPositions", DEFAULT_MAX_POSITIONS, MAX_POSITIONS)
        time_ms = _int(request, "timeMs", None, MAX_TIME_MS)
        moves = _moves(request)
    except (ValueError, RecursionError) as err:     # JSONDecodeError is a ValueError
        return failure("InputError", msg("lab.error.request", reason=str(err)[:200]))
    assert positions is not None
    return solve_lab(code, given, max_positions=positions, time_limit_ms=time_ms,
                     progress=_progress(), moves=moves)


def encode(result: dict[str, Json]) -> str:
    """The result as one JSON line, or a LimitError when it would be too large to send."""
    line = json.dumps(result, separators=(",", ":"))
    if len(line) > MAX_RESULT_BYTES:     # ASCII only (ensure_ascii): characters are bytes
        line = json.dumps(failure("LimitError", msg("lab.error.result_size", size=len(line),
                                                    limit=MAX_RESULT_BYTES)),
                          separators=(",", ":"))
    return line


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
    source = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout     # taken before the user's code runs
    text = source.read(REQUEST_CHARS + 1)
    out.write(encode(respond(text)) + "\n")
    out.flush()
