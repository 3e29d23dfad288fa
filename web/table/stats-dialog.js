// The statistics dialog: what web/table/stats.js keeps in the browser (games
// and hands played and won, bids made and failed by preset and level, points
// per hand, the hand review's losses, the deals of the day), with two small
// SVG charts drawn by the page, the practice games and hands (open hands) apart, Export (a JSON download, or copied) and Reset
// (after a confirmation). Loaded the first time it is wanted (the Statistics
// tool); painted from `state.stats` by the painter it registers with dialog-shell.js.
// The figures are recorded by stats-record.js (at the end of each hand and
// game, for a reviewed hand by review.js, for the deal of the day by daily.js).

import { formatNumber, formatSigned, t } from "../shared/i18n.js";
import { openDialog, registerPainter } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { deviceStorage } from "../shared/page.js";
import { $ } from "./dom.js";
import { flush, state, update } from "./state.js";
import { statsProblem } from "./stats-record.js";
import { currentLevel } from "./renamed-levels.js";
import { bidTotals, changeStats, chartSvg, emptyStats, exportStats, loadStats, renameLevels, runningMean } from "./stats.js";
import { once } from "./once.js";

const tx = (key, params) => escapeHTML(t(key, params));
const oneDecimal = { maximumFractionDigits: 1 };
const percent = { style: "percent", maximumFractionDigits: 0 };

/** Open the dialog on the stored statistics (a record that cannot be read is told). */
export function openStats() {
  install();
  const { stats, problem } = loadStats(deviceStorage());
  // counts an older page kept under a former level (expert) are shown as hard's
  renameLevels(stats, currentLevel);
  statsProblem(problem);
  update({ stats: { record: stats, confirming: false, copied: false } });
  return openDialog($("#stats-dialog"));
}

function pairRow(key, pair) {
  const share = pair.played ? formatNumber(pair.won / pair.played, percent) : "—";
  return `<tr><th scope="row">${tx(key)}</th><td>${formatNumber(pair.played)}</td><td>${formatNumber(pair.won)}</td><td>${share}</td></tr>`;
}

function presetName(preset) {
  return preset === "custom" ? t("stats.custom") : t(`settings.preset.${preset}`);
}

function bidsHTML(record) {
  const rows = Object.keys(record.bids)
    .sort()
    .map((key) => {
      const [preset, level] = key.split("|");
      const { made, failed } = bidTotals(record, { preset, level });
      return `<tr><th scope="row">${escapeHTML(presetName(preset))}, ${escapeHTML(t(`settings.level.${level}`))}</th><td>${formatNumber(made)}</td><td>${formatNumber(failed)}</td></tr>`;
    })
    .join("");
  if (!rows) return `<p>${tx("stats.no_bids")}</p>`;
  return `<table class="summary-table"><caption>${tx("stats.bids_caption")}</caption>
    <thead><tr><th scope="col">${tx("stats.col.rules")}</th><th scope="col">${tx("stats.col.made")}</th><th scope="col">${tx("stats.col.failed")}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

function dailyHTML(record) {
  const dates = Object.keys(record.daily).sort().reverse();
  if (!dates.length) return "";
  const cell = (n) => (n === null ? "—" : formatSigned(n));
  const rows = dates
    .map((date) => {
      const d = record.daily[date];
      return `<tr><th scope="row" dir="ltr">${escapeHTML(date)}</th><td>${cell(d.points)}</td><td>${cell(d.hard)}</td><td>${cell(d.oracle)}</td></tr>`;
    })
    .join("");
  return `<h3>${tx("stats.daily")}</h3><table class="summary-table">
    <thead><tr><th scope="col">${tx("stats.col.date")}</th><th scope="col">${tx("stats.col.you")}</th><th scope="col">${tx("stats.col.hard")}</th><th scope="col">${tx("stats.col.oracle")}</th></tr></thead>
    <tbody>${rows}</tbody></table>`;
}

function puzzlesHTML(record) {
  const p = record.puzzles;
  const tried = p.solved + p.failed;
  if (!tried) return `<h3>${tx("puzzle.title")}</h3><p>${tx("stats.puzzles_none")}</p>`;
  const text = tx("stats.puzzles_text", {
    rating: formatNumber(Math.round(p.rating)),
    solved: formatNumber(p.solved),
    tried: formatNumber(tried),
    streak: formatNumber(p.streak),
    best: formatNumber(p.best),
  });
  const themes = Object.keys(p.themes)
    .sort()
    .map((theme) => {
      const v = p.themes[theme];
      const name = t(`puzzle.theme.${theme}`);
      return `<li>${tx("stats.puzzles_theme", { theme: name, solved: formatNumber(v.solved), tried: formatNumber(v.solved + v.failed) })}</li>`;
    })
    .join("");
  return `<h3>${tx("puzzle.title")}</h3><p data-stats-puzzles>${text}</p>${themes ? `<ul class="stats-themes">${themes}</ul>` : ""}`;
}

function seriesHTML(id, title, values, text) {
  return `<h3 id="${id}-title">${escapeHTML(title)}</h3>
    <figure class="stats-figure" aria-labelledby="${id}-title"><div class="stats-chart-box" data-chart="${id}"></div>
    <figcaption>${escapeHTML(text)}</figcaption></figure>`;
}

function mean(values) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}

function statsHTML(view) {
  const { record, confirming, copied } = view;
  const points = record.points.map((p) => p.points);
  const losses = record.losses.map((l) => l.loss);
  const pointsText = points.length
    ? t("stats.points_text", { count: points.length, mean: formatSigned(mean(points), oneDecimal) })
    : t("stats.none_yet");
  const lossText = losses.length ? t("stats.losses_text", { count: losses.length, mean: formatNumber(mean(losses), oneDecimal) }) : t("stats.no_reviews");
  const reset = confirming
    ? `<div class="stats-confirm" role="group" aria-labelledby="stats-confirm-text"><p id="stats-confirm-text">${tx("stats.reset_confirm")}</p>
        <button type="button" data-stats="reset-yes">${tx("stats.reset_yes")}</button> <button type="button" data-stats="reset-no">${tx("stats.reset_no")}</button></div>`
    : `<button type="button" data-stats="reset">${tx("stats.reset")}</button>`;
  return `<table class="summary-table">
      <thead><tr><th scope="col"><span class="visually-hidden">${tx("stats.col.what")}</span></th><th scope="col">${tx("stats.col.played")}</th><th scope="col">${tx("stats.col.won")}</th><th scope="col">${tx("stats.col.share")}</th></tr></thead>
      <tbody>${pairRow("stats.games", record.games)}${pairRow("stats.hands", record.hands)}
      ${pairRow("stats.practice_games", record.practice.games)}${pairRow("stats.practice_hands", record.practice.hands)}</tbody></table>
    <p class="fieldset-note">${tx("stats.practice_note")}</p>
    ${bidsHTML(record)}
    ${seriesHTML("stats-points", t("stats.points"), points, pointsText)}
    ${seriesHTML("stats-losses", t("stats.losses"), losses, lossText)}
    ${dailyHTML(record)}
    ${puzzlesHTML(record)}
    <div class="stats-actions">
      <button type="button" data-stats="daily">${tx("daily.play")}</button>
      <button type="button" data-stats="puzzles">${tx("puzzle.title")}</button>
      <button type="button" data-stats="download">${tx("stats.download")}</button>
      <button type="button" data-stats="copy">${tx("stats.copy")}</button>
      ${reset}
    </div>
    <p class="stats-status" role="status">${copied ? tx("stats.copied") : ""}</p>`;
}

function paint(state) {
  const view = state.stats;
  const body = $("#stats-body");
  const focused = body.contains(document.activeElement) ? document.activeElement.dataset.stats : undefined;
  body.innerHTML = statsHTML(view);
  const points = view.record.points.map((p) => p.points);
  const losses = view.record.losses.map((l) => l.loss);
  body.querySelector('[data-chart="stats-points"]').append(chartSvg(document, runningMean(points), { label: t("stats.points_chart") }));
  body.querySelector('[data-chart="stats-losses"]').append(chartSvg(document, losses, { label: t("stats.losses_chart") }));
  if (focused) {
    const again = body.querySelector(`[data-stats="${focused}"]`) ?? body.querySelector(focused === "reset" ? '[data-stats="reset-no"]' : '[data-stats="reset"]');
    again?.focus();
  }
}

function download(text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "hasenpfeffer-statistics.json";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function onStatsClick(e) {
  const b = e.target.closest("button[data-stats]");
  const view = state.stats;
  if (!b || !view) return;
  const what = b.dataset.stats;
  if (what === "daily") {
    $("#stats-dialog").close();
    const daily = await import("./daily.js");
    await daily.startDaily();
    return;
  }
  if (what === "puzzles") {
    $("#stats-dialog").close();
    const puzzles = await import("./puzzles.js");
    await puzzles.openPuzzles();
    return;
  }
  if (what === "download") download(exportStats(view.record));
  else if (what === "copy") {
    try {
      await navigator.clipboard.writeText(exportStats(view.record));
      update({ stats: { ...state.stats, copied: true } });
    } catch {
      update({ stats: { ...state.stats, copied: false } });
      statsProblem("copy");
    }
  } else if (what === "reset") update({ stats: { ...view, confirming: true, copied: false } });
  else if (what === "reset-no") update({ stats: { ...view, confirming: false } });
  else if (what === "reset-yes") {
    const { stats, problem } = changeStats(deviceStorage(), (record) => Object.assign(record, emptyStats()));
    statsProblem(problem);
    update({ stats: { record: stats, confirming: false, copied: false } });
  }
  flush();
  if (what === "reset-yes" || what === "reset-no") $('#stats-body [data-stats="reset"]')?.focus();
  else if (what === "reset") $('#stats-body [data-stats="reset-no"]')?.focus();
}

/** What this module adds to the page (its painters and listeners), on its first use:
 * importing the module does nothing. */
const install = once(() => {
  registerPainter("stats", paint);
  $("#stats-body").addEventListener("click", onStatsClick);
});
