/// <reference lib="webworker" />
// A short-lived worker that makes the memory snapshot later visits boot from
// (pyodide-boot.js makeSnapshot) and hands it to the page, which stores it and
// records its hash (client.js); the page then terminates this worker.
// Messages out: {type: "made", cache, url, key, packed (ArrayBuffer, transferred), raw, ms}
//               {type: "failed", message}
import { readManifest, makeSnapshot, snapshotUrl, SNAPSHOT_CACHE } from "./pyodide-boot.js";

const started = performance.now();
try {
  const manifest = await readManifest();
  const { key, packed, raw } = await makeSnapshot(manifest);
  postMessage({ type: "made", cache: SNAPSHOT_CACHE, url: snapshotUrl(manifest), key, packed, raw,
    ms: Math.round(performance.now() - started) }, [packed]);
} catch (err) {
  postMessage({ type: "failed", message: String(err && err.message ? err.message : err) });
}
