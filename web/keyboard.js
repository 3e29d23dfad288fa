// Playing with the keyboard: roving focus in a group of buttons (the hand,
// the bid/trump/alone choices: one Tab stop per group, arrow keys inside),
// and the shortcut keys with the list the shortcuts dialog shows.

// Every word of this module a person reads or hears.
const TEXT = {
  title: "Keyboard shortcuts",
  keyHeading: "Key",
  actionHeading: "What it does",
  moves: [
    ["Tab / Shift+Tab", "Go to the next or previous group: your choices, your hand, the tools"],
    ["← → ↑ ↓", "Move between the cards of your hand, or between the bids and other choices"],
    ["Home / End", "The first or last card or choice"],
    ["Enter / Space", "Play the card, or make the choice"],
    ["Escape", "Close a dialog (focus goes back where it was)"],
  ],
  tools: {
    hint: "Suggest a move",
    undo: "Take back your last decision",
    "last-trick": "Show the last trick",
    table: "Read out the table: score, bids, the trick so far and your hand",
    rules: "How to play",
    settings: "Settings",
    shortcuts: "This list of keyboard shortcuts",
  },
  intro: "The whole game can be played with the keyboard. Your choices or your hand get the focus when it is your turn.",
};

/** Shortcut keys: key (as KeyboardEvent.key, lower case) -> tool. */
export const SHORTCUTS = [
  { key: "h", shown: "H", tool: "hint" },
  { key: "u", shown: "U", tool: "undo" },
  { key: "l", shown: "L", tool: "last-trick" },
  { key: "t", shown: "T", tool: "table" },
  { key: "r", shown: "R", tool: "rules" },
  { key: "s", shown: "S", tool: "settings" },
  { key: "?", shown: "?", tool: "shortcuts" },
];

export function shortcutFor(key) {
  return SHORTCUTS.find((s) => s.key === key.toLowerCase())?.tool ?? null;
}

/** The shortcut shown for a tool (for aria-keyshortcuts and tooltips), or "". */
export function shortcutKey(tool) {
  return SHORTCUTS.find((s) => s.tool === tool)?.shown ?? "";
}

export const SHORTCUTS_TITLE = TEXT.title;

/** The contents of the shortcuts dialog. */
export function shortcutsHTML() {
  const row = (keys, what) => `<tr><th scope="row">${keys
    .split(" / ")
    .map((k) => `<kbd>${k}</kbd>`)
    .join(" / ")}</th><td>${what}</td></tr>`;
  const moves = TEXT.moves.map(([k, w]) => row(k, w)).join("");
  const keys = SHORTCUTS.map((s) => row(s.shown, TEXT.tools[s.tool])).join("");
  return `<p>${TEXT.intro}</p>
    <table class="keys">
      <thead><tr><th scope="col">${TEXT.keyHeading}</th><th scope="col">${TEXT.actionHeading}</th></tr></thead>
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
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = i < 0 ? 0 : (i + 1) % items.length;
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = i < 0 ? 0 : (i - 1 + items.length) % items.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = items.length - 1;
    else return;
    items[next].focus();
    e.preventDefault();
  });
}
