// The bounds of one compile: a time limit (the page ends the compiler's worker
// when a compile runs past it) and a memory cap (the compiler module's memory
// may not grow past it: a failed grow makes clang stop with "out of memory").
// Both end in a compile verdict in plain words, and the next compile gets a new
// worker.  Pure of any worker or page concern: the Node tests use it too.

import { withMemoryMax } from "./memory-limit.js";

/** A compile's time limit (wall clock, from the moment clang starts). */
export const COMPILE_TIME_LIMIT_MS = 30_000;
/** The limit of a worker's first compile, which also warms the engine's code of clang up
 * (WebKit's first compile in a new worker took more than 30 s for `int main() {}`). */
export const FIRST_COMPILE_TIME_LIMIT_MS = 120_000;
/** The most memory the compiler's WebAssembly module may grow to. */
export const COMPILER_MEMORY_BYTES = 1024 * 1024 * 1024;
/** The most bytes a file the compiler writes may hold (its object file holds a static
 * array's zeros, in the worker's JavaScript heap): buildsys/cpp.py's OUTPUT_CAP. */
export const COMPILER_OUTPUT_BYTES = 256 * 1024 * 1024;
/** The toolchain file whose memory the cap is written into. */
export const COMPILER_MODULE = "llvm.core.wasm";

/**
 * The compiler module's bytes with its memory's maximum lowered to `maxBytes`
 * (memory-limit.js).  Throws when the module is not laid out as expected (no
 * memory of its own, a 64-bit or shared one): the cap is never silently missing.
 * @param {Uint8Array} bytes
 * @param {number} maxBytes
 * @returns {Uint8Array}
 */
export function capModuleMemory(bytes, maxBytes) {
  const capped = withMemoryMax(bytes, maxBytes);
  if (!capped) throw new Error("the compiler module has no memory whose maximum can be capped");
  return capped.bytes;
}

/** @typedef {"time" | "memory" | "output" | "stack"} CompileLimit */

/**
 * Which bound a compile that threw ran into, from what it threw and what clang
 * printed last: "memory" (a grow past the cap: LLVM says it is out of memory),
 * "output" (a file past its cap: the driver's file system throws, buildsys/cpp.py), "stack" (the engine's own stack: recursion in clang, such as deep template
 * instantiation), or null (the compiler broke in some other way).
 * @param {unknown} error
 * @param {string} log
 * @returns {CompileLimit | null}
 */
export function limitHit(error, log) {
  const text = String(error instanceof Error ? error.message : error);
  if (/LLVM ERROR: out of memory|Allocation failed/.test(log.slice(-4096))) return "memory";
  if (/^Pixel Judge: a file of the compiler passed its cap/.test(text)) return "output";
  if (/call stack|too much recursion/i.test(text)) return "stack";
  return null;
}

/**
 * A limit's verdict in plain words: in English and as a catalog message (ui.cpp.limit_*).
 * @param {CompileLimit} limit
 * @param {number} [limitMs]  the time limit that was met
 * @returns {{ text: string, msg: import("../i18n/render.js").Msg }}
 */
export function limitWords(limit, limitMs = COMPILE_TIME_LIMIT_MS) {
  if (limit === "time") {
    const seconds = Math.round(limitMs / 1000);
    return { text: `the compiler ran out of time (${seconds} s)`, msg: { id: "ui.cpp.limit_time", params: { seconds } } };
  }
  if (limit === "memory") {
    const gb = Math.round(COMPILER_MEMORY_BYTES / 2 ** 30);
    return { text: `the compiler ran past its memory cap (${gb} GB): a static array that large, or code that expands `
      + "without end (macros, templates), cannot be compiled here", msg: { id: "ui.cpp.limit_memory", params: { gb } } };
  }
  if (limit === "output") {
    const mb = Math.round(COMPILER_OUTPUT_BYTES / 2 ** 20);
    return { text: `the compiler's output passed its cap (${mb} MB): a static array that large cannot be compiled here `
      + "(make it at run time, with a vector or new)", msg: { id: "ui.cpp.limit_output", params: { mb } } };
  }
  return { text: "the compiler ran out of stack: templates or constexpr functions recurse too deeply, or code is nested too deeply",
    msg: { id: "ui.cpp.limit_stack", params: {} } };
}
