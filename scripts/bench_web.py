"""Browser figures of the web app, in headless Chromium (``make bench-web``).

    python scripts/bench_web.py [--site site] [--runs 5] [--decisions 60] [--level hard]
                                [--link 80,40] [--server plain|compressing]
                                [--against OTHER_SITE] [--only-start] [--repeat-visits 1]

Measured side by side in one run, from one local server, each page load in a
fresh browser context (cold cache):

- time to playable: from navigation to the first legal card or bid enabled
  (the app's ``hp-playable`` mark; animation speed instant, so computer
  players before you do not wait on purpose), against a bare page that only
  imports the same ``pyodide.mjs`` and runs ``loadPyodide`` plus one line of
  Python. The ratio is median app / median bare. Each page is loaded once
  before the runs, not counted (the first load of a run is an outlier);
- first paint and first contentful paint of the table;
- bytes over the wire until playable: every byte the server wrote for the load (the
  page's requests and its workers', status lines and headers included), counted by
  the server (hasenpfeffer_site.bench_server), for the app and the bare page alike;
- a repeat visit (``--repeat-visits``, default 1 of each page): a page loaded again in
  the same browser profile (a real one, not a private window: its HTTP cache keeps
  large files), with the HTTP cache warm and, for the app, its service worker
  installed (the precache complete) and the engine's runtime snapshot stored: time to
  playable and the bytes the server sent for it;
- bot decision time inside the worker at the hard level: ``bot_step`` answers
  of a game of four hard players (the engine's own ``think_ms`` and the round
  trip seen by the page), median and 95th percentile;
- the longest main-thread task while hard players move on the table.

``--link LATENCY_MS,MBIT`` loads every page over an emulated link (Chromium's
network conditions: that round-trip latency, that bandwidth each way; the
HTTP cache on, cold in each fresh context) instead of straight from localhost:
``--link 80,40`` is a phone on a good mobile network, ``--link 150,8`` on a slow one.
``--server plain`` (the default) serves the files as stored, like Python's ``http.server``
and many simple hosts; ``--server compressing`` gzips text, JavaScript, JSON, SVG, the
wasm, the zip archives and the snapshot on the way, per ``Accept-Encoding``, as a
compressing host does (hasenpfeffer_site.bench_server.COMPRESSED_TYPES). ``--against OTHER_SITE``
also loads a second build of the app
(another commit's ``make site`` output, served from its own origin) in the
same alternating order, to tell whether a change costs start-up time: the two
apps' ``hp-engine-ready`` and ``hp-playable`` marks are compared, run by run,
with the bare page between them; in each run both apps deal the same cards
(``?seed=``), each run another deal. ``--only-start`` stops after the start-up
figures.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from hasenpfeffer_site.bench_server import ByteCounter, MeasuredHandler
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS, wait_snapshot_stored
from hasenpfeffer_site.build_site import current_version

ROOT = Path(__file__).resolve().parent.parent

#: The first run's deal (``?seed=``): run i deals SEED + i in every app it loads.
SEED = 3100

#: The 95th percentile a level's round trip must stay under (every level: issue 19's
#: 800 ms was the expert level's, folded into hard on 2026-12-06).
GOAL_P95_MS = 500

BARE = """<!doctype html><meta charset="utf-8"><title>bare loadPyodide</title>
<script type="module">
const { loadPyodide } = await import("../pyodide/pyodide.mjs");
const py = await loadPyodide({ indexURL: new URL("../pyodide/", location.href).href });
py.runPython("1 + 1");
window.__ready = performance.now();
</script>"""

BOTS = """<!doctype html><meta charset="utf-8"><title>bot timing</title>
<script type="module">
import { EngineClient } from "../web/engine/client.js";
const engine = new EngineClient();
await engine.ready;
window.__run = async (n, level) => {
  await engine.call("new_game", { seed: 2024, levels: [level, level, level, level] });
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    let r = await engine.call("bot_step");
    const trip = performance.now() - t;
    out.push({ think: r.think_ms, trip, phase: r.event.action.split(" ")[0] });
    if (r.state.view.phase === "game_over")
      await engine.call("new_game", { seed: 2025 + i, levels: [level, level, level, level] });
  }
  return out;
};
window.__ready = true;
</script>"""

# Long tasks, and the Long Animation Frames that contain them: their script
# attribution (invoker, source, forced style/layout) says what a slow task was.
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
window.__frames = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.blockingDuration <= 0) continue;
    const scripts = e.scripts.map((s) => ({
      ms: Math.round(s.duration), layout_ms: Math.round(s.forcedStyleAndLayoutDuration),
      what: `${s.invoker} ${(s.sourceURL || "").split("/").pop()}`.trim() }));
    window.__frames.push({ start: e.startTime, ms: Math.round(e.duration),
      render_ms: Math.round(e.startTime + e.duration - e.renderStart), scripts });
  }
}).observe({ type: "long-animation-frame", buffered: true });
"""


def attribution(frames: list[dict[str, Any]], start: float, end: float) -> str:
    """What the long animation frame around [start, end] spent its time on."""
    for f in frames:
        if f["start"] <= start + 1 and f["start"] + f["ms"] >= end - 1:
            parts = [f"{s['what']} {s['ms']} ms (layout {s['layout_ms']})" for s in f["scripts"]]
            return "; ".join([*parts, f"rendering {f['render_ms']} ms"])
    return "no frame attribution"


class BenchHandler(MeasuredHandler):
    # served inside the version's folder (v/<version>/__bench/), beside its pyodide/ and web/
    pages: dict[str, str] = {}  # noqa: RUF012

    def do_GET(self) -> None:
        page = self.pages.get(self.path.split("?")[0])
        if page is None:
            super().do_GET()
            return
        body = page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def emulate_link(context: Any, page: Any, link: tuple[float, float] | None) -> None:
    """Chromium's network conditions on the page and on the workers it starts."""
    if link is None:
        return
    latency, mbit = link
    conditions = {
        "offline": False,
        "latency": latency,
        "downloadThroughput": mbit * 1_000_000 / 8,
        "uploadThroughput": mbit * 1_000_000 / 8,
    }
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    # the HTTP cache stays on, as in a real visit: each load has a fresh context (a
    # cold cache), and the worker finds there the scripts the page preloaded
    session.send("Network.emulateNetworkConditions", conditions)


def wait_quietly(context: BrowserContext, page: Page, script: str, timeout_s: float) -> None:
    """Wait until ``script`` (a function's source) is true in the page, asking every 25 ms
    with a bare DevTools evaluation: Playwright's own wait_for_function first puts its
    330 KB helper script into the page, a main-thread task of 20-40 ms in the middle of
    the start-up it measures (and in its longest-task figure)."""
    session = context.new_cdp_session(page)
    deadline = time.monotonic() + timeout_s
    expression = f"Boolean(({script})())"
    while True:
        answer = session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if answer.get("result", {}).get("value") is True:
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"not true after {timeout_s:.0f} s: {script}")
        time.sleep(0.025)
    session.detach()


#: A pause after each load: the closed page's processes (the bare page's holds the whole
#: runtime on its main thread) may still be exiting in the first moments of the next
#: load, work that no visitor's start shares its two cores with.
SETTLE_S = 1.0


def load_time(
    browser: Browser,
    url: str,
    script: str,
    link: tuple[float, float] | None = None,
    cpu_slowdown: float = 1.0,
    counter: ByteCounter | None = None,
) -> dict[str, Any]:
    """One cold load of ``url`` in a fresh context, until ``script`` is true: its marks,
    and with ``counter`` (the serving server's) the bytes sent until then."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    emulate_link(context, page, link)
    if cpu_slowdown > 1:
        # Chromium's CPU throttling of the page's main thread (a slower device): its tasks
        # take about that many times longer, so tasks of a third to a half of the 50 ms
        # limit show up in the long-task figure
        session = context.new_cdp_session(page)
        session.send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    if counter is not None:
        counter.reset()
    page.goto(url, wait_until="commit")
    wait_quietly(context, page, script, timeout_s=180)
    sent = counter.read() if counter is not None else None
    out: dict[str, Any] = page.evaluate(MARKS)
    if sent is not None:
        out["sent"] = sent
    context.close()
    time.sleep(SETTLE_S)
    return out


#: The marks of a load, read when it is playable.
MARKS = """() => {
          const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? -1;
          const paint = Object.fromEntries(
            performance.getEntriesByType("paint").map((e) => [e.name, e.startTime]));
          return { ready: window.__ready ?? mark("hp-playable"), engine: mark("hp-engine-ready"),
                   fp: paint["first-paint"] ?? -1, fcp: paint["first-contentful-paint"] ?? -1,
                   requests: performance.getEntriesByType("resource").length + 1,
                   // the longest main-thread task until then (start-up)
                   longest: Math.max(0, ...window.__longtasks.map(([, ms]) => ms)) };
        }"""


#: The app's service worker has installed (its precache is complete: web/pwa/pwa.js).
OFFLINE_READY = "() => document.documentElement.dataset.offline === 'ready'"


def repeat_visit(
    p: Playwright,
    url: str,
    script: str,
    link: tuple[float, float] | None,
    counter: ByteCounter,
    app: bool,
) -> dict[str, Any]:
    """A first visit of ``url`` in a fresh browser profile, then, once the app's service
    worker has stored the site (and its engine worker the started runtime), a second
    visit in the same tab: its marks and the bytes the server sent for it."""
    with tempfile.TemporaryDirectory(prefix="bench-web-") as profile:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=LAUNCH_ARGS,
            viewport={"width": 1280, "height": 800},
        )
        context.add_init_script(LONGTASKS)
        page = context.pages[0] if context.pages else context.new_page()
        emulate_link(context, page, link)
        counter.reset()
        page.goto(url, wait_until="commit")
        wait_quietly(context, page, script, timeout_s=180)
        first = counter.read()
        if app:
            wait_quietly(context, page, OFFLINE_READY, timeout_s=300)
            if page.evaluate("window.hasenpfeffer.timings.snapshot") in ("taken", "shipped"):
                wait_snapshot_stored(page, 120)
        time.sleep(SETTLE_S)
        counter.reset()
        page.goto(url, wait_until="commit")
        wait_quietly(context, page, script, timeout_s=180)
        sent = counter.read()
        out: dict[str, Any] = page.evaluate(MARKS)
        if app:
            out["started"] = page.evaluate("window.hasenpfeffer.timings.snapshot")
        out["sent"] = sent
        out["first_sent"] = first
        context.close()
    time.sleep(SETTLE_S)
    return out


def parse_link(text: str) -> tuple[float, float]:
    """``"80,40"``: 80 ms round trip, 40 Mbit/s."""
    try:
        latency, mbit = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--link wants LATENCY_MS,MBIT (e.g. 80,40), not {text!r}"
        ) from None
    if latency < 0 or mbit <= 0:
        raise argparse.ArgumentTypeError("--link: latency >= 0 and bandwidth > 0")
    return latency, mbit


class BenchServer(http.server.ThreadingHTTPServer):
    #: the bytes this server sent (bench_server.ByteCounter)
    counter: ByteCounter

    def handle_error(self, request: Any, client_address: Any) -> None:
        # a download the browser gave up (the runtime snapshot on a slow link) or a page
        # closed mid-load ends its connection: no traceback in the figures' output
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve(site: Path, compress: bool = False) -> tuple[BenchServer, str, str]:
    """Serve one built site, the bench pages beside its version: (server, base, folder).
    ``compress``: gzip on the way as a compressing host does (bench_server)."""
    folder = f"v/{current_version(site)}/"
    pages = {f"/{folder}__bench/bare.html": BARE, f"/{folder}__bench/bots.html": BOTS}
    counter = ByteCounter()
    handler_class = type(
        "SiteHandler", (BenchHandler,), {"pages": pages, "compress": compress, "counter": counter}
    )
    handler = functools.partial(handler_class, directory=str(site))
    server = BenchServer(("127.0.0.1", 0), handler)
    server.counter = counter
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", folder


def longest_task_during_bot_play(
    browser: Browser, base: str, seconds: float, level: str = "hard"
) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(LONGTASKS)
    page = context.new_page()
    page.goto(base + f"?bots={level}&speed=fast&seed=99")
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=120_000)
    start = page.evaluate("performance.now()")
    end = time.monotonic() + seconds
    turns = 0
    while time.monotonic() < end:
        page.wait_for_selector(
            '#table[data-human="1"], dialog[open], #table[data-phase="game_over"]', timeout=60_000
        )
        if page.is_visible("#summary-dialog[open]"):
            page.click('#summary-dialog [data-action="next-hand"]')
            continue
        if page.get_attribute("#table", "data-phase") == "game_over":
            page.wait_for_selector("#gameover-dialog[open]")
            page.click('#gameover-dialog [data-action="new-game"]')
            page.wait_for_selector('#table[data-phase="bidding"]')
            continue
        # the player passes or plays the first legal card: the bots do the rest
        button = page.query_selector(
            '#actions [data-bid="pass"]:not(:disabled), #actions [data-alone="decline"], '
            "#actions [data-trump], #hand button.card:not(:disabled)"
        )
        if button is None:
            break
        button.click()
        turns += 1
    tasks: list[list[float]] = page.evaluate("window.__longtasks")
    frames: list[dict[str, Any]] = page.evaluate("window.__frames")
    context.close()
    during = [(s, d) for s, d in tasks if s >= start]
    slow = [
        {"ms": round(d), "what": attribution(frames, s, s + d)}
        for s, d in sorted(during, key=lambda t: -t[1])
    ]
    return {
        "turns": turns,
        "longest_ms": max((d for _, d in during), default=0.0),
        "over_50ms": len(during),
        "slow_tasks": slow,
    }


def where(args: argparse.Namespace) -> str:
    link = (
        "localhost"
        if args.link is None
        else f"a {args.link[0]:.0f} ms / {args.link[1]:g} Mbit/s link"
    )
    return f"{link}, {args.server} server"


def megabytes(n: float) -> str:
    return f"{n / 1e6:6.2f} MB"


#: The files listed by name in the bytes' breakdown: the largest this many.
BREAKDOWN_FILES = 8


def breakdown(by_file: dict[str, int]) -> str:
    largest = sorted(by_file.items(), key=lambda item: -item[1])[:BREAKDOWN_FILES]
    rest = sum(by_file.values()) - sum(n for _, n in largest)
    parts = [f"{name} {n / 1e6:.2f}" for name, n in largest]
    return ", ".join([*parts, f"the rest {rest / 1e6:.2f}"]) + " (MB)"


def print_bytes(results: dict[str, Any]) -> None:
    """Bytes over the wire until playable, cold (median of the runs, with the last app
    run's files), and on a repeat visit."""
    if "bytes_until_playable" in results:
        print("bytes over the wire until playable, cold (median; requests):")
        for name, figures in results["bytes_until_playable"].items():
            print(
                f"  {LABELS[name]:<22}  {megabytes(figures['bytes'])}  "
                f"({figures['requests']:.0f} requests)   {[round(b) for b in figures['runs']]}"
            )
        print(f"  the app's last run by file: {breakdown(results['app_last_by_file'])}")
    for name, visit in results.get("repeat_visit", {}).items():
        started = f", engine from {visit['started']}" if "started" in visit else ""
        print(
            f"repeat visit, {LABELS[name]}: playable at {visit['ready']:.0f} ms{started}; "
            f"{visit['sent']['bytes']} bytes in {visit['sent']['requests']} requests "
            f"{sorted(visit['sent']['by_file'])} (its first visit until playable: "
            f"{megabytes(visit['first_sent']['bytes']).strip()})"
        )


LABELS = {"bare": "bare loadPyodide page", "app": "the app", "other": "--against"}


def print_start(args: argparse.Namespace, results: dict[str, Any]) -> None:
    if not args.runs:
        print_bytes(results)
        return
    print()
    slower = f", main thread slowed down {args.cpu_slowdown:g}x" if args.cpu_slowdown > 1 else ""
    print(f"time to playable, cold, over {where(args)}{slower}, {args.runs} runs each (median):")

    def line(label: str, values: list[float]) -> None:
        rounded = [round(x) for x in values]
        print(f"  {label:<22}  {statistics.median(values):7.0f} ms   {rounded}")

    line("bare loadPyodide page", results["bare_loadPyodide_ms"])
    line("the app (playable)", results["app_playable_ms"])
    line("the app (engine ready)", results["app_engine_ready_ms"])
    print(f"  ratio app / bare        {results['ratio']:7.2f}    (goal <= 1.10)")
    if "other_playable_ms" in results:
        diff = results["app_minus_other_ms"]
        line("--against (playable)", results["other_playable_ms"])
        line("--against (engine)", results["other_engine_ready_ms"])
        print(f"  ratio --against / bare  {results['other_ratio']:7.2f}")
        print(
            f"  app - against, by run   median {statistics.median(diff):+.0f} ms, "
            f"{sum(d > 0 for d in diff)} of {len(diff)} runs slower   {[round(x) for x in diff]}"
        )
    print(f"first paint               {results['first_paint_ms']:7.0f} ms")
    print(f"first contentful paint    {results['first_contentful_paint_ms']:7.0f} ms")
    print(f"requests of the app page  {results['requests']:7.0f}")
    longest = results["startup_longest_task_ms"]
    print(
        f"longest main-thread task until playable: max {max(longest):.0f} ms "
        f"{[round(x) for x in longest]} (goal: none over 50)"
    )
    if "other_longest_task_ms" in results:
        other = results["other_longest_task_ms"]
        print(f"  --against: max {max(other):.0f} ms {[round(x) for x in other]}")
    print_bytes(results)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Browser figures of the Hasenpfeffer web app.")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument(
        "--runs", type=int, default=5, help="cold loads of each page (default 5; 0: none)"
    )
    parser.add_argument("--decisions", type=int, default=60, help="bot decisions timed")
    parser.add_argument(
        "--level", default="hard", help="the computer players timed and watched (default hard)"
    )
    parser.add_argument("--play-seconds", type=float, default=20, help="bot play watched for jank")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument(
        "--link",
        type=parse_link,
        default=None,
        metavar="LATENCY_MS,MBIT",
        help="load over an emulated link (Chromium's network conditions), e.g. 80,40",
    )
    parser.add_argument(
        "--against",
        type=Path,
        default=None,
        metavar="OTHER_SITE",
        help="also load another build of the app, alternating, and compare it run by run",
    )
    parser.add_argument(
        "--only-start", action="store_true", help="the start-up figures only (no bot timing)"
    )
    parser.add_argument(
        "--cpu-slowdown",
        type=float,
        default=1.0,
        metavar="FACTOR",
        help="the page's main thread slowed down this many times (Chromium's CPU throttling)",
    )
    parser.add_argument(
        "--server",
        choices=("plain", "compressing"),
        default="plain",
        help="plain: files as stored (as Python's http.server); compressing: gzip on the way "
        "per Accept-Encoding, as a compressing host (default plain)",
    )
    parser.add_argument(
        "--repeat-visits",
        type=int,
        default=1,
        metavar="N",
        help="repeat visits of each page measured after the cold runs (default 1; 0: none)",
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"bench_web: {args.site}/index.html is missing: run `make site`", file=sys.stderr)
        return 1
    if args.against is not None and not (args.against / "index.html").is_file():
        print(f"bench_web: {args.against}/index.html is missing", file=sys.stderr)
        return 1
    compress = args.server == "compressing"
    server, base, folder = serve(args.site, compress)
    servers = [server]
    pages = {"bare": base + folder + "__bench/bare.html", "app": base + "?speed=instant"}
    counters = {"bare": server.counter, "app": server.counter}
    if args.against is not None:
        other, other_base, _ = serve(args.against, compress)
        servers.append(other)
        pages["other"] = other_base + "?speed=instant"
        counters["other"] = other.counter
    playable = "() => performance.getEntriesByName('hp-playable').length"
    results: dict[str, Any] = {"link": args.link, "server": args.server}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        loads: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
        order = list(pages)
        # one load of each page first, not counted: the first load of a run reads the
        # server's files from disk and starts the browser's processes (an outlier of
        # several seconds under load, whichever page came first)
        for name in order if args.runs else []:
            script = "() => window.__ready !== undefined" if name == "bare" else playable
            load_time(
                browser,
                pages[name] + ("" if name == "bare" else f"&seed={SEED}"),
                script,
                args.link,
                args.cpu_slowdown,
            )
        for i in range(args.runs):
            # rotate the order so that no page always goes first
            k = i % len(order)
            for name in order[k:] + order[:k]:
                script = "() => window.__ready !== undefined" if name == "bare" else playable
                # the apps of one run deal the same cards (the computer players who bid
                # before you do the same work); each run another deal
                url = pages[name] + ("" if name == "bare" else f"&seed={SEED + i}")
                loads[name].append(
                    load_time(browser, url, script, args.link, args.cpu_slowdown, counters[name])
                )
            print(
                f"  run {i + 1}: "
                + ", ".join(
                    f"{name} {loads[name][-1]['ready']:.0f} ms "
                    f"{loads[name][-1]['sent']['bytes'] / 1e6:.2f} MB"
                    for name in order
                ),
                flush=True,
            )
        if args.runs:
            medians = {
                name: statistics.median(x["ready"] for x in runs) for name, runs in loads.items()
            }
            bare_med, app_med = medians["bare"], medians["app"]
            results["bare_loadPyodide_ms"] = [x["ready"] for x in loads["bare"]]
            results["app_playable_ms"] = [x["ready"] for x in loads["app"]]
            results["app_engine_ready_ms"] = [x["engine"] for x in loads["app"]]
            results["ratio"] = app_med / bare_med
            results["first_paint_ms"] = statistics.median([a["fp"] for a in loads["app"]])
            results["first_contentful_paint_ms"] = statistics.median(
                [a["fcp"] for a in loads["app"]]
            )
            results["requests"] = statistics.median([a["requests"] for a in loads["app"]])
            results["startup_longest_task_ms"] = [a["longest"] for a in loads["app"]]
            results["bytes_until_playable"] = {
                name: {
                    "bytes": statistics.median(x["sent"]["bytes"] for x in runs),
                    "requests": statistics.median(x["sent"]["requests"] for x in runs),
                    "runs": [x["sent"]["bytes"] for x in runs],
                }
                for name, runs in loads.items()
            }
            results["app_last_by_file"] = loads["app"][-1]["sent"]["by_file"]
            if "other" in loads:
                results["other_playable_ms"] = [x["ready"] for x in loads["other"]]
                results["other_engine_ready_ms"] = [x["engine"] for x in loads["other"]]
                results["other_ratio"] = medians["other"] / bare_med
                results["other_longest_task_ms"] = [a["longest"] for a in loads["other"]]
                results["app_minus_other_ms"] = [
                    a["ready"] - o["ready"]
                    for a, o in zip(loads["app"], loads["other"], strict=True)
                ]
        if args.repeat_visits:
            results["repeat_visit"] = {}
            for name in order:
                script = "() => window.__ready !== undefined" if name == "bare" else playable
                url = pages[name] + ("" if name == "bare" else f"&seed={SEED}")
                visits = [
                    repeat_visit(p, url, script, args.link, counters[name], name != "bare")
                    for _ in range(args.repeat_visits)
                ]
                # the median visit by time (its bytes, its files)
                visits.sort(key=lambda v: v["ready"])
                results["repeat_visit"][name] = visits[len(visits) // 2]
        if args.only_start:
            browser.close()
            for s in servers:
                s.shutdown()
            print_start(args, results)
            if args.json:
                print(json.dumps(results, indent=2))
            return 0

        context = browser.new_context()
        page = context.new_page()
        page.goto(base + folder + "__bench/bots.html")
        page.wait_for_function("() => window.__ready === true", timeout=120_000)
        steps: list[dict[str, Any]] = page.evaluate(
            "([n, level]) => window.__run(n, level)", [args.decisions, args.level]
        )
        context.close()
        think = [s["think"] for s in steps]
        trip = [s["trip"] for s in steps]
        results["level"] = args.level
        results["think_ms"] = {"median": statistics.median(think), "p95": pct(think, 0.95)}
        results["round_trip_ms"] = {"median": statistics.median(trip), "p95": pct(trip, 0.95)}
        results["max_round_trip_ms"] = max(trip)
        results["jank"] = longest_task_during_bot_play(browser, base, args.play_seconds, args.level)
        browser.close()
    for s in servers:
        s.shutdown()

    print()
    print_start(args, results)
    t, r = results["think_ms"], results["round_trip_ms"]
    print(f"{args.level} bot in the worker, {args.decisions} decisions:")
    print(f"  engine think time       median {t['median']:6.1f} ms, p95 {t['p95']:6.1f} ms")
    print(
        f"  round trip from page    median {r['median']:6.1f} ms, p95 {r['p95']:6.1f} ms"
        f" (goal p95 <= {GOAL_P95_MS})"
    )
    jank = results["jank"]
    print(
        f"main thread while {args.level} bots play ({jank['turns']} of your turns): longest task "
        f"{jank['longest_ms']:.0f} ms, tasks over 50 ms: {jank['over_50ms']}"
    )
    for task in jank["slow_tasks"][:5]:
        print(f"  {task['ms']:4d} ms: {task['what']}")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
