// The page's side of the solution sandbox: boots its worker on first use, runs
// one solution at a time under a wall-clock time limit, and stops a run that
// passes the limit (or that the user cancels) by terminating the worker and
// booting a fresh one.  Never rejects: every run resolves to
//   {status: "ok" | "exit" | "error" | "time" | "cancelled" | "failed", stdout, stderr, ms}

const WORKER_URL = new URL("./sandbox-worker.js", import.meta.url);

export class Sandbox {
  constructor({ onState = () => {} } = {}) {
    this.onState = onState;   // (state, detail): "booting" | "ready" | "running" | "failed"
    this.worker = null;
    this.booted = null;
    this.current = null;      // {id, resolve, timer}
    this.nextId = 1;
    this.ready = false;       // Python is up and waiting for code
  }

  // Starts the worker if there is none; resolves when Python is ready.
  boot() {
    if (this.booted) return this.booted;
    this.onState("booting");
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    this.booted = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === "ready") {
          this.ready = true;
          this.onState("ready", msg.ms);
          resolve();
        } else if (msg.type === "failed") {
          this.onState("failed", msg.message);
          reject(new Error(msg.message));
        } else if (msg.type === "result") {
          this.finish(msg.id, msg);
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const message = `the sandbox failed: ${event.message || "unknown error"}`;
        this.onState("failed", message);
        reject(new Error(message));
        if (this.current) this.finish(this.current.id, { status: "failed", stdout: "", stderr: message, ms: 0 });
      };
    });
    this.booted.catch(() => { this.booted = null; });
    return this.booted;
  }

  get running() {
    return Boolean(this.current);
  }

  // Runs `code` with `input` on stdin.  onStart(limitMs) fires when the code
  // really starts (after any boot), so a countdown does not count the boot.
  async run(code, input, { timeLimitMs = 2000, onStart = () => {} } = {}) {
    if (this.current) await this.cancel();
    const ticket = this.waiting = (this.waiting || 0) + 1;
    try {
      await this.boot();
    } catch (err) {
      return { status: "failed", stdout: "", stderr: err.message, ms: 0 };
    }
    // Cancelled while the sandbox was still starting.
    if (this.waiting !== ticket) return { status: "cancelled", stdout: "", stderr: "", ms: 0 };
    const id = this.nextId++;
    return new Promise((resolve) => {
      const started = performance.now();
      const timer = setTimeout(() => {
        this.restart();
        resolve({ status: "time", stdout: "", stderr: "", ms: Math.round(performance.now() - started) });
      }, timeLimitMs);
      this.current = { id, resolve, timer };
      this.onState("running");
      onStart(timeLimitMs);
      this.worker.postMessage({ type: "run", id, code, input });
    });
  }

  finish(id, msg) {
    const entry = this.current;
    if (!entry || entry.id !== id) return;
    clearTimeout(entry.timer);
    this.current = null;
    if (msg.status === "fatal") {
      this.restart();
      msg = { ...msg, status: "error" };
    } else {
      this.onState("ready");
    }
    entry.resolve({ status: msg.status, stdout: msg.stdout, stderr: msg.stderr, ms: msg.ms });
  }

  // Terminates the worker (a running solution cannot be interrupted from
  // inside) and boots a fresh one in the background.
  restart() {
    if (this.current) clearTimeout(this.current.timer);
    this.current = null;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.booted = null;
    this.ready = false;
    this.boot().catch(() => {});
  }

  // Stops the running solution; its run resolves as "cancelled".
  async cancel() {
    this.waiting = (this.waiting || 0) + 1;   // a run still waiting for the boot gives up
    const entry = this.current;
    if (!entry) return;
    this.restart();
    entry.resolve({ status: "cancelled", stdout: "", stderr: "", ms: 0 });
  }
}
