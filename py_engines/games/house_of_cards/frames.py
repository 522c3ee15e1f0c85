"""House of Cards replay: what the generic walker needs (values, snapshots, labels, narration)."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import MoveValue
from ...walker import Line, signed
from .judge import CaseResult
from .rules import (AXEL, BIRGIT, FLOOR_AT, FLOOR_CARD, FLOOR_D, FLOOR_H, FLOOR_LEFT, FLOOR_RIGHT,
                    FLOOR_UP, HOLD, NAMES, PEAK_AT, PEAK_HD, RANK_MASK, RED, Move, Position,
                    Triangle, card_text, open_floors, open_valleys, peak_exists)
from .search import RestSearch


_LEFT_RIGHT = {1: ("left", "middle", "right"), 2: ("left", "right"), 3: ("",)}


def place_name(what: str, level: int, slot: int) -> str:
    """'the middle valley', 'the right level-2 floor', 'the level-3 valley'."""
    side = _LEFT_RIGHT[level][slot - 1]
    if level == 1:
        return f"the {side} {what}"
    return f"the {side + ' ' if side else ''}level-{level} {what}"


def move_label(pos: Position, move: Move) -> str:
    d, h = card_text(pos.drawn), card_text(pos.held[pos.mover]) if pos.held[pos.mover] else ""
    if move.floor is None:
        return f"hold {d}"
    lv, j = FLOOR_AT[move.floor]
    if move.kind == FLOOR_D:
        return f"floor {d} on V({lv},{j})"
    if move.kind == FLOOR_H:
        return f"floor held {h} on V({lv},{j}), keep {d}"
    left, right = (h, d) if move.kind == PEAK_HD else (d, h)
    return f"peak {left} / , \\ {right} on F({lv},{j})"


def _house_state(pos: Position) -> dict[str, Any]:
    pl = pos.places
    peaks = [{"level": lv, "slot": j, "left": card_text(pl[2 * p]), "right": card_text(pl[2 * p + 1])}
             for p, (lv, j) in enumerate(PEAK_AT) if peak_exists(pos.shape, p)]
    floors = [{"level": lv, "slot": j, "card": card_text(pl[FLOOR_CARD + f]),
               "covered": peak_exists(pos.shape, FLOOR_UP[f])}
              for f, (lv, j) in enumerate(FLOOR_AT) if pos.shape >> f & 1]
    valleys = [{"level": FLOOR_AT[f][0], "slot": FLOOR_AT[f][1],
                "left": card_text(pl[2 * FLOOR_LEFT[f] + 1]), "right": card_text(pl[2 * FLOOR_RIGHT[f]])}
               for f in open_valleys(pos.shape)]
    open_fl = [{"level": FLOOR_AT[f][0], "slot": FLOOR_AT[f][1], "card": card_text(pl[FLOOR_CARD + f])}
               for f in open_floors(pos.shape)]
    return {"peaks": peaks, "floors": floors, "open_valleys": valleys, "open_floors": open_fl}


def _choices(pos: Position) -> list[dict[str, Any]]:
    """Every legal move spelled out for the scene: where it goes and which cards move.

    ``cards`` are the cards laid (the floor card, or the peak's left and right legs);
    ``keep`` is the card the mover holds afterwards (None when his hand ends empty).
    """
    if pos.is_terminal():
        return []
    d, h = pos.drawn, pos.held[pos.mover]
    out: list[dict[str, Any]] = []
    for move in pos.moves():
        choice: dict[str, Any] = {"move": move.id, "kind": "hold", "level": None, "slot": None,
                                  "target": None, "cards": [card_text(d)], "keep": card_text(d)}
        if move.floor is not None:
            lv, j = FLOOR_AT[move.floor]
            choice.update(level=lv, slot=j)
            if move.kind in (FLOOR_D, FLOOR_H):
                laid = d if move.kind == FLOOR_D else h
                choice.update(kind="floor", target="valley", cards=[card_text(laid)],
                              keep=card_text(h if move.kind == FLOOR_D else d) if h else None)
            else:
                left, right = (h, d) if move.kind == PEAK_HD else (d, h)
                choice.update(kind="peak", target="floor", cards=[card_text(left), card_text(right)],
                              keep=None)
        out.append(choice)
    # The places a move can go, numbered in the order of the choices (the scene's markers).
    places: dict[tuple[str, int, int], int] = {}
    for c in out:
        c["place"] = None if c["target"] is None else \
            places.setdefault((c["target"], c["level"], c["slot"]), len(places) + 1)
    return out


def _state(pos: Position, value: int) -> dict[str, Any]:
    terminal = pos.is_terminal()
    state = {
        "m": len(pos.deck) // 2, "turn": pos.t, "turns": pos.turns,
        "first": NAMES[pos.first], "first_card": card_text(pos.deck[0]),
        **_house_state(pos),
        "score": {NAMES[0]: pos.points[0], NAMES[1]: pos.points[1]},
        "v_so_far": pos.score,
        "held": {NAMES[k]: card_text(c) if c else None for k, c in enumerate(pos.held)},
        "next": None if terminal else card_text(pos.drawn),
        "draw_row": [card_text(c) for c in pos.deck[8 + pos.t:]],
        "to_move": None if terminal else NAMES[pos.mover],
        "value": value, "value_text": signed(value),
        "choices": _choices(pos),
    }
    return state


def _turn_event(pos: Position, move: Move, tri: Triangle | None) -> tuple[dict[str, Any], str]:
    who, d = NAMES[pos.mover], card_text(pos.drawn)
    h = pos.held[pos.mover]
    kind = "hold" if move.kind == HOLD else "floor" if move.kind in (FLOOR_D, FLOOR_H) else "peak"
    event: dict[str, Any] = {"kind": kind, "move": move.id, "player": who, "drawn": d,
                             "triangle": None}
    if move.floor is None or tri is None:
        return event, f"{who}: holds {d}"
    lv, j = FLOOR_AT[move.floor]
    event.update(level=lv, slot=j)
    cards = " ".join(card_text(c) for c in tri.cards)
    colour = "red" if tri.scorer == AXEL else "black"
    score = f"{cards}, {colour} majority, {NAMES[tri.scorer]} +{abs(tri.value)}"
    f = move.floor
    # The two leaning cards and the floor card that close the triangle.
    if tri.direction == "down":
        legs = [[*PEAK_AT[FLOOR_LEFT[f]], "right"], [*PEAK_AT[FLOOR_RIGHT[f]], "left"]]
    else:
        legs = [[*PEAK_AT[FLOOR_UP[f]], side] for side in ("left", "right")]
    event["triangle"] = {"direction": tri.direction, "level": lv, "slot": j,
                         "cards": [card_text(c) for c in tri.cards], "points": abs(tri.value),
                         "scorer": NAMES[tri.scorer], "value": tri.value,
                         "legs": legs, "floor": {"level": lv, "slot": j}}
    if move.kind in (FLOOR_D, FLOOR_H):
        card = d if move.kind == FLOOR_D else card_text(h)
        event.update(card=card, source="drawn" if move.kind == FLOOR_D else "held")
        place = place_name("valley", lv, j)
        if move.kind == FLOOR_D:
            return event, f"{who}: {d} floors {place}: {score}"
        return event, f"{who}: held {card} floors {place}: {score}; {d} is held"
    left, right = (card_text(h), d) if move.kind == PEAK_HD else (d, card_text(h))
    event.update(left=left, right=right, peak_level=lv + 1)
    return event, f"{who}: {left} / , \\ {right} stand on {place_name('floor', lv, j)}: {score}"


class HouseLine(Line[Position]):
    """House of Cards for the generic walker: the rest-value search, snapshots and narration."""

    def __init__(self, deck: Sequence[int], outcome: CaseResult | None) -> None:
        self.search = RestSearch(deck)
        self.outcome = outcome              # the solved case (for the end frame)

    def value_of(self, state: Position) -> int:
        return self.search.value(state)

    def move_id(self, state: Position, move: Move) -> str:
        return move.id

    def move_label(self, state: Position, move: Move) -> str:
        return move_label(state, move)

    def player(self, state: Position) -> str:
        return NAMES[state.mover]

    def opening(self, state: Position) -> str:
        deck = state.deck
        colour = "red" if state.first == AXEL else "black"
        peaks = " ".join(f"{card_text(deck[2 * p])}/{card_text(deck[2 * p + 1])}" for p in range(4))
        return (f"Deal: four peaks {peaks}; {card_text(deck[0])} is {colour}: "
                f"{NAMES[state.first]} starts")

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        return _state(state, self.value_of(state) if value is None else value)

    def narrate(self, before: Position, move: Move, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], str]:
        _, tri = before.step(move)
        event, note = _turn_event(before, move, tri)
        return NAMES[before.mover], event, note

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], str]:
        outcome = self.outcome
        if outcome is None:
            raise ValueError("the end frame needs the solved case")
        adjustments: list[dict[str, Any]] = []
        final = list(state.points)
        for k, c in enumerate(state.held):
            if c:
                own = (c & RED != 0) == (k == AXEL)
                pts = (c & RANK_MASK) * (1 if own else -1)
                final[k] += pts
                adjustments.append({"player": NAMES[k], "card": card_text(c), "points": pts})
        v = state.value()
        played = CaseResult(outcome.index, outcome.name, outcome.m, v).line()
        x = v if outcome.name == NAMES[AXEL] else -v
        snap = _state(state, v)
        snap.update(final={NAMES[0]: final[0], NAMES[1]: final[1]}, adjustments=adjustments,
                    outcome={"value": v, "result": x,
                             "winner": None if v == 0 else NAMES[AXEL if v > 0 else BIRGIT],
                             "optimal": v == outcome.value},
                    answer=outcome.line(), played=played)
        held = "; ".join(f"{a['player']}'s held {a['card']} {signed(a['points'])}" for a in adjustments)
        note = (f"End: {held + '. ' if held else 'no held cards. '}Final: Axel {final[0]}, "
                f"Birgit {final[1]}. {played.rstrip()}")
        return None, {"kind": "end", "adjustments": adjustments, "value": v, "line": played}, snap, note
