"""The embeddable player's figures for `python3 build.py bench` (also `--embed-only`).

- Bytes on the wire (brotli, as `serve` negotiates it) of what a cold load of embed.html asks
  for, in three parts: the embed's own files (embed.html, css/embed.css, js/embed.js, js/embed/,
  js/stage/status-scene.js), what it shares with the page (the stage and its kit, the scene, the
  engine client, the share-link codec, the key table, the font, the manifest), and the engine's
  runtime (the engine worker, Pyodide, the wheels).
- Its time to the first frame (navigation -> the first frame handed to the renderer, the
  `embed:first-frame` mark) for a cold visit (a new browser context) and for one where this
  browser already holds the page's memory snapshot (the context visited the page first, at the
  same origin: the embed boots from it), in alternated rounds.
"""
from __future__ import annotations

import base64
import json
import statistics
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROUNDS = 3
OWN = ("embed.html", "css/embed.css", "js/embed.js", "js/embed/", "js/stage/status-scene.js")
RUNTIME = ("js/engine/worker.js", "js/engine/pyodide-boot.js", "pyodide/", "wheels/")


def fragment(dist: Path) -> str:
    """The share-link fragment of the first game's first sample (case 0, step 0)."""
    game = next(g for g in json.loads((dist / "manifest.json").read_text())["games"] if g["samples"])
    text = game["samples"][0]["text"]
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode()) + packer.flush()
    encoded = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return f"#v=1&g={game['name']}&c=0&s=0&i={encoded}"


def wire_size(dist: Path, name: str) -> tuple[int, int]:
    """(bytes sent as brotli where the build wrote a copy, decoded bytes) of a served file."""
    plain = dist / name
    packed = plain.with_name(plain.name + ".br")
    return (packed if packed.is_file() else plain).stat().st_size, plain.stat().st_size


def part(name: str) -> str:
    if name.startswith(OWN):
        return "own"
    if name.startswith(RUNTIME):
        return "runtime"
    return "shared"


def first_frame(page: Any, url: str) -> tuple[float, str]:
    page.goto(url)
    page.evaluate("pixelJudge.ready")
    state = page.evaluate("pixelJudge.state()")
    if not state["steps"] or state["error"]:
        raise SystemExit(f"the embed showed no scene: {state}")
    mark = page.evaluate("performance.getEntriesByName('embed:first-frame')[0].startTime")
    return float(mark), str(state["boot"])


def embed_figures(browser: Any, url: str, dist: Path) -> dict[str, Any]:
    from conftest import wait_js   # tests/e2e on sys.path (bench.py puts it there)
    target = url + "embed.html" + fragment(dist)
    cold: list[float] = []
    warm: list[float] = []
    sizes: dict[str, dict[str, int]] = {}
    for run in range(ROUNDS + 1):   # one discarded round first
        context = browser.new_context()
        page = context.new_page()
        asked: list[str] = []
        page.on("request", lambda r, into=asked: into.append(r.url))
        took, _ = first_frame(page, target)
        if run:
            cold.append(took)
        if not sizes:
            for address in dict.fromkeys(asked):
                name = urlsplit(address).path.lstrip("/")
                if address.startswith(url) and (dist / name).is_file():
                    sent, raw = wire_size(dist, name)
                    entry = sizes.setdefault(part(name), {"files": 0, "wire": 0, "raw": 0})
                    entry["files"] += 1
                    entry["wire"] += sent
                    entry["raw"] += raw
        context.close()

        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        page.evaluate("pixelJudge.ready")
        wait_js(page, "pixelJudge.state().snapshot === 'stored'", 600_000)
        took, boot = first_frame(page, target)
        if boot != "snapshot":
            raise SystemExit(f"the embed booted '{boot}' beside a stored snapshot")
        if run:
            warm.append(took)
        context.close()
    return {"sizes": sizes, "cold_first_frame_ms": statistics.median(cold),
            "snapshot_first_frame_ms": statistics.median(warm), "runs": {"cold": cold, "snapshot": warm}}


def report_embed(figures: dict[str, Any]) -> None:
    print(f"\n== embed (embed.html: a cold load's files, brotli; first frame, median of {ROUNDS} rounds)")
    labels = {"own": "its own HTML, CSS and JS", "shared": "shared with the page",
              "runtime": "engine runtime"}
    for key in ("own", "shared", "runtime"):
        entry = figures["sizes"].get(key, {"files": 0, "wire": 0, "raw": 0})
        print(f"{labels[key]:26s} {entry['wire'] / 1e3:9.1f} kB on the wire   ({entry['files']} files, "
              f"{entry['raw'] / 1e3:.1f} kB decoded)")
    print(f"first frame, cold         {figures['cold_first_frame_ms']:8.0f} ms   "
          f"from the page's snapshot {figures['snapshot_first_frame_ms']:8.0f} ms")
    print("rounds (ms): " + "; ".join(f"{kind} " + " ".join(f"{v:.0f}" for v in values)
                                     for kind, values in figures["runs"].items()))
