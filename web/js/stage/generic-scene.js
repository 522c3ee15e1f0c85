// The generic scene: draws any game that has no scene of its own.  It shows the
// frame as it is: the event on top, the state as a table of pixel cells (what
// changed since the previous frame is outlined in yellow), the exact value of
// every legal move, and the narration.  It knows no game.
import { PAL, WIDTH, badge, strip } from "./kit/index.js";

/** @typedef {import("./kit/kit.js").Kit} Kit */
/** @typedef {import("./types.js").Frame} Frame */
/** @typedef {import("./types.js").MoveValue} MoveValue */
/** A row of the state table. @typedef {{ label: string, cells: string[], was: string[] | null }} Row */

/** Marks the generic scene (the test hook's `state().scene` says "generic"). */
export const generic = true;

const TOP = 16;
const ROW_H = 13;
const LABEL_W = 92;
const CELL_H = 11;
const MARGIN = 6;
const CHARS = Math.floor((WIDTH - 2 * MARGIN) / 8);
const MOVE_LINES = 3;

/** @param {any} v */
const isScalar = (v) => v === null || typeof v !== "object";
/** @param {any} v */
const show = (v) => (v === null ? "-" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v));
/** @param {string} text @param {number} n */
const clip = (text, n) => (text.length > n ? `${text.slice(0, Math.max(1, n - 2))}..` : text);
/** @param {string} key */
const words = (key) => key.replace(/_/g, " ");
// NAME_msg is the message behind the text NAME beside it (py_engines/i18n.py): shown once.
const fields = (v) => Object.entries(v).filter(([k]) => !k.endsWith("_msg"));

/**
 * A short text for any value: scalars as they are, lists in brackets, objects as k=v.
 * @param {any} v
 * @returns {string}
 */
function compact(v) {
  if (isScalar(v)) return show(v);
  if (Array.isArray(v)) return `[${v.map(compact).join(" ")}]`;
  return fields(v).map(([k, x]) => `${words(k)}=${compact(x)}`).join(" ");
}

/**
 * The state as table rows: {label, cells: [text], was: [text] | null}.  A list of
 * scalars is a row of cells; a list of lists or objects is one row per item; an
 * object of scalars is a row of "key=value" cells.
 * @param {any} state
 * @param {any} prev  the previous frame's state, or null
 * @returns {Row[]}
 */
function tableRows(state, prev) {
  /** @type {Row[]} */
  const rows = [];
  for (const [key, value] of fields(state || {})) {
    const before = prev && typeof prev === "object" ? prev[key] : undefined;
    const label = words(key);
    if (Array.isArray(value) && value.length && value.every((x) => !isScalar(x))) {
      value.forEach((/** @type {any} */ item, /** @type {number} */ k) => rows.push(row(`${label} ${k}`, item, Array.isArray(before) ? before[k] : undefined)));
    } else {
      rows.push(row(label, value, before));
    }
  }
  return rows;
}

/**
 * @param {string} label
 * @param {any} value
 * @param {any} before
 * @returns {Row}
 */
function row(label, value, before) {
  return { label, cells: cells(value), was: before === undefined ? null : cells(before) };
}

/**
 * @param {any} value
 * @returns {string[]}
 */
function cells(value) {
  if (isScalar(value)) return [show(value)];
  if (Array.isArray(value)) return value.map(compact);
  return fields(value).map(([k, x]) => `${words(k)}=${compact(x)}`);
}

/**
 * Narration wrapped on word boundaries into lines of at most `n` characters; the
 * last of `most` lines takes the rest, clipped.
 * @param {string | null | undefined} text
 * @param {number} [n]
 * @param {number} [most]
 * @returns {string[]}
 */
function wrap(text, n = CHARS, most = 3) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of String(text || "").split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > n) {
      lines.push(line);
      line = "";
    }
    line = line ? `${line} ${word}` : clip(word, n);
  }
  if (line) lines.push(line);
  if (lines.length > most) lines.splice(most - 1, lines.length, clip(lines.slice(most - 1).join(" "), n));
  return lines;
}

/**
 * The event and who moves next, on a strip at the top.
 * @param {Kit} g
 * @param {Frame} frame
 */
function header(g, frame) {
  strip(g, 0, 12, () => {
    const ev = frame.event;
    const what = ev ? show(ev.kind ?? ev.move ?? "event").toUpperCase() : "START";
    g.text(clip(frame.actor ? `${what} . ${frame.actor}` : what, 26), 4, 2, PAL.yellow);
    if (frame.to_move) g.text(clip(`${frame.to_move} to move`, 20), g.W - 4, 2, PAL.white, { align: "right" });
  });
}

/**
 * A row of the state table: its label, then its cells (what changed outlined,
 * flashing in the tween), then "+N" for the cells left out.
 * @param {Kit} g
 * @param {Row} r
 * @param {number} y
 * @param {boolean} flash
 */
function drawRow(g, r, y, flash) {
  g.text(clip(r.label, 11), MARGIN, y + 2, PAL.silver);
  const right = g.W - MARGIN;
  let x = MARGIN + LABEL_W;
  for (let k = 0; k < r.cells.length; k++) {
    const last = k === r.cells.length - 1;
    const room = right - x - (last ? 0 : 30);   // keeps room for "+N"
    const text = clip(r.cells[k], Math.floor((room - 6) / 8));
    const w = Math.max(14, g.textWidth(text) + 6);
    if (w > room || (k > 0 && text !== r.cells[k])) {
      g.text(`+${r.cells.length - k}`, x, y + 2, PAL.silver);
      return;
    }
    const changed = r.was !== null && r.was[k] !== r.cells[k];
    badge(g, x, y, text, {
      w, h: CELL_H, fill: changed && flash ? PAL.plum : PAL.black, border: changed ? PAL.yellow : PAL.slate,
      ink: changed ? PAL.yellow : PAL.white,
    });
    x += w + 2;
  }
}

/**
 * Where the move badges go: up to MOVE_LINES lines after the "MOVES" label,
 * then "+N" for the moves left out.  Badges are as wide as their text in the
 * served font.
 * @param {MoveValue[]} values
 * @param {number} width
 * @param {(text: string) => number} measure
 */
function layoutMoves(values, width, measure) {
  const left = MARGIN + 48;
  const right = width - MARGIN;
  const most = Math.floor((right - left - 6) / 8);
  /** @type {Array<{ text: string, x: number, w: number, line: number, best: boolean }>} */
  const badges = [];
  let x = left;
  let line = 0;
  for (const v of values) {
    const text = clip(`${v.label} ${v.text}`, most);
    const w = measure(text) + 6;
    if (x + w > right) {
      line += 1;
      x = left;
    }
    if (line === MOVE_LINES) break;
    badges.push({ text, x, w, line, best: v.best });
    x += w + 3;
  }
  let more = null;
  if (badges.length < values.length) {
    // Room for "+N" at the end of the last line, taking badges back if need be.
    while (badges.length && badges[badges.length - 1].x + badges[badges.length - 1].w + 3 + 32 > right) badges.pop();
    const last = badges[badges.length - 1];
    more = { x: last ? last.x + last.w + 3 : left, line: last ? last.line : 0, n: values.length - badges.length };
  }
  const lines = badges.length ? badges[badges.length - 1].line + 1 : values.length ? 1 : 0;
  return { badges, lines, more };
}

/**
 * @param {Kit} g
 * @param {ReturnType<typeof layoutMoves>} layout
 * @param {number} y
 */
function drawMoves(g, layout, y) {
  g.text("MOVES", MARGIN, y + 2, PAL.silver);
  for (const b of layout.badges) {
    badge(g, b.x, y + b.line * ROW_H, b.text, {
      w: b.w, h: CELL_H, fill: b.best ? PAL.yellow : PAL.navy, border: b.best ? PAL.orange : PAL.lavender,
      ink: b.best ? PAL.navy : PAL.white,
    });
  }
  if (layout.more) g.text(`+${layout.more.n}`, layout.more.x, y + 2 + layout.more.line * ROW_H, PAL.silver);
}

/**
 * @param {Kit} g
 * @param {Frame} frame
 * @param {Frame | null} prev
 * @param {number} t
 */
export function draw(g, frame, prev, t) {
  g.clear(PAL.navy);
  header(g, frame);
  const lines = wrap(frame.note);
  const noteH = lines.length * 11 + 6;
  const noteY = g.H - noteH;
  const moves = layoutMoves(frame.values || [], g.W, (text) => g.textWidth(text));
  const movesY = noteY - 4 - moves.lines * ROW_H;
  const rows = tableRows(frame.state, prev ? prev.state : null);
  const room = Math.floor((movesY - 2 - TOP) / ROW_H);
  const flash = t < 1 && !g.reduced && Math.floor(t * 6) % 2 === 0;
  const shown = rows.length > room ? rows.slice(0, room - 1) : rows;
  shown.forEach((r, k) => drawRow(g, r, TOP + k * ROW_H, flash));
  if (shown.length < rows.length) {
    g.text(`+${rows.length - shown.length} more rows`, MARGIN, TOP + shown.length * ROW_H + 2, PAL.silver);
  }
  if (moves.lines) drawMoves(g, moves, movesY);
  strip(g, noteY, noteH, () => {
    g.rect(0, noteY, g.W, 1, PAL.slate);
    lines.forEach((line, k) => g.text(line, MARGIN, noteY + 4 + k * 11, PAL.white));
  });
}

/**
 * Square-wave notes for a frame: a blip for every event.
 * @param {Frame} frame
 * @returns {Array<[number, number]>}
 */
export function sounds(frame) {
  return frame.event ? [[440, 60]] : [];
}
