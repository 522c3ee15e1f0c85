"""Kalah input: the parser, with positioned errors."""
from __future__ import annotations

from ...errors import InvalidInputError, ParseError
from ...text import Token, check_size, end_position, tokenize_lines
from .rules import MAX_CASES, MAX_CUPS, MAX_STONES, MIN_CASES, MIN_CUPS, KalahCase, KalahInput


def _number(tok: Token, what: str) -> int:
    """A plain decimal (digits only, no sign, no leading zero), with a precise complaint."""
    t = tok.text
    if t.isascii() and t.isdigit():
        if len(t) > 1 and t[0] == "0":
            raise tok.error(f"'{t}' has a leading zero; {what} is written without one")
        return int(t)
    body = t[1:]
    if t[0] == "-" and body.isascii() and body.isdigit():
        raise tok.error(f"'{t}' is negative; {what} must be a non-negative integer")
    if t[0] == "+" and body.isascii() and body.isdigit():
        raise tok.error(f"'{t}' has a sign; {what} is written as plain digits")
    if "." in t and t.replace(".", "", 1).lstrip("+-").isdigit():
        raise tok.error(f"'{t}' has a decimal point; {what} must be an integer")
    raise tok.error(f"'{t}' is not an integer ({what} expected)")


def _past(tok: Token) -> tuple[int, int]:
    return tok.line, tok.column + len(tok.text)


def parse(text: str) -> KalahInput:
    check_size(text)
    lines = (toks for toks in tokenize_lines(text) if toks)
    first = next(lines, None)
    if first is None:
        raise ParseError(f"input is empty: expected T, the number of cases "
                         f"({MIN_CASES}..{MAX_CASES})", line=1, column=1)
    t = _number(first[0], "T, the number of cases,")
    if not MIN_CASES <= t <= MAX_CASES:
        raise first[0].error(f"T = {t} is out of range: the number of cases must be "
                             f"{MIN_CASES}..{MAX_CASES}", InvalidInputError)
    if len(first) > 1:
        raise first[1].error(f"unexpected '{first[1].text}' after T = {t}: the first line "
                             f"holds only the number of cases")
    cases = []
    for k in range(1, t + 1):
        head = next(lines, None)
        if head is None:
            line, column = end_position(text)
            raise ParseError(f"input ends in case {k} of {t}: expected the line with m",
                             line=line, column=column)
        m = _number(head[0], "m, the number of cups per player,")
        if not MIN_CUPS <= m <= MAX_CUPS:
            raise head[0].error(f"case {k}: m = {m} is out of range {MIN_CUPS}..{MAX_CUPS}",
                                InvalidInputError)
        if len(head) > 1:
            raise head[1].error(f"case {k}: the line with m holds one number; found "
                                f"'{head[1].text}' after m = {m}")
        n = 2 * m + 2
        row = next(lines, None)
        if row is None:
            line, column = end_position(text)
            raise ParseError(f"input ends in case {k} of {t}: expected the {n} stone counts "
                             f"for m = {m}", line=line, column=column)
        pits = []
        for tok in row:
            if len(pits) == n:
                raise tok.error(f"expected {n} numbers for m = {m}, found {len(row)}")
            pits.append(_number(tok, "a stone count"))
        if len(pits) < n:
            line, column = _past(row[-1])
            raise ParseError(f"expected {n} numbers for m = {m}, found {len(row)}",
                             line=line, column=column, token=row[-1].text)
        total = sum(pits)
        if total > MAX_STONES:
            raise row[0].error(f"case {k}: {total} stones in total; at most {MAX_STONES} "
                               f"allowed", InvalidInputError)
        cases.append(KalahCase(m, tuple(pits), head[0].line))
    extra = next(lines, None)
    if extra is not None:
        raise extra[0].error(f"unexpected text '{extra[0].text}' after the last case "
                             f"(T = {t})")
    return KalahInput(tuple(cases))
