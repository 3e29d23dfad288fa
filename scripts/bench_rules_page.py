"""The rules page's figures (issue 30): its weight before the examples, and how long
until its first example answers, against a bare ``loadPyodide`` page in the same run.

    python scripts/bench_rules_page.py [--site site] [--runs 3] [--lang en]

Each run launches a fresh headless Chromium (a cold cache) and loads, in turns (the
order rotates each run), the bare page of ``bench_web.py`` (``pyodide.mjs``,
``loadPyodide``, one line of Python) and ``rules.html?lang=LANG``; the rules page is then
loaded a second time in the same browser (repeat: the HTTP cache, and the service
worker the first visit registered).

- weight before embeds: the bytes of every HTML, CSS, JS and JSON response the page
  fetched before the first example's frame (``embed.html``) was requested, as served
  by the local server (no compression: a host that compresses sends fewer);
- first example answers: from the navigation's start to the first
  ``hasenpfeffer-ready`` event on the page (a frame has drawn the engine's answer);
  the bare page: to the end of its line of Python. The ratio is median rules page /
  median bare page, cold.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Request, sync_playwright

from bench_web import serve
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS

ROOT = Path(__file__).resolve().parent.parent

FIRST_READY = """
window.__firstReady = undefined;
document.addEventListener("hasenpfeffer-ready", () => {
  window.__firstReady ??= performance.now();
}, true);
"""
#: The kinds of response the page's own weight counts (not the engine and its runtime,
#: which the first example's frame asks for).
COUNTED = (".html", ".css", ".js", ".mjs", ".json")
TIMEOUT_MS = 180_000


def counted(url: str) -> bool:
    path = url.split("?", 1)[0].split("#", 1)[0]
    return path.endswith(COUNTED) or path.endswith("/")


def requests_of(page: Page) -> list[Request]:
    """The page's requests from now on, in the order they are made."""
    seen: list[Request] = []
    page.on("request", lambda request: seen.append(request))
    return seen


def rules_load(browser: Browser, url: str) -> dict[str, Any]:
    """A cold load of the rules page, then a repeat in the same browser context."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(FIRST_READY)
    out: dict[str, Any] = {}
    try:
        for visit in ("cold", "repeat"):
            page = context.new_page()
            seen = requests_of(page)
            page.goto(url)
            answered = "() => window.__firstReady !== undefined"
            page.wait_for_function(answered, timeout=TIMEOUT_MS)
            out[visit] = page.evaluate("window.__firstReady")
            if visit == "cold":
                first_frame = next(
                    (i for i, r in enumerate(seen) if r.url.split("?")[0].endswith("/embed.html")),
                    len(seen),
                )
                total = 0
                for request in seen[:first_frame]:
                    if not counted(request.url):
                        continue
                    response = request.response()
                    if response is not None:
                        total += len(response.body())
                out["bytes_before_embeds"] = total
                out["files_before_embeds"] = sum(1 for r in seen[:first_frame] if counted(r.url))
            page.close()
    finally:
        context.close()
    return out


def bare_load(browser: Browser, url: str) -> float:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("() => window.__ready !== undefined", timeout=TIMEOUT_MS)
        ready: float = page.evaluate("window.__ready")
        return ready
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    if not (args.site / "rules.html").is_file():
        print(
            f"bench_rules_page: {args.site}/rules.html is missing: run `make site`", file=sys.stderr
        )
        return 1
    server, base, folder = serve(args.site)
    bare_url = base + folder + "__bench/bare.html"
    rules_url = base + f"rules.html?lang={args.lang}"
    bare: list[float] = []
    rules: list[dict[str, Any]] = []
    try:
        with sync_playwright() as p:
            for i in range(args.runs):
                for name in ("bare", "rules") if i % 2 == 0 else ("rules", "bare"):
                    browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
                    try:
                        if name == "bare":
                            bare.append(bare_load(browser, bare_url))
                        else:
                            rules.append(rules_load(browser, rules_url))
                    finally:
                        browser.close()
                last = rules[-1]
                print(
                    f"  run {i + 1}: bare {bare[-1]:.0f} ms, rules cold {last['cold']:.0f} ms,"
                    f" repeat {last['repeat']:.0f} ms, {last['bytes_before_embeds']} bytes"
                    " before the embeds",
                    flush=True,
                )
    finally:
        server.shutdown()
    results = {
        "lang": args.lang,
        "runs": args.runs,
        "bare_loadPyodide_ms": bare,
        "first_example_cold_ms": [r["cold"] for r in rules],
        "first_example_repeat_ms": [r["repeat"] for r in rules],
        "bytes_before_embeds": [r["bytes_before_embeds"] for r in rules],
        "files_before_embeds": [r["files_before_embeds"] for r in rules],
    }
    median = {k: statistics.median(v) for k, v in results.items() if isinstance(v, list)}
    results["ratio_cold"] = median["first_example_cold_ms"] / median["bare_loadPyodide_ms"]
    print(f"rules.html?lang={args.lang}, {args.runs} runs (medians)")
    print(
        f"  weight before the embeds   {median['bytes_before_embeds']:9.0f} bytes"
        f" in {median['files_before_embeds']:.0f} files (HTML, CSS, JS, JSON; uncompressed)"
    )
    print(f"  bare loadPyodide page      {median['bare_loadPyodide_ms']:9.0f} ms")
    print(f"  first example, cold        {median['first_example_cold_ms']:9.0f} ms")
    print(f"  first example, repeat      {median['first_example_repeat_ms']:9.0f} ms")
    print(f"  ratio cold / bare          {results['ratio_cold']:9.2f}")
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
