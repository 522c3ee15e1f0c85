// The C++ toolchain's files, for the compiler worker: each read from a cache of
// its own when the bytes there hash to the SHA-256 the build recorded, else
// downloaded (with byte progress; an AbortSignal cancels), checked the same way
// and stored for the next time and for offline use.  The service worker never
// precaches these files (dist/toolchain/ is left out of its list), so a first
// visit never pays for them.
import { TOOLCHAIN } from "./toolchain-files.js";
import { joinBytes, sha256Hex } from "../util/bytes.js";

/** The prefix of the toolchain caches' names (one per build). */
export const CACHE_PREFIX = "pixel-judge-toolchain-";
const SITE = new URL("../../", import.meta.url);

/** @param {NonNullable<typeof TOOLCHAIN>} info */
export const cacheName = (info) => CACHE_PREFIX + info.id;

/** @param {string} path */
export const fileUrl = (path) => new URL(path, SITE).href;


async function openCache(info) {
  if (typeof caches === "undefined") return null;
  try {
    // Toolchains of earlier builds are dropped: only this build's files are kept.
    for (const key of await caches.keys()) {
      if (key.startsWith(CACHE_PREFIX) && key !== cacheName(info)) await caches.delete(key);
    }
    return await caches.open(cacheName(info));
  } catch {
    return null;   // storage turned off (a private window): the files live for this session only
  }
}

/**
 * An Error in English with the same words as a catalog message (`msg`, ui.cpp.*) for the page.
 * @param {string} message
 * @param {import("../i18n/render.js").Msg} msg
 * @param {unknown} [cause]
 */
function failure(message, msg, cause) {
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { msg });
}

/**
 * The body of `response`, counting bytes as they arrive.
 * @param {Response} response
 * @param {(bytes: number) => void} onBytes
 */
async function readCounting(response, onBytes) {
  const reader = response.body.getReader();
  const chunks = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    onBytes(value.length);
  }
  return joinBytes(chunks).buffer;
}

/**
 * Every toolchain file's verified bytes.
 * onProgress({phase: "check" | "download" | "store", done, total, wire}) reports
 * the bytes downloaded so far of those missing (done, total: decoded bytes; wire:
 * what the missing files weigh as brotli).  Resolves to
 * {files: Map<name, ArrayBuffer>, downloaded: string[], damaged: string[], stored: boolean}.
 * @param {{ info?: typeof TOOLCHAIN, signal?: AbortSignal,
 *   onProgress?: (progress: { phase: "check" | "download" | "store", done: number, total: number, wire: number }) => void }} [options]
 */
export async function loadToolchainFiles({ info = TOOLCHAIN, onProgress = () => {}, signal } = {}) {
  if (!info) throw new Error("this build has no C++ toolchain (toolchain-files.js was not written by build.py)");
  const cache = await openCache(info);
  const files = new Map();
  const missing = [];
  const damaged = [];
  const entries = Object.entries(info.files);
  onProgress({ phase: "check", done: 0, total: 0, wire: 0 });
  for (const [name, file] of entries) {
    const url = fileUrl(file.url);
    const hit = cache ? await cache.match(url) : undefined;
    if (hit) {
      const bytes = await hit.arrayBuffer();
      if (await sha256Hex(bytes) === file.sha256) {
        files.set(name, bytes);
        continue;
      }
      damaged.push(name);   // never used: fetched again below
      await cache.delete(url);
    }
    missing.push(name);
  }
  const total = missing.reduce((sum, name) => sum + info.files[name].bytes, 0);
  const wire = missing.reduce((sum, name) => sum + info.files[name].br, 0);
  let done = 0;
  let stored = cache !== null;
  if (missing.length) onProgress({ phase: "download", done, total, wire });
  await Promise.all(missing.map(async (name) => {
    const file = info.files[name];
    let response;
    try {
      // no-store: this cache keeps the file; the HTTP cache need not keep a second copy.
      response = await fetch(fileUrl(file.url), { signal, cache: "no-store" });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (navigator.onLine === false) {
        throw failure(`could not download the C++ compiler (${name}): you are offline`, { id: "ui.cpp.download_offline", params: { name } }, error);
      }
      throw failure(`could not download the C++ compiler (${name}): ${error.message}`,
        { id: "ui.cpp.download_failed", params: { name, reason: String(error.message) } }, error);
    }
    if (!response.ok) {
      throw failure(`could not download the C++ compiler (${name}): HTTP ${response.status}`,
        { id: "ui.cpp.download_http", params: { name, status: response.status } });
    }
    const bytes = await readCounting(response, (n) => {
      done += n;
      onProgress({ phase: "download", done, total, wire });
    });
    if (await sha256Hex(bytes) !== file.sha256) {
      throw failure(`the downloaded ${name} is not the file of this build (its SHA-256 differs): reload the page`,
        { id: "ui.cpp.download_damaged", params: { name } });
    }
    files.set(name, bytes);
    if (cache) {
      try {
        await cache.put(fileUrl(file.url), new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
      } catch {
        stored = false;   // quota: it still works now, and downloads again next time
      }
    }
  }));
  if (missing.length) onProgress({ phase: "store", done, total, wire });
  return { files, downloaded: missing, damaged, stored };
}

/** Whether every toolchain file is in the cache (not checked: the worker checks when it reads them). */
export async function toolchainCached(info = TOOLCHAIN) {
  if (!info || typeof caches === "undefined") return false;
  try {
    if (!(await caches.has(cacheName(info)))) return false;
    const cache = await caches.open(cacheName(info));
    for (const file of Object.values(info.files)) {
      if (!(await cache.match(fileUrl(file.url)))) return false;
    }
    return true;
  } catch {
    return false;
  }
}
