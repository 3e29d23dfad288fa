// The deal of the day: a game whose first hand is dealt from the date (the
// engine's `daily`: the same cards for everyone on that calendar day and
// preset, offline), the player in South against three hard players, cards hidden
// (open hands, if the player wants them, come on once its first hand is over). When that
// hand ends, the summary shows how the hard player and the oracle (which sees
// every card) did from the player's seat on the same cards: the engine's
// `daily_result` for each, worked out in the worker one after the other with
// the progress shown; the result goes into the statistics.
//
// Started from the statistics dialog or the address (`index.html?daily`);
// loaded when first wanted. Painted from `state.daily` into the summary
// and game-over dialogs' .daily-result by the painter it registers with dialog-shell.js.

import { engine } from "../engine/start.js";
import { errorText } from "../shared/i18n-terms.js";
import { formatDate, formatSigned, t } from "../shared/i18n.js";
import { addPainter, changed, openDialog } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { $, $$ } from "./dom.js";
import { announce } from "./narration.js";
import { freshMarks } from "./open-hands.js";
import { deviceStorage, EMBEDDED } from "../shared/page.js";
import { notice, state, update } from "./state.js";
import { statsProblem } from "./stats-record.js";
import { applyOpenHands, beginGame, runBots } from "./game-flow.js";
import { once } from "./once.js";

const tx = (key, params) => escapeHTML(t(key, params));
/** The levels compared with the player, in order. */
export const COMPARED = ["hard", "oracle"];

/** The player's calendar day as the engine takes it (YYYY-MM-DD, local time). */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// The deal of the day being played, kept across a reload: {date, rules, seed} (the
// game's seed names the game; its first hand not compared yet). Nothing in an embed.
const DAILY_KEY = "hasenpfeffer.daily.v1"; // boot.js looks for it before loading this module

function gameSeed(game) {
  try {
    return JSON.parse(game.save).seed ?? null;
  } catch {
    return null;
  }
}

function remember(mark) {
  if (EMBEDDED) return;
  try {
    if (mark) globalThis.localStorage?.setItem(DAILY_KEY, JSON.stringify(mark));
    else globalThis.localStorage?.removeItem(DAILY_KEY);
  } catch {
    /* storage refused: the comparison is lost on a reload only (the game is saved apart) */
  }
}

/** The deal of the day marked for `game`, checked (null: none, or another game). */
function markFor(game) {
  let mark;
  try {
    mark = JSON.parse(globalThis.localStorage?.getItem(DAILY_KEY) ?? "null");
  } catch {
    return null;
  }
  const seed = gameSeed(game);
  if (!mark || typeof mark !== "object" || seed === null || mark.seed !== seed) return null;
  if (typeof mark.date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(mark.date)) return null;
  if (typeof mark.rules !== "string" && (typeof mark.rules !== "object" || mark.rules === null)) return null;
  return mark;
}

/**
 * After a reload: a restored game that is the deal of the day goes on as one. Its
 * first hand still on: compared when it ends; already over (the page went away
 * before the comparison was done): compared now.
 */
export function resumeDaily(game) {
  install();
  const mark = markFor(game);
  const last = game.view.last_hand;
  if (!mark || (last && last.number !== 0)) {
    remember(null); // another game, or past its first hand: nothing to compare
    return;
  }
  update({ daily: { date: mark.date, rules: mark.rules, phase: "playing", points: null, results: {}, step: 0, error: "" } });
  if (last) compareDaily(last);
}

/** Start the deal of the day (after the player agrees to leave a game in progress). */
export async function startDaily() {
  install();
  const game = state.game;
  if (game && game.view.phase !== "game_over" && game.actions > 0) {
    for (const d of $$("dialog[open]")) d.close();
    const answer = await openDialog($("#confirm-dialog"));
    if (answer !== "ok") return;
  }
  update({ generation: state.generation + 1, busy: true, interruptible: false, hinting: false });
  const gen = state.generation;
  for (const d of $$("dialog[open]")) d.close();
  const date = today();
  const rules = state.settings.rules;
  let answer;
  try {
    answer = await engine.call("daily", { date, rules });
  } catch (err) {
    if (gen !== state.generation) return;
    update({ busy: false });
    notice(errorText(err), "error");
    return;
  }
  // a new game begun meanwhile (New game, the page's reset hook) is the one that stands:
  // the engine took its request after this one, and its table must not be marked daily
  if (gen !== state.generation) return;
  update({ daily: { date, rules, phase: "playing", points: null, results: {}, step: 0, error: "" } });
  remember({ date, rules, seed: gameSeed(answer) });
  // the saved record says it is the deal of the day: open hands wait for its first hand
  beginGame(answer, freshMarks(true));
  announce(t("daily.started", { date: formatDate(date) }));
  // (refused until the first hand is over: the notice says so, the setting is kept)
  await applyOpenHands();
  await runBots();
}

/** The first hand of the deal of the day is over (`hand`: its record): compare. */
export async function compareDaily(hand) {
  install();
  const daily = state.daily;
  if (!daily || daily.phase !== "playing") return;
  const mine = hand.points[0];
  let now = { ...daily, phase: "comparing", points: mine, step: 1 };
  update({ daily: now });
  const results = {};
  for (const [i, level] of COMPARED.entries()) {
    now = { ...now, step: i + 1 };
    update({ daily: now });
    try {
      const answer = await engine.call("daily_result", { date: daily.date, rules: daily.rules, level });
      results[level] = answer.side_points;
    } catch (err) {
      if (state.daily !== now) return;
      update({ daily: { ...now, phase: "done", error: errorText(err), results } });
      return;
    }
    if (state.daily !== now) return; // a new game meanwhile
    now = { ...now, results: { ...results } };
    update({ daily: now });
  }
  update({ daily: { ...now, phase: "done" } });
  remember(null);
  announce(resultSentence(mine, results));
  if (!EMBEDDED) {
    const stats = await import("./stats.js");
    const { problem } = stats.changeStats(deviceStorage(), (record) =>
      stats.countDaily(record, { date: daily.date, points: mine, hard: results.hard ?? null, oracle: results.oracle ?? null }),
    );
    statsProblem(problem);
  }
}

function resultSentence(mine, results) {
  return t("daily.result", {
    you: formatSigned(mine),
    hard: formatSigned(results.hard),
    oracle: formatSigned(results.oracle),
  });
}

/** The comparison, in the summary and in the game-over dialog (a deal of the
 * day's first hand may end the game). */
function paint(state) {
  for (const box of $$(".daily-result")) paintBox(box, state.daily);
}

function paintBox(box, daily) {
  box.hidden = !daily || daily.phase === "playing";
  if (box.hidden) return;
  const parts = [`<h3 id="daily-title-${box.dataset.daily}">${tx("daily.title", { date: formatDate(daily.date) })}</h3>`];
  if (daily.phase === "comparing") {
    const level = COMPARED[daily.step - 1];
    parts.push(`<p class="review-busy" role="status"><progress max="${COMPARED.length}" value="${daily.step - 1}" aria-label="${tx("daily.progress_label")}"></progress>
      ${tx(`daily.comparing.${level}`, { n: daily.step, total: COMPARED.length })}</p>`);
  } else if (daily.error) {
    parts.push(`<p role="alert">${tx("daily.error", { reason: daily.error })}</p>`);
  } else {
    const cell = (n) => escapeHTML(formatSigned(n));
    parts.push(`<table class="summary-table daily-table">
      <thead><tr><th scope="col">${tx("daily.col.player")}</th><th scope="col">${tx("daily.col.points")}</th></tr></thead>
      <tbody><tr class="us"><th scope="row">${tx("stats.col.you")}</th><td>${cell(daily.points)}</td></tr>
      <tr><th scope="row">${tx("daily.hard")}</th><td>${cell(daily.results.hard)}</td></tr>
      <tr><th scope="row">${tx("daily.oracle")}</th><td>${cell(daily.results.oracle)}</td></tr></tbody></table>
      <p role="status">${escapeHTML(resultSentence(daily.points, daily.results))}</p>`);
  }
  box.innerHTML = parts.join("");
}

// on every render whose deal of the day changed, its end too: registerPainter paints only a
// part that is set, and the result of a finished deal of the day would stay in the
// summaries of the games after it
function paintDailyChange(state) {
  if (changed("daily", state.daily, state)) paint(state);
}

/** What this module adds to the page (its painters and listeners), on its first use:
 * importing the module does nothing. */
const install = once(() => {
  addPainter(paintDailyChange);
});
