"""Kalah replay: what the generic walker needs from Kalah (values, snapshots, narration)."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import MoveValue
from ...i18n import Msg, msg
from ...walker import Line
from .rules import (LOCK_ROUNDS, MINUS, NO_SWAPS_LEFT, OPP, OWN_CUP_EMPTY, PAIR_LOCKED, PASS, PLAYER,
                    SWAP_ARROW, YOU, Move, Position, Sowing, move_id, pit_label)
from .search import CaseSolver

PLAYER_MSG = (msg("kalah.player.you"), msg("kalah.player.opponent"))    # Frame.to_move_msg
SHORT = (msg("kalah.short.you"), msg("kalah.short.opp"))                  # narration
REASON_MSG = {NO_SWAPS_LEFT: msg("kalah.reason.no_swaps_left"),
              PAIR_LOCKED: msg("kalah.reason.pair_locked"),
              OWN_CUP_EMPTY: msg("kalah.reason.own_cup_empty")}


def pit_msg(m: int, pit: int) -> Msg:
    """A pit's name on the board as a message: cups are letters, bowls are words."""
    if pit == m:
        return msg("kalah.pit.you")
    if pit == 2 * m + 1:
        return msg("kalah.pit.opp")
    return msg("kalah.pit.cup", cup=pit_label(m, pit))


def _state(pos: Position) -> dict[str, Any]:
    m = pos.m
    return {
        "m": m,
        "pits": list(pos.pits),
        "labels": [pit_label(m, p) for p in range(pos.n)],
        "labels_msg": [pit_msg(m, p).to_dict() for p in range(pos.n)],
        "round": pos.round,
        "turn": None if pos.is_over() else PLAYER[pos.mover],
        "swaps": {"you": pos.swaps[YOU], "opponent": pos.swaps[OPP]},
        "locks": list(pos.locks),
        "score": {"you": pos.pits[m], "opponent": pos.pits[2 * m + 1]},
        "passing": pos.must_pass(),
    }


def _sow_event(pos: Position, move: Move, sowing: Sowing) -> dict[str, Any]:
    m = pos.m
    event: dict[str, Any] = {
        "kind": sowing.kind, "move": move_id(m, move), "player": PLAYER[sowing.player],
        "cup": sowing.cup, "stones": sowing.stones, "path": list(sowing.path),
        "last": sowing.last, "round": pos.round,
    }
    if sowing.captured is not None:
        event["capture"] = {"cup": sowing.last, "opposite": pos.opposite(sowing.last),
                            "stones": list(sowing.captured), "total": sum(sowing.captured),
                            "bowl": pos.bowl(sowing.player)}
    if sowing.empty_facing:
        event["no_capture"] = {"cup": sowing.last, "opposite": pos.opposite(sowing.last)}
    if sowing.pair is not None:
        mine = pos.partner(sowing.last)
        event["swap"] = {"pair": sowing.pair, "cups": [mine, sowing.last],
                         "done": sowing.kind == "swap", "declined": sowing.declined,
                         "refused": list(sowing.refused),
                         "refused_msg": [REASON_MSG[r].to_dict() for r in sowing.refused]}
    return event


def _sow_note(before: Position, after: Position, sowing: Sowing) -> Msg:
    m, me = before.m, sowing.player

    def label(pit: int) -> Msg:
        return pit_msg(m, pit)

    head = msg("kalah.note.head", round=before.round, player=SHORT[me], cup=label(sowing.cup),
               path=tuple(label(p) for p in sowing.path))
    last = label(sowing.last)
    if sowing.kind == "extra":
        return msg("kalah.note.extra", head=head)
    if sowing.kind == "capture":
        a, b = sowing.captured or (0, 0)
        facing = label(before.opposite(sowing.last))
        if me == OPP:
            return msg("kalah.note.capture_facing_yours", head=head, last=last, facing=facing,
                       mine=a, theirs=b, total=a + b)
        return msg("kalah.note.capture_facing_opponents", head=head, last=last, facing=facing,
                   mine=a, theirs=b, total=a + b)
    if sowing.empty_facing:
        return msg("kalah.note.no_capture", head=head, last=last,
                   facing=label(before.opposite(sowing.last)))
    if sowing.pair is not None:
        pair = _pair_name(before, sowing.pair)
        if sowing.kind == "swap":
            left, t = after.swaps[me], before.round
            if me == YOU:
                return msg("kalah.note.swap_by_you", head=head, pair=pair, count=left,
                           from_round=t + 1, to_round=t + LOCK_ROUNDS)
            return msg("kalah.note.swap_by_opp", head=head, pair=pair, count=left,
                       from_round=t + 1, to_round=t + LOCK_ROUNDS)
        if sowing.declined:
            return msg("kalah.note.declined", head=head, pair=pair)
        reasons = tuple(REASON_MSG[r] for r in sowing.refused)
        if PAIR_LOCKED in sowing.refused:
            free = before.round + before.locks[sowing.pair]
            reasons = tuple(msg("kalah.reason.pair_locked_until", round=free)
                            if r == PAIR_LOCKED else REASON_MSG[r] for r in sowing.refused)
        return msg("kalah.note.refused", head=head, pair=pair, reasons=reasons)
    if sowing.last == before.bowl(1 - me):
        return msg("kalah.note.other_bowl", head=head)
    return msg("kalah.note.turn_ends", head=head)


def _banner(pos: Position) -> Msg:
    """'YOU 5 - OPP 3 = 2': the final score and the answer."""
    you, opp = pos.pits[pos.m], pos.pits[2 * pos.m + 1]
    return msg("kalah.banner", you=you, opp=opp, value=str(you - opp).replace("-", MINUS))


def _outcome(pos: Position) -> dict[str, Any]:
    value = pos.pits[pos.m] - pos.pits[2 * pos.m + 1]
    return {"outcome": "win" if value > 0 else "loss" if value < 0 else "draw",
            "value": value, "answer": f"{value}\n", "banner_msg": _banner(pos).to_dict()}


class KalahLine(Line[Position]):
    """Kalah for the generic walker: the packed solver's values, snapshots and narration."""

    def __init__(self, solver: CaseSolver) -> None:
        self.solver = solver

    def value_of(self, state: Position) -> int:
        return self.solver.value(state)

    def move_values(self, state: Position, moves: Sequence[Move]) -> list[int]:
        best = self.solver.value(state)     # a sibling's value is a good first guess
        return [self.solver.value(state.play(mv), best) for mv in moves]

    def move_id(self, state: Position, move: Move) -> str:
        return move_id(state.m, move)

    def move_label(self, state: Position, move: Move) -> Msg | str:
        return _move_label(state, move)

    def player(self, state: Position) -> str:
        return PLAYER[state.mover]

    def player_msg(self, state: Position) -> Msg:
        return PLAYER_MSG[state.mover]

    def automatic(self, state: Position) -> bool:
        return state.must_pass()

    def opening(self, state: Position) -> Msg:
        return msg("kalah.note.opening")

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        snap = _state(state)
        if values is not None:
            snap["value"] = value
            snap["choices"] = [_choice(state, mv) for mv in state.moves()]
        return snap

    def narrate(self, before: Position, move: Move, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], Msg]:
        me = before.mover
        if move == PASS:
            return (PLAYER[me], {"kind": "pass", "player": PLAYER[me], "round": before.round},
                    msg("kalah.note.pass_you" if me == YOU else "kalah.note.pass_opp",
                        round=before.round))
        _, sowing = before.step(move)
        return PLAYER[me], _sow_event(before, move, sowing), _sow_note(before, after, sowing)

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], Msg]:
        snap = _state(state)
        snap.update(_outcome(state))
        return (None, {"kind": "end", "value": snap["value"]}, snap,
                msg("kalah.note.end", banner=_banner(state)))


def _move_label(pos: Position, move: Move) -> Msg | str:
    """"c", or "c (no swap)" / "c + swap A/a" where the sowing offers a swap."""
    cup = pit_label(pos.m, move.cup)
    _, sowing = pos.sow(move.cup)
    if sowing.pair is None or sowing.refused:
        return cup
    if not move.swap:
        return msg("kalah.move.no_swap", cup=cup)
    return msg("kalah.move.swap", cup=cup, pair=_pair_name(pos, sowing.pair))


def _choice(pos: Position, move: Move) -> dict[str, Any]:
    """Where the scene shows a move's badge: its cup, and the two cups a swap exchanges."""
    choice: dict[str, Any] = {"move": move_id(pos.m, move), "cup": move.cup, "swap": None}
    if move.swap:
        last = pos.sow(move.cup)[1].last
        choice["swap"] = [pos.partner(last), last]
    return choice


def _pair_name(pos: Position, pair: int) -> str:
    return f"{pit_label(pos.m, pair)}{SWAP_ARROW}{pit_label(pos.m, pos.m + 1 + pair)}"
