// Embed mode "legal": "which cards may I play?" A position from a seeded deal (the
// attribute seed; or trump, lead and hand as the trick exercise takes them): trump
// named, a card led, the reader's hand. The reader marks every card they think may
// be played and asks; the engine's "legal" op says which cards may be played and
// why, each reason as a code put into words here. "Another position" asks for the
// next seed's. Only the card led and the reader's own cards are ever shown.

import { t } from "../shared/i18n.js";
import { cardList, cardName, suitName } from "../shared/i18n-terms.js";
import { capital, cardFace, cardWord, el, reasonWords } from "../shared/words.js";

/** Why a card may (or may not) be played, in words (the op's reason_code). */
export function playReasonWords(option) {
  const p = option.reason_params ?? {};
  if (option.reason_code === "must_follow") return reasonWords(option);
  if (option.reason_code === "void") return t("reason.void", { suit: suitName(p.suit) });
  let text = t("reason.follows", { suit: suitName(p.suit) });
  for (const card of p.trump_cards ?? []) {
    text += ` ${t("reason.counts_as_trump", { card: cardWord(card), suit: suitName(p.trump) })}`;
  }
  return text;
}

function position(attrs, seed) {
  if (seed !== null) return { seed };
  return { trump: attrs.trump ?? "", lead: attrs.lead ?? "", hand: attrs.hand ?? "" };
}

function draw(box, answer, onAnother) {
  const chosen = new Set();
  const setup = el(
    "p",
    { className: "setup" },
    t("embed.trick.setup", { trump: suitName(answer.trump), led: suitName(answer.led_suit) }),
  );
  const led = el("li", { className: "trick-card" }, cardFace(answer.lead), el("span", { className: "note" }, t("embed.trick.led")));
  led.dataset.card = answer.lead;
  const trick = el("ol", { className: "trick" }, led);
  trick.setAttribute("aria-label", t("embed.trick.so_far"));
  const hand = el("div", { className: "hand", role: "group" });
  hand.setAttribute("aria-label", t("embed.legal.hand"));
  const feedback = el("div", { className: "feedback" });
  feedback.setAttribute("aria-live", "polite");
  feedback.dataset.verdict = "";
  const ask = el("button", { type: "button", className: "check" }, t("embed.legal.check"));
  const another = el("button", { type: "button", className: "another", hidden: !onAnother }, t("embed.legal.another"));
  for (const option of answer.options) {
    const button = el("button", { type: "button", className: "hand-card" }, cardFace(option.card));
    button.dataset.card = option.card;
    button.setAttribute("aria-label", capital(cardName(option.card)));
    button.setAttribute("aria-pressed", "false");
    button.addEventListener("click", () => {
      if (chosen.has(option.card)) chosen.delete(option.card);
      else chosen.add(option.card);
      button.setAttribute("aria-pressed", String(chosen.has(option.card)));
      for (const b of hand.querySelectorAll(".hand-card")) b.removeAttribute("data-mark");
      feedback.replaceChildren();
      feedback.dataset.verdict = "";
    });
    hand.append(button);
  }
  ask.addEventListener("click", () => {
    const right = answer.options.every((o) => o.legal === chosen.has(o.card));
    const lines = [
      el("p", { className: `verdict ${right ? "good" : "bad"}` }, el("strong", {}, t(right ? "embed.legal.right" : "embed.legal.wrong"))),
      el("p", {}, t("embed.legal.answer", { cards: cardList(answer.legal) })),
    ];
    const list = el("ul", { className: "reasons" });
    for (const option of answer.options) {
      const mine = chosen.has(option.card) === option.legal;
      const verdict = t(option.legal ? "embed.trick.legal" : "embed.trick.illegal", { card: cardWord(option.card) });
      const item = el(
        "li",
        { className: option.legal ? "legal" : "illegal" },
        el("span", { className: mine ? "mark good" : "mark bad" }, mine ? "✓ " : "✗ "),
        el("span", { className: "visually-hidden" }, `${t(mine ? "embed.legal.you_right" : "embed.legal.you_wrong")} `),
        `${verdict} ${playReasonWords(option)}`,
      );
      item.dataset.card = option.card;
      item.dataset.legal = String(option.legal);
      list.append(item);
      hand.querySelector(`[data-card="${option.card}"]`).dataset.mark = mine ? "right" : "wrong";
    }
    lines.push(list);
    feedback.replaceChildren(...lines);
    feedback.dataset.verdict = right ? "right" : "wrong";
  });
  another.addEventListener("click", onAnother ?? (() => {}));
  box.replaceChildren(
    el("h2", { className: "embed-title", id: "legal-title" }, t("embed.legal.heading")),
    setup,
    el("h3", {}, t("embed.trick.so_far")),
    trick,
    el("h3", {}, t("embed.legal.hand")),
    hand,
    el("p", { className: "legal-actions" }, ask, " ", another),
    feedback,
  );
  box.dataset.trump = answer.trump;
  box.dataset.lead = answer.lead;
}

export async function render(engine, attrs) {
  let seed = attrs.seed !== undefined && attrs.seed !== "" ? attrs.seed : null;
  const first = await engine.call("legal", position(attrs, seed));
  const box = el("section", { className: "mode-legal" });
  box.setAttribute("aria-labelledby", "legal-title");
  const another = async () => {
    seed = String(BigInt(seed) + 1n);
    draw(box, await engine.call("legal", { seed }), another);
    box.dataset.seed = seed;
    box.querySelector(".hand-card")?.focus();
  };
  draw(box, first, seed === null ? null : another);
  if (seed !== null) box.dataset.seed = seed;
  return box;
}
