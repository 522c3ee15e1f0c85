// How the stage sets a text: in the served pixel font (Press Start 2P, drawn by
// the canvas) or in one of the kit's bitmap fonts (blitted pixel by pixel).
// The kit's text() is the only caller: it measures here, records the text's box,
// then paints here.  A later face (GNU Unifont's 16 px glyphs for CJK text) is
// one more case of `measure` and `paintText`, chosen per code point; no scene
// needs to change for it, as every scene measures and draws its texts through
// the kit.
import { FONT } from "./basics.js";

/** @typedef {import("./glyphs.js").BitmapFont} BitmapFont */

/**
 * How a text is set.
 * @typedef {Object} TextStyle
 * @property {"left" | "center" | "right"} [align]  where `x` is: the text's left end, centre or right end
 * @property {number} [size]  the served font's size in px (8 or 16 keep its glyphs on the pixel grid)
 * @property {string | null} [shadow]  a colour drawn 1 px down and right, under the text
 * @property {BitmapFont | null} [font]  a bitmap font of the kit instead of the served font
 * @property {number} [scale]  a bitmap font's pixel size in stage pixels (default 1)
 * @property {number} [gap]  stage pixels between a bitmap font's glyphs (default: `scale`)
 */

/**
 * A bitmap glyph's rows.
 * @param {BitmapFont} font
 * @param {string} ch
 * @returns {readonly string[]}
 */
function glyph(font, ch) {
  const rows = font.glyphs[ch];
  if (!rows) throw new Error(`the bitmap font has no glyph for ${JSON.stringify(ch)}`);
  return rows;
}

/**
 * The size a text takes on the stage, in stage pixels (without its shadow).
 * @param {string} str
 * @param {TextStyle} [style]
 * @returns {{ w: number, h: number }}
 */
export function measure(str, { size = 8, font = null, scale = 1, gap = scale } = {}) {
  if (!font) return { w: str.length * size, h: size };
  let w = 0;
  let n = 0;
  for (const ch of str) {
    w += glyph(font, ch)[0].length * scale;
    n += 1;
  }
  return { w: w + Math.max(0, n - 1) * gap, h: font.rows * scale };
}

/**
 * Paints a text with its top left corner at (x, y), both whole stage pixels.
 * @param {CanvasRenderingContext2D} ctx
 * @param {(rows: readonly string[], x: number, y: number, color: string, scale: number) => void} blit
 * @param {string} str
 * @param {number} x
 * @param {number} y
 * @param {string} color
 * @param {TextStyle} style
 */
export function paintText(ctx, blit, str, x, y, color, { size = 8, font = null, scale = 1, gap = scale }) {
  if (!font) {
    ctx.font = `${size}px ${FONT}`;
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    ctx.fillStyle = color;
    ctx.fillText(str, x, y);
    return;
  }
  for (const ch of str) {
    const rows = glyph(font, ch);
    blit(rows, x, y, color, scale);
    x += rows[0].length * scale + gap;
  }
}
