// Explore's plots, drawn in the page's pixel style: a small fixed logical canvas
// (scaled by an integer factor), the Press Start 2P font at 8 px and the palette
// of renderer.js.  `drawPlot` returns the hit regions (bars, segments, points,
// cells) with the example path each one opens.  A language set in the 16 px CJK face
// gets a taller canvas (plotHeight), its title, legend, ticks and axis name each on
// a 16 px line of their own.
import { PAL } from "../stage/renderer.js";
import { keyOrder, sortedKeys } from "./aggregate.js";
import { measure, paintText } from "../stage/kit/text.js";
import { stageWords, t } from "../i18n/i18n.js";

/** A plot's width in logical pixels. */
export const PW = 176;
/** A plot's height in logical pixels (in a language set in 8 px letters). */
export const PH = 120;
const LEFT = 34;
const RIGHT = PW - 4;

/**
 * The plot's lines, top to bottom, for 8 px letters or 16 px CJK ones (`y`: where an 8 px
 * text's top goes; a 16 px one is centred on the same middle).
 * @typedef {{h: number, title: number, legend: number, swatch: number, top: number,
 *   bare: number, bottom: number, tick: number, axis: number}} Layout
 */
/** @type {Layout} */
const SHORT = { h: PH, title: 2, legend: 12, swatch: 13, top: 22, bare: 14, bottom: PH - 22, tick: PH - 19, axis: PH - 9 };
const TALL_H = 144;
/** @type {Layout} */
const TALL = { h: TALL_H, title: 7, legend: 25, swatch: 26, top: 38, bare: 22, bottom: TALL_H - 36, tick: TALL_H - 29, axis: TALL_H - 13 };
let L = SHORT;

/**
 * A plot's height in logical pixels in the language shown now.
 * @returns {number}
 */
export function plotHeight() {
  return stageWords.tall ? TALL_H : PH;
}

/** @param {string} str @returns {number} its width in 8 px cells' pixels */
const textWidth = (str) => measure(str, { size: 8 }).w;
const SERIES = [PAL.green, PAL.red, PAL.orange, PAL.blue, PAL.pink, PAL.yellow, PAL.lavender,
  PAL.peach, PAL.brown, PAL.silver, PAL.plum, PAL.forest];
// Outcome names that read best in a colour of their own (display only, no rules).
const NAMED = {
  won: PAL.green, lost: PAL.red, "Win!": PAL.green, "Bust!": PAL.red, "Lose!": PAL.orange,
  Alice: PAL.blue, Bob: PAL.pink, Draw: PAL.yellow, "+": PAL.green, "0": PAL.yellow, "-": PAL.red,
  swap: PAL.orange, "no swap": PAL.lavender, "1st": PAL.blue, tie: PAL.yellow, "2nd": PAL.pink,
};
const HEAT = [PAL.navy, PAL.plum, PAL.red, PAL.orange, PAL.yellow, PAL.white];

/**
 * The colour of a class key (a palette colour by its place otherwise).
 * @param {string} key
 * @param {number} index
 * @returns {string}
 */
export function colorOf(key, index) {
  return NAMED[key] || SERIES[index % SERIES.length];
}

/**
 * A count in a few characters ("12k").
 * @param {number} n
 * @returns {string}
 */
export function abbreviate(n) {
  if (n < 1000) return String(n);
  if (n < 1e6) return `${(n / 1000).toFixed(n < 1e4 ? 1 : 0)}k`;
  return `${(n / 1e6).toFixed(1)}M`;
}

// How a reader sees a class or a bucket that is a word (the study's class_labels).
let names = {};
const named = (key) => names[key] || key;

const pct = (share) => `${Math.round(share * 100)}%`;

function kit(ctx) {
  const g = {
    rect(x, y, w, h, color) { ctx.fillStyle = color; ctx.fillRect(Math.round(x), Math.round(y), Math.max(1, Math.round(w)), Math.max(1, Math.round(h))); },
    // Set as the stage sets a text (stage/kit/text.js: CJK in Unifont's 16 px glyphs).
    text(str, x, y, color = PAL.white, align = "left") {
      const { w, h } = measure(str, { size: 8 });
      const left = align === "center" ? x - w / 2 : align === "right" ? x - w : x;
      // A 16 px CJK line keeps its middle where the 8 px line's middle was.
      paintText(ctx, () => {}, str, Math.round(left), Math.round(y - (h - 8) / 2), color, { size: 8 });
    },
    // A 1-pixel line, pixel by pixel (Bresenham), so it stays crisp when scaled.
    line(x0, y0, x1, y1, color) {
      ctx.fillStyle = color;
      x0 = Math.round(x0); y0 = Math.round(y0); x1 = Math.round(x1); y1 = Math.round(y1);
      const dx = Math.abs(x1 - x0);
      const dy = -Math.abs(y1 - y0);
      const sx = x0 < x1 ? 1 : -1;
      const sy = y0 < y1 ? 1 : -1;
      let err = dx + dy;
      for (;;) {
        ctx.fillRect(x0, y0, 1, 1);
        if (x0 === x1 && y0 === y1) break;
        const e2 = 2 * err;
        if (e2 >= dy) { err += dy; x0 += sx; }
        if (e2 <= dx) { err += dx; y0 += sy; }
      }
    },
  };
  return g;
}

// At most `chars` cells of 8 px (a wide CJK glyph takes two), cut with a "." when longer.
function clip(str, chars) {
  if (measure(str, { size: 8 }).w <= chars * 8) return str;
  let out = [...str];
  while (out.length > 1 && measure(`${out.join("")}.`, { size: 8 }).w > chars * 8) out = out.slice(0, -1);
  return `${out.join("")}.`;
}

function frame(g, plot, top, yTop, yBottom = "0") {
  const BOTTOM = L.bottom;
  g.rect(0, 0, PW, L.h, PAL.navy);
  g.text(clip(plot.title.toUpperCase(), 22), 2, L.title, PAL.yellow);
  g.rect(LEFT - 1, top, 1, BOTTOM - top + 1, PAL.silver);
  g.rect(LEFT - 1, BOTTOM, RIGHT - LEFT + 1, 1, PAL.silver);
  g.text(clip(yTop, 4), LEFT - 3, top, PAL.silver, "right");
  g.text(yBottom, LEFT - 3, BOTTOM - 7, PAL.silver, "right");
  if (plot.x) g.text(clip(plot.x, 21), (LEFT + RIGHT) / 2, L.axis, PAL.silver, "center");
}

function legend(g, keys, colors) {
  let x = 2;
  for (const [k, key] of keys.entries()) {
    const label = clip(named(key), 6);
    const w = 8 + textWidth(label) + 6;
    if (x + w - 6 > PW) break;
    g.rect(x, L.swatch, 6, 6, colors[k]);
    g.text(label, x + 8, L.legend, PAL.white);
    x += w;
  }
}

// x labels: the first, the last and (room allowing) the middle bucket, under their centres.
function xLabels(g, labels, centre) {
  const picks = labels.length <= 1 ? [0] : [0, labels.length - 1];
  if (labels.length > 4) picks.splice(1, 0, Math.floor((labels.length - 1) / 2));
  const room = Math.floor((RIGHT - LEFT) / labels.length / 8);
  if (labels.length <= 8 && labels.every((l) => textWidth(named(l)) <= (room + 1) * 8)) {
    picks.splice(0, picks.length, ...labels.keys());
  }
  for (const k of picks) tick(g, clip(named(labels[k]), Math.max(5, room)), centre(k));
}

// A label centred under x, kept inside the canvas.
function tick(g, label, x) {
  const half = textWidth(label) / 2;
  g.text(label, Math.min(PW - half, Math.max(half, x)), L.tick, PAL.white, "center");
}

const sum = (obj) => Object.values(obj).reduce((a, b) => a + b, 0);
const pathOf = (plot, ...keys) => [...plot.source.split("."), ...keys].join("/");

function drawBars(g, plot, data, classes, regions, filled) {
  let keys = sortedKeys(data, classes);
  if (filled && keys.length) {
    const lo = Number(keys[0]);
    const hi = Number(keys[keys.length - 1]);
    keys = Array.from({ length: hi - lo + 1 }, (_, k) => String(lo + k));
  }
  const counts = keys.map((k) => data[k] || 0);
  const total = counts.reduce((a, b) => a + b, 0);
  const top = Math.max(1, ...counts);
  const BOTTOM = L.bottom;
  const areaTop = filled ? L.bare : L.top;
  frame(g, plot, areaTop, filled ? abbreviate(top) : pct(top / Math.max(1, total)));
  if (!keys.length) return;
  const slot = (RIGHT - LEFT) / keys.length;
  const width = filled ? Math.max(1, Math.floor(slot) - (slot >= 4 ? 1 : 0)) : Math.min(40, Math.floor(slot) - 6);
  keys.forEach((key, k) => {
    const h = Math.round(((BOTTOM - areaTop - 1) * counts[k]) / top);
    const x = LEFT + Math.floor(k * slot + (slot - width) / 2);
    g.rect(x, BOTTOM - h, width, h, filled ? PAL.blue : colorOf(key, k));
    if (!filled) g.text(pct(counts[k] / Math.max(1, total)), x + width / 2, BOTTOM - h - 9, PAL.white, "center");
    if (counts[k]) regions.push({ x, y: Math.min(BOTTOM - h, BOTTOM - 4), w: Math.max(width, 2), h: Math.max(h, 4), path: pathOf(plot, key), label: `${named(key)}: ${counts[k]}` });
  });
  xLabels(g, keys, (k) => LEFT + k * slot + slot / 2);
}

// Groups (outer keys) with their classes (inner keys), and every inner key in order.
function nested(data, classes) {
  const groups = sortedKeys(data, classes);
  const inner = new Set();
  for (const grp of groups) for (const key of Object.keys(data[grp])) inner.add(key);
  return { groups, inner: [...inner].sort(keyOrder(classes)) };
}

function point(g, x, y, color, regions, path, label) {
  g.rect(x - 1, y - 1, 3, 3, color);
  regions.push({ x: x - 3, y: y - 3, w: 7, h: 7, path, label });
}

function drawRateLines(g, plot, data, classes, regions) {
  const { groups, inner } = nested(data, classes);
  const colors = inner.map((key, k) => colorOf(key, k));
  const BOTTOM = L.bottom;
  frame(g, plot, L.top, "100%");
  legend(g, inner, colors);
  if (!groups.length) return;
  const step = groups.length > 1 ? (RIGHT - LEFT - 8) / (groups.length - 1) : 0;
  const xOf = (k) => LEFT + 4 + k * step;
  const yOf = (share) => BOTTOM - 1 - share * (BOTTOM - L.top - 1);
  inner.forEach((cls, c) => {
    let prev = null;
    groups.forEach((grp, k) => {
      const total = sum(data[grp]);
      const share = total ? (data[grp][cls] || 0) / total : 0;
      const at = [xOf(k), yOf(share)];
      if (prev) g.line(prev[0], prev[1], at[0], at[1], colors[c]);
      prev = at;
    });
    groups.forEach((grp, k) => {
      const total = sum(data[grp]);
      const n = data[grp][cls] || 0;
      if (n) point(g, xOf(k), yOf(n / total), colors[c], regions, pathOf(plot, grp, cls), `${plot.x} ${named(grp)}, ${named(cls)}: ${pct(n / total)}`);
    });
  });
  xLabels(g, groups, xOf);
}

function drawDistLines(g, plot, data, classes, regions) {
  const { groups, inner } = nested(data, classes);
  const colors = groups.map((_key, k) => SERIES[k % SERIES.length]);
  const buckets = inner.map(Number);
  const lo = Math.min(...buckets);
  const hi = Math.max(...buckets);
  let top = 0;
  for (const grp of groups) {
    const total = sum(data[grp]);
    for (const n of Object.values(data[grp])) top = Math.max(top, n / total);
  }
  const BOTTOM = L.bottom;
  frame(g, plot, L.top, pct(top || 1));
  legend(g, groups, colors);
  if (!groups.length) return;
  const xOf = (v) => LEFT + 3 + (hi > lo ? ((v - lo) * (RIGHT - LEFT - 6)) / (hi - lo) : (RIGHT - LEFT) / 2);
  const yOf = (share) => BOTTOM - 1 - (share / (top || 1)) * (BOTTOM - L.top - 1);
  groups.forEach((grp, k) => {
    const total = sum(data[grp]);
    let prev = null;
    for (let v = lo; v <= hi; v++) {
      const at = [xOf(v), yOf((data[grp][String(v)] || 0) / total)];
      if (prev) g.line(prev[0], prev[1], at[0], at[1], colors[k]);
      prev = at;
    }
    for (let v = lo; v <= hi; v++) {
      const n = data[grp][String(v)] || 0;
      if (n) point(g, xOf(v), yOf(n / total), colors[k], regions, pathOf(plot, grp, String(v)), `${named(grp)}, ${v}: ${pct(n / total)}`);
    }
  });
  const labels = [String(lo), String(hi)];
  if (lo < 0 && hi > 0) labels.splice(1, 0, "0");
  for (const l of labels) tick(g, l, xOf(Number(l)));
}

function drawStacked(g, plot, data, classes, regions) {
  const { groups, inner } = nested(data, classes);
  const colors = inner.map((key, k) => colorOf(key, k));
  const BOTTOM = L.bottom;
  frame(g, plot, L.top, "100%");
  legend(g, inner, colors);
  if (!groups.length) return;
  const slot = (RIGHT - LEFT) / groups.length;
  const width = Math.min(40, Math.floor(slot) - 4);
  const height = BOTTOM - L.top - 1;
  groups.forEach((grp, k) => {
    const total = sum(data[grp]);
    const x = LEFT + Math.floor(k * slot + (slot - width) / 2);
    let y = BOTTOM;
    inner.forEach((cls, c) => {
      const n = data[grp][cls] || 0;
      if (!n) return;
      const h = Math.round((height * n) / total);
      g.rect(x, y - h, width, h, colors[c]);
      regions.push({ x, y: y - h, w: width, h: Math.max(h, 2), path: pathOf(plot, grp, cls), label: `${named(grp)}, ${named(cls)}: ${pct(n / total)}` });
      y -= h;
    });
  });
  xLabels(g, groups, (k) => LEFT + k * slot + slot / 2);
}

function drawHeatmap(g, plot, data, classes, regions) {
  const { groups, inner } = nested(data, classes);
  const buckets = inner.map(Number);
  const lo = Math.min(...buckets);
  const hi = Math.max(...buckets);
  const BOTTOM = L.bottom;
  frame(g, plot, L.bare, named(groups[groups.length - 1] || ""), named(groups[0] || ""));
  if (!groups.length) return;
  let top = 0;
  for (const grp of groups) {
    const total = sum(data[grp]);
    for (const n of Object.values(data[grp])) top = Math.max(top, n / total);
  }
  const cols = hi - lo + 1;
  const cw = (RIGHT - LEFT) / cols;
  const ch = (BOTTOM - L.bare - 1) / groups.length;
  groups.forEach((grp, r) => {
    const total = sum(data[grp]);
    const y = BOTTOM - (r + 1) * ch;
    for (let v = lo; v <= hi; v++) {
      const n = data[grp][String(v)] || 0;
      if (!n) continue;
      const level = 1 + Math.min(HEAT.length - 2, Math.floor(((n / total) / top) * (HEAT.length - 1)));
      const x = LEFT + (v - lo) * cw;
      g.rect(x, y, Math.ceil(cw), Math.ceil(ch), HEAT[level]);
      regions.push({ x, y, w: Math.max(2, cw), h: Math.max(2, ch), path: pathOf(plot, grp, String(v)), label: `${plot.y} ${named(grp)}, ${v}: ${pct(n / total)}` });
    }
  });
  const labels = [String(lo), String(hi)];
  if (lo < 0 && hi > 0) labels.splice(1, 0, "0");
  for (const l of labels) tick(g, l, LEFT + (Number(l) - lo + 0.5) * cw);
}

const DRAW = {
  bars: (g, p, d, c, r) => drawBars(g, p, d, c, r, false),
  histogram: (g, p, d, c, r) => drawBars(g, p, d, c, r, true),
  rate_lines: drawRateLines, dist_lines: drawDistLines, stacked: drawStacked, heatmap: drawHeatmap,
};

/**
 * Draws `plot` from the result's table; returns the hit regions in logical pixels.
 * @param {CanvasRenderingContext2D} ctx
 * @param {any} plot
 * @param {any} data
 * @param {string[]} classes
 * @param {Record<string, string>} [labels] how a reader sees a class or bucket that is a word
 */
export function drawPlot(ctx, plot, data, classes, labels = {}) {
  ctx.imageSmoothingEnabled = false;
  L = ctx.canvas.height === TALL_H ? TALL : SHORT;
  names = labels || {};
  const g = kit(ctx);
  const regions = [];
  (DRAW[plot.kind] || DRAW.bars)(g, plot, data || {}, classes, regions);
  // Before a run (or a study with nothing to show yet) the axes say why they are bare.
  if (regions.length === 0) g.text(t("ui.explore.no_deals"), (LEFT + RIGHT) / 2, L.bottom / 2, PAL.silver, "center");
  return regions;
}

/**
 * Outlines a hit region.
 * @param {CanvasRenderingContext2D} ctx
 * @param {any} region
 */
export function highlight(ctx, region) {
  const g = kit(ctx);
  const { x, y, w, h } = region;
  g.rect(x - 1, y - 1, w + 2, 1, PAL.white);
  g.rect(x - 1, y + h, w + 2, 1, PAL.white);
  g.rect(x - 1, y - 1, 1, h + 2, PAL.white);
  g.rect(x + w, y - 1, 1, h + 2, PAL.white);
}
