"""Byte Me! input: the parser, line by line, with positioned errors."""
from __future__ import annotations

import difflib
from typing import Callable, Sequence

from ...errors import EngineError, InvalidInputError, LimitError, ParseError
from ...i18n import Msg, msg
from ...text import Token, check_size, end_position, parse_int, tokenize_lines
from .rules import (BYTE_DIGITS, DECK_SIZE, END, END_OF_INPUT, KEYWORDS, MAX_PLAYERS, MAX_SETS,
                    MIN_PLAYERS, NIBBLE_DIGITS, START, Card, DataSets, Hand)


# ----------------------------------------------------------------------------- parsing

def _suggest(text: str, expected: Sequence[str]) -> Msg | None:
    """A hint for a keyword that is wrongly cased or misspelt (None when none fits)."""
    upper = text.upper()
    if upper in expected:
        return msg("byte_me.hint.upper_case", word=upper)
    close = difflib.get_close_matches(upper, expected, n=1, cutoff=0.6)
    return msg("byte_me.hint.did_you_mean", word=close[0]) if close else None


def _hinted(message: Msg, hint: Msg | None) -> Msg:
    """``message`` followed by ``hint`` (a clause that starts with its own punctuation)."""
    return message if hint is None else msg("byte_me.hint.after", message=message, hint=hint)


class _Parser:
    """Reads the data sets line by line; the first problem in reading order wins."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = [line for line in tokenize_lines(text) if line]
        self.pos = 0

    def next_line(self, what: Msg, hand_line: int) -> list[Token]:
        if self.pos < len(self.lines):
            self.pos += 1
            return self.lines[self.pos - 1]
        line, column = end_position(self.text)
        raise ParseError(msg("byte_me.error.cut_short_at_end", line=hand_line, expected=what),
                         line=line, column=column)

    def parse(self) -> DataSets:
        if not self.lines:
            raise ParseError(msg("byte_me.error.empty", max=MAX_SETS), line=1, column=1)
        hands: list[Hand] = []
        while True:
            if self.pos == len(self.lines):
                line, column = end_position(self.text)
                raise ParseError(msg("byte_me.error.no_end_of_input"), line=line, column=column)
            toks = self.lines[self.pos]
            head = toks[0]
            if head.text == END_OF_INPUT and hands:
                self.pos += 1
                self.check_trailing(toks)
                return DataSets(tuple(hands))
            if head.text == END_OF_INPUT:
                raise head.error(msg("byte_me.error.no_data_set"))
            if head.text != START:
                raise self.not_a_start(toks, bool(hands))
            if len(hands) == MAX_SETS:
                raise head.error(msg("byte_me.error.too_many_sets", set=MAX_SETS + 1,
                                     max=MAX_SETS), LimitError)
            self.pos += 1
            hands.append(self.hand(toks))

    def not_a_start(self, toks: list[Token], any_hand: bool) -> EngineError:
        head = toks[0]
        expected = (START, END_OF_INPUT) if any_hand else (START,)
        joined = "".join(t.text for t in toks).upper()
        hint: Msg | None
        if any_hand and joined == END_OF_INPUT and len(toks) > 1:
            hint = msg("byte_me.hint.one_word")
        elif head.text == END and any_hand:
            hint = msg("byte_me.hint.already_ended")
        else:
            hint = _suggest(head.text, expected)
        if any_hand:
            return head.error(_hinted(msg("byte_me.error.expected_start_or_end", token=head.text),
                                      hint))
        return head.error(_hinted(msg("byte_me.error.expected_start", token=head.text), hint))

    def check_trailing(self, toks: list[Token]) -> None:
        if len(toks) > 1:
            raise toks[1].error(msg("byte_me.error.after_end_of_input", token=toks[1].text))
        if self.pos < len(self.lines):
            tok = self.lines[self.pos][0]
            raise tok.error(msg("byte_me.error.text_after_end_of_input", token=tok.text))

    def hand(self, toks: list[Token]) -> Hand:
        head = toks[0]
        if len(toks) == 1:
            line, column = head.after()
            raise ParseError(msg("byte_me.error.start_needs_n", min=MIN_PLAYERS, max=MAX_PLAYERS),
                             line=line, column=column)
        n = parse_int(toks[1], msg("byte_me.expect.n", min=MIN_PLAYERS, max=MAX_PLAYERS))
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise toks[1].error(msg("byte_me.error.n_range", token=toks[1].text, min=MIN_PLAYERS,
                                    max=MAX_PLAYERS), InvalidInputError)
        if len(toks) > 2:
            raise toks[2].error(msg("byte_me.error.after_start", token=toks[2].text, n=n))
        at = head.line
        dealer = self.cards(msg("byte_me.expect.dealer_line"), at, 2, BYTE_DIGITS,
                            lambda found: msg("byte_me.error.dealer_count", found=found))
        players = self.cards(msg("byte_me.expect.player_line", count=n), at, n, BYTE_DIGITS,
                             lambda found: msg("byte_me.error.player_count", count=n,
                                               found=found))
        deck = self.cards(msg("byte_me.expect.byte_deck_line", cards=DECK_SIZE), at, DECK_SIZE,
                          BYTE_DIGITS,
                          lambda found: msg("byte_me.error.byte_deck_count", cards=DECK_SIZE,
                                            found=found))
        nibbles = self.cards(msg("byte_me.expect.nibble_deck_line", cards=DECK_SIZE), at,
                             DECK_SIZE, NIBBLE_DIGITS,
                             lambda found: msg("byte_me.error.nibble_deck_count", cards=DECK_SIZE,
                                               found=found))
        self.end_line(at)
        return Hand(at, n, (dealer[0], dealer[1]), players, deck, nibbles)

    def cards(self, what: Msg, at: int, count: int, digits: int,
              wrong_count: Callable[[int], Msg]) -> tuple[Card, ...]:
        toks = self.next_line(what, at)
        head = toks[0]
        if head.text.upper() in KEYWORDS:
            raise head.error(msg("byte_me.error.cut_short", line=at, expected=what,
                                 token=head.text))
        out: list[Card] = []
        for tok in toks:
            if len(out) == count:
                raise tok.error(wrong_count(len(toks)))
            out.append(_card(tok, digits))
        if len(out) < count:
            line, column = toks[-1].after()
            raise ParseError(wrong_count(len(toks)), line=line, column=column)
        return tuple(out)

    def end_line(self, at: int) -> None:
        toks = self.next_line(msg("byte_me.expect.end"), at)
        head = toks[0]
        if head.text != END:
            hint: Msg | None
            if head.text == START:
                hint = msg("byte_me.hint.new_set_begins")
            else:
                hint = _suggest(head.text, (END,))
            raise head.error(_hinted(msg("byte_me.error.expected_end", line=at, token=head.text),
                                     hint))
        if len(toks) > 1:
            raise toks[1].error(msg("byte_me.error.after_end", token=toks[1].text))


def _card(tok: Token, digits: int) -> Card:
    byte = digits == BYTE_DIGITS
    text = tok.text
    bad = next((ch for ch in text if ch not in "01"), None)
    if bad is not None:
        raise tok.error(msg("byte_me.error.not_binary_byte" if byte
                            else "byte_me.error.not_binary_nibble",
                            token=text, char=bad, digits=digits))
    if len(text) != digits:
        other = msg("byte_me.hint.is_a_byte") if len(text) == BYTE_DIGITS else \
            msg("byte_me.hint.is_a_nibble") if len(text) == NIBBLE_DIGITS else None
        raise tok.error(_hinted(msg("byte_me.error.digits_byte" if byte
                                    else "byte_me.error.digits_nibble",
                                    token=text, count=len(text), digits=digits), other))
    return Card.of(text)


def parse(text: str) -> DataSets:
    check_size(text)
    return _Parser(text).parse()
