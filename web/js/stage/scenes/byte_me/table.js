// Byte Me!'s table: the felt with its rounded players' side, the status bar,
// the dealer (and what he says), his row of cards, and the two decks.
import { PAL, barHeight, strip } from "../../kit/index.js";
import { CARD_H, cardWidth, deckBack } from "./cards.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** @typedef {import("./cards.js").ByteCard} ByteCard */

/** The felt's width: the meter's panel is on its right. */
export const TABLE_W = 296;
/** The status bar's height. */
export const TOP = 11;
const CORNER = 44;            // radius of the table's rounded player side
/** Where the dealer's cards lie. */
export const DEALER = { x0: 66, x1: 294, y: 28 };
const HEAD = { x: 68, y: 12 };
/** The two decks: where they lie, their labels and colours. */
export const DECKS = {
  byte: { label: "ui.stage.byte_me.bytes", x: 14, y: 29, w: 31, labelY: 15, countY: 52, color: PAL.blue, dark: PAL.navy },
  nibble: { label: "ui.stage.byte_me.nibbles", x: 20, y: 77, w: 19, labelY: 63, countY: 100, color: PAL.pink, dark: PAL.plum },
};
/** Where the decks' pieces go under a CJK status bar: each 16 px label and count has its line. */
const TALL_DECKS = {
  byte: { y: 37, labelY: 20, countY: 59 },
  nibble: { y: 93, labelY: 76, countY: 115 },
};

/**
 * A deck's place in the language shown.
 * @param {Kit} g
 * @param {"byte" | "nibble"} key
 */
export function deckOf(g, key) {
  return g.tall ? { ...DECKS[key], ...TALL_DECKS[key] } : DECKS[key];
}

/** The players' arc on the felt. */
export const PLAYERS = { x0: 2, x1: 294, y: 150, arc: 10 };

/**
 * The felt, its wooden rim, and the printed arc where the players' cards go.
 * @param {Kit} g
 */
export function felt(g) {
  g.clear(PAL.navy);
  for (let y = TOP; y < g.H; y++) {
    const dy = y - (g.H - CORNER);
    const inset = dy > 0 ? Math.round(CORNER - Math.sqrt(Math.max(0, CORNER * CORNER - dy * dy))) : 0;
    g.rect(inset, y, TABLE_W - 2 * inset, 1, PAL.brown);
    if (y >= TOP + 1 && y < g.H - 3) g.rect(inset + 3, y, TABLE_W - 2 * inset - 6, 1, PAL.forest);
  }
  g.rect(0, TOP, TABLE_W, 1, PAL.black);
  // The printed arc on the felt, where the players' cards go.
  for (let x = 8; x < TABLE_W - 8; x += 4) {
    const d = (x - TABLE_W / 2) / (TABLE_W / 2);
    g.rect(x, Math.round(PLAYERS.y - 16 - PLAYERS.arc * (1 - d * d)) + 12, 2, 1, PAL.green);
  }
}

/**
 * @param {Kit} g
 * @param {any} s  the frame's state
 */
export function status(g, s) {
  const y = g.tall ? 1 : 2;
  strip(g, 0, barHeight(g, TOP), () => {
    g.text(g.t("ui.stage.byte_me.title"), 3, y + (g.tall ? 4 : 0), PAL.yellow);
    g.text(g.t("ui.stage.byte_me.set_hand", { set: s.set, sets: s.sets, hand: s.hand }), 80, y, PAL.silver);
    g.text(g.t("ui.stage.byte_me.hits", { hits: s.hits, most: s.max_hits }), g.W - 3, y, PAL.white, { align: "right" });
  });
}

/**
 * The dealer's head: visor, bow tie, and a mouth that opens when he talks.
 * @param {Kit} g
 * @param {boolean} talking
 */
export function dealerHead(g, talking) {
  const { x, y } = HEAD;
  g.rect(x + 2, y + 1, 9, 10, PAL.peach);            // face
  g.rect(x + 2, y, 9, 2, PAL.black);                 // hair
  g.rect(x, y + 2, 13, 2, PAL.green);                // visor brim
  g.rect(x + 4, y + 5, 1, 2, PAL.black);             // eyes
  g.rect(x + 8, y + 5, 1, 2, PAL.black);
  g.rect(x + 5, y + 8, 3, talking ? 2 : 1, talking ? PAL.plum : PAL.brown);
  g.rect(x + 4, y + 11, 2, 2, PAL.red);              // bow tie
  g.rect(x + 7, y + 11, 2, 2, PAL.red);
  g.rect(x + 6, y + 11, 1, 1, PAL.red);
}

/**
 * What the dealer says, in a speech bubble that pops open (`pop` from 0 to 1).
 * @param {Kit} g
 * @param {string | null} text
 * @param {number} pop
 */
export function bubble(g, text, pop) {
  if (!text || pop <= 0) return;
  const w = g.textWidth(text) + 8;
  const x = 180;
  const y = g.tall ? 19 : 11;     // under a CJK status bar
  const s = Math.min(1, pop);
  const ww = Math.max(4, Math.round(w * s));
  const hh = Math.max(4, Math.round(15 * s));
  const bx = x;
  g.rect(bx + 1, y + 1, ww, hh, PAL.black);
  g.rect(bx, y, ww, hh, PAL.white);
  g.box(bx, y, ww, hh, PAL.black);
  // The tail points back at the dealer's mouth.
  for (let k = 0; k < 4; k++) g.rect(bx - 1 - k, y + 9 + k, 2 + k, 1, k === 3 ? PAL.black : PAL.white);
  if (s >= 1) g.text(text, bx + 4, y + 4, text.startsWith("B") ? PAL.navy : PAL.plum);
}

/**
 * The dealer's row of cards, centred; nibbles are narrower than bytes.
 * @param {ByteCard[]} cards
 * @returns {number[]} each card's left end
 */
export function dealerSlots(cards) {
  const widths = cards.map((c) => cardWidth(c.bits, 3));
  const gap = 3;
  const split = cards.length > 2 ? 3 : 0;
  const total = widths.reduce((a, b) => a + b, 0) + gap * (cards.length - 1) + split;
  let x = Math.round((DEALER.x0 + DEALER.x1 - total) / 2);
  return widths.map((w, k) => {
    const at = x;
    x += w + gap + (k === 1 ? split : 0);
    return at;
  });
}

/**
 * A deck: its label, its cards as a stack, how many are left.
 * @param {Kit} g
 * @param {"byte" | "nibble"} key
 * @param {number} count
 */
export function deckPile(g, key, count) {
  const d = deckOf(g, key);
  g.text(g.t(d.label), 6, d.labelY, d.color, { shadow: PAL.black });
  for (let k = 0; k < count; k++) deckBack(g, d.x + k, d.y - k, d.w, d, k === 0);
  if (!count) g.box(d.x, d.y, d.w, CARD_H, PAL.slate);
  g.text(g.t("ui.stage.byte_me.left", { cards: count }), 6, d.countY, count ? PAL.white : PAL.silver, { shadow: PAL.black });
}

/**
 * Where the deck's top card lies.
 * @param {Kit} g
 * @param {"byte" | "nibble"} key
 * @param {number} count
 */
export function deckTop(g, key, count) {
  const d = deckOf(g, key);
  return { x: d.x + count, y: d.y - count };
}
