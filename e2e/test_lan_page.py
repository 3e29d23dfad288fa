"""The table on the local network through the page's own dialogs (issue 21):
the host's "Together" dialog invites West by link, the guest's page opened from
that link shows Join (nothing happens before it is pressed), then its reply
link with a countdown; the host pastes the reply, the guest's table is drawn
from the views the host sends and its clicks go to the host's engine.

The same two network namespaces as e2e/test_lan_table.py (its ``lan`` fixture):
needs root and ``ip``; skipped with the reason otherwise.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, Playwright

from axe import assert_accessible
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules
from test_lan_table import HOST_IP, PORT, _lan_missing, lan, launch, ready_host  # noqa: F401 (fixture)

# The network namespaces, their addresses and the host's port are fixed names: one
# test at a time (one pytest-xdist group, so one worker runs them in turn).
pytestmark = [
    pytest.mark.skipif(bool(_lan_missing()), reason=_lan_missing() or "ok"),
    pytest.mark.xdist_group("netns"),
]

ORIGIN = f"http://{HOST_IP}:{PORT}"
# both pages load from the host's LAN address: a secure context for this test's origin
SECURE = f"--unsafely-treat-insecure-origin-as-secure={ORIGIN}"

ENGINE = """async ([version]) => {
  const { start } = await import(`./v/${version}/web/engine/start.js`);
  window.hostEngine = start.engine;
  return true;
}"""

# the first usable choice of the painted table: a bid or pass, else a card
MOVE = """() => {
  const all = '#actions button[data-action], #hand button.card[data-action]';
  const buttons = [...document.querySelectorAll(all)];
  const b = buttons.find((x) => !x.disabled && x.dataset.action !== 'new-game');
  if (!b) return null;
  b.click();
  return b.dataset.action;
}"""

# a choice of the painted table can be clicked (drawn in the frame after the state)
CAN_MOVE = """() => {
  const all = '#actions button[data-action], #hand button.card[data-action]';
  const usable = (x) => !x.disabled && x.dataset.action !== 'new-game';
  return [...document.querySelectorAll(all)].some(usable);
}"""
PAINTED = "() => window.hasenpfeffer.state"
SHOWN = "(n) => window.hasenpfeffer.state?.actions === n"


def invite_and_join(
    host: Page, guest_browser: Any, seat: int, errors: list[str]
) -> tuple[Page, str]:
    """The host invites `seat` by its dialog; a new page of the guest's browser opens
    the invitation and presses Join: that page and its reply link."""
    host.click(f'[data-together-invite="{seat}"]')
    link = host.wait_for_selector(f'[data-together-link="{seat}"]', timeout=10_000).input_value()
    guest = guest_browser.new_page()
    guest.on("pageerror", lambda e: errors.append(str(e)))
    guest.goto(link)
    guest.wait_for_selector("#guest-dialog[open]", timeout=30_000)
    guest.click("[data-guest-join]")
    reply = guest.wait_for_selector("[data-guest-reply]", timeout=10_000).input_value()
    return guest, reply


def host_state(host: Page, seat: int) -> dict[str, Any]:
    return host.evaluate("(seat) => window.hostEngine.call('state', {seat})", seat)


def wait_for_host_actions(host: Page, above: int, timeout_s: float = 10.0) -> None:
    """Until the host's engine has taken more than `above` actions (a guest's move goes
    over the data channel first). Polled from here: ``wait_for_function`` does not await
    a promise (its predicate's promise counts as true at once), so a wait on the engine's
    answer there returned before the move had arrived, and the next turn was read from
    the game as it was before it (the stalls of docs/testing.md)."""
    deadline = time.monotonic() + timeout_s
    while (actions := host_state(host, 0)["actions"]) <= above:
        assert time.monotonic() < deadline, f"the host's engine still at {actions} actions"
        host.wait_for_timeout(50)


def test_a_guest_joins_by_the_dialogs_and_plays(
    playwright_instance: Playwright,
    lan: dict[str, str],  # noqa: F811
) -> None:
    host_browser = launch(playwright_instance, lan["host"], SECURE)
    guest_browser = launch(playwright_instance, lan["guest"], SECURE)
    try:
        host_context = host_browser.new_context()
        host = host_context.new_page()
        errors: list[str] = []
        host.on("pageerror", lambda e: errors.append(str(e)))
        said: list[str] = []
        host.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
        host.on("worker", lambda w: w.on("console", lambda m: said.append(f"worker: {m.text}")))
        ready_host(host, f"{ORIGIN}/index.html?speed=instant", said)
        # guests sit only at a secret deal; the test's own (its key known to the test, so
        # every run plays the same deal) is put where the page keeps its own game, marked
        # secret as the page marks a game it shuffled itself (the engine believes the mark
        # only of a save that holds its key), and the page reloaded onto it
        record = {
            "format": "hasenpfeffer-web-save",
            "version": 1,
            "save": Game.new(Rules.preset("seed"), secret=bytes(range(16))).to_json(),
            "levels": ["human", "medium", "medium", "medium"],
            "secretDeal": True,
        }
        host.evaluate(
            "(text) => localStorage.setItem('hasenpfeffer.game.v1', text)", json.dumps(record)
        )
        ready_host(host, None, said)
        assert host.evaluate(ENGINE, [lan["version"]])
        # the guest's device has the app already (loaded once, as the dialog says)
        guest = guest_browser.new_page()
        guest.on("pageerror", lambda e: errors.append(str(e)))

        host.click('[data-tool="together"]')
        host.wait_for_selector("#together-dialog[open]")
        assert host.text_content('[data-together-status="1"]') == "computer player"
        host.click('[data-together-invite="1"]')
        link_field = host.wait_for_selector('[data-together-link="1"]', timeout=10_000)
        link = link_field.input_value()
        assert link.startswith(f"{ORIGIN}/index.html#join=")
        assert host.text_content('[data-together-status="1"]') == "invited, waiting for the reply"
        assert host.query_selector("#together-dialog .together-qr svg[role=img]") is not None
        assert_accessible(host, "the host's invitation", include="#together-dialog")

        guest.goto(link)
        guest.wait_for_selector("#guest-dialog[open]", timeout=30_000)
        # the seat the invitation is for, before Join
        assert guest.inner_text("[data-guest-seat]") == "Your seat: West."
        # nothing happens before Join: no reply made; Join has the focus
        assert guest.query_selector("[data-guest-reply]") is None
        assert guest.evaluate("() => document.activeElement.matches('[data-guest-join]')")
        guest.click("[data-guest-join]")
        reply = guest.wait_for_selector("[data-guest-reply]", timeout=10_000).input_value()
        assert "#reply=" in reply
        # the reply's four minutes counting down (a second or two may have gone since the
        # reply was made: 4:00 or 3:5x, never less on the way here)
        left = re.fullmatch(
            r"Time left: (\d+):(\d\d)", guest.text_content("[data-guest-countdown]") or ""
        )
        assert left and 230 <= int(left[1]) * 60 + int(left[2]) <= 240, left
        assert_accessible(guest, "the guest's reply", include="#guest-dialog")

        host.fill('[data-together-reply="1"]', reply)
        host.click('[data-together-accept="1"]')
        seated = "() => document.querySelector('[data-together-status=\"1\"]')?.textContent"
        host.wait_for_function(f"{seated} === 'at the table'", timeout=15_000)
        # North by the reply's link, opened in another tab of the host's browser:
        # handed to the table's tab, which seats North
        guest2, reply2 = invite_and_join(host, guest_browser, 2, errors)
        tab = host_context.new_page()  # the same browser profile as the table
        tab.goto(reply2)
        tab.wait_for_function(
            "() => document.querySelector('#notice-text')?.textContent"
            ".includes('you can close this tab')",
            timeout=30_000,
        )
        # the table's tab asks its host first (anyone can send a reply link)
        host.wait_for_selector("#reply-confirm-dialog[open]", timeout=10_000)
        assert "for North" in host.inner_text("#reply-confirm-dialog")
        assert host.evaluate("() => document.activeElement.value") == "cancel"
        assert_accessible(host, "the reply's confirmation", include="#reply-confirm-dialog")
        assert host.text_content('[data-together-status="2"]') == "invited, waiting for the reply"
        host.click('#reply-confirm-dialog button[value="ok"]')
        host.wait_for_function(
            "() => document.querySelector('[data-together-status=\"2\"]')?.textContent"
            " === 'at the table'",
            timeout=15_000,
        )
        tab.close()
        # a guest is seated: leaving the host's page asks first
        warned = (
            "() => { const e = new Event('beforeunload', {cancelable: true});"
            " dispatchEvent(e); return e.defaultPrevented; }"
        )
        assert host.evaluate(warned)
        host.keyboard.press("Escape")

        # the guest's table is West's view, from the host's engine, with no save
        guest.wait_for_function("() => window.hasenpfeffer.state?.seat === 1", timeout=15_000)
        view = guest.evaluate(PAINTED)
        assert "save" not in view
        assert view["view"]["hand"] == host_state(host, 1)["view"]["hand"]

        guests = {1: guest, 2: guest2}
        guest_moves = 0
        for _ in range(60):
            now = host_state(host, 0)
            # the host's table only ever shows South's cards
            painted = host.evaluate(PAINTED)
            assert painted["seat"] == 0
            over = now["view"]["phase"] == "game_over" or now["view"]["hand_number"] > 0
            if guest_moves >= 4 or over:
                break
            count = now["actions"]
            if now["to_act"] in guests:
                player = guests[now["to_act"]]
                # a guest's page runs at its own speed (normal: no link sets it); these
                # bounds only catch a stall, so they are the suite's generous ones
                player.wait_for_function(SHOWN, arg=count, timeout=30_000)
                player.wait_for_function(CAN_MOVE, timeout=30_000)
                assert player.evaluate(MOVE) is not None
                guest_moves += 1
            elif now["to_act"] == 0:
                host.wait_for_function(
                    f"(n) => ({SHOWN})(n) && window.hasenpfeffer.state.human_to_move",
                    arg=count,
                    timeout=10_000,
                )
                host.wait_for_function(CAN_MOVE, timeout=10_000)
                assert host.evaluate(MOVE) is not None
            else:
                host.wait_for_timeout(200)
                continue
            wait_for_host_actions(host, above=count)
        # the saved game keeps the guests' seats (a reload can invite them again)
        saved = host.evaluate("() => JSON.parse(localStorage.getItem('hasenpfeffer.game.v1'))")
        assert saved["levels"][:3] == ["human", "human", "human"]
        assert saved["remote"] == [1, 2]
        assert guest_moves >= 4, "the guest's clicks went to the host's engine"
        # the host's page was never given a guest's cards: every state it kept was South's
        assert host.evaluate("() => window.hasenpfeffer.state.remote") == [1, 2]
        # the guest's own table followed the host's
        actions = host_state(host, 1)["actions"]
        caught_up = "(n) => window.hasenpfeffer.state.actions >= n"
        guest.wait_for_function(caught_up, arg=actions, timeout=10_000)

        # North's page closes: its seat is away on the host, who lets a computer player take it
        guest2.close()
        status2 = "() => document.querySelector('[data-together-status=\"2\"]')?.textContent"
        host.click('[data-tool="together"]')
        host.wait_for_function(f"{status2} === 'away (connection lost)'", timeout=15_000)
        host.click('[data-together-bot="2"]')
        host.wait_for_function(f"{status2} === 'computer player'", timeout=10_000)
        levels = host_state(host, 0)["levels"]
        assert levels[1] == "human" and levels[2] != "human"
        assert host_state(host, 0)["remote"] == [1]

        # the host reloads (it is asked first): West's seat is kept, away, and the
        # game waits for it; West is invited again and finds its view as it was
        host.on("dialog", lambda dialog: dialog.accept())
        west_before = host_state(host, 1)
        ready_host(host, None, said)
        assert host.evaluate(ENGINE, [lan["version"]])
        host.wait_for_function(
            "() => document.querySelector('#notice-text')?.textContent.includes('West')",
            timeout=15_000,
        )
        restored = host_state(host, 0)
        assert restored["remote"] == [1] and restored["save"] == west_before["save"]
        host.click('[data-tool="together"]')
        host.wait_for_selector("#together-dialog[open]")
        assert host.text_content('[data-together-status="1"]') == "away (connection lost)"
        again, reply3 = invite_and_join(host, guest_browser, 1, errors)
        host.fill('[data-together-reply="1"]', reply3)
        host.click('[data-together-accept="1"]')
        host.wait_for_function(f"{seated} === 'at the table'", timeout=15_000)
        again.wait_for_function("() => window.hasenpfeffer.state?.seat === 1", timeout=15_000)
        view = again.evaluate(PAINTED)
        for key in ("view", "options", "cards", "to_act", "actions"):
            assert view[key] == west_before[key], key
        assert errors == []
    finally:
        guest_browser.close()
        host_browser.close()
