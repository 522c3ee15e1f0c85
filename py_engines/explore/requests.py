"""The bridge's requests for the page's Explore view (``bridge.py`` adds these to its own).

  {"cmd": "explore_chunk", "game": G, "study": NAME, "seed": S, "start": K, "count": C,
   "options": {...}}
    -> {"aggregate": {"deals", "outcomes", "metrics", "examples"}}   (deals K .. K+C-1)
  {"cmd": "explore_check", "game": G, "study": NAME, "deals": N, "seed": S, "options": {...}}
    -> {"study": NAME, "options": {...}}   (the checked options; an error if any is bad)
  {"cmd": "explore_deal", "game": G, "study": NAME, "seed": S, "index": K, "options": {...}}
    -> {"text": T, "seed": S + K, "options": {...}}   (deal K's judge input, to open it)

The page's workers each compute chunks; the main thread only adds the aggregates
up (``merge`` in ``study.py``: integer sums, and the first deal of each bucket).
"""
from __future__ import annotations

from typing import Any, Callable

from ..errors import InvalidInputError
from ..i18n import msg
from .run import prepare
from .study import MAX_DEALS, run_range


def _options(req: dict[str, Any]) -> dict[str, Any]:
    options = req.get("options") or {}
    if not isinstance(options, dict):
        raise InvalidInputError(msg("error.request.options"))
    return options


def _study_name(req: dict[str, Any]) -> str | None:
    name = req.get("study")
    if name is not None and not isinstance(name, str):
        raise InvalidInputError(msg("error.request.field", field="study",
                                    kind=msg("error.request.a_string")))
    return name


def _cmd_check(req: dict[str, Any]) -> dict[str, Any]:
    _, study, _, _, options = prepare(str(req.get("game")), _study_name(req), req.get("deals"),
                                      req.get("seed", 0), _options(req))
    return {"study": study.name, "options": options}


def _cmd_chunk(req: dict[str, Any]) -> dict[str, Any]:
    start, count = req.get("start"), req.get("count")
    engine, study, deals, seed, options = prepare(str(req.get("game")), _study_name(req), count,
                                                  req.get("seed", 0), _options(req))
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < MAX_DEALS:
        raise InvalidInputError(msg("explore.error.deal_index", field="start"))
    return {"aggregate": run_range(engine, study, seed, start, deals, options)}


def _cmd_deal(req: dict[str, Any]) -> dict[str, Any]:
    index = req.get("index")
    engine, study, _, seed, options = prepare(str(req.get("game")), _study_name(req), 1,
                                              req.get("seed", 0), _options(req))
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < MAX_DEALS:
        raise InvalidInputError(msg("explore.error.deal_index", field="index"))
    deal_options = study.options_of_deal(index, options)
    return {"text": engine.random_input(seed + index, **deal_options), "seed": seed + index,
            "options": deal_options}


COMMANDS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "explore_chunk": _cmd_chunk, "explore_check": _cmd_check, "explore_deal": _cmd_deal}
