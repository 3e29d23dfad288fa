// The table: boots the engine worker, renders what the engine says, animates
// the computer players' moves and sends the player's decisions back.
//
// Nothing here knows the rules: which cards and bids are legal (and why not),
// the order of the hand, scores and the card ranking all come from the engine
// through web/client.js.

import { spokenCard, suitIcon } from "../shared/cards.js";
import { followProgress, start } from "../engine/start.js";
import {
  applyDocumentLanguage,
  detectLanguage,
  formatNumber,
  language,
  localizeTree,
  onLanguageChange,
  setLanguage,
  storeLanguage,
  t,
} from "../shared/i18n.js";
import { callLabel, callWord, capitalise, cardShort, errorText, hintText, reasonText, seatName, suitName } from "../shared/i18n-terms.js";
import { installRoving, rovingTarget, shortcutFor, shortcutsHTML, updateRoving } from "./keyboard.js";
import { eventSentences, Narrator, tableText } from "./narration.js";
import {
  escapeHTML,
  fieldLabels,
  gameOverHTML,
  openDialog,
  readRules,
  rulesHTML,
  sameRules,
  setFocusFallback,
  settingsHTML,
  summaryHTML,
  summaryTitle,
  trickHTML,
} from "./panels.js";
import { addOfflineStatus, initOffline } from "../pwa/pwa.js";
import {
  applyQuery,
  effectiveSpeed,
  loadSettings,
  readSave,
  saveSettings,
  SPEEDS,
  writeSave,
} from "./settings.js";

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
    $(".count", seatEl).textContent = out ? t("seat.sits_out") : t("seat.cards", { count: n });
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
    const text = formatNumber(view.scores[team]);
    if (el.textContent !== text) {
      el.textContent = text;
      replayAnimation(el, "bump");
    }
    $(`[data-tricks-team="${team}"]`).textContent = formatNumber(view.tricks_won[team]);
  }
  $("#target").textContent = t("table.target", { target: view.rules.target });
}

function renderContract(view) {
  const bid = $("#contract-bid");
  const trump = $("#contract-trump");
  if (view.maker != null) {
    const parts = [t("table.contract.value", { bid: callWord(view.bid_call), seat: seatName(view.maker) })];
    if (view.forced) parts.push(t("table.contract.forced"));
    if (view.multiplier > 1) parts.push(t("table.contract.stake", { n: view.multiplier }));
    bid.textContent = parts.join(" · ");
  } else if (view.high_bid != null) {
    bid.textContent = t("table.contract.so_far", { bid: callWord(view.high_bid), seat: seatName(view.high_bidder) });
  } else {
    bid.textContent = "—";
  }
  trump.innerHTML = view.trump
    ? `${suitIcon(view.trump, settings.fourColour, 16)} ${escapeHTML(suitName(view.trump))}`
    : "—";
}

function renderTrick(cards, roles = state?.card_roles) {
  for (const slot of $$(".slot")) {
    slot.innerHTML = "";
    slot.classList.remove("winner");
  }
  for (const { seat, card } of cards) {
    const label = t("table.trick_card", { seat: seatName(seat), card: spokenCard(card, roles) });
    $(`.slot[data-slot="${seat}"]`).innerHTML = cardHTML(card, label);
  }
}

// what the hand and the choices were last painted from (and in which language)
const painted = { hand: "", actions: "", language: "" };

function renderHand(st) {
  const view = st.view;
  const choosing = st.human_to_move && !busy && ["play", "discard"].includes(view.phase);
  handEl.classList.toggle("choosing", choosing);
  const roles = st.card_roles;
  const widowTag = ["trump", "discard"].includes(view.phase) ? view.widow : null;
  // repaint only when something changed: a repaint would drop the focus
  const key = JSON.stringify([st.cards, st.human_to_move && !busy, hint?.action, widowTag, roles, settings.fourColour, painted.language]);
  if (painted.hand === key) return;
  painted.hand = key;
  const focused = handEl.contains(document.activeElement) ? document.activeElement.dataset.card : null;
  for (const old of $$("[data-why-card]", reasonsEl)) old.remove();
  const buttons = st.cards.map((entry) => {
    const { card, action, legal } = entry;
    const reason = legal ? "" : reasonText(entry);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "card";
    b.dataset.card = card;
    if (action) b.dataset.action = action;
    const enabled = legal && st.human_to_move && !busy;
    b.disabled = !enabled;
    const discard = Boolean(action?.startsWith("discard"));
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
      b.title = t(discard ? "action.card_title.discard" : "action.card_title.play", { card: cardShort(card) });
    }
    b.innerHTML = cardHTML(card, name);
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

function actionButton(option, label, attrs, extraClass = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btn ${extraClass}`.trim();
  b.dataset.action = option.action;
  for (const [k, v] of Object.entries(attrs)) b.dataset[k] = v;
  b.innerHTML = label;
  b.disabled = !option.legal || busy;
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
  if (hint && hint.action === option.action) b.classList.add("hinted");
  return b;
}

function promptFor(st) {
  const v = st.view;
  if (v.phase === "game_over") {
    return t(v.winner === 0 ? "prompt.game_over.win" : "prompt.game_over.lose");
  }
  if (!st.human_to_move) {
    const phase = v.phase === "play" && !v.trick.length ? "lead" : v.phase;
    return t(`prompt.wait.${phase}`, { seat: seatName(st.to_act) });
  }
  switch (v.phase) {
    case "bidding":
      return v.high_bid
        ? t("prompt.bid.over", { seat: seatName(v.high_bidder), bid: callWord(v.high_bid) })
        : t("prompt.bid.first");
    case "trump":
      return v.forced
        ? t("prompt.trump.forced", { bid: callWord(v.bid_call) })
        : t("prompt.trump", { bid: callWord(v.bid_call) });
    case "discard":
      return t("prompt.discard", { card: cardShort(v.widow) });
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

function renderActions(st) {
  const v = st.view;
  const four = settings.fourColour;
  // repaint only when something changed: a repaint would drop the focus
  const key = JSON.stringify([v.phase, st.human_to_move, busy, st.options, hint?.action, four, painted.language]);
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
  if (st.human_to_move) renderChoices(st, v, four);
  updateRoving(actionsEl);
  if (focused) actionsEl.querySelector(`[data-action="${focused}"]:not(:disabled)`)?.focus();
}

function renderChoices(st, v, four) {
  for (const option of st.options) {
    const a = option.action;
    if (v.phase === "bidding") {
      const bid = a === "pass" ? "pass" : a.slice(4);
      // a number bid shows just its number; its name says "Bid 3"
      const shown = a === "pass" || bid === "little" || bid === "big" ? callLabel(a) : formatNumber(Number(bid));
      const b = actionButton(option, escapeHTML(shown), { bid }, a === "pass" ? "pass" : "");
      b.setAttribute("aria-label", callLabel(a));
      actionsEl.append(b);
    } else if (v.phase === "trump") {
      const s = a.slice(6);
      const b = actionButton(option, `${suitIcon(s, four, 20)}<span>${escapeHTML(suitName(s))}</span>`, { trump: s }, "trump-btn");
      b.setAttribute("aria-label", t("action.trump", { suit: suitName(s) }));
      actionsEl.append(b);
    } else if (v.phase === "alone" || v.phase === "defend_alone") {
      const key = a === "alone" ? (v.phase === "alone" ? "action.go_alone" : "action.defend_alone") : "action.with_partner";
      actionsEl.append(actionButton(option, escapeHTML(t(key)), { alone: a }, a === "alone" ? "primary" : ""));
    }
  }
}

function renderNote(st) {
  noteEl.classList.remove("hint");
  if (hint) {
    noteEl.hidden = false;
    noteEl.classList.add("hint");
    noteEl.textContent = t("hint.note", { action: hintLabel(hint.action), reason: hintText(hint) });
    return;
  }
  const illegal = st.human_to_move && st.view.phase === "play" ? st.cards.find((c) => !c.legal) : null;
  if (illegal) {
    noteEl.hidden = false;
    noteEl.textContent = capitalise(reasonText(illegal));
  } else {
    noteEl.hidden = true;
    noteEl.textContent = "";
  }
}

function hintLabel(action) {
  if (action.startsWith("play ")) return t("hint.action.play", { card: spokenCard(action.slice(5), state?.card_roles) });
  if (action.startsWith("discard ")) return t("hint.action.discard", { card: spokenCard(action.slice(8), state?.card_roles) });
  if (action.startsWith("trump ")) return t("hint.action.trump", { suit: suitName(action.slice(6)) });
  if (action === "alone") return t("hint.action.alone");
  if (action === "decline") return t("hint.action.decline");
  if (action === "pass") return t("hint.action.pass");
  return t("hint.action.bid", { bid: callWord(action) });
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
    setTimeout(initOffline, 0);
  }
}

// ---- animation ----------------------------------------------------------------------

const FROM = { 0: [0, 1], 1: [-1, 0], 2: [0, -1], 3: [1, 0] };

/** Where a seat sits on screen: right to left, West and East change sides. */
function from(seat) {
  const [dx, dy] = FROM[seat];
  return [document.documentElement.dir === "rtl" ? -dx : dx, dy];
}

function flyIn(slot, seat) {
  const card = slot.firstElementChild;
  if (!card || !moving()) return Promise.resolve();
  const [dx, dy] = from(seat);
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
  const [dx, dy] = from(winner);
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

let summaryHand = null; // the hand the summary dialog shows (repainted on a language change)

function fillSummary(hand, target) {
  summaryHand = { hand, target };
  $("#summary-title").textContent = summaryTitle(hand);
  $("#summary-body").innerHTML = summaryHTML(hand, target);
}

async function showSummary(hand, target) {
  fillSummary(hand, target);
  await openDialog($("#summary-dialog"));
}

function fillGameOver(view, hand) {
  const { title, html } = gameOverHTML(view, hand);
  $("#gameover-title").textContent = title;
  $("#gameover-body").innerHTML = html;
  gameOverHand = hand;
}
let gameOverHand = null;

async function showHandEnd(hand, st) {
  if (st.view.phase === "game_over") {
    fillGameOver(st.view, hand);
    openDialog($("#gameover-dialog"));
    return;
  }
  showSummary(hand, st.view.rules.target);
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
      notice(t("notice.bot_failed", { seat: seatName(seat), message: errorText(err) }), "error");
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
    notice(errorText(err), "error");
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
    notice(t("notice.bad_rules", { message: errorText(err) }), "error");
    settings.rules = "seed";
    saveSettings(settings);
    st = await engine.call("new_game", { rules: "seed", levels: settings.levels });
  }
  busy = false;
  await setState(st);
  renderTrick([]);
  render(st);
  announce(t("a11y.new_game"));
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
    notice(errorText(err), "error");
  } finally {
    busy = false;
    button.removeAttribute("aria-busy");
  }
  render(state);
  if (!hint) return;
  announce(t("a11y.hint", { action: hintLabel(hint.action), reason: capitalise(hintText(hint)) }));
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
    announce(t("a11y.undone"));
    await runBots();
  } catch (err) {
    busy = false;
    render(state);
    notice(errorText(err), "error");
  }
}

async function showLastTrick() {
  if (!state) return;
  await fillLastTrick();
  openDialog($("#last-trick-dialog"));
}

async function fillLastTrick() {
  const view = state.view;
  const trick = lastTrick(view);
  // a trick of the hand before was played under that hand's trump
  let roles = state.card_roles;
  if (trick && !view.tricks.length && view.last_hand?.trump) {
    roles = (await engine.call("rules_info", { trump: view.last_hand.trump })).card_roles;
  }
  $("#last-trick-body").innerHTML = trickHTML(trick, settings.fourColour, roles);
}

function showShortcuts() {
  $("#shortcuts-body").innerHTML = shortcutsHTML();
  openDialog($("#shortcuts-dialog"));
}

function readTable() {
  if (state) announce(tableText(state));
}

let rulesTrump; // the trump the rules dialog shows the ranking for

async function renderRules(trump) {
  rulesTrump = trump;
  const body = $("#rules-body");
  if (!engine || !state) {
    body.innerHTML = `<p>${escapeHTML(t("rules.loading"))}</p>`;
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
    form.innerHTML = `<p>${escapeHTML(t("settings.unavailable"))}</p>
      <div class="buttons"><button type="button" data-action="cancel" class="primary">${escapeHTML(t("dialog.close"))}</button></div>`;
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
  // the language, only if the player changed it (a ?lang= link is not overridden unasked)
  const languageSelect = form.querySelector("[data-language-select]");
  const chosenLanguage = languageSelect && languageSelect.value !== languageSelect.dataset.initial ? languageSelect.value : null;
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
      await chooseLanguage(chosenLanguage);
      announce(t("a11y.new_rules"));
      await runBots();
    } catch (err) {
      settings.rules = previous;
      const fields = fieldLabels(err.message ?? "", rulesInfo);
      const message = errorText(err);
      $("#settings-error").textContent = fields.length
        ? t("settings.bad_field", { message, fields: fields.join(", ") })
        : message;
    }
    return;
  }
  settings.rules = newRules;
  saveSettings(settings);
  dialog.close();
  await chooseLanguage(chosenLanguage);
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

function onProgress(fraction, stage) {
  loaderFraction = fraction;
  loaderStage = stage;
  if (!painted.language) return; // the catalogue is still coming: painted once it is there
  const pct = Math.round(fraction * 100);
  const bar = $("#load-progress");
  bar.value = pct;
  bar.textContent = t("loader.percent", { n: pct });
  $("#load-percent").textContent = t("loader.percent", { n: pct });
  const known = ["download", "start", "engine", "ready"].includes(stage);
  $("#load-stage").textContent = t(`loader.stage.${known ? stage : "other"}`);
}

function loadFailed(err) {
  const loader = $("#loader");
  loader.classList.add("failed");
  $(".loader-title", loader).removeAttribute("data-i18n");
  $(".loader-title", loader).textContent = t("loader.failed");
  $(".loader-text", loader).textContent = errorText(err);
  $("#load-progress").hidden = true;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "btn primary";
  retry.textContent = t("loader.retry");
  retry.addEventListener("click", () => location.reload());
  loader.append(retry);
  promptEl.textContent = t("prompt.load_failed");
  table.removeAttribute("aria-busy");
}

// ---- language ------------------------------------------------------------------------

let loaderStage = "download";
let loaderFraction = 0;

/** The page's language: detected (?lang= > remembered choice > browser), then the
 * static markup translated. English markup painted before this; the catalogue is
 * a small same-origin module, so the switch comes before the engine is ready. */
async function startLanguage() {
  try {
    await setLanguage(detectLanguage());
  } catch (err) {
    console.warn(`language: ${err?.message ?? err}`); // keep the English markup
  }
  applyDocumentLanguage();
  localizeTree(document);
  painted.language = language();
}

/** The settings dialog's language choice: "" follows the browser again, a code is
 * remembered; null means unchanged. A ?lang= in the address gives way to it. */
async function chooseLanguage(value) {
  if (value === null) return;
  storeLanguage(value || null);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
  }
  const code = detectLanguage();
  if (code !== language()) await setLanguage(code);
}

/** Everything painted again in the new language (no reload: the state is here). */
onLanguageChange(async (code) => {
  if (painted.language === code) return;
  painted.language = code;
  applyDocumentLanguage();
  localizeTree(document);
  if (!state) {
    onProgress(loaderFraction, loaderStage);
    if (!$("#loader").classList.contains("failed")) promptEl.textContent = t("prompt.shuffling");
    return;
  }
  render(state);
  if (summaryHand) fillSummary(summaryHand.hand, summaryHand.target);
  if (state.view.phase === "game_over") fillGameOver(state.view, gameOverHand ?? state.view.last_hand);
  if ($("#rules-dialog").open) await renderRules(rulesTrump);
  if ($("#shortcuts-dialog").open) $("#shortcuts-body").innerHTML = shortcutsHTML();
  if ($("#last-trick-dialog").open) await fillLastTrick();
});

const OFFLINE_DELAY_MS = 5000;

async function boot() {
  applyLook();
  // the engine starts downloading at once; the catalogue (a few kB) arrives long before it is ready
  // started by web/engine-start.js, which the page loads first
  engine = start.engine;
  const starting = engine ? engine.ready : Promise.reject(start.error);
  starting.catch(() => {}); // handled below, once the words are there
  followProgress(onProgress);
  await startLanguage();
  promptEl.textContent = t("prompt.shuffling");
  onProgress(loaderFraction, loaderStage);
  try {
    window.hasenpfeffer.timings = await starting;
    performance.mark("hp-engine-ready");
  } catch (err) {
    loadFailed(err);
    initOffline(); // a fixed version may be waiting to be installed
    return;
  }
  // Offline support starts once the table is playable (or soon after the engine
  // is ready at the latest): the service worker's first download and checks
  // must not compete with the first moves for the two cores of a small machine.
  setTimeout(initOffline, OFFLINE_DELAY_MS);
  onProgress(1, "ready");
  let st = null;
  const saved = readSave();
  if (saved.error) {
    notice(t("notice.save_restore", { message: t(`notice.${saved.error}`) }), "error");
  } else if (saved.record) {
    const levels = Array.isArray(saved.record.levels) ? saved.record.levels : settings.levels;
    try {
      st = await engine.call("load", { save: saved.record.save, levels });
    } catch (err) {
      notice(t("notice.save_restore", { message: errorText(err).replace(/[.।]$/, "") }), "error");
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
  announce(t("a11y.welcome_back"));
  if (st.view.phase === "game_over") fillGameOver(st.view, st.view.last_hand);
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
