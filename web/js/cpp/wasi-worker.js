/// <reference lib="webworker" />
// The runner's WASI worker: one compiled C++ program, one run, then the runner
// terminates it.  It runs at the runner frame's opaque origin (js/runner/frame.js
// has the protocol, "WORKER PROTOCOL"); the frame starts it from a data: URL,
// where it can import nothing, so build.py links it with what it imports
// (wasi-run.js, fuel-abi.js and the WASI shim's modules) into one script.
//   boot -> "ready" at once (nothing to load and no snapshot: a program's
//   instance is fresh by nature); run {input, program: the .wasm bytes, limits}
//   -> "started" just before its first instruction, then one "result".
import { runWasm } from "./wasi-run.js";
import { limitMemory } from "./memory-limit.js";

const LOADED = performance.now();
const PREVIEW_CHARS = 256 * 1024;   // of stdout after "output", at each end
// The program stops itself this long after the runner's own limit (fuel.js):
// the runner reports the "time" verdict; this stops a worker that terminate()
// alone would not stop (WebKit, a loop that never leaves WebAssembly).
const STOP_MARGIN_MS = 100;
// The memory limit when a run names none (the frame always does).
const DEFAULT_MEMORY_BYTES = 256 * 1024 * 1024;
const now = () => performance.timeOrigin + performance.now();
let booted = false;
let ran = false;

self.onmessage = (event) => {
  const msg = event.data;
  if (msg && msg.type === "boot" && !booted) {
    booted = true;
    const files = msg.files && typeof msg.files === "object" ? msg.files : {};
    postMessage({ type: "ready", files, snapshot: null, phases: { script: LOADED, message: performance.now() } },
      Object.values(files).filter((bytes) => bytes instanceof ArrayBuffer));
  } else if (msg && msg.type === "run" && booted && !ran) {
    ran = true;
    run(msg).catch((err) => postMessage({ type: "failed", message: String(err && err.message ? err.message : err) }));
  }
};

async function run({ input, program, limits }) {
  if (!(program instanceof ArrayBuffer) || typeof input !== "string") {
    postMessage({ type: "failed", message: "the runner got no program to run" });
    return;
  }
  // Its memory's maximum lowered to the run's limit (memory-limit.js); a program
  // that starts over the limit is "memory" at once.
  const memoryBytes = limits.memoryBytes > 0 ? limits.memoryBytes : DEFAULT_MEMORY_BYTES;
  const limited = limitMemory(new Uint8Array(program), memoryBytes);
  if (limited && limited.initialBytes > memoryBytes) {
    const at = now();
    postMessage({ type: "started", at });
    postMessage({ type: "result", at, status: "memory", exitCode: null, stdout: "", stdoutBytes: 0, stdoutTail: "",
      stderr: `memory limit exceeded: the program starts with ${Math.ceil(limited.initialBytes / 2 ** 20)} MB\n`,
      peakBytes: limited.initialBytes, why: null });
    return;
  }
  const module = await WebAssembly.compile(limited ? limited.bytes : program);
  let started = false;
  const result = await runWasm(module, input, {
    outputLimit: limits.outputBytes,
    memoryMax: limited ? limited.maxBytes : Infinity,
    timeLimitMs: limits.timeMs + STOP_MARGIN_MS,
    onStart: () => {
      started = true;
      postMessage({ type: "started", at: now() });
    },
  });
  const at = now();
  if (result.status === "time") return;   // past the runner's limit: its timer has the verdict
  if (!started) postMessage({ type: "started", at });   // refused before it ran: still a run, of no time
  let { stdout, stderr } = result;
  let stdoutTail = "";
  if (result.status === "output") {
    stdoutTail = stdout.slice(-PREVIEW_CHARS);
    stdout = stdout.slice(0, PREVIEW_CHARS);
  }
  // A trap, an abort or a refused import: its reason in plain words ends stderr.
  const error = result.status === "error" || result.status === "refused";
  if (error) stderr += `${stderr && !stderr.endsWith("\n") ? "\n" : ""}runtime error: ${result.message}\n`;
  if (result.status === "memory") {
    stderr += `${stderr && !stderr.endsWith("\n") ? "\n" : ""}memory limit exceeded: the program ran out of its ${
      Math.round(memoryBytes / 2 ** 20)} MB\n`;
  }
  // why: that reason as a catalog message (the page, which has the catalogs, words it; this frame has none).
  postMessage({ type: "result", at, status: error ? "error" : result.status, exitCode: result.exitCode,
    stdout, stderr, stdoutBytes: result.stdoutBytes, stdoutTail, why: error ? result.msg : null, peakBytes: result.peakBytes });
}
