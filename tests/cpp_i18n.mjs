// The C++ path's reasons, made by the site's own modules (dist/js/cpp/, which has the WASI
// shim beside them), each as its English text and its catalog message, for
// tests/test_cpp_i18n.py.  No compiler: the compiler's logs are written out, the traps
// are errors made here, the runs are of hand-assembled modules and the downloads meet a
// stubbed fetch.
// argv: DIST.  stdout: {"words": [{"where", "message", "msg"}, ...], "whys": [...]}
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const dist = process.argv[2];
const site = (path) => import(pathToFileURL(join(dist, path)).href);
const { trapWords, abortWords, endWords, runWasm } = await site("js/cpp/wasi-run.js");
const { parseDiagnostics, summaryWords, summary } = await site("js/cpp/diagnostics.js");
const { loadToolchainFiles } = await site("js/cpp/toolchain.js");
const { runWhy } = await site("js/runner/client.js");
const { limitWords } = await site("js/cpp/compiler-limits.js");

const words = [];
const add = (where, found) => words.push({ where, message: found.message, msg: found.msg });

// Traps, worded by each browser its own way; one no pattern knows.
for (const raw of ["divide by zero", "integer divide by zero", "memory access out of bounds", "unreachable",
  "integer overflow", "float unrepresentable in integer range", "Maximum call stack size exceeded",
  "indirect call signature mismatch", "null function or function signature mismatch", "a trap nobody words"]) {
  add(`trap: ${raw}`, trapWords(new WebAssembly.RuntimeError(raw)));
}
// Aborts, from what libc and libc++ print before them.
for (const stderr of ["thread constructor failed: Resource temporarily unavailable\n",
  "libc++abi: bad_alloc was thrown in -fno-exceptions mode\n",
  "Assertion failed: zero == 1 (solution.cpp: main: 12)\n"]) {
  add(`abort: ${stderr.trim()}`, abortWords(stderr));
}
add("time", endWords("time", 300));
add("output", endWords("output", 64));
add("exit", endWords("exit", 3));

// Real runs: a module with nothing in it, and one that imports what the runner lacks.
const header = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const empty = await runWasm(new Uint8Array(header), "");
add(`run ${empty.status}: empty module`, empty);
const foreign = await runWasm(new Uint8Array([...header,
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00,                                    // type 0: () -> ()
  0x02, 0x09, 0x01, 0x03, 0x65, 0x6e, 0x76, 0x01, 0x66, 0x00, 0x00]), "");  // import env.f: type 0
add(`run ${foreign.status}: imports env.f`, foreign);
// A program that calls sock_send (the shim has no sockets): its _start calls it with five zeros.
const sockets = await runWasm(new Uint8Array([...header,
  0x01, 0x0d, 0x02, 0x60, 0x05, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x01, 0x7f, 0x60, 0x00, 0x00,   // (i32 x5) -> i32; () -> ()
  0x02, 0x24, 0x01, 0x16, ...new TextEncoder().encode("wasi_snapshot_preview1"),
  0x09, ...new TextEncoder().encode("sock_send"), 0x00, 0x00,                                // import: type 0
  0x03, 0x02, 0x01, 0x01,                                                                   // func 1: type 1
  0x05, 0x03, 0x01, 0x00, 0x01,                                                             // memory of 1 page
  0x07, 0x13, 0x02, 0x06, ...new TextEncoder().encode("_start"), 0x00, 0x01,
  0x06, ...new TextEncoder().encode("memory"), 0x02, 0x00,
  0x0a, 0x11, 0x01, 0x0f, 0x00, 0x41, 0x00, 0x41, 0x00, 0x41, 0x00, 0x41, 0x00, 0x41, 0x00,
  0x10, 0x00, 0x1a, 0x0b]), "");
if (sockets.status !== "error") throw new Error(`a sock_send run was ${sockets.status}: ${sockets.message}`);
add(`run ${sockets.status}: calls sock_send`, sockets);

// Compile logs as clang and wasm-ld print them.
for (const log of ["solution.cpp:5:18: error: cannot use 'throw' with exceptions disabled\n",
  "solution.cpp:1:10: fatal error: 'ext/pb_ds/assoc_container.hpp' file not found\n",
  "solution.cpp:1:10: fatal error: '/etc/passwd' file not found\n",
  "wasm-ld: error: solution.o: undefined symbol: helper(int)\n",
  "solution.cpp:3:12: error: expected ';' after expression\n",
  "solution.cpp:3:12: warning: unused variable 'x'\n"]) {
  const diagnostics = parseDiagnostics(log);
  const found = summaryWords(diagnostics);
  if (found.text !== summary(diagnostics)) throw new Error("summary() is not summaryWords().text");
  words.push({ where: `compile: ${log.trim()}`, message: found.text, msg: found.msg });
}

// A compile's bounds (the page words them; the compiler's worker says which it met).
for (const limit of ["time", "memory", "output", "stack"]) {
  const found = limitWords(limit);
  words.push({ where: `compile limit: ${limit}`, message: found.text, msg: found.msg });
}

// Downloads that fail: offline, an HTTP error, a network error, bytes of another build.
const info = { id: "test", files: { "clang.wasm": { url: "toolchain/clang.wasm", bytes: 3, br: 3, sha256: "0".repeat(64) } } };
const fetches = [
  [false, () => { throw new TypeError("Failed to fetch"); }],
  [true, () => new Response("gone", { status: 404 })],
  [true, () => { throw new TypeError("NetworkError when attempting to fetch resource."); }],
  [true, () => new Response(new Uint8Array([1, 2, 3]))],
];
for (const [onLine, fetcher] of fetches) {
  Object.defineProperty(globalThis, "navigator", { value: { onLine }, configurable: true, writable: true });
  globalThis.fetch = async () => fetcher();
  try {
    await loadToolchainFiles({ info });
    throw new Error("the download did not fail");
  } catch (err) {
    if (!err.msg) throw err;
    add(`download: online ${onLine}`, err);
  }
}

// What the page believes of a reason the runner sends.
const whys = [
  { id: "ui.cpp.run.div_zero", params: { detail: "divide by zero" } },
  { id: "raw", params: { text: "a trap" } },
  { id: "ui.solution.title", params: {} },
  { id: "ui.cpp.run.div_zero", params: { detail: { id: "ui.solution.title" } } },
  { id: "ui.cpp.run.div_zero", params: { detail: "x".repeat(5000) } },
  { id: "ui.cpp.run.div_zero" },
  "ui.cpp.run.div_zero",
].map((why) => runWhy(why));
process.stdout.write(JSON.stringify({ words, whys }));
