"""The embeds (web/embed.js) on a page of another origin with a strict CSP.

The host page is served by a second local server (another port, so another
origin) and allows scripts and frames only from itself and the game's origin:
no 'unsafe-eval', no inline scripts or styles. The game's site is served with
``Cache-Control: no-store`` and its requests are counted, so the number of
``pyodide.asm.wasm.gz`` downloads (the wasm, gzipped) is the number of Python runtimes started.
"""

from __future__ import annotations

import functools
import html
import http.server
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Frame, Page

from conftest import PageProblems, open_page
from game_driver import WAITING
from hasenpfeffer.cards import Card, parse_cards, rank_order
from hasenpfeffer.notation import hand_from_text
from hasenpfeffer.rules import follow_violation
from hasenpfeffer_site.serve_site import QuietHandler

LOAD_MS = 90_000

HPN = (
    "HPN 1 hand rules=seed dealer=S scores=-6:0\n"
    "deal S:AC KC JC TH 9H AS W:QC QD JD TD QH QS N:AD KD 9D JH KS 9S "
    "E:TC 9C KH JS TS JK widow:AH\n"
    "3. W:pass N:pass E:pass S:pass | E:trump D discard JK | E:decline | TD KD TS AS / "
    "KS JS 9H QS / AD 9C AC QD / JH TC JC JD / QC 9D KH KC / 9S AH TH QH"
)

HOST_JS = "window.hostGlobal = 'untouched';\n"
# The host's own styles: these must not reach inside the widgets, and the
# widgets' styles must not change the host's own elements.
HOST_CSS = """
body { font-family: monospace; }
.probe { color: rgb(1, 2, 3); font-size: 21px; }
button { background: rgb(255, 0, 0); }
iframe { border: 9px solid rgb(0, 255, 0); }
p { margin: 7px; }
"""


def host_page(game: str, body: str) -> str:
    csp = (
        f"default-src 'self'; script-src 'self' {game}; frame-src {game}; "
        "style-src 'self'; img-src 'self'"
    )
    return f"""<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<title>Host</title>
<link rel="stylesheet" href="host.css">
<script src="host.js"></script>
<script type="module" src="{game}/web/embed.js"></script>
</head><body>
<p class="probe">The host's own text.</p>
<button type="button" id="host-button">host</button>
{body}
</body></html>"""


class CountingHandler(QuietHandler):
    counts: Counter[str]

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self) -> None:
        self.counts[self.path.split("?")[0].rsplit("/", 1)[-1]] += 1
        super().do_GET()


def _serve(directory: Path, counts: Counter[str] | None = None) -> tuple[Any, str]:
    handler_class = type(
        "H", (CountingHandler,), {"counts": counts if counts is not None else Counter()}
    )
    handler = functools.partial(handler_class, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="module")
def game(site_dir: Path) -> Iterator[tuple[str, Counter[str]]]:
    counts: Counter[str] = Counter()
    server, url = _serve(site_dir, counts)
    yield url, counts
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def host_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("host")
    (folder / "host.js").write_text(HOST_JS)
    (folder / "host.css").write_text(HOST_CSS)
    (folder / "favicon.ico").write_bytes(b"")
    return folder


@pytest.fixture(scope="module")
def host(host_dir: Path) -> Iterator[str]:
    server, url = _serve(host_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def host_page_of(
    browser: Browser, game: tuple[str, Counter[str]], host: str, host_dir: Path
) -> Iterator[Any]:
    problems = PageProblems()
    pages: list[Page] = []

    def open_host(name: str, body: str) -> Page:
        (host_dir / name).write_text(host_page(game[0], body))
        page = open_page(browser, game[0] + "/", problems, also_allowed=(host + "/",))
        pages.append(page)
        # (the test waits for its embeds itself, as long as a load may take: the load
        # event waits for every embed's frame, over the page's 20 s on a loaded machine)
        page.goto(f"{host}/{name}", wait_until="domcontentloaded")
        return page

    yield open_host
    for page in pages:
        page.context.close()
    assert problems.external == [], f"requests left the two origins: {problems.external}"
    assert problems.errors == [], f"the pages reported errors: {problems.errors}"


def frame_of(page: Page, mode: str) -> Frame:
    for frame in page.frames:
        if f"mode={mode}" in frame.url or (mode == "game" and "index.html?embed" in frame.url):
            return frame
    raise AssertionError(f"no {mode} frame in {[f.url for f in page.frames]}")


def wait_all(page: Page, selector: str, state: str, count: int) -> None:
    page.wait_for_function(
        "([sel, state, n]) => [...document.querySelectorAll(sel)]"
        ".filter(e => e.dataset.state === state).length === n",
        arg=[selector, state, count],
        timeout=LOAD_MS,
    )


def test_every_mode_from_a_strict_cross_origin_host_with_one_runtime(
    host_page_of: Any, game: tuple[str, Counter[str]]
) -> None:
    game[1].clear()
    page = host_page_of(
        "four.html",
        f"""
<hasenpfeffer-embed id="r" mode="ranking" trump="H" lang="de"></hasenpfeffer-embed>
<hasenpfeffer-embed id="t" mode="trick" trump="S" lead="QH" played="KH" hand="AH 9H JS JK">
</hasenpfeffer-embed>
<hasenpfeffer-embed id="h" mode="hand" hpn="{HPN}"></hasenpfeffer-embed>
<hasenpfeffer-embed id="g" mode="game" rules="traditional" seed="7" height="600">
</hasenpfeffer-embed>""",
    )
    wait_all(page, "hasenpfeffer-embed", "ready", 4)
    # one Python runtime for four widgets
    assert game[1]["pyodide.asm.wasm.gz"] == 1, game[1]
    worker = frame_of(page, "ranking").evaluate("window.hasenpfeffer.worker")
    ids = {
        frame_of(page, m).evaluate("window.hasenpfeffer.worker.id")
        for m in ("ranking", "trick", "hand")
    }
    assert len(ids) == 1 and worker["shared"] is True

    # ranking: the engine's order; switching trump follows the engine
    ranking = frame_of(page, "ranking")
    # lang="de": no German catalogue, so the frame says what it shows (English)
    assert ranking.evaluate("document.documentElement.lang") == "en"
    cards = ranking.eval_on_selector_all("li[data-card]", "els => els.map(e => e.dataset.card)")
    assert cards == [str(c) for c in rank_order("H")]
    marked = ranking.eval_on_selector_all(
        "li[data-role$=bower], li[data-role=highest_trump]", "els => els.map(e => e.dataset.card)"
    )
    assert marked == ["JK", "JH", "JD"]
    ranking.click('button[data-suit="S"]')
    ranking.wait_for_selector('[data-trump="S"]')
    cards = ranking.eval_on_selector_all("li[data-card]", "els => els.map(e => e.dataset.card)")
    assert cards == [str(c) for c in rank_order("S")]

    # trick: a legal pick that wins, and an illegal one with the engine's reason
    trick = frame_of(page, "trick")
    trick.click('button[data-card="AH"]')
    trick.wait_for_selector('.feedback[data-verdict="legal"][data-winner="AH"]')
    assert "You win the trick" in trick.inner_text(".feedback")
    trick.click('button[data-card="9H"]')
    trick.wait_for_selector('.feedback[data-verdict="legal"][data-winner="KH"]')
    trick.click('button[data-card="JS"]')
    trick.wait_for_selector('.feedback[data-verdict="illegal"]')
    reason = follow_violation(Card.parse("JS"), parse_cards("AH 9H JS JK"), Card.parse("QH"), "S")
    assert reason is not None and reason["cards"] == ["AH", "9H"]
    assert "You must follow hearts: you hold A♥ and 9♥." in trick.inner_text(".feedback")

    # hand: forward and back, tricks as recorded
    replay = frame_of(page, "hand")
    record = hand_from_text(HPN).records[0].to_dict()
    assert replay.get_attribute(".mode-hand", "data-step") == "0"
    replay.click("button.next")
    replay.click("button.next")
    replay.click("button.next")
    replay.click("button.next")
    assert replay.get_attribute(".mode-hand", "data-kind") == "trick"
    shown = replay.eval_on_selector_all(
        ".replay-center [data-card]", "els => els.map(e => e.dataset.card)"
    )
    assert shown == [p["card"] for p in record["tricks"][0]["cards"]]
    replay.click("button.prev")
    assert replay.get_attribute(".mode-hand", "data-step") == "3"
    assert replay.get_attribute(".mode-hand", "data-kind") == "alone"

    # game: the table is up and the player can act
    table = frame_of(page, "game")
    table.wait_for_selector(WAITING, timeout=LOAD_MS)

    # the host is untouched, and its styles do not reach the widgets
    assert page.evaluate("window.hostGlobal") == "untouched"
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.probe')).color") == "rgb(1, 2, 3)"
    )
    assert page.evaluate("getComputedStyle(document.querySelector('.probe')).margin") == "7px"
    assert page.evaluate("getComputedStyle(document.body).fontFamily") == "monospace"
    frame_border = page.evaluate(
        "getComputedStyle(document.querySelector('#t').shadowRoot.querySelector('iframe'))"
        ".borderTopWidth"
    )
    assert frame_border == "0px"
    button_bg = trick.evaluate(
        "getComputedStyle(document.querySelector('button.hand-card')).backgroundColor"
    )
    assert button_bg != "rgb(255, 0, 0)"
    # the widgets size themselves to their content
    heights = page.evaluate(
        "[...document.querySelectorAll('hasenpfeffer-embed')]"
        ".map(e => e.getBoundingClientRect().height)"
    )
    assert all(h > 150 for h in heights), heights


def test_bad_attributes_show_the_engines_message_and_changes_follow(host_page_of: Any) -> None:
    page = host_page_of(
        "bad.html",
        """
<hasenpfeffer-embed id="t" mode="trick" trump="S" lead="QH" hand="AH XX"></hasenpfeffer-embed>
<hasenpfeffer-embed id="r" mode="ranking" trump="X"></hasenpfeffer-embed>
<hasenpfeffer-embed id="m" mode="nonsense"></hasenpfeffer-embed>
<hasenpfeffer-embed id="h" mode="hand" hpn="HPN 1 hand what"></hasenpfeffer-embed>""",
    )
    wait_all(page, "hasenpfeffer-embed", "error", 4)
    assert "hand: 'XX' is not a card" in frame_of(page, "trick").inner_text("[role=alert]")
    assert "trump: 'X' is not a suit" in frame_of(page, "ranking").inner_text("[role=alert]")
    assert "mode: 'nonsense'" in frame_of(page, "nonsense").inner_text("[role=alert]")
    assert frame_of(page, "hand").inner_text("[role=alert]").count("hpn:") == 1
    # fixing the attributes updates the widgets in place (no reload of the frame)
    trick = frame_of(page, "trick")
    trick.evaluate("window.__same = true")
    page.evaluate("document.querySelector('#t').setAttribute('hand', 'AH 9S')")
    page.wait_for_selector("#t[data-state=ready]")
    trick.wait_for_selector('button[data-card="9S"]')
    assert trick.evaluate("window.__same") is True
    ranking = frame_of(page, "ranking")
    page.evaluate("document.querySelector('#r').setAttribute('trump', 'C')")
    ranking.wait_for_selector('[data-trump="C"]')
    cards = ranking.eval_on_selector_all("li[data-card]", "els => els.map(e => e.dataset.card)")
    assert cards == [str(c) for c in rank_order("C")]
    # and breaking one again shows the message again
    page.evaluate("document.querySelector('#r').setAttribute('trump', 'hearts!')")
    page.wait_for_selector("#r[data-state=error]")
    assert "trump: 'hearts!'" in ranking.inner_text("[role=alert]")


def test_the_demo_page_shows_every_mode_with_its_snippet(page: Page, base_url: str) -> None:
    page.goto(base_url + "demo.html")
    count = page.eval_on_selector_all("hasenpfeffer-embed", "els => els.length")
    wait_all(page, "hasenpfeffer-embed", "ready", count)
    modes = page.eval_on_selector_all(
        "hasenpfeffer-embed", "els => els.map(e => e.getAttribute('mode'))"
    )
    assert set(modes) == {"ranking", "trick", "legal", "scoring", "hand", "game"}
    snippets = page.eval_on_selector_all("pre.snippet", "els => els.map(e => e.textContent)")
    assert snippets[0] == f'<script type="module" src="{base_url}web/embed.js"></script>'
    assert len(snippets) == count + 1
    for mode, snippet in zip(modes, snippets[1:], strict=True):
        assert snippet.startswith(f'<hasenpfeffer-embed mode="{mode}"')
    # the language switcher sets lang on every example; the snippets show it
    page.select_option("[data-lang-switch]", "ar")
    ranking = next(f for f in page.frames if "mode=ranking" in f.url)
    ranking.wait_for_function(
        "() => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl'",
        polling=100,
    )
    assert page.evaluate("document.documentElement.lang") == "en"  # the page itself stays
    snippets = page.eval_on_selector_all("pre.snippet", "els => els.map(e => e.textContent)")
    assert all('lang="ar"' in s for s in snippets[1:])


NOTED_HPN = (
    "HPN 1 hand rules=seed dealer=E  # A hand to learn from\n"
    "deal S:AC KC TC QH QS JK W:KD QD TD TH TS 9S N:JC 9C 9D KH 9H AS "
    "E:QC AD JD JH KS JS widow:AH\n"
    "1. S:5 {Five: the Joker and four clubs} W:pass N:pass E:pass | S:trump C discard QS "
    "| S:decline | JK 9S 9C QC {<img src=x onerror=alert(1)> the Joker draws trump} "
    "/ TC TD JC JS / AS KS QH TS / 9D AD KC QD / AH TH 9H JH / AC KD KH JD {score 5:0}"
)


def test_a_teachers_notes_show_on_their_steps_as_text(host_page_of: Any) -> None:
    page = host_page_of(
        "notes.html",
        f'<hasenpfeffer-embed id="h" mode="hand" hpn="{html.escape(NOTED_HPN)}">'
        "</hasenpfeffer-embed>",
    )
    page.wait_for_selector("#h[data-state=ready]", timeout=LOAD_MS)
    frame = frame_of(page, "hand")

    def notes() -> list[str]:
        return frame.eval_on_selector_all(
            ".step-notes:not([hidden]) .note", "els => els.map(e => e.textContent)"
        )

    seen = []
    widows = []
    for _ in range(6):  # deal, auction, widow, alone, the first two tricks
        seen.append((frame.get_attribute(".mode-hand", "data-kind"), notes()))
        widows.append(frame.locator(".slot.widow").count())
        frame.click("button.next")
    # the widow lies in the middle only until South, the maker, takes it at
    # the auction's end (never seven cards in a hand and the widow still there)
    assert widows == [1, 0, 0, 0, 0, 0]
    assert seen == [
        ("deal", ["A hand to learn from"]),
        ("auction", ["Five: the Joker and four clubs"]),
        ("widow", []),
        ("alone", []),
        ("trick", ["<img src=x onerror=alert(1)> the Joker draws trump"]),
        ("trick", []),
    ]
    # the note is text: no element of the teacher's markup was made
    assert frame.locator(".step-notes img").count() == 0
    # the writer's own result comment is not a note
    for _ in range(3):
        frame.click("button.next")
    assert frame.is_disabled("button.next")  # the last trick, with the result
    assert notes() == []
