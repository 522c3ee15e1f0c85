"""Kalah with swaps (SWERC 2008 E "The Game", UVa 12180): exact minimax of a small mancala.

Input: ``T`` (1..59), then per case a line with ``m`` (1..4) and a line with the
2m+2 stone counts of the pits in ring order: your cups A.., your bowl Y, the
opponent's cups a.., his bowl O (at most 15 stones in all, bowls included).
Output per case: one line, the final score difference You - Opponent when both
play perfectly and the opponent moves first.

Rules (``specs/kalah.md``): sow the stones of one of your cups one per pit round
the ring, bowls included.  A last stone in your own bowl: move again.  In one of
your own cups that was empty before the move, facing a non-empty cup: capture
both into your bowl.  In an opponent's cup: you may swap the contents of that
cup and of your cup at the same position (3 swaps per player and game; a pair
swapped in round T is locked in rounds T+1..T+4).  A player with empty cups
passes.  The game ends when every cup is empty.

Solver.  A position is packed into one int, seen from the player to move: the
cup counts as nibbles (bowls left out, since what the bowls already hold only
adds to the result), the swaps left of both players and the lock countdown of
each pair; so a position and its mirror image share one entry, and so do all
positions that differ only in their bowls.  Its value is what the mover gains
from here on (his future bowl stones minus his opponent's), at most the stones
still in cups.  ``search.kalah_mtd`` finds it exactly by null-window tests
bisecting -B..B (B = stones in cups) over a table of bounds, trying extra
moves first and then the greediest moves.  A 15-stone case expands a few
hundred to ~15k positions: median ~7 ms, at most ~65 ms in CPython 3.11 over
600 random 15-stone cases, while the whole state space of one such case holds
up to 1.5 M positions (a plain memoised search needs seconds).

The replay plays the same rules on a readable ``Position`` (absolute pits,
round numbers) and asks the packed solver for the exact value of every move;
non-optimal moves need their own proofs, so the hardest cases take ~0.2 s.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Sequence

from ..api import (BaseEngine, CaseRun, CaseSummary, Frame, MoveValue, Progress, RandomOption,
                   Result, solve_cases)
from ..errors import InvalidInputError, ParseError
from ..registry import register
from ..search.kalah_mtd import Edge, NullWindowSearch
from ..text import Token, check_size, end_position, tokenize_lines

MIN_CASES, MAX_CASES = 1, 59
MIN_CUPS, MAX_CUPS = 1, 4
MAX_STONES = 15
SWAPS_PER_PLAYER = 3
LOCK_ROUNDS = 4                  # a pair swapped in round T is locked in T+1..T+4

YOU, OPP = 0, 1
PLAYER = ("You", "Opponent")     # display names (Frame.actor, Frame.to_move)
SHORT = ("You", "Opp")           # narration
SWAP_VERB = ("swap", "swaps")
MINUS = "-"        # the pixel font has no U+2212; every string here uses glyphs it covers
ARROW = "sows"
SWAP_ARROW = "/"
DASH = "\u2013"

# Why a swap is not allowed (spec section 8 wording).
NO_SWAPS_LEFT = "no swaps left"
PAIR_LOCKED = "pair locked"
OWN_CUP_EMPTY = "own cup empty"


# ============================================================================ input

@dataclass(frozen=True, slots=True)
class KalahCase:
    """One test case: ``pits`` in index order 0..2m+1; ``line`` is where its m stands."""

    m: int
    pits: tuple[int, ...]
    line: int


@dataclass(frozen=True, slots=True)
class KalahInput:
    cases: tuple[KalahCase, ...]


def _number(tok: Token, what: str) -> int:
    """A plain decimal (digits only, no sign, no leading zero), with a precise complaint."""
    t = tok.text
    if t.isascii() and t.isdigit():
        if len(t) > 1 and t[0] == "0":
            raise tok.error(f"'{t}' has a leading zero; {what} is written without one")
        return int(t)
    body = t[1:]
    if t[0] == "-" and body.isascii() and body.isdigit():
        raise tok.error(f"'{t}' is negative; {what} must be a non-negative integer")
    if t[0] == "+" and body.isascii() and body.isdigit():
        raise tok.error(f"'{t}' has a sign; {what} is written as plain digits")
    if "." in t and t.replace(".", "", 1).lstrip("+-").isdigit():
        raise tok.error(f"'{t}' has a decimal point; {what} must be an integer")
    raise tok.error(f"'{t}' is not an integer ({what} expected)")


def _past(tok: Token) -> tuple[int, int]:
    return tok.line, tok.column + len(tok.text)


def parse(text: str) -> KalahInput:
    check_size(text)
    lines = (toks for toks in tokenize_lines(text) if toks)
    first = next(lines, None)
    if first is None:
        raise ParseError(f"input is empty: expected T, the number of cases "
                         f"({MIN_CASES}..{MAX_CASES})", line=1, column=1)
    t = _number(first[0], "T, the number of cases,")
    if not MIN_CASES <= t <= MAX_CASES:
        raise first[0].error(f"T = {t} is out of range: the number of cases must be "
                             f"{MIN_CASES}..{MAX_CASES}", InvalidInputError)
    if len(first) > 1:
        raise first[1].error(f"unexpected '{first[1].text}' after T = {t}: the first line "
                             f"holds only the number of cases")
    cases = []
    for k in range(1, t + 1):
        head = next(lines, None)
        if head is None:
            line, column = end_position(text)
            raise ParseError(f"input ends in case {k} of {t}: expected the line with m",
                             line=line, column=column)
        m = _number(head[0], "m, the number of cups per player,")
        if not MIN_CUPS <= m <= MAX_CUPS:
            raise head[0].error(f"case {k}: m = {m} is out of range {MIN_CUPS}..{MAX_CUPS}",
                                InvalidInputError)
        if len(head) > 1:
            raise head[1].error(f"case {k}: the line with m holds one number; found "
                                f"'{head[1].text}' after m = {m}")
        n = 2 * m + 2
        row = next(lines, None)
        if row is None:
            line, column = end_position(text)
            raise ParseError(f"input ends in case {k} of {t}: expected the {n} stone counts "
                             f"for m = {m}", line=line, column=column)
        pits = []
        for tok in row:
            if len(pits) == n:
                raise tok.error(f"expected {n} numbers for m = {m}, found {len(row)}")
            pits.append(_number(tok, "a stone count"))
        if len(pits) < n:
            line, column = _past(row[-1])
            raise ParseError(f"expected {n} numbers for m = {m}, found {len(row)}",
                             line=line, column=column, token=row[-1].text)
        total = sum(pits)
        if total > MAX_STONES:
            raise row[0].error(f"case {k}: {total} stones in total; at most {MAX_STONES} "
                               f"allowed", InvalidInputError)
        cases.append(KalahCase(m, tuple(pits), head[0].line))
    extra = next(lines, None)
    if extra is not None:
        raise extra[0].error(f"unexpected text '{extra[0].text}' after the last case "
                             f"(T = {t})")
    return KalahInput(tuple(cases))


# ============================================================================ rules

def pit_label(m: int, pit: int) -> str:
    """A B C D, YOU for your bowl, a b c d, OPP for the opponent's bowl (as the board names them)."""
    if pit < m:
        return "ABCD"[pit]
    if pit == m:
        return "YOU"
    if pit < 2 * m + 1:
        return "abcd"[pit - m - 1]
    return "OPP"


@dataclass(frozen=True, slots=True)
class Move:
    """Sow one of the mover's cups (absolute pit index), then swap or not."""

    cup: int
    swap: bool = False


@dataclass(frozen=True, slots=True)
class Sowing:
    """What one sowing did: everything the narration and the animation need."""

    player: int
    cup: int
    stones: int
    path: tuple[int, ...]            # pits receiving a stone, in order
    last: int
    kind: str                        # "extra", "capture", "swap" or "sow"
    captured: tuple[int, int] | None = None      # (stones in last cup, in opposite cup)
    empty_facing: bool = False       # last in an empty own cup facing an empty one
    pair: int | None = None          # the swap pair (position) the last stone offered
    declined: bool = False           # the swap was legal and not taken
    refused: tuple[str, ...] = ()    # why the swap was not legal


@dataclass(frozen=True, slots=True)
class Position:
    """A position in absolute terms: the readable statement of the rules."""

    m: int
    pits: tuple[int, ...]
    mover: int = OPP                                     # the opponent moves first
    swaps: tuple[int, int] = (SWAPS_PER_PLAYER, SWAPS_PER_PLAYER)
    locks: tuple[int, ...] = ()                          # rounds each pair stays locked
    round: int = 1

    @classmethod
    def start(cls, case: KalahCase) -> "Position":
        return cls(case.m, case.pits, locks=(0,) * case.m)

    # ------------------------------------------------------------ geometry
    @property
    def n(self) -> int:
        return 2 * self.m + 2

    def cups(self, player: int) -> range:
        return range(0, self.m) if player == YOU else range(self.m + 1, 2 * self.m + 1)

    def bowl(self, player: int) -> int:
        return self.m if player == YOU else 2 * self.m + 1

    def opposite(self, cup: int) -> int:
        return 2 * self.m - cup

    def partner(self, cup: int) -> int:
        return cup + self.m + 1 if cup < self.m else cup - self.m - 1

    def position_of(self, cup: int) -> int:
        return cup if cup < self.m else cup - self.m - 1

    def owner(self, pit: int) -> int:
        return YOU if pit <= self.m else OPP

    # ------------------------------------------------------------ status
    def stones_in_cups(self, player: int) -> int:
        return sum(self.pits[c] for c in self.cups(player))

    def is_over(self) -> bool:
        return self.stones_in_cups(YOU) + self.stones_in_cups(OPP) == 0

    def must_pass(self) -> bool:
        return not self.is_over() and self.stones_in_cups(self.mover) == 0

    def score(self) -> int:
        """You - Opponent, bowls only."""
        return self.pits[self.m] - self.pits[2 * self.m + 1]

    # ------------------------------------------------------------ moves
    def sow(self, cup: int) -> tuple[list[int], Sowing]:
        """Sow ``cup`` and apply a capture; the swap question is left open."""
        me = self.mover
        if self.owner(cup) != me or cup == self.bowl(me) or not self.pits[cup]:
            raise ValueError(f"{pit_label(self.m, cup)} is not a move")
        pits = list(self.pits)
        stones, pits[cup] = pits[cup], 0
        path = tuple((cup + s) % self.n for s in range(1, stones + 1))
        for p in path:
            pits[p] += 1
        last = path[-1]
        base = Sowing(me, cup, stones, path, last, "sow")
        if last == self.bowl(me):
            return pits, replace(base, kind="extra")
        if last in self.cups(me):
            if self.pits[last] == 0:             # the count before this move
                facing = self.opposite(last)
                if pits[facing]:
                    taken = (pits[last], pits[facing])
                    pits[self.bowl(me)] += sum(taken)
                    pits[last] = pits[facing] = 0
                    return pits, replace(base, kind="capture", captured=taken)
                return pits, replace(base, empty_facing=True)
            return pits, base
        if last in self.cups(1 - me):
            j = self.position_of(last)
            refused = []
            if not self.swaps[me]:
                refused.append(NO_SWAPS_LEFT)
            if self.locks[j]:
                refused.append(PAIR_LOCKED)
            if not pits[self.partner(last)]:
                refused.append(OWN_CUP_EMPTY)
            return pits, replace(base, pair=j, refused=tuple(refused))
        return pits, base

    def moves(self) -> list[Move]:
        """Legal moves in canonical order: cups in sowing order, no swap before swap."""
        if self.is_over():
            return []
        out = []
        for cup in self.cups(self.mover):
            if self.pits[cup]:
                out.append(Move(cup))
                _, sowing = self.sow(cup)
                if sowing.pair is not None and not sowing.refused:
                    out.append(Move(cup, True))
        return out

    def play(self, move: Move) -> tuple["Position", Sowing]:
        pits, sowing = self.sow(move.cup)
        me = self.mover
        if move.swap:
            if sowing.pair is None or sowing.refused:
                raise ValueError("no swap is allowed after this sowing")
            mine = self.partner(sowing.last)
            pits[mine], pits[sowing.last] = pits[sowing.last], pits[mine]
            swaps = list(self.swaps)
            swaps[me] -= 1
            locks = list(self.locks)
            locks[sowing.pair] = LOCK_ROUNDS + 1     # the hand-over below ticks it to 4
            after = replace(self, pits=tuple(pits), swaps=(swaps[0], swaps[1]),
                            locks=tuple(locks))
            return after.hand_over(), replace(sowing, kind="swap")
        if sowing.pair is not None and not sowing.refused:
            sowing = replace(sowing, declined=True)
        after = replace(self, pits=tuple(pits))
        if sowing.kind == "extra":
            return after, sowing
        return after.hand_over(), sowing

    def pass_turn(self) -> "Position":
        if not self.must_pass():
            raise ValueError("passing is only allowed with empty cups")
        return self.hand_over()

    def hand_over(self) -> "Position":
        """The right to move passes: a new round, every lock counts down."""
        return replace(self, mover=1 - self.mover, round=self.round + 1,
                       locks=tuple(max(0, lock - 1) for lock in self.locks))


def move_id(m: int, move: Move) -> str:
    return pit_label(m, move.cup) + ("+swap" if move.swap else "")


# ============================================================================ packed rules

class PackedRules:
    """The same rules on one int per position, seen from the player to move.

    Layout: pit q of the mover's ring (0..m-1 his cups, m his bowl, m+1..2m the
    other cups, 2m+1 the other bowl) in bits 4q..4q+3, bowls always 0; then his
    swaps left (2 bits), the other's (2 bits), and 3 bits per pair for the rounds
    it stays locked.  No pit can hold 16 stones (15 in all), so sowing is one
    addition of a precomputed increment, and handing the move over is a rotation
    by m+1 nibbles.  Only cups and counters are kept: bowl stones already banked
    just add to the result, so the value is the mover's gain from here on.
    """

    def __init__(self, m: int) -> None:
        self.m = m
        n = self.n = 2 * m + 2
        self.board_bits = 4 * n
        self.board_mask = (1 << self.board_bits) - 1
        self.half = 4 * (m + 1)
        self.own = sum(15 << (4 * i) for i in range(m))
        self.other = self.own << self.half
        self.cups_mask = self.own | self.other
        self.nibble_sum = int("1" * n, 16)
        self.swap_shift = self.board_bits
        self.lock_shift = self.board_bits + 4
        # ADD[i][k]: every pit's increment when cup i sows k stones; LAST[i][k]: the last pit.
        self.add = [[sum(1 << (4 * ((i + s) % n)) for s in range(1, k + 1))
                     for k in range(MAX_STONES + 1)] for i in range(m)]
        self.last = [[(i + k) % n for k in range(MAX_STONES + 1)] for i in range(m)]
        self.tick = [self._tick(locks) for locks in range(1 << (3 * m))]

    def _tick(self, locks: int) -> int:
        out = 0
        for j in range(self.m):
            out |= max(0, ((locks >> (3 * j)) & 7) - 1) << (3 * j)
        return out

    def rotate(self, board: int) -> int:
        return (board >> self.half) | ((board & ((1 << self.half) - 1)) << self.half)

    def bound(self, key: int) -> int:
        """Stones still in cups: no player can gain more."""
        return ((key & self.board_mask) * self.nibble_sum >> (self.board_bits - 4)) & 15

    def key(self, board: int, mine: int, theirs: int, locks: int) -> int:
        if not (mine or theirs):
            locks = 0                # nobody can swap again: the locks no longer matter
        return board | (mine << self.swap_shift) | (theirs << (self.swap_shift + 2)) | \
            (locks << self.lock_shift)

    def edge(self, gain: int, same: bool, board: int, mine: int, theirs: int,
             locks: int) -> Edge:
        """The edge to a position reached by a move, with the new mover's board.

        ``same``: the mover plays again (extra move).  A mover with empty cups
        passes at once (a new round: locks tick), which flips the link again.
        """
        if board & self.own:
            return gain, 1 if same else -1, self.key(board, mine, theirs, locks)
        if not board & self.other:
            return gain, 0, 0
        return gain, -1 if same else 1, self.key(self.rotate(board), theirs, mine,
                                                  self.tick[locks])

    def expand(self, key: int) -> list[Edge]:
        """The mover's moves, extra moves first, then by immediate gain."""
        m = self.m
        board = key & self.board_mask
        mine = (key >> self.swap_shift) & 3
        theirs = (key >> (self.swap_shift + 2)) & 3
        locks = key >> self.lock_shift
        ticked = self.tick[locks]
        bowl_shift, other_bowl_shift = 4 * m, 4 * (2 * m + 1)
        clear_bowls = ~((15 << bowl_shift) | (15 << other_bowl_shift))
        rotate, edge = self.rotate, self.edge
        again: list[Edge] = []
        ends: list[tuple[int, int, Edge]] = []
        for i in range(m):
            k = (board >> (4 * i)) & 15
            if not k:
                continue
            after = board - (k << (4 * i)) + self.add[i][k]
            p = self.last[i][k]
            gain = ((after >> bowl_shift) & 15) - (after >> other_bowl_shift)
            after &= clear_bowls
            if p == m:
                again.append(edge(gain, True, after, mine, theirs, locks))
                continue
            if p < m:
                if not (board >> (4 * p)) & 15:
                    o = 2 * m - p
                    facing = (after >> (4 * o)) & 15
                    if facing:
                        gain += facing + ((after >> (4 * p)) & 15)
                        after &= ~((15 << (4 * o)) | (15 << (4 * p)))
            elif p < 2 * m + 1:
                j = p - m - 1
                own = (after >> (4 * j)) & 15
                if own and mine and not (locks >> (3 * j)) & 7:
                    theirs_cup = (after >> (4 * p)) & 15
                    swapped = after + ((theirs_cup - own) << (4 * j)) + \
                        ((own - theirs_cup) << (4 * p))
                    locked = self.tick[locks | ((LOCK_ROUNDS + 1) << (3 * j))]
                    ends.append((-gain, len(ends),
                                 edge(gain, False, rotate(swapped), theirs, mine - 1, locked)))
            ends.append((-gain, len(ends), edge(gain, False, rotate(after), theirs, mine, ticked)))
        ends.sort()
        again.sort(reverse=True)
        return again + [e for _, _, e in ends]

    def encode(self, pos: Position) -> tuple[int, int, int]:
        """(sign, link, key): ``pos``'s future for You is ``sign * value(key)``.

        link 0: the game is over (no future).  A mover who must pass is folded
        in, as in ``edge``.
        """
        m, n = self.m, self.n
        rel = pos.pits if pos.mover == YOU else pos.pits[m + 1:] + pos.pits[:m + 1]
        board = sum(c << (4 * q) for q, c in enumerate(rel) if q not in (m, n - 1))
        locks = sum(lock << (3 * j) for j, lock in enumerate(pos.locks))
        sign = 1 if pos.mover == YOU else -1
        _, link, key = self.edge(0, True, board, pos.swaps[pos.mover], pos.swaps[1 - pos.mover],
                                 locks)
        return sign * link, link, key


# ============================================================================ solving

@dataclass(frozen=True, slots=True)
class CaseValue:
    """The answer of one case with what it cost."""

    value: int          # You - Opponent
    nodes: int
    table: int
    table_bytes: int


class CaseSolver:
    """Exact values of one case's positions; keeps its table between questions."""

    def __init__(self, m: int, *, limit: int | None = None,
                 progress: Progress | None = None) -> None:
        self.rules = PackedRules(m)
        self.search = NullWindowSearch(self.rules.expand, self.rules.bound, limit=limit,
                                       progress=progress)

    def value(self, pos: Position, guess: int | None = None) -> int:
        """The final You - Opponent from ``pos`` with perfect play (``guess``: a hint)."""
        sign, link, key = self.rules.encode(pos)
        if not link:
            return pos.score()
        hint = None if guess is None else sign * (guess - pos.score())
        return pos.score() + sign * self.search.value(key, hint)

    def move_values(self, pos: Position) -> list[tuple[Move, int]]:
        """Every legal move in canonical order with its exact value."""
        best = self.value(pos)
        return [(mv, self.value(pos.play(mv)[0], best)) for mv in pos.moves()]


def solve_case(case: KalahCase, *, limit: int | None = None,
               progress: Progress | None = None) -> CaseValue:
    solver = CaseSolver(case.m, limit=limit, progress=progress)
    value = solver.value(Position.start(case))
    search = solver.search
    return CaseValue(value, search.nodes, search.table_size(), search.table_bytes())


# ============================================================================ replay

def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _state(pos: Position) -> dict[str, Any]:
    m = pos.m
    return {
        "m": m,
        "pits": list(pos.pits),
        "labels": [pit_label(m, p) for p in range(pos.n)],
        "round": pos.round,
        "turn": None if pos.is_over() else PLAYER[pos.mover],
        "swaps": {"you": pos.swaps[YOU], "opponent": pos.swaps[OPP]},
        "locks": list(pos.locks),
        "score": {"you": pos.pits[m], "opponent": pos.pits[2 * m + 1]},
        "passing": pos.must_pass(),
    }


def _sow_event(pos: Position, move: Move, sowing: Sowing) -> dict[str, Any]:
    m = pos.m
    event: dict[str, Any] = {
        "kind": sowing.kind, "move": move_id(m, move), "player": PLAYER[sowing.player],
        "cup": sowing.cup, "stones": sowing.stones, "path": list(sowing.path),
        "last": sowing.last, "round": pos.round,
    }
    if sowing.captured is not None:
        event["capture"] = {"cup": sowing.last, "opposite": pos.opposite(sowing.last),
                            "stones": list(sowing.captured), "bowl": pos.bowl(sowing.player)}
    if sowing.empty_facing:
        event["no_capture"] = {"cup": sowing.last, "opposite": pos.opposite(sowing.last)}
    if sowing.pair is not None:
        mine = pos.partner(sowing.last)
        event["swap"] = {"pair": sowing.pair, "cups": [mine, sowing.last],
                         "done": sowing.kind == "swap", "declined": sowing.declined,
                         "refused": list(sowing.refused)}
    return event


def _sow_note(before: Position, after: Position, sowing: Sowing) -> str:
    m, me = before.m, sowing.player
    label = lambda p: pit_label(m, p)  # noqa: E731
    head = (f"R{before.round} {SHORT[me]}: {label(sowing.cup)} {ARROW} "
            f"{', '.join(label(p) for p in sowing.path)}")
    last = label(sowing.last)
    if sowing.kind == "extra":
        return f"{head}; last stone in own bowl, moves again"
    if sowing.kind == "capture":
        a, b = sowing.captured or (0, 0)
        whose = "your" if me == OPP else "the opponent's"
        facing = label(before.opposite(sowing.last))
        return f"{head}; {last} was empty and faces {whose} {facing}: captures {a}+{b} = {a + b}"
    if sowing.empty_facing:
        return (f"{head}; {last} was empty but faces an empty "
                f"{label(before.opposite(sowing.last))}: no capture")
    if sowing.pair is not None:
        pair = _pair_name(before, sowing.pair)
        if sowing.kind == "swap":
            left, t = after.swaps[me], before.round
            return (f"{head}; {SHORT[me]} {SWAP_VERB[me]} {pair} ({left} swap"
                    f"{'' if left == 1 else 's'} left); pair {_pair_name(before, sowing.pair, '/')}"
                    f" locked in rounds {t + 1}{DASH}{t + LOCK_ROUNDS}")
        if sowing.declined:
            return f"{head}; no swap {pair} (a swap was allowed)"
        reasons = list(sowing.refused)
        if PAIR_LOCKED in reasons:
            free = before.round + before.locks[sowing.pair]
            reasons[reasons.index(PAIR_LOCKED)] = f"{PAIR_LOCKED} (free from round {free})"
        return f"{head}; no swap {pair}: {', '.join(reasons)}"
    if sowing.last == before.bowl(1 - me):
        return f"{head}; last stone in the other bowl: turn ends"
    return f"{head}; turn ends"


def _outcome(pos: Position) -> dict[str, Any]:
    you, opp = pos.pits[pos.m], pos.pits[2 * pos.m + 1]
    value = you - opp
    text = str(value).replace("-", MINUS)
    return {"outcome": "win" if value > 0 else "loss" if value < 0 else "draw",
            "value": value, "answer": f"{value}\n",
            "banner": f"YOU {you} {MINUS} OPP {opp} = {text}"}


def replay_case(case: KalahCase, moves: Sequence[str] = ()) -> list[Frame]:
    solver = CaseSolver(case.m)
    pos = Position.start(case)
    frames: list[Frame] = []
    decisions = 0

    def values_at(p: Position) -> tuple[MoveValue, ...] | None:
        if p.is_over() or p.must_pass():
            return None
        scored = solver.move_values(p)
        pick = max if p.mover == YOU else min
        best = pick(v for _, v in scored)
        return tuple(MoveValue(move_id(p.m, mv), _move_label(p, mv), v, signed(v), v == best)
                     for mv, v in scored)

    def add(actor: str | None, event: dict[str, Any] | None, p: Position, note: str) -> None:
        values = values_at(p)
        state = _state(p)
        if values is not None:
            state["value"] = next(v.value for v in values if v.best)
            state["choices"] = [_choice(p, mv) for mv in p.moves()]
        frames.append(Frame(len(frames), actor, event, state, note, values,
                            PLAYER[p.mover] if values is not None else None))

    add(None, None, pos, "Opponent moves first")
    while not pos.is_over():
        me = pos.mover
        if pos.must_pass():
            after = pos.pass_turn()
            whose = "your" if me == YOU else "his"
            add(PLAYER[me], {"kind": "pass", "player": PLAYER[me], "round": pos.round}, after,
                f"R{pos.round} {SHORT[me]} pass{'' if me == YOU else 'es'}: "
                f"no stones in {whose} cups")
            pos = after
            continue
        values = frames[-1].values or ()
        if decisions < len(moves):
            chosen = moves[decisions]
            legal = [v.move for v in values]
            if chosen not in legal:
                raise InvalidInputError(f"move {decisions + 1} (frame {len(frames) - 1}): "
                                        f"'{chosen}' is not legal here; legal moves: "
                                        f"{', '.join(legal)}")
        else:
            chosen = next(v.move for v in values if v.best)
        decisions += 1
        move = next(mv for mv in pos.moves() if move_id(pos.m, mv) == chosen)
        after, sowing = pos.play(move)
        add(PLAYER[me], _sow_event(pos, move, sowing), after,
            _sow_note(pos, after, sowing))
        pos = after
    if decisions < len(moves):
        raise InvalidInputError(f"move {decisions + 1} ('{moves[decisions]}'): the game is "
                                f"over after {decisions} moves")
    state = _state(pos)
    state.update(_outcome(pos))
    frames.append(Frame(len(frames), None, {"kind": "end", "value": state["value"]}, state,
                        f"Game over: {state['banner']}"))
    return frames


def _move_label(pos: Position, move: Move) -> str:
    """"c", or "c (no swap)" / "c + swap A<->a" where the sowing offers a swap."""
    cup = pit_label(pos.m, move.cup)
    _, sowing = pos.sow(move.cup)
    if sowing.pair is None or sowing.refused:
        return cup
    if not move.swap:
        return f"{cup} (no swap)"
    return f"{cup} + swap {_pair_name(pos, sowing.pair)}"


def _choice(pos: Position, move: Move) -> dict[str, Any]:
    """Where the scene shows a move's badge: its cup, and the two cups a swap exchanges."""
    choice: dict[str, Any] = {"move": move_id(pos.m, move), "cup": move.cup, "swap": None}
    if move.swap:
        last = pos.sow(move.cup)[1].last
        choice["swap"] = [pos.partner(last), last]
    return choice


def _pair_name(pos: Position, pair: int, sep: str = SWAP_ARROW) -> str:
    return f"{pit_label(pos.m, pair)}{sep}{pit_label(pos.m, pos.m + 1 + pair)}"


# ============================================================================ engine

@register
class KalahEngine(BaseEngine[KalahInput, CaseValue]):
    name = "kalah"
    title = "Kalah with swaps (SWERC 2008)"
    input_help = (
        "T (1..59), then per case a line with m (1..4) and a line with the 2m+2 pits in ring "
        "order: your cups, your bowl, the opponent's cups, his bowl (at most 15 stones in all). "
        "The answer per case is You - Opponent under perfect play, the opponent moving first.")
    kind = "two-player"
    order = 2
    interactive = True
    random_options = (
        RandomOption("m", "cups per player", 3, MIN_CUPS, MAX_CUPS),
        RandomOption("stones", "stones in all", 12, 0, MAX_STONES),
    )

    def parse(self, text: str) -> KalahInput:
        return parse(text)

    def solve(self, problem: KalahInput, *, limit: int | None = None,
              progress: Progress | None = None) -> Result[CaseValue]:
        def one(case: KalahCase, budget: int | None,
                within: Progress | None) -> CaseRun[CaseValue]:
            res = solve_case(case, limit=budget, progress=within)
            return CaseRun(res, res.nodes, res.table, res.table_bytes)
        return solve_cases(problem.cases, one, limit=limit, progress=progress)

    def format_case(self, case_result: CaseValue) -> str:
        return f"{case_result.value}\n"

    def summaries(self, problem: KalahInput, result: Result[CaseValue]) -> list[CaseSummary]:
        return [CaseSummary(f"Case {k} (m = {c.m}, {sum(c.pits)} stones)", self.format_case(r))
                for k, (c, r) in enumerate(zip(problem.cases, result.cases), start=1)]

    def replay(self, problem: KalahInput, result: Result[CaseValue], *, case: int = 0,
               moves: Sequence[str] = ()) -> list[Frame]:
        self.check_case(result, case)
        return replay_case(problem.cases[case], moves)

    def random_input(self, seed: int, **options: Any) -> str:
        opts = self.options_with_defaults(options)
        m, stones = opts["m"], opts["stones"]
        rng = random.Random(seed)
        pits = [0] * (2 * m + 2)
        cups = [p for p in range(2 * m + 2) if p not in (m, 2 * m + 1)]
        for _ in range(stones):
            pits[rng.choice(cups)] += 1
        return f"1\n{m}\n{' '.join(map(str, pits))}\n"
