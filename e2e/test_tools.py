"""Hint, undo, last trick, rules, settings, keyboard and a phone-sized screen."""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from axe import assert_accessible
from game_driver import (
    FRAMES,
    MESSAGE,
    SET_LANGUAGE,
    WAITING,
    hand,
    play_until,
    reset,
    saved,
    start,
)

HUMAN_BIDS = '#table[data-phase="bidding"][data-human="1"]'
HUMAN_PLAYS = '#table[data-phase="play"][data-human="1"]'


def test_hint_then_undo_back_to_the_same_decision(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=easy&seed=21")
    rng = random.Random(1)
    play_until(page, lambda p: p.is_visible(HUMAN_PLAYS), rng)
    before = saved(page)
    page.click('[data-tool="hint"]')
    page.wait_for_selector("#note.hint")
    assert page.inner_text("#note").startswith("Hint:")
    hinted = page.query_selector("#hand .card.hinted, #actions .btn.hinted")
    assert hinted is not None and hinted.is_enabled()
    hinted.click()
    page.wait_for_selector(WAITING)
    assert saved(page) != before
    page.wait_for_selector('[data-tool="undo"]:not(:disabled)')
    page.click('[data-tool="undo"]')
    assert before is not None
    page.wait_for_function(
        "s => JSON.parse(localStorage.getItem('hasenpfeffer.game.v1')).save === s",
        arg=before["save"],
    )
    page.wait_for_selector(HUMAN_PLAYS)
    # the same game; the record now marks every seat of the deal seen here (the undo
    # took back what the computer players did after the card)
    undone = saved(page)
    assert undone is not None
    assert undone.pop("seenSeats") == [0, 1, 2, 3]
    assert undone == {k: v for k, v in before.items() if k != "seenSeats"}
    assert page.is_hidden("#note.hint")


#: Where each sign of a signed number in the hint line is drawn, against its first digit
#: (an Arabic page must show "-1.5", never "1.5-").
SIGNS = r"""() => {
  const node = [...document.querySelector("#note").childNodes].find((n) => n.nodeType === 3);
  const text = node.textContent;
  const box = (i) => {
    const range = document.createRange();
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    return range.getBoundingClientRect();
  };
  const out = [];
  for (const m of text.matchAll(/[+\-\u2212][\u200e\u200f\u061c]?(\d)/g)) {
    const digit = m.index + m[0].length - 1;
    out.push({ sign: box(m.index).left, digit: box(digit).left });
  }
  return out;
}"""


@pytest.mark.parametrize(
    ("lang", "label", "separator", "unit"),
    [
        ("en", "Hint:", "; ", "(your side's points minus the other side's)"),
        ("ar", "تلميح:", "؛ ", "(نقاط فريقك ناقص نقاط الفريق الآخر)"),
    ],
)
def test_a_hint_says_why_in_words_and_compares(
    warm_page: Page, lang: str, label: str, separator: str, unit: str
) -> None:
    page = reset(warm_page, f"?lang={lang}&speed=instant&bots=easy&seed=13")
    page.wait_for_selector(HUMAN_BIDS)  # seed 13: the player bids first
    page.click('[data-tool="hint"]')
    page.wait_for_selector("#note.hint")
    note = page.inner_text("#note")
    assert note.startswith(label)
    reason = note.split(" — ", 1)[1]
    # why, the number in its unit (a bid: a margin), and the next-best choice
    why, *rest = reason.split(separator)
    assert len(rest) == 2, reason
    words = re.findall(r"[^\W\d_]{2,}", why)
    assert len(words) >= 5, f"a reason, not a number: {why!r}"
    assert rest[0].endswith(unit)
    assert re.search(r"\d", rest[1]) or len(re.findall(r"[^\W\d_]{2,}", rest[1])) >= 3
    signs = page.evaluate(SIGNS)
    assert signs, "the margin is shown with its sign"
    assert all(s["sign"] < s["digit"] for s in signs), signs


def test_last_trick_and_the_rules_with_the_current_ranking(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=easy&seed=8")
    rng = random.Random(2)
    assert page.is_disabled('[data-tool="last-trick"]')
    play_until(page, lambda p: p.evaluate("window.hasenpfeffer.state.view.tricks.length") > 0, rng)
    page.click('[data-tool="last-trick"]')
    page.wait_for_selector("#last-trick-dialog[open]")
    last = page.evaluate("window.hasenpfeffer.state.view.tricks.at(-1)")
    shown = page.eval_on_selector_all(
        "#last-trick-body hp-card", "els => els.map(e => e.getAttribute('code'))"
    )
    assert shown == [c["card"] for c in last["cards"]]
    assert page.is_visible("#last-trick-body figure.won")
    page.keyboard.press("Escape")
    trump = page.evaluate("window.hasenpfeffer.state.view.trump")
    page.click('[data-tool="rules"]')
    page.wait_for_selector("#rules-dialog[open] .ranking hp-card")
    first = page.eval_on_selector_all(
        "#rules-body .ranking.trumps hp-card", "els => els.map(e => e.getAttribute('code'))"
    )
    assert first[0] == "JK" and first[1] == f"J{trump}"
    page.click('#rules-body [data-rank-trump="H"]')
    page.wait_for_selector('#rules-body .ranking.trumps hp-card[code="JH"]')
    first = page.eval_on_selector_all(
        "#rules-body .ranking.trumps hp-card", "els => els.map(e => e.getAttribute('code'))"
    )
    assert first == ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H"]
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-dialog", state="hidden")


def test_keyboard_play(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=random&seed=4")
    rng = random.Random(3)
    play_until(page, lambda p: p.is_visible(HUMAN_PLAYS), rng)
    cards_before = hand(page)
    page.focus("#hand button.card:not(:disabled)")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused in cards_before
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => !document.querySelector('#hand [data-card=\"{focused}\"]')", timeout=10_000
    )
    page.wait_for_selector(WAITING)
    page.keyboard.press("?")
    page.wait_for_selector("#shortcuts-dialog[open]")
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    page.wait_for_selector("#rules-dialog[open]")
    page.keyboard.press("Escape")


def test_settings_change_players_speed_and_colours(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=random&seed=9")
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    page.select_option('[data-level-seat="1"]', "hard")
    page.select_option("[data-speed-select]", "fast")
    page.check("[data-four-colour]")
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#settings-dialog", state="hidden")
    stored = json.loads(page.evaluate("localStorage.getItem('hasenpfeffer.settings.v1')"))
    assert stored["levels"][1] == "hard" and stored["speed"] == "fast" and stored["fourColour"]
    page.wait_for_function("() => window.hasenpfeffer.state.levels[1] === 'hard'")
    page.wait_for_selector("#hand hp-card[four-colour]")
    # a rule variant that the engine refuses is reported in the dialog, nothing changes
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    page.uncheck('[data-rule="going_alone"]')
    page.check('[data-rule="lone_defender"]')
    page.click('#settings-dialog [data-action="save"]')
    page.wait_for_selector("#settings-error:not(:empty)")
    assert "Lone defender" in page.inner_text("#settings-error")  # the field, as the form names it
    page.click('#settings-dialog [data-action="cancel"]')


def test_a_phone_sized_screen(warm_page: Page) -> None:
    warm_page.set_viewport_size({"width": 360, "height": 740})
    page = reset(warm_page, "?speed=instant&bots=easy&seed=30")
    rng = random.Random(5)
    play_until(page, lambda p: p.is_visible(HUMAN_BIDS) or p.is_visible(HUMAN_PLAYS), rng)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # the tools show icons only here: they keep their names (and targets big enough)
    assert_accessible(page, "phone-sized screen")
    # (the tools a phone keeps in the menu under "More" are checked with the menu open)
    selectors = (
        "#hand button.card",
        "#actions button",
        ".tools button:visible",
        "[data-score-team]",
    )
    page.click('[data-tool="more"]')
    assert page.locator(".tools-more .tool:visible").count() >= 5
    for selector in (*selectors, ".tools-more .tool:visible"):
        for el in page.query_selector_all(selector):
            box = el.bounding_box()
            assert box is not None
            assert box["x"] >= -1 and box["x"] + box["width"] <= 361, (selector, box)
    page.click('[data-tool="more"]')
    assert page.get_attribute('[data-tool="more"]', "aria-expanded") == "false"


MENU_TOOLS = ("stats", "rules", "shortcuts", "together", "settings", "new-game")
ROW_TOOLS = ("hint", "undo", "last-trick", "why", "review", "more")
LANGUAGES = ("en", "it", "fy", "ar", "hi")
#: The tools on show: each one's box and its label's, the label's text as painted,
#: whether the label is cut (hidden from sight, or its text wider or taller than its
#: box) and the words broken across two lines (a word's boxes on more than one line).
TOOLS_SHOWN = """() => Object.fromEntries([...document.querySelectorAll(".tools .tool")]
  .filter((b) => b.getClientRects().length > 0)
  .map((b) => {
    const label = b.querySelector(".label");
    const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    const r = b.getBoundingClientRect(), l = label.getBoundingClientRect();
    const cs = getComputedStyle(label);
    const cut = cs.clipPath !== "none" || cs.visibility !== "visible"
      || label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1;
    const broken = [];
    const node = label.firstChild;
    for (const m of (node?.nodeType === Node.TEXT_NODE ? node.data : "").matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = [...range.getClientRects()].map((q) => q.top);
      if (Math.max(...tops) - Math.min(...tops) > 2) broken.push(m[0]);
    }
    return [b.dataset.tool, { top: Math.round(r.top), box: box(r), labelBox: box(l),
                              label: Math.round(l.width), text: label.textContent, cut, broken }];
  }))"""
#: The boxes of the top bar's other words: the brand's and the scores'.
BAR_BOXES = """() => [...document.querySelectorAll(".brand img, .brand span, .score, .target")]
  .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).clipPath === "none")
  .map((e) => { const r = e.getBoundingClientRect();
                return [e.className || e.tagName,
                        { left: r.left, top: r.top, right: r.right, bottom: r.bottom }]; })"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    w = min(a["right"], b["right"]) - max(a["left"], b["left"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return w > 1 and h > 1


def _inside(inner: dict[str, float], outer: dict[str, float]) -> bool:
    return (
        inner["left"] >= outer["left"] - 1
        and inner["top"] >= outer["top"] - 1
        and inner["right"] <= outer["right"] + 1
        and inner["bottom"] <= outer["bottom"] + 1
    )


def tools_in_words(page: Page, tools: tuple[str, ...], where: str) -> dict[str, Any]:
    """The tools on show (``TOOLS_SHOWN``), checked: ``tools`` are those, in that order,
    each with its word written out in the language, whole (not cut, no word broken
    across lines), inside its button and the window; no two of them, nor a tool and
    the brand or the scores, overlap."""
    shown: dict[str, Any] = page.evaluate(TOOLS_SHOWN)
    assert tuple(shown) == tools, (where, shown)
    width, height = page.evaluate("[innerWidth, innerHeight]")
    window = {"left": 0, "top": 0, "right": width, "bottom": height}
    for tool, seen in shown.items():
        key = "tool." + tool.replace("-", "_")
        assert seen["text"] == page.evaluate(MESSAGE, key), (where, tool, seen)
        assert seen["label"] > 8 and not seen["cut"] and not seen["broken"], (where, tool, seen)
        assert _inside(seen["labelBox"], seen["box"]), (where, tool, seen)
        assert _inside(seen["box"], window), (where, tool, seen)
    boxes = [(tool, seen["box"]) for tool, seen in shown.items()]
    others = [(name, box) for name, box in page.evaluate(BAR_BOXES)]
    for (a, box_a), (b, box_b) in itertools.combinations(boxes + others, 2):
        assert not _overlap(box_a, box_b), (where, a, box_a, b, box_b)
    return shown


def test_a_phone_keeps_one_row_of_tools_and_the_rest_in_a_labelled_menu(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=easy&seed=30&preset=seed-pepper")
    for width, height in ((360, 640), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for code in LANGUAGES:
            page.evaluate(SET_LANGUAGE, code)
            page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
            page.evaluate(FRAMES)
            # one row: the most used tools and "More", each with its word under its
            # icon (a longer one on two lines, broken between words), nothing overlapping
            where = f"{code} {width}x{height}"
            shown = tools_in_words(page, ROW_TOOLS, where)
            tops = [tool["top"] for tool in shown.values()]
            assert max(tops) - min(tops) <= 2, (where, shown)
            more = page.locator('[data-tool="more"]')
            assert more.get_attribute("aria-expanded") == "false"
            assert more.get_attribute("title") == page.evaluate(MESSAGE, "tool.more.title")
            more.click()
            assert more.get_attribute("aria-expanded") == "true"
            shown = page.evaluate(TOOLS_SHOWN)
            assert tuple(shown) == ROW_TOOLS + MENU_TOOLS, (code, width, shown)
            for tool in MENU_TOOLS:
                # each one written out in the language, not an icon alone
                assert shown[tool]["label"] > 8 and not shown[tool]["cut"], (code, width, tool)
                key = "tool." + tool.replace("-", "_")
                assert shown[tool]["text"] == page.evaluate(MESSAGE, key), (code, tool)
            # the rule set in force, under the Rules tool and on the table, in the
            # contract's corner (test_layout.py: covering nothing)
            rules = page.evaluate(MESSAGE, "settings.preset.seed-pepper")
            assert page.inner_text("#tool-rules-set") == rules
            assert page.is_visible("#contract-rules")
            assert page.inner_text("#contract-rules") == rules
            # the first of them has the focus; Escape closes the menu, back on "More"
            assert page.evaluate("document.activeElement.dataset.tool") == "stats"
            page.keyboard.press("Escape")
            assert more.get_attribute("aria-expanded") == "false"
            assert page.evaluate("document.activeElement.dataset.tool") == "more"
            assert tuple(page.evaluate(TOOLS_SHOWN)) == ROW_TOOLS
    # by keyboard: Enter opens the menu on its first tool, Tab goes through its tools,
    # and past the last one the menu closes
    page.keyboard.press("Enter")
    assert page.get_attribute('[data-tool="more"]', "aria-expanded") == "true"
    menu = [t for t in MENU_TOOLS if page.is_enabled(f'[data-tool="{t}"]')]
    for tool in menu:
        assert page.evaluate("document.activeElement.dataset.tool") == tool
        page.keyboard.press("Tab")
    assert page.get_attribute('[data-tool="more"]', "aria-expanded") == "false"
    assert not page.is_visible('[data-tool="rules"]')
    # a tool chosen from the menu does its work and the menu closes; a tap elsewhere too
    page.click('[data-tool="more"]')
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open]")
    assert page.get_attribute('[data-tool="more"]', "aria-expanded") == "false"
    page.click('#settings-dialog [data-action="cancel"]')
    page.click('[data-tool="more"]')
    page.mouse.click(180, 300)
    assert page.get_attribute('[data-tool="more"]', "aria-expanded") == "false"
    assert not page.is_visible('[data-tool="rules"]')
    # a wider screen: every tool in the bar, no "More"; the rule set in the contract's corner
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate(FRAMES)
    shown = page.evaluate(TOOLS_SHOWN)
    assert "more" not in shown and set(MENU_TOOLS) <= set(shown), shown
    assert page.is_visible("#contract-rules")
    rules = page.evaluate(MESSAGE, "settings.preset.seed-pepper")
    assert page.inner_text("#contract-rules") == rules


def test_a_laptop_s_tools_each_show_their_word_in_every_language(warm_page: Page) -> None:
    """At 1280x800 and 1024x768 every tool in the bar says what it is: its word beside
    or under its icon, whole, on the brand's line (test_layout.py: no second line)."""
    page = reset(warm_page, "?speed=instant&bots=easy&seed=30")
    for width, height in ((1280, 800), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        for code in LANGUAGES:
            page.evaluate(SET_LANGUAGE, code)
            page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
            page.evaluate(FRAMES)
            where = f"{code} {width}x{height}"
            shown = tools_in_words(page, ROW_TOOLS[:-1] + MENU_TOOLS, where)
            tops = [tool["top"] for tool in shown.values()]
            assert max(tops) - min(tops) <= 2, (where, shown)
    page.evaluate(SET_LANGUAGE, "en")


#: Each drop-down of the settings whose choices do not all show whole in it: the widest
#: choice's text, measured in the drop-down's own font, against the room inside it (its
#: width less its padding and the arrow's 24 px).
CUT_CHOICES = """() => {
  const span = document.createElement("span");
  span.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
  document.body.append(span);
  const cut = [];
  for (const select of document.querySelectorAll("#settings-dialog select")) {
    if (!select.getClientRects().length) continue;
    const cs = getComputedStyle(select);
    span.style.font = cs.font;
    const room = select.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24;
    for (const option of select.options) {
      span.textContent = option.text;
      const width = span.offsetWidth;
      if (width > room) cut.push(`${select.id}: ${option.text} (${width} > ${room})`);
    }
  }
  span.remove();
  return cut;
}"""


def test_the_settings_drop_downs_show_every_choice_whole_on_a_phone(warm_page: Page) -> None:
    page = reset(warm_page, "?speed=instant&bots=easy&seed=30")
    page.set_viewport_size({"width": 360, "height": 740})
    cut: list[str] = []
    for code in ("en", "it", "fy", "ar", "hi"):
        page.evaluate(SET_LANGUAGE, code)
        page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
        page.click('[data-tool="more"]')
        page.click('[data-tool="settings"]')
        page.wait_for_selector("#settings-dialog[open] [data-preset]")
        cut += [f"{code}: {c}" for c in page.evaluate(CUT_CHOICES)]
        page.click('#settings-dialog [data-action="cancel"]')
        page.wait_for_selector("#settings-dialog", state="hidden")
    assert cut == [], "\n".join(cut)


def test_stored_settings_are_written_into_the_form_as_text(warm_page: Page, base_url: str) -> None:
    # a stored value is data: markup in it must not become elements of the form
    hostile = '"><img id="injected" src="x"><b>'  # (within the length settings.js keeps)
    settings = {"rules": {"preset": "seed", "target": hostile, "bidding": hostile}}
    # (cold: the stored rules stay unused only because the reload resumes the saved game;
    # a new game would refuse them and fall back to the defaults)
    # a saved game: the reload resumes it (seeded: a random first hand may end the game
    # before South's first turn, its game-over dialog over the tools)
    page = reset(warm_page, "?speed=instant&seed=3")
    page.evaluate("s => localStorage.setItem('hasenpfeffer.settings.v1', s)", json.dumps(settings))
    start(page, base_url, "?speed=instant")
    page.click('[data-tool="settings"]')
    page.wait_for_selector("#settings-dialog[open] [data-preset]")
    assert page.query_selector("#injected") is None
    assert page.query_selector_all("#settings-dialog input[data-rule]")  # the fields stand
    assert (
        page.eval_on_selector(
            '#settings-dialog [data-rule="target"]', "el => el.getAttribute('value')"
        )
        == hostile
    )
    page.click('#settings-dialog [data-action="cancel"]')
