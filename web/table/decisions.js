// Which of a game's actions were a computer player's decisions, for "Why?"
// (web/table/why.js) and the "Why?" buttons of the hand summary and of game over
// (dialogs.js): the engine's `decided_by` (one entry per action of the game: the
// level of whoever decided it then, "human" for a person) tells them apart, never
// the seats' levels now, which may have changed since. No rule logic: the actions
// and their seats are the engine's `hand_actions`.

import { parseAction } from "../shared/actions.js";
import VOCABULARY from "../shared/vocabulary.js";

/** Whether the game is over (its last hand played out, no next deal). */
export function isOver(game) {
  return game?.view.phase === "game_over";
}

/** Whether the game's action `step` was decided by a computer player. */
export function decidedByBot(game, step) {
  return VOCABULARY.bot_levels.includes(game?.decided_by?.[step]);
}

/** The computer players' recent decisions in a state: every call of the hand
 * in progress (a discard too: it reads just "discard" until the hand is over)
 * and the plays of the last trick and of the trick on the table, as
 * `{step, seat, action}` (`step`: the action's index in the game), latest last.
 * Once the game is over its last hand is played out: every decision of it, as
 * the summary's "Why?" lists a finished hand's (`handBotDecisions`). */
export function recentBotDecisions(game) {
  if (!game) return [];
  const view = game.view;
  const acts = view.hand_actions ?? [];
  const first = game.actions - acts.length;
  if (isOver(game)) return acts.map((a, i) => ({ ...a, step: first + i })).filter((d) => decidedByBot(game, d.step));
  const lastTrick = view.tricks.length ? view.tricks[view.tricks.length - 1].cards.length : 0;
  const recentPlays = view.trick.length + lastTrick;
  let playsAfter = 0;
  const out = [];
  for (let i = acts.length - 1; i >= 0; i--) {
    const { seat, action, phase } = acts[i];
    const isPlay = parseAction(action).kind === "play";
    if (isPlay) playsAfter += 1;
    if (isPlay && playsAfter > recentPlays) continue;
    if (decidedByBot(game, first + i)) out.push({ step: first + i, seat, action, phase });
  }
  return out.reverse();
}

/** Every computer decision of the hand just finished (`handOver`, the table
 * as it shows that hand: web/table/game-flow.js `finishedHand`, whose `handSteps`
 * are the hand's actions with their steps in the game), in order; `game` the
 * state whose `decided_by` covers them. Empty when the finished hand's actions
 * are not known (a summary reopened after a reload) or it was thrown in. */
export function handBotDecisions(handOver, game, thrownIn = false) {
  const steps = handOver?.handSteps;
  if (!steps || thrownIn) return [];
  return steps.actions.map((a, i) => ({ ...a, step: steps.first + i })).filter((d) => decidedByBot(game, d.step));
}

/** Every computer decision of the hand just finished, as the summary's and game
 * over's "Why?" list them: the finished hand on show (`handBotDecisions`); or once
 * the game is over and the table no longer holds that hand (the game-over dialog
 * opened again after a reload), the game's last hand, which the engine's state keeps
 * whole then (`recentBotDecisions`). `game`: the state after the hand. */
export function finishedHandDecisions(handOver, game) {
  if (!handOver && isOver(game)) return recentBotDecisions(game);
  return handBotDecisions(handOver, game, Boolean(game?.view.last_hand?.thrown_in));
}

/** A finished hand's decisions with its maker's discard named, "discard" becoming
 * "discard 9H": the rules reveal it once the hand is over (docs/rules.md), and so
 * does the engine's record of that hand (`hand`: the view's `last_hand`, whose
 * `discard` the engine gives only for a hand played out). Never for a hand still on:
 * the caller passes the finished hand's record only. */
export function withDiscardNamed(decisions, hand) {
  const card = hand?.discard;
  if (!card) return decisions;
  return decisions.map((d) => {
    const { kind, arg } = parseAction(d.action);
    return kind === "discard" && !arg && d.seat === hand.maker ? { ...d, action: `${d.action} ${card}` } : d;
  });
}
