"""The stage's goldens: a digest of the 384 x 216 pixels of every frame the scenes draw.

For every sample of every game (every case), a few more judge files where the samples
are short, and one line with a user's move in each two-player game, every frame is
painted by the page's own renderer (``paint`` in headless Chromium, on a canvas of the
stage's logical size) in a few fixed views:

* at rest (t = 1) with the clock at 0 ms (every blink on), at 1250 ms (a mix of
  blinks off), and with reduced motion (as the GIF and PNG export draw it);
* in the tween into the frame, at t = 0.1, 0.3, 0.5, 0.6, 0.7 and 0.9 (frames after the first);
* and drawn by the generic scene (at rest, and at t = 0.1) for every sample frame.

Each view's digest is the first 12 hex digits of the SHA-256 of its RGBA pixels.
``tests/e2e/test_stage_golden.py`` holds the pictures to these digests; nothing in
the suite writes them.  When a picture is meant to change, rebuild and write them
again on purpose, then look at what changed:

    python3 build.py && .venv/bin/python tests/e2e/stage_golden.py [--png DIR KEY:FRAME ...]

``--png`` also saves the named frames (rest view) as PNGs, 384 x 216, to look at.
"""
from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any, Iterator, NamedTuple

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from buildsys.samples import samples  # noqa: E402
from py_engines.bridge import handle_request  # noqa: E402

GOLDENS = ROOT / "tests" / "data" / "stage-goldens.json"
# The page's modules the goldens are painted with (paths from the site's root).
RENDERER = "js/stage/renderer.js"
SCENE_LOADER = "js/stage/scene-loader.js"
GENERIC_SCENE = "js/stage/generic-scene.js"
WORDS = "js/i18n/i18n.js"

REST = [{"t": 1, "now": 0, "reduced": False}, {"t": 1, "now": 1250, "reduced": False},
        {"t": 1, "now": 0, "reduced": True}]
TWEEN = [{"t": t, "now": 0, "reduced": False} for t in (0.1, 0.3, 0.5, 0.6, 0.7, 0.9)]
GENERIC = [{"t": 1, "now": 0, "reduced": False}, {"t": 0.1, "now": 0, "reduced": False}]
VIEWS = {"scene": {"rest": REST, "tween": TWEEN}, "generic": {"rest": GENERIC[:1], "tween": GENERIC[1:]}}

# Judge files beyond the samples, where the samples show few frames or leave a branch
# of a scene undrawn (The Game's samples are both lost): name -> cases drawn.
EXTRA = {"house_of_cards": {"gen-h2-1": 5, "gen-h3-1": 6},
         "kalah": {"gen-rules-1": 3, "gen-r3-1": 6},
         "byte_me": {"gen-bm1-1": 12},
         "the_game": {"gen-001_won": 1}}


class Line(NamedTuple):
    """One line of frames to paint: `key` names it in the goldens."""
    key: str
    game: str
    scene: str            # "scene" (the game's own) or "generic"
    frames: list[dict[str, Any]]


def _reply(req: dict[str, Any]) -> dict[str, Any]:
    reply = handle_request(req)
    if not reply.get("ok"):
        raise AssertionError(f"{req['game']}: {reply.get('error')}")
    return reply


def _variation(frames: list[dict[str, Any]]) -> tuple[str, ...] | None:
    """A user's line: the main line's choices up to the first decision with two
    moves, then the last listed move that the main line does not play."""
    chosen: list[str] = []
    for k, frame in enumerate(frames[:-1]):
        values = frame.get("values") or []
        played = (frames[k + 1].get("event") or {}).get("move")
        if len(values) >= 2 and played is not None:
            other = [v["move"] for v in values if v["move"] != played]
            return (*chosen, other[-1])
        if values and played is not None:
            chosen.append(played)
    return None


def lines() -> Iterator[Line]:
    """Every line the goldens cover, in a fixed order."""
    for game in sorted(EXTRA.keys() | {"the_game", "sevens"}):
        sources = [(s["name"], s["text"], None) for s in samples(game)]
        sources += [(name, (build.TEST_DATA / game / f"{name}.in").read_text(encoding="utf-8"), most)
                    for name, most in EXTRA.get(game, {}).items()]
        for name, text, most in sources:
            solved = _reply({"cmd": "solve", "game": game, "text": text})
            cases = len(solved["cases"]) if most is None else min(most, len(solved["cases"]))
            for case in range(cases):
                frames = _reply({"cmd": "replay", "game": game, "text": text, "case": case})["frames"]
                yield Line(f"{game}/{name}#{case}", game, "scene", frames)
                if most is None:
                    yield Line(f"generic/{game}/{name}#{case}", game, "generic", frames)
        yield from _variations(game, sources)


def _variations(game: str, sources: list[tuple[str, str, int | None]]) -> Iterator[Line]:
    """The first source whose first case offers a choice, replayed with another move."""
    for name, text, _ in sources:
        first = _reply({"cmd": "replay", "game": game, "text": text, "case": 0})["frames"]
        moves = _variation(first)
        if moves is not None:
            frames = _reply({"cmd": "replay", "game": game, "text": text, "case": 0,
                             "moves": list(moves)})["frames"]
            yield Line(f"{game}/{name}#0+{','.join(moves)}", game, "scene", frames)
            return


# One evaluate per line: load the modules and the pixel font, then paint every frame in
# every view on a canvas of the stage's size, as the renderer's own canvas is made.
PAINT = """async ([paths, game, which, frames, views, png]) => {
  const { paint, WIDTH, HEIGHT } = await import(new URL(paths.renderer, document.baseURI).href);
  const { loadScene } = await import(new URL(paths.loader, document.baseURI).href);
  // The stage's words in the page's language (English: the goldens' browser speaks it).
  const { ready, stageWords: words } = await import(new URL(paths.words, document.baseURI).href);
  await ready();
  const scene = which === 'generic'
    ? await import(new URL(paths.generic, document.baseURI).href)
    : await loadScene({ name: game, scene: true });
  await Promise.all(['8px', '16px'].map((s) => document.fonts.load(`${s} "Press Start 2P"`)));
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH; canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d', { alpha: false });
  const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const out = []; const errors = []; const pngs = {};
  for (let k = 0; k < frames.length; k++) {
    const prev = k > 0 ? frames[k - 1] : null;
    const shown = prev ? [...views.rest, ...views.tween] : views.rest;
    const digests = [];
    for (const v of shown) {
      const view = { frame: frames[k], prev, t: v.t };
      const boxes = paint(ctx, scene, view, { now: v.now, reduced: v.reduced, words });
      if (boxes.some((b) => b.text === 'scene error')) errors.push(`frame ${k} t=${v.t}: ${boxes[1].text}`);
      const pixels = ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
      digests.push(hex(await crypto.subtle.digest('SHA-256', pixels)).slice(0, 12));
      if (v === views.rest[0] && png.includes(k)) pngs[k] = canvas.toDataURL('image/png');
    }
    out.push(digests.join(' '));
  }
  return { digests: out, errors, pngs, browser: navigator.userAgent };
}"""

PATHS = {"renderer": RENDERER, "loader": SCENE_LOADER, "generic": GENERIC_SCENE, "words": WORDS}


def paint_line(page: Any, line: Line, png: tuple[int, ...] = ()) -> dict[str, Any]:
    """The digests of every frame of `line` ({digests, errors, pngs, browser})."""
    result: dict[str, Any] = page.evaluate(PAINT, [PATHS, line.game, line.scene, line.frames,
                                                   VIEWS[line.scene], list(png)])
    return result


def browser_version(user_agent: str) -> str:
    return next((part for part in user_agent.split() if part.startswith(("Chrome/", "HeadlessChrome/"))),
                user_agent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--png", nargs="+", metavar="DIR KEY:FRAME",
                        help="also save these frames as PNGs in DIR, "
                             "e.g. --png /tmp/look kalah/spec-sample-2#0:5")
    args = parser.parse_args()
    wanted: dict[str, tuple[int, ...]] = {}
    out_dir = Path(args.png[0]) if args.png else None
    for spec in (args.png or [])[1:]:
        key, _, frame = spec.rpartition(":")
        wanted[key] = (*wanted.get(key, ()), int(frame))
    from playwright.sync_api import sync_playwright

    os.environ["PIXEL_JUDGE_QUIET"] = "1"

    if not (build.DIST / "manifest.json").exists():
        sys.exit(f"{build.DIST} is not built: run `python3 build.py` first")
    server = build.make_server(build.DIST, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    goldens: dict[str, Any] = {"about": __doc__.split("\n\n")[0], "views": VIEWS, "lines": {}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=build.CHROMIUM, args=build.CHROMIUM_FLAGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/")
            for line in lines():
                result = paint_line(page, line, wanted.get(line.key, ()))
                if result["errors"]:
                    sys.exit(f"{line.key}: the scene failed: {result['errors'][:3]}")
                goldens["browser"] = browser_version(result["browser"])
                goldens["lines"][line.key] = result["digests"]
                for k, url in result["pngs"].items():
                    assert out_dir is not None
                    out_dir.mkdir(parents=True, exist_ok=True)
                    name = f"{line.key.replace('/', '_').replace('#', '-')}-{k}.png"
                    (out_dir / name).write_bytes(base64.b64decode(url.split(",", 1)[1]))
                print(f"{line.key}: {len(result['digests'])} frames", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    GOLDENS.write_text(json.dumps(goldens, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {GOLDENS.relative_to(ROOT)}: {len(goldens['lines'])} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
