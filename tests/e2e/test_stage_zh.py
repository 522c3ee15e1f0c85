"""End-to-end: the stage in Chinese (issue 24), on every frame of every sample.

The same sweep as ``test_stage.py`` in a browser whose language is zh-CN: every text the
canvas draws (``pixelJudge.textBoxes()``) comes from the Chinese catalogs, so across every
frame of every sample of every game no two texts overlap, none leaves the 384 x 216 stage,
every character is one a served face draws (Press Start 2P for ASCII, the subset of GNU
Unifont for the rest: read from the served font files' own cmaps), and no English word is
left on the stage but the players' names, the game's name and the judge's own words.
"""
from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, DATA, DIST, boot
from test_i18n_page import KEPT
from test_stage import FONT, STAGE_H, STAGE_W, SWEEP, font_glyphs, overlap, samples

CJK = re.compile(r"[\u4e00-\u9fff]")


def kept_words(game: str) -> set[str]:
    """Latin words the Chinese stage keeps, in lower case: names, and the judge's own words
    (its answers: "Byte me!", "HAND", "Draw"), which the stage quotes."""
    kept = {w.lower() for w in KEPT}
    for path in (DATA / game).glob("*.ans"):
        kept.update(w.lower() for w in re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8")))
    return kept


def english_words(texts: list[str], game: str) -> set[str]:
    """The Latin words of two letters or more in `texts` that the stage should have in Chinese."""
    kept = kept_words(game)
    return {w for text in texts for w in re.findall(r"[A-Za-z]{2,}", text) if w.lower() not in kept}


def served_cjk_glyphs() -> set[int]:
    """The code points the served CJK face (a WOFF2 file) maps to a glyph."""
    from fontTools.ttLib import TTFont
    return set(TTFont(DIST / "fonts" / "unifont-cjk.woff2").getBestCmap())


@pytest.fixture(scope="module")
def zh_still(browser: Any, site_url: str) -> Iterator[Any]:
    """A page in Chinese with reduced motion: no tweens, and blinking texts always drawn."""
    context = browser.new_context(viewport={"width": 1300, "height": 900}, locale="zh-CN",
                                  reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    boot(page)
    assert page.evaluate("pixelJudge.state().lang") == "zh-CN"
    yield page
    context.close()


@pytest.mark.parametrize("game,name,text", samples(), ids=[f"{g}-{n}" for g, n, _ in samples()])
def test_chinese_texts_never_collide_leave_the_stage_miss_a_glyph_or_stay_english(
        zh_still: Any, game: str, name: str, text: str) -> None:
    glyphs = font_glyphs(FONT) | served_cjk_glyphs()
    frames = zh_still.evaluate(SWEEP, [game, text])
    assert frames, "the sample gave no frames"
    problems: list[str] = []
    chinese = 0
    for f in frames:
        where = f"case {f['c'] + 1} step {f['k']}"
        boxes = f["boxes"]
        assert boxes, f"{where}: no text at all on the stage"
        chinese += sum(1 for b in boxes if CJK.search(b["text"]))
        for i, a in enumerate(boxes):
            if a["x"] < 0 or a["y"] < 0 or a["x"] + a["w"] > STAGE_W or a["y"] + a["h"] > STAGE_H:
                problems.append(f"{where}: {a['text']!r} leaves the stage {a}")
            missing = sorted({c for c in a["text"] if ord(c) not in glyphs})
            if missing:
                problems.append(f"{where}: {a['text']!r} uses {missing}, in no served face")
            for b in boxes[i + 1:]:
                if overlap(a, b):
                    problems.append(f"{where}: {a['text']!r} {a} overlaps {b['text']!r} {b}")
        left = english_words([b["text"] for b in boxes], game)
        if left:
            problems.append(f"{where}: English on the stage: {sorted(left)}")
        missing = sorted({c for c in f["note"] if ord(c) not in glyphs})
        if missing:
            problems.append(f"{where}: narration {f['note']!r} uses {missing}, in no served face")
    assert chinese, "no Chinese text on the stage in any frame"
    assert not problems, "\n".join(sorted(set(problems))[:30])
