"""Kalah replay: the line with every move's exact value, scene snapshots and narration."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import Frame, MoveValue
from ...errors import InvalidInputError
from .rules import (ARROW, DASH, LOCK_ROUNDS, MINUS, OPP, PAIR_LOCKED, PLAYER, SHORT, SWAP_ARROW,
                    SWAP_VERB, YOU, KalahCase, Move, Position, Sowing, move_id, pit_label)
from .search import CaseSolver


# ============================================================================ replay

def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


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
                            "stones": list(sowing.captured), "bowl": pos.bowl(sowing.player)}
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
    label = lambda p: pit_label(m, p)  # noqa: E731
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


def replay_case(case: KalahCase, moves: Sequence[str] = ()) -> list[Frame]:
    solver = CaseSolver(case.m)
    pos = Position.start(case)
    frames: list[Frame] = []
    decisions = 0

    def values_at(p: Position) -> tuple[MoveValue, ...] | None:
        if p.is_over() or p.must_pass():
            return None
        scored = solver.move_values(p)
        pick = max if p.mover == YOU else min
        best = pick(v for _, v in scored)
        return tuple(MoveValue(move_id(p.m, mv), _move_label(p, mv), v, signed(v), v == best)
                     for mv, v in scored)

    def add(actor: str | None, event: dict[str, Any] | None, p: Position, note: str) -> None:
        values = values_at(p)
        state = _state(p)
        if values is not None:
            state["value"] = next(v.value for v in values if v.best)
            state["choices"] = [_choice(p, mv) for mv in p.moves()]
        frames.append(Frame(len(frames), actor, event, state, note, values,
                            PLAYER[p.mover] if values is not None else None))

    add(None, None, pos, "Opponent moves first")
    while not pos.is_over():
        me = pos.mover
        if pos.must_pass():
            after = pos.pass_turn()
            whose = "your" if me == YOU else "his"
            add(PLAYER[me], {"kind": "pass", "player": PLAYER[me], "round": pos.round}, after,
                f"R{pos.round} {SHORT[me]} pass{'' if me == YOU else 'es'}: "
                f"no stones in {whose} cups")
            pos = after
            continue
        values = frames[-1].values or ()
        if decisions < len(moves):
            chosen = moves[decisions]
            legal = [v.move for v in values]
            if chosen not in legal:
                raise InvalidInputError(f"move {decisions + 1} (frame {len(frames) - 1}): "
                                        f"'{chosen}' is not legal here; legal moves: "
                                        f"{', '.join(legal)}")
        else:
            chosen = next(v.move for v in values if v.best)
        decisions += 1
        move = next(mv for mv in pos.moves() if move_id(pos.m, mv) == chosen)
        after, sowing = pos.play(move)
        add(PLAYER[me], _sow_event(pos, move, sowing), after,
            _sow_note(pos, after, sowing))
        pos = after
    if decisions < len(moves):
        raise InvalidInputError(f"move {decisions + 1} ('{moves[decisions]}'): the game is "
                                f"over after {decisions} moves")
    state = _state(pos)
    state.update(_outcome(pos))
    frames.append(Frame(len(frames), None, {"kind": "end", "value": state["value"]}, state,
                        f"Game over: {state['banner']}"))
    return frames


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
