// The stage's fixed facts: its logical size, the served pixel font, the palette,
// and the tween arithmetic every scene uses.

/** The stage's logical width in pixels (every scene draws on this grid). */
export const WIDTH = 384;
/** The stage's logical height in pixels. */
export const HEIGHT = 216;
/** The served pixel font (Press Start 2P), as a CSS font family list. */
export const FONT = '"Press Start 2P", monospace';

/**
 * A 16-colour palette (the PICO-8 colours) with readable contrast on dark blue.
 * @type {Readonly<Record<"black" | "navy" | "plum" | "forest" | "brown" | "slate" | "silver" | "white" |
 *   "red" | "orange" | "yellow" | "green" | "blue" | "lavender" | "pink" | "peach", string>>}
 */
export const PAL = Object.freeze({
  black: "#000000", navy: "#1d2b53", plum: "#7e2553", forest: "#008751",
  brown: "#ab5236", slate: "#5f574f", silver: "#c2c3c7", white: "#fff1e8",
  red: "#ff004d", orange: "#ffa300", yellow: "#ffec27", green: "#00e436",
  blue: "#29adff", lavender: "#83769c", pink: "#ff77a8", peach: "#ffccaa",
});

/**
 * A palette colour at `alpha` opacity (a glow, a dimmed layer, a shadow).
 * @param {string} color  "#rrggbb"
 * @param {number} alpha  from 0 to 1
 * @returns {string} a CSS rgba() colour
 */
export function fade(color, alpha) {
  const n = parseInt(color.slice(1), 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${alpha})`;
}

/** The soft shadow under a card or a tile (black at 45 %). */
export const SHADOW = fade(PAL.black, 0.45);

/**
 * Ease in and out (quadratic): 0 -> 0, 1 -> 1, slow at both ends.
 * @param {number} t
 * @returns {number}
 */
export const ease = (t) => (t < 0.5 ? 2 * t * t : 1 - ((-2 * t + 2) ** 2) / 2);

/**
 * The point a share `t` of the way from a to b.
 * @param {number} a
 * @param {number} b
 * @param {number} t
 * @returns {number}
 */
export const lerp = (a, b, t) => a + (b - a) * t;

/**
 * How far a tween at `t` has got through its part from `a` to `b` (0 before, 1 after).
 * @param {number} t
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
export const phase = (t, a, b) => Math.max(0, Math.min(1, (t - a) / (b - a)));

/**
 * A number with its sign, as a score change reads: "+3", "0", "-2".
 * @param {number} v
 * @returns {string}
 */
export const signed = (v) => (v > 0 ? `+${v}` : String(v));
