// The service worker: the whole game stored on the device, one version at a time.
//
// devtools/hasenpfeffer_site/pwa_build.py puts this file at the root of the built site (so its
// scope is the site's folder, under any sub-path) with, in front of it,
//   const PRECACHE = { appVersion, engineVersion, pyodideVersion, filesVersion,
//     versionPath: "v/<version>/",
//     groups: { "<name>": ["<path>", ...], ... },
//     decoded: { "<path>": ["<path of its gzipped copy>", "<content type>"], ... },
//     files: { "<path relative to the site>": [size, sha256], ... } };
// listing every file of this version: the entries at the root (the pages, the
// manifest, the embed loader, the puzzle set) and the version's own folder. Every other file
// of a version lives in its folder (devtools/hasenpfeffer_site/build_site.py), so a URL names one
// file of one version, and the cache answers a URL only with that file. The
// files of a group are only for one page (python: the Python page and PyScript):
// they are stored when that page asks ({type: "cache-group", group} with a port
// for the answer {ok, message}), and from then on by every later version's
// install too.
//
// install   fetch every file outside the groups, and those of the groups an older
//           version had stored, into a cache named after this scope and version
//           (files of older versions with the same sha256 are copied from their
//           caches, whatever their path), checking each one's size and sha256: a
//           half-deployed update fails to install instead of mixing versions, and
//           a failed install deletes what it had stored. Then wait.
// activate  (on first install at once; on an update only when the page asks,
//           see web/pwa/pwa.js) delete the caches of older versions of this site
//           (this version's runtime snapshot, stored by the engine worker, stays).
// fetch     answer this version's files from its cache; anything else (files of
//           another version, other sites) goes to the network untouched. A file the
//           build wrote a gzipped copy of (`decoded`: the runtime's wasm, which the
//           engine's worker fetches as its copy and decodes itself) is stored once, as
//           its copy: a request for the file itself (the Python page's Pyodide) is
//           answered with the copy, decoded.
//
// Storage stays bounded however many versions are deployed, and however many of
// their installs fail: at most the active version's cache, the one installing,
// and the one that waits to take over (plus one runtime snapshot per version the
// engine worker keeps, the older ones removed on activate).
/* global PRECACHE */

const SCOPE = self.registration.scope; // ends with "/"
const PREFIX = `hasenpfeffer ${SCOPE} `;
// One cache per version: the app's, the runtime's, and that of the whole file list.
const CACHE = `${PREFIX}app-${PRECACHE.appVersion} pyodide-${PRECACHE.pyodideVersion} files-${PRECACHE.filesVersion}`;
// Kept on activate: the engine worker's snapshot of the started runtime for this
// version (named the same way in web/engine/runtime-snapshot.js).
const SNAPSHOT_PREFIX = `${PREFIX}snapshot `;
const SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}app-${PRECACHE.appVersion} pyodide-${PRECACHE.pyodideVersion}`;
// Stored in each cache when its precache is complete: {files: the file list it
// holds, groups: the names of the groups it holds}.
const INDEX_KEY = `${SCOPE}__precache-index.json`;
// Stored in a cache when its version takes over (activates).
const ACTIVE_KEY = `${SCOPE}__active`;
const FILES = PRECACHE.files;
const GROUPS = PRECACHE.groups ?? {};
const IN_GROUP = new Set(Object.values(GROUPS).flat());
const DECODED = PRECACHE.decoded ?? {};

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
  // A file of the version's folder never changes under its URL: the one the page
  // has just downloaded is taken from the HTTP cache as it is (and asked of the
  // server only if that copy is not the listed one). An entry is revalidated
  // ("no-cache": a 304 when the page's copy is current), so nothing stale is
  // stored. The page is usually opened as the folder, not as index.html: try that
  // first.
  const modes = path.startsWith(PRECACHE.versionPath) ? ["default", "no-cache"] : ["no-cache"];
  const urls = path === "index.html" ? [SCOPE, url] : [url];
  for (const cache of modes) {
    for (const u of urls) {
      const response = await fetch(u, { cache }).catch(() => null);
      if (response && (await matches(path, response))) return response;
    }
  }
  throw new Error(`${path}: not this version on the server (an update is being deployed?)`);
}

/** Our app caches other than this version's (runtime snapshots excluded). */
async function otherCaches() {
  return (await caches.keys()).filter((n) => n.startsWith(PREFIX) && !n.startsWith(SNAPSHOT_PREFIX) && n !== CACHE);
}

/** A cache's index: {files, groups} (an index of an older format: the files only). */
async function indexOf(cache) {
  const index = await cache.match(INDEX_KEY);
  if (!index) return null;
  const held = await index.json();
  return held.files && Array.isArray(held.groups) ? held : { files: held, groups: [] };
}

/** What the caches of other versions of this site hold: their files by sha256
 * (sha -> {cache, url}) and the groups they had stored. */
async function reusable() {
  const found = new Map();
  const groups = new Set();
  for (const name of await otherCaches()) {
    const cache = await caches.open(name);
    const index = await indexOf(cache);
    if (!index) continue;
    for (const [path, entry] of Object.entries(index.files)) {
      if (!found.has(entry[1])) found.set(entry[1], { cache, url: SCOPE + path });
    }
    for (const group of index.groups) if (Object.hasOwn(GROUPS, group)) groups.add(group);
  }
  return { found, groups };
}

/** Delete the caches of other versions that `keep(cache)` does not keep. */
async function dropOthers(keep) {
  for (const name of await otherCaches()) {
    if (!(await keep(await caches.open(name)))) await caches.delete(name);
  }
}

const complete = async (cache) => Boolean(await cache.match(INDEX_KEY));
const active = async (cache) => Boolean(await cache.match(ACTIVE_KEY));

/**
 * A cached file of another version as a response of its own, without its URL. A
 * response served for a request keeps the URL it was fetched from, and a module
 * resolves its imports against that URL: a module copied from v/<old>/ would import
 * the old version's modules.
 */
async function unbound(response) {
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
}

let indexed = Promise.resolve();

/** Store `paths` in this version's cache and add them (and `groups`) to its index.
 * On a failure, the files it stored are taken out again. */
async function store(paths, groups, found) {
  const cache = await caches.open(CACHE);
  const added = [];
  try {
    await Promise.all(
      paths.map(async (path) => {
        const url = SCOPE + path;
        const stored = await cache.match(url); // by an earlier, interrupted install
        if (stored && (await matches(path, stored))) return;
        const old = found.get(FILES[path][1]);
        const copy = old && (await old.cache.match(old.url));
        const response = copy && (await matches(path, copy)) ? await unbound(copy) : await download(path);
        await cache.put(url, response);
        added.push(url);
      }),
    );
  } catch (err) {
    await Promise.all(added.map((url) => cache.delete(url)));
    throw err;
  }
  // one index update at a time (a group may be stored while another is)
  indexed = indexed.catch(() => {}).then(async () => {
    const held = (await indexOf(cache)) ?? { files: {}, groups: [] };
    for (const path of paths) held.files[path] = FILES[path];
    held.groups = [...new Set([...held.groups, ...groups])];
    const headers = { "Content-Type": "application/json" };
    await cache.put(INDEX_KEY, new Response(JSON.stringify(held), { headers }));
  });
  await indexed;
}

async function precache() {
  // what failed or was cut short before is of no use: keep complete caches only
  await dropOthers(complete);
  const { found, groups } = await reusable();
  const kept = [...groups].flatMap((group) => GROUPS[group]);
  const own = Object.keys(FILES).filter((path) => !IN_GROUP.has(path));
  await store([...own, ...kept], [...groups], found);
  // this version now waits in place of any version that waited before it
  await dropOthers(active);
}

async function storeGroup(group) {
  if (!Object.hasOwn(GROUPS, group)) throw new Error(`no group of files named ${group}`);
  await store(GROUPS[group], [group], (await reusable()).found);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    precache().catch(async (err) => {
      // a failed install (a file missing or not this version's) leaves nothing behind
      await caches.delete(CACHE);
      throw err;
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.put(ACTIVE_KEY, new Response(PRECACHE.appVersion));
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && n !== CACHE && n !== SNAPSHOT_CACHE).map((n) => caches.delete(n)),
      );
    })(),
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
  return Object.hasOwn(FILES, path) || Object.hasOwn(DECODED, path) ? path : null;
}

async function answer(request, path) {
  const cache = await caches.open(CACHE);
  if (Object.hasOwn(DECODED, path)) {
    const [copy, type] = DECODED[path];
    const stored = await cache.match(SCOPE + copy);
    if (!stored) return fetch(request);
    const body = stored.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(body, { headers: { "Content-Type": type } });
  }
  const hit = await cache.match(SCOPE + path);
  // Not there (a group not stored yet, storage cleared under us): the network.
  return hit ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const path = pathOf(request);
  if (path !== null) event.respondWith(answer(request, path));
});
