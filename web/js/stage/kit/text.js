// How the stage sets a text: in the served pixel font (Press Start 2P, drawn by
// the canvas) or in one of the kit's bitmap fonts (blitted pixel by pixel).
// The kit's text() is the only caller: it measures here, records the text's box,
// then paints here.  A text with CJK characters in it is set in runs: its ASCII
// in the served font at the style's size, everything else in GNU Unifont's 16 px
// glyphs (the served subset "PJ Unifont", which the page loads with a CJK
// language), 16 px wide for a wide character and 8 px for a narrow one; the
// line is 16 px tall and the Latin runs sit in its middle.  A text without CJK
// is set exactly as before.  No scene needs to know: every scene measures and
// draws its texts through the kit.
import { FONT } from "./basics.js";

/** The family of the CJK face (i18n/i18n.js loads it; css/pixel.css declares it). */
export const CJK_FONT = '"PJ Unifont"';
/** The CJK face's size in stage pixels: its glyphs are drawn on a 16 px grid. */
export const CJK_SIZE = 16;
/** A text that needs the CJK face. */
const CJK = /[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef\uac00-\ud7a3]/;

/**
 * Does Unifont draw this code point 16 px wide?  (East Asian wide and fullwidth ranges;
 * tests/test_i18n.py checks every character of the catalogs against the served face.)
 * @param {number} cp
 */
export function isWide(cp) {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3)
    || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xfe30 && cp <= 0xfe4f) || (cp >= 0xff00 && cp <= 0xff60)
    || (cp >= 0xffe0 && cp <= 0xffe6);
}

/**
 * A text with CJK in it as runs: ASCII in the served font, the rest in the CJK face.
 * @param {string} str
 * @param {number} size  the served font's size
 * @returns {{ text: string, cjk: boolean, w: number }[]}
 */
function runs(str, size) {
  /** @type {{ text: string, cjk: boolean, w: number }[]} */
  const out = [];
  for (const ch of str) {
    const cp = ch.codePointAt(0) || 0;
    const cjk = cp < 0x20 || cp > 0x7e;
    const w = cjk ? (isWide(cp) ? CJK_SIZE : CJK_SIZE / 2) : size;
    const last = out[out.length - 1];
    if (last && last.cjk === cjk) {
      last.text += ch;
      last.w += w;
    } else out.push({ text: ch, cjk, w });
  }
  return out;
}

/**
 * Does the stage set this text with the CJK face?
 * @param {string} str
 */
export function hasCjk(str) {
  return CJK.test(str);
}

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
  if (!font && hasCjk(str)) {
    return { w: runs(str, size).reduce((sum, r) => sum + r.w, 0), h: Math.max(size, CJK_SIZE) };
  }
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
  if (!font && hasCjk(str)) {
    const h = Math.max(size, CJK_SIZE);
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    ctx.fillStyle = color;
    for (const run of runs(str, size)) {
      ctx.font = run.cjk ? `${CJK_SIZE}px ${CJK_FONT}` : `${size}px ${FONT}`;
      ctx.fillText(run.text, x, run.cjk ? y + (h - CJK_SIZE) / 2 : y + (h - size) / 2);
      x += run.w;
    }
    return;
  }
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
