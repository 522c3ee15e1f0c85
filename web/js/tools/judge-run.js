// One judged run: the program runs in the runner (runner/client.js), and what it
// printed is checked against the engine (judge.js) with the game's judge's comparator.
import * as judge from "./judge.js";
import { MEMORY_MB, peakMb } from "./limits.js";
// Runs `code` on `input` and judges what it printed against the engine.
// Resolves to {verdict, stdout, stderr, ms, peakMb, cases, scene}; rejects only when the
// input itself is not valid for the game (a JudgeError naming line and column).
// language "cpp" compiles first (cpp/solution-cpp.js, loaded on first use): a
// source that does not compile is verdict "compile"; the program then runs as "wasi".
/**
 * @param {import("./tools.js").ToolContext} ctx
 * @param {string} game
 * @param {string} code
 * @param {string} input
 * @param {{ timeLimitMs?: number, memoryLimitMb?: number, expected?: string, onStart?: (limitMs: number) => void,
 *   language?: string, program?: ArrayBuffer | null, onCompile?: () => void, std?: string }} [options]  std: C++'s standard
 */
export async function judgeRun(ctx, game, code, input, { timeLimitMs = 2000, memoryLimitMb = MEMORY_MB.fallback, expected,
  onStart, language = "python", program = null, onCompile, std } = {}) {
  if (language === "cpp") {
    const { judgeCpp } = await import("../cpp/solution-cpp.js");
    return judgeCpp(ctx, judgeRun, game, code, input, { timeLimitMs, memoryLimitMb, expected, onStart, onCompile, std });
  }
  const run = await ctx.sandbox.run(code, input, { timeLimitMs, memoryLimitMb, onStart, language, program });
  const peak = peakMb(run.peakBytes, run.status === "memory" ? memoryLimitMb : 0);
  const base = { stdout: run.stdout, stderr: run.stderr, ms: run.ms, peakMb: peak, cases: [],
    stdoutTail: run.stdoutTail, stdoutBytes: run.stdoutBytes, reason: run.reason || null, why: run.why || null };
  // time, memory and output (limit exceeded), cancelled and failed (the runner could not run it) as they are.
  if (["time", "memory", "output", "cancelled", "failed"].includes(run.status)) return { ...base, verdict: run.status };
  if (run.status !== "ok") return { ...base, verdict: "error" };
  // Byte-equal to the known answer is accepted without asking the engine again.
  if (expected !== undefined && run.stdout === expected) return { ...base, verdict: "accepted" };
  const reply = await judge.check(ctx.client, game, input, run.stdout);
  // The game's judge's comparator, and the byte-for-byte reading (compare-note.js).
  return { ...base, verdict: judge.overall(reply.cases), cases: reply.cases, scene: reply.scene ?? null,
    comparator: reply.comparator, judge: reply.judge, strict: reply.strict, note_msg: reply.note_msg };
}

