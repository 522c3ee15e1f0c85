"""Explore: many random deals of one game, solved and counted (``study.py``), run in a
pool of processes (``run.py``) by the CLI (``cli.py``) or in a pool of Pyodide workers
by the page, which asks the bridge for one chunk at a time (``requests.py``).
"""
from __future__ import annotations

from .run import explore
from .study import ANSWERS, Plot, Study, get_study, merge, studies_of

__all__ = ["ANSWERS", "Plot", "Study", "explore", "get_study", "merge", "studies_of"]
