// Open hands (practice): the player's setting (settings.js `openHands`) and when a
// game may have it. The engine shows every card (its state's `open`) and explains
// "Why?" in full while open hands are on; the page asks for them on new_game and load
// and turns them on or off with set_open_hands (game-flow.js applyOpenHands).
//
// The page allows them only to one person alone at this device: with several people
// passing the device (pass-and-play) each would see the others' cards, and guests at
// other devices are refused by the engine as well (open_hands_guests). The deal of the
// day refuses them until its first hand is over (open_hands_daily): the setting is
// kept, and applied when that hand ends.

import { spokenCard } from "../shared/cards.js";
import { t } from "../shared/i18n.js";
import { seatName } from "../shared/i18n-terms.js";
import { cardEl } from "./card-markup.js";
import { setHidden, setHTML } from "./dom.js";
import { HUMAN } from "./settings.js";
import { state } from "./state.js";

/** Whether a game with these levels and guests' seats (`remote`) may have open hands:
 * one person at this device, nobody at another. */
export function openAllowed(levels, remote = []) {
  return remote.length === 0 && levels.filter((level) => level === HUMAN).length === 1;
}

/** Whether the player wants open hands and a game with these levels and guests may have them. */
export function openWanted(levels, remote = []) {
  return state.settings?.openHands === true && openAllowed(levels, remote);
}

/** The marks of a game just begun (state.js `marks`): nothing used yet. */
export function freshMarks(daily = false) {
  return { openHandsUsed: false, daily };
}

// ---- painting (render.js calls paintOpenHands) ------------------------------------------

/**
 * Open hands on the table: the badge on the felt (a status line, so that screen
 * readers hear it come and go), the other seats' hands face up in their places
 * instead of their backs (each a labelled group of named cards), and the widow face
 * up in the middle while it lies there. `game`: the state painted (a finished hand's
 * on show, or the engine's); `viewer`: the seat drawn at the bottom; `on`: the
 * engine's game has open hands now.
 */
export function paintOpenHands(game, viewer, { on, four }) {
  const badge = document.querySelector("#open-badge");
  const text = on ? t("table.open_badge") : "";
  if (badge && badge.textContent !== text) badge.textContent = text;
  const open = game?.open ?? null;
  const roles = game?.card_roles ?? {};
  for (const seatEl of document.querySelectorAll(".seat")) {
    const faces = seatEl.querySelector(".open-hand");
    if (!faces) continue;
    const seat = Number(seatEl.dataset.seat);
    const cards = open && seat !== viewer ? (open.hands[seat] ?? []) : null;
    setHidden(faces, !cards);
    setHidden(seatEl.querySelector(".backs"), Boolean(cards));
    setHTML(faces, cards ? cards.map((card) => cardEl(card, four, spokenCard(card, roles))).join("") : "");
    const label = cards ? t("table.open_hand", { seat: seatName(seat) }) : "";
    if (cards && faces.getAttribute("aria-label") !== label) faces.setAttribute("aria-label", label);
  }
  const widowEl = document.querySelector(".widow-card");
  if (!widowEl) return;
  const widow = open && game.view.phase === "bidding" ? open.widow : null;
  const label = widow ? t("table.open_widow", { card: spokenCard(widow, roles) }) : "";
  setHTML(widowEl, widow ? cardEl(widow, four, label) : '<div class="card-back small"></div>');
}
