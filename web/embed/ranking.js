// Embed mode "ranking": the 25 cards from strongest to weakest for a trump,
// as the engine orders them, with the Joker and both bowers marked. The
// reader may switch trump (the attribute sets the first one).

import { suitIcon } from "../shared/cards.js";
import { t } from "../shared/i18n.js";
import { cardName, suitName } from "../shared/i18n-terms.js";
import { NAMED_ROLES, roleName } from "../shared/roles.js";
import VOCABULARY from "../shared/vocabulary.js";
import { capital, cardFace, el, explanationWords } from "../shared/words.js";

function cardItem(entry, place) {
  // a badge for the named cards at the top of the trumps (highest trump, bowers)
  const role = NAMED_ROLES.includes(entry.role) ? roleName(entry.role) : null;
  const name = capital(cardName(entry.card));
  const label = role
    ? t("embed.ranking.place_role", { n: place, card: name, role })
    : t("embed.ranking.place", { n: place, card: name });
  const li = el("li", { className: `rank-card role-${entry.role}` }, cardFace(entry.card));
  li.dataset.card = entry.card;
  li.dataset.role = entry.role;
  li.setAttribute("aria-label", label);
  if (role) li.append(el("span", { className: "badge" }, role));
  return li;
}

function draw(box, answer, onTrump) {
  const heading = el(
    "h2",
    { className: "embed-title", id: "ranking-title" },
    t("embed.ranking.heading", { suit: suitName(answer.trump) }),
  );
  const switcher = el("div", { className: "suit-switch", role: "group" });
  switcher.setAttribute("aria-label", t("embed.ranking.switch"));
  for (const suit of VOCABULARY.suits) {
    const button = el("button", { type: "button", className: "suit-button" });
    button.innerHTML = suitIcon(suit, false, 18);
    button.append(el("span", { className: "visually-hidden" }, t("embed.ranking.suit_button", { suit: suitName(suit) })));
    button.dataset.suit = suit;
    button.setAttribute("aria-pressed", String(suit === answer.trump));
    button.addEventListener("click", () => onTrump(suit));
    switcher.append(button);
  }
  const explain = el("p", { className: "explain" }, explanationWords(answer));
  const groups = el("div", { className: "rank-groups" });
  let place = 0;
  const bySuit = new Map();
  for (const entry of answer.cards) {
    if (!bySuit.has(entry.suit)) bySuit.set(entry.suit, []);
    bySuit.get(entry.suit).push(entry);
  }
  for (const [suit, entries] of bySuit) {
    const title = suit === answer.trump ? t("embed.ranking.trumps") : capital(suitName(suit));
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
