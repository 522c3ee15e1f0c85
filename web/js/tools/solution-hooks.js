// My solution's test hook: pixelJudge.runSolution and pixelJudge.stress (web/README.md,
// "The test hook").  Both judge against the page's current game, with the same
// runs (solution.js's judgeRun) and stress loop (stress.js) as the panel.
import * as judge from "./judge.js";
import { judgeRun } from "./judge-run.js";
import { stressLoop, shrinkFailure } from "./stress.js";
import { hookMemoryLimit } from "./limits.js";
import { hookScene } from "./scene-button.js";
import { STANDARDS, isStandard } from "../cpp/standards.js";

/** @typedef {import("./tools.js").ToolContext} ToolContext */

/** @param {unknown} language */
function checkLanguage(language, hook) {
  if (!["python", "cpp"].includes(/** @type {string} */ (language))) {
    throw new Error(`${hook}: language must be "python" or "cpp", not ${JSON.stringify(language)}`);
  }
}

// pixelJudge.runSolution(code, input, {timeLimitMs, memoryLimitMb, language: "python" | "cpp"}):
// {verdict, stdout, stderr, ms, peakMb}; verdict "accepted", "wrong", "presentation",
// "time", "memory" (memory limit exceeded), "output" (output limit exceeded: stdout is
// then the first part of what it wrote), "compile" (C++ that does not compile: stderr
// holds the compiler's messages, `diagnostics` each error's {severity, line, column,
// message} and `summary` the first in plain words) or "error" (also a cancelled run, or
// one the runner could not start: stderr says which).  peakMb: the run's peak memory in
// MB (0 when it never ran).  A run judged not accepted also has `message`, the first
// failing case's report (its first difference); one judged wrong or presentation has
// `scene` {case, step}: the first case that differs (0-based, as state().case) and the
// step of its replay where the output parts from the judge's (as state().step).  A judged
// output (accepted, wrong, presentation) has `comparator` ("trailing": the game's judge
// ignores white space at line ends and at the end, as Luogu and DOMjudge; "exact": byte
// for byte, as UVa and POJ), `judge` (its name) and `strict: {verdict, line}`, the
// byte-for-byte reading (line: of its first difference, null when accepted).  C++ takes
// `std` (c++11, c++14, c++17, c++20 or gnu++11 .. gnu++20; default "gnu++17", g++'s own).
/**
 * @param {ToolContext} ctx @param {unknown} code @param {unknown} input
 * @param {{timeLimitMs?: number, memoryLimitMb?: number, language?: string, std?: string}} [options]
 */
export async function runSolutionHook(ctx, code, input, { timeLimitMs = 2000, memoryLimitMb, language = "python", std } = {}) {
  checkLanguage(language, "runSolution");
  if (std !== undefined && !isStandard(std)) throw new Error(`runSolution: std must be one of ${STANDARDS.join(", ")}, not ${JSON.stringify(std)}`);
  const limitMb = hookMemoryLimit(memoryLimitMb);
  const result = await judgeRun(ctx, ctx.game(), String(code), String(input), { timeLimitMs, memoryLimitMb: limitMb, language, std });
  const verdict = ["cancelled", "failed"].includes(result.verdict) ? "error" : result.verdict;
  const stderr = { cancelled: "cancelled", output: "output limit exceeded", memory: `memory limit exceeded (${limitMb} MB)` }[result.verdict]
    ?? result.stderr;
  const judged = result.comparator && result.strict
    ? { comparator: result.comparator, judge: result.judge, strict: { verdict: result.strict.verdict, line: result.strict.line } } : {};
  const reply = { verdict, stdout: result.stdout, stderr, ms: result.ms, peakMb: result.peakMb ?? 0, ...judged };
  // A compile error: the compiler's messages with line and column; a wrong answer: the first difference.
  if (result.verdict === "compile") return { ...reply, diagnostics: result.diagnostics, summary: result.summary };
  const failing = (result.cases || []).find((/** @type {{verdict: string}} */ c) => c.verdict !== "accepted");
  return failing ? { ...reply, message: failing.message, scene: hookScene(result) } : reply;
}

// pixelJudge.stress(code, {count, seed, mode, timeLimitMs, memoryLimitMb, language}): the
// panel's stress (the same inputs as the CLI's `stress` for count, seed and mode) ->
// {runs, ms, failing}: runs, the inputs run before it ended (shrinking not counted);
// ms, its whole time; failing, null when every input passed, else {input (shrunk as the
// CLI shrinks), expected (the engine's answer), got (the program's stdout), verdict (as
// runSolution's: "memory" when a run crossed memoryLimitMb), scene (the shrunk input's,
// as runSolution's; null unless wrong or presentation)}.  A C++
// source that does not compile fails at once with verdict "compile" (and `summary`).
/**
 * @param {ToolContext} ctx @param {unknown} code
 * @param {{count?: number, seed?: number, mode?: string, timeLimitMs?: number, memoryLimitMb?: number,
 *   language?: string, std?: string}} [options]  std: C++'s standard, as runSolution's
 */
export async function stressHook(ctx, code, { count = 100, seed = 1, mode = "random", timeLimitMs = 2000, memoryLimitMb,
  language = "python", std } = {}) {
  checkLanguage(language, "stress");
  if (std !== undefined && !isStandard(std)) throw new Error(`stress: std must be one of ${STANDARDS.join(", ")}, not ${JSON.stringify(std)}`);
  if (!Number.isSafeInteger(count) || count < 1 || count > 1000) throw new Error(`stress: count must be a whole number from 1 to 1000, not ${JSON.stringify(count)}`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`stress: seed must be a whole number from 0, not ${JSON.stringify(seed)}`);
  const limitMb = hookMemoryLimit(memoryLimitMb);
  const game = /** @type {string} */ (ctx.game());
  const started = performance.now();
  const env = {
    ctx, game, root: document.createElement("div"), say: () => {}, cancelled: () => false,
    run: (/** @type {string} */ input, /** @type {string | undefined} */ expected) =>
      judgeRun(ctx, game, String(code), input, { timeLimitMs, memoryLimitMb: limitMb, language, expected, std }),
  };
  const { failing, stopped, passed } = await stressLoop(env, { seed, count, mode });
  const ms = Math.round(performance.now() - started);
  if (stopped) {
    return { runs: passed + 1, ms, failing: { input: stopped.input ?? "", expected: null, got: "", verdict: "compile", scene: null,
      summary: stopped.summary } };
  }
  if (!failing) return { runs: passed, ms, failing: null };
  const small = await shrinkFailure(env, failing);
  let expected = null;
  try { expected = await judge.answer(ctx.client, game, small.input); } catch { /* the engine refused it: no answer */ }
  const verdict = ["cancelled", "failed"].includes(small.result.verdict) ? "error" : small.result.verdict;
  return { runs: passed + 1, ms: Math.round(performance.now() - started),
    failing: { input: small.input, expected, got: small.result.stdout, verdict, scene: hookScene(small.result) } };
}
