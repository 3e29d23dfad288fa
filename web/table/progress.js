// The loading bar between two of the worker's reports. The worker reports real
// milestones (bytes downloaded, the runtime's files all here, Python started, the
// engine imported: web/engine/load-progress.js); a stage with no bytes to count (Python's
// start) can take seconds on a slow machine. Between two reports the bar moves on
// towards the stage's end (`until`) at the pace the stage usually takes
// (`expected_ms`), slower and slower as it nears it, so it never stands still and
// never gets there before the work does. It never goes back.

const TICK_MS = 200;

/** The bar's fraction `elapsed` ms after `report` ({fraction, until, expected_ms}). */
export function easedFraction(report, elapsed) {
  const { fraction, until, expected_ms: expected } = report;
  if (!(until > fraction) || !(expected > 0)) return fraction;
  return fraction + (until - fraction) * (1 - Math.exp(-Math.max(0, elapsed) / expected));
}

/**
 * Follow the worker's reports: `show(fraction, stage)` at each report and every
 * TICK_MS between them, until `stop()`. Returns {report(fraction, stage, detail), stop}.
 */
export function followLoading(show) {
  let last = null; // {report, at}
  let shown = 0;
  let timer = 0;
  const paint = () => {
    if (!last) return;
    const eased = easedFraction(last.report, performance.now() - last.at);
    shown = Math.min(1, Math.max(shown, eased));
    show(shown, last.report.stage);
  };
  return {
    report(fraction, stage, detail = {}) {
      const { until = fraction, expected_ms = 0 } = detail;
      last = { report: { fraction, stage, until, expected_ms }, at: performance.now() };
      paint();
      if (!timer && until > fraction && expected_ms > 0) timer = setInterval(paint, TICK_MS);
    },
    stop() {
      clearInterval(timer);
      timer = 0;
    },
  };
}
