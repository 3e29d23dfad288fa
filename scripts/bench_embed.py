"""Embed figures: four widgets on one page against one (``make bench-web``).

    python scripts/bench_embed.py [--site site] [--runs 3]

A host page on a second local server (another origin, as on a real rule
page) embeds either one widget (a ``trick`` exercise) or four (``ranking``,
``trick``, ``hand`` and ``game``). Each load runs in a freshly launched
headless Chromium (cold cache, no other pages), alternating the two pages.

- time until interactive: from the host page's navigation to the last
  widget's ``hasenpfeffer-ready`` event (a lesson widget has drawn the
  engine's answer; the game is playable, its ``hp-playable`` mark; as in
  bench_web.py the game's speed is instant, so computer players who bid
  before you do not pause on purpose);
- memory: the proportional set size (PSS, from ``/proc/<pid>/smaps_rollup``)
  summed over the browser process and all its children (renderers, the
  shared worker's process, GPU and utility processes), one second after the
  last widget is ready.

The ratios are medians of four widgets / medians of one widget, in the same
run. The targets are at most 1.3x time and 1.5x memory: the widgets share
one Python runtime (a SharedWorker).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS
from hasenpfeffer_site.serve_site import QuietHandler

ROOT = Path(__file__).resolve().parent.parent

HPN = (
    "HPN 1 hand rules=seed dealer=S scores=-6:0 "
    "deal S:AC KC JC TH 9H AS W:QC QD JD TD QH QS N:AD KD 9D JH KS 9S "
    "E:TC 9C KH JS TS JK widow:AH "
    "3. W:pass N:pass E:pass S:pass | E:trump D discard JK | E:decline | TD KD TS AS / "
    "KS JS 9H QS / AD 9C AC QD / JH TC JC JD / QC 9D KH KC / 9S AH TH QH"
)
TRICK = '<hasenpfeffer-embed mode="trick" trump="S" lead="QH" played="KH" hand="AH 9H JS JK">'
WIDGETS = {
    "one": [TRICK],
    "four": [
        '<hasenpfeffer-embed mode="ranking" trump="H">',
        TRICK,
        f'<hasenpfeffer-embed mode="hand" hpn="{HPN}">',
        '<hasenpfeffer-embed mode="game" rules="traditional" seed="7" speed="instant">',
    ],
}
# the host's script: when each widget became ready (external: the host's CSP is strict)
HOST_JS = """
window.__ready = [];
window.__modes = {};
document.addEventListener("hasenpfeffer-ready", (e) => {
  window.__ready.push(performance.now());
  window.__modes[e.target.getAttribute("mode")] = Math.round(performance.now());
}, true);
document.addEventListener("hasenpfeffer-error", (e) => window.__error = e.detail.message, true);
"""


def host_page(game: str, widgets: list[str]) -> str:
    csp = f"default-src 'self'; script-src 'self' {game}; frame-src {game}"
    body = "\n".join(f"{w}</hasenpfeffer-embed>" for w in widgets)
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}"><title>embed bench</title>
<link rel="icon" href="data:,">
<script src="/host.js"></script>
<script type="module" src="{game}/web/embed.js"></script>
</head><body><h1>A rule page</h1>
{body}
</body></html>"""


class HostHandler(QuietHandler):
    pages: dict[str, str] = {}  # noqa: RUF012

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        page = self.pages.get(path)
        if page is None:
            self.send_error(404)
            return
        body = page.encode()
        self.send_response(200)
        kind = "text/javascript" if path.endswith(".js") else "text/html; charset=utf-8"
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(handler: Any) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def browser_pss_mb(marker: str) -> float:
    """PSS of the browser started with ``marker`` in its command line, and of all
    its descendants, in MB."""
    roots = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmd = Path(f"/proc/{entry}/cmdline").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmd and b"--type=" not in cmd:
                roots.append(int(entry))
    tree = _children()
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        todo.extend(tree.get(pid, []))
    return sum(_pss_kb(pid) for pid in seen) / 1024


def measure(p: Any, url: str, count: int) -> dict[str, Any]:
    marker = f"--bench-embed-{uuid.uuid4().hex}"
    browser = p.chromium.launch(executable_path=CHROMIUM, args=[*LAUNCH_ARGS, marker])
    try:
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(url)
        page.wait_for_function(
            "(n) => window.__error || window.__ready.length >= n", arg=count, timeout=180_000
        )
        error = page.evaluate("window.__error ?? null")
        if error:
            raise SystemExit(f"bench_embed: a widget failed: {error}")
        ready_ms = page.evaluate("Math.max(...window.__ready)")
        modes = page.evaluate("window.__modes")
        time.sleep(1.0)
        memory = browser_pss_mb(marker)
    finally:
        browser.close()
    return {"ready_ms": ready_ms, "pss_mb": memory, "modes": modes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Embed figures: four widgets against one.")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    if not (args.site / "embed.html").is_file():
        print(f"bench_embed: {args.site}/embed.html is missing: run `make site`", file=sys.stderr)
        return 1
    site_server, game = serve(functools.partial(QuietHandler, directory=str(args.site)))
    HostHandler.pages = {"/host.js": HOST_JS}
    for name, widgets in WIDGETS.items():
        HostHandler.pages[f"/{name}.html"] = host_page(game, widgets)
    host_server, host = serve(functools.partial(HostHandler, directory=str(args.site)))
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in WIDGETS}
    with sync_playwright() as p:
        for i in range(args.runs):
            order = list(WIDGETS) if i % 2 == 0 else list(WIDGETS)[::-1]
            for name in order:
                figures = measure(p, f"{host}/{name}.html", len(WIDGETS[name]))
                results[name].append(figures)
                print(
                    f"  run {i + 1} {name:>4}: all ready {figures['ready_ms']:.0f} ms, "
                    f"PSS {figures['pss_mb']:.0f} MB {figures['modes']}",
                    flush=True,
                )
    site_server.shutdown()
    host_server.shutdown()
    med: dict[str, dict[str, float]] = {
        name: {k: statistics.median(r[k] for r in runs) for k in ("ready_ms", "pss_mb")}
        for name, runs in results.items()
    }
    lessons = statistics.median(
        max(t for mode, t in r["modes"].items() if mode != "game") for r in results["four"]
    )
    time_ratio = med["four"]["ready_ms"] / med["one"]["ready_ms"]
    memory_ratio = med["four"]["pss_mb"] / med["one"]["pss_mb"]
    print(
        f"one widget:   ready {med['one']['ready_ms']:.0f} ms, PSS {med['one']['pss_mb']:.0f} MB\n"
        f"four widgets: ready {med['four']['ready_ms']:.0f} ms, "
        f"PSS {med['four']['pss_mb']:.0f} MB\n"
        f"  (its ranking, trick and hand widgets: ready {lessons:.0f} ms, "
        f"{lessons / med['one']['ready_ms']:.2f}x one widget)\n"
        f"ratio four/one: time {time_ratio:.2f}x (target <= 1.3x), "
        f"memory {memory_ratio:.2f}x (target <= 1.5x)"
    )
    if args.json:
        print(
            json.dumps(
                {
                    "runs": results,
                    "medians": med,
                    "time_ratio": time_ratio,
                    "memory_ratio": memory_ratio,
                },
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
