"""Browser figures of the learning tools (issue 16), in headless Chromium.

    python scripts/bench_learn.py [--site site] [--runs 12] [--daily-runs 10]

Served from one local server, in one page of the built site's version folder
that talks to the engine's worker through ``web/engine/client.js`` (the game
page's own door to it):

- the hand review in the worker: for each run a new game of four medium
  players (seed 3000 + run) is played to the end of its first hand, then the
  ``review`` of South's decisions is timed from the page (the round trip, as
  the review dialog waits for it), and the ``replay`` of the hand's text the
  dialog asks for next; median, 95th percentile and the largest;
- the deal of the day's comparison: for each run a different day's deal
  (``daily``), its first hand played (the player's seat taking its first legal
  choice), then ``daily_result`` for the hard player and for the oracle, one
  after the other as the page asks for them: the two together, median, 95th
  percentile and the largest;
- the longest main-thread task on that page meanwhile (the worker computes:
  the page should stay under 50 ms).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench_web import BenchHandler, pct
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS
from hasenpfeffer_site.build_site import current_version

ROOT = Path(__file__).resolve().parent.parent

PAGE = """<!doctype html><meta charset="utf-8"><title>learning tools timing</title>
<script type="module">
import { EngineClient } from "../web/engine/client.js";
const engine = new EngineClient();
await engine.ready;
window.__longest = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
}).observe({ type: "longtask", buffered: false });
window.__review = async (runs) => {
  const out = [];
  for (let i = 0; i < runs; i++) {
    const levels = ["medium", "medium", "medium", "medium"];
    let state = await engine.call("new_game", { seed: 3000 + i, levels });
    while (!state.view.last_hand) state = (await engine.call("bot_step")).state;
    let t = performance.now();
    const review = await engine.call("review", { seat: 0 });
    const reviewMs = performance.now() - t;
    t = performance.now();
    await engine.call("replay", { hpn: review.hpn });
    const replayMs = performance.now() - t;
    out.push({ review: reviewMs, replay: replayMs, decisions: review.decisions.length });
  }
  return out;
};
window.__daily = async (runs) => {
  const out = [];
  for (let i = 0; i < runs; i++) {
    // a different day each run (a fresh deal: no decision of an earlier run reused)
    const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    let state = await engine.call("daily", { date });
    while (!state.view.last_hand) {
      if (state.human_to_move) {
        const legal = state.options.filter((o) => o.legal).map((o) => o.action);
        state = (await engine.call("act", { action: legal[0] })).state;
      } else state = (await engine.call("bot_step")).state;
    }
    const times = {};
    const t0 = performance.now();
    for (const level of ["hard", "oracle"]) {
      const t = performance.now();
      await engine.call("daily_result", { date, level });
      times[level] = performance.now() - t;
    }
    out.push({ total: performance.now() - t0, ...times });
  }
  return out;
};
window.__ready = true;
</script>"""


def summary(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "p95": pct(values, 0.95), "max": max(values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Browser figures of the learning tools.")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=12, help="hands reviewed (default 12)")
    parser.add_argument(
        "--daily-runs", type=int, default=10, help="deals of the day compared (default 10)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"bench_learn: {args.site}/index.html is missing: run `make site`", file=sys.stderr)
        return 1
    folder = f"v/{current_version(args.site)}/"
    BenchHandler.pages = {f"/{folder}__bench/learn.html": PAGE}
    handler = functools.partial(BenchHandler, directory=str(args.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    results: dict[str, Any] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        page = browser.new_context().new_page()
        page.goto(base + folder + "__bench/learn.html")
        page.wait_for_function("() => window.__ready === true", timeout=120_000)
        runs: list[dict[str, float]] = page.evaluate(f"window.__review({args.runs})")
        results["review_ms"] = summary([r["review"] for r in runs])
        results["replay_ms"] = summary([r["replay"] for r in runs])
        results["decisions"] = [r["decisions"] for r in runs]
        daily: list[dict[str, float]] = page.evaluate(f"window.__daily({args.daily_runs})")
        results["daily_ms"] = summary([d["total"] for d in daily])
        results["daily_hard_ms"] = summary([d["hard"] for d in daily])
        results["daily_oracle_ms"] = summary([d["oracle"] for d in daily])
        results["longest_main_thread_task_ms"] = page.evaluate("window.__longest")
        browser.close()
    server.shutdown()
    r, rp = results["review_ms"], results["replay_ms"]
    print(f"hand review in the worker, {args.runs} hands (South's decisions, round trip):")
    print(
        f"  review  median {r['median']:6.0f} ms, p95 {r['p95']:6.0f} ms, max {r['max']:6.0f} ms"
        " (goal p95 <= 1500)"
    )
    print(f"  replay  median {rp['median']:6.0f} ms, p95 {rp['p95']:6.0f} ms")
    d, dh, do = results["daily_ms"], results["daily_hard_ms"], results["daily_oracle_ms"]
    print(f"deal of the day comparison in the worker, {args.daily_runs} days (hard + oracle):")
    print(
        f"  total   median {d['median']:6.0f} ms, p95 {d['p95']:6.0f} ms, max {d['max']:6.0f} ms"
        " (goal p95 <= 5000)"
    )
    print(f"  hard    median {dh['median']:6.0f} ms, p95 {dh['p95']:6.0f} ms")
    print(f"  oracle  median {do['median']:6.0f} ms, p95 {do['p95']:6.0f} ms")
    print(f"longest main-thread task meanwhile: {results['longest_main_thread_task_ms']:.0f} ms")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
