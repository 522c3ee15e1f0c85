"""Gold path: a one-player puzzle.  Walk from the top-left cell to the bottom-right one,
stepping right or down, around the walls, and collect as much gold as you can.

A puzzle is a game whose only player is Max: ``to_move()`` is always +1, and the value is
the score the best play reaches (here the gold collected; -1 for a walk that gets stuck
before the goal, worse than any finish).  The page then calls the player "Player".

The ``grid`` view draws the board: one short string (at most 2 characters) or int per
cell; ``@`` marks the walker, ``#`` a wall, a digit the gold still lying there.
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE = "Gold path"
SAMPLE = """\
3 1 # 4 2 0
0 5 2 1 # 3
# 2 9 0 1 1
1 0 3 # 6 2
4 # 1 2 0 5
2 1 0 7 1 4
"""
STUCK = -1


@dataclass(frozen=True)
class State:
    board: tuple[tuple[str, ...], ...]    # "#" a wall, else the gold as a digit
    row: int = 0
    col: int = 0
    gold: int = 0

    def to_move(self) -> int:
        return 1                          # one player: always the maximiser

    def moves(self) -> list[str]:
        out = []
        if self.col + 1 < len(self.board[0]) and self.board[self.row][self.col + 1] != "#":
            out.append("R")
        if self.row + 1 < len(self.board) and self.board[self.row + 1][self.col] != "#":
            out.append("D")
        return out

    def play(self, move: str) -> State:
        row, col = (self.row, self.col + 1) if move == "R" else (self.row + 1, self.col)
        return State(self.board, row, col, self.gold + int(self.board[row][col]))

    def at_goal(self) -> bool:
        return (self.row, self.col) == (len(self.board) - 1, len(self.board[0]) - 1)

    def is_terminal(self) -> bool:
        return not self.moves()

    def value(self) -> int:
        return self.gold if self.at_goal() else STUCK

    def key(self) -> tuple[int, int, int]:
        # The gold so far is part of the final score, so it is part of the key.
        return self.row, self.col, self.gold

    def name(self, move: str) -> str:
        return "right" if move == "R" else "down"

    def note(self, move: str) -> str:
        after = self.play(move)
        found = int(self.board[after.row][after.col])
        return f"step {self.name(move)}: {found} gold, {after.gold} in all"

    def view(self) -> dict[str, object]:
        cells = [["@" if (r, c) == (self.row, self.col) else cell
                  for c, cell in enumerate(line)] for r, line in enumerate(self.board)]
        return {"title": "Gold path", "grid": {"cells": cells}, "scores": {"gold": self.gold}}


def start(text: str) -> State:
    """Rows of cells separated by spaces: a digit (gold) or # (a wall); at most 16 x 16."""
    board = tuple(tuple(line.split()) for line in text.strip().splitlines() if line.strip())
    if not 1 <= len(board) <= 16 or not all(1 <= len(r) <= 16 for r in board):
        raise ValueError("give 1 to 16 rows of 1 to 16 cells")
    if any(len(r) != len(board[0]) for r in board):
        raise ValueError("every row must have as many cells as the first")
    for r, line in enumerate(board):
        for c, cell in enumerate(line):
            if cell != "#" and not (len(cell) == 1 and cell.isdigit()):
                raise ValueError(f"row {r + 1}, cell {c + 1}: '{cell}' is not a digit or #")
    if board[0][0] == "#":
        raise ValueError("the top-left cell must not be a wall")
    return State(board, 0, 0, int(board[0][0]))
