"""Synthetic lab frames for the lab scene's tests (tests/e2e/test_lab_scene.py): a lab
frame's state as py_engines/lab gives it (`{lab, title, view, table, to_move, value, over}`),
with views that use every key of the vocabulary, each at its bounds, in combinations, and none.
Each case is a pair (the previous frame, the frame) so what changed can be checked."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

CJK_LABEL = "文件"        # characters of the Chinese catalog: the served CJK face draws them
CJK_12 = "游戏结束局面值轮到小方大方"[:12]   # twelve of them: a label at its bound, 192 px wide
UNDRAWABLE = "\U0001F600\u0007\u05d0"   # an emoji, a control character, Hebrew: no served face


def frame(i: int, view: dict[str, Any] | None, *, table: list[list[str]] | None = None,
          title: str = "TAKE AWAY", to_move: int = 1, value: int | None = 3, over: bool = False,
          note: str = "A move.") -> dict[str, Any]:
    return {"i": i, "actor": None, "event": {"kind": "move", "move": "m"} if i else None,
            "state": {"lab": True, "title": title, "view": view, "table": table, "to_move": to_move,
                      "value": value, "over": over},
            "note": note, "to_move": None, "values": None}


def piles(n: int, width: int = 12) -> list[dict[str, Any]]:
    counts = [0, 1, 1_000_000, 7, 25, 3, 12, 99, 4, 60, 2, 9]
    return [{"label": f"P{k}".ljust(width, "X")[:width], "count": counts[k % len(counts)]} for k in range(n)]


def rows(n: int, cards: int, width: int = 12) -> list[dict[str, Any]]:
    suits = "SHDC"
    return [{"label": f"R{k}".ljust(width, "Y")[:width],
             "cards": [f"{suits[(k + j) % 4]}{j % 13 + 1}" for j in range(cards)]} for k in range(n)]


def grid(n: int, m: int, texts: tuple[str, ...] = ("XO", "12", ".", "", "B", "Q7")) -> dict[str, Any]:
    return {"cells": [[texts[(i * 7 + j * 3) % len(texts)] for j in range(m)] for i in range(n)]}


def scores(n: int, width: int = 12) -> dict[str, int]:
    return {f"S{k}".ljust(width, "Z")[:width]: [0, -5, 123456, 42][k] for k in range(n)}


TITLE_40 = "A VERY LONG TITLE OF FORTY CHARACTERS OK"
NOTE_80 = "A note of eighty characters: it must wrap on the stage and keep all of its words"


def views() -> dict[str, dict[str, Any] | None]:
    """Every case: its name and the view of the frame (None: a game without a view)."""
    assert len(TITLE_40) == 40 and len(NOTE_80) == 80
    return {
        "title": {"title": TITLE_40},
        "piles-3": {"piles": [{"label": "A", "count": 3}, {"label": "B", "count": 5},
                              {"label": "C", "count": 7}]},
        "piles-12": {"piles": piles(12)},
        "rows-6x20": {"rows": rows(6, 20)},
        "rows-tiles": {"rows": [{"label": "RACK",
                                 "cards": ["WORD", "ab", "Q", "ZZZZ", "H14", "x1", "!", "S0"] * 2},
                                {"label": "BAG", "cards": ["A", "B", "C", "D"]}]},
        "grid-3": {"grid": {"cells": [["X", "O", ""], ["", "X", ""], ["O", "", "X"]]}},
        "grid-16": {"grid": grid(16, 16)},
        "scores-4": {"scores": scores(4)},
        "note": {"note": NOTE_80},
        "piles-rows": {"title": "CARDS AND STONES", "piles": piles(5, 6), "rows": rows(2, 8, 5),
                       "scores": scores(2, 6), "note": "Take from a pile or play a card."},
        "grid-piles": {"title": "BOARD", "grid": grid(8, 8), "piles": piles(3, 4), "scores": scores(2, 5)},
        "grid-rows": {"grid": grid(6, 6), "rows": rows(3, 10, 4), "note": "Rows beside a board."},
        "everything-max": {"title": TITLE_40, "piles": piles(12), "rows": rows(6, 20), "grid": grid(16, 16),
                           "scores": scores(4), "note": NOTE_80},
        "unicode": {"title": f"GAME {CJK_LABEL} {UNDRAWABLE}",
                    "piles": [{"label": CJK_LABEL, "count": 2}, {"label": f"X{UNDRAWABLE}", "count": 4}],
                    "rows": [{"label": CJK_LABEL, "cards": ["H1", CJK_LABEL, UNDRAWABLE[:2]]}],
                    "scores": {CJK_LABEL: 1, UNDRAWABLE: 2},
                    "grid": {"cells": [[CJK_LABEL, UNDRAWABLE[0]], ["", "A"]]},
                    "note": f"{CJK_LABEL} {UNDRAWABLE}"},
        "cjk-bounds": {"title": CJK_12 * 3 + CJK_12[:4],
                       "piles": [{"label": CJK_12, "count": k} for k in range(12)],
                       "rows": [{"label": CJK_12, "cards": [CJK_LABEL * 2, "H7", "S12"] * 6} for _ in range(6)],
                       "grid": {"cells": [[CJK_LABEL, "X"] * 4] * 8}, "scores": {CJK_12: 1, CJK_12[:6]: -3},
                       "note": CJK_12 * 6 + CJK_12[:8]},
        "cjk-short": {"title": CJK_12,
                      "piles": [{"label": CJK_12[:4], "count": 5}, {"label": CJK_LABEL, "count": 8}],
                      "rows": [{"label": CJK_12[:2], "cards": [CJK_LABEL, "D1", "C13"]}],
                      "scores": {CJK_12[:4]: 3}},
        # What no checked view holds (the page checks them first): the scene still draws, never fails.
        "junk": {"title": 5, "piles": [{"label": None, "count": "7"}, {"count": 1e300}, None], "scores": [1, 2],
                 "rows": [None, {"label": ["x"], "cards": [1, None, {"a": 1}]}], "note": None,
                 "grid": {"cells": [[1, 2.5], "ab", None, [True]]}},
        "no-view": None,
        "no-view-long": None,
    }


def table(name: str) -> list[list[str]] | None:
    if name == "no-view":
        return [["heap", "7"], ["to move", "first"], ["taken", "3 1 2"]]
    if name == "no-view-long":
        return [[f"field {k}", f"value {k}"] for k in range(30)]
    return None


# The cases where every label fits whole (the others show "+N" for what does not fit).
WHOLE = {"title", "piles-3", "piles-12", "rows-6x20", "rows-tiles", "grid-3", "grid-16", "scores-4", "note",
         "piles-rows", "grid-piles", "grid-rows", "no-view"}


def changed(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """The view one step earlier: the first pile, the first row's first card, a grid cell and the
    first score were different."""
    if view is None:
        return None
    before = copy.deepcopy(view)
    if before.get("piles"):
        before["piles"][0]["count"] += 1
    if before.get("rows") and before["rows"][0]["cards"]:
        before["rows"][0]["cards"][0] = "C13" if before["rows"][0]["cards"][0] != "C13" else "D2"
    if before.get("grid"):
        before["grid"]["cells"][-1][-1] = "Z" if before["grid"]["cells"][-1][-1] != "Z" else "Y"
    if before.get("scores"):
        first = next(iter(before["scores"]))
        before["scores"][first] -= 2
    return before


def cases() -> list[tuple[str, list[dict[str, Any]]]]:
    """(name, [previous frame, frame]) for every view; the last frame of "note" is the end."""
    out = []
    for name, view in views().items():
        over = name in {"note", "scores-4", "everything-max"}
        earlier = [[k, v + "0"] if k == "heap" else [k, v] for k, v in table(name) or []]
        prev = frame(0, None if name == "junk" else changed(view), table=earlier or None)
        now = frame(1, view, table=table(name), over=over, to_move=-1)
        out.append((name, [prev, now]))
    return out


def example_cases() -> list[tuple[str, list[dict[str, Any]]]]:
    """Every frame of the shipped examples' main lines (py_engines/lab/examples, solved here by the
    engine itself), each with the frame before it (none for the first)."""
    import importlib
    import inspect

    from py_engines.lab import solve_lab
    from py_engines.lab.examples import __path__ as folder

    out = []
    for path in sorted(Path(folder[0]).glob("*.py")):
        if path.name.startswith("_"):
            continue
        module = importlib.import_module(f"py_engines.lab.examples.{path.stem}")
        solved = solve_lab(inspect.getsource(module), getattr(module, "SAMPLE", ""))
        assert solved["ok"], (path.name, solved)
        frames = solved["frames"]
        out += [(f"{path.stem}#{k}", [frames[k - 1] if k else None, f]) for k, f in enumerate(frames)]
    return out
