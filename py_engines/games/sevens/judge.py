"""Sevens input: the parser, with errors in the words of spec section 7."""
from __future__ import annotations

import re

from ...errors import EngineError, InvalidInputError, ParseError
from ...i18n import Msg, msg
from ...text import Token, check_size, end_position, shown_token, tokenize
from .rules import _CARD, HAND_SIZE, MAX_CHARS, RANK_WORDS, SUIT_SYMBOLS, SUITS, Card, Deal


# ----------------------------------------------------------------------------- parsing

def _why_not_a_card(text: str) -> tuple[Msg, type[EngineError]]:
    """What is wrong with a token that is not a card, in the words of spec section 7.

    A well-formed number outside 1..13 is a value error; anything else is a shape error.
    """
    rank = text[1:]
    if text[0] in SUITS and rank.isascii() and rank.isdigit() and (rank == "0" or rank[0] != "0"):
        # The rank as written (no leading zero): a 4,301-digit one is never converted.
        return msg("sevens.card.rank_range", rank=shown_token(rank)), InvalidInputError
    return _shape_problem(text), ParseError


def _shape_problem(text: str) -> Msg:
    first = text[0]
    if text.endswith(":"):
        return msg("sevens.card.label", count=HAND_SIZE)
    if first.isdigit():
        if re.fullmatch(r"[0-9]+[A-Za-z]", text):
            return msg("sevens.card.suit_first", card=f"{text[-1].upper()}{text[:-1]}")
        return msg("sevens.card.no_suit")
    if first in SUIT_SYMBOLS:
        return msg("sevens.card.suit_symbol", letter=SUIT_SYMBOLS[first], symbol=first)
    if text.isalpha() and len(text) > 2:
        return msg("sevens.card.word")
    if first in "shcd":
        return msg("sevens.card.lower_case", card=f"{first.upper()}{text[1:]}")
    if first not in SUITS:
        return msg("sevens.card.unknown_suit", suit=first)
    rank = text[1:]
    if not rank:
        return msg("sevens.card.no_rank")
    odd = next((ch for ch in rank if not ch.isalnum()), None)
    if odd is not None:
        return msg("sevens.card.separator", char=odd)
    if rank in RANK_WORDS:
        return msg("sevens.card.rank_word", card=f"{first}{RANK_WORDS[rank]}", rank=rank)
    if not (rank.isascii() and rank.isdigit()):
        return msg("sevens.card.rank_not_number", rank=rank)
    return msg("sevens.card.rank_leading_zero", rank=rank)


def parse_deal(text: str) -> Deal:
    check_size(text, MAX_CHARS)
    tokens = tokenize(text)
    if not tokens:
        raise ParseError(msg("sevens.error.empty", count=HAND_SIZE), line=1, column=1)
    cards: list[Card] = []
    first_seen: dict[Card, Token] = {}
    for n, tok in enumerate(tokens, start=1):
        match = _CARD.match(tok.text)
        if len(cards) == HAND_SIZE:
            if match:
                raise tok.error(msg("sevens.error.extra_card", index=n, token=tok.text,
                                    count=HAND_SIZE))
            raise tok.error(msg("sevens.error.extra_text", index=n, token=tok.text,
                                count=HAND_SIZE))
        if not match:
            reason, kind = _why_not_a_card(tok.text)
            raise tok.error(msg("sevens.error.token", index=n, token=shown_token(tok.text),
                                reason=reason), kind)
        card = (SUITS.index(match.group(1)), int(match.group(2)))
        if card in first_seen:
            raise tok.error(msg("sevens.error.twice", card=tok.text,
                                where=tok.where(first_seen[card])), InvalidInputError)
        first_seen[card] = tok
        cards.append(card)
    if len(cards) < HAND_SIZE:
        line, column = end_position(text)
        raise ParseError(msg("sevens.error.too_few", found=len(cards), count=HAND_SIZE),
                         line=line, column=column)
    return Deal.of(cards)
