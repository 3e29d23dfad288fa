"""Pass-and-play: several people at one device (web/table/pass.js).

What the players rely on: the settings make a seat a person; before each turn of
another person a full-screen pass screen names the seat and shows no hand and no
choice (Escape does not lift it); once the named person presses its button the
table shows that seat's own cards, and the page's state carries no other seat's
cards; Undo never takes back another person's decision; the saved game keeps who
is a person, and a reload starts behind the pass screen.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page

from axe import assert_accessible
from game_driver import WAITING, hand, phase, saved, start, step

QUICK = "?speed=instant&bots=easy&seed=5"
PASS = "#pass-dialog[open]"
NAMES = {0: "South", 1: "West", 2: "North", 3: "East"}


def painted(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate("() => window.hasenpfeffer.state")
    return state


def make_people(page: Page, seats: tuple[int, ...]) -> None:
    """Make ``seats`` people in the settings dialog, as a player would."""
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-level-seat]")
    for seat in seats:
        page.select_option(f"#level-{seat}", "human")
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#settings-dialog", state="hidden")


def check_pass_screen(page: Page, private: list[str]) -> int:
    """The pass screen covers everything and names the seat; returns the seat."""
    seat = int(page.get_attribute("#pass-dialog", "data-seat") or "-1")
    assert seat in NAMES
    assert NAMES[seat] in page.inner_text("#pass-title")
    assert NAMES[seat] in page.inner_text("#pass-ready")
    # behind it: no card of any hand, no choice, nothing to act on
    assert hand(page) == []
    assert page.query_selector_all("#actions button") == []
    assert page.get_attribute("#table", "data-human") == "0"
    # the backdrop hides the table: fully opaque
    alpha = page.evaluate(
        """() => {
            const c = getComputedStyle(document.querySelector('#pass-dialog'), '::backdrop')
              .backgroundColor;
            const m = c.match(/rgba?\\(([^)]*)\\)/)[1].split(',');
            return m.length === 4 ? Number(m[3]) : 1;
        }"""
    )
    assert alpha == 1
    # the screen reader's log lost what named the last person's cards (a hint)
    log = page.inner_text("#announcements")
    assert all(line not in log for line in private), log
    # the page's state holds no other seat's cards than the one it names
    state = painted(page)
    assert state["seat"] == seat
    # Escape does not lift the screen
    page.keyboard.press("Escape")
    assert page.is_visible(PASS)
    return seat


def test_pass_and_play_hides_each_hand_until_its_person_is_ready(page: Page, base_url: str) -> None:
    rng = random.Random(5)
    start(page, base_url, QUICK)
    make_people(page, (1, 2))
    people = {0, 1, 2}
    passes: list[int] = []
    last_person: int | None = None
    hands_done = 0
    undo_checked = False
    private: list[str] = []
    for _ in range(300):
        page.wait_for_selector(WAITING, timeout=30_000)
        if page.is_visible(PASS):
            seat = check_pass_screen(page, private)
            passes.append(seat)
            if len(passes) == 1:
                # keyboard and screen reader: the focus is on the named person's
                # button, the dialog is named by its title; Enter uncovers the table
                assert page.evaluate("() => document.activeElement.id") == "pass-ready"
                assert_accessible(page, "the pass screen", include="#pass-dialog")
                page.keyboard.press("Enter")
            else:
                page.click("#pass-ready")
            page.wait_for_selector(PASS, state="hidden")
            page.wait_for_selector(WAITING, timeout=30_000)
            if page.is_visible("dialog[open]"):
                continue
            state = painted(page)
            # the table now shows the named seat's own cards, and it is their turn
            assert state["seat"] == seat == state["to_act"]
            assert sorted(hand(page)) == sorted(state["view"]["hand"])
            assert state["view"]["hand"], "a person in turn holds cards"
            assert page.get_attribute("#hand", "aria-label") == f"{NAMES[seat]}'s hand"
            if last_person is not None and last_person != seat:
                # another person decided last: this one cannot take it back
                assert page.is_disabled('[data-tool="undo"]')
                undo_checked = True
            continue
        if page.get_attribute("#table", "data-human") == "1":
            state = painted(page)
            assert state["to_act"] == state["seat"] in people
            assert sorted(hand(page)) == sorted(state["view"]["hand"])
            last_person = state["seat"]
            if not private and page.is_enabled('[data-tool="hint"]'):
                # a hint names a card of this person's hand, in the screen reader's log too
                page.click('[data-tool="hint"]')
                page.wait_for_selector("#note.hint", timeout=30_000)
                private.append(page.inner_text("#announcements p:last-child"))
                assert private[0]
        what = step(page, rng)
        if what == "next-hand":
            hands_done += 1
        if what == "game-over" or (hands_done >= 1 and len(set(passes)) >= 3 and undo_checked):
            break
    assert set(passes) >= people - {0} and len(passes) >= 4, passes
    assert undo_checked, "no turn came after another person's decision"
    assert private, "no hint was asked"

    # the saved game keeps who is a person; a reload starts behind the pass screen
    record = saved(page)
    assert record is not None
    assert [record["levels"][s] for s in (0, 1, 2)] == ["human"] * 3
    assert record["levels"][3] != "human"
    page.reload()
    page.wait_for_selector("#loader[hidden]", state="attached", timeout=60_000)
    page.wait_for_selector(PASS, timeout=30_000)
    seat = check_pass_screen(page, private)
    assert seat in people
    # the stored settings remember the people too (the next game has them; this
    # visit's ?bots= link overrides them for the visit only)
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('hasenpfeffer.settings.v1'))")
    assert stored["levels"][1] == stored["levels"][2] == "human"
    assert phase(page)


def test_one_person_never_sees_the_pass_screen(page: Page, base_url: str) -> None:
    rng = random.Random(2)
    start(page, base_url, QUICK)
    for _ in range(30):
        page.wait_for_selector(WAITING, timeout=30_000)
        assert not page.is_visible(PASS)
        step(page, rng)
