// The table's elements (static markup of index.html), found once.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

export const tableEl = $("#table");
export const handEl = $("#hand");
export const actionsEl = $("#actions");
export const promptEl = $("#prompt");
export const noteEl = $("#note");
export const reasonsEl = $("#reasons");
export const loaderEl = $("#loader");
