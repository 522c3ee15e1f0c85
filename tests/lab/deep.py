"""Deep: one pile of N stones (3,000 unless told); each move takes exactly one.  The line is
N plies deep, which a recursive search could not reach on Pyodide's small stack.  The player
who takes the last stone wins: +1 when N is odd (Max moves first), -1 when it is even."""
from __future__ import annotations

TITLE = "Deep line"
SAMPLE = "3000"


class State:
    def __init__(self, left: int, player: int) -> None:
        self.left = left
        self.player = player

    def to_move(self) -> int:
        return self.player

    def moves(self) -> list[int]:
        return [1] if self.left else []

    def play(self, move: int) -> State:
        return State(self.left - move, -self.player)

    def is_terminal(self) -> bool:
        return self.left == 0

    def value(self) -> int:
        return -self.player

    def key(self) -> tuple[int, int]:
        return self.left, self.player

    def view(self) -> dict[str, object]:
        return {"piles": [{"label": "pile", "count": self.left}]}


def start(text: str) -> State:
    text = text.strip() or SAMPLE
    if not text.isdigit() or not 0 <= int(text) <= 100_000:
        raise ValueError("N must be a whole number from 0 to 100000")
    return State(int(text), 1)
