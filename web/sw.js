// The service worker: the whole site offline after one visit, updated atomically.
// build.py writes the line below in dist/sw.js: the build's id and every file the
// site serves with its SHA-256, so a new build changes this script and the
// browser installs the new worker in the background.  Install downloads every
// file into a cache named after the build and checks each one's hash (a file from
// a half-deployed build fails the install, which is retried on the next visit);
// the old worker keeps serving the old cache until the page reloads into the new
// one, so a visitor never mixes two builds.  Requests are answered cache-first.
const PRECACHE = { build: "dev", files: {} };

const CACHE = `pixel-judge-site-${PRECACHE.build}`;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  const names = Object.keys(PRECACHE.files);
  let next = 0;
  // A few downloads at a time; "no-cache" revalidates, so files the visit just
  // loaded come from the HTTP cache without being sent again.
  const lane = async () => {
    while (next < names.length) {
      const name = names[next++];
      const url = new URL(name, SCOPE).href;
      const response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      const body = await response.clone().arrayBuffer();
      const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", body))]
        .map((b) => b.toString(16).padStart(2, "0")).join("");
      if (digest !== PRECACHE.files[name]) throw new Error(`${name}: not the file of build ${PRECACHE.build}`);
      await cache.put(url, response);
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("pixel-judge-site-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    let key = request.url.split("#")[0];
    const path = new URL(key).pathname;
    if (request.mode === "navigate" && path === SCOPE.pathname) key = new URL("index.html", SCOPE).href;
    // Hash queries (?v=...) only bust HTTP caches; this cache holds one build.
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});
