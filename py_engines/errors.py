"""Typed errors for bad input and exceeded limits.

Inside the package, bad input raises one of these; at the edges (the CLI and the
bridge) it becomes a message, never a traceback.  ``line`` and ``column`` are
1-based and point at the start of the offending token.  What is wrong is a
``Msg`` (a catalog key and its parameters, ``i18n.py``): the text is made where
it is shown, in the reader's language; ``message`` and ``describe()`` give the
English (a plain string given instead of a ``Msg`` reads the same in every language).
"""
from __future__ import annotations

from typing import Any

from .i18n import SOURCE_LANG, Msg, msg, raw, render


class EngineError(ValueError):
    """Base of every error a user's input can cause."""

    kind = "EngineError"

    def __init__(self, message: Msg | str, *, line: int | None = None,
                 column: int | None = None, token: str | None = None) -> None:
        self.msg = message if isinstance(message, Msg) else raw(message)
        self.line = line
        self.column = column
        self.token = token
        super().__init__(self.msg)

    def __str__(self) -> str:
        return self.describe()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.msg, self.line, self.column, self.token))

    @property
    def message(self) -> str:
        """What is wrong, in English, without the position."""
        return render(self.msg, SOURCE_LANG)

    def located(self) -> Msg:
        """The message with its position, e.g. ``line 1, column 7: ...``."""
        if self.line is not None and self.column is not None:
            return msg("error.at_line_column", line=self.line, column=self.column,
                       message=self.msg)
        if self.line is not None:
            return msg("error.at_line", line=self.line, message=self.msg)
        return self.msg

    def describe(self, lang: str = SOURCE_LANG) -> str:
        """The message with its position in ``lang``, e.g. ``line 1, column 7: ...``."""
        return render(self.located(), lang)

    def to_dict(self) -> dict[str, Any]:
        """The bridge's error envelope: ``message`` in English for old callers, ``msg`` (the
        located message) for a reader in any language."""
        return {"type": self.kind, "message": self.describe(), "line": self.line,
                "column": self.column, "token": self.token, "msg": self.located().to_dict()}


def _rebuild(cls: type[EngineError], message: Msg, line: int | None, column: int | None,
             token: str | None) -> EngineError:
    return cls(message, line=line, column=column, token=token)


class ParseError(EngineError):
    """The text does not have the input format's shape (a bad token, a wrong count)."""

    kind = "ParseError"


class InvalidInputError(EngineError):
    """Well-formed text whose values break the rules (a duplicate card, too many stones)."""

    kind = "InvalidInputError"


class LimitError(EngineError):
    """The input or the work it asks for is larger than the engine accepts."""

    kind = "LimitError"
