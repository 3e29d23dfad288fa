// The table's own dialogs: the controllers of the hand summary (also reopened over
// a restored game), game over, last trick, rules, shortcuts and the new-game
// confirmation, and their painter. A controller asks the engine for what it needs,
// puts it in the state (update) and opens the dialog (the shell: dialog-shell.js); the
// painter, registered with dialog-shell.js, paints their contents from the state on
// every render (again when the language changes). The contents' markup is
// web/table/dialog-markup.js's, loaded when one of these dialogs is first shown (or
// painted: a restored game that is over), and warmed once the table is playable
// (warmDialogs): the first deal needs none of it; the settings dialog is
// web/table/settings-dialog.js.

import { engine } from "../engine/start.js";
import { t } from "../shared/i18n.js";
import { finishedHandDecisions } from "./decisions.js";
import { addPainter, changed, openDialog } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { shortcutsHTML } from "./keyboard.js";
import { lastTrick } from "./card-markup.js";
import { clearSummary, summaryWasOpen } from "./saves.js";
import { state, update } from "./state.js";
import { startNewGame } from "./game-flow.js";

// ---- the dialogs' markup, loaded on first use --------------------------------------------

let markup = null; // dialog-markup.js, once here
let markupComing = null;

/** dialog-markup.js (a promise of the module), loaded once; the dialogs are painted
 * again when it comes. A failed load (offline before the service worker stored it) is
 * tried again at the next call. */
function loadMarkup() {
  markupComing ??= import("./dialog-markup.js").then(
    (module) => {
      markup = module;
      update({}); // paint what waited for it
      return module;
    },
    (err) => {
      markupComing = null;
      throw err;
    },
  );
  return markupComing;
}

/** Load the dialogs' markup now (the table is playable: the first hand's summary then
 * opens without waiting for it); resolves when it is in, or has failed. */
export function warmDialogs() {
  return loadMarkup().catch(() => {}); // (tried again when a dialog opens)
}

// ---- controllers ----------------------------------------------------------------------

/** The end of a hand: the summary, or at the end of the game the game-over dialog;
 * waits until it is closed (the table shows the finished hand until then).
 * `roles`: the card_roles under the hand's trump (to name its widow and discard). */
export async function showHandEnd(hand, game, roles) {
  await loadMarkup();
  if (game.view.phase === "game_over") {
    update({ gameOverHand: { hand, roles } });
    await openDialog($("#gameover-dialog"));
    return;
  }
  update({ summary: { hand, target: game.view.rules.target, roles } });
  await openDialog($("#summary-dialog"));
}

/** The table as the restored game's last hand ended (the summary was open when the
 * page went away): the hand's tricks and count from the engine's record, nobody to
 * act, the cards left only those of a seat that sat out (as backs; the player's own
 * such cards are not in the record, so their hand shows empty). */
function restoredHandOver(game) {
  const hand = game.view.last_hand;
  const played = game.view.hand_sizes.map(() => 0);
  for (const trick of hand.tricks) for (const { seat } of trick.cards) played[seat] += 1;
  return {
    ...game,
    open: null, // (the engine's open cards are the next deal's)
    view: {
      ...game.view,
      phase: "play",
      to_act: null,
      legal_actions: [],
      dealer: hand.dealer,
      hand_number: hand.number,
      // the score after the hand, as its summary says it
      scores: hand.scores,
      auction: hand.auction,
      hand_actions: hand.auction.map(({ seat, call }) => ({ seat, action: call })),
      high_bid: null,
      high_bidder: null,
      maker: hand.maker,
      bid_call: hand.bid_call,
      trump: hand.trump,
      alone: hand.alone,
      lone_defender: hand.lone_defender,
      sitting_out: hand.sitting_out ?? [], // (a host of an older version sends none)
      trick: [],
      tricks: hand.tricks,
      tricks_won: hand.tricks_won,
      hand: [],
      hand_sizes: game.view.hand_sizes.map((n, seat) => (seat === game.seat ? 0 : Math.max(0, n - played[seat]))),
    },
    to_act: null,
    human_to_move: false,
    bot_to_move: false,
    options: [],
    cards: [],
  };
}

/** After a restore: if the last hand's summary was open when the page went away, it
 * opens again over that hand (the computer players wait, as they did). */
export async function reopenSummary(game) {
  if (!summaryWasOpen(game)) return;
  const hand = game.view.last_hand;
  const gen = state.generation;
  let roles = {};
  if (hand.trump) {
    try {
      roles = (await engine.call("rules_info", { trump: hand.trump })).card_roles;
    } catch {
      /* the summary shows the cards without their roles */
    }
  }
  if (gen !== state.generation) return;
  if (game.view.phase !== "game_over") update({ handOver: restoredHandOver(game) });
  await showHandEnd(hand, game, roles);
  if (gen !== state.generation) return;
  clearSummary();
  update({ handOver: null });
}

export async function showLastTrick() {
  if (!state.game) return;
  await loadMarkup();
  const view = state.game.view;
  const trick = lastTrick(view);
  // a trick of the hand before was played under that hand's trump
  let roles = state.game.card_roles;
  if (trick && !view.tricks.length && view.last_hand?.trump) {
    roles = (await engine.call("rules_info", { trump: view.last_hand.trump })).card_roles;
  }
  update({ lastTrick: { trick, roles } });
  openDialog($("#last-trick-dialog"));
}

/** The rules dialog's ranking for `trump` (undefined: the trump in force, or an example). */
export async function showRanking(trump) {
  if (!engine || !state.game) {
    update({ rules: { trump, info: null } });
    return;
  }
  const info = await engine.call("rules_info", trump ? { trump } : {});
  update({ rules: { trump, info } });
}

export async function showRules() {
  await Promise.all([loadMarkup(), showRanking()]);
  const dialog = $("#rules-dialog");
  if (!dialog.open) openDialog(dialog);
}

export function showShortcuts() {
  update({ shortcuts: true });
  openDialog($("#shortcuts-dialog"));
}

export async function confirmNewGame() {
  const game = state.game;
  if (game && game.view.phase !== "game_over" && game.actions > 0) {
    const answer = await openDialog($("#confirm-dialog"));
    if (answer !== "ok") return;
  }
  await startNewGame();
}

// ---- painting ----------------------------------------------------------------------

/** Paint these dialogs' contents from the state (on every render: dialog-shell.js paintDialogs). */
function paintTableDialogs(state) {
  const four = state.settings.fourColour;
  // the summary's and game-over's "Why?": the finished hand's computer decisions
  // explained in full (none when its cards stay hidden: thrown in, or not known)
  const whyHand = finishedHandDecisions(state.handOver, state.game);
  for (const b of document.querySelectorAll("[data-why-hand]")) b.hidden = !whyHand.length || b.dataset.guest === "hidden";
  if (state.shortcuts && changed("shortcuts", state.shortcuts, state)) {
    $("#shortcuts-body").innerHTML = shortcutsHTML();
  }
  const over = state.game?.view.phase === "game_over" ? state.game : null;
  if (!markup) {
    // (painted when it comes: loadMarkup)
    if (state.summary || over || state.lastTrick || state.rules) loadMarkup().catch(() => {});
    return;
  }
  const { gameOverHTML, rulesHTML, summaryHTML, summaryTitle, trickHTML } = markup;
  if (state.summary && changed("summary", state.summary, state)) {
    const { hand, target, roles } = state.summary;
    $("#summary-title").textContent = summaryTitle(hand);
    $("#summary-body").innerHTML = summaryHTML(hand, target, roles);
  }
  if (over && changed("gameover", state.gameOverHand ?? over, state)) {
    const { hand, roles } = state.gameOverHand ?? { hand: over.view.last_hand, roles: {} };
    const { title, html } = gameOverHTML(over.view, hand, roles);
    $("#gameover-title").textContent = title;
    $("#gameover-body").innerHTML = html;
  }
  if (state.lastTrick && changed("lastTrick", state.lastTrick, state)) {
    $("#last-trick-body").innerHTML = trickHTML(state.lastTrick.trick, four, state.lastTrick.roles);
  }
  if (state.rules && changed("rules", state.rules, state)) {
    const body = $("#rules-body");
    if (!state.rules.info) {
      body.innerHTML = `<p>${escapeHTML(t("rules.loading"))}</p>`;
    } else {
      const focused = document.activeElement?.dataset?.rankTrump;
      body.innerHTML = rulesHTML(state.game.view.rules, state.rules.info, four);
      if (focused) body.querySelector(`[data-rank-trump="${focused}"]`)?.focus();
    }
  }
}

/** What this module adds to the page (its painters and listeners): boot.js calls it
 * once; importing the module does nothing. */
export function installDialogs() {
  addPainter(paintTableDialogs);
}
