// House of Cards' cards: a rank and its colour, read from the card's name; a
// loose card (draw row, hold slots, cards in flight) and a mini card (panels).
import { FONT_3X5, FONT_5X7, PAL, SUITS_SMALL, card } from "../../kit/index.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("../../kit/glyphs.js").BitmapFont} BitmapFont */

/** A loose card's width. */
export const CARD_W = 12;
/** A loose card's height. */
export const CARD_H = 18;
/** A card's face. */
export const CREAM = PAL.white;
/** A card's edge. */
export const EDGE = PAL.slate;

/** @param {string} c  a card's name ("13R", "4B") */
export const isRed = (c) => c.endsWith("R");
/** @param {string} c */
const rankOf = (c) => c.slice(0, -1);
/** @param {string} c */
const inkOf = (c) => (isRed(c) ? PAL.red : PAL.black);
/** A player's colour on the table. @param {string} name */
export const playerInk = (name) => (name === "Axel" ? PAL.red : PAL.black);
/** A player's colour for text on the dark table. @param {string} name */
export const playerText = (name) => (name === "Axel" ? PAL.red : PAL.white);

/**
 * A card's rank in pixels, centred on cx with its top row at y, in the card's ink:
 * the 3 x 5 font for cards in the house and in panels, 5 x 7 for the loose cards.
 * @param {Kit} g
 * @param {string} c
 * @param {number} cx
 * @param {number} y
 * @param {BitmapFont} [font]
 */
export function rank(g, c, cx, y, font = FONT_3X5) {
  g.text(rankOf(c), cx, y, inkOf(c), { align: "center", font });
}

/**
 * A loose card (draw row, hold slots, cards in flight): cream face, rank, and
 * a pip that tells the colours apart without hue (a diamond red, a spade black).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {string} c
 * @param {{ border?: string, glow?: string | null, w?: number, h?: number }} [look]
 */
export function looseCard(g, x, y, c, { border = EDGE, glow = null, w = CARD_W, h = CARD_H } = {}) {
  x = Math.round(x);
  y = Math.round(y);
  card(g, x, y, w, h, { face: CREAM, edge: border });
  if (glow) g.box(x - 1, y - 1, w + 2, h + 2, glow);
  if (h >= CARD_H - 2 && w >= CARD_W - 2) {
    rank(g, c, x + w / 2, y + 2, FONT_5X7);
    g.sprite(SUITS_SMALL[isRed(c) ? "D" : "S"], Math.round(x + w / 2 - 2.5), y + 11, inkOf(c));
  } else {
    rank(g, c, x + w / 2, y + Math.round(h / 2) - 2);
  }
}

/**
 * A small card for the panels (11 x 9).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {string} c
 */
export function miniCard(g, x, y, c) {
  g.rect(x, y, 11, 9, CREAM);
  g.box(x, y, 11, 9, EDGE);
  rank(g, c, x + 5.5, y + 2);
}
