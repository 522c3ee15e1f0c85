"""One set of checks run over every registered engine (the engine contract)."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from py_engines import EngineError, LimitError, engine_names, get_engine
from py_engines.api import Engine, Frame, TwoPlayerEngine
from py_engines.bridge import handle
from py_engines.i18n import Msg, render, text_of
from py_engines.search.minimax import Solver, solve
from py_engines.text import split_lines, tokenize

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"
GAMES = engine_names()
TWO_PLAYER = [g for g in GAMES if get_engine(g).kind == "two-player"]
KNOWN_ERRORS = {"ParseError", "InvalidInputError", "LimitError"}


def samples(game: str) -> list[Path]:
    found = []
    for prefix in ("sample-", "spec-", "official-"):
        found += sorted((DATA / game).glob(f"{prefix}*.in"))
    return found


def call(**request) -> dict:
    return json.loads(handle(json.dumps(request)))


def test_every_game_module_is_registered_in_picker_order():
    import pkgutil

    from py_engines import games
    modules = {m.name for m in pkgutil.iter_modules(games.__path__) if not m.name.startswith("_")}
    assert set(GAMES) == modules
    assert GAMES == sorted(GAMES, key=lambda g: (getattr(get_engine(g), "order", 100), g))


@pytest.mark.parametrize("game", GAMES)
def test_engine_declares_its_identity(game):
    engine = get_engine(game)
    assert engine.name == game
    assert engine.title and engine.kind in {"one-player", "two-player"}
    help_text = text_of(engine.input_help, "en")
    assert len(help_text) > 40 and help_text.endswith(".")
    assert engine.interactive == (engine.kind == "two-player")
    # get_engine imports only the module named after the game.
    assert type(engine).__module__ == f"py_engines.games.{game}"


@pytest.mark.parametrize("game", GAMES)
def test_the_repository_carries_samples_with_answers(game):
    found = samples(game)
    assert found, f"no sample for {game} in tests/data/{game}"
    for path in found:
        assert path.with_suffix(".ans").exists()
    assert (DATA / game / "SOURCE.md").exists()


@pytest.mark.parametrize("game", GAMES)
def test_bridge_answers_every_sample_exactly(game):
    for path in samples(game):
        reply = call(cmd="solve", game=game, text=path.read_text())
        assert reply["ok"], reply
        assert reply["answer"] == path.with_suffix(".ans").read_text()
        assert "".join(c["answer"] for c in reply["cases"]) == reply["answer"]
        assert isinstance(reply["stats"]["ms"], float | int)


@pytest.mark.parametrize("game", GAMES)
def test_replay_frames_are_complete_snapshots(game):
    engine = get_engine(game)
    problem = engine.parse(samples(game)[0].read_text())
    result = engine.solve(problem)
    for case in range(min(3, len(result.cases))):
        frames = engine.replay(problem, result, case=case)
        assert len(frames) >= 2 and all(isinstance(f, Frame) for f in frames)
        assert frames[0].event is None
        assert [f.i for f in frames] == list(range(len(frames)))
        assert all(f.event and f.event.get("kind") for f in frames[1:])
        assert all(isinstance(f.msg, Msg) and render(f.msg) for f in frames)
        final = frames[-1].state
        assert final.get("outcome") is not None
        assert final["answer"] == engine.summaries(problem, result)[case].answer
        json.dumps([f.to_dict() for f in frames])


@pytest.mark.parametrize("game", [g for g in GAMES if get_engine(g).interactive])
def test_two_player_frames_give_every_move_its_value(game):
    engine = get_engine(game)
    problem = engine.parse(samples(game)[0].read_text())
    frames = engine.replay(problem, engine.solve(problem))
    decisions = [k for k, f in enumerate(frames) if f.values is not None]
    assert decisions
    for k in decisions:
        values = frames[k].values
        assert frames[k].to_move
        assert len({v.move for v in values}) == len(values)
        assert any(v.best for v in values)
        chosen = frames[k + 1].event["move"]
        assert chosen == next(v.move for v in values if v.best)


@pytest.mark.parametrize("game", [g for g in GAMES if get_engine(g).interactive])
def test_a_user_move_is_followed_and_an_illegal_one_refused(game):
    engine = get_engine(game)
    problem = engine.parse(samples(game)[0].read_text())
    result = engine.solve(problem)
    frames = engine.replay(problem, result)
    first = next(k for k, f in enumerate(frames) if f.values is not None)
    values = frames[first].values
    other = values[-1].move
    replayed = engine.replay(problem, result, moves=(other,))
    assert replayed[first + 1].event["move"] == other
    with pytest.raises(EngineError):
        engine.replay(problem, result, moves=("no-such-move",))


@pytest.mark.parametrize("game", [g for g in GAMES if get_engine(g).interactive])
def test_a_variations_last_frame_is_marked_as_its_own_line(game):
    # The scene labels a marked end "this line", so it never shows the main line's answer
    # as the result of a line the user played.
    engine = get_engine(game)
    problem = engine.parse(samples(game)[0].read_text())
    result = engine.solve(problem)
    main = engine.replay(problem, result)
    first = next(k for k, f in enumerate(main) if f.values is not None)
    variation = engine.replay(problem, result, moves=(main[first].values[-1].move,))
    assert main[-1].state["variation"] is False
    assert variation[-1].state["variation"] is True


@pytest.mark.parametrize("game", [g for g in GAMES if not get_engine(g).interactive])
def test_one_player_games_refuse_moves(game):
    reply = call(cmd="replay", game=game, text=samples(game)[0].read_text(), moves=["x"])
    assert not reply["ok"] and reply["error"]["type"] == "InvalidInputError"


@pytest.mark.parametrize("game", GAMES)
def test_random_input_is_seeded_valid_and_solvable(game):
    engine = get_engine(game)
    defaults = engine.options_with_defaults({})
    text = engine.random_input(11, **defaults)
    assert text == engine.random_input(11, **defaults)
    assert text.endswith("\n")
    reply = call(cmd="random", game=game, seed=11)
    assert reply["ok"] and reply["text"] == text
    assert call(cmd="solve", game=game, text=text)["ok"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", ["", "\n\n", "<img src=x onerror=alert(1)>", "\u2603 \u0000 \ud7ff"])
def test_garbage_is_a_positioned_error_not_a_crash(game, text):
    reply = call(cmd="solve", game=game, text=text)
    assert not reply["ok"]
    error = reply["error"]
    assert error["type"] in KNOWN_ERRORS
    assert error["line"] is not None and error["line"] >= 1
    assert error["column"] is not None and error["column"] >= 1
    assert error["message"].startswith(f"line {error['line']}")


@pytest.mark.parametrize("game", GAMES)
def test_mutated_samples_never_crash_the_bridge(game):
    rng = random.Random(game)
    base = samples(game)[0].read_text()
    alphabet = "0123456789 \n\t-+.xRBSHCD/ENDSTARTAxelBirgit"
    for _ in range(120):
        chars = list(base)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(chars) + 1)
            op = rng.random()
            if op < 0.4 and k < len(chars):
                del chars[k]
            elif op < 0.8:
                chars.insert(k, rng.choice(alphabet))
            elif k < len(chars):
                chars[k] = rng.choice(alphabet)
        reply = call(cmd="solve", game=game, text="".join(chars))
        if not reply["ok"]:
            assert reply["error"]["type"] in KNOWN_ERRORS, reply["error"]
            assert reply["error"]["line"] is None or reply["error"]["line"] >= 1


# ----------------------------------------------------------------------------- honest GameState

POSITIONS_PER_GAME = 200
GENERIC_NODES = 400           # positions further from the end would make the test slow


class CappedSolver(Solver):
    """The generic solver, giving up (LimitError) after GENERIC_NODES positions."""

    def _count(self) -> None:
        self.stats.nodes += 1
        if self.stats.nodes > GENERIC_NODES:
            raise LimitError("too far from the end for a quick generic search")


def random_options(engine: Any, rng: random.Random) -> dict[str, Any]:
    """Random values of the engine's own random_input knobs (so no game is named here)."""
    out: dict[str, Any] = {}
    for opt in engine.random_options:
        if opt.choices is not None:
            out[opt.name] = rng.choice(opt.choices)
        elif opt.minimum is not None and opt.maximum is not None:
            out[opt.name] = rng.randint(opt.minimum, opt.maximum)
    return out


def playout_positions(engine: Any, rng: random.Random) -> list[tuple[Any, int, tuple[Any, ...], int]]:
    """A random deal played at random to the end; its last positions, as (problem, case,
    moves from the start, generic minimax value), going back while that search stays small."""
    problem = engine.parse(engine.random_input(rng.randrange(1 << 30),
                                               **random_options(engine, rng)))
    state = engine.start(problem, 0)
    line: list[tuple[tuple[Any, ...], Any]] = [((), state)]
    while not state.is_terminal():
        moves = list(state.moves())
        assert moves, "a position that is not terminal has a move"
        move = rng.choice(moves)
        state = state.play(move)
        line.append(((*line[-1][0], move), state))
    out = []
    for moves, position in reversed(line):
        try:
            out.append((problem, 0, moves, CappedSolver().value(position)))
        except LimitError:
            break
    return out


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_two_player_engine_offers_the_contract(game):
    engine = get_engine(game)
    assert isinstance(engine, Engine) and isinstance(engine, TwoPlayerEngine)
    problem = engine.parse(samples(game)[0].read_text())
    start = engine.start(problem)
    assert start.key() == engine.start(problem, 0).key()
    hash(start.key())
    assert start.to_move() in (1, -1) and not start.is_terminal() and start.moves()
    with pytest.raises(EngineError):
        engine.start(problem, 10_000)
    # one line to the end, always the last move: the generic value there is the game's value
    state, moves = start, []
    while not state.is_terminal():
        moves.append(state.moves()[-1])
        state = state.play(moves[-1])
    assert solve(state) == state.value() == engine.value(problem, 0, tuple(moves))


@pytest.mark.parametrize("game", TWO_PLAYER)
def test_generic_minimax_agrees_with_the_fast_solver(game):
    """The position is an honest GameState: plain alpha-beta over it gives the value the
    game's own solver gives, on hundreds of random positions (most deep in random lines)."""
    engine = get_engine(game)
    rng = random.Random(f"honest {game}")
    began = time.perf_counter()
    checked = deep = 0
    while checked < POSITIONS_PER_GAME and time.perf_counter() - began < 20:
        for problem, case, moves, generic in playout_positions(engine, rng):
            assert engine.value(problem, case, moves) == generic, (game, problem, moves)
            checked += 1
            deep += len(moves) > 0
    assert checked >= POSITIONS_PER_GAME and deep > checked // 2


# ----------------------------------------------------------------------------- huge numbers

def with_a_huge_number(game: str, digits: int) -> tuple[str, int, int]:
    """The game's first sample with the first number in it (a whole token, or the digits of
    one such as S7) made ``digits`` digits long; and that token's line and column."""
    text = samples(game)[0].read_text()
    lines = split_lines(text)
    for tok in tokenize(text):
        found = re.search(r"[0-9]+", tok.text)
        if found is not None:
            line = lines[tok.line - 1]
            start = tok.column - 1 + found.start()
            lines[tok.line - 1] = line[:start] + "1" * digits + line[start + len(found.group()):]
            return "\n".join(lines), tok.line, tok.column
    raise AssertionError(f"no number in {game}'s first sample")


@pytest.mark.parametrize("digits", [4_301, 100_000])     # CPython converts at most 4,300
@pytest.mark.parametrize("game", GAMES)
def test_a_huge_number_is_refused_with_its_line_and_column(game, digits):
    text, line, column = with_a_huge_number(game, digits)
    error = call(cmd="answer", game=game, text=text)["error"]
    assert error["type"] in KNOWN_ERRORS, error
    if error["type"] != "LimitError":       # else the game reads fewer characters than that
        assert (error["line"], error["column"]) == (line, column), error
    where = f"line {error['line']}, column {error['column']}: "
    assert isinstance(error["line"], int) and error["message"].startswith(where), error
    assert len(error["message"]) < 400      # the number is quoted by its head
    cli = subprocess.run([sys.executable, "-m", "py_engines", game], input=text, cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert cli.returncode == 2 and cli.stdout == ""
    assert cli.stderr == f"error: {error['message']}\n"
