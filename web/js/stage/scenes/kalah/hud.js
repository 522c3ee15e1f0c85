// Kalah's texts around the board: the status bar, the swaps left, the value
// badges of a decision, small tags, and the caption line for each event.
import { PAL, arrow, badge, barHeight, signed, strip } from "../../kit/index.js";
import { outline, pitRect, who } from "./board.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("../../types.js").Frame} Frame */
/** @typedef {import("../../types.js").MoveValue} MoveValue */

/** Each side's colour. @type {Record<string, string>} */
export const SIDE = { You: PAL.blue, Opponent: PAL.pink };
/** The badge line above the opponent's row. */
export const TOP_BADGE_Y = 32;
/** The badge line below your row. */
export const BOT_BADGE_Y = 167;
/** The badge line in the lane between the rows (the SWAP values). */
export const LANE_BADGE_Y = 99;

export { who };

/**
 * A move's value on a badge centred on cx: yellow for a best move, outlined
 * white for the move chosen.
 * @param {Kit} g
 * @param {number} cx
 * @param {number} y
 * @param {string} text
 * @param {{ best?: boolean, chosen?: boolean, border?: string | null }} [look]
 */
export function valueBadge(g, cx, y, text, { best = false, chosen = false, border = null } = {}) {
  const w = g.textWidth(text) + 5;
  if (g.textHeight(text) > 8) {
    // A CJK badge (18 px): over the top cups' rims, clear of the lines above; above the bottom
    // line; in the lane, whose cup letters sit closer to their cups.
    y = y === TOP_BADGE_Y ? y + 4 : y === BOT_BADGE_Y ? y - 6 : y === LANE_BADGE_Y ? 96 : y;
  }
  badge(g, Math.round(cx - w / 2), y, text, {
    w, drop: 1, ink: best ? PAL.navy : PAL.white, fill: best ? PAL.yellow : PAL.navy,
    border: chosen ? PAL.white : border || (best ? PAL.orange : PAL.slate),
  });
}

/**
 * A small outlined tag centred on cx, kept on the stage.
 * @param {Kit} g
 * @param {number} cx
 * @param {number} y
 * @param {string} text
 * @param {string} color
 * @param {{ bg?: string }} [look]
 */
export function tag(g, cx, y, text, color, { bg = PAL.black } = {}) {
  const w = g.textWidth(text) + 8;
  const x = Math.max(1, Math.min(g.W - w - 1, Math.round(cx - w / 2)));
  badge(g, x, y, text, { ink: color, fill: bg, border: color, h: 14, padX: 4, padY: 3 });
}

/**
 * The value badges of a decision: the cup's own value (or KEEP when a swap can
 * follow) outside the row, the SWAP value in the middle lane.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {MoveValue[] | null} values
 * @param {{ chosenMove?: string | null, blinkOn?: boolean }} [opts]
 */
export function drawChoices(g, s, values, { chosenMove = null, blinkOn = true } = {}) {
  if (!values || !s.choices) return;
  const m = s.m;
  const byMove = new Map(values.map((v) => [v.move, v]));
  /** @type {Map<number, { keep: MoveValue | undefined, swap: MoveValue | undefined, pair: number[] | null }>} */
  const cups = new Map();
  for (const c of s.choices) {
    const entry = cups.get(c.cup) || { keep: undefined, swap: undefined, pair: null };
    if (c.swap) { entry.swap = byMove.get(c.move); entry.pair = c.swap; } else entry.keep = byMove.get(c.move);
    cups.set(c.cup, entry);
  }
  for (const [cup, e] of cups) {
    const r = pitRect(m, cup);
    const cx = r.x + r.w / 2;
    if (blinkOn && !chosenMove) outline(g, m, cup, PAL.yellow, 1, 2);
    if (e.pair && (blinkOn || chosenMove)) for (const p of e.pair) outline(g, m, p, PAL.pink, 1, 4);
    const outer = r.top ? TOP_BADGE_Y : BOT_BADGE_Y;
    if (e.keep) {
      valueBadge(g, cx, outer, e.swap ? g.t("ui.stage.kalah.keep", { value: e.keep.text }) : e.keep.text,
        { best: e.keep.best, chosen: chosenMove === e.keep.move });
    }
    if (e.swap) {
      valueBadge(g, cx, LANE_BADGE_Y, g.t("ui.stage.kalah.swap_value", { value: e.swap.text }),
        { best: e.swap.best, chosen: chosenMove === e.swap.move, border: PAL.pink });
    }
  }
}

/**
 * Three pips: the swaps a side has left.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} left
 * @param {string} color
 */
function drawPips(g, x, y, left, color) {
  for (let k = 0; k < 3; k++) {
    const on = k < left;
    g.rect(x + k * 9 + 1, y + 1, 6, 6, PAL.black);
    g.rect(x + k * 9, y, 6, 6, on ? color : PAL.slate);
    if (on) g.rect(x + k * 9 + 1, y + 1, 2, 2, PAL.white);
  }
}

/**
 * The round, who moves, the score.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ over?: boolean }} [opts]
 */
export function statusBar(g, s, { over = false } = {}) {
  const y = g.tall ? 1 : 2;
  strip(g, 0, barHeight(g, 11), () => {
    g.text(g.t("ui.stage.kalah.round", { round: s.round }), 3, y, PAL.white);
    let mid = g.t("ui.stage.kalah.game_over");
    let color = PAL.yellow;
    if (!over && s.turn) {
      const you = s.turn === "You";
      mid = you ? g.t("ui.stage.kalah.your_move") : g.t("ui.stage.kalah.opp_to_move");
      color = SIDE[s.turn];
      if (s.passing) mid = you ? g.t("ui.stage.kalah.you_must_pass") : g.t("ui.stage.kalah.opp_must_pass");
    }
    g.text(mid, 168, y, color, { align: "center" });
    g.text(g.t("ui.stage.kalah.score", { you: s.score.you, opp: s.score.opponent }), g.W - 3, y, PAL.white, { align: "right" });
  });
}

/**
 * Each side's swaps left, a pointer at the side to move, and the position's value.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ you: number, opponent: number }} swaps
 * @param {string | null} toMove
 * @param {boolean} blinkOn
 */
export function hud(g, s, swaps, toMove, blinkOn) {
  // Opponent above the board at the left (his bowl's end), You below at the right.  A CJK
  // line (16 px) sits under the taller status bar and just over the board's foot.
  const top = g.tall ? 19 : 16;
  const foot = g.tall ? 180 : 184;
  const mid = g.tall ? 4 : 0;     // the pips and the pointer in the line's middle
  g.text(who(g, "Opponent"), 8, top, SIDE.Opponent);
  g.text(g.t("ui.stage.kalah.swaps"), 38, top, PAL.silver);
  drawPips(g, 80, top + mid, swaps.opponent, SIDE.Opponent);
  g.text(who(g, "You"), 350, foot, SIDE.You);
  g.text(g.t("ui.stage.kalah.swaps"), 255, foot, PAL.silver);
  drawPips(g, 298, foot + mid, swaps.you, SIDE.You);
  if (toMove && blinkOn) {
    // A small pointer beside the side to move.
    const [x, y] = toMove === "You" ? [340, foot + mid] : [0, top + mid];
    arrow(g, x + 3, y + 3, "right", PAL.yellow, { apex: 2 });
  }
  if (s.value !== undefined && s.value !== null) {
    g.text(g.t("ui.stage.kalah.value", { value: signed(s.value) }), g.W - 8, top, PAL.silver, { align: "right" });
  }
}

/**
 * The caption line for a frame at rest, and its colour.
 * @param {Kit} g
 * @param {Frame} frame
 * @returns {[string, string]}
 */
export function eventCaption(g, frame) {
  const ev = frame.event;
  const s = frame.state;
  if (!ev) return [g.t("ui.stage.kalah.opponent_first"), PAL.white];
  /** @param {number} p */
  const L = (p) => s.labels[p];
  if (ev.kind === "pass") return [ev.player === "You" ? g.t("ui.stage.kalah.you_pass") : g.t("ui.stage.kalah.opp_passes"), PAL.silver];
  if (ev.kind === "end") return [g.t("ui.stage.kalah.answer", { value: s.value }), PAL.white];
  const turn = g.t("ui.stage.kalah.turn", { player: who(g, ev.player), cup: L(ev.cup), stones: ev.stones, last: L(ev.last) });
  if (ev.kind === "extra") return [g.t("ui.stage.kalah.turn_again", { turn }), PAL.yellow];
  if (ev.kind === "capture") {
    const [a, b] = ev.capture.stones;
    return [g.t("ui.stage.kalah.turn_capture", { turn, a, b, total: ev.capture.total }), PAL.red];
  }
  if (ev.swap) {
    const pair = `${L(ev.swap.cups[0] < s.m ? ev.swap.cups[0] : ev.swap.cups[1])}<->${L(ev.swap.cups[0] < s.m ? ev.swap.cups[1] : ev.swap.cups[0])}`;
    if (ev.swap.done) return [g.t("ui.stage.kalah.turn_swap", { turn, pair }), PAL.pink];
    if (ev.swap.declined) return [g.t("ui.stage.kalah.turn_keeps", { turn }), PAL.white];
    return [g.t("ui.stage.kalah.turn_no_swap", { turn, reason: ev.swap.refused[0].toUpperCase() }), PAL.silver];
  }
  if (ev.no_capture) return [g.t("ui.stage.kalah.turn_no_capture", { turn }), PAL.silver];
  return [g.t("ui.stage.kalah.turn_ends", { turn }), PAL.white];
}
