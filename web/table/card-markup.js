// The markup of cards on the table (and the last finished trick, for the toolbar's
// button): what the first deal paints needs this, not the dialogs' markup
// (dialog-markup.js, loaded when a dialog is first shown: dialogs.js).

import { escapeHTML } from "../shared/html.js";

/** A card's element (web/shared/cards.js draws its face): every value escaped,
 * a card's code too (a LAN table's guest draws what a host sent). */
export function cardEl(code, four, label = "") {
  const named = label ? ` label="${escapeHTML(label)}"` : "";
  return `<hp-card code="${escapeHTML(code)}"${four ? " four-colour" : ""}${named}></hp-card>`;
}

/** The last finished trick: of this hand, else of the hand before. */
export function lastTrick(view) {
  if (view.tricks.length) return view.tricks[view.tricks.length - 1];
  const tricks = view.last_hand?.tricks;
  return tricks && tricks.length ? tricks[tricks.length - 1] : null;
}
