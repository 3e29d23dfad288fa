// The table's elements (static markup of index.html), found once, and the writes
// that touch an element only when what it shows changes. Imports nothing.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export const tableEl = $("#table");
export const handEl = $("#hand");
export const actionsEl = $("#actions");
export const promptEl = $("#prompt");
export const noteEl = $("#note");
export const reasonsEl = $("#reasons");
export const loaderEl = $("#loader");

const shownHTML = new WeakMap();

/** Write markup only when it differs from what was written there last (a repaint of
 * the same cards would cost the frame for nothing). */
export function setHTML(el, html) {
  if (shownHTML.get(el) === html) return;
  shownHTML.set(el, html);
  el.innerHTML = html;
}

/** Write a text only when it differs: an unchanged write still costs the frame a
 * style and layout pass. */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Enable or disable, only when it changes. */
export function setDisabled(el, disabled) {
  if (el.disabled !== disabled) el.disabled = disabled;
}

/** A data attribute, written only when it changes. */
export function setData(el, name, value) {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

/** Show or hide, only when it changes. */
export function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}
