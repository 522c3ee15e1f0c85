"""The game lab: a user's own game, written in Python, solved exactly and turned into frames.

``solve_lab(code, text)`` runs the user's module (compiled as ``<lab>``), calls its
``start(text)``, solves the position with the iterative exact search
(``search/iterative.py``: no recursion, bounded by positions and time) and walks the main
line (or the variation ``moves``) with the one line-walker, every move valued.  It returns
a JSON-able dict and never raises (but for KeyboardInterrupt, which is a cancel):

* ``{"ok": True, "title", "value", "moves": [names], "frames": [...], "stats":
  {"positions", "ms"}}``, ``len(frames) == len(moves) + 1``;
* ``{"ok": False, "error": {"type", "message", "line", "msg"}}``: ``type`` one of
  SyntaxError, RulesError, InputError, ContractError, ViewError, LimitError; ``line`` the
  line in the user's code, where there is one; ``message`` English, ``msg`` the message
  for any language.

The contract a user writes is the ``GameState`` of ``search/minimax.py`` plus ``start``;
``web/LAB.md`` teaches it, ``examples/`` holds three worked games.  In the browser this runs
only inside the opaque-origin runner (``runner_main.py``), never in the engine's worker.
"""
from __future__ import annotations

from .solve import DEFAULT_MAX_POSITIONS, solve_lab

__all__ = ["DEFAULT_MAX_POSITIONS", "solve_lab"]
