"""Byte Me! input: the parser, line by line, with positioned errors."""
from __future__ import annotations

import difflib
from typing import Callable, Sequence

from ...errors import EngineError, InvalidInputError, LimitError, ParseError
from ...text import Token, check_size, end_position, parse_int, tokenize_lines
from .rules import (BYTE_DIGITS, DECK_SIZE, END, END_OF_INPUT, KEYWORDS, MAX_PLAYERS, MAX_SETS,
                    MIN_PLAYERS, NIBBLE_DIGITS, START, Card, DataSets, Hand)


# ----------------------------------------------------------------------------- parsing

def _suggest(text: str, expected: Sequence[str]) -> str:
    """A hint for a keyword that is wrongly cased or misspelt ('' when none fits)."""
    upper = text.upper()
    if upper in expected:
        return f"; keywords are upper-case: write '{upper}'"
    close = difflib.get_close_matches(upper, expected, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


class _Parser:
    """Reads the data sets line by line; the first problem in reading order wins."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = [line for line in tokenize_lines(text) if line]
        self.pos = 0

    def next_line(self, what: str, hand_line: int | None) -> list[Token]:
        if self.pos < len(self.lines):
            self.pos += 1
            return self.lines[self.pos - 1]
        line, column = end_position(self.text)
        if hand_line is None:
            raise ParseError(f"input ends early: expected {what}", line=line, column=column)
        raise ParseError(f"input ends early: the data set starting at line {hand_line} is cut "
                         f"short; expected {what}", line=line, column=column)

    def parse(self) -> DataSets:
        if not self.lines:
            raise ParseError(f"empty input: expected '{START} N' (1 to {MAX_SETS} data sets, "
                             f"then '{END_OF_INPUT}')", line=1, column=1)
        hands: list[Hand] = []
        while True:
            if self.pos == len(self.lines):
                line, column = end_position(self.text)
                raise ParseError(f"input ends without '{END_OF_INPUT}' after the last data set",
                                 line=line, column=column)
            toks = self.lines[self.pos]
            head = toks[0]
            if head.text == END_OF_INPUT and hands:
                self.pos += 1
                self.check_trailing(toks)
                return DataSets(tuple(hands))
            if head.text == END_OF_INPUT:
                raise head.error(f"no data set before '{END_OF_INPUT}': expected at least one "
                                 f"'{START} N' data set")
            if head.text != START:
                raise self.not_a_start(toks, bool(hands))
            if len(hands) == MAX_SETS:
                raise head.error(f"data set {MAX_SETS + 1}: at most {MAX_SETS} data sets are "
                                 f"allowed", LimitError)
            self.pos += 1
            hands.append(self.hand(toks))

    def not_a_start(self, toks: list[Token], any_hand: bool) -> EngineError:
        head = toks[0]
        expected = (START, END_OF_INPUT) if any_hand else (START,)
        wanted = f"'{START} N' or '{END_OF_INPUT}'" if any_hand else f"'{START} N'"
        joined = "".join(t.text for t in toks).upper()
        if any_hand and joined == END_OF_INPUT and len(toks) > 1:
            hint = f"; write '{END_OF_INPUT}' as one word"
        elif head.text == END and any_hand:
            hint = " (the data set before it already ended)"
        else:
            hint = _suggest(head.text, expected)
        return head.error(f"expected {wanted}, found '{head.text}'{hint}")

    def check_trailing(self, toks: list[Token]) -> None:
        if len(toks) > 1:
            raise toks[1].error(f"unexpected '{toks[1].text}' after '{END_OF_INPUT}'")
        if self.pos < len(self.lines):
            tok = self.lines[self.pos][0]
            raise tok.error(f"unexpected text '{tok.text}' after '{END_OF_INPUT}' (nothing may "
                            f"follow it but blank lines)")

    def hand(self, toks: list[Token]) -> Hand:
        head = toks[0]
        if len(toks) == 1:
            line, column = head.after()
            raise ParseError(f"'{START}' needs the number of players N "
                             f"({MIN_PLAYERS}..{MAX_PLAYERS}) after it", line=line, column=column)
        n = parse_int(toks[1], f"N, the number of players ({MIN_PLAYERS}..{MAX_PLAYERS})")
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise toks[1].error(f"{START} {toks[1].text}: N must be {MIN_PLAYERS}..{MAX_PLAYERS} "
                                f"(the dealer never plays alone, at most {MAX_PLAYERS} players)",
                                InvalidInputError)
        if len(toks) > 2:
            raise toks[2].error(f"unexpected extra token '{toks[2].text}' after "
                                f"'{START} {n}'")
        at = head.line
        dealer = self.cards("the dealer line (2 bytes)", at, 2, BYTE_DIGITS,
                            lambda found: f"the dealer line needs exactly 2 bytes, found {found}")
        players = self.cards(f"the player line ({n} byte{'s' if n > 1 else ''})", at, n,
                             BYTE_DIGITS,
                             lambda found: f"{START} {n} promised {n} player"
                                           f"{'s' if n > 1 else ''}, found {found}")
        deck = self.cards(f"the byte deck line ({DECK_SIZE} bytes)", at, DECK_SIZE, BYTE_DIGITS,
                          lambda found: f"the byte deck line needs exactly {DECK_SIZE} bytes, "
                                        f"found {found}")
        nibbles = self.cards(f"the nibble deck line ({DECK_SIZE} nibbles)", at, DECK_SIZE,
                             NIBBLE_DIGITS,
                             lambda found: f"the nibble deck line needs exactly {DECK_SIZE} "
                                           f"nibbles, found {found}")
        self.end_line(at)
        return Hand(at, n, (dealer[0], dealer[1]), players, deck, nibbles)

    def cards(self, what: str, at: int, count: int, digits: int,
              wrong_count: Callable[[int], str]) -> tuple[Card, ...]:
        toks = self.next_line(what, at)
        head = toks[0]
        if head.text.upper() in KEYWORDS:
            raise head.error(f"the data set starting at line {at} is cut short: expected {what}, "
                             f"found '{head.text}'")
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
        toks = self.next_line(f"'{END}'", at)
        head = toks[0]
        if head.text != END:
            if head.text == START:
                hint = " (a new data set begins before this one ended)"
            else:
                hint = _suggest(head.text, (END,))
            raise head.error(f"expected '{END}' to close the data set starting at line {at}, "
                             f"found '{head.text}'{hint}")
        if len(toks) > 1:
            raise toks[1].error(f"unexpected extra token '{toks[1].text}' after '{END}'")


def _card(tok: Token, digits: int) -> Card:
    kind = "byte" if digits == BYTE_DIGITS else "nibble"
    text = tok.text
    bad = next((ch for ch in text if ch not in "01"), None)
    if bad is not None:
        raise tok.error(f"'{text}' is not a {kind}: it holds '{bad}'; expected exactly {digits} "
                        f"binary digits (0 or 1)")
    if len(text) != digits:
        other = ""
        if len(text) == BYTE_DIGITS:
            other = " (this is a byte; the nibble line holds 4-digit nibbles)"
        elif len(text) == NIBBLE_DIGITS:
            other = " (this is a nibble; only the nibble line holds 4-digit cards)"
        raise tok.error(f"'{text}' has {len(text)} binary digit{'s' if len(text) > 1 else ''}; "
                        f"a {kind} has exactly {digits}{other}")
    return Card.of(text)


def parse(text: str) -> DataSets:
    check_size(text)
    return _Parser(text).parse()
