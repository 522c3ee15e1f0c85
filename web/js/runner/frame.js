// The runner: where a user's program runs, at an opaque origin.  This script is
// the whole of a sandboxed frame (<iframe sandbox="allow-scripts" srcdoc>, made by
// runner/client.js; never allow-same-origin), allowed by its SHA-256 in the site's
// CSP.  It holds nothing of the site: from here and from the workers it starts,
// localStorage, indexedDB and Cache Storage throw, self.origin is "null", the
// site's own workers cannot be started, and its CSP allows no network at all
// (connect-src 'none'; workers only from data: URLs).  Each run gets a fresh
// worker (a fresh interpreter or program instance): nothing of one run survives
// into the next.  The page hands over every byte the runtime needs (it holds the
// verified cached files), so the runner works offline too.
//
// The frame itself only checks its isolation and starts the RUNNER WORKER (the
// function `runnerWorker` below, from a data: URL), hands it the page's port and
// does nothing more: the frame's thread may be the page's, and starting a run's
// worker (a 1.7 MB script, a 31 MB snapshot) would stall it.  The runner worker
// starts one nested worker per run and talks to the page over the port.
//
// PROTOCOL (version 1), language-agnostic.  The page makes a MessageChannel and
// posts one port to this frame's window:
//   window message  {type: "pixel-judge-runner/connect", protocol: 1}, transfer [port]
// (accepted once, from the parent window only).  Everything else goes over the port.
//
// Page -> runner:
//   {type: "runtime", language, worker: ArrayBuffer, files: {name: ArrayBuffer}}
//       Once per language, buffers transferred.  `worker` is the language's worker
//       script (UTF-8 JavaScript, a module with no imports: build.py bundles what it
//       needs), started from a data: URL; `files` are handed to that worker at boot.
//       language "python": worker js/runner/python-worker.js (Pyodide bundled in),
//       files pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json, and the packages
//       a run may ask for (PACKAGES below: py_engines.whl, the engine's own wheel, as the
//       site's lock file names it): the runner keeps those apart from the boot files
//       and hands a copy to each run that asks for one (to the next run's spare
//       worker, installed ahead, when the last run asked for it).
//       language "wasi" (C++ compiled to WebAssembly, issue 21): a worker with a WASI
//       preview1 shim; see WORKER PROTOCOL for what it must do.
//   {type: "run", id, language, input, code?, program?, packages?, limits: {timeMs, outputBytes, memoryBytes}}
//       id: the page's unguessable run id (32 hex digits), echoed in every reply.
//       input: stdin (a string).  code: the source text (python).  program: an
//       ArrayBuffer (wasi: the .wasm bytes, transferred).  memoryBytes: the program's
//       memory limit (256 MB when it is missing).  packages: names from the
//       language's fixed list (python: ["py_engines"], the game lab's driver; anything
//       else fails the run), installed in the run's fresh interpreter before its
//       first instruction.  One run at a time: a run sent while another is running
//       cancels the first.
//   {type: "cancel", id}
//       Stops that run at once (its worker is terminated); it ends "cancelled".
//
// Runner -> page:
//   {type: "hello", protocol: 1, origin, isolation: {localStorage, indexedDB, caches, parent}}
//       Sent once on connect: origin is the runner's self.origin ("null") and each
//       isolation entry "blocked" when that reach of the site is closed to the frame
//       and to the runner worker.
//   {type: "state", language, state: "booting" | "ready" | "failed", message, boot}
//       The language's runtime: booting (the first boot, which also makes its
//       memory snapshot), ready (a fresh worker waits for the next run), failed.
//       boot (with "ready"): {ms, phases} of that worker's boot, for the benchmark.
//   {type: "started", id, setupMs}
//       The program starts now: the page's countdown starts here, not at boot.
//       setupMs: what the worker spent on the run before it (installing packages).
//   {type: "progress", id, positions}
//       A running program's count (a non-negative safe integer), from the
//       pixel_judge_runner module's progress(n) (the lab's search calls it); at most
//       ~10 a second.  Any program may call it: it only sends the page a number.
//   {type: "result", id, status, exitCode, stdout, stderr, ms, stdoutBytes, stdoutTail, why, peakBytes}
//       why: with "error", its reason as a catalog message ({id, params}) when the
//       language's worker gave one (C++), else null.  status: "ok" | "exit" (a non-zero exit code) | "error" (an exception, a
//       trap) | "time" (stopped at limits.timeMs) | "memory" (the program passed
//       limits.memoryBytes: stopped there, or it failed for want of memory) | "output" (more than
//       limits.outputBytes of stdout: output limit exceeded, the program stopped
//       there) | "cancelled" | "failed" (the runner itself could not run it).
//       exitCode: a number or null.  ms: the program's wall time, from the start its
//       worker reported before the program's first instruction to its end (a program
//       that forges its own result can only make its time shorter).  stdout: the
//       whole output, except after "output", when it is the first 256 KB and
//       stdoutTail the last 256 KB before the limit ("" otherwise); stdoutBytes: the
//       bytes it wrote (up to the limit).  stderr: at most the first and last 256 KB,
//       joined by a line saying how much was left out.  peakBytes: the most memory
//       counted for the program (its worker's count; 0 when it did not run).
//
// WORKER PROTOCOL (runner worker <-> a language worker, one per run; the worker is
// untrusted once the program starts, so the runner accepts one "ready", one
// "started" and one result, each checked, and terminates the worker after every run):
//   runner -> worker {type: "boot", files, module, snapshot, makeSnapshot, packages}
//                      files: the runtime's files (transferred: lent, not copied),
//                      without its .wasm file, which the runner compiled once into
//                      `module` (a WebAssembly.Module, or null); snapshot: a memory
//                      snapshot to start from (lent too; null for the first boot);
//                      makeSnapshot: make one instead of waiting for a run; packages:
//                      {name: ArrayBuffer} to install before "ready" (those the last run asked for)
//                    {type: "run", input, code, program, packages, limits}
//                      packages: {name: ArrayBuffer | true} (a copy, transferred; true: installed
//                      at boot); the worker removes what it installed at boot that is not named
//   worker -> runner {type: "snapshot", bytes, files}  (after a makeSnapshot boot; a runtime
//                                                without snapshots answers "ready")
//                    {type: "ready", files, snapshot, phases}  (booted, waiting for its run;
//                                                it gives back what it was lent, before any
//                                                program ran; phases: where its boot's time
//                                                went, {name: ms}, for the bench)
//                    {type: "started", at, setupMs}  (just before the program's first
//                                                instruction; at: performance.timeOrigin
//                                                + performance.now())
//                    {type: "progress", positions}  (from the program's progress(n); only
//                                                a non-negative safe integer is passed on,
//                                                at most one per 90 ms)
//                    {type: "result", at, status, exitCode, stdout, stderr, stdoutBytes, stdoutTail, peakBytes}
//                      (status "ok" | "exit" | "error" | "memory" | "output"; strings decoded as UTF-8)
//                    {type: "failed", message}  (believed only before "started": once the
//                      program runs, anything but its one result is the program's doing, and
//                      a "failed" then ends the run as an "error" whose stderr is the message)
//   A worker must keep stdout to limits.outputBytes (reporting "output" as soon as a
//   write would pass it), keep stderr short, and, in WebKit, call into JavaScript now
//   and then while the program runs: JavaScriptCore acts on terminate() only there
//   (a worker spinning in pure WebAssembly survives it).  Pyodide does this when an
//   interrupt buffer is set; a WASI worker can do it in its clock or I/O imports, or
//   by an import the compiler calls at loop heads.
(() => {
  "use strict";
  const PROTOCOL = 1;
  let connected = false;

  addEventListener("message", async (event) => {
    const msg = event.data;
    if (connected || event.source !== parent || !msg || msg.type !== "pixel-judge-runner/connect"
        || msg.protocol !== PROTOCOL || !event.ports[0]) return;
    connected = true;
    const port = event.ports[0];
    const frameProbes = await probes({
      localStorage: () => localStorage.length,
      indexedDB: () => indexedDB.open("pixel-judge-probe"),
      caches: () => caches.keys(),
      parent: () => parent.document.title,
    });
    const runner = new Worker(dataUrl(`(${runnerWorker.toString()})();\n`), { type: "module" });
    runner.onerror = (e) => {
      e.preventDefault();
      port.postMessage({ type: "hello", protocol: PROTOCOL, origin: null, isolation: {}, message: "the runner worker failed to start" });
    };
    runner.postMessage({ type: "connect", protocol: PROTOCOL, frameProbes }, [port]);
  });

  // Each name -> "blocked" when its probe throws (or rejects), "open" otherwise.
  async function probes(tests) {
    const out = {};
    for (const [name, test] of Object.entries(tests)) {
      try {
        await test();
        out[name] = "open";
      } catch {
        out[name] = "blocked";
      }
    }
    return out;
  }

  function dataUrl(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return `data:text/javascript;base64,${btoa(binary)}`;
  }

  // ---------------------------------------------------------------- the runner worker
  // Runs in a worker of its own (started above from its source text): everything
  // it needs is inside it.
  function runnerWorker() {
    const LANGUAGES = ["python", "wasi"];
    // The packages a run may ask for, each language's: name -> its runtime file.
    const PACKAGES = { python: { py_engines: "py_engines.whl" }, wasi: {} };
    const PROGRESS_MS = 90;       // the least time between two progress messages passed on
    const PREVIEW_CHARS = 256 * 1024;
    const DEFAULT_MEMORY_BYTES = 256 * 1024 * 1024;
    const MAX_STDERR_CHARS = 2 * 1024 * 1024;
    const now = () => performance.timeOrigin + performance.now();
    const runtimes = new Map();   // language -> {url, files, module, snapshot, booted, spare, state, waiting}
    let port = null;
    let current = null;           // {id, language, worker, timer, startedAt, done}

    self.onmessage = async (event) => {
      const msg = event.data;
      if (port || !msg || msg.type !== "connect" || !event.ports[0]) return;
      port = event.ports[0];
      port.onmessage = (e) => receive(e.data);
      // Where the frame and this worker each stand: blocked only if blocked in both.
      // WebKit gives a worker at an opaque origin a Cache Storage of its own, empty
      // and unseen by any other worker: only one that holds something is the site's.
      const own = {
        indexedDB: await attempt(() => indexedDB.open("pixel-judge-probe")),
        caches: await attempt(async () => { if (!(await caches.keys()).length) throw new Error("empty"); }),
      };
      const isolation = { ...msg.frameProbes };
      for (const [name, state] of Object.entries(own)) if (state === "open") isolation[name] = "open";
      send({ type: "hello", protocol: msg.protocol, origin: self.origin, isolation });
    };

    async function attempt(test) {
      try {
        await test();
        return "open";
      } catch {
        return "blocked";
      }
    }

    function send(msg) {
      port.postMessage(msg);
    }

    function receive(msg) {
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "runtime" && LANGUAGES.includes(msg.language) && msg.worker instanceof ArrayBuffer
          && msg.files && typeof msg.files === "object") {
        addRuntime(msg.language, msg.worker, msg.files);
      } else if (msg.type === "run" && typeof msg.id === "string") {
        run(msg);
      } else if (msg.type === "cancel" && current && msg.id === current.id) {
        finish(current, { status: "cancelled" });
      }
    }

    const message = (err) => String(err && err.message ? err.message : err).slice(0, 2000);

    function setState(language, name, text = "", boot = null) {
      const runtime = runtimes.get(language);
      runtime.state = name;
      if (name !== "booting") for (const wake of runtime.waiting.splice(0)) wake();
      send({ type: "state", language, state: name, message: text, boot });
    }

    function addRuntime(language, workerBytes, files) {
      if (runtimes.has(language)) return;
      if (!Object.values(files).every((bytes) => bytes instanceof ArrayBuffer)) return;
      const runtime = { url: dataUrl(workerBytes), files: null, names: [], module: null, snapshot: null,
        booted: false, spare: null, state: "booting", waiting: [], packages: {}, expect: [] };
      // A package's file is no boot file: kept here, a copy goes with each run that asks for it.
      for (const [name, file] of Object.entries(PACKAGES[language])) {
        if (files[file] instanceof ArrayBuffer) runtime.packages[name] = files[file];
        delete files[file];
      }
      runtimes.set(language, runtime);
      setState(language, "booting");
      (async () => {
        const wasm = Object.keys(files).find((name) => name.endsWith(".wasm"));
        if (wasm) {
          runtime.module = await WebAssembly.compile(files[wasm]);
          delete files[wasm];
        }
        runtime.files = files;
        runtime.names = Object.keys(files).sort();
        runtime.snapshot = await makeSnapshot(runtime);
        runtime.booted = true;
        prepareSpare(language);
      })().catch((err) => setState(language, "failed", message(err)));
    }

    function dataUrl(bytes) {
      const view = new Uint8Array(bytes);
      let binary = "";
      for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
      return `data:text/javascript;base64,${btoa(binary)}`;
    }

    // A worker booting the runtime, lent its files and snapshot (no copies: the
    // runner's thread stays free); it gives them back when booted (takeBack).
    // A spare also installs (copies of) the packages the last run asked for: the next one likely will.
    function startWorker(runtime, { makeSnapshot = false, installed = [] } = {}) {
      const worker = new Worker(runtime.url, { type: "module" });
      const { files, snapshot } = runtime;
      runtime.files = null;
      runtime.snapshot = null;
      const packages = Object.fromEntries(installed.map((name) => [name, runtime.packages[name].slice(0)]));
      worker.postMessage({ type: "boot", files, module: runtime.module, snapshot, makeSnapshot, packages },
        [...Object.values(files), ...(snapshot ? [snapshot.buffer] : []), ...Object.values(packages)]);
      return { worker, snapshotBytes: snapshot ? snapshot.length : 0, installed };
    }

    // What a booted worker gives back, checked against what it was lent.
    function takeBack(runtime, msg, snapshotBytes) {
      const files = msg.files && typeof msg.files === "object" ? msg.files : {};
      const names = Object.keys(files).sort();
      if (names.join("/") !== runtime.names.join("/") || !names.every((n) => files[n] instanceof ArrayBuffer)) {
        throw new Error("a worker did not give back the runtime's files");
      }
      const snapshot = msg.snapshot === undefined ? msg.bytes : msg.snapshot;
      if (snapshotBytes && !(snapshot instanceof Uint8Array && snapshot.length === snapshotBytes)) {
        throw new Error("a worker did not give back the memory snapshot");
      }
      runtime.files = files;
      runtime.snapshot = snapshot instanceof Uint8Array ? snapshot : null;
    }

    // A first worker boots the runtime the slow way and hands back a memory snapshot
    // of it, taken before any program ran; every run's worker starts from it.
    function makeSnapshot(runtime) {
      return new Promise((resolve, reject) => {
        const { worker } = startWorker(runtime, { makeSnapshot: true });
        worker.onmessage = (event) => {
          const msg = event.data;
          worker.terminate();
          try {
            if (!msg || (msg.type !== "snapshot" && msg.type !== "ready")) {
              throw new Error(msg && msg.message ? String(msg.message) : "the runtime did not start");
            }
            takeBack(runtime, msg, 0);
            resolve(runtime.snapshot);
          } catch (err) {
            reject(err);
          }
        };
        worker.onerror = (event) => {
          event.preventDefault();
          worker.terminate();
          reject(new Error(event.message || "the runtime's worker failed to start"));
        };
      });
    }

    // The next run's worker, booted ahead so that a run starts at once.
    function prepareSpare(language) {
      const runtime = runtimes.get(language);
      if (!runtime || !runtime.booted || runtime.spare || !runtime.files || runtime.state === "failed") return;
      const started = now();
      const { worker, snapshotBytes, installed } = startWorker(runtime, { installed: runtime.expect });
      const spare = { worker, ready: false, installed };
      runtime.spare = spare;
      spare.worker.onmessage = (event) => {
        if (event.data && event.data.type === "ready" && !spare.ready) {
          try {
            takeBack(runtime, event.data, snapshotBytes);
          } catch (err) {
            dropSpare(runtime, spare);
            setState(language, "failed", message(err));
            return;
          }
          spare.ready = true;
          const phases = {};
          for (const [key, value] of Object.entries(event.data.phases || {})) if (Number.isFinite(value)) phases[key] = value;
          setState(language, "ready", "", { ms: now() - started, phases });
        } else {
          dropSpare(runtime, spare);
          setState(language, "failed", event.data && event.data.message ? String(event.data.message) : "the runtime did not start");
        }
      };
      spare.worker.onerror = (event) => {
        event.preventDefault();
        dropSpare(runtime, spare);
        setState(language, "failed", event.message || "the runtime's worker failed");
      };
    }

    function dropSpare(runtime, spare) {
      spare.worker.terminate();
      if (runtime.spare === spare) runtime.spare = null;
    }

    // A booted worker of `runtime` taken for a run, or null if the runtime failed
    // or the run ended while it waited.
    async function takeWorker(runtime, entry) {
      for (;;) {
        if (entry.done || runtime.state === "failed") return null;
        const spare = runtime.spare;
        if (spare && spare.ready) {
          runtime.spare = null;
          return spare;
        }
        await new Promise((wake) => runtime.waiting.push(wake));
      }
    }

    async function run(msg) {
      if (current) finish(current, { status: "cancelled" });
      const { id, language } = msg;
      const limits = msg.limits && typeof msg.limits === "object" ? msg.limits : {};
      const timeMs = Number(limits.timeMs);
      const outputBytes = Number(limits.outputBytes);
      const memoryBytes = Number(limits.memoryBytes) > 0 ? Number(limits.memoryBytes) : DEFAULT_MEMORY_BYTES;
      const entry = { id, language, worker: null, timer: 0, startedAt: 0, done: false, progressAt: 0 };
      current = entry;
      const fail = (text) => finish(entry, { status: "failed", stderr: text });
      const asked = msg.packages === undefined ? [] : msg.packages;
      if (!/^[0-9a-f]{32}$/.test(id) || !LANGUAGES.includes(language) || typeof msg.input !== "string"
          || !(timeMs > 0) || !(outputBytes > 0) || !Array.isArray(asked) || asked.length > 4
          || !asked.every((name) => typeof name === "string" && Object.hasOwn(PACKAGES[language], name))) {
        return fail("the runner got a malformed run");
      }
      const runtime = runtimes.get(language);
      if (!runtime) return fail(`no ${language} runtime was handed to the runner`);
      const missing = asked.find((name) => !runtime.packages[name]);
      if (missing) return fail(`no ${missing} package was handed to the runner`);
      runtime.expect = asked;
      const spare = await takeWorker(runtime, entry);
      if (!spare) return entry.done ? undefined : fail(`the ${language} runtime failed to start`);
      const { worker, installed } = spare;
      entry.worker = worker;
      let phase = "waiting";
      worker.onmessage = (event) => {
        const reply = event.data;
        if (entry.done || !reply || typeof reply !== "object") return;
        if (reply.type === "started" && phase === "waiting") {
          phase = "running";
          // The worker's clock, read before the program ran: the program cannot touch it.
          const at = Number(reply.at);
          entry.startedAt = at > 0 && at <= now() ? at : now();
          // A timer may fire a little early on a coarsened clock: the run is stopped
          // only once this clock says the limit has passed, so a "time" run's ms is
          // never under its limit.
          const atLimit = () => {
            const left = timeMs - (now() - entry.startedAt);
            if (left > 0) entry.timer = setTimeout(atLimit, Math.max(1, Math.ceil(left)));
            else finish(entry, { status: "time" });
          };
          entry.timer = setTimeout(atLimit, Math.max(0, Math.ceil(timeMs - (now() - entry.startedAt))));
          const setupMs = Number(reply.setupMs);
          send({ type: "started", id, setupMs: setupMs >= 0 && setupMs < 1e6 ? setupMs : 0 });
          // The next run's worker boots while this one runs.
          prepareSpare(language);
        } else if (reply.type === "progress" && phase === "running") {
          // The program's count, from its progress(n): a number, at most ~10 a second.
          const positions = reply.positions;
          if (Number.isSafeInteger(positions) && positions >= 0 && now() - entry.progressAt >= PROGRESS_MS) {
            entry.progressAt = now();
            send({ type: "progress", id, positions });
          }
        } else if (reply.type === "result" && phase === "running") {
          finish(entry, checked(reply, outputBytes));
        } else if (reply.type === "failed" && phase === "waiting") {
          fail(String(reply.message).slice(0, 2000));
        } else if (reply.type === "failed") {
          // Once the program runs, its worker speaks for the program: never in the runner's voice.
          finish(entry, { status: "error", exitCode: null, stderr: String(reply.message).slice(0, 2000) });
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        const text = String(event.message || "unknown error").slice(0, 2000);
        if (phase === "waiting") fail(`the runner's worker failed: ${text}`);
        else finish(entry, { status: "error", exitCode: null, stderr: text });
      };
      const program = msg.program instanceof ArrayBuffer ? msg.program : null;
      const packages = {};
      // true: the worker installed it at boot (and it removes what it installed that no one asked for).
      for (const name of asked) packages[name] = installed.includes(name) || runtime.packages[name].slice(0);
      worker.postMessage({ type: "run", input: msg.input, code: typeof msg.code === "string" ? msg.code : null,
        program, packages, limits: { timeMs, outputBytes, memoryBytes } },
      [...(program ? [program] : []), ...Object.values(packages).filter((bytes) => bytes !== true)]);
      return undefined;
    }

    // A worker's result, as far as it can be believed: a known status, strings within bounds.
    function checked(reply, outputBytes) {
      const text = (value, max) => (typeof value === "string" ? value.slice(0, max) : "");
      const result = {
        status: ["ok", "exit", "error", "memory", "output"].includes(reply.status) ? reply.status : "error",
        exitCode: Number.isSafeInteger(reply.exitCode) ? reply.exitCode : null,
        stdout: text(reply.stdout, outputBytes + 1),
        stdoutTail: text(reply.stdoutTail, PREVIEW_CHARS),
        stdoutBytes: Number.isSafeInteger(reply.stdoutBytes) && reply.stdoutBytes >= 0 ? reply.stdoutBytes : 0,
        stderr: text(reply.stderr, MAX_STDERR_CHARS),
        at: Number(reply.at),
        peakBytes: Number.isSafeInteger(reply.peakBytes) && reply.peakBytes >= 0 ? reply.peakBytes : 0,
        // A runtime error's reason as a catalog message (the WASI worker's); the page checks it.
        why: reply.status === "error" && reply.why && typeof reply.why === "object" && typeof reply.why.id === "string"
          ? { id: reply.why.id.slice(0, 100), params: reply.why.params && typeof reply.why.params === "object" ? reply.why.params : {} } : null,
      };
      if (result.status === "output") {
        result.stdout = result.stdout.slice(0, PREVIEW_CHARS);
      } else if (result.stdout.length > outputBytes || result.stdoutBytes > outputBytes) {
        // A UTF-8 text of n bytes decodes to at most n UTF-16 units: this one is over.
        result.status = "output";
        result.stdoutTail = result.stdout.slice(outputBytes - PREVIEW_CHARS, outputBytes);
        result.stdout = result.stdout.slice(0, PREVIEW_CHARS);
        result.stdoutBytes = outputBytes;
      }
      return result;
    }

    function finish(entry, outcome) {
      if (entry.done) return;
      entry.done = true;
      const end = now();
      clearTimeout(entry.timer);
      if (entry.worker) entry.worker.terminate();
      if (current === entry) current = null;
      const runtime = runtimes.get(entry.language);
      if (runtime) for (const wake of runtime.waiting.splice(0)) wake();
      setTimeout(() => prepareSpare(entry.language), 0);
      // The end the worker reported, if it is not in the future (a late message
      // from a busy runner does not lengthen the run); the limit when it was hit.
      const claimed = outcome.at > 0 ? Math.min(outcome.at, end) : end;
      const ms = entry.startedAt ? Math.max(0, Math.round((claimed - entry.startedAt) * 1000) / 1000) : 0;
      send({ type: "result", id: entry.id, status: outcome.status, exitCode: outcome.exitCode ?? null,
        stdout: outcome.stdout || "", stdoutTail: outcome.stdoutTail || "", stdoutBytes: outcome.stdoutBytes || 0,
        stderr: outcome.stderr || "", ms, why: outcome.why || null, peakBytes: outcome.peakBytes || 0 });
    }
  }
})();
