"""The scene of a wrong output (tools/scene.py): the case and the replay step where a
program's output first departs from the engine's, for every game.

Each wrong output is the engine's own answer with one token changed; the scene
found must be the case and the frame where that token came from, read from the
replay's frames here (not from the departure code)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from py_engines.bridge import handle
from py_engines.registry import get_engine
from py_engines.tools.check import check
from py_engines.tools.scene import scene_of

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


def scene(game: str, text: str, output: str) -> tuple[int, int] | None:
    found = scene_of(get_engine(game), text, output, check(game, text, output))
    return None if found is None else (found.case, found.step)


def frames(game: str, text: str, case: int = 0) -> list[dict[str, Any]]:
    engine = get_engine(game)
    problem = engine.parse(text)
    return [f.to_dict() for f in engine.replay(problem, engine.solve(problem), case=case)]


def answer(game: str, text: str) -> str:
    engine = get_engine(game)
    return engine.format(engine.solve(engine.parse(text)))


# ----------------------------------------------------------------------------- The Game

GAME_FILES = sorted((DATA / "the_game").glob("*.in"))


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: p.name)
def test_the_game_a_changed_card_is_shown_at_the_play_that_put_it_there(path: Path) -> None:
    assert GAME_FILES, "the judge files are gone"
    text = path.read_text()
    right = answer("the_game", text).split("\n")
    plays = {f["event"]["card"]: f["i"] for f in frames("the_game", text)
             if f["event"] and f["event"]["kind"] == "play"}
    tried = 0
    for row in range(4):
        cards = right[row].split()
        for j in range(1, len(cards), 3):
            wrong = list(right)
            wrong[row] = " ".join(cards[:j] + [str(int(cards[j]) % 98 + 2)] + cards[j + 1:])
            assert scene("the_game", text, "\n".join(wrong)) == (0, plays[int(cards[j])]), (row, j)
            tried += 1
    assert tried > 10


def test_the_game_the_earliest_differing_play_wins_over_later_rows() -> None:
    text = (DATA / "the_game" / "sample-1.in").read_text()
    right = answer("the_game", text).split("\n")
    plays = {f["event"]["card"]: f["i"] for f in frames("the_game", text)
             if f["event"] and f["event"]["kind"] == "play"}
    row1, row4 = right[0].split(), right[3].split()
    wrong = list(right)
    wrong[0] = " ".join(row1[:-1] + ["3"])     # the last card of row 1 (a late play)
    wrong[3] = " ".join(row4[:2] + ["3"] + row4[3:])   # an early play on row 4
    expected = min(plays[int(row1[-1])], plays[int(row4[2])])
    assert scene("the_game", text, "\n".join(wrong)) == (0, expected)


def test_the_game_a_wrong_hand_or_pile_is_shown_at_the_end() -> None:
    text = (DATA / "the_game" / "sample-1.in").read_text()
    right = answer("the_game", text).split("\n")
    wrong = list(right)
    wrong[4] = " ".join(reversed(right[4].split()))
    assert scene("the_game", text, "\n".join(wrong)) == (0, len(frames("the_game", text)) - 1)


def test_the_game_trailing_spaces_point_at_their_row() -> None:
    text = (DATA / "the_game" / "sample-1.in").read_text()
    right = answer("the_game", text).split("\n")
    plays = {f["event"]["card"]: f["i"] for f in frames("the_game", text)
             if f["event"] and f["event"]["kind"] == "play"}
    wrong = list(right)
    wrong[1] += " "
    report = check("the_game", text, "\n".join(wrong), strict=True)
    found = scene_of(get_engine("the_game"), text, "\n".join(wrong), report)
    assert found is not None and found.step == plays[int(right[1].split()[-1])]


# ----------------------------------------------------------------------------- Byte Me!

BYTE_TEXT = (DATA / "byte_me" / "gen-bm1-1.in").read_text()


def byte_cases() -> list[list[str]]:
    cases: list[list[str]] = []
    for line in answer("byte_me", BYTE_TEXT).splitlines():
        if line.startswith("HAND"):
            cases.append([])
        cases[-1].append(line)
    return cases


def with_case(cases: list[list[str]], k: int, lines: list[str]) -> str:
    return "".join(line + "\n" for c in cases[:k] + [lines] + cases[k + 1:] for line in c)


def test_byte_me_a_changed_hit_is_shown_at_that_hit() -> None:
    cases = byte_cases()
    tried = 0
    for k, lines in enumerate(cases):
        hits = [f["i"] for f in frames("byte_me", BYTE_TEXT, k) if f["event"] and f["event"]["kind"] == "hit"]
        for n, step in enumerate(hits, start=1):
            flipped = "Nibble me!" if lines[n] == "Byte me!" else "Byte me!"
            wrong = with_case(cases, k, lines[:n] + [flipped] + lines[n + 1:])
            assert scene("byte_me", BYTE_TEXT, wrong) == (k, step)
            tried += 1
    assert tried > 5


def test_byte_me_a_changed_outcome_is_shown_at_the_outcome() -> None:
    cases = byte_cases()
    for k in (0, 7, len(cases) - 1):
        lines = cases[k]
        other = "Lose!" if lines[-1] != "Lose!" else "Win!"
        wrong = with_case(cases, k, lines[:-1] + [other])
        assert scene("byte_me", BYTE_TEXT, wrong) == (k, len(frames("byte_me", BYTE_TEXT, k)) - 1)


def test_byte_me_a_hit_where_the_dealer_stops_is_shown_at_the_stop() -> None:
    cases = byte_cases()
    k = next(k for k, lines in enumerate(cases) if len(lines) < 6 and lines[-1] != "Bust!")
    stop = next(f["i"] for f in frames("byte_me", BYTE_TEXT, k)
                if f["event"] and f["event"]["kind"] == "stop")
    wrong = with_case(cases, k, cases[k][:-1] + ["Byte me!", cases[k][-1]])
    assert scene("byte_me", BYTE_TEXT, wrong) == (k, stop)


def test_byte_me_a_wrong_hand_number_is_shown_at_the_start() -> None:
    cases = byte_cases()
    wrong = with_case(cases, 3, ["HAND 99"] + cases[3][1:])
    assert scene("byte_me", BYTE_TEXT, wrong) == (3, 0)


# ----------------------------------------------------------------------------- two-player games

@pytest.mark.parametrize("game,name", [("kalah", "gen-r1-1"), ("house_of_cards", "sample-1"),
                                       ("sevens", "official-1")])
def test_two_player_games_show_the_differing_case_at_its_start(game: str, name: str) -> None:
    text = (DATA / game / f"{name}.in").read_text()
    right = (DATA / game / f"{name}.ans").read_text().splitlines()
    k = len(right) // 2
    wrong = right[:k] + [right[k] + "0" if right[k][-1].isdigit() else "Nobody"] + right[k + 1:]
    output = "".join(line + "\n" for line in wrong)
    report = check(game, text, output)
    failing = report.first_failure()
    assert failing is not None
    assert scene(game, text, output) == (failing.case - 1, 0)
    assert failing.case - 1 == (k if len(report.cases) > 1 else 0)


def test_an_accepted_output_has_no_scene() -> None:
    text = (DATA / "the_game" / "sample-2.in").read_text()
    assert scene("the_game", text, answer("the_game", text)) is None


# ----------------------------------------------------------------------------- bridge and CLI

def test_the_check_reply_names_the_scene() -> None:
    cases = byte_cases()
    wrong = with_case(cases, 2, ["HAND 0"] + cases[2][1:])
    reply = json.loads(handle(json.dumps({"cmd": "check", "game": "byte_me", "input": BYTE_TEXT,
                                          "output": wrong})))
    assert reply["ok"] and reply["scene"]["case"] == 2 and reply["scene"]["step"] == 0
    assert reply["scene"]["expected"] == cases[2][0] and reply["scene"]["got"] == "HAND 0"
    right = json.loads(handle(json.dumps({"cmd": "check", "game": "byte_me", "input": BYTE_TEXT,
                                          "output": with_case(cases, 0, cases[0])})))
    assert right["ok"] and right["scene"] is None


def test_the_cli_prints_the_scene_before_the_tally(tmp_path: Path) -> None:
    cases = byte_cases()
    k = 4
    lines = cases[k]
    wrong = with_case(cases, k, lines[:-1] + ["Lose!" if lines[-1] != "Lose!" else "Win!"])
    out = tmp_path / "out.txt"
    out.write_text(wrong)
    res = subprocess.run([sys.executable, "-m", "py_engines", "check", "byte_me",
                          str(DATA / "byte_me" / "gen-bm1-1.in"), str(out)], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    last = len(frames("byte_me", BYTE_TEXT, k)) - 1
    assert res.returncode == 1
    assert res.stdout.splitlines()[-2].startswith(f"first departure: case {k + 1}, step {last} ")
    assert res.stdout.splitlines()[-1].startswith("accepted ")


def test_the_cli_stress_names_the_scene_of_its_shrunk_input(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from scene_cases import BYTE_ME_STRICT, byte_me_strict_scene
    program = tmp_path / "strict.py"
    program.write_text(BYTE_ME_STRICT)
    res = subprocess.run([sys.executable, "-m", "py_engines", "stress", "byte_me", "--count", "60",
                          "--", sys.executable, str(program)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=600, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert res.returncode == 1, res.stderr
    shrunk = (tmp_path / "stress-fail.in").read_text()
    found = byte_me_strict_scene(shrunk)
    assert shrunk.count("START") == 1 and found is not None
    assert f"first departure: case {found[0] + 1}, step {found[1]} " in res.stdout
