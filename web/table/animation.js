// Movement on the table: cards flying into the trick, a trick gathered to its
// winner, a bid's bubble popping, a score bumping; and the pace of it all
// (the speed setting; no movement under prefers-reduced-motion, whatever the
// speed: the pauses between moves stay). Works on the painted DOM: callers
// flush the state's pending render first (state.js).

import { $, $$ } from "./dom.js";
import { effectiveSpeed, SPEEDS } from "./settings.js";
import { state } from "./state.js";

/** Pauses and flights in ms at normal speed (the hand's last trick stays longer:
 * its winner and the final count are seen before the summary opens). */
export const DELAY = { bot: 520, play: 280, trickPause: 950, lastTrickPause: 1500, gather: 380, bidPause: 150 };

/** The speed setting as a factor of DELAY (0: instant). */
export const speedFactor = () => SPEEDS[effectiveSpeed(state.settings)]?.factor ?? 1;
const moving = () => speedFactor() > 0 && !state.reducedMotion;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait `ms` at normal speed, scaled by the speed setting. */
export const wait = (ms) => (speedFactor() === 0 ? Promise.resolve() : sleep(ms * speedFactor()));

/** Where each place is on screen, in every language (the table is a picture of the
 * seats and does not mirror right to left: the next seat clockwise on the left). */
const FROM = { south: [0, 1], west: [-1, 0], north: [0, -1], east: [1, 0] };

/** The direction of a seat's place from the trick's middle: where the table draws it
 * (render-felt.js gives each place its seat: web/table/places.js). */
export const from = (seat) => FROM[$(`.slot[data-slot="${seat}"]`)?.dataset.pos] ?? [0, 0];

/** The card a seat has just played flies from its place into the trick. */
export function flyIn(seat) {
  const card = $(`.slot[data-slot="${seat}"]`)?.firstElementChild;
  if (!card || !moving()) return Promise.resolve();
  const [dx, dy] = from(seat);
  // Distances in % of the card's own size: no layout has to be read (a forced
  // synchronous layout here was the page's longest main-thread task).
  return card
    .animate(
      [
        { transform: `translate(${dx * 140}%, ${dy * 140}%) scale(0.9)`, opacity: 0.3 },
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
      ],
      { duration: DELAY.play * speedFactor(), easing: "cubic-bezier(.2,.8,.3,1)" },
    )
    .finished.catch(() => {});
}

/** The trick's cards move off towards its winner. */
export function gather(winner) {
  if (!moving()) return Promise.resolve();
  const [dx, dy] = from(winner);
  const anims = $$(".slot hp-card").map((card) =>
    card
      .animate(
        [
          { transform: "translate(0,0) scale(1)", opacity: 1 },
          { transform: `translate(${dx * 220}%, ${dy * 160}%) scale(0.5)`, opacity: 0 },
        ],
        { duration: DELAY.gather * speedFactor(), easing: "ease-in", fill: "forwards" },
      )
      .finished.catch(() => {}),
  );
  return Promise.all(anims);
}

/** Restart a CSS animation class without reading layout (no `void el.offsetWidth`). */
export function replayAnimation(el, cls) {
  if (el.classList.contains(cls)) {
    for (const a of el.getAnimations()) {
      a.cancel();
      a.play();
    }
    return;
  }
  el.addEventListener("animationend", () => el.classList.remove(cls), { once: true });
  el.classList.add(cls);
}

/** A seat's bid bubble pops (its call has just been painted). */
export function popBubble(seat) {
  replayAnimation($(`.seat[data-seat="${seat}"] .bubble`), "pop");
}
