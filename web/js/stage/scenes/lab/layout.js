// A lab frame's whole picture, laid out without drawing: the head (title, who moves, the
// value), the scores, the body (piles, rows, grid; or the state's table without a view), the
// final banner and the note.  `layout` is pure (it only measures texts with the kit), so a
// test can check the places and the changed marks it gives.
import { signed } from "../../kit/index.js";
import { wrap } from "../../generic-scene.js";
import { clean, list, whole } from "./text.js";
import { gridSide, layoutGrid, layoutPiles, layoutRows, lineHeight, pilesHeight } from "./parts.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("../../types.js").Frame} Frame */
/** @typedef {import("./parts.js").Rect} Rect */
/** @typedef {{ name: string, value: number, changed: boolean, x: number, y: number, w: number, h: number }} ScorePlace */

/**
 * A view's parts as the scene draws them: users' texts cleaned, counts whole, bounded.
 * @typedef {Object} LabView
 * @property {string} title
 * @property {Array<{ label: string, count: number }>} piles
 * @property {Array<{ label: string, cards: string[] }>} rows
 * @property {string[][]} cells
 * @property {Array<[string, number]>} scores
 * @property {string} note
 */

/**
 * Everything the scene draws, and where.
 * @typedef {Object} Plan
 * @property {{ h: number, title: string, mover: string, value: string, line2: boolean }} head
 * @property {ScorePlace[]} scores
 * @property {ReturnType<typeof layoutPiles> | null} piles
 * @property {ReturnType<typeof layoutRows> | null} rows
 * @property {ReturnType<typeof layoutGrid> | null} grid
 * @property {Array<{ label: string, text: string, was: string | null }> | null} table  (no view)
 * @property {Rect} body
 * @property {{ y: number, sub: string } | null} over  the final banner
 * @property {{ y: number, h: number, lines: string[], lineH: number }} foot
 */

const M = 4;
const BANNER_H = 26;

/**
 * A view from a lab state (null when the state has none), bounded as Python bounds it.
 * @param {Kit} g
 * @param {any} view
 * @returns {LabView | null}
 */
export function readView(g, view) {
  if (!view || typeof view !== "object") return null;
  const grid = view.grid && typeof view.grid === "object" ? view.grid : {};
  const scores = view.scores && typeof view.scores === "object" && !Array.isArray(view.scores) ? view.scores : {};
  return {
    title: clean(g, view.title, 40),
    piles: list(view.piles).slice(0, 12).map((p) => ({ label: clean(g, p && /** @type {any} */ (p).label, 12),
      count: whole(p && /** @type {any} */ (p).count, 0, 1_000_000) })),
    rows: list(view.rows).slice(0, 6).map((r) => ({ label: clean(g, r && /** @type {any} */ (r).label, 12),
      cards: list(r && /** @type {any} */ (r).cards).slice(0, 20).map((c) => clean(g, c, 4)) })),
    cells: list(grid.cells).slice(0, 16).map((r) => list(r).slice(0, 16).map((c) => clean(g, c, 2).trim())),
    scores: Object.entries(scores).slice(0, 4).map(([name, v]) => [clean(g, name, 12), whole(v)]),
    note: clean(g, view.note, 80),
  };
}

/**
 * Who moves, as the frame names them (else the state's side: the maximiser or the minimiser).
 * @param {Kit} g
 * @param {Frame} frame
 */
function moverName(g, frame) {
  if (frame.to_move_msg) return clean(g, g.msg(frame.to_move_msg), 16);
  if (frame.to_move) return clean(g, frame.to_move, 16);
  return frame.state && frame.state.to_move === -1 ? g.t("ui.lab_scene.min") : g.t("ui.lab_scene.max");
}

/**
 * The head: the title at the left, who moves and the value at the right (under the title
 * when both do not fit one line).
 * @param {Kit} g
 * @param {Frame} frame
 * @param {LabView | null} view
 */
function layoutHead(g, frame, view) {
  const s = frame.state || {};
  const title = (view && view.title) || clean(g, s.title, 40) || g.t("ui.lab_scene.untitled");
  const mover = s.over ? g.t("ui.lab_scene.over") : g.t("ui.lab_scene.to_move", { player: moverName(g, frame) });
  const value = typeof s.value === "number" && Number.isFinite(s.value) ? g.t("ui.lab_scene.value", { value: signed(whole(s.value)) }) : "";
  const right = g.textWidth(mover) + (value ? 12 + g.textWidth(value) : 0);
  const line2 = g.textWidth(title) + 16 + right > g.W - 2 * M;
  const lh = lineHeight(g, [title, mover, value]);
  const h = (line2 ? 2 : 1) * (lh + 3) + 3;
  return { h, title, mover, value, line2 };
}

/**
 * The scores: badges in lines across the stage, under the head.
 * @param {Kit} g
 * @param {Array<[string, number]>} scores
 * @param {Array<[string, number]> | null} before
 * @param {number} top
 * @returns {{ places: ScorePlace[], h: number }}
 */
function layoutScores(g, scores, before, top) {
  if (!scores.length) return { places: [], h: 0 };
  const bh = lineHeight(g, scores.map(([name]) => name)) + 4;
  /** @type {ScorePlace[][]} */
  const lines = [[]];
  let x = 0;
  for (const [name, value] of scores) {
    const w = g.textWidth(`${name} ${value}`) + 10;
    if (x > 0 && x + w > g.W - 2 * M) {
      lines.push([]);
      x = 0;
    }
    const old = before ? before.find(([n]) => n === name) : undefined;
    lines[lines.length - 1].push({ name, value, changed: old !== undefined && old[1] !== value, x, y: 0, w, h: bh });
    x += w + 6;
  }
  const places = lines.flatMap((line, k) => {
    const span = line.reduce((n, p) => n + p.w, 0) + 6 * (line.length - 1);
    const left = Math.floor((g.W - span) / 2);
    return line.map((p) => ({ ...p, x: Math.max(M, left + p.x), y: top + k * (bh + 3) }));
  });
  return { places, h: lines.length * (bh + 3) };
}

/**
 * The foot: the view's note (else the narration), wrapped into at most two lines (three in a
 * CJK language), on a strip at the bottom.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {LabView | null} view
 */
function layoutFoot(g, frame, view) {
  const told = frame.msg ? g.msg(frame.msg) : frame.note;
  const text = view && view.note ? view.note : clean(g, told, 120);
  const lines = wrap(text, Math.floor((g.W - 2 * M) / 8), g.tall ? 3 : 2);
  const lineH = lineHeight(g, lines) + 3;
  const h = lines.length ? lines.length * lineH + 5 : 0;
  return { y: g.H - h, h, lines, lineH };
}

/**
 * The previous frame's view and table, when there is a previous frame.
 * @param {Kit} g
 * @param {Frame | null} prev
 */
function before(g, prev) {
  const s = prev && prev.state;
  return { view: s ? readView(g, s.view) : null, table: s && Array.isArray(s.table) ? s.table : null };
}

/**
 * The whole picture of a lab frame.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @returns {Plan}
 */
export function layout(g, frame, prev) {
  const s = frame.state || {};
  const view = readView(g, s.view);
  const old = before(g, prev);
  const head = layoutHead(g, frame, view);
  const scores = layoutScores(g, view ? view.scores : [], old.view ? old.view.scores : null, head.h + 3);
  const foot = layoutFoot(g, frame, view);
  const over = s.over ? { y: foot.y - BANNER_H - 6, sub: head.value } : null;
  const top = head.h + 3 + scores.h + 2;
  const body = { x: M, y: top, w: g.W - 2 * M, h: (over ? over.y - 2 : foot.y - 3) - top };
  /** @type {Plan} */
  const plan = { head, scores: scores.places, piles: null, rows: null, grid: null, table: null, body, over, foot };
  if (!view) {
    plan.table = list(s.table).map((pair, k) => {
      const p = list(pair);
      const was = old.table && Array.isArray(old.table[k]) ? clean(g, old.table[k][1], 60) : null;
      return { label: clean(g, p[0], 24), text: clean(g, p[1], 60), was };
    });
    return plan;
  }
  body.h = Math.max(0, body.h);
  let rest = body;
  const ov = old.view;
  if (view.cells.length) {
    const others = view.piles.length || view.rows.length;
    const cols = Math.max(1, ...view.cells.map((r) => r.length));
    const side = gridSide(view.cells.length, cols, body, others ? 0.45 : 1);
    const w = others ? side * cols : body.w;
    plan.grid = layoutGrid(g, view.cells, ov ? ov.cells : null, { ...body, w }, 20);
    rest = { x: body.x + w + 10, y: body.y, w: body.w - w - 10, h: body.h };
  }
  if (view.piles.length && view.rows.length) {
    const want = Math.min(pilesHeight(g, view.piles, rest.w), Math.floor(rest.h / 2));
    const rowsBox = { ...rest, y: rest.y + want + 6, h: rest.h - want - 6 };
    const rows = layoutRows(g, view.rows, ov ? ov.rows : null, rowsBox);
    const pilesH = rest.h - rows.h - 6;
    plan.piles = layoutPiles(g, view.piles, ov ? ov.piles : null, { ...rest, h: pilesH });
    plan.rows = shiftRows(rows, rest.y + pilesH + 6 - rowsBox.y);
  } else if (view.piles.length) {
    plan.piles = layoutPiles(g, view.piles, ov ? ov.piles : null, rest);
  } else if (view.rows.length) {
    const rows = layoutRows(g, view.rows, ov ? ov.rows : null, rest);
    // A few short rows sit in the middle of the body, not at its top.
    const down = Math.max(0, Math.floor((rest.h - rows.h) / 2));
    plan.rows = shiftRows(rows, down);
  }
  return plan;
}

/**
 * Rows laid out moved `dy` px down.
 * @param {ReturnType<typeof layoutRows>} rows
 * @param {number} dy
 * @returns {ReturnType<typeof layoutRows>}
 */
function shiftRows(rows, dy) {
  /** @template {{ y: number }} T @param {T} p @returns {T} */
  const down = (p) => ({ ...p, y: p.y + dy });
  return { ...rows, more: rows.more && down(rows.more),
    rows: rows.rows.map((r) => ({ ...down(r), items: r.items.map(down), more: r.more && down(r.more) })) };
}
