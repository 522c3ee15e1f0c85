"""What the stage draws of a lab state: its ``view()`` checked against the vocabulary, or a table.

The vocabulary (every key optional; the page checks the same bounds again):

* ``title``: a str of at most 40 characters;
* ``piles``: at most 12 ``{"label": str <= 12, "count": int 0..1,000,000}`` (stacks of stones);
* ``rows``: at most 6 ``{"label": str <= 12, "cards": [str <= 4, at most 20]}``; ``"H7"``,
  ``"S12"`` (a suit letter S/H/D/C and a rank 1..13) are drawn as cards, other strings as tiles;
* ``grid``: ``{"cells": [[str <= 2 or int]]}``, 1..16 rows of 1..16 cells, all rows the same
  length (an int is turned into its str, which must fit too);
* ``scores``: at most 4 ``{name: int}`` entries, names of 1..12 characters, values within
  +-1,000,000,000;
* ``note``: a str of at most 80 characters.

Anything else is a ``ViewError`` naming the field (``view(): piles[2].count must be an int
from 0 to 1,000,000``).  A list may be given as a tuple; the result is plain JSON.

Without ``view()`` (or when it returns None) the stage shows ``table_of(state)``: the
state's public attributes as ``[label, text]`` rows (at most ``TABLE_ROWS``, texts cut to
``TABLE_TEXT`` characters), or its repr in one row.
"""
from __future__ import annotations

from typing import Any

from ..errors import EngineError
from ..i18n import msg
from ..search.iterative import shown

Json = Any

TITLE_CHARS = 40
LABEL_CHARS = 12
MAX_PILES = 12
MAX_COUNT = 1_000_000
MAX_ROWS = 6
MAX_CARDS = 20
CARD_CHARS = 4
GRID_SIDE = 16
CELL_CHARS = 2
MAX_SCORES = 4
SCORE_LIMIT = 1_000_000_000
NOTE_CHARS = 80
KEYS = ("title", "piles", "rows", "grid", "scores", "note")
TABLE_ROWS = 12
TABLE_LABEL = 20
TABLE_TEXT = 60


class ViewError(EngineError):
    """``view()`` returned something outside the vocabulary or its bounds."""

    kind = "ViewError"


def _text(value: object, path: str, most: int, least: int = 0) -> str:
    if not isinstance(value, str) or not least <= len(value) <= most:
        raise ViewError(msg("lab.view.text", path=path, min=least, max=most, got=shown(value)))
    return value


def _int(value: object, path: str, least: int, most: int) -> int:
    if type(value) is not int or not least <= value <= most:
        raise ViewError(msg("lab.view.int", path=path, min=least, max=most, got=shown(value)))
    return value


def _list(value: object, path: str, most: int) -> list[Any]:
    if not isinstance(value, (list, tuple)) or len(value) > most:
        raise ViewError(msg("lab.view.list", path=path, max=most, got=shown(value)))
    return list(value)


def _record(value: object, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """A dict with exactly ``keys``."""
    if not isinstance(value, dict):
        raise ViewError(msg("lab.view.dict", path=path, got=shown(value)))
    for key in value:
        if key not in keys:
            raise ViewError(msg("lab.view.unknown", path=f"{path}.{key}"[:60],
                                known=", ".join(keys)))
    for key in keys:
        if key not in value:
            raise ViewError(msg("lab.view.missing", path=f"{path}.{key}"))
    return value


def _piles(value: object) -> list[Json]:
    out = []
    for k, pile in enumerate(_list(value, "piles", MAX_PILES)):
        rec = _record(pile, f"piles[{k}]", ("label", "count"))
        out.append({"label": _text(rec["label"], f"piles[{k}].label", LABEL_CHARS),
                    "count": _int(rec["count"], f"piles[{k}].count", 0, MAX_COUNT)})
    return out


def _rows(value: object) -> list[Json]:
    out = []
    for k, row in enumerate(_list(value, "rows", MAX_ROWS)):
        rec = _record(row, f"rows[{k}]", ("label", "cards"))
        cards = _list(rec["cards"], f"rows[{k}].cards", MAX_CARDS)
        out.append({"label": _text(rec["label"], f"rows[{k}].label", LABEL_CHARS),
                    "cards": [_text(c, f"rows[{k}].cards[{j}]", CARD_CHARS)
                              for j, c in enumerate(cards)]})
    return out


def _grid(value: object) -> Json:
    rec = _record(value, "grid", ("cells",))
    rows = _list(rec["cells"], "grid.cells", GRID_SIDE)
    width = None
    cells = []
    for r, row in enumerate(rows):
        items = _list(row, f"grid.cells[{r}]", GRID_SIDE)
        if width is None:
            width = len(items)
        if not items or len(items) != width:
            raise ViewError(msg("lab.view.grid", max=GRID_SIDE))
        line = []
        for c, cell in enumerate(items):
            text = str(cell) if type(cell) is int else cell
            line.append(_text(text, f"grid.cells[{r}][{c}]", CELL_CHARS))
        cells.append(line)
    if not cells:
        raise ViewError(msg("lab.view.grid", max=GRID_SIDE))
    return {"cells": cells}


def _scores(value: object) -> Json:
    if not isinstance(value, dict):
        raise ViewError(msg("lab.view.dict", path="scores", got=shown(value)))
    if len(value) > MAX_SCORES:
        raise ViewError(msg("lab.view.list", path="scores", max=MAX_SCORES, got=shown(value)))
    out = {}
    for name, score in value.items():
        key = _text(name, "scores (a name)", LABEL_CHARS, 1)
        out[key] = _int(score, f"scores[{key}]", -SCORE_LIMIT, SCORE_LIMIT)
    return out


def check_view(view: object) -> dict[str, Json]:
    """The view as plain JSON, or ViewError naming the first field out of bounds."""
    if not isinstance(view, dict):
        raise ViewError(msg("lab.view.not_dict", got=shown(view)))
    out: dict[str, Json] = {}
    for key, value in view.items():
        if key == "title":
            out[key] = _text(value, "title", TITLE_CHARS)
        elif key == "piles":
            out[key] = _piles(value)
        elif key == "rows":
            out[key] = _rows(value)
        elif key == "grid":
            out[key] = _grid(value)
        elif key == "scores":
            out[key] = _scores(value)
        elif key == "note":
            out[key] = _text(value, "note", NOTE_CHARS)
        else:
            raise ViewError(msg("lab.view.unknown", path=shown(key), known=", ".join(KEYS)))
    return out


def _cut(text: str, most: int) -> str:
    return text if len(text) <= most else text[:most - 3] + "..."


def _fields(state: object) -> list[tuple[str, object]] | None:
    """The state's public attributes: a namedtuple's fields, ``vars()``, or ``__slots__``."""
    names = getattr(type(state), "_fields", None)
    if isinstance(names, tuple) and isinstance(state, tuple):
        return [(str(n), v) for n, v in zip(names, state, strict=False)]
    found = getattr(state, "__dict__", None)
    if isinstance(found, dict) and found:
        return [(str(k), v) for k, v in found.items()]
    pairs: list[tuple[str, object]] = []
    missing = object()
    for cls in type(state).__mro__:
        slots = cls.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            value = getattr(state, name, missing)
            if isinstance(name, str) and value is not missing:
                pairs.append((name, value))
    return pairs or None


def table_of(state: object) -> list[list[str]]:
    """``[label, text]`` rows of the state's public attributes (its repr when it has none)."""
    fields = _fields(state)
    if fields is None:
        return [["state", _cut(repr(state), TABLE_TEXT)]]
    public = [(k, v) for k, v in fields if not k.startswith("_")]
    rows = [[_cut(k, TABLE_LABEL), _cut(v if isinstance(v, str) else repr(v), TABLE_TEXT)]
            for k, v in public[:TABLE_ROWS]]
    if len(public) > TABLE_ROWS:
        rows[-1] = ["...", f"+{len(public) - TABLE_ROWS + 1}"]
    return rows
