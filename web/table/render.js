// Painting the table from its state (web/table/state.js): seats, scores, the
// contract, the trump badge and the hand's calls, the trick, your hand (its
// trumps marked), your choices, the prompt and note, the tools, the loader,
// the notice bar and the look (speed, four colours); the dialogs' contents by
// the painters their modules register (dialog-shell.js paintDialogs), the guide, open
// hands and the pass screen by their views. Reads the state only and changes
// nothing else (no dialog is imported here); repaints the hand and the choices
// only when what they show changed (a repaint would drop the focus). While a
// finished hand is on show (`state.handOver`) the table paints it, not the
// engine's next deal.

import { fontsWarmed } from "./font-warmup.js";
import { isNamedBid, parseAction } from "../shared/actions.js";
import { spokenCard, suitIcon } from "../shared/cards.js";
import {
  bySeat,
  callLabel,
  callWord,
  capitalise,
  cardCode,
  compassName,
  errorText,
  hintText,
  reasonText,
  seatName,
  suitName,
  teamName,
  teamWords,
  youPartner,
  youTeam,
} from "../shared/i18n-terms.js";
import { formatNumber, formatSigned, t } from "../shared/i18n.js";
import { replayAnimation, speedFactor } from "./animation.js";
import { recentBotDecisions } from "./decisions.js";
import { paintDialogs } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import {
  $,
  $$,
  actionsEl,
  handEl,
  loaderEl,
  noteEl,
  promptEl,
  reasonsEl,
  setData,
  setDisabled,
  setHidden,
  setHTML,
  tableEl,
} from "./dom.js";
import { paintGuide } from "./guide.js";
import { paintLongGame } from "./long-game.js";
import { updateRoving } from "./keyboard.js";
import { actionSentence, hintLabel } from "./narration.js";
import { paintOpenHands } from "./open-hands.js";
import { cardEl, lastTrick } from "./dialog-markup.js";
import { covered, paintPass, passTo, promptOf } from "./pass.js";
import { drawFrom, seatAt, tableSeat } from "./places.js";
import { effectiveSpeed } from "./settings.js";

// what was last painted, as keys of what it showed
const painted = { look: "", hand: "", actions: "", trick: "", calls: "", trump: null, loader: "", playable: false, game: null, from: 0 };

/** Write a text only when it differs: an unchanged write still costs the frame a
 * style and layout pass. */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

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
    paintOpenHands(game, painted.from, { on: state.game?.open_hands === true, four: state.settings.fourColour });
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
  setText(promptEl, promptOf(state, shownPrompt(shown)));
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

// the mark of a trump before trump is named (only the Joker is one then)
const STAR =
  '<svg class="suit-icon" viewBox="0 0 100 100" width="13" height="13" aria-hidden="true"><path d="M50 4l13 30 33 3-25 22 8 33-29-18-29 18 8-33L4 37l33-3z" fill="#17181c"/></svg>';

function lastCalls(view) {
  const calls = {};
  for (const { seat, call } of view.auction) calls[seat] = call;
  return calls;
}

/** Give each place of the table its seat, drawn from `viewer` (web/table/places.js):
 * the seats' sections and the trick's slots keep their places and take the seat's
 * number, so what finds a seat by its number finds it where it is drawn. */
function renderPlaces(viewer) {
  drawFrom(viewer);
  if (painted.from === viewer) return;
  painted.from = viewer;
  for (const el of $$(".seat[data-pos]")) setData(el, "seat", String(seatAt(el.dataset.pos, viewer)));
  for (const el of $$(".slot[data-pos]")) {
    setData(el, "slot", String(seatAt(el.dataset.pos, viewer)));
    el.replaceChildren();
  }
  painted.trick = ""; // the trick's cards, painted again in their seats' places
}

/** A seat's place's words: its name ("You" for the player), its role, its label. */
function renderSeatWords(seatEl, seat) {
  const viewer = painted.from;
  const partner = (viewer + 2) % 4;
  const role = seat === viewer ? "you" : seat === partner ? "partner" : "opponent";
  setText($(".seat-name", seatEl), seatName(seat));
  // from South the catalogue's own words; from another seat its compass name and role
  const compass = compassName(seat);
  setText($(".seat-role", seatEl), role === "you" ? compass : t(`seat.role.${role}`));
  const label = viewer === 0 ? t(`seat.aria.${seat}`) : t(`seat.aria.${role}`, { seat: compass });
  if (seatEl.getAttribute("aria-label") !== label) seatEl.setAttribute("aria-label", label);
}

function renderSeats(view, game) {
  const calls = lastCalls(view);
  for (const seatEl of $$(".seat")) {
    const seat = Number(seatEl.dataset.seat);
    renderSeatWords(seatEl, seat);
    const n = view.hand_sizes[seat];
    const out = view.sitting_out.includes(seat);
    seatEl.classList.toggle("turn", game.to_act === seat && view.phase !== "game_over");
    seatEl.classList.toggle("out", out);
    setHidden($(".dealer", seatEl), view.dealer !== seat);
    setHidden($(".maker", seatEl), view.maker !== seat || view.phase === "bidding");
    setHidden($(".alone", seatEl), !((view.alone && view.maker === seat) || view.lone_defender === seat));
    setText($(".count", seatEl), out ? t("seat.sits_out") : t("seat.cards", { count: n }));
    const backs = $(".backs", seatEl);
    if (backs && backs.childElementCount !== n) {
      backs.innerHTML = '<div class="card-back"></div>'.repeat(n);
    }
    const bubble = $(".bubble", seatEl);
    const call = calls[seat];
    const text = call ? callLabel(call) : "";
    setText(bubble, text);
    bubble.classList.toggle("passed", Boolean(call) && parseAction(call).kind === "pass");
  }
}

/** Whose tricks a count is: from South the catalogue's words, from another seat
 * "you and {partner}" and the other team by its names. */
function tricksTitle(team) {
  if (painted.from === 0) return t(`table.contract.tricks_title.${team}`);
  if (team === youTeam()) return t("table.contract.tricks_title.us", { partner: seatName(youPartner()) });
  return t("table.contract.tricks_title.them", { team: teamWords(team) });
}

/** The scores, the player's team ("us") first, and the tricks of this hand. */
function renderScores(view) {
  const us = youTeam();
  for (const [i, box] of $$(".scores .score").entries()) {
    const team = i === 0 ? us : 1 - us;
    setData(box, "team", String(team));
    setData($("strong", box), "scoreTeam", String(team));
    setText($(".team-name", box), teamName(team));
  }
  for (const [i, side] of $$(".contract .trick-side").entries()) {
    const team = i === 0 ? us : 1 - us;
    setData($(".trick-count", side), "tricksTeam", String(team));
    const title = tricksTitle(team);
    if (side.title !== title) side.title = title;
  }
  for (const team of [0, 1]) {
    const el = $(`[data-score-team="${team}"]`);
    const text = formatSigned(view.scores[team], { signDisplay: "negative" });
    if (el.textContent !== text) {
      el.textContent = text;
      replayAnimation(el, "bump");
    }
    setText($(`[data-tricks-team="${team}"]`), formatNumber(view.tricks_won[team]));
  }
  setText($("#target"), t("table.target", { target: view.rules.target }));
}

function renderContract(view, state) {
  const bid = $("#contract-bid");
  const trump = $("#contract-trump");
  if (view.maker != null) {
    const parts = [t("table.contract.value", { bid: callWord(view.bid_call), seat: seatName(view.maker) })];
    if (view.forced) parts.push(t("table.contract.forced"));
    if (view.multiplier > 1) parts.push(t("table.contract.stake", { n: view.multiplier }));
    setText(bid, parts.join(" · "));
  } else if (view.high_bid != null) {
    setText(bid, t("table.contract.so_far", { bid: callWord(view.high_bid), seat: seatName(view.high_bidder) }));
  } else {
    setText(bid, "—");
  }
  // the rule set in force, by the name the settings give it (a phone shows it under the
  // Rules tool in the tools' menu)
  const rulesName = state.game?.preset ? t(`settings.preset.${state.game.preset}`) : t("settings.custom");
  setText($("#contract-rules"), rulesName);
  setText($("#tool-rules-set"), rulesName);
  setHTML(
    trump,
    view.trump ? `${suitIcon(view.trump, state.settings.fourColour, 16)} ${escapeHTML(suitName(view.trump))}` : "—",
  );
}

/** The trump in force, prominent beside the trick, and the calls of the hand that
 * made it (trump named, discard, alone) as lines that stay until the hand ends: the
 * same sentences the live region said as they happened. */
function renderTrump(state) {
  const { game } = state;
  const v = game.view;
  const badge = $("#trump-badge");
  const trump = v.phase === "game_over" ? null : v.trump;
  setHidden(badge, !trump);
  if (trump && painted.trump === null) replayAnimation(badge, "fresh");
  painted.trump = trump;
  if (!trump) return;
  const four = state.settings.fourColour;
  setHTML($("#trump-suit"), `${suitIcon(trump, four, 22)}<span>${escapeHTML(capitalise(suitName(trump)))}</span>`);
  const calls = v.hand_actions.filter(({ action }) => ["trump", "discard", "alone"].includes(parseAction(action).kind));
  const key = JSON.stringify([calls, state.language]);
  if (painted.calls === key) return;
  painted.calls = key;
  const roles = game.card_roles;
  const text = calls.map(({ seat, action }) => actionSentence({ seat, action, card_roles: roles }, v)).join(" ");
  setText($("#calls"), text);
  $("#calls").title = text; // in full where a small screen shows the first lines only
}

/** The trick area: the trick being shown (state.trick), else the view's own. */
function renderTrick(state) {
  const shown = state.trick ?? { cards: state.game.view.trick, roles: state.game.card_roles, winner: null };
  const four = state.settings.fourColour;
  // repaint only when something changed: a repaint would cut a card's flight short
  const key = JSON.stringify([shown.cards, shown.roles, four, state.language, painted.from]);
  if (painted.trick !== key) {
    painted.trick = key;
    for (const slot of $$(".slot")) slot.innerHTML = "";
    for (const { seat, card } of shown.cards) {
      const label = t("table.trick_card", { seat: seatName(seat), card: spokenCard(card, shown.roles) });
      $(`.slot[data-slot="${seat}"]`).innerHTML = cardEl(card, four, label);
    }
  }
  for (const slot of $$(".slot")) slot.classList.toggle("winner", Number(slot.dataset.slot) === shown.winner);
}

function renderHand(state) {
  const { game, busy, hint } = state;
  const view = game.view;
  const four = state.settings.fourColour;
  const choosing = game.human_to_move && !busy && ["play", "discard"].includes(view.phase);
  handEl.classList.toggle("choosing", choosing);
  const roles = game.card_roles;
  const widowTag = ["trump", "discard"].includes(view.phase) ? view.widow : null;
  // repaint only when something changed: a repaint would drop the focus
  const key = JSON.stringify([game.cards, game.human_to_move && !busy, hint?.action, widowTag, roles, four, state.language]);
  if (painted.hand === key) return;
  painted.hand = key;
  const focused = handEl.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  for (const old of $$("[data-why-card]", reasonsEl)) old.remove();
  const buttons = game.cards.map((entry) => {
    const { card, action, legal } = entry;
    const reason = legal ? "" : reasonText(entry);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card";
    b.dataset.card = card;
    if (action) b.dataset.action = action;
    const enabled = legal && game.human_to_move && !busy;
    b.disabled = !enabled;
    const discard = action ? parseAction(action).kind === "discard" : false;
    const spoken = spokenCard(card, roles);
    const name = widowTag === card ? t("card.from_widow", { card: spoken }) : spoken;
    const label = enabled ? t(discard ? "action.discard_card" : "action.play_card", { card: name }) : capitalise(name);
    b.setAttribute("aria-label", label);
    if (!legal && reason) {
      b.title = reason;
      const why = document.createElement("span");
      why.id = `why-${card}`;
      why.dataset.whyCard = card;
      why.textContent = reason;
      reasonsEl.append(why);
      b.setAttribute("aria-describedby", why.id);
    } else if (enabled) {
      b.title = t(discard ? "action.card_title.discard" : "action.card_title.play", { card: cardCode(card) });
    }
    b.innerHTML = cardEl(card, four, name);
    // a trump (the engine's role for it) is marked with the trump's suit (a star before
    // trump is named: the Joker); its name says "trump" as well
    if (roles[card]) {
      b.classList.add("trump");
      b.insertAdjacentHTML("beforeend", `<span class="trump-mark" aria-hidden="true">${view.trump ? suitIcon(view.trump, four, 13) : STAR}</span>`);
    }
    if (widowTag === card) {
      b.insertAdjacentHTML("beforeend", `<span class="tag" aria-hidden="true">${escapeHTML(t("table.widow"))}</span>`);
    }
    if (hint && hint.action === action) b.classList.add("hinted");
    return b;
  });
  handEl.replaceChildren(...buttons);
  updateRoving(handEl);
  if (focused) handEl.querySelector(`[data-card="${focused}"]:not(:disabled)`)?.focus();
}

function actionButton(state, option, label, attrs, extraClass = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn ${extraClass}`.trim();
  b.dataset.action = option.action;
  for (const [k, v] of Object.entries(attrs)) b.dataset[k] = v;
  b.innerHTML = label;
  b.disabled = !option.legal || state.busy;
  const reason = option.legal ? "" : reasonText(option);
  if (reason) {
    b.title = reason;
    const why = document.createElement("span");
    why.id = `why-${option.action.replace(/\W+/g, "-")}`;
    why.dataset.whyAction = option.action;
    why.textContent = reason;
    reasonsEl.append(why);
    b.setAttribute("aria-describedby", why.id);
  }
  if (state.hint && state.hint.action === option.action) b.classList.add("hinted");
  return b;
}

// the prompt last painted: kept while the table is still showing the last move
let lastPrompt = "";

/** The prompt to paint: the player's turn is told only once their cards and
 * calls accept it (not while the table still shows the others' last move: the
 * card flying in, the trick gathered), never a dead invitation to play. */
function shownPrompt(state) {
  const waiting = state.game?.human_to_move && state.busy && !state.message && !state.handOver;
  if (!waiting || !lastPrompt) lastPrompt = promptFor(state);
  return lastPrompt;
}

function promptFor(state) {
  // (a browser too old: the same words as web/shared/load-guard.js's message above it)
  if (state.loading.error) return t(state.loading.error.code === "browser_too_old" ? "browser.too_old" : "prompt.load_failed");
  if (!state.game) return t("prompt.shuffling");
  if (state.message) return state.message;
  if (state.handOver) return t("prompt.hand_over");
  const { game } = state;
  const v = game.view;
  if (v.phase === "game_over") {
    if (painted.from === 0) return t(v.winner === 0 ? "prompt.game_over.win" : "prompt.game_over.lose");
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
        ? bySeat("prompt.bid.over", v.high_bidder, { bid: callWord(v.high_bid) })
        : t("prompt.bid.first");
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

function renderActions(state) {
  const { game, busy, hint } = state;
  const v = game.view;
  const four = state.settings.fourColour;
  // repaint only when something changed: a repaint would drop the focus
  const key = JSON.stringify([v.phase, game.human_to_move, busy, game.options, hint?.action, four, state.language]);
  if (painted.actions === key) return;
  painted.actions = key;
  const focused = actionsEl.contains(document.activeElement) ? document.activeElement.dataset.action : null;
  actionsEl.innerHTML = "";
  for (const old of $$("[data-why-action]", reasonsEl)) old.remove();
  if (v.phase === "game_over") {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn primary";
    b.dataset.action = "new-game";
    b.textContent = t("action.new_game");
    actionsEl.append(b);
    updateRoving(actionsEl);
    return;
  }
  if (game.human_to_move) renderChoices(state, v, four);
  updateRoving(actionsEl);
  if (focused) actionsEl.querySelector(`[data-action="${focused}"]:not(:disabled)`)?.focus();
}

function renderChoices(state, v, four) {
  for (const option of state.game.options) {
    const a = option.action;
    const { kind, arg } = parseAction(a);
    if (v.phase === "bidding") {
      const bid = kind === "pass" ? kind : arg;
      // a number bid shows just its number; its name says "Bid 3"
      const shown = kind === "pass" || isNamedBid(arg) ? callLabel(a) : formatNumber(Number(arg));
      const b = actionButton(state, option, escapeHTML(shown), { bid }, kind === "pass" ? "pass" : "");
      b.setAttribute("aria-label", callLabel(a));
      actionsEl.append(b);
    } else if (v.phase === "trump") {
      const label = `${suitIcon(arg, four, 20)}<span>${escapeHTML(suitName(arg))}</span>`;
      const b = actionButton(state, option, label, { trump: arg }, "trump-btn");
      b.setAttribute("aria-label", t("action.trump", { suit: suitName(arg) }));
      actionsEl.append(b);
    } else if (v.phase === "alone" || v.phase === "defend_alone") {
      const alone = kind === "alone";
      const key = alone ? (v.phase === "alone" ? "action.go_alone" : "action.defend_alone") : "action.with_partner";
      // every choice looks alike: the bold one is not pushed on the player
      actionsEl.append(actionButton(state, option, escapeHTML(t(key)), { alone: a }));
    }
  }
}

function renderNote(state) {
  const { game, hint } = state;
  noteEl.classList.toggle("hint", Boolean(hint));
  if (hint) {
    setHidden(noteEl, false);
    const phase = game.view.phase;
    setText(noteEl, t("hint.note", { action: hintLabel(hint.action, game.card_roles, phase), reason: hintText(hint, phase) }));
    return;
  }
  const illegal = game.human_to_move && game.view.phase === "play" ? game.cards.find((c) => !c.legal) : null;
  if (illegal) {
    setHidden(noteEl, false);
    setText(noteEl, capitalise(reasonText(illegal)));
  } else {
    setHidden(noteEl, true);
    setText(noteEl, "");
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
