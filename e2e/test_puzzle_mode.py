"""Puzzles in the game (issue 52), in the five languages: a puzzle opened by its link,
solved (the rating goes up) and played out; another failed (the rating goes down, every
legal card's words shown) after an illegal card was refused with its reason; the game
beneath untouched; the puzzle of the day offline (the service worker's copy of the set).
One solve in Firefox and in WebKit: e2e/test_engines.py."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from axe import assert_accessible
from conftest import ROOT, PageProblems, from_origin
from game_driver import ACTIONS, SET_LANGUAGE, reload, revisit, saved, start
from hasenpfeffer.api.puzzle_ops import daily_puzzle, op_puzzle_set
from hasenpfeffer.puzzle import Puzzle, read_puzzles
from test_embed import game, host, host_dir, host_page_of, wait_all  # noqa: F401
from test_pwa import Server, wait_offline_ready

LANGUAGES = ("en", "it", "fy", "ar", "hi")
PUZZLES = read_puzzles((ROOT / "data" / "puzzles" / "puzzles.json").read_text(encoding="utf-8"))
BY_ID = {p.id: p for p in PUZZLES}
#: West to play, two tricks left, both needed: 9H does it, KS fails.
SOLVE = BY_ID["s5-23"]
#: A puzzle with a trick led, a card in the hand that may not be played to it and a
#: legal card that is not the solution.
FAIL = next(
    p
    for p in PUZZLES
    if p.trick
    and any(c not in p.legal() for c in p.hands[p.to_play])
    and any(c not in p.solution for c in p.legal())
)
QUERY = "?speed=instant&bots=easy&seed=1"
LOAD_MS = 90_000

#: A message of the page's catalogue with its parameters (``{seat: n}`` a seat's
#: compass name, ``{number: n}`` a number as the page writes it).
WORDS = """async ([key, params]) => {
  const start = document.querySelector('script[src*="web/engine/start.js"]').src;
  const i18n = await import(start.replace("engine/start.js", "shared/i18n.js"));
  const terms = await import(start.replace("engine/start.js", "shared/i18n-terms.js"));
  const values = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = value.seat !== undefined
      ? terms.compassName(value.seat) : i18n.formatNumber(value.number);
  }
  return i18n.t(key, values);
}"""
#: The raw message of a key (placeholders as written).
RAW = """async (key) => {
  const start = [...document.querySelectorAll("script[src]")]
    .map((s) => s.src).find((src) => /web\\/(engine\\/start|embed\\/frame)\\.js/.test(src));
  const i18n = await import(
    start.replace(/(engine\\/start|embed\\/frame)\\.js.*/, "shared/i18n.js"));
  return i18n.t(key);
}"""
RATING = "() => JSON.parse(localStorage.getItem('hasenpfeffer.stats.v1') ?? 'null')?.puzzles"


def words(page: Page, key: str, **params: Any) -> str:
    text: str = page.evaluate(WORDS, [key, params])
    return text


def fixed_part(page: Any, key: str, after: str | None = None) -> str:
    """The words of a message between two placeholders (before the first, or after
    ``after`` up to the next): text a sentence shows whatever its values."""
    raw: str = page.evaluate(RAW, key)
    if after is not None:
        raw = raw.split("{" + after + "}", 1)[1]
    return raw.split("{", 1)[0].strip()


def shown(page: Page, puzzle: Puzzle) -> None:
    page.wait_for_selector(f'#puzzle-body[data-puzzle-id="{puzzle.id}"]', timeout=LOAD_MS)
    assert page.is_visible("#puzzle-dialog")


def goal(page: Page, p: Puzzle) -> str:
    target = "contract" if p.source_value("maker") in (p.side, p.side + 2) else "defeat"
    return words(
        page,
        f"puzzle.goal.{target}",
        seat={"seat": p.to_play},
        need={"number": p.need},
        tricks={"number": p.tricks_left},
    )


def play_out(page: Page) -> None:
    """Click the player's cards (those the engine says may be played) until the hand is over."""
    for _ in range(8):
        if page.is_visible(".puzzle-over"):
            return
        held = page.locator(".puzzle-hand button").count()
        page.click(".puzzle-hand button:not(.other):not(:disabled)")
        # the engine's answer painted: one card fewer
        page.wait_for_function(
            "(held) => document.querySelectorAll('.puzzle-hand button').length < held", arg=held
        )
    assert page.is_visible(".puzzle-over")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_solve_then_an_illegal_card_and_a_failure(warm_page: Page, lang: str) -> None:
    page = warm_page
    if lang == "ar":
        page.set_viewport_size({"width": 390, "height": 844})  # a phone, right to left
    revisit(page, f"{QUERY}&lang={lang}&puzzle={SOLVE.id}")
    shown(page, SOLVE)
    assert page.evaluate("document.documentElement.lang") == lang
    before = saved(page)
    actions = page.evaluate(ACTIONS)
    # the position as the seat to play sees it: its hand at the bottom, every hand shown
    assert page.inner_text(".puzzle-goal") == goal(page, SOLVE)
    assert page.inner_text(".puzzle-note") == words(page, "puzzle.open")
    mine = page.eval_on_selector_all(".puzzle-hand button", "bs => bs.map(b => b.dataset.card)")
    assert sorted(mine) == sorted(str(c) for c in SOLVE.hands[SOLVE.to_play])
    assert page.locator(".puzzle-cards hp-card").count() == sum(
        len(h) for s, h in enumerate(SOLVE.hands) if s != SOLVE.to_play
    )
    south = page.locator(".puzzle-south").bounding_box()
    north = page.locator(".puzzle-north").bounding_box()
    west = page.locator(".puzzle-west").bounding_box()
    east = page.locator(".puzzle-east").bounding_box()
    assert south and north and west and east
    assert south["y"] > north["y"] and west["x"] < east["x"]  # the compass, in every language
    width = page.evaluate("innerWidth")
    for box in page.locator(".puzzle-hand button").all():
        b = box.bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= width
    # solved: the rating goes up, the words for every legal card
    page.focus(f'.puzzle-hand button[data-card="{SOLVE.solution[0]}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(".puzzle-verdict.solved")
    after = page.evaluate(RATING)
    assert after["rating"] > 1500 and after["solved"] == 1 and after["streak"] == 1
    assert page.inner_text(".puzzle-result").startswith(fixed_part(page, "puzzle.solved"))
    assert page.locator(".puzzle-cards-words li").count() == len(SOLVE.legal())
    fails = page.inner_text(".puzzle-cards-words li.fails")
    assert fixed_part(page, "puzzle.reason.puzzle_fails", after="card") in fails
    assert fixed_part(page, "puzzle.line") in fails
    # the tricks of a line joined as the language joins clauses (Arabic: «؛»)
    separator = words(page, "hint.separator")
    lines = page.inner_text(".puzzle-cards-words")
    assert separator in lines and (lang != "ar" or "; " not in lines)
    if lang in ("en", "ar"):
        assert_accessible(page, f"the puzzle dialog ({lang})", include="#puzzle-dialog")
    play_out(page)
    assert page.inner_text(".puzzle-over") == words(
        page, "puzzle.over", taken={"number": SOLVE.need}, need={"number": SOLVE.need}
    )
    # back to the game: untouched
    page.click('#puzzle-dialog button[type="submit"]')
    page.wait_for_selector("#puzzle-dialog", state="hidden")
    assert saved(page) == before and page.evaluate(ACTIONS) == actions

    # another puzzle by its link, the record kept: an illegal card refused with its
    # reason (nothing answered), then a card that fails
    stored = page.evaluate("() => ({ ...localStorage })")
    revisit(page, f"{QUERY}&lang={lang}&puzzle={FAIL.id}", stored)
    shown(page, FAIL)
    illegal = next(c for c in FAIL.hands[FAIL.to_play] if c not in FAIL.legal())
    page.click(f'.puzzle-hand button[data-card="{illegal}"]')
    page.wait_for_selector(".puzzle-error")
    assert page.inner_text(".puzzle-error").startswith(fixed_part(page, "reason.must_follow"))
    assert not page.is_visible(".puzzle-verdict")
    wrong = next(c for c in FAIL.legal() if c not in FAIL.solution)
    page.click(f'.puzzle-hand button[data-card="{wrong}"]')
    page.wait_for_selector(".puzzle-verdict.failed")
    failed = page.evaluate(RATING)
    assert failed["rating"] < after["rating"] and failed["failed"] == 1 and failed["streak"] == 0
    assert failed["best"] == 1 and [h["id"] for h in failed["history"]] == [SOLVE.id, FAIL.id]
    assert page.inner_text(".puzzle-result").startswith(fixed_part(page, "puzzle.failed"))
    assert page.locator(".puzzle-cards-words li").count() == len(FAIL.legal())
    assert page.locator(".puzzle-cards-words li.fails").count() == len(FAIL.legal()) - len(
        FAIL.solution
    )
    # the statistics dialog shows the puzzles' figures
    page.click('#puzzle-dialog button[type="submit"]')
    page.wait_for_selector("#puzzle-dialog", state="hidden")
    if page.is_visible('[data-tool="more"]'):  # a phone: Stats is in "More"
        page.click('[data-tool="more"]')
    page.click('[data-tool="stats"]')
    page.wait_for_selector("[data-stats-puzzles]")
    figures = page.inner_text("[data-stats-puzzles]")
    assert figures == words(
        page,
        "stats.puzzles_text",
        rating={"number": round(failed["rating"])},
        solved={"number": 1},
        tried={"number": 2},
        streak={"number": 0},
        best={"number": 1},
    )


@pytest.fixture
def own_server(site_dir: Path) -> Iterator[Server]:
    server = Server()
    server.start(site_dir)
    yield server
    server.stop()


def test_the_puzzle_of_the_day_offline_in_every_language(
    browser: Browser, own_server: Server, problems: PageProblems
) -> None:
    """A first visit on a server of its own; once the page works offline the server goes,
    the page is visited again, and the puzzles (never opened before: their set comes
    from the service worker's copy) open on the day's puzzle, the same in every
    language."""
    # (no request routing: Playwright's routes take the page's requests away from the
    # service worker; a request to another origin is recorded instead of aborted)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(20_000)
    base = own_server.url
    context.on(
        "request",
        lambda r: problems.external.append(r.url) if not from_origin(r.url, base) else None,
    )
    page = context.new_page()
    page.on("console", lambda m: problems.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.errors.append(f"page error: {e}"))
    try:
        start(page, own_server.url, QUERY)
        wait_offline_ready(page)
        own_server.stop()
        # the next visit, offline: the page the service worker serves
        reload(page)
        assert page.evaluate("() => navigator.serviceWorker.controller !== null")
        page.click('[data-tool="stats"]')
        page.click('#stats-body [data-stats="puzzles"]')
        page.wait_for_selector("#puzzle-body[data-puzzle-id]:not([data-puzzle-id=''])")
        day = daily_puzzle_of(datetime.date.today().isoformat())
        for lang in LANGUAGES:
            page.evaluate(SET_LANGUAGE, lang)
            page.click('#puzzle-dialog [data-puzzle="daily"]')
            shown(page, day)
            assert page.inner_text(".puzzle-goal") == goal(page, day)
            assert page.inner_text('#puzzle-dialog [data-puzzle="daily"]') == words(
                page, "puzzle.daily"
            )
            # the page's own id, after each new puzzle: the next click is a new one
            page.evaluate("document.querySelector('#puzzle-body').dataset.puzzleId = ''")
    finally:
        page.context.close()
    assert problems.errors == [], problems.errors
    assert problems.external == [], problems.external


def daily_puzzle_of(day: str) -> Puzzle:
    op_puzzle_set({"text": json.dumps([p.to_dict() for p in PUZZLES])})
    return daily_puzzle(day)


def test_the_puzzle_embed_on_a_page_of_another_origin(host_page_of: Any) -> None:  # noqa: F811
    """``<hasenpfeffer-embed mode="puzzle">`` on a strict host of another origin: the
    puzzle drawn, a card answered with the words for every legal card, and its link to
    the game; an unknown id says so (never a blank box)."""
    page = host_page_of(
        "puzzle.html",
        f"""
<hasenpfeffer-embed id="p" mode="puzzle" puzzle="{SOLVE.id}" lang="ar"></hasenpfeffer-embed>
<hasenpfeffer-embed id="x" mode="puzzle" puzzle="no-such-puzzle"></hasenpfeffer-embed>""",
    )
    wait_all(page, "#p", "ready", 1)
    wait_all(page, "#x", "error", 1)
    frames = [f for f in page.frames if "mode=puzzle" in f.url]
    good = next(f for f in frames if f"puzzle={SOLVE.id}" in f.url)
    bad = next(f for f in frames if "no-such-puzzle" in f.url)
    assert good.evaluate("document.documentElement.dir") == "rtl"
    cards = good.eval_on_selector_all(".puzzle-hand button", "bs => bs.map(b => b.dataset.card)")
    assert sorted(cards) == sorted(str(c) for c in SOLVE.hands[SOLVE.to_play])
    wrong = next(c for c in SOLVE.legal() if c not in SOLVE.solution)
    good.click(f'.puzzle-hand button[data-card="{wrong}"]')
    good.wait_for_selector('.feedback[data-verdict="failed"]')
    assert good.locator(".puzzle-cards-words li").count() == len(SOLVE.legal())
    assert good.inner_text(".verdict").startswith(fixed_part(good, "puzzle.failed"))
    link = good.get_attribute(".puzzle-link", "href")
    assert link is not None and link.endswith(f"/index.html?puzzle={SOLVE.id}")
    # the unknown id: the engine's reason, in the frame and to the host
    said = bad.inner_text(".error-text")
    assert said == "There is no puzzle “no-such-puzzle”."
    assert page.eval_on_selector("#x", "e => e.dataset.state") == "error"


def test_the_rules_page_offers_a_puzzle_whose_theme_fits(page: Page, base_url: str) -> None:
    """The rules page's "try a puzzle" link opens the game on that puzzle."""
    page.goto(f"{base_url}rules.html?lang=it")
    link = page.locator('#play .try-puzzle a[data-puzzle="s5-23"]')
    link.wait_for()
    texts = json.loads((ROOT / "web" / "rules" / "texts" / "it.json").read_text(encoding="utf-8"))
    assert link.inner_text() == texts["ui"]["puzzle_themes"]["give_partner_lead"]
    assert "give_partner_lead" in BY_ID["s5-23"].themes
    link.click()
    shown(page, BY_ID["s5-23"])
    assert page.evaluate("document.documentElement.lang") == "it"
