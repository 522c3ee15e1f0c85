// The lab scene's frame around the game: the head strip (title, who moves, the value), the
// score badges, the final banner, the note strip at the foot, and, for a game without a
// view, the state's table drawn as the generic scene draws its rows.
import { PAL, banner, strip } from "../../kit/index.js";
import { drawRow } from "../../generic-scene.js";
import { cut } from "./text.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("./layout.js").Plan} Plan */

const M = 4;
const SCORE_INK = [PAL.blue, PAL.pink, PAL.green, PAL.orange];

/**
 * The head strip.
 * @param {Kit} g
 * @param {Plan["head"]} head
 * @param {boolean} over
 */
export function drawHead(g, head, over) {
  const lh = Math.max(8, g.textHeight(head.title), g.textHeight(head.mover), g.textHeight(head.value));
  // Not a panel: the title and the status stay texts of their own (the tests read them).
  g.rect(0, 0, g.W, head.h, PAL.black);
  {
    g.rect(0, head.h - 1, g.W, 1, PAL.slate);
    g.text(cut(g, head.title, g.W - 2 * M), M, 3, PAL.yellow);
    const y = head.line2 ? 3 + lh + 3 : 3;
    let right = g.W - M;
    if (head.value) {
      g.text(head.value, right, y, over ? PAL.green : PAL.silver, { align: "right" });
      right -= g.textWidth(head.value) + 12;
    }
    const mover = cut(g, head.mover, right - M);
    g.text(mover, right, y, over ? PAL.orange : PAL.white, { align: "right" });
    if (!over && head.value && g.blink(400)) g.rect(right + 5, y + Math.floor(lh / 2) - 1, 2, 2, PAL.yellow);
  }
}

/**
 * The score badges: the name in its player's colour and the number, outlined when it changed.
 * @param {Kit} g
 * @param {Plan["scores"]} scores
 * @param {boolean} flash
 */
export function drawScores(g, scores, flash) {
  scores.forEach((p, k) => {
    g.rect(p.x + 2, p.y + 2, p.w, p.h, PAL.black);
    g.rect(p.x, p.y, p.w, p.h, p.changed && flash ? PAL.plum : PAL.navy);
    g.box(p.x, p.y, p.w, p.h, p.changed ? PAL.yellow : PAL.lavender);
    const ty = p.y + Math.floor((p.h - g.textHeight(p.name)) / 2);
    g.text(p.name, p.x + 5, ty, SCORE_INK[k % SCORE_INK.length]);
    const value = String(p.value);
    g.text(value, p.x + p.w - 5, p.y + Math.floor((p.h - 8) / 2), p.changed ? PAL.yellow : PAL.white, { align: "right" });
  });
}

/**
 * The final banner: "GAME OVER" and the final value, on a plate above the foot.
 * @param {Kit} g
 * @param {NonNullable<Plan["over"]>} over
 */
export function drawOver(g, over) {
  const title = g.t("ui.lab_scene.game_over");
  const tall = g.textHeight(over.sub) > 8;
  banner(g, title, PAL.yellow, { y: over.y, h: 26, beside: over.sub ? 12 : null, sub: over.sub || null, subColor: PAL.green,
    titleY: 5, subY: tall ? 5 : 9, titleShadow: PAL.black, drop: 2, ...(over.sub ? {} : { h: 26 }) });
}

/**
 * The foot strip: the note (or the narration) in up to three lines.
 * @param {Kit} g
 * @param {Plan["foot"]} foot
 */
export function drawFoot(g, foot) {
  if (!foot.h) return;
  strip(g, foot.y, foot.h, () => {
    g.rect(0, foot.y, g.W, 1, PAL.slate);
    foot.lines.forEach((line, k) => g.text(line, M + 2, foot.y + 4 + k * foot.lineH, PAL.white));
  });
}

/**
 * A game without a view: its state's table, one row a line (label, then the text as a cell),
 * what changed outlined; "+N" when more rows than the body holds.
 * @param {Kit} g
 * @param {NonNullable<Plan["table"]>} table
 * @param {Plan["body"]} body
 * @param {boolean} flash
 */
export function drawTable(g, table, body, flash) {
  let y = body.y + 2;
  for (let k = 0; k < table.length; k++) {
    const r = table[k];
    const pitch = Math.max(13, g.textHeight(r.label) + 3, g.textHeight(r.text) + 4);
    const last = k === table.length - 1;
    if (y + pitch > body.y + body.h || (!last && y + pitch + 10 > body.y + body.h)) {
      g.text(`+${table.length - k}`, M + 2, y + 2, PAL.silver);
      return;
    }
    drawRow(g, { label: r.label, cells: [r.text], was: r.was === null ? null : [r.was] }, y, flash);
    y += pitch;
  }
}
