"""Browser figures of the puzzles (issue 52), in headless Chromium.

    python scripts/bench_puzzles.py [--site site] [--runs 30]

The built site from one local server, the game page itself: the puzzles opened by a
link (``?puzzle=s5-23``: the first time, the set is fetched and handed to the engine);
then ``--runs`` times "Next puzzle" clicked and timed in the page from the click to the
next puzzle's position drawn (its id on the dialog's body, then the frame painted:
``requestAnimationFrame``); and, for each of those puzzles, its first card (the
verdict: every legal card solved with the solver's line after it) from the click to
the words drawn. Median, 95th percentile and the largest of each, in milliseconds.
Goal (issue 52): "Next puzzle" to a drawn position within 300 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench_web import pct
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS
from hasenpfeffer_site.serve_site import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent

#: In the page: click `selector`, then wait until the dialog shows another puzzle than
#: `before` (or, `before` null, the first card's verdict) and a frame is painted; the
#: milliseconds from the click. (No code made from text: the page's CSP forbids it.)
TIMED_CLICK = """async ([selector, before]) => {
  const body = document.querySelector("#puzzle-body");
  const check = before === null
    ? () => document.querySelector(".puzzle-verdict") !== null
    : () => body.dataset.puzzleId && body.dataset.puzzleId !== before;
  const t = performance.now();
  document.querySelector(selector).click();
  while (!check()) await new Promise((r) => setTimeout(r, 1));
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return performance.now() - t;
}"""


def figures(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 1),
        "p95": round(pct(values, 0.95), 1),
        "max": round(max(values), 1),
    }


def run(site: Path, runs: int) -> dict[str, Any]:
    server, url = serve_in_thread(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(url + "?speed=instant&bots=easy&seed=1&puzzle=s5-23")
            page.wait_for_selector('#puzzle-body[data-puzzle-id="s5-23"]', timeout=120_000)
            nexts: list[float] = []
            answers: list[float] = []
            for _ in range(runs):
                before = page.get_attribute("#puzzle-body", "data-puzzle-id")
                nexts.append(page.evaluate(TIMED_CLICK, ['[data-puzzle="next"]', before]))
                card = ".puzzle-hand button:not(.other)"
                answers.append(page.evaluate(TIMED_CLICK, [card, None]))
            browser.close()
    finally:
        server.shutdown()
    return {"runs": runs, "next_to_drawn_ms": figures(nexts), "first_card_ms": figures(answers)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    out = run(args.site, args.runs)
    nxt, first = out["next_to_drawn_ms"], out["first_card_ms"]
    print(
        f"next puzzle to drawn position, {out['runs']} runs: median {nxt['median']} ms, "
        f"p95 {nxt['p95']} ms, max {nxt['max']} ms (goal <= 300 ms)"
    )
    print(
        f"first card to the verdict's words: median {first['median']} ms, "
        f"p95 {first['p95']} ms, max {first['max']} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
