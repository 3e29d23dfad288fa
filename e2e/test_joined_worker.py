"""The site's engine worker, its modules joined into one file by the build
(hasenpfeffer_site.worker_bundle), does what its modules do loaded as modules: the same
site served once as built and once with web/engine/'s source modules in the joined
file's place, a worker of each started the same way (a dedicated module worker, as the
game page's client starts it; and a shared one, as the embeds' client does) reports the
same stages and the same facts, and answers the same requests alike (a seeded game
played by the computer players, an action refused, a session closed).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from hasenpfeffer_site.build_site import current_version
from hasenpfeffer_site.serve_site import serve_in_thread

SOURCES = Path(__file__).resolve().parent.parent / "web" / "engine"
#: The engine's modules that the page loads itself (not part of the worker).
PAGE_MODULES = {"early.js", "start.js", "client.js"}

# Start the worker (`shared`: a SharedWorker, its port) and run the requests once it is
# ready: every message it sent, in order (progress reports by stage only: their fractions
# follow the bytes as they come), and the answers (times left out).
RUN = """async ([url, shared, requests]) => {
  const worker = shared
    ? new SharedWorker(url, { type: "module", name: "bundle-check" })
    : new Worker(url, { type: "module", name: "bundle-check" });
  const port = shared ? worker.port : worker;
  const messages = [];
  const answers = new Map();
  let ready;
  const isReady = new Promise((resolve) => { ready = resolve; });
  port.onmessage = ({ data }) => {
    if (data.id !== undefined) return answers.get(data.id)?.(data.response);
    if (data.type === "progress") {
      const last = messages.at(-1);
      if (last !== `progress ${data.stage}`) messages.push(`progress ${data.stage}`);
    } else messages.push(data);
    if (data.type === "ready" || data.type === "fatal") ready();
  };
  if (shared) port.start();
  await isReady;
  const out = [];
  for (const [id, request] of requests.entries()) {
    const response = await new Promise((resolve) => {
      answers.set(id, resolve);
      port.postMessage({ id, request });
    });
    delete response.worker_ms;
    delete response.think_ms;
    out.push(response);
  }
  port.postMessage({ type: "bye", session: "s" });
  return { messages, answers: out };
}"""

REQUESTS: list[dict[str, Any]] = [
    {"v": 1, "op": "api_version"},
    {"v": 1, "op": "new_game", "seed": 4049, "levels": ["medium"] * 4, "session": "s"},
    *[{"v": 1, "op": "bot_step", "session": "s"}] * 12,
    {"v": 1, "op": "act", "action": "play XX", "session": "s"},
    {"v": 1, "op": "state", "seat": 0, "session": "s"},
    {"v": 1, "op": "close_session", "session": "s"},
]


@pytest.fixture(scope="module")
def unjoined_site(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site (its files linked, not copied) with the worker's source modules in
    place of the joined worker.js."""
    site = tmp_path_factory.mktemp("unjoined") / "site"
    shutil.copytree(site_dir, site, copy_function=os.link)
    engine = site / "v" / current_version(site_dir) / "web" / "engine"
    for source in SOURCES.glob("*.js"):
        if source.name not in PAGE_MODULES:
            (engine / source.name).unlink(missing_ok=True)  # a link: the built file stays
            shutil.copyfile(source, engine / source.name)
    return site


@pytest.fixture(scope="module")
def served(site_dir: Path, unjoined_site: Path) -> Iterator[dict[str, str]]:
    version = current_version(site_dir)
    servers = {}
    urls = {}
    for name, site in (("joined", site_dir), ("modules", unjoined_site)):
        servers[name], base = serve_in_thread(site)
        urls[name] = f"{base}v/{version}/web/engine/worker.js"
    yield urls
    for server in servers.values():
        server.shutdown()


def run_worker(browser: Browser, url: str, shared: bool) -> dict[str, Any]:
    context = browser.new_context(service_workers="block")
    errors: list[str] = []
    try:
        page = context.new_page()
        # (the browser asks a page that is not HTML for the site's favicon: it has none)
        page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        # a page of the site's origin (the version's build facts: a small file)
        page.goto(url.replace("web/engine/worker.js", "web/shared/build-info.js"))
        result: dict[str, Any] = page.evaluate(RUN, [url, shared, REQUESTS])
    finally:
        context.close()
    assert errors == []
    return result


@pytest.mark.parametrize("shared", [False, True], ids=["dedicated", "shared"])
def test_the_joined_worker_does_what_its_modules_do(
    browser: Browser, served: dict[str, str], shared: bool
) -> None:
    joined = run_worker(browser, served["joined"], shared)
    modules = run_worker(browser, served["modules"], shared)
    for result in (joined, modules):
        *progress, ready = result["messages"]
        assert ready["type"] == "ready" and progress[0] == "progress download", result
        # times and the worker's id differ from one start to the next; the rest may not
        ready["timings"] = sorted(ready["timings"])
        ready["worker"].pop("id")
    assert joined["messages"] == modules["messages"]
    assert joined["messages"][-1]["worker"] == {
        "shared": shared,
        "runtimes": 1,
        "connections": 1,
        "snapshot": "shipped",
    }
    assert joined["answers"] == modules["answers"]
    answers = joined["answers"]
    assert all(a["ok"] for a in answers[:-3]) and answers[-3]["ok"] is False  # refused
    assert answers[-1]["closed"] is True
