// Run by tests/test_wasm_modules.py: checks web/js/engine/wasm-modules.js on its own (a
// namespace object of its own, so the global WebAssembly is left alone) and, given the built
// site's folder, inside a real boot of the Pyodide it ships.  Prints one JSON object.
import { shareSmallModules, SMALL_MODULE_BYTES, MAX_KEPT } from "../web/js/engine/wasm-modules.js";

const [dist] = process.argv.slice(2);
const out = {};

// A module that imports one function of type (params) -> results as e.f and exports it as f,
// the shape of Emscripten's adapters; `pad` bytes of a custom section make it longer.
function adapter(params, results, pad = 0, tag = -1) {
  const type = [0x60, params.length, ...params, results.length, ...results];
  const section = (id, body) => [id, ...leb(body.length), ...body];
  const bytes = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, ...type]),
    ...section(2, [1, 1, 0x65, 1, 0x66, 0x00, 0x00]),
    ...section(7, [1, 1, 0x66, 0x00, 0x00])];
  if (pad) bytes.push(...section(0, [1, 0x78, ...new Array(pad).fill(0)]));
  if (tag >= 0) bytes.push(...section(0, [1, 0x74, tag & 0xff, tag >> 8]));
  return Uint8Array.from(bytes);
}
const I32 = 0x7f;

function leb(n) {
  const bytes = [];
  do {
    bytes.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
    n >>= 7;
  } while (n);
  return bytes;
}

const api = { Module: WebAssembly.Module };
const counts = shareSmallModules(api);
const small = adapter([I32], [I32]);
const a = new api.Module(small);
const b = new api.Module(Uint8Array.from(small));   // equal bytes, another array
const other = new api.Module(adapter([I32, I32], [I32]));
out.sameBytesSameModule = a === b;
out.otherSignatureOtherModule = other !== a;
out.counts = { ...counts };
out.isModule = a instanceof WebAssembly.Module && a instanceof api.Module;
out.exportsSeen = api.Module.exports(a).map((entry) => `${entry.name}:${entry.kind}`);
// Each instance of the shared module calls its own import.
const one = new WebAssembly.Instance(a, { e: { f: (x) => x + 1 } }).exports.f;
const two = new WebAssembly.Instance(b, { e: { f: (x) => x + 2 } }).exports.f;
out.instancesOwnImports = [one(10), two(10)];
// Larger modules are compiled each time.
const large = adapter([I32], [I32], SMALL_MODULE_BYTES);
out.largeBytes = large.length;
out.largeNotShared = new api.Module(large) !== new api.Module(large);
// A broken small module throws every time and is not remembered.
const broken = small.slice(0, small.length - 3);
out.brokenThrows = [0, 1].map(() => {
  try {
    new api.Module(broken);
    return "compiled";
  } catch (err) {
    return err instanceof WebAssembly.CompileError ? "CompileError" : String(err);
  }
});
out.countsAfter = { ...counts };
// A second install leaves the first wrapper in place.
const wrapper = api.Module;
shareSmallModules(api);
out.installedOnce = api.Module === wrapper;
// stop() puts the namespace's own constructor back.
counts.stop();
out.stopped = api.Module === WebAssembly.Module && new api.Module(small) !== a;

// No more than MAX_KEPT distinct modules are kept: later ones compile each time.
const bounded = { Module: WebAssembly.Module };
const kept = shareSmallModules(bounded);
const tagged = (tag) => new bounded.Module(adapter([I32], [I32], 0, tag));
const first = tagged(0);
for (let tag = 1; tag < MAX_KEPT + 10; tag++) tagged(tag);
out.bound = { keptFirst: tagged(0) === first, pastBoundApart: tagged(MAX_KEPT + 5) !== tagged(MAX_KEPT + 5),
  compiled: kept.compiled, maxKept: MAX_KEPT };

if (dist) {
  // Pyodide's own start-up, with the global WebAssembly.Module wrapped as the engine worker does.
  const live = shareSmallModules();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", `file://${dist}/`).href);
  const pyodide = await loadPyodide({ indexURL: `${dist}/pyodide/`, lockFileURL: `${dist}/wheels/pyodide-lock.json`,
    stdout: () => {}, stderr: () => {} });
  out.pyodide = { ...live, answer: pyodide.runPython("sum(range(10))") };
  live.stop();
}
console.log(JSON.stringify(out));
