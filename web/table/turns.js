// The flow of play: the player's decisions sent to the engine, the computer
// players paced move by move, each event shown (animated and told to screen
// readers), a new game, undo and hint; the game saved after every action and
// the focus put on the player's choices when it is their turn.
//
// Every change of the table goes through update() (state.js). `generation`
// is bumped by a new game, undo or new rules: a loop or an animation of an
// older generation stops where it is.

import { start } from "../engine/start.js";
import { parseAction } from "../shared/actions.js";
import { t } from "../shared/i18n.js";
import { capitalise, errorText, hintText, seatName } from "../shared/i18n-terms.js";
import VOCABULARY from "../shared/vocabulary.js";
import { DELAY, flyIn, gather, popBubble, wait } from "./animation.js";
import { showHandEnd } from "./dialogs.js";
import { $, $$, actionsEl, handEl } from "./dom.js";
import { rovingTarget } from "./keyboard.js";
import { eventSentences, Narrator } from "./narration.js";
import { hintLabel } from "./render.js";
import { saveSettings, writeSave } from "./settings.js";
import { flush, state, update } from "./state.js";

/** The page's one engine client (started by web/engine/start.js before this loads). */
export const engine = start.engine;

// the hints come from the strongest level that gives them
const HINT_LEVEL = VOCABULARY.hint_levels[VOCABULARY.hint_levels.length - 1];

const narrator = new Narrator($("#announcements"));

/** Say a sentence in the live region (screen readers). */
export function announce(text) {
  narrator.say(text);
}

/** Show a message in the notice bar. */
export function notice(text, kind = "") {
  update({ notice: { text, kind } });
}

/** A new engine state: kept (and saved), the hint gone. */
export function setGame(game, patch = {}) {
  writeSave(game.save, game.levels);
  update({ game, hint: null, ...patch });
}

/** Show what an action did, tell it in the live region (one sentence each for
 * the action, the trick's winner and the hand's result), then paint the new state. */
async function showEvent(event, game, gen) {
  const [said, ...after] = eventSentences(event, game.view);
  announce(said);
  const { kind } = parseAction(event.action);
  if (kind === "play") {
    const cards = event.trick ? event.trick.cards : game.view.trick;
    update({ trick: { cards, roles: event.card_roles, winner: null } });
    flush();
    await flyIn(event.seat);
    if (event.trick) {
      const winner = event.trick.winner;
      update({ trick: { ...state.trick, winner }, message: after[0] });
      announce(after.shift());
      await wait(DELAY.trickPause);
      if (gen !== state.generation) return;
      flush();
      await gather(winner);
      update({ trick: { cards: [], roles: {}, winner: null } });
    }
  } else if (kind === "pass" || kind === "bid") {
    flush();
    popBubble(event.seat);
  }
  for (const sentence of after) announce(sentence);
  if (gen !== state.generation) return;
  update({ trick: null, message: null });
  if (event.hand) await showHandEnd(event.hand, game);
}

/** Let the computer players move until it is the player's turn (or the game ends). */
export async function runBots() {
  const gen = state.generation;
  while (state.game && state.game.bot_to_move && gen === state.generation) {
    update({ busy: true });
    const seat = state.game.to_act;
    const pause = state.game.view.phase === "play" ? DELAY.bot : DELAY.bot + DELAY.bidPause;
    let answer;
    try {
      [answer] = await Promise.all([engine.call("bot_step"), wait(pause)]);
    } catch (err) {
      update({ busy: false });
      notice(t("notice.bot_failed", { seat: seatName(seat), message: errorText(err) }), "error");
      break;
    }
    if (gen !== state.generation) return;
    setGame(answer.state);
    await showEvent(answer.event, answer.state, gen);
  }
  if (gen !== state.generation) return;
  update({ busy: false });
  focusFirstControl();
}

/** When it is the player's turn (or the game is over), put the focus on their
 * choices or their hand — but only if the focus is lost (on the page itself,
 * e.g. the card just played is gone) or already there: never taken away from
 * the tools, a dialog or whatever else the player is reading. */
export function focusFirstControl() {
  const game = state.game;
  if (!game || document.querySelector("dialog[open]")) return;
  if (!game.human_to_move && game.view.phase !== "game_over") return;
  flush();
  const active = document.activeElement;
  // lost: on the page itself, or left on a button of a dialog that has closed
  const lost = !active || active === document.body || active === document.documentElement || Boolean(active.closest("dialog:not([open])"));
  if (!lost && !actionsEl.contains(active) && !handEl.contains(active)) return;
  if (actionsEl.contains(active) || handEl.contains(active)) {
    if (!active.disabled) return; // already on something usable
  }
  (rovingTarget(actionsEl) ?? rovingTarget(handEl))?.focus();
}

/** The player's decision (an action text of the engine's options). */
export async function decide(action) {
  if (state.busy || !state.game?.human_to_move) return;
  update({ busy: true, hint: null });
  const gen = state.generation;
  let answer;
  try {
    answer = await engine.call("act", { action });
  } catch (err) {
    update({ busy: false });
    notice(errorText(err), "error");
    return;
  }
  if (gen !== state.generation) return;
  setGame(answer.state);
  await showEvent(answer.event, answer.state, gen);
  if (gen !== state.generation) return;
  await runBots();
}

/** The engine's new_game request for the settings (and the next ?seed=). */
export function newGameRequest(rules, levels) {
  const request = { rules, levels };
  if (state.seed !== undefined) {
    request.seed = state.seed;
    update({ seed: state.seed + 1 });
  }
  return request;
}

/** A fresh game: a new state and generation (older loops stop), the table cleared. */
export function beginGame(game) {
  setGame(game, { busy: false, trick: null, message: null });
}

export async function startNewGame() {
  update({ generation: state.generation + 1, busy: true });
  for (const d of $$("dialog[open]")) d.close();
  const { settings } = state;
  let game;
  try {
    game = await engine.call("new_game", newGameRequest(settings.rules, settings.levels));
  } catch (err) {
    // rules from an old version or a hand-made link: fall back to the defaults
    notice(t("notice.bad_rules", { message: errorText(err) }), "error");
    const fallback = { ...state.settings, rules: "seed" };
    saveSettings(fallback);
    update({ settings: fallback });
    game = await engine.call("new_game", { rules: "seed", levels: fallback.levels });
  }
  beginGame(game);
  announce(t("a11y.new_game"));
  await runBots();
}

export async function showHint() {
  if (state.busy || !state.game?.human_to_move) return;
  update({ busy: true, hinting: true });
  let hint = null;
  try {
    hint = (await engine.call("hint", { level: HINT_LEVEL })).best;
  } catch (err) {
    notice(errorText(err), "error");
  }
  update({ busy: false, hinting: false, hint });
  if (!hint) return;
  announce(t("a11y.hint", { action: hintLabel(hint.action, state.game.card_roles), reason: capitalise(hintText(hint)) }));
  // the hinted card or choice gets the focus, if the focus is lost or in play
  flush();
  const active = document.activeElement;
  const inPlay = !active || active === document.body || actionsEl.contains(active) || handEl.contains(active);
  if (inPlay) $("#hand .hinted:not(:disabled), #actions .hinted:not(:disabled)")?.focus();
}

export async function undo() {
  if (state.busy || !state.game?.can_undo) return;
  update({ generation: state.generation + 1, busy: true });
  try {
    const answer = await engine.call("undo");
    beginGame(answer.state);
    announce(t("a11y.undone"));
    await runBots();
  } catch (err) {
    update({ busy: false });
    notice(errorText(err), "error");
  }
}
