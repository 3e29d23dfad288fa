// Former levels: a level that is no longer offered is read as the level that took its
// place (the engine's vocabulary, `renamed_levels`: expert, folded into hard on
// 2026-12-06 because it was not shown to play better, issue 53). Wherever the player's
// data still names one (stored settings, a saved game or another tab's, a link's
// ?bots=, the statistics) it is read here, and the player is told once at this device
// (a mark in storage; once a visit where storage is off). Not in an embed: it keeps
// nothing of the player's, and the embedding page chose its link.

import { t } from "../shared/i18n.js";
import { EMBEDDED, storage } from "../shared/page.js";
import VOCABULARY from "../shared/vocabulary.js";
import { notice } from "./state.js";

/** The mark that the player was told (the notice is said once at a device). */
export const TOLD_KEY = "hasenpfeffer.levels-renamed.v1";
/** Former level -> the level that took its place. */
export const RENAMED_LEVELS = Object.freeze({ ...(VOCABULARY.renamed_levels ?? {}) });

let found = false; // a former level was read in this visit
let ready = false; // the words are loaded (boot.js): the notice can be said
let told = false;

/** `level`, or the level that took its place when it is a former one (then the
 * player is told, once). */
export function currentLevel(level) {
  if (typeof level !== "string" || !Object.hasOwn(RENAMED_LEVELS, level)) return level;
  found = true;
  if (ready) tell();
  return RENAMED_LEVELS[level];
}

/** The page's words are there (boot.js, before the saved game is read): tell what was
 * read so far, and from now on at once. */
export function tellRenamedLevels() {
  ready = true;
  if (found) tell();
}

function tell() {
  if (told || EMBEDDED) return;
  told = true;
  const store = storage();
  try {
    if (store?.getItem(TOLD_KEY) != null) return;
    store?.setItem(TOLD_KEY, "1");
  } catch {
    /* storage refused: told once in this visit */
  }
  notice(t("notice.expert_folded"));
}
