"""Where the page's main thread spends its JavaScript time during one cold start.

    python scripts/profile_start.py [--site site] [--loads 3] [--top 30] [--match toolbar.js]

Loads the game once (not counted), then ``--loads`` times, each in a fresh browser
context (cold cache), with V8's sampling profiler on the page's main thread (every
0.2 ms) from navigation until the table is playable (the ``hp-playable`` mark) and
0.3 s after. Prints, per load, the functions with the most time including what they
call (file, line: function), or only the functions of files whose name contains
``--match``. Forced style and layout inside a function count as its time. The
worker's Python and the compositor are not on this thread and not in these figures.
"""

from __future__ import annotations

import argparse
import collections
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench_web import serve
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS

PLAYABLE = "() => performance.getEntriesByName('hp-playable').length > 0"


def inclusive_times(profile: dict[str, Any]) -> collections.Counter[str]:
    """Milliseconds per function (file:line function), with its callees' time."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"] for child in node.get("children", [])}
    self_us: collections.Counter[int] = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        self_us[sample] += delta
    times: collections.Counter[str] = collections.Counter()
    for node_id, micros in self_us.items():
        seen: set[str] = set()
        current: int | None = node_id
        while current is not None:
            frame = nodes[current]["callFrame"]
            name = frame["url"].rsplit("/", 1)[-1]
            if name:  # (the profiler's own nodes, idle and GC, have no file)
                line = frame["lineNumber"] + 1
                unnamed = "(top level)" if line == 1 else "(anonymous)"
                key = f"{name}:{line} {frame['functionName'] or unnamed}"
                if key not in seen:
                    seen.add(key)
                    times[key] += micros / 1000
            current = parent.get(current)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=Path("site"))
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--match", default="", help="only files whose name contains this")
    parser.add_argument("--query", default="?speed=instant&seed=5")
    args = parser.parse_args()
    server, base, _ = serve(args.site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            for load in range(args.loads + 1):
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Profiler.enable")
                cdp.send("Profiler.setSamplingInterval", {"interval": 200})
                cdp.send("Profiler.start")
                page.goto(base + args.query)
                page.wait_for_function(PLAYABLE, timeout=180_000)
                page.wait_for_timeout(300)  # (the frame after playable, in the profile)
                profile = cdp.send("Profiler.stop")["profile"]
                context.close()
                if load == 0:
                    continue  # the first load of a run is an outlier: not counted
                times = inclusive_times(profile)
                shown = [(k, ms) for k, ms in times.most_common() if args.match in k.split(":")[0]]
                print(f"load {load}:")
                for key, ms in shown[: args.top]:
                    print(f"  {ms:8.1f} ms  {key}")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
