// Playing with the keyboard: roving focus in a group of buttons (the hand,
// the bid/trump/alone choices: one Tab stop per group, arrow keys inside),
// the shortcut keys with the list the shortcuts dialog shows, and the focus put on
// the player's choices when it is their turn (focusFirstControl).

import { t } from "../shared/i18n.js";
import { escapeHTML } from "../shared/html.js";
import { actionsEl, handEl } from "./dom.js";
import { flush, state } from "./state.js";

// The keys of the shortcuts dialog: key caps (as printed on keyboards) and the
// catalogue key of what they do.
const MOVES = [
  ["Tab / Shift+Tab", "shortcuts.tab"],
  ["← → ↑ ↓", "shortcuts.cards"],
  ["Home / End", "shortcuts.first_last"],
  [null, "shortcuts.choose"], // Enter / Space: the names of these keys differ by language
  ["Escape", "shortcuts.close"],
];
const TOOL_TEXT = {
  hint: "shortcuts.hint",
  undo: "shortcuts.undo",
  "last-trick": "shortcuts.last_trick",
  review: "shortcuts.review",
  why: "shortcuts.why",
  table: "shortcuts.table",
  rules: "shortcuts.rules",
  settings: "tool.settings",
  shortcuts: "shortcuts.help",
};

/** Shortcut keys: key (as KeyboardEvent.key, lower case) -> tool. */
export const SHORTCUTS = [
  { key: "h", shown: "H", tool: "hint" },
  { key: "u", shown: "U", tool: "undo" },
  { key: "l", shown: "L", tool: "last-trick" },
  { key: "v", shown: "V", tool: "review" },
  { key: "y", shown: "Y", tool: "why" },
  { key: "t", shown: "T", tool: "table" },
  { key: "r", shown: "R", tool: "rules" },
  { key: "s", shown: "S", tool: "settings" },
  { key: "?", shown: "?", tool: "shortcuts" },
];

export function shortcutFor(key) {
  return SHORTCUTS.find((s) => s.key === key.toLowerCase())?.tool ?? null;
}

/** The contents of the shortcuts dialog. */
export function shortcutsHTML() {
  const row = (keys, what) => `<tr><th scope="row" dir="ltr">${keys
    .split(" / ")
    .map((k) => `<kbd>${escapeHTML(k)}</kbd>`)
    .join(" / ")}</th><td>${escapeHTML(t(what))}</td></tr>`;
  const moves = MOVES.map(([k, w]) => row(k ?? t("shortcuts.enter_space"), w)).join("");
  const keys = SHORTCUTS.map((s) => row(s.shown, TOOL_TEXT[s.tool])).join("");
  return `<p>${escapeHTML(t("shortcuts.intro"))}</p>
    <table class="keys">
      <thead><tr><th scope="col">${escapeHTML(t("shortcuts.col.key"))}</th><th scope="col">${escapeHTML(t("shortcuts.col.what"))}</th></tr></thead>
      <tbody>${moves}${keys}</tbody>
    </table>`;
}

// ---- roving focus ------------------------------------------------------------

const itemKey = (b) => b.dataset.card ?? b.dataset.action ?? "";
const enabledItems = (group) => [...group.querySelectorAll("button:not(:disabled)")];

/** After (re)painting a group: exactly one enabled button is a Tab stop — the
 * one last focused if it is still there, else the first. */
export function updateRoving(group) {
  const items = [...group.querySelectorAll("button")];
  const enabled = items.filter((b) => !b.disabled);
  const current = enabled.find((b) => itemKey(b) === group.dataset.current) ?? enabled[0];
  for (const b of items) b.tabIndex = b === current ? 0 : -1;
  return current ?? null;
}

/** The group's Tab stop (to focus it), or null when nothing in it can be used. */
export function rovingTarget(group) {
  return group.querySelector('button[tabindex="0"]:not(:disabled)') ?? enabledItems(group)[0] ?? null;
}

/** Arrow keys, Home and End move the focus inside the group (wrapping round). */
export function installRoving(group) {
  group.addEventListener("focusin", (e) => {
    const b = e.target.closest("button");
    if (!b || !group.contains(b)) return;
    group.dataset.current = itemKey(b);
    for (const other of group.querySelectorAll("button")) other.tabIndex = other === b ? 0 : -1;
  });
  group.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const items = enabledItems(group);
    if (!items.length) return;
    const i = items.indexOf(document.activeElement);
    let next;
    // right to left (Arabic), the row runs from the right: ArrowLeft goes on
    const rtl = getComputedStyle(group).direction === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    if (e.key === forward || e.key === "ArrowDown") next = i < 0 ? 0 : (i + 1) % items.length;
    else if (e.key === back || e.key === "ArrowUp") next = i < 0 ? 0 : (i - 1 + items.length) % items.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = items.length - 1;
    else return;
    items[next].focus();
    e.preventDefault();
  });
}

/** When it is the player's turn (or the game is over), put the focus on their
 * choices or their hand — but only if the focus is lost (on the page itself,
 * e.g. the card just played is gone) or already there: never taken away from
 * the tools, a dialog or whatever else the player is reading. */
export function focusFirstControl() {
  const game = state.game;
  if (!game || document.querySelector("dialog[open]")) return;
  if (!game.human_to_move && game.view.phase !== "game_over") return;
  flush();
  const active = document.activeElement;
  // lost: on the page itself, or left on a button of a dialog that has closed
  const lost = !active || active === document.body || active === document.documentElement || Boolean(active.closest("dialog:not([open])"));
  if (!lost && !actionsEl.contains(active) && !handEl.contains(active)) return;
  if (actionsEl.contains(active) || handEl.contains(active)) {
    if (!active.disabled) return; // already on something usable
  }
  (rovingTarget(actionsEl) ?? rovingTarget(handEl))?.focus();
}
