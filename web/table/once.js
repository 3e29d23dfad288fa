// `once(fn)`: what a module loaded on first use adds to the page (its painters and
// listeners) is added the first time its entry is called, never twice (review, Why?,
// statistics, settings, the deal of the day, Together). Imports nothing; importing it
// does nothing.

/** A function that calls `fn` the first time it is called and does nothing after. */
export function once(fn) {
  let done = false;
  return (...args) => {
    if (done) return;
    done = true;
    fn(...args);
  };
}
