// Painting the table from its state (web/table/state.js): the one renderer, in the
// order it paints: the look (speed, four colours), the notice bar, the loader, the
// felt (render-felt.js: seats, scores, the contract, the trump badge and the hand's
// calls, the trick), the open hands, your hand, your choices and the note
// (render-hand.js), the prompt, the tools; the dialogs' contents by the painters
// their modules register (dialog-shell.js paintDialogs), the guide, the long game's
// note and the pass screen by their views. Reads the state only and changes nothing
// else (no dialog is imported here); the hand and the choices are repainted only when
// what they show changed (a repaint would drop the focus). While a finished hand is
// on show (`state.handOver`) the table paints it, not the engine's next deal.

import { fontsWarmed } from "./font-warmup.js";
import {
  byBidder,
  bySeat,
  callWord,
  cardCode,
  errorText,
  seatName,
  teamWords,
  youPartner,
  youTeam,
} from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { speedFactor } from "./animation.js";
import { recentBotDecisions } from "./decisions.js";
import { paintDialogs } from "./dialog-shell.js";
import { $, loaderEl, promptEl, setData, setDisabled, setHidden, setText, tableEl } from "./dom.js";
import { paintGuide } from "./guide.js";
import { paintLongGame } from "./long-game.js";
import { paintOpenHands } from "./open-hands.js";
import { lastTrick } from "./card-markup.js";
import { covered, paintPass, passTo, promptOf } from "./pass.js";
import { drawnSeat, tableSeat } from "./places.js";
import { renderContract, renderPlaces, renderScores, renderSeats, renderTeams, renderTrick, renderTrump } from "./render-felt.js";
import { renderActions, renderHand, renderNote } from "./render-hand.js";
import { effectiveSpeed } from "./settings.js";

// what was last painted, as keys of what it showed
const painted = { look: "", loader: "", playable: false, game: null };

/** The engine state the table shows now (the last one painted). */
export function paintedGame() {
  return painted.game;
}

/** Whether the table has been painted playable yet (the "hp-playable" mark: the
 * player's first turn, or the finished hand's dialog). */
export function paintedPlayable() {
  return painted.playable;
}

/** Paint the whole table from the state (the one renderer: state.js calls it). */
export function render(state) {
  renderLook(state);
  if (!state.language) return; // the catalogue is still coming: the English markup stands
  renderNotice(state);
  renderLoader(state);
  painted.game = state.game;
  renderPlaces(tableSeat(state));
  renderTeams();
  // the table shows the finished hand until the player moves on, else the engine's state
  const finished = state.handOver ? { ...state, game: state.handOver } : state;
  // pass-and-play: behind the pass screen, no hand and no choices (pass.js)
  const shown = passTo(state) === null ? finished : { ...finished, game: covered(finished.game) };
  const game = shown.game;
  if (game) {
    const v = game.view;
    const ready = game.human_to_move && !state.busy;
    setData(tableEl, "phase", v.phase);
    setData(tableEl, "toAct", String(game.to_act ?? ""));
    setData(tableEl, "human", ready ? "1" : "0");
    renderSeats(v, game);
    renderScores(v);
    renderContract(v, shown);
    renderTrump(shown);
    renderTrick(shown);
    setHidden($(".widow"), v.phase !== "bidding");
    // open hands (practice): the other hands and the widow face up, the badge
    paintOpenHands(game, drawnSeat(), { on: state.game?.open_hands === true, four: state.settings.fourColour });
    renderHand(shown);
    renderActions(shown);
    renderNote(shown);
    // playable: the first moment the player can do something, a legal card or bid, or
    // else the finished hand's dialog (a partner alone can end a hand, even the game,
    // before South's first turn)
    if ((ready || state.summary || state.gameOverHand) && !painted.playable) {
      painted.playable = true;
      performance.mark("hp-playable");
      fontsWarmed();
    }
  }
  setText(promptEl, shownPrompt(state, shown));
  renderTools(state);
  paintDialogs(state);
  paintGuide(state);
  paintLongGame(state);
  paintPass(state);
}

function renderLook(state) {
  const factor = speedFactor();
  const key = JSON.stringify([effectiveSpeed(state.settings), factor, state.settings.fourColour]);
  if (painted.look === key) return;
  painted.look = key;
  tableEl.dataset.speed = effectiveSpeed(state.settings);
  tableEl.style.setProperty("--speed", String(Math.max(factor, 0.01)));
  tableEl.classList.toggle("four-colour", state.settings.fourColour);
}

function renderNotice({ notice }) {
  const box = $("#notice");
  setHidden(box, !notice);
  if (!notice) return;
  setText($("#notice-text"), notice.text);
  box.className = `notice ${notice.kind}`;
}

function renderLoader({ loading, language }) {
  if (loading.done && !loaderEl.hidden) {
    loaderEl.hidden = true;
    tableEl.removeAttribute("aria-busy");
  }
  const key = JSON.stringify([loading.fraction, loading.stage, String(loading.error ?? ""), language]);
  if (painted.loader === key) return;
  painted.loader = key;
  if (loading.error) {
    if (loaderEl.classList.contains("failed")) return;
    loaderEl.classList.add("failed");
    const title = $(".loader-title", loaderEl);
    title.removeAttribute("data-i18n");
    title.textContent = t("loader.failed");
    $(".loader-text", loaderEl).textContent = errorText(loading.error);
    $("#load-progress").hidden = true;
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "btn primary";
    retry.textContent = t("loader.retry");
    retry.addEventListener("click", () => location.reload());
    loaderEl.append(retry);
    tableEl.removeAttribute("aria-busy");
    return;
  }
  const pct = Math.round(loading.fraction * 100);
  const bar = $("#load-progress");
  bar.value = loading.fraction * 100; // not rounded: the bar moves on between whole percents
  bar.textContent = t("loader.percent", { n: pct });
  $("#load-percent").textContent = t("loader.percent", { n: pct });
  const known = ["download", "start", "engine", "ready"].includes(loading.stage);
  $("#load-stage").textContent = t(`loader.stage.${known ? loading.stage : "other"}`);
}

// the prompt last painted: kept while the table is still showing the last move
let lastPrompt = "";

/** The prompt to paint (the one place it is set), from the state and the table as
 * shown (`shown`: the finished hand, or the pass screen's cover). It says things in
 * the order the table shows them (game-flow.js showEvent's `showing`): while a
 * trick's last card flies in, the prompt before it stays; then the trick's winner;
 * then whose turn it is, or "The hand is over." (which stays until the next deal is
 * on the table). And the player's turn is told only once their cards and calls accept
 * it (not while the table still shows the others' last move: the card flying in, the
 * trick gathered), never a dead invitation to play: the prompt before it stays. */
function shownPrompt(state, shown) {
  const yourTurnComing = shown.game?.human_to_move && state.busy && !state.showing && !state.handOver;
  const holding = state.showing === "card" || yourTurnComing;
  if (!holding || !lastPrompt) lastPrompt = promptOf(state, promptFor(shown));
  return lastPrompt;
}

function promptFor(state) {
  // (a browser too old: the same words as web/shared/load-guard.js's message above it)
  if (state.loading.error) return t(state.loading.error.code === "browser_too_old" ? "browser.too_old" : "prompt.load_failed");
  if (!state.game) return t("prompt.shuffling");
  // the trick on the table has been won: the same sentence as the live region's (narration.js)
  if (state.showing === "winner" && state.trick?.winner != null) return bySeat("a11y.wins_trick", state.trick.winner);
  if (state.handOver) return t("prompt.hand_over");
  const { game } = state;
  const v = game.view;
  if (v.phase === "game_over") {
    if (drawnSeat() === 0) return t(v.winner === 0 ? "prompt.game_over.win" : "prompt.game_over.lose");
    // from another seat: the player's team wins or the other one does
    return v.winner === youTeam()
      ? t("prompt.game_over.you_win", { partner: seatName(youPartner()) })
      : t("prompt.game_over.team_wins", { team: teamWords(v.winner) });
  }
  if (!game.human_to_move) {
    const phase = v.phase === "play" && !v.trick.length ? "lead" : v.phase;
    return t(`prompt.wait.${phase}`, { seat: seatName(game.to_act) });
  }
  switch (v.phase) {
    case "bidding":
      return v.high_bid
        ? byBidder("prompt.bid.over", v, v.high_bidder, { bid: callWord(v.high_bid) })
        : t("prompt.bid.first", { partner: seatName(youPartner()) });
    case "trump":
      return v.forced
        ? t("prompt.trump.forced", { bid: callWord(v.bid_call) })
        : t("prompt.trump", { bid: callWord(v.bid_call) });
    case "discard":
      return t("prompt.discard", { card: cardCode(v.widow) });
    case "alone":
      return t("prompt.alone");
    case "defend_alone":
      return t("prompt.defend_alone", { seat: seatName(v.maker) });
    case "play":
      return t(v.trick.length ? "prompt.play" : "prompt.lead");
    default:
      return "";
  }
}

function renderTools({ game, busy, hinting, interruptible, handOver }) {
  const ready = Boolean(game);
  const idle = ready && !busy;
  const hint = $('[data-tool="hint"]');
  setDisabled(hint, !(idle && game.human_to_move && !handOver));
  if (hinting && !hint.hasAttribute("aria-busy")) hint.setAttribute("aria-busy", "true");
  else if (!hinting && hint.hasAttribute("aria-busy")) hint.removeAttribute("aria-busy");
  // Undo may cut the computer players' moves short (game-flow.js undo); not while a new
  // game or an undo is on its way
  setDisabled($('[data-tool="undo"]'), !(ready && game.can_undo && (!busy || interruptible)));
  setDisabled($('[data-tool="last-trick"]'), !(ready && lastTrick(game.view)));
  // a finished hand to review: the one on show, or an earlier one of the game
  // (with none finished yet it opens on "Review a hand from text")
  setDisabled($('[data-tool="review"]'), !ready);
  // a computer player's decision in this hand's auction, the last trick or this one
  setDisabled($('[data-tool="why"]'), !(ready && !handOver && hasBotDecision(game)));
  setDisabled($('[data-tool="new-game"]'), !ready);
}

/** Whether a computer player has decided anything in this hand (the Why? tool's
 * list: web/table/decisions.js narrows it to the calls and the last two tricks). */
function hasBotDecision(game) {
  return recentBotDecisions(game).length > 0;
}
