// The page's side of the C++ compiler: starts its worker when C++ is first
// needed, reports the toolchain's download (bytes, Cancel) and compiles.  Each
// program is cached in memory (the last CACHE_ENTRIES) by the SHA-256 of the
// toolchain, the flags, the standard and the source, so run-and-check, stress and
// a second Run of an unchanged source compile it once.  Compiling is the only thing done here: the program
// runs in the opaque-origin runner, never in this page's origin.
import { TOOLCHAIN } from "./toolchain-files.js";
import { toolchainCached } from "./toolchain.js";
import { parseDiagnostics, summaryWords } from "./diagnostics.js";
import { FLAGS } from "./clang-driver.js";
import { DEFAULT_STD, isStandard } from "./standards.js";
import { COMPILE_TIME_LIMIT_MS, FIRST_COMPILE_TIME_LIMIT_MS, limitWords } from "./compiler-limits.js";
import { sha256Hex } from "../util/bytes.js";

const WORKER_URL = new URL("./compiler-worker.js", import.meta.url);
const CACHE_ENTRIES = 8;   // compiled programs kept (a few hundred KB each)

/** The compiler broke or could not be loaded: `message` in English, `msg` the reader's words (ui.cpp.*). */
export class CompilerError extends Error {
  /**
   * @param {string} message
   * @param {import("../i18n/render.js").Msg} msg
   */
  constructor(message, msg) {
    super(message);
    this.msg = msg;
  }
}

/** A compile (or the toolchain's download) was cancelled. */
export class CancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "CancelledError";
  }
}

/** The toolchain's size: {bytes} unpacked and {wire} as brotli, for "download N MB" before it starts. */
export function toolchainSize() {
  if (!TOOLCHAIN) return { bytes: 0, wire: 0 };
  const files = Object.values(TOOLCHAIN.files);
  return { bytes: files.reduce((s, f) => s + f.bytes, 0), wire: files.reduce((s, f) => s + f.br, 0) };
}

export { toolchainCached };

async function sourceKey(source, std) {
  const text = JSON.stringify([TOOLCHAIN?.id ?? "", FLAGS, std, source]);
  return sha256Hex(new TextEncoder().encode(text));
}

/** The page's client of the compiler worker. */
export class CppCompiler {
  /** @param {{onState?: (state: string, detail?: any, msg?: any) => void}} options
   *  states: "downloading" ({done, total, wire}), "loading", "ready" ({ms, stored}), "failed" (message, and
   *  the same as a catalog message), "idle" */
  constructor({ onState = () => {} } = {}) {
    this.onState = onState;
    this.worker = null;
    this.loaded = null;
    this.ready = false;
    /** @type {{ms: number, downloaded: string[], damaged: string[], stored: boolean} | null} the last load's report */
    this.readyInfo = null;
    this.pending = new Map();   // id -> {resolve, reject, timer}
    this.nextId = 1;
    this.programs = new Map();  // source key -> compile result (insertion order = age)
    this.compiles = 0;          // sources the worker compiled (a cached one is not counted)
    this.warm = false;          // the worker now has compiled once: the shorter time limit
  }

  /** Starts the worker and loads the toolchain (downloading what the cache lacks). */
  load() {
    if (this.loaded) return this.loaded;
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    this.warm = false;
    this.loaded = new Promise((resolve, reject) => {
      this.rejectLoad = reject;
      worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === "progress") {
          this.onState(msg.phase === "download" ? "downloading" : "loading", msg);
        } else if (msg.type === "ready") {
          this.ready = true;
          this.readyInfo = msg;
          this.onState("ready", msg);
          resolve(msg);
        } else if (msg.type === "failed") {
          // The toolchain's own words (toolchain.js), when it sent them as a message.
          const words = msg.msg && typeof msg.msg.id === "string" ? msg.msg : { id: "raw", params: { text: String(msg.message) } };
          this.stop(new CompilerError(String(msg.message), words));
        } else if (msg.type === "compiling") {
          const entry = this.pending.get(msg.id);
          // The compile's own time limit: past it, the worker goes (clang cannot be interrupted otherwise).
          const limitMs = this.warm ? COMPILE_TIME_LIMIT_MS : FIRST_COMPILE_TIME_LIMIT_MS;
          if (entry) entry.timer = setTimeout(() => this.overrun(msg.id, limitMs), limitMs);
        } else if (msg.type === "compiled" || msg.type === "compile-failed") {
          const entry = this.pending.get(msg.id);
          if (!entry) return;
          this.pending.delete(msg.id);
          clearTimeout(entry.timer);
          if (msg.type === "compile-failed") {
            entry.reject(new CompilerError(`the compiler failed: ${msg.message}`, { id: "ui.cpp.compiler_failed", params: { reason: String(msg.message) } }));
            return;
          }
          this.warm = true;
          entry.resolve(msg);
          if (msg.limit) this.replace();   // a bound was met: its memory goes with its worker
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const reason = event.message || "unknown error";
        this.stop(new CompilerError(`the compiler failed: ${reason}`, { id: "ui.cpp.compiler_failed", params: { reason } }));
      };
    });
    this.loaded.catch(() => {});
    worker.postMessage({ type: "load" });
    return this.loaded;
  }

  // A compile ran past its time limit: it is a compile verdict, and the worker goes.
  overrun(id, limitMs) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    entry.resolve({ ok: false, log: "", ms: limitMs, limit: "time" });
    this.replace();
  }

  // Ends a worker that ran into a compile's bound (its memory, its clock): the next
  // compile starts a new one, loading the toolchain from the cache.  Compiles queued
  // behind it are sent again to the new worker.
  replace() {
    const waiting = [...this.pending.entries()];
    this.pending.clear();
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.loaded = null;
    this.ready = false;
    this.rejectLoad = null;
    this.onState("idle");
    for (const [, entry] of waiting) {
      this.load().then(() => {
        const id = this.nextId++;
        this.pending.set(id, entry);
        this.worker.postMessage({ type: "compile", id, source: entry.source, std: entry.std });
      }, entry.reject);
    }
  }

  // Ends the worker; whatever waits on it rejects with `error`.
  stop(error) {
    const failed = !(error instanceof CancelledError);
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.loaded = null;
    this.ready = false;
    if (this.rejectLoad) this.rejectLoad(error);
    this.rejectLoad = null;
    for (const entry of this.pending.values()) entry.reject(error);
    this.pending.clear();
    this.onState(failed ? "failed" : "idle", error.message, error.msg);
  }

  /** Whether a toolchain load or a compile is under way. */
  get busy() {
    return this.pending.size > 0 || (this.loaded !== null && !this.ready);
  }

  /** Stops a download or a compile; the next load() starts again (keeping what was cached). */
  cancel() {
    if (this.worker) this.stop(new CancelledError());
  }

  /**
   * Compiles `source` under `std` (standards.js; g++'s gnu++17 unless told). Resolves to {ok, wasm (an
   * ArrayBuffer of the caller's own), log, diagnostics, summary, ms, cached, std}; rejects with
   * CancelledError on cancel, or an Error when the toolchain cannot be loaded.
   * @param {string} source
   * @param {{ std?: string }} [options]
   */
  async compile(source, { std = DEFAULT_STD } = {}) {
    if (!isStandard(std)) throw new Error(`unknown C++ standard ${JSON.stringify(std)}`);
    const key = await sourceKey(source, std);
    let result = this.programs.get(key);
    if (result) {
      this.programs.delete(key);   // most recently used last
      this.programs.set(key, result);
      return { ...result, wasm: result.wasm && result.wasm.slice(0), cached: true };
    }
    await this.load();
    const id = this.nextId++;
    this.compiles += 1;
    const msg = await new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, source, std, timer: 0 });
      this.worker.postMessage({ type: "compile", id, source, std });
    });
    const diagnostics = parseDiagnostics(msg.log);
    const words = msg.ok ? null : msg.limit ? limitWords(msg.limit, msg.ms) : summaryWords(diagnostics);
    result = {
      ok: msg.ok, wasm: msg.ok ? msg.wasm : null, log: msg.log || (words ? words.text : ""), ms: msg.ms, diagnostics,
      summary: words ? words.text : "", summaryMsg: words ? words.msg : null, limit: msg.limit ?? null, std,
    };
    // A bound the compiler ran into is not kept: the next try compiles again.
    if (!msg.limit) this.programs.set(key, result);
    while (this.programs.size > CACHE_ENTRIES) this.programs.delete(this.programs.keys().next().value);
    return { ...result, wasm: result.wasm && result.wasm.slice(0), cached: false };
  }
}
