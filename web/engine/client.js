// The one door from the page to the engine: a promise-based client of the
// engine worker (web/engine/worker.js), which runs hasenpfeffer.api in Pyodide.
//
//   const engine = new EngineClient({ onProgress(fraction, stage, report) {...} });
//   (report: the worker's whole message, with `until` and `expected_ms`, see worker.js)
//   await engine.ready;                          // resolves with load timings
//   const state = await engine.call("state");    // {ok: true, ...} answers
//
// call() resolves with the API's answer when it is ok, and rejects with an
// EngineError (code, message) otherwise. Requests carry ids, so answers may be
// matched in any order.
//
// {shared: true} connects to the SharedWorker of the same script instead of
// starting a dedicated Worker: every page of the game's origin in the browser
// (the embeds' iframes) then shares one Pyodide. A shared client has its own
// session id, sent with every request, so each keeps its own game in the API.
// Without the option, a page whose address has ?embed (the game in an embed)
// is shared, any other page (the game itself) has its own worker. Where the
// browser has no SharedWorker, a shared client falls back to its own Worker.
// The game page's own worker is started before any module, by index.html's first
// script (early.js); the client takes it, with what it said until then.
//
// The back/forward cache: a page the browser keeps when the player navigates away
// keeps its connection (a shared client says goodbye only when its page is really
// unloaded), and when it is shown again the client checks that the worker still
// answers. If not (the browser stopped it meanwhile), the client connects anew and
// calls `onRestart()`: the page builds what it showed again (its game in the old
// worker is gone); without an `onRestart` the page reloads.

export const API_VERSION = 1;
// how long a page back from the back/forward cache waits for the worker's answer
// (a computer player may be thinking; a worker still loading may take long) before
// it connects anew
const REVIVE_MS = 5000;
const REVIVE_LOADING_MS = 60000;

export class EngineError extends Error {
  /** `detail`: the rest of the engine's error answer (`reason_code`, `reason_params`),
   * so the page can say it in its own language (errorText in i18n-terms.js). */
  constructor(code, message, detail = {}) {
    super(message);
    this.name = "EngineError";
    this.code = code;
    if (detail.reason_code) {
      this.reason_code = detail.reason_code;
      this.reason_params = detail.reason_params ?? {};
    }
  }
}

/** The worker web/engine/early.js started for the page, with the events it held, if
 * it runs `url`; once (a later connect, after the back/forward cache, starts anew). */
function takeEarlyWorker(url) {
  const early = globalThis.hasenpfefferEarlyWorker;
  if (!early || early.url !== new URL(url, globalThis.location?.href).href) return null;
  return early.take();
}

function newSession() {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `c-${random}`;
}

export class EngineClient {
  constructor({ onProgress = () => {}, onRestart, workerURL, shared, session } = {}) {
    // a browser too old for the game (web/shared/load-guard.js said so on the page):
    // no worker, no download
    const missing = globalThis.hasenpfefferMissing;
    if (missing?.length) throw new EngineError("browser_too_old", `this browser lacks ${missing.join(", ")}`);
    this.nextId = 1;
    this.pending = new Map();
    // (?embed read here, as web/shared/page.js reads it: this module starts the page's
    // engine and imports nothing, so nothing is fetched before the engine's worker)
    const wanted = shared ?? new URLSearchParams(globalThis.location?.search ?? "").has("embed");
    // no SharedWorker (e.g. Chrome on Android): a worker of its own, same protocol
    this.shared = wanted && typeof SharedWorker !== "undefined";
    this.wantedShared = wanted;
    this.session = wanted ? (session ?? newSession()) : session;
    this.workerInfo = null;
    this.onProgress = onProgress;
    this.onRestart = onRestart ?? (() => globalThis.location?.reload());
    this.url = workerURL ?? new URL("./worker.js", import.meta.url);
    this.connect();
    if (this.shared) {
      // goodbye only when the page is really unloaded, not when it goes into the
      // back/forward cache (it may come back, and its game with it)
      globalThis.addEventListener?.("pagehide", (event) => {
        if (!event.persisted) this.close();
      });
    }
    globalThis.addEventListener?.("pageshow", (event) => {
      if (event.persisted) this.revive();
    });
  }

  /** Start (or join) the worker: the port, `ready`, the answers. */
  connect() {
    const url = this.url;
    // the game page's own worker may keep a snapshot of the started runtime (see
    // worker.js); an embed's worker never does
    const snapshot = !this.wantedShared;
    const options = { type: "module", name: snapshot ? "hasenpfeffer-engine+snapshot" : "hasenpfeffer-engine" };
    const onProgress = this.onProgress;
    // the worker index.html's first script started (early.js), if it is this one
    const early = this.wantedShared ? null : takeEarlyWorker(url);
    if (this.shared) {
      this.worker = new SharedWorker(url, { ...options, name: "hasenpfeffer-engine-shared" });
      this.port = this.worker.port;
    } else {
      this.worker = early?.worker ?? new Worker(url, options);
      this.port = this.worker;
    }
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (event) => {
        const msg = event.data;
        if (msg.type === "progress") onProgress(msg.fraction, msg.stage, msg);
        else if (msg.type === "ready") {
          this.workerInfo = msg.worker ?? null;
          this.started = true;
          resolve(msg.timings);
        }
        else if (msg.type === "fatal") reject(new EngineError("load", msg.message));
        else if (msg.id !== undefined) this.settle(msg.id, msg.response);
      };
      const onError = (event) => {
        event.preventDefault();
        const error = new EngineError("load", event.message || "the engine could not start");
        reject(error);
        for (const { reject: r } of this.pending.values()) r(error);
        this.pending.clear();
      };
      this.port.addEventListener("message", onMessage);
      this.worker.addEventListener("error", onError);
      // what the early worker said before it was taken, in the order it said it
      for (const event of early?.held ?? []) (event.type === "error" ? onError : onMessage)(event);
    });
    if (this.shared) this.port.start();
    // A rejection is reported by whoever awaits ready; do not warn twice.
    this.ready.catch(() => {});
  }

  /** Back from the back/forward cache: the worker answers, or the client connects
   * anew (pending calls fail) and the page starts again (onRestart). */
  async revive() {
    if (this.closed) return;
    const answered = await Promise.race([
      this.call("api_version").then(
        () => true,
        () => true, // an error is an answer too: the worker is there
      ),
      new Promise((resolve) => setTimeout(() => resolve(false), this.started ? REVIVE_MS : REVIVE_LOADING_MS)),
    ]);
    if (answered || this.closed) return;
    const error = new EngineError("load", "the engine stopped while the page was away");
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    try {
      if (this.shared) this.port.close();
      else this.worker.terminate();
    } catch {
      /* gone already */
    }
    if (this.wantedShared) this.session = newSession();
    this.started = false;
    this.connect();
    this.onRestart();
  }

  settle(id, response) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (response && response.ok) entry.resolve(response);
    else {
      const error = response?.error ?? { code: "unknown", message: "no answer" };
      entry.reject(new EngineError(error.code, error.message, error));
    }
  }

  /** Send one API request: call("act", {action: "play JD"}). */
  call(op, args = {}) {
    const id = this.nextId++;
    const request = { v: API_VERSION, op, ...args };
    if (this.session !== undefined) request.session = this.session;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ id, request });
    });
  }

  /** Leave the worker: a shared one forgets this client's game; a dedicated one stops. */
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.shared) {
      this.port.postMessage({ type: "bye", session: this.session });
      this.port.close();
    } else this.worker.terminate();
  }

  terminate() {
    this.close();
  }
}
