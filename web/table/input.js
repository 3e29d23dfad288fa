// The player's clicks and keys: cards in the hand, the choices, the tools, the
// game-over dialog's buttons, the notice's close button, the rules dialog's
// trump picker, roving focus in the hand and the choices, and the shortcut
// keys (web/table/keyboard.js lists them).
//
// What the player does is painted in the same task (flush): the table never
// shows the state from before a click, not even for a frame.

import { t } from "../shared/i18n.js";
import { setFocusFallback } from "./dialog-shell.js";
import { confirmNewGame, showLastTrick, showRanking, showRules, showShortcuts } from "./dialogs.js";
import { $, actionsEl, handEl } from "./dom.js";
import { focusFirstControl, installRoving, shortcutFor } from "./keyboard.js";
import { announce, tableText } from "./narration.js";
import { FRAMED } from "../shared/page.js";
import { flush, notice, state, update } from "./state.js";
import { decide, showHint, startNewGame, undo } from "./game-flow.js";

/** The review dialog (web/table/review.js, loaded the first time it is wanted):
 * `number` a finished hand of the game, or the last one. */
async function showReview(number) {
  const { openReview } = await import("./review.js");
  await openReview(number);
}

/** The "Why?" dialog (web/table/why.js, loaded the first time it is wanted);
 * `hand`: on the decisions of the hand just finished (the summary's button). */
async function showWhy(hand = false) {
  const { openWhy } = await import("./why.js");
  await openWhy(null, { hand });
}

/** The statistics dialog (web/table/stats-dialog.js, loaded the first time it is wanted). */
async function showStats() {
  const { openStats } = await import("./stats-dialog.js");
  await openStats();
}

/** The settings dialog (web/table/settings-dialog.js, loaded the first time it is wanted). */
async function showSettings() {
  const dialog = await import("./settings-dialog.js");
  await dialog.showSettings();
}

/** The "Play together" dialog (web/table/together-dialog.js, loaded the first time it is wanted). */
async function showTogether() {
  // not inside another page (issue 27): its tool is hidden there, its shortcut says why
  if (FRAMED) {
    notice(t("together.framed"), "error");
    return;
  }
  const { openTogether } = await import("./together-dialog.js");
  await openTogether();
}

const TOOLS = {
  together: () => showTogether(),
  hint: showHint,
  stats: () => showStats(),
  why: () => showWhy(),
  review: () => showReview(),
  undo,
  "last-trick": showLastTrick,
  rules: showRules,
  settings: showSettings,
  shortcuts: showShortcuts,
  "new-game": confirmNewGame,
};

/** The table in words, in the live region (the T key). */
function readTable() {
  // what the table shows: a finished hand until the player moves on
  const game = state.handOver ?? state.game;
  if (game) announce(tableText(game));
}

export function installInput() {
  handEl.addEventListener("click", (e) => {
    const b = e.target.closest("button.card");
    if (b && !b.disabled && b.dataset.action) decide(b.dataset.action);
    flush();
  });

  actionsEl.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b || b.disabled) return;
    if (b.dataset.action === "new-game") startNewGame();
    else if (b.dataset.action) decide(b.dataset.action);
    flush();
  });

  $(".tools").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-tool]");
    if (!b || b.disabled) return;
    TOOLS[b.dataset.tool]?.();
    flush();
  });

  $("#gameover-dialog").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-action]");
    if (!b) return;
    $("#gameover-dialog").close();
    if (b.dataset.action === "new-game") startNewGame();
    flush();
  });

  // "Review this hand" in the summary and game-over dialogs
  for (const b of document.querySelectorAll("[data-review-open]")) {
    b.addEventListener("click", () => showReview());
  }
  // "Why did they play that way?" in the same dialogs: the finished hand's computer decisions
  for (const b of document.querySelectorAll("[data-why-hand]")) {
    b.addEventListener("click", () => showWhy(true));
  }

  $(".notice-close").addEventListener("click", () => {
    update({ notice: null });
    flush();
  });

  $("#rules-body").addEventListener("click", (e) => {
    const b = e.target.closest("[data-rank-trump]");
    if (b) showRanking(b.dataset.rankTrump);
  });

  installRoving(handEl);
  installRoving(actionsEl);
  setFocusFallback(() => focusFirstControl());

  // shortcut keys (keyboard.js lists them; the shortcuts dialog shows the list)
  addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
    if (e.target.matches?.("input, select, textarea")) return;
    const tool = shortcutFor(e.key);
    if (!tool) return;
    if (tool === "table") {
      readTable();
      flush();
      e.preventDefault();
      return;
    }
    const b = $(`[data-tool="${tool}"]`);
    if (b && !b.disabled) {
      b.click();
      e.preventDefault();
    }
  });
}
