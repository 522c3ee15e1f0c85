// Kalah's turn in motion: the chosen cup, the stones sown pit by pit, then a
// capture flying to the bowl or two cups' piles swapping places.
import { PAL, caption, ease } from "../../kit/index.js";
import { drawBoard, outline, pitCenter, pitRect, stone } from "./board.js";
import { LANE_BADGE_Y, SIDE, drawChoices, hud, statusBar, tag, valueBadge, who } from "./hud.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("../../types.js").Frame} Frame */

/** The share of a turn's tween spent showing the choice. */
const CHOOSE_END = 0.16;

/**
 * Counts after the first `landed` stones of the sowing (from the previous frame's pits).
 * @param {number[]} prevPits
 * @param {any} ev  the sowing event
 * @param {number} landed
 */
function sownPits(prevPits, ev, landed) {
  const pits = [...prevPits];
  pits[ev.cup] = 0;
  for (let k = 0; k < landed; k++) pits[ev.path[k]] += 1;
  return pits;
}

/**
 * The stones still in hand, `frac` of the way from pit `from` to pit `to`.
 * @param {Kit} g
 * @param {number} m
 * @param {number} from
 * @param {number} to
 * @param {number} n
 * @param {number} frac
 */
function hand(g, m, from, to, n, frac) {
  const a = pitCenter(m, from);
  const b = pitCenter(m, to);
  const x = a.x + (b.x - a.x) * frac;
  const y = a.y + (b.y - a.y) * frac - Math.sin(Math.PI * frac) * 12;
  const cols = Math.min(n, 4);
  for (let k = 0; k < n; k++) {
    stone(g, x - cols * 2.5 + (k % 4) * 5, y - 6 - Math.floor(k / 4) * 5, k);
  }
}

/**
 * Where the sowing ends in the tween: earlier when a capture or a swap follows.
 * @param {string} kind
 */
function sowTiming(kind) {
  return kind === "capture" || kind === "swap" ? 0.66 : 0.86;
}

/**
 * A turn in motion: the choice, the stones sown one by one, then the capture,
 * the swap or the last stone's pit.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame} prev
 * @param {number} t
 */
export function drawSowTween(g, frame, prev, t) {
  const s = frame.state;
  const ps = prev.state;
  const ev = frame.event;
  const m = s.m;
  const sowEnd = sowTiming(ev.kind);
  statusBar(g, ps);
  hud(g, ps, ps.swaps, null, false);
  if (t < CHOOSE_END) {
    drawBoard(g, ps);
    drawChoices(g, ps, prev.values, { chosenMove: ev.move });
    outline(g, m, ev.cup, PAL.white, 2, 2);
    caption(g, g.t("ui.stage.kalah.plays", { player: who(g, ev.player), cup: ps.labels[ev.cup] }), SIDE[ev.player]);
    return;
  }
  const n = ev.path.length;
  if (t < sowEnd) {
    const u = (t - CHOOSE_END) / (sowEnd - CHOOSE_END) * n;
    const landed = Math.min(n, Math.floor(u));
    drawBoard(g, ps, { pits: sownPits(ps.pits, ev, landed) });
    if (landed > 0) outline(g, m, ev.path[landed - 1], PAL.yellow, 1, 1);
    if (landed < n) hand(g, m, landed === 0 ? ev.cup : ev.path[landed - 1], ev.path[landed], n - landed, u - landed);
    caption(g, g.t("ui.stage.kalah.sows", { player: who(g, ev.player), cup: ps.labels[ev.cup], landed, stones: n }), SIDE[ev.player]);
    return;
  }
  const v = Math.min(1, (t - sowEnd) / (1 - sowEnd));
  const sown = sownPits(ps.pits, ev, n);
  if (ev.kind === "capture") {
    const c = ev.capture;
    const [a, b] = c.stones;
    const total = c.total;
    /** @param {number} k */
    const leftAt = (k) => (k / Math.max(1, total)) * 0.6;
    const gone = Array.from({ length: total }, (_, k) => v >= leftAt(k)).filter(Boolean).length;
    const arrived = Array.from({ length: total }, (_, k) => v >= leftAt(k) + 0.4).filter(Boolean).length;
    const pits = [...sown];
    pits[c.cup] = Math.max(0, a - Math.min(gone, a));
    pits[c.opposite] = Math.max(0, b - Math.max(0, gone - a));
    pits[c.bowl] = sown[c.bowl] + arrived;
    drawBoard(g, ps, { pits });
    const flash = Math.floor(v * 8) % 2 === 0 ? PAL.red : PAL.orange;
    outline(g, m, c.cup, flash, 2, 2);
    outline(g, m, c.opposite, flash, 2, 2);
    for (let k = 0; k < total; k++) {
      const w = (v - leftAt(k)) / 0.4;
      if (w <= 0 || w >= 1) continue;
      const from = pitCenter(m, k < a ? c.cup : c.opposite);
      const to = pitCenter(m, c.bowl);
      stone(g, from.x + (to.x - from.x) * w, from.y + (to.y - from.y) * w - Math.sin(Math.PI * w) * 16, k);
    }
    caption(g, g.t("ui.stage.kalah.capture", { a, b, total }), PAL.red);
    return;
  }
  if (ev.kind === "swap") {
    const [p, q] = ev.swap.cups;
    const pits = [...sown];
    pits[p] = 0;
    pits[q] = 0;
    drawBoard(g, ps, { pits });
    const pulse = Math.floor(v * 6) % 2 === 0 ? PAL.pink : PAL.white;
    outline(g, m, p, pulse, 2, 2);
    outline(g, m, q, pulse, 2, 2);
    swapTags(g, prev, ev);
    const e = ease(v);
    pile(g, m, p, q, sown[p], e, -1);
    pile(g, m, q, p, sown[q], e, 1);
    caption(g, g.t("ui.stage.kalah.swap"), PAL.pink);
    return;
  }
  drawBoard(g, ps, { pits: sown });
  outline(g, m, ev.last, PAL.yellow, 1, 1);
  if (ev.kind === "extra") {
    const b = pitRect(m, ev.last);
    tag(g, b.x + b.w / 2, b.y + 22 - Math.round((1 - v) * 8), g.t("ui.stage.kalah.again"), PAL.yellow, { bg: PAL.plum });
  }
  caption(g, g.t("ui.stage.kalah.sows", { player: who(g, ev.player), cup: ps.labels[ev.cup], landed: n, stones: n }), SIDE[ev.player]);
}

/**
 * The values of keeping and of swapping, from the decision before the sowing:
 * the two choices of the sown cup, one without a swap and one with.
 * @param {Kit} g
 * @param {Frame} prev
 * @param {any} ev  the sowing event
 */
function swapTags(g, prev, ev) {
  const values = prev.values;
  if (!values || !prev.state.choices) return;
  /** @type {any[]} */
  const ofCup = prev.state.choices.filter((/** @type {any} */ c) => c.cup === ev.cup);
  /** @param {any} choice */
  const valueOf = (choice) => choice && values.find((x) => x.move === choice.move);
  const keep = valueOf(ofCup.find((c) => !c.swap));
  const swap = valueOf(ofCup.find((c) => c.swap));
  if (keep && swap) {
    valueBadge(g, 150, LANE_BADGE_Y, g.t("ui.stage.kalah.keep", { value: keep.text }), { best: keep.best, chosen: ev.move === keep.move });
    valueBadge(g, 234, LANE_BADGE_Y, g.t("ui.stage.kalah.swap_value", { value: swap.text }), { best: swap.best, chosen: ev.move === swap.move, border: PAL.pink });
  }
}

/**
 * A pile of `n` stones travelling from pit a to pit b along an arc (`bend` up or down).
 * @param {Kit} g
 * @param {number} m
 * @param {number} a
 * @param {number} b
 * @param {number} n
 * @param {number} e  how far, eased
 * @param {number} bend
 */
function pile(g, m, a, b, n, e, bend) {
  const A = pitCenter(m, a);
  const B = pitCenter(m, b);
  const x = A.x + (B.x - A.x) * e;
  const y = A.y + (B.y - A.y) * e + bend * Math.sin(Math.PI * e) * 24;
  for (let k = 0; k < n; k++) stone(g, x - 10 + (k % 5) * 5, y - 4 + Math.floor(k / 5) * 5, k);
}
