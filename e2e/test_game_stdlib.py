"""The game's trimmed standard library (devtools/hasenpfeffer_site/game_stdlib.py): the
game page's engine worker loads python_stdlib_game.zip (from its gzipped copy), never
Pyodide's whole library, and everything the API can reach works with it
(hasenpfeffer_site.api_walk: every operation, every computer level's decisions, the hints
of every level, a review, a why, a replay, the deal of the day, the API's refusals),
whether the runtime came started from the site's snapshot or started the usual way,
importing all from the archive."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from conftest import LOAD_TIMEOUT_MS, PageProblems, open_page
from hasenpfeffer_site import api_walk
from hasenpfeffer_site.game_stdlib import GAME_STDLIB_NAME, STDLIB_NAME

PLAYABLE = "() => performance.getEntriesByName('hp-playable').length > 0"
#: One request through the page's own engine client (its worker): the answer, or the
#: API's error as an answer (the client rejects those).
CALL = """async (request) => {
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const { engine } = await import(start);
  const { op, ...args } = request;
  try {
    return await engine.call(op, args);
  } catch (err) {
    return { ok: false, error: { code: err.code, message: err.message } };
  }
}"""


def walk_through_the_page(page: Page) -> int:
    def send(request: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = page.evaluate(CALL, request)
        return answer

    return api_walk.drive(send)


@pytest.mark.parametrize("start", ["shipped", "taken"])
def test_everything_the_api_reaches_works_with_the_games_standard_library(
    browser: Browser, base_url: str, problems: PageProblems, start: str
) -> None:
    """shipped: from the site's runtime snapshot (made over the same archive: its table
    of contents is in the snapshot); taken: the snapshot refused, so Python starts the
    usual way and imports everything from the trimmed archive."""
    page = open_page(browser, base_url, problems)
    requested: list[str] = []
    try:
        page.context.on("request", lambda r: requested.append(r.url.split("?")[0]))
        if start == "taken":
            page.context.route(
                lambda url: url.split("?")[0].endswith("/engine/runtime.snapshot"),
                lambda route: route.fulfill(status=404, body=b"gone"),
            )
        page.goto(base_url + "?speed=instant")
        page.wait_for_function(PLAYABLE, timeout=LOAD_TIMEOUT_MS)
        started = page.evaluate("window.hasenpfeffer.timings.snapshot")
        requests = walk_through_the_page(page)
    finally:
        page.context.close()
    assert started == start
    assert requests > 150
    names = {url.rsplit("/", 1)[-1] for url in requested}
    # (the trimmed archive's gzipped copy, which the worker decodes: gzipped_copies.py)
    assert f"{GAME_STDLIB_NAME}.gz" in names and STDLIB_NAME not in names, sorted(names)
    assert problems.errors == [] and problems.external == []
