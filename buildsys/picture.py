"""The README's picture, made with the site's own export: `python3 -m buildsys.picture`.

Builds nothing: it serves the built dist/, solves a sample in headless Chromium, and saves
the export's GIF of the line's opening steps as web/media/readme.gif (not served: web/media
holds pictures for the docs)."""
from __future__ import annotations

import base64
import threading
import time
from pathlib import Path

from .config import CHROMIUM, CHROMIUM_FLAGS, DIST, WEB
from .serve import make_server

OUT = WEB / "media" / "readme.gif"
GAME, SAMPLE, STEPS = "the_game", "sample-1.in", 20


def main() -> None:
    from playwright.sync_api import sync_playwright

    server = make_server(DIST, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    text = (Path(__file__).resolve().parents[1] / "tests" / "data" / GAME / SAMPLE).read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1366, "height": 768})
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        page.evaluate("pixelJudge.ready")
        page.wait_for_timeout(500)
        page.select_option("[data-testid=game]", GAME)
        page.fill("[data-testid=input]", text)
        page.click("[data-testid=solve]")
        deadline = time.monotonic() + 60
        done = ("!pixelJudge.state().solving && pixelJudge.state().steps > 0"
                f" && pixelJudge.state().game === {GAME!r}")
        while not page.evaluate(done) and time.monotonic() < deadline:
            time.sleep(0.2)
        gif = page.evaluate("(to) => pixelJudge.exportGif({scale: 2, from: 0, to})", STEPS)
        OUT.parent.mkdir(exist_ok=True)
        OUT.write_bytes(base64.b64decode(gif["base64"]))
        browser.close()
    server.shutdown()
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes, {gif['frames']} frames, {gif['width']}x{gif['height']})")


if __name__ == "__main__":
    main()
