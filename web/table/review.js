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
// painted from `state.review` by the painter it registers with dialog-shell.js.

import { describe } from "../shared/replay-words.js";
import { errorWords } from "../shared/words.js";
import { engine } from "../engine/start.js";
import { BUILD } from "../shared/build-info.js";
import { spokenCard } from "../shared/cards.js";
import { actionText, capitalise, errorText, hintText, seatName } from "../shared/i18n-terms.js";
import { formatList, formatNumber, formatSigned, t } from "../shared/i18n.js";
import { decidedByBot } from "./decisions.js";
import { openDialog, registerPainter } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { cardEl } from "./dialog-markup.js";
import { deviceStorage, EMBEDDED } from "../shared/page.js";
import { flush, state, update } from "./state.js";
import { statsProblem } from "./stats-record.js";
import { on } from "./game-flow.js";
import { answerHTML, decisionAction, decisionLabel } from "./why-words.js";

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

const tx = (key, params) => escapeHTML(t(key, params));
const oneDecimal = { maximumFractionDigits: 1 };

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

/** The index of the frame that shows a decision (its step is an action's index in the hand). */
function frameOf(decision, frames) {
  const i = frames.findIndex((f) => f.actions > decision.step);
  return i < 0 ? frames.length - 1 : i;
}

function decisionsIn(decisions, frames, index) {
  return decisions.filter((d) => frameOf(d, frames) === index);
}

/** The decision that cost most: card plays by the points lost with every card
 * visible; without a costly card, the call the estimate rated worst. */
export function costliest(decisions) {
  let best = null;
  for (const kind of ["double_dummy", "estimate"]) {
    for (const d of decisions) {
      if (d.kind === kind && d.loss > 0 && (!best || d.loss > best.loss)) best = d;
    }
    if (best) return best;
  }
  return null;
}

// ---- words --------------------------------------------------------------------------------

/** A call's value in its unit (a chance of winning the game in percent, or tricks). */
function unitWords(unit, value) {
  return t(`review.unit.${unit}`, { value: formatNumber(value, oneDecimal) });
}

/** A review decision's verdict in the current language (the engine's reason code). */
export function verdict(d) {
  const p = d.reason_params;
  const words = { action: actionText(d.action, d.phase) };
  if (p.best) words.best = formatList(p.best.map((a) => actionText(a, d.phase)), "disjunction");
  if (d.kind === "double_dummy") {
    if ("value" in p) words.value = formatSigned(p.value);
    if ("best_value" in p) words.best_value = formatSigned(p.best_value);
    if ("loss" in p) words.loss = t("review.points", { count: p.loss });
  } else if (p.unit) {
    if ("estimate" in p) words.estimate = unitWords(p.unit, p.estimate);
    if ("best_estimate" in p) words.best_estimate = unitWords(p.unit, p.best_estimate);
    if ("loss" in p) words.loss = t(`review.loss.${p.unit}`, { value: formatNumber(p.loss, oneDecimal) });
  }
  return t(`review.reason.${d.reason_code}`, words);
}

/** The hard player's view of a decision, from what the player could see: its
 * choice, and the player's own if it differs and cost nothing (a choice that cost
 * points has its figures in the verdict: the hard player's case for it beside them
 * would read as praise of a mistake). */
function hardLines(d) {
  if (!d.hard.length) return [];
  const [own, yours] = d.hard;
  const lines = [t("review.hard", { action: actionText(own.action, d.phase), text: hintText(own, d.phase) })];
  if (yours && !(d.loss > 0)) lines.push(t("review.hard_yours", { text: hintText(yours, d.phase) }));
  else if (d.kind === "double_dummy" && d.loss > 0) lines.push(t("review.unlucky"));
  return lines;
}

function decisionHTML(d, index, focusable) {
  const lines = [verdict(d), ...hardLines(d)];
  const attrs = focusable ? ` id="review-decision-${index}" tabindex="-1"` : "";
  const cls = d.loss > 0 ? "review-decision costly" : "review-decision";
  return `<article class="${cls}"${attrs} data-step="${d.step}">
    <h4>${tx("review.decision", { action: capitalise(actionText(d.action, d.phase)) })}</h4>
    ${lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("")}
  </article>`;
}

// ---- the computer players' decisions, explained ------------------------------------------

/** Who took a frame's `k`-th action, as the frame shows it (a trick's card, an
 * auction's call, the maker's trump and discard; null where it does not say). */
function seatOf(frame, k) {
  if (frame.kind === "trick") return frame.trick.cards[k]?.seat ?? null;
  if (frame.kind === "auction") return frame.auction[k]?.seat ?? null;
  if (frame.kind === "widow" || (frame.kind === "alone" && k === 0)) return frame.maker ?? null;
  return null;
}

/** The computer players' decisions a frame shows, `{step, seat, action}`
 * (`step`: the game's; the session's game is the reviewed hand's: a review of
 * a hand's text has no `first_step`, and nothing here). */
export function botDecisionsAt(review, at) {
  const { answer, frames } = review;
  const game = state.game;
  if (answer?.first_step == null || !game) return [];
  let actions;
  try {
    actions = JSON.parse(game.save).actions ?? [];
  } catch {
    return [];
  }
  const from = at > 0 ? frames[at - 1].actions : 0;
  const out = [];
  for (let i = from; i < frames[at].actions; i++) {
    const step = answer.first_step + i;
    // (an alone frame's first call is the maker's, any later one a defender's: seatOf)
    const phase = frames[at].kind === "alone" ? (i === from ? "alone" : "defend_alone") : null;
    if (decidedByBot(game, step) && actions[step]) out.push({ step, seat: seatOf(frames[at], i - from), action: actions[step], phase });
  }
  return out;
}

function whyHTML(review, at) {
  return botDecisionsAt(review, at)
    .map((d) => {
      const entry = review.why[d.step] ?? {};
      // a seat the frame does not show (a defender's call) is the answer's, once known
      const seat = d.seat ?? entry.answer?.seat ?? null;
      const phase = entry.answer?.phase ?? d.phase;
      const label = seat === null ? capitalise(decisionAction(d.action, phase)) : decisionLabel({ ...d, seat, phase });
      const id = `review-why-${d.step}`;
      let body = "";
      if (entry.open) {
        if (entry.busy) body = `<p class="review-busy" role="status"><progress aria-label="${tx("why.loading")}"></progress> ${tx("why.loading")}</p>`;
        else if (entry.error) body = `<p class="review-error" role="alert">${escapeHTML(entry.error)}</p>`;
        else if (entry.answer) body = answerHTML(entry.answer, id);
      }
      return `<div class="review-why"><button type="button" class="link" data-review-why="${d.step}" aria-expanded="${Boolean(entry.open)}" aria-controls="${id}">${tx("review.why", { decision: label })}</button>
        <div id="${id}" class="why-answer" aria-busy="${Boolean(entry.busy)}"${entry.open ? "" : " hidden"}>${body}</div></div>`;
    })
    .join("");
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

// ---- the board of a frame ---------------------------------------------------------------------

function cardHTML(code, roles, four) {
  return `<li>${namedCard(code, roles, four)}</li>`;
}

/** A card's element named in words ("The ace of hearts"). */
const namedCard = (code, roles, four) => cardEl(code, four, capitalise(spokenCard(code, roles)));

function boardHTML(frame, you, four, widow) {
  const roles = {};
  const seats = [0, 1, 2, 3]
    .map((s) => {
      const notes = [];
      if (frame.dealer === s) notes.push(t("embed.hand.dealer"));
      if (frame.sitting_out.includes(s)) notes.push(t("embed.hand.sits_out"));
      const name = capitalise(seatName(s));
      const label = notes.length ? t("embed.hand.seat_notes", { seat: name, notes: formatList(notes) }) : name;
      const cards = frame.hands[s].map((c) => cardHTML(c, roles, four)).join("");
      return `<section class="review-seat${s === you ? " you" : ""}" data-seat="${s}">
        <h4>${escapeHTML(label)}</h4>
        <ul class="review-cards" aria-label="${tx("embed.hand.cards_of", { seat: name })}">${cards}</ul>
      </section>`;
    })
    .join("");
  let center = "";
  if (frame.kind === "trick") {
    center = frame.trick.cards
      .map(
        ({ seat, card }) => `<li class="${seat === frame.trick.winner ? "won" : ""}">${escapeHTML(capitalise(seatName(seat)))}
          ${namedCard(card, roles, four)}</li>`,
      )
      .join("");
  } else if (widow && !frame.widow_taken) {
    // face up like every hand: the finished hand's record reveals it; in the
    // middle only until the maker takes it (then it is among the maker's cards)
    center = `<li>${tx("embed.hand.widow")} ${namedCard(widow, roles, four)}</li>`;
  }
  const centerHTML = center ? `<ul class="review-center" aria-label="${tx("embed.hand.center")}">${center}</ul>` : "";
  return `<div class="review-board">${seats}</div>${centerHTML}`;
}

// ---- painting --------------------------------------------------------------------------------

function handsNav(review) {
  if (review.finished < 2) return "";
  const items = [];
  for (let n = 1; n <= review.finished; n++) {
    const current = n === review.number ? ' aria-current="true"' : "";
    items.push(`<li><button type="button" data-review-hand="${n}"${current}>${tx("review.hand", { n })}</button></li>`);
  }
  return `<nav class="review-hands" aria-label="${tx("review.hands_label")}"><ul>${items.join("")}</ul></nav>`;
}

// the site's root (the entries: index.html, the embed loader)
const ROOT = new URL(BUILD.root, import.meta.url);

/** What a teacher takes away: the hand embed's snippet with the hand's text,
 * a link that opens this review, and the hand's text itself. */
export function lessonParts(hpn) {
  const attr = hpn.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const loader = new URL("web/embed.js", ROOT).href;
  return {
    snippet: `<script type="module" src="${loader}"></script>\n<hasenpfeffer-embed mode="hand" hpn="${attr}"></hasenpfeffer-embed>`,
    link: new URL(`index.html?review=${encodeURIComponent(hpn)}`, ROOT).href,
    text: hpn,
  };
}

function lessonHTML(review) {
  if (!review.answer.hpn) return ""; // a thrown-in hand: no text to share
  const toggle = `<button type="button" data-review-lesson aria-expanded="${review.lesson}" aria-controls="review-lesson">${tx("review.lesson")}</button>`;
  if (!review.lesson) return `<p>${toggle}</p><div id="review-lesson" hidden></div>`;
  const parts = lessonParts(review.answer.hpn);
  const field = (id, label, value, rows) => `<div class="review-field">
      <label for="${id}">${tx(label)}</label>
      ${rows ? `<textarea id="${id}" readonly rows="${rows}" dir="ltr">${escapeHTML(value)}</textarea>` : `<input id="${id}" readonly dir="ltr" value="${escapeHTML(value)}">`}
      <button type="button" data-review-copy="${id}" aria-label="${escapeHTML(`${t("review.copy")}: ${t(label)}`)}">${tx("review.copy")}</button>
    </div>`;
  return `<p>${toggle}</p><div id="review-lesson" class="review-lesson">
      <p>${tx("review.lesson_intro")}</p>
      ${field("review-snippet", "review.lesson_snippet", parts.snippet, 5)}
      ${field("review-link", "review.lesson_link", parts.link, 0)}
      <p><a href="${escapeHTML(parts.link)}">${tx("review.lesson_open")}</a></p>
      ${field("review-hpn", "review.lesson_text", parts.text, 5)}
      <p role="status" class="review-copied">${review.copied ? tx("review.copied") : ""}</p>
    </div>`;
}

function reviewHTML(review, four) {
  if (!review.busy && !review.error && !review.answer) return `${handsNav(review)}<p>${tx("review.none")}</p>`;
  if (review.busy) {
    return `${handsNav(review)}<p class="review-busy" role="status"><progress aria-label="${tx("review.loading")}"></progress> ${tx("review.loading")}</p>`;
  }
  if (review.error) {
    return `${handsNav(review)}<p class="review-error" role="alert">${tx("review.error", { reason: review.error })}</p>`;
  }
  const { answer, frames, frame: at } = review;
  const decisions = answer.decisions;
  const frame = frames[at];
  let trick = 0;
  for (let i = 0; i <= at; i++) trick += frames[i].kind === "trick" ? 1 : 0;
  const { title, lines } = describe(frame, trick);
  const cards = decisions.filter((d) => d.kind === "double_dummy");
  const lost = cards.reduce((sum, d) => sum + d.loss, 0);
  const worst = costliest(decisions);
  const here = decisions
    .map((d, i) => [d, i])
    .filter(([d]) => frameOf(d, frames) === at)
    .map(([d, i]) => decisionHTML(d, i, true))
    .join("");
  const list = decisions
    .map(
      (d, i) => `<li>${escapeHTML(capitalise(actionText(d.action, d.phase)))}: ${escapeHTML([verdict(d), ...hardLines(d)].join(" "))}
      <button type="button" class="link" data-review-goto="${i}">${tx("review.show")}</button></li>`,
    )
    .join("");
  return `${handsNav(review)}
    <p class="review-intro">${tx("review.intro")}</p>
    <p class="review-total">${cards.length ? tx(lost ? "review.total" : "review.total_none", { count: lost }) : ""}
      <button type="button" data-review-jump${worst ? "" : " disabled"}>${tx(worst ? "review.jump" : "review.no_cost")}</button></p>
    <section class="review-step" aria-labelledby="review-step-title">
      <h3 id="review-step-title" aria-live="polite">${tx("embed.hand.step", { n: at + 1, total: frames.length, title })}</h3>
      <div class="review-nav">
        <button type="button" data-review-prev${at === 0 ? " disabled" : ""}>${tx("embed.hand.prev")}</button>
        <button type="button" data-review-next${at === frames.length - 1 ? " disabled" : ""}>${tx("embed.hand.next")}</button>
      </div>
      ${lines.map((line) => `<p>${escapeHTML(line)}</p>`).join("")}
      ${boardHTML(frame, answer.seat, four, frames.find((f) => f.widow)?.widow)}
      <div class="review-decisions">${here || `<p>${tx("review.no_decision")}</p>`}</div>
      ${whyHTML(review, at)}
    </section>
    ${lessonHTML(review)}
    <section class="review-text" aria-labelledby="review-text-title">
      <h3 id="review-text-title">${tx("review.text_title")}</h3>
      <ol>${list}</ol>
    </section>`;
}

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

let installed = false;

/** What this module adds to the page (its painters and listeners), on its first use:
 * importing the module does nothing. */
function install() {
  if (installed) return;
  installed = true;
  on("newGame", () => counted.clear());
  registerPainter("review", paint);
  $("#review-body").addEventListener("click", onReviewClick);
  $("#review-paste").addEventListener("submit", onPasteSubmit);
}
