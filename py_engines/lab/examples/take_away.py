"""Take-away: two players take 1 to 3 stones from one pile; whoever takes the last stone wins.

A lab game is one module.  It defines ``start(text)``, which reads the position you type
into the input box and returns a *state*; the lab asks the state six things:

* ``to_move()``: +1 when Max (the first player, who wants the value high) moves, -1 for Min;
* ``moves()``: the legal moves, in a fixed order (an empty list once the game is over);
* ``play(move)``: the state after ``move`` (a new object: never change ``self``);
* ``is_terminal()``: True when the game is over;
* ``value()``: the final score from Max's side, an int (here +1 Max won, -1 Min won);
* ``key()``: a hashable summary of everything the rest of the game depends on: the search
  remembers the value of each key, so two states with the same key must be worth the same.

Optional extras make the page read well: ``TITLE``, ``SAMPLE`` (the input the lab fills in),
``name(move)`` (a move's short name, unique among the moves of a position), ``note(move)``
(a line of narration) and ``view()`` (what the stage draws: here ``piles`` of stones).
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE = "Take-away (1 to 3 stones)"
SAMPLE = "5 7 4"
MOST = 3                          # stones one move may take


@dataclass(frozen=True)
class State:
    piles: tuple[int, ...]
    player: int = 1               # +1 Max, -1 Min

    def to_move(self) -> int:
        return self.player

    def moves(self) -> list[tuple[int, int]]:
        """(pile, stones) pairs: pile by pile, fewest stones first."""
        return [(p, k) for p, size in enumerate(self.piles) for k in range(1, min(MOST, size) + 1)]

    def play(self, move: tuple[int, int]) -> State:
        p, k = move
        piles = self.piles[:p] + (self.piles[p] - k,) + self.piles[p + 1:]
        return State(piles, -self.player)

    def is_terminal(self) -> bool:
        return sum(self.piles) == 0

    def value(self) -> int:
        # The player who just moved took the last stone: the one *not* to move now.
        return -self.player

    def key(self) -> tuple[tuple[int, ...], int]:
        return self.piles, self.player

    def name(self, move: tuple[int, int]) -> str:
        return f"{'ABCDEF'[move[0]]}{move[1]}"          # "B2": two stones from pile B

    def note(self, move: tuple[int, int]) -> str:
        who = "Max" if self.player > 0 else "Min"
        p, k = move
        return f"{who} takes {k} from pile {'ABCDEF'[p]} ({self.piles[p] - k} left)"

    def view(self) -> dict[str, object]:
        return {"title": "Take 1-3, last stone wins",
                "piles": [{"label": "ABCDEF"[p], "count": n} for p, n in enumerate(self.piles)],
                "note": f"{sum(self.piles)} stones left"}


def start(text: str) -> State:
    """One to six pile sizes (0..30), separated by spaces."""
    words = text.split()
    if not 1 <= len(words) <= 6:
        raise ValueError("give one to six pile sizes, e.g. 5 7 4")
    piles = []
    for word in words:
        if not word.isdigit() or int(word) > 30:
            raise ValueError(f"'{word}' is not a pile size from 0 to 30")
        piles.append(int(word))
    return State(tuple(piles))
