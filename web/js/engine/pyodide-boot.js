// Boots the Pyodide runtime with the engine, for any worker that needs Python.
//
//   import { readManifest, bootPyodide } from "./pyodide-boot.js";
//   const manifest = await readManifest();
//   const { pyodide, fromSnapshot } = await bootPyodide(manifest, { onBytes, onFailedFile, snapshotRecord });
//   (after a snapshot boot, `files` is a promise that resolves when the packages'
//   files are back on the file system; imported modules need not wait for it)
//
// The engine comes from the site's copy of the runtime's lock file
// (wheels/pyodide-lock.json, written by build.py exactly as `pyodide lockfile
// add-wheels` writes it), so `loadPyodide` fetches and installs it while the
// runtime starts: no micropip on the boot path.  When Cache Storage holds a
// memory snapshot made for this runtime build and this engine wheel (see
// makeSnapshot), the runtime boots from it instead: the engine is then already
// imported.  A snapshot is trusted only when it proves itself: its SHA-256 and
// sizes must equal the record the page wrote in its local storage when it stored
// it (`snapshotRecord`, which no worker can write), and it is unpacked with a cap
// on its size; one that fails any check, or fails to load, is deleted and the
// runtime boots the normal way.  Options:
//   snapshot: "use" (default) boots from a matching snapshot; "off" never does;
//   snapshotRecord: {id, sha256, packed, raw} (see client.js), or null;
//   packages: lock-file packages to load at boot (default ["py-engines"]; add
//             "micropip" to have it, from the site's own wheels);
//   stdlib:   "engine" (default): the standard library build.py compiled for the
//             engine (the modules Pyodide's start-up and the engines import, as
//             bytecode: nothing to compile at boot); "full": Pyodide's whole
//             python_stdlib.zip (sources), for a worker running other code;
//   onBytes(loaded, total): download progress of the runtime files, in bytes;
//   onFailedFile(name, message): a runtime file could not be downloaded (Pyodide
//             itself would wait forever for a failed wasm download).
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { sha256Hex } from "../util/bytes.js";

/**
 * What a boot needs to know about this build (build.py writes it in BUILD below).
 * @typedef {object} BuildFacts
 * @property {{ sha256: string, bytes: Record<string, number> }} runtime
 * @property {{ engine: string, engine_sha256: string, engine_bytes: number, lock: string, lock_sha256: string }} wheels
 * @property {string} stdlib  the engine stdlib's path
 */

/**
 * How to boot (see the top of this file).
 * @typedef {object} BootOptions
 * @property {"use" | "off"} [snapshot]
 * @property {{ id: string, sha256: string, packed: number, raw: number } | null} [snapshotRecord]
 * @property {string[]} [packages]
 * @property {"engine" | "full"} [stdlib]
 * @property {(loaded: number, total: number) => void} [onBytes]
 * @property {(name: string, message: string) => void} [onFailedFile]
 */

/** The site's root URL (this module is js/engine/ in it). */
export const SITE = new URL("../../", import.meta.url);
/** The Cache Storage cache the memory snapshot is kept in. */
export const SNAPSHOT_CACHE = "pixel-judge-snapshot";
/**
 * A snapshot is the runtime's whole wasm heap: about 31 MB for this runtime and
 * engine.  No snapshot larger than this is ever unpacked (the record's exact size
 * is checked first; this bounds what a damaged record could ask for): twice the
 * real size leaves room for a bigger engine, and inflating 64 MB costs well under
 * a second, where the 2.6 MB gzip bomb of issue 17 cost 5.2 GB.
 */
export const SNAPSHOT_MAX_BYTES = 64 * 1024 * 1024;
// The runtime's and the wheels' part of manifest.json, written here by build.py
// so a worker starts fetching the runtime at once, with no manifest round trip.
const BUILD = null;

/**
 * What a boot needs to know about this build: {runtime, wheels, stdlib}.
 * @returns {Promise<BuildFacts>}
 */
export async function readManifest() {
  if (!BUILD) throw new Error("pyodide-boot.js is not built: run python3 build.py");
  return BUILD;
}

/** A runtime file could not be downloaded (`file` names it). */
export class DownloadError extends Error {
  constructor(file, reason) {
    super(`could not download ${file} (${reason})`);
    this.file = file;
  }
}

/**
 * The snapshot's key (it fits one runtime build and one engine wheel only) and
 * its Cache Storage address.
 * @param {BuildFacts} manifest
 * @returns {string}
 */
export function snapshotKey(manifest) {
  return `${manifest.runtime.sha256.slice(0, 16)}-${manifest.wheels.engine_sha256.slice(0, 16)}`;
}

/**
 * Where the snapshot of this build is kept in Cache Storage.
 * @param {BuildFacts} manifest
 * @returns {string}
 */
export function snapshotUrl(manifest) {
  return new URL(`__snapshot/${snapshotKey(manifest)}.gz`, SITE).href;
}

function lockUrl(manifest) {
  return new URL(`wheels/${manifest.wheels.lock}?v=${manifest.wheels.lock_sha256.slice(0, 16)}`, SITE).href;
}

/**
 * Boots Pyodide for this build (see the top of this file for the options and the result).
 * @param {BuildFacts} manifest
 * @param {BootOptions} [options]
 */
export async function bootPyodide(manifest, options = {}) {
  const { snapshot = "use", snapshotRecord = null, onBytes = () => {}, onFailedFile = () => {} } = options;
  watchDownloads(manifest, options, onBytes, onFailedFile);
  let snapshotError = null;
  if (snapshot === "use") {
    try {
      const stored = await findSnapshot(manifest);
      if (stored) {
        // Checked and unpacked while the runtime downloads and compiles: loadPyodide
        // waits for the bytes only when it builds the heap.
        const bytes = verifiedSnapshot(stored, snapshotRecord, snapshotKey(manifest));
        bytes.catch(() => {});
        const pyodide = await start(manifest, { ...options, packages: [] }, bytes);
        pyodide.runPython("import py_engines.bridge");
        // The modules are in the heap, their files are not: put the packages' files
        // back (after ready, in the background) for anything imported lazily.
        const files = pyodide.loadPackage(options.packages || ["py-engines"], { messageCallback: () => {} })
          .catch((err) => console.warn(`engine files not restored: ${err.message}`));
        return { pyodide, fromSnapshot: true, snapshotError, files };
      }
    } catch (err) {
      snapshotError = String(err && err.message ? err.message : err);
      console.warn(`memory snapshot unusable, booting normally: ${snapshotError}`);
      await deleteSnapshots();
    }
  }
  const pyodide = await start(manifest, options, null);
  return { pyodide, fromSnapshot: false, snapshotError };
}

function stdlibPath(manifest, options) {
  return options.stdlib === "full" ? "pyodide/python_stdlib.zip" : manifest.stdlib;
}

function start(manifest, options, snapshotBytes) {
  const { packages = ["py-engines"], makeSnapshot = false } = options;
  const config = {
    indexURL: new URL("pyodide/", SITE).href,
    stdLibURL: new URL(stdlibPath(manifest, options), SITE).href,
    lockFileURL: lockUrl(manifest),
    packages,
    stdout: () => {},
    stderr: (line) => console.warn(line),
  };
  if (snapshotBytes) config._loadSnapshot = snapshotBytes;
  if (makeSnapshot) config._makeSnapshot = true;
  return loadPyodide(config);
}

// The stored snapshot (a Response), or null when there is none.
async function findSnapshot(manifest) {
  if (!globalThis.caches) return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  return (await cache.match(snapshotUrl(manifest))) || null;
}

/** A stored snapshot failed a check: it is not used. */
export class SnapshotError extends Error {}

/**
 * The stored snapshot's heap bytes, once it has proved itself against the page's
 * record: the packed bytes' size and SHA-256 first (nothing is inflated before),
 * then the heap's exact size while it streams out of gzip, never past
 * SNAPSHOT_MAX_BYTES.  Rejects with a SnapshotError naming the failed check.
 * @param {Response} stored
 * @param {{ id: string, sha256: string, packed: number, raw: number } | null} record
 * @param {string} key
 * @returns {Promise<Uint8Array>}
 */
export async function verifiedSnapshot(stored, record, key) {
  if (!validRecord(record)) throw new SnapshotError("no record of a stored snapshot: it was not made by this page");
  if (record.id !== key) throw new SnapshotError(`the record is for snapshot ${record.id}, not ${key}`);
  if (record.raw > SNAPSHOT_MAX_BYTES) throw new SnapshotError(`the record claims ${record.raw} bytes, over the ${SNAPSHOT_MAX_BYTES} cap`);
  if (!stored.body) throw new SnapshotError("the stored snapshot is empty");
  const packed = await readCapped(stored.body, record.packed, "stored snapshot");
  const digest = await sha256Hex(packed);
  if (digest !== record.sha256) throw new SnapshotError("the stored snapshot is not the one this page made (SHA-256 differs)");
  const plain = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return readCapped(plain, record.raw, "snapshot heap");
}

function validRecord(record) {
  return Boolean(record) && typeof record === "object" && typeof record.id === "string"
    && typeof record.sha256 === "string" && /^[0-9a-f]{64}$/.test(record.sha256)
    && Number.isSafeInteger(record.packed) && record.packed > 0
    && Number.isSafeInteger(record.raw) && record.raw > 0;
}

// Exactly `size` bytes from a stream, or a SnapshotError as soon as it gives more
// (it is cancelled there) or ends short.
async function readCapped(stream, size, what) {
  const out = new Uint8Array(size);
  const reader = stream.getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.byteLength > size) {
      await reader.cancel().catch(() => {});
      throw new SnapshotError(`the ${what} is larger than its recorded ${size} bytes`);
    }
    out.set(value, at);
    at += value.byteLength;
  }
  if (at !== size) throw new SnapshotError(`the ${what} has ${at} bytes, not its recorded ${size}`);
  return out;
}


/** Drops every stored snapshot (one that failed its checks, say). */
export async function deleteSnapshots() {
  if (globalThis.caches) await caches.delete(SNAPSHOT_CACHE).catch(() => {});
}

/**
 * Boots a fresh runtime with the engine, imports every engine module (a snapshot
 * holds the wasm heap only: the file system, where the wheel's files live, is not
 * in it), snapshots it and gzips it.  Returns {key, packed, raw}: the page stores
 * the packed bytes itself and records their hash (client.js), so a worker
 * never writes the snapshot (WebKit's private windows drop what a worker put in
 * Cache Storage once the worker is terminated).  Run it in a worker of its own
 * after the page's engine is ready and idle: the first solve never waits.
 * @param {BuildFacts} manifest
 */
export async function makeSnapshot(manifest) {
  const pyodide = await start(manifest, { makeSnapshot: true }, null);
  pyodide.runPython(`
import importlib, pkgutil, py_engines
def skip(name):
    pass   # a module that cannot import here is imported (and fails) on demand, as without a snapshot
for info in pkgutil.walk_packages(py_engines.__path__, "py_engines.", onerror=skip):
    if not info.name.endswith("__main__"):
        try:
            importlib.import_module(info.name)
        except Exception:
            pass
import py_engines.bridge, py_engines.registry
py_engines.registry.engine_names()
`);
  // What the package manager registered lives in JavaScript, not in the heap;
  // a snapshot that remembers it would refuse to load the lock file's packages.
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const raw = pyodide.makeMemorySnapshot();
  if (raw.length > SNAPSHOT_MAX_BYTES) throw new SnapshotError(`the snapshot has ${raw.length} bytes, over the ${SNAPSHOT_MAX_BYTES} cap`);
  const packed = await new Response(new Blob([/** @type {Uint8Array<ArrayBuffer>} a copy of the heap, never shared */ (raw)]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  return { key: snapshotKey(manifest), packed, raw: raw.length };
}

// Counts the bytes of the runtime files as they arrive, and names a file that
// fails.  Pyodide fetches pyodide.asm.wasm, the standard library and the wheels
// with fetch(); pyodide.asm.mjs is a module import, so its bytes are not seen.
// The bytes are counted on a clone: the response Pyodide gets is the browser's
// own, so the wasm still compiles as it streams in and keeps its URL (which the
// browser's compiled-code cache is keyed by).
function watchDownloads(manifest, options, onBytes, onFailedFile) {
  const sizes = new Map();
  for (const path of ["pyodide/pyodide.asm.wasm", stdlibPath(manifest, options)]) {
    sizes.set(new URL(path, SITE).pathname, manifest.runtime.bytes[path]);
  }
  if ((options.packages || ["py-engines"]).includes("py-engines")) {
    sizes.set(new URL(`wheels/${manifest.wheels.engine}`, SITE).pathname, manifest.wheels.engine_bytes);
  }
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let loaded = 0;
  const plainFetch = globalThis.__plainFetch || globalThis.fetch;
  globalThis.__plainFetch = plainFetch;
  globalThis.fetch = async (resource, init) => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), SITE);
    const name = url.pathname.slice(SITE.pathname.length) || url.pathname;
    let response;
    try {
      response = await plainFetch(resource, init);
    } catch (err) {
      onFailedFile(name, err.message || "network error");
      throw new DownloadError(name, err.message || "network error");
    }
    if (!response.ok) {
      onFailedFile(name, `HTTP ${response.status}`);
      throw new DownloadError(name, `HTTP ${response.status}`);
    }
    if (sizes.has(url.pathname) && response.body) count(response.clone().body.getReader());
    return response;
  };
  const count = async (reader) => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        loaded += value.byteLength;
        onBytes(Math.min(loaded, total), total);
      }
    } catch {
      // The download itself reports its failure through Pyodide.
    }
  };
  onBytes(0, total);
}
