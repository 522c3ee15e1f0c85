/// <reference lib="webworker" />
// The runner's Python worker: one Pyodide, one program, then it is terminated.
// It runs at the runner frame's opaque origin (see frame.js for the protocol).
// build.py bundles Pyodide's own scripts in front of this file (PYODIDE holds
// pyodide.mjs's exports, PYODIDE_ASM its pyodide.asm.mjs, WASM_MODULES the
// engine's js/engine/wasm-modules.js, LOCKDOWN js/runner/lockdown.js's) into
// dist/js/runner/python-worker.js: the frame starts it from a data: URL, where it
// cannot import anything, and the runtime's binary files come in the boot message.
/* global PYODIDE, PYODIDE_ASM, WASM_MODULES, LOCKDOWN */
const INDEX_URL = "https://runner.invalid/pyodide/";   // never fetched: fetch() is answered from `files`
const LOADED = performance.now();                      // this script has been compiled and run
const PREVIEW_BYTES = 256 * 1024;                      // kept of stdout after the limit, at each end
const STDERR_KEEP = 256 * 1024;                        // kept of stderr at each end
// What this worker uses once the program runs, taken before it does: the program
// cannot reach them (LOCKDOWN removes postMessage, and counts Uint8Array and decode).
const post = self.postMessage.bind(self);
const U8 = Uint8Array;
const { apply } = Reflect;
const decoder = new TextDecoder("utf-8");
const decodeBytes = TextDecoder.prototype.decode;
const encoder = new TextEncoder();
const encodeText = TextEncoder.prototype.encode;
const clock = () => performance.timeOrigin + performance.now();
const monotonic = performance.now.bind(performance);
const { isSafeInteger } = Number;
// The packages a run may ask for (frame.js hands them over as wheels): installed in
// this fresh interpreter's site-packages before the program's first instruction.
const PACKAGES = ["py_engines"];
const PROGRESS_MS = 100;                               // at most ~10 progress messages a second
const SITE_PACKAGES = "import sys\n[p for p in sys.path if p.endswith('site-packages')][-1]";
// A package's files: its folder and its .dist-info (the packages are one-folder wheels).
const REMOVE = `    import glob, importlib, os, shutil
    site = [p for p in sys.path if p.endswith('site-packages')][-1]
    for path in [os.path.join(site, name), *glob.glob(os.path.join(site, name + '-*.dist-info'))]:
        shutil.rmtree(path, ignore_errors=True)
    importlib.invalidate_caches()`;
/** @type {string[]} */
let installed = [];                                    // the packages this interpreter has

// The program runs as __main__ with fresh globals; its traceback starts at its own code.
const RUNNER = `
import linecache, os, sys, traceback

def run(code):
    status, exit_code = "ok", 0
    # Tracebacks quote the program's own lines.
    linecache.cache["solution.py"] = (len(code), None, code.splitlines(True), "solution.py")
    try:
        exec(compile(code, "solution.py", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
    except SystemExit as stop:
        if stop.code is None or stop.code == 0:
            pass
        elif isinstance(stop.code, int):
            status, exit_code = "exit", stop.code
        else:
            status, exit_code = "exit", 1
            _write(2, f"{stop.code}\\n")
    except BaseException as err:
        status, exit_code = "error", 1
        tb = err.__traceback__.tb_next if err.__traceback__ is not None else None
        _write(2, "".join(traceback.format_exception(type(err), err, tb)))
    finally:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except BaseException:
                pass
    return status, exit_code

def _write(fd, text):
    try:
        os.write(fd, text.encode("utf-8", "replace"))
    except BaseException:
        pass
`;

let pyodide = null;

self.onmessage = (event) => {
  const msg = event.data;
  if (msg && msg.type === "boot" && !pyodide) boot(msg);
  else if (msg && msg.type === "run" && pyodide) run(msg);
};

/**
 * @param {{ files: Record<string, ArrayBuffer>, module: WebAssembly.Module | null, snapshot: Uint8Array | null,
 *   makeSnapshot: boolean, packages?: Record<string, ArrayBuffer> }} msg
 */
async function boot({ files, module, snapshot, makeSnapshot, packages }) {
  const phases = { script: LOADED, message: performance.now() };
  try {
    const bytes = (name) => {
      if (!(files[name] instanceof ArrayBuffer)) throw new Error(`the runner was not given ${name}`);
      return files[name];
    };
    // The runtime asks for its files by URL: the answers come from memory (the
    // frame's CSP allows no network at all).
    const plainFetch = self.fetch;
    self.fetch = async (url) => {
      const name = String(url).startsWith(INDEX_URL) ? String(url).slice(INDEX_URL.length) : null;
      // The runner compiled the wasm file once: its bytes are not needed here.
      if (name === "pyodide.asm.wasm" && module) return new Response(new Uint8Array(0));
      if (name === null || !(name in files)) throw new TypeError(`the runner has no network (${url})`);
      return new Response(files[name], { headers: { "Content-Type": name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream" } });
    };
    // The frame compiled pyodide.asm.wasm once; every worker instantiates that module.
    const streaming = WebAssembly.instantiateStreaming;
    if (module) {
      WebAssembly.instantiateStreaming = async (_response, imports) => {
        phases.instantiate = performance.now();
        const instance = await WebAssembly.instantiate(module, imports);
        phases.instantiated = performance.now();
        return { instance, module };
      };
    }
    const lockFileContents = JSON.parse(new TextDecoder().decode(bytes("pyodide-lock.json")));
    bytes("python_stdlib.zip");
    // The runtime's start-up compiles each of its adapter modules once (wasm-modules.js);
    // the constructor is the browser's own again before any program runs.
    const adapters = WASM_MODULES.shareSmallModules();
    try {
      pyodide = await PYODIDE.loadPyodide({
        indexURL: INDEX_URL, stdLibURL: `${INDEX_URL}python_stdlib.zip`, lockFileContents,
        createPyodideModule: PYODIDE_ASM, packages: [], stdout: () => {}, stderr: () => {},
        ...(makeSnapshot ? { _makeSnapshot: true } : {}), ...(snapshot ? { _loadSnapshot: snapshot } : {}),
      });
    } finally {
      WebAssembly.instantiateStreaming = streaming;
      adapters.stop();
      self.fetch = plainFetch;
    }
    // What the runner lent goes back before any program runs here.
    const lent = Object.values(files);
    if (makeSnapshot) {
      const image = pyodide.makeMemorySnapshot();
      post({ type: "snapshot", bytes: image, files }, [image.buffer, ...lent]);
      return;
    }
    // The packages the last run asked for, installed ahead (the next run likely asks too).
    if (packages && Object.keys(packages).length) {
      install(packages);
      phases.packages = performance.now();
    }
    phases.ready = performance.now();
    // Where a boot's time went (ms since this worker started), for the benchmark.
    post({ type: "ready", files, snapshot, phases }, [...lent, ...(snapshot ? [snapshot.buffer] : [])]);
  } catch (err) {
    post({ type: "failed", message: String(err && err.message ? err.message : err) });
  }
}

// Bytes written to a stream, in one buffer that doubles as it fills: all of them up
// to `limit` (stdout), or the first and the last `keep` (stderr, whose last bytes
// go round a ring).  No object per write, however small the writes.
class Capture {
  constructor({ limit = Infinity, keep = Infinity } = {}) {
    this.limit = limit;
    this.keep = keep;
    this.buffer = new U8(Math.min(64 * 1024, limit, keep));
    this.headBytes = 0;      // in `buffer`: everything up to the limit, or the first `keep`
    this.ring = null;        // the last `keep` bytes after those (stderr)
    this.ringAt = 0;
    this.bytes = 0;          // all bytes written (up to the limit)
  }

  // Takes what fits under the limit; returns false when the write passed it.
  add(data) {
    const n = Math.min(data.length, this.limit - this.bytes);
    const headTake = Math.max(0, Math.min(n, this.keep - this.headBytes));
    if (headTake > 0) {
      this.room(this.headBytes + headTake);
      this.buffer.set(headTake === data.length ? data : new U8(data.buffer, data.byteOffset, headTake), this.headBytes);
      this.headBytes += headTake;
    }
    for (let k = headTake; k < n;) {
      this.ring = this.ring || new U8(this.keep);
      const start = Math.max(k, n - this.keep);   // only the last `keep` bytes can stay
      this.ringAt = (this.ringAt + start - k) % this.keep;
      const part = Math.min(n - start, this.keep - this.ringAt);
      this.ring.set(new U8(data.buffer, data.byteOffset + start, part), this.ringAt);
      this.ringAt = (this.ringAt + part) % this.keep;
      k = start + part;
    }
    this.bytes += n;
    return n === data.length;
  }

  room(size) {
    if (size <= this.buffer.length) return;
    let length = this.buffer.length;
    while (length < size) length *= 2;
    const bigger = new U8(Math.min(length, this.limit, this.keep));
    bigger.set(new U8(this.buffer.buffer, 0, this.headBytes));
    this.buffer = bigger;
  }

  head() {
    return new U8(this.buffer.buffer, 0, this.headBytes);
  }

  // The last bytes after the head (at most `keep`), in order.
  tail() {
    const length = Math.min(this.bytes - this.headBytes, this.keep);
    const out = new U8(length);
    for (let k = 0; k < length; k++) out[k] = this.ring[(this.ringAt - length + k + 2 * this.keep) % this.keep];
    return out;
  }

  text() {
    return decode(concat([this.head(), this.tail()]));
  }

  // The first and last `keep` bytes, with a line saying how many were left out between.
  ends() {
    const tail = this.tail();
    const dropped = this.bytes - this.headBytes - tail.length;
    if (dropped <= 0) return this.text();
    return `${decode(this.head())}\n[... ${dropped} bytes not shown ...]\n${decode(tail)}`;
  }
}

function concat(chunks) {
  const all = new U8(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) { all.set(c, at); at += c.length; }
  return all;
}

const decode = (bytes) => apply(decodeBytes, decoder, [bytes]);
const encode = (text) => apply(encodeText, encoder, [text]);

/**
 * The wheels a run asked for, unpacked into site-packages (the program imports them as
 * any installed package); the runner gave copies, so nothing here outlives the run.
 * @param {Record<string, ArrayBuffer> | undefined} packages
 */
function install(packages) {
  const names = Object.keys(packages || {});
  if (!names.length) return;
  const site = pyodide.runPython(SITE_PACKAGES);
  for (const name of names) {
    if (!PACKAGES.includes(name) || !(packages[name] instanceof ArrayBuffer)) throw new Error(`no package ${name}`);
    pyodide.unpackArchive(packages[name], "wheel", { extractDir: site });
    installed.push(name);
  }
  pyodide.runPython("import importlib\nimportlib.invalidate_caches()");
}

/**
 * A run's packages: those installed at boot that it did not ask for are removed (a run gets
 * exactly what it asked for), the others it asked for installed now.
 * @param {Record<string, ArrayBuffer | true> | undefined} wanted
 */
function choosePackages(wanted) {
  const asked = wanted || {};
  for (const name of installed.filter((n) => !Object.hasOwn(asked, n))) {
    const remove = pyodide.runPython(`${SITE_PACKAGES}\ndef remove(name):\n${REMOVE}\nremove`);
    remove(name);
    remove.destroy();
  }
  installed = installed.filter((n) => Object.hasOwn(asked, n));
  for (const [name, bytes] of Object.entries(asked)) {
    if (bytes === true && !installed.includes(name)) throw new Error(`${name} was not installed`);
  }
  install(/** @type {Record<string, ArrayBuffer>} */ (Object.fromEntries(Object.entries(asked)
    .filter(([, bytes]) => bytes !== true))));
}

/**
 * `pixel_judge_runner.progress(n)` for the program (the lab's search calls it): posts
 * {type: "progress", positions} through this worker's own post, which the program
 * cannot reach, at most one per PROGRESS_MS; anything but a non-negative safe integer
 * is dropped.  A program may call it too: all it can send is a number, now and then.
 * @param {() => boolean} ended
 */
function registerProgress(ended) {
  let last = -Infinity;
  pyodide.registerJsModule("pixel_judge_runner", { progress: (/** @type {unknown} */ positions) => {
    if (ended() || typeof positions !== "number" || !isSafeInteger(positions) || positions < 0) return;
    const at = monotonic();
    if (at - last < PROGRESS_MS) return;
    last = at;
    post({ type: "progress", positions });
  } });
}

/** @param {{ input: string, code: string | null, limits: any, packages?: Record<string, ArrayBuffer | true> }} msg */
function run(msg) {
  const begun = monotonic();
  try {
    choosePackages(msg.packages);
  } catch (err) {
    post({ type: "failed", message: `a package could not be installed: ${String(err && err.message ? err.message : err)}` });
    return;
  }
  runProgram(msg, begun);
}

function runProgram({ input, code, limits }, begun) {
  const stdout = new Capture({ limit: limits.outputBytes });
  const stderr = new Capture({ keep: STDERR_KEEP });
  let ended = false;
  let budget = null;
  const preview = () => {
    const all = stdout.head();
    const at = Math.max(0, all.length - PREVIEW_BYTES);
    return { stdout: decode(new U8(all.buffer, 0, Math.min(all.length, PREVIEW_BYTES))),
      stdoutTail: decode(new U8(all.buffer, at, all.length - at)) };
  };
  // Reported at once (a judge stops the program there); the frame ends this worker.
  const stop = (status, fields) => {
    ended = true;
    post({ type: "result", at: clock(), status, exitCode: null, stdoutBytes: stdout.bytes, stderr: stderr.ends(),
      peakBytes: budget ? budget.peak() : 0, ...fields });
  };
  pyodide.setStdout({ write: (buffer) => {
    // Past the limit the program's writes go nowhere (the runner ends this worker on
    // the "output" result; throwing here would only log an error).
    if (!ended && !stdout.add(buffer)) stop("output", preview());
    return buffer.length;
  }, isatty: false });
  pyodide.setStderr({ write: (buffer) => { stderr.add(buffer); return buffer.length; }, isatty: false });
  let stdin = input;
  pyodide.setStdin({ stdin: () => { const text = stdin; stdin = null; return text || null; } });
  // Set so that Python calls into JavaScript every few dozen bytecode jumps: that
  // is where WebKit's JavaScriptCore acts on terminate() (nothing writes it).
  pyodide.setInterruptBuffer(new Int32Array(1));
  registerProgress(() => ended);
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(RUNNER, { globals: namespace });
  const runner = namespace.get("run");
  // From here on the program's reach is closed and its memory counted (lockdown.js):
  // past the limit, the run ends "memory" at once.
  const overMemory = () => stderr.add(encode(`\nmemory limit exceeded: the program used more than ${
    Math.round(limits.memoryBytes / 2 ** 20)} MB\n`));
  budget = LOCKDOWN.lockdown({ limit: limits.memoryBytes, onOver: () => {
    if (ended) return;
    overMemory();
    stop("memory", { stdout: stdout.text(), stdoutTail: "" });
  } });
  /** @type {string} */
  let status;
  /** @type {number | null} */
  let exitCode;
  post({ type: "started", at: clock(), setupMs: monotonic() - begun });
  try {
    const outcome = runner(code === null ? "" : code);
    [status, exitCode] = outcome.toJs();
    outcome.destroy();
  } catch (err) {
    // The runtime itself failed (its stack overflowed, memory ran out): the
    // program's run ends here as an error.
    stderr.add(encode(`\n${String(err && err.message ? err.message : err)}\n`));
    status = "error";
    exitCode = 1;
  }
  const at = clock();
  if (ended) return;
  // The interpreter was refused memory past the limit, and the program failed.
  if (status === "error" && budget.refused()) {
    status = "memory";
    overMemory();
  }
  post({ type: "result", at, status, exitCode, stdout: stdout.text(), stdoutBytes: stdout.bytes, stdoutTail: "",
    stderr: stderr.ends(), peakBytes: budget.peak() });
}
