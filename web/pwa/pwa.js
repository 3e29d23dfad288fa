// Offline play, updates and installing the app (see web/pwa/sw.js).
//
//   initOffline()           registers the service worker (on a first visit once the
//                           table is playable, so it never competes with the start),
//                           asks for persistent storage, watches for updates;
//   addOfflineStatus(form)  says in the settings dialog how the game is stored.
//
// Updates: a new version installs in the background and waits. The page then
// shows "A new version is ready" with a Reload button; only when the player
// presses it does the new service worker take over, and the page reloads into
// the new version as a whole. The game in progress is saved after every
// action (web/table/settings.js), so it continues after the reload.

import { BUILD } from "../shared/build-info.js";
import { hasKey, localizeTree, onLanguageChange, t } from "../shared/i18n.js";
import { EMBEDDED } from "../shared/page.js";

// the site's root (this module lives in the version's folder, v/<version>/web/pwa/)
const SCOPE = new URL(BUILD.root, import.meta.url);
const SW_URL = new URL("sw.js", SCOPE);
const CHECK_EVERY_MS = 60 * 60 * 1000;

const status = {
  worker: "serviceWorker" in navigator ? "starting" : "unsupported", // starting | ready | failed
  persisted: null, // true, false, or null (not asked / not supported)
};
let installPrompt = null;
let registration = null;
let started = null;
let reloading = false;

document.documentElement.dataset.appVersion = BUILD.appVersion;

// ---- install button ----------------------------------------------------------------

function installButton() {
  let button = document.querySelector('[data-tool="install"]');
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "tool";
    button.dataset.tool = "install";
    button.dataset.i18nAttr = "title: pwa.install.title";
    button.hidden = true;
    button.innerHTML =
      '<svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 3v12M7 10l5 5 5-5"/><path d="M4 17v3h16v-3"/></svg><span class="label" data-i18n="pwa.install"></span>';
    // words now if the catalogue is there; otherwise the app localizes the page when it arrives
    if (hasKey("pwa.install")) {
      localizeTree(button);
      button.title = t("pwa.install.title");
    }
    button.addEventListener("click", install);
    // before Settings, in the group a phone keeps behind "More"
    const settings = document.querySelector('.tools [data-tool="settings"]');
    settings?.parentNode.insertBefore(button, settings);
  }
  return button;
}

async function install() {
  if (!installPrompt) return;
  const prompt = installPrompt;
  installPrompt = null;
  installButton().hidden = true;
  await prompt.prompt();
  await prompt.userChoice.catch(() => null);
}

addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault(); // our own button, in the menu, instead of the browser's bar
  installPrompt = event;
  installButton().hidden = false;
});

addEventListener("appinstalled", () => {
  installPrompt = null;
  installButton().hidden = true;
  askPersistence(); // browsers grant it more readily to installed apps
});

// ---- update notice -----------------------------------------------------------------

function updateNotice() {
  let box = document.querySelector("#update-notice");
  if (!box) {
    box = document.createElement("div");
    box.id = "update-notice";
    box.className = "notice update";
    box.setAttribute("role", "status");
    box.hidden = true;
    box.innerHTML =
      '<p></p><button type="button" class="btn primary" data-action="update-reload" data-i18n="pwa.reload"></button>';
    updateWords(box);
    box.querySelector("button").addEventListener("click", applyUpdate);
    const anchor = document.querySelector("#notice");
    if (anchor) anchor.after(box);
    else document.body.prepend(box);
  }
  return box;
}

// the notice's words: a catalogue key, else the service worker's "a new version is ready"
let updateKey = null;

/** The notice's words in the page's language (again on every language change). */
function updateWords(box) {
  box.querySelector("p").textContent = updateKey ? t(updateKey) : `${t("pwa.update_ready")} ${t("pwa.game_kept")}`;
  box.querySelector("button").textContent = t("pwa.reload");
}

/** Another tab runs a newer version of the game (web/table/tab-handover.js heard it): offer
 * to reload into it, saying so with the message `key`. */
export function offerNewVersion(key) {
  if (!registration?.waiting) updateKey = key; // a waiting service worker says it its way
  const box = updateNotice();
  updateWords(box);
  box.hidden = false;
}

onLanguageChange(() => {
  const box = document.querySelector("#update-notice");
  if (box) updateWords(box);
});

function offerUpdate() {
  // (a first install has nothing active yet: it activates at once, nothing to offer)
  if (!registration?.waiting || !registration.active) return;
  updateNotice().hidden = false;
}

/** The player asked for the new version: let it take over, then reload. */
function applyUpdate() {
  const waiting = registration?.waiting;
  const button = updateNotice().querySelector("button");
  button.disabled = true;
  reloading = true;
  if (!waiting) {
    location.reload();
    return;
  }
  // Reload once the new worker controls the site (the old one stops serving).
  waiting.addEventListener("statechange", () => {
    if (waiting.state === "activated") location.reload();
  });
  waiting.postMessage({ type: "skip-waiting" });
}

function watch(worker) {
  if (!worker) return;
  worker.addEventListener("statechange", () => {
    if (worker.state === "installed") offerUpdate();
    if (worker.state === "activated" && status.worker !== "ready") status.worker = "ready";
  });
}

async function checkForUpdate() {
  try {
    await registration?.update();
  } catch {
    // offline, or the server is away: try again later
  }
}

// ---- persistent storage -----------------------------------------------------------------

async function askPersistence() {
  if (!navigator.storage?.persist) return;
  try {
    status.persisted = (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    status.persisted = false;
  }
  document.documentElement.dataset.storage = status.persisted ? "persistent" : "best-effort";
}

// ---- start --------------------------------------------------------------------------------

// The game inside an embed (EMBEDDED) is not the installable app: its storage is
// partitioned under the host page anyway, and a precache download would fetch the
// whole runtime a second time for a page that only shows one widget.

/** Start offline support (once; later calls return the same promise). */
export function initOffline() {
  if (EMBEDDED) return Promise.resolve();
  started ??= start();
  return started;
}

// A page the service worker already serves starts at once (an update can then
// be offered while the engine loads); a first visit waits for the app to call
// initOffline() once the table is playable (web/table/boot.js).
if (navigator.serviceWorker?.controller) initOffline();

async function start() {
  if (status.worker === "unsupported") return;
  try {
    registration = await navigator.serviceWorker.register(SW_URL, {
      scope: SCOPE.pathname,
      updateViaCache: "none",
    });
  } catch (err) {
    status.worker = "failed";
    console.warn(`Offline play is not available: ${err?.message ?? err}`);
    return;
  }
  if (!registration) {
    status.worker = "failed"; // refused without an error (e.g. blocked by the browser's settings)
    return;
  }
  // A version may already be waiting (found on an earlier visit) or installing.
  offerUpdate();
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  // Another tab of the game took the update: this one runs the old version.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading) updateNotice().hidden = false;
  });
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });
  setInterval(checkForUpdate, CHECK_EVERY_MS);
  await navigator.serviceWorker.ready;
  status.worker = "ready";
  document.documentElement.dataset.offline = "ready";
  await askPersistence();
}

// ---- settings dialog ------------------------------------------------------------------

function statusText() {
  const lines = [];
  if (status.worker === "ready") lines.push(t("pwa.worker_ready"));
  else if (status.worker === "starting") lines.push(t("pwa.worker_starting"));
  else lines.push(t("pwa.worker_unsupported"));
  if (status.persisted === true) lines.push(t("pwa.storage_persistent"));
  else if (status.persisted === false) lines.push(t("pwa.storage_not_persistent"));
  return lines;
}

/** Add the "Offline" part to the settings form (before its error line and buttons). */
export function addOfflineStatus(form) {
  const part = document.createElement("fieldset");
  part.className = "offline-status";
  const legend = document.createElement("legend");
  legend.textContent = t("pwa.offline_title");
  part.append(legend);
  for (const line of statusText()) {
    const p = document.createElement("p");
    p.className = "help";
    p.textContent = line;
    part.append(p);
  }
  const version = document.createElement("p");
  version.className = "help";
  version.dataset.appVersion = BUILD.appVersion;
  version.textContent = t("settings.version", {
    app: BUILD.appVersion,
    engine: BUILD.engineVersion,
    pyodide: BUILD.pyodideVersion,
  });
  part.append(version);
  form.insertBefore(part, form.querySelector("#settings-error") ?? form.querySelector(".buttons"));
}
