"""The message catalogues (web/shared/locales/*.js) and web/shared/i18n.js.

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

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "web" / "shared" / "locales"
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
    },
}
ALLOWED_TAGS = {"p", "strong", "em", "dl", "dt", "dd"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
MODULE = re.compile(r"(?s)\s*(?://[^\n]*\n\s*)*export default (\{.*\});\s*")


def languages() -> list[str]:
    """The codes listed in LANGUAGES of web/shared/i18n.js, in order."""
    text = I18N.read_text(encoding="utf-8")
    block = re.search(r"LANGUAGES = Object\.freeze\(\[(.*?)\]\)", text, re.S)
    assert block, "web/shared/i18n.js must define LANGUAGES = Object.freeze([...])"
    return re.findall(r'code: "([a-z]{2,3})"', block.group(1))


@cache
def catalogue(code: str) -> dict[str, Any]:
    text = (LOCALES / f"{code}.js").read_text(encoding="utf-8")
    match = MODULE.fullmatch(text)
    assert match, f"{code}.js must be `export default {{...}};` around strict JSON"
    # strict JSON but for whole-line comments (labels of blocks of keys)
    data: dict[str, Any] = json.loads(re.sub(r"(?m)^[ \t]*//[^\n]*$", "", match.group(1)))
    return data


def forms(value: Any) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value: Any) -> set[str]:
    return {name for text in forms(value) for name in PLACEHOLDER.findall(text)}


OTHERS = [c for c in languages() if c != "en"]


def test_languages_list_matches_the_files() -> None:
    codes = languages()
    assert codes[0] == "en" and len(set(codes)) == len(codes)
    assert {p.stem for p in LOCALES.glob("*.js")} == set(codes)
    assert set(PLURAL_CATEGORIES) == set(codes), "add the new language's plural categories here"


def test_english_is_complete_and_well_formed() -> None:
    en = catalogue("en")
    assert len(en) > 300
    for key, value in en.items():
        assert re.fullmatch(r"[a-z0-9_]+(\.[A-Za-z0-9_-]+)+", key), key
        if isinstance(value, dict):
            assert set(value) == PLURAL_CATEGORIES["en"], key
            assert "count" in placeholders(value), f"{key}: a plural needs {{count}}"


@pytest.mark.parametrize("code", languages())
def test_every_computer_level_has_a_name(code: str) -> None:
    """The page's level menus name every level of the engine's vocabulary
    (``settings.level.<level>``), the expert included."""
    from hasenpfeffer.vocabulary import LEVELS

    names = {lv: catalogue(code).get(f"settings.level.{lv}") for lv in LEVELS}
    assert all(names.values()), names
    assert len(set(names.values())) == len(LEVELS)


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
            assert "count" in placeholders(value["other"]), (code, key)
        else:
            assert placeholders(value) == want, (code, key)


@pytest.mark.parametrize("code", languages())
def test_plural_messages_have_the_languages_categories(code: str) -> None:
    en = catalogue("en")
    for key, value in catalogue(code).items():
        assert isinstance(value, dict) == isinstance(en[key], dict), (code, key)
        if isinstance(value, dict):
            assert set(value) == PLURAL_CATEGORIES[code], (code, key, sorted(value))


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
    assert langs["hi"]["cards"][1:3] == ["1 पत्ता", "2 पत्ते"]
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
