// The engine worker: boots Pyodide, installs the engine wheel with micropip and
// answers bridge requests.  It starts booting the moment it is created (reading
// the site manifest itself), so the page's own start-up runs alongside.
// Messages in:  {type: "interrupt", buffer}  (cross-origin isolated pages only)
//               {type: "call", id, request}  (request: JSON text)
// Messages out: {type: "stage", stage, ms} | {type: "failed", message}
//               {type: "progress", id, data} | {type: "reply", id, reply}  (reply: JSON text)
import { loadPyodide } from "../pyodide/pyodide.mjs";

let bridge = null;
let runtime = null;
let interrupt = null;
let currentId = null;
const started = performance.now();

function stage(name) {
  postMessage({ type: "stage", stage: name, ms: Math.round(performance.now() - started) });
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const base = new URL("../", import.meta.url);
  const manifest = await (await fetch(new URL("manifest.json", base), { cache: "no-cache" })).json();
  const wheelUrl = (name) => new URL(`wheels/${name}`, base).href;
  stage("runtime");
  // The engine wheel downloads while the runtime boots; micropip and packaging
  // load as boot-time packages, which Pyodide also fetches in parallel.
  const engineWheel = fetchBytes(`${wheelUrl(manifest.wheels.engine)}?v=${manifest.wheels.engine_sha256.slice(0, 16)}`);
  const pyodide = await loadPyodide({
    indexURL: new URL("pyodide/", base).href,
    packages: [wheelUrl(manifest.wheels.micropip), wheelUrl(manifest.wheels.packaging)],
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  stage("engine");
  const path = `/tmp/${manifest.wheels.engine}`;
  pyodide.FS.writeFile(path, await engineWheel);
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(`emfs:${path}`, { deps: false });
  micropip.destroy();
  runtime = pyodide;
  if (interrupt) pyodide.setInterruptBuffer(interrupt);
  const module = pyodide.pyimport("py_engines.bridge");
  // Long solves report progress while Python keeps running.
  module.set_progress_sink((figures) => {
    const data = figures.toJs ? figures.toJs({ dict_converter: Object.fromEntries }) : figures;
    if (figures.destroy) figures.destroy();
    postMessage({ type: "progress", id: currentId, data });
  });
  bridge = module.handle;
  stage("ready");
}

boot().catch((err) => {
  postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
});

self.onmessage = (event) => {
  const msg = event.data;
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
