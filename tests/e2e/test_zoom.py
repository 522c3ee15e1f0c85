"""End-to-end: tap to zoom.  On a phone the 384 x 216 stage is shown about 1:1,
so 3 x 5 rank digits are under 5 CSS px tall; a tap magnifies the stage 2x
around the tapped point inside its own box, and another tap puts it back.  Where
the stage is already drawn at 2x or more (a desktop), a tap does nothing."""
from __future__ import annotations

from typing import Any

from conftest import read, solve_ui, wait_js

CANVAS = "[data-testid=canvas]"


def canvas_box(page: Any) -> dict[str, float]:
    return page.evaluate("(() => { const c = document.querySelector('[data-testid=canvas]');"
                         " const r = c.getBoundingClientRect(), s = c.parentElement.getBoundingClientRect();"
                         " return {x: r.x, y: r.y, w: r.width, h: r.height, sw: s.width, sh: s.height,"
                         " scroll: document.documentElement.scrollWidth}; })()")


def pixel_under(page: Any, x: float, y: float) -> list[int] | None:
    """Which element the point hits and where it falls on the stage, in stage pixels."""
    return page.evaluate("([x, y]) => { const c = document.querySelector('[data-testid=canvas]');"
                         " const r = c.getBoundingClientRect();"
                         " return document.elementFromPoint(x, y) === c"
                         " ? [Math.floor((x - r.x) * 384 / r.width), Math.floor((y - r.y) * 216 / r.height)]"
                         " : null; }", [x, y])


def test_a_tap_zooms_the_phone_stage_around_the_tapped_point(app: Any) -> None:
    page = app
    solve_ui(page, "sevens", read("sevens", "sample-1.in"))
    try:
        page.set_viewport_size({"width": 390, "height": 844})
        wait_js(page, "document.querySelector('[data-testid=canvas]').offsetWidth < 400")
        page.locator(CANVAS).scroll_into_view_if_needed()
        assert page.is_visible("[data-testid=zoom-hint]")
        before = canvas_box(page)
        assert before["w"] < 2 * 384
        # Tap over Alice's hand (the bottom row of 3 x 5 digits), left of centre.
        x, y = before["x"] + before["w"] * 0.3, before["y"] + before["h"] * 0.92
        under = pixel_under(page, x, y)
        page.mouse.click(x, y)
        wait_js(page, "pixelJudge.state().zoom === 2")
        zoomed = canvas_box(page)
        assert abs(zoomed["w"] - 2 * before["w"]) <= 1 and abs(zoomed["h"] - 2 * before["h"]) <= 1
        # The tapped point of the stage stays under the finger ...
        after = pixel_under(page, x, y)
        assert after is not None and abs(after[0] - under[0]) <= 1 and abs(after[1] - under[1]) <= 1
        # ... and the stage's box, the page's width and the layout do not move.
        assert (zoomed["sw"], zoomed["sh"]) == (before["sw"], before["sh"])
        assert zoomed["scroll"] <= 390
        assert "zoom out" in page.text_content("[data-testid=zoom-hint]")
        page.mouse.click(x, y)
        wait_js(page, "pixelJudge.state().zoom === 1")
        assert abs(canvas_box(page)["w"] - before["w"]) <= 1
        assert "zoom in" in page.text_content("[data-testid=zoom-hint]")
    finally:
        page.set_viewport_size({"width": 1300, "height": 900})
    # A desktop stage is drawn at 2x or more already: a click leaves it as it is.
    wait_js(page, "document.querySelector('[data-testid=canvas]').offsetWidth >= 768")
    page.locator(CANVAS).scroll_into_view_if_needed()
    big = canvas_box(page)
    page.click(CANVAS)
    assert page.evaluate("pixelJudge.state().zoom") == 1
    assert canvas_box(page)["w"] == big["w"]
    assert not page.is_visible("[data-testid=zoom-hint]")
