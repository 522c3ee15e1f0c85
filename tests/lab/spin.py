"""Spin: moves() loops forever (a bug a user may well write); only a time limit stops it."""
from __future__ import annotations

TITLE = "Spin"
SAMPLE = "1"


class State:
    def to_move(self) -> int:
        return 1

    def moves(self) -> list[int]:
        n = 0
        while True:          # never returns
            n += 1

    def play(self, move: int) -> State:
        return self

    def is_terminal(self) -> bool:
        return False

    def value(self) -> int:
        return 0

    def key(self) -> int:
        return 0


def start(text: str) -> State:
    return State()
