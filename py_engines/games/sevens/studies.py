"""Sevens studies: who wins a random deal under perfect play, and does holding S7 matter."""
from __future__ import annotations

from typing import Any, Mapping

from ...api import Result
from ...explore.study import Plot, Study
from .rules import PLAYERS

OUTCOMES = ("Alice", "Bob", "Draw")


def _record(engine: Any, problem: Any, result: Result[Any],
            options: Mapping[str, Any]) -> dict[str, Any]:
    answer = result.cases[0].answer.strip()
    holder = PLAYERS[problem.holder]
    return {"outcomes": {answer: 1}, "metrics": {"by_s7_holder": {holder: {answer: 1}}}}


STUDIES = (
    Study("seven_of_spades", "Who wins, by S7",
          "Alice / Bob / Draw over random deals, and the same split by who holds the seven of "
          "spades",
          _record,
          (Plot("outcomes", "Who wins", "bars", "winner"),
           Plot("metrics.by_s7_holder", "Split by S7 holder", "stacked", "holder of S7", "share")),
          classes=OUTCOMES, metrics=("by_s7_holder",)),
)
