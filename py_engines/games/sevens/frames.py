"""Sevens replay: what the generic walker needs (values, snapshots, narration, the end)."""
from __future__ import annotations

from typing import Any

from ...api import MoveValue
from ...i18n import Msg, msg
from ...walker import Line
from .rules import ALICE, BOB, DECK_SIZE, PLAYERS, SUITS, Card, Position, card_name
from .search import SevensSolver

SUIT_NAMES = ("spades", "hearts", "clubs", "diamonds")        # ids, as the frames carry them
SUIT_MSG = (msg("sevens.suit.spades"), msg("sevens.suit.hearts"), msg("sevens.suit.clubs"),
            msg("sevens.suit.diamonds"))
VALUE_TEXT = {1: msg("sevens.value.win"), 0: msg("sevens.value.draw"),
              -1: msg("sevens.value.loss")}
VALUE_VERB = {1: msg("sevens.verdict.wins"), 0: msg("sevens.verdict.draw"),
              -1: msg("sevens.verdict.loses")}


def _end_verb(card: Card, end: str) -> Msg:
    suit = SUIT_MSG[card[0]]
    if end == "open":
        return msg("sevens.end.open", suit=suit)
    if end == "down":
        return msg("sevens.end.down", suit=suit)
    return msg("sevens.end.up", suit=suit)


def _status(position: Position, mover: int, legal: int) -> Msg:
    left_a, left_b = len(position.hand(ALICE)), len(position.hand(BOB))
    return msg("sevens.status", player=PLAYERS[mover], alice=left_a, bob=left_b, legal=legal)


def _state(position: Position) -> dict[str, Any]:
    """Everything the scene draws: tracks, both hands, the mover and the blinking ends."""
    deal = position.deal
    mover = position.mover
    legal = position.moves()
    suits = []
    for s, run in enumerate(position.runs):
        suits.append({"suit": SUITS[s], "name": SUIT_NAMES[s], "name_msg": SUIT_MSG[s].to_dict(),
                      "open": run is not None,
                      "low": None if run is None else run[0],
                      "high": None if run is None else run[1]})
    ends = [{"card": card_name(c), "suit": SUITS[c[0]], "rank": c[1], "end": end,
             "owner": PLAYERS[deal.owner[c[0]][c[1]]], "legal": c in legal}
            for c, end in position.ends()]
    return {"suits": suits,
            "hands": {PLAYERS[p]: [card_name(c) for c in position.hand(p)] for p in (ALICE, BOB)},
            "holder": PLAYERS[deal.holder], "down": position.down(),
            "to_move": PLAYERS[mover], "ends": ends, "legal": [card_name(c) for c in legal],
            "status_msg": _status(position, mover, len(legal)).to_dict()}


class SevensLine(Line[Position]):
    """Sevens for the generic walker.  Values are on Alice's side in the GameState; a
    frame shows each move's value for its mover (win / draw / loss), as before."""

    def __init__(self, solver: SevensSolver, answer: str | None) -> None:
        self.solver = solver
        self.answer = answer                # the judge's answer (for the end frame)

    def value_of(self, state: Position) -> int:
        return self.solver.value(state) * state.to_move()

    def shown(self, state: Position, value: int) -> tuple[int, Msg | str]:
        mine = value * state.to_move()
        return mine, VALUE_TEXT[mine]

    def move_id(self, state: Position, move: Card) -> str:
        return card_name(move)

    def player(self, state: Position) -> str:
        return PLAYERS[state.mover]

    def opening(self, state: Position) -> Msg:
        holder = state.deal.holder
        return msg("sevens.note.opening", holder=PLAYERS[holder], other=PLAYERS[1 - holder])

    def snapshot(self, state: Position, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Any]:
        return _state(state)

    def narrate(self, before: Position, move: Card, after: Position,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Any], Msg]:
        assert chosen is not None           # every Sevens move is a decision
        forced = len(before.moves()) == 1
        end = dict(before.ends())[move]
        actor = PLAYERS[before.mover]
        event: dict[str, Any] = {
            "kind": "play", "move": chosen.move, "card": chosen.move, "suit": SUITS[move[0]],
            "rank": move[1], "end": end, "player": actor, "value": chosen.value,
            "text_msg": VALUE_TEXT[chosen.value].to_dict(), "best": chosen.best, "forced": forced}
        verdict = VALUE_VERB[chosen.value]
        if forced:
            verdict = msg("sevens.verdict.forced", verdict=verdict)
        return actor, event, msg("sevens.note.play", player=actor, card=chosen.move,
                                 action=_end_verb(move, end), verdict=verdict)

    def end(self, state: Position) -> tuple[str | None, dict[str, Any], dict[str, Any], Msg]:
        """The stuck player, or the draw once all 52 cards are down."""
        stuck = state.mover
        snap = _state(state)
        snap["to_move"] = None
        event: dict[str, Any]
        if state.down() == DECK_SIZE:
            outcome, event = "Draw", {"kind": "draw"}
            reason = msg("sevens.banner.all_played", cards=DECK_SIZE)
            verdict = msg("sevens.banner.draw")
            actor = None
        else:
            winner = PLAYERS[1 - stuck]
            outcome = winner
            event = {"kind": "stuck", "player": PLAYERS[stuck],
                     "hand": [card_name(c) for c in state.hand(stuck)]}
            reason = msg("sevens.banner.stuck", player=PLAYERS[stuck])
            verdict = msg("sevens.banner.wins", player=winner.upper())
            actor = PLAYERS[stuck]
        banner = msg("sevens.banner.text", reason=reason, verdict=verdict)
        snap.update(outcome=outcome, answer=self.answer, banner_msg=banner.to_dict(),
                    stuck=None if outcome == "Draw" else PLAYERS[stuck],
                    optimal=outcome + "\n" == self.answer)
        return actor, event, snap, banner
