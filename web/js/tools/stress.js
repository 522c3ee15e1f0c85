// Stress for My solution: the page's generators make inputs in batches, the
// solution runs on each (Python or C++, through judgeRun) until the first one it
// fails; that input is then shrunk (its single failing case, then the engine's
// own shrink candidates, taken greedily while the program still fails) and shown
// with the expected output and "Open in player".
import { h } from "./dom.js";
import * as judge from "./judge.js";

const MAX_SHRINK_RUNS = 200;
const STRESS_BATCH = 20;   // inputs generated per request while a stress test runs

/**
 * @typedef {{verdict: string, stdout: string, stderr: string, ms: number, cases: any[],
 *   stdoutTail?: string, stdoutBytes?: number, diagnostics?: any[], summary?: string, reason?: any,
 *   peakMb?: number, scene?: any, input?: string}} RunResult
 * @typedef {{name: string, input: string, result: RunResult, runs?: number}} Failure
 * @typedef {{ctx: any, game: string, run: (input: string, expected?: string) => Promise<RunResult>,
 *   say: (words: import("../i18n/render.js").Msg) => void, cancelled: () => boolean, root: HTMLElement}} StressEnv
 */

/**
 * Runs the solution on generated inputs until one fails.  Resolves to
 * {failing} (the first failing input, "memory" and "time" runs too), {stopped} (a
 * result that ends the test on any input: a compile error, with that input), or
 * {passed} when all pass or Cancel stopped it.
 * @param {StressEnv} env
 * @param {{seed: number, count: number, mode: string}} request
 * @returns {Promise<{failing?: Failure, stopped?: RunResult, passed: number}>}
 */
export async function stressLoop({ ctx, game, run, say, cancelled, root }, request) {
  const started = performance.now();
  let passed = 0;
  // The inputs come in batches, so the first failure stops the generator too
  // and Cancel never waits for a thousand answers to be computed.
  for (let first = 1; first <= request.count && !cancelled(); first += STRESS_BATCH) {
    const size = Math.min(STRESS_BATCH, request.count - first + 1);
    if (!passed) say({ id: "ui.stress.generating", params: { mode: request.mode, from: first, to: first + size - 1, count: request.count } });
    const tests = await judge.generate(ctx.client, game, { ...request, count: size, first });
    for (const test of tests) {
      if (cancelled()) break;
      const result = await run(test.input, test.answer);
      if (result.verdict === "cancelled") return { passed };
      if (result.verdict === "failed") {
        // In English (the console) and in the reader's words (the status line, through showFailure).
        throw Object.assign(new Error(`cannot run code here: ${result.stderr}`),
          { msg: { id: "ui.solution.cannot_run", params: { reason: result.reason || result.stderr } } });
      }
      if (result.verdict === "compile") return { stopped: { ...result, input: test.input }, passed };
      const rate = (passed + 1) / ((performance.now() - started) / 1000);
      root.dataset.rate = rate.toFixed(2);
      if (result.verdict !== "accepted") {
        say({ id: "ui.stress.fails", params: { name: test.name, verdict: judge.verdictMsg(result.verdict), count: passed + 1 } });
        return { failing: { name: test.name, input: test.input, result }, passed };
      }
      passed += 1;
      say({ id: "ui.stress.progress", params: { passed, count: request.count, rate: rate.toFixed(1) } });
    }
  }
  return { passed };
}

/**
 * The single failing case of a multi-case input, then the engine's own shrink
 * candidates, taken greedily while the program still fails on them.
 * @param {StressEnv} env @param {Failure} failing @returns {Promise<Failure>}
 */
export async function shrinkFailure({ ctx, game, run, say, cancelled }, failing) {
  let best = failing;
  let runs = 0;
  const fails = (/** @type {RunResult} */ r) => !["accepted", "cancelled", "failed", "compile"].includes(r.verdict);
  const tryInput = async (/** @type {string} */ input) => {
    runs += 1;
    try {
      const result = await run(input);
      return fails(result) ? { name: best.name, input, result } : null;
    } catch {
      return null;   // a candidate the engine rejects is no counterexample
    }
  };
  const parts = await judge.splitCases(ctx.client, game, best.input);
  if (parts.length > 1) {
    for (const part of parts) {
      if (cancelled()) return best;
      const found = await tryInput(part);
      if (found) { best = found; break; }
    }
  }
  let progress = true;
  while (progress && runs < MAX_SHRINK_RUNS && !cancelled()) {
    progress = false;
    for (const candidate of await judge.shrink(ctx.client, game, best.input)) {
      if (cancelled() || runs >= MAX_SHRINK_RUNS) break;
      if (candidate.length > best.input.length) continue;
      say({ id: "ui.stress.shrinking", params: { runs, chars: best.input.length } });
      const found = await tryInput(candidate);
      if (found) { best = found; progress = true; break; }
    }
  }
  return { ...best, runs };
}

/**
 * The failing input's box: the input, the expected output and the program's, and
 * "Open in player" on it.
 * @param {StressEnv} env @param {Failure} failing
 * @param {(result: RunResult) => string} shownOutput  the program's stdout as an output pane shows it
 */
export async function failureBox({ ctx, game }, failing, shownOutput) {
  const { input, result } = failing;
  let expected;
  try { expected = await judge.answer(ctx.client, game, input); } catch (err) { expected = `(${/** @type {Error} */ (err).message})`; }
  const open = h("button", { type: "button", class: "primary", testid: "stress-open", i18n: "ui.stress.open" });
  open.addEventListener("click", () => ctx.openScene({ game, text: input, caseIndex: 0 }));
  return [
    h("h3", { i18n: "ui.stress.smallest", i18nParams: { name: failing.name, runs: failing.runs || 0 } }),
    h("pre", { class: "out", testid: "stress-input" }, input),
    h("div", { class: "outputs" },
      h("div", {}, h("h3", { i18n: "ui.stress.expected" }), h("pre", { class: "out", testid: "stress-expected" }, expected)),
      h("div", {}, h("h3", { i18n: "ui.stress.got" }), h("pre", { class: "out", testid: "stress-got" }, shownOutput(result)))),
    h("div", { class: "row" }, open),
  ];
}
