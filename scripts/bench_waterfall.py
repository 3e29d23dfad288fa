"""One cold load of the app, as a waterfall: what the page and its worker fetched, when.

    python scripts/bench_waterfall.py [--site site] [--link 80,40]

Serves the built site like ``scripts/bench_web.py`` (same server, same emulated
link), loads the app once in a fresh browser context until it is playable, and
prints: the page's marks and paints, the worker's timings, every resource of the
page and of the worker (start, first byte, end in ms since the page's navigation,
bytes over the network: 0 is the HTTP cache), and the files the server sent more
than once (the service worker's precache, after the first moves, sends some
again). Issue 31: tells whether the engine's downloads start with the page and
whether a file comes twice. One load: a picture, not a figure.
"""

from __future__ import annotations

import argparse
import collections
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

import bench_web
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS

ROOT = Path(__file__).resolve().parent.parent

RESOURCES = """() => performance.getEntriesByType("resource").map((e) => [
  e.startTime, e.responseStart, e.responseEnd, e.transferSize, e.initiatorType,
  e.name.replace(/^.*\\/v\\/[0-9a-f]+\\//, "")])"""
MARKS = """() => Object.fromEntries([
  ...performance.getEntriesByType("mark"), ...performance.getEntriesByType("paint"),
].map((m) => [m.name, Math.round(m.startTime)]))"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--link", type=bench_web.parse_link, default=None, metavar="MS,MBIT")
    args = parser.parse_args(argv)
    served: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()
    serve_file = bench_web.BenchHandler.do_GET

    def counting(handler: bench_web.BenchHandler) -> None:
        with lock:
            served[handler.path.split("?")[0].split("/v/")[-1]] += 1
        serve_file(handler)

    bench_web.BenchHandler.do_GET = counting  # type: ignore[method-assign,assignment]
    server, base, _ = bench_web.serve(args.site)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        bench_web.emulate_link(context, page, args.link)
        page.goto(base + "?speed=instant")
        page.wait_for_function(
            "() => performance.getEntriesByName('hp-playable').length", timeout=180_000
        )
        print("marks and paints:", page.evaluate(MARKS))
        print("worker timings:", page.evaluate("window.hasenpfeffer.timings"))
        rows: list[tuple[str, list[Any]]] = [("page", r) for r in page.evaluate(RESOURCES)]
        origin = page.evaluate("performance.timeOrigin")
        for worker in page.workers:
            shift = worker.evaluate("performance.timeOrigin") - origin
            print(f"worker started at {shift:.0f} ms")
            for r in worker.evaluate(RESOURCES):
                rows.append(("worker", [r[0] + shift, r[1] + shift, r[2] + shift, *r[3:]]))
        browser.close()
    server.shutdown()
    print(f"{'who':<7}{'start':>7}{'first':>7}{'end':>7}{'bytes':>10}  what")
    for who, (start, first, end, size, kind, name) in sorted(rows, key=lambda r: r[1][0]):
        print(f"{who:<7}{start:7.0f}{first:7.0f}{end:7.0f}{size:10d}  {name} ({kind})")
    twice = {name: n for name, n in served.items() if n > 1}
    print(f"requests served: {sum(served.values())}; more than once: {twice or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
