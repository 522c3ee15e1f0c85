"""End-to-end: a game with no scene of its own is drawn by the generic scene.

* The built site's manifest says which games have a scene module; a game that
  has none (here: the_game, in a copy of the site whose manifest says so) is
  drawn by the generic scene: its state as a table, its move values, its
  narration, all readable through ``pixelJudge.textBoxes()``.
* The sixth-game proof: a scratch copy of the repository with only
  ``tests/toy_game/nim.py`` added under ``py_engines/games/`` builds a site
  whose picker offers nim, solves a nim input judge-exactly and steps through
  its frames with the generic scene.  Nothing else is edited.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest

import build
from conftest import (BOOT_TIMEOUT_MS, DIST, ROOT, boot, engine_frames, open_page, read, settle,
                      wait_js)

NIM = ROOT / "tests" / "toy_game" / "nim.py"


def serve(root: Path) -> tuple[Any, str]:
    server = build.make_server(root, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}/"


def solve_and_sweep(page: Any, game: str, text: str, most: int = 60) -> list[dict[str, Any]]:
    """Picks the game, types the input, solves, then visits the first `most` steps
    with the step-forward button; returns what the page shows at each step."""
    page.select_option("[data-testid=game]", game)
    wait_js(page, f"pixelJudge.state().game === {game!r} && pixelJudge.state().scene !== null")
    page.fill("[data-testid=input]", text)
    page.click("[data-testid=solve]")
    wait_js(page, "!pixelJudge.state().solving && pixelJudge.state().steps > 0")
    seen = []
    steps = page.evaluate("pixelJudge.state().steps")
    for k in range(min(steps, most)):
        if k:
            page.click("[data-testid=step-forward]")
            wait_js(page, f"pixelJudge.state().step === {k}")
            settle(page)
        seen.append(page.evaluate("""() => ({
          state: pixelJudge.state(), boxes: pixelJudge.textBoxes(),
          step: document.querySelector('[data-testid=step]').textContent,
          note: document.querySelector('[data-testid=narration]').textContent,
          canvas: document.querySelector('[data-testid=canvas]').toDataURL(),
        })"""))
    return seen


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


def assert_generic_steps(seen: list[dict[str, Any]], game: str) -> None:
    assert len(seen) >= 2, "the line has a single frame"
    for k, at in enumerate(seen):
        assert at["state"]["scene"] == "generic", at["state"]
        assert at["state"]["game"] == game and at["state"]["step"] == k
        assert at["step"] == f"{k} / {at['state']['steps'] - 1}"
        texts = [b["text"] for b in at["boxes"]]
        drawn = " ".join(texts)
        # The narration is drawn on the stage, word for word (wrapped on spaces).
        assert at["note"] and all(word in drawn for word in at["note"].split()[:4]), (at["note"], texts)
        for i, a in enumerate(at["boxes"]):
            assert 0 <= a["x"] and a["x"] + a["w"] <= 384 and 0 <= a["y"] and a["y"] + a["h"] <= 216, a
            for b in at["boxes"][i + 1:]:
                assert not overlap(a, b), (a, b)
    assert len({at["canvas"] for at in seen}) > 1, "every step looks the same"


@pytest.fixture(scope="module")
def sceneless_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site, with a manifest that says the_game has no scene."""
    root = tmp_path_factory.mktemp("sceneless") / "dist"
    shutil.copytree(DIST, root)
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    assert all(g["scene"] for g in manifest["games"]), "every shipped game has a scene"
    for g in manifest["games"]:
        g["scene"] = g["name"] != "the_game"
    (root / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    # The server prefers the build's compressed copies, which still hold the old manifest.
    for suffix in (".br", ".gz"):
        (root / f"manifest.json{suffix}").unlink(missing_ok=True)
    server, url = serve(root)
    yield url
    server.shutdown()
    server.server_close()


def test_a_game_without_a_scene_is_drawn_by_the_generic_scene(browser: Any, sceneless_site: str) -> None:
    context, page, watch = open_page(browser, sceneless_site)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        boot(page)
        seen = solve_and_sweep(page, "the_game", read("the_game", "sample-1.in"), most=6)
        assert_generic_steps(seen, "the_game")
        # The state table draws the frame's state: every card in hand is a cell.
        frames = engine_frames("the_game", "sample-1.in")
        for k, at in enumerate(seen):
            texts = {b["text"] for b in at["boxes"]}
            assert {str(c) for c in frames[k]["state"]["hand"]} <= texts, (k, texts)
        assert page.text_content("[data-testid=answer]") == (
            build.TEST_DATA / "the_game" / "sample-1.ans").read_text(encoding="utf-8")
        # Another game keeps its own scene.
        page.select_option("[data-testid=game]", "kalah")
        wait_js(page, "pixelJudge.state().scene === 'kalah'")
        assert not watch.errors, watch.errors
    finally:
        context.close()


SKIP_IN_COPY = shutil.ignore_patterns(".git", ".venv", "dist", "build", "node_modules", "__pycache__",
                                      ".pytest_cache", ".mypy_cache", ".ruff_cache", "*.egg-info")


@pytest.fixture(scope="module")
def sixth_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A scratch copy of the repository with nim.py dropped into py_engines/games/
    (and nothing else changed), built and served."""
    if not NIM.exists():
        pytest.fail(f"{NIM.relative_to(ROOT)} is missing")
    repo = tmp_path_factory.mktemp("sixth") / "repo"
    shutil.copytree(ROOT, repo, ignore=SKIP_IN_COPY)
    # Downloads the build needs, shared rather than fetched again: npm's packages and
    # the vendored wheels (the build checks their hashes); and the compressed copies,
    # a cache keyed by content (the C++ toolchain's alone take a minute to make).
    (repo / "web" / "node_modules").symlink_to(ROOT / "web" / "node_modules")
    for cache in ("vendor", "compressed"):
        if (ROOT / "build" / cache).exists():
            shutil.copytree(ROOT / "build" / cache, repo / "build" / cache)
    shutil.copy(NIM, repo / "py_engines" / "games" / "nim.py")
    env = {k: v for k, v in os.environ.items() if k != "PIXEL_JUDGE_DIST"}
    subprocess.run([sys.executable, str(repo / "build.py")], cwd=repo, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    server, url = serve(repo / "dist")
    yield repo, url
    server.shutdown()
    server.server_close()


def nim_case(repo: Path) -> tuple[str, str]:
    """A nim judge input and the answer the CLI of the scratch copy prints for it."""
    inputs = sorted(NIM.parent.rglob("*.in"))
    assert inputs, "the toy game ships judge files"
    text = inputs[0].read_text(encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "py_engines", "nim", str(inputs[0])], cwd=repo,
                         capture_output=True, text=True, check=True)
    judge = inputs[0].with_suffix(".ans")
    if judge.exists():
        assert cli.stdout == judge.read_text(encoding="utf-8")
    return text, cli.stdout


def test_a_sixth_game_is_one_module_and_the_page_offers_solves_and_plays_it(
        browser: Any, sixth_game: tuple[Path, str]) -> None:
    repo, url = sixth_game
    manifest = json.loads((repo / "dist" / "manifest.json").read_text(encoding="utf-8"))
    nim = next(g for g in manifest["games"] if g["name"] == "nim")
    assert nim["scene"] is False
    text, answer = nim_case(repo)
    context, page, watch = open_page(browser, url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    try:
        boot(page)
        options = page.eval_on_selector_all("[data-testid=game] option", "os => os.map(o => o.value)")
        assert "nim" in options and len(options) == len(manifest["games"])
        seen = solve_and_sweep(page, "nim", text)
        assert page.text_content("[data-testid=answer]") == answer
        assert_generic_steps(seen, "nim")
        # The move values the frames carry are drawn as badges ("label value").
        reply = page.evaluate("(t) => pixelJudge.solve('nim', t)", text)
        assert reply["ok"] and reply["answer"] == answer
        badges = 0
        # Not strict: `seen` holds only the steps solve_and_sweep visited (at most `most`).
        for frame, at in zip(reply["frames"], seen, strict=False):
            texts = {b["text"] for b in at["boxes"]}
            for v in (frame["values"] or [])[:2]:
                badge = f"{v['label']} {v['text']}"
                if len(badge) <= 40:
                    assert badge in texts, (badge, texts)
                    badges += 1
        assert badges, "no move value was drawn"
        assert not watch.errors, watch.errors
        assert not watch.foreign, watch.foreign
    finally:
        context.close()
