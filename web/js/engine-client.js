// Talks to the engine worker: boot bytes and stages, request ids, progress, and
// Cancel.  Cancel writes 2 into Pyodide's interrupt buffer when the page is
// cross-origin isolated (Python raises KeyboardInterrupt within milliseconds);
// otherwise it terminates the worker and boots a fresh one.  Once the engine has
// booted the normal way and sat idle for a moment, a background worker makes the
// memory snapshot the next visit boots from (snapshot-worker.js).

const WORKER_URL = new URL("./engine-worker.js", import.meta.url);
const SNAPSHOT_WORKER_URL = new URL("./snapshot-worker.js", import.meta.url);
const SNAPSHOT_IDLE_MS = 1500;
// One snapshot per page, whichever client (the page's, or an Explore pool's) asks first.
const snapshotJob = { state: "none", detail: null };

// index.html loads this module before the rest of the page, so the first worker
// starts booting Pyodide at once; its messages wait here until a client takes it.
let early = new Worker(WORKER_URL, { type: "module" });
const earlyMessages = [];
early.onmessage = (event) => earlyMessages.push(event.data);

export class EngineClient {
  constructor({ onStage = () => {}, onBytes = () => {}, snapshots = true } = {}) {
    this.onStage = onStage;
    this.onBytes = onBytes;
    this.snapshots = snapshots;
    // How the engine booted ("snapshot", "normal", or "fallback" after an unusable
    // snapshot) and the snapshot's state ("none", "making", "stored", "failed").
    this.boot = null;
    this.nextId = 1;
    this.pending = new Map();
    this.isolated = Boolean(globalThis.crossOriginIsolated && globalThis.SharedArrayBuffer);
    this.interrupt = null;
    this.start();
  }

  start() {
    const adopted = early;
    early = null;
    this.worker = adopted || new Worker(WORKER_URL, { type: "module" });
    this.interrupt = this.isolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
    let resolveReady, rejectReady;
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

  receive(msg, resolveReady, rejectReady) {
    if (msg.type === "bytes") {
      this.onBytes(msg.loaded, msg.total);
    } else if (msg.type === "stage") {
      this.stage = msg.stage;
      if (msg.stage === "ready") {
        this.boot = msg.boot;
        if (msg.snapshotError) this.snapshotError = msg.snapshotError;
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

  fail(message, rejectReady) {
    this.stage = "failed";
    this.onStage("failed", 0, message);
    rejectReady(new Error(message));
    for (const [, entry] of this.pending) entry.resolve(errorReply("EngineUnavailable", message));
    this.pending.clear();
  }

  // Sends one bridge request; resolves to the reply envelope (never rejects).
  async call(request, { onProgress = () => {} } = {}) {
    try {
      await this.ready;
    } catch (err) {
      return errorReply("EngineUnavailable", err.message);
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
      const done = (state, detail) => {
        snapshotJob.state = state;
        snapshotJob.detail = detail;
        maker.terminate();
      };
      maker.onmessage = (event) => done(event.data.type === "stored" ? "stored" : "failed", event.data);
      maker.onerror = (event) => { event.preventDefault(); done("failed", { message: event.message }); };
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

function errorReply(type, message) {
  return { ok: false, error: { type, message, line: null, column: null } };
}
