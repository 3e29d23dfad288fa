// The flow of play: the player's decisions sent to the engine, the computer
// players paced move by move, each event shown (animated and told to screen
// readers), a new game, undo and hint; the game saved after every action and
// the focus put on the player's choices when it is their turn.
//
// Every change of the table goes through update() (state.js). `generation`
// is bumped by a new game, undo or new rules: a loop or an animation of an
// older generation stops where it is. Undo may cut in while moves are being
// shown (`interruptible`): it bumps the generation and the pacing stops.
//
// The end of a hand, in order: the last card flies in, the last trick stays on
// the table with its winner (the trick count final), then the summary opens
// (the game-over dialog at the end of the game); only when the player closes it
// does the next deal appear, with the new score and an empty contract, and the
// computer players go on. Until then the table shows the finished hand
// (`handOver`), though the engine has dealt the next one (and the save has it).

import { engine } from "../engine/start.js";
import { parseAction } from "../shared/actions.js";
import { capitalise, errorText, hintText, seatName } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import VOCABULARY from "../shared/vocabulary.js";
import { DELAY, flyIn, gather, popBubble, wait } from "./animation.js";
import { $, $$, actionsEl, handEl } from "./dom.js";
import { focusFirstControl } from "./keyboard.js";
import { announce, eventSentences, hintLabel } from "./narration.js";
import { freshMarks, openWanted } from "./open-hands.js";
import { clearSummary, markSummary, writeGame } from "./saves.js";
import { HUMAN, saveSettings } from "./settings.js";
import { flush, notice, state, update } from "./state.js";

// the page's hints: the engine's default hint level (hard, the measured reference)
const HINT_LEVEL = VOCABULARY.hint_level;

/** A new engine state: kept (and saved), the hint gone; `event` (the engine's
 * event that made it, if any) goes to whoever listens (the LAN table's guests).
 * `patch.marks`: the page's marks of a game begun or restored (else the game's own
 * go on); open hands on in this state mark the game as practice for good. */
export function setGame(game, patch = {}, event = null) {
  let marks = patch.marks ?? state.marks;
  if (game.open_hands === true && !marks.openHandsUsed) marks = { ...marks, openHandsUsed: true };
  writeGame(game, marks);
  update({ game, hint: null, ...patch, marks });
  emit("gameKept", game, event);
}

// ---- what the flow of play tells the rest of the table ----------------------------

const listeners = { gameKept: [], handFinished: [], handEnd: [], newGame: [] };

/**
 * Listen to the flow of play (this module imports none of its listeners):
 * - "gameKept" `(game, event)`: every state the table keeps, and the engine's event
 *   that made it (web/table/together-dialog.js sends the guests their views);
 * - "handFinished" `(hand, game, marks)`: a hand is over (the engine's hand record,
 *   the state after it, the game's marks then): counted in the statistics and by
 *   the deal of the day (boot.js wires them, loaded when first needed);
 * - "handEnd" `(hand, game, roles)`: the hand's end shown to the player, awaited
 *   before play goes on (the summary or game over: dialogs.js showHandEnd);
 * - "newGame" `(game)`: a new game is on the table (New game, a reset): what was
 *   counted of the last one starts again (review.js: the reviews in the statistics).
 */
export function on(name, listener) {
  listeners[name].push(listener);
}

/** Tell the listeners of `name`; resolves when every one's answer has. */
function emit(name, ...args) {
  return Promise.all(listeners[name].map((listener) => listener(...args)));
}

/** The table as a hand ended, before the next deal: the state before the hand's
 * last action (`before`), with that action done and the facts of the engine's hand
 * record (`event.hand`: the auction, the tricks and the count); nobody is to act.
 * Nothing is worked out here: the played card leaves the hand it was in. */
export function finishedHand(before, event) {
  const hand = event.hand;
  const { kind, arg } = parseAction(event.action);
  const played = kind === "play" ? arg : null;
  const seatPlayed = (seat) => played !== null && seat === event.seat;
  // open hands: the played card leaves its seat's open hand too
  const open = before.open && {
    ...before.open,
    hands: before.open.hands.map((cards, seat) => cards.filter((card) => !(seatPlayed(seat) && card === played))),
  };
  return {
    ...before,
    open,
    // the hand's actions with their steps in the game, its last one included
    // (the hand summary's "Why?": web/table/decisions.js handBotDecisions)
    handSteps: {
      first: before.actions - (before.view.hand_actions ?? []).length,
      actions: [...(before.view.hand_actions ?? []), { seat: event.seat, action: event.action, phase: before.view.phase }],
    },
    view: {
      ...before.view,
      to_act: null,
      legal_actions: [],
      // the new score at the top with the hand's end, beside its summary's
      scores: hand.scores,
      auction: hand.auction,
      trick: [],
      tricks: hand.tricks,
      tricks_won: hand.tricks_won,
      hand: before.view.hand.filter((card) => !(seatPlayed(before.seat) && card === played)),
      hand_sizes: before.view.hand_sizes.map((n, seat) => (seatPlayed(seat) ? n - 1 : n)),
    },
    to_act: null,
    human_to_move: false,
    bot_to_move: false,
    options: [],
    cards: before.cards
      .filter(({ card }) => !(seatPlayed(before.seat) && card === played))
      .map((entry) => ({ ...entry, action: null, legal: true, reason: "", reason_code: "", reason_params: {} })),
  };
}

/** Keep an engine answer; an answer whose event ended the hand is shown as the
 * finished hand (`before`: the state the action was taken in) until the player
 * moves on. */
function keepAnswer(answer, before) {
  setGame(answer.state, answer.event.hand ? { handOver: finishedHand(before, answer.event) } : {}, answer.event);
}

let remoteShown = Promise.resolve();

/** A decision of a person at another device (the LAN table's guest), already
 * taken by this page's engine (`answer`: its event and this table's new state):
 * shown as a computer player's move is, after whatever is being shown now; then
 * the computer players go on. */
export function showRemoteMove(answer) {
  remoteShown = remoteShown.then(async () => {
    while (state.busy) await wait(40);
    const gen = state.generation;
    const before = state.game;
    update({ busy: true, interruptible: true });
    keepAnswer(answer, before);
    await showEvent(answer.event, answer.state, gen);
    if (gen !== state.generation) return;
    await runBots();
  });
  return remoteShown;
}

/** Show what an action did, tell it in the live region (one sentence each for
 * the action, the trick's winner and the hand's result), then paint the new state.
 * An action that ends the hand: its last trick stays on the table, then the
 * summary (or game-over) dialog, and the next deal only once that is closed.
 *
 * The prompt follows the same steps (`showing`, state.js; render.js words it): while
 * a trick's last card flies in, the prompt before it stays; then the trick's winner,
 * while the trick is on the table; only then whose turn it is next, or at the hand's
 * end "The hand is over." (from `handOver`), which stays under the summary. The state
 * already holds the next turn (or deal) all along: the steps say what is on show. */
async function showEvent(event, game, gen) {
  // (open hands: the others' discards are named, as the engine's event names them)
  const [said, ...after] = eventSentences({ ...event, open_hands: game.open_hands === true }, game.view);
  announce(said);
  const { kind } = parseAction(event.action);
  const ends = Boolean(event.hand);
  if (kind === "play") {
    const cards = event.trick ? event.trick.cards : game.view.trick;
    // (set with the new state, in the same task: no frame paints the next turn first)
    update({ trick: { cards, roles: event.card_roles, winner: null }, showing: event.trick ? "card" : null });
    flush();
    await flyIn(event.seat);
    if (gen !== state.generation) return;
    if (event.trick) {
      const winner = event.trick.winner;
      update({ trick: { ...state.trick, winner }, showing: "winner" });
      announce(after.shift());
      await wait(ends ? DELAY.lastTrickPause : DELAY.trickPause);
      if (gen !== state.generation) return;
      if (!ends) {
        flush();
        await gather(winner);
        if (gen !== state.generation) return;
        update({ trick: { cards: [], roles: {}, winner: null } });
      }
    }
  } else if (kind === "pass" || kind === "bid") {
    flush();
    popBubble(event.seat);
  }
  for (const sentence of after) announce(sentence);
  if (gen !== state.generation) return;
  if (!ends) {
    update({ trick: null, showing: null });
    return;
  }
  // the last trick stays on the table, its winner marked; the prompt now says the
  // hand is over (render.js: `handOver`), before the summary opens over it
  update({ showing: null });
  emit("handFinished", event.hand, game, state.marks);
  // the deal of the day's first hand is over: open hands, if wanted, may come on now
  if (state.marks.daily && event.hand.number === 0) await applyOpenHands();
  if (gen !== state.generation) return;
  // the last trick stays on show under the summary, which waits for the player
  // (and comes back after a reload: the save already holds the next deal)
  markSummary(game);
  await emit("handEnd", event.hand, game, event.card_roles);
  if (gen !== state.generation) return;
  clearSummary();
  update({ handOver: null, trick: null, showing: null });
}

/** Let the computer players move until it is the player's turn (or the game ends). */
export async function runBots() {
  const gen = state.generation;
  while (state.game && state.game.bot_to_move && gen === state.generation) {
    update({ busy: true, interruptible: true });
    const before = state.game;
    const seat = before.to_act;
    const pause = state.game.view.phase === "play" ? DELAY.bot : DELAY.bot + DELAY.bidPause;
    let answer;
    try {
      [answer] = await Promise.all([engine.call("bot_step"), wait(pause)]);
    } catch (err) {
      if (gen !== state.generation) return;
      update({ busy: false, interruptible: false });
      notice(t("notice.bot_failed", { seat: seatName(seat), message: errorText(err) }), "error");
      break;
    }
    if (gen !== state.generation) return;
    keepAnswer(answer, before);
    await showEvent(answer.event, answer.state, gen);
  }
  if (gen !== state.generation) return;
  update({ busy: false, interruptible: false });
  focusFirstControl();
}

// a guest of a table on the network (web/table/guest.js): its choices go to the host
let remoteDecide = null;

/** A guest's page: `send(action)` takes the player's decisions instead of this page's engine. */
export function setRemoteDecide(send) {
  remoteDecide = send;
}

/** The player's decision (an action text of the engine's options). */
export async function decide(action) {
  if (state.busy || !state.game?.human_to_move) return;
  if (remoteDecide) {
    remoteDecide(action);
    return;
  }
  const before = state.game;
  update({ busy: true, interruptible: true, hint: null });
  const gen = state.generation;
  let answer;
  try {
    answer = await engine.call("act", { action });
  } catch (err) {
    if (gen !== state.generation) return;
    update({ busy: false, interruptible: false });
    notice(errorText(err), "error");
    return;
  }
  if (gen !== state.generation) return;
  keepAnswer(answer, before);
  await showEvent(answer.event, answer.state, gen);
  if (gen !== state.generation) return;
  await runBots();
}

/** The engine's new_game request for the settings (and the next ?seed=; open hands
 * when the player wants them and the game may have them). */
export function newGameRequest(rules, levels) {
  // guests at the table stay at it: their seats a person's, and a fresh secret deal
  // (no seed, no open hands), as the engine keeps them (issue 47)
  const remote = state.game?.remote ?? [];
  if (remote.length) return { rules, levels: levels.map((lv, s) => (remote.includes(s) ? HUMAN : lv)) };
  const request = { rules, levels };
  if (openWanted(levels)) request.open_hands = true;
  if (state.seed !== undefined) {
    request.seed = state.seed;
    update({ seed: state.seed + 1 });
  }
  return request;
}

/** A fresh game: a new state and generation (older loops stop), the table cleared.
 * `marks`: a new game's marks (state.js); without them the game's own go on (undo). */
export function beginGame(game, marks = undefined) {
  // a new game (its marks given) is the deal of the day only if its marks say so: new
  // rules chosen during one start a game that is not compared (settings-dialog.js)
  const daily = marks && !marks.daily ? { daily: null } : {};
  setGame(game, { busy: false, interruptible: false, trick: null, showing: null, handOver: null, ...(marks ? { marks } : {}), ...daily });
}

/**
 * Bring the engine's game in line with the open hands setting (set_open_hands when
 * they differ). A refusal (guests seated, the deal of the day before its first hand
 * is over) is told in the notice bar, translated; nothing changes. Resolves with the
 * refusal, or null.
 */
export async function applyOpenHands() {
  const game = state.game;
  if (!game) return null;
  const wanted = openWanted(game.levels, game.remote ?? []);
  if (wanted === (game.open_hands === true)) return null;
  try {
    setGame(await engine.call("set_open_hands", { open_hands: wanted }));
  } catch (err) {
    notice(errorText(err), "error");
    return err;
  }
  return null;
}

export async function startNewGame() {
  update({ generation: state.generation + 1, busy: true, interruptible: false, hinting: false, daily: null });
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
    const guests = (state.game?.remote ?? []).length > 0;
    const request = guests ? newGameRequest("seed", fallback.levels) : { rules: "seed", levels: fallback.levels, open_hands: openWanted(fallback.levels) };
    game = await engine.call("new_game", request);
  }
  beginGame(game, freshMarks());
  emit("newGame", game);
  announce(t("a11y.new_game"));
  await runBots();
}

export async function showHint() {
  if (state.busy || !state.game?.human_to_move) return;
  // Undo may cut a hint short too (the hint is then of no use)
  update({ busy: true, interruptible: true, hinting: true });
  const gen = state.generation;
  let hint = null;
  try {
    hint = (await engine.call("hint", { level: HINT_LEVEL })).best;
  } catch (err) {
    if (gen === state.generation) notice(errorText(err), "error");
  }
  if (gen !== state.generation) return;
  update({ busy: false, interruptible: false, hinting: false, hint });
  if (!hint) return;
  const phase = state.game.view.phase;
  announce(t("a11y.hint", { action: hintLabel(hint.action, state.game.card_roles, phase), reason: capitalise(hintText(hint, phase)) }));
  // the hinted card or choice gets the focus, if the focus is lost or in play
  flush();
  const active = document.activeElement;
  const inPlay = !active || active === document.body || actionsEl.contains(active) || handEl.contains(active);
  if (inPlay) $("#hand .hinted:not(:disabled), #actions .hinted:not(:disabled)")?.focus();
}

/** Take back the player's last decision. While moves are being shown (the
 * computer players', or the player's own) it cuts them short: the generation is
 * bumped, so their pacing stops where it is, and the engine (which answers in
 * order) takes back everything after the decision. */
export async function undo() {
  if (!state.game?.can_undo || (state.busy && !state.interruptible)) return;
  update({ generation: state.generation + 1, busy: true, interruptible: false, hinting: false });
  const gen = state.generation;
  try {
    const answer = await engine.call("undo");
    if (gen !== state.generation) return;
    beginGame(answer.state);
    announce(t("a11y.undone"));
    await runBots();
  } catch (err) {
    if (gen !== state.generation) return;
    update({ busy: false });
    notice(errorText(err), "error");
  }
}
