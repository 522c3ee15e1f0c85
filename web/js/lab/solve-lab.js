/**
 * A game lab solve in the runner (issue 32): the user's rules are strangers' code, so they
 * run only in the opaque-origin runner (runner/client.js), in a fresh interpreter with the
 * engine's own wheel installed, as the driver program below; what comes back is checked
 * by validate.js before the page uses any of it.
 *
 *   const result = await solveLab(runner, code, input, { limitMs, maxPositions, moves, onProgress, onStart, signal });
 *   // never rejects: {ok: true, title, value, moves, frames, stats} or {ok: false, error: {type, message, line, msg}}
 *
 * error.type: the rules' own (SyntaxError, RulesError, InputError, ContractError, ViewError,
 * LimitError), or the page's: LimitError (the runner's time or memory limit), BadResult
 * (a malformed or oversized result), Cancelled, RunnerError (the runner could not run it).
 * error.message is English; error.msg the same as a catalog message for the reader.
 */
import { MEMORY_LIMIT_MB } from "../runner/client.js";
import { badResult, validateLabResult } from "./validate.js";

/** The program the runner runs: the lab's driver, reading its job from stdin. */
export const DRIVER = "from py_engines.lab.runner_main import main\nmain()\n";
/** The package the driver needs (the runner installs the engine's wheel for the run). */
const PACKAGES = ["py_engines"];
/** A solve's time limit when the caller gives none (ms). */
export const DEFAULT_LIMIT_MS = 10_000;
/** The positions the search may visit when the caller gives no limit. */
export const DEFAULT_MAX_POSITIONS = 2_000_000;
/** The most of stdout the page parses (a lab line of 20,001 frames is a few MB). */
export const MAX_RESULT_CHARS = 48 * 1024 * 1024;

/**
 * @typedef {import("./validate.js").LabResult} LabResult
 * @typedef {import("../runner/client.js").RunResult} RunResult
 * @typedef {{ run: (code: string, input: string, options?: import("../runner/client.js").RunOptions) => Promise<RunResult>,
 *   cancel: () => void }} LabRunner
 * @typedef {{ limitMs?: number, maxPositions?: number, moves?: string[], onProgress?: (positions: number) => void,
 *   onStart?: (limitMs: number) => void, signal?: AbortSignal | null }} LabOptions
 */

/**
 * The time Python gives itself: a little under the runner's hard limit, so the search stops
 * itself with its own LimitError (and says how far it got) before the runner stops it.
 * @param {number} limitMs
 * @returns {number}
 */
export function pythonTimeMs(limitMs) {
  return Math.max(1, Math.round(limitMs - Math.min(1000, Math.max(200, limitMs * 0.1))));
}

/**
 * Solves a lab game in the runner.  Never rejects.
 * @param {LabRunner} runner
 * @param {string} code  the user's rules (Python)
 * @param {string} input  the position, as start(text) reads it
 * @param {LabOptions} [options]
 * @returns {Promise<LabResult>}
 */
export async function solveLab(runner, code, input, { limitMs = DEFAULT_LIMIT_MS, maxPositions = DEFAULT_MAX_POSITIONS,
  moves = [], onProgress = () => {}, onStart = () => {}, signal = null } = {}) {
  const limit = Number.isFinite(limitMs) && limitMs > 0 ? limitMs : DEFAULT_LIMIT_MS;
  const job = JSON.stringify({ code: String(code), input: String(input),
    maxPositions: Number.isSafeInteger(maxPositions) && maxPositions > 0 ? maxPositions : DEFAULT_MAX_POSITIONS,
    timeMs: pythonTimeMs(limit), moves: Array.isArray(moves) ? moves.map(String) : [] });
  if (signal && signal.aborted) return failure("Cancelled", { id: "ui.lab_run.cancelled", params: {} }, "cancelled");
  let pending = true;
  const abort = () => { if (pending) runner.cancel(); };
  if (signal) signal.addEventListener("abort", abort, { once: true });
  /** @type {RunResult} */
  let run;
  try {
    run = await runner.run(DRIVER, job, { timeLimitMs: limit, packages: PACKAGES, onProgress, onStart });
  } catch (err) {
    const reason = String(err instanceof Error ? err.message : err).slice(0, 300);
    run = { status: "failed", exitCode: null, stdout: "", stderr: reason, ms: 0 };
  } finally {
    pending = false;
    if (signal) signal.removeEventListener("abort", abort);
  }
  return labOutcome(run, limit);
}

/**
 * What a run of the driver means for the lab.
 * @param {RunResult} run
 * @param {number} limitMs
 * @returns {LabResult}
 */
export function labOutcome(run, limitMs) {
  const seconds = Math.round(limitMs / 100) / 10;
  switch (run.status) {
    case "ok":
      return parsed(run.stdout);
    case "time":
      return failure("LimitError", { id: "ui.lab_run.time", params: { seconds } }, `stopped at the time limit (${seconds} s)`);
    case "memory":
      return failure("LimitError", { id: "ui.lab_run.memory", params: { mb: MEMORY_LIMIT_MB } },
        `stopped at the memory limit (${MEMORY_LIMIT_MB} MB)`);
    case "output":
      return badResult("its output passed the runner's output limit");
    case "cancelled":
      return failure("Cancelled", { id: "ui.lab_run.cancelled", params: {} }, "cancelled");
    case "failed": {
      const reason = lastLine(run.stderr) || "no reason given";
      return failure("RunnerError", { id: "ui.lab_run.runner", params: { reason } }, `the code runner could not run the lab: ${reason}`);
    }
    default: {
      // "error" or "exit": the rules broke the driver itself (a crash past solve_lab's net).
      const reason = lastLine(run.stderr) || `exit code ${run.exitCode}`;
      return failure("RulesError", { id: "ui.lab_run.crashed", params: { reason } }, `the lab stopped with an error: ${reason}`);
    }
  }
}

/**
 * The driver's one JSON line, checked; anything else is a BadResult.
 * @param {string} stdout
 * @returns {LabResult}
 */
function parsed(stdout) {
  if (stdout.length > MAX_RESULT_CHARS) return badResult(`it is over ${MAX_RESULT_CHARS} characters`);
  const line = stdout.trim();
  if (!line) return badResult("the lab printed nothing");
  if (line.includes("\n")) return badResult("the lab printed more than its one line of result");
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return badResult("its result is not JSON");
  }
  return validateLabResult(value);
}

/**
 * @param {string} text
 * @returns {string}
 */
function lastLine(text) {
  const lines = String(text || "").split("\n").map((l) => l.trim()).filter(Boolean);
  return (lines[lines.length - 1] || "").slice(0, 300);
}

/**
 * @param {string} type
 * @param {{ id: string, params: Record<string, string | number> }} msg
 * @param {string} message  the same in English
 * @returns {LabResult}
 */
function failure(type, msg, message) {
  return { ok: false, error: { type, message, line: null, msg } };
}
