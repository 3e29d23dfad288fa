// The engine worker's started runtime, as a Pyodide memory snapshot: the site's
// (engine/runtime.snapshot), fetched beside the runtime's files and given up when it
// does not pay, and the device's own, kept between visits in Cache Storage.

import { BUILD, SNAPSHOT_WANTED } from "./worker-context.js";
import { SHIPPED_NAME, arrived, counted, countedBytes, firstByteAt, isTracked, linkRate, recentRate, track, untrack } from "./load-progress.js";
import { fetchRetrying, onEveryChunk, readAll } from "./downloads.js";

// ---- the started runtime, shipped with the site ----------------------------------------
// The build makes a memory snapshot of Python with the engine and its computer players
// imported (devtools/hasenpfeffer_site/engine_snapshot.mjs: engine/runtime.snapshot, gzipped). Restoring it
// skips Python's start and the engine's import, about 1.8 s on a two-core laptop and
// far more on a phone, for about 6 MB more to download. On a slow link those bytes cost
// more time than they save, and fetched beside the wasm they slow the wasm too: every
// worker (the game's, the embeds' shared one) asks for it only once the rate the
// runtime's other files come at (all of them together: the link's) would bring all of it
// within SHIPPED_ASKED_WITHIN_MS, judged on every chunk from the first
// SHIPPED_ASKED_AFTER_BYTES on. Not asked for by SHIPPED_JUDGED_AFTER_MS after the first
// byte, it is given up unfetched, and the runtime starts the usual way. Once asked for,
// it is given up as soon as what is left of it, at the rate the files come now, would
// take longer than SHIPPED_SAVES_MS (judged from SHIPPED_JUDGED_AFTER_MS after the first
// byte, and SHIPPED_OWN_RATE_MS after it was asked for: its own bytes in the rate). Nor is
// it fetched for a visitor who asked to save data, or where the browser cannot gunzip a
// stream. Any failure on the way (missing, damaged, cut off, another Pyodide) ends the
// same way: the usual start.
//
// The constants, from measurements (issue 50: re-tuned and tested at 8, 16 and 40 Mbit/s,
// e2e/test_startup.py). SHIPPED_SAVES_MS is what a restore saves against the usual start,
// its gunzip and restore paid: on localhost, on a two-core laptop with the machine alone,
// the game was playable 1.76-1.84 s sooner with the snapshot than the build before it
// without (medians of 7 loads, three builds: docs/benchmarks-history.md, "The started
// runtime shipped with the site"). 6.35 MB in 1.8 s: the snapshot pays where the files
// come at 3.5 MB/s or more, about 28 Mbit/s. It is asked for where all of it would come
// within 1.5 times that (2.7 s, 2.3 MB/s): the rate seen early understates a fast link
// (its first round trips), a loaded device reads its files slower than they come (a
// local server on the loaded test machine came at 2.7-3.1 MB/s), and a slower device
// saves more than 1.8 s by a restore; the judgement once it is asked for still gives up
// one that would not come in time. SHIPPED_JUDGED_AFTER_MS lets the rate settle (a first
// rule, judged after 1 s, gave the snapshot up over 80 ms / 40 Mbit/s in 6 of 7 loads).
const SHIPPED_SAVES_MS = 1800;
const SHIPPED_JUDGED_AFTER_MS = 2000;
const SHIPPED_ASKED_AFTER_BYTES = 512 * 1024;
const SHIPPED_ASKED_WITHIN_MS = 1.5 * SHIPPED_SAVES_MS;
const SHIPPED_OWN_RATE_MS = 1000;
/** Fetch the site's snapshot: {state, bytes: a promise of its bytes (an ArrayBuffer) or
 * null, ...}. `counts`: its bytes are in the progress and it is asked for and may be
 * given up as the link's rate says (the first download; not a second, after the device's
 * own snapshot turned out unusable: asked for at once). */
function fetchShipped(counts) {
  const own = {
    state: "coming", // then "here" (its bytes), "given up" or "failed"
    counts,
    asked: !counts, // whether it was asked for (judgeShipped asks: ask(true))
    ask: null,
    askedAt: -Infinity,
    received: 0,
    size: 0, // from the response's Content-Length (else the build's sizes)
    abort: new AbortController(),
    bytes: null,
  };
  const asking = new Promise((resolve) => {
    own.ask = resolve;
  });
  if (own.asked) own.ask(true);
  if (BUILD) trackShipped(own); // (else learnBuild() does)
  own.bytes = (async () => {
    try {
      if (typeof DecompressionStream === "undefined" || navigator.connection?.saveData) throw new Error("not wanted here");
      if (!(await asking)) return null; // given up before it was asked for (dropShipped)
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
      const bytes = await readAll(gunzipped);
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

// the game page first looks for the device's own (boot(), in ./runtime-start.js): the
// site's is fetched if there is none (reading and gunzipping it beside a restore cost a
// repeat visit 150 ms)
export let shipped = SNAPSHOT_WANTED ? null : fetchShipped(true);

/** Fetch the site's snapshot now, as `shipped` (fetchShipped). */
export function fetchShippedNow(counts) {
  shipped = fetchShipped(counts);
}

/** The site's snapshot is not needed (the device has its own): not awaited, not judged. */
export function skipShipped() {
  arrived(SHIPPED_NAME);
  clearInterval(judging);
}

/** The site's snapshot `own` in the progress's downloads, if it counts there. */
export function trackShipped(own) {
  if (!own.counts || own.state !== "coming" || isTracked(SHIPPED_NAME)) return;
  track(SHIPPED_NAME, BUILD.sizes[SHIPPED_NAME]);
}

/** Give up a download of the site's snapshot (`state`: "given up" or "failed"): it stops,
 * its bytes leave the progress, and the runtime's start no longer waits for it. */
function dropShipped(own, state, why) {
  if (own.state !== "coming") return;
  own.state = state;
  own.abort.abort();
  own.ask(false);
  if (why) console.info(`hasenpfeffer: starting the runtime the usual way (its snapshot: ${why?.message ?? why})`);
  if (!own.counts) return;
  untrack(SHIPPED_NAME, own.received);
}

// judged on every chunk of any download, and at least this often (a stalled snapshot
// sends no chunks; its rate then falls until it is given up)
const judging = setInterval(judgeShipped, 250);
onEveryChunk(judgeShipped);

/** Whether the site's snapshot is worth its time (see above): asked for once the link's
 * rate brings all of it within SHIPPED_ASKED_WITHIN_MS, given up when that has not come
 * by SHIPPED_JUDGED_AFTER_MS, or when, asked for, what is left of it would take longer
 * than SHIPPED_SAVES_MS. */
function judgeShipped() {
  if (!shipped) return; // not fetched yet (the game page's lookup, boot())
  if (shipped.state !== "coming" || !shipped.counts) {
    clearInterval(judging);
    return;
  }
  if (firstByteAt === null) return;
  const elapsed = performance.now() - firstByteAt;
  const size = shipped.size || BUILD?.sizes[SHIPPED_NAME];
  if (!size) return;
  if (!shipped.asked) {
    const wholeMs = size / linkRate();
    if (countedBytes() >= SHIPPED_ASKED_AFTER_BYTES && wholeMs <= SHIPPED_ASKED_WITHIN_MS) {
      shipped.asked = true;
      shipped.askedAt = performance.now();
      shipped.ask(true);
    } else if (elapsed >= SHIPPED_JUDGED_AFTER_MS) {
      dropShipped(shipped, "given up", `${Math.round(wholeMs)} ms to download, not asked for`);
    }
    return;
  }
  // (its own bytes given a second to show the rate: a worker that asked late, its other
  // files long in, must not judge it by their idle link)
  if (elapsed < SHIPPED_JUDGED_AFTER_MS || performance.now() - shipped.askedAt < SHIPPED_OWN_RATE_MS) return;
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
export const SNAPSHOT_STORE_DELAY_MS = 2000;
let SNAPSHOT_PREFIX = null;
let SNAPSHOT_CACHE = null;
let SNAPSHOT_KEY = null;

/** The names of this version's stored snapshot, once its build facts are known (learnBuild()). */
export function nameStoredSnapshots() {
  const siteRoot = new URL(BUILD.root, import.meta.url).href; // as the service worker names it
  SNAPSHOT_PREFIX = `hasenpfeffer ${siteRoot} snapshot `;
  SNAPSHOT_CACHE = `${SNAPSHOT_PREFIX}app-${BUILD.appVersion} pyodide-${BUILD.pyodideVersion}`;
  SNAPSHOT_KEY = `${siteRoot}__pyodide-snapshot?wheel=${encodeURIComponent(BUILD.wheel)}`;
}

/** This version's snapshot stored on the device: its response (the bytes unread), or null. */
export async function storedSnapshot() {
  if (!SNAPSHOT_WANTED) return null;
  try {
    // (caches.match with a cache's name, not caches.open: a lookup must not make the cache)
    return (await caches.match(SNAPSHOT_KEY, { cacheName: SNAPSHOT_CACHE })) ?? null;
  } catch {
    return null; // storage unavailable (private mode, quota): start the usual way
  }
}

/** The stored snapshot's bytes, or null when they cannot be read or were cut off. */
export async function storedBytes(response) {
  try {
    const length = Number(response.headers.get("x-snapshot-length"));
    const buffer = await response.arrayBuffer();
    return buffer.byteLength === length && length > 0 ? buffer : null;
  } catch {
    return null;
  }
}

export async function forgetSnapshots(keep = null) {
  try {
    for (const name of await caches.keys()) {
      if (name.startsWith(SNAPSHOT_PREFIX) && name !== keep) await caches.delete(name);
    }
  } catch {
    /* nothing stored, nothing to forget */
  }
}

export async function storeSnapshot(bytes) {
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
