// The long game's note: under rules where a failed bid costs only the tricks taken
// and the defenders score nothing (the seed's literal scoring, docs/rules.md §7), a
// side that bids high every hand loses little, and a game can run on for a very long
// time. After twelve hands without a winner a note says why, once per game (the
// game's marks keep it: saved with the game), and offers the traditional rules for
// the next game (this one goes on as it is). Dismissible; never in an embed.
// The condition reads the rules in force from the engine's view: no rule is
// worked out here.

import { t } from "../shared/i18n.js";
import { EMBEDDED } from "../shared/page.js";
import { $ } from "./dom.js";
import { writeGame } from "./saves.js";
import { saveSettings } from "./settings.js";
import { notice, state, update } from "./state.js";

/** Hands played without a winner before the note comes. */
export const LONG_GAME_HANDS = 12;

/** Whether the note is due in this state: a game under the cheap-failure scoring
 * past its twelfth hand, not over, not yet noted, no finished hand on show. */
export function longGameDue(st) {
  const game = st.game;
  if (EMBEDDED || !game || st.marks?.longGameNoted || st.handOver) return false;
  const view = game.view;
  const rules = view.rules;
  return (
    view.phase !== "game_over" &&
    view.hand_number >= LONG_GAME_HANDS &&
    rules?.fail_penalty === "tricks_won" &&
    rules?.defenders_score === false
  );
}

/** Show or hide the note (render.js calls this on every render). */
export function paintLongGame(st) {
  const box = $("#long-game");
  if (!box) return;
  const due = longGameDue(st);
  if (box.hidden === due) box.hidden = !due;
}

/** The note's buttons: the traditional rules for the next game, or just put it away;
 * either way the game is marked as noted (and saved so). */
export function installLongGame() {
  $("#long-game")?.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-long-game]");
    if (!b || !state.game) return;
    const marks = { ...state.marks, longGameNoted: true };
    writeGame(state.game, marks);
    if (b.dataset.longGame === "traditional") {
      const settings = { ...state.settings, rules: "traditional" };
      saveSettings(settings, { chosen: true });
      update({ marks, settings });
      notice(t("longgame.chosen"));
    } else {
      update({ marks });
    }
  });
}
