"""Bench: the lab's timing game (python3 build.py bench solves it in the page and the CLI).

Four piles; in turn each player takes 1 to 3 stones from one pile; whoever takes the last
stone wins (+1 Max, -1 Min).  From SAMPLE the lab's search visits exactly 106,440
positions (tests/test_lab.py holds it to that count), the same in CPython and in Pyodide.
"""
from __future__ import annotations

TITLE = "Bench: four piles, take 1 to 3"
SAMPLE = "8 8 10 10"


class State:
    __slots__ = ("piles", "player")

    def __init__(self, piles: tuple[int, ...], player: int) -> None:
        self.piles = piles
        self.player = player

    def to_move(self) -> int:
        return self.player

    def moves(self) -> list[tuple[int, int]]:
        return [(p, k) for p, n in enumerate(self.piles) for k in range(1, min(3, n) + 1)]

    def play(self, move: tuple[int, int]) -> State:
        p, k = move
        piles = self.piles[:p] + (self.piles[p] - k,) + self.piles[p + 1:]
        return State(piles, -self.player)

    def is_terminal(self) -> bool:
        return not any(self.piles)

    def value(self) -> int:
        return -self.player

    def key(self) -> tuple[tuple[int, ...], int]:
        return self.piles, self.player

    def name(self, move: tuple[int, int]) -> str:
        return f"{'ABCD'[move[0]]}{move[1]}"


def start(text: str) -> State:
    piles = tuple(int(w) for w in text.split())
    if len(piles) != 4 or not all(0 <= n <= 20 for n in piles):
        raise ValueError("four pile sizes from 0 to 20")
    return State(piles, 1)
