"""Kalah input: the parser, with positioned errors."""
from __future__ import annotations

from ...errors import InvalidInputError, ParseError
from ...i18n import msg
from ...text import Token, check_size, end_position, parse_int, tokenize_lines
from .rules import MAX_CASES, MAX_CUPS, MAX_STONES, MIN_CASES, MIN_CUPS, KalahCase, KalahInput


def parse(text: str) -> KalahInput:
    check_size(text)
    lines = (toks for toks in tokenize_lines(text) if toks)
    first = next(lines, None)
    if first is None:
        raise ParseError(msg("kalah.error.empty", min=MIN_CASES, max=MAX_CASES),
                         line=1, column=1)
    t = parse_int(first[0], msg("kalah.expect.t", min=MIN_CASES, max=MAX_CASES))
    if not MIN_CASES <= t <= MAX_CASES:
        raise first[0].error(msg("kalah.error.t_range", t=t, min=MIN_CASES, max=MAX_CASES),
                             InvalidInputError)
    if len(first) > 1:
        raise first[1].error(msg("kalah.error.after_t", token=first[1].text, t=t))
    cases: list[KalahCase] = []
    for k in range(1, t + 1):
        head = next(lines, None)
        if head is None:
            line, column = end_position(text)
            raise ParseError(msg("kalah.error.ends_before_m", case=k, t=t),
                             line=line, column=column)
        m = parse_int(head[0], msg("kalah.expect.m", min=MIN_CUPS, max=MAX_CUPS))
        if not MIN_CUPS <= m <= MAX_CUPS:
            raise head[0].error(msg("kalah.error.m_range", case=k, m=m, min=MIN_CUPS,
                                    max=MAX_CUPS), InvalidInputError)
        if len(head) > 1:
            raise head[1].error(msg("kalah.error.after_m", case=k, token=head[1].text, m=m))
        row = next(lines, None)
        if row is None:
            line, column = end_position(text)
            raise ParseError(msg("kalah.error.ends_before_pits", case=k, t=t, pits=2 * m + 2,
                                 m=m), line=line, column=column)
        cases.append(KalahCase(m, _pits(row, k, m), head[0].line))
    extra = next(lines, None)
    if extra is not None:
        raise extra[0].error(msg("kalah.error.after_last_case", token=extra[0].text, t=t))
    return KalahInput(tuple(cases))


def _pits(row: list[Token], k: int, m: int) -> tuple[int, ...]:
    """Case k's line of 2m + 2 stone counts."""
    n = 2 * m + 2
    pits: list[int] = []
    for tok in row:
        if len(pits) == n:
            raise tok.error(msg("kalah.error.pit_count", pits=n, m=m, found=len(row)))
        pits.append(parse_int(tok, msg("kalah.expect.stones")))
    if len(pits) < n:
        line, column = row[-1].after()
        raise ParseError(msg("kalah.error.pit_count", pits=n, m=m, found=len(row)),
                         line=line, column=column, token=row[-1].text)
    total = sum(pits)
    if total > MAX_STONES:
        raise row[0].error(msg("kalah.error.too_many_stones", case=k, total=total,
                               max=MAX_STONES), InvalidInputError)
    return tuple(pits)
