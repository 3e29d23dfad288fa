"""Open hands, secret deals and the saved record's marks (issue 27):

- open hands (a setting) draw the other three hands face up in their places and a
  badge on the felt (a status line), kept across two reloads; the saved record
  marks the game as practice for good; refused for several people at one device;
- the deal of the day refuses them until its first hand is over, says why, and
  turns them on when that hand ends;
- inviting a guest to a seeded game is refused before any connection is made, with
  a fresh deal offered: after it the invitation is made, at a secret deal;
- a saved game's decided_by survives a reload: "Why?" on a decision of a seat whose
  level has changed since names the level that took it.
"""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

from axe import assert_accessible
from game_driver import (
    LOAD_TIMEOUT_MS,
    play_until,
    reload,
    reset,
    revisit,
    saved,
    start,
    step,
)

QUICK = "?speed=instant&bots=easy"

#: The page's engine (the same module as the page's: resolved like boot.js's imports).
ENGINE_CALL = """async ([op, args]) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { start } = await import(new URL('../engine/start.js', boot).href);
  return start.engine.call(op, args);
}"""

#: Every RTCPeerConnection made by the page (before the page's scripts run).
SPY = """(() => {
  window.__peers = 0;
  const Real = window.RTCPeerConnection;
  if (!Real) return;
  window.RTCPeerConnection = class extends Real {
    constructor(...args) {
      window.__peers += 1;
      super(...args);
    }
  };
})();"""

#: The other seats' open hands as painted: seat -> card codes (hidden ones left out).
OPEN_HANDS = """() => Object.fromEntries([...document.querySelectorAll('.seat')]
  .filter((s) => s.querySelector('.open-hand') && !s.querySelector('.open-hand').hidden)
  .map((s) => [s.dataset.seat,
    [...s.querySelectorAll('.open-hand hp-card')].map((c) => c.getAttribute('code'))]))"""


def engine(page: Page, op: str, args: dict[str, Any] | None = None) -> Any:
    return page.evaluate(ENGINE_CALL, [op, args or {}])


def badge(page: Page) -> str:
    return page.inner_text("#open-badge").strip()


def open_settings(page: Page) -> None:
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-open-hands]")


def save_settings(page: Page) -> None:
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#settings-dialog", state="hidden")


def record(page: Page) -> dict[str, Any]:
    found = saved(page)
    assert found is not None
    return found


def assert_open_table(page: Page) -> None:
    """The three other hands face up, exactly the engine's cards, their backs hidden."""
    page.wait_for_function("() => document.querySelector('#open-badge').textContent.trim() !== ''")
    state = page.evaluate("() => window.hasenpfeffer.state")
    assert state["open_hands"] is True
    page.wait_for_function(f"() => Object.keys(({OPEN_HANDS})()).length === 3")
    painted = page.evaluate(OPEN_HANDS)
    assert {int(seat): cards for seat, cards in painted.items()} == {
        seat: state["open"]["hands"][seat] for seat in (1, 2, 3)
    }
    assert all(painted.values()), painted
    assert page.eval_on_selector_all(".seat .backs", "els => els.every((b) => b.hidden)")
    assert page.get_attribute("#open-badge", "role") == "status"
    assert badge(page) == "Open hands: every card face up (practice)"


def test_open_hands_show_every_hand_and_stay_on_across_reloads(warm_page: Page) -> None:
    # a seeded deal whose first moves leave the game going (with a random one, a lone
    # hand of six tricks, 12 points, can end the game in its first hand: 5 of 150
    # random deals in a scan)
    page = reset(warm_page, QUICK + "&seed=1")
    assert badge(page) == ""
    assert page.evaluate(OPEN_HANDS) == {}
    # several people at this device: refused in the form, nothing changes
    open_settings(page)
    page.check("#open-hands")
    page.select_option('[data-level-seat="1"]', "human")
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_function(
        "() => document.querySelector('#settings-error').textContent.includes('one player')"
    )
    assert page.is_visible("#settings-dialog[open]")
    assert page.evaluate("() => window.hasenpfeffer.settings.openHands") is False
    page.select_option('[data-level-seat="1"]', "easy")
    save_settings(page)
    assert_open_table(page)
    assert record(page).get("openHandsUsed") is True
    assert_accessible(page, "the table with open hands", include=".felt")
    # a move or two, then two reloads: still open, the same game
    rng = random.Random(3)
    for _ in range(3):
        assert step(page, rng) != "game-over"
    actions = page.evaluate("() => window.hasenpfeffer.state.actions")
    for _ in range(2):
        reload(page)
        assert page.evaluate("() => window.hasenpfeffer.state.actions") >= actions
        assert_open_table(page)
    # off again: the backs are back, the game stays practice
    open_settings(page)
    page.uncheck("#open-hands")
    save_settings(page)
    page.wait_for_function("() => document.querySelector('#open-badge').textContent.trim() === ''")
    assert page.evaluate(OPEN_HANDS) == {}
    assert page.evaluate("() => window.hasenpfeffer.state.open_hands") is False
    assert record(page).get("openHandsUsed") is True


def test_the_deal_of_the_day_refuses_open_hands_until_its_first_hand_is_over(
    warm_page: Page,
) -> None:
    page = revisit(warm_page, "?speed=instant&daily&open=1")
    page.wait_for_function("() => window.hasenpfeffer.state?.levels?.[1] === 'hard'")
    page.wait_for_selector("#notice:not([hidden])")
    # the engine's refusal, in the page's words
    said = page.inner_text("#notice-text")
    assert "deal of the day" in said and "first hand" in said, said
    assert badge(page) == ""
    assert page.evaluate(OPEN_HANDS) == {}
    assert page.evaluate("() => window.hasenpfeffer.settings.openHands") is True
    assert record(page).get("daily") is True
    # the engine refuses it too (the page asked, and was told)
    refused = page.evaluate(
        f"""async () => {{
          try {{ await ({ENGINE_CALL})(['set_open_hands', {{open_hands: true}}]); return null; }}
          catch (err) {{ return err.code; }}
        }}"""
    )
    assert refused == "open_hands_daily"
    rng = random.Random(5)
    play_until(page, lambda p: p.is_visible("#summary-dialog[open], #gameover-dialog[open]"), rng)
    # the first hand is over: open hands come on (the next deal's cards, under the summary)
    page.wait_for_function("() => document.querySelector('#open-badge').textContent.trim() !== ''")
    assert page.evaluate("() => window.hasenpfeffer.state.open_hands") is True
    assert record(page).get("openHandsUsed") is True


def test_inviting_to_a_seeded_game_is_refused_and_a_fresh_deal_invites(
    page: Page, base_url: str
) -> None:
    page.context.add_init_script(SPY)
    start(page, base_url, "?speed=instant&bots=easy&seed=5")
    assert page.evaluate("() => window.hasenpfeffer.state.secret_deal") is False
    before = json.loads(record(page)["save"])["seed"]
    assert before == 5
    page.click('[data-tool="together"]')
    page.click('[data-together-invite="1"]')
    fresh = page.wait_for_selector('[data-together-fresh="1"]')
    alert = page.inner_text("#together-dialog .together-refusal[role=alert]")
    assert "known in advance" in alert and "work out every hand" in alert
    # nothing was made: no connection, no invitation link
    assert page.evaluate("() => window.__peers") == 0
    assert page.query_selector('[data-together-link="1"]') is None
    assert page.evaluate("() => document.activeElement.dataset.togetherFresh") == "1"
    assert_accessible(page, "the Together dialog refusing a known deal", include="#together-dialog")
    fresh.click()
    # a new game at a secret deal, the same rules and levels; then the invitation goes on
    page.wait_for_function("() => window.hasenpfeffer.state?.secret_deal === true")
    page.wait_for_selector(
        '[data-together-link="1"], #together-dialog .together-error[role=alert]', timeout=20_000
    )
    assert page.evaluate("() => window.__peers") == 1
    assert page.query_selector('[data-together-fresh="1"]') is None
    state = page.evaluate("() => window.hasenpfeffer.state")
    assert state["levels"] == ["human", "easy", "easy", "easy"]
    # a new game: another deal than the seeded one (its computer players may have moved)
    assert json.loads(record(page)["save"])["seed"] != before
    stored = record(page)
    assert stored.get("secretDeal") is True
    assert json.loads(stored["save"])["seed"] != before


def test_a_saved_games_decided_by_survives_a_reload(warm_page: Page) -> None:
    page = reset(warm_page, QUICK + "&seed=11")
    rng = random.Random(11)
    # until West (an easy computer player) has decided something
    play_until(page, west_decided, rng)
    state = page.evaluate("() => window.hasenpfeffer.state")
    stored = record(page)
    assert len(stored["decidedBy"]) == state["actions"]
    step_of_west = west_step(page)
    # West is now a medium player; its decision was an easy player's
    open_settings(page)
    page.select_option('[data-level-seat="1"]', "medium")
    save_settings(page)
    page.wait_for_function("() => window.hasenpfeffer.state.levels[1] === 'medium'")
    reload(page)
    assert page.evaluate("() => window.hasenpfeffer.state.levels[1]") == "medium"
    assert page.evaluate("() => window.hasenpfeffer.state.decided_by")[step_of_west] == "easy"
    answer = engine(page, "why", {"step": step_of_west})
    assert answer["level"] == "easy"


def west_step(page: Page) -> int:
    """The index of West's first decision in the game (from the engine's history)."""
    state = page.evaluate("() => window.hasenpfeffer.state")
    actions = state["view"]["hand_actions"]
    offset = state["actions"] - len(actions)
    for i, entry in enumerate(actions):
        if entry["seat"] == 1:
            return offset + i
    raise AssertionError("West has not decided in this hand")


def west_decided(page: Page) -> bool:
    state = page.evaluate("() => window.hasenpfeffer.state")
    return state is not None and any(a["seat"] == 1 for a in state["view"]["hand_actions"])


SAVE_KEY = "hasenpfeffer.game.v1"


def reload_with(page: Page, stored: dict[str, Any]) -> None:
    """Store `stored` as the saved record and reload the page."""
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(stored)])
    page.reload()
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_function("() => window.hasenpfeffer.state !== null")


def test_a_lan_games_guests_come_back_only_at_a_secret_deal(warm_page: Page) -> None:
    page = reset(warm_page, QUICK)
    stored = record(page)
    assert stored.get("secretDeal") is True  # dealt without a seed: the engine's secret one
    lan = {**stored, "levels": ["human", "human", "easy", "easy"], "remote": [1]}
    # the record says the deal was secret: West's guest is away, to be invited again
    reload_with(page, lan)
    page.wait_for_selector("#notice:not([hidden])")
    assert "West played from another device" in page.inner_text("#notice-text")
    state = page.evaluate("() => window.hasenpfeffer.state")
    assert state["remote"] == [1] and state["secret_deal"] is True
    # an older record (no secretDeal): not known to be secret, so a computer player sits
    older = {k: v for k, v in lan.items() if k != "secretDeal"}
    reload_with(page, older)
    page.wait_for_function(
        "() => document.querySelector('#notice-text').textContent.includes('known in advance')"
    )
    state = page.evaluate("() => window.hasenpfeffer.state")
    assert state["remote"] == [] and state["levels"][1] == "easy"
    assert state["secret_deal"] is False
    assert page.evaluate("() => localStorage.getItem('hasenpfeffer.game.v1.aside')") is None


def test_a_record_with_bad_marks_goes_on_as_practice_and_is_kept_aside(
    warm_page: Page,
) -> None:
    page = reset(warm_page, QUICK)
    stored = record(page)
    reload_with(page, {**stored, "decidedBy": ["nobody"], "openHandsUsed": "yes"})
    page.wait_for_selector('dialog[data-saves="aside"][open]')
    assert "goes on without them" in page.inner_text('dialog[data-saves="aside"]')
    aside = json.loads(
        page.evaluate("() => localStorage.getItem('hasenpfeffer.game.v1.aside')") or "[]"
    )
    assert [entry["problem"] for entry in aside] == ["marks"]
    # the game itself goes on, counted as practice from now on
    assert record(page).get("openHandsUsed") is True
    assert page.evaluate("() => window.hasenpfeffer.state.actions") == stored_actions(stored)


def stored_actions(stored: dict[str, Any]) -> int:
    return len(json.loads(stored["save"]).get("actions", []))


NARRATE = """async ([openHands]) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { actionSentence } = await import(new URL('narration.js', boot).href);
  const event = { seat: 1, action: 'discard JD', card_roles: {}, open_hands: openHands };
  return actionSentence(event, window.hasenpfeffer.state.view);
}"""


def test_another_seats_discard_is_named_only_under_open_hands(warm_page: Page) -> None:
    page = reset(warm_page, QUICK)
    assert page.evaluate(NARRATE, [True]) == "West discards the jack of diamonds."
    # the same event in a view without open hands (pass-and-play's, a finished hand's calls)
    assert page.evaluate(NARRATE, [False]) == "West discards a card."
