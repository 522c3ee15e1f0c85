"""House of Cards input and output: the parser (positioned errors) and the answer line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ...errors import InvalidInputError, ParseError
from ...i18n import Msg, msg
from ...text import (Token, check_size, end_position, parse_int, shown_token, small_number,
                     tokenize)
from .rules import AXEL, END, MAX_M, MIN_M, NAMES, RANK_MASK, RED, card_text


# ----------------------------------------------------------------------------- parsing

@dataclass(frozen=True, slots=True)
class Case:
    name: str                       # "Axel" or "Birgit", as written
    m: int
    cards: tuple[int, ...]          # deck order, top first


@dataclass(frozen=True, slots=True)
class Problem:
    cases: tuple[Case, ...]


_CARD = re.compile(r"([1-9][0-9]?)([RB])\Z")
_DIGITS_THEN = re.compile(r"([0-9]+)(.*)\Z", re.S)
def _card_problem(text: str) -> Msg | None:
    """Why ``text`` is not a well-formed card, or None when it is one."""
    m = _CARD.match(text)
    if m and int(m.group(1)) <= MAX_M:
        return None
    d = _DIGITS_THEN.match(text)
    if d is None:
        if text[:1] in "RBrb" and text[1:].isascii() and text[1:].isdigit():
            return msg("house_of_cards.error.card.colour_first", token=text,
                       card=f"{text[1:]}{text[0].upper()}")
        return msg("house_of_cards.error.card.shape", token=text, max=MAX_M)
    digits, rest = d.groups()
    if rest == "":
        return msg("house_of_cards.error.card.no_colour", token=text, max=MAX_M)
    if rest in ("r", "b"):
        return msg("house_of_cards.error.card.lower_case", token=text)
    if rest not in ("R", "B"):
        return msg("house_of_cards.error.card.colour", token=text)
    rank = small_number(digits)        # None: more digits than any number may have
    if digits[0] == "0" and rank is not None and 1 <= rank <= MAX_M:
        return msg("house_of_cards.error.card.leading_zero", token=text)
    return msg("house_of_cards.error.card.rank", token=shown_token(text), max=MAX_M)


def _card_code(text: str) -> int:
    return int(text[:-1]) | (RED if text[-1] == "R" else 0)


def _name_problem(tok: Token, expected: Msg) -> Msg:
    for word in (*NAMES, END):
        if tok.text.lower() == word.lower():
            return msg("house_of_cards.error.name_case", token=tok.text, word=word)
    return msg("house_of_cards.error.expected", expected=expected, token=tok.text)


def _parse(text: str) -> Problem:
    check_size(text)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError(msg("house_of_cards.error.empty"), line=1, column=1)
    if tokens[0].text == END:
        raise tokens[0].error(msg("house_of_cards.error.starts_with_end"))
    cases: list[Case] = []
    i, n = 0, len(tokens)

    def at_end(message: Msg) -> ParseError:
        line, column = end_position(text)
        return ParseError(message, line=line, column=column)

    while True:
        k = len(cases) + 1
        if i == n:
            raise at_end(msg("house_of_cards.error.missing_end", case=k - 1))
        tok = tokens[i]
        if tok.text == END:
            if i + 1 < n:
                extra = tokens[i + 1]
                raise extra.error(msg("house_of_cards.error.after_end", token=extra.text))
            break
        _check_name(tok, cases)
        i += 1
        if i == n:
            raise at_end(msg("house_of_cards.error.ends_after_name", name=tok.text, min=MIN_M,
                             max=MAX_M))
        m = parse_int(tokens[i], msg("house_of_cards.expect.m", min=MIN_M, max=MAX_M,
                                     name=tok.text))
        if not MIN_M <= m <= MAX_M:
            raise tokens[i].error(msg("house_of_cards.error.m_range", m=m, min=MIN_M, max=MAX_M),
                                  InvalidInputError)
        cards, i = _case_cards(tokens, i + 1, k, m, at_end)
        cases.append(Case(tok.text, m, tuple(cards)))
    return Problem(tuple(cases))


def _check_name(tok: Token, cases: list[Case]) -> None:
    """A case starts with a name; say why ``tok`` is not one."""
    if tok.text in NAMES:
        return
    if cases and _card_problem(tok.text) is None:
        k, prev = len(cases), cases[-1]
        raise tok.error(msg("house_of_cards.error.too_many_cards", case=k, cards=2 * prev.m,
                            m=prev.m, token=tok.text))
    raise tok.error(_name_problem(tok, msg("house_of_cards.expect.name_or_end") if cases
                                  else msg("house_of_cards.expect.name")))


def _case_cards(tokens: list[Token], i: int, k: int, m: int,
                at_end: Callable[[Msg], ParseError]) -> tuple[list[int], int]:
    """Case k's 2M cards from ``tokens[i]`` on, and the index after them."""
    need = 2 * m
    seen: dict[int, Token] = {}
    cards: list[int] = []
    while len(cards) < need:
        if i == len(tokens) or tokens[i].text in (*NAMES, END):
            missing = " ".join(card_text(r | c) for c in (RED, 0) for r in range(1, m + 1)
                               if (r | c) not in seen)
            message = msg("house_of_cards.error.too_few_cards", case=k, found=len(cards), m=m,
                          need=need, missing=missing)
            if i == len(tokens):
                raise at_end(message)
            raise tokens[i].error(message)
        cards.append(_card_of_case(tokens[i], k, m, seen))
        i += 1
    return cards, i


def _card_of_case(ctok: Token, k: int, m: int, seen: dict[int, Token]) -> int:
    """The card ``ctok`` of case k, checked against M and the cards ``seen`` so far."""
    problem = _card_problem(ctok.text)
    if problem is not None:
        raise ctok.error(problem)
    code = _card_code(ctok.text)
    if code & RANK_MASK > m:
        raise ctok.error(msg("house_of_cards.error.rank_above_m", card=ctok.text, m=m, case=k),
                         InvalidInputError)
    if code in seen:
        raise ctok.error(msg("house_of_cards.error.duplicate", card=ctok.text,
                             where=ctok.where(seen[code]), case=k), InvalidInputError)
    seen[code] = ctok
    return code


# ----------------------------------------------------------------------------- engine

@dataclass(frozen=True, slots=True)
class CaseResult:
    index: int                      # 1-based case number
    name: str
    m: int
    value: int                      # V = Axel - Birgit under best play

    @property
    def result(self) -> int:
        return self.value if self.name == NAMES[AXEL] else -self.value

    def line(self) -> str:
        x = self.result
        if x > 0:
            return f"Case {self.index}: {self.name} wins {x}\n"
        if x < 0:
            return f"Case {self.index}: {self.name} loses {-x}\n"
        return f"Case {self.index}: Axel and Birgit tie\n"
