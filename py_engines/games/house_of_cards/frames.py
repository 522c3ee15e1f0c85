"""House of Cards replay: what the generic walker needs (values, snapshots, labels, narration)."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import MoveValue
from ...i18n import Msg, msg
from ...walker import Line, signed
from .judge import CaseResult
from .rules import (AXEL, BIRGIT, FLOOR_AT, FLOOR_CARD, FLOOR_D, FLOOR_H, FLOOR_LEFT, FLOOR_RIGHT,
                    FLOOR_UP, HOLD, NAMES, PEAK_AT, PEAK_HD, RANK_MASK, RED, Move, Position,
                    Triangle, card_text, open_floors, open_valleys, peak_exists)
from .search import RestSearch


_SIDES = {1: ("left", "middle", "right"), 2: ("left", "right"), 3: ("",)}
_SIDE_MSG = {"left": msg("house_of_cards.side.left"), "middle": msg("house_of_cards.side.middle"),
             "right": msg("house_of_cards.side.right")}


def place_name(what: str, level: int, slot: int) -> Msg:
    """'the middle valley', 'the right level-2 floor', 'the level-3 valley' (``what`` is
    "valley" or "floor")."""
    side = _SIDES[level][slot - 1]
    if not side:
        if what == "valley":
            return msg("house_of_cards.place.valley_top", level=level)
        return msg("house_of_cards.place.floor_top", level=level)
    if level == 1:
        if what == "valley":
            return msg("house_of_cards.place.valley_ground", side=_SIDE_MSG[side])
        return msg("house_of_cards.place.floor_ground", side=_SIDE_MSG[side])
    if what == "valley":
        return msg("house_of_cards.place.valley", side=_SIDE_MSG[side], level=level)
    return msg("house_of_cards.place.floor", side=_SIDE_MSG[side], level=level)


def move_label(pos: Position, move: Move) -> Msg:
    d, h = card_text(pos.drawn), card_text(pos.held[pos.mover]) if pos.held[pos.mover] else ""
    if move.floor is None:
        return msg("house_of_cards.move.hold", card=d)
    lv, j = FLOOR_AT[move.floor]
    if move.kind == FLOOR_D:
        return msg("house_of_cards.move.floor", card=d, level=lv, slot=j)
    if move.kind == FLOOR_H:
        return msg("house_of_cards.move.floor_held", card=h, level=lv, slot=j, drawn=d)
    left, right = (h, d) if move.kind == PEAK_HD else (d, h)
    return msg("house_of_cards.move.peak", left=left, right=right, level=lv, slot=j)


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


def _turn_event(pos: Position, move: Move, tri: Triangle | None) -> tuple[dict[str, Any], Msg]:
    who, d = NAMES[pos.mover], card_text(pos.drawn)
    h = pos.held[pos.mover]
    kind = "hold" if move.kind == HOLD else "floor" if move.kind in (FLOOR_D, FLOOR_H) else "peak"
    event: dict[str, Any] = {"kind": kind, "move": move.id, "player": who, "drawn": d,
                             "triangle": None}
    if move.floor is None or tri is None:
        return event, msg("house_of_cards.note.hold", player=who, card=d)
    lv, j = FLOOR_AT[move.floor]
    event.update(level=lv, slot=j)
    cards = " ".join(card_text(c) for c in tri.cards)
    score = msg("house_of_cards.note.score_red" if tri.scorer == AXEL
                else "house_of_cards.note.score_black",
                cards=cards, player=NAMES[tri.scorer], points=abs(tri.value))
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
            return event, msg("house_of_cards.note.floor", player=who, card=d, place=place,
                              score=score)
        return event, msg("house_of_cards.note.floor_held", player=who, card=card, place=place,
                          score=score, drawn=d)
    left, right = (card_text(h), d) if move.kind == PEAK_HD else (d, card_text(h))
    event.update(left=left, right=right, peak_level=lv + 1)
    return event, msg("house_of_cards.note.peak", player=who, left=left, right=right,
                      place=place_name("floor", lv, j), score=score)


class HouseLine(Line[Position]):
    """House of Cards for the generic walker: the rest-value search, snapshots and narration."""

    def __init__(self, deck: Sequence[int], outcome: CaseResult | None) -> None:
        self.search = RestSearch(deck)
        self.outcome = outcome              # the solved case (for the end frame)

    def value_of(self, state: Position) -> int:
        return self.search.value(state)

    def move_id(self, state: Position, move: Move) -> str:
        return move.id

    def move_label(self, state: Position, move: Move) -> Msg:
        return move_label(state, move)

    def player(self, state: Position) -> str:
        return NAMES[state.mover]

    def opening(self, state: Position) -> Msg:
        deck = state.deck
        peaks = " ".join(f"{card_text(deck[2 * p])}/{card_text(deck[2 * p + 1])}" for p in range(4))
        return msg("house_of_cards.note.opening_red" if state.first == AXEL
                   else "house_of_cards.note.opening_black",
                   peaks=peaks, card=card_text(deck[0]), player=NAMES[state.first])

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        return _state(state, self.value_of(state) if value is None else value)

    def narrate(self, before: Position, move: Move, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], Msg]:
        _, tri = before.step(move)
        event, note = _turn_event(before, move, tri)
        return NAMES[before.mover], event, note

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], Msg]:
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
        held = [msg("house_of_cards.note.held_card", player=a["player"], card=a["card"],
                    points=signed(a["points"])) for a in adjustments]
        if held:
            both = msg("house_of_cards.note.both_held", first=held[0], second=held[-1])
            note = msg("house_of_cards.note.end_held", held=held[0] if len(held) == 1 else both,
                       axel=final[0], birgit=final[1], line=played.rstrip())
        else:
            note = msg("house_of_cards.note.end", axel=final[0], birgit=final[1],
                       line=played.rstrip())
        return None, {"kind": "end", "adjustments": adjustments, "value": v, "line": played}, snap, note
