// Painting the player's side from the state (web/table/render.js calls these in turn):
// your hand (its trumps marked, the widow's card tagged, each card that may not be
// played with the engine's reason), your choices (bids, trumps, alone or not; New game
// once the game is over) and the note under the prompt (the hint, or why a card may
// not be played). The hand and the choices are repainted only when what they show
// changed (a repaint would drop the focus). Changes nothing but the DOM it paints.

import { isNamedBid, parseAction } from "../shared/actions.js";
import { spokenCard, suitIcon } from "../shared/cards.js";
import { callLabel, capitalise, cardCode, hintText, reasonText, suitName } from "../shared/i18n-terms.js";
import { formatNumber, t } from "../shared/i18n.js";
import { escapeHTML } from "../shared/html.js";
import { $$, actionsEl, handEl, noteEl, reasonsEl, setHidden, setText } from "./dom.js";
import { updateRoving } from "./keyboard.js";
import { hintLabel } from "./narration.js";
import { cardEl } from "./card-markup.js";

// what was last painted, as keys of what it showed
const painted = { hand: "", actions: "" };

// the mark of a trump before trump is named (only the Joker is one then)
const STAR =
  '<svg class="suit-icon" viewBox="0 0 100 100" width="13" height="13" aria-hidden="true"><path d="M50 4l13 30 33 3-25 22 8 33-29-18-29 18 8-33L4 37l33-3z" fill="#17181c"/></svg>';

export function renderHand(state) {
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

export function renderActions(state) {
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

export function renderNote(state) {
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
