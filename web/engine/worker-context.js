// The engine's worker (./worker.js): who it is, when it began, the ports it talks to,
// and this version's build facts once it has read them. The worker's other modules
// import this one; it imports nothing.

export const t0 = performance.now();
export const SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
// the game page's own worker keeps the started runtime on the device (see "kept between
// visits" in ./runtime-snapshot.js); an embed's shared worker does not
export const SNAPSHOT_WANTED = !SHARED && self.name.split("+").includes("snapshot") && typeof caches !== "undefined";
// Who this worker is: embeds check that they all talk to one runtime.
export const WORKER = {
  id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  shared: SHARED,
  runtimes: 0, // how many times Pyodide was loaded here (1)
  connections: 0,
  snapshot: "none", // "shipped" (started from the site's snapshot), "restored" (from this device's), "taken" (stored one) or "none"
};
export const ports = new Set();
export let lastStatus = null; // the latest progress / ready / fatal message

export function broadcast(msg) {
  if (msg.type) lastStatus = msg;
  for (const port of ports) port.postMessage(msg);
}

// ---- this version: its files, their sizes, its snapshot's name ----------------------
// From web/shared/build-info.js (written by the build), imported by learnBuild() in
// ./runtime-start.js: not a static import, which the browser would fetch before the
// worker's modules run, and so before the wasm's request (./downloads.js) goes out (one
// more request in turn at the start, measured in issue 31). Nothing reads it before.
export let BUILD = null;

/** This version's build facts, read by learnBuild(). */
export function setBuild(build) {
  BUILD = build;
}
