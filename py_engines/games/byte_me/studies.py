"""Byte Me! studies: how the dealer's fixed rules fare against tables of 1..10 players.

Deal k has ``1 + k % P`` players (P: the study's largest table, 10 by default) and
one data set, so every table size gets the same share of the deals.
"""
from __future__ import annotations

from typing import Any, Mapping

from ...api import RandomOption, Result
from ...explore.study import Plot, Study
from ...i18n import msg
from .rules import MAX_PLAYERS, MIN_PLAYERS


def _deal_options(k: int, options: Mapping[str, Any]) -> dict[str, Any]:
    return {"players": MIN_PLAYERS + k % options["players"], "sets": 1}


def _record(engine: Any, problem: Any, result: Result[Any],
            options: Mapping[str, Any]) -> dict[str, Any]:
    hand = result.cases[0]
    hits = sum(1 for step in hand.steps if step.kind == "hit")
    return {"outcomes": {hand.outcome: 1},
            "metrics": {"by_players": {str(options["players"]): {hand.outcome: 1}},
                        "hits": {str(hits): 1}}}


STUDIES = (
    Study("dealer", msg("byte_me.study.dealer.title"), msg("byte_me.study.dealer.counts"),
          _record,
          (Plot("outcomes", msg("byte_me.study.dealer.result"), "bars",
                msg("byte_me.study.dealer.per_hand")),
           Plot("metrics.by_players", msg("byte_me.study.dealer.by_table"), "rate_lines",
                msg("byte_me.study.dealer.players_n"), msg("explore.axis.share")),
           Plot("metrics.hits", msg("byte_me.study.dealer.hits"), "histogram",
                msg("byte_me.study.dealer.hits_x"))),
          classes=("Win!", "Bust!", "Lose!"),
          options=(RandomOption("players", msg("byte_me.study.dealer.largest_table"), MAX_PLAYERS,
                                MIN_PLAYERS, MAX_PLAYERS),),
          deal_options=_deal_options, metrics=("by_players", "hits")),
)
