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
import { enterStage, filesAt, postProgress, restartStage, trackDownloads } from "./load-progress.js";
import { downloadFailed, fetchWheel } from "./downloads.js";
import {
  SNAPSHOT_STORE_DELAY_MS,
  fetchShippedNow,
  forgetSnapshots,
  nameStoredSnapshots,
  shipped,
  skipShipped,
  storeSnapshot,
  storedBytes,
  storedSnapshot,
  trackShipped,
} from "./runtime-snapshot.js";

async function learnBuild() {
  const { BUILD: build } = await import("../shared/build-info.js");
  setBuild(build);
  trackDownloads(BUILD);
  if (shipped) trackShipped(shipped);
  nameStoredSnapshots();
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
    if (stored) skipShipped();
    else fetchShippedNow(true);
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
      fetchShippedNow(false); // the site's, after all
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
