// House of Cards' house in side view: where each level's peaks and floors
// stand, the leaning and flat cards, the triangles they close, and the markers
// of the places a move can go.
import { PAL } from "../../kit/index.js";
import { CREAM, EDGE, rank } from "./cards.js";

/** @typedef {import("../../kit/kit.js").Kit} Kit */
/** Rows [y, x1, x2) that a shape fills. @typedef {Array<[number, number, number]>} Spans */
/** A place: a level and a slot on it. @typedef {{ level: number, slot: number }} Place */

// A peak is two leaning cards "/\" with base width P; a floor is one flat card
// from the apex of one peak to the apex of the next, where the next level stands.
/** A peak's base width. */
export const P = 36;
const HALF = P / 2;
const LEG_H = 28;              // rows of a leaning card
const LEG_W = 11;              // horizontal span of a leaning card's face
const FLOOR_T = 9;             // thickness of a flat card
const STEP = LEG_H + FLOOR_T;  // one level of the house
/** The ground line under level 1. */
export const BASE_Y = 176;
/** The left end of level 1. */
export const X0 = 192 - 2 * P;

/** @param {number} level @param {number} slot */
export const apexX = (level, slot) => X0 + HALF + (slot - 1) * P + (level - 1) * HALF;
/** @param {number} level */
const baseY = (level) => BASE_Y - (level - 1) * STEP;
/** @param {number} level */
export const apexY = (level) => baseY(level) - LEG_H;
/** The outer edge's offset at row r of a leaning card. @param {number} r */
const edge = (r) => Math.round(((r + 1) * HALF) / LEG_H);

/**
 * Row spans [y, x1, x2) of a leaning card of the peak centred at cx.
 * @param {number} cx
 * @param {number} top
 * @param {"left" | "right"} side
 * @returns {Spans}
 */
function legSpans(cx, top, side) {
  /** @type {Spans} */
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

/**
 * A leaning card with its rank.
 * @param {Kit} g
 * @param {number} cx
 * @param {number} top
 * @param {"left" | "right"} side
 * @param {string} card
 * @param {string} [border]
 */
function leg(g, cx, top, side, card, border = EDGE) {
  const spans = legSpans(cx, top, side);
  spans.forEach(([y, x1, x2], r) => {
    g.rect(x1, y, x2 - x1, 1, border);
    if (r > 0 && r < LEG_H - 1 && x2 - x1 > 2) g.rect(x1 + 1, y, x2 - x1 - 2, 1, CREAM);
  });
  const [, x1, x2] = spans[LEG_H - 8];
  rank(g, card, (x1 + x2) / 2, top + LEG_H - 10);
}

/**
 * A peak: two leaning cards on (level, slot), `dy` px off its place (dropping in).
 * @param {Kit} g
 * @param {number} level
 * @param {number} slot
 * @param {string} left
 * @param {string} right
 * @param {{ dy?: number, borders?: { left?: string, right?: string } }} [opts]
 */
export function peak(g, level, slot, left, right, { dy = 0, borders = {} } = {}) {
  const cx = apexX(level, slot);
  const top = apexY(level) + dy;
  leg(g, cx, top, "left", left, borders.left || EDGE);
  leg(g, cx, top, "right", right, borders.right || EDGE);
}

/**
 * The flat card's rectangle on (level, slot).
 * @param {number} level
 * @param {number} slot
 */
export function floorRect(level, slot) {
  return { x: apexX(level, slot), y: apexY(level) - FLOOR_T, w: P + 1, h: FLOOR_T };
}

/**
 * @param {Kit} g
 * @param {number} level
 * @param {number} slot
 * @param {string} card
 * @param {string} [border]
 */
function floorCard(g, level, slot, card, border = EDGE) {
  const { x, y, w, h } = floorRect(level, slot);
  g.rect(x, y, w, h, border);
  g.rect(x + 1, y + 1, w - 2, h - 2, CREAM);
  rank(g, card, x + w / 2, y + 2);
}

/**
 * The downward triangle under valley (level, slot): between two peaks.
 * @param {number} level
 * @param {number} slot
 * @returns {Spans}
 */
function valleySpans(level, slot) {
  const left = apexX(level, slot);
  const right = left + P;
  /** @type {Spans} */
  const spans = [];
  for (let r = 0; r < LEG_H; r++) {
    const e = edge(r);
    if (right - e > left + e) spans.push([apexY(level) + r, left + e, right - e]);
  }
  return spans;
}

/**
 * The upward triangle inside the peak standing on floor (level, slot).
 * @param {number} level
 * @param {number} slot
 * @returns {Spans}
 */
function holeSpans(level, slot) {
  const cx = apexX(level + 1, slot);
  const top = apexY(level + 1);
  /** @type {Spans} */
  const spans = [];
  for (let r = 0; r < LEG_H; r++) {
    const e = edge(r);
    const x1 = cx - e + LEG_W;
    const x2 = cx + e - LEG_W;
    if (x2 > x1) spans.push([top + r, x1, x2]);
  }
  return spans;
}

/**
 * @param {Kit} g
 * @param {Spans} spans
 * @param {string} color
 */
export function fillSpans(g, spans, color) {
  for (const [y, x1, x2] of spans) g.rect(x1, y, x2 - x1, 1, color);
}

/**
 * An outline triangle (down: flat top; up: flat bottom) centred on cx.
 * @param {Kit} g
 * @param {number} cx
 * @param {number} y
 * @param {number} half
 * @param {number} rows
 * @param {boolean} down
 * @param {string} color
 */
export function triangleOutline(g, cx, y, half, rows, down, color) {
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

/**
 * The cards lit in a triangle's scorer's colour.
 * @typedef {{ legs: Array<[number, number, string]>, floor: Place | null, color: string }} Highlight
 */

/**
 * The house: the ground, then level by level its peaks and floors; a hidden
 * floor or peak is one still in flight; `glowFirst` lights the card that
 * decides who starts.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ hideFloor?: Place | null, hidePeak?: Place | null, highlight?: Highlight | null, glowFirst?: boolean }} [opts]
 */
export function drawHouse(g, s, { hideFloor = null, hidePeak = null, highlight = null, glowFirst = false } = {}) {
  // ground
  g.rect(X0 - 10, BASE_Y, 4 * P + 20, 3, PAL.brown);
  g.rect(X0 - 10, BASE_Y + 3, 4 * P + 20, 1, PAL.black);
  /** @param {Place | null} a @param {number} lv @param {number} sl */
  const same = (a, lv, sl) => a && a.level === lv && a.slot === sl;
  for (let level = 1; level <= 4; level++) {
    for (const p of s.peaks) {
      if (p.level !== level || same(hidePeak, p.level, p.slot)) continue;
      /** @type {{ left?: string, right?: string }} */
      const borders = {};
      if (highlight) {
        for (const side of /** @type {const} */ (["left", "right"])) {
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

/**
 * The cards that close a triangle (its legs and floor, from the event), lit in the scorer's ink.
 * @param {any} tri  the event's triangle
 * @returns {Highlight}
 */
export function triangleHighlight(tri) {
  return { legs: tri.legs, floor: tri.floor, color: tri.scorer === "Axel" ? PAL.red : PAL.black };
}

/**
 * @param {any} tri  the event's triangle
 * @returns {Spans}
 */
export function triangleSpans(tri) {
  return tri.direction === "down" ? valleySpans(tri.level, tri.slot) : holeSpans(tri.level, tri.slot);
}

/**
 * Where the score badge starts: just above the card that closed the triangle.
 * @param {any} tri  the event's triangle
 */
export function triangleTop(tri) {
  if (tri.direction === "down") return { x: apexX(tri.level, tri.slot) + HALF, y: apexY(tri.level) - FLOOR_T - 12 };
  return { x: apexX(tri.level + 1, tri.slot), y: apexY(tri.level + 1) - 12 };
}

/**
 * The places a move can go, each once, with the number the engine gave it.
 * @param {any[] | undefined} choices
 * @returns {any[]}
 */
function places(choices) {
  const out = new Map();
  for (const c of choices || []) if (c.place && !out.has(c.place)) out.set(c.place, { ...c, n: c.place });
  return [...out.values()];
}

/**
 * A blinking triangle on every place a move can go, numbered; the chosen one green.
 * @param {Kit} g
 * @param {any} s  the frame's state
 * @param {{ chosen?: any, fast?: boolean }} [opts]
 */
export function drawMarkers(g, s, { chosen = null, fast = false } = {}) {
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
