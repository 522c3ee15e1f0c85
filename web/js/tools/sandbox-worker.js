// The sandbox: a Pyodide of its own for the user's solution, never the engine's
// worker.  It loads no engine and no packages; every run gets fresh module
// globals and fresh stdin/stdout/stderr.  The page enforces the time limit by
// terminating this worker (and booting a new one).
// Messages in:  {type: "run", id, code, input}
// Messages out: {type: "ready", ms} | {type: "failed", message}
//               {type: "result", id, status, stdout, stderr, ms}
//   status: "ok" | "exit" (SystemExit with a non-zero code) | "error" (an exception)
import { readManifest, bootPyodide } from "../pyodide-boot.js";

const RUNNER = `
import io, sys, time, traceback

def _pixel_judge_run(code, data):
    stdin = io.TextIOWrapper(io.BytesIO(data.encode("utf-8")), encoding="utf-8")
    out_bytes, err_bytes = io.BytesIO(), io.BytesIO()
    stdout = io.TextIOWrapper(out_bytes, encoding="utf-8", write_through=True)
    stderr = io.TextIOWrapper(err_bytes, encoding="utf-8", write_through=True)
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
    status = "ok"
    start = time.perf_counter()
    try:
        exec(compile(code, "solution.py", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
    except SystemExit as stop:
        if stop.code not in (None, 0):
            status = "exit"
            if not isinstance(stop.code, int):
                print(stop.code, file=stderr)
    except BaseException as err:
        status = "error"
        # The traceback from the user's code on: the runner's own frame is dropped.
        tb = err.__traceback__.tb_next if err.__traceback__ is not None else None
        stderr.write("".join(traceback.format_exception(type(err), err, tb)))
    finally:
        elapsed = (time.perf_counter() - start) * 1000
        for stream in (stdout, stderr):
            try:
                stream.flush()
            except Exception:
                pass
        sys.stdin, sys.stdout, sys.stderr = saved
    text = lambda b: b.getvalue().decode("utf-8", "replace")
    return status, text(out_bytes), text(err_bytes), round(elapsed, 3)
`;

const started = performance.now();
let run = null;
let stdinText = "";

async function boot() {
  // The site's runtime, with no packages at all: the engine is never loaded here.
  const { pyodide } = await bootPyodide(await readManifest(), { snapshot: "off", packages: [], stdlib: "full" });
  pyodide.setStdout({ batched: () => {} });
  pyodide.setStderr({ batched: () => {} });
  // open(0) and os.read(0, ...) see the same input as sys.stdin.
  pyodide.setStdin({ stdin: () => { const text = stdinText; stdinText = ""; return text || null; } });
  pyodide.runPython(RUNNER);
  run = pyodide.globals.get("_pixel_judge_run");
  postMessage({ type: "ready", ms: Math.round(performance.now() - started) });
}

boot().catch((err) => postMessage({ type: "failed", message: String(err && err.message ? err.message : err) }));

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type !== "run") return;
  stdinText = msg.input;
  let reply;
  try {
    const result = run(msg.code, msg.input);
    const [status, stdout, stderr, ms] = result.toJs();
    result.destroy();
    reply = { status, stdout, stderr, ms };
  } catch (err) {
    // Pyodide itself failed (a stack overflow in the runtime, out of memory): the
    // page treats the worker as dead and boots a new one.
    reply = { status: "fatal", stdout: "", stderr: String(err && err.message ? err.message : err), ms: 0 };
  }
  postMessage({ type: "result", id: msg.id, ...reply });
};
