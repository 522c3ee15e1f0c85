"""Coin row: two players in turn take the coin at either end of a row; the score is Max - Min.

The value is a score difference, not just a win: Max wants it as high as possible, Min as
low.  ``key()`` must hold everything the rest of the game depends on.  The final score
depends on what was taken so far, so the key holds the difference so far (``lead``) as well
as which coins are left: with the row alone, two states worth different finals would share
a key and the search would mix them up.

The ``rows`` view draws the coins as tiles (a card name such as ``"H7"`` would be drawn as a
card); ``scores`` shows the two totals.
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE = "Coin row"
SAMPLE = "3 9 1 2 7 5 4 8 6 2"


@dataclass(frozen=True)
class State:
    coins: tuple[int, ...]
    left: int                     # the row still on the table is coins[left:right]
    right: int
    taken: tuple[int, int] = (0, 0)   # Max's total, Min's total
    player: int = 1

    def to_move(self) -> int:
        return self.player

    def moves(self) -> list[str]:
        if self.left == self.right:
            return []
        # With one coin left both ends are the same coin: one move, not two.
        return ["L"] if self.right - self.left == 1 else ["L", "R"]

    def play(self, move: str) -> State:
        coin = self.coins[self.left] if move == "L" else self.coins[self.right - 1]
        left = self.left + 1 if move == "L" else self.left
        right = self.right if move == "L" else self.right - 1
        mx, mn = self.taken
        taken = (mx + coin, mn) if self.player > 0 else (mx, mn + coin)
        return State(self.coins, left, right, taken, -self.player)

    def is_terminal(self) -> bool:
        return self.left == self.right

    def value(self) -> int:
        return self.taken[0] - self.taken[1]

    def key(self) -> tuple[int, int, int]:
        # The player to move follows from how many coins are gone; the lead is Max - Min.
        return self.left, self.right, self.taken[0] - self.taken[1]

    def name(self, move: str) -> str:
        return "left" if move == "L" else "right"

    def note(self, move: str) -> str:
        who = "Max" if self.player > 0 else "Min"
        coin = self.coins[self.left] if move == "L" else self.coins[self.right - 1]
        return f"{who} takes {coin} from the {self.name(move)}"

    def view(self) -> dict[str, object]:
        row = [str(c) for c in self.coins[self.left:self.right]]
        return {"title": "Coin row", "rows": [{"label": "coins", "cards": row}],
                "scores": {"Max": self.taken[0], "Min": self.taken[1]}}


def start(text: str) -> State:
    """1 to 20 coin values (0..999), separated by spaces."""
    words = text.split()
    if not 1 <= len(words) <= 20:
        raise ValueError("give 1 to 20 coin values, e.g. 3 9 1 2")
    coins = []
    for word in words:
        if not word.isdigit() or int(word) > 999:
            raise ValueError(f"'{word}' is not a coin value from 0 to 999")
        coins.append(int(word))
    return State(tuple(coins), 0, len(coins))
