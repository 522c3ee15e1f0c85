// The lab's game pieces, drawn with the kit: stones heaped in piles, cards face up, letter
// tiles, a board's cells with their tokens, and the yellow outline of what changed (filled
// plum while the step's tween flashes, as the generic scene marks its cells).
import { FONT_3X5, PAL, SHADOW, SUITS, SUITS_SMALL, card, ease, lerp } from "../../kit/index.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("./parts.js").PilePlace} PilePlace */
/** @typedef {import("./parts.js").ItemPlace} ItemPlace */
/** @typedef {import("./parts.js").CellPlace} CellPlace */

const STONES = [PAL.silver, PAL.peach, PAL.lavender, PAL.white, PAL.blue, PAL.pink];
const TOKENS = [PAL.red, PAL.blue, PAL.green, PAL.orange, PAL.pink, PAL.peach, PAL.yellow, PAL.lavender];
const CELL_DARK = "#18244a";
const CELL_LIGHT = "#23335f";
const BOARD_EDGE = "#5a3414";
const STONE_W = 10;
const STONE_PITCH = 4;

/**
 * A stable colour for a text (the same piece is the same colour on every frame).
 * @param {string} text
 * @param {string[]} colors
 */
function hue(text, colors) {
  let h = 7;
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) || 0)) % 1009;
  return colors[h % colors.length];
}

/**
 * One stone: a rounded pebble with a glint and a shadow.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {string} color
 * @param {number} k  its scale: 1 (10 x 5 px) or 2
 */
function stone(g, x, y, color, k) {
  g.rect(x + k, y + 5 * k, (STONE_W - 2) * k, k, SHADOW);
  g.rect(x + k, y, (STONE_W - 2) * k, 5 * k, color);
  g.rect(x, y + k, STONE_W * k, 3 * k, color);
  g.rect(x + 2 * k, y + k, 2 * k, k, PAL.white);
  g.rect(x + k, y + 4 * k, (STONE_W - 2) * k, k, PAL.slate);
}

/**
 * How many stones a pile shows (a heap capped at what its place holds), and in how many columns.
 * @param {PilePlace} p
 * @param {number} count
 */
export function heap(p, count) {
  const k = p.w >= 2 * (2 * STONE_W + 1) && p.stackBottom - p.stackTop >= 40 ? 2 : 1;
  const most = Math.max(1, Math.min(4, Math.floor((p.w + k) / ((STONE_W + 1) * k))));
  const layers = Math.max(1, Math.floor((p.stackBottom - p.stackTop - 2 * k) / (STONE_PITCH * k)));
  // As few columns as hold the count (at least two, for a heap's shape): a tall pile looks tall.
  const cols = Math.min(most, Math.max(2, Math.ceil(count / layers)));
  return { k, cols, shown: Math.min(count, cols * layers), capped: count > cols * layers };
}

/**
 * A pile: its heap of stones (the count going from the old number to the new in the tween),
 * the count over it, the label under it.
 * @param {Kit} g
 * @param {PilePlace} p
 * @param {number} t  the tween into the frame (1 at rest)
 * @param {boolean} flash
 */
export function drawPile(g, p, t, flash) {
  if (p.changed) {
    if (flash) g.rect(p.x - 2, p.y - 2, p.w + 4, p.h + 4, PAL.plum);
    g.box(p.x - 2, p.y - 2, p.w + 4, p.h + 4, PAL.yellow);
  }
  const cx = p.x + Math.floor(p.w / 2);
  g.rect(cx - Math.min(p.w / 2, 18), p.stackBottom + 1, Math.min(p.w, 36), 2, PAL.black);
  const from = p.was === null ? p.count : p.was;
  const count = t < 1 ? Math.round(lerp(from, p.count, ease(t))) : p.count;
  const { k: z, cols, shown, capped } = heap(p, count);
  const span = cols * (STONE_W + 1) * z - z;
  for (let k = 0; k < shown; k++) {
    const layer = Math.floor(k / cols);
    const col = k % cols;
    const x = cx - Math.floor(span / 2) + col * (STONE_W + 1) * z + (layer % 2 ? z : 0) - (cols > 1 && layer % 2 && col === cols - 1 ? 2 * z : 0);
    stone(g, x, p.stackBottom - 6 * z - layer * STONE_PITCH * z, STONES[(k * 7 + layer) % STONES.length], z);
  }
  if (capped) {
    // More stones than the heap shows: three dots on its top, the number says how many.
    const y = p.stackBottom - 6 * z - Math.ceil(shown / cols) * STONE_PITCH * z - 1;
    for (let d = -1; d <= 1; d++) g.rect(cx + d * 3 - 1, Math.max(p.stackTop - 2, y), 2, 2, PAL.yellow);
  }
  g.text(String(p.count), cx, p.y, p.changed ? PAL.yellow : PAL.white, { align: "center", shadow: PAL.black });
  g.text(p.label, cx, p.labelY, p.changed ? PAL.yellow : PAL.silver, { align: "center" });
}

/**
 * A card face up: the rank on top, the suit under it, sized by the card.
 * @param {Kit} g
 * @param {ItemPlace} item
 * @param {{ suit: "S" | "H" | "D" | "C", rank: number }} c
 */
function face(g, item, c) {
  const { x, y, w, h } = item;
  const ink = c.suit === "H" || c.suit === "D" ? PAL.red : PAL.black;
  card(g, x, y, w, h, { face: PAL.white, edge: PAL.slate });
  const big = w >= 19;
  const style = w >= 13 ? { font: FONT_3X5, scale: 2, gap: big ? 2 : 1 } : { font: FONT_3X5, scale: 1, gap: 1 };
  const label = String(c.rank);
  g.text(label, x + Math.floor((w - g.textWidth(label, style)) / 2), y + (big ? 3 : 2), ink, style);
  const icon = big ? SUITS[c.suit] : SUITS_SMALL[c.suit];
  g.sprite(icon, x + Math.floor((w - icon.length) / 2), y + h - icon.length - (big ? 3 : 2), ink);
}

/**
 * A letter tile (a row's string that is no card): cream, edged, its text centred; the tile
 * is its text's box.
 * @param {Kit} g
 * @param {ItemPlace} item
 */
function letterTile(g, item) {
  const { x, y, w, h } = item;
  g.rect(x + 1, y + 1, w, h, SHADOW);
  g.rect(x, y, w, h, PAL.peach);
  g.box(x, y, w, h, PAL.brown);
  g.rect(x + 1, y + h - 2, w - 2, 1, PAL.orange);
  g.panel(x, y, w, h);
  const th = g.textHeight(item.text);
  g.text(item.text, x + w / 2, y + Math.floor((h - th) / 2), PAL.black, { align: "center" });
  g.endPanel();
}

/**
 * A row's card or tile; a changed one is outlined, and sparks in the tween.
 * @param {Kit} g
 * @param {ItemPlace} item
 * @param {number} t
 * @param {boolean} flash
 */
export function drawItem(g, item, t, flash) {
  if (item.changed && flash) g.rect(item.x - 1, item.y - 1, item.w + 2, item.h + 2, PAL.plum);
  if (item.card) face(g, item, item.card);
  else letterTile(g, item);
  if (item.changed) {
    g.box(item.x - 1, item.y - 1, item.w + 2, item.h + 2, PAL.yellow);
    // Sparks fly off its corners in the tween (pixels only: no text moves).
    if (t < 1 && !g.reduced) {
      const r = 2 + ease(t) * 5;
      for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
        const cx = item.x + (dx > 0 ? item.w : 0);
        const cy = item.y + (dy > 0 ? item.h : 0);
        g.rect(cx + dx * r - 1, cy + dy * r - 1, 2, 2, t < 0.5 ? PAL.white : PAL.yellow);
      }
    }
  }
}

/**
 * The board under a grid: a wooden edge and checked cells.
 * @param {Kit} g
 * @param {{ x: number, y: number, w: number, h: number, s: number }} grid
 */
export function drawBoard(g, grid) {
  g.rect(grid.x - 3, grid.y - 3, grid.w + 6, grid.h + 6, BOARD_EDGE);
  g.box(grid.x - 3, grid.y - 3, grid.w + 6, grid.h + 6, PAL.black);
  g.rect(grid.x, grid.y, grid.w, grid.h, CELL_DARK);
}

/**
 * A cell of the board: its checked square, a token for a text ("." a dot, "" nothing), its
 * text on the token where it fits, the outline if it changed.
 * @param {Kit} g
 * @param {CellPlace} c
 * @param {boolean} flash
 */
export function drawCell(g, c, flash) {
  const { x, y, s } = c;
  const col = Math.round((x / s)) + Math.round(y / s);
  g.rect(x, y, s, s, c.changed && flash ? PAL.plum : col % 2 ? CELL_LIGHT : CELL_DARK);
  if (c.text === ".") g.rect(x + Math.floor(s / 2) - 1, y + Math.floor(s / 2) - 1, 2, 2, PAL.slate);
  else if (c.text) {
    const fill = hue(c.text, TOKENS);
    const inset = s >= 9 ? 1 : 0;
    g.rect(x + inset + 1, y + inset + 1, s - 2 * inset - 1, s - 2 * inset - 1, PAL.black);
    g.rect(x + inset, y + inset, s - 2 * inset - 1, s - 2 * inset - 1, fill);
    const ink = fill === PAL.blue || fill === PAL.red || fill === PAL.lavender ? PAL.white : PAL.black;
    if (c.size === "big") {
      g.text(c.text, x + Math.floor(s / 2), y + Math.floor((s - g.textHeight(c.text)) / 2), ink, { align: "center" });
    } else if (c.size === "tiny") {
      const tiny = { font: FONT_3X5 };
      g.text(c.text, x + Math.floor((s - g.textWidth(c.text, tiny)) / 2), y + Math.floor((s - 5) / 2), ink, tiny);
    }
  }
  if (c.changed) g.box(x, y, s, s, PAL.yellow);
}
