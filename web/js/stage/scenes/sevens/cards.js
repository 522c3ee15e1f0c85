// Sevens' cards: a card's suit and rank (read from its name, "S10"), its ink,
// and a face-up card of any size.
import { FONT_3X5, PAL, SUITS, SUITS_SMALL, card } from "../../kit/index.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */

/** @type {Record<string, string>} Each player's colour. */
export const PLAYER = { Alice: PAL.blue, Bob: PAL.pink };
/** The red suits. */
export const RED_SUITS = new Set(["H", "D"]);
/** A stuck player's cards, greyed. */
export const GREY = { face: PAL.slate, ink: PAL.silver, edge: "#3b3631" };

/** @param {string} suit */
export function suitColor(suit) { return RED_SUITS.has(suit) ? PAL.red : PAL.black; }

/**
 * "S10" -> {suit: "S", rank: 10}: reading a card's name, not a rule.
 * @param {string} c
 * @returns {{ suit: "S" | "H" | "C" | "D", rank: number }}
 */
function cardParts(c) { return { suit: /** @type {"S" | "H" | "C" | "D"} */ (c[0]), rank: Number(c.slice(1)) }; }

/**
 * A face-up card of any size: the rank on top (the 3 x 5 font at twice its size),
 * the suit below (7 x 7 on track cards, 5 x 5 on the small hand cards).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} c
 * @param {{ grey?: boolean, hot?: boolean }} [look]  grey: a stuck player's; hot: just played
 */
export function face(g, x, y, w, h, c, { grey = false, hot = false } = {}) {
  x = Math.round(x); y = Math.round(y); w = Math.round(w); h = Math.round(h);
  const { suit, rank } = cardParts(c);
  const ink = grey ? GREY.ink : suitColor(suit);
  card(g, x, y, w, h, { face: grey ? GREY.face : PAL.white, edge: hot ? PAL.orange : grey ? GREY.edge : PAL.slate });
  const big = h >= 22;
  const style = { font: FONT_3X5, scale: 2, gap: w >= 16 ? 2 : 1 };
  const label = String(rank);
  g.text(label, x + Math.floor((w - g.textWidth(label, style)) / 2), y + (big ? 3 : 2), ink, style);
  const icon = big ? SUITS[suit] : SUITS_SMALL[suit];
  const n = icon.length;
  g.sprite(icon, x + Math.floor((w - n) / 2), y + h - n - (big ? 3 : 2), ink);
  if (hot) g.box(x - 1, y - 1, w + 2, h + 2, PAL.orange);
}
