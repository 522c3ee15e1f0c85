"""The frames carry the game facts the scenes draw, so no scene recomputes a rule.

Each check holds a fact in the frame against the game's own state in the same
or the previous frame: a scene that drew these facts from its own copy of a
rule (row directions, the deck size, which cards close a House of Cards
triangle, the numbering of the places a move can go, a Kalah capture's total)
would have nothing here to read.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from py_engines import get_engine

DATA = Path(__file__).parent / "data"


def frames(game: str, *, most_cases: int = 6) -> Iterator[list[dict[str, Any]]]:
    """The frames of the first cases of every judge file of a game."""
    engine = get_engine(game)
    for path in sorted((DATA / game).glob("*.in")):
        problem = engine.parse(path.read_text(encoding="utf-8"))
        result = engine.solve(problem)
        for case in range(min(most_cases, len(result.cases))):
            yield [f.to_dict() for f in engine.replay(problem, result, case=case)]


def test_the_game_frames_carry_row_directions_and_deck_size() -> None:
    seen = 0
    for line in frames("the_game"):
        for f in line:
            s = f["state"]
            assert s["deck_size"] == 98
            assert len(s["ascending"]) == len(s["rows"]) == 4
            for up, row in zip(s["ascending"], s["rows"], strict=True):
                assert row[0] == (1 if up else 100)
            assert s["played"] + len(s["hand"]) + len(s["pile"]) == s["deck_size"]
            seen += 1
    assert seen > 100


def _peak_card(state: dict[str, Any], level: int, slot: int, side: str) -> str:
    return next(p[side] for p in state["peaks"] if (p["level"], p["slot"]) == (level, slot))


def test_house_of_cards_frames_carry_triangle_cards_and_place_numbers() -> None:
    triangles = 0
    for line in frames("house_of_cards"):
        for f in line:
            numbers: dict[tuple[str, int, int], int] = {}
            for c in f["state"]["choices"]:
                if c["target"] is None:
                    assert c["place"] is None and c["kind"] == "hold"
                    continue
                key = (c["target"], c["level"], c["slot"])
                assert c["place"] == numbers.setdefault(key, len(numbers) + 1)
            tri = (f["event"] or {}).get("triangle")
            if not tri:
                continue
            triangles += 1
            s = f["state"]
            legs = [_peak_card(s, lv, sl, side) for lv, sl, side in tri["legs"]]
            floor = next(x["card"] for x in s["floors"]
                         if (x["level"], x["slot"]) == (tri["floor"]["level"], tri["floor"]["slot"]))
            assert sorted([*legs, floor]) == sorted(tri["cards"]), (tri, legs, floor)
    assert triangles > 10


def test_kalah_captures_carry_their_total() -> None:
    captures = 0
    for line in frames("kalah"):
        for prev, f in zip(line, line[1:], strict=False):
            ev = f["event"]
            if not ev or ev["kind"] != "capture":
                continue
            captures += 1
            c = ev["capture"]
            assert c["total"] == sum(c["stones"])
            sown = ev["path"].count(c["bowl"])
            assert f["state"]["pits"][c["bowl"]] == prev["state"]["pits"][c["bowl"]] + sown + c["total"]
    assert captures > 3
