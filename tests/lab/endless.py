"""Endless: the game never ends.  Each move adds one to a counter that is part of the key,
so no position repeats, and the search goes deeper until a limit stops it."""
from __future__ import annotations

TITLE = "Endless"
SAMPLE = "0"


class State:
    def __init__(self, count: int) -> None:
        self.count = count

    def to_move(self) -> int:
        return 1 if self.count % 2 == 0 else -1

    def moves(self) -> list[str]:
        return ["on"]

    def play(self, move: str) -> State:
        return State(self.count + 1)

    def is_terminal(self) -> bool:
        return False

    def value(self) -> int:
        return 0

    def key(self) -> int:
        return self.count


def start(text: str) -> State:
    return State(int(text or "0"))
