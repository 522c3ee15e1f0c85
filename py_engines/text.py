"""Tokenising helpers shared by the parsers: every token knows its line and column.

Inputs may use LF or CRLF, lack a final newline and carry trailing blanks; the
helpers here absorb that so each game's parser only states its grammar.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from .errors import EngineError, InvalidInputError, LimitError, ParseError
from .i18n import Msg, msg

MAX_INPUT_CHARS = 1_000_000
# The longest digit string any game's number may be.  Every game's numbers are small (the
# largest valid one today is 100), and a judge's are 64-bit at most (19 digits), so a
# longer string is out of every game's range: it is refused as such without converting it
# (CPython refuses to convert more than 4,300 digits, with no line or column).
MAX_DIGITS = 19
SHOWN_WHOLE = 40                     # a longer token is shown by its head in a message
SHOWN_HEAD = 12
_TOKEN = re.compile(r"[^ \t\r\n\f\v]+")


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    line: int        # 1-based
    column: int      # 1-based, in characters
    index: int       # 1-based position of the token on its line

    def error(self, message: Msg | str, cls: type[EngineError] = ParseError) -> EngineError:
        return cls(message, line=self.line, column=self.column, token=self.text)

    def where(self, other: "Token") -> Msg:
        """Where ``other`` stands, said from here: 'column 7', or 'line 2, column 7'."""
        if other.line == self.line:
            return msg("error.where.column", column=other.column)
        return msg("error.where.line_column", line=other.line, column=other.column)

    def after(self) -> tuple[int, int]:
        """Line and column just past this token (for 'expected more on this line')."""
        return self.line, self.column + len(self.text)


def check_size(text: str, limit: int = MAX_INPUT_CHARS) -> None:
    """Reject oversized pastes before any tokenising work."""
    if len(text) > limit:
        # Where the limit is crossed: the first character past it.
        lines = split_lines(text[:limit])
        raise LimitError(msg("error.input_too_long", length=len(text), limit=limit),
                         line=len(lines), column=len(lines[-1]) + 1)


def shown_token(text: str) -> str:
    """A token as a message quotes it: whole, or (a long one) its head and an ellipsis."""
    return text if len(text) <= SHOWN_WHOLE else text[:SHOWN_HEAD] + "\u2026"


def small_number(digits: str) -> int | None:
    """The value of a string of ASCII digits, or None when it has more than MAX_DIGITS
    (leading zeros aside): such a number is out of every game's range."""
    body = digits.lstrip("0")
    return int(body or "0") if len(body) <= MAX_DIGITS else None


def split_lines(text: str) -> list[str]:
    """The input's lines without their line ends (LF, CRLF or a lone CR)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def line_tokens(line: str, line_no: int) -> list[Token]:
    return [Token(m.group(), line_no, m.start() + 1, k)
            for k, m in enumerate(_TOKEN.finditer(line), start=1)]


def tokenize_lines(text: str) -> list[list[Token]]:
    """Tokens grouped by line; blank lines give empty lists so line numbers stay true."""
    return [line_tokens(line, n) for n, line in enumerate(split_lines(text), start=1)]


def tokenize(text: str) -> list[Token]:
    """All tokens in reading order, whatever whitespace separates them."""
    return [tok for line in tokenize_lines(text) for tok in line]


def end_position(text: str) -> tuple[int, int]:
    """Line and column just past the last non-blank character (for 'input ends early')."""
    lines = split_lines(text)
    for n in range(len(lines), 0, -1):
        stripped = lines[n - 1].rstrip()
        if stripped:
            return n, len(stripped) + 1
    return 1, 1


def parse_int(tok: Token, what: Msg, *, where: Msg | None = None) -> int:
    """A plain decimal number: ASCII digits only, no sign, no leading zero (``0`` is fine).

    Every game reads its numbers through here, so a bad one always gets the same
    message shape, ``[where: ]'TOKEN' <what is wrong>; expected <what>``, with the
    precise complaint: a leading zero, a minus or plus sign, a decimal point, or
    simply not an integer; a number of more than MAX_DIGITS digits is out of range
    (InvalidInputError), refused before any conversion.  ``what`` names the value (a message: "a stone count",
    "M (5..13)"); ``where`` says where the token stands ("token 3").
    """
    t = tok.text
    kind: type[EngineError] = ParseError
    if t.isdigit() and t.isascii() and (t[0] != "0" or len(t) == 1):
        if len(t) <= MAX_DIGITS:
            return int(t)
        problem = msg("error.number.too_long", digits=len(t))
        kind = InvalidInputError
    else:
        problem = _number_problem(t)
    shown = shown_token(t)
    if where is None:
        raise tok.error(msg("error.number.bad", token=shown, problem=problem, expected=what), kind)
    raise tok.error(msg("error.number.bad_at", where=where, token=shown, problem=problem,
                        expected=what), kind)


def _number_problem(t: str) -> Msg:
    """What keeps ``t`` from being a plain decimal number (a phrase after the token)."""
    digits = t.isascii() and t.isdigit()
    body = t[1:]
    signed = body.isascii() and body.isdigit()
    if digits:
        return msg("error.number.leading_zero")
    if t[0] == "-" and signed:
        return msg("error.number.negative")
    if t[0] == "+" and signed:
        return msg("error.number.sign")
    unsigned = t.lstrip("+-")
    if "." in unsigned and unsigned.replace(".", "", 1).isascii() and \
            unsigned.replace(".", "", 1).isdigit():
        return msg("error.number.decimal_point")
    return msg("error.number.not_integer")


def iter_nonblank(lines: list[list[Token]]) -> Iterator[list[Token]]:
    return (line for line in lines if line)


def departing_line(expected: str, got: str, *,
                   blank_lines: bool = False) -> tuple[int, list[str] | None, list[str] | None]:
    """Where ``got`` first departs from ``expected``, line by line: the index of the first
    line whose tokens differ (``None`` for a side that has no line there) with both lines'
    tokens, or, when every line's tokens agree, of the first line whose text differs (only
    white space).  Blank lines are skipped on both sides unless ``blank_lines`` (a format
    whose empty line means something, such as an empty list).  ``(len, None, None)`` when
    the two agree line for line."""
    def lines(text: str) -> list[str]:
        out = text.split("\n")
        if out and out[-1] == "":
            out.pop()
        return out if blank_lines else [line for line in out if line.strip()]
    exp, out = lines(expected), lines(got)
    for k in range(max(len(exp), len(out))):
        e = exp[k].split() if k < len(exp) else None
        g = out[k].split() if k < len(out) else None
        if e != g:
            return k, e, g
    for k, (e_line, g_line) in enumerate(zip(exp, out, strict=False)):
        if e_line != g_line:
            return k, e_line.split(), g_line.split()
    return max(len(exp), len(out)), None, None
