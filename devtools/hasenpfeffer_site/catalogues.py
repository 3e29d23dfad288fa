"""The message catalogues, read the one way the build and the tests read them.

    from catalogues import messages, catalogue_file
    messages("it")["seat.cards"]   -> {"one": "{count} carta", "many": ..., "other": ...}

A catalogue is ``web/shared/locales/<code>.json`` (docs/i18n.md): an i18next JSON v4
file, as Weblate and other translation tools open it: one flat object of dotted keys
and string values; a plural message is one key per CLDR plural category, the
category after an underscore (``seat.cards_one``, ``seat.cards_other``; ``_zero``
also stands for exactly 0 in any language, as in i18next). The page reads the file as
it is (web/shared/i18n.js); :func:`messages` gives the tests and the build the same
messages with each plural folded into one object of its forms.

The notes for translators (what a key is for, the terms of each language) are
``docs/i18n-notes.json`` (:func:`notes`); the glossary's banned and required words
are ``docs/i18n-glossary.json`` (:func:`glossary`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from . import ROOT

LOCALES = ROOT / "web" / "shared" / "locales"
NOTES = ROOT / "docs" / "i18n-notes.json"
GLOSSARY = ROOT / "docs" / "i18n-glossary.json"
#: The language every other is checked against and whose keys are the template.
REFERENCE = "en"
#: CLDR's plural categories, as i18next v4 suffixes.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
PLURAL_FORM = re.compile(rf"(.+)_({'|'.join(CATEGORIES)})")

Message = str | dict[str, str]


def catalogue_file(code: str, locales: Path = LOCALES) -> Path:
    return locales / f"{code}.json"


def codes(locales: Path = LOCALES) -> list[str]:
    """The languages that have a catalogue file."""
    return sorted(p.stem for p in locales.glob("*.json"))


def read_file(code: str, locales: Path = LOCALES) -> dict[str, str]:
    """The file as it is: key -> text. A clear error for anything else than a flat object of
    strings."""
    path = catalogue_file(code, locales)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: not a readable JSON catalogue: {e}") from e
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a catalogue is one JSON object")
    bad = [k for k, v in data.items() if not isinstance(v, str)]
    if bad:
        raise ValueError(f"{path}: values must be strings (i18next JSON v4, flat): {bad[:5]}")
    return data


def plural_keys(reference: dict[str, str]) -> set[str]:
    """The plural messages of the reference file: a key with an ``_other`` form and at
    least one more category form (``hint.pass_other`` alone is a plain key)."""
    forms: dict[str, set[str]] = {}
    for key in reference:
        match = PLURAL_FORM.fullmatch(key)
        if match:
            forms.setdefault(match.group(1), set()).add(match.group(2))
    return {base for base, found in forms.items() if "other" in found and len(found) > 1}


def fold(raw: dict[str, str], plurals: set[str]) -> dict[str, Message]:
    """``raw`` with the forms of each key of ``plurals`` folded into one object, in the
    file's order (the object sits where its first form was)."""
    out: dict[str, Message] = {}
    for key, text in raw.items():
        match = PLURAL_FORM.fullmatch(key)
        if match and match.group(1) in plurals:
            form = out.setdefault(match.group(1), {})
            assert isinstance(form, dict)
            form[match.group(2)] = text
        else:
            out[key] = text
    return out


def unfold(messages: dict[str, Any]) -> dict[str, str]:
    """The file form of ``messages`` (plural objects spread into ``key_<category>``)."""
    out: dict[str, str] = {}
    for key, value in messages.items():
        if isinstance(value, dict):
            out.update({f"{key}_{form}": str(text) for form, text in value.items()})
        else:
            out[key] = str(value)
    return out


def dump(raw: dict[str, str]) -> str:
    """The file's text: two-space indent, the keys in the order given, UTF-8 as is
    (Weblate's JSON output set the same way: docs/i18n.md)."""
    return json.dumps(raw, ensure_ascii=False, indent=2) + "\n"


def messages(code: str, locales: Path = LOCALES) -> dict[str, Message]:
    """The catalogue of ``code`` with its plurals folded (the reference language says
    which keys are plurals)."""
    plurals = plural_keys(read_file(REFERENCE, locales))
    return fold(read_file(code, locales), plurals)


def notes() -> dict[str, Any]:
    """docs/i18n-notes.json: ``languages`` (code -> note), ``keys`` (key -> note)."""
    data: dict[str, Any] = json.loads(NOTES.read_text(encoding="utf-8"))
    return data


def glossary() -> dict[str, Any]:
    """docs/i18n-glossary.json: ``never`` (language -> patterns no message may match, each
    with the word to use and why) and ``terms`` (a concept's English pattern and each
    language's required pattern, with the keys excepted and why)."""
    data: dict[str, Any] = json.loads(GLOSSARY.read_text(encoding="utf-8"))
    return data
