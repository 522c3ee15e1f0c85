// Scene for House of Cards (ICPC WF 2009 G): the house in side view, growing
// level by level; the face-up draw row; both hold slots; the scoreboard.
// Every fact comes from the frame: the house (peaks, floors, open valleys and
// floors), the held cards, the draw row, the event's triangle and the exact value
// of every legal move (frame.values, spelled out in state.choices).  The pieces
// are in house_of_cards/: cards.js, house.js, table.js (scoreboard, draw row,
// hold slots, final banner), panels.js (the side columns); here, a frame at
// rest, a turn in motion and the end.
import { PAL, ease, fade, phase } from "../kit/index.js";
import { CARD_H, CARD_W, looseCard } from "./house_of_cards/cards.js";
import { BASE_Y, P, X0, apexX, apexY, drawHouse, drawMarkers, fillSpans, floorRect, peak, triangleHighlight,
  triangleSpans, triangleTop } from "./house_of_cards/house.js";
import { badgeText, eventPanel, movePanel, scoreBadge, tallyPanel } from "./house_of_cards/panels.js";
import { HEADER, drawRow, drawRowPos, finalBanner, header, holdSlot, slotCardPos } from "./house_of_cards/table.js";

/** @typedef {import("../kit/kit.js").Kit} Kit */
/** @typedef {import("../types.js").Frame} Frame */
/** @typedef {{ x: number, y: number }} Point */

/**
 * A card's flight from a to b: a low arc, so it passes over the house, not through it.
 * @param {Point} a
 * @param {Point} b
 * @param {number} u
 * @returns {Point}
 */
function lerpPos(a, b, u) {
  return { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u - Math.sin(Math.PI * u) * 28 };
}

/**
 * @param {any} prevState
 * @param {string} moveId
 */
function choiceOf(prevState, moveId) {
  return (prevState.choices || []).find((/** @type {any} */ c) => c.move === moveId) || null;
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

/**
 * A turn in motion: choose (the chosen place lights up), fly, land, score.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame} prev
 * @param {number} t
 */
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
  const u = ease(phase(t, FLY0, LAND));
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
      /** @param {string} card */
      const legFrom = (card) => (card === ev.drawn ? fromRow : fromSlot);
      looseCard(g, ...xy(lerpPos(legFrom(ev.left), { x: cx - CARD_W - 1, y: top }, u)), ev.left);
      looseCard(g, ...xy(lerpPos(legFrom(ev.right), { x: cx + 1, y: top }, u)), ev.right);
    }
  }

  // the score floats up from the triangle
  if (landed && tri) {
    const v = phase(t, LAND, 1);
    const c = triangleTop(tri);
    const w = g.textWidth(badgeText(g, tri)) + 6;
    const bx = Math.max(2, Math.min(g.W - w - 2, c.x - w / 2));
    scoreBadge(g, bx, Math.max(HEADER + 4, c.y - Math.round(v * 16)), tri);
  }
}

/**
 * @param {Point} p
 * @returns {[number, number]}
 */
function xy(p) {
  return [p.x, p.y];
}

/**
 * The end: the scores become the totals, the held cards turn over with their
 * points, the tallies and the final banner come in.
 * @param {Kit} g
 * @param {Frame} frame
 * @param {number} t
 */
function drawEnd(g, frame, t) {
  const s = frame.state;
  header(g, s, { score: t < 0.6 ? s.score : s.final, final: t >= 0.6 });
  drawHouse(g, s);
  // the finished house is dimmed slightly
  g.rect(X0 - 12, HEADER + 1, 4 * P + 24, BASE_Y - HEADER + 3, fade(PAL.navy, Number((0.5 * t).toFixed(3))));
  if (t < 0.55) drawRow(g, s, { raiseNext: false });
  const flip = phase(t, 0.15, 0.55);
  for (const name of ["Axel", "Birgit"]) {
    const adj = (s.adjustments || []).find((/** @type {any} */ a) => a.player === name);
    holdSlot(g, name, s.held[name], { flip: adj ? flip : 1, adjust: adj && flip >= 1 ? adj : null });
  }
  if (t >= 0.5) {
    for (const name of ["Axel", "Birgit"]) tallyPanel(g, s, name);
  }
  if (t >= 0.55) finalBanner(g, s, ease(phase(t, 0.55, 0.85)));
}

/**
 * Square-wave notes for a frame: [frequency Hz, duration ms] pairs.
 * @param {Frame} frame
 * @returns {Array<[number, number]>}
 */
export function sounds(frame) {
  const ev = frame.event;
  if (!ev) return [];
  if (ev.kind === "hold") return [[180, 45]];
  if (ev.kind === "floor" || ev.kind === "peak") {
    /** @type {Array<[number, number]>} */
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
