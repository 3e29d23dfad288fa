// The dialog shell: opening a modal dialog (its contents painted first, the focus on
// its main button) and closing it (the focus back where it was), and the painters
// of the dialogs' contents: each dialog's module registers how the state paints
// it, and render.js calls paintDialogs on every render (again when the
// language changes). Knows no dialog: the controllers are dialogs.js,
// settings-dialog.js and the modules loaded on first use (review, why, stats, daily).

import { flush } from "./state.js";

/** Wait until a dialog closes; resolves with its returnValue. Resolves as the
 * dialog loses its `open` attribute (a microtask after `close()` or the form's
 * submission), not at its "close" event: Chromium fires that about a frame later
 * (10-15 ms, measured), and never if the page goes away first. What a closed
 * dialog means (the summary's mark cleared: saves.js) is then done in the task that
 * closed it, before a reload or a closed tab can lose it. */
export function dialogClosed(dialog) {
  return new Promise((resolve) => {
    const done = () => {
      watch.disconnect();
      dialog.removeEventListener("close", done);
      resolve(dialog.returnValue);
    };
    const watch = new MutationObserver(() => {
      if (!dialog.open) done();
    });
    watch.observe(dialog, { attributes: true, attributeFilter: ["open"] });
    // (a dialog closed and opened again within one task: its close event still comes)
    dialog.addEventListener("close", done);
  });
}

let focusFallback = () => {};

/** What gets the focus when a dialog closes and what had it before is gone. */
export function setFocusFallback(fn) {
  focusFallback = fn;
}

/** Open a modal dialog (its contents painted first; the focus moves to its
 * data-initial-focus button or first control); when it closes, the focus goes
 * back to where it was, or to the fallback when that element has gone.
 * Resolves with its returnValue. */
export function openDialog(dialog) {
  flush();
  dialog.returnValue = "";
  const back = document.activeElement;
  if (!dialog.open) {
    dialog.showModal();
    // the dialog's main button (not `autofocus`: Chromium refuses that inside a
    // cross-origin frame, such as the game in an embed, and logs an error); without
    // scrolling to it: a long dialog (the rules) opens at its top
    dialog.querySelector("[data-initial-focus]")?.focus({ preventScroll: true });
    dialog.scrollTop = 0;
  }
  const closed = dialogClosed(dialog);
  closed.then(() => {
    if (document.querySelector("dialog[open]")) return;
    const usable = back && back !== document.body && back.isConnected && !back.disabled;
    if (usable) {
      back.focus();
    } else {
      // do not leave the focus on a button of the closed dialog
      if (dialog.contains(document.activeElement)) document.activeElement.blur();
      focusFallback();
    }
  });
  return closed;
}

// ---- painting ----------------------------------------------------------------------

// painters keyed by their part of the state (`name`), and painters called on every render
const named = new Map();
const always = [];

/** Paint the dialog `name` with `paint(state)` whenever `state[name]` (set) or the
 * language or four colours changed since it was last painted. */
export function registerPainter(name, paint) {
  named.set(name, paint);
}

/** Call `paint(state)` on every render (a painter that keeps its own memo of what it painted). */
export function addPainter(paint) {
  always.push(paint);
}

// what each dialog was last painted from: [its part of the state, language, four colours]
const painted = {};

/** Whether the dialog `name` is to be painted from `part` now (what it showed changed);
 * remembers it as painted. */
export function changed(name, part, state) {
  const key = [part, state.language, state.settings.fourColour];
  const before = painted[name];
  if (before && before.every((v, i) => v === key[i])) return false;
  painted[name] = key;
  return true;
}

/** Paint the dialogs' contents from the state (render.js calls this on every render). */
export function paintDialogs(state) {
  for (const paint of always) paint(state);
  for (const [name, paint] of named) {
    if (state[name] && changed(name, state[name], state)) paint(state);
  }
}
