"""The start-up path (issue 31): the page starts the engine's downloads at its first
bytes, and every file the engine needs is downloaded once: the worker finds what the
page preloaded in the HTTP cache and fetches the wasm itself, first thing."""

from __future__ import annotations

import collections
import functools
import http.server
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser

from conftest import PageProblems
from serve_site import QuietHandler

#: What the page preloads for the worker (index.html's preload links).
PRELOADED = (
    "worker.js",
    "build-info.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "python_stdlib.zip",
    "pyodide-lock.json",
    ".whl",
)

RESOURCES = """() => performance.getEntriesByType("resource").map((e) => ({
  name: e.name.split("?")[0], type: e.initiatorType, start: e.startTime, end: e.responseEnd,
}))"""


def counting_server(
    site: Path,
) -> tuple[http.server.ThreadingHTTPServer, str, collections.Counter[str]]:
    """The site served as usual, counting the requests for each file name."""
    served: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()

    class Counting(QuietHandler):  # type: ignore[misc]
        def do_GET(self) -> None:
            with lock:
                served[self.path.split("?")[0].rsplit("/", 1)[-1]] += 1
            super().do_GET()

    handler = functools.partial(Counting, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", served


def named(entries: list[dict[str, Any]], suffix: str) -> list[dict[str, Any]]:
    return [e for e in entries if e["name"].endswith(suffix)]


def test_the_engine_downloads_start_with_the_page_and_come_once(
    browser: Browser, site_dir: Path, problems: PageProblems
) -> None:
    server, base, served = counting_server(site_dir)
    # no service worker: its precache (after the first moves) would fetch the files again
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        page.on("console", lambda m: m.type == "error" and problems.errors.append(m.text))
        page.on("pageerror", lambda e: problems.errors.append(str(e)))
        page.goto(base + "?speed=instant")
        page.wait_for_function(
            "() => performance.getEntriesByName('hp-playable').length", timeout=120_000
        )
        on_page = page.evaluate(RESOURCES)
        (worker,) = page.workers
        in_worker = worker.evaluate(RESOURCES)
    finally:
        context.close()
        server.shutdown()
    assert problems.errors == []
    assert all(u.startswith(base) for u in requested), requested
    (start_module,) = named(on_page, "/web/engine/start.js")
    for suffix in (*PRELOADED, "pyodide.asm.wasm"):
        files = [n for n in served if n.endswith(suffix)]
        assert files and all(served[n] == 1 for n in files), (suffix, dict(served))
    for suffix in PRELOADED:
        # requested by the page's preload link, before any of its scripts had arrived
        (link, *_) = named(on_page, suffix)
        assert link["type"] == "link", link
        assert link["start"] < start_module["end"], (link, start_module)
    # the wasm: the worker's first request, before Pyodide's loader has even arrived
    (wasm,) = named(in_worker, "pyodide.asm.wasm")
    (loader,) = named(in_worker, "pyodide.mjs")
    assert wasm["start"] <= loader["start"], (wasm, loader)


def test_an_embedded_game_plays_from_the_same_page(
    browser: Browser, base_url: str, problems: PageProblems
) -> None:
    """?embed (the game inside an embed) starts a shared worker from the same preloads:
    the game plays, nothing is reported wrong."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and problems.errors.append(m.text))
        page.goto(base_url + "?embed=1&speed=instant")
        page.wait_for_function(
            "() => performance.getEntriesByName('hp-playable').length", timeout=120_000
        )
        info = page.evaluate("window.hasenpfeffer.state !== null")
    finally:
        context.close()
    assert info
    assert problems.errors == []
