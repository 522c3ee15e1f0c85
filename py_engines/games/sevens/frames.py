"""Sevens replay: what the generic walker needs (values, snapshots, narration, the end)."""
from __future__ import annotations

from typing import Any

from ...api import MoveValue
from ...walker import Line
from .rules import (ALICE, BOB, DECK_SIZE, PLAYERS, SUIT_NAMES, SUITS, VALUE_TEXT, VALUE_VERB, Card,
                    Position, card_name)
from .search import SevensSolver


def _end_verb(card: Card, end: str) -> str:
    suit = SUIT_NAMES[card[0]]
    return f"opens {suit}" if end == "open" else f"extends {suit} {end}"


def _status(position: Position, mover: int, legal: int) -> str:
    left_a, left_b = len(position.hand(ALICE)), len(position.hand(BOB))
    return f"{PLAYERS[mover]} to move · cards left A {left_a} / B {left_b} · legal: {legal}"


def _state(position: Position) -> dict[str, Any]:
    """Everything the scene draws: tracks, both hands, the mover and the blinking ends."""
    deal = position.deal
    mover = position.mover
    legal = position.moves()
    suits = []
    for s, run in enumerate(position.runs):
        suits.append({"suit": SUITS[s], "name": SUIT_NAMES[s], "open": run is not None,
                      "low": None if run is None else run[0],
                      "high": None if run is None else run[1]})
    ends = [{"card": card_name(c), "suit": SUITS[c[0]], "rank": c[1], "end": end,
             "owner": PLAYERS[deal.owner[c[0]][c[1]]], "legal": c in legal}
            for c, end in position.ends()]
    return {"suits": suits,
            "hands": {PLAYERS[p]: [card_name(c) for c in position.hand(p)] for p in (ALICE, BOB)},
            "holder": PLAYERS[deal.holder], "down": position.down(),
            "to_move": PLAYERS[mover], "ends": ends, "legal": [card_name(c) for c in legal],
            "status": _status(position, mover, len(legal))}


class SevensLine(Line[Position]):
    """Sevens for the generic walker.  Values are on Alice's side in the GameState; a
    frame shows each move's value for its mover (win / draw / loss), as before."""

    def __init__(self, solver: SevensSolver, answer: str | None) -> None:
        self.solver = solver
        self.answer = answer                # the judge's answer (for the end frame)

    def value_of(self, state: Position) -> int:
        return self.solver.value(state) * state.to_move()

    def shown(self, state: Position, value: int) -> tuple[int, str]:
        mine = value * state.to_move()
        return mine, VALUE_TEXT[mine]

    def move_id(self, state: Position, move: Card) -> str:
        return card_name(move)

    def player(self, state: Position) -> str:
        return PLAYERS[state.mover]

    def opening(self, state: Position) -> str:
        holder = state.deal.holder
        return f"{PLAYERS[holder]} holds S7 and lays it; {PLAYERS[1 - holder]} moves first"

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        return _state(state)

    def narrate(self, before: Position, move: Card, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], str]:
        assert chosen is not None           # every Sevens move is a decision
        forced = len(before.moves()) == 1
        end = dict(before.ends())[move]
        actor = PLAYERS[before.mover]
        event: dict[str, Any] = {
            "kind": "play", "move": chosen.move, "card": chosen.move, "suit": SUITS[move[0]],
            "rank": move[1], "end": end, "player": actor, "value": chosen.value,
            "text": chosen.text, "best": chosen.best, "forced": forced}
        verdict = ("forced, " if forced else "") + VALUE_VERB[chosen.value]
        return actor, event, f"{actor}: {chosen.move} {_end_verb(move, end)} ({verdict})"

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], str]:
        """The stuck player, or the draw once all 52 cards are down."""
        stuck = state.mover
        snap = _state(state)
        snap["to_move"] = None
        event: dict[str, Any]
        if state.down() == DECK_SIZE:
            outcome, event = "Draw", {"kind": "draw"}
            banner = "All 52 cards played: DRAW"
            actor = None
        else:
            winner = PLAYERS[1 - stuck]
            outcome = winner
            event = {"kind": "stuck", "player": PLAYERS[stuck],
                     "hand": [card_name(c) for c in state.hand(stuck)]}
            banner = f"{PLAYERS[stuck]} has no playable card: {winner.upper()} WINS"
            actor = PLAYERS[stuck]
        snap.update(outcome=outcome, answer=self.answer, banner=banner,
                    stuck=None if outcome == "Draw" else PLAYERS[stuck],
                    optimal=outcome + "\n" == self.answer)
        return actor, event, snap, banner
