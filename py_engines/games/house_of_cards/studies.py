"""House of Cards studies: the Axel - Birgit margin under best play, by deck size M.

Deal k has M = 5 + k % 9 ranks per colour (5..13), named player Axel, so the answer's
value is Axel - Birgit.  The first player is the one of c1's colour.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...api import Result
from ...explore.study import SIGNS, Plot, Study, margin_sign
from ...i18n import msg
from .rules import AXEL, MAX_M, MIN_M, NAMES, RED

FIRST = ("1st", "tie", "2nd")      # who wins: the first player, nobody, the second


def _deal_options(k: int, options: Mapping[str, Any]) -> dict[str, Any]:
    return {"M": MIN_M + k % (MAX_M - MIN_M + 1), "name": NAMES[AXEL]}


def _record(engine: Any, problem: Any, result: Result[Any],
            options: Mapping[str, Any]) -> dict[str, Any]:
    margin = result.cases[0].value            # Axel - Birgit
    axel_first = bool(problem.cases[0].cards[0] & RED)
    first = margin if axel_first else -margin
    return {"outcomes": {margin_sign(margin): 1},
            "metrics": {"margin_by_m": {str(options["M"]): {str(margin): 1}},
                        "first_player": {FIRST[0] if first > 0 else FIRST[2] if first < 0
                                         else FIRST[1]: 1}}}


STUDIES = (
    Study("margins", msg("house_of_cards.study.margins.title"),
          msg("house_of_cards.study.margins.counts"),
          _record,
          (Plot("outcomes", msg("house_of_cards.study.margins.sign"), "bars", "Axel - Birgit"),
           Plot("metrics.margin_by_m", msg("house_of_cards.study.margins.by_m"), "heatmap",
                "Axel - Birgit", "M"),
           Plot("metrics.first_player", msg("house_of_cards.study.margins.first_or_second"), "bars",
                msg("house_of_cards.study.margins.winner"))),
          classes=SIGNS + FIRST, deal_options=_deal_options,
          metrics=("margin_by_m", "first_player"),
          class_labels={"1st": msg("house_of_cards.study.margins.first"),
                        "tie": msg("house_of_cards.study.margins.tie"),
                        "2nd": msg("house_of_cards.study.margins.second")}),
)
