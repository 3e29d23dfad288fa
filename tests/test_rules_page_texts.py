"""The rules page's texts (web/rules/texts/<lang>.json) against the engine.

Every number or card the text states as a rule's outcome is marked in it,
``<span data-claim="KIND key=value ...">ANSWER</span>``, and is checked here against
the engine in every language: the trumps' order, the left bower, which card wins a
trick, which cards may be played, and the points of a hand under a rule set. A claim
stated for one rule set must stand in a block the page shows for that rule set. The
scoring table (web/rules/sections.json) is checked cell by cell, every example's
attributes are asked of the engine's embed operations, and each language must have
every section and use the glossary's words (docs/i18n.md, "Terminology").
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import api
from hasenpfeffer.cards import Card, parse_cards, trump_order
from hasenpfeffer.rules import (
    PRESETS,
    Rules,
    hand_points,
    legal_plays,
    stake_multiplier,
    trick_winner,
)

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "web" / "rules"
LAYOUT: dict[str, Any] = json.loads((PAGE / "sections.json").read_text(encoding="utf-8"))
LANGUAGES = ("en", "it", "fy", "ar", "hi")
CARD = re.compile(r"\[(JK|[9TJQKA][CDHS])\]")
#: A signed whole number as the texts write it (a true minus sign, U+2212).
MINUS = "\u2212"
NUMBER = re.compile(rf"^([+{MINUS}]?)(\d+)$")


def text_of(code: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((PAGE / "texts" / f"{code}.json").read_text("utf-8"))
    return data


def html_fields(data: dict[str, Any]) -> list[str]:
    """Every piece of markup of a language's text."""
    return [data["intro_html"], *(s["html"] for s in data["sections"].values())]


def shape(value: object) -> object:
    """The keys of a text, nested, without the words."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    return type(value).__name__


class Claims(HTMLParser):
    """The claims of some markup, each with the rule sets of the blocks around it."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, set[str] | None, str | None]] = []
        self.found: list[tuple[str, str, set[str] | None]] = []
        self.buffer: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        rules = set((a.get("data-rules") or "").split()) or None
        self.stack.append((tag, rules, a.get("data-claim")))
        if a.get("data-claim") is not None:
            assert self.buffer is None, "a claim inside a claim"
            self.buffer = []

    def handle_endtag(self, tag: str) -> None:
        open_tag, _rules, claim = self.stack.pop()
        assert open_tag == tag, f"</{tag}> closes <{open_tag}>"
        if claim is not None:
            assert self.buffer is not None
            shown = "".join(self.buffer).strip()
            self.buffer = None
            self.found.append((claim, shown, self.shown_for()))

    def handle_data(self, data: str) -> None:
        if self.buffer is not None:
            self.buffer.append(data)

    def shown_for(self) -> set[str] | None:
        """The rule sets under which the current position is shown (None: all)."""
        shown: set[str] | None = None
        for _tag, rules, _claim in self.stack:
            if rules is not None:
                shown = rules if shown is None else shown & rules
        return shown


def claims_of(code: str) -> list[tuple[str, str, set[str] | None]]:
    parser = Claims()
    for html in html_fields(text_of(code)):
        parser.feed(html)
    parser.close()
    assert parser.stack == [], f"{code}: unclosed {parser.stack}"
    return parser.found


def fields(claim: str) -> tuple[str, dict[str, str]]:
    kind, *pairs = claim.split()
    return kind, dict(pair.split("=", 1) for pair in pairs)


def cards(text: str) -> list[Card]:
    return parse_cards(CARD.findall(text))


def number(shown: str) -> int:
    match = NUMBER.match(shown.replace("-", MINUS))
    assert match, f"not a number as the texts write it: {shown!r}"
    sign, digits = match.groups()
    return -int(digits) if sign == MINUS else int(digits)


def points(rules: Rules, f: dict[str, str]) -> tuple[int, int]:
    """(makers, defenders) of a hand, refusing what the rule set cannot play."""
    alone, defender, big = (f.get(k) == "1" for k in ("alone", "defender", "big"))
    assert not alone or rules.going_alone, "going alone is not in this rule set"
    assert not defender or (alone and rules.lone_defender), "no lone defender here"
    assert not big or rules.bidding == "pepper", "big pepper is not in this rule set"
    return hand_points(
        rules, int(f["bid"]), int(f["tricks"]), stake_multiplier(big, alone, defender)
    )


def engine_answer(claim: str) -> list[Card] | int:
    kind, f = fields(claim)
    if kind == "order":
        return trump_order(f["trump"])
    if kind == "left":
        return [trump_order(f["trump"])[2]]
    trick = parse_cards(f.get("trick", "").replace(",", " "))
    if kind == "winner":
        return [trick[trick_winner(trick, f["trump"])]]
    if kind == "legal":
        hand = parse_cards(f["hand"].replace(",", " "))
        return legal_plays(hand, trick, f["trump"])
    if kind in ("points", "defenders"):
        makers, defenders = points(Rules.preset(f["rules"]), f)
        return makers if kind == "points" else defenders
    raise AssertionError(f"unknown claim {kind!r}")


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_every_section_example_and_word(code: str) -> None:
    data = text_of(code)
    assert data["lang"] == code
    assert shape(data) == shape(text_of("en"))
    for section in LAYOUT["sections"]:
        words = data["sections"][section["id"]]
        assert words["title"].strip() and words["html"].strip()
        assert sorted(words["examples"]) == sorted(e["id"] for e in section["examples"])
        assert all(v.strip() for v in words["examples"].values())
    assert sorted(data["presets"]) == sorted(LAYOUT["presets"]) == sorted(PRESETS)
    if code != "en":
        # written in the language: no section left as the English one
        english = text_of("en")["sections"]
        assert all(data["sections"][s]["html"] != english[s]["html"] for s in english)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_claim_of_the_text_is_the_engines_answer(code: str) -> None:
    found = claims_of(code)
    assert found, "no claims"
    for claim, shown, shown_for in found:
        _kind, f = fields(claim)
        # a claim about points holds under every rule set the page shows it for
        shown_under = sorted(shown_for or PRESETS) if "rules" in f else [None]
        assert "rules" not in f or f["rules"] in shown_under, f"{code}: {claim} under {shown_for}"
        for name in shown_under:
            asked = claim if name is None else re.sub(r"rules=\S+", f"rules={name}", claim)
            expected = engine_answer(asked)
            if isinstance(expected, int):
                assert number(shown) == expected, (
                    f"{code}: {asked}: says {shown}, engine {expected}"
                )
            else:
                assert cards(shown) == expected, f"{code}: {asked}: says {shown}, engine {expected}"


def test_every_language_makes_the_same_claims() -> None:
    english = Counter(claim for claim, _shown, _for in claims_of("en"))
    for code in LANGUAGES:
        assert Counter(claim for claim, _s, _f in claims_of(code)) == english, code


def test_a_wrong_claim_is_caught() -> None:
    # the check itself: a changed answer no longer matches the engine
    assert engine_answer("winner trump=C trick=AH,KH,JS,9C") == parse_cards("JS")
    assert engine_answer("points rules=seed bid=4 tricks=3") == -3
    assert engine_answer("points rules=traditional bid=4 tricks=3") == -4
    assert engine_answer("left trump=H") == parse_cards("JD")
    with pytest.raises(AssertionError, match="going alone"):
        engine_answer("points rules=traditional bid=3 tricks=4 alone=1")


@pytest.mark.parametrize("row", LAYOUT["scoring"], ids=lambda r: f"{r['call']}-{r['tricks']}")
def test_the_scoring_table_is_the_engines(row: dict[str, Any]) -> None:
    for name in LAYOUT["presets"]:
        rules = Rules.preset(name)
        pepper_call = row["call"] in ("little", "big")
        playable = (
            (not pepper_call or rules.bidding == "pepper")
            and (not row.get("alone") or rules.going_alone)
            and (not row.get("defender") or rules.lone_defender)
        )
        f = {"bid": str(row["bid"]), "tricks": str(row["tricks"])}
        f |= {k: "1" for k in ("alone", "defender") if row.get(k)}
        if row["call"] == "big":
            f["big"] = "1"
        if not playable:
            assert row["points"][name] is None, f"{name} cannot play {row}"
            continue
        assert row["points"][name] == list(points(rules, f)), name


def example_request(example: dict[str, Any]) -> dict[str, Any]:
    source = example
    if "ref" in example:
        section, ident = example["ref"].split("/")
        found = next(s for s in LAYOUT["sections"] if s["id"] == section)
        source = next(e for e in found["examples"] if e["id"] == ident)
    op = {"hand": "replay"}.get(example["mode"], example["mode"])
    request: dict[str, Any] = {"op": op}
    names = ("trump", "lead", "played", "hand", "hpn", "seed", "rules", "call", "tricks", "alone")
    for name in (*names, "defender"):
        value = example.get(name, source.get(name))
        if value is not None:
            request[name] = value
    if "number" in example:
        request["number"] = int(example["number"])
    if "seed" in request:
        request["seed"] = int(request["seed"])
    return request


EXAMPLES = [(s["id"], e) for s in LAYOUT["sections"] for e in s["examples"]]


@pytest.mark.parametrize(
    ("section", "example"), EXAMPLES, ids=lambda v: v if isinstance(v, str) else v["id"]
)
def test_every_example_is_answered_by_the_engine(section: str, example: dict[str, Any]) -> None:
    api.reset()
    answer = api.handle(example_request(example))
    assert answer["ok"], (section, answer)
    assert set(example.get("only", LAYOUT["presets"])) <= set(LAYOUT["presets"])


def test_the_printed_diagrams_are_the_engines() -> None:
    # the handout prints a ranking's order and a seeded position from sections.json:
    # the engine's, suit by suit strongest first, and the position the embed shows
    diagrams = [(s, e) for s, e in EXAMPLES if "diagram" in e]
    assert {e["mode"] for _s, e in diagrams} == {"ranking", "legal"}
    for _section, example in diagrams:
        answer = api.handle(example_request(example))
        if example["mode"] == "ranking":
            groups: dict[str, list[str]] = {}
            for entry in answer["cards"]:
                groups.setdefault(entry["suit"], []).append(entry["card"])
            assert example["diagram"] == [" ".join(g) for g in groups.values()]
            assert next(iter(groups)) == example["trump"]
        else:
            shown = {k: answer[k] for k in ("trump", "lead")} | {"hand": " ".join(answer["hand"])}
            assert example["diagram"] == shown


def test_the_which_cards_exercise_is_the_one_its_caption_describes() -> None:
    # "diamonds are trump and [JH], the left bower, is led, so diamonds were led"
    (example,) = [e for _s, e in EXAMPLES if e["mode"] == "legal"]
    answer = api.handle(example_request(example))
    assert (answer["trump"], answer["lead"], answer["led_suit"]) == ("D", "JH", "D")
    assert trump_order("D")[2] == Card.parse("JH")
    # not every card may be played, nor only one: the exercise has something to find
    assert 1 <= len(answer["legal"]) < len(answer["hand"])
    for code in LANGUAGES:
        assert "[JH]" in text_of(code)["sections"]["play"]["examples"]["which"]


def test_the_scoring_example_is_the_engines_hand_points() -> None:
    (example,) = [e for _s, e in EXAMPLES if e["mode"] == "scoring"]
    for name in LAYOUT["presets"]:
        answer = api.handle(example_request(example) | {"rules": name})
        assert answer["rules"] == name
        for column in answer["columns"]:
            f = {"bid": example["call"], "tricks": example["tricks"]}
            expected = points(Rules.preset(column["rules"]), f)
            assert (column["makers"], column["defenders"]) == expected


def test_the_replayed_hands_are_the_ones_the_captions_describe() -> None:
    replays = {
        (s, e["id"]): api.handle(example_request(e))["frames"][-1]
        for s, e in EXAMPLES
        if e["mode"] == "hand"
    }
    # bidding: the Joker in the widow throws the hand in; forced: East (3) makes it
    assert replays[("bidding", "thrown")]["thrown_in"] is True
    assert replays[("bidding", "forced")]["maker"] == 3
    # alone: East alone, three cards a trick; the last hand: North alone, East alone, +20
    assert replays[("alone", "alone")]["alone"] is True
    last = replays[("winning", "last")]
    assert (last["maker"], last["alone"], last["lone_defender"]) == (2, True, 3)
    assert last["points"][0] == 20 and last["scores"][0] >= 10
    # the failed lone bid of West (1)
    failed = replays[("scoring", "failed")]
    assert (failed["maker"], failed["alone"], failed["made"]) == (1, True, False)


#: The glossary's words (docs/i18n.md, "Terminology") that the rules must use.
GLOSSARY_CONCEPTS = (
    "trump (suit)",
    "trick",
    "widow",
    "right bower",
    "left bower",
    "Joker",
    "maker",
    "partner",
    "stake",
)
COLUMNS = {"en": 1, "it": 2, "fy": 3, "ar": 4, "hi": 5}


def glossary() -> dict[str, dict[str, str]]:
    doc = (ROOT / "docs" / "i18n.md").read_text(encoding="utf-8")
    table = doc.split("## Terminology", 1)[1]
    terms: dict[str, dict[str, str]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[0] in GLOSSARY_CONCEPTS:
            terms[cells[0]] = {
                code: re.split(r"[,،(/]", cells[i])[0].strip() for code, i in COLUMNS.items()
            }
    assert sorted(terms) == sorted(GLOSSARY_CONCEPTS)
    return terms


def plain(code: str) -> str:
    data = text_of(code)
    words = [
        *html_fields(data),
        *(e for s in data["sections"].values() for e in s["examples"].values()),
    ]
    return unicodedata.normalize("NFC", re.sub(r"<[^>]+>", " ", " ".join(words))).casefold()


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_text_uses_the_glossarys_words(code: str) -> None:
    text = plain(code)
    missing = [
        (concept, terms[code])
        for concept, terms in glossary().items()
        if unicodedata.normalize("NFC", terms[code]).casefold() not in text
    ]
    assert missing == []


#: Words a machine translation put in other rule pages, and the catalogues' known slips.
SLIPS = {
    "it": [r"pergolat", r"\bPepper\b", r"atout"],
    "fy": [r"\bferdige\b", r"\bferdiget\b"],
    "hi": [r"बोलीदार", r"रंग-रूप"],
    "ar": [r"مباراة", r"الحاسوب"],
    "en": [],
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_known_slips_are_not_in_the_text(code: str) -> None:
    data = json.dumps(text_of(code), ensure_ascii=False)
    assert [p for p in SLIPS[code] if re.search(p, data)] == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_word_the_glossary_bans_is_in_the_text(code: str) -> None:
    # the catalogues' machine-checked glossary (docs/i18n-glossary.json) holds for
    # the rules page's own text too
    never = json.loads((ROOT / "docs" / "i18n-glossary.json").read_text(encoding="utf-8"))
    data = text_of(code)
    words = [
        *html_fields(data),
        *(e for s in data["sections"].values() for e in s["examples"].values()),
    ]
    text = unicodedata.normalize("NFC", re.sub(r"<[^>]+>", " ", " ".join(words)))
    found = [
        (rule["pattern"], rule["use"])
        for rule in never["never"].get(code, [])
        if re.search(rule["pattern"], text)
    ]
    assert found == [], f"{code}: banned words (pattern, use instead): {found}"
