"""Sevens studies: who wins a random deal under perfect play, and does holding S7 matter."""
from __future__ import annotations

from typing import Any, Mapping

from ...api import Result
from ...explore.study import Plot, Study
from ...i18n import msg
from .rules import PLAYERS

OUTCOMES = ("Alice", "Bob", "Draw")


def _record(engine: Any, problem: Any, result: Result[Any],
            options: Mapping[str, Any]) -> dict[str, Any]:
    answer = result.cases[0].answer.strip()
    holder = PLAYERS[problem.holder]
    return {"outcomes": {answer: 1}, "metrics": {"by_s7_holder": {holder: {answer: 1}}}}


STUDIES = (
    Study("seven_of_spades", msg("sevens.study.seven_of_spades.title"),
          msg("sevens.study.seven_of_spades.counts"),
          _record,
          (Plot("outcomes", msg("sevens.study.seven_of_spades.who_wins"), "bars",
                msg("sevens.study.seven_of_spades.winner")),
           Plot("metrics.by_s7_holder", msg("sevens.study.seven_of_spades.by_holder"), "stacked",
                msg("sevens.study.seven_of_spades.holder"), msg("explore.axis.share"))),
          classes=OUTCOMES, metrics=("by_s7_holder",)),
)
