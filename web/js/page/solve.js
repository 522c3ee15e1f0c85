// Solving: sends the input to the engine, shows progress, the answer and the
// status line, and loads the frames; `replay` fetches the frames of another
// case or of a line with the user's moves.  Tells the page "solved" when a solve
// puts a new scene on it.
import { app, el, emit, gameInfo, copyText, player, reducedMotion } from "./state.js";
import { clearError, showError } from "./input-errors.js";
import { fillCases, showCase } from "./cases.js";
import { choicesBefore } from "./moves.js";
import { localize, onLanguage } from "../i18n/i18n.js";
import { setPlain, setText } from "../i18n/dom.js";
import { linkProblem } from "./share.js";

/** @typedef {import("./types.js").SolveOptions} SolveOptions */
/** @typedef {import("../engine/client.js").EngineError} EngineError */

/**
 * What solving needs from the rest of the page (main.js hands it over).
 * @typedef {object} SolveNeeds
 * @property {(frames: import("../stage/types.js").Frame[], step?: number) => void} loadFrames
 * @property {(problem: import("../i18n/render.js").Msg) => void} showLinkError
 */

/** @type {SolveNeeds} */
let needs;
/** @param {SolveNeeds} given */
export function connectSolve(given) {
  needs = given;
}

// The request the latest solve() made (game, text, case, moves), while it runs, and
// whether it still runs quietly (a reload's re-solve; a press of Solve for the same
// request makes it say its result after all).
/** @type {string | null} */
let running = null;
/** @type {{ quiet: boolean }} */
let runningMode = { quiet: false };

// A link's scene passes its own `game` and `text`, and `accept`, which puts them
// on the page only once the engine has accepted them: a rejected link changes
// nothing (textarea, game, saved input, shown scene).  Returns true on success.
/** @type {import("./types.js").Solve} */
export async function solve({ caseIndex = 0, step = 0, moves = [], userSteps = [], fromLink = false, quiet = false,
  game = app.game, text = el.input.value, accept = null } = {}) {
  if (!app.client || !game) return false;
  if (!text.trim()) {
    showError({ uiKey: "ui.solve.empty" });
    return false;
  }
  clearError();
  // The latest request wins: one still running is cancelled and its reply dropped
  // (the same request again, such as a second press of Solve, just waits for it).
  const key = JSON.stringify([game, text, caseIndex, moves]);
  if (app.solving && key === running) {
    if (!quiet) runningMode.quiet = false;
    return false;
  }
  const ticket = ++app.ticket;
  running = key;
  const mode = runningMode = { quiet };
  if (app.solving) {
    setText(el.solveStatus, "ui.solve.stopping");
    await app.client.cancel();
  }
  if (ticket !== app.ticket) return false;
  setText(el.solveStatus, app.client.stage === "ready" ? "ui.solve.solving" : "ui.solve.waiting");
  const started = performance.now();
  const reply = await call({ cmd: "solve", game, text, case: caseIndex, moves }, (p) => {
    if (ticket !== app.ticket) return;
    /** @type {import("../i18n/render.js").Msg[]} */
    const parts = [];
    if (p.cases > 1) parts.push({ id: "ui.solve.progress_case", params: { case: p.case + 1, cases: p.cases } });
    if (p.nodes) parts.push({ id: "ui.solve.progress_nodes", params: { count: Number(p.nodes) } });
    parts.push({ id: "ui.solve.progress_seconds", params: { seconds: ((performance.now() - started) / 1000).toFixed(1) } });
    setText(el.solveStatus, "ui.solve.progress", { details: parts });
  });
  if (ticket !== app.ticket) return false;
  running = null;
  if (!fromLink && game !== app.game) {
    // The user picked another game meanwhile: this answer is not shown, nor its status.
    setPlain(el.solveStatus, "");
    return false;
  }
  if (!reply.ok) {
    if (reply.error.type === "Cancelled") setText(el.solveStatus, "ui.solve.cancelled");
    else setPlain(el.solveStatus, "");
    if (fromLink) needs.showLinkError(linkProblem(reply.error, caseIndex));
    else if (reply.error.type !== "Cancelled") showError(reply.error);
    return false;
  }
  if (accept) await accept();
  const ms = reply.stats && reply.stats.ms !== undefined ? reply.stats.ms : null;
  const info = gameInfo(game);
  const nodes = info && info.kind === "two-player" && reply.stats.nodes;
  if (mode.quiet) setPlain(el.solveStatus, "");
  else if (ms === null) setText(el.solveStatus, "ui.solve.solved");
  else if (nodes) setText(el.solveStatus, "ui.solve.solved_nodes", { ms, count: Number(nodes) });
  else setText(el.solveStatus, "ui.solve.solved_ms", { ms });
  el.answer.textContent = reply.answer;
  el.copyAnswer.disabled = false;
  el.copyLink.disabled = false;
  el.copyEmbed.disabled = false;
  fillCases(reply.cases, reply.case);
  app.solved = { game, text, reply: /** @type {import("../engine/client.js").SolveReply} */ (reply), caseIndex: reply.case, frames: reply.frames, moves: [...moves],
    userSteps: moves.length ? [...userSteps] : [] };
  needs.loadFrames(reply.frames, step);
  emit("solved");
  if (!mode.quiet) bringStageIntoView();
  return true;
}

// After Solve the whole stage is in view, at every screen size.
function bringStageIntoView() {
  const r = el.canvas.getBoundingClientRect();
  if (r.top >= 0 && r.bottom <= innerHeight) return;
  el.canvas.closest("section")?.scrollIntoView({ block: "start", behavior: reducedMotion ? "auto" : "smooth" });
}

/**
 * The frames of another case, or of a line with the user's `moves`, shown at `step`.
 * `userSteps`: the decision steps the user played themselves (for the analysis).
 * @param {number} caseIndex
 * @param {string[]} moves
 * @param {number} step
 * @param {number[]} [userSteps]
 */
async function replay(caseIndex, moves, step, userSteps = []) {
  const s = app.solved;
  if (!s || app.solving) return false;
  if (s.replay) return replayOwn(s, s.replay, moves, step, userSteps);
  const reply = await call({ cmd: "replay", game: s.game, text: s.text, case: caseIndex, moves });
  if (!reply.ok) {
    if (reply.error.type !== "Cancelled") showError(reply.error);
    return false;
  }
  s.caseIndex = reply.case;
  s.frames = reply.frames;
  s.moves = [...moves];
  s.userSteps = [...userSteps];
  showCase(reply.case);
  needs.loadFrames(reply.frames, step);
  return true;
}

/**
 * The same for a scene whose frames its own feature makes (the lab's).
 * @param {import("./types.js").Solved} s
 * @param {(moves: string[]) => Promise<import("../stage/types.js").Frame[] | null>} make
 * @param {string[]} moves
 * @param {number} step
 * @param {number[]} userSteps
 */
async function replayOwn(s, make, moves, step, userSteps) {
  const frames = await make(moves);
  if (!frames || app.solved !== s) return false;
  s.frames = frames;
  s.moves = [...moves];
  s.userSteps = [...userSteps];
  needs.loadFrames(frames, step);
  return true;
}

// When the user plays one side, the engine answers for the other at once: the
// line runs on to the user's next decision (or the end).
/** @param {number} from */
function answerForTheEngine(from) {
  const side = el.playAs.value;
  if (!side || !app.solved) return;
  const frames = app.solved.frames;
  let k = from;
  while (k < frames.length - 1 && frames[k].values && frames[k].to_move !== side) k++;
  if (k === from) return;
  setTimeout(() => {
    if (app.solved && app.solved.frames === frames && player.index === from) player.seek(k, { animate: true });
  }, player.tweenMs + 60);
}

// Requests still in flight: one cancelled by a newer solve ends while the newer one runs.
let inFlight = 0;

/**
 * Engine requests from the page: Solve is marked busy and Cancel on while any runs.
 * @param {import("../engine/client.js").Request} request
 * @param {(progress: Record<string, number>) => void} [onProgress]
 * @returns {Promise<import("../engine/client.js").Reply>}
 */
async function call(request, onProgress) {
  if (!app.client) throw new Error("the engine is not started yet");
  inFlight += 1;
  app.solving = true;
  // Solve keeps focus while it runs (a disabled button would drop it to the
  // page body): it is only marked busy; a press meanwhile starts over.
  el.solve.setAttribute("aria-disabled", "true");
  el.cancel.disabled = false;
  // The reply's texts in the language shown (it keeps its messages for a change of language).
  const reply = localize(await app.client.call(request, { onProgress }));
  inFlight -= 1;
  if (inFlight === 0) {
    app.solving = false;
    el.solve.removeAttribute("aria-disabled");
    el.cancel.disabled = true;
  }
  return reply;
}

// The page takes the Solve button over from early-solve.js (the classic script
// that queues a press made while the page loads) once the game and its input are
// in place.  Returns true when a press was queued meanwhile: the caller solves it.
/** @returns {boolean} */
export function takeOver() {
  const queued = el.solve.dataset.queued === "true";
  delete el.solve.dataset.queued;
  el.solve.dataset.wired = "true";
  return queued;
}

/** The semantic events of solving (controls.js). */
export const handlers = {
  // Before takeOver, early-solve.js queues the press instead.
  solve: () => (el.solve.dataset.wired === "true" ? solve() : false),
  cancel: async () => {
    setText(el.solveStatus, "ui.solve.cancelling");
    if (app.client) await app.client.cancel();
  },
  caseChosen: (/** @type {number} */ k) => replay(k, [], 0),
  move: async (/** @type {string} */ id) => {
    const i = player.index;
    const s = app.solved;
    if (!s) return;
    const moves = [...choicesBefore(s.frames, i), id];
    const userSteps = [...(s.userSteps || []).filter((k) => k < i), i];
    if (await replay(s.caseIndex, moves, i + 1, userSteps)) answerForTheEngine(i + 1);
  },
  // The engine's line again, at the step where the user left it.
  backToLine: () => {
    const s = app.solved;
    if (!s) return false;
    const left = s.userSteps && s.userSteps.length ? s.userSteps[0] : player.index;
    return replay(s.caseIndex, [], left, []);
  },
  copyAnswer: async () => {
    const copied = await copyText(el.answer.textContent);
    setText(el.solveStatus, copied ? "ui.solve.copied" : "ui.solve.copy_refused");
  },
};

// The shown scene's texts follow the language (the reply keeps its messages).
onLanguage(() => {
  const s = app.solved;
  if (!s) return;
  localize(s.reply);
  localize(s.frames);
  fillCases(s.reply.cases, s.caseIndex);
});
