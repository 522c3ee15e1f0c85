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
 */
function stone(g, x, y, color) {
  g.rect(x + 1, y + 5, STONE_W - 2, 1, SHADOW);
  g.rect(x + 1, y, STONE_W - 2, 5, color);
  g.rect(x, y + 1, STONE_W, 3, color);
  g.rect(x + 2, y + 1, 2, 1, PAL.white);
  g.rect(x + 1, y + 4, STONE_W - 2, 1, PAL.slate);
}

/**
 * How many stones a pile shows (a heap capped at what its place holds), and in how many columns.
 * @param {PilePlace} p
 * @param {number} count
 */
export function heap(p, count) {
  const cols = Math.max(1, Math.min(4, Math.floor((p.w + 2) / (STONE_W + 1))));
  const layers = Math.max(1, Math.floor((p.stackBottom - p.stackTop - 2) / STONE_PITCH));
  return { cols, shown: Math.min(count, cols * layers), capped: count > cols * layers };
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
  const { cols, shown, capped } = heap(p, count);
  const span = cols * (STONE_W + 1) - 1;
  for (let k = 0; k < shown; k++) {
    const layer = Math.floor(k / cols);
    const col = k % cols;
    const x = cx - Math.floor(span / 2) + col * (STONE_W + 1) + (layer % 2 ? 1 : 0) - (cols > 1 && layer % 2 && col === cols - 1 ? 2 : 0);
    stone(g, x, p.stackBottom - 6 - layer * STONE_PITCH, STONES[(k * 7 + layer) % STONES.length]);
  }
  if (capped) {
    // More stones than the heap shows: three dots on its top, the number says how many.
    const y = p.stackBottom - 6 - Math.ceil(shown / cols) * STONE_PITCH - 1;
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
 * @param {number} dy  how far it still has to drop in
 */
function face(g, item, c, dy) {
  const { x, w, h } = item;
  const y = item.y - dy;
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
 * @param {number} dy
 */
function letterTile(g, item, dy) {
  const { x, w, h } = item;
  const y = item.y - dy;
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
 * A row's card or tile; a changed one drops in during the tween and is outlined.
 * @param {Kit} g
 * @param {ItemPlace} item
 * @param {number} t
 * @param {boolean} flash
 */
export function drawItem(g, item, t, flash) {
  const dy = item.changed && t < 1 ? Math.round((1 - ease(t)) * 5) : 0;
  if (item.changed && flash) g.rect(item.x - 1, item.y - 1, item.w + 2, item.h + 2, PAL.plum);
  if (item.card) face(g, item, item.card, dy);
  else letterTile(g, item, dy);
  if (item.changed) g.box(item.x - 1, item.y - 1, item.w + 2, item.h + 2, PAL.yellow);
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
    if (c.font === "big") {
      g.text(c.text, x + Math.floor(s / 2), y + Math.floor((s - g.textHeight(c.text)) / 2), ink, { align: "center" });
    } else if (c.font === "tiny") {
      const tiny = { font: FONT_3X5 };
      g.text(c.text, x + Math.floor((s - g.textWidth(c.text, tiny)) / 2), y + Math.floor((s - 5) / 2), ink, tiny);
    }
  }
  if (c.changed) g.box(x, y, s, s, PAL.yellow);
}
