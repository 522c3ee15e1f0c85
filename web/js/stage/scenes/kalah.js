// Scene for Kalah with swaps (SWERC 2008): a wooden board with the opponent's
// cups on top (a at the right), yours below (A at the left), your bowl at the
// right end and his at the left.  Everything drawn comes from the frame: the
// pits, locks and swaps from `state`, the sowing path, capture and swap from
// `event`, the move values from `values` / `state.choices`.
import { PAL } from "../renderer.js";

const WOOD = { face: "#b5643a", grain: "#9c5030", edge: "#5e2c1b", rim: "#7a3a22", hole: "#2b1710", lip: "#43241a" };
const STONES = [PAL.white, PAL.yellow, PAL.green, PAL.blue, PAL.pink, PAL.orange, PAL.peach, PAL.lavender];
const SIDE = { You: { color: PAL.blue, short: "YOU", row: "bottom" }, Opponent: { color: PAL.pink, short: "OPP", row: "top" } };
const SOW_KINDS = new Set(["sow", "extra", "capture", "swap"]);

const BOARD = { x: 6, y: 28, w: 372, h: 151 };
const CUP_W = 46;
const CUP_H = 40;
const TOP_Y = 46;
const BOT_Y = 123;
const BOWL = { w: 40, y: 46, h: 117 };
const BOWL_X = { left: 14, right: 330 };
const CUP_AREA = { x0: 62, x1: 322 };
const TOP_BADGE_Y = 32;
const BOT_BADGE_Y = 167;
const LANE_BADGE_Y = 99;
const CHOOSE_END = 0.16;

// ------------------------------------------------------------------ geometry

function pitch(m) { return Math.min(80, (CUP_AREA.x1 - CUP_AREA.x0) / m); }

function slotX(m, slot) { return Math.round(192 + (slot - (m - 1) / 2) * pitch(m)); }

// The rectangle of pit p (cups, then the two bowls) on the board.
function pitRect(m, p) {
  if (p < m) return { x: slotX(m, p) - CUP_W / 2, y: BOT_Y, w: CUP_W, h: CUP_H, cup: true, top: false };
  if (p === m) return { x: BOWL_X.right, y: BOWL.y, w: BOWL.w, h: BOWL.h, cup: false };
  if (p < 2 * m + 1) return { x: slotX(m, 2 * m - p) - CUP_W / 2, y: TOP_Y, w: CUP_W, h: CUP_H, cup: true, top: true };
  return { x: BOWL_X.left, y: BOWL.y, w: BOWL.w, h: BOWL.h, cup: false };
}

function pitCenter(m, p) {
  const r = pitRect(m, p);
  return { x: r.x + r.w / 2, y: r.cup ? r.y + 14 : r.y + r.h - 40 };
}

// Where stone k of a pit lies (cups: rows of 5 from the top; bowls: rows of 4 from the bottom).
function stoneSpot(r, k) {
  if (r.cup) {
    const row = Math.floor(k / 5);
    const col = k % 5;
    return { x: r.x + r.w / 2 - 14 + col * 6, y: r.y + 5 + row * 6 + (col % 2) };
  }
  const row = Math.floor(k / 4);
  const col = k % 4;
  return { x: r.x + r.w / 2 - 12 + col * 6 + (row % 2), y: r.y + r.h - 26 - row * 6 };
}

function stone(g, x, y, k, size = 4) {
  g.rect(x + 1, y + 1, size, size, PAL.black);
  g.rect(x, y, size, size, STONES[k % STONES.length]);
}

function pairCups(m, j) { return [j, m + 1 + j]; }

// ------------------------------------------------------------------ board pieces

function drawWood(g) {
  const { x, y, w, h } = BOARD;
  g.rect(x + 3, y + 3, w, h, PAL.black);
  g.rect(x, y, w, h, WOOD.face);
  for (let k = 0; k < 9; k++) {
    const gy = y + 7 + k * 16 + (k % 3);
    for (let s = 0; s < 6; s++) {
      const gx = x + 4 + s * 62 + (k * 23) % 40;
      g.rect(gx, gy, Math.min(24 + (k * s) % 14, x + w - 4 - gx), 1, WOOD.grain);
    }
  }
  g.box(x, y, w, h, WOOD.edge, 2);
  g.box(x + 2, y + 2, w - 4, h - 4, WOOD.rim);
}

function hole(g, r) {
  const { x, y, w, h } = r;
  g.rect(x + 2, y, w - 4, h, WOOD.lip);
  g.rect(x, y + 2, w, h - 4, WOOD.lip);
  g.rect(x + 1, y + 1, w - 2, h - 2, WOOD.lip);
  g.rect(x + 3, y + 2, w - 6, h - 4, WOOD.hole);
  g.rect(x + 2, y + 3, w - 4, h - 6, WOOD.hole);
}

function drawPit(g, m, p, count, { label, grey = false, hideStones = 0 } = {}) {
  const r = pitRect(m, p);
  hole(g, r);
  const shown = Math.max(0, count - hideStones);
  for (let k = 0; k < shown; k++) {
    const s = stoneSpot(r, k);
    stone(g, s.x, s.y, k + p * 3);
  }
  const color = count ? PAL.white : PAL.slate;
  if (r.cup) {
    g.text(String(count), r.x + r.w / 2, r.y + 27, color, { align: "center" });
  } else {
    g.text(label, r.x + r.w / 2, r.y + 6, PAL.silver, { align: "center" });
    g.text(String(count), r.x + r.w / 2, r.y + r.h - 12, color, { align: "center" });
  }
  if (grey) g.rect(r.x, r.y, r.w, r.h, "rgba(95,87,79,0.7)");
}

// A padlock of pixels with the rounds it stays locked.
function lockIcon(g, x, y, n) {
  g.rect(x + 1, y, 5, 1, PAL.silver);
  g.rect(x + 1, y, 1, 4, PAL.silver);
  g.rect(x + 5, y, 1, 4, PAL.silver);
  g.rect(x, y + 3, 7, 5, PAL.orange);
  g.rect(x + 3, y + 5, 1, 2, PAL.black);
  g.text(String(n), x + 9, y, PAL.orange);
}

function drawLabels(g, s, locks) {
  const m = s.m;
  for (let p = 0; p < 2 * m + 2; p++) {
    if (p === m || p === 2 * m + 1) continue;
    const r = pitRect(m, p);
    const cx = r.x + r.w / 2;
    const y = r.top ? r.y + r.h + 3 : r.y - 11;
    g.text(s.labels[p], cx - 4, y, r.top ? PAL.peach : PAL.white);
    const j = p < m ? p : p - m - 1;
    if (locks[j] > 0) lockIcon(g, cx + 7, y, locks[j]);
  }
}

function badge(g, cx, y, text, { best = false, chosen = false, border = null } = {}) {
  const w = text.length * 8 + 5;
  const x = Math.round(cx - w / 2);
  g.rect(x + 1, y + 1, w, 11, PAL.black);
  g.rect(x, y, w, 11, best ? PAL.yellow : PAL.navy);
  g.box(x, y, w, 11, chosen ? PAL.white : border || (best ? PAL.orange : PAL.slate));
  g.text(text, x + 3, y + 2, best ? PAL.navy : PAL.white);
}

function tag(g, cx, y, text, color, { bg = PAL.black, size = 8 } = {}) {
  const w = text.length * size + 8;
  const h = size + 6;
  const x = Math.max(1, Math.min(g.W - w - 1, Math.round(cx - w / 2)));
  g.rect(x, y, w, h, bg);
  g.box(x, y, w, h, color);
  g.text(text, x + 4, y + 3, color, { size });
}

function outline(g, m, p, color, width = 2, pad = 2) {
  const r = pitRect(m, p);
  g.box(r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad, color, width);
}

// The value badges of a decision: the cup's own value (or KEEP when a swap can
// follow) outside the row, the SWAP value in the middle lane.
function drawChoices(g, s, values, { chosenMove = null, blinkOn = true } = {}) {
  if (!values || !s.choices) return;
  const m = s.m;
  const byMove = new Map(values.map((v) => [v.move, v]));
  const cups = new Map();
  for (const c of s.choices) {
    const entry = cups.get(c.cup) || { keep: null, swap: null, pair: null };
    if (c.swap) { entry.swap = byMove.get(c.move); entry.pair = c.swap; } else entry.keep = byMove.get(c.move);
    cups.set(c.cup, entry);
  }
  for (const [cup, e] of cups) {
    const r = pitRect(m, cup);
    const cx = r.x + r.w / 2;
    if (blinkOn && !chosenMove) outline(g, m, cup, PAL.yellow, 1, 2);
    if (e.pair && (blinkOn || chosenMove)) for (const p of e.pair) outline(g, m, p, PAL.pink, 1, 4);
    const outer = r.top ? TOP_BADGE_Y : BOT_BADGE_Y;
    if (e.keep) {
      badge(g, cx, outer, `${e.swap ? "KEEP " : ""}${e.keep.text}`,
        { best: e.keep.best, chosen: chosenMove === e.keep.move });
    }
    if (e.swap) {
      badge(g, cx, LANE_BADGE_Y, `SWAP ${e.swap.text}`,
        { best: e.swap.best, chosen: chosenMove === e.swap.move, border: PAL.pink });
    }
  }
}

function drawPips(g, x, y, left, color) {
  for (let k = 0; k < 3; k++) {
    const on = k < left;
    g.rect(x + k * 9 + 1, y + 1, 6, 6, PAL.black);
    g.rect(x + k * 9, y, 6, 6, on ? color : PAL.slate);
    if (on) g.rect(x + k * 9 + 1, y + 1, 2, 2, PAL.white);
  }
}

function statusBar(g, s, { over = false } = {}) {
  g.rect(0, 0, g.W, 11, PAL.black);
  g.panel(0, 0, g.W, 11);
  g.text(`ROUND ${s.round}`, 3, 2, PAL.white);
  let mid = "GAME OVER";
  let color = PAL.yellow;
  if (!over && s.turn) {
    mid = s.turn === "You" ? "YOUR MOVE" : "OPP TO MOVE";
    color = SIDE[s.turn].color;
    if (s.passing) mid = s.turn === "You" ? "YOU MUST PASS" : "OPP MUST PASS";
  }
  g.text(mid, 168, 2, color, { align: "center" });
  g.text(`YOU ${s.score.you} : ${s.score.opponent} OPP`, g.W - 3, 2, PAL.white, { align: "right" });
  g.endPanel();
}

function hud(g, s, swaps, toMove, blinkOn) {
  // Opponent above the board at the left (his bowl's end), You below at the right.
  g.text("OPP", 8, 16, SIDE.Opponent.color);
  g.text("SWAPS", 38, 16, PAL.silver);
  drawPips(g, 80, 16, swaps.opponent, SIDE.Opponent.color);
  g.text("YOU", 350, 184, SIDE.You.color);
  g.text("SWAPS", 255, 184, PAL.silver);
  drawPips(g, 298, 184, swaps.you, SIDE.You.color);
  if (toMove && blinkOn) {
    // A small pointer beside the side to move.
    const [x, y] = toMove === "You" ? [340, 184] : [0, 16];
    for (let k = 0; k < 4; k++) g.rect(x + k, y + k, 1, 8 - 2 * k, PAL.yellow);
  }
  if (s.value !== undefined && s.value !== null) {
    g.text(`VALUE ${s.value > 0 ? "+" : ""}${s.value}`, g.W - 8, 16, PAL.silver, { align: "right" });
  }
}

function caption(g, text, color = PAL.white) {
  g.rect(0, 196, g.W, 20, PAL.black);
  g.text(text.slice(0, 47), g.W / 2, 202, color, { align: "center" });
}

// ------------------------------------------------------------------ event text

function who(name) { return name === "You" ? "YOU" : "OPP"; }

function eventCaption(frame) {
  const ev = frame.event;
  const s = frame.state;
  if (!ev) return ["OPPONENT MOVES FIRST", PAL.white];
  const L = (p) => s.labels[p];
  if (ev.kind === "pass") return [`${who(ev.player)} PASS${ev.player === "You" ? "" : "ES"}: NO STONES IN ${ev.player === "You" ? "YOUR" : "HIS"} CUPS`, PAL.silver];
  if (ev.kind === "end") return [`ANSWER LINE: ${s.value}`, PAL.white];
  const head = `${who(ev.player)} ${L(ev.cup)} (${ev.stones}) ENDS IN ${L(ev.last)}`;
  if (ev.kind === "extra") return [`${head} - AGAIN!`, PAL.yellow];
  if (ev.kind === "capture") {
    const [a, b] = ev.capture.stones;
    return [`${head} - CAPTURE ${a}+${b}=${ev.capture.total}`, PAL.red];
  }
  if (ev.swap) {
    const pair = `${L(ev.swap.cups[0] < s.m ? ev.swap.cups[0] : ev.swap.cups[1])}<->${L(ev.swap.cups[0] < s.m ? ev.swap.cups[1] : ev.swap.cups[0])}`;
    if (ev.swap.done) return [`${head} - SWAP ${pair}`, PAL.pink];
    if (ev.swap.declined) return [`${head} - KEEPS (NO SWAP)`, PAL.white];
    return [`${head} - NO SWAP: ${ev.swap.refused[0].toUpperCase()}`, PAL.silver];
  }
  if (ev.no_capture) return [`${head} - NO CAPTURE`, PAL.silver];
  return [`${head} - TURN ENDS`, PAL.white];
}

// ------------------------------------------------------------------ drawing

function drawBoard(g, s, { pits = s.pits, locks = s.locks, greyRow = null, hide = {} } = {}) {
  const m = s.m;
  drawWood(g);
  for (let p = 0; p < 2 * m + 2; p++) {
    const isCup = p !== m && p !== 2 * m + 1;
    const grey = isCup && greyRow && ((greyRow === "You") === (p < m));
    drawPit(g, m, p, pits[p], { label: p === m ? "YOU" : "OPP", grey, hideStones: hide[p] || 0 });
  }
  drawLabels(g, s, locks);
}

// Counts after the first `landed` stones of the sowing (from the previous frame's pits).
function sownPits(prevPits, ev, landed) {
  const pits = [...prevPits];
  pits[ev.cup] = 0;
  for (let k = 0; k < landed; k++) pits[ev.path[k]] += 1;
  return pits;
}

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

function sowTiming(kind) {
  return kind === "capture" || kind === "swap" ? 0.66 : 0.86;
}

function drawSowTween(g, frame, prev, t) {
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
    caption(g, `${who(ev.player)} PLAYS ${ps.labels[ev.cup]}`, SIDE[ev.player].color);
    return;
  }
  const n = ev.path.length;
  if (t < sowEnd) {
    const u = (t - CHOOSE_END) / (sowEnd - CHOOSE_END) * n;
    const landed = Math.min(n, Math.floor(u));
    drawBoard(g, ps, { pits: sownPits(ps.pits, ev, landed) });
    if (landed > 0) outline(g, m, ev.path[landed - 1], PAL.yellow, 1, 1);
    if (landed < n) hand(g, m, landed === 0 ? ev.cup : ev.path[landed - 1], ev.path[landed], n - landed, u - landed);
    caption(g, `${who(ev.player)} SOWS ${ps.labels[ev.cup]}: ${landed}/${n}`, SIDE[ev.player].color);
    return;
  }
  const v = Math.min(1, (t - sowEnd) / (1 - sowEnd));
  const sown = sownPits(ps.pits, ev, n);
  if (ev.kind === "capture") {
    const c = ev.capture;
    const [a, b] = c.stones;
    const total = c.total;
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
    caption(g, `CAPTURE ${a}+${b} = ${total}`, PAL.red);
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
    const e = g.ease(v);
    pile(g, m, p, q, sown[p], e, -1);
    pile(g, m, q, p, sown[q], e, 1);
    caption(g, "SWAP!", PAL.pink);
    return;
  }
  drawBoard(g, ps, { pits: sown });
  outline(g, m, ev.last, PAL.yellow, 1, 1);
  if (ev.kind === "extra") {
    const b = pitRect(m, ev.last);
    tag(g, b.x + b.w / 2, b.y + 22 - Math.round((1 - v) * 8), "AGAIN!", PAL.yellow, { bg: PAL.plum });
  }
  caption(g, `${who(ev.player)} SOWS ${ps.labels[ev.cup]}: ${n}/${n}`, SIDE[ev.player].color);
}

// The values of keeping and of swapping, from the decision before the sowing:
// the two choices of the sown cup, one without a swap and one with.
function swapTags(g, prev, ev) {
  if (!prev.values || !prev.state.choices) return;
  const ofCup = prev.state.choices.filter((c) => c.cup === ev.cup);
  const valueOf = (choice) => choice && prev.values.find((x) => x.move === choice.move);
  const keep = valueOf(ofCup.find((c) => !c.swap));
  const swap = valueOf(ofCup.find((c) => c.swap));
  if (keep && swap) {
    badge(g, 150, LANE_BADGE_Y, `KEEP ${keep.text}`, { best: keep.best, chosen: ev.move === keep.move });
    badge(g, 234, LANE_BADGE_Y, `SWAP ${swap.text}`, { best: swap.best, chosen: ev.move === swap.move, border: PAL.pink });
  }
}

// A pile of `n` stones travelling from pit a to pit b along an arc.
function pile(g, m, a, b, n, e, bend) {
  const A = pitCenter(m, a);
  const B = pitCenter(m, b);
  const x = A.x + (B.x - A.x) * e;
  const y = A.y + (B.y - A.y) * e + bend * Math.sin(Math.PI * e) * 24;
  for (let k = 0; k < n; k++) stone(g, x - 10 + (k % 5) * 5, y - 4 + Math.floor(k / 5) * 5, k);
}

function drawStatic(g, frame) {
  const s = frame.state;
  const ev = frame.event;
  const m = s.m;
  const blinkOn = g.blink(300);
  statusBar(g, s);
  hud(g, s, s.swaps, frame.values ? frame.to_move : s.turn, blinkOn);
  const greyRow = ev && ev.kind === "pass" ? ev.player : null;
  drawBoard(g, s, { greyRow });
  if (ev && SOW_KINDS.has(ev.kind)) {
    if (ev.kind === "capture") {
      outline(g, m, ev.capture.cup, PAL.red, 1, 1);
      outline(g, m, ev.capture.opposite, PAL.red, 1, 1);
      const b = pitRect(m, ev.capture.bowl);
      tag(g, b.x + b.w / 2, b.y + 22, `+${ev.capture.total}`, PAL.red);
    } else if (ev.kind === "swap") {
      for (const p of ev.swap.cups) outline(g, m, p, PAL.pink, 1, 1);
    } else {
      outline(g, m, ev.last, ev.kind === "extra" ? PAL.yellow : PAL.white, 1, 1);
      if (ev.swap && !ev.swap.done) for (const p of ev.swap.cups) if (p !== ev.last) outline(g, m, p, PAL.slate, 1, 1);
      if (ev.no_capture) {
        // The turn has passed to the other row, so this row's badge line is free.
        const r = pitRect(m, ev.no_capture.cup);
        badge(g, r.x + r.w / 2, r.top ? TOP_BADGE_Y : BOT_BADGE_Y, "NO CAPTURE", { border: PAL.silver });
      }
    }
    if (ev.kind === "extra") {
      const b = pitRect(m, ev.last);
      if (!frame.values || blinkOn) tag(g, b.x + b.w / 2, b.y + 22, "AGAIN!", PAL.yellow, { bg: PAL.plum });
    }
  }
  drawChoices(g, s, frame.values, { blinkOn });
  if (greyRow) {
    // Over the empty cups, clear of their counts.
    const y = greyRow === "You" ? BOT_Y + 8 : TOP_Y + 8;
    tag(g, 192, y, "PASS", PAL.silver, { bg: PAL.black });
  }
  const [text, color] = eventCaption(frame);
  caption(g, text, color);
}

function drawEnd(g, frame, prev, t) {
  const s = frame.state;
  const m = s.m;
  const e = prev && t < 1 ? g.ease(t) : 1;
  statusBar(g, s, { over: true });
  const big = { left: { x: 20, y: 24, w: 96, h: 112 }, right: { x: 268, y: 24, w: 96, h: 112 } };
  const pits = [[2 * m + 1, "left", "OPP", s.score.opponent], [m, "right", "YOU", s.score.you]];
  // An empty mini board between the bowls: every cup is empty.
  const mini = 26;
  for (let slot = 0; slot < m; slot++) {
    const x = 192 + (slot - (m - 1) / 2) * mini - 10;
    g.rect(x, 52, 20, 14, WOOD.hole);
    g.text(s.labels[2 * m - slot], x + 10, 42, PAL.peach, { align: "center" });
    g.rect(x, 84, 20, 14, WOOD.hole);
    g.text(s.labels[slot], x + 10, 102, PAL.white, { align: "center" });
  }
  g.text("ALL CUPS", 192, 116, PAL.silver, { align: "center" });
  g.text("EMPTY", 192, 126, PAL.silver, { align: "center" });
  for (const [p, side, name, total] of pits) {
    const from = pitRect(m, p);
    const to = big[side];
    const r = {
      x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e,
      w: from.w + (to.w - from.w) * e, h: from.h + (to.h - from.h) * e,
    };
    g.rect(r.x + 3, r.y + 3, r.w, r.h, PAL.black);
    g.rect(r.x - 4, r.y - 4, r.w + 8, r.h + 8, WOOD.face);
    g.box(r.x - 4, r.y - 4, r.w + 8, r.h + 8, WOOD.edge, 2);
    hole(g, r);
    const color = name === "YOU" ? SIDE.You.color : SIDE.Opponent.color;
    g.text(name, r.x + r.w / 2, r.y + 6, color, { align: "center" });
    const size = e > 0.5 ? 6 : 3;
    const per = e > 0.5 ? 5 : 4;
    const step = size + 3;
    for (let k = 0; k < total; k++) {
      const col = k % per;
      const row = Math.floor(k / per);
      stone(g, r.x + r.w / 2 - (per * step) / 2 + col * step + (row % 2), r.y + r.h - 44 - row * step, k, size);
    }
    g.text(String(total), r.x + r.w / 2, r.y + r.h - 24, PAL.white, { align: "center", size: e > 0.5 ? 16 : 8 });
  }
  if (e >= 1 && s.banner !== undefined) {
    const value = s.value;
    const color = value > 0 ? PAL.green : value < 0 ? PAL.red : PAL.white;
    g.banner(`YOU ${s.score.you} - OPP ${s.score.opponent} = ${value}`, color, { y: 146, sub: s.variation ? `this line: ${value}` : `answer line: ${s.answer.trim()}` });
  }
  caption(g, s.outcome === "win" ? "YOU WIN" : s.outcome === "loss" ? "THE OPPONENT WINS" : "A DRAW",
    s.outcome === "win" ? PAL.green : s.outcome === "loss" ? PAL.red : PAL.white);
}

export function draw(g, frame, prev, t) {
  g.clear(PAL.navy);
  const ev = frame.event;
  if (ev && ev.kind === "end") {
    drawEnd(g, frame, prev, t);
    return;
  }
  const moving = prev && t < 1 && ev;
  if (moving && SOW_KINDS.has(ev.kind)) {
    drawSowTween(g, frame, prev, t);
    return;
  }
  if (moving && ev.kind === "pass" && t < 0.5) {
    // The mover's side greys out before the turn goes over.
    const ps = prev.state;
    statusBar(g, ps);
    hud(g, ps, ps.swaps, null, false);
    drawBoard(g, ps, { greyRow: Math.floor(t * 8) % 2 ? ev.player : null });
    caption(g, `${who(ev.player)} HAS NO STONES`, PAL.silver);
    return;
  }
  drawStatic(g, frame);
}

// Square-wave notes for a frame: [frequency Hz, duration ms] pairs.
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [];
  if (SOW_KINDS.has(ev.kind)) {
    const plips = ev.path.slice(0, 8).map((p, k) => [330 + k * 40 + p * 10, 25]);
    if (ev.kind === "extra") return [...plips, [523, 50], [784, 70]];
    if (ev.kind === "capture") return [...plips, [110, 60], [82, 90]];
    if (ev.kind === "swap") return [...plips, [600, 40], [400, 40], [700, 60]];
    return plips;
  }
  if (ev.kind === "pass") return [[196, 120], [147, 160]];
  if (ev.kind === "end") return [[523, 100], [659, 100], [784, 100], [1047, 180]];
  return [];
}
