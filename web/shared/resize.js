// Work that follows a change of an element's size, done in the next animation frame.
//
// A ResizeObserver's callback runs after layout, inside the frame being rendered. A
// callback that changes a size there (a class toggled, a length set) makes the
// browser lay the page out again in the same frame and deliver what that changed;
// when an element it watches changed again, the browser gives up and reports
// "ResizeObserver loop completed with undelivered notifications" (issue 48: WebKit
// did, during play). So the callbacks here only note that a job is due; the jobs run
// together in one requestAnimationFrame callback of the next frame: every job's
// `measure` first (reads only), then every job's `apply` with what it measured (the
// writes), so the page is laid out once for all the reads and once after all writes.

const due = new Set();
let frame = 0;

function runDue() {
  frame = 0;
  const jobs = [...due];
  due.clear();
  const measured = jobs.map((job) => (job.measure ? job.measure() : undefined));
  jobs.forEach((job, i) => job.apply(measured[i]));
}

/** Run `job` ({measure?, apply}) in the next animation frame, once however often it is
 * asked for before then. */
export function inNextFrame(job) {
  due.add(job);
  if (!frame) frame = requestAnimationFrame(runDue);
}

/** A ResizeObserver that runs `job` in the next frame whenever a watched element's size
 * changes (null where the browser has none). Observe elements with its `observe`. */
export function sizeWatcher(job) {
  if (typeof ResizeObserver !== "function") return null;
  return new ResizeObserver(() => inNextFrame(job));
}
