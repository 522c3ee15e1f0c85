// Scene for Sevens (THUPC 2022 Final A): a dark-green table with four suit
// tracks (13 slots each, the 7s in the centre column), Bob's hand across the
// top and Alice's across the bottom, both face up.  Everything drawn comes from
// the frame: runs and hands from `state.suits` / `state.hands`, the blinking
// ends (and who holds each end card) from `state.ends`, the raised cards from
// `state.legal`, the W / D / L badges from `values`, the card in flight from
// `event`.  The pieces are in sevens/: cards.js, table.js (felt, status,
// tracks, final banner), hands.js; here, a frame at rest, a play in motion and
// the end.  Sevens also has an input tool (sevens/input-tool.js: a 4 x 13 grid of
// toggle buttons that writes Alice's hand into the textarea), which the page's
// input loads on its own (scene-loader.js), so the embed never loads it.
import { PAL, ease, lerp, phase } from "../kit/index.js";
import { face } from "./sevens/cards.js";
import { HAND, drawHands, handLayout, handY, seatLabels } from "./sevens/hands.js";
import { ROW_Y, TRACK, bannerRow, drawFelt, drawStatus, drawTracks, finalBanner, rowOf, slotX }
  from "./sevens/table.js";

/** @typedef {import("../kit/kit.js").Kit} Kit */
/** @typedef {import("../types.js").Frame} Frame */

const CHOOSE_END = 0.2;     // share of a play's tween spent showing the choice
const FLY_END = 0.65;       // share of the rest spent flying to the track

/**
 * A burst of sparks around a 7 as its suit opens (p from 0 to 1).
 * @param {Kit} g
 * @param {number} cx
 * @param {number} cy
 * @param {number} p
 */
function burst(g, cx, cy, p) {
  if (p <= 0 || p >= 1) return;
  const colors = [PAL.yellow, PAL.white, PAL.orange];
  for (let k = 0; k < 16; k++) {
    const a = (k / 16) * Math.PI * 2;
    const r = 6 + p * (k % 2 ? 30 : 22);
    const size = p < 0.7 ? 2 : 1;
    g.rect(cx + Math.cos(a) * r, cy + Math.sin(a) * r * 0.8, size, size, colors[k % 3]);
  }
  if (p < 0.3) g.box(cx - 12 - p * 20, cy - 14 - p * 20, 24 + p * 40, 28 + p * 40, PAL.white);
}

/**
 * Frame 0: S7 is down, drawn with a still "activation" star.
 * @param {Kit} g
 * @param {number} cx
 * @param {number} cy
 */
function rays(g, cx, cy) {
  // Only the four steep rays: the flat ones would cross the next slots' numbers.
  for (const k of [1, 2, 5, 6]) {
    const a = (k / 8) * Math.PI * 2 + Math.PI / 8;
    for (let d = 18; d < 26; d += 3) g.rect(cx + Math.cos(a) * d, cy + Math.sin(a) * d * 0.75, 2, 2, k % 2 ? PAL.yellow : PAL.white);
  }
}

/**
 * A frame at rest; `hot` lights the card about to be played (a play's first moment).
 * @param {Kit} g
 * @param {Frame} frame
 * @param {{ hot?: string | null }} [opts]
 */
function rest(g, frame, { hot = null } = {}) {
  const s = frame.state;
  const ev = frame.event;
  drawFelt(g);
  drawStatus(g, s);
  const over = Boolean(s.outcome);
  drawTracks(g, s, { ends: true, hot: hot ? null : ev && ev.kind === "play" ? ev.card : null, glow: over && s.outcome === "Draw" ? 1 : 0,
    cover: over ? s.suits[bannerRow(s)].suit : null });
  if (!ev) {
    const r = rowOf(s, "S");
    if (r >= 0) rays(g, slotX(7) + TRACK.w / 2, ROW_Y[r] + TRACK.h / 2);
  }
  const mover = over ? null : s.to_move;
  drawHands(g, s, { raised: new Set(s.legal), values: frame.values, mover, grey: s.stuck || null, hot });
  seatLabels(g, s, { grey: s.stuck || null });
  if (over) finalBanner(g, s);
}

/**
 * A play in motion: the choice, the card's flight to its slot, the rail unrolling
 * when it opens a suit.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame} prev
 * @param {number} t
 */
function playTween(g, frame, prev, t) {
  const s = frame.state;
  const ps = prev.state;
  const ev = frame.event;
  if (t < CHOOSE_END) {
    // The choice: the previous position with the chosen card lit up.
    rest(g, prev, { hot: ev.card });
    return;
  }
  const u = (t - CHOOSE_END) / (1 - CHOOSE_END);
  const fly = ease(Math.min(1, u / FLY_END));
  const landed = u >= FLY_END;
  const r = rowOf(s, ev.suit);
  const y = ROW_Y[r];
  const opening = ev.end === "open";
  drawFelt(g);
  drawStatus(g, s);
  let rail = null;
  if (opening) {
    // The rail unrolls both ways from the 7 once the card is down.
    const k = ease(phase(u, FLY_END, 1));
    const c = TRACK.centre;
    const half = (slotX(13) + TRACK.w + 3 - c) * k;
    rail = { suit: ev.suit, from: c - half, to: c + half, closed: k < 1 };
  }
  drawTracks(g, s, { hide: landed ? null : ev.card, rail, hot: landed ? ev.card : null,
    before: landed ? null : ps.suits[rowOf(ps, ev.suit)] });
  /** @type {Record<string, import("./sevens/hands.js").HandPlace>} */
  const from = { [ev.player]: { layout: handLayout(ps.hands[ev.player]), raised: new Set(ps.legal) } };
  const other = ev.player === "Alice" ? "Bob" : "Alice";
  from[other] = { layout: handLayout(ps.hands[other]), raised: new Set() };
  drawHands(g, s, { raised: new Set(s.legal), mover: s.to_move, from, u: fly });
  seatLabels(g, s);
  if (!landed) {
    const start = { x: /** @type {number} */ (handLayout(ps.hands[ev.player]).get(ev.card)), y: handY(g, ev.player, true) };
    const end = { x: slotX(ev.rank), y };
    const x = lerp(start.x, end.x, fly);
    const yy = lerp(start.y, end.y, fly) - Math.sin(Math.PI * fly) * 10;
    face(g, x, yy, lerp(HAND.w, TRACK.w, fly), lerp(HAND.h, TRACK.h, fly), ev.card, { hot: true });
  } else if (opening) {
    burst(g, slotX(7) + TRACK.w / 2, y + TRACK.h / 2, (u - FLY_END) / (1 - FLY_END));
  }
}

/**
 * The end in motion: the stuck player's hand shakes and greys (or the tracks
 * glow for a draw), then the final banner drops in.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {number} t
 */
function endTween(g, frame, t) {
  const s = frame.state;
  const ev = frame.event;
  drawFelt(g);
  drawStatus(g, s);
  const draw = ev.kind === "draw";
  drawTracks(g, s, { glow: draw ? t * 1.25 : 0, ends: true, cover: t > 0.55 ? s.suits[bannerRow(s)].suit : null });
  const stuck = ev.kind === "stuck" ? ev.player : null;
  drawHands(g, s, { grey: t > 0.3 ? stuck : null, shaker: stuck, shake: t * 6 });
  seatLabels(g, s, { grey: t > 0.3 ? stuck : null });
  if (t > 0.55) finalBanner(g, s, (1 - (t - 0.55) / 0.45) * 12);
}

/**
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
export function draw(g, frame, prev, t) {
  const ev = frame.event;
  const moving = prev && ev && t < 1;
  if (moving && ev.kind === "play") playTween(g, frame, prev, t);
  else if (moving && (ev.kind === "stuck" || ev.kind === "draw")) endTween(g, frame, t);
  else rest(g, frame);
}

/**
 * Square-wave notes: a ding per card pitched by its distance from 7, a low
 * boom when a suit opens, a jingle for a win and a flat chord for a draw.
 * @param {Frame} frame
 * @returns {Array<[number, number]>}
 */
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [[110, 90], [82, 140]];
  if (ev.kind === "play") {
    if (ev.end === "open") return [[98, 90], [73, 180]];
    return [[523 + Math.abs(ev.rank - 7) * 70, 70]];
  }
  if (ev.kind === "stuck") return [[523, 90], [659, 90], [784, 90], [1047, 220]];
  if (ev.kind === "draw") return [[330, 200], [311, 300]];
  return [];
}
