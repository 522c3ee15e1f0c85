"""Kalah studies: what moving second is worth, by board size and stone count.

Deal k has m = 1 + k % 4 cups per player and 1 + (k // 4) % 15 stones, so every
(m, stones) pair gets the same share of the deals.  The answer is You - Opponent
with the opponent moving first: the worth of moving second.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...api import Result
from ...explore.study import SIGNS, Plot, Study, margin_sign
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


STUDIES = (
    Study("margins", "Worth of moving second",
          "the exact margin You - Opponent (the opponent moves first) by m = 1..4 cups and by "
          "1..15 stones",
          _margins,
          (Plot("outcomes", "Margin sign", "bars", "You - Opponent"),
           Plot("metrics.margin_by_m", "Margin by cups m", "dist_lines", "margin", "share"),
           Plot("metrics.margin_by_stones", "Margin by stones", "heatmap", "margin", "stones")),
          classes=SIGNS, deal_options=_deal_options, metrics=("margin_by_m", "margin_by_stones")),
    Study("swaps", "Swaps in the optimal line",
          "how often the optimal line (the one the player shows) uses a swap, by m = 1..4 cups; "
          "slower: it walks every line",
          _swaps,
          (Plot("outcomes", "Margin sign", "bars", "You - Opponent"),
           Plot("metrics.swap", "Line uses a swap", "bars", "optimal line"),
           Plot("metrics.swap_by_m", "Swap by cups m", "stacked", "cups m", "share")),
          classes=SIGNS + ("swap", "no swap"), deal_options=_deal_options,
          metrics=("swap", "swap_by_m")),
)
