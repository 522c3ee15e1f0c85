"""One line-walker for every two-player game: the frames of the main line and of a variation.

A game hands the walker its opening ``GameState`` (``search.minimax``) and a
``Line``: the few things only the game knows (the fast solver's exact value of
a position, a move's id and label, the scene snapshot, the narration, the end
frame).  The walker does the rest the same way for every game: at each
decision point it scores every legal move with its exact value, marks the best
ones for the mover, follows the user's chosen ids for the first decisions and
then the first best move in the game's canonical order, refuses an illegal id
or a move after the game has ended, and numbers the frames.

Frames: frame 0 is the start; one frame per move played (its ``event`` and
``note`` come from the game's narration); the position where the game ends;
then the game's end frame with the outcome (with ``merge_end``, the end frame takes
the place of that last position's frame, keeping its move's actor and event, so the
frames number the moves plus one).  A frame's ``values`` describe the
choice the *next* frame resolves.  A position with ``automatic`` true (a forced
pass, say) is played through without a decision: no values, and no user move
is consumed.

The walk is a loop, not recursion, so its depth never grows with the game.
"""
from __future__ import annotations

from typing import Any, ClassVar, Generic, Sequence, TypeVar

from .api import BaseEngine, Frame, MoveValue, Result
from .errors import InvalidInputError
from .i18n import Msg, as_msg, msg
from .search.minimax import GameState

S = TypeVar("S", bound=GameState)
P = TypeVar("P")
R = TypeVar("R")
Json = Any


def signed(value: int) -> str:
    """'+3', '0', '-2': how a score difference is shown."""
    return f"+{value}" if value > 0 else str(value)


class Line(Generic[S]):
    """What one game tells the walker; override the hooks marked so."""

    def value_of(self, state: S) -> int:
        """The fast solver's exact value of ``state`` (the GameState's scale).  Override."""
        raise NotImplementedError

    def move_values(self, state: S, moves: Sequence[Any]) -> list[int]:
        """The exact value after each of ``moves``; a game may pass its solver a hint."""
        return [self.value_of(state.play(m)) for m in moves]

    def move_id(self, state: S, move: Any) -> str:
        """The move's id, as ``replay(moves=...)`` accepts it.  Override."""
        raise NotImplementedError

    def move_label(self, state: S, move: Any) -> Msg | str:
        """How the page names the move (a message when it is words); the id unless the
        game says more."""
        return self.move_id(state, move)

    def shown(self, state: S, value: int) -> tuple[int, Msg | str]:
        """A move's value as the frame carries it: (value, text).  Default: the value itself."""
        return value, signed(value)

    def player(self, state: S) -> str:
        """The name of the player to move, as frames and events carry it.  Override."""
        raise NotImplementedError

    def player_msg(self, state: S) -> Msg:
        """The player to move as a reader sees the name; a game whose players are words
        ("You") overrides this."""
        return msg("common.player", name=self.player(state))

    def automatic(self, state: S) -> bool:
        """True where the only move is played without a choice (a forced pass)."""
        return False

    def opening(self, state: S) -> Msg | str:
        """Frame 0's narration (a message; a plain string reads the same in every
        language).  Override."""
        raise NotImplementedError

    def snapshot(self, state: S, value: int | None,
                 values: tuple[MoveValue, ...] | None) -> dict[str, Json]:
        """Everything the scene draws at ``state`` (``value``: its exact value, None where
        not needed; ``values``: the moves offered, None where nobody chooses).  Override."""
        raise NotImplementedError

    def narrate(self, before: S, move: Any, after: S,
                chosen: MoveValue | None) -> tuple[str | None, dict[str, Json], Msg | str]:
        """(actor, event, note) of playing ``move``; ``chosen`` is its MoveValue at a
        decision point.  The event carries ``kind``, and ``move`` (the id) after a decision.
        Override."""
        raise NotImplementedError

    def end(self, state: S) -> tuple[str | None, dict[str, Json], dict[str, Json], Msg | str]:
        """(actor, event, state, note) of the end frame, after the game has ended.  Override."""
        raise NotImplementedError


def walk(line: Line[S], start: S, moves: Sequence[str] = (), *,
         merge_end: bool = False) -> list[Frame]:
    """The frames from ``start``: ``moves`` are the ids chosen at the first decisions.
    ``merge_end``: the last frame is the end frame (its state and note from ``line.end``,
    its actor and event the last move's), not a frame of its own."""
    frames: list[Frame] = []
    state = start
    actor: str | None = None
    event: dict[str, Json] | None = None
    note = as_msg(line.opening(start))
    decisions = 0
    while not state.is_terminal():
        legal = list(state.moves())
        chosen: MoveValue | None = None
        if line.automatic(state):
            frames.append(Frame(len(frames), actor, event, line.snapshot(state, None, None), note))
            move = legal[0]
        else:
            value, values = _score(line, state, legal)
            frames.append(Frame(len(frames), actor, event, line.snapshot(state, value, values),
                                note, values, line.player(state), line.player_msg(state)))
            pick = _pick(values, moves, decisions, len(frames) - 1, line.player_msg(state))
            decisions += 1
            move, chosen = legal[pick], values[pick]
        after = state.play(move)
        actor, event, told = line.narrate(state, move, after, chosen)
        note = as_msg(told)
        state = after
    if merge_end:
        _check_all_played(moves, decisions)
        _, _, end_state, end_note = line.end(state)
        frames.append(Frame(len(frames), actor, event, end_state, as_msg(end_note)))
        return frames
    frames.append(Frame(len(frames), actor, event, line.snapshot(state, state.value(), None), note))
    _check_all_played(moves, decisions)
    end_actor, end_event, end_state, end_note = line.end(state)
    # A user's line ends in its own result; the scene labels it as that line's, never as the
    # judge answer of the main line.
    end_state["variation"] = bool(moves)
    frames.append(Frame(len(frames), end_actor, end_event, end_state, as_msg(end_note)))
    return frames


def _check_all_played(moves: Sequence[str], decisions: int) -> None:
    """Refuses user moves left over when the game has ended."""
    if decisions < len(moves):
        raise InvalidInputError(msg("error.move.after_end", number=decisions + 1,
                                    move=moves[decisions], count=decisions))


def _score(line: Line[S], state: S, legal: list[Any]) -> tuple[int, tuple[MoveValue, ...]]:
    """The position's exact value, and every legal move with its own, the best ones marked."""
    exact = line.move_values(state, legal)
    best = max(exact) if state.to_move() > 0 else min(exact)
    out = []
    for move, v in zip(legal, exact, strict=True):
        value, text = line.shown(state, v)
        out.append(MoveValue(line.move_id(state, move), line.move_label(state, move), value, text,
                             v == best))
    return best, tuple(out)


def _pick(values: tuple[MoveValue, ...], moves: Sequence[str], decisions: int, frame: int,
          player: Msg) -> int:
    """The index of the user's move at this decision, or of the first best move."""
    if decisions >= len(moves):
        return next(k for k, v in enumerate(values) if v.best)
    wanted = moves[decisions]
    for k, v in enumerate(values):
        if v.move == wanted:
            return k
    raise InvalidInputError(msg("error.move.illegal", number=decisions + 1, frame=frame,
                                move=wanted, player=player,
                                legal=", ".join(v.move for v in values)))


class BaseTwoPlayerEngine(BaseEngine[P, R], Generic[P, R, S]):
    """A two-player engine: its positions are GameStates, its replay is the generic walk.

    A game supplies ``start`` (a case's opening position) and ``line`` (its
    ``Line`` for one case; ``result`` is None when only values are asked for).
    """

    kind: ClassVar[str] = "two-player"
    interactive: ClassVar[bool] = True

    def start(self, problem: P, case: int = 0) -> S:
        """The case's opening position.  Override."""
        raise NotImplementedError

    def line(self, problem: P, result: Result[R] | None, case: int) -> Line[S]:
        """The game's hooks for the walker, for one case.  Override."""
        raise NotImplementedError

    def value(self, problem: P, case: int = 0, moves: Sequence[Any] = ()) -> int:
        """The fast solver's exact value of the position after ``moves`` (move objects as
        ``moves()`` returned them) from the case's start, on the GameState's scale."""
        state = self.start(problem, case)
        for move in moves:
            state = state.play(move)
        return self.line(problem, None, case).value_of(state)

    def replay(self, problem: P, result: Result[R], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        return walk(self.line(problem, result, case), self.start(problem, case), moves)
