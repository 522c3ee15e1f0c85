// One compile per tiny adapter module.  Emscripten's start-up (Pyodide's runtime,
// pyodide.asm.mjs) puts each JavaScript function that C code may call through a
// pointer into the wasm function table by wrapping it in a module of its own: a
// few dozen bytes that import the function and export it again
// (convertJsFunctionToWasm), built with `new WebAssembly.Module(bytes)` every
// time: hundreds of synchronous compiles per boot, of a few dozen distinct byte
// strings (one per signature).  A compiled module is immutable and may be
// instantiated any number of times, so the first compile of a byte string
// serves every later one; each caller still gets its own instance.  On a boot
// from the memory snapshot this is about a third of Emscripten's start-up, and
// more on a first visit (py_engines/PERFORMANCE.md, fifth pass).

/** Modules at most this long are shared (the adapters are 30-60 bytes). */
export const SMALL_MODULE_BYTES = 128;

/** @type {WeakSet<object>} the namespaces already wrapped */
const wrapped = new WeakSet();

/**
 * Makes `api.Module` (WebAssembly.Module by default) compile each distinct small
 * byte string once.  Anything else (a larger module, a subclass, bytes that are
 * not a Uint8Array) is compiled as before; a module that fails to compile throws
 * as before and is not remembered.
 * @param {{ Module: typeof WebAssembly.Module }} [api]
 * @returns {{ compiled: number, shared: number }} live counts, for tests
 */
export function shareSmallModules(api = WebAssembly) {
  const counts = { compiled: 0, shared: 0 };
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
        byBytes.set(key, module);
        counts.compiled += 1;
      }
      return module;
    },
  });
  api.Module = Shared;
  return counts;
}
