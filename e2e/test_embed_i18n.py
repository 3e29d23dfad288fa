"""The embeds in five languages, on one cross-origin host page (test_embed.py's).

For each language a section with the three lesson modes (ranking, trick, hand),
and one game embed: every frame has the right ``lang`` and ``dir``, shows no
catalogue key, no ``{placeholder}`` and (in the other languages) no sentence of
the English frame, in its text, ``aria-label``s, ``title``s and the iframe's
name; Arabic mirrors the flow but not the cards; changing ``lang`` (on the
element, or on the page above it) updates the frame in place; a bad attribute
is explained in the frame's language. One screenshot per language goes to
``test-artifacts/i18n/embed-<lang>.png`` (git-ignored). axe runs on each mode
once (English): no serious or critical violation.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Frame, Page

from axe import assert_accessible
from hasenpfeffer_site import catalogues
from test_embed import (  # noqa: F401  (fixtures shared with test_embed.py)
    HPN,
    LOAD_MS,
    game,
    host,
    host_dir,
    host_page_of,
    wait_all,
)

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "i18n"
LANGS = {"en": "ltr", "it": "ltr", "fy": "ltr", "ar": "rtl", "hi": "ltr"}
MODES = ("ranking", "trick", "hand", "legal", "scoring")


def catalogue(code: str) -> dict[str, Any]:
    return catalogues.messages(code)


KEYS = set(catalogue("en"))

# every text a reader can meet in a frame: visible text, names, titles
TEXTS = """() => {
  const out = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll("[aria-label], [title], [label], [alt]")) {
    for (const a of ["aria-label", "title", "label", "alt"]) {
      const v = el.getAttribute(a);
      if (v) out.push(v);
    }
  }
  return out.join("\\n");
}"""

MISSING = """async () => {
  const src = document.querySelector('script[type=module]').src;
  // the module instance the frame's modules use (their imports carry no ?v=)
  const i18n = await import(new URL("../shared/i18n.js", src).href);
  return [i18n.language(), i18n.missingKeys()];
}"""


# the x of a text's first two characters in an element (where they are drawn)
LEFT_OF = """([needle, selector]) => {
  const el = document.querySelector(selector);
  const node = [...el.childNodes].find((n) => n.nodeType === 3 && n.data.includes(needle));
  const at = node.data.indexOf(needle) + 1;
  const x = (i) => {
    const r = document.createRange();
    r.setStart(node, i);
    r.setEnd(node, i + 1);
    return r.getBoundingClientRect().x;
  };
  return [x(at), x(at + 1)];
}"""


def section(code: str, inherit: bool) -> str:
    # the trick embed always has its own lang; the others inherit the
    # section's when `inherit` (the host page's language decides)
    own = "" if inherit else f' lang="{code}"'
    return f"""
<section id="sec-{code}"{' lang="' + code + '"' if inherit else ""}>
<hasenpfeffer-embed id="ranking-{code}" mode="ranking" trump="H"{own}></hasenpfeffer-embed>
<hasenpfeffer-embed id="trick-{code}" mode="trick" trump="S" lead="QH" played="KH"
  hand="AH 9H JS JC" lang="{code}"></hasenpfeffer-embed>
<hasenpfeffer-embed id="hand-{code}" mode="hand" hpn="{HPN}"{own}></hasenpfeffer-embed>
<hasenpfeffer-embed id="legal-{code}" mode="legal" seed="10"{own}></hasenpfeffer-embed>
<hasenpfeffer-embed id="scoring-{code}" mode="scoring" call="4"
  tricks="3"{own}></hasenpfeffer-embed>
</section>"""


def frame_by_id(page: Page, element_id: str) -> Frame:
    handle = page.locator(f"#{element_id}").evaluate_handle(
        "e => e.shadowRoot.querySelector('iframe')"
    )
    frame = handle.as_element().content_frame()  # type: ignore[union-attr]
    assert frame is not None
    return frame


def frame_title(page: Page, element_id: str) -> str:
    title: str = page.evaluate(
        "id => document.getElementById(id).shadowRoot.querySelector('iframe').title", element_id
    )
    return title


def texts_of(frame: Frame) -> list[str]:
    """The frame's texts through the mode's states: every step of the replay,
    an illegal and a legal card of the trick."""
    out = [frame.evaluate(TEXTS)]
    if frame.query_selector(".mode-trick"):
        for card in ("JS", "JC", "AH", "9H"):  # illegal, illegal (left bower), winning, losing
            frame.click(f'button[data-card="{card}"]')
            out.append(frame.evaluate(TEXTS))
    elif frame.query_selector(".mode-legal"):
        # a wrong answer (every reason shown), then the next position
        frame.click('button[data-card="KH"]')
        frame.click("button.check")
        frame.wait_for_selector(".reasons li")
        out.append(frame.evaluate(TEXTS))
        frame.click("button.another")
        frame.wait_for_selector('.mode-legal[data-seed="11"]')
        frame.click("button.check")
        frame.wait_for_selector(".reasons li")
        out.append(frame.evaluate(TEXTS))
    elif frame.query_selector(".mode-scoring"):
        # a pepper call (rule sets without it say why), then alone and defended alone
        frame.select_option("#scoring-call", "big")
        frame.wait_for_selector('.scoring-result[data-call="big"]')
        out.append(frame.evaluate(TEXTS))
        frame.select_option("#scoring-call", "3")
        frame.check("#scoring-alone")
        frame.check("#scoring-defender")
        frame.wait_for_selector('.scoring-result[data-call="3"][data-defender="true"]')
        out.append(frame.evaluate(TEXTS))
    elif frame.query_selector(".mode-hand"):
        while frame.is_enabled("button.next"):
            frame.click("button.next")
            out.append(frame.evaluate(TEXTS))
    return out


def english_sentences(texts: list[str]) -> set[str]:
    """Lines of the English frame that are words (not card labels or numbers)."""
    lines = {line.strip() for text in texts for line in text.split("\n")}
    return {line for line in lines if len(re.findall(r"[A-Za-z]{3,}", line)) >= 2}


def test_every_mode_in_every_language(host_page_of: Any) -> None:  # noqa: F811
    body = "".join(section(code, inherit=code != "en") for code in LANGS)
    body += '\n<hasenpfeffer-embed id="game-en" mode="game" lang="en" seed="3" height="560">'
    body += "</hasenpfeffer-embed>"
    body += """
<hasenpfeffer-embed id="bad-it" mode="trick" lang="it" trump="S" lead="QH" hand="AH XX">
</hasenpfeffer-embed>"""
    page = host_page_of("i18n.html", body)
    page.set_viewport_size({"width": 900, "height": 900})
    wait_all(page, "hasenpfeffer-embed:not(#bad-it)", "ready", len(MODES) * len(LANGS) + 1)
    page.wait_for_selector("#bad-it[data-state=error]", timeout=LOAD_MS)

    english: dict[str, set[str]] = {}
    for code, direction in LANGS.items():
        cat = catalogue(code)
        for mode in MODES:
            frame = frame_by_id(page, f"{mode}-{code}")
            assert frame.evaluate(
                "[document.documentElement.lang, document.documentElement.dir]"
            ) == [
                code,
                direction,
            ], (code, mode)
            # the iframe's accessible name on the host page, in the frame's language
            assert frame_title(page, f"{mode}-{code}") == cat[f"embed.title.{mode}"]
            texts = texts_of(frame)
            joined = "\n".join(texts)
            assert not re.search(r"\{\w+\}", joined), (code, mode)
            shown_keys = {
                w for w in re.findall(r"[a-z_]+(?:\.[A-Za-z0-9_]+)+", joined) if w in KEYS
            }
            assert not shown_keys, (code, mode, shown_keys)
            # (the language too: proof that this is the frame's own i18n module)
            assert frame.evaluate(MISSING) == [code, []], (code, mode)
            if code == "en":
                english[mode] = english_sentences(texts)
            else:
                leftover = [s for s in english[mode] if s in joined]
                assert not leftover, (code, mode, leftover)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator(f"#sec-{code}").screenshot(path=str(ARTIFACTS / f"embed-{code}.png"))

    # axe on each mode (English; a frame works as well as a page)
    for mode in MODES:
        assert_accessible(frame_by_id(page, f"{mode}-en"), f"{mode} embed")  # type: ignore[arg-type]
    game_frame = frame_by_id(page, "game-en")
    assert_accessible(game_frame, "game embed")  # type: ignore[arg-type]

    # Arabic: the flow mirrors (the strongest card is on the right), the cards do not;
    # card notation inside a sentence is kept left to right
    def first_two_x(frame: Frame) -> list[float]:
        xs: list[float] = frame.eval_on_selector_all(
            ".rank-list li", "els => els.slice(0, 2).map(e => e.getBoundingClientRect().x)"
        )
        return xs

    ar, en = frame_by_id(page, "ranking-ar"), frame_by_id(page, "ranking-en")
    ar_x, en_x = first_two_x(ar), first_two_x(en)
    assert ar_x[0] > ar_x[1] and en_x[0] < en_x[1]
    assert ar.evaluate("getComputedStyle(document.querySelector('hp-card')).direction") == "ltr"
    assert ar.evaluate("getComputedStyle(document.querySelector('hp-card')).transform") == "none"
    assert "\u2066J\u2665\u2069" in ar.inner_text(".explain")  # the right bower J♥, isolated
    # ... and shown so: the J left of its ♥ on screen
    j_x, heart_x = ar.evaluate(LEFT_OF, ["\u2066J\u2665", ".explain"])
    assert j_x < heart_x
    assert "\u2066" not in en.inner_text(".explain")

    # a bad attribute is explained in the frame's language
    bad = frame_by_id(page, "bad-it").inner_text("[role=alert]")
    assert "hand: «XX» non è una carta" in bad and "is not a card" not in bad

    # the game embed gets the language in its address and on its page
    assert "lang=en" in game_frame.url
    assert game_frame.evaluate("document.documentElement.lang") == "en"
    assert frame_title(page, "game-en") == "Hasenpfeffer: play a game"

    # changing the attribute updates the frame in place (no reload)
    ranking = frame_by_id(page, "ranking-en")
    ranking.evaluate("window.__same = true")
    page.evaluate("document.getElementById('ranking-en').setAttribute('lang', 'hi')")
    # (polled by time: an iframe scrolled out of view gets no animation frames)
    ranking.wait_for_function("() => document.documentElement.lang === 'hi'", polling=100)
    ranking.wait_for_function(
        "h => document.querySelector('.embed-title')?.textContent === h",
        arg=catalogue("hi")["embed.ranking.heading"].replace("{suit}", catalogue("hi")["suit.H"]),
        polling=100,
    )
    assert ranking.evaluate("window.__same") is True
    page.wait_for_function(
        "t => document.getElementById('ranking-en').shadowRoot.querySelector('iframe').title === t",
        arg=catalogue("hi")["embed.title.ranking"],
    )
    # ... and so does the language of the page above an embed without its own
    page.evaluate("document.getElementById('sec-fy').setAttribute('lang', 'ar')")
    frame_by_id(page, "hand-fy").wait_for_function(
        "() => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl'",
        polling=100,
    )
    # the trick embed has its own lang="fy": the page's change does not touch it
    assert frame_by_id(page, "trick-fy").evaluate("document.documentElement.lang") == "fy"
