"""One registry drives the CLI, the bridge, the build manifest and the tests.

Game modules (or packages) live in ``py_engines.games``, are named after their
engine, and register themselves on import; adding a game means adding one module
(or package) there.
"""
from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from typing import Any, TypeVar

from .api import Engine
from .errors import InvalidInputError
from .i18n import msg

_ENGINES: dict[str, Engine[Any, Any]] = {}
_loaded = False
E = TypeVar("E", bound=type)


def register(engine_cls: E) -> E:
    """Class decorator: instantiate the engine and file it under its name."""
    engine = engine_cls()
    if not isinstance(engine, Engine):
        raise TypeError(f"{engine_cls.__name__} does not provide the Engine protocol")
    if engine.name in _ENGINES:
        raise RuntimeError(f"engine {engine.name!r} registered twice")
    _ENGINES[engine.name] = engine
    return engine_cls


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    from . import games
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{games.__name__}.{info.name}")
    _loaded = True


def engine_names() -> list[str]:
    """Registered games in picker order."""
    _load_all()
    return sorted(_ENGINES, key=lambda n: (_ENGINES[n].order, n))


def get_engine(name: str) -> Engine[Any, Any]:
    """The engine registered as ``name``.

    Only that game's module is imported (a game's module is named after its
    engine), so the first solve in the browser does not pay for every game.
    """
    if name not in _ENGINES and re.fullmatch(r"[a-z][a-z0-9_]*", name or ""):
        from . import games
        if importlib.util.find_spec(f"{games.__name__}.{name}") is not None:
            importlib.import_module(f"{games.__name__}.{name}")
    try:
        return _ENGINES[name]
    except KeyError:
        raise InvalidInputError(msg("error.unknown_game", game=name,
                                    games=", ".join(engine_names()))) from None
