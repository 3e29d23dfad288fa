"""The game as a Progressive Web App: installable, playable offline, updated whole.

Each test serves the site from its own server on a fixed port, which it stops
(offline) or restarts on another build (update) while the browser keeps the
same origin. ``context.set_offline`` would not cover the service worker's own
fetches, so "offline" here means the server is gone.
"""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import socket
import struct
import subprocess
import sys
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, Route

from conftest import ROOT, PageProblems, from_origin
from game_driver import WAITING, hand, phase, play_until, reload, saved, start, step
from hasenpfeffer_site import catalogues
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS, wait_snapshot_stored
from hasenpfeffer_site.build_site import current_version, version_dir
from hasenpfeffer_site.serve_site import make_server
from hasenpfeffer_site.svg_raster import SvgError, render

QUICK = "?speed=instant&bots=easy&seed=21"


class Server:
    """A site server on one port that can be stopped and started again (on another folder)."""

    def __init__(self) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.server: Any = None

    def start(self, directory: Path) -> None:
        self.stop()
        self.server = make_server(directory, port=self.port)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.stop()


def guard(context: BrowserContext, base: str, problems: PageProblems) -> list[Request]:
    """Abort (and record) any request leaving the origin, the service worker's included
    (context-level routing sees them in Chromium); record console errors of pages.
    Returns the list of every request the context makes."""
    requests: list[Request] = []

    def abort(route: Route) -> None:
        problems.external.append(route.request.url)
        route.abort()

    context.route(lambda url: not from_origin(url, base), abort)
    context.on("request", lambda r: requests.append(r))

    def watch(page: Page) -> None:
        page.on(
            "console",
            lambda m: problems.errors.append(m.text) if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: problems.errors.append(f"page error: {e}"))

    context.on("page", watch)
    for page in context.pages:
        watch(page)
    return requests


def wait_offline_ready(page: Page) -> None:
    """Until the service worker is active, i.e. its precache is complete."""
    page.wait_for_function(
        "() => document.documentElement.dataset.offline === 'ready'", timeout=60_000
    )


# In the page: start `n` more engine workers one after another (each restores a runtime
# snapshot, or takes one) and return how each started and its new game's deal.
FRESH_ENGINES = """async (n) => {
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const { EngineClient } = await import(start.replace("start.js", "client.js"));
  const out = [];
  for (let i = 0; i < n; i++) {
    const client = new EngineClient();
    const timings = await client.ready;
    const game = await client.call("new_game", { rules: "seed" });
    out.push({ snapshot: timings.snapshot, hand: game.view.hand });
    client.close();
  }
  return out;
}"""


# In the page: damage the device's stored runtime snapshot (if any), as a broken write
# would leave it.
DAMAGE_STORED = """async () => {
  const name = (await caches.keys()).find((n) => n.includes(" snapshot "));
  if (!name) return;
  const cache = await caches.open(name);
  for (const key of await cache.keys()) {
    const headers = { "x-snapshot-length": "4096" };
    await cache.put(key, new Response(new Uint8Array(4096).fill(7), { headers }));
  }
}"""

# In the page: damage the service worker's copy of the site's runtime snapshot; returns
# how many copies it found (one: this version's).
DAMAGE_SHIPPED = """async () => {
  let damaged = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (!request.url.endsWith("/engine/runtime.snapshot")) continue;
      await cache.put(request, new Response(new Uint8Array(4096).fill(7)));
      damaged += 1;
    }
  }
  return damaged;
}"""


def sw_requests(requests: list[Request]) -> list[str]:
    return [r.url for r in requests if r.service_worker is not None]


def test_installable_then_plays_offline_and_resumes(
    playwright_instance: Playwright,
    site_dir: Path,
    server: Server,
    tmp_path: Path,
    problems: PageProblems,
) -> None:
    server.start(site_dir)
    base = server.url
    # a real profile (not incognito): Chromium only considers those for installing
    context = playwright_instance.chromium.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=LAUNCH_ARGS
    )
    try:
        context.set_default_timeout(20_000)
        requests = guard(context, base, problems)
        page = context.pages[0] if context.pages else context.new_page()
        start(page, base, QUICK)
        rng = random.Random(5)
        for _ in range(3):
            step(page, rng)
        page.wait_for_selector(WAITING)
        wait_offline_ready(page)
        # the runtime came started, from the site's snapshot: no Python start on the device;
        # the app keeps it as restored, for the next visits
        assert page.evaluate("window.hasenpfeffer.timings.snapshot") == "shipped"
        wait_snapshot_stored(page)

        # precached through the service worker, every request on the origin
        precached = sw_requests(requests)
        names = {u.split("?")[0].rsplit("/", 1)[-1] for u in precached}
        assert {"pyodide.asm.wasm.gz", "python_stdlib_game.zip.gz", "pyodide-lock-game.json"} <= (
            names
        )
        # one version of each file: the wasm, the library as their gzipped copies, which
        # the worker decodes
        assert "pyodide.asm.wasm" not in names and "python_stdlib_game.zip" not in names
        # Pyodide's whole standard library and lock file are the Python page's (its
        # group), not the game's
        assert "python_stdlib.zip" not in names and "pyodide-lock.json" not in names
        assert "runtime.snapshot" in names
        assert {
            "pyodide.mjs",
            "pyodide.asm.mjs.gz",
            "",
            "manifest.webmanifest",
        } <= names  # "": the page
        assert any(n.endswith(".whl.gz") for n in names)  # (the wheel's gzipped copy)
        assert all(from_origin(r.url, base) for r in requests)

        # installable by Chromium's own criteria; the menu offers to install
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        parsed = json.loads(manifest["data"])
        assert parsed["display"] == "standalone" and parsed["start_url"] == "./"
        assert {i["sizes"] for i in parsed["icons"]} >= {"192x192", "512x512"}
        assert any(i.get("purpose") == "maskable" for i in parsed["icons"])
        page.wait_for_selector('[data-tool="install"]:not([hidden])')

        # the settings say how the game is stored
        page.click('[data-tool="settings"]')
        status = page.inner_text("#settings-dialog .offline-status")
        assert "works offline" in status
        if page.evaluate("document.documentElement.dataset.storage") == "best-effort":
            assert "did not grant persistent storage" in status
        page.click('#settings-dialog [data-action="cancel"]')

        before = saved(page)
        before_hand = hand(page)
        assert before is not None

        # the train leaves the station
        server.stop()
        requests.clear()
        reload(page)
        assert saved(page) == before and hand(page) == before_hand
        assert not page.is_visible("#notice")
        # started from the snapshot the first visit stored, not by starting Python again
        assert page.evaluate("window.hasenpfeffer.timings.snapshot") == "restored"
        served = [r for r in requests if r.url.startswith(base)]
        assert served and all(
            r.response() is not None and r.response().from_service_worker  # type: ignore[union-attr]
            for r in served
            if r.service_worker is None
        )
        # the wasm, as the worker asks for it: its gzipped copy, stored as it came
        wasm = next(r.response() for r in served if r.url.endswith("/pyodide.asm.wasm.gz"))
        assert wasm is not None and wasm.headers["content-type"] == "application/gzip"
        assert not [r for r in served if r.url.endswith("/pyodide.asm.wasm")]
        # a full hand, offline
        play_until(page, lambda p: p.is_visible("#summary-dialog[open]"), rng)
        step(page, rng)  # next hand
        page.wait_for_selector(WAITING)
        assert phase(page) in ("bidding", "game_over") or page.is_visible("dialog[open]")

        # every start from the snapshot deals its own games (the stored state of
        # Python's random generator is not replayed)
        first, second = page.evaluate(FRESH_ENGINES, 2)
        assert first["snapshot"] == second["snapshot"] == "restored"
        assert len(first["hand"]) == 6 and first["hand"] != second["hand"]
        # a damaged snapshot of the device's is dropped: the engine starts from the site's
        # (the service worker's copy); when that one is damaged too, the usual way
        page.evaluate(DAMAGE_STORED)
        (damaged,) = page.evaluate(FRESH_ENGINES, 1)
        assert damaged["snapshot"] == "shipped" and len(damaged["hand"]) == 6
        assert page.evaluate(DAMAGE_SHIPPED) == 1
        page.evaluate(DAMAGE_STORED)  # (if the last start stored it again)
        (damaged,) = page.evaluate(FRESH_ENGINES, 1)
        assert damaged["snapshot"] == "taken" and len(damaged["hand"]) == 6
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


@pytest.fixture(scope="module")
def site_b(source_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Version B: the same site with one changed front-end file."""
    tmp = tmp_path_factory.mktemp("version-b")
    web = tmp / "web"
    shutil.copytree(ROOT / "web", web)
    with (web / "table" / "styles.css").open("a", encoding="utf-8") as f:
        f.write("\n/* version B */\n")
    out = tmp / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "hasenpfeffer_site.build_site",
            "--out",
            str(out),
            "--wheel",
            str(source_wheel),
            "--web",
            str(web),
        ],
        check=True,
    )
    return out


def app_version(site: Path) -> str:
    text = (version_dir(site) / "web" / "shared" / "build-info.js").read_text(encoding="utf-8")
    version: str = json.loads(text[text.index("{") : text.rindex("}") + 1])["appVersion"]
    assert version == current_version(site)
    return version


def test_an_update_is_offered_then_loaded_whole_and_the_game_goes_on(
    browser: Browser,
    site_dir: Path,
    site_b: Path,
    server: Server,
    problems: PageProblems,
) -> None:
    version_a, version_b = app_version(site_dir), app_version(site_b)
    assert version_a != version_b
    server.start(site_dir)
    base = server.url
    context = browser.new_context()
    try:
        context.set_default_timeout(20_000)
        requests = guard(context, base, problems)
        page = context.new_page()
        start(page, base, QUICK)
        rng = random.Random(9)
        for _ in range(4):
            step(page, rng)
        page.wait_for_selector(WAITING)
        wait_offline_ready(page)
        assert page.evaluate("document.documentElement.dataset.appVersion") == version_a
        game = saved(page)
        assert game is not None

        # version B is deployed; the open app (served by A's worker) finds it
        server.start(site_b)
        page.reload()
        page.wait_for_selector("#update-notice:not([hidden])", timeout=60_000)
        assert "new version is ready" in page.inner_text("#update-notice")
        assert page.evaluate("document.documentElement.dataset.appVersion") == version_a
        page.wait_for_selector("#loader[hidden]", state="attached", timeout=60_000)

        requests.clear()
        with page.expect_navigation():
            page.click('#update-notice [data-action="update-reload"]')
        page.wait_for_selector("#loader[hidden]", state="attached", timeout=60_000)
        page.wait_for_selector(WAITING)
        assert page.evaluate("document.documentElement.dataset.appVersion") == version_b
        assert not page.is_visible("#update-notice")
        # the game in progress is still there
        assert saved(page) == game
        assert not page.is_visible("#notice")
        # nothing of A is served any more: B's files only, B's runtime snapshot among them;
        # every file the page loads is one of B's folder (or an entry at the root)
        assert page.evaluate("window.hasenpfeffer.timings.snapshot") == "shipped"
        wait_snapshot_stored(page)
        caches = page.evaluate("caches.keys()")
        assert len(caches) == 2 and all(version_b in c for c in caches), caches
        versioned = [r.url for r in requests if "/v/" in r.url]
        assert versioned and all(f"/v/{version_b}/" in u for u in versioned), versioned
        info = next(r for r in requests if r.url.endswith("/web/shared/build-info.js"))
        assert version_b in info.response().text()  # type: ignore[union-attr]
        css = next(r for r in requests if "/web/table/styles.css" in r.url)
        assert "version B" in css.response().text()  # type: ignore[union-attr]
        step(page, rng)
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


# ---- the generated files, without a browser ---------------------------------------------


def read_precache(site: Path) -> dict[str, Any]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    start_ = text.index("const PRECACHE = ") + len("const PRECACHE = ")
    data: dict[str, Any] = json.loads(text[start_ : text.index("};", start_) + 1])
    return data


def test_the_precache_lists_every_file_of_the_site_with_its_hash(site_dir: Path) -> None:
    build = read_precache(site_dir)
    files = build["files"]
    on_disk = {
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*")
        if p.is_file() and p.name != "sw.js"
    }
    # every file, but one the site has a gzipped copy of: only its copy is stored, and the
    # service worker answers the file with the copy, decoded
    decoded = build["decoded"]
    assert set(files) == on_disk - set(decoded)
    folder = f"v/{app_version(site_dir)}/"
    wheel = next((site_dir / folder / "engine").glob("*.whl")).name
    assert decoded == {
        f"{folder}pyodide/pyodide.asm.wasm": [
            f"{folder}pyodide/pyodide.asm.wasm.gz",
            "application/wasm",
        ],
        f"{folder}pyodide/pyodide.asm.mjs": [
            f"{folder}pyodide/pyodide.asm.mjs.gz",
            "text/javascript",
        ],
        f"{folder}pyodide/python_stdlib_game.zip": [
            f"{folder}pyodide/python_stdlib_game.zip.gz",
            "application/zip",
        ],
        f"{folder}engine/{wheel}": [f"{folder}engine/{wheel}.gz", "application/zip"],
    }
    for rel, entry in files.items():
        data = (site_dir / rel).read_bytes()
        assert entry[0] == len(data) and entry[1] == hashlib.sha256(data).hexdigest(), rel
    assert build["appVersion"] == app_version(site_dir) and build["versionPath"] == folder
    for name in (
        "pyodide.asm.wasm.gz",
        "python_stdlib_game.zip.gz",
        "python_stdlib.zip",
        "pyodide-lock.json",
        "pyodide.mjs",
    ):
        assert f"{folder}pyodide/{name}" in files
    assert f"{folder}pyodide/python_stdlib.zip" in build["groups"]["python"]
    assert build["pyodideVersion"] in json.dumps(build) and build["pyodideVersion"][0].isdigit()
    # one version per page: outside the version's folder only the entries
    entries = {f for f in files if not f.startswith(folder)}
    pages = {f for f in entries if "/" not in f and f.endswith(".html")}
    assert {"index.html", "embed.html", "demo.html"} <= pages
    assert entries - pages == {"manifest.webmanifest", "web/embed.js", "puzzles/puzzles.json"}
    # the puzzle set is small: stored at install with the game's files, in no group
    assert not any("puzzles/puzzles.json" in paths for paths in build["groups"].values())
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    assert f'src="{folder}web/table/boot.js"' in index and "?v=" not in index


def png_pixels(data: bytes) -> tuple[int, list[bytes]]:
    """Size and rows (RGBA) of a PNG as our rasteriser writes it (filter 0)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert width == height and depth == 8 and colour == 6
    idat = b""
    pos = 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        if data[pos + 4 : pos + 8] == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + 4 * width
    rows = [raw[i * stride : (i + 1) * stride] for i in range(height)]
    assert all(r[0] == 0 for r in rows)
    return width, [r[1:] for r in rows]


def pixel(rows: list[bytes], x: int, y: int) -> tuple[int, ...]:
    return tuple(rows[y][4 * x : 4 * x + 4])


def test_manifest_and_icons_come_from_our_svg(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["description"]
    # its words are the English catalogue's manifest.* messages (docs/i18n.md)
    messages = catalogues.read_file("en", version_dir(site_dir) / "web" / "shared" / "locales")
    assert manifest["description"] == messages["manifest.description"]
    assert (manifest["name"], manifest["lang"]) == (messages["manifest.name"], "en")
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon  # relative: any sub-path
        if icon["type"] != "image/png":
            continue
        size, rows = png_pixels((site_dir / icon["src"]).read_bytes())
        assert icon["sizes"] == f"{size}x{size}"
        corner = pixel(rows, 1, 1)
        # the card's face (#fffdf8 in icon.svg) in the middle of the icon
        pad = 0.2 if icon["purpose"] == "maskable" else 0.0  # as in hasenpfeffer_site/pwa_build.py
        x, y = (round(size * (pad + (1 - 2 * pad) * u / 64)) for u in (36, 16))
        face = pixel(rows, x, y)
        assert face[3] == 255 and min(face[:3]) >= 0xF0, (icon["src"], face)
        if icon["purpose"] == "maskable":
            # full bleed: the corners are opaque felt, the art inside the safe zone
            assert corner == (0x0F, 0x40, 0x25, 255)
        else:
            assert corner[3] == 0


def test_the_rasteriser_covers_edges_exactly_and_refuses_what_it_cannot_draw() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8">'
        '<rect x="2" y="2" width="3.5" height="4" fill="#ff0000"/></svg>'
    )
    size, rows = png_pixels(render(svg, 8))
    assert size == 8
    assert pixel(rows, 3, 3) == (255, 0, 0, 255)  # inside
    assert pixel(rows, 5, 3) == (255, 0, 0, 128)  # half covered
    assert pixel(rows, 6, 3)[3] == 0 and pixel(rows, 3, 1)[3] == 0  # outside
    with pytest.raises(SvgError, match="text"):
        render('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><text/></svg>', 8)
    with pytest.raises(SvgError, match="colour"):
        render(svg.replace("#ff0000", "url(#g)"), 8)
