// The pieces two or more scenes draw the same way: status strips, banners and
// their plates, badges, cards face up and face down, tiles, pixel arrows, and a
// line of parts with dots between them.  Each takes the paint's kit `g` first.
import { HEIGHT, PAL, SHADOW, WIDTH } from "./basics.js";

/** @typedef {import("./kit.js").Kit} Kit */
/** A text in coloured parts: [text, colour] pairs, set one after another. @typedef {Array<[string, string]>} Parts */

/**
 * A strip across the stage (a status bar, a caption bar) whose texts, drawn by
 * `draw`, read as one panel.
 * @param {Kit} g
 * @param {number} y  top
 * @param {number} h  height
 * @param {() => void} draw  draws what the strip holds
 */
export function strip(g, y, h, draw) {
  g.rect(0, y, WIDTH, h, PAL.black);
  g.panel(0, y, WIDTH, h);
  draw();
  g.endPanel();
}

/**
 * One line at the foot of the stage, centred on a black strip.
 * @param {Kit} g
 * @param {string} text  (cut to the width the strip holds: 47 characters of the 8 px font)
 * @param {string} [color]
 */
export function caption(g, text, color = PAL.white) {
  const line = fit(g, text, 47 * 8);
  // A CJK line (16 px) on a strip 2 px shorter, so what sits just above it keeps its room.
  if (g.tall) strip(g, 198, 18, () => g.text(line, WIDTH / 2, 199, color, { align: "center" }));
  else strip(g, 196, 20, () => g.text(line, WIDTH / 2, 202, color, { align: "center" }));
}

/**
 * A text cut to at most `width` stage pixels as the kit sets it (a CJK character is two
 * cells of the 8 px font).
 * @param {Kit} g
 * @param {string} text
 * @param {number} width
 */
export function fit(g, text, width) {
  if (g.textWidth(text) <= width) return text;
  let out = "";
  for (const ch of text) {
    if (g.textWidth(out + ch) > width) break;
    out += ch;
  }
  return out;
}

/**
 * How tall a status bar made `h` px tall for the 8 px font is in the language shown: a
 * CJK line needs 16 px (its texts' top goes 1 px down).
 * @param {Kit} g
 * @param {number} h
 */
export function barHeight(g, h) {
  return g.tall ? Math.max(h, 18) : h;
}

/**
 * Groups of coloured parts on one line, centred on `cx`, with a 2 x 2 dot in the
 * middle of the `gap` between two groups: "AXEL 3 . BIRGIT 2".
 * @param {Kit} g
 * @param {Parts[]} groups
 * @param {number} cx
 * @param {number} y  the texts' top
 * @param {{ gap?: number, dotY?: number }} [opts]  dotY: the dot's offset below `y`
 */
export function spaced(g, groups, cx, y, { gap = 12, dotY = 2 } = {}) {
  const widths = groups.map((parts) => parts.reduce((n, [text]) => n + g.textWidth(text), 0));
  // On a line with CJK (16 px) a Latin part (8 px) sits in the line's middle, as in a mixed text.
  const lineH = Math.max(...groups.flat().map(([text]) => g.textHeight(text)));
  let x = Math.round(cx - (widths.reduce((a, b) => a + b, 0) + gap * (groups.length - 1)) / 2);
  groups.forEach((parts, k) => {
    if (k) {
      g.rect(x + (gap - 2) / 2, y + dotY, 2, 2, PAL.silver);
      x += gap;
    }
    for (const [text, color] of parts) {
      g.text(text, x, y + (lineH - g.textHeight(text)) / 2, color);
      x += g.textWidth(text);
    }
  });
}

/**
 * A banner's plate: a drop shadow `drop` px down and right, the fill, a 2 px frame.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} color  the frame's colour
 * @param {{ fill?: string, drop?: number }} [opts]
 */
export function plate(g, x, y, w, h, color, { fill = PAL.navy, drop = 3 } = {}) {
  if (drop) g.rect(x + drop, y + drop, w, h, PAL.black);
  g.rect(x, y, w, h, fill);
  g.box(x, y, w, h, color, 2);
}

/**
 * Where a banner goes and how it is set.
 * @typedef {Object} BannerOptions
 * @property {number} [y]  top (default: centred on the stage)
 * @property {number} [cx]  the centre of the title and the line (default: the stage's centre)
 * @property {number | null} [x]  the left end instead, for a banner with the line beside the title
 * @property {string | Parts | null} [sub]  the line under the title (or beside it), in one colour or in parts
 * @property {string} [subColor]  the line's colour when it is one string
 * @property {string} [titleColor]  (default: the frame's colour)
 * @property {string | null} [titleShadow]
 * @property {string | null} [band]  a band of this colour behind the line, 3 px wider each side
 * @property {number | null} [beside]  set the line beside the title, this many px after it
 * @property {number} [pad]  the plate's width beyond the title or line
 * @property {number} [h]  the plate's height
 * @property {number} [titleY]  the title's top, from the plate's top
 * @property {number} [subY]  the line's top, from the plate's top
 * @property {string} [fill]
 * @property {number} [drop]
 * @property {boolean} [panel]  its texts (and plate) read as one text panel; false leaves them
 *   each its own box, for a banner that sits a pixel from other texts
 */

/**
 * A title in the large font over (or beside) one line of text, on a plate; its
 * texts read as one panel (unless `panel` is false).  The games' final banners.
 * @param {Kit} g
 * @param {string} title
 * @param {string} color  the frame's colour (and the title's, unless `titleColor`)
 * @param {BannerOptions} [opts]
 */
export function banner(g, title, color, {
  y = HEIGHT / 2 - 14, cx = WIDTH / 2, x = null, sub = null, subColor = PAL.white, titleColor = color,
  titleShadow = null, band = null, beside = null, pad = 24, h = sub ? 40 : 28, titleY = 6, subY = 26,
  fill = PAL.navy, drop = 3, panel = true,
} = {}) {
  /** @type {Parts} */
  const parts = sub === null ? [] : typeof sub === "string" ? [[sub, subColor]] : sub;
  const big = { size: 16, shadow: titleShadow };
  const tw = g.textWidth(title, big);
  const lw = parts.reduce((n, [text]) => n + g.textWidth(text), 0) + (band ? 6 : 0);
  const w = (beside === null ? Math.max(tw, lw) : tw + beside + lw) + pad;
  const left = x === null ? Math.round(cx - w / 2) : x;
  plate(g, left, y, w, h, color, { fill, drop });
  if (panel) g.panel(left, y, w + drop, h + drop);
  if (beside === null) g.text(title, cx, y + titleY, titleColor, { ...big, align: "center" });
  else g.text(title, left + pad / 2, y + titleY, titleColor, big);
  let lx = beside === null ? Math.round(cx - lw / 2) : left + pad / 2 + tw + beside;
  if (band) {
    g.rect(lx, y + subY - 1, lw, Math.max(8, ...parts.map(([text]) => g.textHeight(text))) + 1, band);
    lx += 3;
  }
  const lineH = Math.max(0, ...parts.map(([text]) => g.textHeight(text)));
  for (const [text, ink] of parts) {
    g.text(text, lx, y + subY + (lineH - g.textHeight(text)) / 2, ink);
    lx += g.textWidth(text);
  }
  if (panel) g.endPanel();
}

/**
 * A label on a filled plate (a move's value, a score, a name tag).
 * @param {Kit} g
 * @param {number} x  the plate's left end
 * @param {number} y  the plate's top
 * @param {string} text
 * @param {{ ink?: string, fill?: string, border?: string | null, w?: number, h?: number,
 *   padX?: number, padY?: number, drop?: number }} [opts]  drop: a black shadow this many px down and right
 * @returns {number} the plate's width
 */
export function badge(g, x, y, text, { ink = PAL.white, fill = PAL.navy, border = null, w = 0, h = 11, padX = 3,
  padY = 2, drop = 0 } = {}) {
  const th = g.textHeight(text);
  if (th > 8) {
    // A CJK label (16 px): the plate grows round it, keeping its top.
    h = Math.max(h, th + 2);
    padY = Math.floor((h - th) / 2);
  }
  const width = w || g.textWidth(text) + 2 * padX;
  if (drop) g.rect(x + drop, y + drop, width, h, PAL.black);
  g.rect(x, y, width, h, fill);
  if (border) g.box(x, y, width, h, border);
  g.text(text, x + padX, y + padY, ink);
  return width;
}

/**
 * A card's blank: its shadow ("soft": 1 px down and right at 45 %; "hard": black,
 * 1 px right and 2 down), its face and its edge.  The scene draws what is on it.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {{ face?: string, edge?: string, shadow?: "soft" | "hard" | null }} [opts]
 */
export function card(g, x, y, w, h, { face = PAL.white, edge = PAL.slate, shadow = "soft" } = {}) {
  if (shadow === "soft") g.rect(x + 1, y + 1, w, h, SHADOW);
  else if (shadow === "hard") g.rect(x + 1, y + 2, w, h, PAL.black);
  g.rect(x, y, w, h, face);
  g.box(x, y, w, h, edge);
}

/**
 * A card face down: filled, edged, and marked with a checked pattern (`check`)
 * or an inner frame `inset` px in (`frame`); `drop` adds a hard shadow.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {{ fill: string, border: string, frame?: string | null, inset?: number, check?: string | null,
 *   drop?: boolean }} look
 */
export function backCard(g, x, y, w, h, { fill, border, frame = null, inset = 3, check = null, drop = false }) {
  if (drop) g.rect(x + 1, y + 2, w, h, PAL.black);
  g.rect(x, y, w, h, fill);
  if (check) {
    for (let yy = 2; yy < h - 2; yy += 2) {
      for (let xx = 2 + ((yy / 2) % 2) * 2; xx < w - 2; xx += 4) g.rect(x + xx, y + yy, 2, 2, check);
    }
  }
  g.box(x, y, w, h, border);
  if (frame) g.box(x + inset, y + inset, w - 2 * inset, h - 2 * inset, frame);
}

/**
 * A card-like tile with a centred label; the whole tile counts as the label's
 * box (text over a card hides it).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string | number} label
 * @param {{ bg?: string, fg?: string, border?: string }} [look]
 */
export function tile(g, x, y, w, h, label, { bg = PAL.white, fg = PAL.black, border = PAL.slate } = {}) {
  g.rect(x, y, w, h, bg);
  g.box(x, y, w, h, border);
  g.panel(x, y, w, h);
  g.text(String(label), x + w / 2, y + (h - 8) / 2 + 1, fg, { align: "center" });
  g.endPanel();
}

/**
 * A solid pixel arrowhead 4 px deep, pointing `dir`, its tip's top left pixel at
 * (x, y); the tip is `apex` px wide (its base 6 px wider).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {"up" | "down" | "right"} dir
 * @param {string} color
 * @param {{ apex?: number }} [opts]
 */
export function arrow(g, x, y, dir, color, { apex = 1 } = {}) {
  for (let d = 0; d < 4; d++) {
    if (dir === "right") g.rect(x - d, y - d, 1, 2 * d + apex, color);
    else g.rect(x - d, dir === "up" ? y + d : y - d, 2 * d + apex, 1, color);
  }
}
