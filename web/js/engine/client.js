// Talks to the engine worker: boot bytes and stages, request ids, progress, and
// Cancel.  Cancel writes 2 into Pyodide's interrupt buffer when the page is
// cross-origin isolated (Python raises KeyboardInterrupt within milliseconds);
// otherwise it terminates the worker and boots a fresh one.  Once the engine has
// booted the normal way and sat idle for a moment, a background worker makes the
// memory snapshot the next visit boots from (snapshot-worker.js); the page itself
// stores it in Cache Storage and records its SHA-256 and sizes in its local
// storage, where no worker (and nothing at another origin) can write.  Every
// engine worker gets that record first and boots from the stored snapshot only
// if it matches (pyodide-boot.js); a worker that finds it damaged reports the
// "fallback" boot, and the page forgets the record and makes a fresh snapshot.

/**
 * A bridge request (py_engines/bridge.py): `cmd` and its fields.
 * @typedef {{ cmd: string, [field: string]: unknown }} Request
 */

/**
 * What went wrong, in the bridge's terms: the error's type ("InvalidInput",
 * "Cancelled", "EngineUnavailable", ...), its English message, and where in the
 * input (1-based line and column, the offending token) when it is the input's.
 * @typedef {object} EngineError
 * @property {string} type
 * @property {string} message
 * @property {number | null} [line]
 * @property {number | null} [column]
 * @property {string | null} [token]
 * @property {object} [msg]  the located message (catalog key and parameters)
 */

/**
 * The bridge envelope: {ok: true, ...the command's fields} or {ok: false, error}.
 * @typedef {{ ok: true, [field: string]: any } | { ok: false, error: EngineError }} Reply
 */

/**
 * A solve's reply: the whole answer, a summary per case, the frames of one case.
 * @typedef {object} SolveReply
 * @property {true} ok
 * @property {string} game
 * @property {string} answer
 * @property {{ label: string, answer: string }[]} cases
 * @property {number} case
 * @property {import("../stage/types.js").Frame[]} frames
 * @property {{ ms?: number, nodes?: number }} stats
 */

/**
 * What the worker posts to the page.
 * @typedef {{ type: "bytes", loaded: number, total: number }
 *   | { type: "stage", stage: Stage, ms: number, boot?: Boot, snapshotError?: string,
 *       marks?: { origin: number, at: Record<string, number> } }
 *   | { type: "failed", message: string, file?: string }
 *   | { type: "progress", id: number, data: Record<string, number> }
 *   | { type: "reply", id: number, reply: string }} WorkerMessage
 */

/** @typedef {"runtime" | "engine" | "ready" | "failed"} Stage */
/** @typedef {"snapshot" | "normal" | "fallback"} Boot */

/**
 * @typedef {object} ClientOptions
 * @property {(stage: Stage, ms: number, message?: string) => void} [onStage]
 * @property {(loaded: number, total: number) => void} [onBytes]  the runtime's download
 * @property {boolean} [snapshots]  make the memory snapshot once idle (the page's client)
 */

import { sha256Hex } from "../util/bytes.js";

const WORKER_URL = new URL("./worker.js", import.meta.url);
const SNAPSHOT_WORKER_URL = new URL("./snapshot-worker.js", import.meta.url);
const SNAPSHOT_IDLE_MS = 1500;
const SNAPSHOT_RECORD = "pixelJudge.snapshot.v1";
// One snapshot per page, whichever client (the page's, or an Explore pool's) asks first.
/** @type {{ state: "none" | "waiting" | "making" | "stored" | "failed", detail: unknown }} */
const snapshotJob = { state: "none", detail: null };

// The first worker starts booting Pyodide before the rest of the page: index.html's
// inline head script (early-solve.js) starts it and keeps its messages, else (the
// embed, or no such script) this module does, which both pages load first; its
// messages wait here until a client takes it.
/** @type {{ worker: Worker, messages: WorkerMessage[] } | undefined} */
const fromHead = /** @type {any} */ (globalThis).__pixelJudgeEngine;
delete (/** @type {any} */ (globalThis)).__pixelJudgeEngine;
/** @type {Worker | null} */
let early;
/** @type {WorkerMessage[]} */
let earlyMessages;
if (fromHead && fromHead.worker instanceof Worker && Array.isArray(fromHead.messages)) {
  ({ worker: early, messages: earlyMessages } = fromHead);
} else {
  early = startWorker();
  earlyMessages = [];
  early.onmessage = (event) => earlyMessages.push(event.data);
}

function startWorker() {
  performance.mark("page:worker");
  const worker = new Worker(WORKER_URL, { type: "module" });
  worker.postMessage({ type: "snapshot-record", record: snapshotRecord() });
  return worker;
}

/**
 * The page's record of the snapshot it stored, or null.
 * @returns {{ id: string, sha256: string, packed: number, raw: number } | null}
 */
export function snapshotRecord() {
  try {
    const record = JSON.parse(localStorage.getItem(SNAPSHOT_RECORD) || "null");
    return record && typeof record === "object" ? record : null;
  } catch {
    return null;
  }
}

function forgetSnapshot() {
  try { localStorage.removeItem(SNAPSHOT_RECORD); } catch { /* storage off: nothing recorded */ }
}

// Stores what the snapshot worker made ({cache, url, key, packed, raw}) and records
// its hash; the record is written last, so a half-stored snapshot is never trusted.
/** @param {{ cache: string, url: string, key: string, packed: ArrayBuffer, raw: number }} made */
async function storeSnapshot({ cache: name, url, key, packed, raw }) {
  const sha256 = await sha256Hex(packed);
  forgetSnapshot();
  await caches.delete(name);
  const cache = await caches.open(name);
  await cache.put(url, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
  localStorage.setItem(SNAPSHOT_RECORD, JSON.stringify({ id: key, sha256, packed: packed.byteLength, raw }));
  return { stored: packed.byteLength, raw };
}

/** The page's (or an Explore pool's) engine: one worker, one request at a time each. */
export class EngineClient {
  /** @param {ClientOptions} [options] */
  constructor({ onStage = () => {}, onBytes = () => {}, snapshots = true } = {}) {
    this.onStage = onStage;
    this.onBytes = onBytes;
    this.snapshots = snapshots;
    // How the engine booted ("snapshot", "normal", or "fallback" after an unusable
    // snapshot) and the snapshot's state ("none", "making", "stored", "failed").
    /** @type {Boot | null} */
    this.boot = null;
    /** @type {string | null} why a stored snapshot was refused */
    this.snapshotError = null;
    /** @type {string | null} the file a failed boot could not download */
    this.failedFile = null;
    /** @type {Record<string, number> | null} when each phase of the last boot ended (ms from navigation) */
    this.marks = null;
    /** @type {Stage} */
    this.stage = "runtime";
    this.nextId = 1;
    /** @type {Map<number, { resolve: (reply: Reply) => void, onProgress: (data: Record<string, number>) => void }>} */
    this.pending = new Map();
    this.isolated = Boolean(globalThis.crossOriginIsolated && globalThis.SharedArrayBuffer);
    /** @type {Int32Array | null} */
    this.interrupt = null;
    this.start();
  }

  start() {
    const adopted = early;
    early = null;
    this.worker = adopted || startWorker();
    this.interrupt = this.isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    /** @type {(value?: void) => void} */
    let resolveReady = () => {};
    /** @type {(err: Error) => void} */
    let rejectReady = () => {};
    this.ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
    this.ready.catch(() => {});
    this.stage = "runtime";
    this.worker.onmessage = (event) => this.receive(event.data, resolveReady, rejectReady);
    if (adopted) for (const msg of earlyMessages.splice(0)) this.receive(msg, resolveReady, rejectReady);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.fail(`the engine worker failed: ${event.message || "unknown error"}`, rejectReady);
    };
    if (this.interrupt) this.worker.postMessage({ type: "interrupt", buffer: this.interrupt });
  }

  /**
   * @param {WorkerMessage} msg
   * @param {() => void} resolveReady
   * @param {(err: Error) => void} rejectReady
   */
  receive(msg, resolveReady, rejectReady) {
    if (msg.type === "bytes") {
      this.onBytes(msg.loaded, msg.total);
    } else if (msg.type === "stage") {
      this.stage = msg.stage;
      if (msg.stage === "ready") {
        this.boot = msg.boot || null;
        if (msg.snapshotError) this.snapshotError = msg.snapshotError;
        if (msg.marks) this.marks = onPageClock(msg.marks);
        // The worker deleted a snapshot that failed its checks: its record goes too.
        if (msg.boot === "fallback") forgetSnapshot();
      }
      this.onStage(msg.stage, msg.ms);
      if (msg.stage === "ready") {
        resolveReady();
        if (msg.boot !== "snapshot") this.scheduleSnapshot();
      }
    } else if (msg.type === "failed") {
      this.failedFile = msg.file || null;
      this.fail(msg.message, rejectReady);
    } else if (msg.type === "progress") {
      const entry = this.pending.get(msg.id);
      if (entry) entry.onProgress(msg.data);
    } else if (msg.type === "reply") {
      const entry = this.pending.get(msg.id);
      if (!entry) return;
      this.pending.delete(msg.id);
      entry.resolve(JSON.parse(msg.reply));
    }
  }

  /**
   * @param {string} message
   * @param {(err: Error) => void} rejectReady
   */
  fail(message, rejectReady) {
    this.stage = "failed";
    this.onStage("failed", 0, message);
    rejectReady(new Error(message));
    for (const [, entry] of this.pending) entry.resolve(errorReply("EngineUnavailable", message));
    this.pending.clear();
  }

  /**
   * Sends one bridge request; resolves to the reply envelope (never rejects).
   * @param {Request} request
   * @param {{ onProgress?: (data: Record<string, number>) => void }} [options]
   * @returns {Promise<Reply>}
   */
  async call(request, { onProgress = () => {} } = {}) {
    try {
      await this.ready;
    } catch (err) {
      return errorReply("EngineUnavailable", err instanceof Error ? err.message : String(err));
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, onProgress });
      this.worker.postMessage({ type: "call", id, request: JSON.stringify(request) });
    });
  }

  // Boots a fresh worker after a failed boot (the Retry button).
  retry() {
    this.worker.terminate();
    this.failedFile = null;
    this.onStage("runtime", 0);
    this.start();
    return this.ready.catch(() => {});
  }

  // Makes the memory snapshot in a worker of its own once this engine has been
  // idle for SNAPSHOT_IDLE_MS, so it never competes with a solve for long.
  get snapshot() {
    return snapshotJob.state;
  }

  scheduleSnapshot() {
    if (!this.snapshots || snapshotJob.state !== "none" || !globalThis.caches) return;
    snapshotJob.state = "waiting";
    let quietSince = performance.now();
    const check = () => {
      if (this.busy) quietSince = performance.now();
      if (performance.now() - quietSince < SNAPSHOT_IDLE_MS) {
        setTimeout(check, 250);
        return;
      }
      snapshotJob.state = "making";
      const maker = new Worker(SNAPSHOT_WORKER_URL, { type: "module" });
      /** @type {(state: "stored" | "failed", detail: unknown) => void} */
      const done = (state, detail) => {
        snapshotJob.state = state;
        snapshotJob.detail = detail;
      };
      maker.onmessage = (event) => {
        maker.terminate();
        const msg = event.data;
        if (msg.type !== "made") {
          done("failed", msg);
          return;
        }
        storeSnapshot(msg).then((sizes) => done("stored", { ...sizes, ms: msg.ms }),
          (err) => done("failed", { message: err.message }));
      };
      maker.onerror = (event) => { event.preventDefault(); maker.terminate(); done("failed", { message: event.message }); };
    };
    setTimeout(check, 250);
  }

  get busy() {
    return this.pending.size > 0;
  }

  // Stops the running request.  Resolves once the engine can take work again.
  cancel() {
    if (!this.busy) return Promise.resolve();
    if (this.interrupt) {
      Atomics.store(this.interrupt, 0, 2);
      return Promise.resolve();
    }
    this.worker.terminate();
    for (const [, entry] of this.pending) entry.resolve(errorReply("Cancelled", "cancelled"));
    this.pending.clear();
    this.onStage("runtime", 0);
    this.start();
    return this.ready.catch(() => {});
  }
}

/**
 * A worker's marks, moved to the page's clock (ms from its navigation).
 * @param {{ origin: number, at: Record<string, number> }} marks
 * @returns {Record<string, number>}
 */
function onPageClock({ origin, at }) {
  const shift = origin - performance.timeOrigin;
  return Object.fromEntries(Object.entries(at).map(([name, ms]) => [name, Math.round(ms + shift)]));
}

/**
 * @param {string} type
 * @param {string} message
 * @returns {Reply}
 */
function errorReply(type, message) {
  return { ok: false, error: { type, message, line: null, column: null } };
}
