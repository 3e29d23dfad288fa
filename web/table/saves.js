// The saved game in localStorage: nothing lost, nothing overwritten unasked.
//
// One record under SAVE_KEY: {format, version, save, levels}, where `save` is the
// engine's own save (Game.to_json(): rules, seed, start and every action, replayed
// on load) and `levels` the computer players' levels; and, when they apply,
// `remote` (the LAN table's guests' seats), `decidedBy` (the engine's decided_by:
// who decided each action, so that "Why?" on an old decision names the level that
// took it), `secretDeal` (the deal came from the engine's own secret seed: the only
// game guests may be invited to, or restored with), `openHandsUsed` (open hands were
// on at some point of this game: it counts as practice in the statistics) and
// `daily` (the game is the deal of the day). A record without them (an older page's)
// loads with their defaults: each seat's level now, not secret, not used, not the
// daily. The table writes it after
// every action (game-flow.js setGame -> writeGame). The rules this module keeps:
//
// - A write replaces the stored record only if the record is still the one this
//   tab last read or wrote (compare and swap). So a write can only put a newer
//   state of the game this tab holds (or a new game its player started) in place
//   of the game the player saw: if another tab wrote meanwhile, nothing is written
//   and `onConflict` is told (tab-handover.js then shows the newer game or hands over).
// - A record that cannot be restored as it is (unreadable, not ours, from a newer
//   version, bad levels, refused by the engine) is first copied aside, to a list
//   under ASIDE_KEY, so that nothing is lost when a new game takes its place; the
//   player is told and chooses: try again, export it as text, or discard it
//   (save-dialogs.js).
// - A write that fails (storage full, or turned off) is reported (`onWriteFailed`),
//   and again each time it keeps failing after a success: the game goes on in the
//   tab, and the player knows it is not kept.
//
// In an embed (index.html?embed=...) nothing is stored: each load is a fresh game.

import { EMBEDDED, storage } from "../shared/page.js";
import VOCABULARY from "../shared/vocabulary.js";
import { currentLevel } from "./renamed-levels.js";

export const SAVE_KEY = "hasenpfeffer.game.v1";
export const ASIDE_KEY = "hasenpfeffer.game.v1.aside";
// The hand whose summary is open ({hand, actions}: the finished hand's number and
// the game's length when it ended): a reload shows that summary again, not the next
// deal the save already holds.
export const SUMMARY_KEY = "hasenpfeffer.game.v1.summary";
const SAVE_FORMAT = "hasenpfeffer-web-save";
// The version of this record around the engine's save (which has its own
// version, checked by the engine). A newer record is set aside, never misread;
// older ones would be migrated here.
const SAVE_VERSION = 1;

/** The stored text this tab last read or wrote (null: nothing stored); undefined
 * until this tab has read the store (then it writes nothing). */
let known;
let handlers = { onConflict() {}, onWriteFailed() {}, onWriteOk() {} };
let failing = false;

/** Whether this page keeps its game at all (not in an embed). */
export const keepsGames = !EMBEDDED;

/** Who hears of a conflict (another tab wrote), of a failed write, of a write that
 * works again. */
export function setSaveHandlers(next) {
  handlers = { ...handlers, ...next };
}

function validLevels(levels) {
  return (
    Array.isArray(levels) &&
    levels.length === 4 &&
    levels.every((level) => typeof level === "string" && VOCABULARY.levels.includes(level))
  );
}

/** The seats played from other devices: absent, or distinct seats 1 to 3 played by a person
 * (the first of the vocabulary's levels). */
function validRemote(remote, levels) {
  if (remote === undefined) return true;
  return (
    Array.isArray(remote) &&
    new Set(remote).size === remote.length &&
    remote.every((seat) => Number.isInteger(seat) && seat >= 1 && seat <= 3 && levels[seat] === VOCABULARY.levels[0])
  );
}

/** Who decided each action: absent, or a list of the vocabulary's levels (its length
 * is the engine's to check against the save). */
function validDecidedBy(decidedBy) {
  if (decidedBy === undefined) return true;
  return Array.isArray(decidedBy) && decidedBy.every((level) => typeof level === "string" && VOCABULARY.levels.includes(level));
}

/** The record's flags: absent, or true or false. */
function validFlags(record) {
  const deals = record.openedDeals;
  const validDeals = deals === undefined || (Array.isArray(deals) && deals.length <= 1000 && deals.every((n) => Number.isInteger(n) && n >= 0));
  const validSeats = [record.seenSeats, record.heldSeats].every(
    (seats) => seats === undefined || (Array.isArray(seats) && seats.length <= 4 && seats.every((n) => Number.isInteger(n) && n >= 0 && n <= 3)),
  );
  return validDeals && validSeats && ["secretDeal", "openHandsUsed", "daily", "longGameNoted"].every((name) => record[name] === undefined || typeof record[name] === "boolean");
}

/** What a record says of its game beyond the engine's save, with the defaults of an
 * older record: `{decidedBy: list|undefined, secretDeal, openHandsUsed, daily}`. */
export function recordMarks(record, problem = undefined) {
  if (problem === "marks") return { decidedBy: undefined, secretDeal: false, openHandsUsed: true, daily: false, longGameNoted: false };
  return {
    decidedBy: record?.decidedBy,
    // the deals on which open hands were ever on (the engine's opened_deals): never with guests
    openedDeals: record?.openedDeals,
    // the seats whose cards of the deal on the table were seen here (the engine's
    // seen_seats): no guest takes one of them on this deal
    seenSeats: record?.seenSeats,
    // the seats guests played during that deal (the engine's held_seats): no person
    // at this device takes one of them before the deal is over
    heldSeats: record?.heldSeats,
    secretDeal: record?.secretDeal === true,
    openHandsUsed: record?.openHandsUsed === true,
    daily: record?.daily === true,
    longGameNoted: record?.longGameNoted === true,
  };
}

/** The problems of a record whose game can still go on (with the settings' levels, or
 * without its marks): it is kept aside as well. */
export const RESTORABLE = new Set(["levels", "marks"]);

/**
 * What a stored text holds: {text: null} nothing; {text, record} a record to restore;
 * {text, problem} a record that cannot be restored as it is, where `problem` names
 * why (`unreadable`, `foreign`, `newer`, and `levels` for a game whose levels alone
 * are bad: it has its `record` too, and can go on with other levels; `marks` for one
 * whose marks alone are bad: it goes on with their defaults, as practice).
 */
export function classify(text) {
  if (text == null) return { text: null };
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { text, problem: "unreadable" };
  }
  if (!record || typeof record !== "object" || record.format !== SAVE_FORMAT || typeof record.save !== "string") {
    return { text, problem: "foreign" };
  }
  if (typeof record.version !== "number" || record.version > SAVE_VERSION) return { text, problem: "newer" };
  // a former level (expert: an older page's record, or another tab's) is the level that
  // took its place (renamed-levels.js); the engine's answer is then written back
  if (Array.isArray(record.levels)) record.levels = record.levels.map(currentLevel);
  if (Array.isArray(record.decidedBy)) record.decidedBy = record.decidedBy.map(currentLevel);
  if (!validLevels(record.levels) || !validRemote(record.remote, record.levels)) return { text, record, problem: "levels" };
  // damaged marks: the game goes on without them (counted as practice: whether open hands
  // were used cannot be told), the record is kept aside
  if (!validDecidedBy(record.decidedBy) || !validFlags(record)) return { text, record, problem: "marks" };
  return { text, record };
}

/** The stored record, classified (see classify); from now on this tab's writes
 * replace it only while it is still what was read here. {unavailable: true} when
 * storage is off. */
export function readStored() {
  const store = storage();
  if (!store) return { text: null, unavailable: !EMBEDDED };
  let text;
  try {
    text = store.getItem(SAVE_KEY);
  } catch {
    return { text: null, unavailable: true };
  }
  known = text;
  return classify(text);
}

/** The stored text, unread by this tab (to compare with what it knows). */
export function peekStored() {
  try {
    return storage()?.getItem(SAVE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The record's text of an engine state (`game`: save, levels, remote, decided_by,
 * secret_deal) and the page's marks of its game (`marks`: openHandsUsed, daily). */
function recordText(game, marks = {}) {
  const record = { format: SAVE_FORMAT, version: SAVE_VERSION, save: game.save, levels: game.levels };
  // `remote`: the seats played from other devices (the LAN table's guests), kept so
  // that a reload can invite them again; written only when there are any
  if (game.remote?.length) record.remote = game.remote;
  if (Array.isArray(game.decided_by)) record.decidedBy = game.decided_by;
  if (game.secret_deal === true) record.secretDeal = true;
  if (game.opened_deals?.length) record.openedDeals = game.opened_deals;
  if (game.seen_seats?.length) record.seenSeats = game.seen_seats;
  if (game.held_seats?.length) record.heldSeats = game.held_seats;
  if (marks.openHandsUsed === true) record.openHandsUsed = true;
  if (marks.daily === true) record.daily = true;
  // the long game's note was shown and put away (web/table/long-game.js): once per game
  if (marks.longGameNoted === true) record.longGameNoted = true;
  return JSON.stringify(record);
}

/** The text a game would be stored as (for tests and comparisons). */
export function gameText(game, marks = {}) {
  return recordText(game, marks);
}

let writing = true;

/** Stop (false) or resume (true) writing: a tab that hands the game over to another
 * writes nothing more. */
export function setWriting(on) {
  writing = on;
}

/**
 * Store the game (the engine's state `game`: its save, levels, guests, decided_by and
 * secret_deal; the page's `marks` of it: openHandsUsed, daily), if the stored record
 * is still the one this tab knows. Returns "written", "same" (already stored),
 * "conflict" (another tab wrote: nothing written), "failed" (storage refused), or "off".
 */
export function writeGame(game, marks = {}) {
  const store = storage();
  if (!store || !writing || known === undefined) return "off";
  const text = recordText(game, marks);
  let stored;
  try {
    stored = store.getItem(SAVE_KEY);
  } catch (err) {
    reportFailure(err);
    return "failed";
  }
  if (stored !== known) {
    handlers.onConflict();
    return "conflict";
  }
  if (stored === text) return "same";
  try {
    store.setItem(SAVE_KEY, text);
  } catch (err) {
    reportFailure(err);
    return "failed";
  }
  known = text;
  if (failing) {
    failing = false;
    handlers.onWriteOk();
  }
  return "written";
}

function reportFailure(err) {
  if (failing) return; // told once until a write works again
  failing = true;
  handlers.onWriteFailed(err);
}

/** Another tab changed the stored record (a `storage` event): whether it is news here. */
export function isForeignChange(event) {
  return event.key === SAVE_KEY && event.newValue !== known && known !== undefined;
}

// ---- records set aside ----------------------------------------------------------------

/** The records set aside, oldest first: [{text, problem, detail, at}]. They stay until
 * the player discards them (or restores them): each is at most one game, and one
 * text is kept once. */
export function asideList() {
  try {
    const list = JSON.parse(storage()?.getItem(ASIDE_KEY) ?? "[]");
    return Array.isArray(list) ? list.filter((e) => e && typeof e.text === "string") : [];
  } catch {
    return []; // the list itself is damaged: nothing readable to offer
  }
}

function storeAside(list) {
  const store = storage();
  if (!store) return false;
  try {
    if (list.length) store.setItem(ASIDE_KEY, JSON.stringify(list));
    else store.removeItem(ASIDE_KEY);
    return true;
  } catch (err) {
    reportFailure(err);
    return false;
  }
}

/**
 * Keep `text` aside (once: the same text again is not added twice), with why it could
 * not be restored (`problem`, and the engine's words in `detail`). Returns whether it
 * is kept (false: storage refused; the record then stays where it was, unreplaced).
 */
export function setAside(text, problem, detail = "") {
  const list = asideList();
  if (list.some((e) => e.text === text)) return true;
  list.push({ text, problem, detail: String(detail).slice(0, 300), at: Date.now() });
  return storeAside(list);
}

/** Forget the record set aside with this text (the player discarded it, or it is
 * restored). */
export function dropAside(text) {
  return storeAside(asideList().filter((e) => e.text !== text));
}

// ---- the summary on show ------------------------------------------------------------

/** The summary of the hand that ended with the game at `game.actions` actions is open
 * (kept across a reload; nothing is stored in an embed; a failed write costs only the
 * summary, not the game, which is saved apart). */
export function markSummary(game) {
  if (!writing) return;
  try {
    storage()?.setItem(SUMMARY_KEY, JSON.stringify({ hand: game.view.last_hand?.number ?? null, actions: game.actions }));
  } catch {
    /* storage refused: the save's own write reports it */
  }
}

/** The summary was closed. */
export function clearSummary() {
  if (!writing) return;
  try {
    storage()?.removeItem(SUMMARY_KEY);
  } catch {
    /* nothing to do */
  }
}

/** Whether the summary of `game`'s last hand was open when the page went away: the
 * mark names this game's length and last hand (a mark of any other state is stale). */
export function summaryWasOpen(game) {
  let mark;
  try {
    mark = JSON.parse(storage()?.getItem(SUMMARY_KEY) ?? "null");
  } catch {
    return false;
  }
  const last = game?.view?.last_hand;
  return (
    Boolean(mark) &&
    typeof mark === "object" &&
    last != null &&
    mark.hand === last.number &&
    Number.isInteger(mark.actions) &&
    mark.actions === game.actions
  );
}
