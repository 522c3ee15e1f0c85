// The C++ pipeline under Node, with the site's own modules (dist/js/cpp/): the
// compiler driver as the compiler worker runs it, and the runner's WASI code.
// Usage: node pipeline.mjs DIST CLANG_BUNDLE < jobs.json > results.json
//   jobs: {compile: {name: source}, runs: [{program, input, outputLimit?, timeLimitMs?}],
//          workerRuns: [{program, input, limits: {timeMs, outputBytes}, expectSilence?}]}
//   results: {loadMs, pchMs, pchBytes, compiled: {name: {ok, ms, log, pch, diagnostics, summary?,
//             imports?, bytes?, fuel?, valid?}}, runs: [{program, input, status, stdout, stderr,
//             exitCode, message, ms, wallMs}], workerRuns: [{program, input, messages}]}
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { pathToFileURL } from "node:url";

const [dist, bundle] = process.argv.slice(2);
const site = (file) => import(pathToFileURL(path.join(dist, file)).href);
const { compileSource, buildPch, startsWithBits } = await site("js/cpp/clang-driver.js");
const { runWasm } = await site("js/cpp/wasi-run.js");
const { parseDiagnostics, summary } = await site("js/cpp/diagnostics.js");
const { commands, Exit } = await import(pathToFileURL(bundle).href);
const jobs = JSON.parse(fs.readFileSync(0, "utf8"));

const clang = commands["clang++"];
let started = performance.now();
await clang(null, {}, { fetchProgress: () => {} });
const loadMs = performance.now() - started;
started = performance.now();
const pch = await buildPch(clang);
const pchMs = performance.now() - started;

const compiled = {};
const modules = {};
const programs = {};
for (const [name, source] of Object.entries(jobs.compile)) {
  started = performance.now();
  const result = await compileSource(clang, source, { Exit, pch: startsWithBits(source) ? pch : null });
  const entry = { ok: result.ok, ms: performance.now() - started, log: result.log, pch: result.pch };
  entry.diagnostics = parseDiagnostics(result.log);
  if (!result.ok) entry.summary = summary(entry.diagnostics);
  if (result.ok) {
    entry.fuel = result.fuel;
    entry.valid = WebAssembly.validate(result.wasm);
    const module = await WebAssembly.compile(result.wasm);
    modules[name] = module;
    programs[name] = result.wasm;
    entry.bytes = result.wasm.length;
    entry.imports = WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`);
  }
  compiled[name] = entry;
}

const runs = [];
for (const job of jobs.runs) {
  const options = job.outputLimit ? { outputLimit: job.outputLimit } : {};
  if (job.timeLimitMs) options.timeLimitMs = job.timeLimitMs;
  const began = performance.now();
  const result = await runWasm(modules[job.program], job.input, options);
  result.wallMs = performance.now() - began;
  // Long outputs are summed up: the tests need their size and their ends.
  const clip = (text) => (text.length > 4000 ? { length: text.length, head: text.slice(0, 2000), tail: text.slice(-2000) } : text);
  runs.push({ program: job.program, input: job.input, ...result, stdout: clip(result.stdout), stderr: clip(result.stderr) });
}
// The runner's linked WASI worker (dist/js/cpp/wasi-worker.js), each run in a fresh
// context as in a fresh worker: the messages it posts for boot and run.
const workerScript = new vm.Script(fs.readFileSync(path.join(dist, "js/cpp/wasi-worker.js"), "utf8"));
const workerRuns = [];
for (const job of jobs.workerRuns || []) {
  const messages = [];
  const context = vm.createContext({ performance, WebAssembly, TextEncoder, TextDecoder, crypto, console,
    postMessage: (msg) => messages.push(msg) });
  context.self = context;
  workerScript.runInContext(context);
  context.self.onmessage({ data: { type: "boot", files: {}, module: null, snapshot: null, makeSnapshot: false } });
  // The bytes arrive as the worker's own ArrayBuffer, as a posted message gives them.
  const bytes = programs[job.program];
  const program = vm.runInContext(`new ArrayBuffer(${bytes.length})`, context);
  new Uint8Array(program).set(bytes);
  context.self.onmessage({ data: { type: "run", input: job.input, code: null, program, limits: job.limits } });
  const end = Date.now() + 20000;
  while (!messages.some((m) => m.type === "result" || m.type === "failed") && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (job.expectSilence && messages.some((m) => m.type === "started")) {
      await new Promise((resolve) => setTimeout(resolve, job.limits.timeMs + 1000));
      break;
    }
  }
  const clip = (text) => (typeof text === "string" && text.length > 4000 ? { length: text.length, head: text.slice(0, 2000), tail: text.slice(-2000) } : text);
  workerRuns.push({ program: job.program, input: job.input,
    messages: messages.map((m) => ({ ...m, stdout: clip(m.stdout), stdoutTail: clip(m.stdoutTail), stderr: clip(m.stderr) })) });
}
process.stdout.write(JSON.stringify({ loadMs, pchMs, pchBytes: pch ? pch.length : 0, compiled, runs, workerRuns }));
