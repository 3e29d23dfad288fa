// The one door from the page to the engine: a promise-based client of the
// engine worker (web/engine-worker.js), which runs hasenpfeffer.api in Pyodide.
//
//   const engine = new EngineClient({ onProgress(fraction, stage) {...} });
//   await engine.ready;                          // resolves with load timings
//   const state = await engine.call("state");    // {ok: true, ...} answers
//
// call() resolves with the API's answer when it is ok, and rejects with an
// EngineError (code, message) otherwise. Requests carry ids, so answers may be
// matched in any order.

export const API_VERSION = 1;

export class EngineError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "EngineError";
    this.code = code;
  }
}

export class EngineClient {
  constructor({ onProgress = () => {}, workerURL } = {}) {
    this.nextId = 1;
    this.pending = new Map();
    this.worker = new Worker(workerURL ?? new URL("./engine-worker.js", import.meta.url), {
      type: "module",
      name: "hasenpfeffer-engine",
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener("message", (event) => {
        const msg = event.data;
        if (msg.type === "progress") onProgress(msg.fraction, msg.stage);
        else if (msg.type === "ready") resolve(msg.timings);
        else if (msg.type === "fatal") reject(new EngineError("load", msg.message));
        else if (msg.id !== undefined) this.settle(msg.id, msg.response);
      });
      this.worker.addEventListener("error", (event) => {
        event.preventDefault();
        const error = new EngineError("load", event.message || "the engine could not start");
        reject(error);
        for (const { reject: r } of this.pending.values()) r(error);
        this.pending.clear();
      });
    });
    // A rejection is reported by whoever awaits ready; do not warn twice.
    this.ready.catch(() => {});
  }

  settle(id, response) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (response && response.ok) entry.resolve(response);
    else {
      const error = response?.error ?? { code: "unknown", message: "no answer" };
      entry.reject(new EngineError(error.code, error.message));
    }
  }

  /** Send one API request: call("act", {action: "play JD"}). */
  call(op, args = {}) {
    const id = this.nextId++;
    const request = { v: API_VERSION, op, ...args };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  }

  terminate() {
    this.worker.terminate();
  }
}
