// Scene for Byte Me! (SCUSA 2002): the dealer and up to 10 players around a
// green-felt table, every card as a row of pixel LEDs with its value, the byte
// and nibble decks, the rules box, and a meter 0..520 for the dealer's total.
// Every number drawn comes from the frame; the scene knows no rules.
import { PAL } from "../renderer.js";

const TABLE_W = 296;          // felt on the left; the meter panel on the right
const TOP = 11;               // below the status bar
const CORNER = 44;            // radius of the table's rounded player side
const CARD_H = 20;
const DEALER = { x0: 66, x1: 294, y: 28 };
const HEAD = { x: 68, y: 12 };
const DECKS = {
  byte: { label: "BYTES", x: 14, y: 29, w: 31, labelY: 15, countY: 52, color: PAL.blue, dark: PAL.navy },
  nibble: { label: "NIBBLES", x: 20, y: 77, w: 19, labelY: 63, countY: 100, color: PAL.pink, dark: PAL.plum },
};
const RULES_BOX = { x: 68, y: 54, w: 224, h: 64 };
const PLAYERS = { x0: 2, x1: 294, y: 150, arc: 10 };
const METER = { x: 304, w: 8, top: 30, bottom: 204, label: 317 };

const clamp01 = (v) => Math.max(0, Math.min(1, v));
const phase = (t, a, b) => clamp01((t - a) / (b - a));

// ------------------------------------------------------------------ cards

function cardWidth(bits, led) { return bits.length * (led + 1) + 3; }

// A face-up card: its bits as LEDs (the first `shown` revealed, `flash` just lit)
// and its decimal value underneath once every bit is shown.
function faceCard(g, x, y, card, { led = 3, shown = 99, flash = -1, glow = false, dim = false } = {}) {
  const w = cardWidth(card.bits, led);
  g.rect(x + 1, y + 2, w, CARD_H, PAL.black);
  g.rect(x, y, w, CARD_H, dim ? PAL.silver : PAL.white);
  g.box(x, y, w, CARD_H, glow ? PAL.orange : PAL.slate);
  [...card.bits].forEach((bit, k) => {
    const lx = x + 2 + k * (led + 1);
    let color = PAL.navy;                      // not drawn yet
    if (k < shown) color = bit === "1" ? PAL.red : PAL.silver;
    if (k === flash) color = PAL.yellow;
    g.rect(lx, y + 3, led, 4, color);
    if (k < shown && bit === "1" && k !== flash) g.rect(lx, y + 3, 1, 1, PAL.pink);
  });
  const label = shown >= card.bits.length ? String(card.value) : "?";
  g.text(label, x + w / 2 + 1, y + 10, dim ? PAL.slate : PAL.navy, { align: "center" });
  if (glow) g.box(x - 2, y - 2, w + 4, CARD_H + 4, PAL.yellow, 2);
}

// A face-down card: a checked pattern in the deck's colours.
function backCard(g, x, y, w, { color = PAL.blue, dark = PAL.navy, shadow = true } = {}) {
  if (shadow) g.rect(x + 1, y + 2, w, CARD_H, PAL.black);
  g.rect(x, y, w, CARD_H, dark);
  for (let yy = 2; yy < CARD_H - 2; yy += 2) {
    for (let xx = 2 + ((yy / 2) % 2) * 2; xx < w - 2; xx += 4) g.rect(x + xx, y + yy, 2, 2, color);
  }
  g.box(x, y, w, CARD_H, PAL.white);
}

// A card turning over: the back narrows, then the face widens (p from 0 to 1).
function flipCard(g, x, y, card, p, back, opts = {}) {
  const w = cardWidth(card.bits, opts.led || 3);
  if (p >= 1) { faceCard(g, x, y, card, opts); return; }
  if (p <= 0) { backCard(g, x, y, w, back); return; }
  const k = Math.abs(1 - 2 * p);
  const ww = Math.max(1, Math.round(w * k));
  const xx = x + (w - ww) / 2;
  if (p < 0.5) backCard(g, xx, y, ww, back);
  else { g.rect(xx, y, ww, CARD_H, PAL.white); g.box(xx, y, ww, CARD_H, PAL.slate); }
}

// ------------------------------------------------------------------ table

function felt(g) {
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

function status(g, s) {
  g.rect(0, 0, g.W, TOP, PAL.black);
  g.panel(0, 0, g.W, TOP);
  g.text("BYTE ME!", 3, 2, PAL.yellow);
  g.text(`SET ${s.set}/${s.sets}  HAND ${s.hand}`, 80, 2, PAL.silver);
  g.text(`HITS ${s.hits}/${s.max_hits}`, g.W - 3, 2, PAL.white, { align: "right" });
  g.endPanel();
}

function dealerHead(g, talking) {
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

function bubble(g, text, pop) {
  if (!text || pop <= 0) return;
  const w = text.length * 8 + 8;
  const x = 180;
  const y = 11;
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

// The dealer's row of cards, centred; nibbles are narrower than bytes.
function dealerSlots(cards) {
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

function deckPile(g, key, count) {
  const d = DECKS[key];
  g.text(d.label, 6, d.labelY, d.color, { shadow: PAL.black });
  for (let k = 0; k < count; k++) backCard(g, d.x + k, d.y - k, d.w, { color: d.color, dark: d.dark, shadow: k === 0 });
  if (!count) g.box(d.x, d.y, d.w, CARD_H, PAL.slate);
  g.text(`${count} LEFT`, 6, d.countY, count ? PAL.white : PAL.silver, { shadow: PAL.black });
}

function deckTop(key, count) {
  const d = DECKS[key];
  return { x: d.x + count, y: d.y - count };
}

// ------------------------------------------------------------------ rules box

function rulesBox(g, s, ev) {
  const { x, y, w, h } = RULES_BOX;
  g.rect(x + 2, y + 2, w, h, PAL.black);
  g.rect(x, y, w, h, PAL.navy);
  g.box(x, y, w, h, PAL.silver);
  g.text("RULES: FIRST MATCH WINS", x + w / 2, y + 3, PAL.silver, { align: "center" });
  const decided = ev && (ev.kind === "hit" || ev.kind === "stop") && ev.rule;
  const checked = decided ? ev.checked || [] : [];
  const conds = s.rules.map((r, k) => (decided && r.n === ev.rule ? ev.test : k < checked.length ? checked[k] : r.cond));
  // The action column starts a space after the longest condition, so the two never run together.
  const actionW = Math.max(...s.rules.map((r) => r.action.length)) * 8;
  const ax = Math.min(x + w - 4 - actionW, x + 21 + Math.max(...conds.map((c) => c.length)) * 8 + 8);
  s.rules.forEach((r, k) => {
    const ry = y + 14 + k * 10;
    const fired = decided && r.n === ev.rule;
    const failed = k < checked.length;
    const cond = conds[k];
    if (fired) {
      const on = g.blink(260);
      g.rect(x + 2, ry - 1, w - 4, 10, on ? PAL.yellow : PAL.orange);
    }
    const fg = fired ? PAL.navy : failed ? PAL.lavender : PAL.white;
    g.text(String(r.n), x + 5, ry, fired ? PAL.navy : PAL.yellow);
    g.text(cond, x + 21, ry, fg);
    g.text(r.action, ax, ry, fired ? PAL.plum : failed ? PAL.lavender : PAL.peach);
    if (failed) g.rect(ax - 1, ry + 3, r.action.length * 8 + 2, 1, PAL.lavender);
  });
  const foot = footer(s, ev);
  if (foot) g.text(foot.text, x + w / 2, y + h - 10, foot.color, { align: "center" });
}

function footer(s, ev) {
  if (!ev) {
    const [a, b] = s.dealer.cards;
    return { text: `dealer ${a.value} + ${b.value} = ${s.total}`, color: PAL.white };
  }
  if (ev.kind === "deal") {
    const best = s.players.find((p) => p.best);
    return { text: `best ${ev.best_face} + ${best.down.value} = ${ev.target}`, color: PAL.yellow };
  }
  if (ev.kind === "hit") return { text: `${ev.line} +${ev.card.value} = ${ev.to}`, color: PAL.green };
  if (ev.kind === "bust") return { text: ev.reason.toUpperCase(), color: PAL.red };
  if (ev.kind === "stop") return { text: ev.reason, color: ev.rule ? PAL.yellow : PAL.orange };
  return null;
}

// ------------------------------------------------------------------ meter

// The scale is zoomed above the lowest mark (382), where every decision is close:
// the part below it takes LOW_SHARE of the bar, the rest the remainder.
const LOW_SHARE = 0.35;

function meterY(v, m) {
  const knee = Math.min(...m.marks.map((mk) => mk.value));
  const span = METER.bottom - METER.top;
  const low = span * LOW_SHARE;
  const c = Math.max(m.min, Math.min(v, m.max));
  const off = c <= knee ? (c / knee) * low : low + ((c - knee) / (m.max - knee)) * (span - low);
  return Math.round(METER.bottom - off);
}

// Labels beside the bar, pushed apart so they never overlap.
function placeLabels(items) {
  const sorted = [...items].sort((a, b) => a.want - b.want);
  let next = METER.top - 4;
  for (const it of sorted) { it.top = Math.max(it.want, next); next = it.top + it.h + 1; }
  let limit = METER.bottom + 8;
  for (let k = sorted.length - 1; k >= 0; k--) {
    const it = sorted[k];
    if (it.top + it.h > limit) it.top = limit - it.h;
    limit = it.top - 1;
  }
  return sorted;
}

function meter(g, s, { total, targetDrop = 1, showTarget = true, busted = false }) {
  const m = s.meter;
  const { x, w } = METER;
  g.text("TOTAL", 300, 14, PAL.silver);
  g.text(String(Math.round(total)), g.W - 3, 14, busted ? PAL.red : PAL.white, { align: "right" });
  g.rect(x - 1, METER.top - 1, w + 2, METER.bottom - METER.top + 2, PAL.silver);
  g.rect(x, METER.top, w, METER.bottom - METER.top, PAL.black);
  const ty = meterY(total, m);
  g.rect(x, ty, w, METER.bottom - ty, busted ? PAL.red : PAL.green);
  const colors = { byte: PAL.blue, stop: PAL.orange, bust: PAL.red };
  const items = m.marks.map((mk) => ({ y: meterY(mk.value, m), lines: [String(mk.value)], color: colors[mk.kind] || PAL.white }));
  items.push({ y: METER.bottom, lines: [String(m.min)], color: PAL.silver });
  if (showTarget) {
    const final = meterY(m.target.value, m);
    const ty2 = Math.round(METER.top - 6 + (final - METER.top + 6) * targetDrop);
    // The felt shows the whole label; the tag keeps its first and last words.
    const words = m.target.label.split(" ");
    const short = words.length > 2 ? `${words[0]} ${words[words.length - 1]}` : m.target.label;
    items.push({ y: ty2, lines: [short], color: PAL.yellow, tag: true });
  }
  for (const it of items) { it.h = it.lines.length * 9 - 1 + (it.tag ? 2 : 0); it.want = it.y - Math.floor(it.h / 2); }
  for (const it of placeLabels(items)) {
    const mid = it.top + Math.floor(it.h / 2);
    g.rect(x - 1, it.y, w + 2 + (it.tag ? 0 : 2), it.tag ? 2 : 1, it.color);
    // Leader from the bar to the label.
    g.rect(x + w + 1, it.y, 2, 1, it.color);
    g.rect(x + w + 2, Math.min(it.y, mid), 1, Math.abs(mid - it.y) + 1, it.color);
    g.rect(x + w + 2, mid, METER.label - x - w - 2, 1, it.color);
    if (it.tag) {
      const tw = Math.max(...it.lines.map((l) => l.length)) * 8 + 3;
      g.rect(METER.label, it.top, tw, it.h + 1, PAL.yellow);
      it.lines.forEach((line, k) => g.text(line, METER.label + 2, it.top + 1 + k * 9, PAL.black));
    } else {
      g.text(it.lines[0], METER.label + 1, it.top, it.color);
    }
  }
  // The marker: a white arrow at the dealer's total (an overflow shows above the bar).
  for (let k = 0; k < 4; k++) g.rect(x - 6 + k, ty - 3 + k, 1, 7 - 2 * k, PAL.white);
  if (total > m.max) {
    for (let k = 0; k < 4; k++) g.rect(x + w / 2 - k, METER.top - 6 + k, 2 * k + 1, 1, PAL.red);
  }
}

// ------------------------------------------------------------------ players

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

function drawPlayers(g, s, { faceFlip = 1, downFlip = null, glow = 1 }) {
  const spots = playerLayout(s.players.length);
  const back = { color: PAL.red, dark: PAL.plum };
  s.players.forEach((p, k) => {
    const { x, y, led, cw } = spots[k];
    g.text(`P${p.seat}`, x + cw / 2 + 1, y - 10, p.best && s.dealt && glow >= 1 ? PAL.yellow : PAL.white, { align: "center" });
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

function caption(g, s, alpha = 1) {
  if (!s.dealt || alpha <= 0) return;
  g.text(s.meter.target.label, (RULES_BOX.x + RULES_BOX.x + RULES_BOX.w) / 2, RULES_BOX.y + RULES_BOX.h + 5, PAL.yellow, { align: "center", shadow: PAL.black });
}

// ------------------------------------------------------------------ stamp and banner

// The stamp lands beside the dealer's name, between the status bar and the
// dealer's cards, so every card value stays readable.
function stamp(g, text, { dx = 0, scale = 1 } = {}) {
  const w = text.length * 8 + 14;
  const h = 15;
  const cx = 220 + dx;
  const cy = DEALER.y - 2 - h / 2;
  const ww = w * scale;
  const hh = h * scale;
  if (scale <= 1.05) {
    g.rect(cx - w / 2 + 2, cy - h / 2 + 2, w, h, PAL.black);
    g.rect(cx - w / 2, cy - h / 2, w, h, PAL.white);
    g.box(cx - w / 2 + 2, cy - h / 2 + 2, w - 4, h - 4, PAL.red, 1);
    g.text(text, cx + 1, cy - 3, PAL.red, { align: "center" });
  }
  g.box(cx - ww / 2, cy - hh / 2, ww, hh, PAL.red, 2);
}

function verdict(g, s, open = 1) {
  const { x, w } = RULES_BOX;
  const h = 66;
  const y = RULES_BOX.y - 2;
  const color = { win: PAL.yellow, lose: PAL.silver, bust: PAL.red }[s.banner] || PAL.white;
  if (open < 1) {
    // The banner opens from its middle line before its text appears.
    const hh = Math.max(2, Math.round(h * open));
    g.rect(x, y + (h - hh) / 2, w, hh, PAL.navy);
    g.box(x, y + (h - hh) / 2, w, hh, color, 2);
    return;
  }
  g.rect(x + 3, y + 3, w, h, PAL.black);
  g.rect(x, y, w, h, PAL.navy);
  g.box(x, y, w, h, color, 2);
  g.text(s.outcome, x + 12, y + 10, color, { size: 16, shadow: PAL.black });
  g.text(`DEALER ${s.totals.dealer}`, x + 10, y + 34, PAL.white);
  g.text(`BEST   ${s.totals.best_player}`, x + 10, y + 46, PAL.yellow);
  // The exact output block for this data set.
  const lines = s.answer.split("\n").filter((l, k, all) => k < all.length - 1 || l);
  const bw = Math.max(...lines.map((l) => l.length)) * 8 + 8;
  const bh = lines.length * 9 + 5;
  const bx = x + w - bw - 6;
  const by = y + Math.max(4, Math.round((h - bh) / 2));
  if (bw < w - 100 && bh < h) {
    g.rect(bx, by, bw, bh, PAL.black);
    g.box(bx, by, bw, bh, PAL.slate);
    lines.forEach((line, k) => g.text(line, bx + 4, by + 3 + k * 9, k === lines.length - 1 ? color : PAL.white));
  }
}

function sparkle(g) {
  const { x, y, w } = RULES_BOX;
  for (let k = 0; k < 10; k++) {
    if (!g.blink(170 + k * 23)) continue;
    const sx = x + 8 + ((k * 67 + Math.floor(g.now / 110) * 13) % (w - 16));
    const sy = y + 2 + ((k * 29) % 60);
    g.rect(sx, sy - 1, 1, 3, PAL.yellow);
    g.rect(sx - 1, sy, 3, 1, PAL.yellow);
  }
}

// ------------------------------------------------------------------ draw

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
    const from = deckTop(ev.deck, s[`${ev.deck}_deck`].count);
    const fly = g.ease(phase(tt, 0.08, 0.45));
    const px = g.lerp(from.x, slots[cards.length - 1], fly);
    const py = g.lerp(from.y, DEALER.y, fly);
    const deck = DECKS[ev.deck];
    const light = phase(tt, 0.55, 0.95);
    const shown = tt >= 1 ? 99 : Math.floor(light * c.bits.length);
    if (tt < 0.45) backCard(g, px, py, deck.w, { color: deck.color, dark: deck.dark });
    else if (tt < 0.55) flipCard(g, px, py, c, 0.5 + (tt - 0.45) * 5, { color: deck.color, dark: deck.dark });
    else faceCard(g, px, py, c, { shown, flash: tt < 1 ? shown - 1 : -1, glow: true });
  }

  dealerHead(g, Boolean(s.bubble));
  const total = hit && moving ? g.lerp(ev.from, ev.to, phase(tt, 0.55, 1)) : s.total;
  g.text(`DEALER ${Math.round(total)}`, 84, 15, s.dealer.busted && kind !== "hit" ? PAL.red : PAL.white, { shadow: PAL.black });
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
    targetDrop: kind === "deal" && moving ? g.ease(phase(tt, 0.5, 1)) : 1,
    busted: s.dealer.busted && !(hit && moving && tt < 0.8),
  });

  if (kind === "end") {
    if (moving) rulesBox(g, prev.state, prev.event);
    verdict(g, s, moving ? g.ease(phase(tt, 0.4, 1)) : 1);
    if (s.banner === "win" && !moving && !g.reduced) sparkle(g);
  } else {
    rulesBox(g, s, ev);
    caption(g, s, kind === "deal" && moving ? phase(tt, 0.7, 1) : 1);
  }
  if (s.stamp) {
    const slam = kind === "bust" && moving ? phase(tt, 0.35, 0.7) : 1;
    if (slam > 0) stamp(g, s.stamp, { dx: shake, scale: 1 + (1 - slam) * 1.5 });
  }
}

// Square-wave notes for a frame: [frequency Hz, duration ms] pairs.
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [];
  if (ev.kind === "deal") return [[660, 40], [880, 60]];
  if (ev.kind === "hit") {
    const thunk = ev.deck === "byte" ? [[110, 90]] : [[1400, 30]];
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
