// The runner's Python worker (js/runner/python-worker.js) is bundled by build.py
// behind Pyodide's own scripts and the engine's wasm-modules.js, each wrapped in a
// scope that yields its exports: PYODIDE is pyodide.mjs's, PYODIDE_ASM
// pyodide.asm.mjs's module factory, WASM_MODULES wasm-modules.js's exports,
// LOCKDOWN runner/lockdown.js's.
declare const PYODIDE: typeof import("pyodide");
declare const PYODIDE_ASM: NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>["createPyodideModule"];
declare const WASM_MODULES: typeof import("../js/engine/wasm-modules.js");
declare const LOCKDOWN: typeof import("../js/runner/lockdown.js");
