"""End-to-end: the stage draws every frame pixel for pixel as recorded.

The goldens (``tests/data/stage-goldens.json``, written only by
``tests/e2e/stage_golden.py`` on purpose) hold a digest of every view of every frame
the scenes draw: every sample of every game, a few more judge files, a user's line in
each two-player game, and the generic scene over every sample.  A change to the stage
(its kit, a scene, the renderer) that moves one pixel of one of them fails here,
naming the line, the frame and the view.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from stage_golden import GOLDENS, VIEWS, browser_version, lines, paint_line

LINES = list(lines())


@pytest.fixture(scope="module")
def goldens() -> dict[str, Any]:
    if not GOLDENS.exists():
        pytest.fail(f"{GOLDENS} is missing: write it with tests/e2e/stage_golden.py")
    data: dict[str, Any] = json.loads(GOLDENS.read_text(encoding="utf-8"))
    return data


def test_the_goldens_cover_every_line_and_view(goldens: dict[str, Any]) -> None:
    # A new sample (or view) needs goldens written on purpose, not a silent pass.
    assert goldens["views"] == VIEWS
    assert sorted(goldens["lines"]) == sorted(line.key for line in LINES)
    games = {line.game for line in LINES}
    assert games == {"byte_me", "house_of_cards", "kalah", "sevens", "the_game"}
    assert any("+" in line.key for line in LINES), "no user's line is drawn"
    for line in LINES:
        assert len(goldens["lines"][line.key]) == len(line.frames), line.key


def view_name(scene: str, frame: int, k: int) -> str:
    views = VIEWS[scene]["rest"] + (VIEWS[scene]["tween"] if frame else [])
    v = views[k]
    return f"t={v['t']} now={v['now']}{' reduced' if v['reduced'] else ''}"


@pytest.mark.parametrize("game", ["the_game", "kalah", "house_of_cards", "byte_me", "sevens"])
def test_every_frame_is_drawn_as_recorded(app: Any, goldens: dict[str, Any], game: str) -> None:
    changed: list[str] = []
    painted = 0
    browser = ""
    for line in (x for x in LINES if x.game == game):
        result = paint_line(app, line)
        assert not result["errors"], (line.key, result["errors"][:3])
        browser = browser_version(result["browser"])
        want = goldens["lines"][line.key]
        for k, (got, expected) in enumerate(zip(result["digests"], want, strict=True)):
            painted += len(got.split())
            # Not strict: a different count of views is asserted below, naming the line and frame.
            for v, (a, b) in enumerate(zip(got.split(), expected.split(), strict=False)):
                if a != b:
                    changed.append(f"{line.key} frame {k} ({view_name(line.scene, k, v)})")
            assert len(got.split()) == len(expected.split()), (line.key, k)
    assert painted > 100
    assert not changed, (
        f"{len(changed)} views differ from the goldens (recorded in {goldens['browser']}, "
        f"drawn in {browser}); if the change is meant, write them again with "
        "tests/e2e/stage_golden.py and look at the frames:\n" + "\n".join(changed[:40]))
