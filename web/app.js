// The table: boots the engine worker, renders what the engine says, animates
// the computer players' moves and sends the player's decisions back.
//
// Nothing here knows the rules: which cards and bids are legal (and why not),
// the order of the hand, scores and the card ranking all come from the engine
// through web/client.js.

import { cardLabel, spokenCard, suitIcon, SUIT_WORD } from "./cards.js";
import { EngineClient } from "./client.js";
import { installRoving, rovingTarget, shortcutFor, shortcutsHTML, updateRoving } from "./keyboard.js";
import { eventSentences, Narrator, tableText } from "./narration.js";
import {
  callLabel,
  escapeHTML,
  gameOverHTML,
  openDialog,
  readRules,
  rulesHTML,
  sameRules,
  SEAT_NAMES,
  setFocusFallback,
  settingsHTML,
  summaryHTML,
  trickHTML,
} from "./panels.js";
import { addOfflineStatus, initOffline } from "./pwa.js";
import {
  applyQuery,
  effectiveSpeed,
  loadSettings,
  readSave,
  saveSettings,
  SPEEDS,
  writeSave,
} from "./settings.js";

// New words of this module (the older ones are still inline).
const TEXT = {
  play: "Play the {card}",
  discard: "Discard the {card}",
  unavailable: "The {card}",
  trickCard: "{who}: {card}",
  hint: "Hint: {what}. {reason}",
  fromWidow: "{card}, picked up from the widow",
};

const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));

performance.mark("hp-start");

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

const table = $("#table");
const handEl = $("#hand");
const actionsEl = $("#actions");
const promptEl = $("#prompt");
const noteEl = $("#note");
const narrator = new Narrator($("#announcements"));
const reasonsEl = $("#reasons");

// delays in ms at normal speed
const DELAY = { bot: 520, play: 280, trickPause: 950, gather: 380, bidPause: 150 };

let settings = loadSettings();
// ?seed=N in the address: the games of this visit are dealt from N, N+1, ...
let nextSeed;
{
  const q = applyQuery(settings, location.search);
  settings = q.settings;
  nextSeed = q.seed;
  saveSettings(settings);
}

let engine = null;
let state = null; // the engine's last answer (the state of the table)
let busy = false; // animating or waiting for the engine: the player waits
let generation = 0; // bumped by new game / undo / load: stale loops stop
let rulesInfo = null;
let hint = null;
let playableMarked = false;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const factor = () => SPEEDS[effectiveSpeed(settings)]?.factor ?? 1;
// movement (cards flying in, tricks gathered) is left out when the system asks
// for reduced motion, whatever the speed; the pauses between moves stay
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
const moving = () => factor() > 0 && !reducedMotion.matches;
reducedMotion.addEventListener("change", () => applyLook());
const wait = (ms) => (factor() === 0 ? Promise.resolve() : sleep(ms * factor()));

function applyLook() {
  table.dataset.speed = effectiveSpeed(settings);
  table.style.setProperty("--speed", String(Math.max(factor(), 0.01)));
  table.classList.toggle("four-colour", settings.fourColour);
}

function announce(text) {
  narrator.say(text);
}

function notice(text, kind = "") {
  const box = $("#notice");
  $("#notice-text").textContent = text;
  box.className = `notice ${kind}`;
  box.hidden = false;
}

$(".notice-close").addEventListener("click", () => {
  $("#notice").hidden = true;
});

function seatName(seat) {
  return SEAT_NAMES[seat];
}

// ---- rendering ------------------------------------------------------------------

function cardHTML(code, label = "") {
  const named = label ? ` label="${escapeHTML(label)}"` : "";
  return `<hp-card code="${code}"${settings.fourColour ? " four-colour" : ""}${named}></hp-card>`;
}

function lastCalls(view) {
  const calls = {};
  for (const { seat, call } of view.auction) calls[seat] = call;
  return calls;
}

function renderSeats(view, st) {
  const calls = lastCalls(view);
  for (const seatEl of $$(".seat")) {
    const seat = Number(seatEl.dataset.seat);
    const n = view.hand_sizes[seat];
    const out = view.sitting_out.includes(seat);
    seatEl.classList.toggle("turn", st.to_act === seat && view.phase !== "game_over");
    seatEl.classList.toggle("out", out);
    $(".dealer", seatEl).hidden = view.dealer !== seat;
    $(".maker", seatEl).hidden = view.maker !== seat || view.phase === "bidding";
    $(".alone", seatEl).hidden = !((view.alone && view.maker === seat) || view.lone_defender === seat);
    $(".count", seatEl).textContent = out ? "sits out" : `${n} card${n === 1 ? "" : "s"}`;
    const backs = $(".backs", seatEl);
    if (backs && backs.childElementCount !== n) {
      backs.innerHTML = '<div class="card-back"></div>'.repeat(n);
    }
    const bubble = $(".bubble", seatEl);
    const call = calls[seat];
    const text = call ? callLabel(call) : "";
    if (bubble.textContent !== text) bubble.textContent = text;
    bubble.classList.toggle("passed", call === "pass");
  }
}

function renderScores(view) {
  for (const team of [0, 1]) {
    const el = $(`[data-score-team="${team}"]`);
    const text = String(view.scores[team]);
    if (el.textContent !== text) {
      el.textContent = text;
      replayAnimation(el, "bump");
    }
    $(`[data-tricks-team="${team}"]`).textContent = String(view.tricks_won[team]);
  }
  $("#target").textContent = String(view.rules.target);
}

function renderContract(view) {
  const bid = $("#contract-bid");
  const trump = $("#contract-trump");
  if (view.maker != null) {
    const stake = view.multiplier > 1 ? ` · ×${view.multiplier}` : "";
    const forced = view.forced ? " (forced)" : "";
    bid.textContent = `${callLabel(`bid ${view.bid_call}`).replace("Bid ", "")} · ${seatName(view.maker)}${forced}${stake}`;
  } else if (view.high_bid != null) {
    bid.textContent = `${callLabel(`bid ${view.high_bid}`).replace("Bid ", "")} · ${seatName(view.high_bidder)} so far`;
  } else {
    bid.textContent = "—";
  }
  trump.innerHTML = view.trump
    ? `${suitIcon(view.trump, settings.fourColour, 16)} ${SUIT_WORD[view.trump]}`
    : "—";
}

function renderTrick(cards, roles = state?.card_roles) {
  for (const slot of $$(".slot")) {
    slot.innerHTML = "";
    slot.classList.remove("winner");
  }
  for (const { seat, card } of cards) {
    const label = fill(TEXT.trickCard, { who: seatName(seat), card: spokenCard(card, roles) });
    $(`.slot[data-slot="${seat}"]`).innerHTML = cardHTML(card, label);
  }
}

// what the hand and the choices were last painted from
const painted = { hand: "", actions: "" };

function renderHand(st) {
  const view = st.view;
  const choosing = st.human_to_move && !busy && ["play", "discard"].includes(view.phase);
  handEl.classList.toggle("choosing", choosing);
  const roles = st.card_roles;
  const widowTag = ["trump", "discard"].includes(view.phase) ? view.widow : null;
  // repaint only when something changed: a repaint would drop the focus
  const key = JSON.stringify([st.cards, st.human_to_move && !busy, hint?.action, widowTag, roles, settings.fourColour]);
  if (painted.hand === key) return;
  painted.hand = key;
  const focused = handEl.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  for (const old of $$("[data-why-card]", reasonsEl)) old.remove();
  const buttons = st.cards.map(({ card, action, legal, reason }) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card";
    b.dataset.card = card;
    if (action) b.dataset.action = action;
    const enabled = legal && st.human_to_move && !busy;
    b.disabled = !enabled;
    const verb = action?.startsWith("discard") ? "Discard" : "Play";
    const name = fill(widowTag === card ? TEXT.fromWidow : "{card}", { card: spokenCard(card, roles) });
    b.setAttribute("aria-label", fill(enabled ? (verb === "Discard" ? TEXT.discard : TEXT.play) : TEXT.unavailable, { card: name }));
    if (!legal && reason) {
      b.title = reason;
      const why = document.createElement("span");
      why.id = `why-${card}`;
      why.dataset.whyCard = card;
      why.textContent = reason;
      reasonsEl.append(why);
      b.setAttribute("aria-describedby", why.id);
    } else if (enabled) {
      b.title = `${verb} ${cardLabel(card)}`;
    }
    b.innerHTML = cardHTML(card, name);
    if (widowTag === card) {
      b.insertAdjacentHTML("beforeend", '<span class="tag" aria-hidden="true">widow</span>');
    }
    if (hint && hint.action === action) b.classList.add("hinted");
    return b;
  });
  handEl.replaceChildren(...buttons);
  updateRoving(handEl);
  if (focused) handEl.querySelector(`[data-card="${focused}"]:not(:disabled)`)?.focus();
}

function actionButton(option, label, attrs, extraClass = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn ${extraClass}`.trim();
  b.dataset.action = option.action;
  for (const [k, v] of Object.entries(attrs)) b.dataset[k] = v;
  b.innerHTML = label;
  b.disabled = !option.legal || busy;
  if (!option.legal && option.reason) {
    b.title = option.reason;
    const why = document.createElement("span");
    why.id = `why-${option.action.replace(/\W+/g, "-")}`;
    why.dataset.whyAction = option.action;
    why.textContent = option.reason;
    reasonsEl.append(why);
    b.setAttribute("aria-describedby", why.id);
  }
  if (hint && hint.action === option.action) b.classList.add("hinted");
  return b;
}

function promptFor(st) {
  const v = st.view;
  if (v.phase === "game_over") {
    return v.winner === 0 ? "Game over — you and North win!" : "Game over — West and East win.";
  }
  if (!st.human_to_move) {
    const who = seatName(st.to_act);
    const doing = {
      bidding: "is bidding",
      trump: "is naming trump",
      discard: "is discarding",
      alone: "is deciding whether to go alone",
      defend_alone: "is deciding whether to defend alone",
      play: v.trick.length ? "is playing" : "is leading",
    }[v.phase];
    return `${who} ${doing}…`;
  }
  switch (v.phase) {
    case "bidding":
      return v.high_bid
        ? `Your bid — ${seatName(v.high_bidder)} bid ${callLabel(`bid ${v.high_bid}`).replace("Bid ", "").toLowerCase()}.`
        : "Your bid — nobody has bid yet.";
    case "trump":
      return v.forced
        ? `Everyone passed: you hold the Joker and must play at ${v.bid}. Name trump.`
        : `You won the bid: ${callLabel(`bid ${v.bid_call}`).replace("Bid ", "").toLowerCase()}. Name trump.`;
    case "discard":
      return `You picked up the widow (${cardLabel(v.widow)}). Discard one card.`;
    case "alone":
      return "Go alone? Your partner sits out and the stake doubles.";
    case "defend_alone":
      return `${seatName(v.maker)} goes alone. Defend alone? Your partner sits out and the stake doubles again.`;
    case "play":
      return v.trick.length ? "Your turn — play a card." : "Your lead — play a card.";
    default:
      return "";
  }
}

function renderActions(st) {
  const v = st.view;
  const four = settings.fourColour;
  // repaint only when something changed: a repaint would drop the focus
  const key = JSON.stringify([v.phase, st.human_to_move, busy, st.options, hint?.action, four]);
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
    b.textContent = "New game";
    actionsEl.append(b);
    updateRoving(actionsEl);
    return;
  }
  if (st.human_to_move) renderChoices(st, v, four);
  updateRoving(actionsEl);
  if (focused) actionsEl.querySelector(`[data-action="${focused}"]:not(:disabled)`)?.focus();
}

function renderChoices(st, v, four) {
  for (const option of st.options) {
    const a = option.action;
    if (v.phase === "bidding") {
      const bid = a === "pass" ? "pass" : a.slice(4);
      const label = a === "pass" ? "Pass" : bid === "little" ? "Little pepper" : bid === "big" ? "Big pepper" : bid;
      const b = actionButton(option, label, { bid }, a === "pass" ? "pass" : "");
      b.setAttribute("aria-label", a === "pass" ? "Pass" : callLabel(a));
      actionsEl.append(b);
    } else if (v.phase === "trump") {
      const s = a.slice(6);
      const b = actionButton(option, `${suitIcon(s, four, 20)}<span>${SUIT_WORD[s]}</span>`, { trump: s }, "trump-btn");
      b.setAttribute("aria-label", `${SUIT_WORD[s]} as trump`);
      actionsEl.append(b);
    } else if (v.phase === "alone" || v.phase === "defend_alone") {
      const label = a === "alone" ? (v.phase === "alone" ? "Go alone" : "Defend alone") : "Play with partner";
      actionsEl.append(actionButton(option, label, { alone: a }, a === "alone" ? "primary" : ""));
    }
  }
}

function renderNote(st) {
  noteEl.classList.remove("hint");
  if (hint) {
    noteEl.hidden = false;
    noteEl.classList.add("hint");
    noteEl.textContent = `Hint: ${hintLabel(hint.action)} — ${hint.reason}`;
    return;
  }
  const illegal = st.human_to_move && st.view.phase === "play" ? st.cards.find((c) => !c.legal) : null;
  if (illegal) {
    noteEl.hidden = false;
    noteEl.textContent = illegal.reason.charAt(0).toUpperCase() + illegal.reason.slice(1) + ".";
  } else {
    noteEl.hidden = true;
    noteEl.textContent = "";
  }
}

function hintLabel(action) {
  if (action.startsWith("play ")) return `play the ${spokenCard(action.slice(5), state?.card_roles)}`;
  if (action.startsWith("discard ")) return `discard the ${spokenCard(action.slice(8), state?.card_roles)}`;
  if (action.startsWith("trump ")) return `${SUIT_WORD[action.slice(6)]} as trump`;
  if (action === "alone") return "go alone";
  if (action === "decline") return "play with your partner";
  return callLabel(action).toLowerCase();
}

function renderTools(st) {
  const ready = Boolean(st);
  const idle = ready && !busy;
  $('[data-tool="hint"]').disabled = !(idle && st.human_to_move);
  $('[data-tool="undo"]').disabled = !(idle && st.can_undo);
  $('[data-tool="last-trick"]').disabled = !(ready && lastTrick(st.view));
  $('[data-tool="new-game"]').disabled = !ready;
}

function lastTrick(view) {
  if (view.tricks.length) return view.tricks[view.tricks.length - 1];
  const t = view.last_hand?.tricks;
  return t && t.length ? t[t.length - 1] : null;
}

/** Paint everything from an engine state; the trick area too unless told not to. */
function render(st, { trick = true } = {}) {
  const v = st.view;
  table.dataset.phase = v.phase;
  table.dataset.toAct = st.to_act ?? "";
  table.dataset.human = st.human_to_move && !busy ? "1" : "0";
  renderSeats(v, st);
  renderScores(v);
  renderContract(v);
  if (trick) renderTrick(v.trick);
  $(".widow").hidden = v.phase !== "bidding";
  renderHand(st);
  promptEl.textContent = promptFor(st);
  renderActions(st);
  renderNote(st);
  renderTools(st);
  if (st.human_to_move && !busy && !playableMarked) {
    playableMarked = true;
    performance.mark("hp-playable");
  }
}

// ---- animation ----------------------------------------------------------------------

const FROM = { 0: [0, 1], 1: [-1, 0], 2: [0, -1], 3: [1, 0] };

function flyIn(slot, seat) {
  const card = slot.firstElementChild;
  if (!card || !moving()) return Promise.resolve();
  const [dx, dy] = FROM[seat];
  // Distances in % of the card's own size: no layout has to be read (a forced
  // synchronous layout here was the page's longest main-thread task).
  return card
    .animate(
      [
        { transform: `translate(${dx * 140}%, ${dy * 140}%) scale(0.9)`, opacity: 0.3 },
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
      ],
      { duration: DELAY.play * factor(), easing: "cubic-bezier(.2,.8,.3,1)" },
    )
    .finished.catch(() => {});
}

function gather(winner) {
  if (!moving()) return Promise.resolve();
  const [dx, dy] = FROM[winner];
  const anims = $$(".slot hp-card").map((card) =>
    card.animate(
      [
        { transform: "translate(0,0) scale(1)", opacity: 1 },
        { transform: `translate(${dx * 220}%, ${dy * 160}%) scale(0.5)`, opacity: 0 },
      ],
      { duration: DELAY.gather * factor(), easing: "ease-in", fill: "forwards" },
    ).finished.catch(() => {}),
  );
  return Promise.all(anims);
}

/** Restart a CSS animation class without reading layout (no `void el.offsetWidth`). */
function replayAnimation(el, cls) {
  if (el.classList.contains(cls)) {
    for (const a of el.getAnimations()) {
      a.cancel();
      a.play();
    }
    return;
  }
  el.addEventListener("animationend", () => el.classList.remove(cls), { once: true });
  el.classList.add(cls);
}

function popBubble(seat) {
  const bubble = $(`.seat[data-seat="${seat}"] .bubble`);
  replayAnimation(bubble, "pop");
}

/** Show what an action did, tell it in the live region (one sentence each for
 * the action, the trick's winner and the hand's result), then paint the new state. */
async function showEvent(event, st, gen) {
  const a = event.action;
  const [said, ...after] = eventSentences(event, st.view);
  announce(said);
  if (a.startsWith("play ")) {
    const cards = event.trick ? event.trick.cards : st.view.trick;
    render(st, { trick: false });
    renderTrick(cards, event.card_roles);
    await flyIn($(`.slot[data-slot="${event.seat}"]`), event.seat);
    if (event.trick) {
      const w = event.trick.winner;
      $(`.slot[data-slot="${w}"]`).classList.add("winner");
      promptEl.textContent = after[0];
      announce(after.shift());
      await wait(DELAY.trickPause);
      if (gen !== generation) return;
      await gather(w);
      renderTrick([]);
    }
  } else {
    render(st);
    if (a === "pass" || a.startsWith("bid")) popBubble(event.seat);
  }
  for (const sentence of after) announce(sentence);
  if (gen !== generation) return;
  render(st);
  if (event.hand) await showHandEnd(event.hand, st);
}

async function showHandEnd(hand, st) {
  const four = settings.fourColour;
  if (st.view.phase === "game_over") {
    const { title, html } = gameOverHTML(st.view, hand, four);
    $("#gameover-title").textContent = title;
    $("#gameover-body").innerHTML = html;
    openDialog($("#gameover-dialog"));
    return;
  }
  $("#summary-title").textContent = hand.thrown_in ? `Hand ${hand.number + 1}: thrown in` : `Hand ${hand.number + 1} is over`;
  $("#summary-body").innerHTML = summaryHTML(hand, st.view.rules.target, four);
  await openDialog($("#summary-dialog"));
}

// ---- the flow of play ----------------------------------------------------------------

function persist(st) {
  writeSave(st.save, st.levels);
}

async function setState(st) {
  state = st;
  persist(st);
  hint = null;
}

/** Let the computer players move until it is the player's turn (or the game ends). */
async function runBots() {
  const gen = generation;
  while (state && state.bot_to_move && gen === generation) {
    busy = true;
    render(state);
    const seat = state.to_act;
    const pause = state.view.phase === "play" ? DELAY.bot : DELAY.bot + DELAY.bidPause;
    let answer;
    try {
      [answer] = await Promise.all([engine.call("bot_step"), wait(pause)]);
    } catch (err) {
      busy = false;
      notice(`The computer player ${seatName(seat)} could not move: ${err.message}`, "error");
      break;
    }
    if (gen !== generation) return;
    await setState(answer.state);
    await showEvent(answer.event, answer.state, gen);
  }
  if (gen !== generation) return;
  busy = false;
  if (state) render(state);
  focusFirstControl();
}

/** When it is the player's turn (or the game is over), put the focus on their
 * choices or their hand — but only if the focus is lost (on the page itself,
 * e.g. the card just played is gone) or already there: never taken away from
 * the tools, a dialog or whatever else the player is reading. */
function focusFirstControl() {
  if (!state || document.querySelector("dialog[open]")) return;
  if (!state.human_to_move && state.view.phase !== "game_over") return;
  const active = document.activeElement;
  // lost: on the page itself, or left on a button of a dialog that has closed
  const lost = !active || active === document.body || active === document.documentElement || Boolean(active.closest("dialog:not([open])"));
  if (!lost && !actionsEl.contains(active) && !handEl.contains(active)) return;
  if (actionsEl.contains(active) || handEl.contains(active)) {
    if (!active.disabled) return; // already on something usable
  }
  (rovingTarget(actionsEl) ?? rovingTarget(handEl))?.focus();
}

async function decide(action) {
  if (busy || !state?.human_to_move) return;
  busy = true;
  hint = null;
  render(state);
  const gen = generation;
  let answer;
  try {
    answer = await engine.call("act", { action });
  } catch (err) {
    busy = false;
    render(state);
    notice(err.message, "error");
    return;
  }
  if (gen !== generation) return;
  await setState(answer.state);
  await showEvent(answer.event, answer.state, gen);
  if (gen !== generation) return;
  await runBots();
}

async function startNewGame() {
  generation++;
  busy = true;
  for (const d of $$("dialog[open]")) d.close();
  const request = { rules: settings.rules, levels: settings.levels };
  if (nextSeed !== undefined) {
    request.seed = nextSeed;
    nextSeed += 1;
  }
  let st;
  try {
    st = await engine.call("new_game", request);
  } catch (err) {
    // rules from an old version or a hand-made link: fall back to the defaults
    notice(`Those rules could not be used (${err.message}); starting a standard game.`, "error");
    settings.rules = "seed";
    saveSettings(settings);
    st = await engine.call("new_game", { rules: "seed", levels: settings.levels });
  }
  busy = false;
  await setState(st);
  renderTrick([]);
  render(st);
  announce("A new game: the cards are dealt.");
  await runBots();
}

// ---- tools -------------------------------------------------------------------------

async function showHint() {
  if (busy || !state?.human_to_move) return;
  const button = $('[data-tool="hint"]');
  button.setAttribute("aria-busy", "true");
  busy = true;
  render(state);
  try {
    const answer = await engine.call("hint", { level: "hard" });
    hint = answer.best;
  } catch (err) {
    notice(err.message, "error");
  } finally {
    busy = false;
    button.removeAttribute("aria-busy");
  }
  render(state);
  if (!hint) return;
  announce(fill(TEXT.hint, { what: hintLabel(hint.action), reason: hint.reason }));
  // the hinted card or choice gets the focus, if the focus is lost or in play
  const active = document.activeElement;
  const inPlay = !active || active === document.body || actionsEl.contains(active) || handEl.contains(active);
  if (inPlay) $("#hand .hinted:not(:disabled), #actions .hinted:not(:disabled)")?.focus();
}

async function undo() {
  if (busy || !state?.can_undo) return;
  generation++;
  busy = true;
  render(state);
  try {
    const answer = await engine.call("undo");
    busy = false;
    await setState(answer.state);
    renderTrick([]);
    render(answer.state);
    announce("Your last decision was taken back.");
    await runBots();
  } catch (err) {
    busy = false;
    render(state);
    notice(err.message, "error");
  }
}

async function showLastTrick() {
  if (!state) return;
  const view = state.view;
  const trick = lastTrick(view);
  // a trick of the hand before was played under that hand's trump
  let roles = state.card_roles;
  if (trick && !view.tricks.length && view.last_hand?.trump) {
    roles = (await engine.call("rules_info", { trump: view.last_hand.trump })).card_roles;
  }
  $("#last-trick-body").innerHTML = trickHTML(trick, settings.fourColour, roles);
  openDialog($("#last-trick-dialog"));
}

function showShortcuts() {
  $("#shortcuts-body").innerHTML = shortcutsHTML();
  openDialog($("#shortcuts-dialog"));
}

function readTable() {
  if (state) announce(tableText(state));
}

async function renderRules(trump) {
  const body = $("#rules-body");
  if (!engine || !state) {
    body.innerHTML = "<p>The rules appear as soon as the card engine has loaded.</p>";
    return;
  }
  const info = await engine.call("rules_info", trump ? { trump } : {});
  const focused = document.activeElement?.dataset?.rankTrump;
  body.innerHTML = rulesHTML(state.view.rules, info, settings.fourColour);
  if (focused) body.querySelector(`[data-rank-trump="${focused}"]`)?.focus();
}

async function showRules() {
  await renderRules();
  const dialog = $("#rules-dialog");
  if (!dialog.open) openDialog(dialog);
}

$("#rules-body").addEventListener("click", (e) => {
  const b = e.target.closest("[data-rank-trump]");
  if (b) renderRules(b.dataset.rankTrump);
});

async function showSettings() {
  const dialog = $("#settings-dialog");
  const form = $("#settings-form");
  if (!engine || !state) {
    form.innerHTML = `<p>Settings are available once the card engine has loaded.</p>
      <div class="buttons"><button type="button" data-action="cancel" class="primary">Close</button></div>`;
  } else {
    rulesInfo = await engine.call("rules_info");
    const current = typeof settings.rules === "object" && settings.rules && !settings.rules.preset
      ? { ...state.view.rules, ...settings.rules }
      : presetRules(settings.rules) ?? state.view.rules;
    form.innerHTML = settingsHTML(settings, rulesInfo, current);
    syncPreset(form);
  }
  addOfflineStatus(form);
  openDialog(dialog);
}

function presetRules(rules) {
  if (!rulesInfo) return null;
  const name = typeof rules === "string" ? rules : rules?.preset;
  const preset = rulesInfo.presets.find((p) => p.name === name);
  if (!preset) return null;
  const extra = typeof rules === "object" ? { ...rules } : {};
  delete extra.preset;
  return { ...preset.rules, ...extra };
}

function syncPreset(form) {
  const rules = readRules(form, rulesInfo);
  const match = rulesInfo.presets.find((p) => sameRules(p.rules, rules));
  form.querySelector("[data-preset]").value = match ? match.name : "";
}

$("#settings-form").addEventListener("change", (e) => {
  const form = e.currentTarget;
  if (!rulesInfo) return;
  if (e.target.matches("[data-preset]")) {
    const preset = rulesInfo.presets.find((p) => p.name === e.target.value);
    if (preset) {
      for (const f of rulesInfo.fields) {
        const el = form.querySelector(`[data-rule="${f.name}"]`);
        if (f.type === "bool") el.checked = preset.rules[f.name];
        else el.value = preset.rules[f.name];
      }
    }
  } else if (e.target.matches("[data-rule]")) {
    syncPreset(form);
  }
});

$("#settings-form").addEventListener("click", async (e) => {
  const button = e.target.closest("button[data-action]");
  if (!button) return;
  const dialog = $("#settings-dialog");
  const form = e.currentTarget;
  if (button.dataset.action === "cancel") {
    dialog.close();
    return;
  }
  if (button.dataset.action !== "save") return;
  const levels = ["human", ...[1, 2, 3].map((s) => form.querySelector(`[data-level-seat="${s}"]`).value)];
  const rules = readRules(form, rulesInfo);
  const preset = form.querySelector("[data-preset]").value;
  settings.speed = form.querySelector("[data-speed-select]").value || null;
  settings.fourColour = form.querySelector("[data-four-colour]").checked;
  applyLook();
  const rulesChanged = !sameRules(rules, state.view.rules);
  const levelsChanged = levels.some((lv, i) => lv !== state.levels[i]);
  settings.levels = levels;
  const newRules = preset ? preset : rules;
  if (rulesChanged) {
    const previous = settings.rules;
    settings.rules = newRules;
    try {
      generation++;
      const request = { rules: newRules, levels };
      if (nextSeed !== undefined) request.seed = nextSeed++;
      const st = await engine.call("new_game", request);
      dialog.close();
      saveSettings(settings);
      busy = false;
      await setState(st);
      renderTrick([]);
      render(st);
      announce("New rules: a new game starts.");
      await runBots();
    } catch (err) {
      settings.rules = previous;
      $("#settings-error").textContent = err.message;
    }
    return;
  }
  settings.rules = newRules;
  saveSettings(settings);
  dialog.close();
  if (levelsChanged && state) {
    const st = await engine.call("set_levels", { levels });
    await setState(st);
    render(st);
    if (!busy) await runBots();
  } else if (state) {
    render(state);
  }
});

async function confirmNewGame() {
  if (state && state.view.phase !== "game_over" && state.actions > 0) {
    const answer = await openDialog($("#confirm-dialog"));
    if (answer !== "ok") return;
  }
  await startNewGame();
}

// ---- input -----------------------------------------------------------------------------

handEl.addEventListener("click", (e) => {
  const b = e.target.closest("button.card");
  if (b && !b.disabled && b.dataset.action) decide(b.dataset.action);
});

actionsEl.addEventListener("click", (e) => {
  const b = e.target.closest("button");
  if (!b || b.disabled) return;
  if (b.dataset.action === "new-game") startNewGame();
  else if (b.dataset.action) decide(b.dataset.action);
});

$(".tools").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-tool]");
  if (!b || b.disabled) return;
  const tool = b.dataset.tool;
  if (tool === "hint") showHint();
  else if (tool === "undo") undo();
  else if (tool === "last-trick") showLastTrick();
  else if (tool === "rules") showRules();
  else if (tool === "settings") showSettings();
  else if (tool === "shortcuts") showShortcuts();
  else if (tool === "new-game") confirmNewGame();
});

$("#gameover-dialog").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-action]");
  if (!b) return;
  $("#gameover-dialog").close();
  if (b.dataset.action === "new-game") startNewGame();
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
    e.preventDefault();
    return;
  }
  const b = $(`[data-tool="${tool}"]`);
  if (b && !b.disabled) {
    b.click();
    e.preventDefault();
  }
});

// ---- start ------------------------------------------------------------------------------

const STAGES = {
  download: "Downloading the card engine",
  start: "Starting Python",
  engine: "Loading the rules",
  ready: "Dealing",
};

function onProgress(fraction, stage) {
  const pct = Math.round(fraction * 100);
  const bar = $("#load-progress");
  bar.value = pct;
  bar.textContent = `${pct}%`;
  $("#load-percent").textContent = `${pct}%`;
  $("#load-stage").textContent = STAGES[stage] ?? "Loading";
}

function loadFailed(err) {
  const loader = $("#loader");
  loader.classList.add("failed");
  $(".loader-title", loader).textContent = "The card engine could not start";
  $(".loader-text", loader).textContent = err.message;
  $("#load-progress").hidden = true;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "btn primary";
  retry.textContent = "Try again";
  retry.addEventListener("click", () => location.reload());
  loader.append(retry);
  promptEl.textContent = "The game could not load.";
  table.removeAttribute("aria-busy");
}

async function boot() {
  applyLook();
  promptEl.textContent = "Shuffling the cards…";
  try {
    engine = new EngineClient({ onProgress });
    window.hasenpfeffer.timings = await engine.ready;
  } catch (err) {
    loadFailed(err);
    initOffline(); // a fixed version may be waiting to be installed
    return;
  }
  initOffline();
  onProgress(1, "ready");
  let st = null;
  const saved = readSave();
  if (saved.error) {
    notice(`Your saved game could not be restored (${saved.error}). A new game has started.`, "error");
  } else if (saved.record) {
    const levels = Array.isArray(saved.record.levels) ? saved.record.levels : settings.levels;
    try {
      st = await engine.call("load", { save: saved.record.save, levels });
    } catch (err) {
      notice(`Your saved game could not be restored (${err.message}). A new game has started.`, "error");
    }
  }
  $("#loader").hidden = true;
  table.removeAttribute("aria-busy");
  if (!st) {
    await startNewGame();
    return;
  }
  await setState(st);
  render(st);
  announce("Welcome back: your game continues.");
  if (st.view.phase === "game_over") {
    const { title, html } = gameOverHTML(st.view, st.view.last_hand, settings.fourColour);
    $("#gameover-title").textContent = title;
    $("#gameover-body").innerHTML = html;
  }
  await runBots();
}

window.hasenpfeffer = {
  get state() {
    return state;
  },
  get settings() {
    return settings;
  },
  timings: null,
};

boot();
