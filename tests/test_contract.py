"""One set of checks run over every registered engine (the engine contract)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from py_engines import EngineError, engine_names, get_engine
from py_engines.api import Frame
from py_engines.bridge import handle

DATA = Path(__file__).parent / "data"
GAMES = engine_names()
KNOWN_ERRORS = {"ParseError", "InvalidInputError", "LimitError"}


def samples(game: str) -> list[Path]:
    found = []
    for prefix in ("sample-", "spec-", "official-"):
        found += sorted((DATA / game).glob(f"{prefix}*.in"))
    return found


def call(**request) -> dict:
    return json.loads(handle(json.dumps(request)))


def test_the_five_games_are_registered_in_picker_order():
    assert GAMES == ["the_game", "kalah", "house_of_cards", "byte_me", "sevens"]


@pytest.mark.parametrize("game", GAMES)
def test_engine_declares_its_identity(game):
    engine = get_engine(game)
    assert engine.name == game
    assert engine.title and engine.kind in {"one-player", "two-player"}
    assert len(engine.input_help) > 40 and engine.input_help.endswith(".")
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
        assert all(isinstance(f.note, str) and f.note for f in frames)
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
