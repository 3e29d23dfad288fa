// Painting the felt from the state (web/table/render.js calls these in turn): each
// place of the table given its seat (drawn from the viewer: web/table/places.js), the
// seats (names, roles, marks, card backs, the last call's bubble), the scores and the
// tricks of this hand, the contract, the trump badge with the hand's calls, and the
// trick. Changes nothing but the DOM it paints; keeps only memos of what it painted.

import { parseAction } from "../shared/actions.js";
import { spokenCard, suitIcon } from "../shared/cards.js";
import {
  actorName,
  beforeYou,
  bidderName,
  callLabel,
  callWord,
  capitalise,
  compassName,
  seatName,
  suitName,
  teamName,
  teamWords,
  youPartner,
  youTeam,
} from "../shared/i18n-terms.js";
import { formatNumber, formatSigned, t } from "../shared/i18n.js";
import { replayAnimation } from "./animation.js";
import { escapeHTML } from "../shared/html.js";
import { $, $$, setData, setHidden, setHTML, setText } from "./dom.js";
import { actionSentence } from "./narration.js";
import { cardEl } from "./card-markup.js";
import { drawFrom, seatAt } from "./places.js";

// what was last painted, as keys of what it showed
const painted = { trick: "", calls: "", trump: null, from: 0 };

function lastCalls(view) {
  const calls = {};
  for (const { seat, call } of view.auction) calls[seat] = call;
  return calls;
}

/** Give each place of the table its seat, drawn from `viewer` (web/table/places.js):
 * the seats' sections and the trick's slots keep their places and take the seat's
 * number, so what finds a seat by its number finds it where it is drawn. */
export function renderPlaces(viewer) {
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

export function renderSeats(view, game) {
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

/** The score boxes' teams, the player's ("us") first, by their names (before a game
 * is dealt too: the names come from the seat the table is drawn from). */
export function renderTeams() {
  const us = youTeam();
  for (const [i, box] of $$(".scores .score").entries()) {
    const team = i === 0 ? us : 1 - us;
    setData(box, "team", String(team));
    setData($("strong", box), "scoreTeam", String(team));
    setText($(".team-name", box), teamName(team));
  }
}

/** The scores, the player's team ("us") first, and the tricks of this hand (the
 * teams' names: renderTeams, which render() calls first). */
export function renderScores(view) {
  const us = youTeam();
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

export function renderContract(view, state) {
  const bid = $("#contract-bid");
  const trump = $("#contract-trump");
  if (view.maker != null) {
    const parts = [t("table.contract.value", { bid: callWord(view.bid_call), seat: bidderName(view, view.maker) })];
    if (view.forced) parts.push(t("table.contract.forced"));
    if (view.multiplier > 1) parts.push(t("table.contract.stake", { n: view.multiplier }));
    setText(bid, parts.join(" · "));
  } else if (view.high_bid != null) {
    setText(bid, t("table.contract.so_far", { bid: callWord(view.high_bid), seat: bidderName(view, view.high_bidder) }));
  } else {
    setText(bid, "—");
  }
  // the rule set in force, by the name the settings give it (a phone shows it under the
  // Rules tool in the tools' menu as well)
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
export function renderTrump(state) {
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
  // (each with whether a computer player made it in a guest's seat before the guest took it)
  const calls = v.hand_actions
    .map(({ seat, action }, i) => ({ seat, action, before: beforeYou(seat, v.hand_number, i) }))
    .filter(({ action }) => ["trump", "discard", "alone"].includes(parseAction(action).kind));
  const key = JSON.stringify([calls, state.language]);
  if (painted.calls === key) return;
  painted.calls = key;
  const roles = game.card_roles;
  const text = calls.map(({ seat, action, before }) => actionSentence({ seat, action, card_roles: roles, before }, v)).join(" ");
  setText($("#calls"), text); // in full at every size (styles.css)
}

/** The trick area: the trick being shown (state.trick), else the view's own. */
export function renderTrick(state) {
  const shown = state.trick ?? { cards: state.game.view.trick, roles: state.game.card_roles, winner: null };
  const four = state.settings.fourColour;
  // repaint only when something changed: a repaint would cut a card's flight short
  const key = JSON.stringify([shown.cards, shown.roles, four, state.language, painted.from]);
  if (painted.trick !== key) {
    painted.trick = key;
    for (const slot of $$(".slot")) slot.innerHTML = "";
    // (a card a computer player played in a guest's seat before the guest took it: by
    // the seat's compass name; a guest's page shows the view's own trick, the last
    // cards of its hand_actions)
    const v = state.game.view;
    const first = (v.hand_actions?.length ?? 0) - shown.cards.length;
    for (const [i, { seat, card }] of shown.cards.entries()) {
      const label = t("table.trick_card", { seat: actorName(seat, v.hand_number, first + i), card: spokenCard(card, shown.roles) });
      $(`.slot[data-slot="${seat}"]`).innerHTML = cardEl(card, four, label);
    }
  }
  for (const slot of $$(".slot")) slot.classList.toggle("winner", Number(slot.dataset.slot) === shown.winner);
}
