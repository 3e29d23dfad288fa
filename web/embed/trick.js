// Embed mode "trick": "which card do you play?" The trick so far (lead and
// played cards) and the reader's hand come from the attributes; the engine
// says for each card whether it may be played (and why not) and who would
// win the trick with it (and why), as codes the catalogue puts into words.
// Picking a card shows that verdict.

import { cardFace, cardWord, el, reasonWords, whyWords } from "../shared/words.js";
import { t } from "../shared/i18n.js";
import { cardName, suitName } from "../shared/i18n-terms.js";

function card(code, note) {
  const li = el("li", { className: "trick-card" }, cardFace(code), el("span", { className: "note" }, note));
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
  trickList.setAttribute("aria-label", t("embed.trick.so_far"));
  const fill = (extra) => {
    trickList.replaceChildren(
      card(answer.lead, t("embed.trick.led")),
      ...answer.played.map((c) => card(c, t("embed.trick.played"))),
      ...(extra ? [card(extra, t("embed.trick.yours"))] : []),
    );
  };
  fill(null);
  const feedback = el("div", { className: "feedback" });
  feedback.setAttribute("aria-live", "polite");
  feedback.dataset.verdict = "";
  const again = el("button", { type: "button", className: "again", hidden: true }, t("embed.trick.again"));
  const hand = el("div", { className: "hand", role: "group" });
  hand.setAttribute("aria-label", t("embed.trick.hand"));
  const pick = (option, button) => {
    for (const b of hand.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b === button));
    const lines = [];
    const name = cardWord(option.card);
    if (option.legal) {
      fill(option.card);
      lines.push(el("p", { className: "verdict good" }, el("strong", {}, t("embed.trick.legal", { card: name }))));
      const winner = option.you_win
        ? t("embed.trick.you_win")
        : t("embed.trick.other_wins", { card: cardWord(option.winner) });
      lines.push(el("p", { className: "winner" }, winner));
      lines.push(el("p", { className: "why" }, whyWords(option)));
      feedback.dataset.winner = option.winner;
    } else {
      fill(null);
      lines.push(el("p", { className: "verdict bad" }, el("strong", {}, t("embed.trick.illegal", { card: name }))));
      lines.push(el("p", { className: "why" }, reasonWords(option)));
      delete feedback.dataset.winner;
    }
    feedback.dataset.verdict = option.legal ? "legal" : "illegal";
    feedback.replaceChildren(...lines);
    again.hidden = false;
  };
  for (const option of answer.options) {
    const button = el("button", { type: "button", className: "hand-card" }, cardFace(option.card));
    button.dataset.card = option.card;
    button.setAttribute("aria-label", t("embed.trick.play", { card: cardName(option.card) }));
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
    el("h2", { className: "embed-title", id: "trick-title" }, t("embed.trick.heading")),
    el("p", { className: "setup" }, t("embed.trick.setup", { trump: suitName(answer.trump), led: suitName(answer.led_suit) })),
    el("h3", {}, t("embed.trick.so_far")),
    trickList,
    el("h3", {}, t("embed.trick.hand")),
    hand,
    feedback,
    again,
  );
  return box;
}
