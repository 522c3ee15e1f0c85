"""Kalah input: the parser, with positioned errors."""
from __future__ import annotations

from ...errors import InvalidInputError, ParseError
from ...text import Token, check_size, end_position, parse_int, tokenize_lines
from .rules import MAX_CASES, MAX_CUPS, MAX_STONES, MIN_CASES, MIN_CUPS, KalahCase, KalahInput


def parse(text: str) -> KalahInput:
    check_size(text)
    lines = (toks for toks in tokenize_lines(text) if toks)
    first = next(lines, None)
    if first is None:
        raise ParseError(f"input is empty: expected T, the number of cases "
                         f"({MIN_CASES}..{MAX_CASES})", line=1, column=1)
    t = parse_int(first[0], f"T, the number of cases ({MIN_CASES}..{MAX_CASES})")
    if not MIN_CASES <= t <= MAX_CASES:
        raise first[0].error(f"T = {t} is out of range: the number of cases must be "
                             f"{MIN_CASES}..{MAX_CASES}", InvalidInputError)
    if len(first) > 1:
        raise first[1].error(f"unexpected '{first[1].text}' after T = {t}: the first line "
                             f"holds only the number of cases")
    cases: list[KalahCase] = []
    for k in range(1, t + 1):
        head = next(lines, None)
        if head is None:
            line, column = end_position(text)
            raise ParseError(f"input ends in case {k} of {t}: expected the line with m",
                             line=line, column=column)
        m = parse_int(head[0], f"m, the number of cups per player ({MIN_CUPS}..{MAX_CUPS})")
        if not MIN_CUPS <= m <= MAX_CUPS:
            raise head[0].error(f"case {k}: m = {m} is out of range {MIN_CUPS}..{MAX_CUPS}",
                                InvalidInputError)
        if len(head) > 1:
            raise head[1].error(f"case {k}: the line with m holds one number; found "
                                f"'{head[1].text}' after m = {m}")
        row = next(lines, None)
        if row is None:
            line, column = end_position(text)
            raise ParseError(f"input ends in case {k} of {t}: expected the {2 * m + 2} stone "
                             f"counts for m = {m}", line=line, column=column)
        cases.append(KalahCase(m, _pits(row, k, m), head[0].line))
    extra = next(lines, None)
    if extra is not None:
        raise extra[0].error(f"unexpected text '{extra[0].text}' after the last case "
                             f"(T = {t})")
    return KalahInput(tuple(cases))


def _pits(row: list[Token], k: int, m: int) -> tuple[int, ...]:
    """Case k's line of 2m + 2 stone counts."""
    n = 2 * m + 2
    pits: list[int] = []
    for tok in row:
        if len(pits) == n:
            raise tok.error(f"expected {n} numbers for m = {m}, found {len(row)}")
        pits.append(parse_int(tok, "a stone count"))
    if len(pits) < n:
        line, column = row[-1].after()
        raise ParseError(f"expected {n} numbers for m = {m}, found {len(row)}",
                         line=line, column=column, token=row[-1].text)
    total = sum(pits)
    if total > MAX_STONES:
        raise row[0].error(f"case {k}: {total} stones in total; at most {MAX_STONES} "
                           f"allowed", InvalidInputError)
    return tuple(pits)
