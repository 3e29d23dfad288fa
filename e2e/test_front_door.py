"""One front door (issue 49): web/table/boot.js alone wires the game page. Importing
any other module of web/table adds nothing to a page: no listener, timer, frame
callback, observer, channel, worker, custom element or dialog painter. The modules
loaded on first use (review, Why?, statistics, settings, the deal of the day) install
what they need when first used; boot.js calls the others' ``install…()``.

Checked in a bare page of the site's origin (no table markup, no boot.js), every
module imported in turn, with the page's ways of registering something counted.
The modules of other folders that the table imports come first, uncounted: some act
on import by design (web/engine/start.js starts the engine's worker as early as the
page can; web/shared/cards.js defines ``<hp-card>``; web/pwa/pwa.js listens for the
install prompt, which comes once, early)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from playwright.sync_api import Page

from conftest import ROOT

MODULES = sorted(p.name for p in (ROOT / "web" / "table").glob("*.js") if p.name != "boot.js")


def outside_imports() -> list[str]:
    """The modules outside web/table that the table's modules import, directly or not
    (paths from web/), dependencies first."""
    # the import graph of web/ as tests/test_web_import_cycles.py reads it
    spec = importlib.util.spec_from_file_location(
        "web_import_graph", ROOT / "tests" / "test_web_import_cycles.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    graph: dict[str, set[str]] = module.import_graph()
    order: list[str] = []

    def visit(name: str) -> None:
        for target in sorted(graph.get(name, ())):
            if target not in order:
                visit(target)
                if not target.startswith("web/table/"):
                    order.append(target)

    for name in sorted(graph):
        if name.startswith("web/table/"):
            visit(name)
    return [name.removeprefix("web/") for name in order]


BARE = "<!doctype html><html lang='en'><head><title>bare</title></head><body></body></html>"

#: Every way a module could leave something behind, counted from now on.
COUNT_EFFECTS = """() => {
  window.__effects = [];
  const note = (what) => window.__effects.push(what);
  const wrap = (owner, name, label) => {
    const original = owner[name];
    owner[name] = function (...args) {
      note(`${label} ${typeof args[0] === "string" ? args[0] : ""}`.trim());
      return original.apply(this, args);
    };
  };
  wrap(EventTarget.prototype, "addEventListener", "listener");
  const timers = ["setTimeout", "setInterval", "requestAnimationFrame", "requestIdleCallback"];
  for (const name of [...timers, "queueMicrotask"]) {
    if (window[name]) wrap(window, name, name);
  }
  wrap(customElements, "define", "custom element");
  const made = ["MutationObserver", "ResizeObserver", "IntersectionObserver", "BroadcastChannel"];
  for (const name of [...made, "Worker", "SharedWorker"]) {
    const Original = window[name];
    if (Original) window[name] = class extends Original {
      constructor(...args) { note(`new ${name}`); super(...args); }
    };
  }
}"""

#: Import a module (by its URL): null, or why it did not import.
IMPORT_PLAIN = """async (url) => {
  try {
    await import(url);
    return null;
  } catch (err) {
    return String(err?.message ?? err);
  }
}"""

#: Import one module (by its URL); what it left behind, or why it did not import.
IMPORT = """async (url) => {
  const before = window.__effects.length;
  try {
    await import(url);
  } catch (err) {
    return { error: String(err?.message ?? err), effects: window.__effects.slice(before) };
  }
  return { error: null, effects: window.__effects.slice(before) };
}"""

#: The dialog painters registered by now: paintDialogs with a state that notes each read.
PAINTERS = """async (url) => {
  const { paintDialogs } = await import(url);
  const read = [];
  const state = new Proxy({}, { get: (_, name) => { read.push(String(name)); return undefined; } });
  paintDialogs(state);
  return read;
}"""


def test_importing_a_table_module_adds_nothing_to_the_page(page: Page, base_url: str) -> None:
    page.goto(base_url)
    boot = page.eval_on_selector('script[src*="web/table/boot.js"]', "s => s.src")
    table = re.sub(r"boot\.js$", "", boot)
    bare = base_url + "bare.html"
    page.route(bare, lambda route: route.fulfill(body=BARE, content_type="text/html"))
    page.goto(bare)
    web = re.sub(r"table/$", "", table)
    for name in outside_imports():
        assert page.evaluate(IMPORT_PLAIN, web + name) is None, name
    page.evaluate(COUNT_EFFECTS)
    left: dict[str, object] = {}
    for name in MODULES:
        result = page.evaluate(IMPORT, table + name)
        if result["error"] or result["effects"]:
            left[name] = result
    assert left == {}, f"modules that did something on import: {left}"
    assert page.evaluate(PAINTERS, table + "dialog-shell.js") == []
    assert set(MODULES) >= {"dialogs.js", "review.js", "settings-dialog.js", "why.js"}
    assert Path(ROOT / "web" / "table" / "boot.js").is_file()
