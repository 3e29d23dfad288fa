"""The message catalogues (web/shared/locales/*.json) and web/shared/i18n.js.

Every language has exactly English's keys with the same placeholders; plural
messages have the forms the language's plural rules select; nothing is empty;
nothing is left in English; markup only where a key says ``_html``. Then
web/shared/i18n.js itself runs under Node (tests/i18n_check.mjs).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer_site import catalogues  # the one reader of the catalogues

ROOT = Path(__file__).resolve().parent.parent

I18N = ROOT / "web" / "shared" / "i18n.js"

#: CLDR plural categories (what Intl.PluralRules(lang) gives in Chromium and Node).
PLURAL_CATEGORIES = {
    "en": {"one", "other"},
    "it": {"one", "many", "other"},
    "fy": {"one", "other"},
    "ar": {"zero", "one", "two", "few", "many", "other"},
    "hi": {"one", "other"},
}

#: Values that may equal English: proper names and words the language shares.
SAME_AS_ENGLISH = {
    "*": {"app.name", "manifest.name", "manifest.short_name"},
    # Frisian names the compass points as English does, and calls the Joker "Joker"
    "fy": {
        "seat.name.1",
        "seat.name.3",
        "seat.long.1",
        "seat.long.3",
        "table.team.1",
        "card.joker_short",
        "embed.seat.1",
        "embed.seat.3",
        # the rule set is Pepper in Frisian too (docs/i18n.md, Terminology)
        "embed.scoring.preset.pepper",
        "settings.preset.pepper",
    },
}
ALLOWED_TAGS = {"p", "strong", "em", "dl", "dt", "dd"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Placeholders that take a list (formatList): a plural over a list need not show the count.
LISTS = {"seats", "hosts"}


def languages() -> list[str]:
    """The codes listed in LANGUAGES of web/shared/i18n.js, in order."""
    text = I18N.read_text(encoding="utf-8")
    block = re.search(r"LANGUAGES = Object\.freeze\(\[(.*?)\]\)", text, re.S)
    assert block, "web/shared/i18n.js must define LANGUAGES = Object.freeze([...])"
    return re.findall(r'code: "([a-z]{2,3})"', block.group(1))


@cache
def catalogue(code: str) -> dict[str, Any]:
    return catalogues.messages(code)


def forms(value: Any) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value: Any) -> set[str]:
    return {name for text in forms(value) for name in PLACEHOLDER.findall(text)}


OTHERS = [c for c in languages() if c != "en"]


def test_languages_list_matches_the_files() -> None:
    codes = languages()
    assert codes[0] == "en" and len(set(codes)) == len(codes)
    assert set(catalogues.codes()) == set(codes)
    assert set(PLURAL_CATEGORIES) == set(codes), "add the new language's plural categories here"


@pytest.mark.parametrize("code", languages())
def test_the_files_are_flat_i18next_json_in_englishs_order(code: str) -> None:
    """What a translation tool opens (docs/i18n.md): one flat object of strings, plural
    forms as ``key_<category>``, the keys in English's order, written as
    ``catalogues.dump`` writes them (so a tool's rewrite shows as a real change)."""
    raw = catalogues.read_file(code)
    path = catalogues.catalogue_file(code)
    assert path.read_text(encoding="utf-8") == catalogues.dump(raw), f"{path.name}: re-dump it"
    en = catalogue("en")
    assert [k for k in catalogue(code) if k in en] == [k for k in en if k in catalogue(code)]
    # no message is both a plain key and a plural (i18n.js would never reach the forms)
    assert not {k for k in raw if f"{k}_other" in raw}, code


def test_a_broken_catalogue_is_named_with_its_error(tmp_path: Path) -> None:
    (tmp_path / "xx.json").write_text('{"a.b": "x",}', encoding="utf-8")
    (tmp_path / "yy.json").write_text('{"a.b": {"one": "x"}}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"xx\.json: not a readable JSON catalogue"):
        catalogues.read_file("xx", tmp_path)
    with pytest.raises(ValueError, match=r"yy\.json: values must be strings.*a\.b"):
        catalogues.read_file("yy", tmp_path)


def test_english_is_complete_and_well_formed() -> None:
    en = catalogue("en")
    assert len(en) > 300
    for key, value in en.items():
        assert re.fullmatch(r"[a-z0-9_]+(\.[A-Za-z0-9_-]+)+", key), key
        if isinstance(value, dict):
            assert set(value) == PLURAL_CATEGORIES["en"], key
            # a plural shows its number, unless it names the things it counts (a list)
            named = placeholders(value) & LISTS
            assert "count" in placeholders(value) or named, f"{key}: a plural needs {{count}}"


@pytest.mark.parametrize("code", languages())
def test_every_computer_level_has_a_name(code: str) -> None:
    """The page's level menus name every level of the engine's vocabulary
    (``settings.level.<level>``)."""
    from hasenpfeffer.vocabulary import LEVELS

    names = {lv: catalogue(code).get(f"settings.level.{lv}") for lv in LEVELS}
    assert all(names.values()), names
    assert len(set(names.values())) == len(LEVELS)


@pytest.mark.parametrize("code", languages())
def test_a_settings_choice_bears_no_other_rule_sets_name(code: str) -> None:
    """One name per rule set: a field's choice in the settings never bears the name of
    a rule set (``settings.preset.<id>``) other than pepper's, whose bids it names (a new
    player's walk found the Traditional rules with "standard" bidding beside the rule set
    named Standard)."""
    from hasenpfeffer.rules import PRESETS

    texts = catalogue(code)
    names = [texts[f"settings.preset.{p}"].casefold() for p in PRESETS if p != "pepper"]
    choices = {k: v.casefold() for k, v in texts.items() if k.startswith("settings.choice.")}
    assert choices
    for key, choice in choices.items():
        assert not any(name in choice for name in names), (key, choice)


@pytest.mark.parametrize("code", languages())
def test_rule_words_and_refusals_type_no_number(code: str) -> None:
    """The settings' rule words (a field, its help, its choices, a rule set's name)
    and the refusals' (why a move is not legal) take their numbers from the engine
    (``{min_bid}``...: web/table/dialog-markup.js; a refusal's parameters), in the
    reader's digits; none is typed (the Arabic reviewer found "1 إلى 6" typed beside
    the engine's Arabic-Indic "٦" in the tips)."""
    prefixes = ("settings.choice.", "settings.field.", "settings.preset.", "reason.")
    for key, value in catalogue(code).items():
        if key.startswith(prefixes):
            text = re.sub(r"\{\w+\}", "", json.dumps(value, ensure_ascii=False))
            assert not re.search(r"\d", text), (key, value)


@pytest.mark.parametrize("code", OTHERS)
def test_same_keys_as_english(code: str) -> None:
    en, other = catalogue("en"), catalogue(code)
    assert sorted(set(en) - set(other)) == [], f"{code} lacks keys"
    assert sorted(set(other) - set(en)) == [], f"{code} has keys English lacks"


@pytest.mark.parametrize("code", OTHERS)
def test_same_placeholders_as_english(code: str) -> None:
    en, other = catalogue("en"), catalogue(code)
    for key, value in other.items():
        want = placeholders(en[key])
        if isinstance(value, dict):
            # a plural form may spell its number out ("ورقة واحدة"), so {count} may be
            # missing from some forms, but not from `other`, and nothing else may differ
            for form, text in value.items():
                assert placeholders(text) - {"count"} == want - {"count"}, (code, key, form)
            assert "count" in placeholders(value["other"]) or want & LISTS, (code, key)
        else:
            assert placeholders(value) == want, (code, key)


@pytest.mark.parametrize("code", languages())
def test_plural_messages_have_the_languages_categories(code: str) -> None:
    en = catalogue("en")
    for key, value in catalogue(code).items():
        assert isinstance(value, dict) == isinstance(en[key], dict), (code, key)
        if isinstance(value, dict):
            # and `zero` in any language: i18n.js picks it for exactly 0 before the
            # category (as i18next does), such as Hindi's zero, which CLDR puts with one
            # ("0 पत्ते", not "0 पत्ता")
            categories = set(value) - ({"zero"} - PLURAL_CATEGORIES[code])
            assert categories == PLURAL_CATEGORIES[code], (code, key, sorted(value))


@pytest.mark.parametrize("code", languages())
def test_no_empty_values_and_markup_only_in_html_keys(code: str) -> None:
    for key, value in catalogue(code).items():
        for text in forms(value):
            assert isinstance(text, str) and text.strip(), (code, key)
            tags = re.findall(r"</?([a-zA-Z0-9]+)[^>]*>", text)
            if key.endswith("_html"):
                assert set(tags) <= ALLOWED_TAGS, (code, key, tags)
                for tag in set(tags):
                    opened = len(re.findall(rf"<{tag}[ >]", text))
                    assert opened == text.count(f"</{tag}>"), (code, key, tag)
            else:
                assert not tags, f"{code} {key}: markup belongs in an _html key"


@pytest.mark.parametrize("code", OTHERS)
def test_nothing_left_in_english(code: str) -> None:
    en, other = catalogue("en"), catalogue(code)
    allowed = SAME_AS_ENGLISH["*"] | SAME_AS_ENGLISH.get(code, set())
    same = []
    for key, value in other.items():
        letters = re.sub(r"\{\w+\}|<[^>]+>|[^\w]|\d|_", "", json.dumps(value, ensure_ascii=False))
        if value == en[key] and letters and key not in allowed:
            same.append(key)
    assert same == [], f"{code}: still English: {same}"


def test_scripts_are_the_languages_own() -> None:
    """Arabic and Hindi texts are written in their scripts (not transliterated)."""
    for code, script in (("ar", r"[\u0600-\u06FF]"), ("hi", r"[\u0900-\u097F]")):
        cat = catalogue(code)
        for key, value in cat.items():
            if key in SAME_AS_ENGLISH["*"]:
                continue
            text = re.sub(r"\{\w+\}|<[^>]+>", "", " ".join(forms(value)))
            if re.search(r"[A-Za-z]{3}", text) and not re.search(script, text):
                pytest.fail(f"{code} {key} is not in its script: {value!r}")


@pytest.fixture(scope="module")
def node_report() -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (it runs web/shared/i18n.js): install Node 20+")
    out = subprocess.run(
        [node, "--experimental-detect-module", "--no-warnings", str(ROOT / "tests/i18n_check.mjs")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    report: dict[str, Any] = json.loads(out.stdout)
    return report


def test_i18n_js_lists_are_in_each_languages_words(node_report: dict[str, Any]) -> None:
    # (Frisian's "or" is not in the browsers' data, which then gave English's "1 or 2")
    assert node_report["lists"] == {
        "en": ["1 and 2", "1 or 2"],
        "it": ["1 e 2", "1 o 2"],
        "fy": ["1 en 2", "1 of 2"],
        "ar": ["1 و2", "1 أو 2"],
        "hi": ["1 और 2", "1 या 2"],
    }


def test_i18n_js_loads_every_language(node_report: dict[str, Any]) -> None:
    langs = node_report["languages"]
    assert list(langs) == languages()
    for code, entry in langs.items():
        assert entry["current"] == code
        assert set(entry["categories"]) == PLURAL_CATEGORIES[code], code
        assert entry["cards"][1] != "seat.cards" and all(entry["cards"]), code
    # plural forms chosen by the language's rules
    assert langs["en"]["cards"][:3] == ["0 cards", "1 card", "2 cards"]
    assert langs["it"]["cards"][1:3] == ["1 carta", "2 carte"]
    ar = langs["ar"]["cards"]
    assert ar[0] == "لا أوراق" and ar[1] == "ورقة واحدة" and ar[2] == "ورقتان"
    assert ar[4].endswith("أوراق") and ar[5].endswith("ورقة") and ar[6].endswith("ورقة")
    # Hindi's plural rules put 0 with 1; the catalogue's exact form "0" says "0 पत्ते"
    assert langs["hi"]["cards"][:3] == ["0 पत्ते", "1 पत्ता", "2 पत्ते"]
    assert langs["fy"]["card"] == "hertenboer" and langs["hi"]["card"] == "पान का ग़ुलाम"
    # a true minus sign (U+2212), never a hyphen; isolated left to right in Arabic
    assert langs["en"]["signed"] == ["+3", "\u22122", "0"]
    for code, entry in langs.items():
        minus = entry["signed"][1]
        assert "\u2212" in minus and "-" not in minus, code
        assert not any(mark in "".join(entry["signed"]) for mark in "\u061c\u200e\u200f"), code
    assert langs["ar"]["signed"] == ["\u2066+3\u2069", "\u2066\u22122\u2069", "\u20660\u2069"]


def test_i18n_js_numbers_follow_the_locale_default(node_report: dict[str, Any]) -> None:
    numbers = node_report["numbers"]
    langs = node_report["languages"]
    # plain "ar" and "hi" keep CLDR's default for the language (Latin digits today);
    # a reader whose browser says ar-EG gets Arabic-Indic digits
    assert numbers["ar"] == "ar" and numbers["ar_eg"] == "ar-EG" and numbers["ar_ma"] == "ar-MA"
    assert numbers["hi_in"] == "hi-IN" and numbers["it_for_en_browser"] == "it"
    assert (
        numbers["ar_eg_formatted"] == "\u0661\u066c\u0662\u0663\u0664"
    )  # 1,234 in Arabic-Indic digits
    assert numbers["ar_eg_plural"] == "\u0665 أوراق"
    # signed numbers in Arabic-Indic digits: the sign in front, isolated left to right
    # ("-1.5" must never read "1.5-" inside Arabic text)
    assert numbers["ar_eg_signed"] == [
        "\u2066\u2212\u0661\u066b\u0665\u2069",
        "\u2066+\u0662\u066b\u0665\u2069",
        "\u2066\u2212\u0665\u2069",
        "\u2066\u0661\u0662\u2069",
        "\u2066\u0660\u2069",
    ]
    assert langs["hi"]["number"] == "1,234.5"
    assert langs["it"]["number"] == "1234,5"


def test_i18n_js_detection_order(node_report: dict[str, Any]) -> None:
    d = node_report["detect"]
    assert d["attr"] == "ar"  # an embed's lang attribute first
    assert d["url"] == "it"  # then ?lang=
    assert d["bad_url"] == "fy"  # an unknown ?lang= is ignored: the stored choice
    assert d["stored"] == "fy"
    assert d["browser"] == "hi"  # the first supported browser language
    assert d["frisian_tag"] == "fy"
    assert d["none"] == "en"


def test_i18n_js_fallback_and_direction(node_report: dict[str, Any]) -> None:
    f = node_report["fallback"]
    assert f["unknown"] == "no.such.key"  # shown as the key: e2e tests look for those
    assert "it:no.such.key" in f["missing"]
    assert f["unknown_language"] == "en"
    assert node_report["dir"]["ar"] == {"lang": "ar", "dir": "rtl"}
    assert node_report["dir"]["hi"] == {"lang": "hi", "dir": "ltr"}


def test_i18n_js_translator_for_an_embed(node_report: dict[str, Any]) -> None:
    tr = node_report["translator"]
    assert tr["dir"] == "rtl"
    assert tr["cards"] == "\u0663 أوراق"  # 3 in Arabic-Indic digits (an ar-EG reader)
    assert tr["page"] == "3 carte"  # the page's own language is untouched


def test_i18n_js_dates_in_words_and_plurals_over_lists(node_report: dict[str, Any]) -> None:
    """The deal of the day's date in the language's words, never the raw ISO day; a
    message over a list of seats agrees with how many there are."""
    dates = node_report["dates"]
    assert dates["en"] == ["December 1, 2026", "not a day"]
    assert dates["it"][0] == "1 dicembre 2026"
    assert dates["fy"][0].startswith("1 ") and "2026" in dates["fy"][0]
    assert dates["ar"][0].startswith("\u2068") and dates["ar"][0].endswith("\u2069")
    assert "2026" in dates["hi"][0] and "दिसंबर" in dates["hi"][0]
    assert all("2026-12-01" not in d[0] for d in dates.values()), dates
    restored = node_report["restored"]
    assert restored["en"] == [
        "X played from another device. The game waits at their turn: invite them again "
        "under “Together”, or let a computer player take the seat there.",
        "X played from other devices. The game waits at their turn: invite them again "
        "under “Together”, or let computer players take their seats there.",
    ]
    assert "يلعب من جهاز آخر" in restored["ar"][0] and "يلعبان" in restored["ar"][1]
    assert "giocava" in restored["it"][0] and "giocavano" in restored["it"][1]
    servers = node_report["servers"]
    assert servers["en"][0].startswith("This server learns")
    assert servers["en"][1].startswith("These servers learn")
    assert servers["ar"][0].startswith("يعرف هذا الخادم") and "هذان الخادمان" in servers["ar"][1]


# ---- the player is "you": sentences about a seat have the player's own form ----------------

#: Every sentence that can be about the player (seat 0), with its player's forms: the
#: code (web/shared/i18n-terms.js bySeat, or the call named here) chooses the form when
#: the seat is the player, so no language puts "you" before a third person's verb
#: ("Ha aperto Tu", "Jo kaam út", "فتح أنت", "Tu dichiara 3"). The forms never take the
#: player's name as a placeholder.
PLAYER_FORMS: dict[str, dict[str, Any]] = {
    **{
        f"a11y.{action}": {"forms": [f"a11y.{action}_you"], "chosen_by": f'bySeat("a11y.{action}"'}
        for action in ("pass", "bid", "trump", "decline", "play", "wins_trick")
    },
    "a11y.alone": {
        "forms": ["a11y.alone_you"],
        "chosen_by": 'bySeat(view.maker === seat ? "a11y.alone"',
    },
    "a11y.discard": {"forms": ["a11y.discard_you"], "chosen_by": 'bySeat("a11y.discard"'},
    "a11y.defend_alone": {
        "forms": ["a11y.defend_alone_you"],
        "chosen_by": '"a11y.alone" : "a11y.defend_alone", seat)',
    },
    "a11y.made": {
        "forms": ["a11y.made_you"],
        "chosen_by": 'bySeat(hand.made ? "a11y.made" : "a11y.fell"',
    },
    "a11y.fell": {
        "forms": ["a11y.fell_you"],
        "chosen_by": 'bySeat(hand.made ? "a11y.made" : "a11y.fell"',
    },
    "a11y.table.dealer": {
        "forms": ["a11y.table.dealer_you"],
        "chosen_by": 'bySeat("a11y.table.dealer"',
    },
    "a11y.table.contract": {
        "forms": ["a11y.table.contract_you"],
        "chosen_by": 'bySeat("a11y.table.contract"',
    },
    "a11y.table.played": {
        "forms": ["a11y.table.played_you"],
        "chosen_by": 'bySeat("a11y.table.played"',
    },
    # "{seat} {call}": the player's call is a sentence of its own
    "a11y.table.call": {
        "forms": ["a11y.table.passed_you", "a11y.table.bid_you"],
        "chosen_by": 't("a11y.table.passed_you")',
    },
    "reason.turn_of": {"forms": ["reason.turn_of_you"], "chosen_by": "`reason.${code}_you`"},
    "reason.not_in_hand": {
        "forms": ["reason.not_in_hand_you"],
        "chosen_by": "`reason.${code}_you`",
    },
    "summary.widow": {"forms": ["summary.widow_you"], "chosen_by": 'bySeat("summary.widow"'},
    "summary.defended_alone": {
        "forms": ["summary.defended_alone_you"],
        "chosen_by": 'bySeat("summary.defended_alone"',
    },
    "last_trick.wins": {"forms": ["last_trick.wins_you"], "chosen_by": 'bySeat("last_trick.wins"'},
    # "Why?": what a computer player's decision told the table, where the other seat
    # it names is the player's (i18n-terms.js tellText; {actor}: the computer player)
    **{
        f"why.tell.{code}": {
            "forms": [f"why.tell.{code}_you"],
            "chosen_by": "`why.tell.${code}_you`",
        }
        for code in ("pass_over", "bid_over", "wins_now", "partner_winning", "under")
    },
    # who led and who won: each the player or another seat
    "last_trick.led_won": {
        "forms": ["last_trick.led_won_you", "last_trick.led_you_won", "last_trick.led_you_won_you"],
        "chosen_by": '_won${isYou(trick.winner) ? "_you" : ""}`',
    },
}

#: The other sentences that name a seat, and why the player is never in them or they
#: have no verb for the seat.
NEVER_THE_PLAYER = {
    "table.contract.value": "no verb: '{bid} · {seat}'",
    "table.contract.so_far": "no verb",
    "table.trick_card": "no verb: '{seat}: {card}'",
    "table.open_hand": "another seat's hand, face up (open hands): never the player's own",
    "a11y.discard_open": "another seat's discard, named under open hands (never the player's)",
    "notice.bot_failed": "a computer player",
    "prompt.wait.bidding": "another seat's turn (the player's turn has its own prompts)",
    "prompt.wait.trump": "another seat's turn",
    "prompt.wait.discard": "another seat's turn",
    "prompt.wait.alone": "another seat's turn",
    "prompt.wait.defend_alone": "another seat's turn",
    "prompt.wait.play": "another seat's turn",
    "prompt.wait.lead": "another seat's turn",
    "prompt.bid.over": "the high bidder, when the player is to bid, is another seat",
    "prompt.defend_alone": "the lone maker, an opponent of the player asked to defend",
    "hint.bid_war": "the other side's seat",
    "a11y.table.waiting": "another seat (the player hears a11y.your_turn)",
    "summary.made.us": "no verb: '{maker} — bid …' (the seat's long name)",
    "summary.made.them": "an opponent",
    "summary.failed.us": "no verb",
    "summary.failed.them": "an opponent",
    # pass-and-play names every seat by its compass name, South too (pass.js compass)
    "pass.title": "a compass name: 'Pass to South'",
    "pass.text": "a compass name",
    "pass.ready": "a compass name, the person speaking: 'I am North'",
    # a puzzle names its seats by their compass names (the seat to play is the player's
    # for that puzzle only: 'West to play')
    "puzzle.goal.contract": "a compass name: the puzzle's seat to play",
    "puzzle.goal.defeat": "a compass name: the puzzle's seat to play",
    "puzzle.goal.tricks": "a compass name: the puzzle's seat to play",
    "puzzle.line_trick": "no verb: '{cards}, won by {seat}' (a compass name)",
    "pass.prompt": "no verb: '{seat}: {prompt}'",
    "pass.hand": "no verb: 'North's hand'",
    # "Why?" explains only a computer player's decisions (why.js lists no person's)
    "why.decision": "a computer player; no verb: '{seat}: {action}'",
    "why.thinking": "a computer player",
    "why.random": "a computer player",
    "why.easy_followed": "a computer player",
    "why.easy_mistake": "a computer player",
    "why.options": "a computer player",
    "why.hidden": "a computer player",
    "why.tells": "a computer player",
    # what a decision told the table: {actor} is the computer player who decided
    **{
        f"why.tell.{code}": "{actor}: a computer player"
        for code in (
            "pass_no_bid",
            "bid",
            "trump",
            "discard",
            "alone",
            "decline",
            "defend_alone",
            "defend_decline",
            "lead",
            "lead_trump",
            "follow",
            "void",
            "ruff",
        )
    },
    "together.qr_label": "a guest's seat: West, North or East",
    "together.gone": "a guest's seat: West, North or East",
    "reason.guest_seated": "a guest's seat: West, North or East (on the host's page)",
    "reason.deal_seen": "a guest's seat: West, North or East (on the host's page)",
    "reason.guest_hand_hidden": "a guest's seat: West, North or East (on the host's page)",
    "reason.undo_guests": "the seat that acted after the player's decision: never the player",
    "together.cut_off": "a guest's seat: West, North or East",
    "together.reply_confirm.text": "a guest's seat: West, North or East (on the host's page)",
    "together.seat_status": "a guest's seat, no verb: '{seat}: {status}'",
    "together.scan_title": "a guest's seat: West, North or East",
    "guest.connected": "a guest's seat: West, North or East (its compass name)",
    "guest.computer_before": "a guest's seat by its compass name (a computer player's until then)",
    "guest.seat": "the seat an invitation is for: West, North or East (no verb)",
    # the table drawn from another seat than South (web/table/places.js): labels
    "seat.aria.you": "no verb: a compass name, 'West, you'",
    "seat.aria.partner": "no verb: a compass name, 'South, your partner'",
    "seat.aria.opponent": "no verb: a compass name",
    "seat.long.you": "no verb: 'You (West)'",
    "seat.long.partner": "no verb: 'South (partner)'",
    "summary.made.team": "no verb for the maker: '{maker} — bid …'; the team is the other one",
    "summary.failed.team": "no verb for the maker; the team is the other one",
}

SEAT_PLACEHOLDERS = {"seat", "leader", "winner", "maker", "actor"}


def web_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "web").rglob("*.js")))


def test_every_sentence_about_the_player_has_the_players_form_in_every_language() -> None:
    sources = web_sources()
    for key, entry in PLAYER_FORMS.items():
        assert entry["chosen_by"] in sources, f"{key}: the code does not choose the player's form"
        for code in languages():
            cat = catalogue(code)
            assert key in cat, f"{code}: {key}"
            for form in entry["forms"]:
                assert form in cat, f"{code}: {key} has no player's form {form}"
                # the player is never named into it (no "{seat}" to receive "you")
                names = placeholders(cat[form]) & SEAT_PLACEHOLDERS
                allowed = {"leader"} if form == "last_trick.led_won_you" else set()
                allowed |= {"winner"} if form == "last_trick.led_you_won" else set()
                # "Why?": the computer player who decided (never the player)
                allowed |= {"actor"} if form.startswith("why.tell.") else set()
                assert names <= allowed, f"{code} {form}: {cat[form]!r}"


def test_every_sentence_naming_a_seat_is_classified() -> None:
    """A new key naming a seat must say whether the player can be that seat."""
    en = catalogue("en")
    naming = {
        k
        for k, v in en.items()
        if placeholders(v) & SEAT_PLACEHOLDERS and not k.startswith("embed.")
    }
    known = (
        set(PLAYER_FORMS)
        | set(NEVER_THE_PLAYER)
        | {f for entry in PLAYER_FORMS.values() for f in entry["forms"]}
    )
    assert sorted(naming - known) == []
    # and every "_you" key of the catalogue is a listed form (none left unused)
    forms_listed = {f for entry in PLAYER_FORMS.values() for f in entry["forms"]}
    assert sorted(k for k in en if k.endswith("_you") and k not in forms_listed) == []


#: Meanings every language must keep from English, each as the words that carry it in
#: each language (a translation that drops half of the English fails here).
MEANINGS = {
    # each card beats only cards of its own suit (not: each suit beats only its own cards)
    "explain.ranking": {
        "en": ["each card beats only cards of its own suit"],
        "it": ["ogni carta batte solo le carte del suo seme"],
        "fy": ["elke kaart slacht allinnich kaarten fan syn eigen kleur"],
        "ar": ["ولا تغلب الورقة إلا أوراق نوعها"],
        "hi": ["हर पत्ता सिर्फ़ अपने ही रंग के पत्तों से बड़ा होता है"],
    },
    # not granted; the game itself and the saved game may go; installing helps
    "pwa.storage_not_persistent": {
        "en": ["did not grant", "the stored game and your saved game", "Installing"],
        "it": ["non ha concesso", "il gioco memorizzato e la partita salvata", "installare"],
        "fy": ["gjin bliuwende opslach", "it opsleine spul en jo bewarre spul", "ynstallearje"],
        "ar": ["لم يمنح", "اللعبة المخزّنة ولعبتك المحفوظة", "تثبيت"],
        "hi": ["नहीं दिया", "रखा खेल और आपका सहेजा हुआ खेल", "इंस्टॉल"],
    },
    # the game and the saved game are kept even when space runs low
    "pwa.storage_persistent": {
        "en": ["the game and your saved game", "persistent storage"],
        "it": ["il gioco e la partita salvata", "memoria permanente"],
        "fy": ["it spul en jo bewarre spul", "bliuwende opslach"],
        "ar": ["باللعبة وبلعبتك المحفوظة", "تخزين دائم"],
        "hi": ["यह खेल और आपका सहेजा हुआ खेल", "स्थायी स्टोरेज"],
    },
}


@pytest.mark.parametrize("key", sorted(MEANINGS))
def test_the_meaning_of_the_english_is_kept(key: str) -> None:
    for code in languages():
        text = catalogue(code)[key]
        missing = [words for words in MEANINGS[key][code] if words not in text]
        assert missing == [], f"{code} {key}: {text!r} lacks {missing}"


# ---- the glossary (docs/i18n.md), as data: docs/i18n-glossary.json -----------------------

GLOSSARY = catalogues.glossary()


def glossary_slips(code: str, cat: dict[str, Any], en: dict[str, Any]) -> list[str]:
    """Every message of ``cat`` that uses a banned word or drops a required term, each as
    "key: word" with the word to use."""
    found = []
    for rule in GLOSSARY["never"].get(code, []):
        for key, value in cat.items():
            for text in forms(value):
                match = re.search(rule["pattern"], text)
                if match:
                    found.append(f"{key}: {match.group(0)!r} (use {rule['use']}: {rule['why']})")
    for term in GLOSSARY["terms"]:
        if code not in term:
            continue
        for key, value in en.items():
            if key in term["except"] or key not in cat:
                continue
            said = any(re.search(term["english"], text) for text in forms(value))
            if said and not any(re.search(term[code], text) for text in forms(cat[key])):
                found.append(f"{key}: no {term[code]!r} for {term['concept']!r}")
    return found


@pytest.mark.parametrize("code", OTHERS)
def test_the_glossary_is_kept(code: str) -> None:
    """No banned word (الحاسوب, مباراة, partij, गेम …), every required term where English
    has its word: the failure names each key and word."""
    slips = glossary_slips(code, catalogue(code), catalogue("en"))
    assert slips == [], f"{code}:\n" + "\n".join(slips)


def test_the_glossary_check_fails_on_a_slip() -> None:
    """The check itself: a banned word and a dropped term are each reported by key."""
    en = {"a.b": "Let computer players take the seat", "c.d": "The widow"}
    cat = {"a.b": "دع لاعب الحاسوب يأخذ المقعد", "c.d": "الورقة"}
    slips = glossary_slips("ar", cat, en)
    assert any(s.startswith("a.b: 'الحاسوب'") for s in slips), slips
    assert any(s.startswith("a.b: no") for s in slips), slips
    assert any(s.startswith("c.d: no 'ورقة الوسط'") for s in slips), slips
    assert glossary_slips("ar", {"a.b": "دع لاعب الكمبيوتر", "c.d": "ورقة الوسط"}, en) == []


def test_the_glossary_data_is_well_formed() -> None:
    for code, rules in GLOSSARY["never"].items():
        assert code in OTHERS, code
        for rule in rules:
            re.compile(rule["pattern"])
            assert rule["use"] and rule["why"], rule
    for term in GLOSSARY["terms"]:
        assert set(OTHERS) <= set(term), term["concept"]
        assert all(why for why in term["except"].values()), term["concept"]
        assert set(term["except"]) <= set(catalogue("en")), term["concept"]


def test_the_hindi_dealer_chip_is_a_word() -> None:
    # the dealer's chip is a word a Hindi player recognises, not the syllable "बाँ"
    assert catalogue("hi")["seat.chip.dealer"] == "बाँटने वाला"
