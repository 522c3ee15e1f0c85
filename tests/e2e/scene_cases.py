"""Wrong solutions for "Show me on the stage" (issue 33), written from the specs, and
where each must be shown: read from the engine's own frames by the rule each breaks,
not from the departure code.  Used by test_judge_scene.py and tests/xb/test_xb_scene.py."""
from __future__ import annotations

from typing import Any

from py_engines import get_engine

# Byte Me! read with "certainly won" as total > best (the spec's rule 6.1 says >=): at a
# total equal to the best player's, this dealer hits on where the judge's stops.
BYTE_ME_STRICT = """\
import sys
toks = sys.stdin.read().split()
i = 0
out = []
while toks[i] != "ENDOFINPUT":
    n = int(toks[i + 1]); i += 2
    total = int(toks[i], 2) + int(toks[i + 1], 2); i += 2
    best = max(int(t, 2) for t in toks[i:i + n]) + 255; i += n
    deck = [int(t, 2) for t in toks[i:i + 4]]; i += 4
    nibbles = [int(t, 2) for t in toks[i:i + 4]]; i += 5
    out.append("HAND %d" % n)
    used = [0, 0]
    for _ in range(4):
        if total > 510 or total > best:
            break
        if total < 382:
            total += deck[used[0]]; used[0] += 1; out.append("Byte me!")
        elif total <= 500:
            total += nibbles[used[1]]; used[1] += 1; out.append("Nibble me!")
        else:
            break
    out.append("Bust!" if total > 510 else "Win!" if total >= best else "Lose!")
print("\\n".join(out))
"""

# The Game with one wrong backwards trick: it takes the right-most trick card of the hand
# (the spec's rule 5.1 says the left-most).  It logs each play ("card row") on stderr.
THE_GAME_RIGHTMOST_TRICK = """\
import sys
cards = [int(t) for t in sys.stdin.read().split()]
rows = [[1], [1], [100], [100]]
up = [True, True, False, False]
hand, pile = cards[:8], cards[8:]

def choose():
    tops = [r[-1] for r in rows]
    for i in range(len(hand) - 1, -1, -1):
        for r in range(4):
            x = tops[r]
            if x not in (1, 100) and hand[i] == (x - 10 if up[r] else x + 10):
                return i, r
    best = None
    for i, c in enumerate(hand):
        for r in range(4):
            x = tops[r]
            if (c > x if up[r] else c < x) and (best is None or abs(c - x) < best[0]):
                best = (abs(c - x), i, r)
    return None if best is None else best[1:]

stuck = False
while hand and not stuck:
    for _ in range(2):
        pick = choose()
        if pick is None:
            stuck = True
            break
        rows[pick[1]].append(hand.pop(pick[0]))
        sys.stderr.write("%d %d\\n" % (rows[pick[1]][-1], pick[1] + 1))
        if not hand:
            break
    if hand and not stuck:
        hand += pile[:2]
        pile = pile[2:]
for row in rows:
    print(" ".join(map(str, row)))
print(" ".join(map(str, hand)))
print(" ".join(map(str, pile)))
"""


def frames(game: str, text: str, case: int = 0) -> list[dict[str, Any]]:
    engine = get_engine(game)
    problem = engine.parse(text)
    return [f.to_dict() for f in engine.replay(problem, engine.solve(problem), case=case)]


def byte_me_strict_scene(text: str) -> tuple[int, int] | None:
    """The first data set where the dealer stops at a total equal to the best player's
    (at most 500, so the strict reader hits on), and the frame of that stop."""
    cases = len(get_engine("byte_me").parse(text).hands)
    for k in range(cases):
        for f in frames("byte_me", text, k):
            e = f["event"]
            if e and e["kind"] == "stop" and e["rule"] == 1 and e["from"] == f["state"]["target"] \
                    and e["from"] <= 500:
                return k, f["i"]
    return None


def byte_me_input(*, first_case_at_least: int = 2) -> tuple[str, tuple[int, int]]:
    """A random Byte Me! input whose first such data set is not among its first ones."""
    engine = get_engine("byte_me")
    for seed in range(1, 500):
        text = engine.random_input(seed, sets=6, players=3)
        scene = byte_me_strict_scene(text)
        if scene and scene[0] >= first_case_at_least:
            return text, scene
    raise AssertionError("no such input in 500 seeds")


# A deck (random_input's seed 2745) on which the right-most trick changes the output: about
# one deck in 1500 does (specs/the_game.md, rule 5), too rare to search for in a test.
THE_GAME_SEED = 2745


def the_game_departure(text: str, log: str) -> int:
    """The frame of the engine's first play that the program never makes (it puts that
    card on another row, or never plays it), from the program's logged plays."""
    theirs = {tuple(map(int, line.split())) for line in log.splitlines()}
    for f in frames("the_game", text):
        e = f["event"]
        if e and e["kind"] == "play" and (e["card"], e["row"]) not in theirs:
            return int(f["i"])
    raise AssertionError("the program made every play the engine made")


def the_game_input() -> str:
    return str(get_engine("the_game").random_input(THE_GAME_SEED))
