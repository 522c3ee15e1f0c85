/**
 * The game lab's result, believed only once checked (issue 32): what the runner hands
 * back is what a stranger's rules printed, so every field of every frame is checked for
 * its type and its bounds, and the page gets a fresh copy holding only the known fields.
 * Anything else is `{ok: false, error: {type: "BadResult", message, line: null}}`.
 *
 *   const result = validateLabResult(JSON.parse(stdout));
 *
 * The bounds are the ones py_engines/lab enforces itself (lab/view.py, lab/line.py,
 * search/iterative.py): the page checks them again, it never relies on them.
 */

/** What the page accepts of a lab result. */
export const LAB_LIMITS = Object.freeze({
  frames: 20_001,            // the start and at most 20,000 moves
  values: 4_096,             // legal moves valued at one step
  value: 1e15,               // |value| (iterative.py's VALUE_LIMIT: exact as a JavaScript number)
  title: 60,
  moveName: 32,
  actor: 40,
  note: 2_000,
  message: 2_000,
  line: 10_000_000,
  paramText: 1_000,
  msgParams: 8,
  msgList: 16,
  msgDepth: 4,
  tableRows: 12, tableLabel: 20, tableText: 60,
  changed: 512, changedText: 64,
  view: Object.freeze({ title: 40, label: 12, piles: 12, count: 1_000_000, rows: 6, cards: 20, card: 4,
    grid: 16, cell: 2, scores: 4, score: 1e9, note: 80 }),
});

/** The failure types the rules' side may report (the page adds BadResult, Cancelled, RunnerError). */
export const LAB_ERROR_TYPES = Object.freeze(["SyntaxError", "RulesError", "InputError", "ContractError", "ViewError",
  "LimitError"]);

/** Message ids a lab result may carry: the engine's own (lab, walker, errors) and raw text. */
const MSG_ID = /^(raw|(lab|common|error)(\.[a-z0-9_]{1,40}){1,4})$/;
const PARAM_NAME = /^[a-z_][a-z0-9_]{0,30}$/i;

/**
 * A message as the engine sends it.
 * @typedef {{ id: string, params: Record<string, unknown> }} LabMsg
 */
/**
 * One legal move's value at a step.
 * @typedef {{ move: string, value: number, best: boolean, label?: string, label_msg?: LabMsg, text?: string,
 *   text_msg?: LabMsg }} LabValue
 */
/**
 * @typedef {object} LabFrame
 * @property {number} i
 * @property {string | null} actor
 * @property {{ kind: string, move?: string, player?: number, value?: number } | null} event
 * @property {Record<string, unknown>} state  the lab scene's state (see the brief: lab, title, view, table, ...)
 * @property {LabMsg} msg
 * @property {string} [note]
 * @property {string | null} to_move
 * @property {LabMsg | null} to_move_msg
 * @property {LabValue[] | null} values
 */
/**
 * @typedef {{ type: string, message: string, line: number | null, msg?: LabMsg | null }} LabError
 * @typedef {{ ok: true, title: string, value: number, moves: string[], frames: LabFrame[],
 *   stats: { positions: number, ms: number } }} LabSolved
 * @typedef {{ ok: false, error: LabError }} LabFailed
 * @typedef {LabSolved | LabFailed} LabResult
 */

/** A check that failed: its message names the field. */
class Bad extends Error {}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * @param {unknown} value
 * @param {string} path
 * @returns {Record<string, unknown>}
 */
function record(value, path) {
  if (!isRecord(value)) throw new Bad(`${path} is not an object`);
  return value;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {number} most
 * @returns {unknown[]}
 */
function list(value, path, most) {
  if (!Array.isArray(value)) throw new Bad(`${path} is not a list`);
  if (value.length > most) throw new Bad(`${path} has ${value.length} items (at most ${most})`);
  return value;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {number} most
 * @param {number} [least]
 * @returns {string}
 */
function text(value, path, most, least = 0) {
  if (typeof value !== "string") throw new Bad(`${path} is not a string`);
  if (value.length > most || value.length < least) throw new Bad(`${path} is not ${least} to ${most} characters long`);
  return value;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {number} least
 * @param {number} most
 * @returns {number}
 */
function int(value, path, least, most) {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < least || value > most) {
    throw new Bad(`${path} is not an integer from ${least} to ${most}`);
  }
  return value;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @returns {boolean}
 */
function bool(value, path) {
  if (typeof value !== "boolean") throw new Bad(`${path} is not true or false`);
  return value;
}

/**
 * A player: 1 (the maximiser) or -1.
 * @param {unknown} value
 * @param {string} path
 * @returns {1 | -1}
 */
function side(value, path) {
  if (value !== 1 && value !== -1) throw new Bad(`${path} is not 1 or -1`);
  return value;
}

/**
 * A message: a known kind of id, a few parameters (texts, integers, messages, lists of them).
 * @param {unknown} value
 * @param {string} path
 * @param {number} [depth]
 * @returns {LabMsg}
 */
export function checkMsg(value, path, depth = 0) {
  const msg = record(value, path);
  const id = text(msg.id, `${path}.id`, 80);
  if (!MSG_ID.test(id)) throw new Bad(`${path}.id is not a lab message`);
  const params = msg.params === undefined ? {} : record(msg.params, `${path}.params`);
  const entries = Object.entries(params);
  if (entries.length > LAB_LIMITS.msgParams) throw new Bad(`${path}.params has too many entries`);
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [name, param] of entries) {
    if (!PARAM_NAME.test(name)) throw new Bad(`${path}.params has a malformed name`);
    out[name] = checkParam(param, `${path}.params.${name}`, depth);
  }
  return { id, params: out };
}

/**
 * @param {unknown} value
 * @param {string} path
 * @param {number} depth
 * @returns {unknown}
 */
function checkParam(value, path, depth) {
  if (typeof value === "string") return text(value, path, LAB_LIMITS.paramText);
  if (typeof value === "number") return int(value, path, -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (depth >= LAB_LIMITS.msgDepth) throw new Bad(`${path} is nested too deeply`);
  if (Array.isArray(value)) {
    return list(value, path, LAB_LIMITS.msgList).map((item, k) => checkParam(item, `${path}[${k}]`, depth + 1));
  }
  return checkMsg(value, path, depth + 1);
}

/**
 * @param {unknown} value
 * @param {string} path
 * @returns {LabMsg | null}
 */
const msgOrNull = (value, path) => (value === null || value === undefined ? null : checkMsg(value, path));

/**
 * A view() of the vocabulary, within its bounds (lab/view.py's, checked again).
 * @param {unknown} value
 * @param {string} path
 * @returns {Record<string, unknown>}
 */
export function checkView(value, path) {
  const V = LAB_LIMITS.view;
  const view = record(value, path);
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, item] of Object.entries(view)) {
    const at = `${path}.${key}`;
    if (key === "title") out.title = text(item, at, V.title);
    else if (key === "note") out.note = text(item, at, V.note);
    else if (key === "piles") {
      out.piles = list(item, at, V.piles).map((pile, k) => {
        const p = record(pile, `${at}[${k}]`);
        return { label: text(p.label, `${at}[${k}].label`, V.label), count: int(p.count, `${at}[${k}].count`, 0, V.count) };
      });
    } else if (key === "rows") {
      out.rows = list(item, at, V.rows).map((row, k) => {
        const r = record(row, `${at}[${k}]`);
        return { label: text(r.label, `${at}[${k}].label`, V.label),
          cards: list(r.cards, `${at}[${k}].cards`, V.cards).map((card, j) => text(card, `${at}[${k}].cards[${j}]`, V.card)) };
      });
    } else if (key === "grid") {
      const cells = list(record(item, at).cells, `${at}.cells`, V.grid);
      const rows = cells.map((row, r) => list(row, `${at}.cells[${r}]`, V.grid)
        .map((cell, c) => text(cell, `${at}.cells[${r}][${c}]`, V.cell)));
      if (!rows.length || rows.some((row) => !row.length || row.length !== rows[0].length)) {
        throw new Bad(`${at}.cells is not 1 to ${V.grid} rows of the same 1 to ${V.grid} cells`);
      }
      out.grid = { cells: rows };
    } else if (key === "scores") {
      const entries = Object.entries(record(item, at));
      if (entries.length > V.scores) throw new Bad(`${at} has more than ${V.scores} entries`);
      out.scores = Object.fromEntries(entries.map(([name, score]) => [text(name, `${at} (a name)`, V.label, 1),
        int(score, `${at}.${name}`, -V.score, V.score)]));
    } else {
      throw new Bad(`${at} is not in the view's vocabulary`);
    }
  }
  return out;
}

/**
 * The lab scene's state of one frame.
 * @param {unknown} value
 * @param {string} path
 * @returns {Record<string, unknown>}
 */
function checkState(value, path) {
  const L = LAB_LIMITS;
  const state = record(value, path);
  if (state.lab !== true) throw new Bad(`${path}.lab is not true`);
  const table = state.table === null || state.table === undefined ? null
    : list(state.table, `${path}.table`, L.tableRows).map((row, k) => {
      const pair = list(row, `${path}.table[${k}]`, 2);
      if (pair.length !== 2) throw new Bad(`${path}.table[${k}] is not a [label, text] pair`);
      return [text(pair[0], `${path}.table[${k}][0]`, L.tableLabel), text(pair[1], `${path}.table[${k}][1]`, L.tableText)];
    });
  /** @type {Record<string, unknown>} */
  const out = {
    lab: true,
    title: text(state.title, `${path}.title`, L.title),
    view: state.view === null || state.view === undefined ? null : checkView(state.view, `${path}.view`),
    table,
    to_move: side(state.to_move, `${path}.to_move`),
    value: state.value === null || state.value === undefined ? null : int(state.value, `${path}.value`, -L.value, L.value),
    over: bool(state.over, `${path}.over`),
  };
  if (state.changed !== undefined) {
    out.changed = list(state.changed, `${path}.changed`, L.changed).map((item, k) => (typeof item === "number"
      ? int(item, `${path}.changed[${k}]`, -L.value, L.value) : text(item, `${path}.changed[${k}]`, L.changedText)));
  }
  return out;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @returns {LabValue}
 */
function checkValue(value, path) {
  const L = LAB_LIMITS;
  const v = record(value, path);
  /** @type {LabValue} */
  const out = { move: text(v.move, `${path}.move`, L.moveName, 1), value: int(v.value, `${path}.value`, -L.value, L.value),
    best: bool(v.best, `${path}.best`) };
  if (v.label !== undefined) out.label = text(v.label, `${path}.label`, L.moveName);
  if (v.label_msg !== undefined) out.label_msg = checkMsg(v.label_msg, `${path}.label_msg`);
  if (v.text !== undefined) out.text = text(v.text, `${path}.text`, L.moveName);
  if (v.text_msg !== undefined) out.text_msg = checkMsg(v.text_msg, `${path}.text_msg`);
  return out;
}

/**
 * @param {unknown} value
 * @param {string} path
 * @returns {LabFrame["event"]}
 */
function checkEvent(value, path) {
  if (value === null) return null;
  const event = record(value, path);
  /** @type {NonNullable<LabFrame["event"]>} */
  const out = { kind: text(event.kind, `${path}.kind`, 16, 1) };
  if (event.move !== undefined) out.move = text(event.move, `${path}.move`, LAB_LIMITS.moveName, 1);
  if (event.player !== undefined) out.player = side(event.player, `${path}.player`);
  if (event.value !== undefined) out.value = int(event.value, `${path}.value`, -LAB_LIMITS.value, LAB_LIMITS.value);
  return out;
}

/**
 * @param {unknown} value
 * @param {number} k
 * @returns {LabFrame}
 */
function checkFrame(value, k) {
  const L = LAB_LIMITS;
  const path = `frames[${k}]`;
  const frame = record(value, path);
  if (frame.i !== k) throw new Bad(`${path}.i is not ${k}`);
  /** @type {LabFrame} */
  const out = {
    i: k,
    actor: frame.actor === null || frame.actor === undefined ? null : text(frame.actor, `${path}.actor`, L.actor),
    event: checkEvent(frame.event === undefined ? null : frame.event, `${path}.event`),
    state: checkState(frame.state, `${path}.state`),
    msg: checkMsg(frame.msg, `${path}.msg`),
    to_move: frame.to_move === null || frame.to_move === undefined ? null : text(frame.to_move, `${path}.to_move`, L.actor),
    to_move_msg: msgOrNull(frame.to_move_msg, `${path}.to_move_msg`),
    values: frame.values === null || frame.values === undefined ? null
      : list(frame.values, `${path}.values`, L.values).map((v, j) => checkValue(v, `${path}.values[${j}]`)),
  };
  if (frame.note !== undefined) out.note = text(frame.note, `${path}.note`, L.note);
  return out;
}

/**
 * @param {unknown} value
 * @returns {LabSolved}
 */
function checkSolved(value) {
  const L = LAB_LIMITS;
  const result = record(value, "the result");
  const moves = list(result.moves, "moves", L.frames - 1).map((m, k) => text(m, `moves[${k}]`, L.moveName, 1));
  const frames = list(result.frames, "frames", L.frames).map(checkFrame);
  if (frames.length !== moves.length + 1) throw new Bad(`${frames.length} frames for ${moves.length} moves (not moves + 1)`);
  moves.forEach((move, k) => {
    const event = frames[k + 1].event;
    if (!event || event.move !== move) throw new Bad(`frames[${k + 1}].event.move is not moves[${k}]`);
  });
  const stats = record(result.stats, "stats");
  return { ok: true, title: text(result.title, "title", L.title), value: int(result.value, "value", -L.value, L.value),
    moves, frames, stats: { positions: int(stats.positions, "stats.positions", 0, Number.MAX_SAFE_INTEGER),
      ms: int(stats.ms, "stats.ms", 0, Number.MAX_SAFE_INTEGER) } };
}

/**
 * @param {unknown} value
 * @returns {LabFailed}
 */
function checkFailed(value) {
  const error = record(record(value, "the result").error, "error");
  const type = text(error.type, "error.type", 40);
  if (!LAB_ERROR_TYPES.includes(type)) throw new Bad("error.type is not a lab error");
  const line = error.line === null || error.line === undefined ? null : int(error.line, "error.line", 1, LAB_LIMITS.line);
  return { ok: false, error: { type, message: text(error.message, "error.message", LAB_LIMITS.message), line,
    msg: msgOrNull(error.msg, "error.msg") } };
}

/**
 * A BadResult failure with its reason (English) and its message for the reader.
 * @param {string} reason
 * @returns {LabFailed}
 */
export function badResult(reason) {
  const why = reason.slice(0, 300);
  return { ok: false, error: { type: "BadResult", message: `the lab's result was malformed: ${why}`, line: null,
    msg: { id: "ui.lab_run.bad_result", params: { reason: why } } } };
}

/**
 * The result as the page may use it (a checked copy), or a BadResult naming what was wrong.
 * @param {unknown} value  what the lab printed, parsed
 * @returns {LabResult}
 */
export function validateLabResult(value) {
  try {
    if (isRecord(value) && value.ok === true) return checkSolved(value);
    if (isRecord(value) && value.ok === false) return checkFailed(value);
    throw new Bad("the result is not {ok: true, ...} or {ok: false, error}");
  } catch (err) {
    if (err instanceof Bad) return badResult(err.message);
    return badResult(String(err instanceof Error ? err.message : err));
  }
}
