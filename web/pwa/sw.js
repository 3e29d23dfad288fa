// The service worker: the whole game stored on the device, one version at a time.
//
// scripts/pwa_build.py puts this file at the root of the built site (so its
// scope is the site's folder, under any sub-path) with, in front of it,
//   const PRECACHE = { appVersion, engineVersion, pyodideVersion, filesVersion,
//     files: { "<path relative to the site>": [size, sha256, "v=..." (if the site
//              requests it with that query)], ... },
//     groups: { "<name>": ["<path>", ...], ... } };
// listing every file of the finished site. The files of a group are only for one
// page (python: the Python page and PyScript): they are stored when that page asks
// ({type: "cache-group", group} with a port for the answer {ok, message}), and from
// then on by every later version's install too.
//
// install   fetch every file outside the groups, and those of the groups an older
//           version had stored, into a cache named after this scope and version
//           (unchanged files are copied from the previous version's cache),
//           checking each one's size and sha256: a half-deployed update fails
//           to install instead of mixing versions. Then wait.
// activate  (on first install at once; on an update only when the page asks,
//           see web/pwa/pwa.js) delete the caches of older versions of this site
//           (this version's runtime snapshot, stored by the engine worker, stays).
// fetch     answer the site's own files from this version's cache, whatever
//           their ?v= query; anything else goes to the network untouched.
/* global PRECACHE */

const SCOPE = self.registration.scope; // ends with "/"
const PREFIX = `hasenpfeffer ${SCOPE} `;
// One cache per version: the app's, the runtime's, and that of the whole file list.
const CACHE = `${PREFIX}app-${PRECACHE.appVersion} pyodide-${PRECACHE.pyodideVersion} files-${PRECACHE.filesVersion}`;
// Kept on activate: the engine worker's snapshot of the started runtime for this
// version (named the same way in web/engine/worker.js).
const SNAPSHOT_CACHE = `${PREFIX}snapshot app-${PRECACHE.appVersion} pyodide-${PRECACHE.pyodideVersion}`;
// Stored in each cache when its precache is complete: the file list it holds.
const INDEX_KEY = `${SCOPE}__precache-index.json`;
const FILES = PRECACHE.files;
const GROUPS = PRECACHE.groups ?? {};
const IN_GROUP = new Set(Object.values(GROUPS).flat());

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function matches(path, response) {
  const [size, sha] = FILES[path];
  if (!response?.ok || response.redirected) return false;
  const body = await response.clone().arrayBuffer();
  return body.byteLength === size && hex(await crypto.subtle.digest("SHA-256", body)) === sha;
}

/** This version's file from the server, checked against the list. */
async function download(path) {
  const url = SCOPE + path;
  // The URL the page itself used, and "no-cache": revalidated with the server, a
  // file the page has just downloaded comes from the HTTP cache (304), and
  // nothing stale is stored. The page is usually opened as the folder, not
  // as index.html: try that first.
  const query = FILES[path][2];
  const urls = path === "index.html" ? [SCOPE, url] : [query ? `${url}?${query}` : url];
  for (const u of urls) {
    const response = await fetch(u, { cache: "no-cache" }).catch(() => null);
    if (response && (await matches(path, response))) return response;
  }
  throw new Error(`${path}: not this version on the server (an update is being deployed?)`);
}

/** What the caches of older versions of this site hold: the files byte-identical to
 * ours (path -> cache) and the groups they had stored. */
async function reusable() {
  const found = new Map();
  const groups = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const index = await cache.match(INDEX_KEY);
    if (!index) continue;
    const theirs = await index.json();
    for (const [path, entry] of Object.entries(theirs)) {
      if (FILES[path] && FILES[path][1] === entry[1] && !found.has(path)) found.set(path, cache);
    }
    for (const [group, paths] of Object.entries(GROUPS)) {
      if (paths.some((path) => Object.hasOwn(theirs, path))) groups.add(group);
    }
  }
  return { found, groups };
}

let indexed = Promise.resolve();

/** Store `paths` in this version's cache and add them to its index. */
async function store(paths, previous) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    paths.map(async (path) => {
      const url = SCOPE + path;
      if (await cache.match(url)) return; // stored by an earlier, interrupted install
      const old = previous.get(path);
      const copy = old && (await old.match(url));
      const response = copy && (await matches(path, copy)) ? copy : await download(path);
      await cache.put(url, response);
    }),
  );
  // one index update at a time (a group may be stored while another is)
  indexed = indexed.catch(() => {}).then(async () => {
    const index = await cache.match(INDEX_KEY);
    const held = index ? await index.json() : {};
    for (const path of paths) held[path] = FILES[path];
    const headers = { "Content-Type": "application/json" };
    await cache.put(INDEX_KEY, new Response(JSON.stringify(held), { headers }));
  });
  await indexed;
}

async function precache() {
  const { found, groups } = await reusable();
  const kept = [...groups].flatMap((group) => GROUPS[group]);
  await store([...Object.keys(FILES).filter((path) => !IN_GROUP.has(path)), ...kept], found);
}

async function storeGroup(group) {
  if (!Object.hasOwn(GROUPS, group)) throw new Error(`no group of files named ${group}`);
  await store(GROUPS[group], (await reusable()).found);
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE && n !== SNAPSHOT_CACHE).map((n) => caches.delete(n))),
    ),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
  if (event.data?.type === "cache-group") {
    const [port] = event.ports;
    event.waitUntil(
      storeGroup(event.data.group).then(
        () => port?.postMessage({ ok: true }),
        (err) => port?.postMessage({ ok: false, message: String(err?.message ?? err) }),
      ),
    );
  }
});

/** The precache path of a request inside our scope, or null. */
function pathOf(request) {
  const url = new URL(request.url);
  const bare = url.origin + url.pathname;
  if (!bare.startsWith(SCOPE)) return null;
  let path = bare.slice(SCOPE.length);
  if (path === "" && request.mode === "navigate") path = "index.html";
  return Object.hasOwn(FILES, path) ? path : null;
}

async function answer(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(SCOPE + path);
  // Not there (storage cleared under us): fall back to the network.
  return hit ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const path = pathOf(request);
  if (path !== null) event.respondWith(answer(request, path));
});
