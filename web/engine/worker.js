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
// expected_ms} at each real milestone (see "progress" below);
// then {type: "ready", timings, worker}, or {type: "fatal", message} if
// loading failed. A port that connects later gets the latest of these at once.
// {type: "bye", session} from a port forgets that session's game and the port.
//
// Everything is loaded from this site's own origin, by URLs relative to this
// module, so the site works under any sub-path.

const t0 = performance.now();
const SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
// the game page's own worker keeps the started runtime on the device (see "kept between
// visits" below); an embed's shared worker does not
const SNAPSHOT_WANTED = !SHARED && self.name.split("+").includes("snapshot") && typeof caches !== "undefined";
// Who this worker is: embeds check that they all talk to one runtime.
const WORKER = {
  id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  shared: SHARED,
  runtimes: 0, // how many times Pyodide was loaded here (1)
  connections: 0,
  snapshot: "none", // "shipped" (started from the site's snapshot), "restored" (from this device's), "taken" (stored one) or "none"
};
const ports = new Set();
let lastStatus = null; // the latest progress / ready / fatal message

function broadcast(msg) {
  if (msg.type) lastStatus = msg;
  for (const port of ports) port.postMessage(msg);
}
const indexURL = new URL("../../pyodide/", import.meta.url).href;

// ---- this version: its files, their sizes, its snapshot's name ----------------------
// From web/shared/build-info.js (written by the build), imported in boot(): not a static
// import, which the browser would fetch before this module runs, and so before the
// wasm's request below goes out (one more request in turn at the start, measured in
// issue 31). Nothing reads these before learnBuild().
let BUILD = null;
let wheelURL = null;
const tracked = new Map(); // the downloads counted in the progress: file name -> bytes
let totalBytes = 0;
let SNAPSHOT_PREFIX = null;
let SNAPSHOT_CACHE = null;
let SNAPSHOT_KEY = null;

async function learnBuild() {
  ({ BUILD } = await import("../shared/build-info.js"));
  wheelURL = new URL(BUILD.wheel, import.meta.url).href;
  tracked.set("pyodide.asm.wasm", BUILD.sizes["pyodide.asm.wasm"]);
  tracked.set("python_stdlib.zip", BUILD.sizes["python_stdlib.zip"]);
  tracked.set(BUILD.wheelName, BUILD.sizes.wheel);
  totalBytes = [...tracked.values()].reduce((a, b) => a + b, 0);
  if (shipped) trackShipped(shipped);
  const siteRoot = new URL(BUILD.root, import.meta.url).href; // as the service worker names it
  SNAPSHOT_PREFIX = `hasenpfeffer ${siteRoot} snapshot `;
  SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}app-${BUILD.appVersion} pyodide-${BUILD.pyodideVersion}`;
  SNAPSHOT_KEY = `${siteRoot}__pyodide-snapshot?wheel=${encodeURIComponent(BUILD.wheel)}`;
}

// ---- progress: bytes of the big files, then the start of Python ----------------
// The stages and their share of the bar. "download": the bytes of the runtime and
// the wheel as they arrive. "start": Python starting, from the moment the runtime's
// files are all here (no bytes are left to count and Pyodide reports nothing of its
// own: its main() and bootstrap take seconds on a slow machine, far longer than a
// download from a near server). "engine": the rules imported. Each report carries
// the fraction reached, the fraction the stage ends at (`until`) and how long the
// stage usually takes (`expected_ms`, from a slow two-core machine), so the page can
// move the bar on between two milestones; it never passes `until` before the work does.
const BANDS = {
  download: { from: 0, until: 0.5, expected_ms: 0 },
  start: { from: 0.5, until: 0.92, expected_ms: 4000 },
  engine: { from: 0.92, until: 0.99, expected_ms: 500 },
  ready: { from: 1, until: 1, expected_ms: 0 },
};
let loadedBytes = 0;
let stage = "download";
let lastPost = 0;
// the runtime's own files (not the wheel, which goes on in parallel), and the started
// runtime while it is coming: when all are here, Python starts (or is restored)
const SHIPPED_NAME = "runtime.snapshot"; // the site's started runtime (devtools/hasenpfeffer_site/build_site.py's SNAPSHOT)
const runtimeFiles = new Set(["pyodide.asm.wasm", "python_stdlib.zip", SHIPPED_NAME]);
let filesAt = null; // when they were (ms since t0, for the timings)
let firstByteAt = null; // when the first byte of a tracked download came (for its rate)

/** `name` is here (or no longer awaited): once the runtime's files all are, it starts. */
function arrived(name) {
  runtimeFiles.delete(name);
  if (runtimeFiles.size === 0 && stage === "download") {
    filesAt ??= Math.round(performance.now() - t0);
    enterStage("start");
  }
}

// the bytes counted so far, sampled over the last RATE_WINDOW_MS (and one sample before):
// the link's rate now, not since the first byte (TCP's slow start would weigh in)
const RATE_WINDOW_MS = 1000;
const samples = [];

/** `bytes` more of a tracked download. */
function counted(bytes) {
  const now = performance.now();
  firstByteAt ??= now;
  loadedBytes += bytes;
  samples.push([now, loadedBytes]);
  while (samples.length > 2 && samples[1][0] < now - RATE_WINDOW_MS) samples.shift();
  postProgress();
}

/** The downloads' rate together over the last RATE_WINDOW_MS or so, in bytes per ms. */
function recentRate() {
  const now = performance.now();
  const [since, before] = samples[0] ?? [firstByteAt, 0];
  return (loadedBytes - before) / Math.max(now - since, 1);
}

function fraction() {
  const band = BANDS[stage];
  if (stage !== "download") return band.from;
  return band.from + (band.until - band.from) * Math.min(1, loadedBytes / totalBytes);
}

function postProgress(force = false) {
  if (!totalBytes) return; // the sizes are not known yet (learnBuild)
  const now = performance.now();
  if (!force && now - lastPost < 50) return;
  lastPost = now;
  const { until, expected_ms } = BANDS[stage];
  broadcast({ type: "progress", fraction: fraction(), stage, until, expected_ms });
}

function enterStage(name) {
  if (stage === name) return;
  stage = name;
  postProgress(true);
}

function trackedName(url) {
  const path = new URL(url, self.location.href).pathname;
  const name = path.slice(path.lastIndexOf("/") + 1);
  return tracked.has(name) ? name : null;
}

// ---- downloads that fail on the way: asked again --------------------------------------
// A network change while the page loads (net::ERR_NETWORK_CHANGED: a phone switching
// Wi-Fi and mobile data) cancels the requests in flight: fetch rejects with a TypeError.
// Such a request is made again after a short pause (RETRY_DELAYS_MS: three attempts in
// all); an answer, whatever its HTTP status, is final (a 404 stays a 404). If the last
// attempt fails too, the error goes on as before: the start fails and the page says so.
const realFetch = self.fetch.bind(self);
const RETRY_DELAYS_MS = [300, 1000];

async function fetchRetrying(input, init) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await realFetch(input, init);
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!(err instanceof TypeError) || delay === undefined || init?.signal?.aborted) throw err;
      const url = typeof input === "string" ? input : (input?.url ?? String(input));
      console.warn(`hasenpfeffer: download failed (${err.message}), asking again in ${delay} ms: ${url}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

// A tracked download (the wasm, the stdlib, the wheel) that failed for good: its network
// error after the last attempt, an HTTP error status, or its body cut off on the way.
// The start fails at once with it (Pyodide's loader would wait for ever on a wasm it
// could not fetch: it logs "wasm instantiation failed!" and goes no further).
let failDownload = null;
const downloadFailed = new Promise((resolve, reject) => {
  failDownload = (name, why) => reject(new Error(`could not download ${name} (${why})`));
});
downloadFailed.catch(() => {}); // reported through `booted`

// Count the bytes of the tracked downloads as they stream in (every request of the
// worker and of Pyodide's loader goes through here, and is asked again if it fails).
self.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" ? input : (input.url ?? String(input)), self.location.href).href;
  if (url === WASM_URL) return compiledStandIn(); // compiled already (see below)
  return trackedFetch(input, init, trackedName(url));
};

/** A request asked again if it fails (fetchRetrying); for a tracked download (`name`),
 * its bytes counted as they come, and its failure the start's. */
async function trackedFetch(input, init, name) {
  let response;
  try {
    response = await fetchRetrying(input, init);
  } catch (err) {
    if (name) failDownload(name, err?.message ?? err);
    throw err;
  }
  if (name && !response.ok) failDownload(name, `${response.status} ${response.statusText}`.trim());
  if (!response.ok || !response.body || !name) return response;
  return new Response(countedBody(name, response), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** `response`'s body, its bytes counted as they come (a cut-off body fails the start). */
function countedBody(name, response) {
  const reader = response.body.getReader();
  return new ReadableStream({
    async pull(controller) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (err) {
        failDownload(name, err?.message ?? err); // cut off on the way
        controller.error(err);
        return;
      }
      if (chunk.done) {
        controller.close();
        arrived(name);
        return;
      }
      counted(chunk.value.byteLength);
      judgeShipped();
      controller.enqueue(chunk.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

// ---- the runtime's wasm, asked for first and compiled as it comes -------------------------
// Fetched as soon as this module runs, before Pyodide's loader (imported in start(), not
// statically: a static import would be loaded first) has even been read, and compiled
// by the browser as its bytes arrive, whenever the loader is called: the start may wait
// for the runtime's snapshot (above) while the wasm downloads and compiles. The loader's
// own request gets a stand-in, and its WebAssembly.instantiateStreaming of that stand-in
// instantiates this compiled module (a second start, after an unusable snapshot, too:
// the wasm is fetched once). index.html preloads the smaller files (stdlib, lock, wheel,
// the scripts), which this worker then finds in the HTTP cache; not the 9.6 MB wasm: a
// worker cannot use the page's preloads and a private window's HTTP cache does not keep
// a file that big, so it came twice (measured, issue 31).
const WASM_URL = new URL("pyodide.asm.wasm", indexURL).href;
const compiledWasm = (async () => {
  const name = "pyodide.asm.wasm";
  // (named here: the tracked files are known once learnBuild() has run, after this)
  const response = await trackedFetch(WASM_URL, undefined, name);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  try {
    const wasm = new Response(response.body, { headers: { "Content-Type": "application/wasm" } });
    return await WebAssembly.compileStreaming(wasm);
  } catch (err) {
    failDownload(name, `not compiled: ${err?.message ?? err}`);
    throw err;
  }
})();
compiledWasm.catch(() => {}); // reported through failDownload

const standIns = new WeakSet();

/** What the loader's request for the wasm gets: a response that stands for the module. */
function compiledStandIn() {
  const response = new Response(null, { status: 200, headers: { "Content-Type": "application/wasm" } });
  standIns.add(response);
  return response;
}

const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (!standIns.has(response)) return instantiateStreaming(response, imports);
  const module = await compiledWasm;
  return { module, instance: await WebAssembly.instantiate(module, imports) };
};

// ---- the started runtime, shipped with the site ----------------------------------------
// The build makes a memory snapshot of Python with the engine and its computer players
// imported (devtools/hasenpfeffer_site/engine_snapshot.mjs: engine/runtime.snapshot, gzipped). Restoring it
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
  if (!own.counts || own.state !== "coming" || tracked.has(SHIPPED_NAME)) return;
  tracked.set(SHIPPED_NAME, BUILD.sizes[SHIPPED_NAME]);
  totalBytes += BUILD.sizes[SHIPPED_NAME];
}

/** Give up a download of the site's snapshot (`state`: "given up" or "failed"): it stops,
 * its bytes leave the progress, and the runtime's start no longer waits for it. */
function dropShipped(own, state, why) {
  if (own.state !== "coming") return;
  own.state = state;
  own.abort.abort();
  if (why) console.info(`hasenpfeffer: starting the runtime the usual way (its snapshot: ${why?.message ?? why})`);
  if (!own.counts) return;
  if (tracked.delete(SHIPPED_NAME)) totalBytes -= BUILD.sizes[SHIPPED_NAME];
  loadedBytes -= own.received;
  arrived(SHIPPED_NAME);
}

// judged on every chunk of any download, and at least this often (a stalled snapshot
// sends no chunks; its rate then falls until it is given up)
const judging = setInterval(judgeShipped, 250);

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

// ---- loading: the runtime and the wheel in parallel ------------------------------

async function fetchWheel() {
  const response = await self.fetch(wheelURL);
  if (!response.ok) throw new Error(`could not load the engine (${response.status} ${wheelURL})`);
  return new Uint8Array(await response.arrayBuffer());
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
      stage = runtimeFiles.size ? "download" : "start"; // (the page's bar does not go back)
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
  const { loadPyodide } = await import("../../pyodide/pyodide.mjs");
  const pyodide = await loadPyodide(
    snapshot
      ? { indexURL, packages: [], _loadSnapshot: snapshot }
      : { indexURL, packages: [], _makeSnapshot: SNAPSHOT_WANTED },
  );
  if (pyodide._api?.config) pyodide._api.config._loadSnapshot = null; // the loader keeps its options
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
        taken = pyodide.makeMemorySnapshot();
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
