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
// module, so the site works under any sub-path. This module is the message loop; the
// start is ./runtime-start.js, with ./downloads.js, ./runtime-snapshot.js,
// ./load-progress.js and ./locale-warmup.js; what the worker does with Pyodide beyond
// its documented API is in ./pyodide-adapter.js alone.
//
// The site ships this module and those it imports as one file (the build joins them in
// the order they run: devtools/hasenpfeffer_site/worker_bundle.py): loaded as modules,
// each one more request before the worker could run, they made the start 0.1 s later
// over an 80 ms link (issue 49). They work unjoined too, as modules.

import { SHARED, WORKER, broadcast, lastStatus, ports } from "./worker-context.js";
// Every module of the worker is named here, in the order they run (their own imports
// set it): the wasm's request (./downloads.js) goes out before the site's snapshot's
// (./runtime-snapshot.js).
import "./pyodide-adapter.js";
import "./load-progress.js";
import { downloadFailed } from "./downloads.js";
import "./runtime-snapshot.js";
import "./locale-warmup.js";
import { boot } from "./runtime-start.js";

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
