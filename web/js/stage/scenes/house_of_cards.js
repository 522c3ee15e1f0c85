// Scene for House of Cards (ICPC WF 2009 G): the house in side view, growing
// level by level; the face-up draw row; both hold slots; the scoreboard.
// Every fact comes from the frame: the house (peaks, floors, open valleys and
// floors), the held cards, the draw row, the event's triangle and the exact value
// of every legal move (frame.values, spelled out in state.choices).
import { PAL } from "../renderer.js";

// ------------------------------------------------------------------ geometry
// A peak is two leaning cards "/\" with base width P; a floor is one flat card
// from the apex of one peak to the apex of the next, where the next level stands.
const P = 36;
const HALF = P / 2;
const LEG_H = 28;              // rows of a leaning card
const LEG_W = 11;              // horizontal span of a leaning card's face
const FLOOR_T = 9;             // thickness of a flat card
const STEP = LEG_H + FLOOR_T;  // one level of the house
const BASE_Y = 176;            // ground line under level 1
const X0 = 192 - 2 * P;        // left end of level 1
const CARD_W = 12;
const CARD_H = 18;
const ROW_Y = 194;             // draw row (the next card is raised)
const PITCH = 14;
const HEADER = 22;
const COL_W = 108;
const COL_X = { Axel: 4, Birgit: 272 };
const SLOT = { Axel: { x: 4, y: 186 }, Birgit: { x: 328, y: 186 } };
const SLOT_W = 52;
const SLOT_H = 28;
const CREAM = PAL.white;
const EDGE = PAL.slate;

const apexX = (level, slot) => X0 + HALF + (slot - 1) * P + (level - 1) * HALF;
const baseY = (level) => BASE_Y - (level - 1) * STEP;
const apexY = (level) => baseY(level) - LEG_H;
const edge = (r) => Math.round(((r + 1) * HALF) / LEG_H);   // outer edge offset at row r
const isRed = (card) => card.endsWith("R");
const rankOf = (card) => card.slice(0, -1);
const inkOf = (card) => (isRed(card) ? PAL.red : PAL.black);
const playerInk = (name) => (name === "Axel" ? PAL.red : PAL.black);
const playerText = (name) => (name === "Axel" ? PAL.red : PAL.white);
const clamp01 = (x) => Math.max(0, Math.min(1, x));
const phase = (t, a, b) => clamp01((t - a) / (b - a));
const signed = (v) => (v > 0 ? `+${v}` : String(v));

// ------------------------------------------------------------------ pixel digits
// Ranks are drawn as pixels: a 3x5 face for cards in the house and in panels, a
// 5x7 face for the loose cards.  The "1" is narrow so "13" fits a small card.
const SMALL = {
  0: ["111", "101", "101", "101", "111"], 1: ["01", "11", "01", "01", "01"],
  2: ["111", "001", "111", "100", "111"], 3: ["111", "001", "111", "001", "111"],
  4: ["101", "101", "111", "001", "001"], 5: ["111", "100", "111", "001", "111"],
  6: ["111", "100", "111", "101", "111"], 7: ["111", "001", "001", "001", "001"],
  8: ["111", "101", "111", "101", "111"], 9: ["111", "101", "111", "001", "111"],
};
const BIG = {
  0: ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
  1: ["010", "110", "010", "010", "010", "010", "111"],
  2: ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  3: ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
  4: ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  5: ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  6: ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  7: ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  8: ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  9: ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
};

function digitsWidth(text, font) {
  return [...text].reduce((w, ch) => w + font[ch][0].length, 0) + text.length - 1;
}

// Draws digits centred on cx with their top row at y.
function digits(g, text, cx, y, color, font = SMALL) {
  let x = Math.round(cx - digitsWidth(text, font) / 2);
  g.label(text, x, y, digitsWidth(text, font), font[text[0]].length);
  for (const ch of text) {
    const rows = font[ch];
    rows.forEach((row, dy) => {
      for (let dx = 0; dx < row.length; dx++) if (row[dx] === "1") g.rect(x + dx, y + dy, 1, 1, color);
    });
    x += rows[0].length + 1;
  }
}

// Pips tell the colours apart without relying on hue: a diamond for red, a spade for black.
const PIPS = {
  R: ["00100", "01110", "11111", "01110", "00100"],
  B: ["00100", "01110", "11111", "11111", "00100"],
};
function pip(g, x, y, red) {
  PIPS[red ? "R" : "B"].forEach((row, dy) => {
    for (let dx = 0; dx < 5; dx++) if (row[dx] === "1") g.rect(x + dx, y + dy, 1, 1, red ? PAL.red : PAL.black);
  });
}

// ------------------------------------------------------------------ cards

// A loose card (draw row, hold slots, cards in flight): cream face, rank, pip.
function looseCard(g, x, y, card, { border = EDGE, glow = null, w = CARD_W, h = CARD_H } = {}) {
  x = Math.round(x);
  y = Math.round(y);
  g.rect(x + 1, y + 1, w, h, "rgba(0,0,0,0.45)");
  g.rect(x, y, w, h, CREAM);
  g.box(x, y, w, h, border);
  if (glow) g.box(x - 1, y - 1, w + 2, h + 2, glow);
  if (h >= CARD_H - 2 && w >= CARD_W - 2) {
    digits(g, rankOf(card), x + w / 2, y + 2, inkOf(card), BIG);
    pip(g, Math.round(x + w / 2 - 2.5), y + 11, isRed(card));
  } else {
    digits(g, rankOf(card), x + w / 2, y + Math.round(h / 2) - 2, inkOf(card));
  }
}

function backCard(g, x, y) {
  g.rect(x, y, CARD_W, CARD_H, PAL.plum);
  g.box(x, y, CARD_W, CARD_H, PAL.pink);
  g.box(x + 3, y + 3, CARD_W - 6, CARD_H - 6, PAL.pink);
}

// A small card for the panels (11 x 9).
function miniCard(g, x, y, card) {
  g.rect(x, y, 11, 9, CREAM);
  g.box(x, y, 11, 9, EDGE);
  digits(g, rankOf(card), x + 5.5, y + 2, inkOf(card));
}

// Row spans [y, x1, x2) of a leaning card of the peak centred at cx.
function legSpans(cx, top, side) {
  const spans = [];
  for (let r = 0; r < LEG_H; r++) {
    const e = edge(r);
    if (side === "left") {
      const x1 = cx - e;
      spans.push([top + r, x1, Math.min(x1 + LEG_W, cx)]);
    } else {
      const x2 = cx + e;
      spans.push([top + r, Math.max(x2 - LEG_W, cx), x2]);
    }
  }
  return spans;
}

function leg(g, cx, top, side, card, border = EDGE) {
  const spans = legSpans(cx, top, side);
  spans.forEach(([y, x1, x2], r) => {
    g.rect(x1, y, x2 - x1, 1, border);
    if (r > 0 && r < LEG_H - 1 && x2 - x1 > 2) g.rect(x1 + 1, y, x2 - x1 - 2, 1, CREAM);
  });
  const [, x1, x2] = spans[LEG_H - 8];
  digits(g, rankOf(card), (x1 + x2) / 2, top + LEG_H - 10, inkOf(card));
}

function peak(g, level, slot, left, right, { dy = 0, borders = {} } = {}) {
  const cx = apexX(level, slot);
  const top = apexY(level) + dy;
  leg(g, cx, top, "left", left, borders.left || EDGE);
  leg(g, cx, top, "right", right, borders.right || EDGE);
}

function floorRect(level, slot) {
  return { x: apexX(level, slot), y: apexY(level) - FLOOR_T, w: P + 1, h: FLOOR_T };
}

function floorCard(g, level, slot, card, border = EDGE) {
  const { x, y, w, h } = floorRect(level, slot);
  g.rect(x, y, w, h, border);
  g.rect(x + 1, y + 1, w - 2, h - 2, CREAM);
  digits(g, rankOf(card), x + w / 2, y + 2, inkOf(card));
}

// The downward triangle under valley (level, slot): between two peaks.
function valleySpans(level, slot) {
  const left = apexX(level, slot);
  const right = left + P;
  const spans = [];
  for (let r = 0; r < LEG_H; r++) {
    const e = edge(r);
    if (right - e > left + e) spans.push([apexY(level) + r, left + e, right - e]);
  }
  return spans;
}

// The upward triangle inside the peak standing on floor (level, slot).
function holeSpans(level, slot) {
  const cx = apexX(level + 1, slot);
  const top = apexY(level + 1);
  const spans = [];
  for (let r = 0; r < LEG_H; r++) {
    const e = edge(r);
    const x1 = cx - e + LEG_W;
    const x2 = cx + e - LEG_W;
    if (x2 > x1) spans.push([top + r, x1, x2]);
  }
  return spans;
}

function fillSpans(g, spans, color) {
  for (const [y, x1, x2] of spans) g.rect(x1, y, x2 - x1, 1, color);
}

// An outline triangle (down: flat top; up: flat bottom) centred on cx.
function triangleOutline(g, cx, y, half, rows, down, color) {
  for (let i = 0; i < rows; i++) {
    const k = down ? i : rows - 1 - i;
    const hw = Math.round((half * (rows - 1 - k)) / (rows - 1));
    const yy = y + i;
    if (k === 0 || hw === 0) g.rect(cx - hw, yy, Math.max(1, 2 * hw), 1, color);
    else {
      g.rect(cx - hw, yy, 1, 1, color);
      g.rect(cx + hw - 1, yy, 1, 1, color);
    }
  }
}

// ------------------------------------------------------------------ the house

function drawHouse(g, s, { hideFloor = null, hidePeak = null, highlight = null, glowFirst = false } = {}) {
  // ground
  g.rect(X0 - 10, BASE_Y, 4 * P + 20, 3, PAL.brown);
  g.rect(X0 - 10, BASE_Y + 3, 4 * P + 20, 1, PAL.black);
  const same = (a, lv, sl) => a && a.level === lv && a.slot === sl;
  for (let level = 1; level <= 4; level++) {
    for (const p of s.peaks) {
      if (p.level !== level || same(hidePeak, p.level, p.slot)) continue;
      const borders = {};
      if (highlight) {
        for (const side of ["left", "right"]) {
          if (highlight.legs.some(([lv, sl, sd]) => lv === p.level && sl === p.slot && sd === side)) borders[side] = highlight.color;
        }
      }
      peak(g, p.level, p.slot, p.left, p.right, { borders });
    }
    for (const f of s.floors) {
      if (f.level !== level || same(hideFloor, f.level, f.slot)) continue;
      const hot = highlight && highlight.floor && same(highlight.floor, f.level, f.slot);
      floorCard(g, f.level, f.slot, f.card, hot ? highlight.color : EDGE);
    }
  }
  if (glowFirst && g.blink(300)) {
    // c1 (the left leg of the first peak) decides who starts
    const spans = legSpans(apexX(1, 1), apexY(1), "left");
    for (const [y, x1, x2] of spans) {
      g.rect(x1 - 1, y, 1, 1, PAL.yellow);
      g.rect(x2, y, 1, 1, PAL.yellow);
    }
    g.rect(spans[LEG_H - 1][1] - 1, BASE_Y - 1, LEG_W + 2, 1, PAL.yellow);
  }
}

// The cards that close a triangle (its legs and floor, from the event), lit in the scorer's ink.
function triangleHighlight(tri) {
  return { legs: tri.legs, floor: tri.floor, color: tri.scorer === "Axel" ? PAL.red : PAL.black };
}

function triangleSpans(tri) {
  return tri.direction === "down" ? valleySpans(tri.level, tri.slot) : holeSpans(tri.level, tri.slot);
}

// Where the score badge starts: just above the card that closed the triangle.
function triangleTop(tri) {
  if (tri.direction === "down") return { x: apexX(tri.level, tri.slot) + HALF, y: apexY(tri.level) - FLOOR_T - 12 };
  return { x: apexX(tri.level + 1, tri.slot), y: apexY(tri.level + 1) - 12 };
}

// The places a move can go, each once, with the number the engine gave it.
function places(choices) {
  const out = new Map();
  for (const c of choices || []) if (c.place && !out.has(c.place)) out.set(c.place, { ...c, n: c.place });
  return [...out.values()];
}

function drawMarkers(g, s, { chosen = null, fast = false } = {}) {
  const on = g.blink(fast ? 90 : 450);
  for (const p of places(s.choices)) {
    const isChosen = chosen && chosen.target === p.target && chosen.level === p.level && chosen.slot === p.slot;
    const color = isChosen ? PAL.green : PAL.yellow;
    let cx;
    let ny;
    if (p.target === "valley") {
      cx = apexX(p.level, p.slot) + HALF;
      if (on || isChosen) triangleOutline(g, cx, apexY(p.level) + 2, HALF - 5, 20, true, color);
      ny = apexY(p.level) + 5;
    } else {
      cx = apexX(p.level + 1, p.slot);
      const base = baseY(p.level + 1) - 2;
      if (on || isChosen) triangleOutline(g, cx, base - 19, HALF - 5, 20, false, color);
      ny = base - 10;
    }
    if (!chosen || isChosen) g.text(String(p.n), cx - 3, ny, color, { shadow: PAL.black });
  }
}

// ------------------------------------------------------------------ table furniture

function header(g, s, { score = s.score, final = false } = {}) {
  g.rect(0, 0, g.W, HEADER, PAL.black);
  g.rect(0, HEADER, g.W, 1, PAL.slate);
  g.panel(0, 0, g.W, HEADER);
  const a = `AXEL ${score.Axel}`;
  const b = `BIRGIT ${score.Birgit}`;
  const w = (a.length + b.length) * 8 + 16;
  let x = Math.round(192 - w / 2);
  g.text(a, x, 3, PAL.red);
  x += a.length * 8 + 7;
  g.rect(x, 6, 2, 2, PAL.silver);
  g.text(b, x + 9, 3, PAL.white);
  let line;
  if (final) {
    const o = s.outcome;
    const margin = o.winner ? `${o.winner} wins by ${Math.abs(o.value)}` : "a tie";
    line = [s.variation ? "THIS LINE" : "FINAL", margin];
  }
  else if (s.to_move) line = [`TURN ${s.turn + 1}/${s.turns}`, `${s.to_move} to move`];
  else line = [`TURN ${s.turns}/${s.turns}`, "no cards left"];
  const w2 = (line[0].length + line[1].length) * 8 + 16;
  let x2 = Math.round(192 - w2 / 2);
  g.text(line[0], x2, 13, PAL.silver);
  x2 += line[0].length * 8 + 7;
  g.rect(x2, 16, 2, 2, PAL.silver);
  g.text(line[1], x2 + 9, 13, final ? PAL.yellow : s.to_move ? playerText(s.to_move) : PAL.silver);
  g.endPanel();
}

function rowStart(turns) {
  return Math.round(192 - (turns * PITCH - 2) / 2);
}

function drawRowPos(s, index, raised) {
  return { x: rowStart(s.turns) + index * PITCH, y: ROW_Y - (raised ? 6 : 0) };
}

function drawRow(g, s, { raiseNext = true } = {}) {
  const used = s.turns - s.draw_row.length;
  for (let i = 0; i < used; i++) {
    const { x } = drawRowPos(s, i, false);
    g.box(x + 2, ROW_Y + 6, CARD_W - 4, CARD_H - 12, "rgba(194,195,199,0.35)");
  }
  s.draw_row.forEach((card, k) => {
    const raised = raiseNext && k === 0 && s.to_move;
    const { x, y } = drawRowPos(s, used + k, raised);
    looseCard(g, x, y, card, { glow: raised ? PAL.yellow : null });
  });
}

function slotCardPos(name) {
  return { x: SLOT[name].x + 5, y: SLOT[name].y + 5 };
}

function holdSlot(g, name, card, { pulse = false, flip = 1, adjust = null } = {}) {
  const { x, y } = SLOT[name];
  const label = `${name.toUpperCase()} HOLD`;
  g.text(label, name === "Axel" ? x : x + SLOT_W, 177, playerText(name), { align: name === "Axel" ? "left" : "right", shadow: name === "Axel" ? null : PAL.black });
  g.rect(x, y, SLOT_W, SLOT_H, PAL.lavender);
  const frame = pulse && g.blink(260) ? PAL.yellow : playerInk(name);
  g.box(x, y, SLOT_W, SLOT_H, frame, 2);
  const c = slotCardPos(name);
  if (!card) {
    g.box(c.x + 1, c.y + 1, CARD_W - 2, CARD_H - 2, PAL.navy);
    return;
  }
  if (flip < 1) {
    // a flip: the card narrows to an edge and opens again
    const k = Math.abs(Math.cos(flip * Math.PI));
    const w = Math.max(1, Math.round(CARD_W * k));
    const cx = c.x + (CARD_W - w) / 2;
    if (flip < 0.5) backCard(g, c.x, c.y);
    if (w > 2 && flip >= 0.5) looseCard(g, cx, c.y, card, { w });
    else if (w <= 2) g.rect(cx, c.y, w, CARD_H, CREAM);
  } else {
    looseCard(g, c.x, c.y, card);
  }
  if (adjust) {
    const v = adjust.points;
    g.text(signed(v), x + 21, y + 10, v >= 0 ? PAL.green : PAL.orange, { shadow: PAL.black });
  }
}

// ------------------------------------------------------------------ side panels

function nameTag(g, name, y, suffix) {
  const x = COL_X[name];
  const str = `${name.toUpperCase()}${suffix ? ` ${suffix}` : ""}`;
  g.rect(x - 2, y - 2, COL_W, 12, playerInk(name));
  if (name === "Birgit") g.box(x - 2, y - 2, COL_W, 12, PAL.silver);
  g.text(str, x + 1, y, PAL.white);
}

// The mover's panel: every legal move with its exact value (Axel - Birgit).
function movePanel(g, frame, { chosen = null } = {}) {
  const s = frame.state;
  const name = s.to_move;
  const x = COL_X[name];
  let y = 28;
  nameTag(g, name, y, "MOVES");
  y += 14;
  g.text("DRAWS", x, y + 1, PAL.silver);
  miniCard(g, x + 44, y, s.next);
  if (s.held[name]) {
    g.text("HAS", x + 62, y + 1, PAL.silver);
    miniCard(g, x + 88, y, s.held[name]);
  }
  y += 13;
  g.text("A-B VALUE", x, y, PAL.lavender);
  y += 11;
  const values = frame.values || [];
  for (const c of s.choices) {
    const v = values.find((m) => m.move === c.move);
    if (!v) continue;
    const isChosen = chosen === c.move;
    if (v.best) g.rect(x - 2, y - 2, COL_W, 12, PAL.forest);
    if (isChosen) g.box(x - 2, y - 2, COL_W, 12, PAL.green);
    if (c.kind === "hold") {
      g.text("HOLD", x, y, PAL.white);
    } else {
      triangleOutline(g, x + 3, y, 3, 7, c.target === "valley", PAL.yellow);
      g.text(String(c.place), x + 9, y, PAL.yellow);
    }
    if (c.kind === "peak") {
      miniCard(g, x + 34, y - 1, c.cards[0]);
      g.text("/", x + 45, y, PAL.silver);
      miniCard(g, x + 53, y - 1, c.cards[1]);
    } else {
      miniCard(g, x + 34, y - 1, c.cards[0]);
      if (c.kind === "floor" && c.keep && c.cards[0] !== s.next) g.text("H", x + 47, y, PAL.silver);
    }
    g.text(v.text, x + COL_W - 4, y, v.best ? PAL.yellow : PAL.white, { align: "right" });
    y += 13;
  }
}

// The other column: what its player just did (or who starts).
function eventPanel(g, frame, name) {
  const ev = frame.event;
  const s = frame.state;
  const x = COL_X[name];
  let y = 28;
  if (!ev) {
    g.rect(x - 2, y - 2, COL_W, 12, PAL.slate);
    g.text("THE DEAL", x + 1, y, PAL.white);
    y += 16;
    g.text("4 PEAKS STAND", x, y, PAL.silver);
    y += 14;
    miniCard(g, x, y - 1, s.first_card);
    g.text(isRed(s.first_card) ? "IS RED" : "IS BLACK", x + 15, y, PAL.white);
    y += 13;
    g.text(`${s.first.toUpperCase()} STARTS`, x, y, playerText(s.first), { shadow: PAL.black });
    return;
  }
  if (ev.player !== name) return;
  nameTag(g, name, y, "PLAYED");
  y += 16;
  if (ev.kind === "hold") {
    g.text("HOLD", x, y, PAL.white);
    miniCard(g, x + 36, y - 1, ev.drawn);
    y += 13;
    y += 13;
    g.text("NO POINTS", x, y, PAL.silver);
    return;
  }
  const tri = ev.triangle;
  triangleOutline(g, x + 3, y, 3, 7, tri.direction === "down", PAL.yellow);
  g.text(tri.direction === "down" ? `FLOOR V${tri.level},${tri.slot}` : `PEAK F${tri.level},${tri.slot}`, x + 10, y, PAL.white);
  y += 13;
  tri.cards.forEach((c, k) => miniCard(g, x + k * 14, y - 1, c));
  y += 14;
  badge(g, x, y, tri);
}

function badgeText(tri) {
  return `+${tri.points} ${tri.scorer.toUpperCase()}`;
}

function badge(g, x, y, tri) {
  const str = badgeText(tri);
  const w = str.length * 8 + 6;
  g.rect(x - 1, y - 2, w, 12, playerInk(tri.scorer));
  g.box(x - 1, y - 2, w, 12, tri.scorer === "Axel" ? PAL.yellow : PAL.silver);
  g.text(str, x + 2, y, PAL.white);
}

function endPanel(g, s, name) {
  const x = COL_X[name];
  let y = 28;
  nameTag(g, name, y, "");
  y += 15;
  g.text("TRIANGLES", x, y, PAL.silver);
  g.text(String(s.score[name]), x + COL_W - 4, y, PAL.white, { align: "right" });
  y += 12;
  const adj = (s.adjustments || []).find((a) => a.player === name);
  g.text("HELD", x, y, PAL.silver);
  if (adj) {
    miniCard(g, x + 36, y - 1, adj.card);
    g.text(signed(adj.points), x + COL_W - 4, y, adj.points >= 0 ? PAL.green : PAL.orange, { align: "right" });
  } else {
    g.text("0", x + COL_W - 4, y, PAL.white, { align: "right" });
  }
  y += 10;
  g.rect(x, y, COL_W - 4, 1, PAL.silver);
  y += 4;
  g.text("TOTAL", x, y, PAL.white);
  g.text(String(s.final[name]), x + COL_W - 4, y, playerText(name), { align: "right", shadow: PAL.black });
}

// The outcome in the (now empty) draw row's place: who wins and the exact output line.
function finalBanner(g, s, u = 1) {
  const o = s.outcome;
  const title = o.winner ? `${o.winner.toUpperCase()} WINS` : "A TIE";
  const line = s.played.trimEnd();
  const w = Math.max(title.length * 16, line.length * 8) + 12;
  const h = 30;
  const x = Math.round((g.W - w) / 2);
  const y = Math.round(g.H - h - 1 + (1 - u) * 40);
  const color = o.winner === "Axel" ? PAL.red : o.winner === "Birgit" ? PAL.silver : PAL.yellow;
  g.rect(x + 2, y + 2, w, h, PAL.black);
  g.rect(x, y, w, h, PAL.black);
  g.box(x, y, w, h, color, 2);
  g.text(title, 192, y + 3, o.winner === "Birgit" ? PAL.white : color, { align: "center", size: 16 });
  g.text(line, 192, y + 20, PAL.yellow, { align: "center" });
}

// ------------------------------------------------------------------ draw

// A card's flight from a to b: a low arc, so it passes over the house, not through it.
function lerpPos(a, b, u) {
  return { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u - Math.sin(Math.PI * u) * 28 };
}

function choiceOf(prevState, moveId) {
  return (prevState.choices || []).find((c) => c.move === moveId) || null;
}

export function draw(g, frame, prev, t) {
  const s = frame.state;
  const ev = frame.event;
  g.clear(PAL.navy);
  const moving = prev && t < 1 && ev;
  if (ev && ev.kind === "end") return drawEnd(g, frame, moving ? t : 1);
  if (moving && ev.kind !== "end") return drawMove(g, frame, prev, t);

  header(g, s);
  const tri = ev && ev.triangle;
  if (tri) fillSpans(g, triangleSpans(tri), tri.scorer === "Axel" ? PAL.red : PAL.black);
  drawHouse(g, s, {
    highlight: tri ? triangleHighlight(tri) : null,
    glowFirst: !ev,
  });
  if (s.to_move) drawMarkers(g, s);
  drawRow(g, s);
  for (const name of ["Axel", "Birgit"]) {
    holdSlot(g, name, s.held[name], { pulse: s.to_move === name && !!s.held[name] });
  }
  if (s.to_move) movePanel(g, frame);
  for (const name of ["Axel", "Birgit"]) if (name !== s.to_move) eventPanel(g, frame, name);
}

// A turn in motion: choose (the chosen place lights up), fly, land, score.
function drawMove(g, frame, prev, t) {
  const s = frame.state;
  const ps = prev.state;
  const ev = frame.event;
  const who = ev.player;
  const choice = choiceOf(ps, ev.move);
  const tri = ev.triangle;
  const FLY0 = 0.25;
  const LAND = ev.kind === "hold" ? 0.75 : 0.62;
  const landed = t >= LAND;
  header(g, landed ? s : ps, { score: landed ? s.score : ps.score });

  // the house: the new card(s) appear only when they land
  if (landed && tri) {
    const u = phase(t, LAND, 1);
    const flash = g.reduced || Math.floor(u * 8) % 2 === 0;
    fillSpans(g, triangleSpans(tri), flash ? (tri.scorer === "Axel" ? PAL.red : PAL.black) : PAL.white);
  }
  const hideFloor = !landed && ev.kind === "floor" ? { level: ev.level, slot: ev.slot } : null;
  const hidePeak = !landed && ev.kind === "peak" ? { level: ev.level + 1, slot: ev.slot } : null;
  let dropPeak = null;
  if (ev.kind === "peak" && landed) {
    const u = phase(t, LAND, LAND + 0.12);
    if (u < 1) dropPeak = Math.round((1 - u) * -8);
  }
  drawHouse(g, s, {
    hideFloor,
    hidePeak: hidePeak || (dropPeak !== null ? { level: ev.level + 1, slot: ev.slot } : null),
    highlight: landed && tri ? triangleHighlight(tri) : null,
  });
  if (dropPeak !== null) peak(g, ev.level + 1, ev.slot, ev.left, ev.right, { dy: dropPeak });
  if (t < FLY0) drawMarkers(g, ps, { chosen: choice, fast: true });

  // draw row and hold slots: the mover's slot empties when its card leaves
  drawRow(g, s, { raiseNext: false });
  const heldMoves = ev.kind === "peak" || (ev.kind === "floor" && ev.source === "held");
  for (const name of ["Axel", "Birgit"]) {
    let card = s.held[name];
    if (name === who && !landed) card = heldMoves ? null : ps.held[name];
    holdSlot(g, name, card);
  }

  // the panel: the mover's list with the choice boxed, then what happened
  if (!landed) movePanel(g, prev, { chosen: ev.move });
  else {
    eventPanel(g, frame, who);
    if (s.to_move) movePanel(g, frame);
  }

  // cards in flight
  const u = g.ease(phase(t, FLY0, LAND));
  const fromRow = drawRowPos(ps, ps.turn, true);
  const fromSlot = slotCardPos(who);
  if (!landed) {
    if (ev.kind === "hold") {
      looseCard(g, ...xy(lerpPos(fromRow, fromSlot, u)), ev.drawn);
    } else if (ev.kind === "floor") {
      const r = floorRect(ev.level, ev.slot);
      const target = { x: r.x + (r.w - CARD_W) / 2, y: r.y - 4 };
      const from = ev.source === "held" ? fromSlot : fromRow;
      const p = lerpPos(from, target, u);
      if (u > 0.8) {
        // the card lays itself flat as it lands
        const k = (u - 0.8) / 0.2;
        const w = Math.round(CARD_W + (r.w - CARD_W) * k);
        const h = Math.round(CARD_H + (r.h - CARD_H) * k);
        looseCard(g, r.x + (r.w - w) / 2, r.y + r.h - h, ev.card, { w, h });
      } else {
        looseCard(g, p.x, p.y, ev.card);
      }
      if (ev.source === "held") looseCard(g, ...xy(lerpPos(fromRow, fromSlot, u)), ev.drawn);
    } else if (ev.kind === "peak") {
      const cx = apexX(ev.level + 1, ev.slot);
      const top = apexY(ev.level + 1) - 10;
      const legFrom = (card) => (card === ev.drawn ? fromRow : fromSlot);
      looseCard(g, ...xy(lerpPos(legFrom(ev.left), { x: cx - CARD_W - 1, y: top }, u)), ev.left);
      looseCard(g, ...xy(lerpPos(legFrom(ev.right), { x: cx + 1, y: top }, u)), ev.right);
    }
  }

  // the score floats up from the triangle
  if (landed && tri) {
    const v = phase(t, LAND, 1);
    const c = triangleTop(tri);
    const str = badgeText(tri);
    const w = str.length * 8 + 6;
    const bx = Math.max(2, Math.min(g.W - w - 2, c.x - w / 2));
    badge(g, bx, Math.max(HEADER + 4, c.y - Math.round(v * 16)), tri);
  }
}

function xy(p) {
  return [p.x, p.y];
}

function drawEnd(g, frame, t) {
  const s = frame.state;
  header(g, s, { score: t < 0.6 ? s.score : s.final, final: t >= 0.6 });
  drawHouse(g, s);
  // the finished house is dimmed slightly
  g.rect(X0 - 12, HEADER + 1, 4 * P + 24, BASE_Y - HEADER + 3, `rgba(29,43,83,${(0.5 * t).toFixed(3)})`);
  if (t < 0.55) drawRow(g, s, { raiseNext: false });
  const flip = phase(t, 0.15, 0.55);
  for (const name of ["Axel", "Birgit"]) {
    const adj = (s.adjustments || []).find((a) => a.player === name);
    holdSlot(g, name, s.held[name], { flip: adj ? flip : 1, adjust: adj && flip >= 1 ? adj : null });
  }
  if (t >= 0.5) {
    for (const name of ["Axel", "Birgit"]) endPanel(g, s, name);
  }
  if (t >= 0.55) finalBanner(g, s, g.ease(phase(t, 0.55, 0.85)));
}

// Square-wave notes for a frame: [frequency Hz, duration ms] pairs.
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [];
  if (ev.kind === "hold") return [[180, 45]];
  if (ev.kind === "floor" || ev.kind === "peak") {
    const tick = [[1400, 18]];
    if (!ev.triangle) return tick;
    return ev.triangle.scorer === "Axel" ? [...tick, [523, 70], [784, 110]] : [...tick, [784, 70], [523, 110]];
  }
  if (ev.kind === "end") {
    if (ev.value === 0) return [[440, 160], [554, 160], [659, 260]];
    return [[523, 100], [659, 100], [784, 100], [1047, 220]];
  }
  return [];
}
