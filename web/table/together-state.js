// The LAN table's seats as the host's page keeps them (the Together dialog's modules:
// together-dialog.js and its parts read them here): each guest seat's state, the
// table's host once made, the camera scan under way and its panel; a seat's
// connections closed (`release`), the seats waiting for a reply, whether a guest is
// seated, the computer player's level for a seat.

import { BOT_LEVELS } from "./settings.js";
import { state } from "./state.js";

export const GUEST_SEATS = [1, 2, 3];

/** Each guest seat: `{status: "bot"|"waiting"|"seated"|"away", link, channel, peer, invitation, error,
 * notSecret}` (`channel` and `peer`: the seated guest's connection, the only one heard for the
 * seat; `notSecret`: an invitation was refused, the deal's seed being known: the fresh deal is
 * offered). */
export const seats = new Map(GUEST_SEATS.map((seat) => [seat, { status: "bot" }]));

/** The table's host (web/together/protocol.js's TableHost), made when first needed
 * (together-dialog.js's tableHost); null until then. */
export let host = null;

/** Keep the table's host, once made. */
export function keepHost(made) {
  host = made;
}

/** The scan under way: `{seat, controller}`; its panel (the picture, what it sees, Cancel). */
export let scanning = null;
export let panel = null;

/** The scan under way changed (together-camera.js): begun, or over. */
export function setScanning(scan) {
  scanning = scan;
}

/** The scan's panel, made on the first scan (together-camera.js). */
export function setPanel(made) {
  panel = made;
}

/** Whether any guest is seated now. */
export function guestsSeated() {
  return [...seats.values()].some((s) => s.status === "seated");
}

/** The computer player's level for a seat: the settings' choice, or the middle level. */
export function botLevel(seat) {
  const chosen = state.settings?.levels?.[seat];
  return BOT_LEVELS.includes(chosen) ? chosen : BOT_LEVELS[Math.floor(BOT_LEVELS.length / 2)];
}

/** Close a seat's connections (its guest's, its invitation's): nothing of them is
 * heard any more, and the next person invited there is the only one. */
export function release(s) {
  const { peer } = s;
  s.channel = null;
  s.peer = null;
  peer?.close();
  s.invitation?.peer.close();
  s.invitation = null;
}

/** The seats whose invitation waits for its guest's reply. */
export function waitingSeats() {
  return GUEST_SEATS.filter((seat) => seats.get(seat).status === "waiting");
}
