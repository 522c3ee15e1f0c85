"""Sevens input: the parser, with errors in the words of spec section 7."""
from __future__ import annotations

import re

from ...errors import EngineError, InvalidInputError, ParseError
from ...text import Token, check_size, end_position, tokenize
from .rules import _CARD, HAND_SIZE, MAX_CHARS, RANK_WORDS, SUIT_SYMBOLS, SUITS, Card, Deal


# ----------------------------------------------------------------------------- parsing

def _why_not_a_card(text: str) -> tuple[str, type[EngineError]]:
    """What is wrong with a token that is not a card, in the words of spec section 7.

    A well-formed number outside 1..13 is a value error; anything else is a shape error.
    """
    rank = text[1:]
    if text[0] in SUITS and rank.isascii() and rank.isdigit() and (rank == "0" or rank[0] != "0"):
        return f"rank {int(rank)} is outside 1..13", InvalidInputError
    return _shape_problem(text), ParseError


def _shape_problem(text: str) -> str:
    first = text[0]
    if text.endswith(":"):
        return f"looks like a label; the input is only Alice's {HAND_SIZE} cards"
    if first.isdigit():
        if re.fullmatch(r"[0-9]+[A-Za-z]", text):
            return f"the suit letter comes first (write {text[-1].upper()}{text[:-1]})"
        return "does not start with a suit letter S, H, C or D"
    if first in SUIT_SYMBOLS:
        return f"write the suit as the letter {SUIT_SYMBOLS[first]}, not '{first}'"
    if text.isalpha() and len(text) > 2:
        return ("not a card; a card is a suit letter S, H, C or D followed by a rank 1..13, "
                "e.g. H10")
    if first in "shcd":
        return f"suit letters are upper-case (write {first.upper()}{text[1:]})"
    if first not in SUITS:
        return f"unknown suit '{first}' (expected S, H, C or D)"
    rank = text[1:]
    if not rank:
        return "the rank is missing (expected 1..13 after the suit letter)"
    odd = next((ch for ch in rank if not ch.isalnum()), None)
    if odd is not None:
        return f"'{odd}' inside a card; separate cards with spaces only"
    if rank in RANK_WORDS:
        return f"write the rank as a number ({first}{RANK_WORDS[rank]}), not '{rank}'"
    if not (rank.isascii() and rank.isdigit()):
        return f"rank '{rank}' is not a number 1..13"
    return f"rank '{rank}' has a leading zero"


def parse_deal(text: str) -> Deal:
    check_size(text, MAX_CHARS)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError(f"empty input: expected Alice's {HAND_SIZE} cards", line=1, column=1)
    cards: list[Card] = []
    first_seen: dict[Card, Token] = {}
    for n, tok in enumerate(tokens, start=1):
        match = _CARD.match(tok.text)
        if len(cards) == HAND_SIZE:
            if match:
                raise tok.error(f"token {n} '{tok.text}': unexpected extra card "
                                f"(Alice holds exactly {HAND_SIZE})")
            raise tok.error(f"token {n} '{tok.text}': unexpected text after the "
                            f"{HAND_SIZE} cards")
        if not match:
            reason, kind = _why_not_a_card(tok.text)
            raise tok.error(f"token {n} '{tok.text}': {reason}", kind)
        card = (SUITS.index(match.group(1)), int(match.group(2)))
        if card in first_seen:
            raise tok.error(f"{tok.text} appears twice (first at {tok.where(first_seen[card])})",
                            InvalidInputError)
        first_seen[card] = tok
        cards.append(card)
    if len(cards) < HAND_SIZE:
        line, column = end_position(text)
        raise ParseError(f"found {len(cards)} cards, need {HAND_SIZE}", line=line, column=column)
    return Deal.of(cards)
