"""House of Cards (ICPC WF 2009 G): golden files, geometry, scoring, rules, bad input, solver, replay."""
from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest

from py_engines.i18n import render
from py_engines import InvalidInputError, LimitError, ParseError, get_engine, solve_text
from py_engines import bridge
from py_engines.__main__ import main
from py_engines.games.house_of_cards.rules import (
    AXEL, BIRGIT, FLOOR_AT, FLOOR_CARD, FLOOR_D, FLOOR_H, HOLD, PEAK_DH, PEAK_HD, SHAPES, Move, Position,
    card_text, open_floors, open_valleys, peak_bit, triangle_value)
from py_engines.games.house_of_cards.keys import FLOOR_MIRROR, PEAK_MIRROR, mirror_shape, position_keys
from py_engines.games.house_of_cards.search import RestSearch
from py_engines.search.minimax import Solver

DATA = Path(__file__).parent / "data" / "house_of_cards"
GOLDEN = sorted(DATA.glob("*.in"))
ENGINE = get_engine("house_of_cards")
SAMPLE = (DATA / "sample-1.in").read_text()


def code(text: str) -> int:
    return int(text[:-1]) | (16 if text[-1] == "R" else 0)


def deck(top: str, m: int = 13) -> tuple[int, ...]:
    """A full deck that starts with the given cards, the rest in rank order."""
    head = [code(c) for c in top.split()]
    rest = [r | c for c in (16, 0) for r in range(1, m + 1) if (r | c) not in head]
    return tuple(head + rest)


def floor(level: int, slot: int) -> int:
    return FLOOR_AT.index((level, slot))


def play(pos: Position, *ids: str) -> Position:
    for move_id in ids:
        pos = pos.play(next(m for m in pos.moves() if m.id == move_id))
    return pos


def error_of(text: str):
    with pytest.raises((ParseError, InvalidInputError)) as info:
        ENGINE.parse(text)
    return info.value


# ----------------------------------------------------------------------------- golden files

def test_golden_files_are_present():
    assert {p.name for p in GOLDEN} >= {"sample-1.in", "gen-h1-1.in", "gen-h2-1.in", "gen-h3-1.in"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_cli_prints_judge_answer(path, capsys):
    assert main(["house_of_cards", str(path)]) == 0
    assert capsys.readouterr().out.encode() == path.with_suffix(".ans").read_bytes()


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_solve_text_matches_judge_answer(path):
    assert solve_text("house_of_cards", path.read_text()).encode() == \
        path.with_suffix(".ans").read_bytes()


def test_any_whitespace_crlf_and_no_final_newline_keep_the_answer():
    messy = "  " + SAMPLE.replace("\n", " \r\n\t").replace(" 3R ", "\n3R\t\t").rstrip()
    assert solve_text("house_of_cards", messy) == solve_text("house_of_cards", SAMPLE)


def test_a_thousand_cases_are_solved():
    case = "Axel\n5\n1R 2R 3R 4R 5R 5B 4B 3B 2B 1B\n"
    out = solve_text("house_of_cards", case * 1000 + "End\n").splitlines()
    assert len(out) == 1000 and out[-1] == "Case 1000: Axel wins 1"


def test_result_is_seen_from_the_named_player_and_a_tie_is_worded_one_way():
    deal = "5\n1R 2R 3R 4R 5R 5B 4B 3B 2B 1B\n"
    tie = "5\n1R 1B 3R 4R 5R 5B 4B 3B 2R 2B\n"
    assert solve_text("house_of_cards", f"Birgit\n{deal}Axel\n{deal}End\n") == \
        "Case 1: Birgit loses 1\nCase 2: Axel wins 1\n"
    assert solve_text("house_of_cards", f"Axel\n{tie}Birgit\n{tie}End\n") == \
        "Case 1: Axel and Birgit tie\nCase 2: Axel and Birgit tie\n"


# ----------------------------------------------------------------------------- geometry

def test_the_house_has_45_shapes_with_at_most_three_open_places():
    assert len(SHAPES) == 45
    assert max(len(open_valleys(s)) + len(open_floors(s)) for s in SHAPES) == 3


def test_three_level1_valleys_open_at_the_start_and_no_floor():
    assert [FLOOR_AT[f] for f in open_valleys(0)] == [(1, 1), (1, 2), (1, 3)]
    assert open_floors(0) == ()


def test_a_floor_carries_a_peak_until_one_stands_on_it():
    pos = play(Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R")), "floorD:1.1")
    assert [FLOOR_AT[f] for f in open_floors(pos.shape)] == [(1, 1)]
    assert [FLOOR_AT[f] for f in open_valleys(pos.shape)] == [(1, 2), (1, 3)]
    pos = play(pos, "hold", "hold", "peakHD:1.1")
    assert open_floors(pos.shape) == ()


def test_a_level2_valley_needs_two_adjacent_level2_peaks():
    one_peak = 1 << floor(1, 1) | 1 << floor(1, 2) | peak_bit(4)           # P(2,1) only
    assert floor(2, 1) not in open_valleys(one_peak)
    assert [FLOOR_AT[f] for f in open_floors(one_peak)] == [(1, 2)]
    two_peaks = one_peak | peak_bit(5)                                      # P(2,1), P(2,2)
    assert [FLOOR_AT[f] for f in open_valleys(two_peaks) if FLOOR_AT[f][0] == 2] == [(2, 1)]
    apart = 1 << floor(1, 1) | 1 << floor(1, 3) | peak_bit(4) | peak_bit(6)  # P(2,1), P(2,3)
    assert all(FLOOR_AT[f][0] == 1 for f in open_valleys(apart))


def test_a_level2_valley_lies_between_the_facing_legs_of_its_peaks():
    pos = Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R 9R 10R 11R 12R 13R 1B 2B 3B"))
    pos = play(pos, "floorD:1.1", "floorD:1.2", "hold", "hold", "peakHD:1.1", "peakDH:1.2")
    valley = next(f for f in open_valleys(pos.shape) if FLOOR_AT[f] == (2, 1))
    nxt, tri = pos.step(Move(FLOOR_D, valley))
    # P(2,1) = (11R held, 13R drawn), P(2,2) = (1B drawn, 12R held): legs 13R and 1B
    assert [card_text(c) for c in tri.cards] == ["13R", "1B", "2B"]


# ----------------------------------------------------------------------------- scoring

WORKED = deck("6B 3R 5B 2B 1B 5R 13R 7B 11R")


@pytest.mark.parametrize("slot, value", [(2, -14), (1, 19), (3, 29)],
                         ids=["middle-14-Birgit", "left-19-Axel", "right-29-Axel"])
def test_statement_worked_valleys(slot, value):
    pos = Position.start(WORKED)
    assert pos.mover == BIRGIT and card_text(pos.drawn) == "11R"
    after, tri = pos.step(Move(FLOOR_D, floor(1, slot)))
    assert tri.value == value and after.score == value
    assert after.points[tri.scorer] == abs(value) and after.points[1 - tri.scorer] == 0


def test_majority_colour_takes_the_rank_sum_whoever_places_it():
    assert triangle_value(code("1R"), code("2R"), code("13B")) == 16
    assert triangle_value(code("1B"), code("2B"), code("13R")) == -16
    assert triangle_value(code("3B"), code("4B"), code("5B")) == -12


# ----------------------------------------------------------------------------- rules

def test_red_top_card_lets_axel_start_and_turns_alternate():
    pos = Position.start(deck("1R 2B 3R 4B 5R 6B 7R 8B"))
    movers = []
    while not pos.is_terminal():
        movers.append(pos.mover)
        pos = pos.play(pos.moves()[0])
    assert movers == [AXEL, BIRGIT] * 9
    assert Position.start(deck("1B 2B 3R 4B 5R 6B 7R 8R")).mover == BIRGIT


def test_hold_only_with_empty_hands():
    pos = Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R"))
    assert pos.moves()[0] == Move(HOLD)
    pos = play(pos, "hold", "hold")
    assert Move(HOLD) not in pos.moves()


def test_canonical_order_with_a_held_card():
    pos = play(Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R")), "hold", "floorD:1.2")
    assert [m.id for m in pos.moves()] == [
        "floorD:1.1", "floorD:1.3", "floorH:1.1", "floorH:1.3", "peakHD:1.2", "peakDH:1.2"]


def test_floor_with_held_card_makes_the_drawn_card_held():
    pos = play(Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R")), "hold", "hold")
    held, drawn = pos.held[pos.mover], pos.drawn
    after = pos.play(Move(FLOOR_H, floor(1, 1)))
    assert after.places[20 + floor(1, 1)] == held and after.held[pos.mover] == drawn


def test_floor_with_drawn_card_keeps_the_held_card():
    pos = play(Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R")), "hold", "hold")
    after = pos.play(Move(FLOOR_D, floor(1, 1)))
    assert after.held == pos.held and after.places[20 + floor(1, 1)] == pos.drawn


def test_peak_uses_held_and_drawn_and_leaves_nothing_held():
    pos = play(Position.start(deck("1R 2R 3R 4R 5R 6R 7R 8R")), "floorD:1.2", "hold", "hold")
    h, d = pos.held[pos.mover], pos.drawn
    a, tri_a = pos.step(Move(PEAK_HD, floor(1, 2)))
    b, tri_b = pos.step(Move(PEAK_DH, floor(1, 2)))
    assert a.held[pos.mover] == 0 and b.held[pos.mover] == 0
    assert a.places[10:12] == (h, d) and b.places[10:12] == (d, h)      # P(2,2)'s legs
    assert tri_a.value == tri_b.value and a.key() != b.key()


def test_held_cards_count_plus_red_minus_black_whoever_holds_them():
    # M = 5: two turns; Axel holds 5B, Birgit holds 4R
    pos = play(Position.start(deck("1R 2R 3R 1B 2B 3B 4B 5R 5B 4R", 5)), "hold", "hold")
    assert pos.is_terminal() and pos.held == (code("5B"), code("4R"))
    assert pos.score == 0 and pos.value() == -5 + 4


def test_sample_case1_first_reply_values():
    frames = ENGINE.replay(ENGINE.parse(SAMPLE), ENGINE.solve(ENGINE.parse(SAMPLE)))
    assert frames[1].event["move"] == "floorD:1.2" and frames[1].event["triangle"]["points"] == 11
    assert {v.move: v.value for v in frames[1].values} == {"hold": 10, "floorD:1.1": 17,
                                                           "floorD:1.3": 1}


# ----------------------------------------------------------------------------- solver

@pytest.mark.parametrize("seed", range(12))
def test_fast_search_agrees_with_generic_minimax(seed):
    m = 5 + seed % 3
    cards = [r | c for c in (16, 0) for r in range(1, m + 1)]
    random.Random(seed).shuffle(cards)
    start = Position.start(cards)
    assert RestSearch(cards).value(start) == Solver().value(start)


def test_the_search_tables_score_triangles_by_the_rules():
    """The fast search reads triangles from tables (a peak's; a floor's by the rank sum and red
    count of the valley's legs): every entry is triangle_value of its cards, for each player."""
    from py_engines.games.house_of_cards.rules import card_points, triangle_value
    from py_engines.games.house_of_cards.keys import MINE, leg_field
    codes = [r | c for c in (0, 16) for r in range(1, 14)]
    for sign, (tri, vtri, adj) in zip((1, -1), MINE, strict=True):
        for a in codes:
            for b in codes:
                for c in codes:
                    value = sign * triangle_value(a, b, c)
                    assert tri[a << 10 | b << 5 | c] == value
                    assert vtri[(leg_field(a) + leg_field(b)) << 5 | c] == value
        assert [adj[c] for c in codes] == [sign * card_points(c) for c in codes]


def mirrored(pos: Position) -> Position:
    """The position's mirror image: peak (L, j) stands at (L, 6 - L - j) with its legs swapped,
    the card of floor (L, j) lies at (L, 5 - L - j)."""
    places = [0] * len(pos.places)
    for p in range(10):
        q = PEAK_MIRROR[p]
        places[2 * q], places[2 * q + 1] = pos.places[2 * p + 1], pos.places[2 * p]
    for f in range(6):
        places[FLOOR_CARD + FLOOR_MIRROR[f]] = pos.places[FLOOR_CARD + f]
    return dataclasses.replace(pos, shape=mirror_shape(pos.shape), places=tuple(places))


def random_positions(count: int, seed: int, m_range: tuple[int, int] = (5, 8)):
    """Positions part-way through games of random decks, reached by random moves."""
    rng = random.Random(seed)
    for _ in range(count):
        m = rng.randint(*m_range)
        cards = [r | c for c in (16, 0) for r in range(1, m + 1)]
        rng.shuffle(cards)
        pos = Position.start(cards)
        for _ in range(rng.randint(0, pos.turns)):
            pos = pos.play(rng.choice(pos.moves()))
        yield pos


def test_the_mirror_image_of_a_position_has_the_same_rest_and_swapped_keys():
    """The search keys its table by the smaller of a position's key and its mirror image's:
    the rules give the mirror image (shape, legs and floors reflected) the same value, and
    its keys are the position's two keys swapped."""
    seen_asymmetric = 0
    for pos in random_positions(60, seed=5):
        image = mirrored(pos)
        assert mirrored(image) == pos
        assert Solver().value(image) == Solver().value(pos)
        key, mirror = position_keys(pos)
        assert position_keys(image) == (mirror, key)
        seen_asymmetric += key != mirror
    assert seen_asymmetric > 30


def exact_rests(deck: tuple[int, ...]) -> dict[int, int]:
    """Every position of a deck, keyed as the search keys its table (the smaller of its key and
    its mirror image's, from scratch), with its rest-value for the player to move."""
    values: dict[int, int] = {}

    def rest(pos: Position) -> int:
        if pos.is_terminal():
            v = pos.adjustment()
            return v if pos.mover == AXEL else -v
        key = min(position_keys(pos))
        if key not in values:
            sign = 1 if pos.mover == AXEL else -1
            values[key] = max(sign * (tri.value if tri else 0) - rest(nxt)
                              for nxt, tri in map(pos.step, pos.moves()))
        return values[key]

    rest(Position.start(deck))
    return values


@pytest.mark.parametrize("seed", range(4))
def test_every_table_entry_is_a_position_of_the_deck_with_true_bounds(seed):
    """The search makes each move by adding precomputed terms to the key and to its mirror
    image's: every key it stores (and every best move it keeps) is the key of a real position,
    and the bounds it stores hold that position's exact rest-value."""
    rng = random.Random(seed)
    cards = [r | c for c in (16, 0) for r in range(1, 10)]
    rng.shuffle(cards)
    exact = exact_rests(tuple(cards))
    search = RestSearch(cards)
    search.rest(Position.start(cards))
    assert len(search.table) > 100
    for key, (lo, hi, best) in search.table.items():
        assert lo <= exact[key] <= hi
        assert best in exact or best == 0


def test_fast_search_agrees_with_generic_minimax_part_way_and_with_one_table():
    """One search answers for many positions of its deck (the replay asks it at every step),
    its mirror-keyed table shared among them."""
    for pos in random_positions(40, seed=11, m_range=(5, 7)):
        search = RestSearch(pos.deck)
        line = [pos]
        while not line[-1].is_terminal():
            line.append(line[-1].play(line[-1].moves()[-1]))
        for step in reversed(line):
            assert search.value(step) == Solver().value(step)
            assert search.value(mirrored(step)) == Solver().value(step)


def test_search_value_of_rest_ignores_the_score_so_far():
    pos = play(Position.start(WORKED), "floorD:1.3")
    search = RestSearch(WORKED)
    assert search.value(pos) == pos.score + search.rest(pos)
    assert search.rest(pos) == RestSearch(WORKED).rest(pos)


def test_solve_reports_stats_per_case():
    problem = ENGINE.parse((DATA / "gen-h2-1.in").read_text())
    stats = ENGINE.solve(problem).stats
    assert set(stats) >= {"nodes", "table", "case_ms", "case_nodes"}
    assert len(stats["case_ms"]) == 5 and sum(stats["case_nodes"]) == stats["nodes"] > 0
    assert 0 < stats["table"] <= stats["nodes"]


def test_node_limit_raises():
    with pytest.raises(LimitError):
        ENGINE.solve(ENGINE.parse((DATA / "gen-h2-1.in").read_text()), limit=100)


def test_progress_is_reported_per_case():
    seen = []
    ENGINE.solve(ENGINE.parse(SAMPLE), progress=seen.append)
    assert [p["case"] for p in seen] == [1, 2, 3] and seen[-1]["cases"] == 3


# ----------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("text, kind, line, column, phrase", [
    ("", ParseError, 1, 1, "empty"),
    ("  \n \n", ParseError, 1, 1, "empty"),
    ("axel\n5\n", ParseError, 1, 1, "did you mean 'Axel'"),
    ("BIRGIT 5", ParseError, 1, 1, "did you mean 'Birgit'"),
    ("Alice\n5\n", ParseError, 1, 1, "expected a name"),
    ("7\n", ParseError, 1, 1, "expected a name"),
    ("End\n", ParseError, 1, 1, "no test cases"),
    ("Axel\n", ParseError, 1, 5, "expected M"),
    ("Axel\nfive\n", ParseError, 2, 1, "expected M"),
    ("Axel\n5.0\n", ParseError, 2, 1, "expected M"),
    ("Axel\n4\n", InvalidInputError, 2, 1, "outside 5..13"),
    ("Axel\n14\n", InvalidInputError, 2, 1, "outside 5..13"),
    ("Axel\n5\n1R 2R 10r", ParseError, 3, 7, "upper-case"),
    ("Axel\n5\nR1 2R", ParseError, 3, 1, "rank first"),
    ("Axel\n5\n1 R 2R", ParseError, 3, 1, "must follow the rank at once"),
    ("Axel\n5\n0B", ParseError, 3, 1, "ranks go from 1 to 13"),
    ("Axel\n5\n14R", ParseError, 3, 1, "ranks go from 1 to 13"),
    ("Axel\n5\n01R", ParseError, 3, 1, "leading zero"),
    ("Axel\n5\n7G", ParseError, 3, 1, "R (red) or B (black)"),
    ("Axel\n5\n7\u2665", ParseError, 3, 1, "R (red) or B (black)"),
    ("Axel\n8\n1R 9R", InvalidInputError, 3, 4, "card 9R but M = 8"),
    ("Axel\n5\n1R 4B 2R 3R 4B", InvalidInputError, 3, 13, "4B already appeared at column 4"),
    ("Axel\n5\n1R 4B\n2R 4B", InvalidInputError, 4, 4, "already appeared at line 3, column 4"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B End", ParseError, 1, 35, "has 9 cards; M = 5 needs 10"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B\nAxel", ParseError, 2, 1, "missing: 1B"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B", ParseError, 1, 34, "too few cards"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B 1B 1B", ParseError, 1, 38, "too many cards"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B 1B\n", ParseError, 1, 37, "missing End"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B 1B End x", ParseError, 1, 42, "after End"),
    ("Axel 5 1R 2R 3R 4R 5R 5B 4B 3B 2B 1B end", ParseError, 1, 38, "did you mean 'End'"),
], ids=lambda x: x if isinstance(x, str) and len(x) < 30 else None)
def test_bad_input_is_rejected_with_position(text, kind, line, column, phrase):
    err = error_of(text)
    assert type(err) is kind
    assert (err.line, err.column) == (line, column)
    assert phrase in err.message


def test_first_error_in_reading_order_wins():
    err = error_of("Axel\n5\n1R 1R 9R\n")
    assert "already appeared" in err.message and err.column == 4


def test_oversized_input_is_refused():
    with pytest.raises(LimitError):
        ENGINE.parse("Axel " * 300_000)


def test_cli_reports_bad_input_without_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.in"
    bad.write_text("Axel\n4\n")
    assert main(["house_of_cards", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 2, column 1" in err and "Traceback" not in err


# ----------------------------------------------------------------------------- replay

def replay(text: str, case: int = 0, moves: tuple[str, ...] = ()):
    problem = ENGINE.parse(text)
    return ENGINE.replay(problem, ENGINE.solve(problem), case=case, moves=moves)


def test_replay_starts_with_the_dealt_house_and_ends_with_the_answer():
    frames = replay(SAMPLE)
    assert frames[0].event is None and len(frames[0].state["peaks"]) == 4
    assert render(frames[0].msg).endswith("1R is red: Axel starts")
    assert len(frames) == 1 + 2 + 1                     # start, two turns, end
    last = frames[-1]
    assert last.event["kind"] == "end" and last.values is None
    assert last.state["answer"] == "Case 1: Axel wins 1\n" and last.state["outcome"]["value"] == 1
    json.dumps([f.to_dict() for f in frames])


@pytest.mark.parametrize("case", range(5))
def test_optimal_line_agrees_with_the_solver_at_every_step(case):
    text = (DATA / "gen-h2-1.in").read_text()
    problem = ENGINE.parse(text)
    result = ENGINE.solve(problem)
    frames = ENGINE.replay(problem, result, case=case)
    v = result.cases[case].value
    assert frames[0].state["value"] == v
    decisions = [f for f in frames if f.values is not None]
    assert len(decisions) == 18
    for frame in decisions:
        best = [mv for mv in frame.values if mv.best]
        pick = max if frame.to_move == "Axel" else min
        assert pick(mv.value for mv in frame.values) == frame.state["value"] == v
        assert all(mv.value == v for mv in best)
        assert frames[frames.index(frame) + 1].event["move"] == best[0].move
    assert frames[-1].state["outcome"]["value"] == v
    assert frames[-1].state["answer"] == ENGINE.format_case(result.cases[case])


def test_frame_scores_follow_the_triangles():
    frames = replay((DATA / "gen-h2-1.in").read_text(), case=1)
    for before, after in zip(frames, frames[1:-1], strict=False):
        tri = after.event["triangle"]
        gain = {"Axel": 0, "Birgit": 0}
        if tri:
            gain[tri["scorer"]] = tri["points"]
        assert after.state["score"] == {k: before.state["score"][k] + gain[k] for k in gain}


def test_every_frame_lists_legal_moves_in_canonical_order():
    for frame in replay((DATA / "gen-h2-1.in").read_text(), case=2):
        if frame.values is None:
            continue
        kinds = [mv.move.split(":")[0] for mv in frame.values]
        assert kinds == sorted(kinds, key=["hold", "floorD", "floorH", "peakHD", "peakDH"].index)
        assert 1 <= len(kinds) <= 6


def test_choices_spell_out_every_legal_move_for_the_scene():
    for frame in replay((DATA / "gen-h2-1.in").read_text(), case=0):
        choices = frame.state["choices"]
        assert [c["move"] for c in choices] == [mv.move for mv in frame.values or ()]
        for c in choices:
            kind = c["move"].split(":")[0]
            drawn, held = frame.state["next"], frame.state["held"][frame.to_move]
            if kind == "hold":
                assert c["cards"] == [drawn] and c["keep"] == drawn and c["target"] is None
            elif kind in ("floorD", "floorH"):
                assert c["target"] == "valley" and c["keep"] == (drawn if kind == "floorH" else held)
                assert c["cards"] == [drawn if kind == "floorD" else held]
                assert {"level": c["level"], "slot": c["slot"]} in [
                    {"level": v["level"], "slot": v["slot"]} for v in frame.state["open_valleys"]]
            else:
                assert c["target"] == "floor" and c["keep"] is None
                assert c["cards"] == ([held, drawn] if kind == "peakHD" else [drawn, held])


def test_move_ids_fit_a_share_link():
    # web/js/page/share.js joins move ids with commas and accepts only these characters
    ids = {mv.move for f in replay((DATA / "gen-h2-1.in").read_text(), case=3) for mv in f.values or ()}
    assert ids and all(re.fullmatch(r"[A-Za-z0-9_.:+\-]{1,40}", i) for i in ids)


def test_narration_names_the_triangle():
    frames = replay(SAMPLE)
    assert render(frames[1].msg) == \
        "Axel: 2B floors the middle valley: 4R 5R 2B, red majority, Axel +11"
    assert render(frames[2].msg).startswith("Birgit: 1B floors the right valley")


def test_user_moves_are_followed_then_the_engine_plays_on():
    frames = replay(SAMPLE, moves=("hold", "hold"))
    assert [f.event["move"] for f in frames[1:3]] == ["hold", "hold"]
    assert frames[1].state["value"] == next(v.value for v in frames[0].values if v.move == "hold")
    last = frames[-1].state
    assert last["outcome"]["optimal"] is False and last["answer"] == "Case 1: Axel wins 1\n"
    assert last["adjustments"] == [{"player": "Axel", "card": "2B", "points": -2},
                                   {"player": "Birgit", "card": "1B", "points": 1}]


def test_illegal_user_move_raises_with_step_and_legal_ids():
    with pytest.raises(InvalidInputError) as info:
        replay(SAMPLE, moves=("floorD:1.2", "peakHD:1.1"))
    assert "move 2 (frame 1)" in info.value.message and "floorD:1.3" in info.value.message


def test_a_user_move_after_the_game_has_ended_is_refused():
    line = [f.event["move"] for f in replay(SAMPLE)[1:] if f.event.get("move")]
    assert len(replay(SAMPLE, moves=tuple(line))) == len(replay(SAMPLE))
    with pytest.raises(InvalidInputError, match=f"move {len(line) + 1} .*the game is over"):
        replay(SAMPLE, moves=(*line, "hold"))


def test_replay_of_a_missing_case_raises():
    with pytest.raises(InvalidInputError):
        replay(SAMPLE, case=3)


# ----------------------------------------------------------------------------- random input and bridge

def test_random_input_is_reproducible_and_valid():
    a = ENGINE.random_input(7, M=11, name="Birgit")
    assert a == ENGINE.random_input(7, M=11, name="Birgit") != ENGINE.random_input(8, M=11,
                                                                                  name="Birgit")
    case, = ENGINE.parse(a).cases
    assert (case.name, case.m, len(case.cards)) == ("Birgit", 11, 22) and a.endswith("End\n")


def test_random_input_defaults():
    case, = ENGINE.parse(ENGINE.random_input(1)).cases
    assert (case.name, case.m) == ("Axel", 8)


def test_bridge_solves_replays_with_moves_and_randomises():
    reply = json.loads(bridge.handle(json.dumps({"cmd": "solve", "game": "house_of_cards",
                                                 "text": SAMPLE, "case": 2})))
    assert reply["ok"] and reply["answer"] == solve_text("house_of_cards", SAMPLE)
    assert reply["frames"][-1]["state"]["answer"] == "Case 3: Axel and Birgit tie\n"
    reply = json.loads(bridge.handle(json.dumps({"cmd": "replay", "game": "house_of_cards",
                                                 "text": SAMPLE, "moves": ["hold"]})))
    assert reply["ok"] and reply["frames"][1]["event"]["move"] == "hold"
    reply = json.loads(bridge.handle(json.dumps({"cmd": "random", "game": "house_of_cards",
                                                 "seed": 3, "options": {"M": 13}})))
    assert reply["ok"] and ENGINE.parse(reply["text"]).cases[0].m == 13
