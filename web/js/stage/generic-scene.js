// The generic scene: draws any game that has no scene of its own.  It shows the
// frame as it is: the event on top, the state as a table of pixel cells (what
// changed since the previous frame is outlined in yellow), the exact value of
// every legal move, and the narration.  It knows no game.
import { PAL } from "./renderer.js";

export const generic = true;

const TOP = 16;
const ROW_H = 13;
const LABEL_W = 92;
const CELL_H = 11;
const MARGIN = 6;
const CHARS = Math.floor((384 - 2 * MARGIN) / 8);
const MOVE_LINES = 3;

const isScalar = (v) => v === null || typeof v !== "object";
const show = (v) => (v === null ? "-" : typeof v === "boolean" ? (v ? "yes" : "no") : String(v));
const clip = (text, n) => (text.length > n ? `${text.slice(0, Math.max(1, n - 2))}..` : text);
const words = (key) => key.replace(/_/g, " ");

// A short text for any value: scalars as they are, lists in brackets, objects as k=v.
function compact(v) {
  if (isScalar(v)) return show(v);
  if (Array.isArray(v)) return `[${v.map(compact).join(" ")}]`;
  return Object.entries(v).map(([k, x]) => `${words(k)}=${compact(x)}`).join(" ");
}

// The state as table rows: {label, cells: [text], was: [text] | null}.  A list of
// scalars is a row of cells; a list of lists or objects is one row per item; an
// object of scalars is a row of "key=value" cells.
export function tableRows(state, prev) {
  const rows = [];
  for (const [key, value] of Object.entries(state || {})) {
    const before = prev && typeof prev === "object" ? prev[key] : undefined;
    const label = words(key);
    if (Array.isArray(value) && value.length && value.every((x) => !isScalar(x))) {
      value.forEach((item, k) => rows.push(row(`${label} ${k}`, item, Array.isArray(before) ? before[k] : undefined)));
    } else {
      rows.push(row(label, value, before));
    }
  }
  return rows;
}

function row(label, value, before) {
  return { label, cells: cells(value), was: before === undefined ? null : cells(before) };
}

function cells(value) {
  if (isScalar(value)) return [show(value)];
  if (Array.isArray(value)) return value.map(compact);
  return Object.entries(value).map(([k, x]) => `${words(k)}=${compact(x)}`);
}

// Narration wrapped on word boundaries into lines of at most `n` characters.
export function wrap(text, n = CHARS, most = 3) {
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

function header(g, frame) {
  g.rect(0, 0, g.W, 12, PAL.black);
  const ev = frame.event;
  const what = ev ? show(ev.kind ?? ev.move ?? "event").toUpperCase() : "START";
  g.text(clip(frame.actor ? `${what} . ${frame.actor}` : what, 26), 4, 2, PAL.yellow);
  if (frame.to_move) g.text(clip(`${frame.to_move} to move`, 20), g.W - 4, 2, PAL.white, { align: "right" });
}

function drawRow(g, r, y, flash) {
  g.text(clip(r.label, 11), MARGIN, y + 2, PAL.silver);
  const right = g.W - MARGIN;
  let x = MARGIN + LABEL_W;
  for (let k = 0; k < r.cells.length; k++) {
    const last = k === r.cells.length - 1;
    const room = right - x - (last ? 0 : 30);   // keeps room for "+N"
    const text = clip(r.cells[k], Math.floor((room - 6) / 8));
    const w = Math.max(14, text.length * 8 + 6);
    if (w > room || (k > 0 && text !== r.cells[k])) {
      g.text(`+${r.cells.length - k}`, x, y + 2, PAL.silver);
      return;
    }
    const changed = r.was !== null && r.was[k] !== r.cells[k];
    g.rect(x, y, w, CELL_H, changed && flash ? PAL.plum : PAL.black);
    g.box(x, y, w, CELL_H, changed ? PAL.yellow : PAL.slate);
    g.text(text, x + 3, y + 2, changed ? PAL.yellow : PAL.white);
    x += w + 2;
  }
}

// Where the move badges go: up to MOVE_LINES lines after the "MOVES" label,
// then "+N" for the moves left out.
function layoutMoves(values, width) {
  const left = MARGIN + 48;
  const right = width - MARGIN;
  const most = Math.floor((right - left - 6) / 8);
  const badges = [];
  let x = left;
  let line = 0;
  for (const v of values) {
    const text = clip(`${v.label} ${v.text}`, most);
    const w = text.length * 8 + 6;
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

function drawMoves(g, layout, y) {
  g.text("MOVES", MARGIN, y + 2, PAL.silver);
  for (const b of layout.badges) {
    const yy = y + b.line * ROW_H;
    g.rect(b.x, yy, b.w, CELL_H, b.best ? PAL.yellow : PAL.navy);
    g.box(b.x, yy, b.w, CELL_H, b.best ? PAL.orange : PAL.lavender);
    g.text(b.text, b.x + 3, yy + 2, b.best ? PAL.navy : PAL.white);
  }
  if (layout.more) g.text(`+${layout.more.n}`, layout.more.x, y + 2 + layout.more.line * ROW_H, PAL.silver);
}

export function draw(g, frame, prev, t) {
  g.clear(PAL.navy);
  header(g, frame);
  const lines = wrap(frame.note);
  const noteH = lines.length * 11 + 6;
  const noteY = g.H - noteH;
  const moves = layoutMoves(frame.values || [], g.W);
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
  g.rect(0, noteY, g.W, noteH, PAL.black);
  g.rect(0, noteY, g.W, 1, PAL.slate);
  lines.forEach((line, k) => g.text(line, MARGIN, noteY + 4 + k * 11, PAL.white));
}

// Square-wave notes for a frame: a blip for every event.
export function sounds(frame) {
  return frame.event ? [[440, 60]] : [];
}
