"""House of Cards input and output: the parser (positioned errors) and the answer line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from ...errors import InvalidInputError, ParseError
from ...text import Token, check_size, end_position, parse_int, tokenize
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
_EXPECT_CARD = "a card is a rank 1..13 followed at once by R or B, e.g. 7R"


def _card_problem(text: str) -> str | None:
    """Why ``text`` is not a well-formed card, or None when it is one."""
    m = _CARD.match(text)
    if m and int(m.group(1)) <= MAX_M:
        return None
    d = _DIGITS_THEN.match(text)
    if d is None:
        if text[:1] in "RBrb" and text[1:].isascii() and text[1:].isdigit():
            return (f"'{text}' is not a card: write the rank first, then the colour "
                    f"({text[1:]}{text[0].upper()})")
        return f"'{text}' is not a card: {_EXPECT_CARD}"
    digits, rest = d.groups()
    if rest == "":
        return (f"'{text}' is not a card: the colour R or B must follow the rank at once "
                f"({_EXPECT_CARD})")
    if rest in ("r", "b"):
        return f"'{text}' is not a card: the colour must be upper-case R or B"
    if rest not in ("R", "B"):
        return f"'{text}' is not a card: the colour must be R (red) or B (black)"
    if digits[0] == "0" and digits != "0" and 1 <= int(digits) <= MAX_M:
        return f"'{text}' is not a card: no leading zero in the rank"
    return f"'{text}' is not a card: ranks go from 1 to {MAX_M}"


def _card_code(text: str) -> int:
    return int(text[:-1]) | (RED if text[-1] == "R" else 0)


def _name_problem(tok: Token, expected: str) -> str:
    for word in (*NAMES, END):
        if tok.text.lower() == word.lower():
            return f"'{tok.text}' is not a name; did you mean '{word}'? (words are case-sensitive)"
    return f"expected {expected}, found '{tok.text}'"


def _parse(text: str) -> Problem:
    check_size(text)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError("the input is empty; expected a name (Axel or Birgit)", line=1, column=1)
    if tokens[0].text == END:
        raise tokens[0].error("no test cases: the input starts with End")
    cases: list[Case] = []
    i, n = 0, len(tokens)

    def at_end(message: str) -> ParseError:
        line, column = end_position(text)
        return ParseError(message, line=line, column=column)

    while True:
        k = len(cases) + 1
        if i == n:
            raise at_end(f"missing End: the input ends after case {k - 1}")
        tok = tokens[i]
        if tok.text == END:
            if i + 1 < n:
                extra = tokens[i + 1]
                raise extra.error(f"unexpected '{extra.text}' after End; End must be the last word")
            break
        _check_name(tok, cases)
        i += 1
        if i == n:
            raise at_end(f"the input ends after the name {tok.text}; expected M "
                         f"({MIN_M}..{MAX_M})")
        m = parse_int(tokens[i], f"M, an integer {MIN_M}..{MAX_M}, after {tok.text}")
        if not MIN_M <= m <= MAX_M:
            raise tokens[i].error(f"M = {m} is outside {MIN_M}..{MAX_M}", InvalidInputError)
        cards, i = _case_cards(tokens, i + 1, k, m, at_end)
        cases.append(Case(tok.text, m, tuple(cards)))
    return Problem(tuple(cases))


def _check_name(tok: Token, cases: list[Case]) -> None:
    """A case starts with a name; say why ``tok`` is not one."""
    if tok.text in NAMES:
        return
    if cases and _card_problem(tok.text) is None:
        k, prev = len(cases), cases[-1]
        raise tok.error(f"too many cards: case {k} already has its {2 * prev.m} cards "
                        f"(M = {prev.m}); found '{tok.text}' where a name (Axel or Birgit) "
                        f"or End was expected")
    raise tok.error(_name_problem(tok, "a name (Axel or Birgit)" + (" or End" if cases else "")))


def _case_cards(tokens: list[Token], i: int, k: int, m: int,
                at_end: Callable[[str], ParseError]) -> tuple[list[int], int]:
    """Case k's 2M cards from ``tokens[i]`` on, and the index after them."""
    need = 2 * m
    seen: dict[int, Token] = {}
    cards: list[int] = []
    while len(cards) < need:
        if i == len(tokens) or tokens[i].text in (*NAMES, END):
            missing = " ".join(card_text(r | c) for c in (RED, 0) for r in range(1, m + 1)
                               if (r | c) not in seen)
            message = (f"too few cards: case {k} has {len(cards)} cards; M = {m} needs "
                       f"{need} (missing: {missing})")
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
        raise ctok.error(f"card {ctok.text} but M = {m}: ranks in case {k} go up to {m}",
                         InvalidInputError)
    if code in seen:
        raise ctok.error(f"{ctok.text} already appeared at {ctok.where(seen[code])} (case {k})",
                         InvalidInputError)
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
