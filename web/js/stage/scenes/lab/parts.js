// Where a lab view's parts go, without drawing: the piles, the rows of cards and tiles, the
// grid, each laid out in a box of the stage so that nothing overlaps and nothing leaves it.
// A part that has more than its box holds shrinks (smaller cards, smaller cells, shorter
// stacks), then wraps, and last shows what fits and "+N" for the rest.  Every place says
// whether it changed since the previous frame (`changed`), which the scene outlines.
import { FONT_3X5 } from "../../kit/index.js";
import { cardOf, cut } from "./text.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {{ x: number, y: number, w: number, h: number }} Rect */
/** A text left over: "+N" where more items were than the box holds. @typedef {{ text: string, x: number, y: number }} More */
/**
 * @typedef {Object} PilePlace
 * @property {string} label
 * @property {number} count
 * @property {number | null} was  the count in the previous frame (null: no pile there)
 * @property {boolean} changed
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 * @property {number} labelY  the label's top
 * @property {number} stackTop  the highest a stone may reach
 * @property {number} stackBottom  the pile's floor
 */
/**
 * @typedef {Object} ItemPlace  a card ("H7") or a tile (any other string) of a row
 * @property {string} text
 * @property {{ suit: "S" | "H" | "D" | "C", rank: number } | null} card
 * @property {boolean} changed
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 */
/** @typedef {{ label: string, x: number, y: number, items: ItemPlace[], more: More | null }} RowPlace */
/** @typedef {{ text: string, changed: boolean, x: number, y: number, s: number, size: "big" | "tiny" | null }} CellPlace */

/** The card sizes, largest first: a Sevens track card, a hand card, a small card. */
export const TIERS = [{ w: 19, h: 24, name: "big" }, { w: 13, h: 20, name: "mid" }, { w: 9, h: 14, name: "small" }];
const PILE_GAP = 8;
const PILE_ROW_GAP = 6;
const ROW_GAP = 3;
const ITEM_GAP = 2;
const MAX_PILE_H = 76;
const MIN_STACK = 10;

/**
 * How tall a line of these texts is (8 px, or 16 with CJK in one).
 * @param {Kit} g
 * @param {string[]} texts
 */
export function lineHeight(g, texts) {
  return Math.max(8, ...texts.map((text) => g.textHeight(text)));
}

/**
 * @template T
 * @param {T[]} xs
 * @param {(x: T) => number} f
 */
const sum = (xs, f) => xs.reduce((n, x) => n + f(x), 0);

/**
 * The piles in `box`: one row of stacks when their labels fit side by side, else a grid of
 * them; the count over each stack, the label under it.
 * @param {Kit} g
 * @param {Array<{ label: string, count: number }>} given
 * @param {Array<{ label: string, count: number }> | null} before  the previous frame's piles
 * @param {Rect} box
 * @returns {{ piles: PilePlace[], more: More | null, h: number }}
 */
export function layoutPiles(g, given, before, box) {
  // A label wider than the box (CJK, in a narrow column) is cut to it.
  const piles = given.map((p) => ({ ...p, label: cut(g, p.label, box.w) }));
  const n = piles.length;
  const lh = lineHeight(g, piles.map((p) => p.label));
  /** @param {{ label: string, count: number }} p */
  const width = (p) => Math.max(g.textWidth(p.label), g.textWidth(String(p.count)), 22);
  const colW = Math.max(0, ...piles.map(width));
  const row = sum(piles, width) + PILE_GAP * (n - 1) <= box.w;
  const cols = row ? n : Math.max(1, Math.floor((box.w + PILE_GAP) / (colW + PILE_GAP)));
  const minH = pileMinHeight(lh);
  let rows = Math.ceil(n / cols);
  let shown = n;
  const fit = Math.max(1, Math.floor((box.h + PILE_ROW_GAP) / (minH + PILE_ROW_GAP)));
  if (rows > fit) {
    rows = fit;
    shown = Math.max(0, rows * cols - 1);
  }
  const cellH = Math.max(minH, Math.min(MAX_PILE_H, Math.floor((box.h - PILE_ROW_GAP * (rows - 1)) / rows)));
  const h = rows * cellH + PILE_ROW_GAP * (rows - 1);
  const top = box.y + Math.max(0, Math.floor((box.h - h) / 2));
  // A few piles side by side get roomy places (bigger stones), up to 64 px each.
  const roomy = Math.min(64, Math.floor((box.w - PILE_GAP * (n - 1)) / Math.max(1, n)));
  const widths = row ? piles.map((p) => Math.max(width(p), roomy)) : piles.map(() => colW);
  /** @type {PilePlace[]} */
  const out = [];
  /** @type {More | null} */
  let more = null;
  for (let r = 0; r < rows; r++) {
    const slots = Math.min(cols, n - r * cols);
    const span = sum(widths.slice(r * cols, r * cols + slots), (w) => w) + PILE_GAP * (slots - 1);
    let x = box.x + Math.floor((box.w - span) / 2);
    const y = top + r * (cellH + PILE_ROW_GAP);
    for (let k = 0; k < slots; k++) {
      const i = r * cols + k;
      if (i >= shown) {
        more = { text: `+${n - shown}`, x, y: y + Math.floor((cellH - 8) / 2) };
        break;
      }
      const p = piles[i];
      const old = before && i < before.length ? before[i].count : null;
      out.push({ label: p.label, count: p.count, was: old, changed: old !== null && old !== p.count,
        x, y, w: widths[i], h: cellH, labelY: y + cellH - lh, stackTop: y + 11, stackBottom: y + cellH - lh - 3 });
      x += widths[i] + PILE_GAP;
    }
  }
  return { piles: out, more, h };
}

/** @param {number} lh  the labels' line height */
function pileMinHeight(lh) { return 8 + 3 + MIN_STACK + 3 + lh; }

/**
 * How tall the piles want to be in a box `w` wide (at their smallest stacks), for sharing a
 * column with rows.
 * @param {Kit} g
 * @param {Array<{ label: string, count: number }>} piles
 * @param {number} w
 */
export function pilesHeight(g, piles, w) {
  const probe = layoutPiles(g, piles, null, { x: 0, y: 0, w, h: 1000 });
  const rows = new Set(probe.piles.map((p) => p.y)).size;
  return rows * pileMinHeight(lineHeight(g, piles.map((p) => p.label))) + PILE_ROW_GAP * (rows - 1) + 16;
}

/**
 * Items laid left to right in lines `aw` wide, at most `most` lines; "+N" at the end of the
 * last line for those left out.
 * @param {Kit} g
 * @param {number[]} widths
 * @param {number} aw
 * @param {number} most
 * @returns {{ at: Array<{ x: number, line: number }>, lines: number, more: { n: number, x: number, line: number } | null }}
 */
function flow(g, widths, aw, most) {
  /** @type {Array<{ x: number, line: number }>} */
  const at = [];
  let x = 0;
  let line = 0;
  for (const w of widths) {
    if (x > 0 && x + w > aw) {
      line += 1;
      x = 0;
    }
    if (line >= most || w > aw) break;
    at.push({ x, line });
    x += w + ITEM_GAP;
  }
  /** @type {{ n: number, x: number, line: number } | null} */
  let more = null;
  if (at.length < widths.length) {
    const room = () => g.textWidth(`+${widths.length - at.length}`) + ITEM_GAP;
    while (at.length && at[at.length - 1].x + widths[at.length - 1] + ITEM_GAP + room() > aw) at.pop();
    const last = at[at.length - 1];
    more = { n: widths.length - at.length, x: last ? last.x + widths[at.length - 1] + ITEM_GAP : 0, line: last ? last.line : 0 };
  }
  const lines = at.length ? at[at.length - 1].line + 1 : 1;
  return { at, lines, more };
}

/**
 * The rows in `box`: each row's label at its left (or above it, for long labels), its cards
 * and tiles after it, wrapping; the largest card size with which every row fits.
 * @param {Kit} g
 * @param {Array<{ label: string, cards: string[] }>} given
 * @param {Array<{ label: string, cards: string[] }> | null} before
 * @param {Rect} box
 * @returns {{ rows: RowPlace[], more: More | null, h: number, tier: string }}
 */
export function layoutRows(g, given, before, box) {
  const rows = given.map((r) => ({ ...r, label: cut(g, r.label, box.w) }));
  const lh = lineHeight(g, rows.map((r) => r.label));
  const labelW = Math.max(0, ...rows.map((r) => g.textWidth(r.label))) + 6;
  const side = labelW <= Math.min(110, box.w * 0.34);
  const aw = side ? box.w - labelW : box.w;
  const tileH = lineHeight(g, rows.flatMap((r) => r.cards.filter((c) => !cardOf(c)))) + 4;
  for (let k = 0; k < TIERS.length; k++) {
    const last = k === TIERS.length - 1;
    const tier = TIERS[k];
    const ih = Math.max(tier.h, tileH);
    /** @param {string} c */
    const itemW = (c) => (cardOf(c) ? tier.w : Math.max(tier.w, g.textWidth(c) + 6));
    const rowH = (/** @type {number} */ lines) => Math.max(side ? lh : 0, lines * (ih + ITEM_GAP) - ITEM_GAP) + (side ? 0 : lh + 2);
    const flows = rows.map((r) => flow(g, r.cards.map(itemW), aw, 99));
    const total = sum(flows, (f) => rowH(f.lines)) + ROW_GAP * (rows.length - 1);
    if (total > box.h && !last) continue;
    // The rows that fit, each with as many lines as its share of the box holds.
    const minRow = rowH(1);
    let shownRows = Math.min(rows.length, Math.max(1, Math.floor((box.h + ROW_GAP) / (minRow + ROW_GAP))));
    if (shownRows < rows.length) shownRows = Math.max(0, shownRows - 1);
    const share = total <= box.h ? 99 : Math.max(1, Math.floor((Math.floor((box.h + ROW_GAP) / Math.max(1, shownRows + (shownRows < rows.length ? 1 : 0))) - ROW_GAP - (side ? 0 : lh + 2) + ITEM_GAP) / (ih + ITEM_GAP)));
    /** @type {RowPlace[]} */
    const out = [];
    let y = box.y;
    for (let i = 0; i < shownRows; i++) {
      const r = rows[i];
      const widths = r.cards.map(itemW);
      const f = flow(g, widths, aw, share);
      const x0 = box.x + (side ? labelW : 0);
      const y0 = y + (side ? 0 : lh + 2);
      const old = before && i < before.length ? before[i].cards : null;
      out.push({
        label: r.label, x: box.x, y: side ? y + Math.max(0, Math.floor((Math.min(ih, rowH(f.lines)) - lh) / 2)) : y,
        items: f.at.map((a, j) => ({ text: r.cards[j], card: cardOf(r.cards[j]), changed: old !== null && old[j] !== r.cards[j],
          x: x0 + a.x, y: y0 + a.line * (ih + ITEM_GAP), w: widths[j], h: ih })),
        more: f.more ? { text: `+${f.more.n}`, x: x0 + f.more.x, y: y0 + f.more.line * (ih + ITEM_GAP) + Math.floor((ih - 8) / 2) } : null,
      });
      y += rowH(f.lines) + ROW_GAP;
    }
    const more = shownRows < rows.length ? { text: `+${rows.length - shownRows}`, x: box.x, y } : null;
    return { rows: out, more, h: (more ? y + lh : y - ROW_GAP) - box.y, tier: tier.name };
  }
  throw new Error("unreachable");
}

/** @param {string} text */
const tinyDraws = (text) => [...text].every((ch) => ch in FONT_3X5.glyphs);

/**
 * The grid in `box`: square cells as large as fit (at most `most` px), centred; each cell's
 * text in the 8 px font where it fits, else in the 3 x 5 font where it can be, else none
 * (the cell's colour still tells it apart).
 * @param {Kit} g
 * @param {string[][]} cells
 * @param {string[][] | null} before
 * @param {Rect} box
 * @param {number} [most]
 * @returns {{ cells: CellPlace[], x: number, y: number, w: number, h: number, s: number }}
 */
export function layoutGrid(g, cells, before, box, most = 20) {
  const rows = cells.length;
  const cols = Math.max(1, ...cells.map((r) => r.length));
  const s = Math.max(3, Math.min(most, Math.floor(box.w / cols), Math.floor(box.h / rows)));
  const x = box.x + Math.floor((box.w - s * cols) / 2);
  const y = box.y + Math.floor((box.h - s * rows) / 2);
  /** @type {CellPlace[]} */
  const out = [];
  cells.forEach((row, i) => row.forEach((text, j) => {
    const old = before && i < before.length && j < before[i].length ? before[i][j] : null;
    /** @type {"big" | "tiny" | null} */
    let size = null;
    if (text && g.textWidth(text) <= s - 2 && g.textHeight(text) <= s - 2) size = "big";
    else if (text && tinyDraws(text) && s >= 7 && g.textWidth(text, { font: FONT_3X5 }) <= s - 2) size = "tiny";
    out.push({ text, changed: before !== null && old !== text, x: x + j * s, y: y + i * s, s, size });
  }));
  return { cells: out, x, y, w: s * cols, h: s * rows, s };
}

/**
 * The side of a grid's cells when it shares the body with other parts: a column at most
 * `share` of the body's width.
 * @param {number} rows
 * @param {number} cols
 * @param {Rect} box
 * @param {number} share
 */
export function gridSide(rows, cols, box, share) {
  return Math.max(3, Math.min(20, Math.floor(box.h / rows), Math.floor((box.w * share) / cols)));
}
