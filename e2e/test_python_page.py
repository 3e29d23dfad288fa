"""python.html: editable Python cells (PyScript) that use the engine, offline after one visit.

Like e2e/test_pwa.py, the browser tests serve the site from their own server on a
fixed port and stop it to go offline (``context.set_offline`` would not cover the
service worker's own fetches). Every request that leaves the origin is aborted and
fails the test, the cells' worker's included; so does a console error.
"""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request

from axe import assert_accessible
from conftest import ROOT, PageProblems, open_page
from game_driver import start
from hasenpfeffer_site.build_site import current_version, version_dir
from hasenpfeffer_site.serve_site import QuietHandler
from test_pwa import Server, app_version, guard, read_precache, sw_requests, wait_offline_ready

TRUMPS_HEARTS = "JK JH JD AH KH QH TH 9H"
TRUMPS_SPADES = "JK JS JC AS KS QS TS 9S"
LOAD_MS = 90_000
RUN_MS = 120_000
#: The files the Python page needs beyond the game's (the service worker's "python" group;
#: paths inside the version's folder, or of the page itself): Pyodide's whole standard
#: library too (the game's worker loads its trimmed copy, python_stdlib_game.zip).
GROUP = re.compile(
    r"(python\.html|pyscript/.*|web/python/.*|pyodide/[^/]*\.whl|pyodide/python_stdlib\.zip"
    r"|pyodide/pyodide-lock\.json)"
)


def in_version(path: str) -> str:
    """A path of the site without its version's folder (v/<version>/)."""
    return re.sub(r"^v/[0-9a-f]+/", "", path)


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.stop()


def open_python_page(page: Page, base: str) -> None:
    """Open python.html and wait until the first cell has printed and the status says
    which engine runs (its version asked from the cells' own Python)."""
    page.goto(base + "python.html")
    page.wait_for_function("document.documentElement.dataset.engineVersion", timeout=LOAD_MS)


def output(page: Page, cell: int) -> str:
    return page.locator(".py-editor-output").nth(cell).inner_text()


# A cell has finished: its button no longer says "running" and it printed something.
FINISHED = """(i) => {
  const button = document.querySelectorAll(".py-editor-run-button")[i];
  return !button.classList.contains("running")
    && document.querySelectorAll(".py-editor-output")[i].textContent.trim();
}"""


def run_cell(page: Page, cell: int) -> str:
    """Press a cell's run button; its output once it has finished."""
    page.locator(".py-editor-run-button").nth(cell).click()
    page.wait_for_function(FINISHED, arg=cell, timeout=RUN_MS)
    return output(page, cell)


def edit_cell(page: Page, cell: int, code: str) -> None:
    """Replace a cell's code as a reader would: click into it, select all, type."""
    page.locator(".py-editor-input").nth(cell).locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(code)


def engine_version_of_the_game(page: Page) -> str:
    """The engine version the game's own worker answers (the op the game asks on start)."""
    version: str = page.evaluate(
        """async () => {
          const start = document.querySelector('script[src*="web/engine/start.js"]').src;
          const { EngineClient } = await import(start.replace("start.js", "client.js"));
          const engine = new EngineClient();
          await engine.ready;
          const answer = await engine.call("api_version");
          engine.close();
          return answer.engine_version;
        }"""
    )
    return version


def check_cells(page: Page) -> None:
    """Every cell but the first (which has run) gives the engine's answer."""
    widow = run_cell(page, 1)
    assert re.search(r"The Joker was the widow in \d+ of 20000 deals", widow), widow
    share = float(re.search(r"(\d+\.\d+)%, give or take", widow).group(1))  # type: ignore[union-attr]
    assert 3.0 < share < 5.0  # one card in 25
    trick = run_cell(page, 2).splitlines()
    assert trick[0].startswith("JD wins: it is the highest trump in the trick (hearts are trump)")
    assert "left bower" in trick[0]
    assert trick[1].startswith("9S wins: it is the only trump")
    assert trick[2].startswith("KH wins")
    solved = run_cell(page, 3)
    assert "East bid 3, spades are trump." in solved
    assert "With best play East and West take 5 of 6 tricks." in solved
    assert "West leads QH: the makers take 5" in solved
    assert "West leads QC: the makers take 3" in solved
    match = run_cell(page, 4).splitlines()
    assert len(match) == 10 and match[-2].startswith("easy: ") and match[-1].startswith("medium: ")
    won = [float(line.split(": ")[1].split()[0]) for line in match[-2:]]
    assert sum(won) == 8  # four deals, each played twice


def test_cells_run_and_rerun_offline_after_one_visit(
    browser: Browser, server: Server, site_dir: Path, problems: PageProblems
) -> None:
    server.start(site_dir)
    base = server.url
    context = browser.new_context()
    try:
        context.set_default_timeout(20_000)
        requests = guard(context, base, problems)
        page = context.new_page()
        open_python_page(page, base)
        # the first cell ran by itself
        assert output(page, 0) == TRUMPS_HEARTS + "\n"
        status = page.inner_text("#python-status")
        assert f"the engine {page.evaluate('document.documentElement.dataset.engineVersion')}" in (
            status
        )
        # the cells' Python was installed by micropip from the site, PyScript from the site
        names = {in_version(r.url.split("?")[0].removeprefix(base)) for r in requests}
        assert {
            "pyscript/core.js",
            "pyodide/pyodide.asm.wasm",
            "pyodide/pyodide-lock.json",
        } <= names
        assert any(re.fullmatch(r"pyodide/micropip-[^/]+\.whl", n) for n in names)
        assert any(re.fullmatch(r"engine/hasenpfeffer-[^/]+\.whl", n) for n in names)

        # edited and run again (Shift+Enter in the cell), the cell answers anew
        spades = 'from hasenpfeffer.cards import trump_order\n\nprint(*trump_order("S"))'
        edit_cell(page, 0, spades)
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(
            "(want) => document.querySelector('.py-editor-output').innerText.trim() === want",
            arg=TRUMPS_SPADES,
            timeout=RUN_MS,
        )
        # one Python for every cell: a name defined in one cell is there in the next
        edit_cell(page, 0, "shared_name = 42")
        page.keyboard.press("Shift+Enter")
        page.wait_for_function(
            "!document.querySelector('.py-editor-run-button').classList.contains('running')"
        )
        edit_cell(page, 1, "print(shared_name + 1)")
        assert run_cell(page, 1) == "43\n"
        # an error is shown in the cell, and the next run works again
        edit_cell(page, 1, "from hasenpfeffer.cards import Card\nCard.parse('XX')")
        problems.errors.clear()
        error = run_cell(page, 1)
        assert "XX" in error and "Error" in error
        # (PyScript also logs the cell's exception to the console: that one is expected)
        assert all("XX" in e or "Error" in e for e in problems.errors), problems.errors
        problems.errors.clear()

        wait_offline_ready(page)
        assert "works offline" in page.inner_text("#python-status")

        # the server is gone: the page, PyScript, Pyodide and the engine come from the device
        server.stop()
        requests.clear()
        page.reload()
        page.wait_for_function("document.documentElement.dataset.engineVersion", timeout=LOAD_MS)
        assert output(page, 0) == TRUMPS_HEARTS + "\n"
        check_cells(page)
        assert_accessible(page, "python.html, offline, every cell run")
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


def test_the_game_does_not_download_the_python_page_which_runs_the_games_engine(
    browser: Browser, server: Server, site_dir: Path, problems: PageProblems
) -> None:
    server.start(site_dir)
    base = server.url
    context = browser.new_context()
    try:
        context.set_default_timeout(20_000)
        requests = guard(context, base, problems)
        game = context.new_page()
        start(game, base, "?speed=instant&bots=easy&seed=21")
        wait_offline_ready(game)
        # the game's install stored the game, and nothing only the Python page needs
        stored = {in_version(u.split("?")[0].removeprefix(base)) for u in sw_requests(requests)}
        # (the runtime's wasm as its gzipped copy only: the Python page's Pyodide gets it decoded)
        assert {"pyodide/pyodide.asm.wasm.gz", "web/table/boot.js"} <= stored
        assert "pyodide/pyodide.asm.wasm" not in stored
        assert not [p for p in stored if GROUP.fullmatch(p)], stored
        game_version = engine_version_of_the_game(game)

        requests.clear()
        page = context.new_page()
        open_python_page(page, base)
        assert page.evaluate("document.documentElement.dataset.engineVersion") == game_version
        wait_offline_ready(page)
        # now the service worker keeps the page's own files too
        stored = {in_version(u.split("?")[0].removeprefix(base)) for u in sw_requests(requests)}
        assert {"python.html", "pyscript/core.js", "web/python/page.js"} <= stored
        server.stop()
        page.reload()
        page.wait_for_function("document.documentElement.dataset.engineVersion", timeout=LOAD_MS)
        assert output(page, 0) == TRUMPS_HEARTS + "\n"
        pyscript = f"{base}v/{current_version(site_dir)}/pyscript/"
        served = [r for r in requests if r.url.startswith(pyscript)]
        assert served and all(from_service_worker(r) for r in served)
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


@pytest.fixture(scope="module")
def site_b(source_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Version B: the same site with the Python page's style sheet changed."""
    tmp = tmp_path_factory.mktemp("python-b")
    web = tmp / "web"
    shutil.copytree(ROOT / "web", web)
    with (web / "python" / "python.css").open("a", encoding="utf-8") as f:
        f.write("\n/* version B */\n")
    out = tmp / "site"
    build = [sys.executable, "-m", "hasenpfeffer_site.build_site", "--out", str(out)]
    subprocess.run([*build, "--wheel", str(source_wheel), "--web", str(web)], check=True)
    return out


# In the page: what the waiting service worker's cache holds of the Python page.
WAITING_CACHE = """async (version) => {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return null;
  const name = (await caches.keys()).find((n) => n.includes(`app-${version} `));
  const cache = name && (await caches.open(name));
  const url = new URL(`v/${version}/web/python/python.css`, location.href).href;
  const css = cache && (await cache.match(url));
  return { page: Boolean(await cache?.match(location.href)), css: css ? await css.text() : null };
}"""


def test_an_update_keeps_the_python_page_offline(
    browser: Browser, server: Server, site_dir: Path, site_b: Path, problems: PageProblems
) -> None:
    version_b = app_version(site_b)
    server.start(site_dir)
    base = server.url
    context = browser.new_context()
    try:
        context.set_default_timeout(20_000)
        guard(context, base, problems)
        page = context.new_page()
        open_python_page(page, base)
        wait_offline_ready(page)

        # version B is deployed; the page (still A's) finds it, and B installs in the
        # background with the Python page's files, because A had stored them
        server.start(site_b)
        page.reload()
        page.wait_for_function("document.documentElement.dataset.engineVersion", timeout=LOAD_MS)
        deadline = time.monotonic() + 60
        while (held := page.evaluate(WAITING_CACHE, version_b)) is None:
            assert time.monotonic() < deadline, "version B was not installed"
            time.sleep(0.3)
        assert held["page"] and "version B" in held["css"]

        # B takes over (as when the game's Reload is pressed); offline, B's page runs
        page.evaluate(
            """async () => {
              const registration = await navigator.serviceWorker.getRegistration();
              const waiting = registration.waiting;
              const activated = new Promise((resolve) => waiting.addEventListener(
                "statechange", () => waiting.state === "activated" && resolve()));
              waiting.postMessage({ type: "skip-waiting" });
              await activated;
            }"""
        )
        server.stop()
        page.reload()
        page.wait_for_function("document.documentElement.dataset.engineVersion", timeout=LOAD_MS)
        assert output(page, 0) == TRUMPS_HEARTS + "\n"
        css = page.evaluate(
            "async (v) => (await fetch(`v/${v}/web/python/python.css`)).text()", version_b
        )
        assert "version B" in css
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


def from_service_worker(request: Request) -> bool:
    if request.service_worker is not None:  # the worker's own download
        return True
    response = request.response()
    return response is not None and response.from_service_worker


# ---- the snippets of docs/python-in-pages.md ---------------------------------------------


def doc_snippet(containing: str) -> str:
    """The html block of docs/python-in-pages.md that contains ``containing``."""
    text = (ROOT / "docs" / "python-in-pages.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```html\n(.*?)```", text, re.S) if containing in b]
    return block


class PageHandler(QuietHandler):
    """A folder (or nothing) plus pages held in memory: a teacher's page."""

    pages: dict[str, str]

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path in self.pages or path == "/favicon.ico":
            body = self.pages.get(path, "").encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            super().do_GET()


@pytest.fixture
def serve() -> Iterator[Any]:
    servers: list[Any] = []

    def start_server(directory: Path, pages: dict[str, str]) -> str:
        handler_class = type("Pages", (PageHandler,), {"pages": pages})
        handler = functools.partial(handler_class, directory=str(directory))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start_server
    for server in servers:
        server.shutdown()
        server.server_close()


def teacher_page(head: str, body: str, wheel: str) -> str:
    body = re.sub(r"hasenpfeffer-[^\"/]+\.whl", wheel, body)
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rules</title>'
        f"{head}</head><body><h1>Rules</h1>{body}</body></html>"
    )


def run_every_cell(page: Page) -> list[str]:
    page.wait_for_selector(".py-editor-run-button", timeout=LOAD_MS)
    count = page.locator(".py-editor-run-button").count()
    return [run_cell(page, i) for i in range(count)]


def test_the_same_origin_snippet_runs_in_a_page_next_to_the_site(
    browser: Browser, site_dir: Path, serve: Any, problems: PageProblems
) -> None:
    version = current_version(site_dir)
    head = doc_snippet('href="v/<version>/pyscript/core.css"').replace("<version>", version)
    cells = doc_snippet('"interpreter": "./v/<version>/pyodide/pyodide.mjs"')
    cells = cells.replace("<version>", version)
    wheel = next((version_dir(site_dir) / "engine").glob("*.whl")).name
    base = serve(site_dir, {"/teacher.html": teacher_page(head, cells, wheel)})
    page = open_page(browser, base, problems)
    try:
        page.goto(base + "teacher.html")
        trumps, trick = run_every_cell(page)
        assert trumps == TRUMPS_HEARTS + "\n"
        assert trick.startswith("JD wins: it is the highest trump in the trick")
    finally:
        page.context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


def test_the_other_origin_snippet_runs_from_the_game_site_with_cors(
    browser: Browser, site_dir: Path, serve: Any, tmp_path: Path, problems: PageProblems
) -> None:
    game = serve(site_dir, {})  # hasenpfeffer_site/serve_site.py's headers
    snippet = doc_snippet("https://GAME-SITE/v/<version>/pyscript/core.js")
    snippet = snippet.replace("https://GAME-SITE/", game)
    snippet = snippet.replace("<version>", current_version(site_dir))
    head, cells = snippet.split("\n\n", 1)
    wheel = next((version_dir(site_dir) / "engine").glob("*.whl")).name
    host = serve(tmp_path, {"/teacher.html": teacher_page(head, cells, wheel)})
    assert host != game
    page = open_page(browser, host, problems, also_allowed=(game,))
    try:
        page.goto(host + "teacher.html")
        (trumps,) = run_every_cell(page)
        assert trumps == TRUMPS_HEARTS + "\n"
    finally:
        page.context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


# ---- the built files, without a browser ---------------------------------------------------


def test_the_site_ships_pyscript_and_a_lock_that_accepts_its_micropip(site_dir: Path) -> None:
    folder = version_dir(site_dir)
    prefix = f"v/{current_version(site_dir)}/"
    lock: dict[str, Any] = json.loads(
        (folder / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8")
    )
    micropip = lock["packages"]["micropip"]
    wheel = folder / "pyodide" / micropip["file_name"]
    # what the browser checks (Subresource Integrity) before it loads micropip
    assert micropip["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    # the page's config: the site's own Pyodide and the site's engine wheel
    page = (site_dir / "python.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r"config='([^']+)'", page).group(1))  # type: ignore[union-attr]
    # (the version's folder: the build rewrote the page's references)
    assert config["interpreter"] == f"./{prefix}pyodide/pyodide.mjs"
    (package,) = config["packages"]
    assert (site_dir / package).is_file() and package.startswith(f"./{prefix}engine/hasenpfeffer-")
    assert (folder / "pyscript" / "core.js").is_file()
    assert not list((folder / "pyscript").glob("*.map"))

    # the service worker's "python" group: those files exactly, nothing of the game's
    build = read_precache(site_dir)
    group = set(build["groups"]["python"])
    assert group == {p for p in build["files"] if GROUP.fullmatch(in_version(p))}
    shown = {in_version(p) for p in group}
    assert {"python.html", "pyscript/core.js", f"pyodide/{wheel.name}"} <= shown
    assert "pyodide/pyodide-lock.json" in shown  # the game's worker reads its own copy
    assert not shown & {"index.html", "pyodide/pyodide.mjs", "pyodide/pyodide-lock-game.json"}
    # the demo rule page links to it
    assert '<a href="python.html">' in (site_dir / "demo.html").read_text(encoding="utf-8")
