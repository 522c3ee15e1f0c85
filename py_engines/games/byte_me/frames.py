"""Byte Me! replay: the dealer's hand step by step, as scene snapshots with narration."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import Frame
from ...i18n import Msg, msg
from ...text import departing_line
from .rules import (BUST, BUST_LIMIT, BYTE_LIMIT, BYTE_ME, HIDDEN_BITS, HIDDEN_VALUE, LOSE, MAX_HITS,
                    METER_MAX, NIBBLE_LIMIT, NIBBLE_ME, RULES, WIN, Card, Decision, Hand, HandResult)


# ----------------------------------------------------------------------------- replay

def _deck_state(cards: Sequence[Card], used: int) -> dict[str, Any]:
    rest = cards[used:]
    return {"count": len(rest), "cards": [c.to_dict() for c in rest], "used": used}


def _rule_cells(target: int | None) -> list[tuple[Msg, Msg]]:
    """Each rule as a short condition and action, for the scene's rules box
    (``target`` is None before the deal has shown the best player)."""
    return [(msg("byte_me.cell.total_at_least_best") if target is None
             else msg("byte_me.cell.total_at_least", value=target), msg("byte_me.cell.stop_win")),
            (msg("byte_me.cell.total_below", value=BYTE_LIMIT), msg("byte_me.cell.byte_me")),
            (msg("byte_me.cell.total_at_most", value=NIBBLE_LIMIT), msg("byte_me.cell.nibble_me")),
            (msg("byte_me.cell.total_above", value=NIBBLE_LIMIT), msg("byte_me.cell.stop"))]


_FIRED_ACTION = {1: msg("byte_me.fired.certain_win"), 2: msg("byte_me.cell.byte_me"),
                 3: msg("byte_me.cell.nibble_me"), 4: msg("byte_me.cell.stop")}


def _fired_text(decision: Decision) -> Msg:
    return msg("byte_me.fired.text", rule=decision.rule, test=decision.test,
               action=_FIRED_ACTION[decision.rule])


def _mark(value: int, label: Msg, kind: str) -> dict[str, Any]:
    return {"value": value, "label_msg": label.to_dict(), "kind": kind}


def _snapshot(set_no: int, sets: int, hand: Hand, res: HandResult, done: int, phase: str,
              fired: Decision | None, bubble: str | None) -> dict[str, Any]:
    """The whole scene after the first ``done`` steps."""
    taken = [s for s in res.steps[:done] if s.kind == "hit"]
    dealer_cards = [dict(hand.dealer[0].to_dict(), source="dealer"),
                    dict(hand.dealer[1].to_dict(), source="dealer")]
    dealer_cards += [dict(s.card.to_dict(), source=s.deck) for s in taken if s.card]
    total = res.start + sum(s.card.value for s in taken if s.card)
    used = {"byte": sum(s.deck == "byte" for s in taken),
            "nibble": sum(s.deck == "nibble" for s in taken)}
    revealed = phase == "end"
    dealt = phase != "table"
    players = []
    for seat, face in enumerate(hand.players, start=1):
        players.append({"seat": seat, "face": face.to_dict(),
                        "down": {"bits": HIDDEN_BITS, "value": HIDDEN_VALUE, "face_up": revealed},
                        "total": face.value + HIDDEN_VALUE if revealed else None,
                        "best": dealt and face.value == res.best_face})
    busted = total > BUST_LIMIT
    finished = phase == "end"
    return {
        "set": set_no, "sets": sets, "hand": hand.n, "phase": phase, "dealt": dealt,
        "dealer": {"cards": dealer_cards, "total": total, "busted": busted},
        "players": players,
        "byte_deck": _deck_state(hand.bytes, used["byte"]),
        "nibble_deck": _deck_state(hand.nibbles, used["nibble"]),
        "meter": {"min": 0, "max": METER_MAX, "total": total,
                  "marks": [_mark(BYTE_LIMIT, msg("byte_me.mark.byte", value=BYTE_LIMIT), "byte"),
                            _mark(NIBBLE_LIMIT, msg("byte_me.mark.stop", value=NIBBLE_LIMIT),
                                  "stop"),
                            _mark(BUST_LIMIT, msg("byte_me.mark.bust", value=BUST_LIMIT), "bust")],
                  "target": {"value": res.target,
                             "label_msg": msg("byte_me.mark.best", value=res.target).to_dict()}},
        "total": total, "target": res.target, "best_face": res.best_face,
        "rules": [{"n": n, "text_msg": text.to_dict(), "cond_msg": cond.to_dict(),
                   "action_msg": action.to_dict()}
                  for (n, text), (cond, action)
                  in zip(RULES, _rule_cells(res.target if dealt else None), strict=True)],
        "fired": fired.rule if fired else None,
        "fired_text_msg": _fired_text(fired).to_dict() if fired else None,
        "hits": len(taken), "max_hits": MAX_HITS,
        "bubble": bubble,
        "stamp_msg": msg("byte_me.stamp.bust").to_dict() if busted and phase in ("bust", "end")
        else None,
        "lines": list(res.lines[:1 + len(taken)]) + ([res.outcome] if finished else []),
        "outcome": res.outcome if finished else None,
    }


def frames_of(set_no: int, sets: int, hand: Hand, res: HandResult,
              answer: str) -> list[Frame]:
    frames: list[Frame] = []

    def add(event: dict[str, Any] | None, state: dict[str, Any], note: Msg) -> None:
        frames.append(Frame(len(frames), "dealer" if event else None, event, state, note))

    add(None, _snapshot(set_no, sets, hand, res, 0, "table", None, None),
        msg("byte_me.note.table", hand=hand.n, first=hand.dealer[0].value,
            second=hand.dealer[1].value, total=res.start, count=hand.n))
    best = [i + 1 for i, c in enumerate(hand.players) if c.value == res.best_face]
    add({"kind": "deal", "target": res.target, "best_face": res.best_face, "best_seats": best},
        _snapshot(set_no, sets, hand, res, 0, "deal", None, None),
        msg("byte_me.note.best", face=res.best_face, hidden=HIDDEN_VALUE, target=res.target))
    for k, step in enumerate(res.steps, start=1):
        event: dict[str, Any] = {"kind": step.kind, "rule": step.rule, "from": step.before,
                                 "to": step.after,
                                 "reason_msg": None if step.reason is None else step.reason.to_dict()}
        if step.decision:
            event["test"] = step.decision.test
            event["checked"] = list(step.decision.checked)
        if step.kind == "hit" and step.card:
            line = BYTE_ME if step.deck == "byte" else NIBBLE_ME
            event.update(deck=step.deck, index=step.index, card=step.card.to_dict(), line=line)
            state = _snapshot(set_no, sets, hand, res, k, "hit", step.decision, line)
            note = msg("byte_me.note.hit", test=step.decision.test if step.decision else "",
                       line=line, bits=step.card.bits, value=step.card.value, total=step.after)
        elif step.kind == "bust":
            state = _snapshot(set_no, sets, hand, res, k, "bust", None, None)
            note = msg("byte_me.note.bust", total=step.after, limit=BUST_LIMIT)
        else:
            state = _snapshot(set_no, sets, hand, res, k, "stop", step.decision, None)
            if step.rule == 1:
                note = msg("byte_me.note.certain_win", total=step.before, face=res.best_face,
                           hidden=HIDDEN_VALUE)
            elif step.rule == 4:
                note = msg("byte_me.note.no_more_hits", total=step.before, limit=NIBBLE_LIMIT)
            else:
                note = msg("byte_me.note.hits_taken", hits=MAX_HITS, total=step.before)
        add(event, state, note)
    final = _snapshot(set_no, sets, hand, res, len(res.steps), "end", None, None)
    final["answer"] = answer
    final["totals"] = {"dealer": res.total, "best_player": res.target,
                       "players": [c.value + HIDDEN_VALUE for c in hand.players]}
    final["banner"] = {WIN: "win", LOSE: "lose", BUST: "bust"}[res.outcome]
    if res.outcome == BUST:
        verdict = msg("byte_me.verdict.bust", total=res.total, limit=BUST_LIMIT, line=BUST)
    elif res.outcome == WIN:
        verdict = msg("byte_me.verdict.win", total=res.total, target=res.target, line=WIN)
    else:
        verdict = msg("byte_me.verdict.lose", total=res.total, target=res.target, line=LOSE)
    add({"kind": "end", "outcome": res.outcome, "total": res.total, "target": res.target},
        final, msg("byte_me.note.end", bits=HIDDEN_BITS, hidden=HIDDEN_VALUE, verdict=verdict))
    return frames


def departure_step(res: HandResult, expected: str, got: str) -> int:
    """The frame of ``frames_of`` where the output ``got`` of this data set first departs
    from its answer ``expected``: frame 0 is the table, 1 the deal, 2.. one per step of
    the dealer (his hits, then the stop or bust that ends them), and the last the outcome."""
    k, _, g = departing_line(expected, got)
    hits = sum(1 for s in res.steps if s.kind == "hit")
    end = len(res.steps) + 2
    if k == 0:
        return 0
    if k <= hits:
        return 1 + k                   # that hit
    if k == hits + 1 and g is not None and " ".join(g) in (BYTE_ME, NIBBLE_ME):
        return 1 + k                   # the dealer stopped here; the program hit on
    return end
