"""The walker's ``Line`` for a lab game: the user's states, the iterative solver's values.

Move ids and labels are ``state.name(move)`` (default ``str(move)``): a non-empty str of
at most ``NAME_CHARS`` characters, unique among a position's moves.  The narration is
``state.note(move)`` (a plain str, cut to ``NOTE_CHARS``) or the catalog's ``lab.move``.
The players are Max (+1) and Min (-1); in a one-player puzzle (no position the search
met had Min to move) the one player is called Player.  The frames' ``state`` is the lab
scene's: ``{"lab", "title", "view", "table", "to_move", "value", "over"}``; ``end``
gives the last frame (the walk runs with ``merge_end``) the outcome.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..api import MoveValue
from ..errors import LimitError
from ..i18n import Msg, msg
from ..search.iterative import ContractError, Solver, shown
from ..walker import Line, signed
from .view import check_view, table_of

Json = Any
NAME_CHARS = 32
NOTE_CHARS = 200
MAX_LINE = 19_999                 # moves: with the start, 20,000 frames at most
MAX_VALUES = 4_096                # legal moves valued at one step

PLAYER = {1: "Max", -1: "Min"}
SOLO = "Player"


class LabLine(Line[Any]):
    """What the walker asks of a lab game, answered from the user's state and one solver."""

    def __init__(self, solver: Solver, title: str, solo: bool) -> None:
        self.solver = solver
        self.title = title
        self.solo = solo
        self.played = 0
        self.last_note: Msg | str | None = None

    # ------------------------------------------------------------------ values and names

    def value_of(self, state: Any) -> int:
        return self.solver.value(state)

    def move_values(self, state: Any, moves: Sequence[Any]) -> list[int]:
        if len(moves) > MAX_VALUES:
            raise LimitError(msg("lab.error.moves_count", count=len(moves), limit=MAX_VALUES))
        seen: dict[str, int] = {}
        for k, move in enumerate(moves):
            name = self.move_id(state, move)
            if name in seen:
                raise ContractError(msg("lab.error.duplicate", name=name, first=seen[name] + 1,
                                        second=k + 1))
            seen[name] = k
        return [self.solver.value(state.play(m)) for m in moves]

    def move_id(self, state: Any, move: Any) -> str:
        namer = getattr(state, "name", None)
        name = namer(move) if callable(namer) else str(move)
        if not isinstance(name, str) or not 1 <= len(name) <= NAME_CHARS:
            raise ContractError(msg("lab.error.name", max=NAME_CHARS, got=shown(name)))
        return name

    def shown(self, state: Any, value: int) -> tuple[int, Msg | str]:
        return value, signed(value)

    # ------------------------------------------------------------------ players

    def player(self, state: Any) -> str:
        side = self.solver.mover(state)
        return SOLO if self.solo and side > 0 else PLAYER[side]

    def player_msg(self, state: Any) -> Msg:
        side = self.solver.mover(state)
        if side < 0:
            return msg("lab.player.min")
        return msg("lab.player.solo") if self.solo else msg("lab.player.max")

    # ------------------------------------------------------------------ frames

    def scene(self, state: Any, value: int | None, over: bool) -> dict[str, Json]:
        """The lab scene's state: the checked view, or the table without one."""
        viewer = getattr(state, "view", None)
        shown_view = viewer() if callable(viewer) else None
        view = None if shown_view is None else check_view(shown_view)
        return {"lab": True, "title": self.title, "view": view,
                "table": table_of(state) if view is None else None,
                "to_move": self.solver.mover(state), "value": value, "over": over}

    def opening(self, state: Any) -> Msg:
        return msg("lab.opening", title=self.title, player=self.player_msg(state))

    def snapshot(self, state: Any, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Json]:
        return self.scene(state, value, False)

    def narrate(self, before: Any, move: Any, after: Any,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Json], Msg | str]:
        self.played += 1
        if self.played > MAX_LINE:
            raise LimitError(msg("lab.error.line_length", limit=MAX_LINE))
        name = chosen.move if chosen is not None else self.move_id(before, move)
        side = self.solver.mover(before)
        noter = getattr(before, "note", None)
        note: Msg | str
        if callable(noter):
            told = noter(move)
            if not isinstance(told, str):
                raise ContractError(msg("lab.error.note", got=shown(told)))
            note = told if len(told) <= NOTE_CHARS else told[:NOTE_CHARS - 3] + "..."
        else:
            note = msg("lab.move", player=self.player_msg(before), move=name)
        self.last_note = note
        return self.player(before), {"kind": "move", "move": name, "player": side}, note

    def end(self, state: Any) -> tuple[str | None, dict[str, Json], dict[str, Json], Msg]:
        value = self.solver.terminal_value(state)
        outcome = (msg("lab.outcome.solo", value=value) if self.solo
                   else msg("lab.outcome.max", value=signed(value)) if value > 0
                   else msg("lab.outcome.min", value=signed(value)) if value < 0
                   else msg("lab.outcome.draw", value=signed(value)))
        note = msg("lab.end", outcome=outcome) if self.last_note is None \
            else msg("lab.end_after", note=self.last_note, outcome=outcome)
        return None, {"kind": "end", "value": value}, self.scene(state, value, True), note
