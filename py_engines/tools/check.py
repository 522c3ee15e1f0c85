"""The checker: a program's output against the engine's answer, case by case.

``python3 -m py_engines check GAME INPUT OUTPUT [--strict] [--output-limit MB]``
prints one line per case (``case 3: accepted``, ``case 4: wrong answer at line 2,
column 7: expected "Bust!", got "Win!"``, ``case 5: presentation error ...``) and
a last line ``accepted K of N cases``; it exits 0 when every case is accepted, 1
otherwise and 2 on bad input (an INPUT the engine rejects, a file it cannot read).
It reads at most the output limit of OUTPUT (64 MB unless told; ``-`` may be an
endless pipe): a longer output gets one line ``output limit exceeded: ...`` and
no case is accepted, as a judge would have it.

Verdicts.  A case is *accepted* when its part of the output equals the
engine's answer byte for byte; a *presentation* error when only white space
differs (trailing blanks, a missing final newline, CRLF line ends, blank
lines: the same tokens in the same order); otherwise a *wrong* answer.
``check_answers(strict=True)`` turns presentation errors into wrong answers.
``check`` (and the CLI) compare as the game's judge does (compare.py: Luogu and
DOMjudge ignore white space at line ends and at the end); ``--strict`` there
reads byte for byte.

Positions.  ``line`` and ``column`` are 1-based and point into the OUTPUT text
(not into the case): at the first differing character for a presentation
error, at the first differing token of the first line whose tokens differ for
a wrong answer.  ``expected`` and ``got`` are the two differing lines (None
where one side has no line there).

Cases.  The output is cut into one part per case of the input: at lines that
match the game's ``output_case_start`` pattern (at their first character other
than white space) when it has one (Byte Me!'s ``HAND n``), else by the number
of non-blank lines each case's answer has.
An output with too few cases leaves the last ones empty (wrong answers that
say so); output past the last case belongs to the last case (a wrong answer
that says the output has too many cases).  A line quoted in a message is cut
after QUOTE_CHARS characters (``expected`` and ``got`` keep it whole).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ..cli_lang import add_lang_argument
from ..errors import EngineError
from ..i18n import Msg, msg, render
from ..text import MAX_INPUT_CHARS
from .hooks import engine_of, solved
from .limits import MB, OUTPUT_LIMIT, OUTPUT_LIMIT_MB, limit_value, read_capped

ACCEPTED = "accepted"
PRESENTATION = "presentation"
WRONG = "wrong"
VERDICTS = (ACCEPTED, PRESENTATION, WRONG)


@dataclass(frozen=True, slots=True)
class CaseVerdict:
    """The verdict on one case of the output."""

    case: int                  # 1-based
    verdict: str               # ACCEPTED, PRESENTATION or WRONG
    line: int | None           # 1-based position in the OUTPUT text of the first difference
    column: int | None
    expected: str | None       # the engine's differing line (None: the answer has none there)
    got: str | None            # the output's differing line (None: the output has none there)
    message: Msg               # "accepted", "wrong answer at line 2, column 7: ..."

    def to_dict(self) -> dict[str, Any]:
        return {"case": self.case, "verdict": self.verdict, "line": self.line,
                "column": self.column, "expected": self.expected, "got": self.got,
                "message_msg": self.message.to_dict()}


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The verdicts, and the comparator that gave them (compare.py: the game's judge's)."""
    cases: tuple[CaseVerdict, ...]
    comparator: str = "exact"
    judge: str = ""                                 # whose comparator: "Luogu", "UVa", ...
    strict: CheckReport | None = None               # the byte-exact reading, where it differs
    note: Msg | None = None                         # "Luogu ignores ...; byte-exact ..."

    @property
    def accepted(self) -> int:
        return sum(1 for c in self.cases if c.verdict == ACCEPTED)

    @property
    def total(self) -> int:
        return len(self.cases)

    @property
    def ok(self) -> bool:
        return self.accepted == self.total

    def first_failure(self) -> CaseVerdict | None:
        return next((c for c in self.cases if c.verdict != ACCEPTED), None)

    def verdict(self) -> str:
        """One verdict for the whole output: wrong beats presentation beats accepted."""
        found = {c.verdict for c in self.cases}
        return next((v for v in (WRONG, PRESENTATION) if v in found), ACCEPTED)

    def to_dict(self) -> dict[str, Any]:
        exact = self.strict or self
        first = exact.first_failure()
        strict = {"verdict": exact.verdict(), "line": first.line if first else None,
                  "message_msg": first.message.to_dict() if first else None}
        return {"cases": [c.to_dict() for c in self.cases], "accepted": self.accepted,
                "total": self.total, "comparator": self.comparator, "judge": self.judge,
                "strict": strict,
                "note_msg": self.note.to_dict() if self.note else None}

    def lines(self, lang: str = "en") -> list[str]:
        """What the CLI prints: one line per case, then the tally."""
        out = [render(msg("check.case", case=c.case, message=c.message), lang) for c in self.cases]
        out.append(render(msg("check.tally", accepted=self.accepted, total=self.total), lang))
        if self.note is not None:
            out.append(render(self.note, lang))
        return out


# ----------------------------------------------------------------------------- cutting the output
# An output may hold tens of megabytes of short lines, so it is never split into a list of
# lines: a case's part is a span of it, and the comparisons walk a span's lines lazily and
# stop at the first difference, which lies within the length of the answer.  Checking costs
# memory in proportion to the answers, beside the output itself.

_NON_WHITE = re.compile(r"\S")
_TOKENS = re.compile(r"\S+")
QUOTE_CHARS = 1000                   # at most, of a line quoted in a message


def text_lines(text: str) -> list[str]:
    """The lines of ``text``, each with its "\n" (the last one may lack it)."""
    parts = text.split("\n")
    lines = [p + "\n" for p in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


@dataclass(frozen=True, slots=True)
class Span:
    """``text[start:end]``: whole lines of the output (``end`` is a line start or the end of
    the text), the first of them line ``first_line`` (1-based) of the output."""

    text: str
    start: int
    end: int
    first_line: int

    def __bool__(self) -> bool:
        return self.end > self.start

    @property
    def line_count(self) -> int:
        t, s, e = self.text, self.start, self.end
        return t.count("\n", s, e) + (e > s and t[e - 1] != "\n")

    def lines(self) -> Iterator[str]:
        """Its lines, each with its "\n" (the last one may lack it)."""
        t, pos, end = self.text, self.start, self.end
        while pos < end:
            stop = t.find("\n", pos, end) + 1 or end
            yield t[pos:stop]
            pos = stop

    def nonblank_lines(self) -> Iterator[tuple[int, str]]:
        """(start offset, line) of each line with a character other than white space."""
        t, pos, end = self.text, self.start, self.end
        while (found := _NON_WHITE.search(t, pos, end)) is not None:
            begin = t.rfind("\n", pos, found.start()) + 1 or pos
            stop = t.find("\n", found.start(), end) + 1 or end
            yield begin, t[begin:stop]
            pos = stop

    def equals(self, answer: str) -> bool:
        return self.end - self.start == len(answer) and self.text.startswith(answer, self.start)

    def same_tokens(self, tokens: Sequence[str]) -> bool:
        """Whether its tokens are ``tokens`` (read no further than the first difference)."""
        k = 0
        for m in _TOKENS.finditer(self.text, self.start, self.end):
            if k == len(tokens) or m.group() != tokens[k]:
                return False
            k += 1
        return k == len(tokens)

    def end_position(self) -> tuple[int, int]:
        """Line and column just past its last character."""
        n = self.line_count
        if n and self.text[self.end - 1] != "\n":
            last_start = self.text.rfind("\n", self.start, self.end) + 1 or self.start
            return self.first_line + n - 1, self.end - last_start + 1
        return self.first_line + n, 1


def _spans(output: str, starts: list[int], total: int) -> list[Span]:
    """One span per case from the line starts ``starts`` (the first is 0), the last one
    reaching the end of the output; the cases past them get empty spans at its end."""
    bounds = starts + [len(output)]
    spans: list[Span] = []
    line = 1
    for k in range(len(starts)):
        spans.append(Span(output, bounds[k], bounds[k + 1], line))
        line += output.count("\n", bounds[k], bounds[k + 1])
    end = len(output)
    after = 1 + Span(output, 0, end, 1).line_count          # the line past the output's last
    return spans + [Span(output, end, end, after) for _ in range(total - len(spans))]


def _by_marker(output: str, marker: str, total: int) -> list[Span]:
    # A case starts at each line that matches the marker at its first character other than
    # white space (and the first case at the first line).  Only the first cases' starts are
    # looked for: whatever follows belongs to the last case.
    starts = [0]
    for m in re.compile(r"^[^\S\n]*(?:" + marker + ")", re.M).finditer(output):
        if len(starts) == total:
            break
        if m.start() != 0:
            starts.append(m.start())
    return _spans(output, starts, total)


def _by_count(output: str, answers: Sequence[str]) -> list[Span]:
    # A case is complete once it has its non-blank lines; blank lines after it stay with it,
    # and the next non-blank line starts the next case (or a later one: a case whose answer
    # has no non-blank line gets nothing).  Everything from the last case on is the last's.
    need = [sum(1 for line in text_lines(a) if line.strip()) for a in answers]
    last = len(answers) - 1
    starts = [0]
    k = have = 0
    if last > 0:
        for begin, _ in Span(output, 0, len(output), 1).nonblank_lines():
            while have >= need[k] and k < last:
                k, have = k + 1, 0
                starts.append(begin)
            if k == last:
                break
            have += 1
    return _spans(output, starts, len(answers))


def split_output(output: str, answers: Sequence[str], marker: str | None) -> list[Span]:
    """The output's part of each case (see the module's docstring)."""
    if not answers:
        return []
    if marker is not None:
        return _by_marker(output, marker, len(answers))
    return _by_count(output, answers)


# ----------------------------------------------------------------------------- one case

def _quote(text: str) -> Msg | str:
    if len(text) > QUOTE_CHARS:
        return msg("check.quote_cut", quoted=json.dumps(text[:QUOTE_CHARS], ensure_ascii=False)[:-1],
                   length=len(text))
    return json.dumps(text, ensure_ascii=False)


def _common(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _token_column(got: str, expected: str) -> int:
    """The 1-based column in ``got`` of its first token that differs from ``expected``'s."""
    e = expected.split()
    for j, m in enumerate(_TOKENS.finditer(got)):
        if j >= len(e) or m.group() != e[j]:
            return m.start() + 1 + (_common(m.group(), e[j]) if j < len(e) else 0)
    return len(got.rstrip()) + 1


@dataclass(frozen=True, slots=True)
class _Diff:
    index: int                 # line index within the case part
    column: int
    expected: str | None
    got: str | None


def _first_char_diff(got: Iterator[str], exp: list[str]) -> _Diff:
    """The first line where ``got`` (read no further) and ``exp`` differ."""
    n = 0
    for g in got:
        e = exp[n] if n < len(exp) else None
        if g != e:
            column = 1 if e is None else _common(g, e) + 1
            return _Diff(n, column, _bare(e), _bare(g))
        n += 1
    if n < len(exp):
        return _Diff(n, 1, _bare(exp[n]), None)
    raise AssertionError("the texts differ")


def _first_token_diff(part: Span, exp: list[str]) -> _Diff:
    """Aligns the non-blank lines of both sides and finds the first pair whose tokens differ."""
    e_lines = [line for line in exp if line.strip()]
    index = 0
    at = part.start
    j = 0
    for begin, g in part.nonblank_lines():
        index += part.text.count("\n", at, begin)
        at = begin
        e = e_lines[j] if j < len(e_lines) else None
        if e is None or g.split() != e.split():
            return _Diff(index, _token_column(g, e or ""), _bare(e), _bare(g))
        j += 1
    if j < len(e_lines):
        return _Diff(part.line_count, 1, _bare(e_lines[j]), None)
    raise AssertionError("the tokens differ")


def _bare(line: str | None) -> str | None:
    return None if line is None else line.removesuffix("\n")


def _wrong_message(d: _Diff, case: int, total: int, cases_before_end: int | None) -> Msg:
    if cases_before_end is not None:
        return msg("check.wrong.too_few_cases", done=cases_before_end, total=total,
                   expected=_quote(d.expected or ""))
    if d.expected is None and case == total:
        return msg("check.wrong.too_many_cases", total=total, got=_quote(d.got or ""))
    if d.expected is None:
        return msg("check.wrong.end_of_case", case=case, got=_quote(d.got or ""))
    if d.got is None:
        return msg("check.wrong.end_of_output", expected=_quote(d.expected))
    return msg("check.wrong.differs", expected=_quote(d.expected), got=_quote(d.got))


def _presentation_message(d: _Diff) -> Msg:
    if d.got is not None and d.expected is not None and d.got.rstrip("\r") == d.expected \
            and d.got != d.expected:
        return msg("check.presentation.crlf")
    if d.got is not None and d.expected is not None and d.got == d.expected:
        return msg("check.presentation.final_newline")
    if d.got is not None and d.expected is not None and d.got.rstrip() == d.expected:
        return msg("check.presentation.trailing", got=_quote(d.got))
    if d.expected is None:
        return msg("check.presentation.blank_line", got=_quote(d.got or ""))
    return msg("check.presentation.white_space", expected=_quote(d.expected),
               got=_quote(d.got or ""))


def judge_case(case: int, total: int, part: Span, answer: str, *, strict: bool,
               cases_before_end: int | None = None) -> CaseVerdict:
    """The verdict on one case: ``part`` is its span of the output."""
    if part.equals(answer):
        return CaseVerdict(case, ACCEPTED, None, None, None, None, msg("check.accepted"))
    exp_lines = text_lines(answer)
    first_line = part.first_line
    same_tokens = part.same_tokens(answer.split())
    if same_tokens and not strict:
        d = _first_char_diff(part.lines(), exp_lines)
        return CaseVerdict(case, PRESENTATION, first_line + d.index, d.column, d.expected, d.got,
                           msg("check.presentation_error", line=first_line + d.index,
                               column=d.column, reason=_presentation_message(d)))
    d = _first_token_diff(part, exp_lines) if not same_tokens \
        else _first_char_diff(part.lines(), exp_lines)
    line, column = first_line + d.index, d.column
    if d.got is None:
        line, column = part.end_position() if part else (first_line, 1)
    message = msg("check.wrong_answer", line=line, column=column,
                  reason=_wrong_message(d, case, total, cases_before_end))
    return CaseVerdict(case, WRONG, line, column, d.expected, d.got, message)


# ----------------------------------------------------------------------------- the whole output

def check_answers(answers: Sequence[str], output: str, *, marker: str | None = None,
                  strict: bool = False) -> CheckReport:
    """Checks ``output`` against the per-case answers ``answers``."""
    whole = Span(output, 0, len(output), 1)
    answer = "".join(answers)
    if not strict and not whole.equals(answer) and whole.same_tokens(answer.split()):
        return _laid_out_differently(answers, output, marker)
    parts = split_output(output, answers, marker)
    end_line, end_column = whole.end_position()
    verdicts: list[CaseVerdict] = []
    filled = sum(1 for p in parts if p)
    for k, (part, answer) in enumerate(zip(parts, answers, strict=True), start=1):
        if not part and answer:
            # Nothing left of the output for this case: it stopped early.
            d = _Diff(0, end_column, _bare(text_lines(answer)[0]), None)
            message = msg("check.wrong_answer", line=end_line, column=end_column,
                          reason=_wrong_message(d, k, len(answers), filled))
            verdicts.append(CaseVerdict(k, WRONG, end_line, end_column, d.expected, None, message))
            continue
        verdicts.append(judge_case(k, len(answers), part, answer, strict=strict))
    return CheckReport(tuple(verdicts))


def _laid_out_differently(answers: Sequence[str], output: str,
                          marker: str | None) -> CheckReport:
    """Every token right: each case is accepted or a presentation error, even where the
    white space moved tokens across the lines that cut the output into cases."""
    parts = split_output(output, answers, marker)
    whole = _first_char_diff(Span(output, 0, len(output), 1).lines(),
                             text_lines("".join(answers)))
    verdicts: list[CaseVerdict] = []
    for k, (part, answer) in enumerate(zip(parts, answers, strict=True), start=1):
        v = judge_case(k, len(answers), part, answer, strict=False)
        if v.verdict == WRONG:
            line = 1 + whole.index
            v = CaseVerdict(k, PRESENTATION, line, whole.column, whole.expected, whole.got,
                            msg("check.presentation_error", line=line, column=whole.column,
                                reason=msg("check.presentation.moved")))
        verdicts.append(v)
    return CheckReport(tuple(verdicts))


def check(game: str, input_text: str, output: str, *, strict: bool = False) -> CheckReport:
    """``output`` for ``input_text`` of ``game`` as its judge compares (compare.py)."""
    from .compare import check as compare_check   # compare.py builds on this module
    return compare_check(game, input_text, output, strict=strict)


# ----------------------------------------------------------------------------- command line

def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m py_engines check",
        description="Compare a program's output with the engine's answer, case by case.",
        epilog="Exit status: 0 every case accepted, 1 some case not, 2 bad input.")
    parser.add_argument("game", help="game id (see --list)")
    parser.add_argument("input", help="the judge input file")
    parser.add_argument("output", help="the program's output for it ('-': standard input)")
    parser.add_argument("--strict", action="store_true",
                        help="compare byte for byte, not as the game's judge does (then any "
                             "difference in white space is a presentation error)")
    parser.add_argument("--output-limit", default=str(OUTPUT_LIMIT_MB), metavar="MB",
                        help=f"most of OUTPUT read, in MB (default {OUTPUT_LIMIT_MB}); a longer "
                             "output is 'output limit exceeded'")
    add_lang_argument(parser)
    args = parser.parse_args(argv)
    lang = args.lang

    def error(message: Msg) -> int:
        print(render(msg("common.cli_error", message=message), lang), file=sys.stderr)
        return 2
    try:
        limit_mb = limit_value(OUTPUT_LIMIT, args.output_limit)
    except EngineError as err:
        return error(err.located())
    limit = int(limit_mb * MB)
    try:
        # A judge input has at most MAX_INPUT_CHARS characters of at most 4 bytes each.
        input_text, long_input = read_capped(args.input, 4 * MAX_INPUT_CHARS + 4)
        if long_input:
            return error(msg("common.in_file", file=args.input,
                             message=msg("common.input_too_long", limit=MAX_INPUT_CHARS)))
        output, over = read_capped(args.output, limit)
    except OSError as err:
        return error(msg("common.cannot_read", file=str(err.filename), reason=str(err.strerror)))
    try:
        if over:
            # Refused unread, as a judge does: checking it line by line would cost many
            # times its size.
            total = len(solved(engine_of(args.game), input_text).answers)
            name = msg("common.standard_input") if args.output == "-" else args.output
            sys.stdout.write(render(msg("check.output_limit", name=name,
                                        limit=f"{limit_mb:g}"), lang) + "\n"
                             + render(msg("check.tally", accepted=0, total=total), lang) + "\n")
            return 1
        report = check(args.game, input_text, output, strict=args.strict)
    except EngineError as err:
        return error(msg("common.in_file", file=args.input, message=err.located()))
    lines = report.lines(lang)
    from .scene import scene_of   # it builds on this module
    scene = scene_of(engine_of(args.game), input_text, output, report)
    if scene is not None:        # where to look on the stage, before the tally
        lines.insert(-1, render(scene.said(), lang))
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0 if report.ok else 1
