"""Typed errors for bad input and exceeded limits.

Inside the package, bad input raises one of these; at the edges (the CLI and the
bridge) it becomes a message, never a traceback.  ``line`` and ``column`` are
1-based and point at the start of the offending token.
"""
from __future__ import annotations

from typing import Any


class EngineError(ValueError):
    """Base of every error a user's input can cause."""

    kind = "EngineError"

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 token: str | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.token = token
        super().__init__(self.describe())

    def describe(self) -> str:
        """The message with its position, e.g. ``line 1, column 7: ...``."""
        if self.line is not None and self.column is not None:
            return f"line {self.line}, column {self.column}: {self.message}"
        if self.line is not None:
            return f"line {self.line}: {self.message}"
        return self.message

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "message": self.describe(), "line": self.line,
                "column": self.column, "token": self.token}


class ParseError(EngineError):
    """The text does not have the input format's shape (a bad token, a wrong count)."""

    kind = "ParseError"


class InvalidInputError(EngineError):
    """Well-formed text whose values break the rules (a duplicate card, too many stones)."""

    kind = "InvalidInputError"


class LimitError(EngineError):
    """The input or the work it asks for is larger than the engine accepts."""

    kind = "LimitError"
