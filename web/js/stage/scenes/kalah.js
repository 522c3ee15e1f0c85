// Scene for Kalah with swaps (SWERC 2008): a wooden board with the opponent's
// cups on top (a at the right), yours below (A at the left), your bowl at the
// right end and his at the left.  Everything drawn comes from the frame: the
// pits, locks and swaps from `state`, the sowing path, capture and swap from
// `event`, the move values from `values` / `state.choices`.  The board is in
// kalah/board.js, the texts around it in kalah/hud.js, a turn in motion in
// kalah/sowing.js; here, a frame at rest and the end.
import { PAL, banner, caption, ease } from "../kit/index.js";
import { BOT_Y, TOP_Y, WOOD, drawBoard, hole, outline, pitRect, stone } from "./kalah/board.js";
import { BOT_BADGE_Y, SIDE, TOP_BADGE_Y, drawChoices, eventCaption, hud, statusBar, tag, valueBadge, who }
  from "./kalah/hud.js";
import { drawSowTween } from "./kalah/sowing.js";

/** @typedef {import("../kit/kit.js").Kit} Kit */
/** @typedef {import("../types.js").Frame} Frame */

const SOW_KINDS = new Set(["sow", "extra", "capture", "swap"]);

/**
 * A frame at rest: the board after the event, what the event did, the choices.
 * @param {Kit} g
 * @param {Frame} frame
 */
function drawStatic(g, frame) {
  const s = frame.state;
  const ev = frame.event;
  const m = s.m;
  const blinkOn = g.blink(300);
  statusBar(g, s);
  hud(g, s, s.swaps, frame.values ? frame.to_move : s.turn, blinkOn);
  const greyRow = ev && ev.kind === "pass" ? ev.player : null;
  drawBoard(g, s, { greyRow });
  if (ev && SOW_KINDS.has(ev.kind)) {
    if (ev.kind === "capture") {
      outline(g, m, ev.capture.cup, PAL.red, 1, 1);
      outline(g, m, ev.capture.opposite, PAL.red, 1, 1);
      const b = pitRect(m, ev.capture.bowl);
      tag(g, b.x + b.w / 2, b.y + 22, `+${ev.capture.total}`, PAL.red);
    } else if (ev.kind === "swap") {
      for (const p of ev.swap.cups) outline(g, m, p, PAL.pink, 1, 1);
    } else {
      outline(g, m, ev.last, ev.kind === "extra" ? PAL.yellow : PAL.white, 1, 1);
      if (ev.swap && !ev.swap.done) for (const p of ev.swap.cups) if (p !== ev.last) outline(g, m, p, PAL.slate, 1, 1);
      if (ev.no_capture) {
        // The turn has passed to the other row, so this row's badge line is free.
        const r = pitRect(m, ev.no_capture.cup);
        valueBadge(g, r.x + r.w / 2, r.top ? TOP_BADGE_Y : BOT_BADGE_Y, g.t("ui.stage.kalah.no_capture"), { border: PAL.silver });
      }
    }
    if (ev.kind === "extra") {
      const b = pitRect(m, ev.last);
      if (!frame.values || blinkOn) tag(g, b.x + b.w / 2, b.y + 22, g.t("ui.stage.kalah.again"), PAL.yellow, { bg: PAL.plum });
    }
  }
  drawChoices(g, s, frame.values, { blinkOn });
  if (greyRow) {
    // Over the empty cups, clear of their counts.
    const y = greyRow === "You" ? BOT_Y + 8 : TOP_Y + 8;
    tag(g, 192, y, g.t("ui.stage.kalah.pass"), PAL.silver, { bg: PAL.black });
  }
  const [text, color] = eventCaption(g, frame);
  caption(g, text, color);
}

/**
 * The end: the two bowls grow to the middle with the final score, over an empty board.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
function drawEnd(g, frame, prev, t) {
  const s = frame.state;
  const m = s.m;
  const e = prev && t < 1 ? ease(t) : 1;
  statusBar(g, s, { over: true });
  const big = { left: { x: 20, y: 24, w: 96, h: 112 }, right: { x: 268, y: 24, w: 96, h: 112 } };
  /** @type {Array<[number, "left" | "right", string, number]>} */
  const pits = [[2 * m + 1, "left", "Opponent", s.score.opponent], [m, "right", "You", s.score.you]];
  // An empty mini board between the bowls: every cup is empty.
  const mini = 26;
  for (let slot = 0; slot < m; slot++) {
    const x = 192 + (slot - (m - 1) / 2) * mini - 10;
    g.rect(x, 52, 20, 14, WOOD.hole);
    g.text(s.labels[2 * m - slot], x + 10, 42, PAL.peach, { align: "center" });
    g.rect(x, 84, 20, 14, WOOD.hole);
    g.text(s.labels[slot], x + 10, 102, PAL.white, { align: "center" });
  }
  g.text(g.t("ui.stage.kalah.all_cups"), 192, g.tall ? 110 : 116, PAL.silver, { align: "center" });
  g.text(g.t("ui.stage.kalah.empty"), 192, g.tall ? 127 : 126, PAL.silver, { align: "center" });
  for (const [p, side, name, total] of pits) {
    const from = pitRect(m, p);
    const to = big[side];
    const r = {
      x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e,
      w: from.w + (to.w - from.w) * e, h: from.h + (to.h - from.h) * e,
    };
    g.rect(r.x + 3, r.y + 3, r.w, r.h, PAL.black);
    g.rect(r.x - 4, r.y - 4, r.w + 8, r.h + 8, WOOD.face);
    g.box(r.x - 4, r.y - 4, r.w + 8, r.h + 8, WOOD.edge, 2);
    hole(g, r);
    const color = SIDE[name];
    g.text(who(g, name), r.x + r.w / 2, r.y + 6, color, { align: "center" });
    const size = e > 0.5 ? 6 : 3;
    const per = e > 0.5 ? 5 : 4;
    const step = size + 3;
    for (let k = 0; k < total; k++) {
      const col = k % per;
      const row = Math.floor(k / per);
      stone(g, r.x + r.w / 2 - (per * step) / 2 + col * step + (row % 2), r.y + r.h - 44 - row * step, k, size);
    }
    g.text(String(total), r.x + r.w / 2, r.y + r.h - 24, PAL.white, { align: "center", size: e > 0.5 ? 16 : 8 });
  }
  if (e >= 1 && s.banner !== undefined) {
    const value = s.value;
    const color = value > 0 ? PAL.green : value < 0 ? PAL.red : PAL.white;
    banner(g, s.banner, color, { y: 146, sub: s.variation ? g.t("ui.stage.kalah.this_line", { value })
      : g.t("ui.stage.kalah.answer_line", { answer: s.answer.trim() }) });
  }
  caption(g, s.outcome === "win" ? g.t("ui.stage.kalah.you_win") : s.outcome === "loss" ? g.t("ui.stage.kalah.opponent_wins") : g.t("ui.stage.kalah.draw"),
    s.outcome === "win" ? PAL.green : s.outcome === "loss" ? PAL.red : PAL.white);
}

/**
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
export function draw(g, frame, prev, t) {
  g.clear(PAL.navy);
  const ev = frame.event;
  if (ev && ev.kind === "end") {
    drawEnd(g, frame, prev, t);
    return;
  }
  const moving = prev && t < 1 && ev;
  if (moving && SOW_KINDS.has(ev.kind)) {
    drawSowTween(g, frame, prev, t);
    return;
  }
  if (moving && ev.kind === "pass" && t < 0.5) {
    // The mover's side greys out before the turn goes over.
    const ps = prev.state;
    statusBar(g, ps);
    hud(g, ps, ps.swaps, null, false);
    drawBoard(g, ps, { greyRow: Math.floor(t * 8) % 2 ? ev.player : null });
    caption(g, g.t("ui.stage.kalah.no_stones", { player: who(g, ev.player) }), PAL.silver);
    return;
  }
  drawStatic(g, frame);
}

/**
 * Square-wave notes for a frame: [frequency Hz, duration ms] pairs.
 * @param {Frame} frame
 * @returns {Array<[number, number]>}
 */
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [];
  if (SOW_KINDS.has(ev.kind)) {
    /** @type {Array<[number, number]>} */
    const plips = ev.path.slice(0, 8).map((/** @type {number} */ p, /** @type {number} */ k) => [330 + k * 40 + p * 10, 25]);
    if (ev.kind === "extra") return [...plips, [523, 50], [784, 70]];
    if (ev.kind === "capture") return [...plips, [110, 60], [82, 90]];
    if (ev.kind === "swap") return [...plips, [600, 40], [400, 40], [700, 60]];
    return plips;
  }
  if (ev.kind === "pass") return [[196, 120], [147, 160]];
  if (ev.kind === "end") return [[523, 100], [659, 100], [784, 100], [1047, 180]];
  return [];
}
