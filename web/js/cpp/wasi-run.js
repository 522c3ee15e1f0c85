// Runs a compiled C++ solution (a WASI preview1 command module) once, the way a
// judge does: the input on stdin, stdout and stderr captured with a cap, the exit
// code and any trap reported.  This runs only in the opaque-origin runner: the
// module is the user's code.  Its only imports are the WASI shim's functions
// (checked before it is instantiated); the shim is given no files and no
// directories, so the program's whole world is stdin, stdout, stderr, clocks and
// random bytes.
//
// Besides WASI, a program may import pixel_judge.tick (fuel.js puts calls to it in
// every loop and function): it checks the clock, so a run stops itself at the
// time limit even where terminating its worker would not stop it.
//
// The shim is @bjorn3/browser_wasi_shim (pinned): plain ES modules with no
// dependencies, a WASI object whose file descriptors are classes we extend (so
// stdin and the capped outputs are ours), proc_exit as an exception carrying the
// code, and nothing it does outside the descriptors it is handed.
import WASI, { WASIProcExit } from "../../vendor/@bjorn3/browser_wasi_shim/dist/wasi.js";
import { Fd } from "../../vendor/@bjorn3/browser_wasi_shim/dist/fd.js";
import * as wasi from "../../vendor/@bjorn3/browser_wasi_shim/dist/wasi_defs.js";
import { FUEL, FUEL_IMPORT, FUEL_MODULE } from "./fuel-abi.js";
import { STACK_BYTES } from "./memory-limit.js";

/** The module name of the WASI imports. */
export const WASI_MODULE = "wasi_snapshot_preview1";
/** The most stdout bytes, as judges cap it. */
export const OUTPUT_LIMIT = 64 * 1024 * 1024;   // stdout, as judges cap it
/** Stderr keeps its first MB; the rest is dropped. */
export const STDERR_LIMIT = 1024 * 1024;        // stderr keeps its first MB, the rest is dropped

/** The WASI functions the shim provides: the only imports a program may have. */
export const WASI_FUNCTIONS = Object.freeze(Object.keys(new WASI([], [], []).wasiImport).sort());

class OutputLimitExceeded extends Error {}
class TimeLimitExceeded extends Error {}

// fd 0: the input, read front to back.  Not a terminal, so libc reads it in blocks.
class Stdin extends Fd {
  constructor(bytes) {
    super();
    this.bytes = bytes;
    this.pos = 0;
  }

  /** @override */
  fd_fdstat_get() {
    return { ret: wasi.ERRNO_SUCCESS, fdstat: new wasi.Fdstat(wasi.FILETYPE_REGULAR_FILE, 0) };
  }

  /**
   * @override
   * @param {number} size
   */
  fd_read(size) {
    const data = this.bytes.subarray(this.pos, Math.min(this.bytes.length, this.pos + size));
    this.pos += data.length;
    return { ret: wasi.ERRNO_SUCCESS, data };
  }
}

// fd 1 and 2: bytes kept up to `limit`, in one buffer that doubles as it fills
// (no object per write, however small the writes).  Past the limit, stdout stops
// the program ("output limit exceeded"); stderr just drops the rest and says so.
class Sink extends Fd {
  constructor(limit, { stopAtLimit }) {
    super();
    this.limit = limit;
    this.stopAtLimit = stopAtLimit;
    this.buffer = new Uint8Array(Math.min(64 * 1024, limit));
    this.size = 0;
    this.dropped = 0;
  }

  /** @override */
  fd_fdstat_get() {
    // A regular file, not a terminal: libc buffers it fully, as when a judge redirects it.
    return { ret: wasi.ERRNO_SUCCESS, fdstat: new wasi.Fdstat(wasi.FILETYPE_REGULAR_FILE, 0) };
  }

  /**
   * @override
   * @param {Uint8Array} data
   */
  fd_write(data) {
    const room = this.limit - this.size;
    if (data.length > room) {
      // What fits is kept (the panes show the output up to the limit).
      if (room > 0) this.keep(data.subarray(0, room));
      if (this.stopAtLimit) throw new OutputLimitExceeded();
      this.dropped += data.length - Math.max(room, 0);
    } else {
      this.keep(data);
    }
    return { ret: wasi.ERRNO_SUCCESS, nwritten: data.length };
  }

  keep(data) {
    const size = this.size + data.length;
    if (size > this.buffer.length) {
      let length = this.buffer.length;
      while (length < size) length *= 2;
      const bigger = new Uint8Array(Math.min(length, this.limit));
      bigger.set(this.buffer.subarray(0, this.size));
      this.buffer = bigger;
    }
    this.buffer.set(data, this.size);
    this.size = size;
  }

  text() {
    return new TextDecoder("utf-8").decode(this.buffer.subarray(0, this.size));
  }
}

const allowed = (imp) => imp.kind === "function"
  && ((imp.module === WASI_MODULE && WASI_FUNCTIONS.includes(imp.name))
    || (imp.module === FUEL_MODULE && imp.name === FUEL_IMPORT));

/** Imports the runner refuses (anything but a WASI function the shim has and the
 * fuel tick), as "module.name (kind)" strings; empty when the module may be instantiated. */
export function foreignImports(module) {
  return WebAssembly.Module.imports(module).filter((imp) => !allowed(imp))
    .map((imp) => `${imp.module}.${imp.name} (${imp.kind})`);
}

// A run's reason comes twice: in English (`message`: the hook, the CLI-like
// consumers) and as a catalog message (`msg`, {id, params}: ui.cpp.run.*) that the
// page, which has the catalogs, shows in the reader's language.  This module runs in
// the runner's frame, which has none.
/** @typedef {{ id: string, params: Record<string, string | number> }} RunMsg */

// A trap in plain words; the engine's own message follows in brackets, since
// each browser words them differently.
/** @type {[RegExp, string, (detail: string) => RunMsg][]} */
const TRAPS = [
  [/divi\w* by zero|divide by zero/i, "integer division by zero", (detail) => ({ id: "ui.cpp.run.div_zero", params: { detail } })],
  [/out of bounds|out-of-bounds|index out of bounds/i, "out-of-bounds memory access",
    (detail) => ({ id: "ui.cpp.run.out_of_bounds", params: { detail } })],
  [/unreachable/i, "the program aborted (abort(), a failed assert, out of memory, or an unsupported feature)",
    (detail) => ({ id: "ui.cpp.run.aborted", params: { detail } })],
  [/integer overflow|unrepresentable/i, "integer overflow in a conversion or division",
    (detail) => ({ id: "ui.cpp.run.overflow", params: { detail } })],
  [/call stack|too much recursion|stack overflow/i, "stack overflow (recursion too deep)",
    (detail) => ({ id: "ui.cpp.run.stack_overflow", params: { detail } })],
  [/indirect call|signature mismatch|null function|function signature/i, "bad function pointer call",
    (detail) => ({ id: "ui.cpp.run.bad_call", params: { detail } })],
];

/**
 * A trap in plain words, with the engine's own text: in English and as a message.
 * @param {any} error  what the run threw
 * @returns {{ message: string, msg: RunMsg }}
 */
export function trapWords(error) {
  const raw = String(error && error.message ? error.message : error);
  const plain = TRAPS.find(([pattern]) => pattern.test(raw));
  return plain ? { message: `${plain[1]} [${raw}]`, msg: plain[2](raw) } : { message: raw, msg: { id: "raw", params: { text: raw } } };
}

/**
 * A trap in plain words, with the engine's own text (in English).
 * @param {any} error  what the run threw
 * @returns {string}
 */
export function trapMessage(error) {
  return trapWords(error).message;
}

// Why libc or libc++ aborted, from what it printed on stderr just before.
/** @type {[RegExp, (found: RegExpExecArray) => { message: string, msg: RunMsg }][]} */
const ABORTS = [
  [/thread constructor failed/, () => ({ message: "std::thread is not supported: a program runs on one thread in the browser",
    msg: { id: "ui.cpp.run.no_threads", params: {} } })],
  [/bad_alloc was thrown/, () => ({ message: "out of memory: new or malloc could not get more memory",
    msg: { id: "ui.cpp.run.out_of_memory", params: {} } })],
  [/Assertion failed: (.*) \([^:]*: [^:]*: (\d+)\)/, (m) => ({ message: `assertion failed on line ${m[2]}: ${m[1]}`,
    msg: { id: "ui.cpp.run.assertion", params: { line: Number(m[2]), expression: m[1] } } })],
];

/**
 * Why the program aborted, from the end of its stderr (null when it does not say).
 * @param {string} stderr
 * @returns {{ message: string, msg: RunMsg } | null}
 */
export function abortWords(stderr) {
  for (const [pattern, words] of ABORTS) {
    const found = pattern.exec(stderr.slice(-4096));
    if (found) return words(found);
  }
  return null;
}

/**
 * The other reasons a run ends, in English and as messages.
 * @param {"time" | "output" | "exit" | "imports" | "not_program"} why
 * @param {number | string} value  the limit in ms, the limit in MB, the exit code, the refused imports
 * @returns {{ message: string, msg: RunMsg }}
 */
export function endWords(why, value) {
  if (why === "time") return { message: `time limit exceeded: stopped after ${value} ms`, msg: { id: "ui.cpp.run.time", params: { ms: value } } };
  if (why === "output") {
    return { message: `output limit exceeded: more than ${value} MB on stdout`, msg: { id: "ui.cpp.run.output", params: { mb: value } } };
  }
  if (why === "exit") return { message: `exit code ${value}`, msg: { id: "ui.cpp.run.exit", params: { code: value } } };
  if (why === "imports") {
    return { message: `the program imports ${value}, which the runner does not provide`,
      msg: { id: "ui.cpp.run.imports", params: { imports: value } } };
  }
  return { message: "not a program: the module has no _start or no memory export", msg: { id: "ui.cpp.run.not_program", params: {} } };
}

function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError || error instanceof RangeError
    || (error instanceof Error && /too much recursion/i.test(error.message));
}

/**
 * Runs `module` (a WebAssembly.Module, or the bytes of one) with `input` on stdin;
 * onStart() is called just before the program's first instruction.
 * Resolves to {status, stdout, stdoutBytes, stderr, exitCode, ms, message, msg, peakBytes} (message: why, in
 * English, or ""; msg: the same as a catalog message, or null): status "ok" (exit 0),
 * "exit" (a non-zero exit code), "error" (a trap), "memory" (it failed for want of
 * memory: out of memory in libc++, or a failure with its memory within 16 MB of
 * `memoryMax`, the most its module lets it grow to, memory-limit.js), "output"
 * (stdout passed the limit), "time" (the fuel tick found the time limit passed) or
 * "refused" (an import the runner does not provide, or no _start).  peakBytes: its
 * linear memory at the end (it never shrinks), less the stack.
 * @param {WebAssembly.Module | BufferSource} module
 * @param {string | Uint8Array} input
 * @param {{ outputLimit?: number, stderrLimit?: number, timeLimitMs?: number, memoryMax?: number,
 *   onStart?: () => void }} [options]
 */
export async function runWasm(module, input, { outputLimit = OUTPUT_LIMIT, stderrLimit = STDERR_LIMIT, timeLimitMs = Infinity,
  memoryMax = Infinity, onStart = () => {} } = {}) {
  if (!(module instanceof WebAssembly.Module)) module = await WebAssembly.compile(module);
  const compiled = module;
  const empty = { stdout: "", stdoutBytes: 0, stderr: "", exitCode: null, ms: 0, peakBytes: 0 };
  const foreign = foreignImports(compiled);
  if (foreign.length) {
    return { ...empty, status: "refused", ...endWords("imports", foreign.join(", ")) };
  }
  const exports = WebAssembly.Module.exports(compiled).map((e) => e.name);
  if (!exports.includes("_start") || !exports.includes("memory")) {
    return { ...empty, status: "refused", ...endWords("not_program", "") };
  }
  const stdin = new Stdin(typeof input === "string" ? new TextEncoder().encode(input) : input);
  const stdout = new Sink(outputLimit, { stopAtLimit: true });
  const stderr = new Sink(stderrLimit, { stopAtLimit: false });
  const shim = new WASI(["solution"], [], [stdin, stdout, stderr]);
  let deadline = Infinity;
  const tick = () => {
    if (performance.now() > deadline) throw new TimeLimitExceeded();
    return FUEL;
  };
  const instance = await WebAssembly.instantiate(compiled, { [WASI_MODULE]: shim.wasiImport, [FUEL_MODULE]: { [FUEL_IMPORT]: tick } });
  let status = "ok";
  /** @type {number | null} */
  let exitCode;
  /** @type {{ message: string, msg: RunMsg | null }} */
  let words = { message: "", msg: null };
  onStart();
  const started = performance.now();
  deadline = started + timeLimitMs;
  try {
    // start() returns the code of proc_exit (the shim throws WASIProcExit to unwind).
    // Its exports were checked above: a memory and a _start.
    exitCode = shim.start(/** @type {{ exports: { memory: WebAssembly.Memory, _start: () => unknown } }} */ (
      /** @type {unknown} */ (instance)));
    if (exitCode !== 0) status = "exit";
  } catch (error) {
    exitCode = null;
    if (error instanceof TimeLimitExceeded) {
      status = "time";
      words = endWords("time", Math.round(timeLimitMs));
    } else if (error instanceof OutputLimitExceeded) {
      status = "output";
      words = endWords("output", Math.round(outputLimit / 1024 / 1024));
    } else if (error instanceof WASIProcExit) {
      exitCode = error.code;
      status = exitCode === 0 ? "ok" : "exit";
    } else if (isTrap(error)) {
      status = "error";
      words = trapWords(error);
    } else if (error === "sockets not supported") {
      // The shim's sock_* functions throw this string: the program's own error, its output kept.
      status = "error";
      const calls = "send, recv, accept, shutdown";
      words = { message: `sockets are not available to programs (${calls}): a program has only stdin, stdout and stderr`,
        msg: { id: "ui.cpp.run.sockets", params: { calls } } };
    } else {
      throw error;
    }
  }
  const ms = performance.now() - started;
  let errText = stderr.text();
  if (status === "error") words = abortWords(errText) ?? words;
  if (stderr.dropped) errText += `\n[${stderr.dropped} more bytes of stderr dropped]`;
  if (status === "exit" && !words.message) words = endWords("exit", exitCode ?? "");
  const memoryBytes = /** @type {{ exports: { memory: WebAssembly.Memory } }} */ (/** @type {unknown} */ (instance))
    .exports.memory.buffer.byteLength;
  if ((status === "error" || status === "exit")
      && ((words.msg && words.msg.id === "ui.cpp.run.out_of_memory") || memoryBytes + 16 * 1024 * 1024 >= memoryMax)) {
    status = "memory";
  }
  return { status, stdout: stdout.text(), stdoutBytes: stdout.size, stderr: errText, exitCode, ms, ...words,
    peakBytes: Math.max(0, memoryBytes - STACK_BYTES) };
}
