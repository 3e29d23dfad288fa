// The table's start (index.html loads this module): the settings (stored, then
// ?speed=&bots=&... from the address, for this visit), the renderer and the input
// wired, the language first (its catalogue is small and arrives long before the
// engine), then the engine (already started by web/engine/start.js, which the page
// loads first), then the saved game (claimed from any other tab: tab-handover.js) or a new
// one, and what was kept aside offered (save-dialogs.js).
//
// Nothing here knows the rules: which cards and bids are legal (and why not),
// the order of the hand, scores and the card ranking all come from the engine
// through web/engine/client.js. This module wires the table: the renderer, the
// input, and the listeners of game-flow.js's events. The table's modules in their
// layers (base, views, render, controllers, wiring): docs/architecture.md.

import { engine, followProgress, start } from "../engine/start.js";
import { initOffline } from "../pwa/pwa.js";
import { warmFaces } from "../shared/cards.js";
import { formatList, loadFallback, t } from "../shared/i18n.js";
import { installDialogs, reopenSummary, showHandEnd, warmDialogs } from "./dialogs.js";
import { warmFonts } from "./font-warmup.js";
import { followGuide, installGuide, loadGuide } from "./guide.js";
import { installLongGame } from "./long-game.js";
import { installInput } from "./input.js";
import { focusFirstControl } from "./keyboard.js";
import { followLanguage, startLanguage } from "./language.js";
import { announce } from "./narration.js";
import { installPass } from "./pass.js";
import { followLoading } from "./progress.js";
import { paintedGame, paintedPlayable, render } from "./render.js";
import { installReset, reset } from "./reset.js";
import { installSaveDialogs } from "./save-dialogs.js";
import { EMBEDDED, FRAMED } from "../shared/page.js";
import { tellRenamedLevels } from "./renamed-levels.js";
import { applyQuery, loadSettings } from "./settings.js";
import { notice, setRenderer, state, update } from "./state.js";
import { offerKeptAside, onTabs, openSavedGame } from "./tab-handover.js";
import { installToolbar } from "./toolbar.js";
import { on, runBots, setGame, startNewGame } from "./game-flow.js";

performance.mark("hp-start");
warmFonts();

// Offline support (the service worker's precache of the whole version), the dialogs'
// markup and English's catalogue for fallbacks come once the table is first painted
// playable: nothing the first deal does not need comes before it (issue 50), and the
// service worker's first download and checks must not compete with the first moves for
// the link and the two cores of a small machine. A table that is not made playable (a
// restored game's summary or game over on show) starts them once the page is idle
// OFFLINE_DELAY_MS after the engine was ready: not while the first deal's computer
// players are still moving (on a slow device that can take longer), though at the
// latest OFFLINE_LATEST_MS after it.
const OFFLINE_DELAY_MS = 5000;
const OFFLINE_LATEST_MS = 30_000;

// values of the address that are not valid (ignored; the notice says which)
let ignoredInLink = [];

function initialState() {
  // ?seed=N in the address: the games of this visit are dealt from N, N+1, ...
  // (the address's settings are this visit's: stored only if the player saves them)
  const { settings, seed, ignored } = applyQuery(loadSettings(), location.search);
  ignoredInLink = ignored;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  reducedMotion.addEventListener("change", () => update({ reducedMotion: reducedMotion.matches }));
  return { settings, seed, reducedMotion: reducedMotion.matches, guide: loadGuide() };
}

// the bar moves on between the worker's reports (progress.js)
const loadingBar = followLoading((fraction, stage) => update({ loading: { ...state.loading, fraction, stage } }));

function onProgress(fraction, stage, report) {
  loadingBar.report(fraction, stage, report);
}

async function boot() {
  // no LAN table inside another page (issue 27)
  if (FRAMED) document.querySelector('[data-tool="together"]')?.setAttribute("hidden", "");
  const starting = engine ? engine.ready : Promise.reject(start.error);
  starting.catch(() => {}); // handled below, once the words are there
  followProgress(onProgress);
  await startLanguage();
  // the card faces, decoded while the engine downloads (after the first paint, as the
  // fonts); not on a page its service worker serves: nothing to download there, and the
  // faces' decoding only made the engine's start on the other core wait (a repeat visit
  // 25 ms later playable)
  if (!navigator.serviceWorker?.controller) warmFaces({ fourColour: state.settings.fourColour });
  // stored settings or a link that named a former level (expert): said once
  tellRenamedLevels();
  if (ignoredInLink.length) notice(t("links.ignored", { values: formatList(ignoredInLink) }), "error");
  // a table on the network (issue 21): a guest's invitation, or a reply for the host's tab;
  // never inside another page (issue 27): the game as if the link had none
  if (TOGETHER_LINK && FRAMED) notice(t("together.framed"), "error");
  else if (TOGETHER_LINK?.[1] === "join") {
    loadingBar.stop();
    (await import("./guest.js")).startGuest(TOGETHER_LINK[2], TOGETHER_LINK[3] ? Number(TOGETHER_LINK[3]) : null);
    return;
  } else if (TOGETHER_LINK?.[1] === "reply") {
    loadingBar.stop();
    (await import("./together-reply-link.js")).handReplyToTable(TOGETHER_LINK[2]);
    return;
  }
  try {
    window.hasenpfeffer.timings = await starting;
    performance.mark("hp-engine-ready");
  } catch (error) {
    loadingBar.stop();
    update({ loading: { ...state.loading, error } });
    initOffline(); // a fixed version may be waiting to be installed
    return;
  }
  setTimeout(afterPlayableWhenIdle, OFFLINE_DELAY_MS);
  loadingBar.stop();
  onProgress(1, "ready");
  const saved = await openSavedGame();
  update({ loading: { ...state.loading, done: true } });
  if (!saved) {
    const dealing = DAILY_LINK ? startDaily() : startNewGame();
    offerKeptAside(); // (its "Try again" waits for the new game to be on the table)
    if (REVIEW_LINK || PUZZLE_LINK) {
      await waitForGame();
      openLinkedReview();
      openLinkedPuzzle();
    }
    await dealing;
    return;
  }
  const game = saved.game;
  setGame(game, { marks: saved.marks });
  announce(t("a11y.welcome_back"));
  // a LAN table's game: its guests' seats wait for them to be invited again
  if (game.remote?.length) (await import("./together-dialog.js")).guestsAway(game.remote);
  offerKeptAside();
  openLinkedReview();
  openLinkedPuzzle();
  if (DAILY_LINK) {
    await startDaily();
    return;
  }
  if (dailyMarked()) (await import("./daily.js")).resumeDaily(game);
  await reopenSummary(game);
  await runBots();
}

/** Whether a deal of the day was being played (daily.js's key: the module is loaded
 * only then). */
function dailyMarked() {
  try {
    return globalThis.localStorage?.getItem("hasenpfeffer.daily.v1") != null;
  } catch {
    return false;
  }
}

/** Resolves once a game is on the table (the first one of a visit being dealt). */
function waitForGame() {
  return new Promise((resolve) => {
    const check = () => (state.game ? resolve() : setTimeout(check, 50));
    check();
  });
}

/** `?daily`: the deal of the day (web/table/daily.js, loaded only then). */
async function startDaily() {
  const daily = await import("./daily.js");
  await daily.startDaily();
}

// `#join=<code>&seat=<n>` (an invitation to seat n: this page is a guest; the seat is
// the host's word until its first view says it) or `#reply=<code>` (a guest's reply
// for the table's tab); a fragment is never sent to any server
const TOGETHER_LINK = /^#(join|reply)=([A-Za-z0-9_-]{1,400})(?:&seat=([123]))?$/.exec(location.hash);
const DAILY_LINK = new URLSearchParams(location.search).has("daily");
// `?review=<hand text>`: a lesson's link opens the review of that hand
const REVIEW_LINK = new URLSearchParams(location.search).get("review");

// `?puzzle=<id>` (or `?puzzle=daily`): the puzzles, on that one (web/table/puzzles.js,
// loaded only then); the game stays as it is beneath
const PUZZLE_LINK = new URLSearchParams(location.search).get("puzzle");

async function openLinkedPuzzle() {
  if (!PUZZLE_LINK) return;
  const puzzles = await import("./puzzles.js");
  puzzles.openPuzzles(PUZZLE_LINK);
}

/** The review a lesson's link asks for (web/table/review.js, loaded only then). */
async function openLinkedReview() {
  if (!REVIEW_LINK) return;
  const review = await import("./review.js");
  review.openReview({ hpn: REVIEW_LINK });
}

let resolveWarmed = () => {};
// for the tests, benchmarks and embedders: what the table shows (the state last painted),
// `reset(options)`: a new game as a fresh visit of a link would start it, without a
// reload (web/table/reset.js), and `warmed`: resolved when what the table loads once it
// is playable (the dialogs' markup, English's catalogue) is in or has failed
window.hasenpfeffer = {
  reset,
  warmed: new Promise((resolve) => {
    resolveWarmed = resolve;
  }),
  get state() {
    return paintedGame();
  },
  get settings() {
    return state.settings;
  },
  timings: null,
};

/** The flow of play's events (game-flow.js) and who listens: the hand's end shown
 * (dialogs.js), a finished hand counted by the deal of the day and the statistics
 * (loaded when first needed; not in an embed); and the tabs' (tab-handover.js): the LAN
 * table's guests closed in a tab that handed the game over, set from a restored game. */
function wireTurns() {
  on("handEnd", showHandEnd);
  on("handFinished", (hand, game, marks) => {
    if (EMBEDDED) return;
    // the first hand of a deal of the day: compared with the hard player and the oracle
    if (state.daily?.phase === "playing" && hand.number === 0) import("./daily.js").then((daily) => daily.compareDaily(hand));
    import("./stats-record.js").then((record) => record.recordHand(hand, game, marks));
  });
  // the tabs (tab-handover.js): the LAN table's guests follow the tab that plays
  onTabs("handedOver", () => import("./together-dialog.js").then((together) => together.closeTable()));
  onTabs("restored", (game) => import("./together-dialog.js").then((together) => together.guestsAway(game.remote ?? [])));
}

let afterPlayableStarted = false;

/** What waits until the table is playable: offline support, the dialogs' markup,
 * English's catalogue for fallbacks (startLanguage). */
function afterPlayable() {
  if (afterPlayableStarted) return;
  afterPlayableStarted = true;
  performance.mark("hp-after-playable");
  initOffline();
  Promise.all([warmDialogs(), loadFallback()]).then(() => resolveWarmed());
}

/** afterPlayable(), unless the page is busy (the computer players moving towards the
 * first moment the player can act: painted playable then): asked again later. */
function afterPlayableWhenIdle(waited = OFFLINE_DELAY_MS) {
  if (afterPlayableStarted) return;
  if (state.busy && waited < OFFLINE_LATEST_MS) setTimeout(afterPlayableWhenIdle, OFFLINE_DELAY_MS, waited + OFFLINE_DELAY_MS);
  else afterPlayable();
}

/** The renderer; then the guide moved on to the game's new moment, and what waits for
 * the table to be playable started once it is first painted so. */
function paint(st) {
  render(st);
  followGuide(st);
  if (afterPlayableStarted || !paintedPlayable()) return;
  setTimeout(afterPlayable, 0);
}

// what the modules add to the page (painters, listeners), top to bottom; importing
// a module of the table does nothing (the ones loaded on first use install
// themselves then)
installDialogs();
installSaveDialogs();
installReset();
update(initialState());
wireTurns();
setRenderer(paint);
installInput();
installToolbar();
installGuide();
installLongGame();
installPass(focusFirstControl);
followLanguage();
boot();
