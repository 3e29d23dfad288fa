"""The web app end to end, in Debian's Chromium: play, reload, recover, refuse."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from playwright.sync_api import Browser, Page

from conftest import PageProblems, from_origin, open_page
from game_driver import (
    WAITING,
    dismiss_dialogs,
    hand,
    phase,
    play_until,
    reload,
    reset,
    round_trip,
    saved,
    start,
    step,
)
from hasenpfeffer_site.serve_site import serve_in_thread

# Quick games: computer players that decide at once, no animation, few points.
QUICK = "?speed=instant&bots=easy&preset=traditional&target=5&seed=7"


def test_a_full_game_played_to_the_end_by_clicking(warm_page: Page) -> None:
    page = reset(warm_page, QUICK)
    rng = random.Random(1)
    began = time.monotonic()
    log = play_until(page, lambda p: p.is_visible("#gameover-dialog[open]"), rng, limit=600)
    assert any(x.startswith("play") for x in log)
    assert "next-hand" in log or len(log) > 5
    title = page.inner_text("#gameover-title")
    assert title in ("You win!", "West & East win.")
    # the final score (the table shows it once the game-over dialog is closed)
    scores = page.evaluate("window.hasenpfeffer.state.view.scores")
    assert max(scores) >= 5
    assert page.evaluate("window.hasenpfeffer.state.view.phase") == "game_over"
    # a new game from the game-over screen
    page.click('#gameover-dialog [data-action="new-game"]')
    page.wait_for_selector('#table[data-phase="bidding"]')
    page.wait_for_selector(WAITING)
    assert [page.inner_text(f'[data-score-team="{t}"]') for t in (0, 1)] == ["0", "0"]
    assert time.monotonic() - began < 120


def test_reload_mid_hand_resumes_the_same_state(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=easy&seed=12")
    rng = random.Random(2)

    def two_tricks_in(p: Page) -> bool:
        state = p.evaluate("window.hasenpfeffer.state.view")
        return (
            state["phase"] == "play"
            and len(state["tricks"]) >= 2
            and p.is_visible('#table[data-human="1"]')
        )

    play_until(page, two_tricks_in, rng)
    before_save = saved(page)
    before_hand = hand(page)
    before_phase = phase(page)
    before_trick = page.eval_on_selector_all(
        ".slot hp-card", "els => els.map(e => e.getAttribute('code'))"
    )
    before_scores = [page.inner_text(f'[data-score-team="{t}"]') for t in (0, 1)]
    assert before_save is not None
    reload(page)
    assert saved(page) == before_save
    assert hand(page) == before_hand
    assert phase(page) == before_phase
    after_trick = page.eval_on_selector_all(
        ".slot hp-card", "els => els.map(e => e.getAttribute('code'))"
    )
    assert after_trick == before_trick
    assert [page.inner_text(f'[data-score-team="{t}"]') for t in (0, 1)] == before_scores
    assert not page.is_visible("#notice")
    # and the game goes on
    step(page, rng)


def test_an_illegal_card_cannot_be_played(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=easy&seed=3")
    rng = random.Random(4)

    def illegal_card_shown(p: Page) -> bool:
        return p.is_visible('#table[data-phase="play"][data-human="1"]') and bool(
            p.query_selector("#hand button.card:disabled")
        )

    play_until(page, illegal_card_shown, rng, limit=800)
    card = page.query_selector("#hand button.card:disabled")
    assert card is not None
    code = card.get_attribute("data-card")
    reason = card.get_attribute("title") or ""
    assert reason.startswith("You must follow")  # the engine's reason code, in words
    described = card.get_attribute("aria-describedby")
    assert described and page.inner_text(f"#{described}") == reason
    assert page.is_visible("#note") and "You must follow" in page.inner_text("#note")
    before = saved(page)
    actions = page.evaluate("window.hasenpfeffer.state.actions")
    card.click(force=True)  # a disabled button ignores the click
    assert round_trip(page) == actions  # (had the click asked anything, it is answered)
    assert saved(page) == before
    assert code in hand(page)
    assert page.is_visible('#table[data-human="1"]')


def test_every_rules_preset_can_be_chosen_and_plays(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=random&seed=5")
    rng = random.Random(6)
    for preset, pepper in (
        ("seed-pepper", True),
        ("traditional", False),
        ("pepper", True),
        ("seed", False),
    ):
        # the deals after the first are random: a game may have ended meanwhile
        dismiss_dialogs(page)
        page.click('[data-tool="settings"]')
        page.wait_for_selector("#settings-dialog[open] [data-preset]")
        page.select_option("#settings-dialog [data-preset]", preset)
        page.click('#settings-dialog [data-action="save"]')
        # a game in progress is kept unless the player asks for the new one now
        wanted = f"window.hasenpfeffer.state.preset === {json.dumps(preset)}"
        page.wait_for_function(
            f"() => {wanted} || document.querySelector('#rules-confirm-dialog').open"
        )
        if page.is_visible("#rules-confirm-dialog[open]"):
            page.click('#rules-confirm-dialog [data-action="rules-now"]')
        page.wait_for_selector("#settings-dialog", state="hidden")
        page.wait_for_function(f"() => {wanted}")
        seen: list[list[str]] = []

        def first_card_played(p: Page, seen: list[list[str]] = seen) -> bool:
            if p.is_visible('#table[data-phase="bidding"][data-human="1"]'):
                seen.append(
                    p.eval_on_selector_all(
                        "#actions [data-bid]", "els => els.map(e => e.dataset.bid)"
                    )
                )
            view = p.evaluate("window.hasenpfeffer.state.view")
            return bool(view["tricks"] or view["trick"]) and bool(seen)

        play_until(page, first_card_played, rng, limit=300)
        for bids in seen:
            assert ("little" in bids and "big" in bids) == pepper, (preset, bids)
            assert ("6" in bids) == (not pepper), (preset, bids)
        rules = page.evaluate("window.hasenpfeffer.state.view.rules")
        assert (rules["bidding"] == "pepper") == pepper


def test_nothing_leaves_the_origin(browser: Browser, base_url: str, problems: PageProblems) -> None:
    page = open_page(browser, base_url, problems)
    requested: list[str] = []
    page.context.on("request", lambda r: requested.append(r.url))
    start(page, base_url, "?speed=instant")
    names = {u.split("?")[0].rsplit("/", 1)[-1] for u in requested}
    # the runtime, the game's library and the wheel as their gzipped copies
    assert {"pyodide.asm.wasm.gz", "python_stdlib_game.zip.gz", "worker.js"} <= names
    assert "python_stdlib.zip" not in names  # the whole library: the Python page's
    assert any(n.endswith(".whl.gz") for n in names)
    assert all(from_origin(u, base_url) for u in requested), requested
    page.context.close()
    assert problems.external == []
    assert problems.errors == []


def test_the_site_works_under_a_sub_path(
    browser: Browser, site_dir: Path, tmp_path: Path, problems: PageProblems
) -> None:
    nested = tmp_path / "games" / "cards"
    nested.mkdir(parents=True)
    (nested / "hasenpfeffer").symlink_to(site_dir, target_is_directory=True)
    server, root = serve_in_thread(tmp_path)
    try:
        base = root + "games/cards/hasenpfeffer/"
        page = open_page(browser, base, problems)
        start(page, base, "?speed=instant&bots=random")
        assert page.is_visible('#table[data-human="1"]') or page.is_visible("dialog[open]")
        # the service worker and the manifest belong to the site's folder
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'")
        assert page.evaluate("async () => (await navigator.serviceWorker.ready).scope") == base
        manifest = page.evaluate("document.querySelector('link[rel=manifest]').href")
        assert manifest == base + "manifest.webmanifest"
        page.context.close()
    finally:
        server.shutdown()
        server.server_close()
    assert problems.external == [] and problems.errors == []


# Records every moment the prompt invites a play while no card accepts one.
WATCH_DEAD_PROMPT = """() => {
  window.__deadPrompts = [];
  const prompt = document.querySelector("#prompt");
  const invites = (text) => /^Your (turn|lead) — play a card\\./.test(text);
  new MutationObserver(() => {
    const text = prompt.textContent;
    const live = document.querySelectorAll("#hand button.card:not(:disabled)").length;
    if (invites(text) && !live) window.__deadPrompts.push(text);
  }).observe(prompt, { childList: true, characterData: true, subtree: true });
}"""


def test_the_prompt_to_play_comes_when_the_cards_take_a_play(warm_page: Page) -> None:
    # at a speed with animations: the others' cards fly in, the tricks are gathered
    page = reset(warm_page, "?speed=fast&bots=easy&seed=31")
    page.evaluate(WATCH_DEAD_PROMPT)
    invited = []

    def three_tricks(p: Page) -> bool:
        text = p.inner_text("#prompt")
        if text.startswith("Your"):
            invited.append(text)
        return bool(p.evaluate("window.hasenpfeffer.state.view.tricks.length >= 3"))

    play_until(page, three_tricks, random.Random(3))
    assert any("play a card" in text for text in invited)  # the invitation was seen
    assert page.evaluate("window.__deadPrompts") == []
