// The runner's Python worker (js/runner/python-worker.js) is bundled by build.py
// behind Pyodide's own scripts, each wrapped in a scope that yields its exports:
// PYODIDE is pyodide.mjs's, PYODIDE_ASM pyodide.asm.mjs's module factory.
declare const PYODIDE: typeof import("pyodide");
declare const PYODIDE_ASM: NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>["createPyodideModule"];
