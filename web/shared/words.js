// The words of cards, reasons and errors as DOM and text: the embeds' frame and modes
// (web/embed/) and the game's review (web/table/review.js, with replay-words.js). Every text comes from the catalogue of the
// frame's language (web/shared/i18n.js, set by frame.js before a mode draws);
// the engine's explanations come as codes (docs/api.md "Reasons as codes").
// Card notation (10♥, J♦) stays left to right inside right-to-left text.

import { hasKey, ltrRun, t } from "./i18n.js";
import { cardCode, cardList, cardName, suitName } from "./i18n-terms.js";

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

/** Text kept left to right inside a sentence of the current language (an
 * isolate: "10♥" would otherwise show as "♥10" inside Arabic): the page's helper. */
export const ltr = ltrRun;

/** A card as written in sentences: "10♥", "J♦", the Joker by name (the page's helper). */
export const cardWord = cardCode;

/** A card face (<hp-card>) named in words of the current language ("ولد كُبّة");
 * no code: the back. */
export function cardFace(code, label = null) {
  if (!code) {
    const back = el("span", { className: "card-back" });
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", t("card.back"));
    return back;
  }
  const face = document.createElement("hp-card");
  face.setAttribute("label", label ?? capital(cardName(code)));
  face.setAttribute("code", code);
  return face;
}

/** Upper-case the first letter (for a translated word opening a line). */
export function capital(text) {
  return text ? text.charAt(0).toLocaleUpperCase(document.documentElement.lang || "en") + text.slice(1) : text;
}

/** Why a card may not be played (the trick op's `reason_code` must_follow). */
export function reasonWords(option) {
  const params = option.reason_params ?? {};
  if (option.reason_code !== "must_follow") return option.reason;
  let text = t("reason.must_follow", {
    suit: suitName(params.suit),
    cards: cardList(params.cards ?? []),
  });
  for (const card of params.trump_cards ?? []) {
    text += ` ${t("reason.counts_as_trump", { card: cardWord(card), suit: suitName(params.trump) })}`;
  }
  return text;
}

/** Why the trick's winner wins (`why_code`, `why_params`). */
export function whyWords(option) {
  const code = option.why_code;
  const p = option.why_params ?? {};
  if (!code || !hasKey(`why.${code}`)) return option.why;
  const words = {
    card: cardWord(p.card),
    trump: suitName(p.trump),
    suit: p.suit ? suitName(p.suit) : "",
    colour: p.colour ? suitName(p.colour) : "",
  };
  let text = t(`why.${code}`, words);
  if (p.role) text += ` ${t(`why.role.${p.role}`, words)}`;
  return text;
}

/** The ranking's one-line explanation (`explanation_code` ranking). */
export function explanationWords(answer) {
  const p = answer.explanation_params;
  if (answer.explanation_code !== "ranking" || !p) return answer.explanation;
  return t("explain.ranking", {
    trump: suitName(p.trump),
    right: cardWord(p.right),
    left: cardWord(p.left),
    colour: suitName(p.colour),
  });
}

/** What to show for an error of the engine or of an attribute. */
export function errorWords(error) {
  const code = error?.reason_code;
  if (code && hasKey(`attr.${code}`)) {
    const p = error.reason_params ?? {};
    const params = {};
    for (const [key, value] of Object.entries(p)) {
      if (key === "card") params.card = cardWord(value);
      else if (key === "name" || key === "value" || key === "detail") params[key] = ltr(String(value));
      else params[key] = value; // numbers: formatted by t(); `count` picks the plural
    }
    return t(`attr.${code}`, params);
  }
  if (error?.code === "bad_request") return t("embed.invalid", { detail: ltr(error.message) });
  return error?.message ?? String(error);
}
