// The first hand's fonts, found while the engine loads.
//
// index.html holds a hidden block of the text styles the first deal brings on screen
// (a bid's bubble, the dealer's chip, the widow, a tip of the guide, the decision
// buttons), in the page's words. Once the page has painted, it is laid out off the
// screen (never painted); when the table is playable, it goes. Why: on Linux, the
// first time a page lays out a font at a size, the renderer asks the browser process
// for that size's rendering settings and waits for the answer, which comes back on the
// renderer's worker threads; when the first deal was drawn, those threads were busy
// compiling the runtime's WebAssembly, and the answer took 200-550 ms: the first deal
// was one long task (issue 31). While the page loads they are not yet busy, and the
// answers are kept for the page's life. e2e/test_startup.py checks that every text
// style on the first deal's screen was laid out before it.

const block = document.querySelector(".font-warmup");

/** Lay the block out once the page has painted (a layout before the first paint would
 * put its font lookups in front of it). */
export function warmFonts() {
  if (!block || typeof PerformanceObserver !== "function") return;
  const start = () => setTimeout(() => {
    if (block.isConnected) block.hidden = false;
  });
  if (performance.getEntriesByName("first-contentful-paint").length) return start();
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    start();
  });
  observer.observe({ type: "paint", buffered: true });
}

/** The table is playable: the block has done its work. */
export function fontsWarmed() {
  block?.remove();
}
