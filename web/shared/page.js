// What this page is, read once from its address and its frame: the game inside an
// embed, a page inside any frame, and where it may keep things (the device's
// storage). Imports nothing; importing it only reads the address.

/** The game inside an embed (index.html?embed=...): nothing is stored (each load is a
 * fresh game with the embed's rules, and embeds on one page share no save), no tips,
 * no installable app. */
export const EMBEDDED = new URLSearchParams(globalThis.location?.search ?? "").has("embed");

/** Whether this page is inside another page: an embed, or any frame (another site's
 * page could frame the table to play a guest or host from it). The LAN table is
 * off then (issue 27). */
export const FRAMED = EMBEDDED || (typeof window !== "undefined" && window.top !== window.self);

/** The device's localStorage, or null where storage is off (a browser setting, a
 * sandboxed frame: reading it throws there). */
export function deviceStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Where the game keeps its save, settings and records: the device's storage, never
 * in an embed (null there, and where storage is off: play goes on without it). */
export function storage() {
  return EMBEDDED ? null : deviceStorage();
}
