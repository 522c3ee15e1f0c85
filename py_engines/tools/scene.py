"""Where a program's output parts from the engine's: the scene to show on the stage.

A checked output that is not accepted names its *scene*: the first case whose
output differs (0-based, as the page's case picker counts) and the replay step
(a frame index of that case's replay) where its output first departs from the
engine's.  A game says how its output maps onto its frames with one optional
engine member (beside those in ``hooks``):

``departure(problem, result, case, expected, got) -> int``
    the step of case ``case`` where the output ``got`` (that case's part of the
    program's output) first departs from the answer ``expected``.

The Game finds the play that put the first differing card on its row, Byte Me!
the hit or the outcome that differs.  Without ``departure`` (the two-player
games, whose answer is one value per case) the scene is the case at its start,
step 0, where the move panel lists the value of every first move.

``python3 -m py_engines check`` prints the scene below the cases; the bridge's
``check`` reply carries it as ``scene`` (null when every case is accepted).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import Msg, msg
from .check import CheckReport, split_output
from .hooks import solved

DEPARTURE_SLACK = 4096       # characters of a case's output read past its answer's length


@dataclass(frozen=True, slots=True)
class Scene:
    case: int                  # 0-based
    step: int                  # a frame index of the case's replay
    line: int | None           # 1-based line of the output where the case differs
    expected: str | None       # the engine's differing line (None: it has none there)
    got: str | None            # the program's differing line (None: it has none there)

    def to_dict(self) -> dict[str, Any]:
        return {"case": self.case, "step": self.step, "line": self.line,
                "expected": self.expected, "got": self.got}

    def said(self) -> Msg:
        """One line for the CLI: the case (1-based, as the CLI counts them) and step."""
        return msg("scene.at", case=self.case + 1, step=self.step)


def scene_of(engine: Any, text: str, output: str, report: CheckReport) -> Scene | None:
    """The scene of the first case ``report`` does not accept (None when all are)."""
    failure = report.first_failure()
    if failure is None:
        return None
    case = failure.case - 1
    step = 0
    own = getattr(engine, "departure", None)
    if callable(own):
        done = solved(engine, text)
        parts = split_output(output, done.answers, getattr(engine, "output_case_start", None))
        if len(done.answers) == len(done.result.cases):
            part = parts[case]
            # The first departure lies within the answer's length and a line past it: the
            # rest of a long output (up to 64 MB) is never split into lines.
            end = min(part.end, part.start + len(done.answers[case]) + DEPARTURE_SLACK)
            step = int(own(done.problem, done.result, case, done.answers[case],
                           part.text[part.start:end]))
    return Scene(case, max(0, step), failure.line, failure.expected, failure.got)
