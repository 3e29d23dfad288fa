"""Learning from every hand (issue 16) in the game page: the hand review
(opened from the hand summary and, for any finished hand of the game, from
the Review tool), stepped through with all four hands face up, each of the
player's decisions rated by the engine with the hard player's view beside it,
a jump to the costliest decision, the whole review as a list; keyboard,
axe and all five languages.

The expected decisions come from the Python engine itself (``bots.review``
on the game the page saved), so the page is checked against the engine, not
against numbers written here.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from axe import assert_accessible
from game_driver import (
    ACTIONS,
    FRAMES,
    WAITING,
    dismiss_dialogs,
    play_until,
    reset,
    revisit,
    saved,
    start,
    step,
)
from hasenpfeffer.api import handle
from hasenpfeffer.bots.review import review_hand
from hasenpfeffer.daily import daily_seed
from hasenpfeffer.game import Game
from hasenpfeffer.notation import hand_from_text, hand_to_text

QUERY = "?speed=instant&bots=easy&seed=17"
REVIEW_READY = '#review-dialog[open] #review-body[aria-busy="false"]'
WHY_READY = '#why-dialog[open] #why-body[aria-busy="false"]'

# whether the review dialog ever showed that the worker was busy (installed once the
# game is dealt; one observer per page, however often it is installed)
WATCH_BUSY = """() => {
  window.__reviewBusy = 0;
  window.__reviewWatch?.disconnect();
  window.__reviewWatch = new MutationObserver(() => {
    if (document.querySelector("#review-body .review-busy progress")) window.__reviewBusy += 1;
  });
  window.__reviewWatch.observe(document, { subtree: true, childList: true });
}"""

# the catalogue keys the page asked for and no catalogue had (web/shared/i18n.js)
MISSING_KEYS = """() => {
  const link = document.querySelector('link[rel=modulepreload][href*="shared/i18n.js"]');
  return import(new URL(link.getAttribute("href"), location.href).href)
    .then((m) => m.missingKeys());
}"""


def play_hands(page: Page, hands: int, rng: random.Random) -> None:
    """Play on (passing in the auction) until the summary of the ``hands``-th hand is open."""
    seen = 0
    for _ in range(400):
        page.wait_for_selector(WAITING, timeout=30_000)
        if page.is_visible("#summary-dialog[open]"):
            seen += 1
            if seen == hands:
                return
            page.click('#summary-dialog [data-action="next-hand"]')
            continue
        step(page, rng, bid_choices=("pass",))
    raise AssertionError(f"only {seen} hands ended")


def expected_review(page: Page, number: int) -> list[dict[str, Any]]:
    """The engine's review of South's decisions in hand ``number`` of the saved game."""
    record = saved(page)
    assert record is not None
    game = Game.from_json(record["save"])
    return review_hand(hand_from_text(hand_to_text(game, number)), 0, seed=game.seed)


def face_up_cards(page: Page) -> int:
    count: int = page.evaluate(
        "() => document.querySelectorAll('#review-body .review-cards hp-card').length"
    )
    return count


def test_the_review_of_the_hand_just_played(warm_page: Page) -> None:
    page = reset(warm_page, QUERY)
    page.evaluate(WATCH_BUSY)
    play_hands(page, 1, random.Random(4))
    expected = expected_review(page, 1)
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    # the worker's work was shown as such while it ran
    assert page.evaluate("() => window.__reviewBusy") > 0
    assert page.inner_text("#review-title") == "Review of hand 1"
    # the whole review as a list, one item per decision of the player, in order
    items = page.locator("#review-body .review-text li")
    assert items.count() == len(expected)
    for i, d in enumerate(expected):
        text = items.nth(i).inner_text()
        if d["kind"] == "estimate" and d["reason_code"] != "review_only":
            assert "an estimate" in text
            assert "hard player would" in text
        if d["reason_code"] == "review_cost":
            assert f"cost {d['loss']} point" in text
    # stepping through: all four hands face up at the deal, every card dealt
    # (24 in the hands, the widow apart); fewer as the tricks are played
    page.click("#review-body [data-review-goto='0']")
    while not page.is_disabled("#review-body [data-review-prev]"):
        page.click("#review-body [data-review-prev]")
    assert "the deal" in page.inner_text("#review-step-title")
    assert face_up_cards(page) == 24
    # the widow too, face up: the finished hand's record reveals it
    assert page.locator("#review-body .review-center hp-card").count() == 1
    # at the auction's end the maker has taken the widow: seven cards in the
    # maker's hand and none left in the middle (a hand thrown in keeps it there)
    page.click("#review-body [data-review-next]")
    assert "the bidding" in page.inner_text("#review-step-title")
    widow_in_middle = page.locator("#review-body .review-center hp-card").count()
    assert (face_up_cards(page), widow_in_middle) in ((25, 0), (24, 1))
    page.click("#review-body [data-review-prev]")
    seats = page.locator("#review-body .review-seat")
    assert seats.count() == 4
    assert_accessible(page, "the review dialog", "#review-dialog")
    # keyboard: Next keeps the focus as it steps on, to the last step
    page.focus("#review-body [data-review-next]")
    steps = 0
    while not page.is_disabled("#review-body [data-review-next]"):
        page.keyboard.press("Enter")
        steps += 1
        assert page.evaluate("() => document.activeElement.hasAttribute('data-review-next')") or (
            page.is_disabled("#review-body [data-review-next]")
        )
    assert steps >= 6  # at least the auction and six tricks
    # after the last trick every card played is gone (a partner sitting out keeps six)
    assert face_up_cards(page) in (0, 6)
    # the costliest decision: the card that lost most points with every card
    # visible, or without a costly card the call the estimate rated worst
    cards = [d for d in expected if d["kind"] == "double_dummy" and d["loss"] > 0]
    calls = [d for d in expected if d["kind"] == "estimate" and d["loss"] > 0]
    assert cards or calls  # this deal has one (the pass against a bid of five)
    worst = max(cards or calls, key=lambda d: d["loss"])
    page.click("#review-body [data-review-jump]")
    assert page.evaluate("() => document.activeElement.dataset.step") == str(worst["step"])
    assert page.is_visible(f'#review-body .review-decisions [data-step="{worst["step"]}"]')
    # a costly decision's words never make the hard player's case for it beside its cost
    costly = page.locator("#review-body .review-decision.costly").all_inner_texts()
    assert costly and not [text for text in costly if "Your choice, as it sees it" in text], costly
    # the dialog closes; the summary is still there to move on from
    page.keyboard.press("Escape")
    page.wait_for_selector("#review-dialog:not([open])", state="attached")
    assert page.is_visible("#summary-dialog[open]")


# The review's sentences with the engine's actions put in, as the review composes them
# (web/table/review-markup.js): the action words (i18n-terms.js's actionText) in the
# review's sentences, the other figures left as they come.
REVIEW_SENTENCES = """() => {
  const url = (name) => new URL(document.querySelector(
    `link[rel=modulepreload][href*="shared/${name}"]`).getAttribute("href"), location.href).href;
  const modules = [import(url("i18n.js")), import(url("i18n-terms.js"))];
  return Promise.all(modules).then(([i18n, terms]) => {
    const say = (key, action, phase) => {
      const words = terms.actionText(action, phase);
      return i18n.t(key, { action: words, best: words, text: "T", loss: "L", value: "V",
                           best_value: "B", estimate: "E", best_estimate: "F" });
    };
    return {
      hard_trump: say("review.hard", "trump S", "trump"),
      hard_discard: say("review.hard", "discard 9C", "discard"),
      cost_play: say("review.reason.review_cost", "play AC", "play"),
      call_bid: say("review.reason.review_call_cost", "bid 5", "bidding"),
      call_trump: say("review.reason.review_call_other", "trump S", "trump"),
      call_defend: say("review.reason.review_call_other_close", "alone", "defend_alone"),
    };
  });
}"""


def test_the_reviews_sentences_read_with_any_action_in_them(warm_page: Page) -> None:
    # a new player's walk read "The hard player ... would spades as trump" and "your
    # side's margin this hand is -6 after play the ace of clubs"
    page = reset(warm_page, QUERY)
    said = page.evaluate(REVIEW_SENTENCES)
    hard = "The hard player, from what you could see, would"
    assert said["hard_trump"] == f"{hard} name spades as trump: T."
    assert said["hard_discard"] == f"{hard} discard the nine of clubs: T."
    assert said["cost_play"] == (
        "It cost L: with every card visible and everyone's best play from then on, your "
        "side's margin this hand is B "
        "if you play the ace of clubs, and V after your choice."
    )
    assert said["call_bid"].startswith("The hard player would bid 5. ")
    assert said["call_trump"].startswith("The hard player would name spades as trump. ")
    assert said["call_defend"].startswith("A close call: the hard player would defend alone, ")


def test_the_hand_of_a_player_who_sits_out_stays_hidden_in_the_review(warm_page: Page) -> None:
    # seed 3: following the hard player's hints South bids 5 and goes alone, and North
    # sits out; North's cards were never played: the review shows none of them, and its
    # words do not claim all four hands face up (a new player's walk read "with all four
    # hands face up" beside North's empty place)
    page = reset(warm_page, "?speed=instant&bots=hard&seed=3")
    for _ in range(40):
        page.wait_for_selector(WAITING, timeout=60_000)
        if page.is_visible("#summary-dialog[open]"):
            break
        before = page.evaluate(ACTIONS)
        page.click('[data-tool="hint"]')
        page.wait_for_selector("#note.hint", timeout=60_000)
        page.click("#hand .card.hinted, #actions .btn.hinted")
        page.wait_for_function(f"n => ({ACTIONS})() !== n", arg=before)
    assert page.is_visible("#summary-dialog[open]")
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    assert "all four hands" not in page.inner_text("#review-body .review-intro")
    north = page.locator('#review-body .review-seat[data-seat="2"]')
    page.click("#review-body [data-review-goto='0']")
    while not page.is_disabled("#review-body [data-review-prev]"):
        page.click("#review-body [data-review-prev]")
    steps = 0
    while True:
        assert "sits out" in north.locator("h4").inner_text()
        assert north.locator("hp-card").count() == 0
        steps += 1
        if page.is_disabled("#review-body [data-review-next]"):
            break
        page.click("#review-body [data-review-next]")
    assert steps > 3


def test_any_finished_hand_of_the_game_from_the_review_tool(warm_page: Page) -> None:
    page = reset(warm_page, QUERY)
    play_hands(page, 2, random.Random(5))
    page.click('#summary-dialog [data-action="next-hand"]')
    page.wait_for_selector('#table[data-human="1"], [data-tool="review"]:not([disabled])')
    page.wait_for_selector('[data-tool="review"]:not([disabled])')
    page.keyboard.press("v")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    assert page.inner_text("#review-title") == "Review of hand 2"
    hands = page.locator("#review-body .review-hands button")
    assert hands.count() == 2
    assert page.get_attribute('[data-review-hand="2"]', "aria-current") == "true"
    page.click('[data-review-hand="1"]')
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    page.wait_for_function(
        "() => document.getElementById('review-title').textContent === 'Review of hand 1'"
    )
    expected = expected_review(page, 1)
    assert page.locator("#review-body .review-text li").count() == len(expected)
    assert page.get_attribute('[data-review-hand="1"]', "aria-current") == "true"


def open_why_at_first_turn(page: Page) -> None:
    """Wait for the player's first turn (computer players have bid before it)
    and open the Why? dialog with its key."""
    page.wait_for_selector('#table[data-human="1"]', timeout=60_000)
    page.wait_for_selector('[data-tool="why"]:not([disabled])')
    page.keyboard.press("y")
    page.wait_for_selector(WHY_READY, timeout=60_000)


#: A card named in English: its notation ("10♥", "J♦", "Joker") or its name
#: ("the jack of diamonds").
CARD_MENTION = re.compile(
    r"(?P<rank>10|[9JQKA])(?P<suit>[♣♦♥♠])|(?P<joker>Joker)"
    r"|the (?P<word>nine|ten|jack|queen|king|ace) of (?P<suit_word>clubs|diamonds|hearts|spades)"
)
RANK = {"10": "T", "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}
SUIT = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
SUIT_WORD = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}


def cards_named(text: str) -> set[str]:
    """The card codes a text names (English)."""
    out = set()
    for m in CARD_MENTION.finditer(text):
        if m["joker"]:
            out.add("JK")
        elif m["rank"]:
            out.add(RANK.get(m["rank"], m["rank"]) + SUIT[m["suit"]])
        else:
            out.add(RANK[m["word"]] + SUIT_WORD[m["suit_word"]])
    return out


# the cards the player has seen this hand: their own hand (and discard) and every card played
SEEN = """() => {
  const s = window.hasenpfeffer.state, v = s.view;
  const own = v.hand_actions.filter((a) => a.seat === s.seat && a.action.startsWith("discard "));
  const played = v.tricks.flatMap((t) => t.cards.map((p) => p.card));
  const discard = own.map((a) => a.action.split(" ")[1]);
  return [...v.hand, ...v.trick.map((p) => p.card), ...played, ...discard];
}"""


def test_why_during_a_hand_names_no_hidden_card_and_in_full_after_it(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=medium&seed=23")
    # the player's turn to play, a computer player's card already in the trick
    play_until(
        page,
        lambda p: (
            p.is_visible('#table[data-phase="play"][data-human="1"]')
            and p.evaluate("window.hasenpfeffer.state.view.trick.length") > 0
        ),
        random.Random(5),
    )
    seen = set(page.evaluate(SEEN))
    assert len(seen) >= 7
    page.keyboard.press("y")
    page.wait_for_selector(WHY_READY, timeout=60_000)
    state = page.evaluate("window.hasenpfeffer.state")
    first = state["actions"] - len(state["view"]["hand_actions"])
    bot_calls = [
        first + i
        for i, a in enumerate(state["view"]["hand_actions"])
        if state["decided_by"][first + i] != "human" and not a["action"].startswith("play ")
    ]
    steps = [
        int(s)
        for s in page.locator("#why-body [data-why-step]").evaluate_all(
            "els => els.map(e => e.dataset.whyStep)"
        )
    ]
    # every call of the hand by a computer player (a discard too), and its recent plays
    assert set(bot_calls) <= set(steps)
    assert all(state["decided_by"][s] != "human" for s in steps)
    assert steps[-1] == state["actions"] - 1, "the latest decision, a computer player's card"
    # the latest first (the dialog opens on it), then each of the others
    for n, s in enumerate([steps[-1], *steps[:-1]]):
        if n:
            page.click(f'#why-body [data-why-step="{s}"]')
            page.wait_for_selector(WHY_READY)
        assert page.get_attribute(f'[data-why-step="{s}"]', "aria-pressed") == "true"
        body = page.locator("#why-body")
        text, markup = body.inner_text(), body.inner_html()
        # only what the table saw: no card the player has not seen, no options
        assert cards_named(text) <= seen, (s, cards_named(text) - seen, text)
        assert page.locator("#why-body hp-card").count() == 0
        assert not re.search(r"\b(?:[9TJQKA][CDHS]|JK)\b", markup), markup
        assert page.locator("#why-body .why-options").count() == 0
        hidden = page.inner_text("#why-body .why-hidden")
        assert "stay hidden until the hand is over" in hidden
        assert "hand summary" in hidden and "review" in hidden
        assert page.locator("#why-body .why-tells li").count() >= 1
    assert "{" not in page.inner_text("#why-dialog")
    assert_accessible(page, "the why dialog", "#why-dialog")
    page.keyboard.press("Escape")
    page.wait_for_selector("#why-dialog", state="hidden")

    # after the hand: the summary's Why? explains each computer decision in full
    play_until(page, lambda p: p.is_visible("#summary-dialog[open]"), random.Random(6))
    record = saved(page)
    assert record is not None
    actors = _actors(record)
    summary_why = "#summary-dialog [data-why-hand]"
    assert page.is_visible(summary_why)
    page.click(summary_why)
    page.wait_for_selector(WHY_READY, timeout=60_000)
    listed = [
        int(s)
        for s in page.locator("#why-body [data-why-step]").evaluate_all(
            "els => els.map(e => e.dataset.whyStep)"
        )
    ]
    # the whole hand: every action of the game so far (the next deal waits), but South's
    assert listed == [n for n, seat in enumerate(actors) if seat != 0]
    assert page.locator("#why-body .why-hidden").count() == 0
    assert page.locator("#why-body .why-options li").count() >= 1
    assert page.get_attribute(f'[data-why-step="{listed[0]}"]', "aria-pressed") == "true"
    # a card play of the hand, explained from that player's own cards
    last = listed[-1]
    page.click(f'#why-body [data-why-step="{last}"]')
    page.wait_for_selector(WHY_READY, timeout=60_000)
    assert page.get_attribute(f'[data-why-step="{last}"]', "aria-pressed") == "true"
    assert "(its choice)" in page.locator("#why-body .why-options li").nth(0).inner_text()
    page.keyboard.press("Escape")
    page.wait_for_selector("#why-dialog", state="hidden")
    assert page.is_visible("#summary-dialog[open]")

    # the review: at a step with a computer decision, "Why?" asked when opened
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    while page.locator("#review-body [data-review-why]").count() == 0:
        page.click("#review-body [data-review-next]")
    button = page.locator("#review-body [data-review-why]").first
    assert button.get_attribute("aria-expanded") == "false"
    assert page.locator("#review-body .why-answer .why-intro").count() == 0
    button.click()
    page.wait_for_selector(
        '#review-body .why-answer[aria-busy="false"]:not([hidden]) .why-intro', timeout=60_000
    )
    assert page.locator("#review-body [data-review-why]").first.get_attribute("aria-expanded") == (
        "true"
    )
    assert page.locator("#review-body .why-answer .why-tells li").count() >= 1
    assert_accessible(page, "the review's why", "#review-dialog")


def _why_steps(page: Page) -> list[int]:
    """The decisions the "Why?" dialog lists, by their steps in the game."""
    steps: list[str] = page.locator("#why-body [data-why-step]").evaluate_all(
        "els => els.map(e => e.dataset.whyStep)"
    )
    return [int(s) for s in steps]


def _game_over_why(page: Page, every: list[int]) -> None:
    """The game-over dialog's "Why?": every decision of the last hand (``every``), the
    first one chosen, in full; closed, the dialog is still there."""
    button = "#gameover-dialog [data-why-hand]"
    assert page.is_visible(button)
    page.click(button)
    page.wait_for_selector(WHY_READY, timeout=60_000)
    assert _why_steps(page) == every
    assert page.get_attribute(f'[data-why-step="{every[0]}"]', "aria-pressed") == "true"
    assert page.locator("#why-body .why-hidden").count() == 0
    page.keyboard.press("Escape")
    page.wait_for_selector("#why-dialog", state="hidden")
    assert page.is_visible("#gameover-dialog[open]")


def test_after_the_last_hand_the_game_over_and_the_toolbars_why_list_every_decision_of_it(
    warm_page: Page,
) -> None:
    # as the summary's "Why?" does after any other hand (the test above), never
    # only the calls and the last trick
    page = reset(warm_page, "?speed=instant&bots=medium&preset=traditional&target=5&seed=7")
    play_until(page, lambda p: p.is_visible("#gameover-dialog[open]"), random.Random(1), limit=600)
    state = page.evaluate("window.hasenpfeffer.state")
    first = state["actions"] - len(state["view"]["hand_actions"])
    every = [
        first + i
        for i in range(len(state["view"]["hand_actions"]))
        if state["decided_by"][first + i] != "human"
    ]
    assert len(every) >= 10  # the calls and the cards of three computer players
    # the game-over dialog's own "Why?", as the summary's after any other hand
    _game_over_why(page, every)
    # and again after a reload, the dialog opened again over the game's end
    page.reload()
    page.wait_for_selector("#gameover-dialog[open]", timeout=60_000)
    _game_over_why(page, every)
    page.click('#gameover-dialog [data-action="close"]')
    page.wait_for_selector("#gameover-dialog", state="hidden")
    # the toolbar's "Why?" at the table after the game: every decision, the first chosen
    page.keyboard.press("y")
    page.wait_for_selector(WHY_READY, timeout=60_000)
    assert _why_steps(page) == every
    assert page.get_attribute(f'[data-why-step="{every[0]}"]', "aria-pressed") == "true"
    assert page.locator("#why-body .why-hidden").count() == 0  # in full: the hand is over


def _actors(record: dict[str, Any]) -> list[int]:
    """Who took each action of a saved game (replayed by the engine)."""
    game = Game.from_json(record["save"])
    replay = game.replayed(0)
    seats = []
    for action in game.history:
        assert replay.to_act is not None
        seats.append(replay.to_act)
        replay.apply(action)
    return seats


@pytest.mark.parametrize("lang", ["it", "fy", "ar", "hi"])
def test_the_review_in_every_language(warm_page: Page, lang: str) -> None:
    page = reset(warm_page, f"{QUERY}&lang={lang}")
    open_why_at_first_turn(page)
    text = page.inner_text("#why-dialog")
    assert "why." not in text and "thinking" not in text and "{" not in text
    # what the computer players' calls told the table, in the language's words
    tells = page.locator("#why-body .why-tells li")
    assert tells.count() >= 1
    for english in ("passes", "bids", "hidden until"):
        assert english not in text
    assert page.locator("#why-body .why-hidden").count() == 1
    page.keyboard.press("Escape")
    play_hands(page, 1, random.Random(4))
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    text = page.inner_text("#review-dialog")
    # every word from the language's catalogue: no key, no English left
    assert "review." not in text and "embed.hand" not in text
    for english in ("Review of hand", "Your decision", "hard player", "Show this step"):
        assert english not in text
    missing = page.evaluate(MISSING_KEYS)
    assert missing == [], missing
    assert_accessible(page, f"the review dialog in {lang}", "#review-dialog")


# ---- statistics -------------------------------------------------------------------------

STATS_KEY = "hasenpfeffer.stats.v1"


def stored_stats(page: Page) -> dict[str, Any] | None:
    text = page.evaluate(f"() => localStorage.getItem({STATS_KEY!r})")
    return None if text is None else json.loads(text)


def test_statistics_recorded_shown_exported_and_reset(warm_page: Page) -> None:
    page = reset(warm_page, QUERY)
    play_hands(page, 1, random.Random(4))
    # the hand is counted as it ends; reviewing it adds its card plays' loss
    record = saved(page)
    assert record is not None
    hand = Game.from_json(record["save"]).records[0]
    page.wait_for_function(f"() => localStorage.getItem({STATS_KEY!r}) !== null")
    stats = stored_stats(page)
    assert stats is not None
    assert stats["hands"] == {"played": 1, "won": int(hand.points[0] > hand.points[1])}
    assert [p["points"] for p in stats["points"]] == [hand.points[0]]
    assert stats["points"][0]["preset"] == "seed" and stats["points"][0]["level"] == "easy"
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    expected = expected_review(page, 1)
    loss = sum(d["loss"] for d in expected if d["kind"] == "double_dummy")
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem({STATS_KEY!r})).losses.length")
    assert [x["loss"] for x in stored_stats(page)["losses"]] == [loss]  # type: ignore[index]
    page.keyboard.press("Escape")
    page.click('#summary-dialog [data-action="next-hand"]')
    # the dialog: the counts, the two charts drawn by the page
    page.click('[data-tool="stats"]')
    page.wait_for_selector("#stats-dialog[open] .stats-chart")
    body = page.inner_text("#stats-body")
    assert "1 hand; your side's average" in body
    assert "1 hand reviewed" in body
    assert page.locator("#stats-body svg.stats-chart").count() == 2
    assert page.locator("#stats-body svg.stats-chart polyline").count() == 2
    assert_accessible(page, "the statistics dialog", "#stats-dialog")
    # Export: the stored record as a JSON download
    with page.expect_download() as info:
        page.click('#stats-body [data-stats="download"]')
    path = info.value.path()
    assert json.loads(Path(path).read_text(encoding="utf-8")) == stored_stats(page)
    # Reset asks first; keeping them changes nothing, confirming empties them
    page.click('#stats-body [data-stats="reset"]')
    page.click('#stats-body [data-stats="reset-no"]')
    assert stored_stats(page)["hands"]["played"] == 1  # type: ignore[index]
    page.click('#stats-body [data-stats="reset"]')
    assert page.evaluate("() => document.activeElement.dataset.stats") == "reset-no"
    page.click('#stats-body [data-stats="reset-yes"]')
    emptied = stored_stats(page)
    assert emptied is not None
    assert emptied["hands"]["played"] == 0 and emptied["points"] == [] and emptied["losses"] == []
    assert "No hand has finished yet." in page.inner_text("#stats-body")


FULL_STORAGE = f"""
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {{
  if (key === {STATS_KEY!r}) throw new DOMException("full", "QuotaExceededError");
  return setItem.call(this, key, value);
}};
"""


def test_a_failed_statistics_write_is_told(page: Page, base_url: str) -> None:
    page.add_init_script(FULL_STORAGE)
    start(page, base_url, QUERY)
    play_hands(page, 1, random.Random(4))
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be saved" in page.inner_text("#notice-text")


BROKEN_STATS = '{"format": "hasenpfeffer-stats", "version": 1, "games": 5}'


def test_an_unreadable_statistics_record_is_kept_aside_and_told(warm_page: Page) -> None:
    page = revisit(warm_page, QUERY, {STATS_KEY: BROKEN_STATS})
    page.click('[data-tool="stats"]')
    page.wait_for_selector("#stats-dialog[open]")
    page.wait_for_selector("#notice:not([hidden])")
    assert "could not be read" in page.inner_text("#notice-text")
    assert '"games": 5' in page.evaluate(
        "() => localStorage.getItem('hasenpfeffer.stats.unreadable')"
    )


# ---- the deal of the day ------------------------------------------------------------------

TODAY = """() => {
  const d = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}"""


SETTINGS = "hasenpfeffer.settings.v1"


WATCH_DAILY = """() => {
window.__dailyProgress = 0;
new MutationObserver(() => {
  if (document.querySelector(".daily-result:not([hidden]) progress")) window.__dailyProgress += 1;
}).observe(document, { subtree: true, childList: true, attributes: true });
}"""


def play_to_a_hand_end(page: Page, rng: random.Random) -> str:
    """Play on, passing in the auctions, until a hand's summary is open, or the game-over
    dialog (the hard players may end the game in the first hand); returns its selector."""
    for _ in range(100):
        page.wait_for_selector(WAITING, timeout=60_000)
        for dialog in ("#summary-dialog", "#gameover-dialog"):
            if page.is_visible(f"{dialog}[open]"):
                return dialog
        step(page, rng, bid_choices=("pass",))
    raise AssertionError("no hand ended")


def test_the_deal_of_the_day_compared_with_hard_and_the_oracle(warm_page: Page) -> None:
    page = revisit(warm_page, "?daily&speed=instant")
    page.evaluate(WATCH_DAILY)  # (a new document: the observer is this test's only one)
    date = page.evaluate(TODAY)
    # the day's deal, against three hard players
    record = saved(page)
    assert record is not None
    assert Game.from_json(record["save"]).seed == daily_seed(date)
    assert record["levels"] == ["human", "hard", "hard", "hard"]
    # the first hand (hard players may end the game in it: then the game-over dialog)
    rng = random.Random(6)
    dialog = play_to_a_hand_end(page, rng)
    mine = Game.from_json(saved(page)["save"]).records[0].points[0]  # type: ignore[index]
    # the comparison, worked out in the worker with its progress shown
    result = f"{dialog} .daily-result"
    page.wait_for_selector(f"{result}:not([hidden])")
    page.wait_for_selector(f"{result} .daily-table", timeout=120_000)
    expected = {
        level: handle({"op": "daily_result", "date": date, "level": level})["side_points"]
        for level in ("hard", "oracle")
    }
    assert page.evaluate("() => window.__dailyProgress") > 0
    cells = page.locator(f"{result} .daily-table td").all_inner_texts()
    shown = [int(c.strip("\u2066\u2069").replace("\u2212", "-")) for c in cells]
    assert shown == [mine, expected["hard"], expected["oracle"]]
    assert_accessible(page, "the deal of the day's result", dialog)
    page.wait_for_function(
        f"() => Object.keys(JSON.parse(localStorage.getItem({STATS_KEY!r})).daily).length"
    )
    stats = stored_stats(page)
    assert stats is not None
    assert stats["daily"][date] == {"points": mine, **expected}
    # the next game is not the deal of the day: the summary of its first hand compares
    # nothing, and shows nothing of the day's comparison
    dismiss_dialogs(page)
    page.click('[data-tool="new-game"]')
    if page.is_visible("#confirm-dialog[open]"):
        page.click('#confirm-dialog [data-action="confirm-new"]')
    seed = daily_seed(date)
    page.wait_for_function(f"() => JSON.parse(window.hasenpfeffer.state.save).seed !== {seed}")
    play_to_a_hand_end(page, rng)
    page.evaluate(FRAMES)
    assert page.locator(".daily-result:not([hidden])").count() == 0


def test_the_deal_of_the_day_survives_a_reload(warm_page: Page, base_url: str) -> None:
    """Reloaded in the middle of its first hand (the page opened again without
    ?daily), the game is still the deal of the day: its comparison comes when the
    hand ends; once compared, the mark is gone."""
    page = revisit(warm_page, "?daily&speed=instant")
    date = page.evaluate(TODAY)
    rng = random.Random(6)
    # the player's first decision (the hard players may end the game in this hand)
    assert page.evaluate("() => localStorage.getItem('hasenpfeffer.daily.v1')") is not None
    start(page, base_url, "?speed=instant")
    dialog = play_to_a_hand_end(page, rng)
    page.wait_for_selector(f"{dialog} .daily-result .daily-table", timeout=120_000)
    expected = handle({"op": "daily_result", "date": date, "level": "hard"})["side_points"]
    cells = page.locator(f"{dialog} .daily-result .daily-table td").all_inner_texts()
    assert int(cells[1].strip("\u2066\u2069").replace("\u2212", "-")) == expected
    page.wait_for_function("() => localStorage.getItem('hasenpfeffer.daily.v1') === null")


def test_new_rules_for_a_new_game_end_the_deal_of_the_day(warm_page: Page) -> None:
    """New rules chosen in the middle of the deal of the day, for a new game now: the new
    game is not the deal of the day, so the end of its first hand compares nothing."""
    page = revisit(warm_page, "?daily&speed=instant")
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    page.select_option("#settings-dialog [data-preset]", "traditional")
    page.click('#settings-dialog [data-action="save"]')
    page.click('#rules-confirm-dialog[open] [data-action="rules-now"]')
    page.wait_for_function("() => window.hasenpfeffer.state.preset === 'traditional'")
    rng = random.Random(6)
    play_to_a_hand_end(page, rng)
    # (a comparison would show its progress as the dialog opens)
    page.evaluate(FRAMES)
    assert page.locator(".daily-result:not([hidden])").count() == 0


def test_the_deal_of_the_day_keeps_its_players_until_its_first_hand_is_over(
    warm_page: Page,
) -> None:
    """The settings saved during the deal of the day's first hand, with other levels
    stored for the computer players: the game keeps its three hard players (the engine
    refuses others, its first hand is compared with the hard player's), the notice bar
    says why, and the choice is kept for the next game."""
    levels = ["human", "easy", "easy", "easy"]
    page = revisit(warm_page, "?daily&speed=instant", {SETTINGS: json.dumps({"levels": levels})})
    hard = ["human", "hard", "hard", "hard"]
    assert page.evaluate("() => window.hasenpfeffer.state.levels") == hard
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    page.select_option("#level-1", "medium")
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#notice:not([hidden])")
    said = page.inner_text("#notice-text")
    assert "deal of the day" in said and "first hand" in said, said
    assert page.evaluate("() => window.hasenpfeffer.state.levels") == hard
    stored = page.evaluate(f"() => JSON.parse(localStorage.getItem({SETTINGS!r})).levels")
    assert stored == ["human", "medium", "easy", "easy"]
    # the table goes on: the player's turn comes as before
    page.wait_for_selector(WAITING, timeout=60_000)


# ---- lessons ------------------------------------------------------------------------------


def test_a_lesson_from_a_hand_and_a_hand_reviewed_from_text(warm_page: Page) -> None:
    page = reset(warm_page, QUERY)
    play_hands(page, 1, random.Random(4))
    expected = expected_review(page, 1)
    page.click("#summary-dialog [data-review-open]")
    page.wait_for_selector(REVIEW_READY, timeout=60_000)
    page.click("#review-body [data-review-lesson]")
    snippet = page.input_value("#review-snippet")
    text = page.input_value("#review-hpn")
    link = page.input_value("#review-link")
    assert text.startswith("HPN 1 hand seed=17 ")
    assert '<hasenpfeffer-embed mode="hand" hpn="' in snippet and "web/embed.js" in snippet
    assert text.replace('"', "&quot;") in snippet
    assert "index.html?review=" in link
    assert_accessible(page, "the lesson", "#review-dialog")
    # bad text pasted back: the engine's reason, never a blank
    page.fill("#review-paste-text", "HPN 1 hand rules=seed dealer=Q")
    page.click("#review-paste button[type=submit]")
    page.wait_for_selector("#review-paste-error:not([hidden])")
    assert "dealer" in page.inner_text("#review-paste-error")
    # the hand's own text pasted back: the same review
    page.fill("#review-paste-text", text)
    page.click("#review-paste button[type=submit]")
    page.wait_for_function(
        "() => document.getElementById('review-title').textContent === 'Review of a hand from text'"
    )
    page.wait_for_selector(REVIEW_READY)
    assert page.locator("#review-body .review-text li").count() == len(expected)
    assert page.is_hidden("#review-paste-error")
    # the lesson's link opens the review of the hand
    page.goto(link)
    page.wait_for_selector(REVIEW_READY, timeout=90_000)
    assert page.inner_text("#review-title") == "Review of a hand from text"
    items = page.locator("#review-body .review-text li")
    assert items.count() == len(expected)
