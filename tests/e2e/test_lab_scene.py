"""End-to-end: the lab scene (web/js/stage/scenes/lab.js) draws a lab game's view.

Synthetic lab frames (tests/e2e/lab_frames.py: every key of the view vocabulary, each at its
bounds, in combinations, users' Unicode, and no view at all) are painted by the page's own
renderer in the served page, at 390 x 844 and 1366 x 768, in English and in Chinese, and:

* every text drawn stays on the 384 x 216 stage and no two texts overlap
  (``paint``'s text boxes, as ``pixelJudge.textBoxes()`` gives them);
* every label (title, pile labels and counts, row labels, score names, the note's words, the
  table's labels) is drawn whole where the case fits (else "+N" stands for what does not);
* what changed since the previous frame (a pile's count, a card, a cell, a score) is marked by
  the scene's own layout (``layout``) and outlined in yellow on the canvas, and nothing else is;
* a character no served face draws becomes "?", and the scene never fails.

``LAB_STAGE_PNG=DIR`` also saves each case as the page shows it (the stage's canvas) to look at.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import BOOT_TIMEOUT_MS, boot
from lab_frames import CJK_LABEL, UNDRAWABLE, WHOLE, cases, example_cases, views

STAGE_W, STAGE_H = 384, 216
YELLOW = "#ffec27"
SIZES = {"phone": (390, 844), "laptop": (1366, 768)}

PAINT = """async ([cases, show]) => {
  const at = (p) => new URL(p, document.baseURI).href;
  const { paint, WIDTH, HEIGHT } = await import(at('js/stage/renderer.js'));
  const scene = await import(at('js/stage/scenes/lab.js'));
  const { makeKit } = await import(at('js/stage/kit/index.js'));
  const { ready, stageWords: words } = await import(at('js/i18n/i18n.js'));
  const lang = await ready();
  await Promise.all(['8px', '16px'].map((s) => document.fonts.load(`${s} "Press Start 2P"`)));
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH; canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d', { alpha: false });
  const hex = (x, y) => '#' + [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]
    .map((v) => v.toString(16).padStart(2, '0')).join('');
  const out = {};
  for (const [name, [prev, frame]] of cases) {
    const boxes = paint(ctx, scene, { frame, prev, t: 1 }, { words, now: 0, reduced: true });
    const plan = scene.layout(makeKit(ctx, { now: 0, reduced: true, words }, []), frame, prev);
    const marks = [];
    const mark = (kind, changed, x, y) => marks.push({ kind, changed, ink: hex(x, y) });
    for (const p of (plan.piles ? plan.piles.piles : [])) mark('pile', p.changed, p.x - 2, p.y - 2);
    for (const r of (plan.rows ? plan.rows.rows : [])) {
      for (const it of r.items) mark('card', it.changed, it.x - 1, it.y - 1);
    }
    for (const c of (plan.grid ? plan.grid.cells : [])) mark('cell', c.changed, c.x, c.y);
    for (const s of plan.scores) marks.push({ kind: 'score', changed: s.changed, ink: hex(s.x, s.y) });
    // The step's tween (a flash, a heap growing or shrinking, a card dropping in).
    const tween = [0.1, 0.5, 0.9].map((t) => paint(ctx, scene, { frame, prev, t },
      { words, now: 0, reduced: false }));
    out[name] = { boxes, marks, rows: plan.rows ? plan.rows.tier : null, tween };
    if (show) {
      const stage = document.querySelector('[data-testid=canvas]');
      const shown = stage.getContext('2d', { alpha: false });
      paint(shown, scene, { frame, prev, t: 1 }, { words, now: 0, reduced: true });
      out[name].shown = true;
    }
  }
  return { lang, out };
}"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
                and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


@pytest.fixture(scope="module", params=[(size, lang) for size in SIZES for lang in ("en", "zh-CN")],
                ids=[f"{size}-{lang}" for size in SIZES for lang in ("en", "zh-CN")])
def painted(request: pytest.FixtureRequest, browser: Any, site_url: str) -> Iterator[dict[str, Any]]:
    size, lang = request.param
    w, h = SIZES[size]
    context = browser.new_context(viewport={"width": w, "height": h}, locale=lang, reduced_motion="reduce",
                                  service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(site_url)
    page.set_default_timeout(BOOT_TIMEOUT_MS)
    boot(page)
    result: dict[str, Any] = page.evaluate(PAINT, [[[n, f] for n, f in cases() + example_cases()], False])
    assert result["lang"] == lang
    result["errors"] = errors
    shots = os.environ.get("LAB_STAGE_PNG")
    if shots:
        folder = Path(shots)
        folder.mkdir(parents=True, exist_ok=True)
        for name, frames in cases() + [c for c in example_cases() if c[0].endswith(("#0", "#1"))]:
            page.evaluate(PAINT, [[[name, frames]], True])
            page.locator("[data-testid=canvas]").screenshot(path=str(folder / f"{size}-{lang}-{name}.png"))
    yield result
    context.close()


def test_no_text_leaves_the_stage_or_overlaps_another(painted: dict[str, Any]) -> None:
    problems = []
    for name, drawn in painted["out"].items():
        boxes = drawn["boxes"]
        assert boxes, name
        for i, a in enumerate(boxes):
            if a["x"] < 0 or a["y"] < 0 or a["x"] + a["w"] > STAGE_W or a["y"] + a["h"] > STAGE_H:
                problems.append(f"{name}: {a['text']!r} leaves the stage {a}")
            if a["text"] == "scene error":
                problems.append(f"{name}: the scene failed: {[b['text'] for b in boxes]}")
            for b in boxes[i + 1:]:
                if overlap(a, b):
                    problems.append(f"{name}: {a['text']!r} {a} overlaps {b['text']!r} {b}")
    assert not problems, "\n".join(problems[:30])
    assert not painted["errors"], painted["errors"]


def test_the_tween_into_a_frame_draws_the_same_texts_within_the_stage(painted: dict[str, Any]) -> None:
    for name, drawn in painted["out"].items():
        for boxes in drawn["tween"]:
            assert "scene error" not in [b["text"] for b in boxes], (name, boxes[:3])
            assert sorted(b["text"] for b in boxes) == sorted(b["text"] for b in drawn["boxes"]), name
            assert all(0 <= b["x"] and b["x"] + b["w"] <= STAGE_W
                       and 0 <= b["y"] and b["y"] + b["h"] <= STAGE_H for b in boxes), name
            assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if overlap(a, b)], name


def labels(name: str, frames: list[dict[str, Any]]) -> list[str]:
    """The texts the frame's view (or table) asks to be drawn whole."""
    view = frames[1]["state"]["view"]
    if view is None:
        return [label for label, _ in frames[1]["state"]["table"] or []] + [frames[1]["state"]["title"]]
    found = [view.get("title", frames[1]["state"]["title"])]
    found += [p["label"] for p in view.get("piles", [])] + [str(p["count"]) for p in view.get("piles", [])]
    found += [r["label"] for r in view.get("rows", [])] + list(view.get("scores", {}))
    return found


def test_every_label_of_the_view_is_drawn_whole(painted: dict[str, Any]) -> None:
    for name, frames in cases():
        if name not in WHOLE:
            continue
        texts = [b["text"] for b in painted["out"][name]["boxes"]]
        missing = [label for label in labels(name, frames) if label not in texts]
        assert not missing, (name, missing, texts)
        note = (frames[1]["state"]["view"] or {}).get("note")
        if note:
            drawn = " ".join(texts)
            assert all(word in drawn for word in note.split()), (name, note, texts)


def test_every_frame_of_the_shipped_examples_draws_its_labels_and_who_moves(painted: dict[str, Any]) -> None:
    seen = 0
    for name, (_, frame) in example_cases():
        texts = [b["text"] for b in painted["out"][name]["boxes"]]
        view = frame["state"]["view"]
        assert view is not None, name
        wanted = [view.get("title", frame["state"]["title"])] + [p["label"] for p in view.get("piles", [])]
        wanted += [str(p["count"]) for p in view.get("piles", [])] + [r["label"] for r in view.get("rows", [])]
        wanted += list(view.get("scores", {})) + [str(v) for v in view.get("scores", {}).values()]
        wanted += [c for r in view.get("rows", []) for c in r["cards"]]
        assert not [w for w in wanted if w not in texts], (name, wanted, texts)
        # Who moves comes from the engine's message, in the page's language (never its id).
        assert not [t for t in texts if "lab." in t], (name, texts)
        seen += 1
    assert seen >= 30, seen


def test_a_case_too_big_for_the_stage_says_what_it_left_out(painted: dict[str, Any]) -> None:
    for name in ("everything-max", "no-view-long"):
        texts = [b["text"] for b in painted["out"][name]["boxes"]]
        assert any(t.startswith("+") and t[1:].isdigit() for t in texts), (name, texts)
    # The title and the score names still come whole.
    texts = [b["text"] for b in painted["out"]["everything-max"]["boxes"]]
    view = views()["everything-max"]
    assert view is not None and view["title"] in texts and all(name in texts for name in view["scores"])


def test_what_changed_is_outlined_in_yellow_and_nothing_else(painted: dict[str, Any]) -> None:
    kinds: set[str] = set()
    for name, drawn in painted["out"].items():
        for mark in drawn["marks"]:
            if mark["changed"]:
                kinds.add(mark["kind"])
                assert mark["ink"] == YELLOW, (name, mark)
            else:
                assert mark["ink"] != YELLOW, (name, mark)
        changed = [m for m in drawn["marks"] if m["changed"]]
        # lab_frames.changed() changes one pile, one card, one cell and one score.
        if name in {"piles-3", "piles-12", "rows-6x20", "grid-3", "grid-16", "scores-4"}:
            assert len(changed) == 1, (name, changed)
    assert kinds == {"pile", "card", "cell", "score"}, kinds


def test_users_unicode_draws_what_a_face_has_and_a_stand_in_for_the_rest(painted: dict[str, Any]) -> None:
    texts = [b["text"] for b in painted["out"]["unicode"]["boxes"]]
    drawn = "".join(texts)
    assert not set(UNDRAWABLE) & set(drawn), texts
    assert "X???" in texts, texts
    if painted["lang"] == "zh-CN":
        # The CJK face is loaded with Chinese, and it has these characters.
        assert CJK_LABEL in texts, texts
        short = views()["cjk-short"]
        assert short is not None
        drawn_short = [b["text"] for b in painted["out"]["cjk-short"]["boxes"]]
        assert {short["title"], *(p["label"] for p in short["piles"]), short["rows"][0]["label"],
                *short["scores"]} <= set(drawn_short), drawn_short
    else:
        assert CJK_LABEL not in drawn and "??" in texts, texts


def test_a_view_no_check_would_pass_still_draws_what_it_can(painted: dict[str, Any]) -> None:
    texts = [b["text"] for b in painted["out"]["junk"]["boxes"]]
    # The title 5, the first pile's label (none: "") and count ("7" is no number: 0), the grid's 1.
    assert {"5", "0", "1"} <= set(texts), texts
    assert not painted["errors"], painted["errors"]   # a scene that throws logs its error


def test_the_cards_shrink_to_fit_six_rows_of_twenty(painted: dict[str, Any]) -> None:
    assert painted["out"]["rows-6x20"]["rows"] == "small"
    assert painted["out"]["piles-rows"]["rows"] in {"big", "mid"}
