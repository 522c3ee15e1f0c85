// C++ for the solution tools: compile the source (our compiler, in its own
// same-origin worker; cached by source), then run the program in the opaque
// runner (language "wasi") and judge its output like any solution's.  The page
// loads this module on the first C++ run, so a visit that never uses C++ never
// loads it.
import { CppCompiler, CancelledError } from "./compiler.js";
import { DEFAULT_STD } from "./standards.js";

export { toolchainSize, toolchainCached } from "./compiler.js";

let compiler = null;
const listeners = new Set();

/** The page's one C++ compiler (its worker starts on the first load() or compile()). */
export function cppCompiler() {
  compiler ??= new CppCompiler({ onState: (state, detail, msg) => { for (const listen of listeners) listen(state, detail, msg); } });
  return compiler;
}

/** Calls listen(state, detail, msg) on every change of the compiler's state (compiler.js names them; msg:
 * a failure's reason as a catalog message). */
export function onCompilerState(listen) {
  listeners.add(listen);
  return () => listeners.delete(listen);
}

/** Stops a toolchain download or a compile under way (an idle compiler stays loaded). */
export function cancelCompile() {
  if (compiler && compiler.busy) compiler.cancel();
}

/**
 * Compiles `source` and, when it compiles, runs and judges it with `judgeRun`
 * (tools/solution.js's, handed in to keep the import one-way).  Resolves to
 * judgeRun's {verdict, stdout, stderr, ms, cases, ...} with compileMs (the compile's
 * time) and compileCached (this source was compiled before: no compile), or {verdict: "compile",
 * stderr: the compiler's messages, diagnostics: [{severity, line, column, message}],
 * summary (in English), summaryMsg (the same as a catalog message)} when it does not compile, "cancelled" when a compile or download was
 * cancelled, "failed" when the compiler cannot be loaded (offline before its first
 * download, say).  onCompile() fires when the compile starts.
 * @param {import("../tools/tools.js").ToolContext} ctx
 * @param {(...args: any[]) => Promise<any>} judgeRun
 * @param {string} game
 * @param {string} source
 * @param {string} input
 * @param {{ onCompile?: () => void, timeLimitMs?: number, memoryLimitMb?: number, expected?: string,
 *   onStart?: (limitMs: number) => void, std?: string }} [options]  std: the standard (standards.js; gnu++17 unless told)
 */
export async function judgeCpp(ctx, judgeRun, game, source, input, { onCompile = () => {}, std = DEFAULT_STD, ...options } = {}) {
  const empty = { stdout: "", stderr: "", ms: 0, cases: [] };
  let compiled;
  try {
    onCompile();
    compiled = await cppCompiler().compile(source, { std });
  } catch (err) {
    if (err instanceof CancelledError) return { ...empty, verdict: "cancelled" };
    // stderr in English (the hook's); reason: the same words as a catalog message, for the page.
    return { ...empty, verdict: "failed", stderr: err.message, reason: err.msg ?? null };
  }
  if (!compiled.ok) {
    return { ...empty, verdict: "compile", stderr: compiled.log, diagnostics: compiled.diagnostics, summary: compiled.summary,
      summaryMsg: compiled.summaryMsg };
  }
  const result = await judgeRun(ctx, game, "", input, { ...options, language: "wasi", program: compiled.wasm });
  return { ...result, compileMs: compiled.ms, compileCached: compiled.cached, std };
}
