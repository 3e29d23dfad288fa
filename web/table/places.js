// The table drawn from the seat of whoever holds the device (issue 21): that
// seat at the bottom, the next seat clockwise on the left, its partner at the
// top, the last on the right, in every language (the table is a picture of the
// seats and does not mirror right to left). Whose seat: South's in the
// one-player game; a LAN table guest's own (guest.js); in pass-and-play, the
// seat of the person who has the device (`state.viewer`, pass.js).
//
// The rotation is geometry and words only: the markup has four places (the
// seats' `data-pos`, the trick's slots' `data-pos`), and render-felt.js gives each
// place its seat (`data-seat`, `data-slot`), so everything that finds a seat by
// its number (bubbles, marks, flights) finds it where it is drawn.

import { setYouSeat } from "../shared/i18n-terms.js";
import { people } from "./pass.js";

/** The places, by their distance clockwise from the bottom. */
export const PLACES = ["south", "west", "north", "east"];

/** The seat the table is drawn from: the viewer's on a guest's page and in
 * pass-and-play (once a person has the device), else South. */
export function tableSeat(st) {
  const game = st.game;
  if (st.viewer == null || !game) return 0;
  // a guest's view is its own seat's; pass-and-play has two people or more at the device
  return game.seat === st.viewer || people(game) > 1 ? st.viewer : 0;
}

/** The seat drawn at `place` when the table is drawn from `viewer`. */
export function seatAt(place, viewer) {
  return (PLACES.indexOf(place) + viewer) % 4;
}

/** The seat the table is drawn from now (render-felt.js sets it as it paints). */
let drawnFrom = 0;

/** Draw the table from `viewer`: the sentences' "you" is that seat too. */
export function drawFrom(viewer) {
  drawnFrom = viewer;
  setYouSeat(viewer);
}

/** The seat the table is drawn from now. */
export function drawnSeat() {
  return drawnFrom;
}
