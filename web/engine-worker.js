// The engine's home: a module worker running Pyodide with our wheel.
//
// The same code runs as a dedicated Worker (the game page) and as a
// SharedWorker (embeds: every iframe of the game's origin on a page connects
// to one worker, so Pyodide loads once). Each connection is a "port" (for a
// dedicated worker, the worker itself).
//
// The page never calls Python directly: web/client.js posts {id, request}
// here, this worker answers {id, response} from hasenpfeffer.api.handle_json.
// While the runtime loads, it posts {type: "progress", fraction, stage};
// then {type: "ready", timings, worker}, or {type: "fatal", message} if
// loading failed. A port that connects later gets the latest of these at once.
// {type: "bye", session} from a port forgets that session's game and the port.
//
// Everything is loaded from this site's own origin, by URLs relative to this
// module, so the site works under any sub-path.

import { loadPyodide } from "../pyodide/pyodide.mjs";
import { BUILD } from "./build-info.js";

const t0 = performance.now();
const SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
// Who this worker is: embeds check that they all talk to one runtime.
const WORKER = {
  id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`,
  shared: SHARED,
  runtimes: 0, // how many times Pyodide was loaded here (1)
  connections: 0,
};
const ports = new Set();
let lastStatus = null; // the latest progress / ready / fatal message

function broadcast(msg) {
  if (msg.type) lastStatus = msg;
  for (const port of ports) port.postMessage(msg);
}
const indexURL = new URL("../pyodide/", import.meta.url).href;
const wheelURL = new URL(BUILD.wheel, import.meta.url).href;

// ---- progress: bytes of the big files, then the start of Python ----------------
// Weights of the stages in the bar: downloads 70 %, starting Python 20 %,
// importing the engine 10 %.
const tracked = new Map([
  ["pyodide.asm.wasm", BUILD.sizes["pyodide.asm.wasm"]],
  ["python_stdlib.zip", BUILD.sizes["python_stdlib.zip"]],
  [BUILD.wheelName, BUILD.sizes.wheel],
]);
const totalBytes = [...tracked.values()].reduce((a, b) => a + b, 0);
let loadedBytes = 0;
let stage = "download";
let lastPost = 0;

function fraction() {
  const dl = Math.min(1, loadedBytes / totalBytes);
  if (stage === "download") return 0.7 * dl;
  if (stage === "start") return 0.9;
  if (stage === "engine") return 0.97;
  return 1;
}

function postProgress(force = false) {
  const now = performance.now();
  if (!force && now - lastPost < 50) return;
  lastPost = now;
  broadcast({ type: "progress", fraction: fraction(), stage });
}

function trackedName(url) {
  const path = new URL(url, self.location.href).pathname;
  const name = path.slice(path.lastIndexOf("/") + 1);
  return tracked.has(name) ? name : null;
}

// Count the bytes of the tracked downloads as they stream in.
const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = typeof input === "string" ? input : input.url ?? String(input);
  if (!response.ok || !response.body || !trackedName(url)) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      loadedBytes += chunk.byteLength;
      postProgress();
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
};

// ---- loading: the runtime and the wheel in parallel ------------------------------

async function fetchWheel() {
  const response = await self.fetch(wheelURL);
  if (!response.ok) throw new Error(`could not load the engine (${response.status} ${wheelURL})`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  postProgress(true);
  const wheelPromise = fetchWheel();
  WORKER.runtimes += 1;
  const pyodide = await loadPyodide({ indexURL, packages: [] });
  const tRuntime = performance.now();
  stage = "start";
  postProgress(true);
  const wheel = await wheelPromise;
  stage = "engine";
  postProgress(true);
  const path = `/engine/${BUILD.wheelName}`;
  pyodide.FS.mkdirTree("/engine");
  pyodide.FS.writeFile(path, wheel);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})`);
  const api = pyodide.pyimport("hasenpfeffer.api");
  const handleJson = api.handle_json;
  const tReady = performance.now();
  stage = "ready";
  postProgress(true);
  return {
    handleJson,
    timings: {
      runtime_ms: Math.round(tRuntime - t0),
      ready_ms: Math.round(tReady - t0),
      engine_ms: Math.round(tReady - tRuntime),
    },
  };
}

const booted = boot();
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
