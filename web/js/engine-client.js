// Talks to the engine worker: boot stages, request ids, progress, and Cancel.
// Cancel writes 2 into Pyodide's interrupt buffer when the page is cross-origin
// isolated (Python raises KeyboardInterrupt within milliseconds); otherwise it
// terminates the worker and boots a fresh one.

const WORKER_URL = new URL("./engine-worker.js", import.meta.url);

// index.html loads this module before the rest of the page, so the first worker
// starts booting Pyodide at once; its messages wait here until a client takes it.
let early = new Worker(WORKER_URL, { type: "module" });
const earlyMessages = [];
early.onmessage = (event) => earlyMessages.push(event.data);

export class EngineClient {
  constructor({ onStage = () => {} } = {}) {
    this.onStage = onStage;
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
    if (msg.type === "stage") {
      this.stage = msg.stage;
      this.onStage(msg.stage, msg.ms);
      if (msg.stage === "ready") resolveReady();
    } else if (msg.type === "failed") {
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
