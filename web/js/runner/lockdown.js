// The program's reach in the runner's Python worker, closed and counted before
// it runs (issue 31).  A Python program reaches JavaScript through `js` (the
// worker's global object) and through any JsProxy (`.constructor` leads to
// every intrinsic), so what bounds it is done here, on the global object and on
// the intrinsics themselves, once the interpreter is up and before the program's
// first instruction:
//
// - Removed (from the global object and every prototype it inherits from): what
//   starts threads or outlives the run (Worker, SharedWorker), what speaks for the
//   worker (postMessage, close), loads code or reaches out (importScripts, fetch,
//   XMLHttpRequest, sockets), passes messages (channels, structuredClone), and
//   allocates outside any count (Blob, streams, Response, canvases, storage).  The
//   worker keeps private references to what it needs itself, taken at its start.
// - Counted: every allocating built-in a program can call, on the global object
//   and on each prototype's `constructor` (ArrayBuffer, SharedArrayBuffer and the
//   typed arrays through their constructors, which slice, map, filter, from and
//   subarray go through too; resize, transfer and grow; WebAssembly memories and
//   tables; strings made by repeat, padStart, padEnd, concat, join, replace...,
//   TextEncoder and TextDecoder, JSON; arrays made by fill, concat, map, from...).
//   Each adds its bytes to the budget, before it allocates where the size can be
//   known first, else just after; past the limit the allocation is refused (a
//   RangeError) and `onOver` ends the run as "memory".  Bytes are counted as they
//   are allocated and never given back: a program has no reason to use
//   JavaScript's memory at all, and a live count would need garbage collection to
//   run inside a synchronous program.
// What a program can still spend is in web/SECURITY.md.

const REMOVED = ["Worker", "SharedWorker", "postMessage", "close", "importScripts", "fetch", "XMLHttpRequest",
  "WebSocket", "WebTransport", "EventSource", "BroadcastChannel", "MessageChannel", "MessagePort", "structuredClone",
  "OffscreenCanvas", "createImageBitmap", "ImageData", "Blob", "File", "FileReader", "FileReaderSync", "Response",
  "Request", "FormData", "ReadableStream", "WritableStream", "TransformStream", "CompressionStream",
  "DecompressionStream", "caches", "indexedDB", "Notification", "WebGLRenderingContext", "VideoFrame", "AudioData"];
const TYPED = ["Int8Array", "Uint8Array", "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array",
  "Uint32Array", "Float16Array", "Float32Array", "Float64Array", "BigInt64Array", "BigUint64Array"];
const WORD = 8;           // bytes counted per array element
const PAGE = 65536;       // a WebAssembly page

// Captured before anything is replaced: the wrappers use nothing a program can swap.
const { apply, construct, defineProperty, getOwnPropertyDescriptor, getPrototypeOf } = Reflect;
const { isArray } = Array;
const { max, min, trunc } = Math;
const { isFinite } = Number;
const [ProxyOf, Str, Num] = [Proxy, String, Number];
const bufferBytes = getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get;
const sharedBytes = typeof SharedArrayBuffer === "function"
  ? getOwnPropertyDescriptor(SharedArrayBuffer.prototype, "byteLength").get : null;
const memoryBuffer = getOwnPropertyDescriptor(WebAssembly.Memory.prototype, "buffer").get;
const isView = ArrayBuffer.isView;
const viewBytes = getOwnPropertyDescriptor(getPrototypeOf(Uint8Array.prototype), "byteLength").get;

/** A number as the engine would take it for a length or a count (a primitive, read once). */
function count(value) {
  const n = Num(value);
  return isFinite(n) ? max(0, trunc(n)) : (n === Infinity ? Infinity : 0);
}

/** The bytes of an ArrayBuffer or SharedArrayBuffer, or -1 for anything else. */
function bytesOfBuffer(value) {
  for (const getter of [bufferBytes, sharedBytes]) {
    try {
      if (getter) return apply(getter, value, []);
    } catch {
      // not this kind of buffer
    }
  }
  return -1;
}

const madeView = (made) => (isView(made) ? apply(viewBytes, made, []) : 0);
const U8 = Uint8Array;

/**
 * Whether WebAssembly bytes define code or a memory of their own: the runtime's
 * adapters (a function imported and exported again, wasm-modules.js) define
 * neither, and nothing else compiles WebAssembly once a program runs.  A program's
 * own module could loop where terminate() does not reach it (WebKit) and hold a
 * memory no count sees, so it is refused.  Bytes this cannot read count as code.
 */
function definesCode(source) {
  let bytes;
  try {
    bytes = isView(source) ? new U8(source.buffer, source.byteOffset, source.byteLength) : new U8(source);
  } catch {
    return true;
  }
  if (bytes.length < 8) return true;
  for (let at = 8; at < bytes.length;) {
    const id = bytes[at++];
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length || shift > 28) return true;
      const b = bytes[at++];
      size += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
    }
    if ((id === 10 || id === 5 || id === 8) && size > 1) return true;   // code, memory, start
    at += size;
  }
  return false;
}

/** Bytes a value holds, as counted after the fact. */
function sizeOf(value) {
  if (typeof value === "string") return value.length * 2;
  if (isArray(value)) return value.length * WORD;
  return 0;
}

/**
 * Removes what a program does not need and counts what it allocates.
 * @param {{ limit: number, onOver: () => void }} options  limit: bytes the program
 *   may allocate (wasm heap growth and JavaScript alike); onOver: called once, when
 *   an allocation would pass it
 * @returns {{ used: () => number, peak: () => number, over: () => boolean, refused: () => boolean }}
 */
function lockdown({ limit, onOver }) {
  /** @type {any} */
  const scope = globalThis;
  let used = 0;
  let peak = 0;
  let over = false;
  let refused = false;

  const charge = (bytes) => {
    if (!(bytes > 0)) return;
    if (used + bytes > limit) {
      if (!over) {
        over = true;
        onOver();
      }
      throw new RangeError("memory limit exceeded");
    }
    used += bytes;
    peak = max(peak, used);
  };

  for (const name of REMOVED) {
    for (let owner = scope; owner; owner = getPrototypeOf(owner)) {
      if (getOwnPropertyDescriptor(owner, name)) delete owner[name];
    }
  }

  /**
   * A constructor counted: `bytesOf(args)` before it runs (with the arguments as the
   * engine will take them), `after(result)` once it has.
   * @param {string} name
   * @param {any} owner
   * @param {(args: any[]) => [number, any[]]} bytesOf
   * @param {(made: any, args: any[]) => number} [after]
   */
  const counted = (name, owner, bytesOf, after = () => 0) => {
    const Original = owner[name];
    if (typeof Original !== "function") return;
    const wrapped = new ProxyOf(Original, {
      construct(target, args, newTarget) {
        // A view on a buffer (the runtime makes one per write to stdout): nothing to count.
        if (args.length && bytesOfBuffer(args[0]) >= 0 && name !== "ArrayBuffer" && name !== "SharedArrayBuffer") {
          return construct(target, args, newTarget === wrapped ? target : newTarget);
        }
        const [bytes, taken] = bytesOf(args);
        charge(bytes);
        const made = construct(target, taken, newTarget === wrapped ? target : newTarget);
        charge(after(made, taken) - bytes);
        return made;
      },
    });
    defineProperty(Original.prototype, "constructor", { value: wrapped, writable: true, configurable: true });
    defineProperty(owner, name, { value: wrapped, writable: true, configurable: true });
  };
  /** @type {(args: any[]) => [number, any[]]} */
  const bufferArgs = (args) => {
    const bytes = count(args[0]);
    return [bytes, [bytes, args[1]]];
  };
  counted("ArrayBuffer", scope, bufferArgs);
  counted("SharedArrayBuffer", scope, bufferArgs);
  for (const name of TYPED) {
    const each = scope[name] ? scope[name].BYTES_PER_ELEMENT : 0;
    counted(name, scope, (args) => {
      const first = args[0];
      if (first === null || typeof first !== "object") {
        const n = count(first);
        return [n * each, [n]];
      }
      // A view on a buffer allocates nothing; an array-like or iterable is copied.
      if (bytesOfBuffer(first) >= 0) return [0, args];
      return [count(first.length) * each, args];
    }, (made, args) => (bytesOfBuffer(args[0]) >= 0 ? 0 : madeView(made)));
  }
  guardWebAssembly(scope.WebAssembly);
  counted("Memory", scope.WebAssembly, (args) => [count(args[0] && args[0].initial) * PAGE, args],
    (made) => bytesOfBuffer(apply(memoryBuffer, made, [])));
  counted("Table", scope.WebAssembly, (args) => [count(args[0] && args[0].initial) * WORD, args]);

  /**
   * A method counted: `before(call)` bytes first (it may put `this` and the arguments
   * as it read them in `call`), the result's size after.
   * @param {any} owner
   * @param {string} name
   * @param {(call: {self: any, args: any[]}) => number} [before]
   * @param {(result: any) => number} [after]
   */
  const method = (owner, name, before = () => 0, after = sizeOf) => {
    const original = owner && owner[name];
    if (typeof original !== "function") return;
    const wrapped = {
      [name](...args) {
        const call = { self: this, args };
        const bytes = before(call);
        charge(bytes);
        const result = apply(original, call.self, call.args);
        charge(after(result) - bytes);
        return result;
      },
    }[name];
    defineProperty(owner, name, { value: wrapped, writable: true, configurable: true });
  };
  const first = (call) => (call.args[0] = count(call.args[0]));
  method(ArrayBuffer.prototype, "resize", (call) => first(call) - bytesOfBuffer(call.self), () => 0);
  method(ArrayBuffer.prototype, "transfer", (call) => (call.args.length ? first(call) : 0), () => 0);
  method(ArrayBuffer.prototype, "transferToFixedLength", (call) => (call.args.length ? first(call) : 0), () => 0);
  if (scope.SharedArrayBuffer) {
    method(scope.SharedArrayBuffer.prototype, "grow", (call) => first(call) - bytesOfBuffer(call.self), () => 0);
  }
  method(scope.WebAssembly.Table.prototype, "grow", (call) => first(call) * WORD, () => 0);
  const growMemory = scope.WebAssembly.Memory.prototype.grow;
  defineProperty(scope.WebAssembly.Memory.prototype, "grow", {
    value: function grow(delta) {
      const pages = count(delta);
      try {
        charge(pages * PAGE);
      } catch (err) {
        refused = true;
        throw err;
      }
      try {
        const before = apply(growMemory, this, [pages]);
        refused = false;
        return before;
      } catch (err) {
        used -= pages * PAGE;
        refused = true;
        throw err;
      }
    },
    writable: true, configurable: true,
  });

  countStringsAndArrays(scope, method);

  return {
    used: () => used,
    peak: () => peak,
    over: () => over,
    refused: () => refused,
  };
}

/**
 * Counts the built-ins that make strings and arrays (see lockdown's `method`).
 * @param {any} scope  the global object
 * @param {(owner: any, name: string, before?: (call: {self: any, args: any[]}) => number,
 *   after?: (result: any) => number) => void} method
 */
function countStringsAndArrays(scope, method) {
  const lengthOf = (self) => (self === null || self === undefined ? 0 : count(self.length));
  const S = String.prototype;
  // The string and the count as read once, and handed on as read.
  const sized = (perChar) => (call) => {
    call.self = Str(call.self);
    return perChar(call.self.length, (call.args[0] = count(call.args[0]))) * 2;
  };
  method(S, "repeat", sized((length, n) => length * n));
  method(S, "padStart", sized((_length, n) => n));
  method(S, "padEnd", sized((_length, n) => n));
  for (const name of ["concat", "replace", "replaceAll", "normalize", "toUpperCase", "toLowerCase",
    "toLocaleUpperCase", "toLocaleLowerCase", "toWellFormed", "split"]) method(S, name);
  for (const name of ["fromCharCode", "fromCodePoint", "raw"]) method(String, name);
  const A = Array.prototype;
  method(A, "fill", ({ self, args }) => {
    const length = lengthOf(self);
    const from = args.length > 1 ? count(args[1]) : 0;
    const to = args.length > 2 && args[2] !== undefined ? count(args[2]) : length;
    return max(0, min(length, to) - min(length, from)) * WORD;
  }, () => 0);
  for (const name of ["concat", "join", "map", "filter", "slice", "splice", "flat", "flatMap",
    "toSorted", "toReversed", "toSpliced", "with"]) method(A, name);
  for (const name of ["from", "of"]) method(Array, name);
  for (const name of ["keys", "values", "entries", "getOwnPropertyNames", "fromEntries", "assign"]) method(Object, name);
  method(JSON, "stringify");
  method(JSON, "parse", ({ args }) => {
    args[0] = Str(args[0]);
    return args[0].length * WORD;
  });
  if (scope.TextEncoder) {
    method(scope.TextEncoder.prototype, "encode", ({ args }) => {
      args[0] = Str(args[0] ?? "");
      return args[0].length * 3;
    }, madeView);
  }
  if (scope.TextDecoder) method(scope.TextDecoder.prototype, "decode");
  for (const name of ["btoa", "atob", "encodeURIComponent", "encodeURI", "escape", "unescape", "decodeURIComponent",
    "decodeURI"]) method(scope, name);
}

/**
 * WebAssembly that defines no code or memory (the runtime's adapters), and no other:
 * Module, compile, instantiate and Instance take only such bytes, or a module
 * compiled from them here.
 * @param {any} api  the global WebAssembly
 */
function guardWebAssembly(api) {
  const approved = new WeakSet();
  const refuse = () => new api.CompileError("a program may not compile WebAssembly of its own here");
  const check = (source) => {
    if (definesCode(source)) throw refuse();
  };
  const { Module, Instance, compile, instantiate } = api;
  const module = new ProxyOf(Module, {
    construct(target, args) {
      check(args[0]);
      const made = construct(target, [args[0]]);
      approved.add(made);
      return made;
    },
  });
  const instance = new ProxyOf(Instance, {
    construct(target, args) {
      if (!approved.has(args[0])) throw refuse();
      return construct(target, [args[0], args[1]]);
    },
  });
  for (const [name, value, Original] of [["Module", module, Module], ["Instance", instance, Instance]]) {
    defineProperty(Original.prototype, "constructor", { value, writable: true, configurable: true });
    defineProperty(api, name, { value, writable: true, configurable: true });
  }
  const promised = (name, run) => defineProperty(api, name, { value: { [name]: run }[name], writable: true, configurable: true });
  promised("compile", async (source) => {
    check(source);
    const made = await apply(compile, api, [source]);
    approved.add(made);
    return made;
  });
  promised("instantiate", async (source, imports) => {
    if (approved.has(source)) return apply(instantiate, api, [source, imports]);
    check(source);
    const made = await apply(instantiate, api, [source, imports]);
    approved.add(made.module);
    return made;
  });
  delete api.compileStreaming;
  delete api.instantiateStreaming;
}

export { lockdown, REMOVED };
