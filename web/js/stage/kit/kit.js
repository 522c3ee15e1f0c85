// The drawing kit a scene receives as `g`: the stage's primitives (rectangles,
// outlines, sprites, text), the paint's clock, and the text panels.  Every text
// the stage draws goes through `g.text`, which records its box for
// `pixelJudge.textBoxes()`, so tests can check that no two texts collide and
// none leaves the stage.
import { HEIGHT, PAL, WIDTH } from "./basics.js";
import { measure, paintText } from "./text.js";

/** @typedef {import("./text.js").TextStyle} TextStyle */
/** @typedef {import("../../i18n/render.js").Msg} Msg */
/** @typedef {import("../../i18n/render.js").MsgParam} MsgParam */

/**
 * The words a paint is given: the stage names catalog keys, never English (scenes call
 * `g.t("ui.stage....", params)`), and an engine's message ({id, params}) becomes text with
 * `g.msg`; whoever paints (the page, the embed, an export) passes its language's.
 * @typedef {Object} Words
 * @property {(key: string, params?: Record<string, MsgParam>) => string} t  a catalog key's text
 * @property {(msg: Msg) => string} msg  an engine message's text
 * @property {boolean} tall  the language's lines are 16 px tall (CJK), not 8: scenes give them room
 * @property {(ch: string) => boolean} [covers]  a character beyond ASCII that a served face draws
 *   (the CJK face holds only the characters of the catalogs); absent: none
 */

/**
 * The rectangle of a text drawn on the stage, in stage pixels.
 * @typedef {{ text: string, x: number, y: number, w: number, h: number }} TextBox
 */

/**
 * The drawing kit of one paint.
 * @typedef {Object} Kit
 * @property {number} W  the stage's width (384)
 * @property {number} H  the stage's height (216)
 * @property {number} now  the paint's clock in ms (blinks and sparkles follow it)
 * @property {boolean} reduced  the user asked for reduced motion: blinks hold still
 * @property {Words["t"]} t  a catalog key's text in the language shown (every word the stage draws)
 * @property {Words["msg"]} msg  an engine message's text in the language shown
 * @property {boolean} tall  the language shown sets its words 16 px tall (CJK): rows, strips and
 *   captions give them room (an 8 px row grows to 17)
 * @property {(ch: string) => boolean} covers  a served face draws this character (printable ASCII:
 *   Press Start 2P; beyond it, the CJK face's characters), so a text of users' own can be kept to them
 * @property {(str: string, style?: TextStyle) => number} textHeight  how tall `text` would draw `str`
 *   (8 px Latin is 8 tall; a line with CJK in it is 16)
 * @property {(color?: string) => void} clear  fills the whole stage
 * @property {(x: number, y: number, w: number, h: number, color: string) => void} rect  a filled rectangle
 * @property {(x: number, y: number, w: number, h: number, color: string, width?: number) => void} box
 *   an outline `width` px thick, inside the rectangle
 * @property {(rows: readonly string[], x: number, y: number, color: string, scale?: number) => void} sprite
 *   a bitmap of the kit ("#" rows) with its top left corner at (x, y), `scale` px a pixel
 * @property {(str: string | number, x: number, y: number, color?: string, style?: TextStyle) => void} text
 *   a text, in the served font or a bitmap font, its box recorded
 * @property {(str: string, style?: TextStyle) => number} textWidth  how wide `text` would draw `str`
 * @property {(period?: number) => boolean} blink  true on the "on" half of a blink; always with reduced motion
 * @property {(x: number, y: number, w: number, h: number) => void} panel  opens a text panel (see endPanel)
 * @property {() => void} endPanel  closes the panel: the texts drawn inside it become one box, the
 *   panel's own, so a text reaching into a panel, or a panel drawn over a text, counts as a collision
 * @property {(key: string, draw: (g: Kit) => void) => void} layer  a whole-stage picture that never
 *   changes (a felt's thousands of dots): `draw` paints it once, opaque and without text, and every
 *   later paint copies it, pixel for pixel
 */

/** The layers painted so far, by key (see Kit.layer). @type {Map<string, HTMLCanvasElement>} */
const layers = new Map();

/**
 * The kit for one paint into `ctx`, recording text boxes into `boxes`.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{ now: number, reduced: boolean, words: Words }} clock  the paint's clock and words
 * @param {TextBox[]} boxes
 * @returns {Kit}
 */
export function makeKit(ctx, { now, reduced, words }, boxes) {
  /** @type {Array<{ x: number, y: number, w: number, h: number, start: number }>} */
  const panels = [];
  /** @type {Kit["rect"]} */
  const rect = (x, y, w, h, color) => {
    ctx.fillStyle = color;
    ctx.fillRect(Math.round(x), Math.round(y), Math.round(w), Math.round(h));
  };
  /** @type {Kit["sprite"]} */
  const sprite = (rows, x, y, color, scale = 1) => {
    rows.forEach((row, j) => {
      for (let i = 0; i < row.length; i++) if (row[i] === "#") rect(x + i * scale, y + j * scale, scale, scale, color);
    });
  };
  return {
    W: WIDTH, H: HEIGHT, now, reduced, rect, sprite, t: words.t, msg: words.msg, tall: words.tall,
    clear(color = PAL.navy) { rect(0, 0, WIDTH, HEIGHT, color); },
    covers(ch) {
      const cp = ch.codePointAt(0) || 0;
      return ch.length > 0 && ((cp >= 0x20 && cp <= 0x7e && ch.length === 1) || Boolean(words.covers && words.covers(ch)));
    },
    box(x, y, w, h, color, width = 1) {
      x = Math.round(x); y = Math.round(y); w = Math.round(w); h = Math.round(h);
      ctx.fillStyle = color;
      ctx.fillRect(x, y, w, width); ctx.fillRect(x, y + h - width, w, width);
      ctx.fillRect(x, y, width, h); ctx.fillRect(x + w - width, y, width, h);
    },
    text(str, x, y, color = PAL.white, style = {}) {
      str = String(str);
      if (!str) return;
      const { w, h } = measure(str, style);
      const left = Math.round(style.align === "center" ? x - w / 2 : style.align === "right" ? x - w : x);
      const top = Math.round(y);
      const shade = style.shadow ? 1 : 0;
      boxes.push({ text: str, x: left, y: top, w: w + shade, h: h + shade });
      if (style.shadow) paintText(ctx, sprite, str, left + 1, top + 1, style.shadow, style);
      paintText(ctx, sprite, str, left, top, color, style);
    },
    textWidth(str, style = {}) { return measure(str, style).w; },
    textHeight(str, style = {}) { return measure(str, style).h; },
    layer(key, draw) {
      let canvas = layers.get(key);
      if (!canvas) {
        canvas = document.createElement("canvas");
        canvas.width = WIDTH;
        canvas.height = HEIGHT;
        const layerCtx = canvas.getContext("2d", { alpha: false });
        if (!layerCtx) throw new Error("the stage needs a 2D canvas");
        /** @type {TextBox[]} */
        const texts = [];
        draw(makeKit(layerCtx, { now, reduced, words }, texts));
        if (texts.length) throw new Error(`the layer ${key} holds text: draw it on the stage instead`);
        layers.set(key, canvas);
      }
      ctx.drawImage(canvas, 0, 0);
    },
    blink(period = 500) { return reduced || Math.floor(now / period) % 2 === 0; },
    panel(x, y, w, h) {
      panels.push({ x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h), start: boxes.length });
    },
    endPanel() {
      const open = panels.pop();
      if (!open) throw new Error("endPanel() without a panel");
      const { start, ...z } = open;
      const drawn = boxes.splice(start);
      /** @param {TextBox} b */
      const inside = (b) => b.x >= z.x && b.y >= z.y && b.x + b.w <= z.x + z.w && b.y + b.h <= z.y + z.h;
      const held = drawn.filter(inside);
      boxes.push(...drawn.filter((b) => !inside(b)));
      if (held.length) boxes.push({ text: held.map((b) => b.text).join(" "), ...z });
    },
  };
}
