// Sevens' hands: Bob's across the top and Alice's across the bottom, face up,
// the mover's legal cards raised with their W / D / L badges, and the right
// column naming who sits where.
import { PAL, arrow, badge, lerp } from "../../kit/index.js";
import { GREY, PLAYER, face } from "./cards.js";
import { ROW_Y } from "./table.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("../../types.js").MoveValue} MoveValue */
/** Where a hand's cards were: their x, and which were raised. @typedef {{ layout: Map<string, number>, raised: Set<string> }} HandPlace */

/** A hand card's size, pitch, the gap between suits, and how far a card is raised. */
export const HAND = { w: 13, h: 20, pitch: 14, gap: 3, raise: 5 };
/** @type {Record<string, number>} */
const HAND_Y = { Bob: 14, Alice: 192 };
/** @type {Record<string, number>} */
const BADGE_Y = { Bob: 42, Alice: 176 };
const LABEL_X = 334;
/** @type {Record<number, { letter: string, bg: string }>} */
const WDL = { 1: { letter: "W", bg: PAL.green }, 0: { letter: "D", bg: PAL.yellow }, [-1]: { letter: "L", bg: PAL.red } };

/**
 * x of each card of a hand: sorted as given, a small gap between suits, centred.
 * @param {string[]} cards
 * @returns {Map<string, number>}
 */
export function handLayout(cards) {
  /** @type {number[]} */
  const xs = [];
  let x = 0;
  cards.forEach((c, i) => {
    if (i && c[0] !== cards[i - 1][0]) x += HAND.gap;
    xs.push(x);
    x += HAND.pitch;
  });
  const width = cards.length ? x - (HAND.pitch - HAND.w) : 0;
  const x0 = Math.round((384 - width) / 2);
  return new Map(cards.map((c, i) => [c, x0 + xs[i]]));
}

/**
 * Raised cards move toward the table: down for Bob (top), up for Alice.  Bob's hand sits
 * 5 px lower under a CJK status bar (16 px text).
 * @param {Kit} g
 * @param {string} player
 * @param {boolean} raised
 */
export function handY(g, player, raised) {
  const dir = player === "Bob" ? 1 : -1;
  return HAND_Y[player] + (g.tall && player === "Bob" ? 5 : 0) + (raised ? dir * HAND.raise : 0);
}

/**
 * A move's outcome on a small badge: W (win), D (draw) or L (loss).
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} value
 */
function wdlBadge(g, x, y, value) {
  const b = WDL[value];
  if (!b) return;
  badge(g, x, y, b.letter, { ink: PAL.black, fill: b.bg, w: 11, h: 10, padX: 2, padY: 1, drop: 1 });
}

/**
 * Both hands.  opts: raised (the cards lifted, for the mover), values (the
 * W/D/L badges), from (the places to slide from, with u), grey / shaker + shake
 * (the stuck player), hot (the card about to be played).
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ raised?: Set<string>, values?: MoveValue[] | null, from?: Record<string, HandPlace> | null, u?: number,
 *   grey?: string | null, shaker?: string | null, shake?: number, hot?: string | null, mover?: string | null }} [opts]
 */
export function drawHands(g, s, { raised = new Set(), values = null, from = null, u = 1,
  grey = null, shaker = null, shake = 0, hot = null, mover = null } = {}) {
  for (const player of ["Bob", "Alice"]) {
    const cards = s.hands[player];
    const layout = handLayout(cards);
    const old = from && from[player];
    for (const card of cards) {
      let x = /** @type {number} */ (layout.get(card));
      let y = handY(g, player, player === mover && raised.has(card));
      if (old && old.layout.has(card)) {
        x = lerp(/** @type {number} */ (old.layout.get(card)), x, u);
        y = lerp(handY(g, player, old.raised.has(card)), y, u);
      }
      const dx = shaker === player && shake ? Math.round(Math.sin(shake * 47 + x) * 2) : 0;
      face(g, x + dx, y, HAND.w, HAND.h, card, { grey: grey === player, hot: card === hot });
    }
    if (values && player === mover) {
      for (const v of values) {
        const x = layout.get(v.move);
        if (x === undefined) continue;
        wdlBadge(g, x + 1, BADGE_Y[player], v.value);
        if (values.length === 1) {
          const forced = g.t("ui.stage.sevens.forced");
          const w = g.textWidth(forced);
          const right = x + 14 + w <= 382;
          // A CJK word (16 px) is centred on the badge's line.
          g.text(forced, right ? x + 14 : x - 2 - w, BADGE_Y[player] + (g.textHeight(forced) > 8 ? -3 : 1), PAL.white, { shadow: PAL.black });
        }
      }
    }
  }
}

/**
 * The right column: who sits where (names next to their hands), how many
 * cards each holds, and a blinking arrow toward the mover's hand.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ grey?: string | null }} [opts]  grey: the stuck player
 */
export function seatLabels(g, s, { grey = null } = {}) {
  /** @type {Record<string, { name: number, count: number }>} */
  const spots = { Bob: { name: ROW_Y[0] + 1, count: ROW_Y[0] + 13 }, Alice: { name: ROW_Y[3] + 15, count: ROW_Y[3] + 3 } };
  for (const player of ["Bob", "Alice"]) {
    const spot = spots[player];
    const moving = s.to_move === player && !s.outcome;
    const color = grey === player ? GREY.ink : PLAYER[player];
    g.text(player.toUpperCase(), LABEL_X + 2, spot.name, color, { shadow: PAL.black });
    // A tiny card and the number of cards in hand.
    g.rect(LABEL_X + 3, spot.count, 5, 7, PAL.white);
    g.box(LABEL_X + 3, spot.count, 5, 7, PAL.slate);
    g.text(String(s.hands[player].length), LABEL_X + 11, spot.count, PAL.silver, { shadow: PAL.black });
    if (moving && g.blink(400)) {
      // Toward the mover's hand: up for Bob, down for Alice.
      const ax = LABEL_X + 2 + g.textWidth(player.toUpperCase()) + 3;
      if (player === "Bob") arrow(g, ax + 3, spot.name, "up", color);
      else arrow(g, ax + 3, spot.name + 6, "down", color);
    }
  }
}
