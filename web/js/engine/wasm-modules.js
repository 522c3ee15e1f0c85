// One compile per tiny adapter module.  Emscripten's start-up (Pyodide's runtime,
// pyodide.asm.mjs) puts each JavaScript function that C code may call through a
// pointer into the wasm function table by wrapping it in a module of its own: a
// few dozen bytes that import the function and export it again
// (convertJsFunctionToWasm), built with `new WebAssembly.Module(bytes)` every
// time: hundreds of synchronous compiles per boot, of a few dozen distinct byte
// strings (one per signature).  A compiled module is immutable and may be
// instantiated any number of times, so the first compile of a byte string
// serves every later one; each caller still gets its own instance.  The shipped
// runtime makes about 260 adapters of 29 distinct byte strings: the compiles
// were a sixth of Emscripten's start-up in a trace of a warm boot, more on a
// first visit (py_engines/PERFORMANCE.md, fifth pass).  The runner's
// Python worker gets this file bundled in front of it (buildsys/runner.py), so its
// one export statement stays last.

/** Modules at most this long are shared (the adapters are 30-60 bytes). */
const SMALL_MODULE_BYTES = 128;
/** At most this many distinct modules are kept (the runtime makes about 30). */
const MAX_KEPT = 256;

/** @type {WeakSet<object>} the namespaces already wrapped */
const wrapped = new WeakSet();

/**
 * Makes `api.Module` (WebAssembly.Module by default) compile each distinct small
 * byte string once.  Anything else (a larger module, a subclass, bytes that are
 * not a Uint8Array, a string past the first MAX_KEPT) is compiled as before; a
 * module that fails to compile throws as before and is not remembered.
 * `stop()` puts the namespace's own constructor back (the runner's worker, once
 * its runtime is up: a user's program there never reaches the wrapper).
 * @param {{ Module: typeof WebAssembly.Module }} [api]
 * @returns {{ compiled: number, shared: number, stop: () => void }} live counts
 */
function shareSmallModules(api = WebAssembly) {
  const counts = { compiled: 0, shared: 0, stop: () => {} };
  if (wrapped.has(api)) return counts;
  wrapped.add(api);
  const Original = api.Module;
  /** @type {Map<string, WebAssembly.Module>} */
  const byBytes = new Map();
  const Shared = new Proxy(Original, {
    construct(target, args, newTarget) {
      const bytes = args[0];
      if (newTarget !== Shared || !(bytes instanceof Uint8Array) || bytes.length > SMALL_MODULE_BYTES) {
        return Reflect.construct(target, args, newTarget === Shared ? target : newTarget);
      }
      const key = bytes.join(",");
      let module = byBytes.get(key);
      if (module) {
        counts.shared += 1;
      } else {
        module = new Original(/** @type {Uint8Array<ArrayBuffer>} */ (bytes));
        if (byBytes.size < MAX_KEPT) byBytes.set(key, module);
        counts.compiled += 1;
      }
      return module;
    },
  });
  api.Module = Shared;
  counts.stop = () => {
    if (api.Module === Shared) api.Module = Original;
    byBytes.clear();
    wrapped.delete(api);
  };
  return counts;
}

export { shareSmallModules, SMALL_MODULE_BYTES, MAX_KEPT };
