// The guests at the host's table (web/table/together-dialog.js): a guest's reply
// accepted (the guest seated, its channel the only one heard for the seat; a guest the
// engine refuses told why), a seated guest gone or cut off (its seat away), a seat
// released by a game begun without it; a seat's new state said to screen readers,
// and a connection's error in words.

import { errorText, seatName } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { codeRefusedText } from "./dialog-markup.js";
import { announce } from "./narration.js";
import { notice } from "./state.js";
import { dialog, paint, statusText } from "./together-markup.js";
import { host, release, seats } from "./together-state.js";

/** A seat's new state, said to screen readers ("West: at the table"). */
export function sayStatus(seat) {
  announce(t("together.seat_status", { seat: seatName(seat), status: statusText(seat) }));
}

/** Why an invitation or a reply failed, in words (a refused code with its reason). */
export function linkError(err) {
  const code = ["bad_code", "timeout", "closed", "no_candidates"].includes(err?.code) ? err.code : "failed";
  return code === "bad_code" ? codeRefusedText(err, "together.error.bad_code") : t(`together.error.${code}`);
}

/** A seated guest gone (its connection closed or failed, or cut off by the limits):
 * its seat away, said with the catalogue's `key`. */
export function seatGone(seat, key) {
  const s = seats.get(seat);
  release(s);
  s.status = "away";
  host.leave(seat);
  notice(t(key, { seat: seatName(seat) }), "error");
  if (dialog().open) paint();
}

/** A guest's seat released by a game begun without it: its connection closed, the
 * seat a computer player's again (the engine's levels say so). */
export function seatReleased(seat) {
  const s = seats.get(seat);
  release(s);
  s.status = "bot";
  if (dialog().open) paint();
}

/** The reply of a guest (its code, or its `#reply=` link) for a waiting seat. */
export async function acceptReply(seat, text) {
  const s = seats.get(seat);
  if (!s.invitation) return;
  const code = String(text).trim().replace(/^.*#reply=/, "");
  s.error = "";
  s.scanned = "";
  let channel;
  try {
    channel = await s.invitation.accept(code);
  } catch (err) {
    s.error = linkError(err);
    s.scanned = String(text); // the reply stays in its box, to be checked or replaced
    paint();
    return;
  }
  const peer = s.invitation.peer;
  s.channel = channel;
  s.peer = peer;
  s.invitation = null;
  s.link = "";
  s.status = "seated";
  // only the seat's current channel is heard
  channel.onmessage = (e) => {
    if (s.channel === channel) host.receive(seat, e.data);
  };
  peer.onGone = () => {
    if (s.channel === channel) seatGone(seat, "together.gone");
  };
  try {
    await host.seat(seat);
  } catch (err) {
    // the engine refused the guest (the cards of this seat were seen here on this
    // deal, ...): told why (TableHost's notice), its connection closed once that notice
    // has gone, the seat as it was
    const { peer: refusedPeer } = s;
    s.channel = null;
    s.peer = null;
    refusedPeer?.closeAfterSent();
    s.status = host.remote.has(seat) ? "away" : "bot";
    s.error = errorText(err);
    paint();
    dialog().querySelector(`#together-seat-${seat}`)?.focus();
    return;
  }
  paint();
  sayStatus(seat);
}
