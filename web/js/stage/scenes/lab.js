// Scene for a lab game (a game whose rules a user wrote in the page): it knows no game, only
// the small drawing vocabulary of its state's `view` (title, piles of stones, rows of cards
// and tiles, a grid, scores, a note), laid out to fit the stage whatever subset and sizes the
// view has (lab/layout.js and lab/parts.js), and drawn with the kit's pieces (lab/pieces.js,
// lab/chrome.js).  What changed since the previous frame is outlined in yellow, and flashes
// and moves in the step's tween.  A state without a view shows its table, as the generic
// scene draws one.  The head says who moves and the value; the end has a banner.
import { PAL } from "../kit/index.js";
import { layout } from "./lab/layout.js";
import { drawBoard, drawCell, drawItem, drawPile } from "./lab/pieces.js";
import { drawFoot, drawHead, drawOver, drawScores, drawTable } from "./lab/chrome.js";

/** @typedef {import("../kit/kit.js").Kit} Kit */
/** @typedef {import("../types.js").Frame} Frame */

export { layout };

const FLOOR_DOT = "#24335e";

/**
 * The table's cloth: a dotted navy floor, painted once.
 * @param {Kit} g
 */
function floor(g) {
  g.layer("lab floor", (f) => {
    f.clear(PAL.navy);
    for (let y = 2; y < f.H; y += 6) for (let x = (y / 6) % 2 ? 3 : 0; x < f.W; x += 6) f.rect(x, y, 1, 1, FLOOR_DOT);
  });
}

/**
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
export function draw(g, frame, prev, t) {
  const plan = layout(g, frame, prev);
  const tween = prev && t < 1 ? t : 1;
  const flash = tween < 1 && !g.reduced && Math.floor(tween * 6) % 2 === 0;
  const over = Boolean(frame.state && frame.state.over);
  floor(g);
  drawHead(g, plan.head, over);
  drawScores(g, plan.scores, flash);
  if (plan.table) drawTable(g, plan.table, plan.body, flash);
  if (plan.grid) {
    drawBoard(g, plan.grid);
    for (const c of plan.grid.cells) drawCell(g, c, flash);
  }
  if (plan.piles) {
    for (const p of plan.piles.piles) drawPile(g, p, tween, flash);
    if (plan.piles.more) g.text(plan.piles.more.text, plan.piles.more.x, plan.piles.more.y, PAL.silver);
  }
  if (plan.rows) {
    for (const r of plan.rows.rows) {
      g.text(r.label, r.x, r.y, PAL.silver);
      for (const item of r.items) drawItem(g, item, tween, flash);
      if (r.more) g.text(r.more.text, r.more.x, r.more.y, PAL.silver);
    }
    if (plan.rows.more) g.text(plan.rows.more.text, plan.rows.more.x, plan.rows.more.y, PAL.silver);
  }
  if (plan.over) drawOver(g, plan.over);
  drawFoot(g, plan.foot);
}

/**
 * Square-wave notes: a click per move, a little tune at the end.
 * @param {Frame} frame
 * @returns {Array<[number, number]>}
 */
export function sounds(frame) {
  if (frame.state && frame.state.over) return [[523, 90], [659, 90], [784, 160]];
  return frame.event ? [[392 + (frame.i % 5) * 40, 50]] : [];
}
