"""The rules page's texts (web/rules/texts/<lang>.json) against the engine.

Every number or card the text states as a rule's outcome is marked in it,
``<span data-claim="KIND key=value ...">ANSWER</span>``, and is checked here against
the engine in every language: the trumps' order, the left bower, which card wins a
trick, which cards may be played, the points of a hand under a rule set, and the bids
of an example's hand. A claim stated for one rule set must stand in a block the page
shows for that rule set. Every paragraph names the rules it states
(``<p data-facts="...">``), and each is checked against the engine under every rule
set the paragraph is shown for (tests/rules_facts.py). A number the rule set supplies
is never typed: it is a placeholder (``{target}``) that the page fills from the
engine's words for the rule set, and so is every cell of the rule-set table. The
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
from hasenpfeffer.api.vocabulary import rule_set_words
from hasenpfeffer.cards import Card, parse_cards, trump_order
from hasenpfeffer.rules import (
    PRESETS,
    Rules,
    hand_points,
    legal_plays,
    stake_multiplier,
    trick_winner,
)
from rules_facts import ADVICE, CELL_FACTS, FACTS, holds

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
    """The claims of some markup, each with the rule sets of the blocks around it; the
    paragraphs' facts (``data-facts``) likewise; an example's operands (``data-arg``),
    each with the claim that follows it; the text outside every mark."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, set[str] | None, str | None]] = []
        self.found: list[tuple[str, str, set[str] | None]] = []
        self.facts: list[tuple[str, tuple[str, ...], set[str] | None]] = []
        self.args: list[tuple[str, str, str | None]] = []  # (name, shown, the next claim)
        self.bare: list[str] = []  # text outside claims and operands
        self.buffer: list[str] | None = None
        self.arg: str | None = None
        self.untagged: list[str] = []  # text straight in a block, in no paragraph
        self.section = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        rules = set((a.get("data-rules") or "").split()) or None
        self.stack.append((tag, rules, a.get("data-claim")))
        if tag == "p":
            facts = tuple((a.get("data-facts") or "").split())
            self.facts.append((self.section, facts, self.shown_for()))
        if a.get("data-arg") is not None:
            self.arg = a["data-arg"]
            self.buffer = []
        if a.get("data-claim") is not None:
            assert self.buffer is None, "a claim inside a claim or an operand"
            self.buffer = []

    def handle_endtag(self, tag: str) -> None:
        open_tag, _rules, claim = self.stack.pop()
        assert open_tag == tag, f"</{tag}> closes <{open_tag}>"
        if claim is not None:
            assert self.buffer is not None
            shown = "".join(self.buffer).strip()
            self.buffer = None
            self.found.append((claim, shown, self.shown_for()))
            for i, (name, value, following) in enumerate(self.args):
                if following is None:
                    self.args[i] = (name, value, claim)
        elif self.arg is not None and self.buffer is not None:
            self.args.append((self.arg, "".join(self.buffer).strip(), None))
            self.arg = None
            self.buffer = None

    def handle_data(self, data: str) -> None:
        if self.buffer is not None:
            self.buffer.append(data)
        else:
            self.bare.append(data)
            if data.strip() and not {"p", "figcaption"} & {t for t, _r, _c in self.stack}:
                self.untagged.append(data.strip())

    def shown_for(self) -> set[str] | None:
        """The rule sets under which the current position is shown (None: all)."""
        shown: set[str] | None = None
        for _tag, rules, _claim in self.stack:
            if rules is not None:
                shown = rules if shown is None else shown & rules
        return shown


def parsed(code: str) -> Claims:
    """The marks of a language's whole text: its markup, then its captions."""
    data = text_of(code)
    parser = Claims()
    parser.section = "intro"
    parser.feed(data["intro_html"])
    for section, words in data["sections"].items():
        parser.section = section
        parser.feed(words["html"])
        for caption in words["examples"].values():
            parser.feed(f"<figcaption>{caption}</figcaption>")
    parser.close()
    assert parser.stack == [], f"{code}: unclosed {parser.stack}"
    return parser


def claims_of(code: str) -> list[tuple[str, str, set[str] | None]]:
    return parsed(code).found


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
    if kind == "call":
        return example_call(f["example"], int(f["at"]))
    raise AssertionError(f"unknown claim {kind!r}")


def example_call(ref: str, at: int) -> int:
    """The number of the ``at``-th bid (1: the first) in an example's replayed hand."""
    section, ident = ref.split("/")
    example = next(e for s, e in EXAMPLES if (s, e["id"]) == (section, ident))
    auction = api.handle(example_request(example))["frames"][-1]["auction"]
    bids = [a["call"].removeprefix("bid ") for a in auction if a["call"] != "pass"]
    assert bids[at - 1].isdigit(), f"{ref}: bid {at} is {bids[at - 1]}"
    return int(bids[at - 1])


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
    # the rules page's own text too: its prose, captions, labels, title and names
    never = json.loads((ROOT / "docs" / "i18n-glossary.json").read_text(encoding="utf-8"))
    words = every_text(text_of(code))
    text = unicodedata.normalize("NFC", re.sub(r"<[^>]+>", " ", " ".join(words)))
    # "seed" is the default rule set's name in the code only: players read its name
    assert not re.search(r"\b[Ss]eed\b", text) or code != "en", "en: 'seed' in the text"
    found = [
        (rule["pattern"], rule["use"])
        for rule in never["never"].get(code, [])
        if re.search(rule["pattern"], text)
    ]
    assert found == [], f"{code}: banned words (pattern, use instead): {found}"


# --- the rules stated in prose ---------------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_paragraph_names_the_rules_it_states(code: str) -> None:
    found = parsed(code)
    unknown = [(s, f) for s, facts, _ in found.facts for f in facts if f not in {*FACTS, ADVICE}]
    assert unknown == [], f"{code}: facts with no check in tests/rules_facts.py"
    unnamed = [s for s, facts, _ in found.facts if not facts]
    assert unnamed == [], f"{code}: a paragraph names no rule"
    # no rule stated outside a paragraph (but the rule-set table, which the page builds)
    assert [t for t in found.untagged if t != "{rulesets_table}"] == []


def test_every_language_states_the_same_rules_in_the_same_sections() -> None:
    def statements(code: str) -> Counter[tuple[str, tuple[str, ...], str]]:
        return Counter(
            (section, facts, " ".join(sorted(shown or PRESETS)))
            for section, facts, shown in parsed(code).facts
        )

    english = statements("en")
    for code in LANGUAGES:
        assert statements(code) == english, code


STATEMENTS = sorted(
    {
        (facts_name, preset)
        for code in LANGUAGES
        for _section, facts, shown in parsed(code).facts
        for facts_name in facts
        if facts_name != ADVICE
        for preset in sorted(shown or PRESETS)
    }
)


@pytest.mark.parametrize(("fact", "preset"), STATEMENTS, ids=lambda v: v)
def test_every_rule_the_text_states_holds_in_the_engine(fact: str, preset: str) -> None:
    # the paragraph that states it is shown under this rule set
    assert holds(fact, preset) is None, f"{fact} under {preset}: {holds(fact, preset)}"


def test_a_rule_stated_for_the_wrong_rule_set_is_caught() -> None:
    # the check itself: what the old page said, or a block shown too widely, fails
    assert holds("failed_costs_tricks", "traditional") is not None
    assert holds("failed_costs_tricks", "pepper") is not None
    assert holds("defenders_score_nothing", "traditional") is not None
    assert holds("alone_lead", "traditional") is not None  # no going alone to lead from
    assert holds("first_lead_left_of_dealer", "pepper") is not None
    assert holds("first_lead_maker", "seed") is not None
    assert holds("makers_win_tie", "seed") is not None  # defenders never score there
    assert holds("bids_standard", "pepper") is not None


# --- numbers: the rule set's, never typed ---------------------------------------------------

#: Digits in any script the texts use: ASCII, Arabic-Indic, Eastern Arabic-Indic, Devanagari.
DIGIT = re.compile(r"[0-9\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]")
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
RANK = re.compile(r"\[[9T]\]")
#: Number words for the numbers the rule set supplies (3, 5, 6, 8, 9, 10, 24, 25) and the
#: ranks nine and ten (written [9], [T]): a text writes a placeholder or a rank instead.
#: Italian's "sei" is left out: it is also "you are".
NUMBER_WORDS = {
    "en": r"three|five|six|eight|nine|ten|twenty[- ]four|twenty[- ]five|third",
    "it": r"tre|cinque|otto|nove|dieci|ventiquattro|venticinque",
    "fy": r"trije|fiif|seis|acht|njoggen|tsien|fjouwerentweintich|fiifentweintich",
    "ar": r"(?:[وبلف]?(?:ال)?)(?:ثلاث|ثلاثة|خمس|خمسة|ست|ستة|ثمان|ثماني|ثمانية|تسع|تسعة|عشر|عشرة|"
    r"أربعة وعشرين|أربع وعشرون|خمسة وعشرين|خمس وعشرون|خمس وعشرين)",
    "hi": r"तीन|पाँच|पांच|छह|छः|छे|आठ|नौ|दस|चौबीस|पच्चीस",
}
ARABIC_MARKS = re.compile(r"[\u064b-\u0652\u0670]")


def every_text(data: dict[str, Any]) -> list[str]:
    """Every string of a language's text but its code."""
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, str):
            out.append(value)

    walk({k: v for k, v in data.items() if k != "lang"})
    return out


def untyped(code: str) -> str:
    """A language's words outside every mark that may hold a number: claims and
    operands (checked against the engine), cards, ranks, placeholders and markup."""
    bare = " ".join(parsed(code).bare)
    labels = [t for t in every_text(text_of(code)) if "<" not in t]
    words = " ".join([bare, *labels])
    for mark in (CARD, RANK, PLACEHOLDER):
        words = mark.sub(" ", words)
    return words


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_text_types_a_number_the_rule_set_supplies(code: str) -> None:
    words = untyped(code)
    assert DIGIT.findall(words) == [], f"{code}: digits typed: {DIGIT.findall(words)}"
    plain_words = ARABIC_MARKS.sub("", unicodedata.normalize("NFC", words))
    letter = r"[\w\u0900-\u097f]"
    pattern = re.compile(rf"(?<!{letter})(?:{NUMBER_WORDS[code]})(?!{letter})", re.I)
    found = pattern.findall(plain_words)
    assert found == [], f"{code}: number words: {found}"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_number_check_catches_a_typed_target(code: str) -> None:
    # the check itself: "10" typed where {target} stands, in a paragraph or a label
    data = text_of(code)
    html = data["sections"]["winning"]["html"]
    assert "{target}" in html
    words = html.replace("{target}", "10", 1)
    assert DIGIT.search(re.sub(r"<[^>]+>", " ", words))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_placeholder_is_a_number_of_the_rule_set(code: str) -> None:
    names = set(rule_set_words(Rules())["numbers"])
    data = text_of(code)
    found = {m for t in every_text(data) for m in PLACEHOLDER.findall(t)}
    # the scoring table's own, and a recorded hand's rule set (ui.played_under)
    allowed = names | {"rulesets_table", "call", "tricks", "preset"}
    assert found - allowed == set(), code
    assert data["sections"]["rulesets"]["html"].count("{rulesets_table}") == 1
    english = {m for t in every_text(text_of("en")) for m in PLACEHOLDER.findall(t)}
    assert found == english, f"{code}: other placeholders than English's"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_operand_is_the_next_claims(code: str) -> None:
    args = parsed(code).args
    assert args, "no operands"
    for name, shown, claim in args:
        assert claim is not None, f"{code}: {name}={shown} with no claim after it"
        _kind, f = fields(claim)
        assert f.get(name) == shown, f"{code}: {name}={shown} before {claim}"


# --- the rule-set table --------------------------------------------------------------------


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rule_set_table_has_words_for_every_cell(code: str) -> None:
    table = text_of(code)["ui"]["table"]
    english = text_of("en")["ui"]["table"]
    assert shape(table) == shape(english)
    for preset in PRESETS:
        cells = rule_set_words(Rules.preset(preset))["table"]
        assert list(cells) == list(table["rows"]), "the rows, in the engine's order"
        for row, key in cells.items():
            assert table["values"][row][key].strip(), (code, row, key)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_cell_of_the_rule_set_table_holds_in_the_engine(preset: str) -> None:
    for row, key in rule_set_words(Rules.preset(preset))["table"].items():
        facts = CELL_FACTS[(row, key)]
        assert [(f, holds(f, preset)) for f in facts if holds(f, preset) is not None] == []


def test_a_rule_sets_name_is_one_name_everywhere() -> None:
    for code in LANGUAGES:
        catalogue = json.loads(
            (ROOT / "web" / "shared" / "locales" / f"{code}.json").read_text(encoding="utf-8")
        )
        for preset, words in text_of(code)["presets"].items():
            name = words["name"]
            assert catalogue[f"settings.preset.{preset}"] == name, (code, preset)
            assert catalogue[f"embed.scoring.preset.{preset}"] == name, (code, preset)


def catalogue_of(code: str) -> dict[str, str]:
    data: dict[str, str] = json.loads(
        (ROOT / "web" / "shared" / "locales" / f"{code}.json").read_text(encoding="utf-8")
    )
    return data


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_games_rules_dialog_types_no_number_the_rule_set_supplies(code: str) -> None:
    # the game's own rules (the rules dialog, rules.* in the catalogues) fill the same
    # numbers from the engine's rule_set words (web/table/dialog-markup.js, ruleNumbers)
    rules_keys = {k: v for k, v in catalogue_of(code).items() if k.startswith("rules.")}
    assert rules_keys
    words = re.sub(r"<[^>]+>|\{[a-z_]+\}", " ", " ".join(rules_keys.values()))
    assert DIGIT.findall(words) == [], code
    letter = r"[\w\u0900-\u097f]"
    pattern = re.compile(rf"(?<!{letter})(?:{NUMBER_WORDS[code]})(?!{letter})", re.I)
    found = pattern.findall(ARABIC_MARKS.sub("", unicodedata.normalize("NFC", words)))
    assert found == [], f"{code}: number words in the rules dialog: {found}"


def test_every_fact_and_rules_page_key_has_a_translators_note() -> None:
    notes = json.loads((ROOT / "docs" / "i18n-notes.json").read_text(encoding="utf-8"))
    assert set(notes["facts"]) == {*FACTS, ADVICE}
    english = text_of("en")
    for path in notes["rules_page"]:
        node: Any = english
        for part in path.split("."):
            node = next(iter(node.values())) if part == "*" else node[part]
    for group in ("rows", "values"):
        assert f"ui.table.{group}" in notes["rules_page"]


#: A Hindi polite imperative in -ें / -एँ ending a sentence (खेलें, लगाएँ): the rules
#: page speaks in -इए forms (खेलिए, लगाइए) throughout, one register.
HINDI_SUBJUNCTIVE_IMPERATIVE = re.compile(r"[\u0900-\u097f]+(?:ें|एँ|एं)(?=\s*(?:[।!?:;]|$))")


def test_the_hindi_rules_page_speaks_in_one_imperative() -> None:
    prose = " ".join(re.sub(r"<[^>]+>", " ", t) for t in every_text(text_of("hi")))
    for sentence in re.split(r"(?<=[।!?])\s+", prose):
        found = HINDI_SUBJUNCTIVE_IMPERATIVE.findall(sentence.strip())
        assert found == [], f"hi: -एँ imperative {found} in: {sentence.strip()}"
    # the check itself
    assert HINDI_SUBJUNCTIVE_IMPERATIVE.findall("अपना पत्ता खेलें।") == ["खेलें"]
    assert HINDI_SUBJUNCTIVE_IMPERATIVE.findall("अपना पत्ता खेलिए।") == []


FIRST_LEADS = [
    Rules(first_lead=lead, going_alone=alone, lone_defender=defender)
    for lead in ("left_of_dealer", "maker")
    for alone in (False, True)
    for defender in (False, True)
    if alone or not defender
]


@pytest.mark.parametrize("rules", FIRST_LEADS, ids=lambda r: r.first_lead + str(r.lone_defender))
def test_the_rules_dialog_says_who_leads_under_any_rules(rules: Rules) -> None:
    # the dialog's sentence is the engine's key for these rules (dialog-markup.js), and what
    # that key says holds in the engine, rules of one's own included
    key = rule_set_words(rules)["table"]["first_lead"]
    assert f"rules.lead.{key}" in catalogue_of("en")
    assert [(f, FACTS[f](rules)) for f in CELL_FACTS[("first_lead", key)] if FACTS[f](rules)] == []


#: The slips issue 46's review found, each of which a banned pattern must catch again.
SLIPS_FOUND = [
    ("it", "i raddoppi si sommano"),
    ("it", "per chi gioca da solo al dispositivo"),
    ("fy", "as se boden hawwe"),
    ("fy", "Ofbrekke"),
    ("fy", "Under de rûnte"),
    ("fy", "se neamt de koade"),
    ("fy", "in ôfkearde kaart"),
    ("ar", "كم لمّة ستأخذ أنت والشمال؟"),
    ("ar", "«{value}» ليس نوعًا"),
    ("ar", "اللاعب الصعب"),
    ("hi", "दोगुने जुड़ते हैं"),
]


@pytest.mark.parametrize(("code", "slip"), SLIPS_FOUND)
def test_a_slip_the_review_found_is_caught_if_it_comes_back(code: str, slip: str) -> None:
    never = json.loads((ROOT / "docs" / "i18n-glossary.json").read_text(encoding="utf-8"))
    assert any(re.search(rule["pattern"], slip) for rule in never["never"][code])
