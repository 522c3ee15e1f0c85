"""Pixel Judge engines: judge-exact solvers for five contest card games.

Public surface: ``get_engine``, ``engine_names``, ``solve_text`` and the errors.
"""
from __future__ import annotations

from .errors import EngineError, InvalidInputError, LimitError, ParseError
from .registry import engine_names, get_engine

__version__ = "0.1.0"
__all__ = ["EngineError", "InvalidInputError", "LimitError", "ParseError",
           "engine_names", "get_engine", "solve_text", "__version__"]


def solve_text(game: str, text: str) -> str:
    """The judge's exact output for ``text``; raises ``EngineError`` on bad input."""
    engine = get_engine(game)
    return engine.format(engine.solve(engine.parse(text)))
