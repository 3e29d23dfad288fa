// Embed mode "ranking": the 25 cards from strongest to weakest for a trump,
// as the engine orders them, with the Joker and both bowers marked. The
// reader may switch trump (the attribute sets the first one).

import { cardName, suitIcon, SUIT_WORD } from "./cards.js";

const TEXT = {
  heading: (suit) => `Card ranking with ${SUIT_WORD[suit]} as trump`,
  switch: "Trump suit",
  suitButton: (suit) => `${SUIT_WORD[suit]} trump`,
  groupTrump: "Trumps",
  groupSuit: (suit) => `${SUIT_WORD[suit][0].toUpperCase()}${SUIT_WORD[suit].slice(1)}`,
  role: { joker: "Joker", right_bower: "right bower", left_bower: "left bower" },
  place: (n, card) => `${n}. ${cardName(card)}`,
};

const SUITS = ["C", "D", "H", "S"];

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function cardItem(entry, place) {
  const card = document.createElement("hp-card");
  card.setAttribute("code", entry.card);
  const li = el("li", { className: `rank-card role-${entry.role}` }, card);
  li.dataset.card = entry.card;
  li.dataset.role = entry.role;
  li.setAttribute("aria-label", TEXT.place(place, entry.card) + (TEXT.role[entry.role] ? ` (${TEXT.role[entry.role]})` : ""));
  const badge = TEXT.role[entry.role];
  if (badge) li.append(el("span", { className: "badge" }, badge));
  return li;
}

function draw(box, answer, onTrump) {
  const heading = el("h2", { className: "embed-title", id: "ranking-title" }, TEXT.heading(answer.trump));
  const switcher = el("div", { className: "suit-switch", role: "group" });
  switcher.setAttribute("aria-label", TEXT.switch);
  for (const suit of SUITS) {
    const button = el("button", { type: "button", className: "suit-button" });
    button.innerHTML = suitIcon(suit, false, 18);
    button.append(el("span", { className: "visually-hidden" }, TEXT.suitButton(suit)));
    button.dataset.suit = suit;
    button.setAttribute("aria-pressed", String(suit === answer.trump));
    button.addEventListener("click", () => onTrump(suit));
    switcher.append(button);
  }
  const explain = el("p", { className: "explain" }, answer.explanation);
  const groups = el("div", { className: "rank-groups" });
  let place = 0;
  const bySuit = new Map();
  for (const entry of answer.cards) {
    if (!bySuit.has(entry.suit)) bySuit.set(entry.suit, []);
    bySuit.get(entry.suit).push(entry);
  }
  for (const [suit, entries] of bySuit) {
    const title = suit === answer.trump ? TEXT.groupTrump : TEXT.groupSuit(suit);
    const list = el("ol", { className: "rank-list", start: place + 1 });
    for (const entry of entries) list.append(cardItem(entry, ++place));
    groups.append(el("section", { className: "rank-group" }, el("h3", {}, title), list));
  }
  box.replaceChildren(heading, switcher, explain, groups);
  box.dataset.trump = answer.trump;
}

export async function render(engine, attrs) {
  const first = await engine.call("ranking", { trump: attrs.trump ?? "H" });
  const box = el("section", { className: "mode-ranking" });
  box.setAttribute("aria-labelledby", "ranking-title");
  const onTrump = async (suit) => {
    draw(box, await engine.call("ranking", { trump: suit }), onTrump);
    box.querySelector(`[data-suit="${suit}"]`)?.focus();
  };
  draw(box, first, onTrump);
  return box;
}
