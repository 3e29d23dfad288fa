// Keeping the statistics (the model and its storage record: web/table/stats.js):
// the storage, a problem with it told in the notice bar, and a finished hand (and
// game) counted. Loaded when first needed: by boot.js on game-flow.js's "handFinished"
// (never in an embed), and by the review, the statistics dialog and the deal of the day.

import { t } from "../shared/i18n.js";
import { deviceStorage } from "../shared/page.js";
import { currentLevel } from "./renamed-levels.js";
import { notice } from "./state.js";
import { changeStats, countGame, countHand, renameLevels } from "./stats.js";

/** Tell the player that their statistics could not be kept (web/table/stats.js's
 * `problem`: "unreadable", "full" or "unavailable"); nothing when there was none. */
export function statsProblem(problem) {
  if (problem) notice(t(`stats.problem.${problem}`), "error");
}

/** Count a finished hand (and, at the end, the game) in the player's statistics
 * (its own storage key). `hand`: the engine's hand record, `game`: the state after
 * the hand, `marks`: the game's marks then (game-flow.js's "handFinished"). */
export function recordHand(hand, game, marks) {
  const seat = game.seat;
  const level = game.levels[(seat + 1) % 4]; // the opponents' level
  const preset = game.preset ?? "custom";
  const over = game.view.phase === "game_over";
  // open hands at any point of this game: practice, counted apart
  const practice = marks.openHandsUsed;
  const { problem } = changeStats(deviceStorage(), (record) => {
    renameLevels(record, currentLevel); // an older page's counts under expert: hard's
    countHand(record, { record: hand, seat, preset, level, practice });
    if (over) countGame(record, { won: game.view.winner === seat % 2, practice });
  });
  statsProblem(problem);
}
