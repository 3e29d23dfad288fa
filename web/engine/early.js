// The game page's engine worker, started by the first script of index.html's head.
//
// A classic script that blocks the parser for its own few hundred bytes: the
// browser runs it as soon as it is here (measured: 100-180 ms before the async
// module start.js, whose graph waits its turn behind the page's rendering and its
// other modules), so the runtime's 9.6 MB download begins that much sooner. The
// page's EngineClient (client.js) takes this worker, with every message and error
// the worker sent before it was taken, instead of starting one of its own; when
// this script is missing or failed, the client starts the worker itself, as before.
//
// Nothing starts in a browser that web/shared/load-guard.js found too old.
//
// Only the game page's own worker starts here: a page whose address has ?embed
// shares its worker with the other embeds (client.js), and no other page loads
// this script.
(() => {
  if (new URLSearchParams(location.search).has("embed")) return;
  // a browser too old for the game (web/shared/load-guard.js, run just before): it says
  // so, and no download begins
  if (globalThis.hasenpfefferMissing?.length) return;
  try {
    const url = new URL("./worker.js", document.currentScript.src).href;
    // the options of client.js's connect() for the game page's own worker
    const worker = new Worker(url, { type: "module", name: "hasenpfeffer-engine+snapshot" });
    performance.mark("hp-worker-started"); // beside the page's hp-start, hp-engine-ready, hp-playable
    const held = [];
    const hold = (event) => {
      if (event.type === "error") event.preventDefault(); // reported when taken
      held.push(event);
    };
    worker.addEventListener("message", hold);
    worker.addEventListener("error", hold);
    globalThis.hasenpfefferEarlyWorker = {
      url,
      /** The worker and the events it sent until now; once: afterwards they are the caller's. */
      take() {
        worker.removeEventListener("message", hold);
        worker.removeEventListener("error", hold);
        delete globalThis.hasenpfefferEarlyWorker;
        return { worker, held };
      },
    };
  } catch {
    // no module workers here: the client tries, and says why it could not
  }
})();
