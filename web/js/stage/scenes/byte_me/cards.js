// Byte Me!'s cards: face up, every bit a pixel LED with the card's value under
// them; face down, a checked pattern in the deck's colours; and turning over.
import { PAL, backCard, card } from "../../kit/index.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** The colours of a deck's backs. @typedef {{ color: string, dark: string }} Back */
/** A card as the frame gives it: its bits and their value. @typedef {{ bits: string, value: number }} ByteCard */

/** A card's height. */
export const CARD_H = 20;

/**
 * @param {string} bits
 * @param {number} led  an LED's width
 */
export function cardWidth(bits, led) { return bits.length * (led + 1) + 3; }

/**
 * How a face-up card is drawn.
 * @typedef {{ led?: number, shown?: number, flash?: number, glow?: boolean, dim?: boolean }} FaceLook
 */

/**
 * A face-up card: its bits as LEDs (the first `shown` revealed, `flash` just lit)
 * and its decimal value underneath once every bit is shown.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {ByteCard} c
 * @param {FaceLook} [look]
 */
export function faceCard(g, x, y, c, { led = 3, shown = 99, flash = -1, glow = false, dim = false } = {}) {
  const w = cardWidth(c.bits, led);
  card(g, x, y, w, CARD_H, { face: dim ? PAL.silver : PAL.white, edge: glow ? PAL.orange : PAL.slate, shadow: "hard" });
  [...c.bits].forEach((bit, k) => {
    const lx = x + 2 + k * (led + 1);
    let color = PAL.navy;                      // not drawn yet
    if (k < shown) color = bit === "1" ? PAL.red : PAL.silver;
    if (k === flash) color = PAL.yellow;
    g.rect(lx, y + 3, led, 4, color);
    if (k < shown && bit === "1" && k !== flash) g.rect(lx, y + 3, 1, 1, PAL.pink);
  });
  const label = shown >= c.bits.length ? String(c.value) : "?";
  g.text(label, x + w / 2 + 1, y + 10, dim ? PAL.slate : PAL.navy, { align: "center" });
  if (glow) g.box(x - 2, y - 2, w + 4, CARD_H + 4, PAL.yellow, 2);
}

/**
 * A face-down card: a checked pattern in the deck's colours.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {Back} back
 * @param {boolean} [shadow]
 */
export function deckBack(g, x, y, w, { color, dark }, shadow = true) {
  backCard(g, x, y, w, CARD_H, { fill: dark, border: PAL.white, check: color, drop: shadow });
}

/**
 * A card turning over: the back narrows, then the face widens (p from 0 to 1).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {ByteCard} c
 * @param {number} p
 * @param {Back} back
 * @param {FaceLook} [look]
 */
export function flipCard(g, x, y, c, p, back, look = {}) {
  const w = cardWidth(c.bits, look.led || 3);
  if (p >= 1) { faceCard(g, x, y, c, look); return; }
  if (p <= 0) { deckBack(g, x, y, w, back); return; }
  const k = Math.abs(1 - 2 * p);
  const ww = Math.max(1, Math.round(w * k));
  const xx = x + (w - ww) / 2;
  if (p < 0.5) deckBack(g, xx, y, ww, back);
  else card(g, xx, y, ww, CARD_H, { shadow: null });
}
