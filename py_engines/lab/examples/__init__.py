"""The lab's worked examples: each module is a complete lab game (``TITLE``, ``SAMPLE``,
``start`` and a state with ``name``, ``note`` and ``view``).  The build puts them into the
site's manifest (``manifest["lab"]["examples"]``) for the lab's template picker; they are
read as text and never imported by the page or the engine.
"""
from __future__ import annotations

import ast
import pkgutil
from typing import Any

EXAMPLES = ("take_away", "coin_row", "puzzle")     # the template picker's order


def source(name: str) -> str:
    """An example's code (from the package: a folder, or the zip it is imported from)."""
    data = pkgutil.get_data(__name__, f"{name}.py")
    if data is None:
        raise KeyError(f"no lab example {name!r}")
    return data.decode("utf-8")


def _constant(code: str, name: str) -> str:
    """The str a module assigns to ``name`` at its top level, read without running it."""
    for node in ast.parse(code).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name
                                                 for t in node.targets):
            value = ast.literal_eval(node.value)
            if isinstance(value, str):
                return value
    raise KeyError(f"the example assigns no str {name}")


def examples() -> list[dict[str, Any]]:
    """``[{"id", "title", "code", "sample"}]`` for the manifest, in the picker's order."""
    out = []
    for name in EXAMPLES:
        code = source(name)
        out.append({"id": name, "title": _constant(code, "TITLE"), "code": code,
                    "sample": _constant(code, "SAMPLE")})
    return out
