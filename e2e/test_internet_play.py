"""Internet play (issue 21, item 4): the opt-in STUN/TURN servers of the table on
the network (web/table/settings-dialog.js, web/together/servers.js's
iceServersFrom, docs/play-together.md).

What the player relies on: it is off by default, and then the table's
connections are given no server at all (`iceServers: []`); turned on, the
servers they wrote are stored and come back after a reload; a bad line is
refused with words naming the line, and nothing of the form is stored; the
privacy note names the servers' hosts; the Together and Join dialogs say which
servers are in use; the invitation code carries the server-reflexive candidate
a STUN server gives, and two devices whose local names cannot be used connect
by it. The STUN server is this test's own, on 127.0.0.1: nothing leaves the
machine (the page fixture aborts any request off the site's origin).
"""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from axe import assert_accessible
from game_driver import QUIET, reset, start

SETTINGS = "hasenpfeffer.settings.v1"
# no seed: guests are invited only to a secretly shuffled deal
QUICK = "?speed=instant&bots=easy"

#: Every RTCPeerConnection's configuration, as the page gave it (before the page's scripts run).
SPY = """(() => {
  window.__iceConfigs = [];
  const Real = window.RTCPeerConnection;
  if (!Real) return;
  window.RTCPeerConnection = class extends Real {
    constructor(config, ...rest) {
      window.__iceConfigs.push(JSON.parse(JSON.stringify(config ?? {})));
      super(config, ...rest);
    }
  };
})();"""

#: The app's own module of the invitation codes (the versioned path boot.js is loaded from).
PROTOCOL = """() => import(document.querySelector('script[type="module"][src*="web/table/boot.js"]')
  .src.replace("table/boot.js", "together/signal.js"))"""

MAGIC = 0x2112A442

#: The test's STUN server is on 127.0.0.1, so the server-reflexive candidate it
#: gives is a loopback address, which the game refuses (issue 47): the tests turn
#: on the protocol's test-only switch (web/together/signal.js testSwitches).
LOCAL_CANDIDATES = "window.__HASENPFEFFER_TEST_LOCAL_CANDIDATES__ = true;"


class StunServer:
    """A STUN server on 127.0.0.1 for the test: answers each Binding request with
    the sender's address (XOR-MAPPED-ADDRESS, RFC 5389) and counts the requests."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port: int = self.sock.getsockname()[1]
        self.requests = 0
        self.running = True
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while self.running:
            try:
                data, (host, port) = self.sock.recvfrom(2048)
            except OSError:
                continue
            if len(data) < 20 or struct.unpack("!HHI", data[:8])[::2] != (0x0001, MAGIC):
                continue
            self.requests += 1
            address = struct.unpack("!I", socket.inet_aton(host))[0] ^ MAGIC
            attribute = struct.pack("!HHBBHI", 0x0020, 8, 0, 1, port ^ (MAGIC >> 16), address)
            head = struct.pack("!HHI", 0x0101, len(attribute), MAGIC) + data[8:20]
            self.sock.sendto(head + attribute, (host, port))

    def close(self) -> None:
        self.running = False
        self.thread.join()
        self.sock.close()


@pytest.fixture
def stun() -> Iterator[StunServer]:
    server = StunServer()
    yield server
    server.close()


def stored(page: Page) -> Any:
    return json.loads(page.evaluate(f"() => localStorage.getItem('{SETTINGS}')") or "null")


def painted_settings(page: Page) -> dict[str, Any]:
    settings: dict[str, Any] = page.evaluate("() => window.hasenpfeffer.settings")
    return settings


def open_settings(page: Page) -> None:
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-internet-play]")


def set_internet(page: Page, on: bool, servers: str | None = None) -> None:
    """In the open settings dialog: the checkbox, then (when on) the servers' text."""
    page.set_checked("#internet-play", on)
    if servers is not None:
        page.fill("#internet-servers", servers)


def save_refused(page: Page) -> str:
    """Save, and the refusal's words (each refusal here differs from the one before)."""
    before = page.inner_text("#settings-error")
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_function(
        "(was) => document.querySelector('#settings-error').textContent.trim() !== was.trim()",
        arg=before,
    )
    assert page.is_visible("#settings-dialog[open]")
    return page.inner_text("#settings-error")


def save(page: Page) -> None:
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#settings-dialog", state="hidden")


def together_line(page: Page) -> str | None:
    """The Together dialog's line naming the servers in use (None when hidden)."""
    page.click('[data-tool="together"]')
    page.wait_for_selector("#together-dialog[open] [data-together-invite]")
    line = "#together-dialog [data-internet-line]"
    text = page.inner_text(line) if page.is_visible(line) else None
    return text


def close_together(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#together-dialog", state="hidden")


NOTE_REST = (
    "A TURN server also passes on the game's messages, including the cards your seat sees. "
    "The game contacts none of them unless this is on (it is off by default)."
)


def test_internet_play_is_off_by_default_refuses_a_bad_line_and_is_stored(
    warm_page: Page, base_url: str
) -> None:
    # (seeded, a game waiting for the player: on a random deal North may go alone and the
    # computer players play on to the hand's summary, whose dialog takes the clicks; the
    # tests that invite a guest keep a random deal: a deal known in advance has no guests)
    page = reset(warm_page, QUIET)
    before = stored(page)
    open_settings(page)
    # off by default: no servers box, and the note says what turning it on means
    assert not page.is_checked("#internet-play")
    assert page.is_hidden("#internet-servers")
    assert page.inner_text("#internet-note") == (
        "The servers you enter here learn this device's public internet address and when it plays. "
        + NOTE_REST
    )
    assert together_line_hidden_after_settings(page)
    open_settings(page)
    set_internet(page, True)
    assert page.is_visible("#internet-servers")
    assert_accessible(page, "the settings with internet play on", include="#settings-dialog")

    # a bad line: refused with its number and text, and nothing of the form is stored
    page.select_option("#speed", "slow")
    set_internet(page, True, "stun:stun.example.org:3478\n\nturn:turn.example.org:3478 ann")
    # the note names the hosts as they are typed
    assert page.inner_text("#internet-note") == (
        "These servers learn this device's public internet address and when it plays: "
        "stun.example.org and turn.example.org. " + NOTE_REST
    )
    assert save_refused(page) == (
        "Line 2 (“turn:turn.example.org:3478 ann”): a TURN server needs a user name and a password "
        "after it, and a STUN server takes neither. Nothing was saved."
    )
    assert_accessible(page, "the settings refusing a server", include="#settings-dialog")
    set_internet(page, True, "stun:stun.example.org:3478\nhttps://turn.example.org")
    assert save_refused(page) == (
        "Line 2 (“https://turn.example.org”) is not a server: write stun:host:port, "
        "or turn:host:port user password. Nothing was saved."
    )
    set_internet(page, True, "stun:a.example.org\n" * 5)
    assert save_refused(page) == "At most 4 servers, one per line. Nothing was saved."
    set_internet(page, True, "  \n")
    assert save_refused(page) == (
        "Internet play is on, but no server is given: enter at least one, or turn it off. "
        "Nothing was saved."
    )
    assert stored(page) == before
    assert painted_settings(page)["speed"] != "slow"
    assert painted_settings(page)["internetPlay"] is False

    # good servers: stored, and back after a reload
    servers = "stun:stun.example.org:3478\nturn:turn.example.org:3478 ann secret"
    set_internet(page, True, servers)
    save(page)
    assert stored(page)["internetPlay"] is True
    assert stored(page)["internetServers"] == servers
    assert together_line(page) == "Internet play is on: stun.example.org and turn.example.org."
    assert_accessible(page, "the Together dialog with internet play on", include="#together-dialog")
    close_together(page)
    start(page, base_url, QUICK)
    open_settings(page)
    assert page.is_checked("#internet-play")
    assert page.input_value("#internet-servers") == servers
    assert "stun.example.org and turn.example.org" in page.inner_text("#internet-note")

    # off again: the servers are kept for next time, but none is in use
    set_internet(page, False)
    assert page.is_hidden("#internet-servers")
    save(page)
    assert stored(page)["internetPlay"] is False
    assert stored(page)["internetServers"] == servers
    assert together_line(page) is None
    close_together(page)

    # a stored value is checked on read like the others: bad servers turn it off
    page.evaluate(
        """key => localStorage.setItem(key, JSON.stringify({internetPlay: true,
            internetServers: "stun:ok.example.org\\nnonsense"}))""",
        SETTINGS,
    )
    start(page, base_url, QUICK)
    assert painted_settings(page)["internetPlay"] is False
    assert painted_settings(page)["internetServers"] == ""
    assert together_line(page) is None


def together_line_hidden_after_settings(page: Page) -> bool:
    """Close the settings, and tell whether the Together dialog names no server."""
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings-dialog", state="hidden")
    hidden = together_line(page) is None
    close_together(page)
    return hidden


def invite_config(page: Page, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Invite a seat by the Together dialog: the RTCPeerConnection's configuration
    and the invitation code's signal (decoded by the app's protocol module)."""
    page.click('[data-tool="together"]')
    page.click(f'[data-together-invite="{seat}"]')
    field = f'[data-together-link="{seat}"]'
    page.wait_for_selector(field, timeout=15_000)
    link = page.input_value(field)
    config: dict[str, Any] = page.evaluate("() => window.__iceConfigs.at(-1)")
    signal: dict[str, Any] = page.evaluate(
        f"async (link) => ({PROTOCOL})().then((p) => p.decodeSignal("
        "link.split('#join=')[1].split('&seat=')[0],"
        " { servers: true }))",
        link,
    )
    close_together(page)
    return config, {**signal, "link": link}


def test_the_connections_get_the_servers_only_when_internet_play_is_on(
    page: Page, base_url: str, stun: StunServer
) -> None:
    page.context.add_init_script(SPY)
    page.context.add_init_script(LOCAL_CANDIDATES)
    start(page, base_url, QUICK)
    # off: exactly no server, and the STUN server hears nothing
    config, signal = invite_config(page, 1)
    assert config["iceServers"] == []
    # (a machine with no network interface but loopback gathers no candidate at all:
    # then nothing here would be checked, so the test says so and fails)
    assert signal["candidates"], "no candidate gathered: this machine has only loopback"
    assert all("type" not in c for c in signal["candidates"])
    assert stun.requests == 0

    # on: the player's server, which is asked for this device's address
    open_settings(page)
    set_internet(page, True, f"stun:127.0.0.1:{stun.port}")
    save(page)
    config, signal = invite_config(page, 2)
    assert config["iceServers"] == [{"urls": f"stun:127.0.0.1:{stun.port}"}]
    assert stun.requests > 0
    # the code carries the server-reflexive candidate next to the host ones
    assert any(c.get("type") == "srflx" for c in signal["candidates"]), signal["candidates"]
    assert any("type" not in c for c in signal["candidates"])

    # the guest's page (this browser's settings: internet play on) says so and uses them
    guest = page.context.new_page()
    guest.goto(signal["link"])
    guest.wait_for_selector("#guest-dialog[open] [data-guest-join]")
    line = guest.inner_text("#guest-dialog [data-internet-line]")
    assert line == "Internet play is on: 127.0.0.1."
    assert_accessible(guest, "the Join dialog with internet play on", include="#guest-dialog")
    guest.click("[data-guest-join]")
    guest.wait_for_selector("[data-guest-reply]", timeout=15_000)
    assert guest.evaluate("() => window.__iceConfigs.at(-1).iceServers") == config["iceServers"]
    guest.close()


#: Invite and join with the app's link.js, each code stripped of its host
#: candidates (as when the other device cannot resolve or reach them): only the
#: server-reflexive candidate the STUN server gave is left to connect by.
BY_SERVERS_ONLY = """async (servers) => {
  const src = document.querySelector('script[type="module"][src*="web/table/boot.js"]').src;
  const link = await import(src.replace("table/boot.js", "together/link.js"));
  const protocol = await import(src.replace("table/boot.js", "together/signal.js"));
  const was = protocol.testSwitches.localCandidates;
  protocol.testSwitches.localCandidates = true;  // the STUN server's candidate is 127.0.0.1
  try {
  const serversOnly = (code) => {
    const signal = protocol.decodeSignal(code, { servers: true });
    signal.candidates = signal.candidates.filter((c) => c.type);
    return protocol.encodeSignal(signal);
  };
  const invitation = await link.invite({ iceServers: servers });
  const offer = serversOnly(invitation.code);
  const guest = await link.join(offer, { iceServers: servers });
  const channel = await invitation.accept(serversOnly(guest.code));
  const guestChannel = await guest.connected;
  const heard = new Promise((resolve) => { guestChannel.onmessage = (e) => resolve(e.data); });
  channel.send("hello over the server's candidate");
  const message = await heard;
  let pair = null;
  const byId = {};
  (await invitation.peer.pc.getStats()).forEach((r) => {
    byId[r.id] = r;
    if (r.type === "candidate-pair" && r.state === "succeeded" && r.nominated) pair = r;
  });
  const result = { offer: protocol.decodeSignal(offer, { servers: true }).candidates, message,
                   local: pair && byId[pair.localCandidateId].candidateType };
  invitation.peer.close();
  guest.peer.close();
  return result;
  } finally {
    protocol.testSwitches.localCandidates = was;
  }
}"""


def test_a_code_with_only_the_stun_servers_candidate_still_connects(
    warm_page: Page, stun: StunServer
) -> None:
    page = reset(warm_page, QUICK)
    result = page.evaluate(BY_SERVERS_ONLY, [{"urls": f"stun:127.0.0.1:{stun.port}"}])
    assert result["offer"] and all(c["type"] == "srflx" for c in result["offer"]), result
    assert result["message"] == "hello over the server's candidate"
    # the host's side of the connection is its server-reflexive candidate
    assert result["local"] == "srflx"
