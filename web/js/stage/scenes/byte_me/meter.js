// Byte Me!'s meter: the dealer's total on a bar from 0 to 520, with the marks
// that matter (a byte's worth, the stop line, bust) and the target to beat.
import { PAL, arrow } from "../../kit/index.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */

const METER = { x: 304, w: 8, top: 30, bottom: 204, label: 317 };

// The scale is zoomed above the lowest mark (382), where every decision is close:
// the part below it takes LOW_SHARE of the bar, the rest the remainder.
const LOW_SHARE = 0.35;

/**
 * The bar's y for a total `v`.
 * @param {number} v
 * @param {any} m  the state's meter
 * @param {number} [topY]  the bar's top
 */
function meterY(v, m, topY = METER.top) {
  const knee = Math.min(...m.marks.map((mk) => mk.value));
  const span = METER.bottom - topY;
  const low = span * LOW_SHARE;
  const c = Math.max(m.min, Math.min(v, m.max));
  const off = c <= knee ? (c / knee) * low : low + ((c - knee) / (m.max - knee)) * (span - low);
  return Math.round(METER.bottom - off);
}

/**
 * A label beside the bar: its line(s), where it points (`y`), where it wants to
 * be and where it goes (`want`, `top`), its height.
 * @typedef {{ y: number, lines: string[], color: string, tag?: boolean, h: number, want: number, top: number }} MeterLabel
 */

/**
 * Labels beside the bar, pushed apart so they never overlap, none above `first`.
 * @param {MeterLabel[]} items
 * @param {number} first
 * @returns {MeterLabel[]}
 */
function placeLabels(items, first) {
  const sorted = [...items].sort((a, b) => a.want - b.want);
  let next = first;
  for (const it of sorted) { it.top = Math.max(it.want, next); next = it.top + it.h + 1; }
  let limit = METER.bottom + 8;
  for (let k = sorted.length - 1; k >= 0; k--) {
    const it = sorted[k];
    if (it.top + it.h > limit) it.top = limit - it.h;
    limit = it.top - 1;
  }
  return sorted;
}

/**
 * The meter with its marks, the target (dropping in at the deal) and the
 * marker at the dealer's total.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ total: number, targetDrop?: number, showTarget?: boolean, busted?: boolean }} opts
 */
export function meter(g, s, { total, targetDrop = 1, showTarget = true, busted = false }) {
  const m = s.meter;
  const { x, w } = METER;
  const top = g.tall ? 20 : 14;     // under a CJK status bar
  g.text(g.t("ui.stage.byte_me.total"), 300, top, PAL.silver);
  g.text(String(Math.round(total)), g.W - 3, top + (g.tall ? 4 : 0), busted ? PAL.red : PAL.white, { align: "right" });
  // Under a CJK label (16 px) the bar starts lower.
  const barTop = g.tall ? 40 : METER.top;
  g.rect(x - 1, barTop - 1, w + 2, METER.bottom - barTop + 2, PAL.silver);
  g.rect(x, barTop, w, METER.bottom - barTop, PAL.black);
  const ty = meterY(total, m, barTop);
  g.rect(x, ty, w, METER.bottom - ty, busted ? PAL.red : PAL.green);
  const colors = { byte: PAL.blue, stop: PAL.orange, bust: PAL.red };
  const items = m.marks.map((mk) => ({ y: meterY(mk.value, m, barTop), lines: [String(mk.value)], color: colors[mk.kind] || PAL.white }));
  items.push({ y: METER.bottom, lines: [String(m.min)], color: PAL.silver });
  if (showTarget) {
    const final = meterY(m.target.value, m, barTop);
    const ty2 = Math.round(barTop - 6 + (final - barTop + 6) * targetDrop);
    // The felt shows the whole label; the tag keeps its first and last words.
    const words = m.target.label.split(" ");
    let short = words.length > 2 ? `${words[0]} ${words[words.length - 1]}` : m.target.label;
    // A tag wider than the room right of the bar keeps its first word (its place gives the value).
    if (g.textWidth(short) + 3 > g.W - METER.label) short = words[0];
    items.push({ y: ty2, lines: [short], color: PAL.yellow, tag: true });
  }
  for (const it of items) {
    const lineH = Math.max(...it.lines.map((line) => g.textHeight(line))) + 1;
    it.h = it.lines.length * lineH - 1 + (it.tag ? 2 : 0);
    it.want = it.y - Math.floor(it.h / 2);
  }
  for (const it of placeLabels(items, barTop - 4)) {
    const mid = it.top + Math.floor(it.h / 2);
    g.rect(x - 1, it.y, w + 2 + (it.tag ? 0 : 2), it.tag ? 2 : 1, it.color);
    // Leader from the bar to the label.
    g.rect(x + w + 1, it.y, 2, 1, it.color);
    g.rect(x + w + 2, Math.min(it.y, mid), 1, Math.abs(mid - it.y) + 1, it.color);
    g.rect(x + w + 2, mid, METER.label - x - w - 2, 1, it.color);
    if (it.tag) {
      const tw = Math.max(...it.lines.map((l) => g.textWidth(l))) + 3;
      g.rect(METER.label, it.top, tw, it.h + 1, PAL.yellow);
      it.lines.forEach((line, k) => g.text(line, METER.label + 2, it.top + 1 + k * (g.textHeight(line) + 1), PAL.black));
    } else {
      g.text(it.lines[0], METER.label + 1, it.top, it.color);
    }
  }
  // The marker: a white arrow at the dealer's total (an overflow shows above the bar).
  arrow(g, x - 3, ty, "right", PAL.white);
  if (total > m.max) arrow(g, x + w / 2, barTop - 6, "up", PAL.red);
}
