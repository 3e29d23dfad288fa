// The engine worker's loading progress: bytes of the big files, then the start of Python.
//
// The stages and their share of the bar. "download": the bytes of the runtime and
// the wheel as they arrive. "start": Python starting, from the moment the runtime's
// files are all here (no bytes are left to count and Pyodide reports nothing of its
// own: its main() and bootstrap take seconds on a slow machine, far longer than a
// download from a near server). "engine": the rules imported. Each report carries
// the fraction reached, the fraction the stage ends at (`until`) and how long the
// stage usually takes (`expected_ms`, from a slow two-core machine), so the page can
// move the bar on between two milestones; it never passes `until` before the work does.

import { STDLIB_NAME } from "./pyodide-adapter.js";
import { broadcast, t0 } from "./worker-context.js";

const BANDS = {
  download: { from: 0, until: 0.5, expected_ms: 0 },
  start: { from: 0.5, until: 0.92, expected_ms: 4000 },
  engine: { from: 0.92, until: 0.99, expected_ms: 500 },
  ready: { from: 1, until: 1, expected_ms: 0 },
};
const tracked = new Map(); // the downloads counted in the progress: file name -> bytes
let totalBytes = 0;
let loadedBytes = 0;
let stage = "download";
let lastPost = 0;
// the runtime's own files (not the wheel, which goes on in parallel), and the started
// runtime while it is coming: when all are here, Python starts (or is restored)
export const SHIPPED_NAME = "runtime.snapshot"; // the site's started runtime (devtools/hasenpfeffer_site/build_site.py's SNAPSHOT)
export const WASM_NAME = "pyodide.asm.wasm"; // the runtime's wasm
const runtimeFiles = new Set([WASM_NAME, STDLIB_NAME, SHIPPED_NAME]);
export let filesAt = null; // when they were (ms since t0, for the timings)
export let firstByteAt = null; // when the first byte of a tracked download came (for its rate)
// the wasm's bytes as they come over the wire: its gzipped copy's (the build's
// gzipped_copies.py), or its own when the copy was refused (./downloads.js)
let wasmFile = `${WASM_NAME}.gz`;
let sizes = null;

/** The runtime's files and the wheel counted, at this version's sizes (`build`): the
 * library's and the wheel's gzipped copies' (./downloads.js; as stored, where the copy is
 * refused, the bar reaches the end of its band a little early). */
export function trackDownloads(build) {
  sizes = build.sizes;
  tracked.set(WASM_NAME, sizes[wasmFile] ?? sizes[WASM_NAME]);
  tracked.set(STDLIB_NAME, sizes[`${STDLIB_NAME}.gz`] ?? sizes[STDLIB_NAME]);
  tracked.set(build.wheelName, sizes[`${build.wheelName}.gz`] ?? sizes.wheel);
  totalBytes = [...tracked.values()].reduce((a, b) => a + b, 0);
}

/** The wasm comes as stored (its gzipped copy refused): counted at its own size. */
export function wasmAsStored() {
  wasmFile = WASM_NAME;
  if (!sizes || !tracked.has(WASM_NAME)) return; // (trackDownloads() will count it so)
  totalBytes += sizes[WASM_NAME] - tracked.get(WASM_NAME);
  tracked.set(WASM_NAME, sizes[WASM_NAME]);
}

/** Whether the download `name` is counted. */
export function isTracked(name) {
  return tracked.has(name);
}

/** The download `name` counted too, of `bytes`. */
export function track(name, bytes) {
  tracked.set(name, bytes);
  totalBytes += bytes;
}

/** The download `name` no longer counted (the `received` bytes of it leave the count too),
 * nor awaited. */
export function untrack(name, received) {
  const bytes = tracked.get(name);
  if (tracked.delete(name)) totalBytes -= bytes;
  loadedBytes -= received;
  arrived(name);
}

const arrivals = new Map(); // file name -> {promise, resolve}: whenArrived()

function arrival(name) {
  if (!arrivals.has(name)) {
    let resolve;
    const promise = new Promise((r) => {
      resolve = r;
    });
    arrivals.set(name, { promise, resolve });
  }
  return arrivals.get(name);
}

/** A promise that `name` is here (or no longer awaited). */
export function whenArrived(name) {
  return arrival(name).promise;
}

/** `name` is here (or no longer awaited): once the runtime's files all are, it starts. */
export function arrived(name) {
  arrival(name).resolve();
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
let firstRequestAt = null;
let lastChunkAt = null;

/** `bytes` more of a tracked download. */
export function counted(bytes) {
  const now = performance.now();
  firstByteAt ??= now;
  lastChunkAt = now;
  loadedBytes += bytes;
  samples.push([now, loadedBytes]);
  while (samples.length > 2 && samples[1][0] < now - RATE_WINDOW_MS) samples.shift();
  postProgress();
}

/** The bytes of the tracked downloads counted so far. */
export function countedBytes() {
  return loadedBytes;
}

/** The first tracked download (the wasm's) is asked for: the link's clock starts. */
export function requested() {
  firstRequestAt ??= performance.now();
}

/** The link's rate as the tracked downloads saw it, in bytes per ms: the higher of their
 * rate over the last RATE_WINDOW_MS or so up to their last chunk, and their bytes over
 * the time from the first request to the last chunk (a browser that hands a file over in
 * one chunk, WebKit from a near server, is timed from its request). Both leave out the
 * time since the last chunk: a link with all its files in is idle, not slow (one that
 * stalls is judged by recentRate()). */
export function linkRate() {
  if (firstRequestAt === null || lastChunkAt === null) return 0;
  const sinceRequest = loadedBytes / Math.max(lastChunkAt - firstRequestAt, 1);
  if (samples.length < 2) return sinceRequest;
  const [since, before] = samples[0];
  return Math.max(sinceRequest, (loadedBytes - before) / Math.max(lastChunkAt - since, 1));
}

/** The downloads' rate together over the last RATE_WINDOW_MS or so, in bytes per ms. */
export function recentRate() {
  const now = performance.now();
  const [since, before] = samples[0] ?? [firstByteAt, 0];
  return (loadedBytes - before) / Math.max(now - since, 1);
}

function fraction() {
  const band = BANDS[stage];
  if (stage !== "download") return band.from;
  return band.from + (band.until - band.from) * Math.min(1, loadedBytes / totalBytes);
}

export function postProgress(force = false) {
  if (!totalBytes) return; // the sizes are not known yet (learnBuild)
  const now = performance.now();
  if (!force && now - lastPost < 50) return;
  lastPost = now;
  const { until, expected_ms } = BANDS[stage];
  broadcast({ type: "progress", fraction: fraction(), stage, until, expected_ms });
}

export function enterStage(name) {
  if (stage === name) return;
  stage = name;
  postProgress(true);
}

/** Back to the stage the runtime's files are at, for a second start after a failed one
 * (the page's bar does not go back). */
export function restartStage() {
  stage = runtimeFiles.size ? "download" : "start";
}

export function trackedName(url) {
  const path = new URL(url, self.location.href).pathname;
  const name = path.slice(path.lastIndexOf("/") + 1);
  return tracked.has(name) ? name : null;
}
