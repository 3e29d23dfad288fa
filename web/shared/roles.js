// Card roles: what the engine says a card is under the trump in force
// (`card_roles` of its states and events, `role` of a ranking entry and of a
// trick's `why_params`). One name per role for the page and the embeds: the
// catalogue key `card.role.<role>`, for each role of the vocabulary's
// `card_roles` (highest trump, right bower, left bower, trump; from the highest);
// a card named with its role is `card.spoken.<role>` (spokenCard in cards.js).

import { t } from "./i18n.js";
import VOCABULARY from "./vocabulary.js";

/** The engine's card roles, from the highest. */
export const CARD_ROLES = Object.freeze([...VOCABULARY.card_roles]);

/** The roles of single named cards (every role but the last, the plain trump):
 * the ranking embed marks them with a badge. */
export const NAMED_ROLES = Object.freeze(CARD_ROLES.slice(0, -1));

/** A role in words in the current language ("left bower"), or null for a card
 * without one of the engine's roles. */
export function roleName(role) {
  return CARD_ROLES.includes(role) ? t(`card.role.${role}`) : null;
}
