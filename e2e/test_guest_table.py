"""A LAN table's guest sees the table drawn from its own seat (issue 21,
web/table/places.js), without a host or a network: the guest's page is opened
from an invitation link, and guest.js's ``showView`` is given the view a host's
engine would send for West (the engine's ``state`` for seat 1, from a game played
to West's turn in another tab).

What the guest relies on: its own seat (West) at the bottom, labelled "You",
with its own cards; the next seat clockwise (North) on the left, its partner
East at the top, South on the right by its compass name; the trick's cards and
the dealer's mark at their seats' places; its team (West and East) is "us". In
Arabic (right to left) the picture is the same: the next seat clockwise on the
left (issue 17's rule).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from game_driver import LOAD_TIMEOUT_MS, WAITING, hand, phase, reset, seat_words, step

# the guest pages' errors (the host page's fixture watches only its own page)
ERRORS: list[str] = []

# the places, clockwise from the bottom; West's table: West, North, East, South
PLACES = ["south", "west", "north", "east"]

# the engine of the page (the same module as the page's: resolved like boot.js's imports)
WEST_VIEW = """async () => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { start } = await import(new URL('../engine/start.js', boot).href);
  const { guestState } = await import(new URL('../together/protocol.js', boot).href);
  return guestState(await start.engine.call('state', { seat: 1 }));
}"""

PAINTED = "() => window.hasenpfeffer.state"

SHOW = """async (view) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { showView } = await import(new URL('guest.js', boot).href);
  showView(view);
  document.querySelector('#guest-dialog').close();
}"""

# the dialogs' contents (web/table/dialog-markup.js) for a hand South's side bid and lost, a
# trick West led and North won, and the game's end either way
DIALOGS = """async (view) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const panels = await import(new URL('dialog-markup.js', boot).href);
  const { spokenCard } = await import(new URL('../shared/cards.js', boot).href);
  const hand = { number: 0, maker: 0, made: false, bid_call: 'bid 3', trump: 'H', forced: false,
                 alone: false, lone_defender: null, thrown_in: false, tricks_won: [2, 4],
                 points: [-3, 0], scores: [3, 10] };
  const box = document.createElement('div');
  box.innerHTML = panels.summaryHTML(hand, 10);
  const [led, won] = view.view.hand;
  const trick = { cards: [{ seat: 1, card: led }, { seat: 2, card: won }], leader: 1, winner: 2 };
  const trickBox = document.createElement('div');
  trickBox.innerHTML = panels.trickHTML(trick, false, {});
  const over = (winner) => panels.gameOverHTML({ ...view.view, winner, scores: [3, 10] }, null);
  const finalBox = document.createElement('div');
  finalBox.innerHTML = over(1).html;
  return {
    summary: box.querySelector('.headline').textContent,
    us_row: box.querySelector('tr.us td').textContent,
    trick: trickBox.querySelector('p').textContent,
    card: spokenCard(won, {}),
    won_title: over(1).title,
    lost_title: over(0).title,
    final: finalBox.querySelector('.headline').textContent,
  };
}"""


def place_of(seat: int, viewer: int) -> str:
    return PLACES[(seat - viewer) % 4]


@pytest.fixture
def host(warm_page: Page) -> Iterator[Page]:
    """The worker's warm game page (``warm_page``) as the host's; the guests' tabs a test
    opened beside it are closed after the test, so that the page stays the next test's."""
    yield warm_page
    for tab in warm_page.context.pages:
        if tab != warm_page:
            tab.close()


def west_view(page: Page) -> dict[str, Any]:
    """West's view of a game in play with cards in the trick: what a host sends West."""
    rng = random.Random(3)
    reset(page, "?speed=instant&bots=easy&seed=5")
    for _ in range(200):
        page.wait_for_selector(WAITING, timeout=30_000)
        if phase(page) == "play" and page.get_attribute("#table", "data-human") == "1":
            view: dict[str, Any] = page.evaluate(WEST_VIEW)
            if view["view"]["trick"]:
                return view
        step(page, rng)
    raise AssertionError("no trick in play reached")


def guest_page(page: Page, base_url: str, view: dict[str, Any], lang: str) -> Page:
    guest = page.context.new_page()
    guest.on("pageerror", lambda e: ERRORS.append(str(e)))
    guest.goto(f"{base_url}?lang={lang}#join=AAAA")
    guest.wait_for_selector("#guest-dialog[open]", timeout=LOAD_TIMEOUT_MS)
    guest.evaluate(SHOW, view)
    guest.wait_for_selector('.seat[data-pos="south"][data-seat="1"]')
    guest.wait_for_selector("#hand button.card")
    return guest


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def check_geometry(guest: Page, view: dict[str, Any]) -> None:
    """West at the bottom, North on the left, East at the top, South on the right;
    the trick's cards and the dealer's mark at their seats' places."""
    for seat in range(4):
        assert guest.get_attribute(f'.seat[data-seat="{seat}"]', "data-pos") == place_of(seat, 1)
    west, north = centre(guest, '.seat[data-seat="1"]'), centre(guest, '.seat[data-seat="2"]')
    east, south = centre(guest, '.seat[data-seat="3"]'), centre(guest, '.seat[data-seat="0"]')
    assert west[1] > east[1] and north[0] < south[0]
    # the guest's own cards at the bottom
    assert sorted(hand(guest)) == sorted(view["view"]["hand"])
    for played in view["view"]["trick"]:
        slot = f'.slot[data-slot="{played["seat"]}"]'
        assert guest.get_attribute(slot, "data-pos") == place_of(played["seat"], 1)
        assert guest.get_attribute(f"{slot} hp-card", "code") == played["card"]
    dealer = view["view"]["dealer"]
    assert guest.is_visible(f'.seat[data-seat="{dealer}"] .dealer')
    assert guest.get_attribute(f'.seat[data-seat="{dealer}"]', "data-pos") == place_of(dealer, 1)


def test_a_guest_table_is_drawn_from_the_guests_seat(host: Page, base_url: str) -> None:
    view = west_view(host)
    guest = guest_page(host, base_url, view, "en")
    check_geometry(guest, view)
    assert ERRORS == []
    you = {"pos": "south", "name": "You", "role": "West", "label": "West, you"}
    assert seat_words(guest, 1) == you
    partner = {"pos": "north", "name": "East", "role": "partner", "label": "East, your partner"}
    assert seat_words(guest, 3) == partner
    south = {"pos": "east", "name": "South", "role": "opponent", "label": "South, opponent"}
    assert seat_words(guest, 0) == south
    assert seat_words(guest, 2)["pos"] == "west" and seat_words(guest, 2)["name"] == "North"
    # West's team is "us": first, marked, named from West's side, with its score
    # one wording for "us" from every seat: the host's "You & North" is the guest's "You & East"
    assert host.inner_text(".score.us .team-name") == "You & North"
    assert guest.inner_text(".score.us .team-name") == "You & East"
    assert guest.get_attribute(".score.us strong", "data-score-team") == "1"
    scores, tricks = view["view"]["scores"], view["view"]["tricks_won"]
    assert guest.inner_text(".score.us strong") == str(scores[1]).replace("-", "\u2212")
    assert guest.inner_text(".score:not(.us) .team-name") == "North & South"
    assert guest.get_attribute(".contract .trick-side", "title") == "Tricks won by you and East"
    assert guest.inner_text('.contract [data-tricks-team="1"]') == str(tricks[1])

    # the dialogs' words from West's seat: the hand's summary, the last trick, the game's end
    said = guest.evaluate(DIALOGS, view)
    headline = "South — bid 3, hearts trump: North and South fell short with 2 tricks."
    assert said["summary"] == headline
    assert said["us_row"] == "You & East"
    assert said["trick"].endswith("You led; North won the trick with " + said["card"] + ".")
    assert said["won_title"] == "You win!"
    assert said["lost_title"] == "North and South win."
    assert said["final"] == "Final score: you and East 10, North and South 3."


@pytest.mark.parametrize("lang", ["ar"])
def test_a_guest_table_in_arabic_keeps_the_picture(host: Page, base_url: str, lang: str) -> None:
    view = west_view(host)
    guest = guest_page(host, base_url, view, lang)
    assert guest.get_attribute("html", "dir") == "rtl"
    check_geometry(guest, view)
    # "you" (أنت) at the bottom; the team names from West's side
    assert seat_words(guest, 1)["name"] == "أنت"
    assert seat_words(guest, 0)["name"] == "الجنوب"
    assert guest.inner_text(".score.us .team-name") == "أنت والشرق"
    assert guest.inner_text(".score:not(.us) .team-name") == "الشمال والجنوب"
    assert ERRORS == []


# West's view of a new game whose first bid is West's (South deals), from the engine of
# the host's page before anyone has moved: what a host sends a guest at West then
WEST_FIRST_BID = """async () => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { start } = await import(new URL('../engine/start.js', boot).href);
  const { guestState } = await import(new URL('../together/protocol.js', boot).href);
  for (let seed = 1; seed < 200; seed++) {
    const s = await start.engine.call('new_game', { seed });
    if (s.to_act === 1 && s.view.auction.length === 0) {
      return guestState(await start.engine.call('state', { seat: 1 }));
    }
  }
  return null;
}"""

GUIDE_TEXT = "() => document.querySelector('#guide .guide-tip p')?.textContent ?? ''"


def test_a_guest_at_west_is_told_of_its_own_partner(host: Page, base_url: str) -> None:
    """The bid's tip and the first bid's prompt name West's partner, East (never the
    host's North), both at the guest's own bid and while another seat bids."""
    reset(host, "?speed=instant&bots=easy&seed=5")
    view = host.evaluate(WEST_FIRST_BID)
    assert view is not None and view["to_act"] == 1 and view["view"]["phase"] == "bidding"
    guest = guest_page(host, base_url, view, "en")
    guest.wait_for_selector('#table[data-human="1"]')
    prompt = guest.inner_text("#prompt")
    assert "How many tricks will you and East take?" in prompt, prompt
    guest.wait_for_function(f"() => ({GUIDE_TEXT})().includes('you and East promise')")
    assert "North" not in guest.evaluate(GUIDE_TEXT)
    # South to bid (the host): the tip still names East
    waiting = copy.deepcopy(view)
    waiting["to_act"] = 0
    waiting["view"]["to_act"] = 0
    guest.evaluate(SHOW, waiting)
    guest.wait_for_selector('#table[data-human="0"]')
    assert "that you and East promise to take" in guest.evaluate(GUIDE_TEXT)
    # the host at South is told of North, as always
    host.wait_for_selector(WAITING)
    assert host.inner_text(".score.us .team-name") == "You & North"
    assert ERRORS == []


def west_bid_first(page: Page) -> dict[str, Any]:
    """West's view at South's first bid of a game whose high bid is West's, made by its
    computer player: what a guest who takes West then is sent first."""
    for seed in range(1, 60):
        reset(page, f"?speed=instant&bots=easy&seed={seed}")
        page.wait_for_selector(WAITING, timeout=30_000)
        if phase(page) != "bidding":
            continue
        view: dict[str, Any] = page.evaluate(WEST_VIEW)
        if view["view"]["high_bidder"] == 1:
            return view
    raise AssertionError("no game whose high bid was West's before South's turn")


def test_what_the_computer_did_before_the_guest_came_is_not_the_guests(
    host: Page, base_url: str
) -> None:
    """The guest takes West after West's computer player bid: that bid is West's, not
    "You", on the felt, in the table read aloud, and the guest is told why; a bid the
    guest makes itself is "You"."""
    view = west_bid_first(host)
    bid = view["view"]["high_bid"].split()[-1]
    guest = guest_page(host, base_url, view, "en")
    assert guest.inner_text("#contract-bid") == f"{bid} · West so far"
    told = guest.inner_text("#notice-text")
    assert told.startswith("Connected: you play West.")
    assert "Until you joined, a computer player played West" in told
    # the table read aloud: West's call by its name, no "you" before it
    before = guest.locator("#announcements p").count()
    guest.keyboard.press("t")
    guest.wait_for_function(
        f"() => document.querySelectorAll('#announcements p').length > {before}"
    )
    said = guest.inner_text("#announcements p:last-child")
    assert f"West bid {bid}" in said and "You bid" not in said, said
    # the guest's own bid, after it joined: "You"
    mine = copy.deepcopy(view)
    own = {"seat": 1, "call": "bid 6"}
    mine["view"]["auction"].append(own)
    mine["view"]["hand_actions"].append({"seat": 1, "action": "bid 6", "phase": "bidding"})
    mine["view"]["high_bid"], mine["view"]["high_bidder"] = "bid 6", 1
    guest.evaluate(SHOW, mine)
    guest.wait_for_function(
        "() => document.querySelector('#contract-bid').textContent === '6 · You so far'"
    )
    # the hand's summary: West's computer bid the contract before the guest came (West,
    # not "You (West)"); the widow's card was put away after, by the guest ("you")
    hand = {
        "number": view["view"]["hand_number"],
        "dealer": view["view"]["dealer"],
        "auction": view["view"]["auction"],
        "maker": 1,
        "made": True,
        "bid_call": view["view"]["high_bid"],
        "trump": "H",
        "forced": False,
        "alone": False,
        "lone_defender": None,
        "thrown_in": False,
        "widow": "9C",
        "discard": "TC",
        "tricks_won": [2, 4],
        "tricks": [],
        "points": [0, 4],
        "scores": [0, 4],
    }
    guest.evaluate(HAND_END, [view, hand])
    guest.wait_for_selector("#summary-dialog[open]")
    headline = guest.inner_text("#summary-dialog .headline")
    assert headline.startswith(f"West — bid {bid},"), headline
    assert "your side made it" in headline, headline
    widow = guest.inner_text("#summary-dialog .summary-widow")
    assert "you discarded the ten of clubs" in widow, widow
    assert ERRORS == []


# a move that ended a hand, then the view after it, as the host sends them
HAND_END = """async ([view, hand]) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { hostMessage } = await import(new URL('guest.js', boot).href);
  const event = { seat: 2, action: 'play 9C', trick: null, hand, card_roles: {} };
  hostMessage(JSON.stringify({ v: 1, type: 'event', event }));
  hostMessage(JSON.stringify({ v: 1, type: 'view', state: view }));
}"""


def test_a_guest_sees_the_summary_of_a_hand_in_its_own_words(host: Page, base_url: str) -> None:
    view = west_view(host)
    guest = guest_page(host, base_url, view, "en")
    hand = {
        "number": 0,
        "dealer": 3,
        "maker": 0,
        "made": False,
        "bid_call": "bid 3",
        "trump": "H",
        "forced": False,
        "alone": False,
        "lone_defender": None,
        "thrown_in": False,
        "tricks_won": [2, 4],
        "tricks": [],
        "points": [-3, 0],
        "scores": [3, 10],
    }
    guest.evaluate(HAND_END, [view, hand])
    guest.wait_for_selector("#summary-dialog[open]")
    headline = "South — bid 3, hearts trump: North and South fell short with 2 tricks."
    assert guest.inner_text("#summary-dialog .headline") == headline
    # no review there: the guest's page runs no game of its own
    assert guest.is_hidden("#summary-dialog [data-review-open]")
    said = guest.inner_text("#announcements")
    assert "North plays" in said and "South" in said
    guest.click('#summary-dialog [data-action="next-hand"]')
    guest.wait_for_selector("#summary-dialog", state="hidden")
    assert ERRORS == []


# ---- a hostile host (issue 27): every message checked before use, every value escaped ----

MARKUP = '"><meta http-equiv="refresh" content="0;url=about:blank"><b class="pwned">x</b>'

# the host's messages as its data channel delivers them (guest.js's hostMessage), one by one
SEND = """async (texts) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { hostMessage } = await import(new URL('guest.js', boot).href);
  for (const text of texts) hostMessage(text);
}"""

# what a host's markup would have left on the page
INJECTED = """() => document.querySelectorAll('.pwned, meta[http-equiv="refresh"]').length
  + [...document.querySelectorAll('*')].filter((e) => e.shadowRoot?.querySelector('.pwned'))
    .length"""


def hostile_messages(view: dict[str, Any]) -> list[str]:
    """A host's messages that its engine never sends: markup in string fields,
    unknown cards, seats out of range, huge lists, too long a text, no JSON."""

    def message(kind: str, **fields: Any) -> str:
        return json.dumps({"v": 1, "type": kind, **fields})

    def changed(path: list[Any], value: Any) -> str:
        state = copy.deepcopy(view)
        at: Any = state
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value
        return message("view", state=state)

    return [
        changed(["view", "hand", 0], MARKUP),
        changed(["view", "trick", 0, "card"], "ZZ"),
        changed(["options"], [{"action": "pass", "legal": True, "reason": MARKUP}]),
        changed(["cards", 0, "reason"], MARKUP),
        changed(["preset"], MARKUP),
        changed(["levels", 2], MARKUP),
        changed(["view", "phase"], "<b class=pwned>play</b>"),
        changed(["view", "dealer"], 7),
        changed(["to_act"], -1),
        changed(["view", "scores", 0], 1e12),
        changed(["view", "hand"], ["9C"] * 10_000),
        changed(["view", "hand_actions"], [{"seat": 0, "action": "pass"}] * 5_000),
        changed(["seat"], 2),  # another seat's view (this guest is West)
        changed(["note"], MARKUP),
        message("event", event={"seat": 0, "action": MARKUP}),
        message("event", event={"seat": 0, "action": "play ZZ"}),
        message("refused", code=MARKUP, params={}),
        message("refused", code="illegal_action", params={"card": MARKUP}, reason_code="x"),
        message("view", state=view, padding="x" * 70_000),
        "<b class=pwned>not json</b>",
        json.dumps([MARKUP]),
    ]


def test_a_hostile_host_changes_nothing_and_the_guest_is_told(host: Page, base_url: str) -> None:
    view = west_view(host)
    guest = guest_page(host, base_url, view, "en")
    console: list[str] = []
    guest.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    before = guest.evaluate(PAINTED)
    assert before["view"]["hand"] == view["view"]["hand"]
    misbehaved = "The host's page sent something this game never sends: it was ignored."
    said = "(text) => document.querySelector('#notice-text').textContent.startsWith(text)"
    # a refusal the host may send: its notice, replaced by the next one
    refusal = json.dumps(
        {"v": 1, "type": "refused", "code": "not_your_turn", "params": {"seat": 0}}
    )
    for text in hostile_messages(view):
        guest.evaluate(SEND, [refusal])
        guest.wait_for_function(said, arg="The host did not accept that move.")
        guest.evaluate(SEND, [text])
        try:
            guest.wait_for_function(said, arg=misbehaved, timeout=5_000)
        except Exception as err:
            raise AssertionError(f"not refused: {text[:200]}") from err
        # nothing drawn of it: the table is the last good view's
        assert guest.evaluate(PAINTED) == before, text[:120]
        assert guest.evaluate(INJECTED) == 0, text[:120]
    assert sorted(hand(guest)) == sorted(view["view"]["hand"])
    # a good view after them is drawn (the guest did not stop listening)
    good = json.dumps({"v": 1, "type": "view", "state": view})
    guest.evaluate(SEND, [good])
    assert guest.evaluate(PAINTED)["view"] == view["view"]

    # a flood of the host's messages: cut off, and said so
    guest.evaluate(SEND, [good] * 300)
    guest.wait_for_function(
        "() => document.querySelector('#notice-text').textContent"
        '.startsWith("The host\'s page sent far too many messages")'
    )
    assert guest.evaluate(INJECTED) == 0
    assert console == [] and ERRORS == []


# the renderers' card markup, given a card's code that is markup (should a check ever let one by)
CARD_MARKUP = """async (code) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { cardEl } = await import(new URL('card-markup.js', boot).href);
  const box = document.createElement('div');
  box.innerHTML = cardEl(code, false, code);
  const card = box.firstElementChild;
  return { elements: box.querySelectorAll('*').length, code: card.getAttribute('code'),
           label: card.getAttribute('label') };
}"""


def test_a_cards_code_and_label_reach_the_page_escaped(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&seed=5")
    made = page.evaluate(CARD_MARKUP, MARKUP)
    assert made == {"elements": 1, "code": MARKUP, "label": MARKUP}
    assert page.evaluate(INJECTED) == 0


# What the screen reader is told at the game's end, seen from seat `seat` (a guest's):
# the game-ending card of a hand thrown in, then the game's end and its score.
GAME_END_WORDS = """async (seat) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const { eventSentences } = await import(new URL('narration.js', boot).href);
  const terms = await import(new URL('../shared/i18n-terms.js', boot).href);
  terms.setYouSeat(seat);
  try {
    const event = { seat: 1, action: 'play 9C', trick: { winner: 1 }, hand: { thrown_in: true } };
    return eventSentences(event, { phase: 'game_over', winner: 1, scores: [8, 10] });
  } finally {
    terms.setYouSeat(0);
  }
}"""


def test_the_score_at_a_guests_game_end_is_a_sentence_that_starts_with_a_capital(
    warm_page: Page,
) -> None:
    """A guest at North hears the final score as a sentence of its own, its team first:
    "You and South 8, West and East 10", not "you and South…"."""
    page = reset(warm_page, "?speed=instant&seed=5")
    said = page.evaluate(GAME_END_WORDS, 2)
    assert said[-2] == "Game over — West and East win.", said
    assert said[-1] == "You and South 8, West and East 10", said


def test_together_and_a_join_link_are_off_inside_another_page(page: Page, base_url: str) -> None:
    """A page that frames the game (another site's, or the game embed) cannot make it
    a guest or a host: the Join dialog does not open, Together is not offered."""
    link = f"{base_url}index.html?lang=en#join=AAAA"
    # a page of the game's origin (its manifest, shown as text) frames it
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(f"{base_url}manifest.webmanifest")
    # the frame, once it has navigated to the game (an event: no polling)
    with page.expect_event(
        "framenavigated", lambda frame: "index.html" in frame.url, timeout=LOAD_TIMEOUT_MS
    ) as navigated:
        page.evaluate(
            """(src) => { const f = document.createElement('iframe'); f.src = src;
               f.title = 'the game'; f.width = 900; f.height = 700; document.body.prepend(f); }""",
            link,
        )
    framed = navigated.value
    framed.wait_for_function(
        "() => document.querySelector('#notice-text')?.textContent.includes('inside another page')",
        timeout=LOAD_TIMEOUT_MS,
    )
    frame = page.frame_locator("iframe")
    assert frame.locator("#guest-dialog[open]").count() == 0
    assert frame.locator('[data-tool="together"]').is_hidden()


# an invitation's code made by the page's own signal.js, with one candidate
INVITATION = """async (candidate) => {
  const boot = document.querySelector('script[src*="boot.js"]').src;
  const P = await import(new URL('../together/signal.js', boot).href);
  const bytes = Array.from({ length: 32 }, (_, i) => (i + 16).toString(16).toUpperCase());
  const fingerprint = bytes.join(':');
  return P.encodeSignal({ type: 'offer', ufrag: 'abcd', pwd: 'p'.repeat(22), fingerprint,
                          setup: 'actpass', candidates: [candidate] });
}"""


@pytest.mark.parametrize(
    ("candidate", "said"),
    [
        ({"address": "127.0.0.1", "port": 5000}, "it names this device's own loopback address"),
        ({"address": "8.8.8.8", "port": 5000}, "it names an address outside your local network"),
        ({"address": "203.0.113.9", "port": 5000, "type": "srflx"}, "it needs internet play"),
    ],
)
def test_an_invitation_off_the_local_network_is_refused_with_its_reason(
    host: Page, base_url: str, candidate: dict[str, Any], said: str
) -> None:
    page = reset(host, "?speed=instant&seed=5")
    code = page.evaluate(INVITATION, candidate)
    guest = page.context.new_page()
    guest.on("pageerror", lambda e: ERRORS.append(str(e)))
    guest.goto(f"{base_url}?lang=en#join={code}")
    guest.wait_for_selector("#guest-dialog[open] [data-guest-join]", timeout=LOAD_TIMEOUT_MS)
    guest.click("[data-guest-join]")
    alert = guest.wait_for_selector("#guest-dialog [role=alert]")
    text = alert.text_content() or ""
    assert text.startswith("That code was refused: ") and said in text, text
    # no connection was made for it: no reply to send
    assert guest.query_selector("[data-guest-reply]") is None
    assert ERRORS == []
