// "Why did it do that?": for a computer player's decision in the current
// hand's auction (and its trump, discard and alone calls), the last trick or
// the trick on the table, what that player weighed, from its own view only:
// the engine's `why` answer (the level's own decision procedure with the
// player's own seed, so the first option is the decision itself), each option
// with its estimate and reason in words. It says plainly that this is what
// that player was thinking: the options are its own cards and calls.
//
// Loaded the first time it is wanted (the Why? tool, key Y); the answer is
// worked out in the worker, the dialog shows that it is busy meanwhile.
// Painted from `state.why` by the painter it registers with dialogs.js.

import { parseAction } from "../shared/actions.js";
import VOCABULARY from "../shared/vocabulary.js";
import { t } from "../shared/i18n.js";
import { actionText, capitalise, errorText, hintText, seatName } from "../shared/i18n-terms.js";
import { openDialog, registerPainter } from "./dialogs.js";
import { $ } from "./dom.js";
import { escapeHTML } from "./panels.js";
import { flush, state, update } from "./state.js";
import { engine } from "./turns.js";

const tx = (key, params) => escapeHTML(t(key, params));

/** The computer players' recent decisions in a state: every call of the hand
 * (but a discard, hidden until the hand is over) and the plays of the last
 * trick and of the trick on the table, as
 * `{step, seat, action}` (`step`: the action's index in the game), latest last. */
export function recentBotDecisions(game) {
  if (!game) return [];
  const view = game.view;
  const acts = view.hand_actions ?? [];
  const first = game.actions - acts.length;
  const lastTrick = view.tricks.length ? view.tricks[view.tricks.length - 1].cards.length : 0;
  const recentPlays = view.trick.length + lastTrick;
  let playsAfter = 0;
  const out = [];
  for (let i = acts.length - 1; i >= 0; i--) {
    const { seat, action } = acts[i];
    const { kind } = parseAction(action);
    // a computer player's discard stays hidden until the hand is over: its
    // reasons would name the card
    if (kind === "discard") continue;
    const isPlay = kind === "play";
    if (isPlay) playsAfter += 1;
    if (isPlay && playsAfter > recentPlays) continue;
    if (VOCABULARY.bot_levels.includes(game.levels[seat])) out.push({ step: first + i, seat, action });
  }
  return out.reverse();
}

/** Open the dialog on the latest computer decision (or `step`). */
export async function openWhy(step = null) {
  const decisions = recentBotDecisions(state.game);
  const chosen = step ?? decisions.at(-1)?.step ?? null;
  const why = { decisions, step: chosen, busy: chosen !== null, error: "", answer: null };
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

function decisionLabel(d) {
  return t("why.decision", { seat: capitalise(seatName(d.seat)), action: actionText(d.action) });
}

function answerHTML(answer) {
  const seat = capitalise(seatName(answer.seat));
  const level = t(`settings.level.${answer.level}`);
  const parts = [`<p class="why-intro">${tx("why.thinking", { seat, level })}</p>`];
  if (!answer.explained_by) {
    parts.push(`<p>${tx("why.random", { seat })}</p>`);
    return parts.join("");
  }
  if (answer.explained_by !== answer.level) {
    parts.push(`<p>${tx(answer.matches ? "why.easy_followed" : "why.easy_mistake", { seat })}</p>`);
  }
  const items = answer.suggestions
    .map((s, i) => {
      let mark = "";
      if (i === 0) mark = ` <strong>${tx("why.its_choice")}</strong>`;
      else if (s.action === answer.action) mark = ` <strong>${tx("why.taken")}</strong>`;
      return `<li><span class="why-option">${escapeHTML(capitalise(actionText(s.action)))}</span>${mark}: ${escapeHTML(hintText(s))}</li>`;
    })
    .join("");
  parts.push(`<h3 id="why-options-title">${tx("why.options", { seat })}</h3><ol class="why-options" aria-labelledby="why-options-title">${items}</ol>`);
  return parts.join("");
}

function whyHTML(why) {
  const list = why.decisions
    .map((d) => {
      const pressed = d.step === why.step ? "true" : "false";
      return `<li><button type="button" data-why-step="${d.step}" aria-pressed="${pressed}">${escapeHTML(decisionLabel(d))}</button></li>`;
    })
    .join("");
  const parts = [`<p class="why-note">${tx("why.note")}</p>`];
  if (!why.decisions.length) {
    parts.push(`<p>${tx("why.none")}</p>`);
    return parts.join("");
  }
  parts.push(`<ul class="why-list" aria-label="${tx("why.list_label")}">${list}</ul>`);
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

registerPainter("why", paint);

$("#why-body").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-why-step]");
  if (!b || !state.why) return;
  const step = Number(b.dataset.whyStep);
  const why = { ...state.why, step, busy: true, error: "", answer: null };
  update({ why });
  flush();
  explain(why, step);
});
