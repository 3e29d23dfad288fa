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

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from axe import assert_accessible
from game_driver import WAITING, hand, phase, reset, saved, seat_words, step

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


def test_pass_and_play_hides_each_hand_until_its_person_is_ready(warm_page: Page) -> None:
    rng = random.Random(5)
    page = reset(warm_page, QUICK)
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


#: Every paint of the table from now on: its phase, whether the player may act, the
#: dialogs open (a MutationObserver on the table's and the dialogs' attributes).
PAINTS = """() => {
  window.paints = [];
  const table = document.querySelector('#table');
  const note = () => window.paints.push({
    human: table.dataset.human,
    dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => d.id),
  });
  new MutationObserver(note).observe(document.body,
    { subtree: true, attributes: true, attributeFilter: ['data-human', 'open'] });
}"""


def test_a_second_person_chosen_in_the_settings_gets_no_turn_before_the_pass_screen(
    warm_page: Page,
) -> None:
    """South's turn, then North made a person in the settings: from the dialog's closing
    to the pass screen the table offers no move (the engine is taking the new seats;
    a click on the table as it was would go to the game before them)."""
    page = reset(warm_page, QUICK)
    assert page.get_attribute("#table", "data-human") == "1"
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-level-seat]")
    page.select_option("#level-2", "human")
    page.evaluate(PAINTS)
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector(PASS)
    paints = page.evaluate("() => window.paints")
    closed = next(i for i, p in enumerate(paints) if "settings-dialog" not in p["dialogs"])
    covered = next(i for i, p in enumerate(paints) if "pass-dialog" in p["dialogs"])
    offered = [p for p in paints[closed:covered] if p["human"] == "1"]
    assert offered == [], paints


def test_one_person_never_sees_the_pass_screen(warm_page: Page) -> None:
    rng = random.Random(2)
    page = reset(warm_page, QUICK)
    for _ in range(30):
        page.wait_for_selector(WAITING, timeout=30_000)
        assert not page.is_visible(PASS)
        step(page, rng)


# every card flight on the table: the seat of its slot, the slot's place, where it starts
FLIGHTS = """() => {
  window.flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const slot = this.closest('.slot');
    if (slot && Array.isArray(frames) && frames.length) {
      const from = String(frames[0].transform);
      window.flights.push({ seat: slot.dataset.slot, pos: slot.dataset.pos, from });
    }
    return animate.call(this, frames, options);
  };
}"""

# where a card starts its flight from each place: the bottom, the left, the top, the right
START = {
    "south": "translate(0%, 140%)",
    "west": "translate(-140%, 0%)",
    "north": "translate(0%, -140%)",
    "east": "translate(140%, 0%)",
}


def centre(page: Page, seat: int) -> tuple[float, float]:
    box = page.locator(f'.seat[data-seat="{seat}"]').bounding_box()
    assert box is not None, seat
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def my_turn(page: Page, seat: int) -> bool:
    person = page.get_attribute("#table", "data-human") == "1"
    return person and painted(page)["seat"] == seat


def check_drawn_from_north(page: Page) -> None:
    """North at the bottom called "You", South at the top by its name, East on the
    left; North's own cards; "us" North and South; the dealer's mark in its place."""
    state = painted(page)
    you = {"pos": "south", "name": "You", "role": "North", "label": "North, you"}
    assert seat_words(page, 2) == you
    partner = {"pos": "north", "name": "South", "role": "partner", "label": "South, your partner"}
    assert seat_words(page, 0) == partner
    assert seat_words(page, 3)["pos"] == "west" and seat_words(page, 3)["name"] == "East"
    assert seat_words(page, 1)["pos"] == "east" and seat_words(page, 1)["label"] == "West, opponent"
    # on screen: North at the bottom, South at the top, East on the left
    assert centre(page, 2)[1] > centre(page, 0)[1] and centre(page, 3)[0] < centre(page, 1)[0]
    assert sorted(hand(page)) == sorted(state["view"]["hand"])
    # the score: North's team (North and South) is "us", first and marked
    assert page.inner_text(".score.us .team-name") == "You & South"
    assert page.get_attribute(".score.us strong", "data-score-team") == "0"
    tricks_title = page.get_attribute(".contract .trick-side", "title")
    assert tricks_title == "Tricks won by you and South"
    assert page.is_visible(f'.seat[data-seat="{state["view"]["dealer"]}"] .dealer')


def test_the_table_is_drawn_from_the_seat_of_whoever_has_the_device(warm_page: Page) -> None:
    """North's person holds the device: the table drawn from North's seat; North's
    card flies from the bottom, West's from the right, East's from the left. South's
    person then gets the table as it always was."""
    rng = random.Random(7)
    page = reset(warm_page, "?speed=fast&bots=easy&seed=5")
    make_people(page, (2,))
    page.evaluate(FLIGHTS)
    since: int | None = None  # the flights from North's card on
    drawn_from_north: list[dict[str, str]] = []
    for _ in range(400):
        page.wait_for_selector(WAITING, timeout=30_000)
        if page.is_visible(PASS):
            if since is not None and not drawn_from_north:
                drawn_from_north = page.evaluate("() => window.flights")[since:]
            page.click("#pass-ready")
            page.wait_for_selector(PASS, state="hidden")
            continue
        if since is None and my_turn(page, 2):
            check_drawn_from_north(page)
            if phase(page) == "play":
                since = len(page.evaluate("() => window.flights"))
                page.locator("#hand button.card:not(:disabled)").first.click()
                page.wait_for_function(
                    "(n) => window.flights.slice(n).some((f) => f.seat === '2')", arg=since
                )
                flights = page.evaluate("() => window.flights")[since:]
                mine = next(f for f in flights if f["seat"] == "2")
                # from the bottom of the table into the trick
                assert mine["pos"] == "south" and mine["from"].startswith(START["south"]), mine
                continue
        if drawn_from_north and my_turn(page, 0):
            # South has the device again: drawn from South, as in a one-player game
            you = {"pos": "south", "name": "You", "role": "South", "label": "South, you"}
            assert seat_words(page, 0) == you
            assert seat_words(page, 2)["pos"] == "north" and seat_words(page, 1)["pos"] == "west"
            assert page.inner_text(".score.us .team-name") == "You & North"
            # the computer players' cards after North's: West's from the right, East's the left
            others = [f for f in drawn_from_north if f["seat"] in ("1", "3")]
            assert others, drawn_from_north
            for flight in others:
                pos = "east" if flight["seat"] == "1" else "west"
                assert flight["pos"] == pos and flight["from"].startswith(START[pos]), flight
            return
        try:
            step(page, rng)
        except PlaywrightError:
            # at this speed the hand may be painted again under the click (nothing done)
            continue
    raise AssertionError("North never played a card, or South never had the device again")
