"""Game flows built from fixed deals (``Game.from_deal``) and explicit action
lists: the auction, the all-pass rules, widow/trump/discard, going alone and
defending alone, the first lead, scoring, the end of the game, records,
illegal actions, validation, saves and views (docs/rules.md §3-§8)."""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest

from hasenpfeffer import (
    ActionError,
    Card,
    Game,
    IllegalActionError,
    InvalidActionError,
    Rules,
    sort_hand,
    trick_winner,
)
from hasenpfeffer.actions import ALL_ACTIONS, auction_calls

SEED = Rules.preset("seed")
SEED_PEPPER = Rules.preset("seed-pepper")
TRADITIONAL = Rules.preset("traditional")
PEPPER = Rules.preset("pepper")

# DEAL_A: team 0 (seats 0 and 2) is strong in hearts; seat 0 holds the Joker.
#   hearts trump: seat 0 holds JK JH JD AH KH, seat 2 QH TH, the widow is 9H.
DEAL_A = (
    ["JK JH JD AH KH 9C", "AC KC QC AS KS QS", "9D TD 9S TS QH TH", "JC TC AD KD QD JS"],
    "9H",
)
# DEAL_J: the Joker is the widow.
DEAL_J = (
    ["AC KC QC AS KS QS", "9D TD 9S TS QH TH", "JC TC AD KD QD JS", "JH JD AH KH 9C 9H"],
    "JK",
)
# DEAL_P: like DEAL_A with other hands, for the second hand of a seeded game.
DEAL_P = (
    ["JK JH JD AH KH 9C", "9D TD 9S TS QH TH", "AC KC QC AS KS QS", "JC TC AD KD QD JS"],
    "9H",
)

CARD_RE = re.compile(r"\b(?:[9TJQKA][CDHS]|JK)\b")
ALL_CARD_TEXTS = {r + s for s in "CDHS" for r in "9TJQKA"} | {"JK"}


def deal(
    d: tuple[list[str], str] = DEAL_A,
    dealer: int = 3,
    rules: Rules | None = None,
    scores: tuple[int, int] = (0, 0),
    seed: int = 12345,
) -> Game:
    return Game.from_deal(d[0], d[1], dealer, rules=rules, scores=scores, seed=seed)


def run(game: Game, *steps: str) -> Game:
    """Apply steps written as "<seat> <action>", checking whose turn it is."""
    for step in steps:
        seat, action = step.split(" ", 1)
        assert game.to_act == int(seat), (step, game.to_act, game.phase)
        game.apply(action)
    return game


def hand_texts(game: Game, seat: int) -> set[str]:
    return {str(c) for c in game.hand(seat)}


def finish_hand(
    game: Game, maker_tricks: int | None = None, seed: int = 0, tries: int = 20000
) -> Game:
    """A copy of ``game`` with its hand played to the end by random legal plays;
    with ``maker_tricks``, one where the makers took exactly that many tricks."""
    assert game.phase == "play"
    assert game.maker is not None
    team = game.maker % 2
    n = len(game.records)
    rnd = random.Random(seed)
    for _ in range(tries):
        g = game.copy()
        while len(g.records) == n:
            g.apply(rnd.choice(g.legal_actions()))
        if maker_tricks is None or g.records[-1].tricks_won[team] == maker_tricks:
            return g
    raise AssertionError(f"no play found in which the makers take {maker_tricks} tricks")


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about a game, to check that nothing changed."""
    return (
        game.to_json(),
        [game.view(s) for s in range(4)],
        [str(a) for a in game.legal_actions()],
        game.phase,
        game.to_act,
        game.scores,
        len(game.history),
        len(game.records),
        [[str(c) for c in game.hand(s)] for s in range(4)],
    )


def assert_illegal(
    game: Game, action: object, *fragments: str, error: type[ActionError] = IllegalActionError
) -> str:
    """``action`` raises ``error`` naming every fragment; nothing changes."""
    before = snapshot(game)
    with pytest.raises(error) as info:
        game.apply(action)  # type: ignore[arg-type]
    message = str(info.value)
    for fragment in fragments:
        assert fragment.lower() in message.lower(), (fragment, message)
    assert snapshot(game) == before
    assert isinstance(info.value, ValueError)
    return message


# ---- starting a game ------------------------------------------------------------------


def test_game_cannot_be_constructed_directly() -> None:
    with pytest.raises(TypeError):
        Game()


def test_new_game_deals_25_cards() -> None:
    g = Game.new(seed=5)
    assert g.phase == "bidding"
    assert g.dealer in range(4)
    assert g.to_act == (g.dealer + 1) % 4
    seen = set()
    for s in range(4):
        assert len(g.hand(s)) == 6
        seen |= hand_texts(g, s)
    seen.add(str(g.widow))
    assert seen == ALL_CARD_TEXTS
    assert g.scores == (0, 0)
    assert g.rules == Rules()
    assert g.winner is None
    assert g.history == []
    assert g.records == []


def test_from_deal_sets_up_the_deal() -> None:
    g = deal(dealer=2, scores=(3, -4))
    assert g.phase == "bidding"
    assert g.dealer == 2
    assert g.to_act == 3
    for s in range(4):
        assert hand_texts(g, s) == set(DEAL_A[0][s].split())
    assert str(g.widow) == "9H"
    assert g.scores == (3, -4)
    assert (g.maker, g.bid, g.bid_call, g.trump) == (None, None, None, None)
    assert (g.alone, g.lone_defender, g.sitting_out) == (False, None, ())


def test_from_deal_accepts_card_objects_and_strings() -> None:
    hands = [[Card.parse(t) for t in h.split()] for h in DEAL_A[0]]
    g1 = Game.from_deal(hands, Card.parse("9H"), 3, seed=1)
    g2 = Game.from_deal(DEAL_A[0], "9h", 3, seed=1)
    assert g1 == g2


@pytest.mark.parametrize("dealer", range(4))
def test_bidding_starts_left_of_dealer(dealer: int) -> None:
    g = deal(dealer=dealer)
    assert g.to_act == (dealer + 1) % 4


# ---- standard auction ---------------------------------------------------------------------


def test_standard_first_calls() -> None:
    g = deal()
    assert [str(a) for a in g.legal_actions()] == [
        "pass",
        "bid 1",
        "bid 2",
        "bid 3",
        "bid 4",
        "bid 5",
        "bid 6",
    ]


def test_only_higher_bids_are_legal() -> None:
    g = run(deal(), "0 bid 3")
    assert [str(a) for a in g.legal_actions()] == ["pass", "bid 4", "bid 5", "bid 6"]
    for low in ("bid 1", "bid 2", "bid 3"):
        assert_illegal(g, low, "higher", "3")
    run(g, "1 bid 5")
    assert [str(a) for a in g.legal_actions()] == ["pass", "bid 6"]
    assert_illegal(g, "bid 4", "higher", "5")


def test_pass_is_final() -> None:
    g = run(deal(), "0 bid 1", "1 pass", "2 bid 2", "3 pass", "0 bid 3")
    # seat 1 passed: skipped
    assert g.to_act == 2
    run(g, "2 bid 4")
    assert g.to_act == 0  # seats 1 and 3 are skipped
    run(g, "0 pass")
    assert g.phase == "trump"
    assert (g.maker, g.bid, g.bid_call) == (2, 4, "4")
    assert g.to_act == 2


def test_auction_goes_round_several_times() -> None:
    g = run(
        deal(),
        "0 bid 1",
        "1 bid 2",
        "2 bid 3",
        "3 bid 4",
        "0 bid 5",
        "1 pass",
        "2 pass",
    )
    assert g.phase == "bidding"
    assert g.to_act == 3
    run(g, "3 pass")
    assert g.phase == "trump"
    assert (g.maker, g.bid) == (0, 5)


def test_auction_with_passes_goes_round_twice() -> None:
    g = run(deal(), "0 bid 1", "1 bid 2", "2 pass", "3 bid 3", "0 bid 4", "1 bid 5", "3 pass")
    assert g.phase == "bidding"
    assert g.to_act == 0
    run(g, "0 pass")
    assert (g.phase, g.maker, g.bid) == ("trump", 1, 5)


def test_auction_ends_when_three_passed_with_a_bid_standing() -> None:
    g = run(deal(), "0 bid 2", "1 pass", "2 pass")
    assert g.phase == "bidding"
    run(g, "3 pass")
    assert (g.phase, g.maker, g.bid, g.to_act) == ("trump", 0, 2, 0)


def test_last_player_bids_after_three_passes_and_wins_at_once() -> None:
    g = run(deal(), "0 pass", "1 pass", "2 pass", "3 bid 1")
    assert (g.phase, g.maker, g.bid, g.to_act) == ("trump", 3, 1, 3)


@pytest.mark.parametrize("first", range(4))
def test_bid_6_ends_the_auction_at_once(first: int) -> None:
    g = deal(dealer=(first + 3) % 4)
    g.apply("bid 6")
    assert (g.phase, g.maker, g.bid, g.bid_call) == ("trump", first, 6, "6")
    assert g.to_act == first


def test_bid_6_after_other_bids_ends_at_once() -> None:
    g = run(deal(), "0 bid 2", "1 pass", "2 bid 6")
    assert (g.phase, g.maker, g.bid) == ("trump", 2, 6)
    assert not g.records


def test_bid_little_is_illegal_in_standard_bidding() -> None:
    g = deal()
    assert_illegal(g, "bid little", "pepper")
    assert_illegal(g, "bid big", "pepper")


def test_auction_is_visible_to_all() -> None:
    g = run(deal(), "0 bid 2", "1 pass", "2 bid 3")
    for s in range(4):
        v = g.view(s)
        assert v["auction"] == [
            {"seat": 0, "call": "bid 2"},
            {"seat": 1, "call": "pass"},
            {"seat": 2, "call": "bid 3"},
        ]
        assert v["high_bid"] == "3"
        assert v["high_bidder"] == 2
        assert v["passed"] == [1]


# ---- pepper auction -----------------------------------------------------------------------


@pytest.mark.parametrize("rules", [SEED_PEPPER, PEPPER], ids=["seed-pepper", "pepper"])
def test_pepper_first_calls(rules: Rules) -> None:
    g = deal(rules=rules)
    assert [str(a) for a in g.legal_actions()] == [
        "pass",
        "bid 1",
        "bid 2",
        "bid 3",
        "bid 4",
        "bid 5",
        "bid little",
        "bid big",
    ]


def test_pepper_bid_6_is_illegal_with_a_clear_message() -> None:
    g = deal(rules=SEED_PEPPER)
    assert_illegal(g, "bid 6", "little", "big")
    run(g, "0 bid 5")
    assert_illegal(g, "bid 6", "little", "big")


def test_pepper_little_is_below_big() -> None:
    g = run(deal(rules=SEED_PEPPER), "0 bid little")
    assert [str(a) for a in g.legal_actions()] == ["pass", "bid big"]
    assert_illegal(g, "bid little", "higher")
    assert_illegal(g, "bid 5", "higher")


def test_pepper_little_does_not_end_the_auction() -> None:
    g = run(deal(rules=SEED_PEPPER), "0 bid little")
    assert g.phase == "bidding"
    assert g.to_act == 1
    run(g, "1 pass", "2 pass", "3 pass")
    assert (g.phase, g.maker, g.bid, g.bid_call) == ("trump", 0, 6, "little")


def test_pepper_little_can_be_overcalled_by_big() -> None:
    g = run(deal(rules=SEED_PEPPER), "0 bid little", "1 bid big")
    assert (g.phase, g.maker, g.bid, g.bid_call) == ("trump", 1, 6, "big")


@pytest.mark.parametrize("before", [[], ["0 pass"], ["0 bid 1", "1 bid 4"], ["0 bid 5"]])
def test_pepper_big_any_time_ends_the_auction(before: list[str]) -> None:
    g = run(deal(rules=SEED_PEPPER), *before)
    bidder = g.to_act
    g.apply("bid big")
    assert (g.phase, g.maker, g.bid, g.bid_call) == ("trump", bidder, 6, "big")
    assert g.multiplier == 2


def test_pepper_numbers_then_little() -> None:
    g = run(deal(rules=SEED_PEPPER), "0 bid 2", "1 bid 5", "2 bid little", "3 pass", "0 pass")
    assert g.phase == "bidding"
    assert [str(a) for a in g.legal_actions()] == ["pass", "bid big"]
    run(g, "1 pass")
    assert (g.phase, g.maker, g.bid_call) == ("trump", 2, "little")
    assert g.multiplier == 1


# ---- everyone passes ---------------------------------------------------------------------


ALL_PASS_FROM_DEALER_1 = ("2 pass", "3 pass", "0 pass", "1 pass")


def test_all_pass_joker_holder_is_forced_to_bid_3() -> None:
    g = run(deal(dealer=1), *ALL_PASS_FROM_DEALER_1)  # seat 0 holds the Joker
    assert (g.phase, g.maker, g.bid, g.bid_call) == ("trump", 0, 3, "3")
    assert g.to_act == 0
    assert hand_texts(g, 0) == set(DEAL_A[0][0].split()) | {"9H"}
    assert g.view(2)["forced"] is True
    assert not g.records


@pytest.mark.parametrize("forced_bid", [1, 2, 4, 5, 6])
def test_all_pass_custom_forced_bid(forced_bid: int) -> None:
    g = run(deal(dealer=1, rules=Rules(forced_bid=forced_bid)), *ALL_PASS_FROM_DEALER_1)
    assert (g.maker, g.bid) == (0, forced_bid)


def test_all_pass_joker_forced_in_pepper_bidding() -> None:
    g = run(deal(dealer=1, rules=SEED_PEPPER), *ALL_PASS_FROM_DEALER_1)
    assert (g.phase, g.maker, g.bid) == ("trump", 0, 3)
    assert g.multiplier == 1


def test_forced_hand_is_recorded_as_forced() -> None:
    g = run(deal(dealer=1), *ALL_PASS_FROM_DEALER_1, "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g)
    rec = g.records[0]
    assert rec.forced
    assert rec.to_dict()["forced"] is True
    assert rec.to_dict()["bid"] == 3
    assert [a["call"] for a in rec.to_dict()["auction"]] == ["pass"] * 4


@pytest.mark.parametrize("rules", [SEED, SEED_PEPPER, TRADITIONAL], ids=str)
def test_all_pass_joker_in_widow_throws_the_hand_in(rules: Rules) -> None:
    g = deal(DEAL_J, dealer=1, rules=rules, scores=(4, -2))
    run(g, *ALL_PASS_FROM_DEALER_1)
    assert g.scores == (4, -2)
    assert g.dealer == 2
    assert g.phase == "bidding"
    assert g.to_act == 3
    assert g.maker is None
    assert len(g.records) == 1
    rec = g.records[0]
    assert rec.thrown_in
    assert rec.maker is None
    assert rec.points == (0, 0)
    assert rec.scores == (4, -2)
    assert rec.public_dict()["thrown_in"] is True
    assert rec.public_dict()["widow"] == "JK"
    assert g.view(0)["last_hand"]["widow"] == "JK"
    # a fresh deal of 25 cards
    seen = set().union(*(hand_texts(g, s) for s in range(4))) | {str(g.widow)}
    assert seen == ALL_CARD_TEXTS


def test_redeal_throws_in_even_with_the_joker_in_a_hand() -> None:
    g = run(deal(dealer=1, rules=Rules(all_pass="redeal"), scores=(1, 2)), *ALL_PASS_FROM_DEALER_1)
    assert g.records[0].thrown_in
    assert (g.dealer, g.phase, g.to_act, g.scores) == (2, "bidding", 3, (1, 2))
    # the widow was not the Joker: nobody learns it
    assert "widow" not in g.records[0].public_dict()
    assert g.records[0].to_dict()["widow"] == "9H"


def test_dealer_forced_makes_the_dealer_maker() -> None:
    g = run(deal(dealer=1, rules=Rules(all_pass="dealer_forced")), *ALL_PASS_FROM_DEALER_1)
    assert (g.phase, g.maker, g.bid, g.to_act) == ("trump", 1, 3, 1)
    assert "9H" in hand_texts(g, 1)


def test_dealer_forced_even_with_the_joker_in_the_widow() -> None:
    g = run(deal(DEAL_J, dealer=1, rules=PEPPER), *ALL_PASS_FROM_DEALER_1)
    assert (g.phase, g.maker, g.bid) == ("trump", 1, 3)
    assert "JK" in hand_texts(g, 1)
    assert not g.records


def test_dealer_forced_custom_bid() -> None:
    rules = Rules(all_pass="dealer_forced", forced_bid=2)
    g = run(deal(dealer=1, rules=rules), *ALL_PASS_FROM_DEALER_1)
    assert (g.maker, g.bid) == (1, 2)


# ---- widow, trump, discard ---------------------------------------------------------------


def test_widow_goes_to_the_maker() -> None:
    g = run(deal(), "0 pass", "1 bid 2", "2 pass", "3 pass")
    assert g.maker == 1
    assert g.phase == "trump"
    assert hand_texts(g, 1) == set(DEAL_A[0][1].split()) | {"9H"}
    for s in (0, 2, 3):
        assert hand_texts(g, s) == set(DEAL_A[0][s].split())


def test_trump_choice_is_any_suit() -> None:
    g = run(deal(), "0 bid 6")
    assert [str(a) for a in g.legal_actions()] == ["trump C", "trump D", "trump H", "trump S"]
    for suit in "CDHS":
        g2 = g.copy()
        g2.apply(f"trump {suit}")
        assert g2.trump == suit
        assert g2.phase == "discard"
        assert g2.to_act == 0


def test_trump_accepts_lower_case_and_symbols() -> None:
    g = run(deal(), "0 bid 6")
    g2 = g.copy()
    g2.apply("trump h")
    g3 = g.copy()
    g3.apply("trump ♥")
    assert g2.trump == g3.trump == "H"


def test_discard_any_card_including_the_joker() -> None:
    g = run(deal(), "0 bid 6", "0 trump S")
    legal = {str(a) for a in g.legal_actions()}
    assert legal == {f"discard {t}" for t in DEAL_A[0][0].split()} | {"discard 9H"}
    g.apply("discard JK")
    assert "JK" not in hand_texts(g, 0)
    assert len(g.hand(0)) == 6
    assert g.view(0)["discard"] == "JK"
    assert g.phase == "alone"


def test_discard_leads_to_play_without_going_alone() -> None:
    g = run(deal(rules=TRADITIONAL), "0 bid 6", "0 trump H", "0 discard 9H")
    assert g.phase == "play"
    assert_illegal(g, "alone", "not possible")


def test_discard_takes_no_further_part() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g)
    played = {p["card"] for t in g.records[0].to_dict()["tricks"] for p in t["cards"]}
    assert "9C" not in played
    assert len(played) == 24
    assert g.records[0].to_dict()["discard"] == "9C"


# ---- going alone -------------------------------------------------------------------------


def test_alone_is_asked_after_the_discard() -> None:
    g = run(deal(), "0 bid 3", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C")
    assert g.phase == "alone"
    assert g.to_act == 0
    assert [str(a) for a in g.legal_actions()] == ["alone", "decline"]


def test_declining_alone_goes_to_play_without_defend_alone() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    assert g.phase == "play"
    assert not g.alone
    assert g.lone_defender is None
    assert g.sitting_out == ()
    assert g.multiplier == 1


def test_going_alone_partner_sits_out() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass")
    run(g, "0 trump H", "0 discard 9C", "0 alone", "1 decline", "3 decline")
    assert g.phase == "play"
    assert g.alone
    assert g.sitting_out == (2,)
    assert g.multiplier == 2
    assert g.to_act == 1  # left of the lone maker
    g = finish_hand(g)
    rec = g.records[0].to_dict()
    assert rec["alone"] is True
    for trick in rec["tricks"]:
        seats = [p["seat"] for p in trick["cards"]]
        assert len(seats) == 3
        assert 2 not in seats
        # play moves to the left, skipping the partner
        i = [1, 3, 0].index(seats[0])
        assert seats == [[1, 3, 0][(i + k) % 3] for k in range(3)]


def test_sitting_out_partner_never_has_a_turn() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass")
    run(g, "0 trump H", "0 discard 9C", "0 alone", "1 decline", "3 decline")
    rnd = random.Random(3)
    while not g.records:
        assert g.to_act != 2
        assert len(g.hand(2)) == 6  # face down, unplayed
        g.apply(rnd.choice(g.legal_actions()))


def test_going_alone_not_allowed() -> None:
    g = run(deal(rules=Rules(going_alone=False, lone_defender=False)), "0 bid 6", "0 trump H")
    g.apply("discard 9C")
    assert g.phase == "play"
    assert not g.alone


@pytest.mark.parametrize("maker", range(4))
def test_defend_alone_is_asked_from_left_of_maker(maker: int) -> None:
    g = deal(dealer=(maker + 3) % 4)
    g.apply("bid 6")
    g.apply("trump C")
    g.apply(g.legal_actions()[0])
    g.apply("alone")
    assert g.phase == "defend_alone"
    assert g.to_act == (maker + 1) % 4
    assert [str(a) for a in g.legal_actions()] == ["alone", "decline"]
    g.apply("decline")
    assert g.phase == "defend_alone"
    assert g.to_act == (maker + 3) % 4
    g.apply("decline")
    assert g.phase == "play"
    assert g.lone_defender is None
    assert g.to_act == (maker + 1) % 4
    assert g.sitting_out == ((maker + 2) % 4,)


def test_first_defender_accepting_ends_the_asking() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass")
    run(g, "0 trump H", "0 discard 9C", "0 alone", "1 alone")
    assert g.phase == "play"
    assert g.lone_defender == 1
    assert g.sitting_out == (2, 3)
    assert g.to_act == 1  # the lone defender leads
    assert g.multiplier == 4


def test_second_defender_asked_only_after_first_declines() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass")
    run(g, "0 trump H", "0 discard 9C", "0 alone", "1 decline")
    assert (g.phase, g.to_act) == ("defend_alone", 3)
    run(g, "3 alone")
    assert g.lone_defender == 3
    assert g.sitting_out == (1, 2)
    assert g.to_act == 3  # the lone defender leads
    g = finish_hand(g)
    for trick in g.records[0].to_dict()["tricks"]:
        assert sorted(p["seat"] for p in trick["cards"]) == [0, 3]


def test_no_defend_alone_when_rules_forbid_it() -> None:
    g = run(deal(rules=Rules(lone_defender=False)), "0 bid 6", "0 trump H", "0 discard 9C")
    run(g, "0 alone")
    assert g.phase == "play"
    assert g.lone_defender is None
    assert g.to_act == 1


def test_no_defend_alone_when_maker_not_alone() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    assert g.phase == "play"
    assert_illegal(g, "alone", "not possible")


# ---- first lead (docs/rules.md §6) --------------------------------------------------------------

AUCTION_MAKER_0_DEALER_1 = ("2 pass", "3 pass", "0 bid 2", "1 pass", "0 trump H", "0 discard 9C")


def test_first_lead_left_of_dealer() -> None:
    g = run(deal(dealer=1), *AUCTION_MAKER_0_DEALER_1, "0 decline")
    assert g.to_act == 2


def test_first_lead_left_of_dealer_without_alone_rules() -> None:
    g = run(deal(dealer=1, rules=TRADITIONAL), *AUCTION_MAKER_0_DEALER_1)
    assert g.phase == "play"
    assert g.to_act == 2


def test_first_lead_left_of_lone_maker() -> None:
    g = run(deal(dealer=1), *AUCTION_MAKER_0_DEALER_1, "0 alone", "1 decline", "3 decline")
    assert g.to_act == 1


def test_first_lead_left_of_lone_maker_even_if_that_is_not_left_of_dealer() -> None:
    # dealer 0: left of dealer is seat 1 = the lone maker's partner, who sits out
    g = run(deal(dealer=0), "1 pass", "2 pass", "3 bid 2", "0 pass", "3 trump C", "3 discard 9H")
    run(g, "3 alone", "0 decline", "2 decline")
    assert g.sitting_out == (1,)
    assert g.to_act == 0


def test_first_lead_lone_defender_when_two_alone() -> None:
    g = run(deal(dealer=1), *AUCTION_MAKER_0_DEALER_1, "0 alone", "1 decline", "3 alone")
    assert g.to_act == 3


def test_first_lead_maker_variant() -> None:
    g = run(deal(dealer=1, rules=Rules(first_lead="maker")), *AUCTION_MAKER_0_DEALER_1)
    run(g, "0 decline")
    assert g.to_act == 0


def test_first_lead_maker_in_pepper_preset() -> None:
    g = run(deal(dealer=1, rules=PEPPER), "2 pass", "3 bid 2", "0 pass", "1 pass")
    run(g, "3 trump D", "3 discard 9H")
    assert g.phase == "play"
    assert g.to_act == 3


def test_trick_winner_leads_the_next_trick() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g, seed=7)
    tricks = g.records[0].to_dict()["tricks"]
    assert len(tricks) == 6
    assert tricks[0]["leader"] == 0
    for prev, nxt in itertools.pairwise(tricks):
        assert nxt["leader"] == prev["winner"]
        assert nxt["cards"][0]["seat"] == prev["winner"]
    for t in tricks:
        played = [Card.parse(p["card"]) for p in t["cards"]]
        assert t["cards"][trick_winner(played, "H")]["seat"] == t["winner"]


# ---- scoring -------------------------------------------------------------------------------


def made_or_failed(rules: Rules, bid: int, maker_tricks: int, alone: bool = False) -> Game:
    """Seat 1 makes ``bid`` from DEAL_A, then takes ``maker_tricks`` (in spades, where
    team 1 holds both bowers and takes 2 to 5 tricks, or in diamonds: 0 to 3)."""
    g = run(deal(rules=rules), "0 pass", f"1 bid {bid}", "2 pass", "3 pass")
    run(g, "1 trump S" if maker_tricks >= 2 else "1 trump D", "1 discard 9H")
    if rules.going_alone:
        if alone:
            run(g, "1 alone")
            if rules.lone_defender:
                run(g, "2 decline", "0 decline")
        else:
            run(g, "1 decline")
    return finish_hand(g, maker_tricks)


FAIL_CASES = [
    # fail_penalty, defenders_score, bid, maker tricks, expected (team 0, team 1)
    ("tricks_won", False, 4, 3, (0, -3)),
    ("tricks_won", True, 4, 3, (3, -3)),
    ("bid", False, 4, 3, (0, -4)),
    ("bid", True, 4, 3, (3, -4)),
    ("six", False, 4, 3, (0, -6)),
    ("six", True, 4, 3, (3, -6)),
    ("tricks_won", False, 5, 2, (0, -2)),
    ("bid", True, 5, 2, (4, -5)),
    ("six", True, 2, 1, (5, -6)),
    ("tricks_won", False, 2, 0, (0, 0)),
    ("bid", False, 2, 0, (0, -2)),
]


@pytest.mark.parametrize(("penalty", "defenders", "bid", "won", "points"), FAIL_CASES)
def test_scoring_makers_fail(
    penalty: str, defenders: bool, bid: int, won: int, points: tuple[int, int]
) -> None:
    rules = Rules(fail_penalty=penalty, defenders_score=defenders)  # type: ignore[arg-type]
    g = made_or_failed(rules, bid, won)
    rec = g.records[0]
    assert rec.tricks_won == (6 - won, won)
    assert rec.points == points
    assert g.scores == points
    assert rec.scores == points


MADE_CASES = [
    ("tricks_won", False, 3, 3, (0, 3)),
    ("tricks_won", False, 2, 4, (0, 4)),
    ("tricks_won", True, 2, 4, (2, 4)),
    ("bid", True, 3, 5, (1, 5)),
    ("six", True, 1, 3, (3, 3)),
    ("six", False, 1, 3, (0, 3)),
]


@pytest.mark.parametrize(("penalty", "defenders", "bid", "won", "points"), MADE_CASES)
def test_scoring_makers_make_their_bid(
    penalty: str, defenders: bool, bid: int, won: int, points: tuple[int, int]
) -> None:
    rules = Rules(fail_penalty=penalty, defenders_score=defenders)  # type: ignore[arg-type]
    g = made_or_failed(rules, bid, won)
    assert g.records[0].points == points
    assert g.scores == points


@pytest.mark.parametrize(
    ("penalty", "defenders", "won", "points"),
    [
        ("tricks_won", False, 2, (0, -4)),
        ("bid", False, 2, (0, -8)),
        ("six", True, 2, (8, -12)),
        ("six", True, 4, (4, 8)),
    ],
)
def test_scoring_lone_maker_doubles(
    penalty: str, defenders: bool, won: int, points: tuple[int, int]
) -> None:
    rules = Rules(fail_penalty=penalty, defenders_score=defenders)  # type: ignore[arg-type]
    g = made_or_failed(rules, 4, won, alone=True)
    assert g.records[0].alone
    assert g.records[0].points == points


def test_scoring_with_starting_scores_and_negative_totals() -> None:
    g = run(deal(scores=(2, 1)), "0 pass", "1 bid 5", "2 pass", "3 pass")
    run(g, "1 trump S", "1 discard 9H", "1 decline")
    g = finish_hand(g, 3)
    assert g.records[0].points == (0, -3)
    assert g.scores == (2, -2)


def pepper_deal_seat_0(call: str, rules: Rules = SEED_PEPPER, discard: str = "9C") -> Game:
    g = run(deal(rules=rules), f"0 bid {call}")
    if call != "big":
        run(g, "1 pass", "2 pass", "3 pass")
    return run(g, "0 trump H", f"0 discard {discard}")


@pytest.mark.parametrize(
    ("alone", "defend", "multiplier"),
    [(False, False, 2), (True, False, 4), (True, True, 8)],
)
def test_stake_multipliers_stack_with_big_pepper(
    alone: bool, defend: bool, multiplier: int
) -> None:
    g = pepper_deal_seat_0("big")
    if alone:
        run(g, "0 alone", "1 decline", "3 alone" if defend else "3 decline")
    else:
        run(g, "0 decline")
    assert g.multiplier == multiplier
    assert all(g.view(s)["multiplier"] == multiplier for s in range(4))
    g = finish_hand(g)
    rec = g.records[0]
    assert rec.tricks_won == (6, 0)
    assert rec.points == (6 * multiplier, 0)


def test_big_pepper_alone_and_lone_defender_is_x8_when_failing() -> None:
    g = pepper_deal_seat_0("big", discard="9H")
    run(g, "0 alone", "1 decline", "3 alone")
    assert g.multiplier == 8
    g = finish_hand(g, 5)
    assert g.records[0].points == (-40, 0)
    assert g.scores == (-40, 0)


def test_lone_defender_doubles_normal_bid() -> None:
    g = run(deal(dealer=1), *AUCTION_MAKER_0_DEALER_1, "0 alone", "1 alone")
    assert g.multiplier == 4
    g = finish_hand(g)
    assert g.records[0].points == (24, 0)
    assert g.records[0].lone_defender == 1


def test_little_pepper_is_not_doubled() -> None:
    g = run(pepper_deal_seat_0("little"), "0 decline")
    assert g.multiplier == 1
    assert finish_hand(g).records[0].points == (6, 0)


# ---- end of the game ------------------------------------------------------------------------


def test_game_ends_when_a_team_reaches_the_target() -> None:
    g = run(deal(scores=(8, 0)), "0 bid 2", "1 pass", "2 pass", "3 pass")
    run(g, "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g)
    assert g.scores == (14, 0)
    assert g.phase == "game_over"
    assert g.winner == 0
    assert g.to_act is None
    assert g.legal_actions() == []
    assert all(g.view(s)["winner"] == 0 for s in range(4))
    assert all(g.view(s)["legal_actions"] == [] for s in range(4))
    assert_illegal(g, "pass", "over")
    assert_illegal(g, "play JK", "over")


def test_game_goes_on_below_the_target() -> None:
    g = run(deal(scores=(3, 9)), "0 bid 2", "1 pass", "2 pass", "3 pass")
    run(g, "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g)
    assert g.scores == (9, 9)
    assert g.winner is None
    assert g.phase == "bidding"


def test_custom_target() -> None:
    g = run(deal(rules=Rules(target=25), scores=(18, 0)), "0 bid 2", "1 pass", "2 pass")
    run(g, "3 pass", "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g)
    assert g.scores == (24, 0)
    assert g.winner is None
    g2 = run(deal(rules=Rules(target=25), scores=(19, 0)), "0 bid 6", "0 trump H")
    run(g2, "0 discard 9C", "0 decline")
    assert finish_hand(g2).winner == 0


def test_defenders_can_win_the_game() -> None:
    g = run(deal(rules=TRADITIONAL, scores=(0, 8)), "0 bid 6", "0 trump C", "0 discard 9H")
    g = finish_hand(g, 3)
    assert g.records[0].points == (-6, 3)
    assert g.winner == 1


def test_both_reach_the_target_makers_win_with_lower_score() -> None:
    # team 1 makes: 7 + 3 = 10; team 0 defends: 9 + 3 = 12; the makers win
    g = run(deal(rules=TRADITIONAL, scores=(9, 7)), "0 pass", "1 bid 1", "2 pass", "3 pass")
    run(g, "1 trump S", "1 discard 9H")
    g = finish_hand(g, 3)
    assert g.scores == (12, 10)
    assert g.phase == "game_over"
    assert g.winner == 1


def test_both_reach_the_target_tie_makers_win() -> None:
    g = run(deal(rules=TRADITIONAL, scores=(5, 9)), "0 bid 5", "1 pass", "2 pass", "3 pass")
    run(g, "0 trump H", "0 discard 9H")
    g = finish_hand(g, 5)
    assert g.scores == (10, 10)
    assert g.winner == 0


# ---- the next hand -------------------------------------------------------------------------


def test_next_hand_is_dealt_by_the_next_dealer() -> None:
    g = run(deal(dealer=3), "0 bid 2", "1 pass", "2 pass", "3 pass")
    run(g, "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g)
    assert g.dealer == 0
    assert g.phase == "bidding"
    assert g.to_act == 1
    assert g.maker is None and g.trump is None and g.bid is None
    assert not g.alone and g.lone_defender is None
    assert g.view(0)["hand_number"] == 1
    seen = set().union(*(hand_texts(g, s) for s in range(4))) | {str(g.widow)}
    assert seen == ALL_CARD_TEXTS
    assert all(len(g.hand(s)) == 6 for s in range(4))
    assert g.view(0)["tricks"] == []
    assert g.view(0)["trick"] == []
    assert g.view(0)["last_hand"] == g.records[0].public_dict()


def test_later_hands_come_from_the_seed() -> None:
    def second_hand(d: tuple[list[str], str], seed: int) -> list[set[str]]:
        g = run(deal(d, seed=seed), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
        g = finish_hand(g)
        assert g.dealer == 0
        return [hand_texts(g, s) for s in range(4)] + [{str(g.widow)}]

    assert second_hand(DEAL_A, 99) == second_hand(DEAL_P, 99)
    assert second_hand(DEAL_A, 99) != second_hand(DEAL_A, 100)


def test_dealer_rotates_over_several_hands() -> None:
    g = Game.new(seed=3)
    rnd = random.Random(3)
    dealers = [g.dealer]
    while len(g.records) < 6 and g.phase != "game_over":
        g.apply(rnd.choice(g.legal_actions()))
        if len(g.records) == len(dealers) and g.phase != "game_over":
            dealers.append(g.dealer)
    for a, b in itertools.pairwise(dealers):
        assert b == (a + 1) % 4
    assert [r.dealer for r in g.records] == dealers[: len(g.records)]


# ---- records -------------------------------------------------------------------------------


def test_record_of_a_played_hand() -> None:
    g = run(deal(dealer=1), "2 pass", "3 bid 1", "0 bid 2", "1 pass", "3 pass")
    run(g, "0 trump H", "0 discard 9C", "0 alone", "1 decline", "3 decline")
    g = finish_hand(g, seed=11)
    assert len(g.records) == 1
    rec = g.records[0]
    d = rec.to_dict()
    assert d["number"] == 0
    assert d["dealer"] == 1
    assert d["auction"] == [
        {"seat": 2, "call": "pass"},
        {"seat": 3, "call": "bid 1"},
        {"seat": 0, "call": "bid 2"},
        {"seat": 1, "call": "pass"},
        {"seat": 3, "call": "pass"},
    ]
    assert d["forced"] is False
    assert d["thrown_in"] is False
    assert d["maker"] == 0
    assert d["bid"] == 2
    assert d["bid_call"] == "2"
    assert d["trump"] == "H"
    assert d["alone"] is True
    assert d["lone_defender"] is None
    assert d["hands"] == [sorted(h.split(), key=Card.parse) for h in DEAL_A[0]]
    assert d["widow"] == "9H"
    assert d["discard"] == "9C"
    assert len(d["tricks"]) == 6
    won = [0, 0]
    for t in d["tricks"]:
        won[t["winner"] % 2] += 1
        assert len(t["cards"]) == 3
    assert d["tricks_won"] == won
    assert d["points"] == [won[0] * 2, 0]
    assert d["scores"] == list(g.scores)
    assert won[0] >= 5  # five top trumps
    # JSON-ready
    assert json.loads(json.dumps(d)) == d
    # the public record hides the hands, the widow and the discard
    p = rec.public_dict()
    assert {k: v for k, v in d.items() if k not in ("hands", "widow", "discard")} == p


def test_records_accumulate_with_hand_numbers() -> None:
    g = Game.new(seed=21)
    rnd = random.Random(21)
    while len(g.records) < 4 and g.phase != "game_over":
        g.apply(rnd.choice(g.legal_actions()))
    assert [r.number for r in g.records] == list(range(len(g.records)))
    total = [0, 0]
    for r in g.records:
        total[0] += r.points[0]
        total[1] += r.points[1]
        assert list(r.scores) == total
    assert tuple(total) == g.scores


# ---- illegal actions -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["fly", "", "bid 7", "bid 0", "play", "play XX", "trump X"])
def test_unparsable_action_text(text: str) -> None:
    assert_illegal(deal(), text, "not an action", error=InvalidActionError)


@pytest.mark.parametrize("value", [None, 5, ["pass"]])
def test_non_text_action(value: object) -> None:
    assert_illegal(deal(), value, error=InvalidActionError)


def test_invalid_text_and_illegal_actions_are_told_apart() -> None:
    g = deal()
    with pytest.raises(InvalidActionError) as invalid:
        g.apply("bid seven")
    with pytest.raises(IllegalActionError) as illegal:
        g.apply("play JK")
    assert not isinstance(invalid.value, IllegalActionError)
    assert not isinstance(illegal.value, InvalidActionError)
    for err in (invalid.value, illegal.value):
        assert isinstance(err, ActionError) and isinstance(err, ValueError)


def test_illegal_kinds_in_bidding() -> None:
    g = deal()
    for text in ("play JK", "discard JK", "trump H", "alone", "decline"):
        assert_illegal(g, text, "not possible now", "bid or pass", "South")


def test_illegal_kinds_in_trump_phase() -> None:
    g = run(deal(), "0 bid 6")
    for text in ("pass", "bid 1", "play JK", "discard JK", "alone", "decline"):
        assert_illegal(g, text, "not possible now", "trump")


def test_illegal_kinds_in_discard_phase() -> None:
    g = run(deal(), "0 bid 6", "0 trump H")
    for text in ("pass", "trump C", "play JK", "alone", "decline"):
        assert_illegal(g, text, "not possible now", "discard")


def test_discard_of_a_card_not_in_hand() -> None:
    g = run(deal(), "0 bid 6", "0 trump H")
    assert_illegal(g, "discard AC", "AC", "not in", "hand")


def test_illegal_kinds_in_alone_phases() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C")
    for text in ("pass", "trump C", "play JK", "discard JK", "bid 2"):
        assert_illegal(g, text, "not possible now", "alone")
    run(g, "0 alone")
    for text in ("pass", "trump C", "play QS", "discard QS"):
        assert_illegal(g, text, "not possible now", "defend")


def test_illegal_kinds_in_play() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    for text in ("pass", "bid 1", "trump C", "discard JK", "alone", "decline"):
        assert_illegal(g, text, "not possible now", "card to play")


def test_play_a_card_not_in_hand() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    assert_illegal(g, "play AC", "AC", "not in", "South")  # seat 1 holds it
    assert_illegal(g, "play 9C", "9C", "not in")  # discarded


def test_follow_suit_message_left_bower_led() -> None:
    # hearts trump, JD led: JD is a heart, seat 3 must follow hearts
    d = (["JD AH KH QH JH 9C", "AC KC QC AS KS QS", "9D TD 9S TS JK TH", "AD KD QD 9H JC TC"], "JS")
    g = run(deal(d), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline", "0 play JD")
    run(g, "1 play AC", "2 play TH")
    assert [str(a) for a in g.legal_actions()] == ["play 9H"]
    msg = assert_illegal(g, "play AD", "must follow hearts", "JD counts as a heart")
    assert "hearts are trump" in msg
    assert_illegal(g, "play JC", "must follow hearts")


def test_follow_suit_message_left_bower_played_to_its_printed_suit() -> None:
    # hearts trump, AD led: seat 1 holds JD and 9D; JD is no diamond
    d = (["AD 9S TS QS KS AS", "JD 9D 9C TC QC KC", "JK JH AH KH QH TH", "TD QD KD 9H JC AC"], "JS")
    g = run(deal(d), "0 pass", "1 pass", "2 bid 6", "2 trump H", "2 discard JS", "2 decline")
    run(g, "0 play AD")
    assert [str(a) for a in g.legal_actions()] == ["play 9D"]
    assert_illegal(g, "play JD", "must follow diamonds", "JD counts as a heart")
    assert_illegal(g, "play KC", "must follow diamonds", "9D")


def test_follow_suit_message_joker_led() -> None:
    d = (["JK AH KH QH 9C TC", "9S AD KD QD TD 9D", "AC KC QC JC JH JD", "AS KS QS JS TS TH"], "9H")
    g = run(deal(d), "0 bid 6", "0 trump S", "0 discard 9H", "0 decline", "0 play JK")
    assert [str(a) for a in g.legal_actions()] == ["play 9S"]
    assert_illegal(g, "play AD", "must follow spades", "Joker counts as a spade")
    run(g, "1 play 9S")
    # seat 2 has JC (the left bower) as its only spade
    assert [str(a) for a in g.legal_actions()] == ["play JC"]
    assert_illegal(g, "play AC", "must follow spades", "Joker counts as a spade")


def test_follow_suit_message_explains_a_held_left_bower() -> None:
    # hearts trump, AH led: seat 1's only heart is JD, so 9D is not legal, and the
    # message should say why: JD counts as a heart (docs/rules.md §2)
    d = (["AH 9S TS QS KS AS", "JD 9D 9C TC QC KC", "JK JH KH QH TH 9H", "TD QD KD AD JC AC"], "JS")
    g = run(deal(d), "0 pass", "1 pass", "2 bid 6", "2 trump H", "2 discard JS", "2 decline")
    run(g, "0 play AH")
    assert [str(a) for a in g.legal_actions()] == ["play JD"]
    assert_illegal(g, "play 9D", "must follow hearts", "JD counts as a heart")


def test_illegal_bids_in_each_situation() -> None:
    g = run(deal(), "0 bid 4")
    assert_illegal(g, "bid 4", "higher than the current bid of 4")
    assert_illegal(g, "bid 1", "higher than the current bid of 4")
    gp = run(deal(rules=PEPPER), "0 bid little")
    assert_illegal(gp, "bid little", "higher than the current bid of little")
    assert_illegal(gp, "bid 6", "little", "big")


def test_illegal_action_after_many_moves_changes_nothing() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    g = finish_hand(g, seed=4)
    rnd = random.Random(4)
    for _ in range(20):
        g.apply(rnd.choice(g.legal_actions()))
    legal = {str(a) for a in g.legal_actions()}
    for a in ALL_ACTIONS:
        if str(a) not in legal:
            assert_illegal(g, a)
            assert_illegal(g, str(a))


# ---- from_deal validation ----------------------------------------------------------------------


GOOD_HANDS = DEAL_A[0]


@pytest.mark.parametrize(
    ("hands", "widow", "fragment"),
    [
        (GOOD_HANDS[:3], "9H", "four hands"),
        ([*GOOD_HANDS, "9H"], "JS", "four hands"),
        (["JK JH JD AH KH", *GOOD_HANDS[1:]], "9H", "6 cards"),
        (["JK JH JD AH KH 9C 9H", *GOOD_HANDS[1:]], "JS", "6 cards"),
        ([*GOOD_HANDS[:3], ""], "9H", "6 cards"),
        (["JK JH JD AH KH KH", *GOOD_HANDS[1:]], "9C", "twice"),
        (["JK JH JD AH KH AC", *GOOD_HANDS[1:]], "9C", "twice"),
        (GOOD_HANDS, "JK", "twice"),
        (GOOD_HANDS, "AS", "twice"),
        (["JK JH JD AH KH XX", *GOOD_HANDS[1:]], "9H", "card"),
        (GOOD_HANDS, "10X", "card"),
    ],
)
def test_from_deal_rejects_bad_deals(hands: list[str], widow: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        Game.from_deal(hands, widow, 0)


@pytest.mark.parametrize("dealer", [-1, 4, 1.0, "1", True, None])
def test_from_deal_rejects_bad_dealer(dealer: object) -> None:
    with pytest.raises(ValueError, match="dealer"):
        Game.from_deal(GOOD_HANDS, "9H", dealer)  # type: ignore[arg-type]


@pytest.mark.parametrize("scores", [(1,), (1, 2, 3), (1.5, 0), ("1", 0), (True, 0)])
def test_from_deal_rejects_bad_scores(scores: tuple[Any, ...]) -> None:
    with pytest.raises(ValueError, match="scores"):
        Game.from_deal(GOOD_HANDS, "9H", 0, scores=scores)


@pytest.mark.parametrize("seed", [-1, 2**53, 1.5, "7", True])
def test_bad_seed(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        Game.from_deal(GOOD_HANDS, "9H", 0, seed=seed)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        Game.new(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ["seed", {"bidding": "pepper"}, 3])
def test_rules_must_be_a_rules_object(rules: object) -> None:
    with pytest.raises(ValueError, match="rules"):
        Game.new(rules=rules, seed=1)  # type: ignore[arg-type]


# ---- saves -----------------------------------------------------------------------------------


def positions() -> list[tuple[str, Game]]:
    """Games in every phase, from deals and from seeds."""
    out = []
    g = deal()
    out.append(("start", g.copy()))
    run(g, "0 bid 1", "1 bid 2")
    out.append(("bidding", g.copy()))
    run(g, "2 pass", "3 pass", "0 pass")
    out.append(("trump", g.copy()))
    run(g, "1 trump S")
    out.append(("discard", g.copy()))
    run(g, "1 discard 9H")
    out.append(("alone", g.copy()))
    run(g, "1 alone")
    out.append(("defend_alone", g.copy()))
    run(g, "2 decline", "0 decline", "2 play 9D")
    out.append(("mid-trick", g.copy()))
    g = finish_hand(g)
    out.append(("next hand", g.copy()))
    g2 = run(deal(scores=(8, 0)), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    out.append(("game over", finish_hand(g2)))
    g3 = Game.new(rules=PEPPER, seed=77)
    rnd = random.Random(1)
    for _ in range(20):
        g3.apply(rnd.choice(g3.legal_actions()))
    out.append(("seeded pepper", g3))
    out.append(("thrown in", run(deal(DEAL_J, dealer=1), *ALL_PASS_FROM_DEALER_1)))
    return out


@pytest.mark.parametrize("index", range(11))
def test_json_round_trip(index: int) -> None:
    name, g = positions()[index]
    text = g.to_json()
    g2 = Game.from_json(text)
    assert g2 == g, name
    assert g2.to_json() == text
    assert [g2.view(s) for s in range(4)] == [g.view(s) for s in range(4)]
    assert g2.legal_actions() == g.legal_actions()
    assert g2.scores == g.scores
    assert [r.to_dict() for r in g2.records] == [r.to_dict() for r in g.records]
    # also from the dict and from bytes
    assert Game.from_json(g.to_dict()) == g
    assert Game.from_json(text.encode()) == g
    # both continue the same way
    rnd1, rnd2 = random.Random(5), random.Random(5)
    for _ in range(30):
        if g.phase == "game_over":
            break
        g.apply(rnd1.choice(g.legal_actions()))
        g2.apply(rnd2.choice(g2.legal_actions()))
        assert g == g2


def test_save_is_versioned_json() -> None:
    g = run(deal(), "0 bid 1")
    data = json.loads(g.to_json())
    assert data["format"] == "hasenpfeffer-game"
    assert data["version"] == 1
    assert data["actions"] == ["bid 1"]
    assert data["rules"] == Rules().to_dict()


def valid_save() -> dict[str, Any]:
    g = run(deal(), "0 bid 1", "1 pass")
    data: dict[str, Any] = json.loads(g.to_json())
    return data


def mutate(**changes: Any) -> dict[str, Any]:
    data = valid_save()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


CORRUPT_SAVES: list[tuple[str, object, str]] = [
    ("not json", "{not json", "not JSON"),
    ("truncated", json.dumps(valid_save())[:-5], "not JSON"),
    ("empty", "", "not JSON"),
    ("bad bytes", b"\xff\xfe\x00", "not"),
    ("list", "[1, 2]", "not a saved Hasenpfeffer game"),
    ("number", "3", "not a saved Hasenpfeffer game"),
    ("foreign", json.dumps({"format": "chess", "version": 1}), "not a saved Hasenpfeffer game"),
    ("no format", mutate(format=KeyError), "not a saved Hasenpfeffer game"),
    ("old version", mutate(version=0), "version"),
    ("new version", mutate(version=2), "version"),
    ("no version", mutate(version=KeyError), "version"),
    ("no rules", mutate(rules=KeyError), "corrupt"),
    ("bad rules", mutate(rules={"bidding": "chaos"}), "bidding"),
    ("unknown rule", mutate(rules={"colour": "red"}), "colour"),
    ("no seed", mutate(seed=KeyError), "corrupt"),
    ("bad seed", mutate(seed="x"), "seed"),
    ("no start", mutate(start=KeyError), "corrupt"),
    ("start not object", mutate(start=[1]), "corrupt"),
    ("no actions", mutate(actions=KeyError), "corrupt"),
    ("actions not list", mutate(actions="bid 1"), "corrupt"),
    ("illegal action", mutate(actions=["bid 1", "bid 1"]), "action 2"),
    ("garbage action", mutate(actions=["bid 1", "jump"]), "action 2"),
    ("non-text action", mutate(actions=[17]), "action 1"),
]


@pytest.mark.parametrize(
    ("name", "data", "fragment"), CORRUPT_SAVES, ids=[c[0] for c in CORRUPT_SAVES]
)
def test_corrupt_saves_raise_value_error(name: str, data: Any, fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        Game.from_json(data)


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("dealer", 7, "dealer"),
        ("dealer", None, "dealer"),
        ("hands", [["AS"]] * 4, "6 cards"),
        ("hands", [h.split() for h in DEAL_A[0][:3]], "four hands"),
        ("widow", "JK", "twice"),
        ("widow", "ZZ", "card"),
        ("scores", [1], "scores"),
        ("scores", "ab", "scores"),
    ],
)
def test_corrupt_start_raises_value_error(field: str, value: Any, fragment: str) -> None:
    data = valid_save()
    data["start"][field] = value
    with pytest.raises(ValueError, match=fragment):
        Game.from_json(data)


def test_save_of_a_seeded_game_has_no_deal() -> None:
    g = Game.new(seed=8)
    data = json.loads(g.to_json())
    assert "hands" not in data["start"]
    data["start"]["dealer"] = 9
    with pytest.raises(ValueError, match="dealer"):
        Game.from_json(data)


# ---- seeds, copies, replays -----------------------------------------------------------------


def random_actions(g: Game, n: int, seed: int) -> Game:
    rnd = random.Random(seed)
    for _ in range(n):
        if g.phase == "game_over":
            break
        g.apply(rnd.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("rules", [SEED, SEED_PEPPER, TRADITIONAL, PEPPER], ids=str)
def test_seeded_games_are_reproducible(rules: Rules) -> None:
    a = Game.new(rules=rules, seed=2024)
    b = Game.new(rules=rules, seed=2024)
    assert a == b
    assert a.dealer == b.dealer
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    random_actions(a, 200, 1)
    random_actions(b, 200, 1)
    assert a == b
    assert a.to_json() == b.to_json()
    assert [r.to_dict() for r in a.records] == [r.to_dict() for r in b.records]


def test_different_seeds_give_different_deals() -> None:
    deals = {
        tuple(tuple(str(c) for c in Game.new(seed=s).hand(p)) for p in range(4)) for s in range(20)
    }
    assert len(deals) > 15


def test_unseeded_game_saves_its_seed() -> None:
    g = random_actions(Game.new(), 40, 2)
    assert isinstance(g.seed, int)
    assert Game.from_json(g.to_json()) == g


def test_copy_is_independent() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline", "0 play JK")
    before = snapshot(g)
    c = g.copy()
    assert c == g
    random_actions(c, 40, 3)
    assert c != g
    assert snapshot(g) == before
    random_actions(g, 5, 9)
    assert snapshot(g) != before


def test_replayed() -> None:
    g = random_actions(deal(), 50, 6)
    n = len(g.history)
    assert g.replayed(n) == g
    start = g.replayed(0)
    assert start == deal()
    for k in (1, 7, 20, n - 1):
        r = g.replayed(k)
        assert r.history == g.history[:k]
        assert r == random_actions(deal(), k, 6)
    with pytest.raises(ValueError):
        g.replayed(n + 1)
    with pytest.raises(ValueError):
        g.replayed(-1)


def test_returned_lists_are_copies() -> None:
    g = run(deal(), "0 bid 2")
    before = snapshot(g)
    g.legal_actions().clear()
    g.view(1)["hand"].clear()
    g.hand(1).clear()
    g.records.append(None)  # type: ignore[arg-type]
    assert snapshot(g) == before


def test_history_lists_all_actions() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline", "0 play JK")
    assert [str(a) for a in g.history] == ["bid 6", "trump H", "discard 9C", "decline", "play JK"]


# ---- views ---------------------------------------------------------------------------------


def view_cards(v: dict[str, Any]) -> set[str]:
    return set(CARD_RE.findall(json.dumps(v)))


def test_view_shows_own_hand_sorted() -> None:
    g = run(deal(), "0 bid 6", "0 trump S")
    for s in range(4):
        v = g.view(s)
        assert v["seat"] == s
        assert v["hand"] == [str(c) for c in sort_hand(g.hand(s), "S")]
        assert v["hand_sizes"] == [7, 6, 6, 6]


def test_view_hides_other_hands_in_bidding() -> None:
    g = run(deal(), "0 bid 2")
    for s in range(4):
        assert view_cards(g.view(s)) == hand_texts(g, s)
        assert "widow" not in g.view(s)
        assert "discard" not in g.view(s)


def test_view_widow_and_discard_only_for_maker() -> None:
    g = run(deal(), "0 pass", "1 bid 2", "2 pass", "3 pass")
    v1 = g.view(1)
    assert v1["widow"] == "9H"
    assert v1["discard"] is None
    for s in (0, 2, 3):
        assert "widow" not in g.view(s)
        assert "discard" not in g.view(s)
        assert "9H" not in view_cards(g.view(s))
    run(g, "1 trump S", "1 discard QS", "1 decline")
    assert g.view(1)["discard"] == "QS"
    assert g.view(1)["widow"] == "9H"
    for s in (0, 2, 3):
        assert "QS" not in view_cards(g.view(s))
        assert "9H" not in view_cards(g.view(s))
        assert view_cards(g.view(s)) == hand_texts(g, s)


def test_view_during_play_shows_played_cards_only() -> None:
    g = run(deal(), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline")
    run(g, "0 play KH", "1 play AC", "2 play QH", "3 play TC", "0 play AH")
    for s in range(4):
        v = g.view(s)
        played = {"KH", "AC", "QH", "TC", "AH"}
        allowed = hand_texts(g, s) | played
        if s == 0:
            allowed |= {"9H", "9C"}
        assert view_cards(v) <= allowed
        assert hand_texts(g, s) <= view_cards(v)
        assert v["trick"] == [{"seat": 0, "card": "AH"}]
        assert v["tricks"][0]["winner"] == 0
        assert v["tricks_won"] == [1, 0]
        assert v["to_act"] == 1


def test_view_legal_actions_only_for_current_player() -> None:
    g = run(deal(), "0 bid 2")
    assert g.view(1)["legal_actions"] == [str(a) for a in g.legal_actions()]
    for s in (0, 2, 3):
        assert g.view(s)["legal_actions"] == []


def test_view_after_hand_shows_public_last_hand() -> None:
    g = run(deal(), "0 bid 2", "1 pass", "2 pass", "3 pass", "0 trump H", "0 discard 9C")
    g = finish_hand(run(g, "0 decline"))
    for s in range(4):
        v = g.view(s)
        assert v["last_hand"] == g.records[0].public_dict()
        assert "hands" not in v["last_hand"]
        assert "discard" not in v["last_hand"]
        assert "widow" not in v["last_hand"]
        assert "widow" not in v and "discard" not in v


def test_view_sitting_out() -> None:
    g = run(deal(dealer=1), *AUCTION_MAKER_0_DEALER_1, "0 alone", "1 decline", "3 alone")
    for s in range(4):
        v = g.view(s)
        assert v["sitting_out"] == [1, 2]
        assert v["alone"] is True
        assert v["lone_defender"] == 3
        assert view_cards(v) <= hand_texts(g, s) | ({"9H", "9C"} if s == 0 else set())


def test_view_hand_actions() -> None:
    g = run(deal(dealer=1), *AUCTION_MAKER_0_DEALER_1, "0 alone", "1 decline", "3 decline")
    run(g, "1 play AC")
    expected = [
        (2, "pass"),
        (3, "pass"),
        (0, "bid 2"),
        (1, "pass"),
        (0, "trump H"),
        (0, "discard 9C"),
        (0, "alone"),
        (1, "decline"),
        (3, "decline"),
        (1, "play AC"),
    ]
    for seat in range(4):
        shown = [
            (s, "discard" if a.startswith("discard") and seat != 0 else a) for s, a in expected
        ]
        assert [(d["seat"], d["action"]) for d in g.view(seat)["hand_actions"]] == shown


def test_view_hand_actions_at_game_over() -> None:
    # the last hand's actions stay on view once the game is over, all of them
    g = run(deal(scores=(8, 0)), "0 bid 6", "0 trump H", "0 discard 9C", "0 alone")
    run(g, "1 decline", "3 decline")
    g = finish_hand(g)
    assert g.phase == "game_over"
    actions = [(d["seat"], d["action"]) for d in g.view(0)["hand_actions"]]
    assert [a for _, a in actions] == [str(a) for a in g.history]
    assert actions[4:6] == [(1, "decline"), (3, "decline")]
    assert len(actions) == 6 + 18


@pytest.mark.parametrize("seat", [-1, 4, "0", None, True, 1.0])
def test_view_rejects_bad_seat(seat: object) -> None:
    with pytest.raises(ValueError, match="seat"):
        deal().view(seat)  # type: ignore[arg-type]


def test_view_is_json_ready() -> None:
    for _, g in positions():
        for s in range(4):
            v = g.view(s)
            assert json.loads(json.dumps(v)) == v


def test_auction_calls_are_pass_and_every_higher_bid() -> None:
    def texts(bidding: str, high: int) -> list[str]:
        return [str(a) for a in auction_calls(bidding, high)]

    assert texts("standard", 0) == ["pass", *(f"bid {k}" for k in range(1, 7))]
    assert texts("standard", 4) == ["pass", "bid 5", "bid 6"]
    assert texts("pepper", 5) == ["pass", "bid little", "bid big"]
    assert texts("pepper", 6) == ["pass", "bid big"]  # over little pepper
    game = Game.new(Rules.preset("pepper"), seed=3)
    assert game.legal_actions() == list(auction_calls("pepper", 0))


@pytest.mark.parametrize("preset", ["seed", "pepper", "seed-pepper", "traditional"])
def test_a_hand_records_its_stake_and_what_doubled_it(preset: str) -> None:
    # the page says the stake from the record, never working it out
    from hasenpfeffer.rules import PRESETS, hand_points

    rng = random.Random(preset)
    seen = set()
    for seed in range(40):
        game = Game.new(PRESETS[preset], seed=seed)
        while len(game.records) < 2 and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        for record in game.records:
            public = record.public_dict()
            reasons = public["stake_reasons"]
            assert reasons == [r for r in ("big_pepper", "alone", "lone_defender") if r in reasons]
            assert public["stake"] == 2 ** len(reasons)
            assert ("alone" in reasons) == public["alone"]
            assert ("lone_defender" in reasons) == (public["lone_defender"] is not None)
            assert ("big_pepper" in reasons) == (public["bid_call"] == "big")
            seen.add(public["stake"])
            if record.maker is not None:
                team = record.maker & 1
                made = hand_points(
                    game.rules, public["bid"], public["tricks_won"][team], public["stake"]
                )
                assert public["points"][team] == made[0]
    assert {1, 2} <= seen or preset == "traditional"
