// "Why did it do that?": for a computer player's decision — in the hand in
// progress its calls (a discard too), the last trick and the trick on the
// table; or, from the hand summary or the game-over dialog (and from the
// toolbar once the game is over), every decision of the hand just finished —
// the engine's `why` answer in words (web/table/why-words.js). While the
// decision's hand is in progress the answer is public: what the decision told
// the table, the player's cards staying hidden until the hand is over; then it
// is the full explanation, the options that player weighed from its own cards,
// and the list names the maker's discard, which the rules reveal then.
//
// Loaded the first time it is wanted (the Why? tool, key Y; the summary's and
// game over's button); the answer is worked out in the worker, the dialog shows that it is
// busy meanwhile. Painted from `state.why` by the painter it registers with dialog-shell.js.

import { engine } from "../engine/start.js";
import { errorText } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { finishedHandDecisions, isOver, recentBotDecisions, withDiscardNamed } from "./decisions.js";
import { openDialog, registerPainter } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { flush, state, update } from "./state.js";
import { answerHTML, decisionLabel } from "./why-words.js";
import { once } from "./once.js";

const tx = (key, params) => escapeHTML(t(key, params));

/** Open the dialog on the latest computer decision (or `step`); with `hand`,
 * on the first computer decision of the hand just finished (the summary's and
 * game over's button). */
export async function openWhy(step = null, { hand = false } = {}) {
  install();
  const listed = hand ? finishedHandDecisions(state.handOver, state.game) : recentBotDecisions(state.game);
  // once the game is over the toolbar's "Why?" is the finished hand's, as the
  // summary's after any other hand: every decision of it, the first one chosen,
  // the discard named (the engine's record of that hand, the view's last one)
  const whole = hand || (!state.handOver && isOver(state.game));
  const decisions = whole ? withDiscardNamed(listed, state.game?.view.last_hand) : listed;
  const chosen = step ?? (whole ? decisions[0] : decisions.at(-1))?.step ?? null;
  const why = { decisions, hand: whole, step: chosen, busy: chosen !== null, error: "", answer: null };
  update({ why });
  const dialog = $("#why-dialog");
  const closed = dialog.open ? null : openDialog(dialog);
  if (chosen !== null) await explain(why, chosen);
  await closed;
}

async function explain(why, step) {
  try {
    const answer = await engine.call("why", { step });
    if (state.why !== why) return;
    update({ why: { ...why, busy: false, answer } });
  } catch (err) {
    if (state.why !== why) return;
    update({ why: { ...why, busy: false, error: errorText(err) } });
  }
}

function whyHTML(why) {
  const list = why.decisions
    .map((d) => {
      const pressed = d.step === why.step ? "true" : "false";
      return `<li><button type="button" data-why-step="${d.step}" aria-pressed="${pressed}">${escapeHTML(decisionLabel(d))}</button></li>`;
    })
    .join("");
  const parts = [`<p class="why-note">${tx(why.hand ? "why.note_hand" : "why.note")}</p>`];
  if (!why.decisions.length) {
    parts.push(`<p>${tx(why.hand ? "why.none_hand" : "why.none")}</p>`);
    return parts.join("");
  }
  parts.push(`<ul class="why-list" aria-label="${tx(why.hand ? "why.list_label_hand" : "why.list_label")}">${list}</ul>`);
  if (why.busy) parts.push(`<p class="review-busy" role="status"><progress aria-label="${tx("why.loading")}"></progress> ${tx("why.loading")}</p>`);
  else if (why.error) parts.push(`<p class="review-error" role="alert">${escapeHTML(why.error)}</p>`);
  else if (why.answer) parts.push(answerHTML(why.answer));
  return parts.join("");
}

function paint(state) {
  const body = $("#why-body");
  const focused = body.contains(document.activeElement) ? document.activeElement.dataset.whyStep : undefined;
  body.setAttribute("aria-busy", String(state.why.busy));
  body.innerHTML = whyHTML(state.why);
  if (focused !== undefined) body.querySelector(`[data-why-step="${focused}"]`)?.focus();
}

function onWhyClick(e) {
  const b = e.target.closest("button[data-why-step]");
  if (!b || !state.why) return;
  const step = Number(b.dataset.whyStep);
  const why = { ...state.why, step, busy: true, error: "", answer: null };
  update({ why });
  flush();
  explain(why, step);
}

/** What this module adds to the page (its painters and listeners), on its first use:
 * importing the module does nothing. */
const install = once(() => {
  registerPainter("why", paint);
  $("#why-body").addEventListener("click", onWhyClick);
});
