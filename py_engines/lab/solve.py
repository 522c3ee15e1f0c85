"""``solve_lab``: load, start, solve, walk; every failure a typed value (see ``__init__``)."""
from __future__ import annotations

import time
from typing import Any, Callable, Sequence

from ..i18n import SOURCE_LANG, Msg, render
from ..search.iterative import Solver
from ..walker import walk
from .line import LabLine
from .loader import classify, deadline, load, quiet, start_of, title_of, unload

Json = Any
DEFAULT_MAX_POSITIONS = 2_000_000
DEFAULT_TITLE = "Lab game"


def failure(kind: str, message: Msg, line: int | None = None) -> dict[str, Json]:
    """The failure envelope: the English ``message`` and the ``msg`` for other languages."""
    if not (type(line) is int and line >= 1):    # a traceback's line may be None or 0
        line = None
    return {"ok": False, "error": {"type": kind, "message": render(message, SOURCE_LANG),
                                   "line": line, "msg": message.to_dict()}}


def _frame_json(frame: Any) -> dict[str, Json]:
    out: dict[str, Json] = frame.to_dict()
    out["note"] = render(frame.msg, SOURCE_LANG)
    return out


def _solve(code: str, text: str, solver: Solver, moves: Sequence[str]) -> dict[str, Json]:
    module = load(code)
    title = title_of(module) or DEFAULT_TITLE
    start = start_of(module, text)
    value = solver.value(start)
    # A puzzle: only Max ever moves (a game over at the start reads as a two-player one).
    solo = not solver.min_seen and not start.is_terminal()
    line = LabLine(solver, title, solo=solo)
    frames = [_frame_json(f) for f in walk(line, start, moves, merge_end=True)]
    names = [f["event"]["move"] for f in frames[1:]]
    return {"ok": True, "title": title, "value": value, "moves": names, "frames": frames}


def solve_lab(code: str, text: str, *, max_positions: int = DEFAULT_MAX_POSITIONS,
              time_limit_ms: int | None = None, progress: Callable[[int], None] | None = None,
              moves: Sequence[str] = ()) -> dict[str, Json]:
    """The user's game ``code`` solved from the position ``start(text)``: the value, the main
    line (or the line of ``moves``, the names chosen at the first decisions) and its frames,
    or a typed failure.  Never raises (KeyboardInterrupt excepted)."""
    begun = time.perf_counter()
    solver = Solver(max_positions=max_positions, time_limit_ms=time_limit_ms, progress=progress)
    # Quiet until the failure is worded too: an exception's str() may be the user's code.
    with quiet():
        try:
            with deadline(time_limit_ms):
                result = _solve(code, text, solver, moves)
        except KeyboardInterrupt:
            raise
        except BaseException as err:     # noqa: B036 - SystemExit from the user's code included
            elapsed = int((time.perf_counter() - begun) * 1000)
            found = classify(err, solver.positions, time_limit_ms, elapsed)
            return failure(found.kind, found.msg, found.line)
        finally:
            unload()
    result["stats"] = {"positions": solver.positions,
                       "ms": int((time.perf_counter() - begun) * 1000)}
    return result


__all__ = ["DEFAULT_MAX_POSITIONS", "failure", "solve_lab"]
