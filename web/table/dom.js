// The table's elements (static markup of index.html), found once, and text
// escaped for markup. Imports nothing.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export const tableEl = $("#table");
export const handEl = $("#hand");
export const actionsEl = $("#actions");
export const promptEl = $("#prompt");
export const noteEl = $("#note");
export const reasonsEl = $("#reasons");
export const loaderEl = $("#loader");

/** Text escaped for HTML markup (every &, <, >, " and ' as a character reference). */
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
