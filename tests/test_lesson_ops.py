"""The embeds' "which cards may I play?" (``legal``) and scoring table (``scoring``)
operations against the rules core they stand on, and their argument checks."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from hasenpfeffer import api
from hasenpfeffer.api.lesson_ops import legal_position
from hasenpfeffer.cards import CARDS, EFFECTIVE_SUIT, Card, parse_cards, suit_index
from hasenpfeffer.dealing import deal_hands, shuffled_deck
from hasenpfeffer.rules import PRESETS, hand_points, legal_plays, stake_multiplier


def ask(**request: Any) -> dict[str, Any]:
    answer = api.handle(request)
    assert answer["ok"], answer
    return answer


def refused(**request: Any) -> dict[str, Any]:
    answer = api.handle(request)
    assert not answer["ok"], answer
    error: dict[str, Any] = answer["error"]
    assert error["code"] == "bad_request"
    return error


@pytest.mark.parametrize("seed", range(40))
def test_a_seeded_position_is_the_deals_and_its_legal_cards_the_rules(seed: int) -> None:
    answer = ask(op="legal", seed=seed)
    dealer, deck = shuffled_deck(seed, 1)
    hands, _widow = deal_hands(deck, dealer)
    leader = (dealer + 1) % 4
    hand = parse_cards(" ".join(answer["hand"]))
    lead = Card.parse(answer["lead"])
    # the reader's hand is the second seat's, the lead from the leader's hand
    assert sum(1 << c.index for c in hand) == hands[(leader + 1) % 4]
    assert hands[leader] >> lead.index & 1
    assert answer["legal"] == [str(c) for c in legal_plays(hand, [lead], answer["trump"])]
    t = suit_index(answer["trump"])
    led = EFFECTIVE_SUIT[t][lead.index]
    follows = [c for c in hand if EFFECTIVE_SUIT[t][c.index] == led]
    for option in answer["options"]:
        card = Card.parse(option["card"])
        assert option["legal"] == (option["card"] in answer["legal"])
        if not option["legal"]:
            assert option["reason_code"] == "must_follow"
        elif card in follows:
            assert option["reason_code"] == "follows"
        else:
            assert option["reason_code"] == "void" and not follows
    # nothing of the other hands is told
    told = {answer["lead"], *answer["hand"]}
    assert not any(str(c) in str(answer) for c in CARDS if str(c) not in told)
    assert (answer["trump"], answer["lead"], answer["hand"]) == _sorted(legal_position(seed))


def _sorted(position: tuple[str, str, list[str]]) -> tuple[str, str, list[str]]:
    trump, lead, hand = position
    answer = ask(op="legal", trump=trump, lead=lead, hand=" ".join(hand))
    return trump, lead, answer["hand"]


def test_the_left_bower_led_is_a_trump_and_is_named_so() -> None:
    answer = ask(op="legal", trump="D", lead="JH", hand="KD KH 9S")
    assert answer["legal"] == ["KD"] and answer["led_suit"] == "D"
    follows = next(o for o in answer["options"] if o["card"] == "KD")
    assert follows["reason_params"] == {"suit": "D", "trump": "D", "trump_cards": ["JH"]}
    kh = next(o for o in answer["options"] if o["card"] == "KH")
    assert kh["reason_code"] == "must_follow" and kh["reason_params"]["cards"] == ["KD"]
    void = ask(op="legal", trump="D", lead="JH", hand="KH 9S")
    assert {o["reason_code"] for o in void["options"]} == {"void"}


@pytest.mark.parametrize(
    "request_",
    [
        {"seed": -1},
        {"seed": "x"},
        {"seed": 2**53},
        {"trump": "X", "lead": "AH", "hand": "9H"},
        {"trump": "H", "lead": "AH", "hand": "AH 9H"},
        {"trump": "H", "lead": "AH AD", "hand": "9H"},
    ],
)
def test_a_bad_position_is_refused(request_: dict[str, Any]) -> None:
    assert refused(op="legal", **request_)["reason_code"]


CALLS = ("1", "2", "3", "4", "5", "6", "little", "big")


@pytest.mark.parametrize(("call", "tricks"), list(itertools.product(CALLS, range(7))))
def test_the_scoring_table_is_hand_points_under_every_rule_set(call: str, tricks: int) -> None:
    for alone, defender in ((False, False), (True, False), (True, True)):
        answer = ask(op="scoring", call=call, tricks=tricks, alone=alone, defender=defender)
        bid = 6 if call in ("little", "big") else int(call)
        multiplier = stake_multiplier(call == "big", alone, defender)
        assert (answer["bid"], answer["made"], answer["multiplier"]) == (
            bid,
            tricks >= bid,
            multiplier,
        )
        assert [c["rules"] for c in answer["columns"]] == list(PRESETS)
        for column in answer["columns"]:
            rules = PRESETS[column["rules"]]
            pepper_call = call in ("little", "big")
            callable_ = pepper_call == (rules.bidding == "pepper") or (
                not pepper_call and call != "6"
            )
            expected = (
                "no_such_call"
                if not callable_
                else "no_going_alone"
                if alone and not rules.going_alone
                else "no_lone_defender"
                if defender and not rules.lone_defender
                else ""
            )
            assert column["reason_code"] == expected, column
            assert column["playable"] == (expected == "")
            if column["playable"]:
                points = hand_points(rules, bid, tricks, multiplier)
                assert (column["makers"], column["defenders"]) == points


def test_a_few_scores_as_docs_rules_md_states_them() -> None:
    # a check that does not lean on hand_points: numbers from docs/rules.md §7
    big = {c["rules"]: c for c in ask(op="scoring", call="big", tricks=5)["columns"]}
    assert (big["pepper"]["makers"], big["pepper"]["defenders"]) == (-12, 2)
    assert big["seed"]["reason_code"] == "no_such_call"
    four = {c["rules"]: c for c in ask(op="scoring", call="4", tricks=3)["columns"]}
    assert four["seed"]["makers"] == -3 and four["traditional"]["makers"] == -4
    assert four["pepper"]["makers"] == -6 and four["traditional"]["defenders"] == 3


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"call": "7", "tricks": 3}, "bad_call"),
        ({"call": "little", "tricks": 7}, "bad_tricks"),
        ({"call": "3", "tricks": -1}, "bad_tricks"),
        ({"call": "3", "tricks": True}, "bad_tricks"),
        ({"call": "3", "tricks": 3, "alone": "yes"}, "not_a_flag"),
        ({"call": "3", "tricks": 3, "defender": True}, "defender_needs_alone"),
        ({"call": "3", "tricks": 3, "rules": "euchre"}, "bad_rules"),
        ({"call": "3", "tricks": 3, "rules": [None]}, "bad_rules"),
        ({"call": ["3"], "tricks": 3}, "bad_call"),
        ({"call": "3", "tricks": {}}, "bad_tricks"),
    ],
)
def test_a_bad_scoring_question_is_refused(request_: dict[str, Any], code: str) -> None:
    assert refused(op="scoring", **request_)["reason_code"] == code


def test_attribute_texts_are_read_as_the_embed_sends_them() -> None:
    answer = ask(op="scoring", call="3", tricks="4", alone="true", defender="false")
    assert (answer["tricks"], answer["alone"], answer["defender"]) == (4, True, False)
