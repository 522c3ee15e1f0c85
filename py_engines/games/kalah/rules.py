"""Kalah rules on a readable ``Position``: absolute pits, round numbers, swaps and locks."""
from __future__ import annotations

from dataclasses import dataclass, replace


MIN_CASES, MAX_CASES = 1, 59
MIN_CUPS, MAX_CUPS = 1, 4
MAX_STONES = 15
SWAPS_PER_PLAYER = 3
LOCK_ROUNDS = 4                  # a pair swapped in round T is locked in T+1..T+4

YOU, OPP = 0, 1
PLAYER = ("You", "Opponent")     # display names (Frame.actor, Frame.to_move)
MINUS = "-"        # the pixel font has no U+2212; every string here uses glyphs it covers
SWAP_ARROW = "/"

# Why a swap is not allowed (spec section 8 wording): ids in the frames' events; the
# narration words them through the catalog (frames.py).
NO_SWAPS_LEFT = "no swaps left"
PAIR_LOCKED = "pair locked"
OWN_CUP_EMPTY = "own cup empty"


@dataclass(frozen=True, slots=True)
class KalahCase:
    """One test case: ``pits`` in index order 0..2m+1; ``line`` is where its m stands."""

    m: int
    pits: tuple[int, ...]
    line: int


@dataclass(frozen=True, slots=True)
class KalahInput:
    cases: tuple[KalahCase, ...]


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

    # ------------------------------------------------------------ GameState
    def to_move(self) -> int:
        """+1 when You move (You maximise You - Opponent), -1 for the opponent."""
        return 1 if self.mover == YOU else -1

    def is_terminal(self) -> bool:
        return self.is_over()

    def value(self) -> int:
        """You - Opponent; at the end of the game, the answer."""
        return self.score()

    def key(self) -> tuple[tuple[int, ...], int, tuple[int, int], tuple[int, ...]]:
        """What the future depends on: the round number only matters through the locks."""
        return self.pits, self.mover, self.swaps, self.locks

    def moves(self) -> list[Move]:
        """Legal moves in canonical order: cups in sowing order, no swap before swap;
        ``[PASS]`` for a mover with empty cups."""
        if self.is_over():
            return []
        if self.must_pass():
            return [PASS]
        out = []
        for cup in self.cups(self.mover):
            if self.pits[cup]:
                out.append(Move(cup))
                _, sowing = self.sow(cup)
                if sowing.pair is not None and not sowing.refused:
                    out.append(Move(cup, True))
        return out

    def play(self, move: Move) -> "Position":
        return self.pass_turn() if move == PASS else self.step(move)[0]

    def step(self, move: Move) -> tuple["Position", Sowing]:
        """The position after a sowing move, and what the sowing did."""
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


PASS = Move(-1)          # the only move of a player whose cups are empty


def move_id(m: int, move: Move) -> str:
    if move == PASS:
        return "pass"
    return pit_label(m, move.cup) + ("+swap" if move.swap else "")
