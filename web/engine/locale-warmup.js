// The locale data the game page will need, loaded by its engine worker at a moment the
// worker has nothing else to do (./runtime-start.js).

/**
 * The page's locale data, loaded by boot() while the worker waits for its snapshot (the
 * downloads, or the device's copy being read: at a moment this thread has nothing else
 * to do, so a repeat visit does not wait for it). A first Intl object of a process reads
 * the browser's locale data (10-40 ms); a dedicated worker shares its page's process,
 * so afterwards the page's own Intl objects (web/shared/i18n.js) take about a
 * millisecond each, and none of that lands in a main-thread task at start-up (issue 31:
 * no task over 50 ms). An embed's shared worker may live in another process: it does
 * not bother. The kinds of Intl object the page makes at start-up, for English (the
 * page's first language) and the browser's first two languages (its likely choice).
 */
export function warmLocaleData() {
  const tags = new Set(["en", ...(self.navigator?.languages ?? []).slice(0, 2)]);
  for (const tag of tags) {
    try {
      new Intl.Collator(tag);
      new Intl.ListFormat(tag);
      new Intl.NumberFormat(tag);
      new Intl.PluralRules(tag);
    } catch {
      // a tag this browser refuses: the page makes do without it warmed
    }
  }
}
