/// <reference lib="webworker" />
// The engine worker: boots Pyodide with the engine (pyodide-boot.js: from a memory
// snapshot when one matches, else with the engine wheel from the lock file) and
// answers bridge requests.  It starts booting the moment it is created (reading
// the site manifest itself), so the page's own start-up runs alongside.
// Messages in:  {type: "snapshot-record", record}  (first: the page's record of
//                 its stored snapshot, or null; the boot waits for it)
//               {type: "interrupt", buffer}  (cross-origin isolated pages only)
//               {type: "call", id, request}  (request: JSON text)
// Messages out: {type: "bytes", loaded, total} | {type: "stage", stage, ms, boot}
//                 ("ready" also carries `marks`: when each phase of the boot ended,
//                 in ms from the page's navigation, for the benchmark)
//               {type: "failed", message, file} | {type: "progress", id, data}
//               {type: "reply", id, reply}  (reply: JSON text)
import { readManifest, bootPyodide, DownloadError } from "./pyodide-boot.js";
// Named here too so they download alongside pyodide-boot.js, not after it.
import "../../pyodide/pyodide.mjs";
import "./snapshot-file.js";
import "./wasm-modules.js";
import "../util/bytes.js";

let bridge = null;
let runtime = null;
let interrupt = null;
let currentId = null;
let failed = false;
const started = performance.now();
let recordArrived;
const snapshotRecord = new Promise((resolve) => { recordArrived = resolve; });

function stage(name, extra = {}) {
  if (name !== "ready") performance.mark(`engine:${name}`);
  postMessage({ type: "stage", stage: name, ms: Math.round(performance.now() - started), ...extra });
}

function fail(message, file = null) {
  if (failed) return;
  failed = true;
  postMessage({ type: "failed", message, file });
}

async function boot() {
  const manifest = await readManifest();
  stage("runtime");
  const { pyodide, fromSnapshot, snapshotError } = await bootPyodide(manifest, {
    snapshotRecord,
    onBytes: (loaded, total) => postMessage({ type: "bytes", loaded, total }),
    onFailedFile: (file, reason) => fail(`could not download ${file} (${reason})`, file),
  });
  stage("engine");
  runtime = pyodide;
  // Without SharedArrayBuffer (a page that is not cross-origin isolated, and
  // WebKitGTK even when it is) nothing can write the buffer from outside, but
  // setting one still matters: Python then calls into JavaScript every few
  // dozen bytecode jumps to read it, and that call is where JavaScriptCore acts
  // on terminate().  A worker spinning in pure WebAssembly survives terminate()
  // in WebKit, so Cancel (which terminates this worker there) would leave a core
  // spinning (issue 19, defect 3).
  pyodide.setInterruptBuffer(interrupt || new Int32Array(1));
  const module = pyodide.pyimport("py_engines.bridge");
  // Long solves report progress while Python keeps running (set after any
  // snapshot: a JavaScript callback cannot be part of one).
  module.set_progress_sink((figures) => {
    const data = figures.toJs ? figures.toJs({ dict_converter: Object.fromEntries }) : figures;
    if (figures.destroy) figures.destroy();
    postMessage({ type: "progress", id: currentId, data });
  });
  bridge = module.handle;
  performance.mark("engine:ready");
  stage("ready", { boot: fromSnapshot ? "snapshot" : snapshotError ? "fallback" : "normal", snapshotError,
    marks: marks() });
}

// This worker's marks (the stages, and pyodide-boot.js's "boot:" phases) on the
// page's clock: ms from the page's navigation, given the page's time origin.
function marks() {
  /** @type {Record<string, number>} */
  const out = { "engine:start": started };
  for (const entry of performance.getEntriesByType("mark")) out[entry.name] = entry.startTime;
  return { origin: performance.timeOrigin, at: out };
}

boot().catch((err) => {
  fail(String(err && err.message ? err.message : err), err instanceof DownloadError ? err.file : null);
});

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "snapshot-record") {
    recordArrived(msg.record);
    return;
  }
  if (msg.type === "interrupt") {
    interrupt = msg.buffer;
    if (runtime) runtime.setInterruptBuffer(interrupt);
    return;
  }
  if (msg.type === "call") {
    currentId = msg.id;
    if (interrupt) interrupt[0] = 0;
    let reply;
    try {
      reply = bridge(msg.request);
    } catch (err) {
      reply = JSON.stringify({ ok: false, error: { type: "InternalError", message: String(err), line: null, column: null } });
    }
    currentId = null;
    postMessage({ type: "reply", id: msg.id, reply });
  }
};
