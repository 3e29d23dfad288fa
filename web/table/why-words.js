// The engine's `why` answer as markup, for the Why? dialog (web/table/why.js)
// and the review's "Why?" at a computer player's decision (web/table/review.js).
//
// While the decision's hand is in progress (`full: false`) the answer holds only
// what the decision told the table (`tells`): that is all this shows, with a
// plain word that the player's cards stay hidden until the hand is over. Once
// the hand is over (`full: true`) it shows the options the player weighed too.
// Every value is escaped; no rule logic.

import { parseAction } from "../shared/actions.js";
import { actionText, capitalise, hintText, seatName, tellText } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { escapeHTML } from "../shared/html.js";

const tx = (key, params) => escapeHTML(t(key, params));

/** An action as a decision's label names it, never in the player's second person
 * (the decision is another seat's): a discard whose card is hidden ("discard"
 * alone) as discarding face down; going alone or not, as the maker's or, in the
 * `phase` defend_alone, a defender's. */
export function decisionAction(action, phase = null) {
  const { kind, arg } = parseAction(action);
  if (kind === "discard" && !arg) return t("why.discard_hidden");
  if (kind === "alone" || kind === "decline") return t(`why.action.${phase === "defend_alone" ? "defend_" : ""}${kind}`);
  return actionText(action);
}

/** "West's decision: bid 3". */
export function decisionLabel({ seat, action, phase = null }) {
  return t("why.decision", { seat: capitalise(seatName(seat)), action: decisionAction(action, phase) });
}

function tellsHTML(answer, seat, id) {
  if (!answer.tells?.length) return "";
  const items = answer.tells.map((tell) => `<li>${escapeHTML(tellText(tell, answer.seat))}</li>`).join("");
  return `<h3 id="${id}-tells">${tx("why.tells", { seat })}</h3><ul class="why-tells" aria-labelledby="${id}-tells">${items}</ul>`;
}

/** A `why` answer as markup; `id` prefixes its headings' ids (unique in the page). */
export function answerHTML(answer, id = "why") {
  const seat = capitalise(seatName(answer.seat));
  if (!answer.full) {
    // the player's cards are still hidden: what the table saw, never `suggestions`
    return `<p class="why-hidden">${tx("why.hidden", { seat })}</p>${tellsHTML(answer, seat, id)}`;
  }
  const level = t(`settings.level.${answer.level}`);
  const parts = [`<p class="why-intro">${tx("why.thinking", { seat, level })}</p>`];
  if (!answer.explained_by) {
    parts.push(`<p>${tx("why.random", { seat })}</p>`);
    parts.push(tellsHTML(answer, seat, id));
    return parts.join("");
  }
  if (answer.explained_by !== answer.level) {
    parts.push(`<p>${tx(answer.matches ? "why.easy_followed" : "why.easy_mistake", { seat })}</p>`);
  }
  const items = answer.suggestions
    .map((s, i) => {
      let mark = "";
      if (i === 0) mark = ` <strong>${tx("why.its_choice")}</strong>`;
      else if (s.action === answer.action) mark = ` <strong>${tx("why.taken")}</strong>`;
      return `<li><span class="why-option">${escapeHTML(capitalise(actionText(s.action, answer.phase)))}</span>${mark}: ${escapeHTML(hintText(s, answer.phase))}</li>`;
    })
    .join("");
  parts.push(`<h3 id="${id}-options-title">${tx("why.options", { seat })}</h3><ol class="why-options" aria-labelledby="${id}-options-title">${items}</ol>`);
  parts.push(tellsHTML(answer, seat, id));
  return parts.join("");
}
