"""What the Python page (python.html, PyScript) costs, in headless Chromium (``make bench-web``).

    python scripts/bench_python_page.py [--site site] [--runs 5]

Measured side by side in one run, from one local server that logs what it sends,
each run in fresh browser profiles (real ones, so the HTTP cache works as a
reader's does):

- time to the first cell's output: from navigation until the page's first
  cell has printed (its ``py-first-output`` mark; PyScript, Pyodide, micropip,
  the engine wheel and CodeMirror all loaded), against the bare page of
  bench_web.py (``loadPyodide`` and one line of Python, ``window.__ready``),
  both cold, and when the page's first editor was made (``py-first-editor``:
  PyScript's worker, and so Python, starts there); then on a repeat visit in
  the same profile, both served by the service worker (the Python page has
  stored its files by then);
- the first visit's bytes until the first output, raw and gzipped at level 6
  (as a compressing host would send them), for both pages: the difference is
  what PyScript and the page add, shown by kind of file; then what the service
  worker downloads after that to make the site work offline;
- the longest main-thread task while the Python page starts (cold).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import json
import re
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from bench_web import BARE, LONGTASKS, BenchHandler
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS
from hasenpfeffer_site.build_site import current_version

ROOT = Path(__file__).resolve().parent.parent

# bench_web's bare page, served inside the version's folder beside its pyodide/ (main())
BARE_URL = "__bench/bare.html"
PAGE_URL = "python.html"
BARE_READY = "window.__ready !== undefined"
PAGE_READY = "performance.getEntriesByName('py-first-output').length > 0"
OFFLINE_READY = "document.documentElement.dataset.offline === 'ready'"
TIMEOUT_MS = 180_000
#: How the first visit's files are told apart in the report (first match wins).
KINDS = (
    ("PyScript (pyscript/)", "pyscript/"),
    ("micropip wheel", "pyodide/micropip-"),
    ("Pyodide runtime", "pyodide/"),
    ("engine wheel", "engine/"),
    ("the page (html, css, js)", ""),
)


class LoggingHandler(BenchHandler):
    """bench_web's bare page and the site; every answer logged as (path, status, whether
    the service worker's precache asked: it fetches with ``cache: "no-cache"``, sent as
    ``Cache-Control: max-age=0``, which the page's own first-visit requests never carry)."""

    log: list[tuple[str, int, bool]] = []  # noqa: RUF012 (shared by the server's threads)
    lock = threading.Lock()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        control = self.headers.get("Cache-Control", "")
        precache = "max-age=0" in control or "no-cache" in control
        with self.lock:
            self.log.append((self.path, int(code), precache))


def sent(log: list[tuple[str, int, bool]], site: Path, precache: bool) -> dict[str, Path]:
    """The site's files the server sent in full (200) for the page (``precache`` False) or
    for the service worker (True), by path: the bench page is not one."""
    out = {}
    for path, code, by_worker in log:
        bare = path.split("?")[0].lstrip("/")
        if code == 200 and by_worker == precache and (site / bare).is_file():
            out[bare] = site / bare
    return out


def sizes(files: dict[str, Path]) -> tuple[int, int]:
    raw = sum(f.stat().st_size for f in files.values())
    return raw, sum(len(gzip.compress(f.read_bytes(), 6)) for f in files.values())


def kind_of(path: str) -> str:
    inside = re.sub(r"^v/[0-9a-f]+/", "", path)  # a path in the version's folder
    return next(name for name, prefix in KINDS if inside.startswith(prefix))


def visit(context: BrowserContext, url: str, ready: str, mark: str | None) -> dict[str, Any]:
    """Open ``url`` in a new tab and wait for ``ready``: ms from navigation (the mark's
    time, or ``window.__ready``) and the longest main-thread task until then."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(ready, timeout=TIMEOUT_MS)
    found: dict[str, Any] = page.evaluate(
        """(mark) => {
          const ms = mark ? performance.getEntriesByName(mark)[0].startTime : window.__ready;
          const editor = performance.getEntriesByName("py-first-editor")[0]?.startTime ?? 0;
          const tasks = (window.__longtasks ?? []).filter(([start]) => start <= ms);
          return { ms, editor, longest: Math.max(0, ...tasks.map(([, d]) => d)),
                   over50: tasks.length };
        }""",
        mark,
    )
    found["page"] = page
    return found


def profile_context(p: Playwright, folder: str) -> BrowserContext:
    context = p.chromium.launch_persistent_context(
        folder, executable_path=CHROMIUM, args=LAUNCH_ARGS
    )
    context.add_init_script(LONGTASKS)
    for page in context.pages:
        page.close()
    return context


def one_run(p: Playwright, base: str, site: Path, bare_first: bool) -> dict[str, Any]:
    log = LoggingHandler.log
    out: dict[str, Any] = {}
    requested: list[str] = []
    with (
        tempfile.TemporaryDirectory(prefix="bench-py-") as bare_dir,
        tempfile.TemporaryDirectory(prefix="bench-py-") as page_dir,
    ):
        bare_context = profile_context(p, bare_dir)
        page_context = profile_context(p, page_dir)
        for context in (bare_context, page_context):
            context.on("request", lambda r: requested.append(r.url))
        order = ["bare", "page"] if bare_first else ["page", "bare"]
        for name in order:
            log.clear()
            if name == "bare":
                v = visit(bare_context, base + BARE_URL, BARE_READY, None)
            else:
                v = visit(page_context, base + PAGE_URL, PAGE_READY, "py-first-output")
            out[f"{name}_cold_ms"] = v["ms"]
            if name == "page":
                out["page_editor_ms"] = v["editor"]
                out["page_longest_task_ms"] = v["longest"]
                out["page_tasks_over_50ms"] = v["over50"]
                # and what the service worker fetches to make the site work offline
                v["page"].wait_for_function(OFFLINE_READY, timeout=TIMEOUT_MS)
                out["offline_files"] = sent(log, site, precache=True)
                out["offline_revalidated"] = sum(1 for _, code, by in log if by and code == 304)
            out[f"{name}_files"] = sent(log, site, precache=False)
            v["page"].close()
        bare_context.close()
        # repeat visits, both served by the service worker the Python page installed
        for name, url, ready, mark in (
            ("page", PAGE_URL, PAGE_READY, "py-first-output"),
            ("bare", BARE_URL, BARE_READY, None),
        ):
            log.clear()
            v = visit(page_context, base + url, ready, mark)
            out[f"{name}_repeat_ms"] = v["ms"]
            # (the bare page has no icon: the browser asks for /favicon.ico)
            out[f"{name}_repeat_server_hits"] = [
                path
                for path, _, _ in log
                if not path.startswith(("/sw.js", "/favicon.ico")) and "/__bench/" not in path
            ]
            v["page"].close()
        page_context.close()
    # (blob: URLs are the page's own memory: PyScript's worker and its code)
    out["off_origin"] = [u for u in requested if not u.startswith((base, "blob:"))]
    return out


def median(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def report(runs: list[dict[str, Any]]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    print()
    print(f"time to the first output, {len(runs)} runs in fresh profiles (median):")
    for label, bare_key, page_key in (
        ("cold", "bare_cold_ms", "page_cold_ms"),
        ("repeat (service worker)", "bare_repeat_ms", "page_repeat_ms"),
    ):
        bare, page = median(runs, bare_key), median(runs, page_key)
        figures[label] = {"bare_ms": bare, "page_ms": page, "ratio": page / bare}
        print(f"  {label}:")
        print(f"    bare loadPyodide page   {bare:7.0f} ms   {[round(r[bare_key]) for r in runs]}")
        print(f"    python.html, 1st cell   {page:7.0f} ms   {[round(r[page_key]) for r in runs]}")
        print(f"    ratio page / bare       {page / bare:7.2f}")
    editor = median(runs, "page_editor_ms")
    print(
        f"  python.html cold: first editor made (Python starts) at {editor:.0f} ms, "
        f"{[round(r['page_editor_ms']) for r in runs]}"
    )
    figures["cold"]["page_first_editor_ms"] = editor
    longest = [round(r["page_longest_task_ms"]) for r in runs]
    print(f"  longest main-thread task until the first output (cold): {longest} ms")

    last = runs[-1]
    bare_raw, bare_gz = sizes(last["bare_files"])
    page_raw, page_gz = sizes(last["page_files"])
    extra = {k: v for k, v in last["page_files"].items() if k not in last["bare_files"]}
    print()
    print("first visit, sent until the first output (raw / gzipped):")
    print(f"  bare loadPyodide page   {bare_raw / 1e6:6.2f} / {bare_gz / 1e6:5.2f} MB")
    print(f"  python.html             {page_raw / 1e6:6.2f} / {page_gz / 1e6:5.2f} MB")
    add_raw, add_gz = page_raw - bare_raw, page_gz - bare_gz
    print(f"  added by the page       {add_raw / 1e6:6.2f} / {add_gz / 1e6:5.2f} MB:")
    by_kind: dict[str, dict[str, Path]] = {}
    for path, file in extra.items():
        by_kind.setdefault(kind_of(path), {})[path] = file
    figures["first_visit"] = {"bare": [bare_raw, bare_gz], "page": [page_raw, page_gz]}
    for name, _ in KINDS:
        if name in by_kind:
            raw, gz = sizes(by_kind[name])
            figures["first_visit"][name] = [raw, gz]
            print(
                f"    {name:24s} {raw / 1e6:6.3f} / {gz / 1e6:5.3f} MB, {len(by_kind[name])} files"
            )
    off_raw, off_gz = sizes(last["offline_files"])
    print(
        f"  then the service worker, to work offline: {off_raw / 1e6:.2f} / {off_gz / 1e6:.2f} MB "
        f"in {len(last['offline_files'])} files (the game's files and the page's group), "
        f"{last['offline_revalidated']} revalidated (304, no body)"
    )
    hits = sorted(
        {h for r in runs for h in r["page_repeat_server_hits"] + r["bare_repeat_server_hits"]}
    )
    print(f"  repeat visits asked the server for: {hits if hits else 'nothing'}")
    off = [u for r in runs for u in r["off_origin"]]
    print(f"  requests off the origin: {off if off else 'none'}")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="What the Python page costs.")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=5, help="runs, fresh profiles each (5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / PAGE_URL).is_file():
        print(f"bench_python_page: {site}/{PAGE_URL} is missing: run `make site`", file=sys.stderr)
        return 1
    global BARE_URL
    BARE_URL = f"v/{current_version(site)}/__bench/bare.html"
    LoggingHandler.pages = {f"/{BARE_URL}": BARE}
    handler = functools.partial(LoggingHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    runs = []
    with sync_playwright() as p:
        for i in range(args.runs):
            # alternate the order so that neither page always goes first
            r = one_run(p, base, site, bare_first=i % 2 == 0)
            runs.append(r)
            print(
                f"  run {i + 1}: cold bare {r['bare_cold_ms']:.0f} ms, "
                f"page {r['page_cold_ms']:.0f} ms; repeat bare {r['bare_repeat_ms']:.0f} ms, "
                f"page {r['page_repeat_ms']:.0f} ms",
                flush=True,
            )
    server.shutdown()
    figures = report(runs)
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
