// The engine's home: a module worker running Pyodide with our wheel.
//
// The same code runs as a dedicated Worker (the game page) and as a
// SharedWorker (embeds: every iframe of the game's origin on a page connects
// to one worker, so Pyodide loads once). Each connection is a "port" (for a
// dedicated worker, the worker itself).
//
// The page never calls Python directly: web/engine/client.js posts {id, request}
// here, this worker answers {id, response} from hasenpfeffer.api.handle_json.
// While the runtime loads, it posts {type: "progress", fraction, stage, until,
// expected_ms} at each real milestone (see ./load-progress.js);
// then {type: "ready", timings, worker}, or {type: "fatal", message} if
// loading failed. A port that connects later gets the latest of these at once.
// {type: "bye", session} from a port forgets that session's game and the port.
//
// Everything is loaded from this site's own origin, by URLs relative to this
// module, so the site works under any sub-path. What it does with Pyodide beyond its
// documented API is in ./pyodide-adapter.js.

import { BUILD, SHARED, SNAPSHOT_WANTED, WORKER, broadcast, lastStatus, ports, setBuild, t0 } from "./worker-context.js";
import { loadRuntime, takeMemorySnapshot } from "./pyodide-adapter.js";
import {
  SHIPPED_NAME,
  arrived,
  counted,
  enterStage,
  filesAt,
  firstByteAt,
  isTracked,
  postProgress,
  recentRate,
  restartStage,
  track,
  trackDownloads,
  untrack,
} from "./load-progress.js";
import { downloadFailed, fetchRetrying, fetchWheel, onEveryChunk } from "./downloads.js";

let SNAPSHOT_PREFIX = null;
let SNAPSHOT_CACHE = null;
let SNAPSHOT_KEY = null;

async function learnBuild() {
  const { BUILD: build } = await import("../shared/build-info.js");
  setBuild(build);
  trackDownloads(BUILD);
  if (shipped) trackShipped(shipped);
  const siteRoot = new URL(BUILD.root, import.meta.url).href; // as the service worker names it
  SNAPSHOT_PREFIX = `hasenpfeffer ${siteRoot} snapshot `;
  SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}app-${BUILD.appVersion} pyodide-${BUILD.pyodideVersion}`;
  SNAPSHOT_KEY = `${siteRoot}__pyodide-snapshot?wheel=${encodeURIComponent(BUILD.wheel)}`;
}

// ---- the started runtime, shipped with the site ----------------------------------------
// The build makes a memory snapshot of Python with the engine and its computer players
// imported (scripts/engine_snapshot.mjs: engine/runtime.snapshot, gzipped). Restoring it
// skips Python's start and the engine's import, about 2 s of one core on a two-core
// laptop and far more on a phone, for about 6 MB more to download; every worker (the
// game's, the embeds' shared one) fetches it from its first moment, beside the wasm.
// On a slow link those bytes cost more time than they save: once the downloads have
// run for SHIPPED_JUDGED_AFTER_MS, the snapshot is given up as soon as what is left of
// it, at the rate the files come now (all of them together: the link's), would take
// longer than SHIPPED_SAVES_MS, and the runtime starts the usual way. Nor is it fetched
// for a visitor who asked to save data, or where the browser cannot gunzip a stream.
// Any failure on the way (missing, damaged, cut off, another Pyodide) ends the same
// way: the usual start.
const SHIPPED_SAVES_MS = 2000;
const SHIPPED_JUDGED_AFTER_MS = 2000;
/** Fetch the site's snapshot: {state, bytes: a promise of its bytes (an ArrayBuffer) or
 * null, ...}. `counts`: its bytes are in the progress and it may be given up (the first
 * download; not a second, after the device's own snapshot turned out unusable). */
function fetchShipped(counts) {
  const own = {
    state: "coming", // then "here" (its bytes), "given up" or "failed"
    counts,
    received: 0,
    size: 0, // from the response's Content-Length (else the build's sizes)
    abort: new AbortController(),
    bytes: null,
  };
  if (BUILD) trackShipped(own); // (else learnBuild() does)
  own.bytes = (async () => {
    try {
      if (typeof DecompressionStream === "undefined" || navigator.connection?.saveData) throw new Error("not wanted here");
      const url = new URL(`../../engine/${SHIPPED_NAME}`, import.meta.url).href;
      const response = await fetchRetrying(url, { signal: own.abort.signal });
      if (!response.ok || !response.body) throw new Error(`${response.status} ${response.statusText}`.trim());
      own.size = Number(response.headers.get("content-length")) || 0;
      const count = new TransformStream({
        transform(chunk, controller) {
          own.received += chunk.byteLength;
          if (own.counts) {
            counted(chunk.byteLength);
            judgeShipped();
          }
          controller.enqueue(chunk);
        },
      });
      const gunzipped = response.body.pipeThrough(count).pipeThrough(new DecompressionStream("gzip"));
      const bytes = await new Response(gunzipped).arrayBuffer();
      own.state = "here";
      if (own.counts) arrived(SHIPPED_NAME);
      return bytes;
    } catch (err) {
      dropShipped(own, "failed", err);
      return null;
    }
  })();
  return own;
}
// the game page first looks for the device's own (boot()): the site's is fetched if there
// is none (reading and gunzipping it beside a restore cost a repeat visit 150 ms)
let shipped = SNAPSHOT_WANTED ? null : fetchShipped(true);

/** The site's snapshot `own` in the progress's downloads, if it counts there. */
function trackShipped(own) {
  if (!own.counts || own.state !== "coming" || isTracked(SHIPPED_NAME)) return;
  track(SHIPPED_NAME, BUILD.sizes[SHIPPED_NAME]);
}

/** Give up a download of the site's snapshot (`state`: "given up" or "failed"): it stops,
 * its bytes leave the progress, and the runtime's start no longer waits for it. */
function dropShipped(own, state, why) {
  if (own.state !== "coming") return;
  own.state = state;
  own.abort.abort();
  if (why) console.info(`hasenpfeffer: starting the runtime the usual way (its snapshot: ${why?.message ?? why})`);
  if (!own.counts) return;
  untrack(SHIPPED_NAME, own.received);
}

// judged on every chunk of any download, and at least this often (a stalled snapshot
// sends no chunks; its rate then falls until it is given up)
const judging = setInterval(judgeShipped, 250);
onEveryChunk(judgeShipped);

/** Whether the rest of the shipped snapshot is still worth its time (see above). */
function judgeShipped() {
  if (!shipped) return; // not fetched yet (the game page's lookup, boot())
  if (shipped.state !== "coming" || !shipped.counts) {
    clearInterval(judging);
    return;
  }
  if (firstByteAt === null) return;
  const elapsed = performance.now() - firstByteAt;
  const size = shipped.size || BUILD?.sizes[SHIPPED_NAME];
  if (elapsed < SHIPPED_JUDGED_AFTER_MS || !size) return;
  const leftMs = (size - shipped.received) / recentRate();
  if (leftMs > SHIPPED_SAVES_MS) dropShipped(shipped, "given up", `${Math.round(leftMs)} ms more to download`);
}

// ---- the started interpreter, kept between visits ----------------------------------
// The installed app (not an embed: its client names the worker "...+snapshot") keeps
// the started runtime in a cache of this site and version: the site's snapshot as it
// was restored, or, when the runtime had to start the usual way (the site's given up on
// a slow link, or unusable), a memory snapshot of Pyodide taken right after the engine
// was imported. The next visit restores it before anything else: no Python start, and
// no download nor gunzip of the site's (measured: a repeat visit 80-150 ms sooner).
// The service worker keeps this version's snapshot cache and removes older ones;
// without a service worker this worker removes them itself.
const SNAPSHOT_STORE_DELAY_MS = 2000;

/** This version's snapshot stored on the device: its response (the bytes unread), or null. */
async function storedSnapshot() {
  if (!SNAPSHOT_WANTED) return null;
  try {
    // (caches.match with a cache's name, not caches.open: a lookup must not make the cache)
    return (await caches.match(SNAPSHOT_KEY, { cacheName: SNAPSHOT_CACHE })) ?? null;
  } catch {
    return null; // storage unavailable (private mode, quota): start the usual way
  }
}

/** The stored snapshot's bytes, or null when they cannot be read or were cut off. */
async function storedBytes(response) {
  try {
    const length = Number(response.headers.get("x-snapshot-length"));
    const buffer = await response.arrayBuffer();
    return buffer.byteLength === length && length > 0 ? buffer : null;
  } catch {
    return null;
  }
}

async function forgetSnapshots(keep = null) {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(SNAPSHOT_PREFIX) && name !== keep) await caches.delete(name);
    }
  } catch {
    /* nothing stored, nothing to forget */
  }
}

async function storeSnapshot(bytes) {
  try {
    const cache = await caches.open(SNAPSHOT_CACHE);
    const headers = { "Content-Type": "application/octet-stream", "x-snapshot-length": String(bytes.byteLength) };
    await cache.put(SNAPSHOT_KEY, new Response(bytes, { headers }));
    await forgetSnapshots(SNAPSHOT_CACHE);
  } catch (err) {
    // no room: the next visit starts the usual way
    console.warn(`hasenpfeffer: could not store the runtime snapshot (${err?.message ?? err})`);
  }
}

/**
 * The page's locale data, loaded by boot() while the worker waits for its snapshot (the
 * downloads, or the device's copy being read: at a moment this thread has nothing else
 * to do, so a repeat visit does not wait for it). A first Intl object of a process reads
 * the browser's locale data (10-40 ms); a dedicated worker shares its page's process,
 * so afterwards the page's own Intl objects (web/shared/i18n.js) take about a
 * millisecond each, and none of that lands in a main-thread task at start-up (issue 31:
 * no task over 50 ms). An embed's shared worker may live in another process: it does
 * not bother. The kinds of Intl object the page makes at start-up, for English (the
 * page's first language) and the browser's first two languages (its likely choice).
 */
function warmLocaleData() {
  const tags = new Set(["en", ...(self.navigator?.languages ?? []).slice(0, 2)]);
  for (const tag of tags) {
    try {
      new Intl.Collator(tag);
      new Intl.ListFormat(tag);
      new Intl.NumberFormat(tag);
      new Intl.PluralRules(tag);
    } catch {
      // a tag this browser refuses: the page makes do without it warmed
    }
  }
}

async function boot() {
  await learnBuild();
  postProgress(true);
  const wheelPromise = fetchWheel();
  wheelPromise.catch(() => {}); // awaited by start(): its failure is the start's, not uncaught
  const stored = await storedSnapshot();
  if (!shipped) {
    if (stored) {
      arrived(SHIPPED_NAME); // not needed
      clearInterval(judging);
    } else shipped = fetchShipped(true);
  }
  const reading = stored ? storedBytes(stored) : null;
  if (!SHARED) warmLocaleData(); // while the snapshot is read or downloaded
  if (stored) {
    const bytes = await reading;
    try {
      if (!bytes) throw new Error("cut off");
      return await start(wheelPromise, bytes, "restored");
    } catch (err) {
      console.warn(`hasenpfeffer: the stored runtime snapshot is unusable (${err?.message ?? err}); starting afresh`);
      await forgetSnapshots(); // unusable (damaged, another runtime): start afresh
      restartStage(); // (the page's bar does not go back)
      shipped = fetchShipped(false); // the site's, after all
    }
  }
  const site = await shipped.bytes;
  shipped.bytes = null; // (its 31 MB are not kept once restored)
  if (site) {
    try {
      return await start(wheelPromise, site, "shipped");
    } catch (err) {
      console.warn(`hasenpfeffer: the site's runtime snapshot is unusable (${err?.message ?? err}); starting afresh`);
    }
  }
  return start(wheelPromise, null, null);
}

/** Start Python (from `snapshot` when given: `source` says whose, "restored" this
 * device's or "shipped" the site's) and the engine: {handleJson, timings}. */
async function start(wheelPromise, snapshot, source) {
  WORKER.runtimes += 1;
  const pyodide = await loadRuntime(snapshot, SNAPSHOT_WANTED);
  const tRuntime = performance.now();
  enterStage("start");
  const wheel = await wheelPromise;
  enterStage("engine");
  const path = `/engine/${BUILD.wheelName}`;
  // The file system is not part of a snapshot: the wheel goes back to its place
  // (the engine imports some modules lazily from it).
  pyodide.FS.mkdirTree("/engine");
  pyodide.FS.writeFile(path, wheel);
  let taken = null;
  let snapshotMs = null;
  if (snapshot) {
    // a snapshot also holds the state of `random`: reseed, or every visit deals alike
    pyodide.runPython("import random\nrandom.seed()");
  } else {
    pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})\nimport hasenpfeffer.api`);
    // taken before any object is shared with JavaScript (a snapshot cannot hold those)
    if (SNAPSHOT_WANTED) {
      const t = performance.now();
      try {
        taken = takeMemorySnapshot(pyodide);
      } catch {
        taken = null;
      }
      snapshotMs = Math.round(performance.now() - t);
    }
  }
  const handleJson = pyodide.pyimport("hasenpfeffer.api").handle_json;
  if (snapshot) {
    const check = JSON.parse(handleJson(JSON.stringify({ v: 1, op: "api_version" })));
    if (!check.ok || check.engine_version !== BUILD.engineVersion) throw new Error("snapshot: not this engine");
  }
  const tReady = performance.now();
  enterStage("ready");
  // stored once the first moves are made: 30 MB through the browser's storage (the site's
  // snapshot too, as it is restored: the next visit reads it without gunzipping 31 MB)
  const kept = taken ?? (source === "shipped" && SNAPSHOT_WANTED ? snapshot : null);
  if (kept) setTimeout(() => storeSnapshot(kept), SNAPSHOT_STORE_DELAY_MS);
  WORKER.snapshot = snapshot ? source : taken ? "taken" : "none";
  return {
    handleJson,
    timings: {
      runtime_ms: Math.round(tRuntime - t0),
      files_ms: filesAt,
      ready_ms: Math.round(tReady - t0),
      engine_ms: Math.round(tReady - tRuntime),
      snapshot_ms: snapshotMs, // of engine_ms: taking the snapshot
      snapshot: WORKER.snapshot,
    },
  };
}

const booted = Promise.race([boot(), downloadFailed]);
booted.then(
  ({ timings }) => broadcast({ type: "ready", timings, worker: WORKER }),
  (err) => broadcast({ type: "fatal", message: String(err?.message ?? err) }),
);

async function answer(port, data) {
  const { id, request, type } = data ?? {};
  if (type === "bye") {
    ports.delete(port);
    if (typeof data.session === "string") {
      try {
        const { handleJson } = await booted;
        handleJson(JSON.stringify({ op: "close_session", session: data.session }));
      } catch {
        /* no runtime, no sessions */
      }
    }
    return;
  }
  if (id === undefined) return;
  let response;
  try {
    const { handleJson } = await booted;
    const t = performance.now();
    response = JSON.parse(handleJson(JSON.stringify(request)));
    response.worker_ms = Math.round((performance.now() - t) * 100) / 100;
  } catch (err) {
    response = {
      ok: false,
      error: { code: "worker", message: String(err?.message ?? err) },
    };
  }
  port.postMessage({ id, response });
}

function connect(port) {
  ports.add(port);
  WORKER.connections += 1;
  port.onmessage = (event) => answer(port, event.data);
  if (lastStatus) port.postMessage(lastStatus);
}

if (SHARED) {
  self.onconnect = (event) => {
    const port = event.ports[0];
    connect(port);
    port.start();
  };
} else {
  connect(self);
}
