// Boots the Pyodide runtime with the engine, for any worker that needs Python.
//
//   import { readManifest, bootPyodide } from "./pyodide-boot.js";
//   const manifest = await readManifest();
//   const { pyodide, fromSnapshot } = await bootPyodide(manifest, { onBytes, onFailedFile, snapshotRecord });
//   (after a snapshot boot, `files` is a promise that resolves when the extra
//   packages' files, if any, are back on the file system; imported modules need
//   not wait for it)
//
// The runtime's downloads start the moment a boot is asked for (prepareRuntime):
// the wasm is read and compiled from then on (Pyodide itself would only start
// compiling once its script is loaded and, on a snapshot boot, once the snapshot
// is in hand), its script is imported, and the standard library and the lock file
// are requested; Pyodide's own requests for them get these.
//
// The engine comes in the engine's standard library (build.py compiles the package
// into its zip, beside the standard modules it needs), which Python imports from
// where it lies: no wheel to fetch and install at boot (that was 60-90 ms of a first
// visit).  Other packages (and the engine with the "full" standard library) come
// from the site's copy of the runtime's lock file (wheels/pyodide-lock.json,
// written by build.py exactly as `pyodide lockfile add-wheels` writes it), which
// `loadPyodide` installs while the runtime starts: no micropip on the boot path.
// When Cache Storage holds a
// memory snapshot made for this runtime build and this engine wheel (see
// makeSnapshot), the runtime boots from it instead: the engine is then already
// imported.  A snapshot is trusted only when it proves itself: its SHA-256 and
// sizes must equal the record the page wrote in its local storage when it stored
// it (`snapshotRecord`, which no worker can write), and its runs of heap must fit
// the recorded heap (snapshot-file.js); one that fails any check, or fails to
// load, is deleted and the runtime boots the normal way.  Options:
//   snapshot: "use" (default) boots from a matching snapshot; "off" never does;
//   snapshotRecord: {id, sha256, packed, raw} (see client.js), or null, or a
//             promise of either (the worker gets it from the page);
//   packages: lock-file packages to load at boot (default none: the engine is in
//             the engine's standard library, below; ["py-engines"] with the
//             "full" one; add "micropip" to have it, from the site's own wheels);
//   stdlib:   "engine" (default): the standard library build.py compiled for the
//             engine (the modules Pyodide's start-up and the engines import, as
//             bytecode: nothing to compile at boot); "full": Pyodide's whole
//             python_stdlib.zip (sources), for a worker running other code;
//   onBytes(loaded, total): download progress of the runtime files, in bytes;
//   onFailedFile(name, message): a runtime file could not be downloaded (Pyodide
//             itself would wait forever for a failed wasm download).
import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { sha256Hex } from "../util/bytes.js";
import { shareSmallModules } from "./wasm-modules.js";
import { packHeap, unpackHeap, SnapshotFileError } from "./snapshot-file.js";

/**
 * What a boot needs to know about this build (build.py writes it in BUILD below).
 * @typedef {object} BuildFacts
 * @property {{ sha256: string, bytes: Record<string, number> }} runtime
 * @property {{ engine: string, engine_sha256: string, engine_bytes: number, lock: string, lock_sha256: string }} wheels
 * @property {string} stdlib  the engine stdlib's path
 * @property {Record<string, string>} [files]  the SHA-256 of the files offlineCopy may read
 */

/**
 * The page's record of the snapshot it stored (client.js).
 * @typedef {{ id: string, sha256: string, packed: number, raw: number }} SnapshotRecord
 */

/**
 * How to boot (see the top of this file).
 * @typedef {object} BootOptions
 * @property {"use" | "off"} [snapshot]
 * @property {SnapshotRecord | null | Promise<SnapshotRecord | null>} [snapshotRecord]
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
 * real size leaves room for a bigger engine.
 */
export const SNAPSHOT_MAX_BYTES = 64 * 1024 * 1024;
// The runtime's and the wheels' part of manifest.json, written here by build.py
// so a worker starts fetching the runtime at once, with no manifest round trip.
const BUILD = null;

/**
 * What a boot needs to know about this build: {runtime, wheels, stdlib, files}.
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
  return new URL(`__snapshot/${snapshotKey(manifest)}.heap`, SITE).href;
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
  prepareRuntime(manifest, options, onBytes, onFailedFile);
  let snapshotError = null;
  if (snapshot === "use") {
    try {
      const stored = await findSnapshot(manifest);
      if (stored) {
        // The record (it may still be on its way from the page: a promise) sizes the
        // heap; the stored file is read, checked and unpacked into it while Pyodide
        // builds and instantiates the runtime, which restores the heap only once it
        // is filled from a file that proved itself (start(): the module factory
        // waits for `checked`).
        const record = await snapshotRecord;
        const heap = snapshotHeap(record, snapshotKey(manifest));
        const checked = fillSnapshot(stored, record, heap);
        checked.then(() => performance.mark("boot:snapshot-checked"), () => {});
        const pyodide = await start(manifest, { ...options, packages: [] }, { heap, checked });
        performance.mark("boot:restored");
        pyodide.runPython("import py_engines.bridge");
        // The modules are in the heap, the files of extra packages are not (the engine's
        // are, in the standard library's zip): put those back (after ready, in the
        // background) for anything imported lazily.
        const extra = packagesOf(options);
        const files = (extra.length ? pyodide.loadPackage(extra, { messageCallback: () => {} }) : Promise.resolve())
          .catch((err) => console.warn(`package files not restored: ${err.message}`));
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

// The lock file's packages a boot loads: the engine comes with the engine's standard
// library (build.py puts the package in its zip: no wheel to install at boot), but not
// with Pyodide's full one.
function packagesOf(options) {
  return options.packages || (options.stdlib === "full" ? ["py-engines"] : []);
}

function stdlibPath(manifest, options) {
  return options.stdlib === "full" ? "pyodide/python_stdlib.zip" : manifest.stdlib;
}

// `snapshot`: {heap, checked} (bootPyodide), or null for a normal boot.
function start(manifest, options, snapshot) {
  const { makeSnapshot = false } = options;
  const packages = packagesOf(options);
  const config = {
    indexURL: new URL("pyodide/", SITE).href,
    stdLibURL: new URL(stdlibPath(manifest, options), SITE).href,
    lockFileURL: lockUrl(manifest),
    packages,
    stdout: () => {},
    stderr: (line) => console.warn(line),
    // The runtime's script, imported since prepareRuntime (Pyodide would import it
    // now).  Pyodide restores a snapshot's heap right after this resolves, so on a
    // snapshot boot it resolves only once the heap is filled from a checked file.
    createPyodideModule: async (settings) => {
      const module = await (await runtime.script).default(settings);
      performance.mark("boot:module");
      if (snapshot) await snapshot.checked;
      return module;
    },
  };
  // Pyodide reads only the length of this until it restores it (see above).
  if (snapshot) config._loadSnapshot = snapshot.heap;
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

// The heap a snapshot boot restores: zeros of the recorded size, once the record
// itself holds (this page's key, under SNAPSHOT_MAX_BYTES); fillSnapshot fills it.
function snapshotHeap(record, key) {
  if (!validRecord(record)) throw new SnapshotError("no record of a stored snapshot: it was not made by this page");
  if (record.id !== key) throw new SnapshotError(`the record is for snapshot ${record.id}, not ${key}`);
  if (record.raw > SNAPSHOT_MAX_BYTES) throw new SnapshotError(`the record claims ${record.raw} bytes, over the ${SNAPSHOT_MAX_BYTES} cap`);
  return new Uint8Array(record.raw);
}

// Fills `heap` from the stored snapshot once the file has proved itself against the
// page's record: its size (known before a byte is read) and SHA-256 first, then its
// runs against the recorded heap (snapshot-file.js).  Rejects with a SnapshotError
// naming the failed check, before anything is written into `heap`.
async function fillSnapshot(stored, record, heap) {
  const file = await stored.blob();
  if (file.size !== record.packed) {
    throw new SnapshotError(`the stored snapshot has ${file.size} bytes, not its recorded ${record.packed}`);
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  performance.mark("boot:snapshot-read");
  if (bytes.length !== record.packed) throw new SnapshotError(`the stored snapshot has ${bytes.length} bytes, not its recorded ${record.packed}`);
  const digest = await sha256Hex(bytes);
  if (digest !== record.sha256) throw new SnapshotError("the stored snapshot is not the one this page made (SHA-256 differs)");
  performance.mark("boot:snapshot-hashed");
  try {
    unpackHeap(bytes, heap);
  } catch (err) {
    if (err instanceof SnapshotFileError) throw new SnapshotError(err.message);
    throw err;
  }
}

function validRecord(record) {
  return Boolean(record) && typeof record === "object" && typeof record.id === "string"
    && typeof record.sha256 === "string" && /^[0-9a-f]{64}$/.test(record.sha256)
    && Number.isSafeInteger(record.packed) && record.packed > 0
    && Number.isSafeInteger(record.raw) && record.raw > 0;
}

/** Drops every stored snapshot (one that failed its checks, say). */
export async function deleteSnapshots() {
  if (globalThis.caches) await caches.delete(SNAPSHOT_CACHE).catch(() => {});
}

/**
 * Boots a fresh runtime with the engine, imports every engine module (a snapshot
 * holds the wasm heap only: the file system, where the wheel's files live, is not
 * in it), snapshots it and packs it (snapshot-file.js: the heap without its zero
 * pages).  Returns {key, packed, raw}: the page stores the packed bytes (an
 * ArrayBuffer) itself and records their hash (client.js), so a worker
 * never writes the snapshot (WebKit's private windows drop what a worker put in
 * Cache Storage once the worker is terminated).  Run it in a worker of its own
 * after the page's engine is ready and idle: the first solve never waits.
 * @param {BuildFacts} manifest
 */
export async function makeSnapshot(manifest) {
  prepareRuntime(manifest, {}, () => {}, () => {});
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
  return { key: snapshotKey(manifest), packed: packHeap(raw).buffer, raw: raw.length };
}

// What prepareRuntime started: the runtime's script (a module namespace promise).
/** @type {{ script: Promise<{ default: (settings: object) => Promise<any> }> | null }} */
const runtime = { script: null };
// Pyodide's own request for the wasm is answered with a stand-in response, which
// WebAssembly.instantiateStreaming (wrapped once, below) maps to the module
// compiled from the prefetched bytes.
/** @type {WeakMap<Response, Promise<WebAssembly.Module>>} */
const compiledFor = new WeakMap();

// Starts the runtime's downloads and watches every request the boot makes: counts
// the bytes of the runtime files as they arrive and names a file that fails.  The
// wasm, the standard library and the lock file come straight from the site's
// offline copy when it holds them with this build's bytes (offlineCopy), else
// through fetch() and the service worker; the wasm is compiled at once (as it
// streams in, from the network), the others are handed to Pyodide when it asks for
// them (once: a second boot in the same worker, after an unusable snapshot, asks
// again).  pyodide.asm.mjs is a module import, so its bytes are not counted.
function prepareRuntime(manifest, options, onBytes, onFailedFile) {
  const sizes = new Map();
  for (const path of ["pyodide/pyodide.asm.wasm", stdlibPath(manifest, options)]) {
    sizes.set(new URL(path, SITE).pathname, manifest.runtime.bytes[path]);
  }
  if (packagesOf(options).includes("py-engines")) {
    sizes.set(new URL(`wheels/${manifest.wheels.engine}`, SITE).pathname, manifest.wheels.engine_bytes);
  }
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let loaded = 0;
  const plainFetch = globalThis.__plainFetch || globalThis.fetch;
  globalThis.__plainFetch = plainFetch;
  const prefetched = new Map();
  const wasmUrl = new URL("pyodide/pyodide.asm.wasm", SITE).href;
  let compiled = null;
  // Pyodide's requests: what was started for it, else the network.
  const watched = async (resource, init) => {
    const url = new URL(resource instanceof Request ? resource.url : String(resource), SITE);
    const early = prefetched.get(url.href);
    if (early) {
      prefetched.delete(url.href);
      return early;
    }
    if (url.href === wasmUrl && compiled) {
      const standIn = new Response(null, { status: 200 });
      compiledFor.set(standIn, compiled);
      return standIn;
    }
    return network(resource, init);
  };
  const network = async (resource, init) => {
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
  globalThis.fetch = watched;
  const count = async (reader) => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        loaded += value.byteLength;
        onBytes(Math.min(loaded, total), total);
      }
    } catch {
      // The download itself reports its failure.
    }
  };
  onBytes(0, total);
  wrapInstantiateStreaming();
  shareSmallModules();
  if (!runtime.script) runtime.script = import("../../pyodide/pyodide.asm.mjs");
  runtime.script.then(() => performance.mark("boot:script"), () => {});
  const copied = (copy) => {
    loaded += copy.bytes.length;
    onBytes(Math.min(loaded, total), total);
  };
  compiled = (async () => {
    const copy = await offlineCopy(manifest, "pyodide/pyodide.asm.wasm");
    if (copy) {
      // Compiled while its hash is checked; instantiated only if it matches.
      const module = WebAssembly.compile(copy.bytes);
      module.catch(() => {});
      if (await copy.proved) {
        copied(copy);
        return module;
      }
    }
    return WebAssembly.compileStreaming(network(wasmUrl));
  })();
  compiled.then(() => performance.mark("boot:wasm-compiled"), (err) => {
    // A failed download was named already; a body that does not compile is named here.
    if (!(err instanceof DownloadError)) onFailedFile("pyodide/pyodide.asm.wasm", String(err && err.message ? err.message : err));
  });
  for (const [path, url] of [[stdlibPath(manifest, options), new URL(stdlibPath(manifest, options), SITE).href],
    [`wheels/${manifest.wheels.lock}`, lockUrl(manifest)]]) {
    const early = (async () => {
      const copy = await offlineCopy(manifest, path);
      if (copy && await copy.proved) {
        copied(copy);
        return new Response(copy.bytes, { status: 200 });
      }
      return network(url);
    })();
    early.catch(() => {});
    prefetched.set(url, early);
  }
}

// The most a boot file without a recorded size (the lock file) may be when read back.
const OFFLINE_MAX_BYTES = 16 * 1024 * 1024;

// A file of the site straight from its offline copy (the service worker's Cache
// Storage; sw.js), with `proved`: a promise that its bytes hash to this build's
// SHA-256 (BUILD.files, written by build.py into this script, which the service
// worker itself served only once it proved to be the build's).  The bytes then
// cross into this worker once, where through the service worker they are read and
// hashed there, then read again here.  Null when there is no copy (a first visit,
// no Cache Storage) or one of the wrong size, which is never read; a copy that fails its hash is never used: the caller asks the
// network and the service worker, which replace a damaged copy.
async function offlineCopy(manifest, path) {
  const sha256 = manifest.files && manifest.files[path];
  if (!sha256 || !globalThis.caches) return null;
  // No more is read than the file can be: its size where the build recorded it.
  const size = manifest.runtime.bytes[path];
  try {
    const hit = await caches.match(new URL(path, SITE).href, { ignoreVary: true });
    const blob = hit ? await hit.blob() : null;
    if (!blob || (size ? blob.size !== size : blob.size > OFFLINE_MAX_BYTES)) return null;
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const file = path.slice(path.lastIndexOf("/") + 1);
    performance.mark(`boot:read ${file}`);
    const proved = sha256Hex(bytes).then((digest) => {
      performance.mark(`boot:hashed ${file}`);
      return digest === sha256;
    }, () => false);
    return { bytes, proved };
  } catch {
    return null;
  }
}

let wrapped = false;

function wrapInstantiateStreaming() {
  if (wrapped) return;
  wrapped = true;
  const original = WebAssembly.instantiateStreaming.bind(WebAssembly);
  /** @type {{ instantiateStreaming: typeof WebAssembly.instantiateStreaming }} */
  const api = WebAssembly;
  api.instantiateStreaming = async (source, imports) => {
    const response = await source;
    const compiled = compiledFor.get(response);
    if (!compiled) return original(response, imports);
    const module = await compiled;
    const instance = await WebAssembly.instantiate(module, imports);
    performance.mark("boot:instantiated");
    return { module, instance };
  };
}
