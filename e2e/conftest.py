"""Fixtures of the browser tests: the built site, a local server, Chromium.

The site is built once per run into a temporary folder (from the wheel in
dist/, or a fresh one when dist/ is missing or older than the sources) and
served on a free localhost port. Under pytest-xdist the worker processes share
that one build: the first to need it builds it while holding a lock file, the
others wait on the lock and use the folder it left (``shared_once``); each
worker serves it with a server of its own and drives a Chromium of its own.
Chromium is Debian's /usr/bin/chromium (`make chromium` installs it);
Playwright cannot download browsers here.

Every page fixture aborts any request that leaves the site's origin and fails
the test if one was attempted, or if the page logged a console error or threw.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Playwright,
    Route,
    sync_playwright,
)

from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS
from hasenpfeffer_site.build_site import current_version
from hasenpfeffer_site.serve_site import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent

LOAD_TIMEOUT_MS = 60_000

#: The game is playable: the app's mark (web/table/boot.js), once its first legal card or
#: bid is enabled.
PLAYABLE = "() => performance.getEntriesByName('hp-playable').length > 0"


def _newest_source_mtime() -> float:
    package = ROOT / "engine" / "hasenpfeffer"
    files = [ROOT / "pyproject.toml", *package.rglob("*.py")]
    return max(p.stat().st_mtime for p in files)


def _wheel(tmp: Path) -> Path:
    tmp.mkdir(exist_ok=True)
    wheels = sorted((ROOT / "dist").glob("hasenpfeffer-*.whl"))
    if len(wheels) == 1 and wheels[0].stat().st_mtime >= _newest_source_mtime():
        return wheels[0]
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp)],
        check=True,
    )
    (wheel,) = tmp.glob("hasenpfeffer-*.whl")
    return wheel


def shared_once(
    tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]
) -> Path:
    """The folder ``name``, made by ``make(folder)`` once per run.

    Without xdist that is once per session. Under xdist each worker has a base
    temporary folder of its own (``popen-gw0``, ...) inside the run's; the folder is
    made there, in the run's, by the first worker that asks, under an exclusive
    lock (``fcntl.flock`` on ``<name>.lock``: released by the kernel if that worker
    dies), and marked done only when ``make`` returned. A worker that finds it done
    uses it as it is; one that finds it half made (its maker failed) makes it anew.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        out = tmp_path_factory.mktemp(name)
        make(out)
        return out
    root = tmp_path_factory.getbasetemp().parent
    out, done = root / name, root / f"{name}.done"
    with (root / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            if out.exists():
                shutil.rmtree(out)
            out.mkdir()
            make(out)
            done.touch()
    return out


def _build_site(folder: Path) -> None:
    wheel = _wheel(folder / "wheel")
    if wheel.parent != folder / "wheel":  # (kept beside the site: ``source_wheel``)
        wheel = Path(shutil.copy2(wheel, folder / "wheel" / wheel.name))
    out = folder / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "hasenpfeffer_site.build_site",
            "--out",
            str(out),
            "--wheel",
            str(wheel),
        ],
        check=True,
    )


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, once per run (shared by the xdist workers; never changed by a test)."""
    return shared_once(tmp_path_factory, "site", _build_site) / "site"


@pytest.fixture(scope="session")
def source_wheel(site_dir: Path) -> Path:
    """The engine wheel the site was built from: what a test gives ``build_site`` to build
    another version (the site's own copy is bytecode for Pyodide's Python alone)."""
    (wheel,) = (site_dir.parent / "wheel").glob("hasenpfeffer-*.whl")
    return wheel


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    server, url = serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def version_url(base_url: str, site_dir: Path) -> str:
    """The URL of the built version's folder (v/<version>/): its modules, runtime, wheel."""
    return f"{base_url}v/{current_version(site_dir)}/"


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"{CHROMIUM} is missing: run `make chromium` (apt-get install chromium)")
    browser = playwright_instance.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
    yield browser
    browser.close()


class PageProblems:
    """What a page did wrong: requests leaving the origin, errors it logged."""

    def __init__(self) -> None:
        self.external: list[str] = []
        self.errors: list[str] = []


def from_origin(url: str, base: str) -> bool:
    """Whether a request's ``url`` is the site's at ``base``: one of its files, or a
    ``blob:`` URL the site's own scripts made (the engine's worker imports the runtime's
    script decoded from its gzipped copy)."""
    return url.startswith((base, "blob:" + base))


@pytest.fixture
def problems() -> PageProblems:
    return PageProblems()


def open_page(
    browser: Browser,
    base_url: str,
    problems: PageProblems,
    width: int = 1280,
    height: int = 800,
    also_allowed: tuple[str, ...] = (),
    locale: str | None = None,
) -> Page:
    """A page that may load only from ``base_url`` (and the ``also_allowed`` origins,
    e.g. a second local server acting as a page that embeds the game). ``locale``:
    the browser's language (navigator.languages), en-US when not given."""
    allowed = (*(base_url, *also_allowed), *("blob:" + a for a in (base_url, *also_allowed)))
    extra = {"locale": locale} if locale else {}
    context = browser.new_context(viewport={"width": width, "height": height}, **extra)
    context.set_default_timeout(20_000)

    def abort(route: Route) -> None:
        problems.external.append(route.request.url)
        route.abort()

    context.route(lambda url: not url.startswith(allowed), abort)
    page = context.new_page()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            problems.errors.append(f"console {message.type}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda e: problems.errors.append(f"page error: {e}"))
    return page


@contextlib.contextmanager
def playable_first_visit(
    browser: Browser,
    url: str,
    problems: PageProblems,
    service_workers: Literal["allow", "block"] = "block",
) -> Iterator[tuple[Page, list[str]]]:
    """A first visit of ``url`` (a new context, a cold cache) until the game is playable:
    the page and the URLs of every request it made so far (its workers' too, and the
    requests yet to come, as they are made); its console errors and page errors go into
    ``problems``. No service worker unless ``service_workers="allow"``: its precache
    (after the first moves) would fetch the files again. The context is closed after the
    ``with`` block."""
    context = browser.new_context(service_workers=service_workers)
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda r: requested.append(r.url))
        page.on("console", lambda m: m.type == "error" and problems.errors.append(m.text))
        page.on("pageerror", lambda e: problems.errors.append(str(e)))
        page.goto(url)
        page.wait_for_function(PLAYABLE, timeout=LOAD_TIMEOUT_MS)
        yield page, requested
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser, base_url: str, problems: PageProblems) -> Iterator[Page]:
    page = open_page(browser, base_url, problems)
    yield page
    page.context.close()
    assert problems.external == [], f"requests left the origin: {problems.external}"
    assert problems.errors == [], f"the page reported errors: {problems.errors}"


class WarmTable:
    """One game page per worker, loaded once (cold) and set to a new game between tests
    through the page's own hook (``window.hasenpfeffer.reset``: web/table/reset.js).

    Its console and error handlers write into whichever ``PageProblems`` the current test
    has (``attach``). If the page is gone or not the game page any more (a test navigated
    away, the page crashed), the next test gets a new context and a cold load. A test may
    reload it (``game_driver.revisit``): the next one finds it with its address's link
    taken away (the link counts at a load only; ``reset`` sets what it set).
    """

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.problems = PageProblems()
        self.page: Page | None = None

    def _load(self) -> Page:
        if self.page is not None:
            self.page.context.close()
        page = open_page(self.browser, self.base_url, self.problems)
        page.goto(self.base_url)
        page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function("() => window.hasenpfeffer?.state != null", timeout=LOAD_TIMEOUT_MS)
        self.page = page
        return page

    def _usable(self) -> bool:
        page = self.page
        # the game page, whatever link a test's ``revisit`` gave its address
        game_pages = (self.base_url, self.base_url + "index.html")
        if page is None or page.is_closed() or page.url.split("?")[0] not in game_pages:
            return False
        if len(page.context.pages) != 1:
            return False
        try:
            # (a game with a LAN guest's seat, even one away, is not the hook's to end)
            ready: bool = page.evaluate(
                "() => typeof window.hasenpfeffer?.reset === 'function'"
                " && window.hasenpfeffer.state != null"
                " && !window.hasenpfeffer.state.remote?.length"
            )
        except Exception:  # a crashed page answers nothing
            return False
        return ready

    def attach(self, problems: PageProblems) -> Page:
        """The page for the next test (loaded anew if it is not usable), reporting into
        ``problems``: at the default size and media (screen, no reduced motion); the
        origin's storage is cleared by the test's first ``game_driver.reset``."""
        self.problems.external = problems.external
        self.problems.errors = problems.errors
        page = self.page if self._usable() else self._load()
        page.evaluate("() => history.replaceState(null, '', location.pathname)")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.emulate_media(media="screen", reduced_motion="no-preference")
        return page

    def detach(self) -> None:
        self.problems.external = []
        self.problems.errors = []

    def close(self) -> None:
        if self.page is not None and not self.page.is_closed():
            self.page.context.close()


@pytest.fixture(scope="session")
def warm_table(browser: Browser, base_url: str) -> Iterator[WarmTable]:
    table = WarmTable(browser, base_url)
    yield table
    table.close()


@pytest.fixture
def warm_page(warm_table: WarmTable, problems: PageProblems) -> Iterator[Page]:
    """The worker's game page, already loaded: begin the test with
    ``game_driver.reset(page, query)`` (a new game as a cold ``start`` with ``query``
    would deal it, the origin's storage cleared), or ``game_driver.revisit(page, query,
    stored)`` for a visit that finds ``stored`` in storage (a saved game, settings,
    records) and for reloads. For tests that do not test the cold path: start-up,
    offline, versions, the service worker, ``add_init_script`` before the load and
    second tabs keep ``page``."""
    page = warm_table.attach(problems)
    yield page
    warm_table.detach()
    assert problems.external == [], f"requests left the origin: {problems.external}"
    assert problems.errors == [], f"the page reported errors: {problems.errors}"
