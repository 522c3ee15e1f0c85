// A lab game's own texts: whatever a user's view() wrote (any Unicode, any type the page let
// through) made into a string the stage's faces draw, and the card names read from it.

/** @typedef {import("../../kit/kit.js").Kit} Kit */

/** What stands for a character no served face draws. */
export const MISSING = "?";
const CARD = /^([SHDC])(1[0-3]|[1-9])$/;

/**
 * `value` as a text of at most `most` characters the stage can draw: a character no served
 * face has (a control character, an emoji, a CJK character outside the served subset)
 * becomes MISSING.  Never throws.
 * @param {Kit} g
 * @param {unknown} value
 * @param {number} [most]
 * @returns {string}
 */
export function clean(g, value, most = 80) {
  const text = typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);
  let out = "";
  let n = 0;
  for (const ch of text) {
    if (n >= most) break;
    out += g.covers(ch) ? ch : ch === "\n" || ch === "\t" ? " " : MISSING;
    n += 1;
  }
  return out;
}

/**
 * A card's suit and rank from its name ("H7", "S12"), or null for another string (a tile).
 * @param {string} name
 * @returns {{ suit: "S" | "H" | "D" | "C", rank: number } | null}
 */
export function cardOf(name) {
  const m = CARD.exec(name);
  return m ? { suit: /** @type {"S" | "H" | "D" | "C"} */ (m[1]), rank: Number(m[2]) } : null;
}

/**
 * A whole number from anything (a count or a score the page let through), clamped.
 * @param {unknown} value
 * @param {number} [lo]
 * @param {number} [hi]
 */
export function whole(value, lo = -1e15, hi = 1e15) {
  const n = typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : 0;
  return Math.max(lo, Math.min(hi, n));
}

/**
 * A list from anything: the value itself when it is an array, else empty.
 * @param {unknown} value
 * @returns {unknown[]}
 */
export function list(value) {
  return Array.isArray(value) ? value : [];
}

/**
 * A text cut to at most `width` px as the kit sets it, ".." marking a cut.
 * @param {Kit} g
 * @param {string} text
 * @param {number} width
 */
export function cut(g, text, width) {
  if (g.textWidth(text) <= width) return text;
  let out = "";
  for (const ch of text) {
    if (g.textWidth(`${out}${ch}..`) > width) break;
    out += ch;
  }
  return `${out}..`;
}
