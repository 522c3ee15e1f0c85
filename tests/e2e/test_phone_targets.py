"""End-to-end: a 320 px wide phone.  Nothing scrolls sideways; every visible control
is a 44 x 44 CSS px target (WCAG 2.5.5); every control that takes keyboard focus
shows a focus ring.  Checked on the start page (each tool tab too) and after
solving a sample of each game; in the two-player games after playing a move of
one's own, so the move list, the variation and "back to the line" are there.

The one exception to 44 px is Sevens' 4 x 13 card picker: 13 columns cannot be
44 px wide in 320 px, and the textarea beside it is the equivalent control that
WCAG 2.5.5 allows ("the target is available through an equivalent link or control
... that is at least 44 by 44 CSS pixels"); its cards are still 44 px tall.

The focus ring is seen, not inferred from styles: Tab reaches each control, and
the band of pixels along its box's edge (6 px either side) must change between
focused and blurred (a ring clipped by an ancestor's overflow, or missing, changes
nothing there; a text caret is far too small to pass for one).
The shared booted page is resized to 320 x 700 and back.
"""
from __future__ import annotations

import json
import struct
import zlib
from typing import Any, Iterator

import pytest

from conftest import DIST, read, solve_ui, wait_js

PHONE = {"width": 320, "height": 700}
MIN = 44
RING_BAND = 6    # px either side of the box's edge where a ring (3 px, 2 px out or in) shows
# Sevens' card picker: the textarea is its equivalent control (module docstring).
EXCEPTION = ".tool-grid .tool-toggle"

MANIFEST = json.loads((DIST / "manifest.json").read_text())
GAMES = [g["name"] for g in MANIFEST["games"]]
TWO_PLAYER = {g["name"] for g in MANIFEST["games"] if g.get("interactive")}
TOOLS = ["check", "generate", "solution", "export", "lab"]
MANIFEST_SAMPLE = {g["name"]: g["samples"][0]["name"] for g in MANIFEST["games"]}

CONTROLS = "button, select, input, textarea, summary, a[href], [tabindex]:not([tabindex='-1'])"

# Every visible control's target box (a checkbox's is its label), and the page's width.
TARGETS_JS = """([sel, exception]) => {
  const out = [];
  for (const n of document.querySelectorAll(sel)) {
    const r = n.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(n).visibility === 'hidden') continue;
    const label = n.type === 'checkbox' && n.closest('label');
    const t = label ? label.getBoundingClientRect() : r;
    out.push({name: n.dataset.testid || n.id || `${n.tagName} ${n.textContent.trim().slice(0, 24)}`,
              w: t.width, h: t.height, exception: n.matches(exception)});
  }
  return {targets: out, width: document.scrollingElement.scrollWidth};
}"""

ACTIVE_JS = """() => {
  const n = document.activeElement;
  if (!n || n === document.body) return null;
  const r = n.getBoundingClientRect();
  window.__ringElement = n;
  n.__ringId = n.__ringId || (window.__ringSeq = (window.__ringSeq || 0) + 1);
  return {id: n.__ringId,
          key: n.dataset.testid || n.id || `${n.tagName} ${n.className} ${n.textContent.trim().slice(0, 24)}`,
          shadow: Boolean(n.shadowRoot), x: r.x, y: r.y, w: r.width, h: r.height};
}"""


@pytest.fixture()
def phone(app: Any) -> Iterator[Any]:
    app.set_viewport_size(PHONE)
    try:
        yield app
    finally:
        app.set_viewport_size({"width": 1300, "height": 900})


def sample_text(game: str) -> str:
    info = next(g for g in MANIFEST["games"] if g["name"] == game)
    return str(info["samples"][0]["text"])


def show_tool(page: Any, tool: str) -> None:
    page.click(f"[data-testid=tool-{tool}]")
    wait_js(page, f"document.querySelector('[data-testid=tool-{tool}]')"
                  ".getAttribute('aria-selected') === 'true'")


def open_state(page: Any, state: str) -> None:
    """The page as it opened (Check tab shown), or a solved sample of a game; in a
    two-player game, with a move of the user's own played."""
    if state == "start":
        show_tool(page, "check")
        return
    solve_ui(page, state, sample_text(state))
    assert page.text_content("[data-testid=answer]") == read(state, f"{MANIFEST_SAMPLE[state]}.ans")
    if state in TWO_PLAYER:
        page.click("[data-testid=move-list] button:not([disabled])")
        wait_js(page, "pixelJudge.state().analysis.length > 0 && !pixelJudge.state().solving")
        assert page.is_visible("[data-testid=back-to-line]")
        assert page.is_visible("[data-testid=variation]")


def small_targets(page: Any) -> tuple[list[str], int]:
    found = page.evaluate(TARGETS_JS, [CONTROLS, EXCEPTION])
    small = [f"{t['name']} {t['w']:.0f}x{t['h']:.0f}" for t in found["targets"]
             if (t["h"] < MIN if t["exception"] else t["w"] < MIN or t["h"] < MIN)]
    return small, found["width"]


@pytest.mark.parametrize("state", ["start", *GAMES])
def test_nothing_scrolls_sideways_and_every_target_is_44_px_at_320(phone: Any, state: str) -> None:
    open_state(phone, state)
    tools = TOOLS if state == "start" else ["check"]
    for tool in tools:
        show_tool(phone, tool)
        small, width = small_targets(phone)
        assert width <= PHONE["width"], f"{state}/{tool}: the page is {width} px wide"
        assert not small, f"{state}/{tool}: targets under {MIN} px: {small}"
    if state == "sevens":
        assert phone.locator(EXCEPTION).count() == 52   # the exception is the card picker only


def test_the_target_check_would_see_a_small_control(phone: Any) -> None:
    phone.evaluate("document.querySelector('[data-testid=first]').style.minHeight = '20px';"
                   "document.querySelector('[data-testid=first]').style.height = '20px'")
    try:
        small, _ = small_targets(phone)
        assert any(s.startswith("first ") for s in small)
    finally:
        phone.evaluate("document.querySelector('[data-testid=first]').style.cssText = ''")


# -- focus rings -------------------------------------------------------------------

def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Rows of RGB(A) bytes of a non-interlaced 8-bit PNG (what Chromium writes)."""
    pos, idat, width, height, channels = 8, b"", 0, 0, 4
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6) and body[12] == 0, "unexpected PNG format"
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, channels, rows


def ring_pixels(page: Any, box: dict[str, float]) -> tuple[int, int]:
    """How many pixels of the band around the focused element change when it is
    blurred, and how many the band has; the element is focused again after."""
    view = page.viewport_size
    x0, y0 = max(0, int(box["x"]) - RING_BAND), max(0, int(box["y"]) - RING_BAND)
    x1 = min(view["width"], int(box["x"] + box["w"]) + 1 + RING_BAND)
    y1 = min(view["height"], int(box["y"] + box["h"]) + 1 + RING_BAND)
    clip = {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}
    focused = png_pixels(page.screenshot(clip=clip, animations="disabled"))
    page.evaluate("window.__ringElement.blur()")
    plain = png_pixels(page.screenshot(clip=clip, animations="disabled"))
    page.evaluate("window.__ringElement.focus({preventScroll: true})")
    width, channels, rows = focused
    inside = (int(box["x"]) + RING_BAND - x0, int(box["y"]) + RING_BAND - y0,
              int(box["x"] + box["w"]) - RING_BAND - x0, int(box["y"] + box["h"]) - RING_BAND - y0)
    changed = band = 0
    for y, (a, b) in enumerate(zip(rows, plain[2], strict=True)):
        for x in range(width):
            if inside[0] <= x < inside[2] and inside[1] <= y < inside[3]:
                continue
            band += 1
            s = slice(x * channels, x * channels + 3)
            changed += a[s] != b[s]
    return changed, band


def focus_walk(page: Any, checked: set[str], limit: int = 250) -> list[str]:
    """Tabs through the page from the top to its end; returns the controls whose
    ring did not show (each kind of control checked once, by its name)."""
    # A click on the header's background puts Tab's starting point at the top.
    page.evaluate("document.activeElement && document.activeElement.blur(); scrollTo(0, 0)")
    page.mouse.click(2, 2)
    missing: list[str] = []
    walked: set[int] = set()
    for _ in range(limit):
        page.keyboard.press("Tab")
        info = page.evaluate(ACTIVE_JS)
        if info is None or info["id"] in walked:
            break
        walked.add(info["id"])
        if info["key"] in checked:
            continue
        checked.add(info["key"])
        changed, band = ring_pixels(page, info)
        # A 3 px ring around the box changes far more than a tenth of the band.
        if changed < band // 10:
            missing.append(f"{info['key']} ({changed}/{band} px changed)")
        if info["shadow"]:
            page.keyboard.press("Escape")   # the solution editor: Escape, then Tab moves on
    assert len(walked) > 20, f"Tab reached only {sorted(walked)}"
    return missing


@pytest.fixture(scope="module")
def rings_checked() -> set[str]:
    return set()


@pytest.mark.parametrize("state", ["start", *GAMES, *TOOLS[1:]])
def test_every_control_shows_a_focus_ring_at_320(phone: Any, state: str, rings_checked: set[str]) -> None:
    if state in TOOLS:
        show_tool(phone, state)
    else:
        open_state(phone, state)
    try:
        missing = focus_walk(phone, rings_checked)
    finally:
        show_tool(phone, "check")
    assert not missing, f"{state}: no visible focus ring on {missing}"


def test_the_ring_check_would_see_a_missing_ring(phone: Any) -> None:
    phone.focus("[data-testid=solve]")
    phone.keyboard.press("Shift+Tab")
    phone.keyboard.press("Tab")
    info = phone.evaluate(ACTIVE_JS)
    assert info["key"] == "solve"
    changed, band = ring_pixels(phone, info)
    assert changed >= band // 10
    phone.evaluate("window.__ringElement.style.outline = 'none'")
    try:
        changed, band = ring_pixels(phone, info)
        assert changed < band // 10
    finally:
        phone.evaluate("window.__ringElement.style.outline = ''")
