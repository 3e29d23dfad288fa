"""The prompt line and the live region say things in the order they happen, at the
normal pace (cards flying in, tricks gathered): a trick's winner while the trick is
on the table, only then who leads next; at the hand's end the last trick's winner,
then "The hand is over.", which stays while the summary is open. The invitation to
play comes only when the cards take a play."""

from __future__ import annotations

import random
import re
from itertools import pairwise
from typing import Any

from playwright.sync_api import Page

from game_driver import WAITING, next_hand, reset, round_trip, saved, step
from hasenpfeffer.game import Game

# A seeded deal at the normal pace (the warm page asks for no reduced motion): the
# computer players bid and play it out with South, who passes.
DEAL = "?seed=5&bots=easy"

# Every change of the prompt, every line of the live region and every dialog opened,
# in the order they happen (one observer: its records come in the order of the
# changes). A prompt change notes how many of the player's cards and choices take a
# click once it is painted.
RECORD = """() => {
  window.__told = [];
  window.__toldWatch?.disconnect();
  const prompt = document.getElementById("prompt");
  const log = document.getElementById("announcements");
  const takes = "#hand button.card:not(:disabled), #actions button:not(:disabled)";
  window.__toldWatch = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") {
        if (r.target.open) window.__told.push({ kind: "opened", text: r.target.id });
        continue;
      }
      for (const n of r.addedNodes) {
        if (r.target === prompt) {
          const live = document.querySelectorAll(takes).length;
          window.__told.push({ kind: "prompt", text: n.textContent, live });
        } else if (r.target === log) {
          window.__told.push({ kind: "said", text: n.textContent });
        }
      }
    }
  });
  window.__toldWatch.observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ["open"],
  });
}"""

SEATS = ["You", "West", "North", "East"]


def _won(seat: int) -> str:
    return "You win the trick." if seat == 0 else f"{SEATS[seat]} wins the trick."


def _before_last_card(seat: int) -> str:
    # the prompt while the trick's last card was being chosen
    return "Your turn — play a card." if seat == 0 else f"{SEATS[seat]} is playing…"


def _lead(seat: int) -> str:
    return "Your lead — play a card." if seat == 0 else f"{SEATS[seat]} is leading…"


LEADING = re.compile(r"^(Your lead — play a card\.|\w+ is leading…)$")
WON = re.compile(r"^(You win|\w+ wins) the trick\.$")


def test_the_prompt_tells_a_tricks_winner_before_the_next_lead_and_the_hands_end_last(
    warm_page: Page,
) -> None:
    page = reset(warm_page, DEAL)
    assert page.get_attribute("#table", "data-speed") == "normal"
    page.evaluate(RECORD)
    rng = random.Random(5)
    for _ in range(60):
        page.wait_for_selector(WAITING, timeout=30_000)
        if page.is_visible("#summary-dialog[open]"):
            break
        step(page, rng, bid_choices=("pass",))
    else:
        raise AssertionError("the hand did not end")
    record = saved(page)
    assert record is not None
    hand_record = Game.from_json(record["save"]).records[-1].to_dict()
    assert not hand_record["thrown_in"]
    tricks = hand_record["tricks"]
    assert len(tricks) >= 2

    # the summary is open over the finished hand: the prompt says the hand is over, and
    # still does once every request of the page has been answered
    assert page.inner_text("#prompt") == "The hand is over."
    round_trip(page)
    assert page.inner_text("#prompt") == "The hand is over."
    told: list[dict[str, Any]] = page.evaluate("window.__told")
    prompts = [e for e in told if e["kind"] == "prompt"]
    texts = [e["text"] for e in prompts]

    # the prompt's steps around each trick's end: the prompt before its last card
    # stays while the card flies in, then the trick's winner, then the next lead
    # (or, after the last trick, the hand's end); never the next lead first
    winners = [i for i, text in enumerate(texts) if WON.match(text)]
    assert [texts[i] for i in winners] == [_won(trick["winner"]) for trick in tricks], texts
    for i, trick in zip(winners, tricks, strict=True):
        last_seat = trick["cards"][-1]["seat"]
        assert texts[i - 1] == _before_last_card(last_seat), texts[i - 3 : i + 2]
        assert i + 1 < len(texts), texts[-3:]
    for i, trick in zip(winners[:-1], tricks[:-1], strict=True):
        assert texts[i + 1] == _lead(trick["winner"]), texts[i - 1 : i + 3]
    assert not any(LEADING.match(a) and WON.match(b) for a, b in pairwise(texts)), texts
    # the hand's end: its last trick's winner, then "The hand is over.", painted before
    # the summary opened and the last change of the prompt since
    end = winners[-1] + 1
    assert texts[end:] == ["The hand is over."], texts[end - 2 :]
    prompt_at = [n for n, e in enumerate(told) if e["kind"] == "prompt"]
    opened = [n for n, e in enumerate(told) if e["kind"] == "opened"]
    assert [told[n]["text"] for n in opened] == ["summary-dialog"]
    assert prompt_at[end] < opened[0]
    # the invitation to play only when the cards take a play
    for e in prompts:
        if e["text"] in ("Your lead — play a card.", "Your turn — play a card."):
            assert e["live"] > 0, e

    # the live region in the same order: each trick's last card, its winner said once,
    # then the next trick's cards (its winner said before the prompt named the next
    # lead); the hand's result after the last trick's winner, before "The hand is over."
    said = [(n, e["text"]) for n, e in enumerate(told) if e["kind"] == "said"]
    lines = [text for _, text in said]
    assert all(a != b for a, b in pairwise(lines)), lines
    said_won = [(n, text) for n, text in said if WON.match(text)]
    assert [text for _, text in said_won] == [_won(trick["winner"]) for trick in tricks]
    for (n, _), w, trick in zip(said_won, winners, tricks, strict=True):
        # the line before: the trick's last card ("West plays the …", "You play the …")
        before = [text for m, text in said if m < n]
        assert before[-1].startswith(f"{SEATS[trick['cards'][-1]['seat']]} play"), before[-1]
        # told between the last card's flight and the next step of the prompt
        assert prompt_at[w - 1] < n < prompt_at[w + 1]
    result = said[-1]
    assert said_won[-1][0] < result[0] < prompt_at[end]
    assert "the bid of" in result[1], result

    # the summary closed: the next deal's prompt, nothing of the last trick
    next_hand(page)
    page.wait_for_function(
        "() => !/the trick|hand is over/.test(document.getElementById('prompt').textContent)"
    )
