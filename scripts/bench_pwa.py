"""Offline-app figures in headless Chromium (``make bench-web``, after bench_web.py).

    python scripts/bench_pwa.py [--site site] [--runs 3]

Each run uses a fresh browser profile (a real one, not incognito, so the
HTTP cache works as a player's does; no request routing, which would turn
that cache off) and one local server that logs every request:

- first visit, cold: time to playable (the app's ``hp-playable`` mark, as in
  bench_web.py), then wait until the service worker has precached the site;
  the bytes the server sent on that visit (raw, and what they come to
  gzipped at level 6, as a compressing host would send them) and whether any
  file was sent in full twice (the precache revalidates what the page already
  has: those are 304 answers, no body);
  and, when the engine started the usual way, until its worker has stored
  its own snapshot of the started runtime (web/engine/worker.js);
- repeat visit, in a new tab of the same profile: time to playable, whether
  every file came from the service worker, and how the engine started (from
  the site's runtime snapshot, "shipped", or the device's, "restored").

The ratio is median repeat / median cold (goal <= 0.60). Both visits are
measured twice: over plain localhost, where downloading costs next to
nothing (so the ratio shows what the service worker saves besides the
network), and over a simulated connection (``--mbps``, ``--rtt-ms``: the
server paces every byte it sends through one shared link and waits one
round trip before each answer; files are sent uncompressed).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS, wait_snapshot_stored
from hasenpfeffer_site.serve_site import QuietHandler

ROOT = Path(__file__).resolve().parent.parent

# Instant animations without a ?speed= query (the page is then the same URL the
# service worker stores, as for a player who opens the site's address).
INSTANT = """
if (!localStorage.getItem("hasenpfeffer.settings.v1"))
  localStorage.setItem("hasenpfeffer.settings.v1", JSON.stringify({ speed: "instant" }));
"""
PLAYABLE = "() => performance.getEntriesByName('hp-playable').length > 0"


class Link:
    """One shared connection of a given speed: bytes pass through it one after another."""

    def __init__(self, mbps: float, rtt_ms: float) -> None:
        self.rate = mbps * 1e6 / 8
        self.rtt = rtt_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0

    def send(self, n: int) -> None:
        with self.lock:
            now = time.monotonic()
            self.free_at = max(now, self.free_at) + n / self.rate
            wait = self.free_at - now
        time.sleep(wait)


class LoggingHandler(QuietHandler):
    log: list[tuple[str, int]] = []  # noqa: RUF012 (shared by the server's threads)
    lock = threading.Lock()
    link: Link | None = None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        with self.lock:
            self.log.append((self.path, int(code)))

    def send_head(self) -> Any:
        if self.link:
            time.sleep(self.link.rtt)
        return super().send_head()

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not self.link:
            super().copyfile(source, outputfile)
            return
        while chunk := source.read(64 * 1024):
            self.link.send(len(chunk))
            outputfile.write(chunk)


def file_of(path: str, site: Path) -> Path:
    bare = path.split("?")[0].lstrip("/")
    return site / (bare or "index.html")


def visit(context: BrowserContext, url: str) -> tuple[float, list[Any], str]:
    """Open the app in a new tab: (time to playable in ms, the tab's responses, how
    the engine started: "shipped" from the site's runtime snapshot, "restored" from the
    one this device stored, or "taken": started the usual way, and stored one)."""
    responses: list[Any] = []
    page = context.new_page()
    page.on("response", lambda r: responses.append(r))
    page.goto(url)
    page.wait_for_function(PLAYABLE, timeout=120_000)
    ms: float = page.evaluate("performance.getEntriesByName('hp-playable')[0].startTime")
    started: str = page.evaluate("window.hasenpfeffer.timings.snapshot")
    page.wait_for_function(
        "() => document.documentElement.dataset.offline === 'ready'", timeout=120_000
    )
    # and, if it started the usual way, until the engine worker has stored its snapshot
    if started in ("taken", "shipped"):
        wait_snapshot_stored(page, 120)
    page.close()
    return ms, responses, started


def one_run(p: Playwright, base: str, site: Path) -> dict[str, Any]:
    log = LoggingHandler.log
    with tempfile.TemporaryDirectory(prefix="bench-pwa-") as profile:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=LAUNCH_ARGS
        )
        context.add_init_script(INSTANT)
        requested: list[str] = []
        context.on("request", lambda r: requested.append(r.url))
        for page in context.pages:
            page.close()
        log.clear()
        cold, _, _ = visit(context, base)
        first = list(log)
        log.clear()
        repeat, responses, started = visit(context, base)
        second = list(log)
        context.close()
    full = [(file_of(path, site), path) for path, code in first if code == 200]
    sent = Counter(f for f, _ in full)
    raw = sum(f.stat().st_size for f in sent)
    gz = sum(len(gzip.compress(f.read_bytes(), 6)) for f in sent)
    ours = [r for r in responses if r.url.startswith(base)]
    return {
        "cold_ms": cold,
        "repeat_ms": repeat,
        "repeat_started": started,
        "files": len(sent),
        "raw_bytes": raw,
        "gzip_bytes": gz,
        "twice": sorted(str(f.relative_to(site)) for f, n in sent.items() if n > 1),
        "revalidated": sum(1 for _, code in first if code == 304),
        "repeat_from_sw": sum(1 for r in ours if r.from_service_worker),
        "repeat_responses": len(ours),
        "repeat_server_hits": [path for path, _ in second if not path.startswith("/sw.js")],
        "off_origin": [u for u in requested if not u.startswith(base)],
    }


def report(title: str, runs: list[dict[str, Any]]) -> dict[str, float]:
    cold = statistics.median(r["cold_ms"] for r in runs)
    repeat = statistics.median(r["repeat_ms"] for r in runs)
    last = runs[-1]
    twice = sorted({f for r in runs for f in r["twice"]})
    off = [u for r in runs for u in r["off_origin"]]
    hits = sorted({h for r in runs for h in r["repeat_server_hits"]})
    print()
    print(f"{title}, {len(runs)} fresh profiles (median):")
    print(f"  first visit, cold        {cold:7.0f} ms   {[round(r['cold_ms']) for r in runs]}")
    print(f"  repeat visit (from SW)   {repeat:7.0f} ms   {[round(r['repeat_ms']) for r in runs]}")
    started = Counter(r["repeat_started"] for r in runs)
    print(f"  ratio repeat / cold      {repeat / cold:7.2f}    (goal <= 0.60)")
    print(
        f"  repeat visits started from the site's runtime snapshot: {started['shipped']}, "
        f"from the device's: {started['restored']}, of {len(runs)}"
    )
    print(
        f"  first visit transferred: {last['raw_bytes'] / 1e6:.2f} MB raw, "
        f"{last['gzip_bytes'] / 1e6:.2f} MB gzipped, {last['files']} files; "
        f"{last['revalidated']} revalidated by the service worker (304, no body)"
    )
    print(f"  files sent in full twice: {twice if twice else 'none'}")
    print(
        f"  repeat visit: {last['repeat_from_sw']} of {last['repeat_responses']} responses "
        f"from the service worker; server asked for: {hits if hits else 'nothing'}"
    )
    print(f"  requests off the origin: {off if off else 'none'}")
    return {
        "cold_ms": cold,
        "repeat_ms": repeat,
        "ratio": repeat / cold,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Offline-app figures of the Hasenpfeffer site.")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3, help="fresh profiles each (default 3)")
    parser.add_argument("--mbps", type=float, default=20, help="simulated link (0: skip it)")
    parser.add_argument("--rtt-ms", type=float, default=40, help="simulated round trip")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "sw.js").is_file():
        print(f"bench_pwa: {site}/sw.js is missing: run `make site`", file=sys.stderr)
        return 1
    handler = functools.partial(LoggingHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    links: list[tuple[str, Link | None]] = [("localhost", None)]
    if args.mbps > 0:
        links.append((f"{args.mbps:g} Mbit/s, {args.rtt_ms:g} ms", Link(args.mbps, args.rtt_ms)))
    results: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in links}
    with sync_playwright() as p:
        for i in range(args.runs):
            for name, link in links:
                LoggingHandler.link = link
                r = one_run(p, base, site)
                results[name].append(r)
                print(
                    f"  run {i + 1}, {name}: cold {r['cold_ms']:.0f} ms, "
                    f"repeat {r['repeat_ms']:.0f} ms ({r['repeat_started']})",
                    flush=True,
                )
    server.shutdown()
    for name, _ in links:
        report(f"offline app over {name}", results[name])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
