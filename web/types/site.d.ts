// Modules the build serves beside the page's own (dist/pyodide/, dist/vendor/):
// the page imports them by their served path, and their types come from the npm
// packages they are copied from.  Types only: nothing here is served.
declare module "*/pyodide/pyodide.mjs" {
  export * from "pyodide";
}
// The runtime's module factory (pyodide-boot.js imports it ahead of loadPyodide).
declare module "*/pyodide/pyodide.asm.mjs" {
  const createPyodideModule: NonNullable<NonNullable<Parameters<typeof import("pyodide").loadPyodide>[0]>["createPyodideModule"]>;
  export default createPyodideModule;
}
declare module "*/vendor/fflate/esm/browser.js" {
  export * from "fflate";
}
declare module "*/vendor/@bjorn3/browser_wasi_shim/dist/wasi.js" {
  export { WASI as default, WASIProcExit } from "@bjorn3/browser_wasi_shim";
}
declare module "*/vendor/@bjorn3/browser_wasi_shim/dist/fd.js" {
  export { Fd, Inode } from "@bjorn3/browser_wasi_shim";
}
declare module "*/vendor/@bjorn3/browser_wasi_shim/dist/wasi_defs.js" {
  import { wasi } from "@bjorn3/browser_wasi_shim";
  export = wasi;
}
// gifenc 1.0.3 ships no types: what export-worker.js uses of it.
declare module "*/vendor/gifenc/dist/gifenc.esm.js" {
  export type Palette = number[][];
  export interface Encoder {
    writeFrame(index: Uint8Array, width: number, height: number,
      options?: { palette?: Palette, delay?: number, repeat?: number, transparent?: boolean }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(options?: { auto?: boolean, initialCapacity?: number }): Encoder;
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: object): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: string): Uint8Array;
}
// The engine worker index.html's head starts (early-solve.js) until client.js adopts it.
interface Window {
  __pixelJudgeEngine?: { worker: Worker, messages: unknown[] };
}
