"""Nothing mixed: one version per page, and a service worker whose storage stays bounded.

Version A is open in a tab; version B is deployed over it (built into the same
folder, A's files kept, as a host that uploads a new version does); another tab
takes B. The tab on A must never run a file of B, with the service worker and
without it (a first visit, an embed, a browser without one), and it is told that
a new version took over. Then twenty deploys, some of them broken: the service
worker's caches stay bounded.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page, Response

from conftest import ROOT, PageProblems
from game_driver import WAITING, start
from hasenpfeffer_site.build_site import current_version, is_entry, version_dir, versionize
from hasenpfeffer_site.pwa_build import SW_NAME, write_service_worker
from test_pwa import Server, guard, wait_offline_ready

QUICK = "?speed=instant&bots=easy&seed=21"


@pytest.fixture
def server() -> Iterator[Server]:
    s = Server()
    yield s
    s.stop()


def build(out: Path, web: Path, wheel: Path, *more: str) -> None:
    script = [sys.executable, "-m", "hasenpfeffer_site.build_site"]
    run = [*script, "--out", str(out), "--wheel", str(wheel), "--web", str(web)]
    subprocess.run([*run, *more], check=True)


@pytest.fixture(scope="module")
def web_b(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Version B's sources: a catalogue, the engine's worker and a table module changed."""
    web = tmp_path_factory.mktemp("web-b") / "web"
    shutil.copytree(ROOT / "web", web)
    for name in ("engine/worker.js", "table/game-flow.js"):
        with (web / name).open("a", encoding="utf-8") as f:
            f.write("\n// version B\n")
    with (web / "shared/locales/it.json").open("a", encoding="utf-8") as f:
        f.write("\n")  # JSON takes no comment: a byte more is a change all the same
    return web


def files_of(site: Path) -> dict[str, str]:
    """Every file of a built site's current version (the entries and its folder): sha256."""
    folder = version_dir(site)
    out = {}
    for path in site.rglob("*"):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and (is_entry(rel) or path.is_relative_to(folder)):
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def record(page: Page) -> list[Response]:
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    return responses


# In the page: what loads only later, on demand: a catalogue (a language change) and a
# new engine worker with its runtime and wheel.
LAZY_LOADS = """async () => {
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const i18n = await import(start.replace("engine/start.js", "shared/i18n.js"));
  await i18n.setLanguage("it");
  const { EngineClient } = await import(start.replace("start.js", "client.js"));
  const client = new EngineClient();
  await client.ready;
  const game = await client.call("new_game", { seed: 3 });
  client.close();
  await i18n.setLanguage("en");
  return game.view.hand.length;
}"""


def not_of(
    responses: list[Response], base: str, files: dict[str, str]
) -> tuple[list[str], set[str]]:
    """The responses (of the site's files) that are not version A's files, byte for byte
    (where Playwright has no body, as for some of a worker's requests: by path), and the
    names of the files compared byte for byte."""
    wrong = []
    compared = set()
    for r in responses:
        if not r.url.startswith(base) or r.status not in (200, 304):
            continue
        path = urlsplit(r.url).path[len(urlsplit(base).path) :] or "index.html"
        expected = files.get(path)
        if expected is None:
            wrong.append(f"{path}: not a file of A")
            continue
        try:
            body = r.body()
        except Exception:
            continue  # no body to compare; its path is A's
        compared.add(path.rsplit("/", 1)[-1])
        if hashlib.sha256(body).hexdigest() != expected:
            wrong.append(f"{path}: not A's content")
    return wrong, compared


@pytest.mark.parametrize("service_worker", [True, False], ids=["service-worker", "no-worker"])
def test_a_tab_on_version_a_never_runs_a_file_of_version_b(
    browser: Browser,
    site_dir: Path,
    source_wheel: Path,
    web_b: Path,
    server: Server,
    tmp_path: Path,
    problems: PageProblems,
    service_worker: bool,
) -> None:
    deployed = tmp_path / "site"
    shutil.copytree(site_dir, deployed)
    a = files_of(deployed)
    server.start(deployed)
    base = server.url
    context = browser.new_context(service_workers="allow" if service_worker else "block")
    try:
        context.set_default_timeout(30_000)
        guard(context, base, problems)
        tab_a = context.new_page()
        start(tab_a, base, QUICK)
        if service_worker:
            wait_offline_ready(tab_a)
            start(tab_a, base, "")  # now served by A's service worker
            assert tab_a.evaluate("navigator.serviceWorker.controller !== null")
        version_a = current_version(deployed)
        responses = record(tab_a)

        # B is deployed over A
        build(deployed, web_b, source_wheel, "--keep-versions")
        version_b = current_version(deployed)
        assert version_b != version_a and (deployed / "v" / version_a).is_dir()

        # another tab takes B (with a service worker: once the player accepts the update)
        tab_b = context.new_page()
        start(tab_b, base, "")
        if service_worker:
            tab_b.wait_for_selector("#update-notice:not([hidden])", timeout=60_000)
            with tab_b.expect_navigation():
                tab_b.click('#update-notice [data-action="update-reload"]')
            tab_b.wait_for_selector("#loader[hidden]", state="attached", timeout=60_000)
        assert tab_b.evaluate("document.documentElement.dataset.appVersion") == version_b

        # the tab on A is told, and offered to reload (brought to the front, as the player
        # would look at it)
        tab_a.bring_to_front()
        tab_a.wait_for_selector("#update-notice:not([hidden])", timeout=30_000)
        assert tab_a.evaluate("document.documentElement.dataset.appVersion") == version_a
        # what A loads from now on is A's: a catalogue, a new worker, its runtime, its wheel
        responses.clear()
        assert tab_a.evaluate(LAZY_LOADS) == 6
        loaded = {urlsplit(r.url).path.rsplit("/", 1)[-1] for r in responses}
        assert {"it.json", "worker.js", "pyodide.asm.wasm.gz"} <= loaded, loaded
        assert any(n.endswith(".whl.gz") for n in loaded), loaded  # (the wheel's copy)
        wrong, compared = not_of(responses, base, a)
        assert wrong == []
        assert "it.json" in compared, compared
        tab_b.bring_to_front()
        tab_b.wait_for_selector(WAITING)
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors


# ---- the rule of the build ---------------------------------------------------------------


def test_every_file_but_the_entries_is_in_the_versions_folder(site_dir: Path) -> None:
    folder = version_dir(site_dir)
    outside = sorted(
        p.relative_to(site_dir).as_posix()
        for p in site_dir.rglob("*")
        if p.is_file() and not p.is_relative_to(folder)
    )
    assert outside and all(is_entry(rel) for rel in outside), outside
    entries = {"index.html", "embed.html", "demo.html", "sw.js", "web/embed.js"}
    assert entries | {"puzzles/puzzles.json"} <= set(outside)
    # the pages name the version's files by their versioned paths, and only those
    prefix = f"v/{current_version(site_dir)}/"
    for page in (p for p in outside if p.endswith(".html")):
        text = (site_dir / page).read_text(encoding="utf-8")
        assert "?v=" not in text.replace("web/embed.js?v=", "")
        for ref in text.split('"'):
            if ref.startswith("v/"):
                assert ref.startswith(prefix) and (site_dir / ref.split("?")[0]).is_file(), ref


def test_a_new_page_and_its_files_are_versioned_by_the_same_rule(tmp_path: Path) -> None:
    # a page another build step adds, with its scripts and a config naming a runtime file
    site = tmp_path / "site"
    (site / "lib").mkdir(parents=True)
    (site / "runtime").mkdir()
    (site / "lib" / "page.js").write_text("import './util.js';\n")
    (site / "lib" / "util.js").write_text("export {};\n")
    (site / "runtime" / "core.mjs").write_text("export {};\n")
    (site / "new.html").write_text(
        '<script type="module" src="lib/page.js?v={{APP_VERSION}}"></script>\n'
        '<script type="py" config=\'{"interpreter": "runtime/core.mjs"}\'></script>\n'
        '<a href="index.html#top">back</a> <a href="https://example.org/lib/page.js">x</a>\n'
    )
    info = versionize(site, {})
    prefix = str(info["versionPath"])
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == [
        "new.html",
        f"{prefix}lib/page.js",
        f"{prefix}lib/util.js",
        f"{prefix}runtime/core.mjs",
        f"{prefix}web/shared/build-info.js",
    ]
    page = (site / "new.html").read_text()
    assert f'src="{prefix}lib/page.js"' in page
    assert f'"interpreter": "{prefix}runtime/core.mjs"' in page  # ("./x" would stay "./...")
    assert 'href="index.html#top"' in page and 'href="https://example.org/lib/page.js"' in page
    # the version is the files': the same files, the same version; one byte more, another
    for name, extra in (("same", ""), ("changed", "// changed\n")):
        other = tmp_path / name
        (other / "lib").mkdir(parents=True)
        (other / "lib" / "page.js").write_text("export {};\n" + extra)
        (other / "new.html").write_text('<script type="module" src="lib/page.js"></script>\n')
        if name == "same":
            first = versionize(other, {})["versionPath"]
        else:
            assert versionize(other, {})["versionPath"] != first
    same = tmp_path / "same-again"
    (same / "lib").mkdir(parents=True)
    (same / "lib" / "page.js").write_text("export {};\n")
    (same / "new.html").write_text('<script type="module" src="lib/page.js"></script>\n')
    assert versionize(same, {})["versionPath"] == first


# ---- the service worker's storage over many deploys ------------------------------------------

PAGE = """<!doctype html><meta charset="utf-8"><title>deploys</title>
<script type="module" src="register.js"></script>"""
REGISTER = "navigator.serviceWorker.register('sw.js');"

# In the page: look for a new version; when one installs, until it is installed or has
# failed. Returns its state ("installed", "redundant": failed) or "none".
UPDATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const found = new Promise((done) =>
    reg.addEventListener("updatefound", () => done(reg.installing), { once: true }));
  const error = await reg.update().then(() => "", (e) => String(e));
  const late = new Promise((done) => setTimeout(() => done(null), 10000));
  const worker = await Promise.race([found, late]);
  if (!worker) return `none ${error}`;
  await new Promise((done) => {
    const check = () => ["installed", "redundant", "activated"].includes(worker.state) && done();
    worker.addEventListener("statechange", check);
    check();
  });
  return worker.state;
}"""

# In the page: let the waiting version take over; resolves once it has.
TAKE_OVER = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const worker = reg.waiting;
  if (!worker) return false;
  await new Promise((done) => {
    worker.addEventListener("statechange", () => worker.state === "activated" && done());
    worker.postMessage({ type: "skip-waiting" });
  });
  return true;
}"""

# In the page: every cache, and how many bytes each holds.
CACHES = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let bytes = 0;
    for (const request of await cache.keys())
      bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
    out[name] = bytes;
  }
  return out;
}"""

FILE_BYTES = 40_000


def deploy(site: Path, n: int, broken: bool) -> None:
    """Version n of a small site: a page, its script and three files of its own (one
    shared by every version); `broken`: one file on the server is not the listed one."""
    for old in (site / "v").glob("*"):
        shutil.rmtree(old)
    folder = site / "v" / f"{n:012x}"
    folder.mkdir(parents=True)
    (site / "index.html").write_text(PAGE)
    (site / "register.js").write_text(REGISTER)
    (folder / "shared.bin").write_bytes(b"s" * FILE_BYTES)
    for name in ("a.bin", "b.bin"):
        (folder / name).write_bytes(bytes([n % 251]) * FILE_BYTES + name.encode())
    info: dict[str, Any] = {
        "appVersion": f"{n:012x}",
        "engineVersion": "0",
        "pyodideVersion": "0",
        "versionPath": f"v/{n:012x}/",
    }
    write_service_worker(site, ROOT / "web" / "pwa" / SW_NAME, info)
    # each deploy a second later (the server's If-Modified-Since compares whole seconds)
    stamp = 1_700_000_000 + n
    for entry in ("index.html", "register.js", SW_NAME):
        os.utime(site / entry, (stamp, stamp))
    if broken:
        (folder / "b.bin").write_bytes(b"half-deployed")


def test_storage_stays_bounded_over_twenty_deploys(
    browser: Browser, server: Server, tmp_path: Path, problems: PageProblems
) -> None:
    site = tmp_path / "deploys"
    site.mkdir()
    deploy(site, 0, broken=False)
    server.start(site)
    context = browser.new_context()
    try:
        guard(context, server.url, problems)
        page = context.new_page()
        page.goto(server.url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # a page the worker serves: a new version waits until it is let in
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        states = []
        for n in range(1, 21):
            broken = n % 3 == 1 or n in (7, 8)
            deploy(site, n, broken)
            state = page.evaluate(UPDATE)
            states.append(state)
            assert state == ("redundant" if broken else "installed"), (n, state)
            if n % 4 == 0:  # now and then the player takes the update
                assert page.evaluate(TAKE_OVER)
            held = page.evaluate(CACHES)
            # the active version, and at most the one waiting to take over
            assert len(held) <= 2, (n, json.dumps(held, indent=1))
            assert sum(held.values()) <= 2 * 4 * FILE_BYTES, (n, held)
        assert states.count("redundant") >= 7
    finally:
        context.close()
    assert problems.external == [], problems.external
    assert problems.errors == [], problems.errors
