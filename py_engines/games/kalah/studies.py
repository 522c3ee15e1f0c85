"""Kalah studies: what moving second is worth, by board size and stone count.

Deal k has m = 1 + k % 4 cups per player and 1 + (k // 4) % 15 stones, so every
(m, stones) pair gets the same share of the deals.  The answer is You - Opponent
with the opponent moving first: the worth of moving second.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...api import Result
from ...explore.study import SIGNS, Plot, Study, margin_sign
from ...i18n import msg
from .rules import MAX_CUPS, MAX_STONES, MIN_CUPS

CUP_SIZES = MAX_CUPS - MIN_CUPS + 1


def _deal_options(k: int, options: Mapping[str, Any]) -> dict[str, Any]:
    return {"m": MIN_CUPS + k % CUP_SIZES, "stones": 1 + (k // CUP_SIZES) % MAX_STONES}


def _margins(engine: Any, problem: Any, result: Result[Any],
             options: Mapping[str, Any]) -> dict[str, Any]:
    margin = result.cases[0].value
    return {"outcomes": {margin_sign(margin): 1},
            "metrics": {"margin_by_m": {str(options["m"]): {str(margin): 1}},
                        "margin_by_stones": {str(options["stones"]): {str(margin): 1}}}}


def _swaps(engine: Any, problem: Any, result: Result[Any],
           options: Mapping[str, Any]) -> dict[str, Any]:
    # The optimal line the player shows: the first best move at every step.
    frames = engine.replay(problem, result, case=0)
    used = any(f.event and (f.event.get("swap") or {}).get("done") for f in frames)
    label = "swap" if used else "no swap"
    return {"outcomes": {margin_sign(result.cases[0].value): 1},
            "metrics": {"swap": {label: 1}, "swap_by_m": {str(options["m"]): {label: 1}}}}


MARGIN_SIGN = Plot("outcomes", msg("kalah.study.margin_sign"), "bars", msg("kalah.study.you_minus_opp"))

STUDIES = (
    Study("margins", msg("kalah.study.margins.title"), msg("kalah.study.margins.counts"),
          _margins,
          (MARGIN_SIGN,
           Plot("metrics.margin_by_m", msg("kalah.study.margins.by_m"), "dist_lines",
                msg("explore.axis.margin"), msg("explore.axis.share")),
           Plot("metrics.margin_by_stones", msg("kalah.study.margins.by_stones"), "heatmap",
                msg("explore.axis.margin"), msg("kalah.study.margins.stones"))),
          classes=SIGNS, deal_options=_deal_options, metrics=("margin_by_m", "margin_by_stones")),
    Study("swaps", msg("kalah.study.swaps.title"), msg("kalah.study.swaps.counts"),
          _swaps,
          (MARGIN_SIGN,
           Plot("metrics.swap", msg("kalah.study.swaps.uses_swap"), "bars",
                msg("kalah.study.swaps.optimal_line")),
           Plot("metrics.swap_by_m", msg("kalah.study.swaps.by_m"), "stacked",
                msg("kalah.study.swaps.cups_m"), msg("explore.axis.share"))),
          classes=SIGNS + ("swap", "no swap"), deal_options=_deal_options,
          metrics=("swap", "swap_by_m"),
          class_labels={"swap": msg("kalah.study.swaps.swap"),
                        "no swap": msg("kalah.study.swaps.no_swap")}),
)
