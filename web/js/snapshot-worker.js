// A short-lived worker that makes the memory snapshot later visits boot from
// (pyodide-boot.js makeSnapshot), then reports and is terminated by the page.
// Messages out: {type: "stored", raw, stored, ms} | {type: "failed", message}
import { readManifest, makeSnapshot } from "./pyodide-boot.js";

const started = performance.now();
try {
  const sizes = await makeSnapshot(await readManifest());
  postMessage({ type: "stored", ...sizes, ms: Math.round(performance.now() - started) });
} catch (err) {
  postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
}
