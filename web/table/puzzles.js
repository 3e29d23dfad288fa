// Puzzles (issue 52): card-play positions from real deals, each with one way to
// reach its target, solved with every hand in view (docs/puzzles.md). A modal
// dialog over the table: the player's game stays as it was (the engine keeps the
// puzzle apart from the session's game: api/puzzle_ops.py), and "Back to the
// game" closes the dialog on it.
//
// Loaded on first use (the statistics dialog's "Puzzles", `?puzzle=ID` or
// `?puzzle=daily`); the set (puzzles/puzzles.json, in the service worker's
// precache) is fetched and handed to the engine only then, once per worker.
// The player's Glicko-2 rating, streak, history and per-theme figures are kept in
// the statistics record (web/table/stats.js, `puzzles`), so they are exported with it.

import { engine } from "../engine/start.js";
import { errorText, cardCode, compassName, suitName } from "../shared/i18n-terms.js";
import { formatList, formatNumber, formatSigned, onLanguageChange, t } from "../shared/i18n.js";
import { callWithSet, cardReason, goalText, lineText } from "../shared/puzzle-words.js";
import { cardFace } from "../shared/words.js";
import { spokenCard } from "../shared/cards.js";
import { deviceStorage } from "../shared/page.js";
import { openDialog } from "./dialog-shell.js";
import { $ } from "./dom.js";
import { installRoving } from "./keyboard.js";
import { today } from "./daily.js";
import { once } from "./once.js";
import { statsProblem } from "./stats-record.js";
import { changeStats, countPuzzle, loadStats } from "./stats.js";

const dialog = () => $("#puzzle-dialog");
const body = () => $("#puzzle-body");

// what the dialog shows: the engine's puzzle state, the first card's verdict, the
// cards played since the last answer, the player's rating change, an error
let view = { puzzle: null, verdict: null, events: [], rated: null, error: "", daily: null };
let busy = false;

function call(op, args) {
  return callWithSet(engine, op, args);
}

function record() {
  const { stats, problem } = loadStats(deviceStorage());
  statsProblem(problem);
  return stats.puzzles;
}

/** Open the puzzles on `which`: a puzzle's id, "daily", or nothing (the next one). */
export async function openPuzzles(which = null) {
  install();
  const open = dialog().open ? null : openDialog(dialog());
  if (which === "daily") await start("puzzle_daily", { date: today() });
  else if (which) await start("puzzle_start", { puzzle: which });
  else await next();
  return open;
}

async function next() {
  const mine = record();
  const seen = mine.history.map((h) => h.id);
  await start("puzzle_next", { rating: mine.rating, seen, seed: Math.floor(Math.random() * 1e9) });
}

async function start(op, args) {
  if (busy) return;
  busy = true;
  view = { ...view, error: "", verdict: null, events: [], rated: null };
  try {
    const answer = await call(op, args);
    view = { puzzle: answer.puzzle, verdict: null, events: [], rated: null, error: "", daily: answer.daily ?? null };
  } catch (err) {
    view = { ...view, puzzle: null, error: errorText(err) };
  } finally {
    busy = false;
  }
  paint();
  const p = view.puzzle;
  say(p ? `${goalText(p)} ${t("puzzle.open")}` : view.error);
  if (p) body().querySelector(".puzzle-hand button")?.focus();
}

async function play(card) {
  if (busy || !view.puzzle || view.puzzle.over) return;
  busy = true;
  const mine = record();
  try {
    const answer = await call("puzzle_play", {
      card,
      player: { rating: mine.rating, deviation: mine.deviation, volatility: mine.volatility },
    });
    const verdict = answer.verdict ?? view.verdict;
    let rated = view.rated;
    if (answer.verdict) {
      const p = answer.puzzle;
      const result = answer.verdict.player;
      const { problem } = changeStats(deviceStorage(), (stats) =>
        countPuzzle(stats, { id: p.id, solved: result.solved, rating: result, themes: p.themes }),
      );
      statsProblem(problem);
      rated = result;
    }
    view = { ...view, puzzle: answer.puzzle, verdict, events: answer.events, rated, error: "" };
    paint();
    say(eventsText(answer.events, answer.puzzle) + (answer.verdict ? ` ${verdictText()}` : "") + (answer.puzzle.over ? ` ${overText(answer.puzzle)}` : ""));
  } catch (err) {
    view = { ...view, error: errorText(err) };
    paint();
    say(view.error);
  } finally {
    busy = false;
  }
  const hand = body().querySelector(".puzzle-hand button:not(.other)") ?? body().querySelector(".puzzle-hand button");
  if (hand && !view.puzzle?.over) hand.focus();
  else dialog().querySelector('[data-puzzle="next"]')?.focus();
}

function say(text) {
  const status = $("#puzzle-status");
  status.textContent = "";
  // a new text in a later task: read again even when it is the same words
  setTimeout(() => {
    status.textContent = text;
  }, 0);
}

// ---- words ---------------------------------------------------------------------

function seatWord(seat, p) {
  return seat === p.seat ? t("seat.long.you", { seat: compassName(seat) }) : compassName(seat);
}

function eventsText(events, p) {
  return events
    .map((e) => {
      const card = spokenCard(e.card, p.card_roles);
      let text = e.seat === p.seat ? t("a11y.play_you", { card }) : t("a11y.play", { seat: compassName(e.seat), card });
      if (e.wins !== undefined) text += ` ${e.wins === p.seat ? t("a11y.wins_trick_you") : t("a11y.wins_trick", { seat: compassName(e.wins) })}`;
      return text;
    })
    .join(" ");
}

function verdictText() {
  const v = view.verdict;
  if (!v) return "";
  const solution = formatList(v.solution.map(cardCode), "disjunction");
  const head = view.puzzle.result === "solved" ? t("puzzle.solved", { card: solution }) : t("puzzle.failed", { card: solution });
  return view.rated ? `${head} ${ratingText(view.rated)}` : head;
}

function ratingText(r) {
  return t("puzzle.rating", { rating: formatNumber(Math.round(r.rating)), change: formatSigned(Math.round(r.change)) });
}

function overText(p) {
  return t("puzzle.over", { taken: formatNumber(p.taken), need: formatNumber(p.need) });
}

// ---- painting ------------------------------------------------------------------

const POSITIONS = ["south", "west", "north", "east"];

function handEl(p, seat, position) {
  const mine = seat === p.seat;
  const group = document.createElement("div");
  group.className = `puzzle-seat puzzle-${position}`;
  group.dataset.seat = String(seat);
  const name = document.createElement("p");
  name.className = "puzzle-seat-name";
  name.textContent = seatWord(seat, p);
  group.append(name);
  const cards = p.hands[seat];
  if (!p.active.includes(seat)) {
    const out = document.createElement("p");
    out.className = "puzzle-out";
    out.textContent = t("seat.sits_out");
    group.append(out);
    return group;
  }
  const row = document.createElement("div");
  row.className = mine ? "puzzle-hand" : "puzzle-cards";
  row.setAttribute("role", mine ? "toolbar" : "group");
  row.setAttribute("aria-label", mine ? t("table.hand_label") : compassName(seat));
  const yourTurn = mine && p.turn === seat && !p.over;
  for (const code of cards) {
    const label = spokenCard(code, p.card_roles);
    if (mine) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "card";
      b.dataset.card = code;
      b.disabled = !yourTurn;
      if (!p.legal.includes(code)) b.classList.add("other");
      b.setAttribute("aria-label", label);
      b.append(cardFace(code, label));
      row.append(b);
    } else {
      row.append(cardFace(code, label));
    }
  }
  group.append(row);
  return group;
}

function trickEl(p) {
  const trick = document.createElement("div");
  trick.className = "puzzle-trick";
  trick.setAttribute("role", "group");
  trick.setAttribute("aria-label", t("table.trick_label"));
  for (const { seat, card } of p.trick) {
    const slot = document.createElement("div");
    slot.className = `puzzle-played puzzle-${POSITIONS[(seat - p.seat + 4) % 4]}`;
    slot.append(cardFace(card, `${compassName(seat)}: ${spokenCard(card, p.card_roles)}`));
    trick.append(slot);
  }
  return trick;
}

function paragraph(text, className = "") {
  const el = document.createElement("p");
  if (className) el.className = className;
  el.textContent = text;
  return el;
}

function paint() {
  const root = body();
  const p = view.puzzle;
  root.replaceChildren();
  root.dataset.puzzleId = p?.id ?? "";
  if (!p) {
    if (view.error) root.append(paragraph(view.error, "puzzle-error"));
    return;
  }
  root.append(paragraph(goalText(p), "puzzle-goal"));
  const about = `${t("suit.trump", { suit: suitName(p.trump) })} · ${t("puzzle.about", { id: p.id, rating: formatNumber(p.rating) })}`;
  root.append(paragraph(about, "puzzle-about"));
  root.append(paragraph(t("puzzle.open"), "puzzle-note"));
  const felt = document.createElement("div");
  felt.className = "puzzle-felt";
  // the seat to play at the bottom, as it sees the table
  for (let k = 0; k < 4; k += 1) {
    const seat = (p.seat + k) % 4;
    felt.append(handEl(p, seat, POSITIONS[k]));
  }
  felt.append(trickEl(p));
  root.append(felt);
  if (view.error) root.append(paragraph(view.error, "puzzle-error"));
  if (view.verdict) root.append(verdictEl());
  if (p.over) root.append(paragraph(overText(p), "puzzle-over"));
  else if (view.verdict) root.append(paragraph(t("puzzle.play_on"), "puzzle-note"));
  const hand = root.querySelector(".puzzle-hand");
  if (hand) installRoving(hand);
}

function verdictEl() {
  const box = document.createElement("div");
  box.className = `puzzle-verdict ${view.puzzle.result}`;
  box.append(paragraph(verdictText(), "puzzle-result"));
  const list = document.createElement("ul");
  list.className = "puzzle-cards-words";
  for (const entry of view.verdict.cards) {
    const item = document.createElement("li");
    item.className = entry.makes ? "makes" : "fails";
    item.append(paragraph(cardReason(entry)), paragraph(lineText(entry.line), "puzzle-line"));
    list.append(item);
  }
  box.append(list);
  return box;
}

/** What this module adds to the page, on its first use. */
const install = once(() => {
  // another language while a puzzle is on show: its words again
  onLanguageChange(() => {
    if (dialog().open) paint();
  });
  body().addEventListener("click", (e) => {
    const b = e.target.closest("button[data-card]");
    if (b && !b.disabled) play(b.dataset.card);
  });
  dialog().addEventListener("click", (e) => {
    const b = e.target.closest("button[data-puzzle]");
    if (!b) return;
    if (b.dataset.puzzle === "next") next();
    else if (b.dataset.puzzle === "daily") start("puzzle_daily", { date: today() });
  });
});
