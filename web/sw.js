/* The service worker: after one visit the game loads and plays with no network.

   scripts/build.py writes this file to the site's root (so its scope is the
   site's directory, sub-path or not) with PRECACHE filled in: every file the
   game needs, each with a hash of its content, and a version made from them.

   - install: the files go into a cache named after the version. A file whose
     hash is unchanged since the previous version is copied from the previous
     cache; the others are fetched (revalidated, never from a stale HTTP cache)
     and checked against their hash, so a half-deployed site never gets cached.
   - activate: older versions' caches of this site are deleted; the page is taken
     over at once on the first visit. An update waits until the page asks for it
     (the "new version" banner posts {type: "skip-waiting"}).
   - fetch: the precached files are served from the cache; a navigation to the
     site's directory or index.html, whatever its query, gets the cached page.
     Anything else goes to the network as usual. */

const PRECACHE = {"version": "dev", "files": []};  // written by scripts/build.py

const SCOPE = new URL("./", self.location.href).href;
const INDEX = new URL("index.html", SCOPE).href;
const PREFIX = `tarot ${new URL(SCOPE).pathname} `;  // caches are per origin, not per scope
const CACHE = PREFIX + PRECACHE.version;
const HASHES = new Map(PRECACHE.files.map(([path, hash]) => [new URL(path, SCOPE).href, hash]));
const HASH_HEADER = "X-Tarot-Hash";

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fromPreviousCaches(url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const response = await (await caches.open(name)).match(url);
    if (response && response.headers.get(HASH_HEADER) === hash) return response;
  }
  return null;
}

async function cacheOne(cache, url, hash) {
  const present = await cache.match(url);
  if (present && present.headers.get(HASH_HEADER) === hash) return;
  const previous = await fromPreviousCaches(url, hash);
  if (previous) {
    await cache.put(url, previous);
    return;
  }
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (!(await sha256(body)).startsWith(hash)) {
    throw new Error(`${url}: the content does not match version ${PRECACHE.version}`);
  }
  const headers = new Headers(response.headers);
  // The body kept is the decoded one: a host's compression no longer applies to it.
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  headers.set(HASH_HEADER, hash);
  await cache.put(url, new Response(body, { status: 200, statusText: "OK", headers }));
}

// The files a page asks for by their own address (all but the pages, whose address may carry a
// query): once this version is active, the browser reads them from its cache itself, without
// starting this worker or running its fetch handler (the static routing of service workers,
// where the browser has it; a file missing from the cache goes to the network).
const escapePattern = (text) => text.replace(/[\\:*?+(){}]/g, "\\$&");
const ROUTED = [...HASHES.keys()].filter((url) => !url.endsWith(".html"));

function addRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  const paths = ROUTED.map((url) => ({ urlPattern: { pathname: escapePattern(new URL(url).pathname) } }));
  const warn = (error) => console.warn("static routes not added:", error);
  try {
    Promise.resolve(event.addRoutes({ condition: { or: paths }, source: { cacheName: CACHE } })).catch(warn);
  } catch (error) {
    warn(error);
  }
}

self.addEventListener("install", (event) => {
  addRoutes(event);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all([...HASHES].map(([url, hash]) => cacheOne(cache, url, hash)));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  let key = url.origin + url.pathname;
  if (request.mode === "navigate" && (key === SCOPE || key === INDEX)) key = INDEX;
  if (!HASHES.has(key)) return;
  event.respondWith((async () => {
    const hit = await (await caches.open(CACHE)).match(key);
    return hit || fetch(request);
  })());
});
