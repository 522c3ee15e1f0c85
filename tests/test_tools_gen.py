"""Generators (every game, every mode) and shrink candidates."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from py_engines import engine_names, get_engine, solve_text
from py_engines.bridge import handle
from py_engines.errors import EngineError
from py_engines.tools.gen import game_help, generate_tests
from py_engines.tools.gen import main as gen_main
from py_engines.tools.hooks import MODES, generate_input, multi_case, shrink_candidates, split_cases

ROOT = Path(__file__).resolve().parents[1]
GAMES = engine_names()
SEEDS = (0, 1, 7)


def call(**request):
    return json.loads(handle(json.dumps(request)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", MODES)
def test_every_mode_gives_valid_inputs_with_the_engines_answers(game, mode):
    tests = generate_tests(game, 11, 2, mode=mode)
    assert [t.name for t in tests] == [f"{game}-11-1", f"{game}-11-2"]
    engine = get_engine(game)
    for t in tests:
        engine.parse(t.input)                              # raises if invalid
        assert t.answer == solve_text(game, t.input)
    assert tests[0].input != tests[1].input


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_its_own_modes(game):
    engine = get_engine(game)
    assert set(MODES) <= set(engine.gen_modes)
    assert all("not offered" not in line for line in game_help(game).splitlines())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("mode", MODES)
def test_same_seed_same_bytes_and_test_k_does_not_depend_on_the_count(game, mode):
    one = generate_tests(game, 5, 2, mode=mode)
    again = generate_tests(game, 5, 3, mode=mode)
    assert [t.input for t in one] == [t.input for t in again[:2]]
    assert generate_tests(game, 5, 1, mode=mode, first=3)[0] == again[2]


def test_generated_bytes_are_pinned_across_python_versions():
    """Texts hashed once; CPython 3.11 to 3.14 (and Pyodide) must give the same bytes."""
    import hashlib
    digest = hashlib.sha256()
    for game in GAMES:
        for mode in MODES:
            cases = 3 if multi_case(get_engine(game)) else None
            digest.update(generate_input(get_engine(game), 42, mode=mode, cases=cases).encode())
    code = ("import hashlib, sys\nsys.path.insert(0, %r)\n"
            "from py_engines import engine_names, get_engine\n"
            "from py_engines.tools.hooks import MODES, generate_input, multi_case\n"
            "d = hashlib.sha256()\n"
            "for g in engine_names():\n"
            "    for m in MODES:\n"
            "        c = 3 if multi_case(get_engine(g)) else None\n"
            "        d.update(generate_input(get_engine(g), 42, mode=m, cases=c).encode())\n"
            "print(d.hexdigest())\n") % str(ROOT)
    others = _other_pythons()
    if not others:
        pytest.skip("no other CPython here")
    for exe in others:
        out = subprocess.run([exe, "-c", code], capture_output=True, text=True, timeout=300)
        assert out.stdout.strip() == digest.hexdigest(), (exe, out.stderr)


def _other_pythons() -> list[str]:
    """CPython 3.12+ interpreters on this machine (pyenv's, if any) other than this one."""
    import glob
    import os
    found = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")))
    return [exe for exe in found if subprocess.run([exe, "-c", "pass"]).returncode == 0]


@pytest.mark.parametrize("game", [g for g in GAMES if multi_case(get_engine(g))])
def test_cases_option_sets_the_number_of_cases(game):
    engine = get_engine(game)
    text = generate_input(engine, 3, cases=4)
    assert len(split_cases(engine, text)) == 4
    assert len(split_cases(engine, generate_input(engine, 3, mode="edge", cases=1))) == 1
    with pytest.raises(EngineError):
        generate_input(engine, 3, cases=100_000)


@pytest.mark.parametrize("game", [g for g in GAMES if not multi_case(get_engine(g))])
def test_single_case_games_refuse_cases(game):
    with pytest.raises(EngineError, match="one"):
        generate_input(get_engine(game), 3, cases=2)


@pytest.mark.parametrize("game", [g for g in GAMES if multi_case(get_engine(g))])
def test_split_cases_gives_each_case_alone_with_its_answer(game):
    engine = get_engine(game)
    text = generate_input(engine, 9, cases=3)
    parts = split_cases(engine, text)
    answers = [s.answer for s in engine.summaries(engine.parse(text),
                                                  engine.solve(engine.parse(text)))]
    assert len(parts) == 3
    for part, answer in zip(parts, answers, strict=True):
        # One case alone: the same answer, up to the case number House of Cards prints.
        alone = solve_text(game, part)
        assert alone.split(":")[-1] == answer.split(":")[-1]


@pytest.mark.parametrize("game", GAMES)
def test_shrink_candidates_parse_and_are_no_larger(game):
    engine = get_engine(game)
    text = generate_input(engine, 4, cases=2 if multi_case(engine) else None)
    candidates = shrink_candidates(engine, text)
    if getattr(engine, "shrink", None) is None:
        assert candidates == [] and engine.shrink_note
        return
    assert candidates
    for cand in candidates:
        engine.parse(cand)
        assert len(cand) <= len(text) and cand != text


def test_kalah_shrink_offers_a_smaller_m_and_fewer_stones():
    engine = get_engine("kalah")
    candidates = shrink_candidates(engine, "1\n2\n1 3 0 2 0 0\n")
    assert "1\n1\n1 0 2 0\n" in candidates or "1\n1\n3 0 0 0\n" in candidates
    assert "1\n2\n1 2 0 2 0 0\n" in candidates


def test_house_of_cards_shrink_drops_a_rank():
    engine = get_engine("house_of_cards")
    deck = "Axel\n6\n2R 6R 1R 4R 3B 2B 5R 4B 6B 3R 1B 5B\nEnd\n"
    assert "Axel\n5\n2R 1R 4R 3B 2B 5R 4B 3R 1B 5B\nEnd\n" in shrink_candidates(engine, deck)


def test_byte_me_shrink_removes_players():
    engine = get_engine("byte_me")
    text = generate_input(engine, 2, cases=1)
    n = int(text.split()[1])
    smaller = [c for c in shrink_candidates(engine, text) if int(c.split()[1]) == n - 1]
    assert smaller or n == 1


# ----------------------------------------------------------------------------- bridge and CLI

def test_bridge_generate_is_the_same_bytes_as_the_cli(tmp_path):
    reply = call(cmd="generate", game="kalah", seed=8, count=2, mode="edge", cases=3)
    assert reply["ok"] and [t["name"] for t in reply["tests"]] == ["kalah-8-1", "kalah-8-2"]
    res = subprocess.run([sys.executable, "-m", "py_engines", "gen", "kalah", "--seed", "8",
                          "--count", "2", "--mode", "edge", "--cases", "3", "--out",
                          str(tmp_path)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    for t in reply["tests"]:
        assert (tmp_path / f"{t['name']}.in").read_bytes() == t["input"].encode()
        assert (tmp_path / f"{t['name']}.ans").read_bytes() == t["answer"].encode()


def test_bridge_generate_rejects_bad_requests():
    assert call(cmd="generate", game="kalah", seed=1, count=1, mode="wild")["error"]["message"] \
        .startswith("unknown mode 'wild'")
    assert not call(cmd="generate", game="kalah", seed="x", count=1)["ok"]
    assert not call(cmd="generate", game="kalah", seed=1, count=0)["ok"]


def test_bridge_shrink_and_split_cases():
    text = generate_input(get_engine("byte_me"), 1, cases=3)
    parts = call(cmd="split_cases", game="byte_me", input=text)
    assert parts["ok"] and len(parts["inputs"]) == 3
    shrunk = call(cmd="shrink", game="byte_me", input=parts["inputs"][0])
    assert shrunk["ok"] and all(len(c) <= len(parts["inputs"][0]) for c in shrunk["candidates"])
    assert call(cmd="shrink", game="sevens", input=generate_input(get_engine("sevens"), 1)) \
        == {"ok": True, "candidates": []}
    bad = call(cmd="split_cases", game="kalah", input="2\n1\n")
    assert not bad["ok"] and bad["error"]["line"] is not None


def test_gen_help_describes_the_games_modes():
    res = subprocess.run([sys.executable, "-m", "py_engines", "gen", "kalah", "--help"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert res.returncode == 0
    for mode in MODES:
        assert f"  {mode} " in res.stdout
    assert "--cases C" in res.stdout
    bad = subprocess.run([sys.executable, "-m", "py_engines", "gen", "kalah", "--out", "x",
                          "--mode", "wild"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert bad.returncode == 2 and "unknown mode" in bad.stderr


def test_gen_refuses_bad_arguments_before_it_writes(tmp_path, capsys):
    out = tmp_path / "set"
    assert gen_main(["kalah", "--mode", "nasty", "--out", str(out)]) == 2
    assert "unknown mode 'nasty'" in capsys.readouterr().err and not out.exists()
