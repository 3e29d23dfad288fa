"""The engine's reasons as stable codes with parameters (for translated messages).

The English text of a reason stays; every reason also comes as ``reason_code``
and ``reason_params`` so the web app can say it in the player's language.
These tests hold the codes to the facts they describe, and the web catalogue
(web/shared/locales/en.json) to having a message for every code the engine can send.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import api
from hasenpfeffer.api import handle
from hasenpfeffer.cards import EFFECTIVE_SUIT, SUITS, Card, suit_index
from hasenpfeffer.rules import follow_violation, why_not_following
from hasenpfeffer.tells import TELL_CODES
from hasenpfeffer.text import HINT_COMPARE_TEXT, HINT_UNIT_TEXT, TELL_TEXT, hint_sentence
from hasenpfeffer.text import HINT_TEXT as REASONS
from hasenpfeffer_site import catalogues
from test_api import fresh, ok  # noqa: F401 (fresh: the API reset around each test)

ROOT = Path(__file__).resolve().parent.parent
ALL_BOTS = ["human", "random", "random", "random"]
#: Every code ``Game.reason_code`` and the API's card reasons can give.
OPTION_CODES = {
    "not_an_action",
    "game_over",
    "not_now",
    "pepper_no_six",
    "pepper_only",
    "bid_too_low",
    "not_in_hand",
    "must_follow",
    "not_legal",
    "sitting_out",
    "turn_of",
    "waiting_bidding",
    "waiting_trump",
    "waiting_discard",
    "waiting_alone",
    "waiting_defend_alone",
}


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_spec_example_1_as_facts() -> None:
    # hearts trump, JD led: JD is a heart; holding AD 9D 9H, only 9H follows
    hand = cards("AD 9D 9H")
    facts = follow_violation(Card.parse("AD"), hand, Card.parse("JD"), "H")
    assert facts == {"suit": "H", "trump": "H", "trump_cards": ["JD"], "cards": ["9H"]}
    assert follow_violation(Card.parse("9H"), hand, Card.parse("JD"), "H") is None
    # the English reason says the same as before
    assert why_not_following(Card.parse("AD"), hand, Card.parse("JD"), "H") == (
        "must follow hearts: JD counts as a heart when hearts are trump; you hold 9H"
    )


def test_joker_among_the_followers_is_named_as_a_trump() -> None:
    hand = cards("JK AC 9S")
    facts = follow_violation(Card.parse("AC"), hand, Card.parse("KS"), "S")
    assert facts is not None
    assert facts["suit"] == "S" and set(facts["cards"]) == {"JK", "9S"}
    assert facts["trump_cards"] == ["JK"]


def _walk(seed: int, rules: str, steps: int) -> Iterator[dict[str, Any]]:
    """States where the human is to act, over a game played by random choices."""
    rng = random.Random(seed)
    state = ok({"op": "new_game", "seed": seed, "rules": rules, "levels": ALL_BOTS})
    for _ in range(steps):
        while state["bot_to_move"]:
            yield state
            state = ok({"op": "bot_step"})["state"]
        if state["view"]["phase"] == "game_over":
            yield state
            return
        yield state
        state = ok({"op": "act", "action": rng.choice(state["view"]["legal_actions"])})["state"]


@pytest.mark.parametrize(("seed", "rules"), [(11, "seed"), (12, "seed-pepper"), (13, "pepper")])
def test_every_illegal_option_and_card_has_a_code_true_to_the_facts(seed: int, rules: str) -> None:
    seen: set[str] = set()
    for state in _walk(seed, rules, 150):
        view = state["view"]
        for entry in [*state["options"], *state["cards"]]:
            assert entry["legal"] == (entry["reason_code"] == ""), entry
            if entry["legal"]:
                assert entry["reason_params"] == {}
                continue
            code, params = entry["reason_code"], entry["reason_params"]
            assert code in OPTION_CODES, entry
            assert bool(entry["reason"]) == bool(code)
            seen.add(code)
            json.dumps(params)  # plain data
            if code == "must_follow":
                t = SUITS.index(view["trump"])
                led = Card.parse(view["trick"][0]["card"]).index
                assert params["suit"] == SUITS[EFFECTIVE_SUIT[t][led]]
                card = entry["action"].split()[1]
                assert card not in params["cards"] and params["cards"]
                for c in params["cards"]:
                    assert c in view["hand"]
                    assert EFFECTIVE_SUIT[t][Card.parse(c).index] == suit_index(params["suit"])
            elif code == "bid_too_low":
                assert params["call"] == view["high_bid"]
            elif code == "turn_of":
                assert params["seat"] == state["to_act"] != state["seat"]
            elif code.startswith("waiting_"):
                assert code == f"waiting_{view['phase']}"
    assert "must_follow" in seen and "bid_too_low" in seen and "waiting_bidding" in seen


def test_illegal_act_error_carries_the_code() -> None:
    for state in _walk(5, "seed", 400):
        illegal = [c for c in state["cards"] if c["reason_code"] == "must_follow"]
        if illegal and state["human_to_move"]:
            answer = handle({"op": "act", "action": illegal[0]["action"]})
            assert answer["ok"] is False
            error = answer["error"]
            assert error["code"] == "illegal_action"
            assert error["reason_code"] == "must_follow"
            assert error["reason_params"] == illegal[0]["reason_params"]
            return
    raise AssertionError("no illegal card met")


def test_pepper_bid_codes() -> None:
    ok({"op": "new_game", "seed": 3, "rules": "seed-pepper", "levels": ALL_BOTS})
    game = api.sessions.current().game  # type: ignore[union-attr]
    assert game.reason_code("bid 6") == ("pepper_no_six", {"bid": 6})
    ok({"op": "new_game", "seed": 3, "rules": "seed", "levels": ALL_BOTS})
    game = api.sessions.current().game  # type: ignore[union-attr]
    assert game.reason_code("bid big") == (
        "pepper_only",
        {"call": "big", "min_bid": 1, "top_bid": 6},
    )
    assert game.reason_code("dance")[0] == "not_an_action"


def test_hint_reasons_have_codes_and_english_from_them() -> None:
    codes: set[str] = set()
    for i, state in enumerate(_walk(6, "seed", 60)):
        if not state["human_to_move"] or i % 3:
            continue
        answer = ok({"op": "hint", "level": "medium"})
        for s in answer["suggestions"]:
            assert s["reason_code"] in REASONS
            assert s["compare_code"] in HINT_COMPARE_TEXT or s["compare_code"] == ""
            words = (s["unit"], s["estimate"], s["compare_code"], s["compare_params"])
            assert s["reason"] == hint_sentence(s["reason_code"], s["reason_params"], *words)
            json.dumps(s["reason_params"])
            codes.add(s["reason_code"])
    assert len(codes) >= 4, codes


def _catalogue(code: str = "en") -> dict[str, Any]:
    return catalogues.messages(code)


def _catalogue_keys() -> set[str]:
    return set(_catalogue())


def test_the_pages_english_hints_are_the_engines() -> None:
    # one English for each hint code: the page's catalogue says what text.py says
    en = _catalogue()
    assert {c: en[f"hint.{c}"] for c in REASONS} == dict(REASONS)
    assert {u: en[f"hint.unit.{u}"] for u in HINT_UNIT_TEXT} == dict(HINT_UNIT_TEXT)
    assert {c: en[f"hint.compare.{c}"] for c in HINT_COMPARE_TEXT} == dict(HINT_COMPARE_TEXT)


def test_every_tell_code_has_a_message_in_every_language_with_its_parameters() -> None:
    # "Why?" during a hand: each code tells.py can give, said in every catalogue
    # (web/shared/i18n-terms.js tellText) with only the parameters the engine sends
    # and {actor}, the computer player who decided
    sample = {
        "call": "3",
        "over": "2",
        "seat": 2,
        "suit": "H",
        "card": "9H",
        "beats": "TH",
    }
    for language in catalogues.codes():
        catalogue = _catalogue(language)
        for code in TELL_CODES:
            english = TELL_TEXT[code]
            params = set(re.findall(r"\{(\w+)\}", english)) - {"Seat", "suit_one"}
            if "suit_one" in english:
                params.add("suit")
            message = catalogue[f"why.tell.{code}"]
            used = set(re.findall(r"\{(\w+)\}", message))
            assert used <= params | {"actor"}, (language, code, used)
            assert used & set(sample) == params & set(sample), (language, code, used)


def test_the_catalogue_has_a_message_for_every_code() -> None:
    keys = _catalogue_keys()
    assert {f"reason.{c}" for c in OPTION_CODES} <= keys
    assert {f"hint.{c}" for c in REASONS} <= keys
    assert {f"hint.unit.{u}" for u in HINT_UNIT_TEXT} <= keys
    assert {f"hint.compare.{c}" for c in HINT_COMPARE_TEXT} <= keys
    api_source = "".join(p.read_text() for p in (ROOT / "engine/hasenpfeffer/api").glob("*.py"))
    api_errors = set(re.findall(r'ApiError\(\s*"(\w+)"', api_source))
    assert api_errors, "no ApiError codes found in engine/hasenpfeffer/api/"
    api_errors |= {"bad_json", "internal"}
    assert {f"error.{c}" for c in api_errors} <= keys
