"""The start-up path (issue 31): the page starts the engine's downloads at its first
bytes, and every file the engine needs is downloaded once: the worker finds what the
page preloaded in the HTTP cache and fetches the wasm itself, first thing."""

from __future__ import annotations

import collections
import functools
import gzip
import http.server
import re
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, Route
from playwright.sync_api import Error as PlaywrightError

from conftest import (
    LOAD_TIMEOUT_MS,
    PLAYABLE,
    PageProblems,
    from_origin,
    open_page,
    playable_first_visit,
)
from hasenpfeffer_site.build_site import version_dir
from hasenpfeffer_site.serve_site import QuietHandler

#: The engine's modules in the sources: the page's, and the worker's (joined in the site).
ENGINE_SOURCES = Path(__file__).resolve().parent.parent / "web" / "engine"
PAGE_MODULES = ("early.js", "start.js", "client.js")
#: What the page preloads for the worker (index.html's preload links): its script first,
#: one file (its modules joined by the build: hasenpfeffer_site.worker_bundle).
PRELOADED = (
    "worker.js",
    "build-info.js",
    "pyodide.mjs",
    "pyodide.asm.mjs.gz",
    "python_stdlib_game.zip.gz",  # (the archives' gzipped copies: gzipped_copies.py)
    "pyodide-lock-game.json",
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
    try:
        with playable_first_visit(browser, base + "?speed=instant", problems) as (page, requested):
            on_page = page.evaluate(RESOURCES)
            # the worker was started by the head's first script (web/engine/early.js),
            # while the parser waited for it, and the page's engine client took that one:
            # the page has one worker, and nothing is left waiting to be taken
            started = page.evaluate(
                """() => ({
                  mark: performance.getEntriesByName("hp-worker-started")[0]?.startTime ?? null,
                  interactive: performance.getEntriesByType("navigation")[0].domInteractive,
                  left: "hasenpfefferEarlyWorker" in globalThis,
                  from: window.hasenpfeffer.timings.snapshot,
                })"""
            )
            (worker,) = page.workers
            in_worker = worker.evaluate(RESOURCES)
    finally:
        server.shutdown()
    assert problems.errors == []
    assert all(from_origin(u, base) for u in requested), requested
    (start_module,) = named(on_page, "/web/engine/start.js")
    # over localhost the runtime came started, from the site's snapshot
    assert started["from"] == "shipped", started
    for suffix in (*PRELOADED, "pyodide.asm.wasm.gz", ".whl.gz", "runtime.snapshot"):
        files = [n for n in served if n.endswith(suffix)]
        assert files and all(served[n] == 1 for n in files), (suffix, dict(served))
    # the wasm, the runtime's script, the library and the wheel came as their gzipped
    # copies (the worker decodes them), never as stored; the lock file as the game's,
    # without Pyodide's packages
    wheel = next(version_dir(site_dir).glob("engine/*.whl")).name
    as_stored = {
        "pyodide.asm.wasm",
        "pyodide.asm.mjs",
        "python_stdlib_game.zip",
        wheel,
        "pyodide-lock.json",
    }
    assert not as_stored & set(served), dict(served)
    # the worker came as one file (the build joins its modules): none of them on its own
    joined = {p.name for p in ENGINE_SOURCES.glob("*.js")} - {*PAGE_MODULES, "worker.js"}
    assert joined and not joined & set(served), dict(served)
    for suffix in PRELOADED:
        # requested by the page's preload link (its initiator), not by a module's import,
        # and once (above); (its start against start.js's end, a few ms on localhost,
        # is a race on a loaded machine: 2 ms the other way in one clean-clone run)
        (link, *_) = named(on_page, suffix)
        assert link["type"] == "link", (link, start_module)
    assert started["mark"] is not None and not started["left"], started
    assert started["mark"] < started["interactive"], started
    # the wasm: the worker's first request, before Pyodide's loader has even arrived
    (wasm,) = named(in_worker, "pyodide.asm.wasm.gz")
    (loader,) = named(in_worker, "pyodide.mjs")
    assert wasm["start"] <= loader["start"], (wasm, loader)
    # the engine's wheel: asked for by the worker once the wasm is in (wanted only after
    # Python has started, it does not share the link with the wasm), not by the page
    (wheel_copy,) = named(in_worker, ".whl.gz")
    assert wheel_copy["start"] >= wasm["end"], (wheel_copy, wasm)
    assert named(on_page, ".whl.gz") == [], on_page


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


# ---- downloads that fail on the way (a network change while the page loads) ----------
#
# Chromium cancels the requests in flight when the network changes
# (net::ERR_NETWORK_CHANGED); here a route aborts them with a network error instead.
# The page's modules: web/shared/load-guard.js reloads the page once, then says so.
# The worker's downloads: web/engine/downloads.js asks again (three attempts), and reports
# a download that failed for good (or an HTTP error) as the start's failure.

FAILED_LOADER = "#loader.failed"
GUARD_ALERT = "#loader [role=alert]"
#: What a page with an aborted or refused download says in its console, and only that.
EXPECTED_ERRORS = ("net::ERR_INTERNET_DISCONNECTED", "status of 404")


def _unexpected(problems: PageProblems) -> list[str]:
    return [e for e in problems.errors if not any(s in e for s in EXPECTED_ERRORS)]


def _wait_playable_across_reloads(page: Page, timeout_ms: int = LOAD_TIMEOUT_MS) -> None:
    """Wait until the page is playable, through the reloads the load guard makes (a wait
    in a page that navigates away ends with an error: wait again in the new one)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        try:
            page.wait_for_function(PLAYABLE, timeout=5_000)
            return
        except PlaywrightError:
            if time.monotonic() > deadline:
                raise


def _from_the_worker(request: Request) -> bool:
    """A request of the engine's worker (or of Pyodide's loader in it): a fetch, not the
    page's preload of the same file (resource type "other") nor the service worker's
    precache (which a failed start registers: a fixed version may be waiting)."""
    return request.resource_type == "fetch" and request.service_worker is None


def _documents_and_aborts(
    page: Page, suffix: str, abort_while: Callable[[int, Request], bool]
) -> tuple[list[str], list[str]]:
    """Route every request of the page's context: count the page's document requests, and
    abort a request whose path ends with ``suffix`` (a network error) while
    ``abort_while(documents so far, request)``. Returns the two lists, filled as it goes."""
    documents: list[str] = []
    aborted: list[str] = []

    def route(r: Route) -> None:
        request = r.request
        if request.is_navigation_request():
            documents.append(request.url)
        elif request.url.split("?")[0].endswith(suffix) and abort_while(len(documents), request):
            aborted.append(request.url)
            r.abort("internetdisconnected")
            return
        r.fallback()

    page.context.route("**/*", route)
    return documents, aborted


def test_a_module_that_fails_to_download_once_comes_with_a_reload(
    browser: Browser, base_url: str, problems: PageProblems
) -> None:
    """One of the table's imports (web/table/dom.js) fails while the page first loads: no
    module of the table runs, the load guard reloads the page, and the game plays."""
    page = open_page(browser, base_url, problems)
    try:
        documents, aborted = _documents_and_aborts(
            page, "/web/table/dom.js", lambda documents, _: documents == 1
        )
        page.goto(base_url + "?speed=instant", wait_until="commit")
        _wait_playable_across_reloads(page)
        kind = page.evaluate("performance.getEntriesByType('navigation')[0].type")
    finally:
        page.context.close()
    assert aborted, "the route aborted nothing"
    assert len(documents) == 2 and kind == "reload", (documents, kind)
    assert _unexpected(problems) == [] and problems.external == []


def test_a_module_that_never_downloads_gets_a_message_and_a_button_that_reloads(
    browser: Browser, base_url: str, problems: PageProblems
) -> None:
    """The import fails every time: one automatic reload, then the loader says that the
    game could not load, as an alert, with a "Try again" button that reloads the page
    (and the message again: no second automatic reload within 30 s)."""
    page = open_page(browser, base_url, problems)
    try:
        documents, aborted = _documents_and_aborts(page, "/web/table/dom.js", lambda *_: True)
        page.goto(base_url + "?speed=instant", wait_until="commit")
        alert = page.locator(GUARD_ALERT)
        alert.wait_for(timeout=LOAD_TIMEOUT_MS)
        assert len(documents) == 2, documents
        text = alert.inner_text()
        assert "The game could not load." in text, text
        assert "Check your connection and try again." in text, text
        assert page.locator("#prompt").inner_text() == "The game could not load."
        button = page.get_by_role("button", name="Try again")
        assert button.is_visible()
        assert page.locator("#table").get_attribute("aria-busy") is None
        assert page.locator("#loader").get_attribute("role") is None  # the alert speaks
        with page.expect_navigation():
            button.click()
        page.locator(GUARD_ALERT).wait_for(timeout=LOAD_TIMEOUT_MS)
        page.wait_for_timeout(500)  # (an automatic reload would come at once)
        assert len(documents) == 3, documents
        assert page.locator(GUARD_ALERT).is_visible()
    finally:
        page.context.close()
    assert len(aborted) >= 2
    assert _unexpected(problems) == [] and problems.external == []


@pytest.mark.parametrize(
    ("suffix", "times"),
    [
        # (the archives' gzipped copies, which the worker asks for: gzipped_copies.py)
        ("/python_stdlib_game.zip.gz", 1),  # for Pyodide's loader
        (".whl.gz", 1),  # by the worker itself
        ("/pyodide.asm.wasm.gz", 2),  # the worker's first request, twice
        ("/engine/runtime.snapshot", 1),  # the site's started runtime, by the worker
    ],
)
def test_the_worker_asks_again_for_a_download_that_failed(
    browser: Browser, base_url: str, problems: PageProblems, suffix: str, times: int
) -> None:
    """The worker's request for one of the runtime's files fails with a network error
    (`times` times): the worker asks again and the game plays. The page's own preload of
    the same file is left alone: only the worker's requests count."""
    page = open_page(browser, base_url, problems)
    failed: list[str] = []

    def worker_request(_: int, request: Request) -> bool:
        if not _from_the_worker(request) or len(failed) >= times:
            return False
        failed.append(request.url)
        return True

    try:
        _, aborted = _documents_and_aborts(page, suffix, worker_request)
        page.goto(base_url + "?speed=instant")
        page.wait_for_function(
            f"() => ({PLAYABLE})() || document.querySelector({FAILED_LOADER!r})",
            timeout=LOAD_TIMEOUT_MS,
        )
        loader = page.locator("#loader").inner_text()
        playable = page.evaluate(PLAYABLE)
    finally:
        page.context.close()
    assert len(aborted) == times, aborted
    assert playable, loader
    assert _unexpected(problems) == [] and problems.external == []


@pytest.mark.parametrize(
    ("suffix", "asked"),
    [
        # the gzipped copy refused, then the file as stored: once each
        ((".whl.gz", ".whl"), 2),
        (("/pyodide.asm.wasm.gz", "/pyodide.asm.wasm"), 2),
    ],
    ids=["wheel", "wasm"],
)
def test_a_download_refused_by_the_server_is_not_asked_again_and_is_reported(
    browser: Browser, base_url: str, problems: PageProblems, suffix: tuple[str, ...], asked: int
) -> None:
    """An HTTP error (404) is an answer: the worker does not ask again, the start fails
    and the page shows its failure message (the wasm's 404 left Pyodide's loader waiting
    for ever)."""
    page = open_page(browser, base_url, problems)
    worker_requests: list[str] = []

    def refuse(r: Route) -> None:
        if _from_the_worker(r.request):
            worker_requests.append(r.request.url)
        r.fulfill(status=404, body="gone")

    try:
        page.context.route(lambda url: url.split("?")[0].endswith(suffix), refuse)
        page.goto(base_url + "?speed=instant")
        page.locator(FAILED_LOADER).wait_for(timeout=LOAD_TIMEOUT_MS)
        title = page.locator("#loader .loader-title").inner_text()
        prompt = page.locator("#prompt").inner_text()
        retry = page.get_by_role("button", name="Try again").is_visible()
    finally:
        page.context.close()
    assert title == "The card engine could not start" and retry, title
    assert prompt == "The game could not load.", prompt
    assert len(worker_requests) == asked, worker_requests
    assert _unexpected(problems) == [] and problems.external == []


def test_a_worker_script_refused_by_the_server_is_reported(
    browser: Browser, base_url: str, problems: PageProblems
) -> None:
    """The engine's worker script itself is refused (404): the worker that index.html's
    first script started fails, before or after the page's engine client takes it (the
    client replays what the worker said before), and the page says the engine could not
    start, with its button, instead of waiting for ever."""
    page = open_page(browser, base_url, problems)
    try:
        page.context.route(
            lambda url: url.split("?")[0].endswith("/web/engine/worker.js"),
            lambda r: r.fulfill(status=404, body="gone"),
        )
        page.goto(base_url + "?speed=instant")
        page.locator(FAILED_LOADER).wait_for(timeout=LOAD_TIMEOUT_MS)
        title = page.locator("#loader .loader-title").inner_text()
        retry = page.get_by_role("button", name="Try again").is_visible()
        workers = len(page.workers)
    finally:
        page.context.close()
    assert title == "The card engine could not start" and retry, title
    assert workers <= 1, workers  # the client did not start a second one beside it
    assert _unexpected(problems) == [] and problems.external == []


SNAPSHOT = "/engine/runtime.snapshot"
STARTED_FROM = "() => window.hasenpfeffer.timings?.snapshot"


@pytest.mark.parametrize(
    "answer",
    [
        {"status": 404, "body": b"gone"},
        {"status": 200, "body": bytes(4096)},  # not gzip
        {"status": 200, "body": gzip.compress(b"\x07" * 65536)},  # no Pyodide snapshot
    ],
    ids=["refused", "not-gzip", "not-a-snapshot"],
)
def test_without_a_usable_snapshot_of_the_site_the_runtime_starts_the_usual_way(
    browser: Browser, base_url: str, problems: PageProblems, answer: dict[str, Any]
) -> None:
    """The site's runtime snapshot is refused or damaged: the worker starts Python the
    usual way (and takes the device's own snapshot), the game plays, and nothing is
    reported to the player."""
    page = open_page(browser, base_url, problems)
    try:
        page.context.route(
            lambda url: url.split("?")[0].endswith(SNAPSHOT), lambda r: r.fulfill(**answer)
        )
        page.goto(base_url + "?speed=instant")
        page.wait_for_function(PLAYABLE, timeout=LOAD_TIMEOUT_MS)
        started = page.evaluate(STARTED_FROM)
        notice = page.locator("#notice").is_visible()
    finally:
        page.context.close()
    assert started == "taken", started
    assert not notice
    assert _unexpected(problems) == [] and problems.external == []


#: The worker's word when it gives the site's snapshot up on a slow link
#: (web/engine/runtime-snapshot.js): what is left of it, at the link's rate, and whether
#: it was asked for at all (a link judged too slow before: "not asked for").
GIVEN_UP = re.compile(
    r"starting the runtime the usual way"
    r" \(its snapshot: (\d+) ms (?:more to download|to download, not asked for)\)"
)
#: What a restore saves, by which the worker judges (its SHIPPED_SAVES_MS).
SAVES_MS = int(
    re.search(
        r"^const SHIPPED_SAVES_MS = (\d+);",
        (ENGINE_SOURCES / "runtime-snapshot.js").read_text(encoding="utf-8"),
        re.M,
    )[1]  # type: ignore[index]
)


@pytest.mark.parametrize(
    ("mbit", "started"), [(8, "taken"), (16, "taken"), (40, "shipped")], ids=["8", "16", "40"]
)
def test_the_sites_snapshot_is_given_up_or_kept_as_the_links_rate_says(
    browser: Browser, base_url: str, problems: PageProblems, mbit: int, started: str
) -> None:
    """Over an emulated link of ``mbit`` Mbit/s and 80 ms (Chromium's network conditions,
    the page's and its worker's): at 8 and 16 Mbit/s the snapshot's 6.35 MB would take
    longer than the 1.8 s of start it saves, and the worker starts the usual way (its
    device's own snapshot taken: "taken"), saying so with how long it would have taken:
    at 8 Mbit/s it never asks for it (its bytes would slow the wasm's), at 16 it may
    ask and then give it up; at 40 Mbit/s it is asked for and restored ("shipped"),
    nothing said. What is asserted is the worker's decision (its log, its requests and
    its timings), never a duration."""
    page = open_page(browser, base_url, problems)
    said: list[str] = []
    asked: list[str] = []
    page.on("console", lambda m: GIVEN_UP.search(m.text) and said.append(m.text))
    page.on("request", lambda r: r.url.endswith(SNAPSHOT) and asked.append(r.url))
    try:
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        rate = mbit * 1e6 / 8
        conditions = {"latency": 80, "downloadThroughput": rate, "uploadThroughput": rate}
        session.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
        page.goto(base_url + "?speed=instant")
        page.wait_for_function(PLAYABLE, timeout=2 * LOAD_TIMEOUT_MS)
        source = page.evaluate(STARTED_FROM)
    finally:
        page.context.close()
    assert source == started, (source, said)
    if started == "shipped":
        assert said == [] and len(asked) == 1, (said, asked)
    else:
        # (the worker's message, as the page's console shows it too: once or twice)
        if mbit == 8:
            assert all("not asked for" in t for t in said) and asked == [], (said, asked)
        (left,) = {int(m) for text in said for m in GIVEN_UP.findall(text)}
        assert left > SAVES_MS, said
    assert _unexpected(problems) == [] and problems.external == []


@pytest.mark.parametrize(
    ("address", "module"),
    [("rules.html", "/web/rules/rules.js"), ("embed.html?mode=ranking", "/web/embed/frame.js")],
)
def test_the_other_pages_with_a_loading_state_say_so_too(
    browser: Browser, base_url: str, problems: PageProblems, address: str, module: str
) -> None:
    """The rules page and the embeds' frame have the guard too: their module never comes,
    one automatic reload, then the alert and the button in their loading place."""
    page = open_page(browser, base_url, problems)
    try:
        documents, aborted = _documents_and_aborts(page, module, lambda *_: True)
        page.goto(base_url + address, wait_until="commit")
        alert = page.locator("[data-load-guard] [role=alert]")
        alert.wait_for(timeout=LOAD_TIMEOUT_MS)
        text = alert.inner_text()
        button = page.get_by_role("button", name="Try again").is_visible()
    finally:
        page.context.close()
    assert "The game could not load." in text and button, text
    assert len(documents) == 2 and len(aborted) >= 2, (documents, aborted)
    assert _unexpected(problems) == [] and problems.external == []
