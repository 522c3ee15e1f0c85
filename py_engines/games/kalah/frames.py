"""Kalah replay: what the generic walker needs from Kalah (values, snapshots, narration)."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import MoveValue
from ...walker import Line
from .rules import (ARROW, DASH, LOCK_ROUNDS, MINUS, OPP, PAIR_LOCKED, PASS, PLAYER, SHORT,
                    SWAP_ARROW, SWAP_VERB, YOU, Move, Position, Sowing, move_id, pit_label)
from .search import CaseSolver


def _state(pos: Position) -> dict[str, Any]:
    m = pos.m
    return {
        "m": m,
        "pits": list(pos.pits),
        "labels": [pit_label(m, p) for p in range(pos.n)],
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
                         "refused": list(sowing.refused)}
    return event


def _sow_note(before: Position, after: Position, sowing: Sowing) -> str:
    m, me = before.m, sowing.player

    def label(pit: int) -> str:
        return pit_label(m, pit)

    head = (f"R{before.round} {SHORT[me]}: {label(sowing.cup)} {ARROW} "
            f"{', '.join(label(p) for p in sowing.path)}")
    last = label(sowing.last)
    if sowing.kind == "extra":
        return f"{head}; last stone in own bowl, moves again"
    if sowing.kind == "capture":
        a, b = sowing.captured or (0, 0)
        whose = "your" if me == OPP else "the opponent's"
        facing = label(before.opposite(sowing.last))
        return f"{head}; {last} was empty and faces {whose} {facing}: captures {a}+{b} = {a + b}"
    if sowing.empty_facing:
        return (f"{head}; {last} was empty but faces an empty "
                f"{label(before.opposite(sowing.last))}: no capture")
    if sowing.pair is not None:
        pair = _pair_name(before, sowing.pair)
        if sowing.kind == "swap":
            left, t = after.swaps[me], before.round
            return (f"{head}; {SHORT[me]} {SWAP_VERB[me]} {pair} ({left} swap"
                    f"{'' if left == 1 else 's'} left); pair {_pair_name(before, sowing.pair, '/')}"
                    f" locked in rounds {t + 1}{DASH}{t + LOCK_ROUNDS}")
        if sowing.declined:
            return f"{head}; no swap {pair} (a swap was allowed)"
        reasons = list(sowing.refused)
        if PAIR_LOCKED in reasons:
            free = before.round + before.locks[sowing.pair]
            reasons[reasons.index(PAIR_LOCKED)] = f"{PAIR_LOCKED} (free from round {free})"
        return f"{head}; no swap {pair}: {', '.join(reasons)}"
    if sowing.last == before.bowl(1 - me):
        return f"{head}; last stone in the other bowl: turn ends"
    return f"{head}; turn ends"


def _outcome(pos: Position) -> dict[str, Any]:
    you, opp = pos.pits[pos.m], pos.pits[2 * pos.m + 1]
    value = you - opp
    text = str(value).replace("-", MINUS)
    return {"outcome": "win" if value > 0 else "loss" if value < 0 else "draw",
            "value": value, "answer": f"{value}\n",
            "banner": f"YOU {you} {MINUS} OPP {opp} = {text}"}


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

    def move_label(self, state: Position, move: Move) -> str:
        return _move_label(state, move)

    def player(self, state: Position) -> str:
        return PLAYER[state.mover]

    def automatic(self, state: Position) -> bool:
        return state.must_pass()

    def opening(self, state: Position) -> str:
        return "Opponent moves first"

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        snap = _state(state)
        if values is not None:
            snap["value"] = value
            snap["choices"] = [_choice(state, mv) for mv in state.moves()]
        return snap

    def narrate(self, before: Position, move: Move, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], str]:
        me = before.mover
        if move == PASS:
            whose = "your" if me == YOU else "his"
            return (PLAYER[me], {"kind": "pass", "player": PLAYER[me], "round": before.round},
                    f"R{before.round} {SHORT[me]} pass{'' if me == YOU else 'es'}: "
                    f"no stones in {whose} cups")
        _, sowing = before.step(move)
        return PLAYER[me], _sow_event(before, move, sowing), _sow_note(before, after, sowing)

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], str]:
        snap = _state(state)
        snap.update(_outcome(state))
        return None, {"kind": "end", "value": snap["value"]}, snap, f"Game over: {snap['banner']}"


def _move_label(pos: Position, move: Move) -> str:
    """"c", or "c (no swap)" / "c + swap A<->a" where the sowing offers a swap."""
    cup = pit_label(pos.m, move.cup)
    _, sowing = pos.sow(move.cup)
    if sowing.pair is None or sowing.refused:
        return cup
    if not move.swap:
        return f"{cup} (no swap)"
    return f"{cup} + swap {_pair_name(pos, sowing.pair)}"


def _choice(pos: Position, move: Move) -> dict[str, Any]:
    """Where the scene shows a move's badge: its cup, and the two cups a swap exchanges."""
    choice: dict[str, Any] = {"move": move_id(pos.m, move), "cup": move.cup, "swap": None}
    if move.swap:
        last = pos.sow(move.cup)[1].last
        choice["swap"] = [pos.partner(last), last]
    return choice


def _pair_name(pos: Position, pair: int, sep: str = SWAP_ARROW) -> str:
    return f"{pit_label(pos.m, pair)}{sep}{pit_label(pos.m, pos.m + 1 + pair)}"
