"""Raises: take 1 or 2 stones from a pile; any line that reaches exactly 3 stones raises
ZeroDivisionError inside play() (the line marked below), so solving any N > 3 fails there."""
from __future__ import annotations

TITLE = "Raises"
SAMPLE = "6"


def divide(n: int) -> int:
    return 12 // (n - 3)          # RAISES: n == 3


class State:
    def __init__(self, left: int, player: int) -> None:
        self.left = left
        self.player = player

    def to_move(self) -> int:
        return self.player

    def moves(self) -> list[int]:
        return [k for k in (1, 2) if k <= self.left]

    def play(self, move: int) -> State:
        divide(self.left - move)
        return State(self.left - move, -self.player)

    def is_terminal(self) -> bool:
        return self.left == 0

    def value(self) -> int:
        return -self.player

    def key(self) -> tuple[int, int]:
        return self.left, self.player


def start(text: str) -> State:
    return State(int(text), 1)
