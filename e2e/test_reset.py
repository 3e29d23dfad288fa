"""The page's hook for tests and embedders: ``window.hasenpfeffer.reset`` (web/table/reset.js)
sets a loaded page to the game a cold load of the same link deals, and the ``warm_page``
fixture built on it."""

from __future__ import annotations

import random

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from game_driver import WAITING, hand, play_until, reset, saved, start

QUERY = "?speed=instant&bots=easy&preset=traditional&target=5&seed=31"


# the stored game is dealt from seed 32 (the link's seed 31, then the next game's)
SEED_32 = """() => {
  const record = JSON.parse(localStorage.getItem("hasenpfeffer.game.v1") ?? "null");
  const save = typeof record?.save === "string" ? JSON.parse(record.save) : record?.save;
  return save?.seed === 32;
}"""


def table(page: Page) -> dict[str, object]:
    """What the player sees of the game and what is stored of it."""
    return {
        "hand": hand(page),
        "view": page.evaluate(
            "(({hand, auction, phase, scores, dealer}) => ({hand, auction, phase, scores, dealer}))"
            "(window.hasenpfeffer.state.view)"
        ),
        "saved": saved(page),
        "settings": page.evaluate("window.hasenpfeffer.settings"),
    }


def test_a_reset_deals_what_a_cold_load_of_the_link_deals(
    page: Page, warm_page: Page, base_url: str
) -> None:
    start(page, base_url, QUERY)
    cold = table(page)
    # the warm page first somewhere else: another game, moves made, a dialog open
    reset(warm_page, "?speed=instant&bots=random&seed=4&lang=ar&colours=4")
    assert warm_page.get_attribute("html", "dir") == "rtl"
    play_until(
        warm_page,
        lambda p: len(p.evaluate("window.hasenpfeffer.state.view.tricks")) >= 1,
        random.Random(3),
    )
    warm_page.keyboard.press("?")
    reset(warm_page, QUERY)
    assert table(warm_page) == cold
    assert warm_page.get_attribute("html", "lang") == "en"
    assert warm_page.get_attribute("html", "dir") == "ltr"
    assert warm_page.locator("dialog[open]").count() == 0
    # the next game of the visit is dealt from the next seed, as after a cold load
    warm_page.click('[data-tool="new-game"]')
    if warm_page.is_visible("#confirm-dialog[open]"):
        warm_page.click('#confirm-dialog [data-action="new-game"]')
    page.click('[data-tool="new-game"]')
    if page.is_visible("#confirm-dialog[open]"):
        page.click('#confirm-dialog [data-action="new-game"]')
    for p in (page, warm_page):
        p.wait_for_function(SEED_32)
        p.wait_for_selector(WAITING)
    assert hand(warm_page) == hand(page)


def test_clear_storage_forgets_what_the_previous_game_stored(warm_page: Page) -> None:
    reset(warm_page, "?speed=instant&bots=easy&seed=5")
    warm_page.evaluate(
        "localStorage.setItem('hasenpfeffer.stats.v1', '{}');"
        "localStorage.setItem('hasenpfeffer.language.v1', 'it')"
    )
    reset(warm_page, "?speed=instant&bots=easy&seed=6", clear_storage=False)
    assert warm_page.get_attribute("html", "lang") == "it"  # the stored choice, as at a load
    assert warm_page.evaluate("localStorage.getItem('hasenpfeffer.stats.v1')") == "{}"
    reset(warm_page, "?speed=instant&bots=easy&seed=6")
    assert warm_page.get_attribute("html", "lang") == "en"
    keys = warm_page.evaluate("Object.keys(localStorage)")
    # only what a first visit's game writes: its save and the first-game guide's tips
    assert set(keys) <= {"hasenpfeffer.game.v1", "hasenpfeffer.guide.v1"}, keys


def test_a_reset_to_a_hand_the_computer_players_finish_resolves_at_its_end(
    warm_page: Page,
) -> None:
    # Seed 149 (medium players): North bids everything alone and wins the game in the
    # first hand, before South has anything to do. The hook resolves with the game-over
    # dialog on show (the table waits for the player there), not when it is closed.
    settled = warm_page.evaluate(
        """async () => {
          const late = new Promise((resolve) => setTimeout(() => resolve("late"), 60000));
          const done = window.hasenpfeffer.reset({ link: "?seed=149&speed=instant",
                                                   clearStorage: true }).then(() => "done");
          return Promise.race([done, late]);
        }"""
    )
    assert settled == "done"
    warm_page.wait_for_selector("#gameover-dialog[open]")
    assert warm_page.locator("#hand button.card:not(:disabled)").count() == 0
    # and the next reset deals on (the dialog closed, a new game)
    reset(warm_page, "?speed=instant&bots=easy&seed=5")
    assert not warm_page.is_visible("#gameover-dialog[open]")
    assert hand(warm_page)


def test_bad_options_are_refused_and_change_nothing(warm_page: Page) -> None:
    reset(warm_page, "?speed=instant&bots=easy&seed=8")
    before = table(warm_page)
    for options, words in (
        ("{ link: '?speed=warp' }", "speed=warp"),
        ("{ link: '?daily' }", '"daily"'),
        ("{ link: '?lang=xx' }", "no language"),
        ("{ seed: 3 }", 'unknown option "seed"'),
        ("{ link: 3 }", "link must be a string"),
        ("{ link: '?seed=9', clearStorage: 'yes' }", "clearStorage"),
        ("[]", "must be an object"),
    ):
        try:
            warm_page.evaluate(f"window.hasenpfeffer.reset({options})")
        except PlaywrightError as error:
            assert words in error.message, (options, error.message)
        else:
            raise AssertionError(f"reset({options}) was not refused")
        assert table(warm_page) == before, options


def test_an_embed_may_not_clear_the_origins_storage(page: Page, base_url: str) -> None:
    # the game embed shares the game page's origin: its reset must not forget the saves
    start(page, base_url, "?embed=1&speed=instant&bots=easy&seed=21")
    page.evaluate("localStorage.setItem('hasenpfeffer.game.v1', 'the game page\\'s save')")
    try:
        page.evaluate("window.hasenpfeffer.reset({ clearStorage: true })")
    except PlaywrightError as error:
        assert "embed keeps no storage" in error.message, error.message
    else:
        raise AssertionError("an embed's reset cleared the storage")
    assert page.evaluate("localStorage.getItem('hasenpfeffer.game.v1')") == "the game page's save"
    # without clearing, it deals the link's game as anywhere else
    before = hand(page)
    reset(page, "?speed=instant&bots=easy&seed=21", clear_storage=False)
    assert hand(page) == before
