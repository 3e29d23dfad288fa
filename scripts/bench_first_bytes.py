"""The bytes a first visit fetches before the table is playable, counted, not timed.

    python scripts/bench_first_bytes.py [--site site] [--lang en] [--server plain|compressing]
                                        [--snapshot given-up|kept]

One cold load of the app in a fresh Chromium context, served by the web benchmarks'
server (``bench_server``: ``plain`` sends files as stored, ``compressing`` gzips on the
way), no emulated link: what is fetched does not depend on the link's speed but for the
site's runtime snapshot, which ``--snapshot given-up`` (the default) answers with a 404
(not counted), as a slow link gives it up (Playwright's routing would turn the HTTP
cache off: the page's preloads would not serve the worker). Counted: the requests whose
resource entries (the page's and its workers') started before the app's ``hp-playable``
mark, and the document; for each, the bytes the server wrote (status line, headers,
body), read as the mark is seen. Prints the files by bytes and the total (issue 50: the
goal is 5 MB on a plain host). A file the server sent more than once is flagged.
"""

from __future__ import annotations

import argparse
import collections
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

import bench_web
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS

ROOT = Path(__file__).resolve().parent.parent

#: (path, started before playable) of every resource entry of a global (page or worker),
#: with the playable mark's time in the page's clock.
ENTRIES = """(shift) => performance.getEntriesByType("resource")
  .filter((e) => !e.name.startsWith("blob:"))
  .map((e) => [new URL(e.name).pathname, e.startTime + shift])"""
SNAPSHOT = "/engine/runtime.snapshot"
PLAYABLE = "() => performance.getEntriesByName('hp-playable')[0]?.startTime ?? null"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--server", choices=("plain", "compressing"), default="plain")
    parser.add_argument("--snapshot", choices=("given-up", "kept"), default="given-up")
    args = parser.parse_args(argv)
    served: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()
    serve_file = bench_web.BenchHandler.do_GET

    def counting(handler: bench_web.BenchHandler) -> None:
        if args.snapshot == "given-up" and handler.path.endswith(SNAPSHOT):
            handler.send_error(404)  # (not counted: Playwright's routing would cost the HTTP cache)
            return
        with lock:
            served[handler.path] += 1
        serve_file(handler)

    bench_web.BenchHandler.do_GET = counting  # type: ignore[method-assign,assignment]
    server, base, _ = bench_web.serve(args.site, compress=args.server == "compressing")
    counter = server.counter
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        counter.reset()
        page.goto(f"{base}?speed=instant&bots=easy&seed=3&lang={args.lang}")
        deadline = time.monotonic() + 180
        while (playable := page.evaluate(PLAYABLE)) is None:
            if time.monotonic() > deadline:
                raise SystemExit("not playable in 180 s")
            time.sleep(0.02)
        with counter.lock:
            sent = {path: (n, served[path]) for path, n in counter.by_path.items()}
        entries = page.evaluate(ENTRIES, 0)
        origin = page.evaluate("performance.timeOrigin")
        for worker in page.workers:
            shift = worker.evaluate("performance.timeOrigin") - origin
            entries += worker.evaluate(ENTRIES, shift)
        browser.close()
    server.shutdown()
    before = {path for path, start in entries if start < playable}
    before.add(urlsplit(base).path)  # the document
    rows = []
    for path, (n, times) in sent.items():
        if path.split("?")[0] in before and not path.endswith(SNAPSHOT):
            rows.append((n, times, path.split("?")[0]))
    rows.sort(reverse=True)
    total = sum(n for n, _, _ in rows)
    for n, times, path in rows:
        name = path.split("/v/", 1)[-1].split("/", 1)[-1]
        print(f"{n:>10,}  {name}{'' if times == 1 else f'  (sent {times} times)'}")
    print(
        f"{total:>10,}  in all, {len(rows)} files before playable ({args.server} host, "
        f"snapshot {args.snapshot}, lang={args.lang})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
