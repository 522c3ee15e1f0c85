// Scene for Sevens (THUPC 2022 Final A): a dark-green table with four suit
// tracks (13 slots each, the 7s in the centre column), Bob's hand across the
// top and Alice's across the bottom, both face up.  Everything drawn comes from
// the frame: runs and hands from `state.suits` / `state.hands`, the blinking
// ends (and who holds each end card) from `state.ends`, the raised cards from
// `state.legal`, the W / D / L badges from `values`, the card in flight from
// `event`.  The page also gets `inputTool`: a 4 x 13 grid of toggle buttons
// that writes Alice's hand into the textarea.
import { PAL } from "../renderer.js";

const FELT = "#0c4527";
const FELT_DOT = "#0a3d22";
const RAIL = "#062a16";
const RAIL_EDGE = "#2b8a52";
const SLOT = "#1e6b41";
const SLOT_7 = "#3aa56a";
const SHUT = "#14532f";
const GREY = { face: "#5f574f", ink: "#c2c3c7", edge: "#3b3631" };
const PLAYER = { Alice: PAL.blue, Bob: PAL.pink };
const BADGE = { 1: { letter: "W", bg: PAL.green }, 0: { letter: "D", bg: PAL.yellow }, [-1]: { letter: "L", bg: PAL.red } };
const RED_SUITS = new Set(["H", "D"]);

const STATUS_H = 11;
const HAND = { w: 13, h: 20, pitch: 14, gap: 3, raise: 5 };
const HAND_Y = { Bob: 14, Alice: 192 };
const BADGE_Y = { Bob: 42, Alice: 176 };
const TRACK = { w: 19, h: 24, pitch: 21, centre: 192 };
const ROW_Y = [54, 83, 112, 141];
const ICON_X = 38;
const RUN_X = 4;
const LABEL_X = 334;
const CHOOSE_END = 0.2;     // share of a play's tween spent showing the choice
const FLY_END = 0.65;       // share of the rest spent flying to the track

// ------------------------------------------------------------------ pixel glyphs

// A 3x5 digit font for card ranks (the served font has no room for "10" on a
// 13 px card); "1" is two columns wide so "10".."13" fit.
const DIGITS = {
  0: ["###", "#.#", "#.#", "#.#", "###"],
  1: [".#", "##", ".#", ".#", ".#"],
  2: ["###", "..#", "###", "#..", "###"],
  3: ["###", "..#", ".##", "..#", "###"],
  4: ["#.#", "#.#", "###", "..#", "..#"],
  5: ["###", "#..", "###", "..#", "###"],
  6: ["###", "#..", "###", "#.#", "###"],
  7: ["###", "..#", "..#", "..#", "..#"],
  8: ["###", "#.#", "###", "#.#", "###"],
  9: ["###", "#.#", "###", "..#", "###"],
  A: [".#.", "#.#", "###", "#.#", "#.#"],
  B: ["##.", "#.#", "##.", "#.#", "##."],
};

const SUIT_7 = {
  S: ["...#...", "..###..", ".#####.", "#######", "#######", "...#...", "..###.."],
  H: [".##.##.", "#######", "#######", "#######", ".#####.", "..###..", "...#..."],
  C: ["..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###.."],
  D: ["...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."],
};
const SUIT_5 = {
  S: ["..#..", ".###.", "#####", "#####", "..#.."],
  H: [".#.#.", "#####", "#####", ".###.", "..#.."],
  C: [".###.", ".###.", "#####", "#.#.#", "..#.."],
  D: ["..#..", ".###.", "#####", ".###.", "..#.."],
};

function bitmap(g, rows, x, y, color, scale = 1) {
  rows.forEach((row, j) => {
    for (let i = 0; i < row.length; i++) {
      if (row[i] === "#") g.rect(x + i * scale, y + j * scale, scale, scale, color);
    }
  });
}

function miniWidth(str, scale = 1, gap = scale) {
  let w = 0;
  for (const ch of str) w += DIGITS[ch][0].length * scale;
  return w + Math.max(0, str.length - 1) * gap;
}

function mini(g, str, x, y, color, scale = 1, gap = scale) {
  g.label(str, x, y, miniWidth(str, scale, gap), DIGITS[str[0]].length * scale);
  for (const ch of str) {
    bitmap(g, DIGITS[ch], x, y, color, scale);
    x += DIGITS[ch][0].length * scale + gap;
  }
}

function suitColor(suit) { return RED_SUITS.has(suit) ? PAL.red : PAL.black; }

// "S10" -> {suit: "S", rank: 10}: reading a card's name, not a rule.
function cardParts(card) { return { suit: card[0], rank: Number(card.slice(1)) }; }

// ------------------------------------------------------------------ cards

// A face-up card of any size: the rank on top, the suit below (7x7 on track
// cards, 5x5 on the small hand cards).
function face(g, x, y, w, h, card, { grey = false, hot = false, shadow = true } = {}) {
  x = Math.round(x); y = Math.round(y); w = Math.round(w); h = Math.round(h);
  const { suit, rank } = cardParts(card);
  const ink = grey ? GREY.ink : suitColor(suit);
  if (shadow) g.rect(x + 1, y + 1, w, h, "rgba(0,0,0,0.45)");
  g.rect(x, y, w, h, grey ? GREY.face : PAL.white);
  g.box(x, y, w, h, hot ? PAL.orange : grey ? GREY.edge : PAL.slate);
  const big = h >= 22;
  const gap = w >= 16 ? 2 : 1;
  const label = String(rank);
  mini(g, label, x + Math.floor((w - miniWidth(label, 2, gap)) / 2), y + (big ? 3 : 2), ink, 2, gap);
  const icon = big ? SUIT_7[suit] : SUIT_5[suit];
  const n = icon.length;
  bitmap(g, icon, x + Math.floor((w - n) / 2), y + h - n - (big ? 3 : 2), ink);
  if (hot) g.box(x - 1, y - 1, w + 2, h + 2, PAL.orange);
}

// ------------------------------------------------------------------ geometry

function slotX(rank) { return TRACK.centre + (rank - 7) * TRACK.pitch - (TRACK.w - 1) / 2; }

function rowOf(s, suit) { return s.suits.findIndex((x) => x.suit === suit); }

// x of each card of a hand: sorted as given, a small gap between suits, centred.
function handLayout(cards) {
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

// Raised cards move toward the table: down for Bob (top), up for Alice.
function handY(player, raised) {
  const dir = player === "Bob" ? 1 : -1;
  return HAND_Y[player] + (raised ? dir * HAND.raise : 0);
}

// ------------------------------------------------------------------ table

function drawFelt(g) {
  g.clear(FELT);
  for (let y = STATUS_H + 2; y < g.H; y += 4) {
    for (let x = (y / 4) % 2 ? 2 : 0; x < g.W; x += 4) g.rect(x, y, 1, 1, FELT_DOT);
  }
  g.box(0, STATUS_H, g.W, g.H - STATUS_H, "#06301a", 2);
}

// "Alice to move . cards left A 13 / B 12 . legal: 3", with pixel dots between
// the parts so it fits the 384 px bar.
function drawStatus(g, s) {
  g.rect(0, 0, g.W, STATUS_H, PAL.black);
  g.panel(0, 0, g.W, STATUS_H);
  const hands = s.hands;
  const parts = [];
  if (s.outcome) {
    // The end: why the game ended (the banner on the table gives the verdict).
    const cut = (s.banner || "").lastIndexOf(": ");
    parts.push([[cut > 0 ? s.banner.slice(0, cut) : "GAME OVER", PAL.yellow]]);
  } else {
    parts.push([[s.to_move, PLAYER[s.to_move]], [" to move", PAL.white]]);
    parts.push([[`cards left A ${hands.Alice.length} / B ${hands.Bob.length}`, PAL.white]]);
    parts.push([[`legal: ${s.legal.length}`, s.legal.length ? PAL.white : s.stuck ? PAL.red : PAL.silver]]);
  }
  const SEP = 12;
  const chars = parts.reduce((n, p) => n + p.reduce((m, [str]) => m + str.length, 0), 0);
  let x = Math.round((g.W - chars * 8 - SEP * (parts.length - 1)) / 2);
  parts.forEach((p, k) => {
    if (k) {
      g.rect(x + 5, 4, 2, 2, PAL.silver);
      x += SEP;
    }
    for (const [str, color] of p) {
      g.text(str, x, 2, color);
      x += str.length * 8;
    }
  });
  g.endPanel();
}

// A track's rail: the strip under an open suit's 13 slots.  `from`/`to` in
// pixels let the rail unroll from the centre when the 7 comes down.
function drawRail(g, y, from = slotX(1) - 3, to = slotX(13) + TRACK.w + 3, glow = 0) {
  if (to <= from) return;
  g.rect(from, y - 2, to - from, TRACK.h + 4, RAIL);
  g.rect(from, y - 3, to - from, 1, glow ? PAL.yellow : RAIL_EDGE);
  g.rect(from, y + TRACK.h + 2, to - from, 1, glow ? PAL.yellow : RAIL_EDGE);
  if (glow) {
    g.rect(from, y - 4, to - from, 1, "rgba(255,236,39,0.5)");
    g.rect(from, y + TRACK.h + 3, to - from, 1, "rgba(255,236,39,0.5)");
  }
}

function dotted(g, x, y, w, h, color) {
  for (let i = 0; i < w; i += 2) { g.rect(x + i, y, 1, 1, color); g.rect(x + i, y + h - 1, 1, 1, color); }
  for (let j = 0; j < h; j += 2) { g.rect(x, y + j, 1, 1, color); g.rect(x + w - 1, y + j, 1, 1, color); }
}

function emptySlot(g, rank, y, open) {
  const x = slotX(rank);
  const seven = rank === 7;
  if (open) {
    g.box(x, y, TRACK.w, TRACK.h, seven ? SLOT_7 : SLOT);
    const label = String(rank);
    mini(g, label, x + Math.floor((TRACK.w - miniWidth(label)) / 2), y + 16, SLOT);
  } else {
    dotted(g, x, y, TRACK.w, TRACK.h, seven ? SLOT_7 : SHUT);
  }
}

// The four tracks.  opts.hide: a card not yet landed; opts.rail: {suit, from, to}
// overriding one rail; opts.ends: draw the blinking ends; opts.hot: the card
// just played; opts.glow: 0..1 how many rows glow (the draw); opts.before: a
// suit's previous run, named in the left column until the card lands.
function drawTracks(g, s, { hide = null, rail = null, ends = false, hot = null, glow = 0, before = null, cover = null } = {}) {
  g.rect(TRACK.centre - 1, ROW_Y[0] - 6, 2, ROW_Y[3] + TRACK.h + 12 - ROW_Y[0], "#0f5a33");
  s.suits.forEach((t, r) => {
    const y = ROW_Y[r];
    // The suit's icon on a small white tile at the left of its track.
    g.rect(ICON_X + 1, y + 5, 15, 15, "rgba(0,0,0,0.45)");
    g.rect(ICON_X, y + 4, 15, 15, t.open ? PAL.white : PAL.silver);
    bitmap(g, SUIT_7[t.suit], ICON_X + 4, y + 8, suitColor(t.suit));
    const glowing = glow > r / 4;
    if (rail && rail.suit === t.suit) drawRail(g, y, rail.from, rail.to);
    else if (t.open) drawRail(g, y, undefined, undefined, glowing);
    const open = t.open && !(rail && rail.suit === t.suit && rail.closed);
    // The final banner sits on this track: its slots are not drawn under it.
    for (let k = 1; k <= 13 && t.suit !== cover; k++) {
      const down = t.open && k >= t.low && k <= t.high;
      const card = `${t.suit}${k}`;
      if (down && card !== hide) face(g, slotX(k), y, TRACK.w, TRACK.h, card, { hot: card === hot });
      else emptySlot(g, k, y, open || (rail && rail.suit === t.suit && k === 7));
    }
    // The left column: the run on the table ("low-high"), or "shut".
    const shown = before && before.suit === t.suit ? before : t;
    const run = shown.open ? `${shown.low}-${shown.high}` : "shut";
    g.text(run, RUN_X, y + 8, shown.open ? (glowing ? PAL.yellow : PAL.silver) : SLOT_7, { shadow: PAL.black });
  });
  if (ends) drawEnds(g, s, cover);
}

// The free slot past each end: blinking (dotted for a closed suit's 7) when
// the mover holds that card, else a small tag naming who holds it.
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
      mini(g, tag, x + 7, y + 3, PLAYER[e.owner], 2);
    }
  }
}

// ------------------------------------------------------------------ hands

function badge(g, x, y, value) {
  const b = BADGE[value];
  if (!b) return;
  g.rect(x + 1, y + 1, 11, 10, PAL.black);
  g.rect(x, y, 11, 10, b.bg);
  g.text(b.letter, x + 2, y + 1, PAL.black);
}

// Both hands.  opts: raised (Set of cards lifted, for the mover), values (the
// W/D/L badges), hide (a card in flight), from ({player: {layout, raised}}: the
// positions to slide from, with u), grey / shaker + shake (the stuck player), hot.
function drawHands(g, s, { raised = new Set(), values = null, hide = null, from = null, u = 1,
  grey = null, shaker = null, shake = 0, hot = null, mover = null } = {}) {
  for (const player of ["Bob", "Alice"]) {
    const cards = s.hands[player];
    const layout = handLayout(cards);
    const old = from && from[player];
    for (const card of cards) {
      if (card === hide) continue;
      let x = layout.get(card);
      let y = handY(player, player === mover && raised.has(card));
      if (old && old.layout.has(card)) {
        x = g.lerp(old.layout.get(card), x, u);
        y = g.lerp(handY(player, old.raised.has(card)), y, u);
      }
      const dx = shaker === player && shake ? Math.round(Math.sin(shake * 47 + x) * 2) : 0;
      face(g, x + dx, y, HAND.w, HAND.h, card, { grey: grey === player, hot: card === hot });
    }
    if (values && player === mover) {
      for (const v of values) {
        const x = layout.get(v.move);
        if (x === undefined) continue;
        badge(g, x + 1, BADGE_Y[player], v.value);
        if (values.length === 1) {
          const right = x + 14 + 48 <= 382;
          g.text("FORCED", right ? x + 14 : x - 50, BADGE_Y[player] + 1, PAL.white, { shadow: PAL.black });
        }
      }
    }
  }
}

// The right column: who sits where (names next to their hands), how many
// cards each holds, and a blinking arrow toward the mover's hand.
function drawLabels(g, s, { grey = null } = {}) {
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
      const ax = LABEL_X + 2 + player.length * 8 + 3;
      const ay = spot.name;
      for (let k = 0; k < 4; k++) {
        const yy = player === "Bob" ? ay + k : ay + 6 - k;
        g.rect(ax + 3 - k, yy, 2 * k + 1, 1, color);
      }
    }
  }
}

// ------------------------------------------------------------------ effects

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

// Frame 0: S7 is down, drawn with a still "activation" star.
function rays(g, cx, cy) {
  // Only the four steep rays: the flat ones would cross the next slots' numbers.
  for (const k of [1, 2, 5, 6]) {
    const a = (k / 8) * Math.PI * 2 + Math.PI / 8;
    for (let d = 18; d < 26; d += 3) g.rect(cx + Math.cos(a) * d, cy + Math.sin(a) * d * 0.75, 2, 2, k % 2 ? PAL.yellow : PAL.white);
  }
}

// The track the final banner covers: a full one (nothing to read there), else
// a shut one, else the fullest; the stuck player's blocked ends stay in view.
function bannerRow(s) {
  const size = (t) => (t.open ? t.high - t.low + 1 : 0);
  const order = [1, 2, 0, 3];
  const full = order.find((i) => size(s.suits[i]) === 13);
  if (full !== undefined) return full;
  const shut = order.find((i) => !s.suits[i].open);
  if (shut !== undefined) return shut;
  return order.reduce((best, i) => (size(s.suits[i]) > size(s.suits[best]) ? i : best), order[0]);
}

// The verdict and the exact output line, on one track (the reason is in the
// status bar and the narration).  `drop` slides it in from above.
function finalBanner(g, s, drop = 0) {
  const text = s.banner || "";
  const cut = text.lastIndexOf(": ");
  const verdict = cut >= 0 ? text.slice(cut + 2) : text;
  // A user's variation shows its own result, never the main line's judge output.
  const answer = s.variation ? s.outcome : (s.answer || "").replace(/\n$/, "");
  const label = s.variation ? "this line: " : "output: ";
  const color = s.outcome === "Draw" ? PAL.yellow : PLAYER[s.outcome] || PAL.yellow;
  const out = `${label}${answer}`;
  const w = Math.max(verdict.length * 16, out.length * 8 + 6) + 20;
  const h = 30;
  const x = Math.round(TRACK.centre - w / 2);
  const y = Math.round(ROW_Y[bannerRow(s)] - 3 - drop);
  g.rect(x + 2, y + 2, w, h, PAL.black);
  g.rect(x, y, w, h, PAL.navy);
  g.box(x, y, w, h, color, 2);
  g.panel(x, y, w + 2, h + 2);
  g.text(verdict, TRACK.centre, y + 3, color, { align: "center", size: 16, shadow: PAL.black });
  const lx = Math.round(TRACK.centre - (out.length * 8 + 6) / 2);
  g.rect(lx, y + 19, out.length * 8 + 6, 9, PAL.black);
  g.text(label, lx + 3, y + 20, PAL.silver);
  g.text(answer, lx + 3 + label.length * 8, y + 20, PAL.green);
  g.endPanel();
}

// ------------------------------------------------------------------ frames

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
  drawLabels(g, s, { grey: s.stuck || null });
  if (over) finalBanner(g, s);
}

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
  const fly = g.ease(Math.min(1, u / FLY_END));
  const landed = u >= FLY_END;
  const r = rowOf(s, ev.suit);
  const y = ROW_Y[r];
  const opening = ev.end === "open";
  drawFelt(g);
  drawStatus(g, s);
  let rail = null;
  if (opening) {
    // The rail unrolls both ways from the 7 once the card is down.
    const k = g.ease(Math.max(0, Math.min(1, (u - FLY_END) / (1 - FLY_END))));
    const c = TRACK.centre;
    const half = (slotX(13) + TRACK.w + 3 - c) * k;
    rail = { suit: ev.suit, from: c - half, to: c + half, closed: k < 1 };
  }
  drawTracks(g, s, { hide: landed ? null : ev.card, rail, hot: landed ? ev.card : null,
    before: landed ? null : ps.suits[rowOf(ps, ev.suit)] });
  const from = { [ev.player]: { layout: handLayout(ps.hands[ev.player]), raised: new Set(ps.legal) } };
  const other = ev.player === "Alice" ? "Bob" : "Alice";
  from[other] = { layout: handLayout(ps.hands[other]), raised: new Set() };
  drawHands(g, s, { raised: new Set(s.legal), mover: s.to_move, from, u: fly });
  drawLabels(g, s);
  if (!landed) {
    const start = { x: handLayout(ps.hands[ev.player]).get(ev.card), y: handY(ev.player, true) };
    const end = { x: slotX(ev.rank), y };
    const x = g.lerp(start.x, end.x, fly);
    const yy = g.lerp(start.y, end.y, fly) - Math.sin(Math.PI * fly) * 10;
    face(g, x, yy, g.lerp(HAND.w, TRACK.w, fly), g.lerp(HAND.h, TRACK.h, fly), ev.card, { hot: true });
  } else if (opening) {
    burst(g, slotX(7) + TRACK.w / 2, y + TRACK.h / 2, (u - FLY_END) / (1 - FLY_END));
  }
}

function endTween(g, frame, t) {
  const s = frame.state;
  const ev = frame.event;
  drawFelt(g);
  drawStatus(g, s);
  const draw = ev.kind === "draw";
  drawTracks(g, s, { glow: draw ? t * 1.25 : 0, ends: true, cover: t > 0.55 ? s.suits[bannerRow(s)].suit : null });
  const stuck = ev.kind === "stuck" ? ev.player : null;
  drawHands(g, s, { grey: t > 0.3 ? stuck : null, shaker: stuck, shake: t * 6 });
  drawLabels(g, s, { grey: t > 0.3 ? stuck : null });
  if (t > 0.55) finalBanner(g, s, (1 - (t - 0.55) / 0.45) * 12);
}

export function draw(g, frame, prev, t) {
  const ev = frame.event;
  const moving = prev && ev && t < 1;
  if (moving && ev.kind === "play") playTween(g, frame, prev, t);
  else if (moving && (ev.kind === "stuck" || ev.kind === "draw")) endTween(g, frame, t);
  else rest(g, frame);
}

// Square-wave notes: a ding per card pitched by its distance from 7, a low
// boom when a suit opens, a jingle for a win and a flat chord for a draw.
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

// ------------------------------------------------------------------ input tool

const TOOL_SUITS = [["S", "\u2660", "spades"], ["H", "\u2665", "hearts"], ["C", "\u2663", "clubs"], ["D", "\u2666", "diamonds"]];
const HAND_SIZE = 26;
const TOKEN = /^[SHCD](?:[1-9]|1[0-3])$/;

function el(tag, attrs = {}, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

// A 4 x 13 grid of toggle buttons: pressed cards are Alice's hand, the other
// 26 go to Bob.  Clicking writes the hand into the textarea in suit and rank
// order; sync() reflects whatever card tokens the textarea holds.
export function inputTool(container, { write }) {
  const order = TOOL_SUITS.flatMap(([suit]) => Array.from({ length: 13 }, (_, k) => `${suit}${k + 1}`));
  const chosen = new Set();
  const buttons = new Map();

  const root = el("div", { class: "tool" });
  const head = el("div", { class: "tool-head" });
  const count = el("span", { class: "tool-count", "data-testid": "hand-count", role: "status", "aria-live": "polite" });
  const clear = el("button", { type: "button", "data-testid": "hand-clear", title: "Empty Alice's hand" }, "Clear");
  const swap = el("button", { type: "button", "data-testid": "hand-swap", title: "Give Alice the cards Bob holds, and Bob hers" }, "Swap with Bob");
  head.append(count, clear, swap);

  const grid = el("div", { class: "tool-grid", role: "group", "aria-label": "Alice's hand: press the cards she holds" });
  for (const [suit, symbol, name] of TOOL_SUITS) {
    grid.append(el("span", { class: `tool-label${RED_SUITS.has(suit) ? " red" : ""}`, title: name, "aria-hidden": "true" }, symbol));
    for (let k = 1; k <= 13; k++) {
      const card = `${suit}${k}`;
      const button = el("button", {
        type: "button", class: `tool-toggle${RED_SUITS.has(suit) ? " red" : ""}`, "data-testid": `card-${card}`,
        "data-card": card, "aria-pressed": "false", "aria-label": `${k} of ${name}`,
      }, String(k));   // the row's suit sign names the suit; the rank alone fits a phone's cell
      buttons.set(card, button);
      grid.append(button);
    }
  }
  const note = el("p", { class: "tool-note" }, "Pressed cards are Alice's; the other cards go to Bob.");
  root.append(head, grid, note);
  container.append(root);

  function render(message = null) {
    for (const [card, button] of buttons) {
      const on = chosen.has(card);
      button.setAttribute("aria-pressed", String(on));
    }
    const n = chosen.size;
    count.textContent = `Alice: ${n}/${HAND_SIZE} cards`;
    count.classList.toggle("done", n === HAND_SIZE);
    note.textContent = message || (n === HAND_SIZE ? "Alice's hand is complete: Bob gets the other 26 cards."
      : "Pressed cards are Alice's; the other cards go to Bob.");
    swap.disabled = n !== HAND_SIZE;
  }

  function emit() {
    const tokens = order.filter((c) => chosen.has(c));
    write(tokens.join(" ") + (tokens.length === HAND_SIZE ? "\n" : ""));
  }

  grid.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (!button) return;
    const card = button.dataset.card;
    if (chosen.has(card)) chosen.delete(card);
    else if (chosen.size >= HAND_SIZE) {
      render(`Alice already holds ${HAND_SIZE} cards: release one first.`);
      return;
    } else chosen.add(card);
    emit();
  });
  clear.addEventListener("click", () => {
    chosen.clear();
    emit();
  });
  swap.addEventListener("click", () => {
    const others = order.filter((c) => !chosen.has(c));
    chosen.clear();
    for (const c of others) chosen.add(c);
    emit();
  });

  return {
    // Reflects the textarea: every well-formed card token counts, nothing more.
    sync(text) {
      chosen.clear();
      for (const token of String(text).split(/[\s,;]+/)) if (TOKEN.test(token)) chosen.add(token);
      render();
    },
  };
}
