// A page's own files kept offline: the rules page and the Python page each ask
// the site's service worker (web/pwa/sw.js, its "cache-group" message) to store
// their group of files (devtools/hasenpfeffer_site/pwa_build.py's GROUPS), which the game's own
// install leaves out to stay small.

/** Ask one service worker to store `group`; resolves when its files are stored. */
function askToKeep(worker, group) {
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => (data.ok ? resolve() : reject(new Error(data.message)));
    worker.postMessage({ type: "cache-group", group }, [channel.port2]);
  });
}

/**
 * Register the site's service worker (`swUrl`, for the folder `scope`) and have the
 * version in charge, and one that waits to take over (it keeps its own files),
 * store `group`. Resolves true once stored, false where the browser has no service
 * workers; rejects with the reason it could not.
 */
export async function keepGroupOffline(swUrl, scope, group) {
  if (!("serviceWorker" in navigator)) return false;
  const registration = await navigator.serviceWorker.register(swUrl, {
    scope: scope.pathname,
    updateViaCache: "none",
  });
  await navigator.serviceWorker.ready;
  const workers = [registration.active, registration.waiting].filter(Boolean);
  await Promise.all(workers.map((worker) => askToKeep(worker, group)));
  return true;
}

/**
 * A page kept offline as the rules page and the Python page do it: `group` stored
 * (keepGroupOffline), then `data-offline="ready"` on the page's root element, which
 * the page's words and tests read. Resolves true once stored; false where the
 * browser has no service workers or the files could not be stored (the console
 * says why, naming `page`): the page works on, online only.
 */
export async function keepPageOffline(swUrl, scope, group, page) {
  try {
    if (!(await keepGroupOffline(swUrl, scope, group))) return false;
    document.documentElement.dataset.offline = "ready";
    return true;
  } catch (err) {
    console.warn(`${page} is not available offline: ${err?.message ?? err}`);
    return false;
  }
}
