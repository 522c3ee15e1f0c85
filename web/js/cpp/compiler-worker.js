/// <reference lib="webworker" />
// The C++ compiler worker (same origin: the compiler is the site's code, and the
// user's source is only data to it; the program it makes never runs here).
// Messages in:  {type: "load"} | {type: "compile", id, source, std}   (std: standards.js's, checked here)
// Messages out: {type: "progress", phase, done, total, wire}
//               {type: "ready", ms, downloaded, damaged, stored} | {type: "failed", message, msg}   (msg: the reason as a catalog message, or null)
//               {type: "compiling", id}   (clang starts on it now: the page's time limit runs from here)
//               {type: "compiled", id, ok, wasm?: ArrayBuffer (transferred), log, ms, limit?}
//                 (limit: the bound the compiler ran into, compiler-limits.js; the page then replaces this worker)
//               {type: "compile-failed", id, message}   (the compiler itself broke)
import { loadToolchainFiles } from "./toolchain.js";
import { buildPch, compileSource, startsWithBits } from "./clang-driver.js";
import { COMPILER_MEMORY_BYTES, COMPILER_MODULE, capModuleMemory } from "./compiler-limits.js";
import { DEFAULT_STD, isStandard } from "./standards.js";

const DRIVER = new URL("../../vendor/@yowasp/clang/gen/bundle.js", import.meta.url);
let clang = null;
let Exit = null;
let loading = null;
let pch = null;        // a promise of the precompiled <bits/stdc++.h> (or null)
let queue = Promise.resolve();

// YoWASP's driver fetches its files from beside itself with the global fetch
// (captured when its module is evaluated) and has no way to be handed bytes: so
// before it is imported, fetch answers those URLs with the verified bytes, and
// refuses any other.  The compiler module's memory gets its cap here, after the
// check (compiler-limits.js).
function serveVerified(files) {
  const cap = (name, bytes) => (name === COMPILER_MODULE ? capModuleMemory(new Uint8Array(bytes), COMPILER_MEMORY_BYTES) : bytes);
  const byUrl = new Map([...files].map(([name, bytes]) => [new URL(`./${name}`, DRIVER).href, cap(name, bytes)]));
  return async (input) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const bytes = byUrl.get(url);
    if (!bytes) throw new Error(`the compiler asked for ${url}, which is not a toolchain file`);
    byUrl.delete(url);   // read once: the driver keeps what it made of it
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
    return new Response(bytes, { headers: { "Content-Type": type } });
  };
}

async function load() {
  const started = performance.now();
  const result = await loadToolchainFiles({ onProgress: (p) => postMessage({ type: "progress", ...p }) });
  postMessage({ type: "progress", phase: "start", done: 0, total: 0, wire: 0 });
  globalThis.fetch = serveVerified(result.files);
  result.files.clear();
  const driver = await import(DRIVER.href);
  clang = driver.commands["clang++"];
  Exit = driver.Exit;
  await clang(null, {}, { fetchProgress: () => {} });   // compiles the toolchain's modules now
  // In the background: a compile waits for it only if it includes <bits/stdc++.h>.
  pch = buildPch(clang);
  return { ms: Math.round(performance.now() - started), downloaded: result.downloaded, damaged: result.damaged, stored: result.stored };
}

async function compile({ id, source, std }) {
  const started = performance.now();
  try {
    const text = String(source);
    const standard = isStandard(std) ? std : DEFAULT_STD;
    // The precompiled <bits/stdc++.h> is built under DEFAULT_STD: another standard parses the headers.
    const header = standard === DEFAULT_STD && startsWithBits(text) ? await pch : null;
    postMessage({ type: "compiling", id });
    const result = await compileSource(clang, text, { Exit, pch: header, std: standard });
    const ms = Math.round(performance.now() - started);
    if (!result.ok) {
      postMessage({ type: "compiled", id, ok: false, log: result.log, ms, limit: result.limit ?? null });
      return;
    }
    const wasm = result.wasm.slice().buffer;   // a buffer of its own, to transfer
    postMessage({ type: "compiled", id, ok: true, wasm, log: result.log, ms }, [wasm]);
  } catch (error) {
    postMessage({ type: "compile-failed", id, message: String(error?.message ?? error) });
  }
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg?.type === "load") {
    loading ??= load().then(
      (info) => postMessage({ type: "ready", ...info }),
      (error) => postMessage({ type: "failed", message: String(error?.message ?? error), msg: error?.msg ?? null }));
  } else if (msg?.type === "compile") {
    // One compile at a time (each runs the 75 MB compiler module), after the load.
    queue = queue.then(() => loading).then(() => (clang ? compile(msg) : postMessage({
      type: "compile-failed", id: msg.id, message: "the compiler is not loaded" })));
  }
};
