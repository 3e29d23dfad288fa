// Where the hand review's decisions are (web/table/review.js, review-markup.js): the
// frame of the replay that shows each of the player's decisions, the costliest of
// them, and the computer players' decisions a frame shows (their steps in the game,
// for "Why?"). Reads the engine's answers and the state only.

import { decidedByBot } from "./decisions.js";
import { state } from "./state.js";

/** The index of the frame that shows a decision (its step is an action's index in the hand). */
export function frameOf(decision, frames) {
  const i = frames.findIndex((f) => f.actions > decision.step);
  return i < 0 ? frames.length - 1 : i;
}

export function decisionsIn(decisions, frames, index) {
  return decisions.filter((d) => frameOf(d, frames) === index);
}

/** The decision that cost most: card plays by the points lost with every card
 * visible; without a costly card, the call the estimate rated worst. */
export function costliest(decisions) {
  let best = null;
  for (const kind of ["double_dummy", "estimate"]) {
    for (const d of decisions) {
      if (d.kind === kind && d.loss > 0 && (!best || d.loss > best.loss)) best = d;
    }
    if (best) return best;
  }
  return null;
}

/** Who took a frame's `k`-th action, as the frame shows it (a trick's card, an
 * auction's call, the maker's trump and discard; null where it does not say). */
function seatOf(frame, k) {
  if (frame.kind === "trick") return frame.trick.cards[k]?.seat ?? null;
  if (frame.kind === "auction") return frame.auction[k]?.seat ?? null;
  if (frame.kind === "widow" || (frame.kind === "alone" && k === 0)) return frame.maker ?? null;
  return null;
}

/** The computer players' decisions a frame shows, `{step, seat, action}`
 * (`step`: the game's; the session's game is the reviewed hand's: a review of
 * a hand's text has no `first_step`, and nothing here). */
export function botDecisionsAt(review, at) {
  const { answer, frames } = review;
  const game = state.game;
  if (answer?.first_step == null || !game) return [];
  let actions;
  try {
    actions = JSON.parse(game.save).actions ?? [];
  } catch {
    return [];
  }
  const from = at > 0 ? frames[at - 1].actions : 0;
  const out = [];
  for (let i = from; i < frames[at].actions; i++) {
    const step = answer.first_step + i;
    // (an alone frame's first call is the maker's, any later one a defender's: seatOf)
    const phase = frames[at].kind === "alone" ? (i === from ? "alone" : "defend_alone") : null;
    if (decidedByBot(game, step) && actions[step]) out.push({ step, seat: seatOf(frames[at], i - from), action: actions[step], phase });
  }
  return out;
}
