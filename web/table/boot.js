// The table's start (index.html loads this module): the settings (stored, then
// ?speed=&bots=&... from the address), the renderer and the input wired, the
// language first (its catalogue is small and arrives long before the engine),
// then the engine (already started by web/engine/start.js, which the page loads
// first), then the saved game or a new one.
//
// Nothing here knows the rules: which cards and bids are legal (and why not),
// the order of the hand, scores and the card ranking all come from the engine
// through web/engine/client.js. The table's modules: state.js (the one state
// object and update()), render.js, animation.js, turns.js, dialogs.js,
// settings-dialog.js, language.js, input.js.

import { followProgress, start } from "../engine/start.js";
import { t } from "../shared/i18n.js";
import { errorText } from "../shared/i18n-terms.js";
import { initOffline } from "../pwa/pwa.js";
import { installGuide, loadGuide } from "./guide.js";
import { installInput } from "./input.js";
import { followLanguage, startLanguage } from "./language.js";
import { followLoading } from "./progress.js";
import { paintedGame, render } from "./render.js";
import { applyQuery, loadSettings, readSave, saveSettings } from "./settings.js";
import { setRenderer, state, update } from "./state.js";
import { installToolbar } from "./toolbar.js";
import { announce, engine, notice, runBots, setGame, startNewGame } from "./turns.js";

performance.mark("hp-start");

// Offline support starts once the table is playable (or soon after the engine is
// ready at the latest): the service worker's first download and checks must not
// compete with the first moves for the two cores of a small machine.
const OFFLINE_DELAY_MS = 5000;

function initialState() {
  // ?seed=N in the address: the games of this visit are dealt from N, N+1, ...
  const { settings, seed } = applyQuery(loadSettings(), location.search);
  saveSettings(settings);
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  reducedMotion.addEventListener("change", () => update({ reducedMotion: reducedMotion.matches }));
  return { settings, seed, reducedMotion: reducedMotion.matches, guide: loadGuide() };
}

// the bar moves on between the worker's reports (progress.js)
const loadingBar = followLoading((fraction, stage) => update({ loading: { ...state.loading, fraction, stage } }));

function onProgress(fraction, stage, report) {
  loadingBar.report(fraction, stage, report);
}

/** The saved game, restored by the engine; null when there is none (or it is unreadable:
 * the notice says why). */
async function restoreSave() {
  const saved = readSave();
  if (saved.error) {
    notice(t("notice.save_restore", { message: t(`notice.${saved.error}`) }), "error");
  } else if (saved.record) {
    const levels = Array.isArray(saved.record.levels) ? saved.record.levels : state.settings.levels;
    try {
      return await engine.call("load", { save: saved.record.save, levels });
    } catch (err) {
      notice(t("notice.save_restore", { message: errorText(err).replace(/[.।]$/, "") }), "error");
    }
  }
  return null;
}

async function boot() {
  const starting = engine ? engine.ready : Promise.reject(start.error);
  starting.catch(() => {}); // handled below, once the words are there
  followProgress(onProgress);
  await startLanguage();
  try {
    window.hasenpfeffer.timings = await starting;
    performance.mark("hp-engine-ready");
  } catch (error) {
    loadingBar.stop();
    update({ loading: { ...state.loading, error } });
    initOffline(); // a fixed version may be waiting to be installed
    return;
  }
  setTimeout(initOffline, OFFLINE_DELAY_MS);
  loadingBar.stop();
  onProgress(1, "ready");
  const game = await restoreSave();
  update({ loading: { ...state.loading, done: true } });
  if (!game) {
    await startNewGame();
    return;
  }
  setGame(game);
  announce(t("a11y.welcome_back"));
  await runBots();
}

// for the tests and benchmarks: what the table shows (the state last painted)
window.hasenpfeffer = {
  get state() {
    return paintedGame();
  },
  get settings() {
    return state.settings;
  },
  timings: null,
};

update(initialState());
setRenderer(render);
installInput();
installToolbar();
installGuide();
followLanguage();
boot();
