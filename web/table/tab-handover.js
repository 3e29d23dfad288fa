// One game, many tabs: the tab the player opened (or came back to) last plays the
// game; every other tab of the game hands it over, says so, and offers it back.
//
// Every tab of the game page (not the embeds: they keep no game) joins one
// BroadcastChannel. A tab claims the game when it starts, when it is shown again
// out of the back/forward cache, and when its player presses "Play here": it tells the
// other tabs (a claim: its time, the tab's id, the app's version) and takes the
// saved game, which is the newest state of the game, whichever tab played it. A
// tab that hears a later claim stops at once: it writes nothing more, its moves in
// progress stop (the table's generation is bumped), and a dialog says the game
// goes on in the other tab, with a "Play here" button that claims it back.
//
// The messages are the quick way; the saves are the safe one (saves.js): a tab
// writes only over the record it last read or wrote. A tab that missed a claim (it
// slept, or runs an older version) has its write refused; a tab that plays and
// sees another tab's write (a `storage` event, or a refused write) takes the newer
// game from the store and tells the other tab again. Nothing is overwritten, so
// nothing is lost; at most a move in flight in a tab that was handing over.
//
// The claims also carry the app's version: a tab that hears a tab opened after
// it with another version knows a new version has been deployed, and offers to
// reload (web/pwa/pwa.js's notice).

import { engine } from "../engine/start.js";
import { offerNewVersion } from "../pwa/pwa.js";
import { BUILD } from "../shared/build-info.js";
import { errorText, seatName } from "../shared/i18n-terms.js";
import { formatList, t } from "../shared/i18n.js";
import { $$ } from "./dom.js";
import { announce } from "./narration.js";
import { openWanted } from "./open-hands.js";
import { closeHandOver, offerAside, showHandedOver, showStorageProblem, clearStorageProblem } from "./save-dialogs.js";
import {
  classify,
  dropAside,
  gameText,
  isForeignChange,
  keepsGames,
  readStored,
  recordMarks,
  RESTORABLE,
  setAside,
  setSaveHandlers,
  setWriting,
} from "./saves.js";
import { BOT_LEVELS } from "./settings.js";
import { notice, state, update } from "./state.js";
import { runBots, setGame } from "./game-flow.js";

const CHANNEL = "hasenpfeffer.game";
const TAB = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
// when this page was opened (the later of two tabs has what the server has now)
const OPENED = performance.timeOrigin;

let channel = null;
let claim = null; // this tab's claim: {at, tab}; null before the first
let playing = false; // this tab plays the game (false: handed over, or not started)
let offerPending = false; // a record went aside since the player was last offered them

function later(a, b) {
  return a.at !== b.at ? a.at > b.at : a.tab > b.tab;
}

function send(message) {
  try {
    channel?.postMessage({ ...message, tab: TAB, version: BUILD.appVersion, opened: OPENED });
  } catch {
    /* the channel is closed (page going away) */
  }
}

function announceClaim() {
  send({ type: "claim", at: claim.at });
}

/** Stop everything this tab was doing with the game: its loops end, its dialogs close. */
function stopPlay() {
  update({
    generation: state.generation + 1,
    busy: false,
    interruptible: false,
    hinting: false,
    trick: null,
    showing: null,
    hint: null,
    handOver: null,
  });
  for (const dialog of $$("dialog[open]")) if (!dialog.matches("[data-saves]")) dialog.close();
}

function handOver() {
  if (!playing) return;
  playing = false;
  setWriting(false);
  stopPlay();
  // the guests' connections stay with no tab that plays: closed here (the seats away,
  // as the tab that plays now restores them; boot.js gives this its listener)
  for (const listener of listeners.handedOver) listener();
  showHandedOver(() => takeOver());
}

function onMessage({ data }) {
  if (!data || data.tab === TAB || typeof data.at !== "number") return;
  if (data.version !== BUILD.appVersion && data.opened > OPENED) offerNewVersion("tabs.newer_version");
  if (data.type !== "claim" || !claim) return;
  if (later({ at: data.at, tab: data.tab }, claim)) handOver();
  else if (playing) announceClaim(); // a stale tab claims: it hears the later claim again
}

function onStorage(event) {
  if (playing && isForeignChange(event)) follow();
}

/** Hear the other tabs (on) or not (off): the channel and the store's events. */
function listen(on) {
  if (on && !channel) {
    if (typeof BroadcastChannel === "function") {
      channel = new BroadcastChannel(CHANNEL);
      channel.addEventListener("message", onMessage);
    }
    addEventListener("storage", onStorage);
  } else if (!on) {
    channel?.close();
    channel = null;
    removeEventListener("storage", onStorage);
  }
}

/**
 * Restore what `found` (saves.js classify) holds: `{game, marks}`, the engine's state
 * of the game and the page's marks of it (state.js `marks`), or null. A record that
 * cannot be restored as it is goes aside first (the player is offered it: offerAside);
 * one with bad levels alone goes on with the settings', one with bad marks alone
 * without them.
 */
async function restore(found) {
  if (found.text == null) return null;
  if (found.problem && !RESTORABLE.has(found.problem)) {
    keepAside(found.text, found.problem);
    return null;
  }
  const loaded = await loadRecord(found);
  if (loaded.error) {
    keepAside(found.text, "refused", errorText(loaded.error).replace(/[.।]$/, ""));
    return null;
  }
  if (found.problem) keepAside(found.text, found.problem);
  return loaded;
}

/** A computer player's level for a seat whose guest cannot come back: the settings'
 * choice, or the middle level. */
function botFor(seat) {
  const chosen = state.settings.levels[seat];
  return BOT_LEVELS.includes(chosen) ? chosen : BOT_LEVELS[Math.floor(BOT_LEVELS.length / 2)];
}

/**
 * The engine's `load` of a classified record: its levels (the settings' when its own
 * are bad), the seats played from other devices (guests to invite again, only at a
 * deal the record says was secret: otherwise computer players take them), who decided
 * each action, whether the deal was secret or the deal of the day, and open hands
 * when wanted (the deal of the day before its first hand is over refuses them: it
 * loads without, and the notice says why). `{game, marks}`, or `{error}` when the
 * engine refuses it.
 */
async function loadRecord(found) {
  const bad = found.problem === "levels";
  const marks = recordMarks(found.record, found.problem);
  let levels = bad ? state.settings.levels : found.record.levels;
  let remote = bad ? [] : (found.record.remote ?? []);
  if (bad) {
    // the record's own levels are lost: a seat a guest played in its deal is a
    // computer player's (the guest's cards were never shown here), not the settings' person
    const former = [...(Array.isArray(found.record.remote) ? found.record.remote : []), ...(marks.heldSeats ?? [])];
    levels = levels.map((level, seat) => (former.includes(seat) && !BOT_LEVELS.includes(level) ? botFor(seat) : level));
  }
  if (remote.length && !marks.secretDeal) {
    // a guest could work out every hand from a known seed: they are not invited again
    const names = remote.map((seat) => seatName(seat));
    notice(t("together.restored_not_secret", { seats: formatList(names), count: names.length }));
    levels = levels.map((level, seat) => (remote.includes(seat) ? botFor(seat) : level));
    remote = [];
  }
  const request = { save: found.record.save, levels, remote, secret_deal: marks.secretDeal, daily: marks.daily };
  if (marks.decidedBy) request.decided_by = marks.decidedBy;
  if (marks.openedDeals) request.opened_deals = marks.openedDeals;
  if (marks.seenSeats) request.seen_seats = marks.seenSeats;
  if (marks.heldSeats) request.held_seats = marks.heldSeats;
  const open = openWanted(levels, remote);
  const pageMarks = { openHandsUsed: marks.openHandsUsed, daily: marks.daily, longGameNoted: marks.longGameNoted };
  try {
    return { game: await engine.call("load", { ...request, open_hands: open }), marks: pageMarks };
  } catch (error) {
    if (!(open && error?.code === "open_hands_daily")) return { error };
  }
  notice(errorText({ code: "open_hands_daily" }), "error");
  try {
    return { game: await engine.call("load", request), marks: pageMarks };
  } catch (error) {
    return { error };
  }
}

function keepAside(text, problem, detail = "") {
  offerPending = true;
  // not kept (storage refused): then the record must not be replaced either
  if (!setAside(text, problem, detail)) setWriting(false);
}

/**
 * The game page's start: claim the game and restore the saved game (`{game, marks}`;
 * null when there is none, or it could not be restored: then it is kept aside and
 * offered by offerAside once the table is up). Sets up the tabs' channel and the saves' handlers.
 */
export async function openSavedGame() {
  if (!keepsGames) return null;
  setSaveHandlers({
    onConflict: () => follow(),
    onWriteFailed: (err) => showStorageProblem(err),
    onWriteOk: () => clearStorageProblem(),
  });
  listen(true);
  addEventListener("pagehide", (event) => {
    // into the back/forward cache: a message or a storage event for a page in it
    // would make the browser drop it (it must not run); it learns everything when
    // it is shown again
    if (event.persisted) listen(false);
  });
  addEventListener("pageshow", (event) => {
    if (!event.persisted || !claim) return;
    listen(true);
    // the player is here again, and another tab may have played meanwhile
    takeOver();
  });
  claim = { at: Date.now(), tab: TAB };
  playing = true;
  announceClaim();
  const found = readStored();
  if (found.unavailable) showStorageProblem(null);
  return restore(found);
}

/** The records set aside, offered to the player (after the table is up). */
export function offerKeptAside() {
  offerPending = false;
  if (keepsGames) offerAside(retryAside);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Try a record set aside again: restored, it replaces the game on the table (the
 * player chose it; that game, if begun, goes aside in its turn). Resolves with the
 * reason it still cannot be restored, or null when it is back.
 */
async function retryAside(entry) {
  while (!state.game) await pause(100); // the game that started meanwhile is on the table
  const found = classify(entry.text);
  if (found.problem && !RESTORABLE.has(found.problem)) return t(`saves.problem.${found.problem}`);
  const loaded = await loadRecord(found);
  if (loaded.error) return errorText(loaded.error);
  if (state.game && state.game.actions > 0 && gameText(state.game, state.marks) !== entry.text) {
    setAside(gameText(state.game, state.marks), "replaced");
  }
  stopPlay();
  setGame(loaded.game, { marks: loaded.marks });
  keepGuestsOf(loaded.game);
  dropAside(entry.text);
  announce(t("a11y.welcome_back"));
  runBots();
  return null;
}

/**
 * Take the saved game into this tab (the store holds its newest state) and play on
 * from there. `stopped`: this tab's play was stopped (it had handed the game over),
 * so it starts again even when the table shows the stored game already.
 */
async function adoptStored(stopped) {
  const shown = state.game ? gameText(state.game, state.marks) : null;
  const found = readStored();
  if (found.text === shown || found.text == null) {
    if (stopped) runBots();
    return;
  }
  stopPlay();
  const loaded = await restore(found);
  if (loaded) {
    setGame(loaded.game, { marks: loaded.marks });
    keepGuestsOf(loaded.game);
    announce(t("tabs.continued"));
  }
  if (offerPending) offerKeptAside();
  runBots();
}

/** The table's guests are the restored game's (the engine's `remote`): its seats away,
 * any other seat a computer player's (boot.js gives this its listener). */
function keepGuestsOf(game) {
  for (const listener of listeners.restored) listener(game);
}

/** What the tabs tell the table: `handedOver` () when another tab plays the game
 * now, `restored` (game) when this tab took a game over or a kept-aside game came
 * back. */
const listeners = { handedOver: [], restored: [] };

/** Listen to the tabs' `name` (`handedOver`, `restored`). */
export function onTabs(name, listener) {
  listeners[name].push(listener);
}

/** This tab plays again: a new claim (the other tabs hand over), the newest game. */
export async function takeOver() {
  if (!keepsGames) return;
  const stopped = !playing;
  claim = { at: Math.max(Date.now(), claim ? claim.at + 1 : 0), tab: TAB };
  playing = true;
  setWriting(true);
  closeHandOver();
  announceClaim();
  await adoptStored(stopped);
}

/** Another tab wrote while this one plays: take its newer game, and tell it again
 * that this tab plays now. */
async function follow() {
  if (!playing) return;
  announceClaim();
  await adoptStored(false);
}
