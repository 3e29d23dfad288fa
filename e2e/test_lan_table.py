"""The table on the local network (web/together/): four Chromium processes in
two Linux network namespaces joined by a virtual ethernet pair, so nothing can
leave the machine and the candidates are real LAN ones (a namespace with only
loopback gathers none).

The host is the game page itself (its engine worker is the only authority; the
table's own UI is not yet wired to the protocol, so the test drives the host's
side, ``TableHost`` and ``invite``, from the page). Three guests, each in its own
browser process, join with the invitation codes and reply codes of
``link.js``, play a full hand by sending actions over their data channels, one
drops and is re-invited (its view restored exactly), a computer player keeps its
seat for a while at the host's choice, and the host closes.

Measured (docs/benchmarks.md): seat time, from the host taking the reply to the
guest holding its first view, and move latency, from an action sent to the last
guest holding the view after it (system clock, the same machine).

Needs root and ``ip`` (network namespaces): skipped with the reason otherwise.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from engines import FirefoxBiDi, ScriptPage
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules
from hasenpfeffer_site.browser import CHROMIUM, LAUNCH_ARGS
from hasenpfeffer_site.build_site import current_version

HOST_NS, GUEST_NS = "hp-lan-host", "hp-lan-guest"
HOST_IP, GUEST_IP = "10.77.0.1", "10.77.0.2"
PORT = 8766
ROOT = Path(__file__).resolve().parent.parent


def _lan_missing() -> str:
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux only"
    if os.geteuid() != 0:
        return "needs root to create network namespaces (ip netns)"
    if shutil.which("ip") is None:
        return "needs the ip command (iproute2)"
    return ""


# The network namespaces, their addresses and the host's port are fixed names: one
# test at a time (one pytest-xdist group, so one worker runs them in turn).
pytestmark = [
    pytest.mark.skipif(bool(_lan_missing()), reason=_lan_missing() or "ok"),
    pytest.mark.xdist_group("netns"),
]


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


def settle_addresses() -> None:
    """Wait until the links' IPv6 link-local addresses have passed duplicate address
    detection (a second or two after a link comes up, longer under load).

    Chromium takes an address that leaves the "tentative" state for a change of
    network and cancels every request in flight with net::ERR_NETWORK_CHANGED: a
    host page started inside that window lost its engine's downloads and stayed
    at "Loading the card engine 0%" (the full runs' stuck host page, issue 32)."""
    for _ in range(300):
        tentative = [
            subprocess.run(
                ["ip", "-n", ns, "-6", "addr", "show", "tentative"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
            for ns in (HOST_NS, GUEST_NS)
        ]
        if not any(tentative):
            return
        time.sleep(0.1)
    raise RuntimeError(f"IPv6 addresses still tentative after 30 s: {tentative}")


@pytest.fixture(scope="module")
def lan(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Two namespaces joined by a veth pair, the site served in the host's."""
    for ns in (HOST_NS, GUEST_NS):
        subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    ip("netns", "add", HOST_NS)
    ip("netns", "add", GUEST_NS)
    server = None
    try:
        ip("link", "add", "hp-veth-h", "type", "veth", "peer", "name", "hp-veth-g")
        ip("link", "set", "hp-veth-h", "netns", HOST_NS)
        ip("link", "set", "hp-veth-g", "netns", GUEST_NS)
        pairs = (
            (HOST_NS, "hp-veth-h", HOST_IP, GUEST_IP),
            (GUEST_NS, "hp-veth-g", GUEST_IP, HOST_IP),
        )
        for ns, dev, addr, other in pairs:
            ip("-n", ns, "addr", "add", f"{addr}/24", "dev", dev)
            ip("-n", ns, "link", "set", "lo", "up")
            ip("-n", ns, "link", "set", dev, "up", "multicast", "on")
            ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)
            # Chromium gathers candidates only where there is a route out
            ip("-n", ns, "route", "add", "default", "via", other, "dev", dev)
        settle_addresses()
        serve = [sys.executable, "-m", "hasenpfeffer_site.serve_site", "--dir", str(site_dir)]
        server = subprocess.Popen(
            ["ip", "netns", "exec", HOST_NS, *serve, "--host", "0.0.0.0", "--port", str(PORT)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        page = f"http://{HOST_IP}:{PORT}/manifest.webmanifest"
        probe = ["ip", "netns", "exec", GUEST_NS, sys.executable, "-c"]
        probe.append(f"import urllib.request; urllib.request.urlopen('{page}')")
        for _ in range(100):
            if subprocess.run(probe, capture_output=True).returncode == 0:
                break
            time.sleep(0.1)
        else:
            raise RuntimeError("the site server in the host's namespace did not answer")
        wrappers = {}
        folder = tmp_path_factory.mktemp("netns")
        for ns in (HOST_NS, GUEST_NS):
            script = folder / f"chromium-{ns}"
            script.write_text(f'#!/bin/sh\nexec ip netns exec {ns} {CHROMIUM} "$@"\n')
            script.chmod(script.stat().st_mode | stat.S_IEXEC)
            wrappers[ns] = str(script)
        version = current_version(site_dir)
        yield {"host": wrappers[HOST_NS], "guest": wrappers[GUEST_NS], "version": version}
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
        for ns in (HOST_NS, GUEST_NS):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)


#: The host's game: a secret deal (guests sit only at one, deal_not_secret) whose key the
#: test knows, so the hand takes the same path on every run.
SECRET_SAVE = Game.new(Rules.preset("seed"), secret=bytes(range(16))).to_json()

HOST_SETUP = """async ([version, save]) => {
  const base = `./v/${version}/web/`;
  const { start } = await import(base + "engine/start.js");
  const P = await import(base + "together/protocol.js");
  const L = await import(base + "together/link.js");
  const engine = start.engine;
  await engine.ready;
  // South the host's; the other seats computer players until their guests take them
  // (a person at the host's device there would have had its hand shown here: deal_seen)
  const levels = ["human", "easy", "easy", "easy"];
  // the test's secret deal, loaded as the host's page loads its own kept game
  await engine.call("load", { save, levels, secret_deal: true });
  const channels = {};
  const T = (window.table = { P, L, engine, channels, gone: [], sent: [] });
  const send = (seat, text) => channels[seat]?.send(text);
  T.host = new P.TableHost({ engine, send, person: "human" });
  T.invite = async (seat) => {
    const inv = await L.invite({ timeoutMs: 8000 });
    T.pending = { seat, inv };
    return inv.code;
  };
  T.accept = async (reply) => {
    const { seat, inv } = T.pending;
    const at = performance.timeOrigin + performance.now();
    const channel = await inv.accept(reply);
    channels[seat] = channel;
    channel.onmessage = (e) => T.host.receive(seat, e.data);
    inv.peer.onGone = (why) => {
      if (channels[seat] !== channel) return;
      delete channels[seat];
      T.host.leave(seat);
      T.gone.push({ seat, why, at: performance.timeOrigin + performance.now() });
    };
    await T.host.seat(seat);
    return at;
  };
  T.act = async (action) => {
    T.sent.push(performance.timeOrigin + performance.now());
    await engine.call("act", { action });
    await T.host.broadcast();
  };
  return true;
}"""

GUEST_JOIN = """async ([version, code]) => {
  // absolute: a script a driver runs has no address of its own to resolve against
  const base = new URL(`./v/${version}/web/together/`, location.href).href;
  const P = await import(base + "protocol.js");
  const L = await import(base + "link.js");
  const vocabulary = (await import(base + "../shared/vocabulary.js")).default;
  const G = (window.guest = { P, views: [], refused: [], closed: null });
  const joined = await L.join(code, { timeoutMs: 8000 });
  G.peer = joined.peer;
  joined.peer.onGone = (why) => {
    G.closed ??= { why, at: performance.timeOrigin + performance.now() };
  };
  joined.connected.then((channel) => {
    G.channel = channel;
    channel.onmessage = (e) => {
      const read = P.readHostMessage(e.data, vocabulary);
      if (!read.ok) return;
      const at = performance.timeOrigin + performance.now();
      if (read.message.type === "view") G.views.push({ at, state: read.message.state });
      else if (read.message.type === "refused") G.refused.push(read.message);
    };
  });
  return joined.code;
}"""

GUEST_ACT = """(action) => {
  window.guest.sentAt = performance.timeOrigin + performance.now();
  window.guest.channel.send(JSON.stringify({ v: 1, type: "act", action }));
}"""

NEWER_VIEW = "(n) => (window.guest.views.at(-1)?.state.actions ?? -1) > n"
LAST_VIEW = "() => { const v = window.guest.views.at(-1); return v ? v.state : null; }"


def choose(state: dict[str, Any]) -> str:
    """A legal action for the seat in turn: the lowest bid rather than a pass (so it is played)."""
    legal = [o["action"] for o in state["options"] if o["legal"]]
    bids = [a for a in legal if a.startswith("bid")]
    return bids[0] if bids else legal[0]


def launch(pw: Playwright, wrapper: str, *extra: str) -> Browser:
    return pw.chromium.launch(executable_path=wrapper, args=[*LAUNCH_ARGS, *extra])


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def ready_host(host: Page, url: str | None, said: list[str]) -> None:
    """Open ``url`` (None: reload) in the host's page and wait until its engine is ready.

    Under the whole suite's load, the host's page inside its network namespace has,
    in 3 of the last 4 full runs, not got ready in 120 s (here and in
    test_lan_page.py; never when the files run alone; the cause is not found yet).
    A page not ready in 60 s is loaded once more, with what it and its worker said
    kept in a warning, so the run shows it."""
    for attempt in (1, 2):
        if url is None:
            host.reload()
        else:
            host.goto(url)
        try:
            host.wait_for_selector("#loader[hidden]", state="attached", timeout=60_000)
            return
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
            loader = host.evaluate("() => document.querySelector('#loader')?.innerText ?? ''")
            warnings.warn(
                f"the host's page was not ready after 60 s (loader: {loader!r}; "
                f"console: {said[-8:]}); loading it again",
                stacklevel=2,
            )


def test_four_seats_on_a_lan(playwright_instance: Playwright, lan: dict[str, str]) -> None:
    guest_origin = f"http://{HOST_IP}:{PORT}"
    # the guests load from the host's LAN address: a secure context for this test's origin
    secure = f"--unsafely-treat-insecure-origin-as-secure={guest_origin}"
    host_browser = launch(playwright_instance, lan["host"])
    guests: dict[int, tuple[Browser, Page]] = {}
    seat_times: list[float] = []
    try:
        host = host_browser.new_page()
        said: list[str] = []
        host.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
        host.on("worker", lambda w: w.on("console", lambda m: said.append(f"worker: {m.text}")))
        ready_host(host, f"http://127.0.0.1:{PORT}/index.html?speed=instant", said)
        assert host.evaluate(HOST_SETUP, [lan["version"], SECRET_SAVE])

        def seat_guest(seat: int) -> Page:
            browser = launch(playwright_instance, lan["guest"], secure)
            page = browser.new_page()
            page.goto(f"{guest_origin}/manifest.webmanifest")
            code = host.evaluate("(seat) => window.table.invite(seat)", seat)
            # an invitation of about 140 characters, as a link of under 200
            assert len(code) <= 160
            reply = page.evaluate(GUEST_JOIN, [lan["version"], code])
            accepted_at = host.evaluate("(reply) => window.table.accept(reply)", reply)
            page.wait_for_function("() => window.guest.views.length > 0", timeout=10_000)
            first = page.evaluate("() => window.guest.views[0].at")
            seat_times.append(first - accepted_at)
            guests[seat] = (browser, page)
            return page

        for seat in (1, 2, 3):
            seat_guest(seat)
        for seat, (_, page) in guests.items():
            view = page.evaluate(LAST_VIEW)
            assert view["seat"] == seat
            assert "save" not in view
            own = host.evaluate("(seat) => window.table.engine.call('state', {seat})", seat)
            assert view["view"]["hand"] == own["view"]["hand"]

        # a full hand: the host plays South through its engine, each guest its own seat
        latencies: list[float] = []
        for _ in range(80):
            state = host.evaluate("() => window.table.engine.call('state', {seat: 0})")
            if state["view"]["hand_number"] > 0 or state["view"]["phase"] == "game_over":
                break
            seat = state["to_act"]
            actions = state["actions"]
            if seat == 0:
                mine = host.evaluate("() => window.table.engine.call('state', {seat: 0})")
                host.evaluate("(a) => window.table.act(a)", choose(mine))
                sent = host.evaluate("() => window.table.sent.at(-1)")
            else:
                page = guests[seat][1]
                view = page.evaluate(LAST_VIEW)
                assert view["actions"] == actions and view["to_act"] == seat
                page.evaluate(GUEST_ACT, choose(view))
                sent = page.evaluate("() => window.guest.sentAt")
            arrived = []
            for _, page in guests.values():
                page.wait_for_function(NEWER_VIEW, arg=actions, timeout=10_000)
                arrived.append(page.evaluate("() => window.guest.views.at(-1).at"))
            latencies.append(max(arrived) - sent)
        else:
            raise AssertionError("the hand did not end")
        final = host.evaluate("() => window.table.engine.call('state', {seat: 0})")
        assert final["view"]["hand_number"] == 1 or final["view"]["phase"] == "game_over"
        # every guest saw the finished hand (its public record)
        for _, page in guests.values():
            assert page.evaluate(LAST_VIEW)["view"]["last_hand"] is not None

        # a guest out of turn, and an illegal action: refused, with the engine's code
        state = host.evaluate("() => window.table.engine.call('state', {seat: 0})")
        idle = next(s for s in (1, 2, 3) if s != state["to_act"])
        guests[idle][1].evaluate(GUEST_ACT, "pass")
        guests[idle][1].wait_for_function("() => window.guest.refused.length > 0")
        assert guests[idle][1].evaluate("() => window.guest.refused.at(-1).code") == "not_your_turn"

        # West drops (its page closes); the host sees it at once and re-invites the seat
        before = guests[1][1].evaluate(LAST_VIEW)
        dropped_browser, dropped = guests.pop(1)
        dropped.close()
        host.wait_for_function("() => window.table.gone.some((g) => g.seat === 1)", timeout=10_000)
        dropped_browser.close()
        again = seat_guest(1)
        assert again.evaluate(LAST_VIEW) == before, "the re-invited seat's view is restored exactly"

        # the host lets a computer player keep an away seat, then gives it back to its guest
        levels = "() => window.table.engine.call('state', {seat: 0}).then((s) => s.levels)"
        host.evaluate("() => window.table.host.giveToBot(1, 'medium')")
        assert host.evaluate(levels)[1] == "medium"
        host.evaluate("() => window.table.host.seat(1)")
        assert host.evaluate(levels) == ["human"] * 4
        assert again.evaluate(LAST_VIEW) == before

        # the host closes: every guest is told at once (pagehide closes the connections)
        closed_at = time.time() * 1000
        host.close()
        for seat, (_, page) in guests.items():
            page.wait_for_function("() => window.guest.closed !== null", timeout=5_000)
            assert page.evaluate("() => window.guest.closed.at") - closed_at < 3000, seat
    finally:
        for browser, _ in guests.values():
            browser.close()
        host_browser.close()

    record = (
        f"seat time after reply: p95 {p95(seat_times):.0f} ms over {len(seat_times)}; "
        f"move latency: p95 {p95(latencies):.0f} ms over {len(latencies)} moves"
    )
    print(record)
    out = os.environ.get("HASENPFEFFER_LAN_REPORT")
    if out:
        Path(out).write_text(record + "\n")
    assert p95(seat_times) <= 2000, record
    assert p95(latencies) <= 200, record


#: Firefox as a guest on the LAN: its real host candidates (not mDNS names, which
#: nothing in the namespaces answers), and the host's LAN origin taken as a secure
#: context, as the Chromium guests are told by a flag.
FIREFOX_GUEST_PREFS = {
    "media.peerconnection.ice.obfuscate_host_addresses": False,
    "dom.securecontext.allowlist": HOST_IP,
}

#: The number of actions the host's engine has taken.
HOST_ACTIONS = "() => window.table.engine.call('state', {seat: 0}).then((s) => s.actions)"

HOST_BOT_STEP = """async () => {
  await window.table.engine.call('bot_step');
  await window.table.host.broadcast();
}"""


def test_a_firefox_guest_at_a_chromium_host(
    playwright_instance: Playwright, lan: dict[str, str]
) -> None:
    """WebRTC across engines (issue 48): the host's game page in Chromium, West's guest
    in Debian's Firefox ESR (over WebDriver BiDi, in the guest's namespace), North and
    East computer players; tricks played each way, every view the guest's own."""
    guest_origin = f"http://{HOST_IP}:{PORT}"
    host_browser = launch(playwright_instance, lan["host"])
    firefox = None
    try:
        host = host_browser.new_page()
        said: list[str] = []
        host.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
        ready_host(host, f"http://127.0.0.1:{PORT}/index.html?speed=instant", said)
        assert host.evaluate(HOST_SETUP, [lan["version"], SECRET_SAVE])
        firefox = FirefoxBiDi(prefix=("ip", "netns", "exec", GUEST_NS), prefs=FIREFOX_GUEST_PREFS)
        guest = ScriptPage(firefox)
        # a page of the site's origin with no script of its own (Firefox shows a JSON file
        # such as the manifest in its own viewer, which imports nothing): the server's 404
        guest.goto(f"{guest_origin}/no-such-page.html")
        code = host.evaluate("(seat) => window.table.invite(seat)", 1)
        reply = guest.evaluate(GUEST_JOIN, [lan["version"], code])
        host.evaluate("(reply) => window.table.accept(reply)", reply)
        guest.wait_for_function("() => window.guest.views.length > 0", timeout=20_000)
        assert guest.evaluate(LAST_VIEW)["seat"] == 1

        host_moves = guest_moves = 0
        for _ in range(200):
            state = host.evaluate("() => window.table.engine.call('state', {seat: 0})")
            if len(state["view"]["tricks"]) >= 3 or state["to_act"] is None:
                break
            seat, actions = state["to_act"], state["actions"]
            if seat == 0:
                host.evaluate("(a) => window.table.act(a)", choose(state))
                host_moves += 1
            elif seat == 1:
                # the guest acts on the view it holds: the game as the host's engine has it
                guest.wait_for_function(NEWER_VIEW, arg=actions - 1, timeout=10_000)
                view = guest.evaluate(LAST_VIEW)
                assert view["actions"] == actions and view["to_act"] == 1
                guest.evaluate(GUEST_ACT, choose(view))
                # polled from here: wait_for_function does not await the engine's promise
                deadline = time.monotonic() + 10
                while host.evaluate(HOST_ACTIONS) <= actions:
                    assert time.monotonic() < deadline, "the guest's move did not reach the host"
                    host.wait_for_timeout(50)
                guest_moves += 1
            else:
                host.evaluate(HOST_BOT_STEP)
            # every move reaches the guest, whoever made it
            guest.wait_for_function(NEWER_VIEW, arg=actions, timeout=10_000)
        else:
            raise AssertionError("three tricks were not played")
        assert len(state["view"]["tricks"]) >= 3, state["view"]["phase"]
        assert host_moves >= 3 and guest_moves >= 3, (host_moves, guest_moves)
        # the guest holds its own cards only, exactly the engine's view of its seat
        own = host.evaluate("() => window.table.engine.call('state', {seat: 1, guest: true})")
        assert guest.evaluate(LAST_VIEW)["view"]["hand"] == own["view"]["hand"]
        assert firefox.errors() == []
    finally:
        if firefox is not None:
            firefox.close()
        host_browser.close()
