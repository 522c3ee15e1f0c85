"""Byte Me! replay: the dealer's hand step by step, as scene snapshots with narration."""
from __future__ import annotations

from typing import Any, Sequence

from ...api import Frame
from .rules import (BUST, BUST_LIMIT, BYTE_LIMIT, BYTE_ME, HIDDEN_BITS, HIDDEN_VALUE, LOSE, MAX_HITS,
                    METER_MAX, NIBBLE_LIMIT, NIBBLE_ME, RULES, WIN, Card, Decision, Hand, HandResult)


# ----------------------------------------------------------------------------- replay

def _deck_state(cards: Sequence[Card], used: int) -> dict[str, Any]:
    rest = cards[used:]
    return {"count": len(rest), "cards": [c.to_dict() for c in rest], "used": used}


def _rule_cells(target: int | None) -> list[tuple[str, str]]:
    """Each rule as a short condition and action, for the scene's rules box
    (``target`` is None before the deal has shown the best player)."""
    return [(f"total >= {'best' if target is None else target}", "STOP: WIN"),
            (f"total < {BYTE_LIMIT}", "BYTE ME!"),
            (f"total <= {NIBBLE_LIMIT}", "NIBBLE ME!"),
            (f"total > {NIBBLE_LIMIT}", "STOP")]


def _fired_text(decision: Decision) -> str:
    action = {1: "STOP, CERTAIN WIN", 2: "BYTE ME!", 3: "NIBBLE ME!", 4: "STOP"}[decision.rule]
    return f"{decision.rule}: {decision.test} -> {action}"


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
                  "marks": [{"value": BYTE_LIMIT, "label": f"{BYTE_LIMIT} byte/nibble",
                             "kind": "byte"},
                            {"value": NIBBLE_LIMIT, "label": f"{NIBBLE_LIMIT} stop",
                             "kind": "stop"},
                            {"value": BUST_LIMIT, "label": f"{BUST_LIMIT} bust", "kind": "bust"}],
                  "target": {"value": res.target, "label": f"best player {res.target}"}},
        "total": total, "target": res.target, "best_face": res.best_face,
        "rules": [{"n": n, "text": text, "cond": cond, "action": action}
                  for (n, text), (cond, action)
                  in zip(RULES, _rule_cells(res.target if dealt else None), strict=True)],
        "fired": fired.rule if fired else None,
        "fired_text": _fired_text(fired) if fired else None,
        "hits": len(taken), "max_hits": MAX_HITS,
        "bubble": bubble,
        "stamp": "BUST!" if busted and phase in ("bust", "end") else None,
        "lines": list(res.lines[:1 + len(taken)]) + ([res.outcome] if finished else []),
        "outcome": res.outcome if finished else None,
    }


def frames_of(set_no: int, sets: int, hand: Hand, res: HandResult,
              answer: str) -> list[Frame]:
    frames: list[Frame] = []

    def add(event: dict[str, Any] | None, state: dict[str, Any], note: str) -> None:
        frames.append(Frame(len(frames), "dealer" if event else None, event, state, note))

    players = f"{hand.n} player{'s' if hand.n > 1 else ''}"
    add(None, _snapshot(set_no, sets, hand, res, 0, "table", None, None),
        f"HAND {hand.n}: the dealer holds {hand.dealer[0].value} + {hand.dealer[1].value} = "
        f"{res.start} against {players}")
    best = [i + 1 for i, c in enumerate(hand.players) if c.value == res.best_face]
    add({"kind": "deal", "target": res.target, "best_face": res.best_face, "best_seats": best},
        _snapshot(set_no, sets, hand, res, 0, "deal", None, None),
        f"Best player can have at most {res.best_face} + {HIDDEN_VALUE} = {res.target}")
    for k, step in enumerate(res.steps, start=1):
        event: dict[str, Any] = {"kind": step.kind, "rule": step.rule, "from": step.before,
                                 "to": step.after, "reason": step.reason}
        if step.decision:
            event["test"] = step.decision.test
            event["checked"] = list(step.decision.checked)
        if step.kind == "hit" and step.card:
            line = BYTE_ME if step.deck == "byte" else NIBBLE_ME
            event.update(deck=step.deck, index=step.index, card=step.card.to_dict(), line=line)
            state = _snapshot(set_no, sets, hand, res, k, "hit", step.decision, line)
            note = (f"{step.decision.test if step.decision else ''}: {line} draws "
                    f"{step.card.bits} = {step.card.value}, total {step.after}")
        elif step.kind == "bust":
            state = _snapshot(set_no, sets, hand, res, k, "bust", None, None)
            note = f"{step.after} > {BUST_LIMIT}: BUST!"
        else:
            state = _snapshot(set_no, sets, hand, res, k, "stop", step.decision, None)
            if step.rule == 1:
                note = (f"certainly won: {step.before} >= {res.best_face} + {HIDDEN_VALUE}")
            elif step.rule == 4:
                note = f"{step.before} > {NIBBLE_LIMIT}: no more hits"
            else:
                note = f"{MAX_HITS} hits taken: the dealer stops at {step.before}"
        add(event, state, note)
    final = _snapshot(set_no, sets, hand, res, len(res.steps), "end", None, None)
    final["answer"] = answer
    final["totals"] = {"dealer": res.total, "best_player": res.target,
                       "players": [c.value + HIDDEN_VALUE for c in hand.players]}
    final["banner"] = {WIN: "win", LOSE: "lose", BUST: "bust"}[res.outcome]
    if res.outcome == BUST:
        verdict = f"dealer {res.total} > {BUST_LIMIT}: Bust!"
    elif res.outcome == WIN:
        verdict = f"dealer {res.total} >= best player {res.target}: Win!"
    else:
        verdict = f"dealer {res.total} < best player {res.target}: Lose!"
    add({"kind": "end", "outcome": res.outcome, "total": res.total, "target": res.target},
        final, f"Every face-down card is {HIDDEN_BITS} = {HIDDEN_VALUE}; {verdict}")
    return frames
