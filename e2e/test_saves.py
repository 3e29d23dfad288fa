"""Nothing lost: the saved game across tabs, saves that cannot be restored, a full
storage, links that apply to one visit, and pages back from the back/forward cache.

The rules under test (README "Your game is saved"): a save is replaced only by a
newer state of the same game or by the player's choice; a save that cannot be
restored is kept aside, the player told and offered to try again, export or discard
it; a failed write is said; the newest tab plays the game and the others say so.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright

from conftest import PageProblems, open_page
from game_driver import (
    WAITING,
    hand,
    phase,
    reload,
    reset,
    revisit,
    round_trip,
    saved,
    start,
    step,
)
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS

QUICK = "?speed=instant&bots=easy&seed=21"
HANDED_OVER = 'dialog[data-saves="handed-over"]'
ASIDE = 'dialog[data-saves="aside"]'
SAVE_KEY = "hasenpfeffer.game.v1"
ASIDE_KEY = "hasenpfeffer.game.v1.aside"
SETTINGS_KEY = "hasenpfeffer.settings.v1"


def watch(page: Page, problems: PageProblems) -> Page:
    page.on(
        "console",
        lambda m: problems.errors.append(m.text) if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: problems.errors.append(f"page error: {e}"))
    return page


def stored(page: Page, key: str) -> Any:
    text = page.evaluate("k => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def play(page: Page, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        step(page, rng)
    page.wait_for_selector(WAITING)


def record_of_another_game(page: Page) -> Any:
    """A saved game of another deal, played on ``page`` (a warm page: the test's own game
    is reset after it, the storage cleared)."""
    reset(page, "?speed=instant&bots=easy&seed=5")
    play(page, random.Random(7), 2)
    return saved(page)


# ---- one game, many tabs ------------------------------------------------------------------


def test_a_second_tab_takes_the_game_over_and_the_first_can_take_it_back(
    warm_page: Page, base_url: str, problems: PageProblems
) -> None:
    page = reset(warm_page, QUICK)
    rng = random.Random(1)
    play(page, rng, 3)
    first = saved(page)
    assert first is not None

    second = watch(page.context.new_page(), problems)
    start(second, base_url, "?speed=instant&bots=easy")
    # the second tab continues the first tab's game...
    assert saved(second) == first and hand(second) == hand(page)
    # ...and the first says so, and stops
    page.wait_for_selector(f"{HANDED_OVER}[open]")
    assert "open in another tab" in page.inner_text(HANDED_OVER)
    page.keyboard.press("Escape")  # it stays until the player plays here
    assert page.is_visible(f"{HANDED_OVER}[open]")

    play(second, rng, 3)
    newer = saved(second)
    assert newer != first
    round_trip(page)  # what the first tab may have asked of its engine is answered
    assert saved(page) == newer  # the first tab wrote nothing over it

    # the first tab takes it back, with the newest state; the second hands over
    page.click(f'{HANDED_OVER} [data-action="play-here"]')
    second.wait_for_selector(f"{HANDED_OVER}[open]")
    page.wait_for_selector(f"{HANDED_OVER}[open]", state="detached")
    page.wait_for_selector(WAITING)
    assert saved(page) == newer
    # the dialog closes as the newest game is asked of the engine: the table shows it then
    newest = hand(second)
    page.wait_for_function(
        "cards => [...document.querySelectorAll('#hand button.card')]"
        ".map((e) => e.dataset.card).join() === cards.join()",
        arg=newest,
        timeout=10_000,
    )
    play(page, rng, 2)
    assert saved(page) != newer
    round_trip(second)
    assert saved(second) == saved(page)  # one store: the second tab wrote nothing
    assert not page.is_visible("#notice")
    second.close()  # the warm page is its context's only page again


def test_a_tab_never_writes_over_a_save_it_did_not_see(warm_page: Page) -> None:
    # another game, written behind this tab's back (as by a tab that heard nothing)
    other = record_of_another_game(warm_page)
    page = reset(warm_page, QUICK)
    rng = random.Random(2)
    play(page, rng, 2)
    mine = saved(page)
    assert mine is not None and mine["save"] != other["save"]
    page.evaluate("([k, r]) => localStorage.setItem(k, r)", [SAVE_KEY, json.dumps(other)])
    # the player's next move: its write is refused, the table takes the newer save
    step(page, rng)
    page.wait_for_function(
        "s => window.hasenpfeffer.state && window.hasenpfeffer.state.save === s",
        arg=other["save"],
    )
    page.wait_for_selector(WAITING)
    assert saved(page) == other


# ---- saves that cannot be restored ----------------------------------------------------------


def bad_record(kind: str, good: dict[str, Any]) -> str:
    if kind == "unreadable":
        return '{"format": "hasenpfeffer-web-save", "save": '  # cut short
    if kind == "foreign":
        return json.dumps({"format": "someone-else", "data": [1, 2, 3]})
    if kind == "newer":
        return json.dumps({**good, "version": 2})
    if kind == "refused":  # the engine's own save, of a version it does not read
        return json.dumps({**good, "save": json.dumps({**json.loads(good["save"]), "version": 0})})
    if kind == "levels":  # the game is fine, only its levels are not
        return json.dumps({**good, "levels": ["human", "wizard", 7, None]})
    raise AssertionError(kind)


WHY = {
    "unreadable": "not readable",
    "foreign": "not a saved game of this app",
    "newer": "newer version",
    "refused": "engine cannot read it",
    "levels": "levels of your settings",
}


@pytest.mark.parametrize("kind", list(WHY))
def test_a_save_that_cannot_be_restored_is_kept_aside_and_offered(
    warm_page: Page, kind: str
) -> None:
    page = reset(warm_page, QUICK)
    play(page, random.Random(3), 2)
    good = saved(page)
    assert good is not None
    before = hand(page)
    text = bad_record(kind, good)
    page.evaluate("([k, t]) => localStorage.setItem(k, t)", [SAVE_KEY, text])
    page.reload()
    page.wait_for_selector(f"{ASIDE}[open]", timeout=60_000)
    assert WHY[kind] in page.inner_text(ASIDE)
    # kept aside as it was, before anything replaced it
    assert [e["text"] for e in stored(page, ASIDE_KEY)] == [text]
    current = saved(page)
    assert current is not None and json.dumps(current) != text
    if kind == "levels":  # the game goes on, with the settings' levels
        assert current["save"] == good["save"] and hand(page) == before
    else:  # a new game took its place
        assert current["save"] != good["save"]
    # export: the text as it was stored
    page.click(f'{ASIDE} [data-action="aside-export"]')
    assert page.input_value(f"{ASIDE} textarea") == text
    # discard: gone for good, nothing offered on the next visit
    page.click(f'{ASIDE} [data-action="aside-discard"]')
    page.wait_for_selector(f"{ASIDE}[open]", state="detached")
    assert stored(page, ASIDE_KEY) is None
    reload(page)
    assert not page.is_visible(f"{ASIDE}[open]")


def test_a_kept_save_comes_back_when_the_player_tries_again(warm_page: Page) -> None:
    other = record_of_another_game(warm_page)
    # kept aside by a version that could not read it; this version can
    entry = {"text": json.dumps(other), "problem": "newer", "detail": "", "at": 1}
    page = reset(warm_page, QUICK)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [ASIDE_KEY, json.dumps([entry])])
    page.reload()
    page.wait_for_selector(f"{ASIDE}[open]", timeout=60_000)
    page.click(f'{ASIDE} [data-action="aside-retry"]')
    page.wait_for_selector(f"{ASIDE}[open]", state="detached")
    page.wait_for_function(
        "s => window.hasenpfeffer.state && window.hasenpfeffer.state.save === s",
        arg=other["save"],
    )
    assert saved(page) == other
    assert stored(page, ASIDE_KEY) is None
    step(page, random.Random(4))


# ---- a storage that is full ---------------------------------------------------------------

FULL_STORAGE = """
const realSetItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.__storageFull)
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return realSetItem.call(this, key, value);
};
"""


def test_a_failed_write_is_said(page: Page, base_url: str) -> None:
    page.add_init_script(FULL_STORAGE)
    start(page, base_url, QUICK)
    rng = random.Random(5)
    play(page, rng, 1)
    before = saved(page)
    page.evaluate("window.__storageFull = true")
    play(page, rng, 1)
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be saved" in page.inner_text("#notice")
    assert saved(page) == before
    # room again: the next move is saved, and the notice goes
    page.evaluate("window.__storageFull = false")
    play(page, rng, 1)
    page.wait_for_selector("#notice", state="hidden")
    assert saved(page) != before


# ---- links and stored settings ----------------------------------------------------------------


def test_a_links_settings_apply_to_that_visit_only(warm_page: Page, base_url: str) -> None:
    mine = {"levels": ["human", "hard", "hard", "hard"], "rules": "traditional", "speed": "instant"}
    page = revisit(
        warm_page, "?preset=pepper&bots=random&colours=4&seed=8", {SETTINGS_KEY: json.dumps(mine)}
    )
    state = page.evaluate("window.hasenpfeffer.state")
    assert state["view"]["rules"]["bidding"] == "pepper" and state["levels"][1:] == ["random"] * 3
    assert stored(page, SETTINGS_KEY) == mine
    page.evaluate("localStorage.removeItem('hasenpfeffer.game.v1')")
    start(page, base_url, "")
    state = page.evaluate("window.hasenpfeffer.state")
    assert state["view"]["rules"]["bidding"] != "pepper" and state["levels"][1:] == ["hard"] * 3
    # a bad seed: said and ignored; the stored rules stay
    page.evaluate("localStorage.removeItem('hasenpfeffer.game.v1')")
    start(page, base_url, "?seed=99999999999999999999&preset=no%20such%20rules!")
    page.wait_for_selector("#notice:not([hidden])")
    said = page.inner_text("#notice")
    assert "seed=99999999999999999999" in said and "preset=no such rules!" in said
    assert stored(page, SETTINGS_KEY) == mine
    assert page.evaluate("window.hasenpfeffer.state.preset") == "traditional"
    # the player saves the settings with a link's values on show: now they are stored
    start(page, base_url, "?bots=random")
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#settings-dialog", state="hidden")
    assert stored(page, SETTINGS_KEY)["levels"] == ["human", "random", "random", "random"]


def test_stored_settings_of_the_wrong_shape_are_not_used(warm_page: Page) -> None:
    hostile = {
        "levels": ["human", {"x": 1}, "hard", "medium"],
        "rules": {"preset": "seed", "target": {"nested": ["deep"]}, "x" * 300: 1},
        "speed": "__proto__",
        "fourColour": "yes",
        "openHands": 1,
        "internetPlay": "on",
        "internetServers": ["stun:evil.example"],
    }
    page = revisit(warm_page, "", {SETTINGS_KEY: json.dumps(hostile)})
    settings = page.evaluate("window.hasenpfeffer.settings")
    assert settings == {
        "levels": ["human", "medium", "hard", "medium"],
        "rules": "seed",
        "speed": None,
        "fourColour": False,
        "openHands": False,
        "internetPlay": False,
        "internetServers": "",
    }
    # a game is on, at the player's decision (a random deal: any of the hand's phases, a
    # computer player may have gone alone) or behind a dialog
    live = ("bidding", "trump", "discard", "alone", "defend_alone", "play")
    assert phase(page) in live or page.is_visible("dialog[open]"), phase(page)


# ---- the back/forward cache ---------------------------------------------------------------


@pytest.fixture(scope="module")
def bfcache_browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Chromium with its back/forward cache (Playwright turns it off by default)."""
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM,
        args=LAUNCH_ARGS,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    yield browser
    browser.close()


SHOWN_AGAIN = "addEventListener('pageshow', (e) => { if (e.persisted) window.__restored = true; })"


def why_not_cached(page: Page) -> list[Any]:
    """Start recording why Chromium does not keep the page in its back/forward cache."""
    reasons: list[Any] = []
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.on("Page.backForwardCacheNotUsed", lambda e: reasons.append(e["notRestoredExplanations"]))
    return reasons


def restored(page: Page, reasons: list[Any]) -> None:
    """Until the page is shown again out of the back/forward cache."""
    try:
        page.wait_for_function("() => window.__restored === true", timeout=10_000)
    except Exception as err:
        raise AssertionError(f"not restored from the back/forward cache: {reasons}") from err


def away_and_back(page: Page, base_url: str, reasons: list[Any]) -> None:
    """Leave the page for another and come back: restored from the back/forward cache."""
    page.goto(base_url + "manifest.webmanifest")
    page.go_back(wait_until="commit")
    restored(page, reasons)


def test_a_game_embed_back_from_the_cache_plays_on(
    bfcache_browser: Browser, base_url: str, problems: PageProblems
) -> None:
    page = open_page(bfcache_browser, base_url, problems)
    page.add_init_script(SHOWN_AGAIN)
    reasons = why_not_cached(page)
    # the game as an embed shows it: its engine is the shared worker of the page's frames
    start(page, base_url, "?embed=1&speed=instant&bots=easy&seed=21")
    rng = random.Random(6)
    play(page, rng, 1)
    away_and_back(page, base_url, reasons)
    before = page.evaluate("window.hasenpfeffer.state.actions")
    play(page, rng, 1)  # an engine that does not answer would hang here
    assert page.evaluate("window.hasenpfeffer.state.actions") > before
    page.context.close()
    assert problems.errors == [] and problems.external == []


def test_a_tab_back_from_the_cache_takes_the_newest_game(
    bfcache_browser: Browser, base_url: str, problems: PageProblems
) -> None:
    page = open_page(bfcache_browser, base_url, problems)
    page.add_init_script(SHOWN_AGAIN)
    reasons = why_not_cached(page)
    start(page, base_url, QUICK)
    rng = random.Random(8)
    play(page, rng, 2)
    # (the service worker's first install done: its events would reach the page in the
    # cache, and Chromium drops a page that would run code there)
    page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
    page.goto(base_url + "manifest.webmanifest")
    # meanwhile another tab plays on
    other = watch(page.context.new_page(), problems)
    start(other, base_url, "?speed=instant&bots=easy")
    play(other, rng, 2)
    newer = saved(other)
    page.go_back(wait_until="commit")
    restored(page, reasons)
    # the player is back in the first tab: it plays, with the other tab's newest state
    other.wait_for_selector(f"{HANDED_OVER}[open]")
    page.wait_for_function(
        "s => window.hasenpfeffer.state && window.hasenpfeffer.state.save === s",
        arg=newer["save"],
    )
    page.wait_for_selector(WAITING)
    assert saved(page) == newer
    play(page, rng, 1)
    assert saved(page) != newer
    page.context.close()
    assert problems.errors == [] and problems.external == []
