"""Guests stay guests, from the host's page (issue 47): with a guest seated at
West, the page's Settings and New game keep the guest (the form shows West as a
person, not the stored computer level; a new game is a fresh secret deal with the
guest still seated and sent its view), the host's Undo is off once a seat other
than the host's has acted after the decision, and a deal once seen with open hands
takes no guest, nor does a deal the host undid into after the computer players
had answered (kept across a reload).

No network: the guest is seated by the page's own ``TableHost`` (web/together/
protocol.js), as the Together dialog seats one, its channel a list in the page
(what West would receive), its table changes given to the page's game-flow.js as the
dialog gives them (N1-N3 of the issue, as the page makes its requests)."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page

from game_driver import next_hand, reload, saved, start

#: The page's own modules (resolved like boot.js's imports), a TableHost seating
#: West and the page's table following it as together-dialog.js does.
SEAT_GUEST = """async (seat) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const at = (path) => import(new URL(path, boot).href);
  const { start } = await at('../engine/start.js');
  const { TableHost } = await at('../together/protocol.js');
  const turns = await at('./game-flow.js');
  const { state } = await at('./state.js');
  window.toGuest = [];
  window.dropped = [];
  const host = new TableHost({
    engine: start.engine,
    person: 'human',
    send: (to, text) => window.toGuest.push(text),
    changed: (answer) => {
      if (answer.event) turns.showRemoteMove(answer);
      else {
        turns.setGame(answer.state);
        if (answer.state.bot_to_move && !state.busy) turns.runBots();
      }
    },
    drop: (seat, reason) => window.dropped.push([seat, reason]),
  });
  turns.on('gameKept', (game, event) => host.broadcast(event, game.actions, game));
  window.testHost = host;
  window.testEngine = start.engine;
  try {
    await host.seat(seat);
    return null;
  } catch (err) {
    return err.code ?? String(err);
  }
}"""

ENGINE_STATE = """async () => {
  if (!window.testEngine) {
    const boot = document.querySelector('script[src*="boot.js"]').src;
    window.testEngine = (await import(new URL('../engine/start.js', boot).href)).start.engine;
  }
  return window.testEngine.call('state');
}"""
#: The guest's move, as its page would send it over the channel
GUEST_MOVES = """async (seat) => {
  const view = await window.testEngine.call('state', { seat });
  if (view.to_act !== seat) return null;
  const action = view.view.legal_actions[0];
  await window.testHost.receive(seat, JSON.stringify({ v: 1, type: 'act', action }));
  return action;
}"""


def engine_state(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(ENGINE_STATE)
    return state


def guest_views(page: Page) -> list[dict[str, Any]]:
    sent = [json.loads(text) for text in page.evaluate("() => window.toGuest")]
    return [m["state"] for m in sent if m["type"] == "view"]


def test_settings_and_new_game_keep_the_guest_with_a_fresh_secret_deal(
    page: Page, base_url: str
) -> None:
    # the choice for West: an easy computer player
    start(page, base_url, "?speed=instant&bots=easy")
    # (a secret deal may end before South's first turn, a partner alone: on to the next)
    while page.is_visible("#summary-dialog[open]"):
        next_hand(page)
    assert page.evaluate(SEAT_GUEST, 1) is None
    assert engine_state(page)["remote"] == [1]
    # Settings shows the game's players: West a person (its guest), not "hard"
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-level-seat='1']")
    assert page.input_value("[data-level-seat='1']") == "human"
    page.click("#settings-dialog [data-action='save']")
    page.wait_for_selector("#settings-dialog", state="hidden")
    assert engine_state(page)["remote"] == [1]
    # ... and the stored choice for later games is still the computer player
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('hasenpfeffer.settings.v1'))")
    assert stored["levels"][1] == "easy"
    # West picked a computer player in the form: refused while the guest is seated
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-level-seat='1']")
    page.select_option("[data-level-seat='1']", "medium")
    page.click("#settings-dialog [data-action='save']")
    page.wait_for_function(
        "() => /guest/i.test(document.querySelector('#notice-text')?.textContent ?? '')",
        timeout=10_000,
    )
    assert engine_state(page)["remote"] == [1]

    # New game: a fresh secret deal, the guest still seated and sent the new game
    before = json.loads(engine_state(page)["save"])
    views = len(guest_views(page))
    page.click('[data-tool="new-game"]')
    confirm = page.query_selector("#confirm-dialog[open] [data-action='confirm-new']")
    if confirm:
        confirm.click()
    page.wait_for_function(
        "(seed) => JSON.parse(window.hasenpfeffer.state?.save ?? '{}').seed !== seed",
        arg=before["seed"],
        timeout=30_000,
    )
    now = engine_state(page)
    assert now["remote"] == [1] and now["secret_deal"] is True
    assert len(bytes.fromhex(json.loads(now["save"])["secret"])) == 16
    assert now["levels"][1] == "human"
    page.wait_for_function(f"() => window.toGuest.length > {views}", timeout=10_000)
    latest = guest_views(page)[-1]
    assert latest["seat"] == 1 and "save" not in latest
    assert page.evaluate("() => window.dropped") == []


def test_undo_is_off_once_another_seat_acted_after_the_hosts_decision(
    page: Page, base_url: str
) -> None:
    # East's guest: West, a computer player, acts right after the host
    start(page, base_url, "?speed=instant&bots=easy")
    assert page.evaluate(SEAT_GUEST, 3) is None
    for _ in range(200):
        if page.is_visible("#summary-dialog[open]"):
            next_hand(page)  # the host's card ended the hand: on to the next deal
        state = engine_state(page)
        if state["remote_to_move"]:
            page.evaluate(GUEST_MOVES, 3)
        elif state["human_to_move"] and state["actions"] == page.evaluate(
            "() => window.hasenpfeffer.state?.actions"
        ):
            # the host decides, and the computer players go on after it
            page.click(
                "#actions button[data-action]:not([disabled]):not([data-action='new-game']),"
                " #hand button.card[data-action]:not([disabled])"
            )
            # the next seat acted, or the host (or the guest) is to act again (the
            # host's card won its trick, or the host's discard made it lead), or the
            # host's card ended the hand (the computer players wait behind its summary)
            page.wait_for_function(
                """(n) => {
                  const s = window.hasenpfeffer.state;
                  const summary = document.querySelector("#summary-dialog[open]");
                  return s?.actions > n + 1 || (s?.actions > n && (!s.bot_to_move || summary));
                }""",
                arg=state["actions"],
                timeout=10_000,
            )
            after = engine_state(page)
            if after["actions"] > state["actions"] + 1 and (
                after["decided_by"][state["actions"] + 1] != "human"
            ):
                break
        page.wait_for_timeout(50)
    else:
        raise AssertionError("no computer player acted right after the host")
    page.wait_for_function(
        "() => document.querySelector('[data-tool=\"undo\"]').disabled", timeout=10_000
    )
    assert engine_state(page)["can_undo"] is False
    refused = page.evaluate("() => window.testEngine.call('undo').then(() => null, (e) => e.code)")
    assert refused == "undo_guests"


def test_a_deal_seen_with_open_hands_takes_no_guest(page: Page, base_url: str) -> None:
    start(page, base_url, "?speed=instant&bots=easy&open=1")
    # (on a secret deal the computer players can end a hand, or the game, before South
    # acts: South's partner alone, South sitting out; on to South's turn, as a player would)
    for _ in range(10):
        if page.is_visible("#gameover-dialog[open]"):
            page.click('#gameover-dialog [data-action="new-game"]')
        elif page.is_visible("#summary-dialog[open]"):
            next_hand(page)
        else:
            break
        page.wait_for_function(
            "() => window.hasenpfeffer.state?.human_to_move"
            " || document.querySelector('#summary-dialog[open], #gameover-dialog[open]')",
            timeout=10_000,
        )
    state = engine_state(page)
    assert state["open_hands"] is True
    assert page.evaluate("() => window.hasenpfeffer.state?.human_to_move")
    # open hands off again (Settings), then a guest for West: refused on this deal
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-open-hands]")
    page.uncheck("#settings-dialog [data-open-hands]")
    page.click("#settings-dialog [data-action='save']")
    page.wait_for_function("() => window.hasenpfeffer.state?.open_hands === false", timeout=10_000)
    # this deal among those seen with open hands, and none dealt after
    opened = engine_state(page)["opened_deals"]
    assert state["view"]["hand_number"] in opened and max(opened) == state["view"]["hand_number"]
    assert page.evaluate(SEAT_GUEST, 1) == "open_hands_deal"
    assert engine_state(page)["remote"] == []
    # words for it in the page's language
    words = page.evaluate(
        """async () => {
          const boot = document.querySelector('script[src*="boot.js"]').src;
          const { errorText } = await import(new URL('../shared/i18n-terms.js', boot).href);
          return errorText({ code: 'open_hands_deal', message: '' });
        }"""
    )
    assert re.search(r"open hands", words)


def test_a_deal_the_host_undid_into_takes_no_guest_even_after_a_reload(
    page: Page, base_url: str
) -> None:
    start(page, base_url, "?speed=instant&bots=easy")
    # the host decides and a computer player answers; on a secret (random) deal the
    # answers may end the hand (all pass): then on to the next deal and again
    for _ in range(10):
        if page.is_visible("#summary-dialog[open]"):
            next_hand(page)
        # (a game's end shows its own dialog: on to a new game, as a player would; a
        # reload would show the finished game again)
        page.wait_for_function(
            "() => window.hasenpfeffer.state?.human_to_move"
            " || document.querySelector('#summary-dialog[open], #gameover-dialog[open]')",
            timeout=10_000,
        )
        if page.is_visible("#gameover-dialog[open]"):
            page.click('#gameover-dialog [data-action="new-game"]')  # a new secret deal
            continue
        if page.is_visible("#summary-dialog[open]"):
            continue
        before = engine_state(page)["actions"]
        page.click(
            "#actions button[data-action]:not([disabled]):not([data-action='new-game']),"
            " #hand button.card[data-action]:not([disabled])"
        )
        # (the host's turn again, after the computer players' answers or none: the
        # host's bid may have ended the auction; or they ended the hand, or the game)
        page.wait_for_function(
            "(n) => (window.hasenpfeffer.state?.actions > n"
            " && window.hasenpfeffer.state.human_to_move)"
            " || document.querySelector('#summary-dialog[open], #gameover-dialog[open]')",
            arg=before,
            timeout=10_000,
        )
        if page.is_visible("#gameover-dialog[open]"):
            page.click('#gameover-dialog [data-action="new-game"]')  # a new secret deal
        elif not page.is_visible("#summary-dialog[open]"):
            after = engine_state(page)
            if after["actions"] > before + 1 and after["decided_by"][before + 1] != "human":
                break  # a computer player answered the host's decision
    else:
        raise AssertionError("every deal ended before the host could take a decision back")
    # the host takes it back
    page.click('[data-tool="undo"]')
    page.wait_for_function(
        "(n) => window.hasenpfeffer.state?.actions === n", arg=before, timeout=10_000
    )
    assert engine_state(page)["seen_seats"] == [0, 1, 2, 3]
    assert (saved(page) or {}).get("seenSeats") == [0, 1, 2, 3]
    reload(page)
    assert engine_state(page)["seen_seats"] == [0, 1, 2, 3]
    assert page.evaluate(SEAT_GUEST, 1) == "deal_seen"
    assert engine_state(page)["remote"] == []
    words = page.evaluate(
        """async () => {
          const boot = document.querySelector('script[src*="boot.js"]').src;
          const { errorText } = await import(new URL('../shared/i18n-terms.js', boot).href);
          return window.testEngine.call('set_levels', {
            levels: ['human', 'human', 'easy', 'easy'], remote: [1],
          }).then(() => null, (e) => errorText(e));
        }"""
    )
    assert words and "West" in words and "next deal" in words


#: A deal whose first hand is thrown in when every seat passes (seed rules), played
#: by four people at the page's engine, then its review opened by the page's own tool.
THROWN_IN = """async () => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const at = (path) => import(new URL(path, boot).href);
  const engine = (await at('../engine/start.js')).start.engine;
  const people = ['human', 'human', 'human', 'human'];
  await engine.call('new_game', { rules: 'seed', seed: 25, levels: people });
  let state = await engine.call('state');
  while (!state.view.last_hand) state = (await engine.call('act', { action: 'pass' })).state;
  (await at('./game-flow.js')).setGame(state); // the page's table holds that game
  const { openReview } = await at('./review.js');
  openReview(1);
  return { seat: state.seat, thrownIn: state.view.last_hand.thrown_in };
}"""


def test_the_review_of_a_thrown_in_hand_shows_only_the_reviewers_cards(
    page: Page, base_url: str
) -> None:
    start(page, base_url, "?speed=instant&bots=easy")
    played = page.evaluate(THROWN_IN)
    assert played["thrownIn"] is True
    page.wait_for_selector("#review-dialog[open] .review-board", timeout=30_000)
    counts = page.evaluate(
        """() => [0, 1, 2, 3].map((s) => document.querySelectorAll(
             `#review-dialog .review-seat[data-seat="${s}"] .review-cards li`).length)"""
    )
    own = played["seat"]
    assert counts[own] == 6, counts
    assert all(n == 0 for s, n in enumerate(counts) if s != own), counts
    # no lesson text of the hand to share: it would name every hand
    assert page.query_selector("#review-dialog [data-review-lesson]") is None
