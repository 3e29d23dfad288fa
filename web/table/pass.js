// Pass-and-play: two to four people at one device (the settings make a seat a
// person), the rest computer players. The engine's answers carry the view of
// one seat (`game.seat`): the person to act, or while the computer players
// move, the person who decided last (engine/hasenpfeffer/api/sessions.py), so
// the page never holds the cards of a seat before its turn.
//
// When the seat of the answer is not the one whose person has the device
// (`state.viewer`, set when that person confirms), the table is covered by the
// pass screen: a modal dialog naming the seat, over an opaque backdrop, with
// the hand and the choices left unpainted (render.js paints `covered(game)`).
// It stays until the named person presses its button. The live region's log is
// emptied as it opens (it may name the last person's cards). A finished hand on show
// (`handOver`) is the previous person's own view: the summary comes first, the
// pass screen after it. The table is drawn from the viewer's seat (places.js):
// their hand at the bottom, labelled "You". Undo takes back only the viewer's own last decision
// (the engine refuses another person's: `not_your_decision`), so a decision
// stands once the device has been passed on.

import { t } from "../shared/i18n.js";
import { compassName, setYouSeat } from "../shared/i18n-terms.js";
import { $, handEl } from "./dom.js";
import { HUMAN } from "./settings.js";
import { flush, state, update } from "./state.js";

const dialog = $("#pass-dialog");

/** How many seats of the game are people at this device (a LAN table's guests,
 * the engine's `remote` seats, play at theirs). */
export function people(game) {
  const remote = game?.remote ?? [];
  return game ? game.levels.filter((level, seat) => level === HUMAN && !remote.includes(seat)).length : 0;
}

/** The seat the device must be passed to before the table can be shown, or null. */
export function passTo(st) {
  const game = st.game;
  if (!game || st.handOver || people(game) < 2) return null;
  return game.seat === st.viewer ? null : game.seat;
}

/** A seat by its compass name (the table calls the viewer's seat "You": with
 * several people at the device, the pass screen and the prompt name every seat). */
export const compass = compassName;

/** The prompt, with several people at the device: led by the name of the seat in turn. */
export function promptOf(st, text) {
  const game = st.game;
  if (!text || st.handOver || people(game) < 2 || !game.human_to_move || passTo(st) !== null) return text;
  return t("pass.prompt", { seat: compass(game.seat), prompt: text });
}

/** The engine state as painted behind the pass screen: no hand, no choices, no open cards. */
export function covered(game) {
  return { ...game, cards: [], options: [], human_to_move: false, open: null, view: { ...game.view, hand: [] } };
}

/** The pass screen opened or closed and its words, from the state (render.js). */
export function paintPass(st) {
  // with several people the hand is named after its seat (the table calls South "You")
  const label = people(st.game) > 1 ? t("pass.hand", { seat: compass(st.game.seat) }) : t("table.hand_label");
  if (handEl.getAttribute("aria-label") !== label) handEl.setAttribute("aria-label", label);
  const seat = passTo(st);
  document.documentElement.classList.toggle("passing", seat !== null);
  if (seat === null) {
    if (dialog.open) dialog.close();
    return;
  }
  const name = compass(seat);
  const title = t("pass.title", { seat: name });
  const titleEl = $("#pass-title", dialog);
  if (titleEl.textContent !== title) {
    titleEl.textContent = title;
    $("#pass-text", dialog).textContent = t("pass.text", { seat: name });
    $("#pass-ready", dialog).textContent = t("pass.ready", { seat: name });
  }
  dialog.dataset.seat = String(seat);
  if (!dialog.open) {
    // the live region's log may hold the last person's own words (their discard,
    // a hint naming a card of their hand): gone before the next person comes
    $("#announcements").replaceChildren();
    dialog.showModal();
    $("#pass-ready", dialog).focus();
  }
}

/** The person named has the device: the table is shown from their seat. */
function ready() {
  const seat = Number(dialog.dataset.seat);
  if (state.game?.seat !== seat) return;
  // the table is drawn from this seat (web/table/places.js), "you" in the sentences
  setYouSeat(seat);
  update({ viewer: seat, hint: null });
  flush();
  onShown();
}

let onShown = () => {};

/** Wire the pass screen's button; `shown` runs once a person has the table (the focus). */
export function installPass(shown) {
  onShown = shown;
  $("#pass-ready", dialog).addEventListener("click", ready);
  // Escape does not uncover the table: only the named person's button does
  dialog.addEventListener("cancel", (e) => e.preventDefault());
}
