// Scene for Byte Me! (SCUSA 2002): the dealer and up to 10 players around a
// green-felt table, every card as a row of pixel LEDs with its value, the byte
// and nibble decks, the rules box, and a meter 0..520 for the dealer's total.
// Every number drawn comes from the frame; the scene knows no rules.
// The pieces are in byte_me/: cards.js, table.js (felt, dealer, decks),
// rules.js (the rules box and the verdict), meter.js; here, the players, the
// stamp, and each frame.
import { PAL, ease, lerp, phase } from "../kit/index.js";
import { CARD_H, cardWidth, deckBack, faceCard, flipCard } from "./byte_me/cards.js";
import { meter } from "./byte_me/meter.js";
import { rulesBox, sparkle, targetCaption, verdict } from "./byte_me/rules.js";
import { DEALER, DECKS, PLAYERS, TABLE_W, bubble, dealerHead, dealerSlots, deckPile, deckTop, felt, status }
  from "./byte_me/table.js";

/** @typedef {import("../kit/kit.js").Kit} Kit */
/** @typedef {import("../types.js").Frame} Frame */

// ------------------------------------------------------------------ players

/**
 * Where each of n players' cards lie along the arc (smaller LEDs for more than 7).
 * @param {number} n
 */
function playerLayout(n) {
  const led = n <= 7 ? 3 : 2;
  const cw = cardWidth("00000000", led);
  const span = PLAYERS.x1 - PLAYERS.x0;
  const pitch = Math.min(cw + 12, Math.floor(span / n));
  const left = PLAYERS.x0 + Math.floor((span - pitch * n) / 2) + Math.floor((pitch - cw) / 2);
  return Array.from({ length: n }, (_, k) => {
    const x = left + k * pitch;
    const d = n > 1 ? ((x + cw / 2) - TABLE_W / 2) / (TABLE_W / 2) : 0;
    return { x, y: Math.round(PLAYERS.y - PLAYERS.arc * d * d), led, cw };
  });
}

/**
 * The players' two cards each: faces flip at the deal, the hidden cards at the end.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ faceFlip?: number | number[], downFlip?: number[] | null, glow?: number }} opts
 */
function drawPlayers(g, s, { faceFlip = 1, downFlip = null, glow = 1 }) {
  const spots = playerLayout(s.players.length);
  const back = { color: PAL.red, dark: PAL.plum };
  s.players.forEach((p, k) => {
    const { x, y, led, cw } = spots[k];
    g.text(g.t("ui.stage.byte_me.seat", { seat: p.seat }), x + cw / 2 + 1, y - 10, p.best && s.dealt && glow >= 1 ? PAL.yellow : PAL.white, { align: "center" });
    const fp = Array.isArray(faceFlip) ? faceFlip[k] : faceFlip;
    flipCard(g, x, y, p.face, fp, back, { led, glow: p.best && fp >= 1 && glow >= 1 && (glow > 1 || g.blink(200)) });
    const down = p.down;
    const dp = downFlip === null ? (down.face_up ? 1 : 0) : downFlip[k];
    flipCard(g, x, y + CARD_H + 3, down, dp, back, { led });
    if (p.total !== null && p.total !== undefined && dp >= 1) {
      g.text(String(p.total), x + cw / 2 + 1, y + 2 * CARD_H + 6, p.best ? PAL.yellow : PAL.white, { align: "center", shadow: PAL.black });
    }
  });
}

// ------------------------------------------------------------------ stamp and banner

// The stamp lands beside the dealer's name, between the status bar and the
// dealer's cards, so every card value stays readable.
/**
 * The stamp (STOP, BUST) slammed down beside the dealer's name.
 * @param {Kit} g
 * @param {string} text
 * @param {{ dx?: number, scale?: number }} [opts]
 */
function stamp(g, text, { dx = 0, scale = 1 } = {}) {
  const w = g.textWidth(text) + 14;
  // A CJK word (16 px) stamps a taller plate, right of the dealer's name, over his cards' tops.
  const h = g.textHeight(text) > 8 ? 20 : 15;
  const cx = (g.tall ? 262 : 220) + dx;
  const cy = g.tall ? DEALER.y - 1 : DEALER.y - 2 - h / 2;
  const ww = w * scale;
  const hh = h * scale;
  if (scale <= 1.05) {
    g.rect(cx - w / 2 + 2, cy - h / 2 + 2, w, h, PAL.black);
    g.rect(cx - w / 2, cy - h / 2, w, h, PAL.white);
    g.box(cx - w / 2 + 2, cy - h / 2 + 2, w - 4, h - 4, PAL.red, 1);
    g.text(text, cx + 1, cy - Math.floor(g.textHeight(text) / 2) + 1, PAL.red, { align: "center" });
  }
  g.box(cx - ww / 2, cy - hh / 2, ww, hh, PAL.red, 2);
}

// ------------------------------------------------------------------ draw

/**
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
export function draw(g, frame, prev, t) {
  const s = frame.state;
  const ev = frame.event;
  const moving = Boolean(prev && t < 1 && ev && prev.i === frame.i - 1);
  const tt = moving ? t : 1;
  const kind = ev ? ev.kind : null;

  felt(g);
  status(g, s);

  // Decks and the dealer's cards; a hit card flies from its deck and lights up bit by bit.
  const hit = kind === "hit";
  const cards = s.dealer.cards;
  const slots = dealerSlots(cards);
  deckPile(g, "byte", s.byte_deck.count);
  deckPile(g, "nibble", s.nibble_deck.count);
  const shake = kind === "bust" && moving ? Math.round(Math.sin(tt * 40) * 3 * (1 - tt)) : 0;
  cards.forEach((c, k) => {
    if (hit && k === cards.length - 1) return;
    faceCard(g, slots[k] + shake, DEALER.y, c, { dim: s.dealer.busted && !moving });
  });
  if (hit) {
    const c = cards[cards.length - 1];
    const from = deckTop(g, ev.deck, s[`${ev.deck}_deck`].count);
    const fly = ease(phase(tt, 0.08, 0.45));
    const px = lerp(from.x, slots[cards.length - 1], fly);
    const py = lerp(from.y, DEALER.y, fly);
    const deck = DECKS[ev.deck];
    const light = phase(tt, 0.55, 0.95);
    const shown = tt >= 1 ? 99 : Math.floor(light * c.bits.length);
    if (tt < 0.45) deckBack(g, px, py, deck.w, deck);
    else if (tt < 0.55) flipCard(g, px, py, c, 0.5 + (tt - 0.45) * 5, deck);
    else faceCard(g, px, py, c, { shown, flash: tt < 1 ? shown - 1 : -1, glow: true });
  }

  dealerHead(g, Boolean(s.bubble));
  const total = hit && moving ? lerp(ev.from, ev.to, phase(tt, 0.55, 1)) : s.total;
  g.text(g.t("ui.stage.byte_me.dealer", { total: Math.round(total) }), 84, g.tall ? 19 : 15, s.dealer.busted && kind !== "hit" ? PAL.red : PAL.white, { shadow: PAL.black });
  bubble(g, s.bubble, hit ? phase(tt, 0, 0.15) : 1);

  // The players: faces flip at the deal; the hidden 11111111 cards flip at the end.
  const n = s.players.length;
  let faceFlip = s.dealt ? 1 : 0;
  if (kind === "deal" && moving) faceFlip = s.players.map((_, k) => phase(tt, 0.05 + (k / n) * 0.3, 0.3 + (k / n) * 0.3));
  let downFlip = null;
  if (kind === "end" && moving) downFlip = s.players.map((_, k) => phase(tt, (k / n) * 0.3, 0.3 + (k / n) * 0.3));
  const glow = kind === "deal" ? (moving ? phase(tt, 0.7, 0.75) : 1) : 2;
  drawPlayers(g, s, { faceFlip, downFlip, glow });

  // Meter: the target drops in at the deal; the total counts up during a hit.
  meter(g, s, {
    total,
    showTarget: s.dealt,
    targetDrop: kind === "deal" && moving ? ease(phase(tt, 0.5, 1)) : 1,
    busted: s.dealer.busted && !(hit && moving && tt < 0.8),
  });

  if (kind === "end") {
    if (moving) rulesBox(g, prev.state, prev.event);
    verdict(g, s, moving ? ease(phase(tt, 0.4, 1)) : 1);
    if (s.banner === "win" && !moving && !g.reduced) sparkle(g);
  } else {
    rulesBox(g, s, ev);
    // In CJK the rules box takes the caption's lines; the meter's tag names the target.
    if (!g.tall) targetCaption(g, s, kind === "deal" && moving ? phase(tt, 0.7, 1) : 1);
  }
  if (s.stamp) {
    const slam = kind === "bust" && moving ? phase(tt, 0.35, 0.7) : 1;
    if (slam > 0) stamp(g, s.stamp, { dx: shake, scale: 1 + (1 - slam) * 1.5 });
  }
}

/**
 * Square-wave notes for a frame: [frequency Hz, duration ms] pairs.
 * @param {Frame} frame
 * @returns {Array<[number, number]>}
 */
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [];
  if (ev.kind === "deal") return [[660, 40], [880, 60]];
  if (ev.kind === "hit") {
    /** @type {Array<[number, number]>} */
    const thunk = ev.deck === "byte" ? [[110, 90]] : [[1400, 30]];
    /** @type {Array<[number, number]>} */
    const blips = [...ev.card.bits].filter((b) => b === "1").map(() => [1760, 18]);
    return [...thunk, ...blips];
  }
  if (ev.kind === "stop") return [[440, 80], [330, 80]];
  if (ev.kind === "bust") return [[98, 120], [92, 280]];
  if (ev.kind === "end") {
    if (ev.outcome === "Win!") return [[1046, 70], [1318, 70], [1568, 70], [2093, 180]];
    if (ev.outcome === "Bust!") return [[110, 350]];
    return [[392, 110], [349, 110], [311, 110], [262, 260]];
  }
  return [];
}
