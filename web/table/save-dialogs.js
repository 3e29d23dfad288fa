// What the player is told about the saved game, and their choices (saves.js and
// tab-handover.js decide; this module only shows and asks):
//
//   offerAside(retry)        a saved game could not be restored and was kept aside:
//                            why, and Try again / Export as text / Discard / Later;
//   showHandedOver(playHere) the game goes on in another tab: Play here;
//   showStorageProblem(err)  the game cannot be stored (full, or storage off): a notice.
//
// The two dialogs are made here on first use (the page's markup stays the table's),
// styled by the table's `dialog.sheet`, and their words follow the page's language.

import { onLanguageChange, t } from "../shared/i18n.js";
import { asideList, dropAside } from "./saves.js";
import { state, update } from "./state.js";

const painters = new Set();
function repaintAll() {
  for (const paint of painters) paint();
}

function button(action, key, primary = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.action = action;
  b.dataset.key = key;
  if (primary) b.className = "primary";
  return b;
}

/** A dialog of the table's kind, with a title, paragraphs and buttons. */
function makeDialog(name, parts) {
  const dialog = document.createElement("dialog");
  dialog.className = "sheet";
  dialog.dataset.saves = name;
  dialog.setAttribute("aria-labelledby", `${name}-title`);
  const title = document.createElement("h2");
  title.id = `${name}-title`;
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  buttons.append(...parts.buttons);
  dialog.append(title, ...parts.body, buttons);
  document.body.append(dialog);
  return { dialog, title };
}

function paintButtons(dialog) {
  for (const b of dialog.querySelectorAll("button[data-key]")) b.textContent = t(b.dataset.key);
}

// ---- a saved game kept aside ----------------------------------------------------------

let aside = null; // {dialog, title, why, kept, result, text, entry}
let retrying = null;

function asideDialog() {
  if (aside) return aside;
  const why = document.createElement("p");
  why.className = "aside-why";
  const kept = document.createElement("p");
  const result = document.createElement("p");
  result.className = "aside-result";
  result.setAttribute("role", "status");
  const text = document.createElement("textarea");
  text.readOnly = true;
  text.hidden = true;
  text.rows = 6;
  text.spellcheck = false;
  text.setAttribute("dir", "ltr"); // JSON reads left to right in every language
  text.style.width = "100%";
  text.style.boxSizing = "border-box";
  text.style.fontFamily = "monospace";
  const parts = {
    body: [why, kept, result, text],
    buttons: [
      button("aside-retry", "saves.retry"),
      button("aside-export", "saves.export"),
      button("aside-discard", "saves.discard"),
      button("aside-later", "saves.later", true),
    ],
  };
  const made = makeDialog("aside", parts);
  aside = { ...made, why, kept, result, text, entry: null };
  made.dialog.querySelector('[data-action="aside-later"]').dataset.initialFocus = "";
  made.dialog.addEventListener("click", onAsideClick);
  painters.add(paintAside);
  return aside;
}

function problemText(entry) {
  return t(`saves.problem.${entry.problem}`, { detail: entry.detail ?? "" });
}

function paintAside() {
  if (!aside?.entry) return;
  aside.title.textContent = t("saves.aside.title");
  aside.why.textContent = problemText(aside.entry);
  aside.kept.textContent = t("saves.aside.kept");
  aside.text.setAttribute("aria-label", t("saves.export_label"));
  paintButtons(aside.dialog);
}

/** Show the newest record kept aside (or close the dialog when there is none left). */
function showNewestAside() {
  const list = asideList();
  const { dialog } = asideDialog();
  if (!list.length) {
    aside.entry = null;
    if (dialog.open) dialog.close();
    return;
  }
  aside.entry = list[list.length - 1];
  aside.result.textContent = "";
  aside.text.hidden = true;
  aside.text.value = "";
  paintAside();
  if (!dialog.open) {
    dialog.showModal();
    dialog.querySelector("[data-initial-focus]")?.focus();
  }
}

async function onAsideClick(event) {
  const b = event.target.closest("button[data-action]");
  if (!b || !aside.entry) return;
  const entry = aside.entry;
  if (b.dataset.action === "aside-later") {
    aside.dialog.close();
  } else if (b.dataset.action === "aside-export") {
    aside.text.value = entry.text;
    aside.text.hidden = false;
    aside.text.focus();
    aside.text.select();
  } else if (b.dataset.action === "aside-discard") {
    dropAside(entry.text);
    showNewestAside();
  } else if (b.dataset.action === "aside-retry" && retrying) {
    b.disabled = true;
    const reason = await retrying(entry);
    b.disabled = false;
    if (reason) aside.result.textContent = t("saves.retry_failed", { reason });
    else showNewestAside();
  }
}

/** Offer the records kept aside, newest first; `retry(entry)` restores one (resolving
 * with why it still cannot be, or null). */
export function offerAside(retry) {
  retrying = retry;
  if (asideList().length) showNewestAside();
}

// ---- the game goes on in another tab -----------------------------------------------------

let handed = null; // {dialog, title, text, open: whether it should be open}

function handedDialog(playHere) {
  if (!handed) {
    const text = document.createElement("p");
    const play = button("play-here", "tabs.play_here", true);
    play.dataset.initialFocus = "";
    handed = { ...makeDialog("handed-over", { body: [text], buttons: [play] }), text, wanted: false };
    // it stays until the player plays here: Escape does not dismiss it
    handed.dialog.addEventListener("cancel", (e) => e.preventDefault());
    handed.dialog.addEventListener("close", () => {
      if (handed.wanted) queueMicrotask(() => handed.wanted && !handed.dialog.open && handed.dialog.showModal());
    });
    painters.add(paintHanded);
  }
  handed.playHere = playHere;
  handed.dialog.onclick = (e) => {
    if (e.target.closest('[data-action="play-here"]')) handed.playHere();
  };
  return handed;
}

function paintHanded() {
  if (!handed) return;
  handed.title.textContent = t("tabs.elsewhere.title");
  handed.text.textContent = t("tabs.elsewhere.text");
  paintButtons(handed.dialog);
}

/** The game is played in another tab now: say so, and offer to play it here. */
export function showHandedOver(playHere) {
  const { dialog } = handedDialog(playHere);
  handed.wanted = true;
  paintHanded();
  document.documentElement.dataset.handedOver = "";
  if (!dialog.open) {
    dialog.showModal();
    dialog.querySelector("[data-initial-focus]")?.focus();
  }
}

/** This tab plays again. */
export function closeHandOver() {
  delete document.documentElement.dataset.handedOver;
  if (!handed) return;
  handed.wanted = false;
  if (handed.dialog.open) handed.dialog.close();
}

// ---- the game cannot be stored -----------------------------------------------------------

let problemKey = null;

function paintProblem() {
  if (problemKey && state.notice?.saves) update({ notice: { text: t(problemKey), kind: "error", saves: true } });
}

/** The game cannot be stored: `err` from a write (storage full), or null when the
 * browser keeps no storage at all for the page. */
export function showStorageProblem(err) {
  problemKey = err ? "saves.write_failed" : "saves.storage_off";
  if (err) console.warn(`hasenpfeffer: the game could not be saved (${err?.name ?? ""} ${err?.message ?? err})`);
  update({ notice: { text: t(problemKey), kind: "error", saves: true } });
}

/** A write worked again: the notice about it goes. */
export function clearStorageProblem() {
  problemKey = null;
  if (state.notice?.saves) update({ notice: null });
}

/** What this module adds to the page (its painters and listeners): boot.js calls it
 * once; importing the module does nothing. */
export function installSaveDialogs() {
  onLanguageChange(repaintAll);
  painters.add(paintProblem);
}
