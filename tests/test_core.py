"""The shared core: errors, tokenizer, registry, bridge envelopes and the CLI."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from py_engines import (EngineError, InvalidInputError, LimitError, ParseError, engine_names,
                        get_engine, solve_text)
from py_engines.bridge import handle
from py_engines.text import MAX_DIGITS, check_size, end_position, parse_int, tokenize, tokenize_lines

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = (ROOT / "tests" / "data" / "the_game" / "sample-1.in").read_text()
SAMPLE_ANSWER = (ROOT / "tests" / "data" / "the_game" / "sample-1.ans").read_text()


def call(**request) -> dict:
    return json.loads(handle(json.dumps(request)))


# ----------------------------------------------------------------------------- text and errors

def test_tokens_know_line_column_and_index_through_crlf_and_tabs():
    toks = tokenize("a  b\r\n\r\n\tcc d\n")
    assert [(t.text, t.line, t.column, t.index) for t in toks] == [
        ("a", 1, 1, 1), ("b", 1, 4, 2), ("cc", 3, 2, 1), ("d", 3, 5, 2)]
    assert tokenize_lines("x\n\ny")[1] == []


def test_end_position_points_past_the_last_text():
    assert end_position("ab \n  cd  \n\n") == (2, 5)
    assert end_position("") == (1, 1)


@pytest.mark.parametrize("bad, complaint", [
    ("07", "has a leading zero"), ("-1", "is negative"), ("+1", "has a sign"),
    ("1.0", "has a decimal point"), (".5", "has a decimal point"), ("\u0661", "is not an integer"),
    ("1e3", "is not an integer"), ("-", "is not an integer"), ("1.2.3", "is not an integer")])
def test_plain_integers_only_with_a_precise_complaint(bad, complaint):
    with pytest.raises(ParseError) as err:
        parse_int(tokenize(f"  {bad}")[0], "a count")
    assert err.value.message == f"'{bad}' {complaint}; expected a count"
    assert (err.value.line, err.value.column, err.value.token) == (1, 3, bad)
    assert parse_int(tokenize("0")[0], "a count") == 0
    assert parse_int(tokenize("907")[0], "a count") == 907


def test_a_number_longer_than_any_game_takes_is_out_of_range_unconverted():
    longest = "9" * MAX_DIGITS
    assert parse_int(tokenize(longest)[0], "a count") == int(longest)
    with pytest.raises(InvalidInputError) as err:
        parse_int(tokenize("\n  " + "1" * 4301)[0], "a count")
    assert err.value.message == "'111111111111\u2026' is out of range (4,301 digits); expected a count"
    assert (err.value.line, err.value.column) == (2, 3)
    with pytest.raises(ParseError, match="has a leading zero"):       # no conversion either
        parse_int(tokenize("0" * 100_000)[0], "a count")
    with pytest.raises(ParseError, match="ranks go from 1 to 13"):    # 0111...1R: a card's rank
        get_engine("house_of_cards").parse("Axel 5 0" + "1" * 5000 + "R")


def test_an_input_past_its_limit_names_where_it_passes_it():
    with pytest.raises(LimitError) as err:
        check_size("ab\ncd\nef", 5)
    assert (err.value.line, err.value.column) == (2, 3)


# Every game reads its numbers through text.parse_int: the same complaint, the same shape.
NUMBER_SLOTS = {
    "kalah": ("1\n1\n1 {} 0 0\n", 3, 3),
    "house_of_cards": ("Axel\n{}\n", 2, 1),
    "byte_me": ("START {}\n", 1, 7),
    "the_game": ("2 3 4 {} 5\n", 1, 7),
}


@pytest.mark.parametrize("game", sorted(NUMBER_SLOTS))
@pytest.mark.parametrize("bad, complaint", [("07", "has a leading zero"), ("-1", "is negative"),
                                            ("2.5", "has a decimal point")])
def test_every_game_complains_about_a_number_the_same_way(game, bad, complaint):
    text, line, column = NUMBER_SLOTS[game]
    with pytest.raises(ParseError) as err:
        get_engine(game).parse(text.format(bad))
    assert (err.value.line, err.value.column) == (line, column)
    assert re.fullmatch(rf"(token \d+: )?'{re.escape(bad)}' {complaint}; expected .+", err.value.message)


def test_error_message_leads_with_its_position():
    err = ParseError("bad thing", line=3, column=7, token="x")
    assert str(err) == "line 3, column 7: bad thing"
    assert err.to_dict() == {"type": "ParseError", "message": "line 3, column 7: bad thing",
                             "line": 3, "column": 7, "token": "x",
                             "msg": {"id": "error.at_line_column", "params": {
                                 "line": 3, "column": 7,
                                 "message": {"id": "raw", "params": {"text": "bad thing"}}}}}


def test_unknown_game_is_an_engine_error():
    with pytest.raises(EngineError, match="unknown game 'chess'"):
        get_engine("chess")


def test_solve_text_is_the_public_shortcut():
    assert solve_text("the_game", SAMPLE) == SAMPLE_ANSWER


# ----------------------------------------------------------------------------- bridge

def test_games_lists_every_registered_engine_with_its_options():
    reply = call(cmd="games")
    assert [g["name"] for g in reply["games"]] == engine_names()
    kalah = next(g for g in reply["games"] if g["name"] == "kalah")
    assert {o["name"] for o in kalah["random_options"]} == {"m", "stones"}


def test_solve_envelope():
    reply = call(cmd="solve", game="the_game", text=SAMPLE)
    assert reply["ok"] and reply["answer"] == SAMPLE_ANSWER
    assert reply["case"] == 0 and len(reply["cases"]) == 1
    assert reply["frames"][0]["event"] is None
    assert set(reply["stats"]) >= {"ms", "nodes"}


def test_a_repeated_solve_comes_from_the_cache():
    call(cmd="solve", game="the_game", text=SAMPLE)
    assert call(cmd="solve", game="the_game", text=SAMPLE)["stats"]["cached"] is True


def test_replay_of_a_missing_case_is_an_error():
    reply = call(cmd="replay", game="the_game", text=SAMPLE, case=3)
    assert not reply["ok"] and "case 4 does not exist" in reply["error"]["message"]


def test_parse_error_envelope_carries_position_and_token():
    reply = call(cmd="solve", game="the_game", text=SAMPLE.replace("94", "9x4", 1))
    error = reply.pop("error")
    assert reply == {"ok": False} and error.pop("msg")["id"] == "error.at_line_column"
    assert error == {
        "type": "ParseError", "line": 1, "column": 10, "token": "9x4",
        "message": "line 1, column 10: token 4: '9x4' is not an integer; expected a card 2..99"}


@pytest.mark.parametrize("raw, phrase", [
    ("not json", "not JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"cmd": "explode"}', "unknown command"),
    ('{"cmd": "solve", "game": "the_game"}', "'text' must be a string"),
    ('{"cmd": "solve", "game": "the_game", "text": "2", "case": true}', "'case' must be an integer"),
    ('{"cmd": "random", "game": "kalah", "seed": 1, "options": {"m": 9}}', "must be in 1..4"),
    ('{"cmd": "random", "game": "kalah", "seed": 1, "options": {"zz": 1}}', "unknown option 'zz'"),
])
def test_malformed_requests_get_error_envelopes(raw, phrase):
    reply = json.loads(handle(raw))
    assert reply["ok"] is False and phrase in reply["error"]["message"]


def test_random_is_seeded():
    a = call(cmd="random", game="the_game", seed=5)
    assert a["ok"] and a == call(cmd="random", game="the_game", seed=5)
    assert a["text"] != call(cmd="random", game="the_game", seed=6)["text"]


# ----------------------------------------------------------------------------- CLI

def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "py_engines", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT)


def test_cli_reads_stdin_and_prints_the_exact_answer():
    run = cli("the_game", stdin=SAMPLE)
    assert run.returncode == 0 and run.stdout == SAMPLE_ANSWER


def test_cli_ignores_a_byte_order_mark(tmp_path):
    path = tmp_path / "case.in"
    path.write_text("\ufeff" + SAMPLE, encoding="utf-8")
    run = cli("the_game", str(path))
    assert run.returncode == 0 and run.stdout == SAMPLE_ANSWER


def test_cli_lists_the_games():
    run = cli("--list")
    assert run.returncode == 0
    assert [line.split("\t")[0] for line in run.stdout.splitlines()] == engine_names()


def test_cli_json_prints_the_full_result_with_options_after_the_game():
    run = cli("the_game", "--json", "tests/data/the_game/sample-2.in")
    data = json.loads(run.stdout)
    assert data["answer"].endswith("36\n\n") and data["frames"][-1]["state"]["outcome"] == "lost"


def test_answer_request_and_the_plain_cli_make_no_frames(monkeypatch, capsys):
    from py_engines.__main__ import main
    reply = call(cmd="answer", game="the_game", text=SAMPLE + " ")
    assert reply["ok"] and reply["answer"] == SAMPLE_ANSWER and "frames" not in reply
    assert set(reply["stats"]) >= {"ms", "nodes"}

    def no_frames(*args, **kwargs):
        raise AssertionError("frames were made")
    monkeypatch.setattr(type(get_engine("the_game")), "replay", no_frames)
    assert main(["the_game", str(ROOT / "tests/data/the_game/sample-1.in")]) == 0
    assert capsys.readouterr().out == (ROOT / "tests/data/the_game/sample-1.ans").read_text()


def test_cli_bad_input_exits_2_with_a_position_and_no_traceback():
    run = cli("the_game", stdin="2 3 1O0\n")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("error: line 1, column 5:") and "Traceback" not in run.stderr


@pytest.mark.parametrize("args", [("chess",), ("the_game", "/no/such/file"), ()])
def test_cli_usage_errors_exit_2(args):
    run = cli(*args, stdin="")
    assert run.returncode == 2 and "Traceback" not in run.stderr and "error" in run.stderr


def test_get_engine_imports_only_the_requested_game():
    code = ("import sys; from py_engines import get_engine; get_engine('kalah'); "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('py_engines.games.'))))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    loaded = run.stdout.split()
    assert "py_engines.games.kalah" in loaded
    assert all(m == "py_engines.games.kalah" or m.startswith("py_engines.games.kalah.")
               for m in loaded), loaded
