"""Sevens replay: the line with every move's exact value, scene snapshots and narration."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import Frame, MoveValue
from ...errors import InvalidInputError
from .rules import (ALICE, BOB, DECK_SIZE, PLAYERS, SUIT_NAMES, SUITS, VALUE_TEXT, VALUE_VERB, Card,
                    Position, card_name)
from .search import SevensResult


def _end_verb(card: Card, end: str) -> str:
    suit = SUIT_NAMES[card[0]]
    return f"opens {suit}" if end == "open" else f"extends {suit} {end}"


def _status(position: Position, mover: int, legal: int) -> str:
    left_a, left_b = len(position.hand(ALICE)), len(position.hand(BOB))
    return f"{PLAYERS[mover]} to move · cards left A {left_a} / B {left_b} · legal: {legal}"


def _state(position: Position) -> dict[str, Any]:
    """Everything the scene draws: tracks, both hands, the mover and the blinking ends."""
    deal = position.deal
    mover = position.to_move()
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


def replay_line(result: SevensResult, moves: Sequence[str] = ()) -> list[Frame]:
    """Frame 0 is the deal; one frame per card; a last frame for the stuck player or the draw.

    ``moves`` are the ids chosen at the first decisions; the optimal line (the first
    best move in canonical order) continues from there.
    """
    deal, solver = result.deal, result.solver
    position = Position.opening(deal)
    holder = deal.holder
    frames: list[Frame] = []
    event: dict[str, Any] | None = None
    actor: str | None = None
    note = f"{PLAYERS[holder]} holds S7 and lays it; {PLAYERS[1 - holder]} moves first"
    decisions = 0
    while True:
        legal = position.moves()
        mover = position.to_move()
        values: tuple[MoveValue, ...] | None = None
        if legal:
            scored = [(card, -solver.value(position.play(card))) for card in legal]
            best = max(v for _, v in scored)
            values = tuple(MoveValue(card_name(c), card_name(c), v, VALUE_TEXT[v], v == best)
                           for c, v in scored)
        frames.append(Frame(len(frames), actor, event, _state(position), note, values,
                            PLAYERS[mover] if legal else None))
        if not legal:
            break
        assert values is not None
        ends = dict(position.ends())
        if decisions < len(moves):
            wanted = moves[decisions]
            pick = next((k for k, mv in enumerate(values) if mv.move == wanted), None)
            if pick is None:
                raise InvalidInputError(
                    f"move {decisions + 1} (frame {len(frames) - 1}): '{wanted}' is not legal "
                    f"for {PLAYERS[mover]}; legal: {', '.join(mv.move for mv in values)}")
        else:
            pick = next(k for k, mv in enumerate(values) if mv.best)
        decisions += 1
        card, chosen = legal[pick], values[pick]
        forced = len(legal) == 1
        end = ends[card]
        event = {"kind": "play", "move": chosen.move, "card": chosen.move, "suit": SUITS[card[0]],
                 "rank": card[1], "end": end, "player": PLAYERS[mover], "value": chosen.value,
                 "text": chosen.text, "best": chosen.best, "forced": forced}
        actor = PLAYERS[mover]
        verdict = ("forced, " if forced else "") + VALUE_VERB[chosen.value]
        note = f"{actor}: {chosen.move} {_end_verb(card, end)} ({verdict})"
        position = position.play(card)
    if decisions < len(moves):
        raise InvalidInputError(f"move {decisions + 1} '{moves[decisions]}': the game is over "
                                f"after {decisions} moves")
    stuck = position.to_move()
    state = _state(position)
    state["to_move"] = None
    if position.down() == DECK_SIZE:
        outcome, event = "Draw", {"kind": "draw"}
        banner = "All 52 cards played: DRAW"
        actor = None
    else:
        winner = PLAYERS[1 - stuck]
        outcome = winner
        event = {"kind": "stuck", "player": PLAYERS[stuck],
                 "hand": [card_name(c) for c in position.hand(stuck)]}
        banner = f"{PLAYERS[stuck]} has no playable card: {winner.upper()} WINS"
        actor = PLAYERS[stuck]
    state.update(outcome=outcome, answer=result.answer, banner=banner,
                 stuck=None if outcome == "Draw" else PLAYERS[stuck],
                 optimal=outcome + "\n" == result.answer)
    frames.append(Frame(len(frames), actor, event, state, banner))
    return frames
