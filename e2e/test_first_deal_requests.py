"""Nothing comes before the table is playable that the first deal does not need (issue 50,
item 4): the requests a first visit makes before the app's ``hp-playable`` mark hold no
catalogue but the page's language (English's, for fallbacks, comes after), no module of
a dialog that is not open (the table's own dialogs' markup included: its cards' markup
is web/table/card-markup.js), no font file and no card face file (the faces are drawn by
web/shared/cards.js); the service worker's precache starts only after the mark
(web/table/boot.js ``afterPlayable``). What was left out then comes when it is needed: a
dialog opened by its key shows its contents, its module loaded on that first use."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from conftest import LOAD_TIMEOUT_MS, PageProblems, from_origin, playable_first_visit

#: The page's requests (resource entries): each file's name, and whether it started
#: before the table was first playable.
REQUESTS = """() => {
  const playable = performance.getEntriesByName("hp-playable")[0].startTime;
  return performance.getEntriesByType("resource").map((e) => ({
    file: new URL(e.name).pathname.split("/").pop(),
    path: new URL(e.name).pathname,
    before: e.startTime < playable,
  }));
}"""
#: The marks of what waits for the table to be playable, against the playable mark.
AFTER_PLAYABLE = """() => {
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
  return { playable: mark("hp-playable"), after: mark("hp-after-playable") };
}"""

#: Modules of dialogs (and of what only a dialog or a link starts) that no first deal
#: needs: each loaded on first use.
DIALOG_MODULES = {
    "dialog-markup.js",  # the summary, game over, last trick, rules (dialogs.js)
    "settings-dialog.js",
    "review.js",
    "review-markup.js",
    "review-steps.js",
    "stats.js",
    "stats-dialog.js",
    "stats-record.js",
    "together-dialog.js",
    "together-markup.js",
    "together-guests.js",
    "together-camera.js",
    "puzzles.js",
    "why.js",
    "why-words.js",
    "daily.js",
    "guest.js",
}
LANGUAGES = ("en", "fy", "ar", "hi", "it")
FONT_SUFFIXES = (".woff2", ".woff", ".ttf", ".otf")


def before_playable(requests: list[dict[str, Any]]) -> set[str]:
    return {r["file"] for r in requests if r["before"]}


@pytest.mark.parametrize("lang", ["en", "fy"])
def test_the_first_visit_fetches_only_what_the_first_deal_needs_until_playable(
    browser: Browser, base_url: str, problems: PageProblems, lang: str
) -> None:
    url = f"{base_url}?speed=instant&bots=easy&seed=3&lang={lang}"
    with playable_first_visit(browser, url, problems, service_workers="allow") as (
        page,
        requested,
    ):
        early = before_playable(page.evaluate(REQUESTS))
        # what waits for the table: started once it is playable, never before
        page.wait_for_function("() => performance.getEntriesByName('hp-after-playable').length")
        marks = page.evaluate(AFTER_PLAYABLE)
        registered = page.evaluate(
            "async () => Boolean(await navigator.serviceWorker.getRegistration())"
        )
        # English's catalogue (for fallbacks) comes after, for a page in another language
        page.wait_for_function(
            """() => performance.getEntriesByType("resource")
                 .some((e) => e.name.includes("/locales/en.json"))""",
            timeout=LOAD_TIMEOUT_MS,
        )
        # a dialog opened by its key: its module loaded then, its contents shown
        page.keyboard.press("r")
        page.wait_for_selector("#rules-dialog[open] .ranking hp-card")
        page.keyboard.press("Escape")
        page.wait_for_selector("#rules-dialog", state="hidden")
        page.keyboard.press("s")
        page.wait_for_selector("#settings-dialog[open] [data-preset]")
        page.keyboard.press("Escape")
        later = page.evaluate(REQUESTS)
    assert all(from_origin(u, base_url) for u in requested), requested
    assert problems.errors == [], problems.errors
    locales = {f for f in early if f.endswith(".json") and f[:-5] in LANGUAGES}
    assert locales == {f"{lang}.json"}, sorted(early)
    assert not early & DIALOG_MODULES, sorted(early & DIALOG_MODULES)
    assert not [f for f in early if f.endswith(FONT_SUFFIXES)], sorted(early)
    # no card face files: the one image is the page's icon
    images = {f for f in early if f.endswith((".svg", ".png", ".webp", ".jpg"))}
    assert images <= {"icon.svg"}, sorted(images)
    assert marks["after"] is not None and marks["after"] >= marks["playable"], marks
    assert registered  # offline support still starts on the first visit
    loaded_after = {r["file"] for r in later if not r["before"]}
    assert {"dialog-markup.js", "settings-dialog.js"} <= loaded_after, sorted(loaded_after)
