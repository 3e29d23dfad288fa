// The hand review dialog's contents as markup, from `state.review` (painted by
// web/table/review.js): the list of the game's finished hands, the step on show with
// its words (the frames' words from shared/replay-words.js's `describe`, as the hand
// embed's), all four hands and the widow face up, the player's decisions on that step
// (the verdict in words from the engine's reason code, the hard player's view beside
// it), the computer players' decisions with their "Why?" (open or closed, the answer
// by why-words.js), "Make a lesson from this hand" (the embed's snippet, the link, the
// text) and the whole review as a list.

import { describe } from "../shared/replay-words.js";
import { BUILD } from "../shared/build-info.js";
import { spokenCard } from "../shared/cards.js";
import { actionText, capitalise, formatMargin, hintText, seatName } from "../shared/i18n-terms.js";
import { formatList, formatNumber, formatSigned, t } from "../shared/i18n.js";
import { escapeHTML } from "../shared/html.js";
import { cardEl } from "./card-markup.js";
import { botDecisionsAt, costliest, frameOf } from "./review-steps.js";
import { answerHTML, decisionAction, decisionLabel } from "./why-words.js";

const tx = (key, params) => escapeHTML(t(key, params));
const oneDecimal = { maximumFractionDigits: 1 };

// ---- words --------------------------------------------------------------------------------

/** A call's value in its unit: tricks; a score (a chance mixed with points) by
 * what it is made of, the chance of winning the game in percent and the expected
 * margin in points (`prefix` "best_": the hard player's choice's). */
function unitWords(unit, p, prefix) {
  if (unit === "score") {
    const chance = formatNumber(p[`${prefix}chance`], oneDecimal);
    return t("review.unit.score", { chance, margin: formatMargin(p[`${prefix}margin`]) });
  }
  return t(`review.unit.${unit}`, { value: formatNumber(p[`${prefix}estimate`], oneDecimal) });
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
    if ("estimate" in p) words.estimate = unitWords(p.unit, p, "");
    if ("best_estimate" in p) words.best_estimate = unitWords(p.unit, p, "best_");
    // (a score's loss mixes a chance with points: its sentence gives the figures instead)
    if ("loss" in p && p.unit !== "score") words.loss = t(`review.loss.${p.unit}`, { value: formatNumber(p.loss, oneDecimal) });
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

// ---- the computer players' decisions, with their "Why?" -----------------------------------

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

// ---- the board of a frame ---------------------------------------------------------------------

function cardHTML(code, roles, four) {
  return `<li>${namedCard(code, roles, four)}</li>`;
}

/** A card's element named in words ("The ace of hearts"). */
const namedCard = (code, roles, four) => cardEl(code, four, capitalise(spokenCard(code, roles)));

/** The board of a frame; `out`: the seats that sit this hand out (said at every step:
 * their cards, never played, stay hidden from the deal on). */
function boardHTML(frame, you, four, widow, out) {
  const roles = {};
  const seats = [0, 1, 2, 3]
    .map((s) => {
      const notes = [];
      if (frame.dealer === s) notes.push(t("embed.hand.dealer"));
      if (out.has(s)) notes.push(t("embed.hand.sits_out"));
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

export function reviewHTML(review, four) {
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
      ${boardHTML(frame, answer.seat, four, frames.find((f) => f.widow)?.widow, new Set(frames.flatMap((f) => f.sitting_out)))}
      <div class="review-decisions">${here || `<p>${tx("review.no_decision")}</p>`}</div>
      ${whyHTML(review, at)}
    </section>
    ${lessonHTML(review)}
    <section class="review-text" aria-labelledby="review-text-title">
      <h3 id="review-text-title">${tx("review.text_title")}</h3>
      <ol>${list}</ol>
    </section>`;
}
