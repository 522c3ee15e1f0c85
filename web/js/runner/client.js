/**
 * The page's side of the runner (runner/frame.js has the protocol): a user's
 * program runs only in a sandboxed frame at an opaque origin, never in a worker
 * of the site's origin.  This module makes that frame (<iframe sandbox=
 * "allow-scripts" srcdoc>, never allow-same-origin), talks to it over one
 * MessageChannel port, hands it the runtime's files (which the page reads through
 * the service worker, so the runner works offline), and takes from it only a
 * well-formed reply to the run it started: its own unguessable id, a known
 * status, bounded sizes; anything else is dropped.  Where the isolation cannot be
 * had (the frame reports it can reach the site, the page is framed by another
 * site, the browser lacks sandboxed frames) running code is refused with a
 * message: there is no same-origin fallback.
 *
 *   const runner = new Runner({ onState });   // onState(state, detail, reason): "booting" | "ready" | "running" | "failed"
 *   // (detail: why it failed, in English; reason: the same as a catalog message, when the page has one)
 *   await runner.boot();                      // rejects with the reason when code cannot run here
 *   const r = await runner.run(code, input, { timeLimitMs, memoryLimitMb, onStart, language: "python",
 *     packages: ["py_engines"], onProgress });   // packages: the engine's wheel installed for the run;
 *   // onProgress(positions): the program's progress(n) (module pixel_judge_runner), ~10 a second at most
 *   // r: {status, exitCode, stdout, stderr, ms, stdoutBytes, stdoutTail, peakBytes}; never rejects;
 *   // status "ok" | "exit" | "error" | "time" | "memory" | "output" | "cancelled" | "failed"
 *   // ("memory": the program passed memoryLimitMb, 256 by default, and was stopped; peakBytes:
 *   // the most memory the runner counted for it, frame.js says how)
 *   runner.cancel();
 */
import { sha256Hex } from "../util/bytes.js";

/** A run's stdout limit in bytes, as judges allow. */
export const OUTPUT_LIMIT = 64 * 1024 * 1024;
/** A run's memory limit when the caller gives none, in MB (as judges' 256 MB). */
export const MEMORY_LIMIT_MB = 256;
const PROTOCOL = 1;
const HELLO_MS = 15_000;       // the frame answers at once; no answer means its script was refused
const GRACE_MS = 2_000;        // past the time limit (or a cancel) before the frame itself is removed
const FRAME_SCRIPT = new URL("./frame.js", import.meta.url);
const SITE = new URL("../../", import.meta.url);
const STATUSES = ["ok", "exit", "error", "time", "memory", "output", "cancelled", "failed"];
const LOCK_FILE = "pyodide-lock.json";
/** Each language's worker script and the files its worker boots with (name -> site path). */
export const RUNTIMES = {
  python: {
    worker: "js/runner/python-worker.js",
    files: { "pyodide.asm.wasm": "pyodide/pyodide.asm.wasm", "python_stdlib.zip": "pyodide/python_stdlib.zip",
      "pyodide-lock.json": "wheels/pyodide-lock.json" },
    // Packages a run may ask for: runtime file -> its package in the site's lock file.
    packages: { "py_engines.whl": "py-engines" },
  },
  // C++ compiled to WebAssembly (js/cpp/): the program comes with each run.
  wasi: { worker: "js/cpp/wasi-worker.js", files: {} },
};

/** The runner refuses to run code: the isolation it needs cannot be had here. */
export class IsolationError extends Error {
  /**
   * @param {string} message  in English (the hook's stderr, the console)
   * @param {string} msgId  the reader's words: a catalog key (ui.runner.*)
   */
  constructor(message, msgId) {
    super(message);
    this.msgId = msgId;
  }
}

/**
 * A failure's words for the reader: its catalog key as a message, or null.
 * @param {unknown} err
 * @returns {{id: string, params: {}} | null}
 */
export function reasonOf(err) {
  return err instanceof IsolationError ? { id: err.msgId, params: {} } : null;
}

/**
 * A run's outcome (never a rejection).
 * @typedef {object} RunResult
 * @property {"ok" | "exit" | "error" | "time" | "memory" | "output" | "cancelled" | "failed" | "compile"} status
 * @property {number | null} exitCode
 * @property {string} stdout
 * @property {string} stderr
 * @property {{id: string, params: {}} | null} [reason]  a failure's words for the reader (a catalog message)
 * @property {{id: string, params: Record<string, string | number>} | null} [why]  an "error"'s reason, the same (C++ runs)
 * @property {number} ms
 * @property {number} [stdoutBytes]
 * @property {string} [stdoutTail]
 * @property {number} [peakBytes]  the most memory the runner counted for the program (0 when it did not run)
 */

/**
 * How to run: the time limit, the memory limit (MB, 256 by default), onStart(limitMs)
 * when the program really starts, the language ("python", or "wasi" with the
 * compiled `program`, transferred), the packages to install for it (python:
 * "py_engines"), onProgress(positions) for the program's progress(n).
 * @typedef {{ timeLimitMs?: number, memoryLimitMb?: number, onStart?: (limitMs: number) => void, language?: string,
 *   program?: ArrayBuffer | null, packages?: string[], onProgress?: (positions: number) => void }} RunOptions
 */

/** The page's side of the opaque-origin runner. */
export class Runner {
  /** @param {{ onState?: (state: "booting" | "ready" | "running" | "failed", detail?: string, reason?: {id: string, params: {}} | null) => void }} [options] */
  constructor({ onState = () => {} } = {}) {
    this.onState = onState;
    this.frame = null;
    this.port = null;
    this.booted = null;      // a promise: the frame is up and the python runtime ready
    this.languages = new Map();   // language -> {state, ready: Promise}
    this.current = null;     // {id, resolve, limitMs, onStart, timer}
    this.ready = false;
    this.boots = [];         // {ms, phases} of the last fresh workers' boots (the benchmark reads them)
    this.bootCount = 0;      // every fresh worker booted so far (boots keeps only the last 50)
    this.setupMs = 0;        // what the last run's worker spent before its program (installing packages)
  }

  get running() {
    return Boolean(this.current);
  }

  // Makes the frame and the Python runtime; resolves when a run can start at once.
  boot(language = "python") {
    if (!this.booted) {
      this.onState("booting");
      this.booted = this.connect();
      this.booted.catch((err) => {
        this.onState("failed", err.message, reasonOf(err));
        this.teardown();
      });
    }
    return this.booted.then(() => this.runtime(language));
  }

  async connect() {
    refuseUnlessIsolatable();
    const script = await (await fetch(FRAME_SCRIPT)).text();
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
    const hash = btoa(String.fromCharCode(...digest));
    // The frame's own policy, on top of the page's (which it inherits): no network,
    // scripts only its own, workers only from data: URLs.
    const policy = `default-src 'none'; script-src 'sha256-${hash}' 'wasm-unsafe-eval'; worker-src data:; `
      + "connect-src 'none'; base-uri 'none'; form-action 'none'";
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.hidden = true;
    frame.title = "Code runner";
    frame.dataset.testid = "runner-frame";
    frame.srcdoc = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}">`
      + `<title>runner</title><script>${script}</script>`;
    const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
    document.body.append(frame);
    this.frame = frame;
    await loaded;
    if (sameOrigin(frame)) throw new IsolationError("the code runner is not isolated from the site (its frame is same-origin)", "ui.runner.not_isolated");
    const channel = new MessageChannel();
    this.port = channel.port1;
    const hello = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new IsolationError("the code runner did not start (its script was refused: this host may alter the site's files)",
        "ui.runner.refused")), HELLO_MS);
      this.port.onmessage = (event) => {
        const msg = event.data;
        if (!msg || msg.type !== "hello") return;
        clearTimeout(timer);
        resolve(msg);
      };
    });
    frame.contentWindow.postMessage({ type: "pixel-judge-runner/connect", protocol: PROTOCOL }, "*", [channel.port2]);
    const reply = await hello;
    const isolation = reply.isolation && typeof reply.isolation === "object" ? reply.isolation : {};
    const open = ["localStorage", "indexedDB", "caches", "parent"].filter((name) => isolation[name] !== "blocked");
    if (reply.protocol !== PROTOCOL || reply.origin !== "null" || open.length) {
      throw new IsolationError(`the code runner is not isolated from the site (origin ${String(reply.origin).slice(0, 80)}`
        + `${open.length ? `; it reaches ${open.join(", ")}` : ""})`, "ui.runner.not_isolated");
    }
    this.port.onmessage = (event) => this.receive(event.data);
  }

  // Hands a language's runtime to the frame once; resolves when it is ready.
  runtime(language) {
    const known = this.languages.get(language);
    if (known) return known.ready;
    const spec = RUNTIMES[language];
    if (!spec) return Promise.reject(new Error(`no runner for ${language}`));
    const entry = { state: "booting", resolve: null, reject: null, ready: null };
    entry.ready = new Promise((resolve, reject) => { entry.resolve = resolve; entry.reject = reject; });
    entry.ready.catch(() => {});
    this.languages.set(language, entry);
    (async () => {
      const fetchBytes = async (path) => {
        const response = await fetch(new URL(path, SITE));
        if (!response.ok) throw new Error(`could not load ${path} (HTTP ${response.status})`);
        return response.arrayBuffer();
      };
      const worker = await fetchBytes(spec.worker);
      const files = {};
      for (const [name, path] of Object.entries(spec.files)) files[name] = await fetchBytes(path);
      for (const [name, wanted] of Object.entries(spec.packages || {})) {
        const wheel = await lockedWheel(files[LOCK_FILE], wanted, fetchBytes);
        if (wheel) files[name] = wheel;
      }
      this.port.postMessage({ type: "runtime", language, worker, files }, [worker, ...Object.values(files)]);
    })().catch((err) => this.runtimeState(language, "failed", err.message));
    return entry.ready;
  }

  runtimeState(language, state, message) {
    const entry = this.languages.get(language);
    if (!entry) return;
    entry.state = state;
    if (state === "ready") {
      entry.resolve();
      if (language === "python") this.ready = true;
      if (!this.current) this.onState("ready");
    } else if (state === "failed") {
      entry.reject(new Error(`the ${language} runtime failed to start: ${message}`));
      this.onState("failed", message);
    }
  }

  receive(msg) {
    if (!msg || typeof msg !== "object") return;
    if (msg.type === "state" && typeof msg.language === "string" && ["booting", "ready", "failed"].includes(msg.state)) {
      if (msg.boot && Number.isFinite(msg.boot.ms)) {
        this.boots = [...this.boots.slice(-49), { ms: msg.boot.ms, phases: msg.boot.phases }];
        this.bootCount += 1;
      }
      this.runtimeState(msg.language, msg.state, String(msg.message || "").slice(0, 500));
      return;
    }
    const entry = this.current;
    if (!entry || msg.id !== entry.id) return;   // not the run this page started
    if (msg.type === "started" && !entry.started) {
      entry.started = performance.now();
      this.setupMs = Number.isFinite(msg.setupMs) ? msg.setupMs : 0;
      entry.timer = setTimeout(() => this.abandon(entry, "time"), entry.limitMs + GRACE_MS);
      this.onState("running");
      entry.onStart(entry.limitMs);
    } else if (msg.type === "progress" && entry.started) {
      if (Number.isSafeInteger(msg.positions) && msg.positions >= 0) entry.onProgress(msg.positions);
    } else if (msg.type === "result") {
      const result = wellFormed(msg, entry);
      if (result) this.settle(entry, result);
    }
  }

  // Runs `code` with `input` on stdin.  onStart(limitMs) fires when the program
  // really starts (after any boot), so a countdown does not count the boot.
  // For language "wasi", `program` is the compiled program (an ArrayBuffer, transferred).
  /**
   * @param {string} code
   * @param {string} input
   * @param {RunOptions} [options]
   * @returns {Promise<RunResult>}
   */
  async run(code, input, { timeLimitMs = 2000, memoryLimitMb = MEMORY_LIMIT_MB, onStart = () => {}, language = "python",
    program = null, packages = [], onProgress = () => {} } = {}) {
    if (this.current) this.cancel();
    const ticket = this.waiting = (this.waiting || 0) + 1;
    try {
      await this.boot(language);
    } catch (err) {
      return outcome("failed", { stderr: err.message, reason: reasonOf(err) });
    }
    // Cancelled while the runner was still starting.
    if (this.waiting !== ticket) return outcome("cancelled");
    const id = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
    return new Promise((resolve) => {
      this.current = { id, resolve, limitMs: timeLimitMs, onStart, onProgress, timer: 0, started: 0 };
      this.port.postMessage({ type: "run", id, language, input: String(input), code: String(code), program,
        packages: [...packages],
        limits: { timeMs: timeLimitMs, outputBytes: OUTPUT_LIMIT, memoryBytes: memoryBytes(memoryLimitMb) } },
      program ? [program] : []);
    });
  }

  settle(entry, result) {
    if (this.current !== entry) return;
    clearTimeout(entry.timer);
    this.current = null;
    this.onState(this.frame ? "ready" : "failed", this.frame ? undefined : "the code runner was stopped");
    entry.resolve(result);
  }

  // The frame did not end a run it was told to end: it goes, with its workers.
  abandon(entry, status) {
    if (this.current !== entry) return;
    this.teardown();
    this.settle(entry, outcome(status));
    this.onState("booting");
    this.boot().catch(() => {});
  }

  teardown() {
    if (this.frame) this.frame.remove();
    if (this.port) this.port.close();
    this.frame = null;
    this.port = null;
    this.booted = null;
    this.languages.clear();
    this.ready = false;
  }

  // Stops the running program; its run resolves as "cancelled".
  cancel() {
    this.waiting = (this.waiting || 0) + 1;   // a run still waiting for the boot gives up
    const entry = this.current;
    if (!entry) return;
    this.port.postMessage({ type: "cancel", id: entry.id });
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => this.abandon(entry, "cancelled"), GRACE_MS);
    // The run ends now for the page; the frame's "cancelled" result or the grace timer clears it.
    const resolve = entry.resolve;
    entry.resolve = () => {};
    resolve(outcome("cancelled"));
  }
}

/**
 * A package's wheel, as the site's lock file names it (`file_name` under wheels/, read
 * like the other runtime files: through the service worker, which serves only
 * verified bytes), checked against the lock file's SHA-256; null (with a warning) when
 * the lock file has no such package or the bytes differ: runs that ask for it then fail.
 * @param {ArrayBuffer} lockBytes
 * @param {string} name
 * @param {(path: string) => Promise<ArrayBuffer>} fetchBytes
 * @returns {Promise<ArrayBuffer | null>}
 */
async function lockedWheel(lockBytes, name, fetchBytes) {
  const lock = JSON.parse(new TextDecoder().decode(lockBytes));
  const entry = lock && lock.packages ? lock.packages[name] : null;
  const file = entry && typeof entry.file_name === "string" ? entry.file_name : "";
  if (!/^([\w-]+\/)?[\w.+-]+\.whl$/.test(file) || file.includes("..")) {
    console.warn(`the site's lock file names no wheel for ${name}`);
    return null;
  }
  const bytes = await fetchBytes(`wheels/${file}`);
  if (await sha256Hex(new Uint8Array(bytes)) !== entry.sha256) {
    console.warn(`${file} does not match the lock file's SHA-256`);
    return null;
  }
  return bytes;
}

function outcome(status, fields = {}) {
  return { status, exitCode: null, stdout: "", stderr: "", ms: 0, stdoutBytes: 0, stdoutTail: "", peakBytes: 0, ...fields };
}

// A memory limit in MB as bytes: a positive number, else the default.
function memoryBytes(mb) {
  const limit = Number(mb);
  return Math.round((Number.isFinite(limit) && limit > 0 ? limit : MEMORY_LIMIT_MB) * 1024 * 1024);
}

// A result the page believes: its run's id (already checked), a known status,
// strings, sizes within the output limit, a time within the run's limit.
function wellFormed(msg, entry) {
  const strings = ["stdout", "stderr", "stdoutTail"].every((key) => typeof msg[key] === "string");
  const ms = Number(msg.ms);
  if (!STATUSES.includes(msg.status) || !strings || msg.stdout.length > OUTPUT_LIMIT
      || msg.stderr.length > 4 * 1024 * 1024 || msg.stdoutTail.length > 1024 * 1024
      || !(ms >= 0 && ms <= entry.limitMs + GRACE_MS)) {
    console.warn("the code runner sent a malformed result; it was dropped");
    return null;
  }
  return { status: msg.status, exitCode: Number.isSafeInteger(msg.exitCode) ? msg.exitCode : null, stdout: msg.stdout,
    stderr: msg.stderr, ms, stdoutBytes: Number.isSafeInteger(msg.stdoutBytes) ? msg.stdoutBytes : msg.stdout.length,
    stdoutTail: msg.stdoutTail, why: msg.status === "error" ? runWhy(msg.why) : null,
    peakBytes: Number.isSafeInteger(msg.peakBytes) && msg.peakBytes >= 0 ? msg.peakBytes : 0 };
}

/**
 * A runtime error's reason as the runner sent it, believed only as a catalog message of
 * the runner's own (ui.cpp.run.*, or a "raw" text) with a few short texts and numbers.
 * @param {unknown} why
 * @returns {{id: string, params: Record<string, string | number>} | null}
 */
export function runWhy(why) {
  if (!why || typeof why !== "object") return null;
  const { id, params } = /** @type {{id?: unknown, params?: unknown}} */ (why);
  if (typeof id !== "string" || !/^(ui\.cpp\.run\.[a-z_]{1,40}|raw)$/.test(id) || !params || typeof params !== "object") return null;
  const entries = Object.entries(params);
  const fine = entries.length <= 4 && entries.every(([name, value]) => /^[a-z_]{1,20}$/.test(name)
    && ((typeof value === "string" && value.length <= 2000) || (typeof value === "number" && Number.isFinite(value))));
  return fine ? { id, params: Object.fromEntries(entries) } : null;
}

function sameOrigin(frame) {
  try {
    return Boolean(frame.contentWindow.document);
  } catch {
    return false;
  }
}

// Conditions the page can see before it makes the frame.
function refuseUnlessIsolatable() {
  if (window.top !== window.self) {
    throw new IsolationError("running code is turned off in a page shown inside another page's frame: open Pixel Judge in a tab of its own",
      "ui.runner.framed");
  }
  if (!("sandbox" in HTMLIFrameElement.prototype) || typeof MessageChannel !== "function") {
    throw new IsolationError("this browser cannot isolate your code from the site (no sandboxed frames): running code is turned off",
      "ui.runner.no_sandbox");
  }
}
