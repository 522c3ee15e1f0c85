// Run by tests/test_lab_validate.py: checks web/js/lab/validate.js and solve-lab.js's mapping of
// runner outcomes under Node, with a stand-in runner (no browser).  Given a JSON file of real
// lab results (solve_lab's, from the engine), checks those too.  Prints one JSON object: for
// each case, what the page would get.
import { readFileSync } from "node:fs";
import { LAB_LIMITS, validateLabResult } from "../web/js/lab/validate.js";
import { DRIVER, labOutcome, pythonTimeMs, solveLab } from "../web/js/lab/solve-lab.js";

const [realFile] = process.argv.slice(2);
const msg = (id, params = {}) => ({ id, params });

// A well-formed two-move result, shaped as py_engines/lab gives it.
function frame(i, move, over = false) {
  return {
    i, actor: move ? "Max" : null, event: move ? { kind: "move", move, player: 1 } : null,
    state: { lab: true, title: "Take away", to_move: i % 2 ? -1 : 1, value: over ? 1 : null, over, table: null,
      view: { title: "Stones", piles: [{ label: "heap", count: 5 - i }], rows: [{ label: "hand", cards: ["H7", "S12", "x"] }],
        grid: { cells: [["1", "."], [".", "2"]] }, scores: { Max: 3, Min: -2 }, note: "take 1 or 2" } },
    msg: msg("lab.move", { player: msg("lab.player.max"), move: move || "" }), note: "Max takes",
    to_move: over ? null : "Min", to_move_msg: over ? null : msg("lab.player.min"),
    values: over ? null : [{ move: "take 1", label: "take 1", value: 1, text: "+1", best: true },
      { move: "take 2", label: "take 2", value: -1, text: "-1", best: false }],
  };
}
const good = () => ({ ok: true, title: "Take away", value: 1, moves: ["take 1", "take 2"],
  frames: [frame(0, null), frame(1, "take 1"), frame(2, "take 2", true)], stats: { positions: 17, ms: 3 } });

/** The result after `change` is applied to a fresh good one. */
function changed(change) {
  const result = good();
  change(result);
  return validateLabResult(result);
}
/** JSON with every object's keys in order: two values equal as data give the same text. */
const canon = (value) => JSON.stringify(value, (_, v) => (v && typeof v === "object" && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
const brief = (r) => (r.ok ? { ok: true } : { ok: false, type: r.error.type, message: r.error.message });

const out = {};
out.good = validateLabResult(good());
out.goodEqual = canon(out.good) === canon(good());
out.unknownKeysDropped = changed((r) => { r.frames[1].html = "<img src=x onerror=alert(1)>"; r.frames[1].state.script = "x";
  r.extra = 1; r.frames[1].state.view.extra = undefined; delete r.frames[1].state.view.extra; });
out.unknownKeysDropped = { ok: out.unknownKeysDropped.ok,
  json: out.unknownKeysDropped.ok ? JSON.stringify(out.unknownKeysDropped) : "" };

const bad = {
  notObject: () => validateLabResult(null),
  array: () => validateLabResult([]),
  okMissing: () => validateLabResult({ title: "x" }),
  framesNotMovesPlusOne: () => changed((r) => { r.moves.pop(); }),
  moveNotEvent: () => changed((r) => { r.moves[0] = "take 3"; }),
  frameIndex: () => changed((r) => { r.frames[2].i = 7; }),
  valueFloat: () => changed((r) => { r.value = 1.5; }),
  valueHuge: () => changed((r) => { r.value = 2 ** 60; }),
  valueString: () => changed((r) => { r.frames[0].values[0].value = "1"; }),
  bestMissing: () => changed((r) => { delete r.frames[0].values[1].best; }),
  statsString: () => changed((r) => { r.stats.positions = "17"; }),
  titleLong: () => changed((r) => { r.title = "t".repeat(61); }),
  moveLong: () => changed((r) => { r.frames[0].values[0].move = "m".repeat(33); }),
  tooManyValues: () => changed((r) => { r.frames[0].values = Array.from({ length: LAB_LIMITS.values + 1 },
    (_, k) => ({ move: `m${k}`, value: 0, best: false })); }),
  tooManyFrames: () => changed((r) => {
    r.frames = Array.from({ length: LAB_LIMITS.frames + 1 }, (_, k) => ({ ...frame(1, "take 1"), i: k }));
    r.moves = Array.from({ length: LAB_LIMITS.frames }, () => "take 1");
  }),
  stateNotLab: () => changed((r) => { r.frames[1].state.lab = false; }),
  toMoveZero: () => changed((r) => { r.frames[1].state.to_move = 0; }),
  overString: () => changed((r) => { r.frames[1].state.over = "no"; }),
  tableWide: () => changed((r) => { r.frames[1].state.table = [["a", "b", "c"]]; }),
  tableLong: () => changed((r) => { r.frames[1].state.table = Array.from({ length: 13 }, () => ["a", "b"]); }),
  viewUnknownKey: () => changed((r) => { r.frames[1].state.view.html = "<b>"; }),
  viewTitleLong: () => changed((r) => { r.frames[1].state.view.title = "t".repeat(41); }),
  pilesMany: () => changed((r) => { r.frames[1].state.view.piles = Array.from({ length: 13 }, () => ({ label: "p", count: 1 })); }),
  pileLabelLong: () => changed((r) => { r.frames[1].state.view.piles[0].label = "l".repeat(13); }),
  pileCountBig: () => changed((r) => { r.frames[1].state.view.piles[0].count = 1_000_001; }),
  pileCountNegative: () => changed((r) => { r.frames[1].state.view.piles[0].count = -1; }),
  rowsMany: () => changed((r) => { r.frames[1].state.view.rows = Array.from({ length: 7 }, () => ({ label: "r", cards: [] })); }),
  cardsMany: () => changed((r) => { r.frames[1].state.view.rows[0].cards = Array.from({ length: 21 }, () => "H1"); }),
  cardLong: () => changed((r) => { r.frames[1].state.view.rows[0].cards[0] = "H100"+ "0"; }),
  cardNumber: () => changed((r) => { r.frames[1].state.view.rows[0].cards[0] = 7; }),
  gridRagged: () => changed((r) => { r.frames[1].state.view.grid.cells = [["a", "b"], ["c"]]; }),
  gridTall: () => changed((r) => { r.frames[1].state.view.grid.cells = Array.from({ length: 17 }, () => ["a"]); }),
  gridWide: () => changed((r) => { r.frames[1].state.view.grid.cells = [Array.from({ length: 17 }, () => "a")]; }),
  gridEmpty: () => changed((r) => { r.frames[1].state.view.grid.cells = []; }),
  cellLong: () => changed((r) => { r.frames[1].state.view.grid.cells[0][0] = "abc"; }),
  scoresMany: () => changed((r) => { r.frames[1].state.view.scores = { a: 1, b: 2, c: 3, d: 4, e: 5 }; }),
  scoreNameEmpty: () => changed((r) => { r.frames[1].state.view.scores = { "": 1 }; }),
  scoreBig: () => changed((r) => { r.frames[1].state.view.scores = { a: 1e9 + 1 }; }),
  noteLong: () => changed((r) => { r.frames[1].state.view.note = "n".repeat(81); }),
  msgSiteKey: () => changed((r) => { r.frames[1].msg = msg("ui.runner.not_isolated"); }),
  msgDeep: () => changed((r) => {
    let m = msg("lab.end", { outcome: "x" });
    for (let k = 0; k < 10; k++) m = msg("lab.end", { outcome: m });
    r.frames[2].msg = m;
  }),
  msgParamLong: () => changed((r) => { r.frames[1].msg = msg("raw", { text: "x".repeat(1001) }); }),
  msgParamObject: () => changed((r) => { r.frames[1].msg = msg("raw", { text: { toString: "x" } }); }),
  msgManyParams: () => changed((r) => { r.frames[1].msg = msg("raw", Object.fromEntries(Array.from({ length: 9 }, (_, k) => [`p${k}`, 1]))); }),
  errorForgedType: () => validateLabResult({ ok: false, error: { type: "Cancelled", message: "x", line: null } }),
  errorLineZero: () => validateLabResult({ ok: false, error: { type: "RulesError", message: "x", line: 0 } }),
  errorMessageLong: () => validateLabResult({ ok: false, error: { type: "RulesError", message: "x".repeat(2001), line: 3 } }),
};
out.bad = Object.fromEntries(Object.entries(bad).map(([name, make]) => [name, brief(make())]));
out.goodError = validateLabResult({ ok: false, error: { type: "RulesError", message: "ZeroDivisionError: division by zero",
  line: 7, msg: msg("lab.error.rules", { error: "ZeroDivisionError: division by zero" }) } });

// solveLab with a stand-in runner: what it asks of the runner, and each status's meaning.
function standIn(result, calls) {
  return { run: async (code, input, options) => { calls.push({ code, input: JSON.parse(input), options }); return result; },
    cancel: () => calls.push({ cancel: true }) };
}
const run = (fields) => ({ status: "ok", exitCode: 0, stdout: "", stderr: "", ms: 5, ...fields });
const calls = [];
const solved = await solveLab(standIn(run({ stdout: `${JSON.stringify(good())}\n` }), calls), "rules", "5",
  { limitMs: 4000, maxPositions: 1000, moves: ["take 1"] });
out.solve = { ok: solved.ok, call: { code: calls[0].code, input: calls[0].input, timeLimitMs: calls[0].options.timeLimitMs,
  packages: calls[0].options.packages } };
out.driver = DRIVER;
out.pythonTimeMs = [1000, 4000, 10000, 60000].map(pythonTimeMs);
out.statuses = {
  time: labOutcome(run({ status: "time" }), 10_000),
  memory: labOutcome(run({ status: "memory" }), 10_000),
  output: brief(labOutcome(run({ status: "output" }), 10_000)),
  cancelled: labOutcome(run({ status: "cancelled" }), 10_000),
  failed: labOutcome(run({ status: "failed", stderr: "no py_engines package was handed to the runner" }), 10_000),
  error: labOutcome(run({ status: "error", stderr: "Traceback...\n  File x\nMemoryError\n" }), 10_000),
  exit: labOutcome(run({ status: "exit", exitCode: 3, stderr: "" }), 10_000),
  twoLines: brief(labOutcome(run({ stdout: `{"ok": true}\n${JSON.stringify(good())}\n` }), 10_000)),
  forgedTail: brief(labOutcome(run({ stdout: `${JSON.stringify(good())}\n{"ok":false}` }), 10_000)),
  notJson: brief(labOutcome(run({ stdout: "{ok: true" }), 10_000)),
  empty: brief(labOutcome(run({ stdout: "" }), 10_000)),
};
const aborted = [];
const controller = new AbortController();
const pendingRun = { run: () => new Promise((resolve) => { aborted.push("run"); controller.signal.addEventListener("abort",
  () => setTimeout(() => resolve(run({ status: "cancelled" })), 0)); }), cancel: () => aborted.push("cancel") };
const waiting = solveLab(pendingRun, "rules", "5", { signal: controller.signal });
controller.abort();
out.abort = { result: await waiting, calls: aborted };
const thrown = await solveLab({ run: async () => { throw new Error("boom"); }, cancel: () => {} }, "r", "i");
out.thrown = thrown;
if (realFile) {
  const real = JSON.parse(readFileSync(realFile, "utf-8"));
  out.real = real.map((r) => { const v = validateLabResult(r); return { ok: v.ok, same: canon(v) === canon(r),
    type: v.ok ? null : v.error.type, message: v.ok ? null : v.error.message }; });
}
console.log(JSON.stringify(out));
