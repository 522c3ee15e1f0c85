"""End-to-end: the stage itself, at every size and on every frame.

* ``pixelJudge.textBoxes()`` lists the rectangle of every text the canvas
  shows; across every frame of every sample of every game no two texts
  overlap, none leaves the 384 x 216 stage, two texts on one line never run
  together, and every character is one the served pixel font has a glyph for
  (read from the font file's own cmap), on the canvas and in the narration.
* The stage keeps its 16:9 shape at every width from 320 to 1920 px, with no
  sideways scroll, and is drawn 1:1 on a 390 px phone so 3 x 5 digits read.
"""
from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, DIST, ROOT, boot, open_page, wait_js

FONT = ROOT / "web" / "node_modules" / "@fontsource" / "press-start-2p" / "files" / \
    "press-start-2p-latin-400-normal.woff"
STAGE_W, STAGE_H = 384, 216


def font_glyphs(path: Path) -> set[int]:
    """The code points a WOFF font maps to a glyph (its cmap, format 4)."""
    data = path.read_bytes()
    assert data[:4] == b"wOFF"
    tables = struct.unpack(">H", data[12:14])[0]
    for k in range(tables):
        tag, offset, size, full, _ = struct.unpack(">4sIIII", data[44 + 20 * k: 64 + 20 * k])
        if tag == b"cmap":
            raw = data[offset:offset + size]
            cmap = zlib.decompress(raw) if size < full else raw
            break
    else:
        raise AssertionError("the font has no cmap")
    covered: set[int] = set()
    for k in range(struct.unpack(">H", cmap[2:4])[0]):
        _, _, at = struct.unpack(">HHI", cmap[4 + 8 * k: 12 + 8 * k])
        if struct.unpack(">H", cmap[at:at + 2])[0] != 4:
            continue
        seg2 = struct.unpack(">H", cmap[at + 6:at + 8])[0]
        n = seg2 // 2
        ends = struct.unpack(f">{n}H", cmap[at + 14: at + 14 + seg2])
        starts = struct.unpack(f">{n}H", cmap[at + 16 + seg2: at + 16 + 2 * seg2])
        deltas = struct.unpack(f">{n}h", cmap[at + 16 + 2 * seg2: at + 16 + 3 * seg2])
        ranges_at = at + 16 + 3 * seg2
        ranges = struct.unpack(f">{n}H", cmap[ranges_at: ranges_at + seg2])
        for i in range(n):
            for c in range(starts[i], min(ends[i], 0xFFFE) + 1):
                if ranges[i]:
                    where = ranges_at + 2 * i + ranges[i] + 2 * (c - starts[i])
                    glyph = struct.unpack(">H", cmap[where:where + 2])[0]
                    glyph = (glyph + deltas[i]) & 0xFFFF if glyph else 0
                else:
                    glyph = (c + deltas[i]) & 0xFFFF
                if glyph:
                    covered.add(c)
    return covered


def test_font_reader_knows_the_font() -> None:
    glyphs = font_glyphs(FONT)
    assert all(ord(c) in glyphs for c in "AZaz09+-=:!?/.,")
    assert 0x2192 not in glyphs and 0x2212 not in glyphs     # "→" and "−" are not in it


# Every frame, in one evaluate per sample: pick the game, type the sample,
# solve, then for every case and step seek and read the boxes and narration.
SWEEP = """async ([game, text]) => {
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const sel = document.querySelector('[data-testid=game]');
  if (sel.value !== game) {
    sel.value = game; sel.dispatchEvent(new Event('change'));
    while (pixelJudge.state().game !== game) await wait(20);
    await wait(100);
  }
  const input = document.querySelector('[data-testid=input]');
  input.value = text; input.dispatchEvent(new Event('input'));
  document.querySelector('[data-testid=solve]').click();
  await wait(30);
  while (pixelJudge.state().solving) await wait(30);
  const out = [];
  const cases = document.querySelector('[data-testid=case]');
  const scrubber = document.querySelector('[data-testid=scrubber]');
  const narration = document.querySelector('[data-testid=narration]');
  for (let c = 0; c < Math.max(1, cases.options.length); c++) {
    if (c > 0) {
      cases.value = String(c); cases.dispatchEvent(new Event('change'));
      await wait(30);
      while (pixelJudge.state().solving || pixelJudge.state().case !== c) await wait(30);
    }
    for (let k = 0; k < pixelJudge.state().steps; k++) {
      scrubber.value = String(k); scrubber.dispatchEvent(new Event('input'));
      out.push({ c, k, boxes: pixelJudge.textBoxes(), note: narration.textContent });
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def still_page(browser: Any, site_url: str) -> Iterator[Any]:
    """A page with reduced motion: no tweens, and blinking texts always drawn."""
    context, page, _ = open_page(browser, site_url, reduced_motion="reduce")
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    boot(page)
    yield page
    context.close()


def samples() -> list[tuple[str, str, str]]:
    manifest = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    return [(g["name"], s["name"], s["text"]) for g in manifest["games"] for s in g["samples"]]


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


@pytest.mark.parametrize("game,name,text", samples(), ids=[f"{g}-{n}" for g, n, _ in samples()])
def test_texts_never_collide_leave_the_stage_or_miss_a_glyph(still_page: Any, game: str,
                                                              name: str, text: str) -> None:
    glyphs = font_glyphs(FONT)
    frames = still_page.evaluate(SWEEP, [game, text])
    assert frames, "the sample gave no frames"
    problems: list[str] = []
    for f in frames:
        where = f"case {f['c'] + 1} step {f['k']}"
        boxes = f["boxes"]
        assert boxes, f"{where}: no text at all on the stage"
        for i, a in enumerate(boxes):
            if a["x"] < 0 or a["y"] < 0 or a["x"] + a["w"] > STAGE_W or a["y"] + a["h"] > STAGE_H:
                problems.append(f"{where}: {a['text']!r} leaves the stage {a}")
            missing = sorted({c for c in a["text"] if ord(c) not in glyphs})
            if missing:
                problems.append(f"{where}: {a['text']!r} uses {missing}, not in the font")
            for b in boxes[i + 1:]:
                if overlap(a, b):
                    problems.append(f"{where}: {a['text']!r} {a} overlaps {b['text']!r} {b}")
            for b in boxes:
                if (b is not a and a["y"] == b["y"] and a["h"] == b["h"] and a["x"] + a["w"] == b["x"]
                        and not a["text"].endswith(" ") and not b["text"].startswith(" ")):
                    problems.append(f"{where}: {a['text']!r} runs into {b['text']!r}")
        missing = sorted({c for c in f["note"] if ord(c) not in glyphs})
        if missing:
            problems.append(f"{where}: narration {f['note']!r} uses {missing}, not in the font")
    assert not problems, "\n".join(sorted(set(problems))[:20])


def test_text_boxes_are_in_stage_pixels_and_follow_the_frame(still_page: Any) -> None:
    game, _, text = next(s for s in samples() if s[0] == "the_game")
    frames = still_page.evaluate(SWEEP, [game, text])
    first, last = frames[0]["boxes"], frames[-1]["boxes"]
    for box in first:
        assert set(box) == {"text", "x", "y", "w", "h"}
        assert all(isinstance(box[k], int) for k in "xywh")
    assert first != last
    # The last frame shows the verdict the engine reached, as text on the stage.
    assert any("LOST" in b["text"] or "BEATEN" in b["text"] for b in last)


WIDTHS = sorted({320, 360, 390, 414, 600, 768, 1024, 1100, 1280, 1366, 1920, *range(320, 1921, 80)})


def test_stage_is_16_9_at_every_width_with_no_sideways_scroll(still_page: Any) -> None:
    page = still_page
    sizes = {}
    try:
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            # The stage refits on a ResizeObserver callback: give it a few frames.
            wait_js(page, "new Promise((r) => requestAnimationFrame(() => "
                          "requestAnimationFrame(() => r(true))))")
            page.wait_for_timeout(100)
            box = page.evaluate("(() => { const r = document.querySelector('[data-testid=canvas]')"
                                ".getBoundingClientRect(); return {w: r.width, h: r.height,"
                                " left: r.left, right: r.right,"
                                " scroll: document.documentElement.scrollWidth}; })()")
            sizes[width] = box
            assert abs(box["w"] * 9 / 16 - box["h"]) <= 1, f"{width}px: stage {box['w']}x{box['h']}"
            assert box["left"] >= 0 and box["right"] <= width, f"{width}px: stage leaves the screen"
            assert box["scroll"] <= width, f"{width}px: the page scrolls sideways"
            if box["w"] >= STAGE_W:
                assert box["w"] % STAGE_W == 0, f"{width}px: {box['w']} px is not an integer scale"
    finally:
        page.set_viewport_size({"width": 1300, "height": 900})
    # On a 390 px phone the stage runs edge to edge and is drawn 1:1 (no pixel row
    # dropped by a smooth scale), so a 3 x 5 digit keeps its shape.
    assert sizes[390]["w"] == STAGE_W and sizes[414]["w"] == STAGE_W
    assert sizes[360]["w"] == 360
    assert sizes[1366]["w"] >= 2 * STAGE_W
