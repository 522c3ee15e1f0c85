"""Byte Me! (SCUSA 2002): golden files, the dealer's rules, bad input, replay, random input."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from py_engines import InvalidInputError, LimitError, ParseError, get_engine, solve_text
from py_engines import bridge
from py_engines.__main__ import main
from py_engines.bridge import frame_json
from py_engines.i18n import render
from py_engines.games.byte_me.rules import BYTE_ME, NIBBLE_ME, Card, decide, play_hand

DATA = Path(__file__).parent / "data" / "byte_me"
GOLDEN = sorted(DATA.glob("*.in"))
ENGINE = get_engine("byte_me")


def b8(value: int) -> str:
    return format(value, "08b")


def b4(value: int) -> str:
    return format(value, "04b")


def data_set(dealer: tuple[int, int], faces: list[int], deck: tuple[int, ...] = (0, 0, 0, 0),
             nibbles: tuple[int, ...] = (0, 0, 0, 0)) -> str:
    return "\n".join([f"START {len(faces)}", " ".join(map(b8, dealer)),
                      " ".join(map(b8, faces)), " ".join(map(b8, deck)),
                      " ".join(map(b4, nibbles)), "END"]) + "\n"


def hand(dealer: tuple[int, int], faces: list[int], deck: tuple[int, ...] = (0, 0, 0, 0),
         nibbles: tuple[int, ...] = (0, 0, 0, 0)):
    """The dealer's play of one constructed data set."""
    problem = ENGINE.parse(data_set(dealer, faces, deck, nibbles) + "ENDOFINPUT\n")
    return play_hand(problem.hands[0])


# ----------------------------------------------------------------------------- golden files

def test_golden_files_are_present():
    names = {p.name for p in GOLDEN}
    assert {"sample-1.in", "spec-extra-1.in", "spec-sample-trailing-spaces.in"} <= names


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_cli_prints_judge_answer(path, capsys):
    assert main(["byte_me", str(path)]) == 0
    assert capsys.readouterr().out.encode() == path.with_suffix(".ans").read_bytes()


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_solve_text_matches_judge_answer(path):
    text = path.read_bytes().decode()
    assert solve_text("byte_me", text).encode() == path.with_suffix(".ans").read_bytes()


def test_tolerated_whitespace_keeps_the_answer():
    clean = (DATA / "sample-1.in").read_text()
    messy = ("\n\n" + clean.replace("\n", " \t\r\n").replace("11111111 11111111",
                                                              "11111111    11111111")
             + "\r\n\r\n").rstrip("\r\n")
    assert solve_text("byte_me", messy) == solve_text("byte_me", clean)


# ----------------------------------------------------------------------------- the rule list

def test_rule1_certain_win_at_equality():
    assert decide(383, 383).rule == 1 and decide(383, 383).hit is None


def test_rule1_comes_before_the_byte_rule():
    assert decide(300, 255).rule == 1


def test_rule2_byte_hit_below_382():
    assert (decide(381, 509).rule, decide(381, 509).hit) == (2, "byte")


def test_rule3_nibble_hit_from_382():
    assert (decide(382, 509).rule, decide(382, 509).hit) == (3, "nibble")


def test_rule3_nibble_hit_at_500():
    assert decide(500, 509).hit == "nibble"


def test_rule4_stops_from_501():
    assert (decide(501, 509).rule, decide(501, 509).hit) == (4, None)


# ----------------------------------------------------------------------------- whole hands

def test_total_381_takes_a_byte():
    res = hand((190, 191), [254], deck=(18, 0, 0, 0))
    assert res.lines[1] == BYTE_ME and res.steps[0].card == Card("00010010", 18)


def test_total_382_takes_a_nibble():
    res = hand((191, 191), [254], nibbles=(3, 0, 0, 0))
    assert res.lines[1] == NIBBLE_ME and res.steps[0].after == 385


def test_total_500_takes_a_nibble_501_stops():
    assert hand((250, 250), [254]).lines[1] == NIBBLE_ME
    res = hand((250, 251), [254])
    assert res.lines == ("HAND 1", "Lose!") and res.steps[0].rule == 4


def test_stop_above_500_reason():
    res = hand((255, 240), [255, 1], nibbles=(7, 1, 1, 1))
    assert render(res.steps[-1].reason) == "502 > 500: no more hits"


def test_total_exactly_510_wins_not_busts():
    assert hand((255, 255), [255]).lines == ("HAND 1", "Win!")
    res = hand((255, 240), [255], nibbles=(15, 0, 0, 0))
    assert (res.total, res.outcome, res.steps[-1].rule) == (510, "Win!", 1)


def test_tie_with_best_player_wins_without_hit():
    res = hand((255, 128), [128, 5])
    assert res.lines == ("HAND 2", "Win!")
    assert render(res.steps[0].reason) == "certain win: 383 >= 383"


def test_one_below_the_best_player_hits():
    assert hand((255, 127), [128], nibbles=(1, 0, 0, 0)).lines == \
        ("HAND 1", NIBBLE_ME, "Win!")


def test_four_hits_used_up_stops_below_target():
    res = hand((0, 0), [255], deck=(1, 1, 1, 1), nibbles=(15, 15, 15, 15))
    assert res.lines[1:] == (BYTE_ME,) * 4 + ("Lose!",)
    assert render(res.steps[-1].reason) == "4 hits taken" and res.evaluations == 4


def test_bust_above_510_stops_at_once():
    res = hand((1, 1), [255, 0], deck=(255, 255, 1, 1))
    assert res.lines == ("HAND 2", BYTE_ME, BYTE_ME, "Bust!") and res.steps[-1].kind == "bust"


def test_nibble_bust_from_500():
    res = hand((250, 250), [255], nibbles=(15, 0, 0, 0))
    assert (res.total, res.outcome) == (515, "Bust!")


def test_decks_are_independent():
    res = hand((150, 150), [255], deck=(40, 99, 99, 99), nibbles=(9, 8, 7, 6))
    hits = [(s.deck, s.index, s.card.value) for s in res.steps if s.kind == "hit"]
    assert hits == [("byte", 0, 40), ("byte", 1, 99), ("nibble", 0, 9), ("nibble", 1, 8)]


def test_target_is_best_face_plus_255():
    assert hand((0, 0), [3, 200, 17]).target == 455


def test_stats_count_rule_evaluations_and_time_per_set():
    problem = ENGINE.parse((DATA / "sample-1.in").read_text())
    result = ENGINE.solve(problem)
    # From the spec's trace: 1 evaluation, 4 hits (no 5th evaluation), 1 evaluation.
    assert result.stats["nodes"] == 6 and result.stats["case_nodes"] == [1, 4, 1]
    assert len(result.stats["case_ms"]) == 3
    assert all(isinstance(ms, float) for ms in result.stats["case_ms"])


def test_progress_reports_each_set():
    seen = []
    ENGINE.solve(ENGINE.parse((DATA / "sample-1.in").read_text()), progress=seen.append)
    assert [p["case"] for p in seen] == [1, 2, 3] and seen[-1]["nodes"] == 6


# ----------------------------------------------------------------------------- bad input

OK = data_set((255, 255), [1])
EOI = "ENDOFINPUT\n"
PLAYERS_7 = ("START 8\n11111111 00001000\n"
             "00000000 00000001 00000010 00000011 00000100 00000101 00000110\n"
             "00010010 10101010 01010101 11110000\n0001 1010 1100 0011\nEND\n" + EOI)

BAD = [
    ("empty", "", ParseError, 1, 1, "empty input"),
    ("blank only", "\n  \n", ParseError, 1, 1, "empty input"),
    ("lower-case start", OK.replace("START", "start") + EOI, ParseError, 1, 1, "write 'START'"),
    ("BEGIN", OK.replace("START", "BEGIN") + EOI, ParseError, 1, 1, "expected 'START N'"),
    ("misspelt START", OK.replace("START", "STRAT") + EOI, ParseError, 1, 1,
     "did you mean 'START'"),
    ("lower-case END", OK.replace("END", "end") + EOI, ParseError, 6, 1, "write 'END'"),
    ("END OF INPUT", OK + "END OF INPUT\n", ParseError, 7, 1, "one word"),
    ("lower-case endofinput", OK + "endofinput\n", ParseError, 7, 1, "write 'ENDOFINPUT'"),
    ("misspelt ENDOFINPUT", OK + "ENDOFINPT\n", ParseError, 7, 1, "did you mean 'ENDOFINPUT'"),
    ("ENDOFINPUT missing", OK, ParseError, 6, 4, "without 'ENDOFINPUT'"),
    ("START without N", OK.replace("START 1", "START") + EOI, ParseError, 1, 6,
     "number of players"),
    ("N not an integer", OK.replace("START 1", "START x") + EOI, ParseError, 1, 7,
     "'x' is not"),
    ("N with a sign", OK.replace("START 1", "START +1") + EOI, ParseError, 1, 7, "'+1' has a sign"),
    ("START 0", OK.replace("START 1", "START 0") + EOI, InvalidInputError, 1, 7, "1..10"),
    ("START 11", OK.replace("START 1", "START 11") + EOI, InvalidInputError, 1, 7, "1..10"),
    ("extra token after N", OK.replace("START 1", "START 1 1") + EOI, ParseError, 1, 9,
     "extra token '1'"),
    ("letter O in a byte", OK.replace("00000001", "1O1O1O1O") + EOI, ParseError, 3, 1,
     "'1O1O1O1O' is not a byte"),
    ("digit 2", OK.replace("00000001", "2") + EOI, ParseError, 3, 1, "'2' is not a byte"),
    ("0b prefix", OK.replace("00000001", "0b1010") + EOI, ParseError, 3, 1, "holds 'b'"),
    ("7-digit byte", OK.replace("00000001", "0000001") + EOI, ParseError, 3, 1, "7 binary digits"),
    ("9-digit byte", OK.replace("00000001", "000000001") + EOI, ParseError, 3, 1,
     "9 binary digits"),
    ("nibble line holding bytes", OK.replace("0000 0000 0000 0000", " ".join([b8(0)] * 4)) + EOI,
     ParseError, 5, 1, "a nibble has exactly 4"),
    ("byte line holding nibbles",
     OK.replace(" ".join([b8(0)] * 4), "0000 0000 0000 0000", 1) + EOI, ParseError, 4, 1,
     "a byte has exactly 8"),
    ("3-digit nibble", OK.replace("0000 0000 0000 0000", "000 0000 0000 0000") + EOI, ParseError,
     5, 1, "3 binary digits"),
    ("player count short", PLAYERS_7, ParseError, 3, 63, "START 8 promised 8 players, found 7"),
    ("player count long", OK.replace("\n00000001\n", "\n00000001 00000001\n") + EOI, ParseError,
     3, 10, "START 1 promised 1 player, found 2"),
    ("dealer with 3 bytes", OK.replace("11111111 11111111", "11111111 11111111 00000000") + EOI,
     ParseError, 2, 19, "exactly 2 bytes, found 3"),
    ("dealer with 1 byte", OK.replace("11111111 11111111", "11111111") + EOI, ParseError, 2, 9,
     "exactly 2 bytes, found 1"),
    ("byte deck with 3", OK.replace(" ".join([b8(0)] * 4), " ".join([b8(0)] * 3), 1) + EOI,
     ParseError, 4, 27, "4 bytes, found 3"),
    ("nibble deck with 5", OK.replace("0000 0000 0000 0000", "0000 0000 0000 0000 0000") + EOI,
     ParseError, 5, 21, "4 nibbles, found 5"),
    ("END missing before START", OK.replace("END\n", "") + OK + EOI, ParseError, 6, 1,
     "expected 'END'"),
    ("data set cut short by END", "START 1\n11111111 11111111\n00000001\nEND\n" + EOI,
     ParseError, 4, 1, "cut short"),
    ("input ends inside a data set", "START 1\n11111111 11111111\n00000001\n", ParseError, 3, 9,
     "cut short"),
    ("extra END", OK + "END\n" + EOI, ParseError, 7, 1, "already ended"),
    ("text after ENDOFINPUT", OK + EOI + "\nSTART 1\n", ParseError, 9, 1, "after 'ENDOFINPUT'"),
    ("token after ENDOFINPUT", OK + "ENDOFINPUT x\n", ParseError, 7, 12, "after 'ENDOFINPUT'"),
    ("no data set", EOI, ParseError, 1, 1, "no data set"),
    ("101 data sets", OK * 101 + EOI, LimitError, 601, 1, "at most 100"),
]


@pytest.mark.parametrize("text, cls, line, column, phrase", [b[1:] for b in BAD],
                         ids=[b[0] for b in BAD])
def test_bad_input_is_rejected_with_position(text, cls, line, column, phrase):
    with pytest.raises(cls) as info:
        ENGINE.parse(text)
    err = info.value
    assert type(err) is cls
    assert (err.line, err.column) == (line, column)
    assert phrase in err.message
    assert not re.search(r"line \d+, column", err.message)   # describe() adds the position


def test_100_data_sets_are_accepted():
    assert len(ENGINE.parse(OK * 100 + EOI).hands) == 100


def test_cli_reports_bad_input_without_output(tmp_path, capsys):
    bad = tmp_path / "bad.in"
    bad.write_text(PLAYERS_7)
    assert main(["byte_me", str(bad)]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "line 3, column 63" in out.err


# ----------------------------------------------------------------------------- replay

def frames_of(text: str, case: int = 0) -> list[dict]:
    """The frames as the bridge shows them: every text in English beside its message."""
    problem = ENGINE.parse(text)
    result = ENGINE.solve(problem)
    return [frame_json(f.to_dict()) for f in ENGINE.replay(problem, result, case=case)]


SAMPLE = (DATA / "sample-1.in").read_text()


def test_frame0_shows_the_table():
    first = frames_of(SAMPLE, case=1)[0]
    assert first["event"] is None
    state = first["state"]
    assert [c["value"] for c in state["dealer"]["cards"]] == [190, 191]
    assert state["players"][0]["face"] == {"bits": "11111110", "value": 254}
    assert state["players"][0]["down"]["face_up"] is False
    assert (state["byte_deck"]["count"], state["nibble_deck"]["count"]) == (4, 4)
    assert [m["value"] for m in state["meter"]["marks"]] == [382, 500, 510]
    assert state["meter"]["target"]["label"] == "best player 509"


def test_deal_frame_narrates_the_target():
    deal = frames_of(SAMPLE, case=1)[1]
    assert deal["event"]["kind"] == "deal"
    assert deal["note"] == "Best player can have at most 254 + 255 = 509"


def test_hit_frame_names_rule_card_and_total():
    hit = frames_of(SAMPLE, case=1)[2]
    assert hit["event"]["rule"] == 2 and hit["event"]["deck"] == "byte"
    assert hit["event"]["card"] == {"bits": "00010010", "value": 18}
    assert hit["state"]["total"] == 399 and hit["state"]["fired"] == 2
    assert hit["note"].startswith("381 < 382: Byte me!")
    assert hit["state"]["byte_deck"]["count"] == 3 and hit["state"]["nibble_deck"]["count"] == 4


def test_rules_box_cells_carry_this_hands_target():
    rules = frames_of(SAMPLE, case=1)[2]["state"]["rules"]
    assert [(r["cond"], r["action"]) for r in rules] == [
        ("total >= 509", "STOP: WIN"), ("total < 382", "BYTE ME!"),
        ("total <= 500", "NIBBLE ME!"), ("total > 500", "STOP")]
    assert frames_of(SAMPLE, case=1)[0]["state"]["rules"][0]["cond"] == "total >= best"


def test_four_hits_stop_frame():
    stop = frames_of(SAMPLE, case=1)[-2]
    assert stop["event"] == {"kind": "stop", "rule": None, "from": 422, "to": 422,
                             "reason": "4 hits taken",
                             "reason_msg": {"id": "byte_me.reason.hits_taken",
                                            "params": {"hits": 4}}}


def test_certain_win_frame():
    stop = frames_of(SAMPLE, case=2)[2]
    assert stop["event"]["reason"] == "certain win: 263 >= 262" and stop["state"]["fired"] == 1
    assert stop["note"] == "certainly won: 263 >= 7 + 255"


def test_bust_frame_stamps():
    frames = frames_of((DATA / "spec-extra-1.in").read_text(), case=1)
    bust = frames[-2]
    assert bust["event"]["kind"] == "bust" and bust["state"]["stamp"] == "BUST!"
    assert frames[-3]["state"]["stamp"] is None


def test_last_frame_reveals_and_answers():
    problem = ENGINE.parse(SAMPLE)
    result = ENGINE.solve(problem)
    last = ENGINE.replay(problem, result, case=1)[-1]
    assert last.state["outcome"] == "Lose!"
    assert last.state["answer"] == ENGINE.summaries(problem, result)[1].answer
    assert all(p["down"]["face_up"] and p["total"] == 509 for p in last.state["players"])
    assert last.state["lines"] == last.state["answer"].splitlines()


def test_frames_are_json_and_numbered():
    frames = frames_of(SAMPLE, case=2)
    json.dumps(frames)
    assert [f["i"] for f in frames] == list(range(len(frames)))
    assert all(f["event"] and "kind" in f["event"] for f in frames[1:])


def test_replay_rejects_missing_case_and_moves():
    problem = ENGINE.parse(SAMPLE)
    result = ENGINE.solve(problem)
    with pytest.raises(InvalidInputError):
        ENGINE.replay(problem, result, case=3)
    with pytest.raises(InvalidInputError):
        ENGINE.replay(problem, result, case=0, moves=("hit",))


def test_summaries_label_each_set():
    problem = ENGINE.parse(SAMPLE)
    labels = [render(s.label) for s in ENGINE.summaries(problem, ENGINE.solve(problem))]
    assert labels == ["Set 1: HAND 1", "Set 2: HAND 1", "Set 3: HAND 8"]


# ----------------------------------------------------------------------------- random input

def test_random_input_is_reproducible():
    assert ENGINE.random_input(7, players=3, sets=5) == ENGINE.random_input(7, players=3, sets=5)
    assert ENGINE.random_input(7) != ENGINE.random_input(8)


def test_random_input_respects_options_and_parses():
    text = ENGINE.random_input(11, players=10, sets=100)
    problem = ENGINE.parse(text)
    assert text.endswith("ENDOFINPUT\n")
    assert len(problem.hands) == 100 and {h.n for h in problem.hands} == {10}


def test_random_input_defaults():
    problem = ENGINE.parse(ENGINE.random_input(1))
    assert [h.n for h in problem.hands] == [4]


# ----------------------------------------------------------------------------- bridge

def test_bridge_solve_random_and_replay():
    reply = json.loads(bridge.handle(json.dumps({"cmd": "solve", "game": "byte_me",
                                                 "text": SAMPLE, "case": 2})))
    assert reply["ok"] and reply["cases"][2]["label"] == "Set 3: HAND 8"
    assert reply["frames"][-1]["state"]["answer"] == "HAND 8\nWin!\n"
    again = json.loads(bridge.handle(json.dumps({"cmd": "replay", "game": "byte_me",
                                                 "text": SAMPLE, "case": 1})))
    assert again["ok"] and again["frames"][-1]["state"]["outcome"] == "Lose!"
    rnd = json.loads(bridge.handle(json.dumps({"cmd": "random", "game": "byte_me", "seed": 3,
                                               "options": {"players": 2, "sets": 4}})))
    assert rnd["ok"] and rnd["text"].count("START 2\n") == 4
    moved = json.loads(bridge.handle(json.dumps({"cmd": "replay", "game": "byte_me",
                                                 "text": SAMPLE, "moves": ["x"]})))
    assert not moved["ok"]
