"""The first-game guide (web/table/guide.js): a tip at each new moment of a first
game, one at a time, put away with "Got it" or "Hide tips", remembered after a
reload, brought back from the rules dialog; accessible and quiet in embeds.
And the first prompt, which says what a bid counts."""

from __future__ import annotations

import random
from collections.abc import Callable

from playwright.sync_api import Browser, Page

from axe import assert_accessible
from conftest import PageProblems, open_page
from game_driver import FRAMES, WAITING, choose_speed, phase, reload, reset, start, step

HUMAN = '#table[data-human="1"]'
TIP = "#guide section"

# Every tip that comes up, in order (installed before the page loads).
RECORD_TIPS = """
window.__tips = [];
new MutationObserver(() => {
  const tip = document.querySelector("#guide section, dialog[open] .guide-tip");
  const last = window.__tips[window.__tips.length - 1];
  if (tip && tip.dataset.tip !== last) window.__tips.push(tip.dataset.tip);
}).observe(document, { childList: true, subtree: true });
"""


def tip(page: Page) -> str | None:
    shown = page.query_selector(TIP)
    return shown.get_attribute("data-tip") if shown else None


def human_bidding(page: Page) -> bool:
    return page.is_visible(HUMAN) and phase(page) == "bidding"


def play_until(
    page: Page,
    done: Callable[[Page], bool],
    rng: random.Random,
    got_it: bool = False,
    bid: str = "6",
) -> None:
    """Play on (bidding `bid` when the player can), putting each tip away with "Got
    it" when `got_it`, until `done(page)`."""
    for _ in range(400):
        page.wait_for_selector(WAITING, timeout=30_000)
        if done(page):
            return
        modal = page.evaluate("Boolean(document.querySelector('dialog[open]'))")
        if got_it and not modal and page.is_visible(TIP):
            page.click('#guide [data-guide="got-it"]')
            continue
        step(page, rng, bid_choices=(bid,))
    raise AssertionError("never got there")


def test_a_tip_at_each_new_moment_of_a_first_game(page: Page, base_url: str) -> None:
    page.add_init_script(RECORD_TIPS)
    start(page, base_url, "?speed=instant&bots=random&seed=5")
    rng = random.Random(4)
    play_until(page, human_bidding, rng)
    # the first prompt says what a bid counts, and the first tip explains it
    prompt = page.inner_text("#prompt")
    assert "tricks" in prompt and "trump" in prompt, prompt
    assert tip(page) == "bid"
    region = page.locator("#guide")
    assert region.get_attribute("aria-live") == "polite"
    heading = page.locator(f"{TIP} h2")
    assert "What a bid counts" in heading.inner_text()
    assert page.get_attribute(TIP, "aria-labelledby") == heading.get_attribute("id")
    # (the tricks in a hand are the engine's number, not a translator's word)
    assert "tricks, of the 6 in a hand, that you and North" in page.inner_text(f"{TIP} p")
    # it does not take the focus: that stays on the player's choices
    assert page.evaluate("Boolean(document.activeElement.closest('#actions'))")
    assert_accessible(page, "#guide")
    # the tip's buttons are reached with the keyboard (just before the choices)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.guide") == "hide"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.dataset.guide") == "got-it"
    page.keyboard.press("Enter")
    page.wait_for_selector(f'{TIP}[data-tip="bid"]', state="detached")
    # the focus goes back to the choices
    page.wait_for_function("() => Boolean(document.activeElement.closest('#actions'))")
    # the next tip of the auction: the widow, while it lies in the middle
    page.wait_for_selector(TIP)
    assert tip(page) == "widow" and phase(page) == "bidding"
    # no tip over a dialog (its buttons would be out of reach): it waits till it closes
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open]")
    assert not page.is_visible(TIP)
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog", state="hidden")
    page.wait_for_selector(TIP)
    assert tip(page) == "widow"
    # one tip at each moment, one at a time, each put away in turn: the whole first hand
    play_until(page, lambda p: p.is_visible("#summary-dialog[open]"), rng, got_it=True)
    # the scoring tip comes in the summary itself, with the hand's own numbers, and
    # the score at the top is already the new one
    scoring = "#summary-dialog .guide-tip[data-tip='scoring']"
    page.wait_for_selector(scoring)
    hand = page.evaluate("window.hasenpfeffer.state.view.last_hand")
    team = hand["maker"] % 2
    words = page.inner_text(f"{scoring} p")
    assert f"took {hand['tricks_won'][team]} of the 6 tricks" in words, words
    assert f"{abs(hand['points'][team])} points" in words, words
    top = [page.inner_text(f'[data-score-team="{t}"]') for t in (0, 1)]
    assert [int(x.replace("\u2212", "-")) for x in top] == hand["scores"], (top, hand["scores"])
    page.click(f'{scoring} [data-guide="got-it"]')
    page.wait_for_selector(scoring, state="detached")
    page.click('#summary-dialog [data-action="next-hand"]')
    play_until(page, human_bidding, rng, got_it=True)
    shown = page.evaluate("window.__tips")
    assert shown == ["bid", "widow", "trump", "alone", "follow", "scoring"], shown
    # nothing more to say at the second bidding
    assert human_bidding(page) and tip(page) is None


# Every change of the table's phase or of the tip on show (none: ""), as "phase:tip"
# (installed before the page loads).
RECORD_TIP_CHANGES = """
window.__tipChanges = [];
new MutationObserver(() => {
  const tip = document.querySelector("#guide section")?.dataset.tip ?? "";
  const now = `${document.querySelector("#table")?.dataset.phase ?? ""}:${tip}`;
  if (now !== window.__tipChanges[window.__tipChanges.length - 1]) window.__tipChanges.push(now);
}).observe(document, { childList: true, subtree: true, attributes: true });
"""


def test_the_going_alone_tip_stays_while_the_defenders_answer(page: Page, base_url: str) -> None:
    """The player goes alone: the tip about it stays on while West and East decide
    whether to defend alone (at a pace that shows their turn), into the first trick;
    it never goes and comes back."""
    page.add_init_script(RECORD_TIP_CHANGES)
    start(page, base_url, "?speed=instant&bots=random&seed=5")
    rng = random.Random(4)
    play_until(page, lambda p: p.is_visible(HUMAN) and phase(p) == "alone", rng, got_it=True)
    page.wait_for_selector(f'{TIP}[data-tip="alone"]')
    choose_speed(page, "fast")
    page.click('#actions [data-alone="alone"]')
    page.wait_for_selector('#table[data-phase="play"]')
    page.evaluate(FRAMES)
    changes = page.evaluate("window.__tipChanges")
    since = changes[changes.index("alone:alone") :]
    # the defenders' turn was on the table, the tip with it, and it never went
    assert "defend_alone:alone" in since and "play:alone" in since, changes
    assert all(change.endswith(":alone") for change in since), changes
    assert page.evaluate("window.hasenpfeffer.state.view.alone") is True


def test_a_tip_left_unread_waits_for_its_next_moment_not_the_hand_s_end(
    page: Page, base_url: str
) -> None:
    """(issue 51) The widow's tip, unread when the auction ends, does not come back over
    the finished hand (the engine has dealt the next hand behind it: the table shows no
    widow), nor holds back the scoring tip in the summary: it waits for the next auction."""
    page.add_init_script(RECORD_TIPS)
    start(page, base_url, "?speed=instant&bots=random&seed=5")
    rng = random.Random(4)
    play_until(page, human_bidding, rng)
    page.click('#guide [data-guide="got-it"]')
    page.wait_for_selector(f'{TIP}[data-tip="widow"]')
    # the widow's tip left unread, the hand played to its end
    play_until(page, lambda p: p.is_visible("#summary-dialog[open]"), rng, bid="pass")
    page.evaluate(FRAMES)
    shown = page.evaluate("window.__tips")
    assert shown.count("widow") == 1, f"the widow's tip came back at the hand's end: {shown}"
    assert tip(page) is None, f"a tip behind the summary: {tip(page)}"
    scoring = "#summary-dialog .guide-tip[data-tip='scoring']"
    assert page.is_visible(scoring), f"no scoring tip in the summary: {shown}"
    assert shown[-1] == "scoring", shown
    # the next auction is the widow's next moment
    page.click('#summary-dialog [data-action="next-hand"]')
    play_until(page, human_bidding, rng)
    assert tip(page) == "widow"


def test_on_a_phone_the_tip_has_a_row_of_its_own_and_a_short_one_opens_on_read(
    warm_page: Page,
) -> None:
    page = reset(warm_page, "?speed=instant&bots=random&seed=5")
    play_until(page, human_bidding, random.Random(4))
    assert tip(page) == "bid"
    text, hide, read = f"{TIP} p", f'{TIP} [data-guide="hide"]', f"{TIP} .guide-read"
    # a tall phone: the whole tip, in its row between the felt and the prompt
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate(FRAMES)
    assert page.is_visible(text) and page.is_visible(hide) and not page.is_visible(read)
    felt = page.locator(".felt").bounding_box()
    row = page.locator("#guide").bounding_box()
    prompt = page.locator("#prompt").bounding_box()
    assert felt and row and prompt
    assert (
        felt["y"] + felt["height"] <= row["y"] + 1 and row["y"] + row["height"] <= prompt["y"] + 1
    )
    # a short one: the title, "Read" and "Got it"; "Read" opens the words and closes them
    page.set_viewport_size({"width": 360, "height": 640})
    page.wait_for_selector(read)
    assert not page.is_visible(text) and not page.is_visible(hide)
    assert page.get_attribute(read, "aria-expanded") == "false"
    assert page.get_attribute(read, "aria-controls") == page.get_attribute(text, "id")
    page.click(read)
    assert page.get_attribute(read, "aria-expanded") == "true"
    assert page.is_visible(text) and page.is_visible(hide)
    assert "tricks" in page.inner_text(text)
    # (opened, it takes the felt's place: no room there for both)
    assert not page.is_visible(".felt")
    page.click(read)
    assert not page.is_visible(text)
    assert page.is_visible(".felt")
    # a hint asked for puts the tip aside (one voice at a time) until it goes
    page.click('[data-tool="hint"]')
    page.wait_for_selector("#note.hint")
    assert not page.is_visible(TIP)
    page.click("#actions [data-bid]:not(:disabled)")
    # (a reason may come in the hint's place, "you must follow...": the tip shows beside it)
    page.wait_for_selector("#note.hint", state="detached")
    page.wait_for_selector(TIP, state="visible")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_tips_stay_put_away_after_a_reload_and_come_back_from_the_rules(
    warm_page: Page,
) -> None:
    page = reset(warm_page, "?speed=instant&bots=random&seed=5")
    rng = random.Random(4)
    play_until(page, human_bidding, rng)
    page.click('#guide [data-guide="got-it"]')
    page.wait_for_selector(f'{TIP}[data-tip="bid"]', state="detached")
    reload(page)
    # the bid tip read stays away; the widow's, not read yet, is still this moment's
    page.wait_for_selector(TIP)
    assert human_bidding(page) and tip(page) == "widow", "the bid tip came back after a reload"
    # "Hide tips" puts that one and all others away
    page.click('#guide [data-guide="hide"]')
    page.wait_for_selector(TIP, state="detached")
    play_until(page, lambda p: p.is_visible(HUMAN) and phase(p) == "play", rng)
    assert tip(page) is None
    reload(page)
    assert tip(page) is None
    # the rules dialog brings them back: the tip of this moment shows at once
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open] .ranking hp-card")
    page.click("#rules-dialog [data-guide-again]")
    page.wait_for_selector("#rules-dialog", state="hidden")
    page.wait_for_selector(TIP)
    assert tip(page) == "follow"  # (naming trump: only when the player names it)
    # remembered: on again, and nothing read yet (a tip counts as read at "Got it")
    stored = page.evaluate("JSON.parse(localStorage.getItem('hasenpfeffer.guide.v1'))")
    assert stored == {"off": False, "seen": []}


def test_without_storage_and_without_going_alone(
    browser: Browser, base_url: str, problems: PageProblems
) -> None:
    """Storage refused: the tips still come and go for the visit. Rules without going
    alone (traditional): no tip about it."""
    page = open_page(browser, base_url, problems)
    page.add_init_script(
        """Object.defineProperty(window, "localStorage", {
             get() { throw new DOMException("storage is disabled", "SecurityError"); } });"""
    )
    page.add_init_script(RECORD_TIPS)
    try:
        start(page, base_url, "?speed=instant&bots=random&seed=5&preset=traditional")
        rng = random.Random(4)
        play_until(page, human_bidding, rng)
        assert tip(page) == "bid"
        play_until(page, lambda p: p.is_visible("#summary-dialog[open]"), rng, got_it=True)
        shown = page.evaluate("window.__tips")
    finally:
        page.context.close()
    assert shown[0] == "bid" and "follow" in shown and "alone" not in shown, shown
    assert problems.errors == [] and problems.external == []


def test_no_tips_in_an_embed(page: Page, base_url: str) -> None:
    page.add_init_script(RECORD_TIPS)
    start(page, base_url, "?embed=1&speed=instant&bots=random&seed=5")
    rng = random.Random(4)
    play_until(page, lambda p: p.is_visible(HUMAN) and phase(p) == "play", rng)
    assert page.evaluate("window.__tips") == []
    assert page.evaluate("document.querySelector('#guide').childElementCount") == 0
    # nor a way to bring them back
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open] .ranking hp-card")
    assert not page.is_visible("#rules-dialog [data-guide-again]")
