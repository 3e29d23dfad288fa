// The table set to a known game without a reload: `window.hasenpfeffer.reset(options)`
// (boot.js), for tests and embedders that keep one page and want a fresh table in it.
//
// It goes the ways a visit and a player go: the settings from storage with a link's
// values for this visit (settings.js `linkSettings`, the checks of `?speed=&bots=...`),
// the language as a visit picks it (`?lang=` > the stored choice > the browser), and a
// new game by the same path as the New game tool (game-flow.js `startNewGame`: every dialog
// closed, older loops stopped, the deal from the link's `?seed=`). What a finished visit
// left in the table's state (a review, the statistics dialog, a deal of the day, the
// pass screen's viewer, a notice, the screen reader's log) goes back to how a fresh page
// has it.

import { engine } from "../engine/start.js";
import { detectLanguage, language, matchLanguage, setLanguage } from "../shared/i18n.js";
import { $ } from "./dom.js";
import { loadGuide } from "./guide.js";
import { readStored } from "./saves.js";
import { EMBEDDED } from "../shared/page.js";
import { linkSettings } from "./settings.js";
import { freshTable, state, update } from "./state.js";
import { on, startNewGame } from "./game-flow.js";

// the link's names reset() takes: the settings' (settings.js applyQuery), the seed, the language
const LINK_NAMES = new Set(["speed", "bots", "preset", "target", "colours", "open", "seed", "lang"]);
const OPTIONS = new Set(["link", "clearStorage"]);


/** Why `options` cannot be used (an Error), or null. Checked before anything changes. */
function refusal(options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) return new TypeError("reset: options must be an object");
  for (const name of Object.keys(options)) {
    if (!OPTIONS.has(name)) return new TypeError(`reset: unknown option ${JSON.stringify(name)} (known: ${[...OPTIONS].join(", ")})`);
  }
  const { link = "", clearStorage = false } = options;
  if (typeof link !== "string") return new TypeError("reset: link must be a string such as \"?speed=instant&seed=3\"");
  if (typeof clearStorage !== "boolean") return new TypeError("reset: clearStorage must be true or false");
  for (const name of new URLSearchParams(link).keys()) {
    if (!LINK_NAMES.has(name)) return new TypeError(`reset: the link's ${JSON.stringify(name)} is not taken here (taken: ${[...LINK_NAMES].join(", ")})`);
  }
  const lang = new URLSearchParams(link).get("lang");
  if (lang !== null && !matchLanguage(lang)) return new TypeError(`reset: no language ${JSON.stringify(lang.slice(0, 40))}`);
  return null;
}

/**
 * Set the table to a new game, as a fresh visit of `index.html<link>` would start one
 * (a saved game is not restored: the game is always new). Options:
 * - `link`: the address's query, e.g. "?speed=instant&bots=easy&seed=12&lang=it": the
 *   settings for this visit over the stored ones (`speed`, `bots`, `preset`, `target`,
 *   `colours`, `open`), the first game's `seed` (then seed+1, ...), the language `lang`;
 * - `clearStorage`: forget everything this origin stored in localStorage first (the
 *   saved game, settings, statistics, the guide's tips, the language choice, records kept
 *   aside), as on a first visit.
 * Resolves once the new deal is on the table and the computer players have moved up to
 * the player's turn, or to the end of a hand they played without the player (a partner
 * alone): its summary then waits for the player. Bad options, a link value that is not valid, a table
 * with no game of its own yet (the engine starting, a LAN guest's page) or with guests
 * seated, and `clearStorage` in an embed reject with an Error and change nothing.
 */
export async function reset(options = {}) {
  const refused = refusal(options);
  if (refused) throw refused;
  if (!engine || !state.loading.done || !state.game) throw new Error("reset: the table has no game of its own yet (wait for the first one; a LAN guest's page has none)");
  // guests seated at this table play on the host's game: it is not the hook's to end
  if (state.game.remote?.length) throw new Error("reset: guests are seated at this table");
  const { link = "", clearStorage = false } = options;
  // an embed keeps nothing in storage, and must not forget the game page's
  if (clearStorage && EMBEDDED) throw new Error("reset: an embed keeps no storage to clear");
  // the link's values checked before anything is forgotten (its own check: settings.js)
  linkSettings(link, { dryRun: true });
  if (clearStorage) {
    try {
      globalThis.localStorage?.clear();
    } catch {
      /* storage disabled: nothing stored to forget */
    }
  }
  readStored(); // the save this tab knows is the one stored now (none after clearing)
  const { settings, seed } = linkSettings(link);
  const code = detectLanguage({ search: link });
  if (code !== language()) await setLanguage(code); // language.js paints the table in it
  // nothing said about the earlier table stays in the screen reader's log (as pass.js does
  // when the device changes hands): its lines may name cards of another person
  $("#announcements").replaceChildren();
  update({ ...freshTable(), generation: state.generation + 1, settings, seed, guide: loadGuide() });
  const handEnded = new Promise((resolve) => {
    handEndShown = resolve;
  });
  try {
    await Promise.race([startNewGame(), handEnded]);
  } finally {
    handEndShown = null;
  }
}

// the end of a hand shown while a reset waits (game-flow.js awaits the summary, not the hook)
let handEndShown = null;

/** What this module adds to the page (its painters and listeners): boot.js calls it
 * once; importing the module does nothing. */
export function installReset() {
  on("handEnd", () => handEndShown?.());
}
