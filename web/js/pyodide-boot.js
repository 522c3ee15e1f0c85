// Boots the Pyodide runtime with the engine, for any worker that needs Python.
//
//   import { readManifest, bootPyodide } from "./pyodide-boot.js";
//   const manifest = await readManifest();
//   const { pyodide, fromSnapshot } = await bootPyodide(manifest, { onBytes, onFailedFile });
//   (after a snapshot boot, `files` is a promise that resolves when the packages'
//   files are back on the file system; imported modules need not wait for it)
//
// The engine comes from the site's copy of the runtime's lock file
// (wheels/pyodide-lock.json, written by build.py exactly as `pyodide lockfile
// add-wheels` writes it), so `loadPyodide` fetches and installs it while the
// runtime starts: no micropip on the boot path.  When Cache Storage holds a
// memory snapshot made for this runtime build and this engine wheel (see
// makeSnapshot), the runtime boots from it instead: the engine is then already
// imported, and a snapshot that fails to load is deleted and the runtime boots
// the normal way.  Options:
//   snapshot: "use" (default) boots from a matching snapshot; "off" never does;
//   packages: lock-file packages to load at boot (default ["py-engines"]; add
//             "micropip" to have it, from the site's own wheels);
//   stdlib:   "engine" (default): the standard library build.py compiled for the
//             engine (the modules Pyodide's start-up and the engines import, as
//             bytecode: nothing to compile at boot); "full": Pyodide's whole
//             python_stdlib.zip (sources), for a worker running other code;
//   onBytes(loaded, total): download progress of the runtime files, in bytes;
//   onFailedFile(name, message): a runtime file could not be downloaded (Pyodide
//             itself would wait forever for a failed wasm download).
import { loadPyodide } from "../pyodide/pyodide.mjs";

export const SITE = new URL("../", import.meta.url);
const SNAPSHOT_CACHE = "pixel-judge-snapshot";
// The runtime's and the wheels' part of manifest.json, written here by build.py
// so a worker starts fetching the runtime at once, with no manifest round trip.
const BUILD = null;

// What a boot needs to know about this build: {runtime, wheels, stdlib}.
export async function readManifest() {
  if (!BUILD) throw new Error("pyodide-boot.js is not built: run python3 build.py");
  return BUILD;
}

export class DownloadError extends Error {
  constructor(file, reason) {
    super(`could not download ${file} (${reason})`);
    this.file = file;
  }
}

// The Cache Storage address of the snapshot for this runtime and engine.
export function snapshotUrl(manifest) {
  const key = `${manifest.runtime.sha256.slice(0, 16)}-${manifest.wheels.engine_sha256.slice(0, 16)}`;
  return new URL(`__snapshot/${key}.gz`, SITE).href;
}

function lockUrl(manifest) {
  return new URL(`wheels/${manifest.wheels.lock}?v=${manifest.wheels.lock_sha256.slice(0, 16)}`, SITE).href;
}

export async function bootPyodide(manifest, options = {}) {
  const { snapshot = "use", onBytes = () => {}, onFailedFile = () => {} } = options;
  watchDownloads(manifest, options, onBytes, onFailedFile);
  let snapshotError = null;
  if (snapshot === "use") {
    try {
      const stored = await findSnapshot(manifest);
      if (stored) {
        // Read and unpacked while the runtime downloads and compiles: loadPyodide
        // waits for the bytes only when it builds the heap.
        const bytes = unpackSnapshot(stored);
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

// The snapshot's bytes; rejects when they cannot be read back.
async function unpackSnapshot(stored) {
  const plain = stored.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(plain).arrayBuffer());
}

export async function deleteSnapshots() {
  if (globalThis.caches) await caches.delete(SNAPSHOT_CACHE).catch(() => {});
}

export async function hasSnapshot(manifest) {
  if (!globalThis.caches) return false;
  const cache = await caches.open(SNAPSHOT_CACHE);
  return Boolean(await cache.match(snapshotUrl(manifest)));
}

// Boots a fresh runtime with the engine, imports every engine module (a snapshot
// holds the wasm heap only: the file system, where the wheel's files live, is not
// in it), snapshots it, gzips it and stores it in Cache Storage under this
// runtime's and engine's hashes, replacing any older one.  Run it in a worker of
// its own after the page's engine is ready and idle: the first solve never waits.
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
  const packed = await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
  await deleteSnapshots();
  const cache = await caches.open(SNAPSHOT_CACHE);
  await cache.put(snapshotUrl(manifest), new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
  return { raw: raw.length, stored: packed.size };
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
