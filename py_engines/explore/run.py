"""Runs a study over many deals, in this process or in a pool of processes.

The deals are cut into chunks of consecutive indices; each chunk's aggregate is
computed on its own and the parts are merged as they arrive.  Since merging is
integer addition (and ``min`` for the examples), the result is the same for any
number of workers and any chunk size.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..errors import InvalidInputError
from ..i18n import msg
from ..registry import get_engine
from .study import check_deals, check_seed, empty, get_study, merge, result_json, run_range

if TYPE_CHECKING:
    from concurrent.futures import Future

MAX_WORKERS = 64
CHUNKS_PER_WORKER = 8
MAX_CHUNK = 250

Progress = Callable[[int, int], None]
"""Called with (deals done, deals in all) after each chunk."""


def prepare(game: str, study_name: str | None, deals: Any, seed: Any,
            options: Mapping[str, Any]) -> tuple[Any, Any, int, int, dict[str, Any]]:
    """Checks everything a run needs before any deal is solved; InvalidInputError if not."""
    engine = get_engine(game)
    study = get_study(engine, study_name)
    checked = study.check_options(options)
    deals = check_deals(deals)
    seed = check_seed(seed)
    # The engine checks the options of the first deal too (e.g. a table size).
    engine.options_with_defaults(study.options_of_deal(0, checked))
    return engine, study, deals, seed, checked


def chunk_aggregate(game: str, study_name: str, seed: int, start: int, count: int,
                    options: Mapping[str, Any]) -> dict[str, Any]:
    """One chunk's aggregate (a pool task: plain arguments in, plain values out)."""
    engine = get_engine(game)
    return run_range(engine, get_study(engine, study_name), seed, start, count, options)


def chunks(deals: int, workers: int) -> list[tuple[int, int]]:
    size = max(1, min(MAX_CHUNK, -(-deals // (workers * CHUNKS_PER_WORKER))))
    return [(start, min(size, deals - start)) for start in range(0, deals, size)]


def explore(game: str, study_name: str | None = None, *, deals: Any, seed: Any = 0,
            workers: Any = 1, options: Mapping[str, Any] | None = None,
            progress: Progress | None = None) -> dict[str, Any]:
    """The study's result (``result_json``), computed with ``workers`` processes."""
    engine, study, deals, seed, checked = prepare(game, study_name, deals, seed, options or {})
    if isinstance(workers, bool) or not isinstance(workers, int) or \
            not 1 <= workers <= MAX_WORKERS:
        raise InvalidInputError(msg("explore.error.workers", max=MAX_WORKERS))
    started = time.perf_counter()
    total = empty()
    parts = chunks(deals, workers)
    if workers == 1:
        for start, count in parts:
            total = merge(total, run_range(engine, study, seed, start, count, checked))
            if progress is not None:
                progress(total["deals"], deals)
    else:
        # Imported here: the browser's bridge imports this module and has no processes.
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pending: set[Future[dict[str, Any]]] = {
                pool.submit(chunk_aggregate, engine.name, study.name, seed, start, count, checked)
                for start, count in parts}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    total = merge(total, future.result())
                if progress is not None:
                    progress(total["deals"], deals)
    return result_json(engine.name, study, seed, total, time.perf_counter() - started)
