// The engine worker's start: this version's build facts read, then Python started with
// the engine imported, from the device's snapshot, else the site's, else the usual way
// (each one that turns out unusable makes way for the next).

import { BUILD, SHARED, SNAPSHOT_WANTED, WORKER, setBuild, t0 } from "./worker-context.js";
import { loadRuntime, takeMemorySnapshot } from "./pyodide-adapter.js";
import { enterStage, filesAt, postProgress, restartStage, trackDownloads } from "./load-progress.js";
import { fetchWheel, runtimeScript } from "./downloads.js";
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
import { warmLocaleData } from "./locale-warmup.js";

/** This version's build facts (./worker-context.js), and what follows from them: the sizes
 * of the downloads counted, the names of the stored snapshot. */
async function learnBuild() {
  const { BUILD: build } = await import("../shared/build-info.js");
  setBuild(build);
  trackDownloads(BUILD);
  if (shipped) trackShipped(shipped);
  nameStoredSnapshots();
}

/** Start the runtime and the engine, from the best snapshot at hand: {handleJson, timings}. */
export async function boot() {
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
  const pyodide = await loadRuntime(snapshot, SNAPSHOT_WANTED, runtimeScript);
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
