"""Each game's comparator: how the judge the problem comes from compares an output.

Two comparators, named by ``COMPARATORS``:

* ``trailing``: white space at the end of each line and blank lines at the end of the
  output are ignored (Luogu's comparator, and DOMjudge's as the issue's judges run it);
  any other difference in white space is still a presentation error, in tokens a wrong
  answer.
* ``exact``: byte for byte (UVa, POJ and the UVa Live Archive): any difference in white
  space is a presentation error.

A game names its comparator and its judge in its engine's metadata (``comparator``,
``judge``: the registry is the one place; a game without them is judged ``exact``).  The
CLI's ``check`` and ``stress`` and the page (the bridge's ``check``) all judge through
``judge_output`` here, so they agree.  ``strict`` sets the judge's comparator aside and
reads the output byte for byte.

Under ``trailing`` the report also carries the byte-exact reading (``strict``: that
report: its verdict, the line of its first difference) and, when the two disagree, a note:
"DOMjudge ignores white space at line ends and at the end; byte for byte: presentation
error at line 1".
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Sequence

from ..i18n import msg
from .check import CheckReport, check_answers
from .hooks import engine_of, solved

TRAILING = "trailing"
EXACT = "exact"
COMPARATORS = (TRAILING, EXACT)

# White space at a line's end (before its "\n" or at the text's end), "\r" included.
_LINE_END_SPACE = re.compile(r"[ \t\r\f\v]+$", re.M)


_VERDICT_WORDS = {"accepted": lambda: msg("judge_compare.verdict.accepted"),
                  "presentation": lambda: msg("judge_compare.verdict.presentation"),
                  "wrong": lambda: msg("judge_compare.verdict.wrong")}


def comparator_of(engine: Any) -> tuple[str, str]:
    """The game's comparator and the judge it is named after (``exact`` unless it says)."""
    name = getattr(engine, "comparator", EXACT)
    if name not in COMPARATORS:
        raise ValueError(f"{engine.name}: unknown comparator {name!r}")
    return name, str(getattr(engine, "judge", ""))


def trim(text: str) -> str:
    """``text`` without white space at line ends nor blank lines at its end (a final
    newline kept when it has a line)."""
    # No copy where nothing goes (an output may be 64 MB: the CLI's bounded-memory tests).
    body = _LINE_END_SPACE.sub("", text) if _LINE_END_SPACE.search(text) else text
    if body.endswith("\n") and not body.endswith("\n\n"):
        return body
    body = body.rstrip("\n")
    return body + "\n" if body else ""


def _trim_answers(answers: Sequence[str]) -> list[str]:
    out = [_LINE_END_SPACE.sub("", a) for a in answers]
    # The blank lines at the end of the whole answer go (those of its last non-empty case).
    last = max((k for k, a in enumerate(out) if a.strip()), default=None)
    if last is not None:
        out[last] = trim(out[last])
        for k in range(last + 1, len(out)):
            out[k] = ""
    return out


def judge_output(answers: Sequence[str], output: str, *, marker: str | None = None,
                 comparator: str = EXACT, judge: str = "", strict: bool = False) -> CheckReport:
    """The verdicts on ``output`` under ``comparator`` (``strict``: byte for byte)."""
    exact = check_answers(answers, output, marker=marker)
    if strict or comparator == EXACT:
        return replace(exact, comparator=EXACT, judge="" if strict else judge)
    lenient = check_answers(_trim_answers(answers), trim(output), marker=marker)
    first = exact.first_failure()
    note = None
    if lenient.verdict() != exact.verdict() and first is not None:
        note = msg("judge_compare.note", judge=judge,
                   strict=msg("judge_compare.strict_reading", line=first.line or 1,
                              verdict=_VERDICT_WORDS[exact.verdict()]()))
    return replace(lenient, comparator=comparator, judge=judge, strict=exact, note=note)


def check(game: str, input_text: str, output: str, *, strict: bool = False) -> CheckReport:
    """Checks a program's ``output`` for the judge input ``input_text`` of ``game`` with
    the game's comparator (``strict``: byte for byte).

    Raises the engine's ParseError / InvalidInputError when the input is bad.
    """
    engine = engine_of(game)
    comparator, judge = comparator_of(engine)
    return judge_output(solved(engine, input_text).answers, output,
                        marker=getattr(engine, "output_case_start", None),
                        comparator=comparator, judge=judge, strict=strict)
