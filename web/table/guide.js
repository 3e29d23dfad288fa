// The first-game guide: a short tip at each new moment of a player's first game
// (what a bid counts, the widow, naming trump, following suit and the bowers,
// going alone, scoring), one at a time, in a row of its own between the felt and the
// prompt (a short narrow screen shows the title until the player opens the tip with
// "Read": styles.css), so it never covers a seat, a card or a label. It
// is not a dialog: the focus stays where it is, the region is announced politely,
// its buttons are in the Tab order. "Got it" puts the tip away (the next one comes
// at its own moment), "Hide tips" puts them all away; the rules dialog's "Show tips
// again" brings them back. What was shown is remembered on this device
// (localStorage); without storage the tips last for the visit. Never in an embed
// (index.html?embed=...): a page that shows the game teaches in its own words.
//
// The moments come from the engine's state (phase, who is to act, a lone player, a
// finished hand). A tip comes only at its moment and for the player's own decision
// where it speaks of one (naming trump: when you name it); a tip whose moment passes
// before "Got it" is not counted as read: it comes back at its next moment, never
// replaced unseen. No tip shows over a dialog (styles.css); the scoring tip comes in
// the hand's summary itself, with that hand's own numbers
// (its stake, from the engine's hand record). The words of the rules (scoring, a lone
// defender) are the rules dialog's catalogue texts, chosen by the rules in force.

import { callWord, seatName, teamWords, youPartner } from "../shared/i18n-terms.js";
import { formatList, formatSigned, t } from "../shared/i18n.js";
import { deviceStorage, EMBEDDED } from "../shared/page.js";
import VOCABULARY from "../shared/vocabulary.js";
import { $ } from "./dom.js";
import { focusFirstControl } from "./keyboard.js";
import { state, update } from "./state.js";

// the tricks in a hand, the engine's number (the same under every rule set): rule
// sentences take their numbers from the engine, never from a translator
const TRICKS_IN_A_HAND = VOCABULARY.rule_sets.seed.numbers.hand;

const STORAGE_KEY = "hasenpfeffer.guide.v1";
const guideEl = $("#guide");

/**
 * The tips in the order they are offered. `due(game)`: whether now is its moment
 * (a tip stays while its moment lasts, unless put away).
 */
const TIPS = [
  { id: "bid", due: ({ view }) => view.phase === "bidding" },
  // while the widow lies face down in the middle: the auction (at its end the maker takes it)
  { id: "widow", due: ({ view }) => view.phase === "bidding" },
  // it tells the maker what to name: when the player names trump
  { id: "trump", due: ({ view, human_to_move }) => view.phase === "trump" && human_to_move },
  // the player's own alone call, then the hand of a lone player: from a maker's
  // "alone" through the defenders' answer (whoever gives it: a defence comes only
  // after a lone call) to the hand's end
  {
    id: "alone",
    due: ({ view, human_to_move }) =>
      (view.phase === "alone" && human_to_move) ||
      view.phase === "defend_alone" ||
      (view.phase === "play" && (view.alone || view.lone_defender != null)),
  },
  { id: "follow", due: ({ view }) => view.phase === "play" },
  // the finished hand on show: its summary is, or is about to be, open (not at the game's end)
  { id: "scoring", due: (_game, finished) => finished },
];

/**
 * @typedef {object} Guide
 * @property {boolean} off         the player hid the tips
 * @property {string[]} seen       the tips put away with "Got it" (each is read once)
 * @property {string|null} current the tip on show
 */

/** The guide as remembered on this device; null in an embed (no tips there). */
export function loadGuide() {
  if (EMBEDDED) return null;
  const guide = { off: false, seen: [], current: null };
  try {
    const stored = JSON.parse(deviceStorage()?.getItem(STORAGE_KEY) ?? "null");
    if (stored && typeof stored === "object") {
      guide.off = stored.off === true;
      if (Array.isArray(stored.seen)) guide.seen = stored.seen.filter((id) => TIPS.some((tip) => tip.id === id));
    }
  } catch {
    /* unreadable: start afresh */
  }
  return guide;
}

function remember(guide) {
  try {
    deviceStorage()?.setItem(STORAGE_KEY, JSON.stringify({ off: guide.off, seen: guide.seen }));
  } catch {
    /* full or disabled storage: remembered for this visit only */
  }
}

/** Whether now is the tip's moment. While a finished hand is on show it is the scoring
 * tip's only: the engine has dealt the next hand behind it, but that hand's auction has
 * not begun for the player (issue 51: the widow's tip, unread, came back over the
 * finished hand, of a widow the table did not show, and held the scoring tip back). */
function isDue(tip, game, finished) {
  return (!finished || tip.id === "scoring") && tip.due(game, finished);
}

/** The guide after this state of the game (`finished`: a finished hand is on show):
 * the tip on show stays while its moment lasts; otherwise the first tip not yet read
 * whose moment it is comes up (one whose moment passed unread comes back at its next). */
export function advance(guide, game, finished = false) {
  if (!guide || guide.off || !game) return guide;
  const current = TIPS.find((tip) => tip.id === guide.current);
  if (current && isDue(current, game, finished)) return guide;
  const next = TIPS.find((tip) => !guide.seen.includes(tip.id) && isDue(tip, game, finished));
  const id = next?.id ?? null;
  if (id === guide.current) return guide;
  return { ...guide, current: id };
}

/** The guide once the player has read the tip on show ("Got it"). */
export function gotIt(guide) {
  const id = guide.current;
  return { ...guide, current: null, seen: id && !guide.seen.includes(id) ? [...guide.seen, id] : guide.seen };
}

function change(guide) {
  remember(guide);
  update({ guide });
}

/** The finished hand's own numbers: what the makers bid, took and scored, and the
 * stake that multiplied every point (the engine's record: `stake`, `stake_reasons`). */
export function handStakeText(hand) {
  if (!hand || hand.maker == null) return "";
  const team = hand.maker % 2;
  const parts = [
    t("guide.hand.result", {
      team: teamWords(team),
      bid: callWord(hand.bid_call),
      tricks: hand.tricks_won[team],
      hand: TRICKS_IN_A_HAND,
      points: formatSigned(hand.points[team]),
    }),
  ];
  if (hand.stake > 1) {
    const reasons = hand.stake_reasons.map((r) => t(r === "big_pepper" ? "call.big" : `guide.stake.${r}`));
    parts.push(t("guide.hand.stake", { stake: hand.stake, reasons: formatList(reasons) }));
  }
  return parts.join(" ");
}

/** The words of a tip: its own, and for scoring and lone play the rules in force
 * (scoring: with the finished hand's own numbers first). */
function tipText(id, rules, hand) {
  // (the bid's tip names the player's partner: North from South, East from West; and
  // the tricks in a hand)
  const parts = [t(`guide.text.${id}`, { partner: seatName(youPartner()), hand: TRICKS_IN_A_HAND })];
  if (id === "alone" && rules.lone_defender) parts.push(t("guide.text.lone_defender"));
  if (id === "scoring") {
    const own = handStakeText(hand);
    if (own) parts.push(own);
    parts.push(t("rules.scoring.made"));
    for (const key of [`rules.fail.${rules.fail_penalty}`, rules.defenders_score ? "rules.defenders.score" : "rules.defenders.none"]) {
      // (a sentence with a number of the rule set's, rules_info's words, which the
      // tip has not asked for, is left to the hand's own numbers above)
      const text = t(key);
      if (!/\{\w+\}/.test(text)) parts.push(text);
    }
    parts.push(t("rules.target", { count: rules.target }));
  }
  return parts.join(" ");
}

/** The finished hand on show and where its summary keeps the scoring tip (not at
 * the game's end: the game-over dialog says the result in its own words). */
function finishedHand(st) {
  if (!st.handOver || st.game?.view.phase === "game_over") return { finished: false, hand: null, slot: null };
  return { finished: true, hand: st.summary?.hand ?? null, slot: document.querySelector("#summary-dialog [data-guide-slot]") };
}

let painted = "";

/** After each render (boot.js wires it): when the game has reached a new moment,
 * the guide moves on (remembered, and put in the state). */
export function followGuide(state) {
  if (!guideEl) return;
  // (the same moment as the one painted: a finished hand, not at the game's end)
  const guide = advance(state.guide, state.game, finishedHand(state).finished);
  if (guide !== state.guide) queueMicrotask(() => change(guide));
}

/** Paint the tip on show (render.js calls this on every render): the guide as it is
 * after this state of the game (followGuide puts that in the state). */
export function paintGuide(state) {
  if (!guideEl) return;
  const { finished, hand, slot } = finishedHand(state);
  const guide = advance(state.guide, state.game, finished);
  const id = guide && !guide.off ? guide.current : null;
  const rules = state.game?.view.rules;
  // the scoring tip in the finished hand's dialog, every other one over the felt
  const place = id === "scoring" && slot ? slot : guideEl;
  const key = JSON.stringify([id, state.language, rules, id === "scoring" ? hand : null, place.id || place.parentElement?.id]);
  if (painted === key) return;
  painted = key;
  for (const el of [guideEl, ...document.querySelectorAll("[data-guide-slot]")]) el.replaceChildren();
  if (!id) return;
  const section = document.createElement("section");
  section.className = "guide-tip";
  section.dataset.tip = id;
  section.setAttribute("aria-labelledby", "guide-title");
  const heading = document.createElement(place === guideEl ? "h2" : "h3");
  heading.id = "guide-title";
  const kicker = document.createElement("span");
  kicker.className = "guide-kicker";
  kicker.textContent = t("guide.kicker");
  heading.append(kicker, " ", t(`guide.title.${id}`));
  const text = document.createElement("p");
  text.id = "guide-text";
  text.textContent = tipText(id, rules, hand);
  const buttons = document.createElement("div");
  buttons.className = "guide-buttons";
  // "Read": a short screen shows the tip as its title until the player opens it, over
  // the table and in the hand's summary, which has no room for both its own words and
  // a whole tip on a small phone (styles.css: the button is hidden wherever the whole
  // tip has room)
  const read = document.createElement("button");
  read.type = "button";
  read.className = "btn guide-read";
  read.setAttribute("aria-expanded", "false");
  read.setAttribute("aria-controls", "guide-text");
  read.textContent = t("guide.read");
  buttons.append(read);
  for (const [action, label, style] of [
    ["got-it", "guide.got_it", "btn primary"],
    ["hide", "guide.hide", "btn"],
  ]) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = style;
    b.dataset.guide = action;
    b.textContent = t(label);
    buttons.append(b);
  }
  section.append(heading, text, buttons);
  place.replaceChildren(section);
}

/** The tips back from the start (the rules dialog's "Show tips again"). */
export function showTipsAgain() {
  if (!state.guide) return;
  change({ off: false, seen: [], current: null });
}

/** The guide's buttons, and the rules dialog's "Show tips again" (hidden in an embed). */
export function installGuide() {
  const again = $("[data-guide-again]");
  if (EMBEDDED) {
    if (again) again.hidden = true;
    return;
  }
  again?.addEventListener("click", showTipsAgain);
  // the tip's buttons, over the felt or in the finished hand's dialog
  document.addEventListener("click", (e) => {
    const read = e.target.closest(".guide-tip .guide-read");
    if (read) {
      const open = read.getAttribute("aria-expanded") !== "true";
      read.setAttribute("aria-expanded", String(open));
      const tip = read.closest(".guide-tip");
      tip.classList.toggle("reading", open);
      // in the summary, the whole tip in view above the dialog's buttons
      if (open && tip.closest("dialog")) tip.scrollIntoView({ block: "start" });
      return;
    }
    const b = e.target.closest(".guide-tip button[data-guide]");
    if (!b || !state.guide) return;
    const tip = b.closest(".guide-tip");
    const hadFocus = tip.contains(document.activeElement);
    const dialog = tip.closest("dialog");
    if (b.dataset.guide === "hide") change({ ...state.guide, off: true, current: null });
    else change(gotIt(state.guide));
    // the tip goes: the focus goes to the dialog's first choice, or the player's
    // choices at the table (or stays off the page's body when it is not their turn)
    if (hadFocus) queueMicrotask(() => (dialog ? dialog.querySelector("[data-initial-focus]")?.focus() : focusFirstControl()));
  });
}
