// Embed mode "trick": "which card do you play?" The trick so far (lead and
// played cards) and the reader's hand come from the attributes; the engine
// says for each card whether it may be played (and why not) and who would
// win the trick with it (and why). Picking a card shows that verdict.

import { cardLabel, cardName, SUIT_WORD } from "./cards.js";

const TEXT = {
  heading: "Which card do you play?",
  setup: (trump, led) => `${cap(SUIT_WORD[trump])} are trump. ${cap(SUIT_WORD[led])} were led.`,
  trick: "The trick so far",
  hand: "Your hand: pick a card",
  play: (card) => `Play the ${cardName(card)}`,
  illegal: (card) => `${cardLabel(card)} may not be played here.`,
  legal: (card) => `${cardLabel(card)} may be played.`,
  youWin: "You win the trick.",
  otherWins: (card) => `${cardLabel(card)} takes the trick, not you.`,
  again: "Try another card",
  lead: "led",
  played: "played",
  yours: "your card",
};

const cap = (s) => s[0].toUpperCase() + s.slice(1);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function card(code, note) {
  const face = document.createElement("hp-card");
  face.setAttribute("code", code);
  const li = el("li", { className: "trick-card" }, face, el("span", { className: "note" }, note));
  li.dataset.card = code;
  return li;
}

export async function render(engine, attrs) {
  const answer = await engine.call("trick", {
    trump: attrs.trump ?? "",
    lead: attrs.lead ?? "",
    played: attrs.played ?? "",
    hand: attrs.hand ?? "",
  });
  const box = el("section", { className: "mode-trick" });
  box.setAttribute("aria-labelledby", "trick-title");
  const trickList = el("ol", { className: "trick" });
  trickList.setAttribute("aria-label", TEXT.trick);
  const fill = (extra) => {
    trickList.replaceChildren(
      card(answer.lead, TEXT.lead),
      ...answer.played.map((c) => card(c, TEXT.played)),
      ...(extra ? [card(extra, TEXT.yours)] : []),
    );
  };
  fill(null);
  const feedback = el("div", { className: "feedback" });
  feedback.setAttribute("aria-live", "polite");
  feedback.dataset.verdict = "";
  const again = el("button", { type: "button", className: "again", hidden: true }, TEXT.again);
  const hand = el("div", { className: "hand", role: "group" });
  hand.setAttribute("aria-label", TEXT.hand);
  const pick = (option, button) => {
    for (const b of hand.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b === button));
    const lines = [];
    if (option.legal) {
      fill(option.card);
      lines.push(el("p", { className: "verdict good" }, el("strong", {}, TEXT.legal(option.card))));
      lines.push(el("p", { className: "winner" }, option.you_win ? TEXT.youWin : TEXT.otherWins(option.winner)));
      lines.push(el("p", { className: "why" }, `${option.why}.`));
      feedback.dataset.winner = option.winner;
    } else {
      fill(null);
      lines.push(el("p", { className: "verdict bad" }, el("strong", {}, TEXT.illegal(option.card))));
      lines.push(el("p", { className: "why" }, `${cap(option.reason)}.`));
      delete feedback.dataset.winner;
    }
    feedback.dataset.verdict = option.legal ? "legal" : "illegal";
    feedback.replaceChildren(...lines);
    again.hidden = false;
  };
  for (const option of answer.options) {
    const face = document.createElement("hp-card");
    face.setAttribute("code", option.card);
    const button = el("button", { type: "button", className: "hand-card" }, face);
    button.dataset.card = option.card;
    button.setAttribute("aria-label", TEXT.play(option.card));
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => pick(option, button));
    hand.append(button);
  }
  again.addEventListener("click", () => {
    fill(null);
    feedback.replaceChildren();
    feedback.dataset.verdict = "";
    again.hidden = true;
    for (const b of hand.querySelectorAll("button")) b.setAttribute("aria-pressed", "false");
    hand.querySelector("button")?.focus();
  });
  box.append(
    el("h2", { className: "embed-title", id: "trick-title" }, TEXT.heading),
    el("p", { className: "setup" }, TEXT.setup(answer.trump, answer.led_suit)),
    el("h3", {}, TEXT.trick),
    trickList,
    el("h3", {}, TEXT.hand),
    hand,
    feedback,
    again,
  );
  return box;
}
