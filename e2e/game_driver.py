"""Playing the web app by clicking, as a person would, for the e2e tests.

The app's stable hooks: the table root ``#table`` carries ``data-phase`` and
``data-human="1"`` while the player may act; hand cards are buttons with
``data-card``; bids ``data-bid``; trumps ``data-trump``; alone ``data-alone``;
team scores ``data-score-team``.
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

LOAD_TIMEOUT_MS = 60_000
#: Something the player must react to: their turn, a dialog, or the end.
WAITING = '#table[data-human="1"], dialog[open], #table[data-phase="game_over"]'
#: How many actions the game painted on the table has had (the engine's count).
ACTIONS = "() => window.hasenpfeffer.state?.actions ?? -1"
#: The page's own language switch (the settings' choice does the same), in place:
#: ``page.evaluate(SET_LANGUAGE, code)``.
SET_LANGUAGE = """async (code) => {
  // the app's own instance, in its version's folder
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const i18n = await import(start.replace("engine/start.js", "shared/i18n.js"));
  await i18n.setLanguage(code, { browser: [] });
}"""
#: A message of the page's catalogue in its language now: ``page.evaluate(MESSAGE, key)``.
MESSAGE = """async (key) => {
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const i18n = await import(start.replace("engine/start.js", "shared/i18n.js"));
  return i18n.t(key);
}"""
#: Two animation frames: what the state held is painted.
FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
#: A round trip to the page's engine, then two frames: every request the page sent
#: before it has been answered (the worker answers in order), and what the page did
#: with the answers is done and painted. The barrier for "nothing happened": what a
#: click, a key or a computer player's turn asked of the engine has come back by
#: then. Returns the engine's count of the game's actions.
ROUND_TRIP = """async () => {
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const { start: started } = await import(start);
  const answer = await started.engine.call("state");
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return answer.actions;
}"""


def round_trip(page: Page) -> int:
    """``ROUND_TRIP`` on ``page``: the engine's count of actions once it has answered
    every request the page sent before."""
    actions: int = page.evaluate(ROUND_TRIP)
    return actions


def start(page: Page, base_url: str, query: str = "") -> None:
    """Open the app and wait until the engine has loaded and a game is on."""
    page.goto(base_url + query)
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(WAITING, timeout=LOAD_TIMEOUT_MS)


def reset(page: Page, query: str = "", clear_storage: bool = True) -> Page:
    """On a page already loaded (the ``warm_page`` fixture): a new game as ``start``
    with ``query`` would deal it, through the page's hook ``window.hasenpfeffer.reset``
    (web/table/reset.js); ``clear_storage``: the origin's localStorage forgotten first,
    as on a first visit. The address takes the link as well, so that a ``page.reload()``
    visits it as it would after ``start``. Waits as ``start`` does; returns ``page``."""
    # (the hook resolves at the player's turn or at a hand's end on show; bounded all
    # the same, so that a test fails instead of hanging). The focus starts where a cold
    # start has it, on the page (not on a tool button an earlier test pressed: a whole
    # game by keyboard expects it on the player's choices, as after a load).
    page.evaluate(
        """async ([link, clearStorage, ms]) => {
          document.activeElement?.blur?.();
          const late = new Promise((_, no) =>
            setTimeout(() => no(new Error(`reset: the hook did not resolve in ${ms} ms`)), ms));
          await Promise.race([window.hasenpfeffer.reset({ link, clearStorage }), late]);
          history.replaceState(null, "", location.pathname + link);
        }""",
        [query, clear_storage, LOAD_TIMEOUT_MS],
    )
    page.wait_for_selector(WAITING, timeout=LOAD_TIMEOUT_MS)
    return page


#: A warm page's table is set to this before it is reloaded: a game waiting for the
#: player. Seeded: South bids first in this deal (a random one may have North go alone
#: and the computer players play the whole hand on to its summary).
QUIET = "?speed=instant&bots=easy&seed=1"


def revisit(page: Page, query: str = "", stored: dict[str, str] | None = None) -> Page:
    """On a page already loaded (the ``warm_page`` fixture): the visit that a reload of
    ``index.html<query>`` makes with ``stored`` as the origin's whole localStorage (none:
    a first visit's storage). The page's own start (its saved game, its settings, the
    link) as ``start`` would do it after an init script had stored the same, for a
    fraction of a cold load's CPU (the runtime comes back from its snapshot). The table
    is first set to a game waiting for the player, so nothing of an earlier game writes
    after the storage is set; the address keeps ``query``, so a later ``page.reload()``
    visits the same link. Waits as ``start`` does; returns ``page``."""
    reset(page, QUIET)
    page.evaluate(
        """([query, stored]) => {
          localStorage.clear();
          for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
          history.replaceState(null, "", location.pathname + query);
        }""",
        [query, stored or {}],
    )
    return reload(page)


def reload(page: Page) -> Page:
    """Reload ``page`` and wait as ``start`` does: the engine ready, then something
    for the player to react to. Returns ``page``."""
    page.reload()
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(WAITING, timeout=LOAD_TIMEOUT_MS)
    return page


def phase(page: Page) -> str:
    return page.get_attribute("#table", "data-phase") or ""


def saved(page: Page) -> dict[str, Any] | None:
    text = page.evaluate("localStorage.getItem('hasenpfeffer.game.v1')")
    return None if text is None else json.loads(text)


def hand(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        "#hand button.card", "els => els.map(e => e.dataset.card)"
    )
    return cards


def step(page: Page, rng: random.Random, bid_choices: tuple[str, ...] = ()) -> str:
    """Wait for something to do, then do it by clicking, and wait until the page has
    taken it (its game has one more action, or the summary has closed): the next
    ``step`` must not read the table as it was before this click. Returns what was done."""
    page.wait_for_selector(WAITING, timeout=30_000)
    if page.is_visible("#summary-dialog[open]"):
        next_hand(page)
        return "next-hand"
    # (the game-over screen opens over the finished hand: the table's phase is still
    # the hand's while it is open, "game_over" once it is closed)
    if page.is_visible("#gameover-dialog[open]") or phase(page) == "game_over":
        # the last trick is gathered first, then the game-over screen opens
        page.wait_for_selector("#gameover-dialog[open]")
        return "game-over"
    current = phase(page)
    before = page.evaluate(ACTIONS)
    label = _click_a_move(page, rng, bid_choices, current)
    page.wait_for_function(f"n => ({ACTIONS})() !== n", arg=before, timeout=30_000)
    return label


def next_hand(page: Page, key: str = "") -> None:
    """Close the open hand summary ("Next hand", or the key ``key`` pressed on it) and
    wait until the page has taken it: the summary closed, or already the next hand's
    (the computer players may play a whole hand without South, a partner alone, and
    open its summary before a wait for the first one's closing sees it closed)."""
    before = page.evaluate(ACTIONS)
    if key:
        page.keyboard.press(key)
    else:
        page.click('#summary-dialog [data-action="next-hand"]')
    page.wait_for_function(
        f"n => !document.querySelector('#summary-dialog[open]') || ({ACTIONS})() !== n",
        arg=before,
        timeout=30_000,
    )


def _click_a_move(
    page: Page, rng: random.Random, bid_choices: tuple[str, ...], current: str
) -> str:
    if current == "bidding":
        buttons = page.query_selector_all("#actions [data-bid]:not(:disabled)")
        wanted = [b for b in buttons if b.get_attribute("data-bid") in bid_choices]
        button = rng.choice(wanted or buttons)
        label = "bid " + (button.get_attribute("data-bid") or "")
        button.click()
        return label
    if current == "trump":
        page.click("#actions [data-trump]:not(:disabled)")
        return "trump"
    if current in ("alone", "defend_alone"):
        page.click('#actions [data-alone="decline"]')
        return "decline"
    cards = page.query_selector_all("#hand button.card:not(:disabled)")
    assert cards, f"no enabled card in phase {current}"
    card = rng.choice(cards)
    label = f"{current} {card.get_attribute('data-card')}"
    card.click()
    return label


def choose_speed(page: Page, speed: str) -> None:
    """The pace chosen in Settings, as a player would change it in the middle of a hand."""
    page.click('[data-tool="settings"]')
    page.select_option("#settings-dialog[open] [data-speed-select]", speed)
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_function(
        "(speed) => window.hasenpfeffer.settings.speed === speed"
        " && !document.querySelector('#settings-dialog[open]')",
        arg=speed,
    )


def dismiss_dialogs(page: Page) -> None:
    """Close a hand summary or game-over screen, as a player would before
    reaching for the tools."""
    if page.is_visible("#summary-dialog[open]"):
        page.click('#summary-dialog [data-action="next-hand"]')
    if page.is_visible("#gameover-dialog[open]"):
        page.click('#gameover-dialog [data-action="close"]')


def play_until(page: Page, done: Any, rng: random.Random, limit: int = 400) -> list[str]:
    """Click on until ``done(page)`` is true; the list of what was done."""
    log: list[str] = []
    for _ in range(limit):
        page.wait_for_selector(WAITING, timeout=30_000)
        if done(page):
            return log
        what = step(page, rng)
        log.append(what)
        if what == "game-over":
            break
    if done(page):
        return log
    raise AssertionError(f"gave up after {len(log)} steps: {log[-12:]}")


def seat_words(page: Page, seat: int) -> dict[str, str]:
    """The place drawing ``seat``: its position, name, role and label."""
    words: dict[str, str] = page.eval_on_selector(
        f'.seat[data-seat="{seat}"]',
        """el => ({ pos: el.dataset.pos, name: el.querySelector('.seat-name').textContent,
                   role: el.querySelector('.seat-role').textContent,
                   label: el.getAttribute('aria-label') })""",
    )
    return words
