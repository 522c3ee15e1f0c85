// Sevens' table: the felt, the status bar, the four suit tracks (13 slots each,
// the 7s in the centre column) with their rails, the blinking ends, and the
// final banner that lies on one track.
import { FONT_3X5, PAL, SHADOW, SUITS, banner, barHeight, fade, spaced, strip } from "../../kit/index.js";
import { PLAYER, face, suitColor } from "./cards.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */

const FELT = "#0c4527";
const FELT_DOT = "#0a3d22";
const RAIL = "#062a16";
const RAIL_EDGE = "#2b8a52";
const SLOT = "#1e6b41";
const SLOT_7 = "#3aa56a";
const SHUT = "#14532f";

const STATUS_H = 11;
/** A track card's size, the slots' pitch and the 7s' column. */
export const TRACK = { w: 19, h: 24, pitch: 21, centre: 192 };
/** The tops of the four tracks. */
export const ROW_Y = [54, 83, 112, 141];
const ICON_X = 38;
const RUN_X = 4;

/** The left end of rank `rank`'s slot. @param {number} rank */
export function slotX(rank) { return TRACK.centre + (rank - 7) * TRACK.pitch - (TRACK.w - 1) / 2; }

/**
 * The track a suit lies on.
 * @param {any} s  the frame's state
 * @param {string} suit
 * @returns {number}
 */
export function rowOf(s, suit) { return s.suits.findIndex((/** @type {any} */ x) => x.suit === suit); }

/**
 * The dotted felt and its edge: some 5000 dots, so painted once as a layer and copied.
 * @param {Kit} g
 */
export function drawFelt(g) {
  g.layer("sevens felt", (felt) => {
    felt.clear(FELT);
    for (let y = STATUS_H + 2; y < felt.H; y += 4) {
      for (let x = (y / 4) % 2 ? 2 : 0; x < felt.W; x += 4) felt.rect(x, y, 1, 1, FELT_DOT);
    }
    felt.box(0, STATUS_H, felt.W, felt.H - STATUS_H, "#06301a", 2);
  });
}

// "Alice to move . cards left A 13 / B 12 . legal: 3", with pixel dots between
// the parts so it fits the 384 px bar.
/**
 * @param {Kit} g
 * @param {any} s  the frame's state
 */
export function drawStatus(g, s) {
  const hands = s.hands;
  /** @type {Array<Array<[string, string]>>} */
  const parts = [];
  if (s.outcome) {
    // The end: why the game ended (the banner on the table gives the verdict).
    const reason = bannerParts(g, s).reason;
    parts.push([[reason || g.t("ui.stage.sevens.game_over"), PAL.yellow]]);
  } else {
    // The player's name in their colour, the rest of the words around it in white.
    const [before, ...after] = g.t("ui.stage.sevens.to_move", { player: s.to_move }).split(s.to_move);
    parts.push(/** @type {Array<[string, string]>} */ ([[before, PAL.white], [s.to_move, PLAYER[s.to_move]], [after.join(s.to_move), PAL.white]])
      .filter(([text]) => text));
    parts.push([[g.t("ui.stage.sevens.cards_left", { alice: hands.Alice.length, bob: hands.Bob.length }), PAL.white]]);
    parts.push([[g.t("ui.stage.sevens.legal", { moves: s.legal.length }), s.legal.length ? PAL.white : s.stuck ? PAL.red : PAL.silver]]);
  }
  strip(g, 0, barHeight(g, STATUS_H), () => spaced(g, parts, g.W / 2, g.tall ? 1 : 2, { dotY: g.tall ? 7 : 2 }));
}

// A track's rail: the strip under an open suit's 13 slots.  `from`/`to` in
// pixels let the rail unroll from the centre when the 7 comes down.
/**
 * @param {Kit} g
 * @param {number} y  the track's top
 * @param {number} [from]
 * @param {number} [to]
 * @param {boolean} [glow]
 */
function drawRail(g, y, from = slotX(1) - 3, to = slotX(13) + TRACK.w + 3, glow = false) {
  if (to <= from) return;
  g.rect(from, y - 2, to - from, TRACK.h + 4, RAIL);
  g.rect(from, y - 3, to - from, 1, glow ? PAL.yellow : RAIL_EDGE);
  g.rect(from, y + TRACK.h + 2, to - from, 1, glow ? PAL.yellow : RAIL_EDGE);
  if (glow) {
    g.rect(from, y - 4, to - from, 1, fade(PAL.yellow, 0.5));
    g.rect(from, y + TRACK.h + 3, to - from, 1, fade(PAL.yellow, 0.5));
  }
}

/**
 * A dotted outline: every other pixel.
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {string} color
 */
function dotted(g, x, y, w, h, color) {
  for (let i = 0; i < w; i += 2) { g.rect(x + i, y, 1, 1, color); g.rect(x + i, y + h - 1, 1, 1, color); }
  for (let j = 0; j < h; j += 2) { g.rect(x, y + j, 1, 1, color); g.rect(x + w - 1, y + j, 1, 1, color); }
}

/**
 * A free slot: outlined and numbered on an open track, dotted on a shut one.
 * @param {Kit} g
 * @param {number} rank
 * @param {number} y
 * @param {boolean} open
 */
function emptySlot(g, rank, y, open) {
  const x = slotX(rank);
  const seven = rank === 7;
  if (open) {
    g.box(x, y, TRACK.w, TRACK.h, seven ? SLOT_7 : SLOT);
    const label = String(rank);
    const tiny = { font: FONT_3X5 };
    g.text(label, x + Math.floor((TRACK.w - g.textWidth(label, tiny)) / 2), y + 16, SLOT, tiny);
  } else {
    dotted(g, x, y, TRACK.w, TRACK.h, seven ? SLOT_7 : SHUT);
  }
}

/**
 * One track's rail drawn unrolling: from `from` to `to` px, `closed` until it is whole.
 * @typedef {{ suit: string, from: number, to: number, closed: boolean }} Rail
 */

/**
 * The four tracks.  opts.hide: a card not yet landed; opts.rail overrides one
 * rail; opts.ends: draw the blinking ends; opts.hot: the card just played;
 * opts.glow: 0..1 how many rows glow (the draw); opts.before: a suit's previous
 * run, named in the left column until the card lands; opts.cover: the suit
 * whose track the final banner covers.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ hide?: string | null, rail?: Rail | null, ends?: boolean, hot?: string | null, glow?: number,
 *   before?: any, cover?: string | null }} [opts]
 */
export function drawTracks(g, s, { hide = null, rail = null, ends = false, hot = null, glow = 0, before = null, cover = null } = {}) {
  g.rect(TRACK.centre - 1, ROW_Y[0] - 6, 2, ROW_Y[3] + TRACK.h + 12 - ROW_Y[0], "#0f5a33");
  s.suits.forEach((/** @type {any} */ t, /** @type {number} */ r) => {
    const y = ROW_Y[r];
    // The suit's icon on a small white tile at the left of its track.
    g.rect(ICON_X + 1, y + 5, 15, 15, SHADOW);
    g.rect(ICON_X, y + 4, 15, 15, t.open ? PAL.white : PAL.silver);
    g.sprite(SUITS[/** @type {"S" | "H" | "C" | "D"} */ (t.suit)], ICON_X + 4, y + 8, suitColor(t.suit));
    const glowing = glow > r / 4;
    if (rail && rail.suit === t.suit) drawRail(g, y, rail.from, rail.to);
    else if (t.open) drawRail(g, y, undefined, undefined, glowing);
    const open = t.open && !(rail && rail.suit === t.suit && rail.closed);
    // The final banner sits on this track: its slots are not drawn under it.
    for (let k = 1; k <= 13 && t.suit !== cover; k++) {
      const down = t.open && k >= t.low && k <= t.high;
      const card = `${t.suit}${k}`;
      if (down && card !== hide) face(g, slotX(k), y, TRACK.w, TRACK.h, card, { hot: card === hot });
      else emptySlot(g, k, y, open || Boolean(rail && rail.suit === t.suit && k === 7));
    }
    // The left column: the run on the table ("low-high"), or "shut".
    const shown = before && before.suit === t.suit ? before : t;
    const run = shown.open ? `${shown.low}-${shown.high}` : g.t("ui.stage.sevens.shut");
    g.text(run, RUN_X, y + 8, shown.open ? (glowing ? PAL.yellow : PAL.silver) : SLOT_7, { shadow: PAL.black });
  });
  if (ends) drawEnds(g, s, cover);
}

/**
 * The free slot past each end: blinking (dotted for a closed suit's 7) when
 * the mover holds that card, else a small tag naming who holds it.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {string | null} [cover]  the suit under the final banner
 */
function drawEnds(g, s, cover = null) {
  const on = g.blink(320);
  for (const e of s.ends) {
    const r = rowOf(s, e.suit);
    if (r < 0 || e.suit === cover) continue;
    const x = slotX(e.rank);
    const y = ROW_Y[r];
    if (e.legal) {
      if (!on) continue;
      if (e.end === "open") {
        dotted(g, x - 1, y - 1, TRACK.w + 2, TRACK.h + 2, PAL.yellow);
        dotted(g, x + 1, y + 1, TRACK.w - 2, TRACK.h - 2, PAL.yellow);
      } else {
        g.box(x - 1, y - 1, TRACK.w + 2, TRACK.h + 2, PAL.yellow, 2);
      }
    } else if (!s.outcome || e.end !== "open") {
      // Who holds the card that would go here.
      const tag = e.owner === "Alice" ? "A" : "B";
      g.rect(x + 5, y + 2, 9, 13, RAIL);
      g.text(tag, x + 7, y + 3, PLAYER[e.owner], { font: FONT_3X5, scale: 2 });
    }
  }
}

/**
 * The track the final banner covers: a full one (nothing to read there), else
 * a shut one, else the fullest; the stuck player's blocked ends stay in view.
 * @param {any} s  the frame's state
 * @returns {number}
 */
export function bannerRow(s) {
  /** @param {any} t */
  const size = (t) => (t.open ? t.high - t.low + 1 : 0);
  const order = [1, 2, 0, 3];
  const full = order.find((i) => size(s.suits[i]) === 13);
  if (full !== undefined) return full;
  const shut = order.find((i) => !s.suits[i].open);
  if (shut !== undefined) return shut;
  return order.reduce((best, i) => (size(s.suits[i]) > size(s.suits[best]) ? i : best), order[0]);
}

/**
 * The verdict and the exact output line, on one track (the reason is in the
 * status bar and the narration).  `drop` slides it in from above.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {number} [drop]
 */
export function finalBanner(g, s, drop = 0) {
  // A user's variation shows its own result, never the main line's judge output.
  const answer = s.variation ? s.outcome : (s.answer || "").replace(/\n$/, "");
  const color = s.outcome === "Draw" ? PAL.yellow : PLAYER[s.outcome] || PAL.yellow;
  const label = s.variation ? g.t("ui.stage.sevens.this_line") : g.t("ui.stage.sevens.output");
  banner(g, bannerParts(g, s).verdict, color, {
    cx: TRACK.centre, y: Math.round(ROW_Y[bannerRow(s)] - 3 - drop), h: 30, pad: 20, titleY: 3, subY: 20, drop: 2,
    titleShadow: PAL.black, band: PAL.black, sub: [[`${label} `, PAL.silver], [answer, PAL.green]],
    // A CJK line (16 px) goes beside the title, so the banner keeps to its track.
    ...(g.tall ? { h: 22, beside: 10, subY: 3 } : {}),
  });
}

/**
 * The end's banner in its two parts: why the game ended and the verdict (the engine's
 * message `sevens.banner.text` has them as its parameters).
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @returns {{ reason: string, verdict: string }}
 */
export function bannerParts(g, s) {
  const m = s.banner_msg;
  if (m && m.params && m.params.reason && m.params.verdict) {
    return { reason: g.msg(m.params.reason), verdict: g.msg(m.params.verdict) };
  }
  const text = s.banner || "";
  const cut = text.lastIndexOf(": ");
  return cut > 0 ? { reason: text.slice(0, cut), verdict: text.slice(cut + 2) } : { reason: "", verdict: text };
}
