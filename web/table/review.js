// The hand review dialog: one finished hand of the game stepped through with
// all four hands face up (the cards never played included), each of the
// player's decisions rated by the engine's `review` (card plays with every
// card visible: the best plays and the points lost; calls by the hard
// player's own decision from the player's cards: an estimate), the hard
// player's view from what the player could see beside each, a jump to the
// costliest decision, and the whole review again as a list for screen readers.
// At each step, the computer players' decisions in it can be explained ("Why?":
// the engine's `why` at the hand's `first_step` + the action's index, asked
// when the player opens it, the full reasons since the hand is over).
//
// Both answers (`review`, then `replay` of the hand's text) are worked out in
// the engine's worker: the dialog shows that it is busy and the page stays
// responsive. Loaded the first time a review is wanted (web/table/input.js);
// painted from `state.review` by the painter it registers with dialog-shell.js
// (the markup: review-markup.js; where the decisions are: review-steps.js).

import { errorWords } from "../shared/words.js";
import { engine } from "../engine/start.js";
import { errorText } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { openDialog, registerPainter } from "./dialog-shell.js";
import { $ } from "./dom.js";
import { deviceStorage, EMBEDDED } from "../shared/page.js";
import { reviewHTML } from "./review-markup.js";
import { costliest, decisionsIn, frameOf } from "./review-steps.js";
import { flush, state, update } from "./state.js";
import { statsProblem } from "./stats-record.js";
import { on } from "./game-flow.js";
import { once } from "./once.js";

// the hands whose review went into the statistics (by their text), this game: a new
// one (the same seed's deal may come again, or the statistics were cleared) counts anew
const counted = new Set();

/** The review's losses into the statistics, once per hand: the points its
 * card plays lost with every card visible (web/table/stats.js). */
async function countReview(answer) {
  const key = answer.hpn ?? `hand ${answer.hand}`;
  if (EMBEDDED || counted.has(key)) return;
  counted.add(key);
  const stats = await import("./stats.js");
  const loss = answer.decisions.filter((d) => d.kind === "double_dummy").reduce((sum, d) => sum + d.loss, 0);
  const { problem } = stats.changeStats(deviceStorage(), (record) => stats.countReview(record, { loss }));
  statsProblem(problem);
}

/** Open the review of a finished hand of the game (`source`: its number, 1 =
 * the first; default the last one) or of a hand's text (`{hpn}`: pasted, or
 * from a lesson's link), and fill it in once the worker has it. A game with
 * no finished hand opens on the paste box alone. */
export async function openReview(source = null) {
  install();
  const dialog = $("#review-dialog");
  const hpn = typeof source === "object" && source !== null ? source.hpn : null;
  const number = typeof source === "number" ? source : null;
  // the list of finished hands comes from the last one (asked for without a number)
  const finished = number || hpn ? (state.review?.finished ?? 0) : 0;
  const none = !hpn && !state.game?.view.last_hand && !state.handOver;
  const review = {
    number,
    hpn,
    finished,
    busy: !none,
    error: "",
    pasteError: "",
    answer: null,
    frames: [],
    frame: 0,
    focus: null,
    lesson: false,
    copied: "",
    // the computer decisions' "Why?" by game step: {open, busy, error, answer}
    why: {},
  };
  update({ review });
  const closed = dialog.open ? null : openDialog(dialog);
  if (none) {
    flush();
    $("#review-paste-text").focus();
    await closed;
    return;
  }
  try {
    const answer = await engine.call("review", hpn ? { hpn } : number ? { number } : {});
    // a thrown-in hand of the game comes with its frames (the reviewer's own cards
    // only) and no text: nobody was shown the other hands
    const { frames } = answer.frames ? answer : await engine.call("replay", { hpn: answer.hpn });
    countReview(answer);
    if (state.review !== review) return; // another hand was asked for meanwhile
    const first = frames.findIndex((_, i) => decisionsIn(answer.decisions, frames, i).length);
    update({
      review: {
        ...review,
        number: answer.hand,
        finished: hpn ? finished : Math.max(finished, answer.hand),
        busy: false,
        answer,
        frames,
        frame: Math.max(0, first),
      },
    });
  } catch (err) {
    if (state.review !== review) return;
    // a pasted text the engine refused: its reason, beside the paste box
    if (hpn) update({ review: { ...review, busy: false, pasteError: errorWords(err) } });
    else update({ review: { ...review, busy: false, error: errorText(err) } });
  }
  await closed;
}

/** Open or close a decision's "Why?"; the engine is asked the first time it opens. */
async function toggleWhy(step) {
  const review = state.review;
  const entry = review.why[step] ?? {};
  const set = (change) => {
    // the same hand still on show
    if (state.review?.answer !== review.answer) return;
    update({ review: { ...state.review, focus: null, why: { ...state.review.why, [step]: { ...state.review.why[step], ...change } } } });
  };
  const asking = !entry.open && !entry.answer && !entry.busy;
  set({ open: !entry.open, ...(asking ? { busy: true, error: "" } : {}) });
  flush();
  if (!asking) return;
  try {
    set({ busy: false, answer: await engine.call("why", { step }) });
  } catch (err) {
    set({ busy: false, error: errorText(err) });
  }
}

// ---- painting --------------------------------------------------------------------------------

function paint(state) {
  const review = state.review;
  const body = $("#review-body");
  // the button that had the focus keeps it across the repaint
  const focused = document.activeElement;
  const key = body.contains(focused)
    ? ["reviewPrev", "reviewNext", "reviewJump", "reviewHand", "reviewGoto", "reviewLesson", "reviewCopy", "reviewWhy"].find((k) => k in focused.dataset)
    : null;
  const value = key ? focused.dataset[key] : null;
  let title = t("review.heading");
  if (review.hpn && review.answer) title = t("review.title_text");
  else if (review.number && !review.hpn) title = t("review.title", { n: review.number });
  $("#review-title").textContent = title;
  $("#review-paste-error").textContent = review.pasteError;
  $("#review-paste-error").hidden = !review.pasteError;
  body.setAttribute("aria-busy", String(review.busy));
  body.innerHTML = reviewHTML(review, state.settings.fourColour);
  if (review.focus !== null && !review.busy) {
    const target = $(`#review-decision-${review.focus}`);
    if (target) {
      target.scrollIntoView({ block: "nearest" });
      target.focus();
      return;
    }
  }
  if (key) {
    const attr = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const again = body.querySelector(value ? `[data-${attr}="${value}"]` : `[data-${attr}]`);
    if (again && !again.disabled) again.focus();
    else body.querySelector("[data-review-prev]:not([disabled]), [data-review-next]:not([disabled])")?.focus();
  }
}

function show(frame, focus = null) {
  update({ review: { ...state.review, frame, focus } });
}

function onReviewClick(e) {
  const b = e.target.closest("button");
  const review = state.review;
  if (!b || b.disabled || !review) return;
  if ("reviewHand" in b.dataset) {
    openReview(Number(b.dataset.reviewHand));
    flush();
    return;
  }
  if (!review.answer) return;
  if ("reviewLesson" in b.dataset) {
    update({ review: { ...review, lesson: !review.lesson, copied: "" } });
    flush();
    return;
  }
  if ("reviewCopy" in b.dataset) {
    copyField(b.dataset.reviewCopy);
    return;
  }
  if ("reviewWhy" in b.dataset) {
    toggleWhy(Number(b.dataset.reviewWhy));
    return;
  }
  const { decisions } = review.answer;
  if ("reviewPrev" in b.dataset) show(Math.max(0, review.frame - 1));
  else if ("reviewNext" in b.dataset) show(Math.min(review.frames.length - 1, review.frame + 1));
  else if ("reviewJump" in b.dataset || "reviewGoto" in b.dataset) {
    const d = "reviewJump" in b.dataset ? costliest(decisions) : decisions[Number(b.dataset.reviewGoto)];
    if (d) show(frameOf(d, review.frames), decisions.indexOf(d));
  }
  flush(); // what the player did is painted in the same task
}

/** Copy a field of the lesson (the clipboard; where the browser refuses, the
 * text is selected for the player to copy). */
async function copyField(id) {
  const field = $(`#${id}`);
  try {
    await navigator.clipboard.writeText(field.value);
    update({ review: { ...state.review, copied: id } });
  } catch {
    field.focus();
    field.select();
  }
}

// "Review a hand from text": the pasted text reviewed (its errors beside it)
function onPasteSubmit(e) {
  e.preventDefault();
  const text = $("#review-paste-text").value;
  if (!text.trim()) {
    update({ review: { ...state.review, pasteError: t("review.paste_empty") } });
    flush();
    return;
  }
  openReview({ hpn: text });
  flush();
}

/** What this module adds to the page (its painters and listeners), on its first use:
 * importing the module does nothing. */
const install = once(() => {
  on("newGame", () => counted.clear());
  registerPainter("review", paint);
  $("#review-body").addEventListener("click", onReviewClick);
  $("#review-paste").addEventListener("submit", onPasteSubmit);
});
