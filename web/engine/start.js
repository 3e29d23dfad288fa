// Starts the engine's worker as early as the page can. index.html loads this small
// module before the table's (web/table/boot.js): its graph (client.js) is ready
// long before the table's, so the runtime's download and start begin while the
// rest of the page's modules still load. The table imports the same module (same
// URL, same instance) and takes the client and its progress from here.

import { EngineClient } from "./client.js";

let forward = null;
let last = null;

/** The one engine client of the page, or the error that kept it from starting. */
export const start = (() => {
  try {
    const engine = new EngineClient({
      onProgress: (fraction, stage, report) => {
        last = [fraction, stage, report];
        forward?.(fraction, stage, report);
      },
    });
    engine.ready.catch(() => {}); // the app reports it, once its words are there
    return { engine, error: null };
  } catch (error) {
    return { engine: null, error };
  }
})();

/** The page's one engine client (null when it could not start: `start.error` says why). */
export const engine = start.engine;

/** Send the loading progress to `handler`, starting with the latest report. */
export function followProgress(handler) {
  forward = handler;
  if (last) handler(...last);
}
