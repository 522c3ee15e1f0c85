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

const ROW_H = 13;
const LABEL_W = 92;
const CELL_H = 11;
const MARGIN = 6;
const CHARS = Math.floor((WIDTH - 2 * MARGIN) / 8);
const MOVE_LINES = 3;

/** @param {any} v */
const isScalar = (v) => v === null || typeof v !== "object";
// A true or false value's word, in the language of the paint under way (set by draw).
const yesNo = { yes: "yes", no: "no" };
/** @param {any} v */
const show = (v) => (v === null ? "-" : typeof v === "boolean" ? (v ? yesNo.yes : yesNo.no) : String(v));
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
 * Narration wrapped into lines at most `n` characters of the 8 px font wide (a CJK
 * character counts two): on spaces, and between two CJK characters, which need none;
 * the last of `most` lines takes the rest, clipped.
 * @param {string | null | undefined} text
 * @param {number} [n]
 * @param {number} [most]
 * @returns {string[]}
 */
export function wrap(text, n = CHARS, most = 3) {
  /** @type {string[]} */
  const lines = [];
  let line = "";
  for (const word of String(text || "").split(/\s+/).filter(Boolean).flatMap(pieces)) {
    const glued = line && (isCjk(line.slice(-1)) || isCjk(word[0]));
    if (line && cellsOf(line) + (glued ? 0 : 1) + cellsOf(word) > n) {
      lines.push(line);
      line = "";
    }
    line = line ? `${line}${glued ? "" : " "}${word}` : clipCells(word, n);
  }
  if (line) lines.push(line);
  if (lines.length > most) lines.splice(most - 1, lines.length, clipCells(lines.slice(most - 1).join(" "), n));
  return lines;
}

const CJK_CHAR = /[\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]/;
/** @param {string} ch */
const isCjk = (ch) => CJK_CHAR.test(ch);
/** How many 8 px cells a text takes (a CJK character two). @param {string} text */
const cellsOf = (text) => [...text].reduce((n, ch) => n + (isCjk(ch) ? 2 : 1), 0);
/**
 * A word cut where a line may break: before and after each CJK character.
 * @param {string} word
 * @returns {string[]}
 */
function pieces(word) {
  return word.split(/([\u2e80-\u9fff\u3000-\u303f\uff00-\uffef])/).filter(Boolean);
}
/**
 * A text clipped to `n` cells of the 8 px font (a CJK character two), ".." marking the cut.
 * @param {string} text
 * @param {number} n
 */
export function clipCells(text, n) {
  if (cellsOf(text) <= n) return text;
  let out = "";
  for (const ch of text) {
    if (cellsOf(out + ch) > Math.max(1, n - 2)) break;
    out += ch;
  }
  return `${out}..`;
}

/**
 * The event and who moves next, on a strip at the top.
 * @param {Kit} g
 * @param {Frame} frame
 */
function header(g, frame) {
  const ev = frame.event;
  const what = ev ? show(ev.kind ?? ev.move ?? "event").toUpperCase() : g.t("ui.stage.generic.start");
  const left = clipCells(frame.actor ? `${what} . ${frame.actor}` : what, 26);
  const right = frame.to_move ? clipCells(g.t("ui.stage.generic.to_move", { player: frame.to_move }), 20) : "";
  const h = headerHeight(g, frame);
  strip(g, 0, h, () => {
    g.text(left, 4, 2, PAL.yellow);
    if (right) g.text(right, g.W - 4, 2, PAL.white, { align: "right" });
  });
}

/**
 * The header strip's height: 12 px, or 20 for a line with CJK in it (16 px tall).
 * @param {Kit} g
 * @param {Frame} frame
 */
function headerHeight(g, frame) {
  const texts = [g.t("ui.stage.generic.start"), frame.to_move ? g.t("ui.stage.generic.to_move", { player: frame.to_move }) : ""];
  return Math.max(...texts.map((text) => g.textHeight(text))) > 8 ? 20 : 12;
}

/**
 * A row of the state table: its label, then its cells (what changed outlined,
 * flashing in the tween), then "+N" for the cells left out.
 * @param {Kit} g
 * @param {Row} r
 * @param {number} y
 * @param {boolean} flash
 */
export function drawRow(g, r, y, flash) {
  g.text(clipCells(r.label, 11), MARGIN, y + 2, PAL.silver);
  const right = g.W - MARGIN;
  let x = MARGIN + LABEL_W;
  for (let k = 0; k < r.cells.length; k++) {
    const last = k === r.cells.length - 1;
    const room = right - x - (last ? 0 : 30);   // keeps room for "+N"
    const text = clipCells(r.cells[k], Math.floor((room - 6) / 8));
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
    const text = clipCells(`${v.label} ${v.text}`, most);
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
  g.text(g.t("ui.stage.generic.moves"), MARGIN, y + 2, PAL.silver);
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
  yesNo.yes = g.t("ui.stage.generic.yes");
  yesNo.no = g.t("ui.stage.generic.no");
  g.clear(PAL.navy);
  header(g, frame);
  const top = headerHeight(g, frame) + 4;
  const lines = wrap(frame.note);
  const lineH = Math.max(8, ...lines.map((line) => g.textHeight(line))) + 3;
  const noteH = lines.length * lineH + 6;
  const noteY = g.H - noteH;
  const moves = layoutMoves(frame.values || [], g.W, (text) => g.textWidth(text));
  const movesY = noteY - 4 - moves.lines * ROW_H;
  const rows = tableRows(frame.state, prev ? prev.state : null);
  const room = Math.floor((movesY - 2 - top) / ROW_H);
  const flash = t < 1 && !g.reduced && Math.floor(t * 6) % 2 === 0;
  const shown = rows.length > room ? rows.slice(0, room - 1) : rows;
  shown.forEach((r, k) => drawRow(g, r, top + k * ROW_H, flash));
  if (shown.length < rows.length) {
    g.text(g.t("ui.stage.generic.more_rows", { rows: rows.length - shown.length }), MARGIN, top + shown.length * ROW_H + 2, PAL.silver);
  }
  if (moves.lines) drawMoves(g, moves, movesY);
  strip(g, noteY, noteH, () => {
    g.rect(0, noteY, g.W, 1, PAL.slate);
    lines.forEach((line, k) => g.text(line, MARGIN, noteY + 4 + k * lineH, PAL.white));
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
