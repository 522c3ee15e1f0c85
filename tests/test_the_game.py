"""The Game (CERC 2022): golden files, each rule of the fixed policy, bad input, replay."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from py_engines.i18n import render
from py_engines import InvalidInputError, LimitError, ParseError, get_engine, solve_text
from py_engines.__main__ import main
from py_engines.games.the_game import Deck, _choose, simulate

DATA = Path(__file__).parent / "data" / "the_game"
GOLDEN = sorted(DATA.glob("*.in"))
ENGINE = get_engine("the_game")


def deck_starting(*top: int) -> Deck:
    """A valid deck whose pile begins with ``top``; the rest in ascending order."""
    rest = [c for c in range(2, 100) if c not in top]
    return Deck(tuple(top) + tuple(rest))


def first_plays(deck: Deck, n: int) -> list[dict]:
    log = simulate(deck).log
    return [s.event for s in log if s.event and s.event["kind"] == "play"][:n]


# ----------------------------------------------------------------------------- golden

def test_every_shared_judge_file_is_here():
    assert len(GOLDEN) >= 22
    assert {"sample-1.in", "sample-2.in"} <= {p.name for p in GOLDEN}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_cli_prints_the_judge_answer(path, capsys):
    assert main(["the_game", str(path)]) == 0
    assert capsys.readouterr().out.encode() == path.with_suffix(".ans").read_bytes()


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_solve_text_matches_the_judge_answer(path):
    assert solve_text("the_game", path.read_text()) == path.with_suffix(".ans").read_text()


def test_sample_2_ends_with_an_empty_pile_line():
    answer = solve_text("the_game", (DATA / "sample-2.in").read_text())
    assert answer.endswith("36\n\n")
    assert answer.count("\n") == 6


# ----------------------------------------------------------------------------- rules

def test_worked_start_of_sample_1():
    deck = ENGINE.parse((DATA / "sample-1.in").read_text())
    plays = [(e["card"], e["row"], e["trick"]) for e in first_plays(deck, 12)]
    assert plays == [(96, 3, False), (94, 3, False), (89, 3, False), (88, 3, False),
                     (7, 1, False), (10, 1, False), (16, 1, False), (69, 3, False),
                     (61, 3, False), (53, 3, False), (6, 1, True), (47, 3, False)]


def test_smallest_gap_wins():
    # hand 50 60: rows end 1 1 100 100; 60 has gap 40 on row 3, 50 gap 49 on rows 1-2 and 50 on 3-4.
    assert _choose([50, 60], [1, 1, 100, 100]) == (1, 2, False)


def test_gap_tie_prefers_the_left_most_card_over_the_top_most_row():
    # 69 on row 3 (gap 19) and 35 on row 1 (gap 19): 69 is further left in the hand.
    assert _choose([69, 35], [16, 1, 88, 100]) == (0, 2, False)


def test_gap_tie_on_one_card_takes_the_top_most_row():
    assert _choose([96], [1, 1, 100, 100]) == (0, 2, False)


def test_trick_beats_any_regular_placement():
    # 6 is a trick on row 1 (16 - 10); 87 would fit row 3 with gap 1.
    assert _choose([87, 6], [16, 1, 88, 100]) == (1, 0, True)


def test_left_most_trick_card_is_taken():
    # both 6 (row 1) and 98 (row 3: 88 + 10) are tricks; 98 is left of 6.
    assert _choose([98, 6], [16, 1, 88, 100]) == (0, 2, True)


def test_trick_goes_to_the_top_most_row():
    assert _choose([6], [16, 16, 100, 100]) == (0, 0, True)


def test_plus_ten_on_an_ascending_row_is_a_regular_move():
    # 26 onto 16 is an ordinary gap-10 move; the policy still picks the smallest gap.
    assert _choose([26, 18], [16, 1, 100, 100]) == (1, 0, False)


def test_no_trick_while_a_row_ends_in_its_direction_card():
    assert _choose([90], [1, 1, 100, 100]) == (0, 2, False)


def test_stuck_when_no_card_fits():
    assert _choose([5, 6], [98, 99, 2, 3]) is None


def test_hand_keeps_its_order_and_draws_append_to_the_right():
    deck = ENGINE.parse((DATA / "sample-1.in").read_text())
    log = simulate(deck).log
    after_turn_1 = next(s for s in log if s.event and s.event["kind"] == "draw")
    assert after_turn_1.hand == (69, 40, 35, 7, 53, 88, 10, 89)
    assert len(after_turn_1.pile) == 88


def test_a_lost_game_can_end_in_mid_turn():
    # The deck ascending: rows 1-2 take 2..9 and then the hand jams; the loss may come at step 2.
    outcomes = {}
    for seed in range(60):
        out = simulate(ENGINE.parse(ENGINE.random_input(seed)))
        last = out.log[-1]
        outcomes.setdefault(last.step, last)
    assert outcomes.get(2) is not None and outcomes[2].event["kind"] == "stuck"
    assert outcomes.get(1) is not None


def test_won_decks_end_with_empty_hand_and_pile():
    paths = sorted(DATA.glob("gen-*_won.in"))
    assert paths, f"no won decks under {DATA}"
    for path in paths:
        out = simulate(ENGINE.parse(path.read_text()))
        assert out.won and out.hand == () and out.pile == ()
        assert out.log[-1].event == {"kind": "end", "outcome": "won"}


def test_every_card_is_somewhere_at_the_end():
    out = simulate(deck_starting())
    cards = [c for row in out.rows for c in row[1:]] + list(out.hand) + list(out.pile)
    assert sorted(cards) == list(range(2, 100))


# ----------------------------------------------------------------------------- bad input

def valid_tokens() -> list[str]:
    return (DATA / "sample-1.in").read_text().split()


@pytest.mark.parametrize("text, kind, line, column, phrase", [
    ("", ParseError, 1, 1, "found none"),
    ("   \n\t\n", ParseError, 1, 1, "found none"),
    ("2 3 4\n", ParseError, 1, 6, "found 3 integers; expected 98"),
])
def test_empty_and_short_inputs(text, kind, line, column, phrase):
    with pytest.raises(kind) as err:
        ENGINE.parse(text)
    assert (err.value.line, err.value.column) == (line, column)
    assert phrase in err.value.message


def test_97_cards_names_the_count():
    with pytest.raises(ParseError, match="found 97 integers; expected 98"):
        ENGINE.parse(" ".join(valid_tokens()[:97]))


def test_an_extra_token_is_named_with_its_position():
    text = " ".join(valid_tokens()) + " 17"
    with pytest.raises(ParseError) as err:
        ENGINE.parse(text)
    assert err.value.token == "17" and err.value.line == 1
    assert err.value.column == len(text) - 1
    assert "token 99" in err.value.message and "extra" in err.value.message


@pytest.mark.parametrize("bad", ["12a", "3.5", "-4", "+4", "0x1F", "07", "1O0", "\u0661\u0662"])
def test_a_token_that_is_not_a_plain_integer(bad):
    tokens = valid_tokens()
    tokens[3] = bad
    text = " ".join(tokens)
    with pytest.raises(ParseError) as err:
        ENGINE.parse(text)
    assert (err.value.line, err.value.column, err.value.token) == (1, text.index(bad) + 1, bad)
    assert err.value.message.startswith(f"token 4: '{bad}' ")
    assert err.value.message.endswith("; expected a card 2..99")


@pytest.mark.parametrize("bad", ["1", "100", "0", "150"])
def test_a_value_out_of_range(bad):
    tokens = valid_tokens()
    tokens[0] = bad
    with pytest.raises(InvalidInputError) as err:
        ENGINE.parse(" ".join(tokens))
    assert (err.value.line, err.value.column) == (1, 1)
    assert f"value {bad} out of range 2..99" in err.value.message


def test_a_duplicate_names_both_places_and_the_missing_card():
    tokens = valid_tokens()
    lines = [" ".join(tokens[:50]), " ".join(tokens[50:])]
    missing = tokens[60]
    lines[1] = lines[1].replace(f" {missing} ", f" {tokens[2]} ", 1)
    with pytest.raises(InvalidInputError) as err:
        ENGINE.parse("\n".join(lines) + "\n")
    msg = err.value.message
    assert err.value.line == 2
    assert f"card {tokens[2]} appears again (first at line 1, token 3)" in msg
    assert msg.endswith(f"missing: {missing}")


def test_pasted_expected_output_is_reported_as_an_extra_token():
    text = (DATA / "sample-1.in").read_text() + (DATA / "sample-1.ans").read_text()
    with pytest.raises(ParseError) as err:
        ENGINE.parse(text)
    assert err.value.line == 2 and err.value.column == 1 and "extra" in err.value.message


def test_oversized_paste_is_rejected_before_tokenising():
    with pytest.raises(LimitError, match="at most 10,000"):
        ENGINE.parse("2 " * 6000)


def test_tolerated_whitespace_gives_the_same_answer():
    tokens = valid_tokens()
    messy = "\r\n".join("\t ".join(tokens[k:k + 7]) for k in range(0, 98, 7)) + "\r\n\r\n\n"
    assert solve_text("the_game", messy) == (DATA / "sample-1.ans").read_text()


# ----------------------------------------------------------------------------- replay

def test_replay_starts_empty_and_ends_with_the_outcome():
    deck = ENGINE.parse((DATA / "sample-2.in").read_text())
    result = ENGINE.solve(deck)
    frames = ENGINE.replay(deck, result)
    assert frames[0].event is None and frames[0].i == 0
    assert [f.i for f in frames] == list(range(len(frames)))
    last = frames[-1].state
    assert last["outcome"] == "lost" and last["answer"] == ENGINE.format(result)
    json.dumps([f.to_dict() for f in frames])


def test_replay_frames_show_the_trick_and_the_blinking_targets():
    deck = ENGINE.parse((DATA / "sample-1.in").read_text())
    frames = ENGINE.replay(deck, ENGINE.solve(deck))
    trick = next(f for f in frames if f.event and f.event.get("trick"))
    assert render(trick.msg).endswith("BACKWARDS TRICK: 6 onto 16 (row 1)")
    assert 1 in trick.event["targets"]
    first_play = next(f for f in frames if f.event and f.event["kind"] == "play")
    assert render(first_play.msg) == "T1.1  96 on row 3 (96 < 100, gap 4: smallest)"
    assert first_play.event["targets"] == [1, 2, 3, 4]


def test_replay_rejects_moves_and_other_cases():
    deck = ENGINE.parse((DATA / "sample-1.in").read_text())
    result = ENGINE.solve(deck)
    with pytest.raises(InvalidInputError):
        ENGINE.replay(deck, result, case=1)


def test_random_input_is_seeded_and_valid():
    a, b = ENGINE.random_input(7), ENGINE.random_input(7)
    assert a == b and a != ENGINE.random_input(8)
    assert sorted(ENGINE.parse(a).cards) == list(range(2, 100))
