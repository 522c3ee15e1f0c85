// Scene for The Game (CERC 2022): four rows, the hand, the draw pile.
import { PAL, arrow, backCard, banner, barHeight, ease, fade, lerp, strip, tile } from "../kit/index.js";

/** @typedef {import("../kit/kit.js").Kit} Kit */
/** @typedef {import("../types.js").Frame} Frame */

const ROW_Y = [20, 53, 86, 119];   // 33 apart: a line above each row for "+N" and "<< -10"
const CARD_W = 22;
const CARD_H = 20;
const STEP_X = 25;
const TRACK_X = 46;
const SHOWN = 12;
const HAND_Y = 186;
const HAND_X = 10;
const PILE = { x: 330, y: 168 };

/** @param {number} i */
function handPos(i) { return { x: HAND_X + i * 27, y: HAND_Y }; }

/**
 * Where card `index` of a row of `length` cards lies (the last SHOWN cards are drawn).
 * @param {number} row
 * @param {number} index
 * @param {number} length
 */
function trackPos(row, index, length) {
  const first = Math.max(0, length - SHOWN);
  return { x: TRACK_X + (index - first) * STEP_X, y: ROW_Y[row] + 2 };
}

/**
 * @param {Kit} g
 * @param {number} x
 * @param {number} y
 * @param {number} value
 * @param {{ hot?: boolean, grey?: boolean, raised?: boolean }} [look]
 */
function numberCard(g, x, y, value, { hot = false, grey = false, raised = false } = {}) {
  const bg = grey ? PAL.slate : PAL.white;
  g.rect(x + 1, y + 2, CARD_W, CARD_H, PAL.black);
  tile(g, x, y - (raised ? 4 : 0), CARD_W, CARD_H, value, {
    bg, fg: grey ? PAL.silver : value < 50 ? PAL.navy : PAL.plum, border: hot ? PAL.yellow : PAL.slate,
  });
  if (hot) g.box(x - 1, y - 1 - (raised ? 4 : 0), CARD_W + 2, CARD_H + 2, PAL.yellow);
}

/**
 * A row's direction card (its first card) and arrow; `up` comes from the state.
 * @param {Kit} g
 * @param {number} row
 * @param {number} first
 * @param {boolean} up
 */
function direction(g, row, first, up) {
  const y = ROW_Y[row];
  const label = String(first);
  g.rect(4, y, 38, 24, up ? PAL.forest : PAL.plum);
  g.box(4, y, 38, 24, up ? PAL.green : PAL.red);
  g.text(label, up ? 12 : 8, y + 9, PAL.white);
  // A pixel arrow: up for ascending rows, down for descending ones.
  if (up) arrow(g, 30, y + 8, "up", PAL.white);
  else arrow(g, 34, y + 15, "down", PAL.white);
}

/**
 * @param {Kit} g
 * @param {number[][]} rows
 * @param {boolean[]} ascending
 * @param {{ hide?: number | null, targets?: number[], blinkOn?: boolean, lastRow?: number | null }} [opts]
 */
function drawRows(g, rows, ascending, { hide = null, targets = [], blinkOn = true, lastRow = null } = {}) {
  rows.forEach((row, r) => {
    direction(g, r, row[0], ascending[r]);
    const cards = row.slice(1);
    const visible = hide === r ? cards.slice(0, -1) : cards;
    const first = Math.max(0, cards.length - SHOWN);
    // Under a CJK status bar (18 px) the count of hidden cards goes under its row.
    if (first > 0) g.text(`+${first}`, TRACK_X - 2, ROW_Y[r] + (g.tall ? 24 : -8), PAL.silver);
    visible.forEach((c, k) => {
      if (k < first) return;
      const p = trackPos(r, k, cards.length);
      numberCard(g, p.x, p.y, c, { hot: lastRow === r && k === cards.length - 1 });
    });
    if (targets.includes(r + 1) && blinkOn) {
      const end = cards.length ? trackPos(r, cards.length - 1, cards.length) : { x: 4, y: ROW_Y[r] + 2 };
      const w = cards.length ? CARD_W : 38;
      g.box(end.x - 2, end.y - 2 - (cards.length ? 0 : 2), w + 4, (cards.length ? CARD_H : 24) + 4, PAL.yellow, 2);
    }
  });
}

/**
 * @param {Kit} g
 * @param {number[]} hand
 * @param {{ raise?: number | null, grey?: boolean, shake?: number, skipLast?: number }} [opts]
 */
function drawHand(g, hand, { raise = null, grey = false, shake = 0, skipLast = 0 } = {}) {
  // A CJK word (16 px) goes beside the hand's eight slots, leaving the line above it to the banner.
  if (g.tall) g.text(g.t("ui.stage.the_game.hand"), HAND_X + 8 * 27 + 4, HAND_Y + 2, PAL.silver);
  else g.text(g.t("ui.stage.the_game.hand"), HAND_X, HAND_Y - 12, PAL.silver);
  for (let i = 0; i < 8; i++) {
    const p = handPos(i);
    g.box(p.x - 1, p.y - 1, CARD_W + 2, CARD_H + 2, PAL.lavender);
  }
  hand.forEach((c, i) => {
    if (i >= hand.length - skipLast) return;
    const p = handPos(i);
    const dx = shake ? Math.round(Math.sin((shake + i) * 9) * 2) : 0;
    numberCard(g, p.x + dx, p.y, c, { hot: raise === i, raised: raise === i, grey });
  });
}

/**
 * @param {Kit} g
 * @param {number} count
 */
function drawPile(g, count) {
  const { x, y } = PILE;
  const layers = Math.min(4, Math.ceil(count / 20));
  for (let k = layers; k > 0; k--) g.rect(x + k * 2, y - k * 2, CARD_W + 4, CARD_H + 8, k % 2 ? PAL.blue : PAL.navy);
  if (count) {
    backCard(g, x, y, CARD_W + 4, CARD_H + 8, { fill: PAL.blue, border: PAL.white, frame: PAL.navy, inset: 4 });
  } else {
    g.box(x, y, CARD_W + 4, CARD_H + 8, PAL.slate);
  }
  // A CJK label (16 px) just under the pile, over the stage's foot.
  g.text(g.t("ui.stage.the_game.pile", { cards: count }), x + 13, y + (g.tall ? 30 : 34), PAL.white, { align: "center" });
}

/**
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {any} event  the frame's event
 */
function status(g, s, event) {
  const y = g.tall ? 1 : 2;
  strip(g, 0, barHeight(g, 11), () => {
    const turn = !s.turn ? g.t("ui.stage.the_game.setup") : s.step
      ? g.t("ui.stage.the_game.turn_step", { turn: s.turn, step: s.step }) : g.t("ui.stage.the_game.turn", { turn: s.turn });
    g.text(turn, 4, y, PAL.white);
    g.text(`${s.played}/${s.deck_size}`, 232, y + (g.tall ? 4 : 0), PAL.silver, { align: "center" });
    let rule = "";
    if (event && event.kind === "play") rule = event.trick ? g.t("ui.stage.the_game.trick") : g.t("ui.stage.the_game.smallest_gap");
    g.text(rule, g.W - 4, y, event && event.trick ? PAL.yellow : PAL.green, { align: "right" });
  });
}

/**
 * The result on one line between the rows and the hand, clear of the pile.
 * @param {Kit} g
 * @param {any} s  the frame's state
 */
function endBanner(g, s) {
  const won = s.outcome === "won";
  banner(g, won ? g.t("ui.stage.the_game.beaten") : g.t("ui.stage.the_game.lost"), won ? PAL.green : PAL.red, {
    x: 8, y: g.tall ? 152 : 147, h: 24, sub: g.t("ui.stage.the_game.left", { hand: s.hand.length, pile: s.pile.length }), beside: 12, pad: 16,
    titleY: 4, subY: g.tall ? 4 : 9, drop: 2,
  });
}

/**
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
export function draw(g, frame, prev, t) {
  const s = frame.state;
  const ev = frame.event;
  g.clear(PAL.navy);
  const moving = prev && t < 1;
  if (moving && ev && ev.kind === "play" && t < 0.35) {
    // Choose: the legal rows blink and the chosen card is raised.
    const ps = prev.state;
    status(g, s, ev);
    drawRows(g, ps.rows, ps.ascending, { targets: ev.targets, blinkOn: g.blink(120) });
    drawHand(g, ps.hand, { raise: ev.slot });
    drawPile(g, ps.pile.length);
    return;
  }
  status(g, s, ev);
  const playing = moving && ev && ev.kind === "play";
  drawRows(g, s.rows, s.ascending, { hide: playing ? ev.row - 1 : null, lastRow: ev && ev.kind === "play" && !moving ? ev.row - 1 : null });
  const flying = moving && ev && (ev.kind === "draw" || ev.kind === "deal") ? ev.cards.length : 0;
  const stuck = ev && ev.kind === "stuck";
  drawHand(g, s.hand, { grey: stuck, shake: stuck && moving ? t * 6 : 0, skipLast: flying });
  drawPile(g, s.pile.length + (flying ? Math.ceil(flying * (1 - t)) : 0));

  if (playing) {
    const u = ease(Math.min(1, (t - 0.35) / 0.65));
    const from = handPos(ev.slot);
    const row = s.rows[ev.row - 1];
    const to = trackPos(ev.row - 1, row.length - 2, row.length - 1);
    numberCard(g, lerp(from.x, to.x, u), lerp(from.y, to.y, u), ev.card, { hot: true });
    if (ev.trick) g.rect(0, ROW_Y[ev.row - 1] - 2, g.W, 28, (Math.floor(t * 8) % 2) ? fade(PAL.yellow, 0.25) : fade(PAL.black, 0));
  }
  if (flying) {
    const n = ev.cards.length;
    ev.cards.forEach((c, k) => {
      const slot = s.hand.length - n + k;
      const u = ease(Math.max(0, Math.min(1, t * n - k)));
      if (u <= 0) return;
      const to = handPos(slot);
      numberCard(g, lerp(PILE.x, to.x, u), lerp(PILE.y, to.y, u), c);
    });
  }
  if (ev && ev.kind === "play" && !moving) {
    const row = s.rows[ev.row - 1];
    const p = trackPos(ev.row - 1, row.length - 2, row.length - 1);
    if (ev.trick) {
      g.text("<< -10", Math.min(p.x - 8, g.W - 8 - g.textWidth("<< -10")), ROW_Y[ev.row - 1] + (g.tall ? 24 : -8), PAL.yellow);
    } else {
      // The gap as a small bar under the card (one pixel per point, capped).
      g.rect(p.x, ROW_Y[ev.row - 1] + 24, Math.min(ev.gap, 40), 2, PAL.orange);
    }
  }
  if (s.outcome && !moving) {
    const won = s.outcome === "won";
    endBanner(g, s);
    if (won && !g.reduced) {
      for (let k = 0; k < 14; k++) {
        if (g.blink(150 + k * 20)) g.rect((k * 53 + Math.floor(g.now / 90)) % g.W, 40 + ((k * 37) % 90), 2, 2, PAL.yellow);
      }
    }
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
  if (ev.kind === "play") return ev.trick ? [[880, 60], [660, 60], [440, 90]] : [[220 + ev.card * 8, 80]];
  if (ev.kind === "draw" || ev.kind === "deal") return [[1200, 20]];
  if (ev.kind === "stuck") return [[330, 150], [220, 250]];
  if (ev.kind === "end") return [[523, 100], [659, 100], [784, 200]];
  return [];
}
