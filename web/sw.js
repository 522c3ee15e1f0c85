/// <reference lib="webworker" />
// The service worker: the whole site offline after one visit, updated atomically,
// and every file it serves proven against the build's SHA-256.
// build.py writes the line below in dist/sw.js: the build's id, every file the
// site serves with its SHA-256, and the content types and headers to serve them
// with (buildsys/headers.py, the same as `build.py serve` sends), so a new build
// changes this script and the browser installs the new worker in the background.
// Install downloads every file into a cache named after the build and checks each
// one's hash (a file missing or from another build, as on a half-deployed host, fails
// the install: its cache is deleted, the pages are told, and the next visit tries
// again); the old worker keeps serving the old cache until the
// page reloads into the new one, so a visitor never mixes two builds.
//
// Requests for the build's files are answered from the cache, and a cached file is
// served only after its bytes hash to the build's SHA-256 (anything at the site's
// origin can write Cache Storage): one that does not is deleted and fetched again
// from the network, checked the same way before it is served and put back.  If
// that fails (offline, or the host already serves another build: this worker then
// unregisters, so the next load comes from the host) a page load gets a page that
// says so, and a file a clear 503 while the page is told (message
// "pixel-judge-damaged").  What is served is the bytes that were hashed, with the
// build's headers, never the cached response's own: its headers could have been
// rewritten too.
/** @type {{ build: string, files: Record<string, string>, types: Record<string, string>,
 *   headers: Record<string, Record<string, string>> }} */
const PRECACHE = { build: "dev", files: {}, types: {}, headers: { "*": {} } };
/** This worker's own global scope (the WebWorker library types `self` as any worker's). */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

// The words of the damaged page in every language ({lang: {key: text}}): the catalogs'
// ui.offline.* texts, which build.py writes in dist/sw.js as it writes PRECACHE (the
// catalogs themselves may be what is damaged).
/** @type {Record<string, Record<string, string>>} */
const WORDS = { en: {} };

const CACHE = `pixel-judge-site-${PRECACHE.build}`;
const SCOPE = new URL("./", sw.location.href);
const NAMES = Object.keys(PRECACHE.files);

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

// A few lanes at a time over a list of names; the first failure stops every lane from
// taking another name, and is thrown once the names in hand are done.
async function inLanes(names, work, lanes = 4) {
  let next = 0;
  /** @type {{ error: unknown } | null} */
  let failed = null;
  const lane = async () => {
    while (!failed && next < names.length) {
      try {
        await work(names[next++]);
      } catch (error) {
        failed = failed || { error };
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failed) throw failed.error;
}

// An install that cannot get every file of the build, each checked (a half-deployed host:
// a file missing, or still another build's), leaves nothing behind: its cache is deleted,
// the pages are told (message "pixel-judge-update-failed"; the page running the current
// build says it keeps working), and the install fails, to be tried again at the next visit.
async function precache() {
  // A cache of this name that is already there while a worker is active is that worker's
  // own (a new sw.js for the same files keeps the build's id): a failure leaves it to it.
  const ours = !sw.registration.active || !(await caches.has(CACHE));
  try {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates, so files the visit just loaded come from the HTTP cache
    // without being sent again.
    await inLanes(NAMES, async (name) => {
      const got = await download(name);
      if (!got.body) throw new Error(`${name}: ${got.problem}`);
      await cache.put(urlOf(name), stored(got.body));
    });
  } catch (error) {
    if (ours) await caches.delete(CACHE);
    const problem = error instanceof Error ? error.message : String(error);
    for (const client of await sw.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      client.postMessage({ type: "pixel-judge-update-failed", build: PRECACHE.build, problem });
    }
    throw error;
  }
}

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("pixel-judge-site-") && key !== CACHE) await caches.delete(key);
    }
    await sw.clients.claim();
  })());
});

// What the checks cost since the last page load: files, bytes, and the time from
// each hash's start to its end, summed (tests/bench.py asks for it).
let checked = { files: 0, bytes: 0, ms: 0 };

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") sw.skipWaiting();
  if (event.data && event.data.type === "language") event.waitUntil(keepLanguage(event.data.lang));
  if (event.data && event.data.type === "checked" && event.source) event.source.postMessage({ type: "checked", ...checked });
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const name = fileOf(request.url);
  // Not a file of this build (the C++ toolchain's data, another site): the browser
  // fetches it as it would without a service worker.
  if (name === null) return;
  event.respondWith(respond(name, request.mode === "navigate", event));
});

// The build's file a URL names (the folder's index.html for the folder), or null.
// Queries (?v=...) only bust HTTP caches: this cache holds one build.
function fileOf(href) {
  const url = new URL(href);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  let name;
  try {
    name = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  } catch {
    return null;
  }
  if (name === "" || name.endsWith("/")) name += "index.html";
  return Object.prototype.hasOwnProperty.call(PRECACHE.files, name) ? name : null;
}

function urlOf(name) {
  return new URL(name, SCOPE).href;
}

async function respond(name, navigate, event) {
  if (navigate) checked = { files: 0, bytes: 0, ms: 0 };
  const cache = await caches.open(CACHE);
  let body = await cachedAndChecked(cache, name);
  let problem = null;
  if (!body) {
    ({ body, problem } = await download(name));
    if (body) event.waitUntil(cache.put(urlOf(name), stored(body)));
  }
  // A page load also makes sure every file of the build is still in the cache (one
  // deleted as damaged, or evicted): fetched again now, or a page that says why not.
  if (body && navigate) problem = await refill(cache, event);
  if (body && !problem) return new Response(body, { status: 200, headers: headersOf(name) });
  // This copy cannot be completed from the host any more: it is dropped, and the next
  // load comes from the host (and installs its build's service worker).
  // Not awaited: Chromium may hold unregister() until the fetch events in flight have
  // answered, this one among them, and the page would wait for its script for ever.
  if (problem === "other-build") event.waitUntil(sw.registration.unregister());
  if (navigate) return damagedPage(problem);
  event.waitUntil(tellPages(name, problem));
  return new Response(`${explain(problem)} (${name})`,
    { status: 503, headers: { ...PRECACHE.headers["*"], "Content-Type": "text/plain; charset=utf-8" } });
}

// The cached file if its bytes are the build's; a damaged entry is deleted.  What is
// served is the entry's Blob whose bytes were hashed (a Blob never changes), which
// the browser hands to the page as it is: served as the hashed ArrayBuffer instead,
// the 10 MB wasm took three times as long to reach a worker.
async function cachedAndChecked(cache, name) {
  const hit = await cache.match(urlOf(name), { ignoreVary: true });
  if (!hit) return null;
  let blob = null;
  /** @type {ArrayBuffer | null} */
  let body;
  try {
    blob = await hit.blob();
    body = await blob.arrayBuffer();
  } catch {
    body = null;   // an entry whose body can no longer be read
  }
  if (body && await isTheBuilds(name, body)) return blob;
  await cache.delete(urlOf(name), { ignoreVary: true });
  return null;
}

// The file from the network, if it is this build's: {body} or {problem}.
async function download(name) {
  try {
    const response = await fetch(urlOf(name), { cache: "no-cache" });
    if (!response.ok) return { body: null, problem: `HTTP ${response.status}` };
    const body = await response.arrayBuffer();
    if (await isTheBuilds(name, body)) return { body, problem: null };
    return { body: null, problem: "other-build" };   // the host serves another build now
  } catch {
    return { body: null, problem: "offline" };
  }
}

async function refill(cache, event) {
  const present = new Set((await cache.keys()).map((request) => request.url));
  const missing = NAMES.filter((name) => !present.has(urlOf(name)));
  if (!missing.length) return null;
  // The first decides (offline, or another build on the host); the rest follow in the background.
  const first = await download(missing[0]);
  if (!first.body) return first.problem;
  await cache.put(urlOf(missing[0]), stored(first.body));
  event.waitUntil(inLanes(missing.slice(1), async (name) => {
    const got = await download(name);
    if (got.body) await cache.put(urlOf(name), stored(got.body));
  }));
  return null;
}

function stored(body) {
  return new Response(body, { status: 200 });
}

function headersOf(name) {
  const dot = name.lastIndexOf(".");
  const suffix = dot > name.lastIndexOf("/") ? name.slice(dot).toLowerCase() : "";
  return { ...(PRECACHE.headers[name] || PRECACHE.headers["*"]),
    "Content-Type": PRECACHE.types[suffix] || "application/octet-stream" };
}

// The check (tests/bench.py times a warm boot without it, in a copy of this file).
async function isTheBuilds(name, body) {
  const start = performance.now();
  const digest = await sha256(body);
  checked = { files: checked.files + 1, bytes: checked.bytes + body.byteLength,
    ms: checked.ms + performance.now() - start };
  return digest === PRECACHE.files[name];
}

async function sha256(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// The page's language (the visitor's choice or the browser's, told by the page at each
// boot and change), kept in a cache of its own for the worker's next start; checked
// against the languages of WORDS whenever it is read.
const PREFS = "pixel-judge-prefs";
const LANGUAGE_KEY = new URL("pixel-judge-language", SCOPE).href;

/** @param {unknown} lang */
async function keepLanguage(lang) {
  if (typeof lang !== "string" || !Object.prototype.hasOwnProperty.call(WORDS, lang)) return;
  const prefs = await caches.open(PREFS);
  await prefs.put(LANGUAGE_KEY, new Response(lang));
}

// The page's last language, else the browser's first one the site speaks (the page's
// rule, js/i18n/lang.js fromBrowser, for the languages of WORDS).
async function language() {
  try {
    const kept = await (await caches.open(PREFS)).match(LANGUAGE_KEY);
    const lang = kept ? (await kept.text()).slice(0, 16) : "";
    if (Object.prototype.hasOwnProperty.call(WORDS, lang)) return lang;
  } catch {
    // No storage: the browser's languages decide.
  }
  for (const tag of sw.navigator.languages || []) {
    const [primary, ...rest] = String(tag).toLowerCase().split(/[-_]/);
    if (primary === "en") return "en";
    const traditional = rest.includes("hant") || rest.some((part) => ["tw", "hk", "mo"].includes(part));
    if (primary === "zh" && (rest.includes("hans") || !traditional) && WORDS["zh-CN"]) return "zh-CN";
  }
  return "en";
}

/**
 * A text of the damaged page in `lang` ({{name}} replaced by params[name], as text).
 * @param {string} lang
 * @param {string} key
 * @param {Record<string, string>} [params]
 */
function say(lang, key, params = {}) {
  const text = (WORDS[lang] && WORDS[lang][key]) || WORDS.en[key] || key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name) => params[name] ?? "");
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function explain(problem, lang = "en") {
  if (problem === "other-build") return say(lang, "ui.offline.other_build");
  if (problem === "offline") return say(lang, "ui.offline.damaged_offline");
  return say(lang, "ui.offline.damaged", { problem: String(problem) });
}

async function damagedPage(problem) {
  const lang = await language();
  const text = escapeHtml(explain(problem, lang));
  const why = escapeHtml(say(lang, problem === "offline" ? "ui.offline.why_offline" : "ui.offline.why"));
  // The site's stylesheet if it can be had (through this worker, checked); plain and
  // readable if not.
  const html = `<!doctype html><html lang="${lang}"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(say(lang, "ui.offline.title"))}</title>
<link rel="stylesheet" href="${SCOPE.pathname}css/pixel.css">
<header class="bar"><h1 class="logo">PIXEL<span>JUDGE</span></h1></header>
<main data-testid="damaged-page" class="banner" role="alert">
<h2>${escapeHtml(say(lang, "ui.offline.heading"))}</h2>
<p>${text}</p>
<p>${why}</p>
<p><a href="${SCOPE.pathname}">${escapeHtml(say(lang, "ui.offline.reload"))}</a></p>
</main></html>`;
  return new Response(html, { status: 503,
    headers: { ...PRECACHE.headers["*"], "Content-Type": "text/html; charset=utf-8" } });
}

async function tellPages(name, problem) {
  for (const client of await sw.clients.matchAll({ type: "window" })) {
    client.postMessage({ type: "pixel-judge-damaged", file: name, problem: String(problem),
      message: explain(problem) });
  }
}
