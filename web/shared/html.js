// Text put into markup. Imports nothing.

/** Text escaped for HTML markup (every &, <, >, " and ' as a character reference). */
export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
