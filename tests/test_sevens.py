"""Sevens (THUPC 2022 Final A): golden files, rules, bad input, the solver, replay, random input."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from py_engines import InvalidInputError, LimitError, ParseError, get_engine, solve_text
from py_engines import bridge
from py_engines.__main__ import main
from py_engines.bridge import frame_json
from py_engines.i18n import render
from py_engines.games.sevens.judge import parse_deal
from py_engines.games.sevens.rules import ALICE, BOB, Deal, Position, card_name
from py_engines.games.sevens.search import SevensSolver, solve_deal

DATA = Path(__file__).parent / "data" / "sevens"
GOLDEN = sorted(DATA.glob("*.in"))
ENGINE = get_engine("sevens")
SUIT = {"S": 0, "H": 1, "C": 2, "D": 3}
VALUE_TEXT = {1: "win", 0: "draw", -1: "loss"}


def cards(text: str) -> list[tuple[int, int]]:
    return [(SUIT[t[0]], int(t[1:])) for t in text.split()]


def deal_of(text: str) -> Deal:
    return Deal.of(cards(text))


def at(deal: Deal, *runs: tuple[int, int] | None) -> Position:
    return Position(deal, tuple(runs))


def sample(name: str) -> str:
    return (DATA / f"{name}.in").read_text()


# Alice: all spades and diamonds (sample 2); Bob holds hearts and clubs.
SPLIT = sample("sample-2")


# ----------------------------------------------------------------------------- golden files

def test_golden_files_are_present():
    names = {p.stem for p in GOLDEN}
    assert {f"sample-{k}" for k in (1, 2, 3)} | {f"official-{k}" for k in range(1, 10)} <= names


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_cli_prints_judge_answer(path, capsys):
    assert main(["sevens", str(path)]) == 0
    assert capsys.readouterr().out.encode() == path.with_suffix(".ans").read_bytes()


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_solve_text_matches_judge_answer(path):
    text = path.read_bytes().decode()
    assert solve_text("sevens", text).encode() == path.with_suffix(".ans").read_bytes()


def test_tolerated_whitespace_keeps_the_answer():
    tokens = sample("official-1").split()
    messy = "\r\n\t" + "  ".join(tokens[:10]) + "\r\n" + "\t".join(tokens[10:]) + "\r\n\r\n  \n"
    assert solve_text("sevens", messy) == "Bob\n"
    assert solve_text("sevens", " ".join(tokens)) == "Bob\n"       # no final newline


def test_official_test_7_with_its_extra_blank_line():
    assert sample("official-7").endswith("D6\n\n")
    assert solve_text("sevens", sample("official-7")) == "Draw\n"


# ----------------------------------------------------------------------------- rules

def test_the_holder_lays_s7_and_the_other_player_moves_first():
    alice_holds = deal_of(SPLIT)
    bob_holds = deal_of(sample("sample-3"))
    for deal, holder in ((alice_holds, ALICE), (bob_holds, BOB)):
        start = Position.opening(deal)
        assert deal.holder == holder
        assert start.runs == ((7, 7), None, None, None) and start.down() == 1
        assert start.mover == 1 - holder
        assert (0, 7) not in start.hand(holder)


def test_turns_alternate_after_the_opening():
    start = Position.opening(deal_of(SPLIT))
    after = start.play(start.moves()[0])
    assert (start.mover, after.mover) == (BOB, ALICE)


def test_legal_moves_on_both_ends_of_a_track():
    deal = deal_of(SPLIT)                        # Bob holds every heart and club
    position = at(deal, (7, 7), (4, 9), None, None)
    assert position.mover == BOB            # 1 + 6 cards down
    assert [card_name(c) for c, _ in position.ends()] == ["S6", "S8", "H3", "H10", "C7", "D7"]
    assert [end for _, end in position.ends()] == ["down", "up", "down", "up", "open", "open"]
    assert position.moves() == ((1, 3), (1, 10), (2, 7))
    alice = position.play((1, 10))
    assert alice.moves() == ((0, 6), (0, 8), (3, 7))


def test_a_seven_opens_a_closed_suit_only_for_its_holder():
    deal = deal_of(SPLIT)
    start = Position.opening(deal)
    assert start.moves() == ((1, 7), (2, 7))     # Bob: H7 and C7, not S6/S8 nor D7
    opened = start.play((2, 7))
    assert opened.runs[2] == (7, 7)
    assert (3, 7) in opened.moves() and (2, 6) not in opened.moves()


def test_only_the_next_rank_is_playable():
    position = Position.opening(deal_of(SPLIT))
    with pytest.raises(ValueError):
        position.play((1, 8))                    # hearts are still closed
    with pytest.raises(ValueError):
        position.play((0, 6))                    # Alice's card on Bob's turn


def test_ranks_do_not_wrap():
    deal = deal_of(SPLIT)
    position = at(deal, (1, 12), (2, 13), (7, 7), (7, 7))
    ends = [card_name(c) for c, _ in position.ends()]
    assert ends == ["S13", "H1", "C6", "C8", "D6", "D8"]
    full = at(deal, (1, 13), (1, 13), (7, 7), (7, 7))
    assert [card_name(c) for c, _ in full.ends()] == ["C6", "C8", "D6", "D8"]


def test_a_player_without_a_legal_card_loses():
    # Alice holds S7; her hearts wait behind Bob's H7 and her C1 behind Bob's C2.
    deal = deal_of(" ".join(f"S{r}" for r in range(1, 14))
                   + " " + " ".join(f"H{r}" for r in range(1, 14) if r != 7) + " C1")
    stuck = at(deal, (1, 13), None, None, (7, 7))
    assert stuck.mover == ALICE and stuck.hand(ALICE) and stuck.hand(BOB)
    assert stuck.moves() == () and stuck.is_terminal() and stuck.value() == -1 and stuck.to_move() == 1
    assert SevensSolver(deal).value(stuck) == -1
    assert solve_text("sevens", " ".join(card_name(c) for c in deal.alice)) == "Bob\n"


def test_all_52_cards_down_is_a_draw_with_the_holder_to_move():
    deal = deal_of(SPLIT)
    done = at(deal, (1, 13), (1, 13), (1, 13), (1, 13))
    assert done.down() == 52 and done.mover == deal.holder
    assert done.is_terminal() and done.value() == 0
    assert SevensSolver(deal).value(done) == 0


def test_unblockable_hands_give_a_draw():
    assert solve_text("sevens", SPLIT) == "Draw\n"


# ----------------------------------------------------------------------------- bad input

def error_of(text: str) -> ParseError:
    with pytest.raises((ParseError, InvalidInputError, LimitError)) as info:
        ENGINE.parse(text)
    return info.value


GOOD = sample("official-1").split()
END = len(" ".join(GOOD[:25])) + 1              # just past the 25th card
EXTRA = len(" ".join(GOOD)) + 2                 # where a 27th token starts


@pytest.mark.parametrize("text, kind, line, column, phrase", [
    ("", ParseError, 1, 1, "empty input"),
    ("  \n\t\n", ParseError, 1, 1, "empty input"),
    (" ".join(GOOD[:25]) + "\n", ParseError, 1, END, "found 25 cards, need 26"),
    (" ".join(GOOD) + " H9\n", ParseError, 1, EXTRA, "token 27 'H9': unexpected extra card"),
    (" ".join(GOOD) + "\nBob\n", ParseError, 2, 1, "unexpected text after the 26 cards"),
    ("Alice: " + " ".join(GOOD), ParseError, 1, 1, "label"),
    ("Bob " + " ".join(GOOD), ParseError, 1, 1, "token 1 'Bob': not a card"),
    ("s7 " + " ".join(GOOD[1:]), ParseError, 1, 1, "upper-case"),
    ("X7 " + " ".join(GOOD[1:]), ParseError, 1, 1, "unknown suit 'X'"),
    ("♠7 " + " ".join(GOOD[1:]), ParseError, 1, 1, "letter S"),
    ("7S " + " ".join(GOOD[1:]), ParseError, 1, 1, "suit letter comes first"),
    ("S " + " ".join(GOOD[1:]), ParseError, 1, 1, "rank is missing"),
    ("S07 " + " ".join(GOOD[1:]), ParseError, 1, 1, "leading zero"),
    ("S0 " + " ".join(GOOD[1:]), InvalidInputError, 1, 1, "outside 1..13"),
    ("S14 " + " ".join(GOOD[1:]), InvalidInputError, 1, 1, "outside 1..13"),
    ("SA " + " ".join(GOOD[1:]), ParseError, 1, 1, "S1"),
    ("SK " + " ".join(GOOD[1:]), ParseError, 1, 1, "S13"),
    ("ST " + " ".join(GOOD[1:]), ParseError, 1, 1, "S10"),
    ("S-7 " + " ".join(GOOD[1:]), ParseError, 1, 1, "'-' inside a card"),
    ("S,7 " + " ".join(GOOD[1:]), ParseError, 1, 1, "',' inside a card"),
    (",".join(GOOD), ParseError, 1, 1, "',' inside a card"),
    (" ".join(GOOD[:5]) + "\n" + " ".join(GOOD[5:10]) + " C7x", ParseError, 2,
     len(" ".join(GOOD[5:10])) + 2, "token 11 'C7x': rank '7x' is not a number"),
])
def test_bad_input_names_line_column_and_token(text, kind, line, column, phrase):
    err = error_of(text)
    assert type(err) is kind
    assert (err.line, err.column) == (line, column)
    assert phrase in err.message
    assert "line" not in err.message.split(":")[0]      # the position is added by describe()


def test_duplicate_card_names_both_places():
    text = "S4 S6 H5 S11 S13 H3 H4 H5 H6 H8 H10 H12 C2 C4 C5 C6 C8 C9 C11 C13 D1 D4 D5 D6 D8 D10"
    err = error_of(text)
    assert type(err) is InvalidInputError
    assert (err.line, err.column) == (1, 24)
    assert err.message == "H5 appears twice (first at column 7)"
    assert err.describe().startswith("line 1, column 24: ")


def test_duplicate_on_another_line_names_that_line():
    text = " ".join(GOOD[:13]) + "\n" + GOOD[0] + " " + " ".join(GOOD[14:])
    err = error_of(text)
    assert (err.line, err.column) == (2, 1) and "first at line 1, column 1" in err.message


def test_first_problem_in_reading_order_wins():
    err = error_of("S1 S1 X9")
    assert (err.column, type(err)) == (4, InvalidInputError)


def test_oversized_input_is_refused_before_tokenising():
    assert type(error_of("S1 " * 5000)) is LimitError


def test_cli_reports_bad_input_with_position(tmp_path, capsys):
    bad = tmp_path / "bad.in"
    bad.write_text("S7 S07\n")
    assert main(["sevens", str(bad)]) == 2
    assert "line 1, column 4" in capsys.readouterr().err


# ----------------------------------------------------------------------------- the solver

def reference_value(position: Position, memo: dict) -> int:
    """Plain memoised negamax on the rules, for the player to move: obviously right, slow."""
    key = position.runs
    if key not in memo:
        moves = position.moves()
        memo[key] = (position.value() * position.to_move() if not moves else
                     max(-reference_value(position.play(m), memo) for m in moves))
    return memo[key]


def random_midgame(rng: random.Random, cards_left: int, skew: bool) -> Position:
    """A random deal (optionally with suits leaning to one player), played at random."""
    deck = [(s, r) for s in range(4) for r in range(1, 14)]
    if skew:
        lean = [rng.choice((0.05, 0.5, 0.95)) for _ in range(4)]
        deck.sort(key=lambda c: rng.random() ** (1 / lean[c[0]]), reverse=True)
        alice = deck[:26]
    else:
        alice = rng.sample(deck, 26)
    position = Position.opening(Deal.of(alice))
    while 52 - position.down() > cards_left and position.moves():
        position = position.play(rng.choice(position.moves()))
    return position


def test_solver_agrees_with_plain_search_on_random_positions():
    rng = random.Random(2022)
    checked = 0
    outcomes = set()
    for trial in range(24):
        root = random_midgame(rng, 21, skew=trial % 2 == 1)
        memo: dict = {}
        reference_value(root, memo)
        solver = SevensSolver(root.deal)
        for runs, value in memo.items():
            assert solver.value(Position(root.deal, runs)) == value, (root, runs)
            outcomes.add(value)
        checked += len(memo)
    assert outcomes == {-1, 0, 1} and checked > 40_000


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_value_for_the_first_mover_gives_the_answer(path):
    result = solve_deal(parse_deal(path.read_text()))
    first = 1 - result.deal.holder
    winner = None if result.value == 0 else first if result.value > 0 else 1 - first
    assert result.winner == winner
    assert result.answer == path.with_suffix(".ans").read_text()


def test_solve_reports_its_figures():
    figures = ENGINE.solve(ENGINE.parse(sample("official-9"))).stats
    assert set(figures) >= {"nodes", "table", "case_ms", "case_nodes"}
    assert figures["nodes"] == figures["case_nodes"][0] >= 1
    assert figures["table"] >= 1 and len(figures["case_ms"]) == 1


def test_node_limit_raises_limit_error():
    problem = ENGINE.parse(sample("official-9"))      # its start needs the boundary search
    with pytest.raises(LimitError):
        ENGINE.solve(problem, limit=10)
    assert ENGINE.format(ENGINE.solve(problem, limit=100_000)) == "Alice\n"


def test_progress_reports_the_case():
    seen: list[dict] = []
    ENGINE.solve(ENGINE.parse(sample("official-1")), progress=seen.append)
    assert seen and seen[-1]["case"] == 1 and seen[-1]["cases"] == 1 and seen[-1]["nodes"] >= 1


# ----------------------------------------------------------------------------- replay

def frames_of(text: str, moves: tuple[str, ...] = ()):
    problem = ENGINE.parse(text)
    result = ENGINE.solve(problem)
    return problem, result, ENGINE.replay(problem, result, moves=moves)


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_replayed_line_is_optimal_at_every_step(path):
    problem, result, frames = frames_of(path.read_text())
    answer = path.with_suffix(".ans").read_text()
    solver = SevensSolver(problem)
    position = Position.opening(problem)
    first_best = max(v.value for v in frames[0].values)
    expected = {"Draw\n": 0}.get(answer, 1 if answer.strip() == frames[0].to_move else -1)
    assert first_best == expected
    for frame, after in zip(frames, frames[1:], strict=False):
        if frame.values is None:
            break
        assert [v.move for v in frame.values] == [card_name(c) for c in position.moves()]
        best = max(v.value for v in frame.values)
        for v in frame.values:
            child = position.play(cards(v.move)[0])
            assert v.value == -solver.value(child) and render(v.text) == VALUE_TEXT[v.value]
            assert v.best == (v.value == best)
        assert after.event["move"] == next(v.move for v in frame.values if v.best)
        position = position.play(cards(after.event["move"])[0])
    assert frames[-1].state["outcome"] + "\n" == answer == frames[-1].state["answer"]


def test_frame_zero_is_the_deal_with_s7_laid():
    _, _, frames = frames_of(sample("sample-3"))            # Bob holds S7
    first = frames[0]
    assert first.i == 0 and first.event is None
    assert render(first.msg) == "Bob holds S7 and lays it; Alice moves first"
    assert first.to_move == "Alice" and first.state["to_move"] == "Alice"
    assert first.state["suits"][0] == {"suit": "S", "name": "spades", "open": True,
                                       "name_msg": {"id": "sevens.suit.spades", "params": {}},
                                       "low": 7, "high": 7}
    assert not first.state["suits"][1]["open"]
    assert "S7" not in first.state["hands"]["Bob"] and len(first.state["hands"]["Alice"]) == 26
    assert frame_json(first.to_dict())["state"]["status"] == \
        "Alice to move · cards left A 26 / B 25 · legal: 2"
    assert [e["card"] for e in first.state["ends"] if e["legal"]] == first.state["legal"]


def test_frames_narrate_each_card():
    _, _, frames = frames_of(SPLIT)
    notes = [render(f.msg) for f in frames[1:-1]]
    assert len(notes) == 51 and notes[0] == "Bob: H7 opens hearts (draw)"
    assert any(n.startswith("Alice: S6 extends spades down") for n in notes)
    assert all(f.actor == f.event["player"] for f in frames[1:-1])
    assert render(frames[-2].msg).endswith("(forced, draw)")


def test_last_frame_of_a_draw():
    _, _, frames = frames_of(SPLIT)
    last = frames[-1]
    assert last.event == {"kind": "draw"} and last.values is None and last.to_move is None
    assert render(last.msg) == "All 52 cards played: DRAW"
    assert last.state["down"] == 52 and last.state["answer"] == "Draw\n"
    assert last.state["outcome"] == "Draw" and last.state["optimal"]


def test_last_frame_of_a_stuck_player():
    _, _, frames = frames_of(sample("sample-1"))
    last = frames[-1]
    assert last.event["kind"] == "stuck" and last.actor == last.event["player"] == "Alice"
    assert render(last.msg) == "Alice has no playable card: BOB WINS"
    assert last.event["hand"] == last.state["hands"]["Alice"] and last.event["hand"]
    assert (last.state["outcome"], last.state["answer"]) == ("Bob", "Bob\n")


def test_forced_moves_are_marked():
    _, _, frames = frames_of(sample("sample-1"))
    assert len(frames[0].values) == 1 and frames[1].event["forced"]
    assert render(frames[1].msg) == "Alice: S6 extends spades down (forced, loses)"


def test_frames_are_json_serialisable():
    _, _, frames = frames_of(sample("official-5"))
    text = json.dumps([f.to_dict() for f in frames])
    assert frame_json(json.loads(text)[0])["values"][0]["text"] in VALUE_TEXT.values()


def test_a_losing_user_move_changes_the_values():
    problem, result, frames = frames_of(sample("official-1"))
    step, bad = next((k, v) for k, f in enumerate(frames) if f.values
                     for v in f.values if not v.best)
    chosen = [frames[k + 1].event["move"] for k in range(step)] + [bad.move]
    user = ENGINE.replay(problem, result, moves=tuple(chosen))
    assert user[step + 1].event["move"] == bad.move and not user[step + 1].event["best"]
    assert max(v.value for v in user[step + 1].values) == -bad.value
    assert user[-1].state["outcome"] != "Bob" and not user[-1].state["optimal"]


def test_illegal_user_move_is_refused():
    problem, result, _ = frames_of(sample("sample-3"))
    with pytest.raises(InvalidInputError) as info:
        ENGINE.replay(problem, result, moves=("H7", "S5"))
    assert "move 2" in info.value.message and "legal moves: S6, S8, C7" in info.value.message


def test_moves_past_the_end_are_refused():
    problem, result, frames = frames_of(sample("sample-1"))
    line = tuple(f.event["move"] for f in frames[1:-1])
    with pytest.raises(InvalidInputError, match="game is over"):
        ENGINE.replay(problem, result, moves=line + ("S2",))


def test_replay_checks_the_case_index():
    problem, result, _ = frames_of(sample("sample-1"))
    with pytest.raises(InvalidInputError):
        ENGINE.replay(problem, result, case=1)


# ----------------------------------------------------------------------------- random input and bridge

def test_random_input_is_reproducible_and_valid():
    text = ENGINE.random_input(7)
    assert text == ENGINE.random_input(7) != ENGINE.random_input(8)
    assert text.endswith("\n") and len(text.split()) == 26
    deal = ENGINE.parse(text)
    order = [(s, r) for s, r in deal.alice]
    assert order == sorted(order)                  # readable: by suit S, H, C, D then rank
    assert ENGINE.random_options == ()


def test_bridge_solves_replays_and_deals():
    text = sample("official-2")
    reply = json.loads(bridge.handle(json.dumps({"cmd": "solve", "game": "sevens", "text": text})))
    assert reply["ok"] and reply["answer"] == "Alice\n" and reply["frames"][0]["event"] is None
    first = reply["frames"][0]["values"][0]["move"]
    again = json.loads(bridge.handle(json.dumps({"cmd": "replay", "game": "sevens", "text": text,
                                                 "moves": [first]})))
    assert again["ok"] and again["frames"][1]["event"]["move"] == first
    dealt = json.loads(bridge.handle(json.dumps({"cmd": "random", "game": "sevens", "seed": 3})))
    assert dealt["ok"] and dealt["text"] == ENGINE.random_input(3)
    bad = json.loads(bridge.handle(json.dumps({"cmd": "solve", "game": "sevens", "text": "S7"})))
    assert not bad["ok"] and bad["error"]["type"] == "ParseError"
