"""The rules of docs/rules.md: one test per rule of §2 (rank of cards) and §6 (play),
each worked example of §9 as its own test, the validation of ``Rules`` and the
presets of §8."""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from hasenpfeffer import PRESETS, Card, Game, Rules, legal_plays, trick_winner, trump_order
from hasenpfeffer.rules import hand_points, stake_multiplier
from test_game import DEAL_A, DEAL_J, deal, finish_hand, run

SUITS = "CDHS"
LEFT_BOWER = {"C": "JS", "S": "JC", "H": "JD", "D": "JH"}


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def legal(hand: str, trick: str, trump: str) -> set[str]:
    return {str(c) for c in legal_plays(cards(hand), cards(trick), trump)}


def winner(trick: str, trump: str) -> str:
    played = cards(trick)
    return str(played[trick_winner(played, trump)])


# ---- §2 rank of cards ----------------------------------------------------------------------


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_trump_rank_joker_right_left_a_k_q_t_9(trump: str) -> None:
    order = [str(c) for c in trump_order(trump)]
    assert order == ["JK", "J" + trump, LEFT_BOWER[trump]] + [r + trump for r in "AKQT9"]
    # every higher trump beats every lower one, whichever is led
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert winner(f"{high} {low}", trump) == high
            assert winner(f"{low} {high}", trump) == high


def test_rule_2_hearts_trump_example() -> None:
    assert [str(c) for c in trump_order("H")] == ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H"]
    assert winner("9H TH QH KH", "H") == "KH"
    assert winner("AH JD JH JK", "H") == "JK"
    assert winner("AH JD KH QH", "H") == "JD"
    assert winner("JD JH TH 9H", "H") == "JH"


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_joker_follows_as_trump(trump: str) -> None:
    lead = "A" + trump
    other = "9" + ("S" if trump != "S" else "H")
    # the Joker is the only trump in hand: it must follow the trump lead
    assert legal(f"JK {other}", lead, trump) == {"JK"}


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_left_bower_follows_as_trump(trump: str) -> None:
    left = LEFT_BOWER[trump]
    printed = left[1]
    # holding the left bower and a card of its printed suit: trump led, must play the bower
    assert legal(f"{left} 9{printed}", "A" + trump, trump) == {left}


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_left_bower_led_is_a_trump_lead(trump: str) -> None:
    left = LEFT_BOWER[trump]
    printed = left[1]
    assert legal(f"A{printed} 9{printed} 9{trump}", left, trump) == {"9" + trump}
    # without trumps: any card, even though the printed suit is held
    assert legal(f"A{printed} 9{printed}", left, trump) == {"A" + printed, "9" + printed}


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_left_bower_does_not_belong_to_its_printed_suit(trump: str) -> None:
    left = LEFT_BOWER[trump]
    printed = left[1]
    # its printed suit is led: the bower does not follow it, the plain card must
    assert legal(f"{left} 9{printed}", "A" + printed, trump) == {"9" + printed}
    # nor can it win a trick as a card of its printed suit... it wins as a trump
    assert winner(f"A{printed} {left}", trump) == left


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_left_bower_void_in_printed_suit(trump: str) -> None:
    left = LEFT_BOWER[trump]
    printed = left[1]
    other = next(s for s in SUITS if s not in (trump, printed))
    # the bower is the player's only card "of" the printed suit: they are void in it
    assert legal(f"{left} A{other} 9{other}", "K" + printed, trump) == {
        left,
        "A" + other,
        "9" + other,
    }


@pytest.mark.parametrize("trump", SUITS)
def test_rule_2_joker_void(trump: str) -> None:
    # the Joker never follows a plain suit: with no card of the led suit, anything goes
    plain = next(s for s in SUITS if s != trump and s != LEFT_BOWER[trump][1])
    other = LEFT_BOWER[trump][1]
    assert legal(f"JK A{other}", "A" + plain, trump) == {"JK", "A" + other}
    assert legal(f"JK 9{plain}", "A" + plain, trump) == {"9" + plain}


def test_rule_2_plain_suits_a_k_q_j_t_9() -> None:
    # hearts trump: clubs are a plain suit with its jack in place
    order = ["AC", "KC", "QC", "JC", "TC", "9C"]
    for i, high in enumerate(order):
        for low in order[i + 1 :]:
            assert winner(f"{low} {high}", "H") == high
            assert winner(f"{high} {low}", "H") == high
    # hearts trump: diamonds lose their jack (the left bower) and run A K Q T 9
    assert winner("TD QD 9D", "H") == "QD"
    assert winner("9D TD", "H") == "TD"
    assert winner("QD KD AD", "H") == "AD"


def test_rule_2_jack_ranks_between_queen_and_ten_unless_left_bower() -> None:
    assert winner("TC JC", "D") == "JC"
    assert winner("JC QC", "D") == "QC"
    assert winner("TS JS", "H") == "JS"
    # clubs trump: JS is the left bower, a trump
    assert winner("AS JS", "C") == "JS"


def test_rule_2_colours() -> None:
    # the left bower is the jack of the other suit of the same colour
    # black: clubs/spades, red: diamonds/hearts
    assert {trump: str(trump_order(trump)[2]) for trump in SUITS} == LEFT_BOWER
    assert [str(trump_order(t)[1]) for t in SUITS] == ["JC", "JD", "JH", "JS"]


# ---- §6 play --------------------------------------------------------------------------------


def play_phase(dealer: int = 3, rules: Rules | None = None) -> Game:
    """DEAL_A: seat 0 makes 6 in hearts; everyone plays."""
    g = deal(dealer=dealer, rules=rules)
    first = (dealer + 1) % 4
    steps = [f"{(first + k) % 4} pass" for k in range((0 - first) % 4)]
    run(g, *steps, "0 bid 6", "0 trump H", "0 discard 9C")
    if g.phase == "alone":
        run(g, "0 decline")
    return g


@pytest.mark.parametrize("dealer", range(4))
def test_rule_6_first_lead_left_of_dealer(dealer: int) -> None:
    g = play_phase(dealer)
    assert g.phase == "play"
    assert g.to_act == (dealer + 1) % 4


def test_rule_6_first_lead_left_of_player_going_alone() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass", "0 trump H")
    run(g, "0 discard 9C", "0 alone", "1 decline", "3 decline")
    assert g.to_act == 1


def test_rule_6_first_lead_lone_defender_when_two_alone() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass", "0 trump H")
    run(g, "0 discard 9C", "0 alone", "1 decline", "3 alone")
    assert g.to_act == 3


def test_rule_6_sitting_out_player_skipped_in_every_turn_order() -> None:
    g = run(deal(dealer=1), "2 pass", "3 pass", "0 bid 2", "1 pass", "0 trump H")
    run(g, "0 discard 9C", "0 alone", "1 decline", "3 decline")
    done = finish_hand(g)
    for t in done.records[0].to_dict()["tricks"]:
        assert [p["seat"] for p in t["cards"]] in ([1, 3, 0], [3, 0, 1], [0, 1, 3])


def test_rule_6_first_lead_variant_maker() -> None:
    g = play_phase(1, Rules(first_lead="maker"))
    assert g.to_act == 0


def test_rule_6_any_card_may_be_led() -> None:
    hand = "JK AH 9C TD QS JS"
    for trump in SUITS:
        assert legal(hand, "", trump) == set(hand.split())


@pytest.mark.parametrize("trump", SUITS)
def test_rule_6_must_follow_suit_if_able(trump: str) -> None:
    plain = next(s for s in SUITS if s != trump and s != LEFT_BOWER[trump][1])
    hand = f"9{plain} K{plain} A{trump} JK"
    assert legal(hand, f"A{plain}", trump) == {f"9{plain}", f"K{plain}"}
    # trump led: the trumps must follow, the Joker among them
    assert legal(hand, f"9{trump}", trump) == {f"A{trump}", "JK"}


@pytest.mark.parametrize("trump", SUITS)
def test_rule_6_void_may_play_any_card(trump: str) -> None:
    plain = next(s for s in SUITS if s != trump and s != LEFT_BOWER[trump][1])
    other = LEFT_BOWER[trump][1]
    hand = f"9{other} A{trump} JK"
    assert legal(hand, f"A{plain}", trump) == set(hand.split())


@pytest.mark.parametrize("trump", SUITS)
def test_rule_6_led_joker_is_a_trump_lead(trump: str) -> None:
    plain = next(s for s in SUITS if s != trump and s != LEFT_BOWER[trump][1])
    assert legal(f"9{trump} A{plain}", "JK", trump) == {"9" + trump}
    assert legal(f"{LEFT_BOWER[trump]} A{plain}", "JK", trump) == {LEFT_BOWER[trump]}
    assert legal(f"K{plain} A{plain}", "JK", trump) == {"K" + plain, "A" + plain}


@pytest.mark.parametrize("trump", SUITS)
def test_rule_6_trick_won_by_highest_trump(trump: str) -> None:
    plain = next(s for s in SUITS if s != trump and s != LEFT_BOWER[trump][1])
    assert winner(f"A{plain} 9{trump} K{plain} Q{plain}", trump) == "9" + trump
    assert winner(f"A{plain} 9{trump} T{trump} Q{plain}", trump) == "T" + trump
    assert winner(f"A{plain} {LEFT_BOWER[trump]} A{trump} Q{plain}", trump) == LEFT_BOWER[trump]
    assert winner(f"9{trump} JK J{trump} A{trump}", trump) == "JK"


@pytest.mark.parametrize("trump", SUITS)
def test_rule_6_no_trump_highest_card_of_led_suit(trump: str) -> None:
    plain = next(s for s in SUITS if s != trump and s != LEFT_BOWER[trump][1])
    other = LEFT_BOWER[trump][1]
    # off-suit cards never win, however high
    assert winner(f"9{plain} A{other} T{plain} K{other}", trump) == "T" + plain
    assert winner(f"Q{plain} A{other} K{plain} 9{plain}", trump) == "K" + plain
    assert winner(f"9{plain} A{other} K{other} Q{other}", trump) == "9" + plain


def test_rule_6_trick_winner_of_three_and_two_cards() -> None:
    assert winner("AS KS JK", "H") == "JK"
    assert winner("AS KS", "H") == "AS"
    assert winner("9C", "H") == "9C"
    with pytest.raises(ValueError):
        trick_winner([], "H")


def test_rule_6_winner_leads_next_trick() -> None:
    g = finish_hand(play_phase(), seed=2)
    tricks = g.records[0].to_dict()["tricks"]
    for prev, nxt in itertools.pairwise(tricks):
        assert nxt["leader"] == prev["winner"]


def test_rule_6_hand_is_six_tricks() -> None:
    g = play_phase()
    for n in range(6):
        assert not g.records
        assert len(g.view(1)["tricks"]) == n
        assert all(len(g.hand(s)) == 6 - n for s in range(4))
        for _ in range(4):
            g.apply(g.legal_actions()[0])
    rec = g.records[0].to_dict()
    assert len(rec["tricks"]) == 6
    for seat in range(4):
        assert sum(1 for t in rec["tricks"] for p in t["cards"] if p["seat"] == seat) == 6
    assert sum(rec["tricks_won"]) == 6


# ---- §9 worked examples ------------------------------------------------------------------------


def test_example_1_left_bower_led_hearts_trump() -> None:
    # Hearts trump; JD is led. A player holding AD, 9D and 9H must play 9H.
    assert legal("AD 9D 9H", "JD", "H") == {"9H"}
    assert legal("AD 9D 9H KS", "JD", "H") == {"9H"}


def test_example_1_in_a_game() -> None:
    d = (["JD AH KH QH JH 9C", "AC KC QC AS KS QS", "9S TS JK TH TD JS", "AD 9D 9H KD QD JC"], "TC")
    g = run(deal(d), "0 bid 6", "0 trump H", "0 discard 9C", "0 decline", "0 play JD")
    run(g, "1 play AC", "2 play TH")
    assert [str(a) for a in g.legal_actions()] == ["play 9H"]
    assert not g.is_legal("play AD")
    assert not g.is_legal("play 9D")


def test_example_2_joker_led_spades_trump() -> None:
    # Spades trump; JK led; a player with no spade, no JC, and AH may play any card,
    # and JK wins the trick.
    hand = "AH KD 9C TD"
    assert legal(hand, "JK", "S") == set(hand.split())
    for card in hand.split():
        assert winner(f"JK {card}", "S") == "JK"
    assert winner("JK AH KD 9C", "S") == "JK"


def test_example_3_left_bower_wins_clubs_trump() -> None:
    # Clubs trump; trick AH KH JS 9C (led AH): JS is the left bower and wins.
    assert winner("AH KH JS 9C", "C") == "JS"
    assert trick_winner(cards("AH KH JS 9C"), "C") == 2


def test_example_4_joker_wins_diamonds_trump() -> None:
    # Diamonds trump; trick QS AS JK KS (led QS): JK wins.
    assert winner("QS AS JK KS", "D") == "JK"
    assert trick_winner(cards("QS AS JK KS"), "D") == 2


SEED_RULES = Rules.preset("seed")


def test_example_5_seed_scoring_by_formula() -> None:
    r = SEED_RULES
    # bid 4, won 5: +5
    assert hand_points(r, 4, 5, stake_multiplier(False, False, False)) == (5, 0)
    # bid 4, won 3: -3
    assert hand_points(r, 4, 3, stake_multiplier(False, False, False)) == (-3, 0)
    # little pepper made with 6: +6
    assert hand_points(r, 6, 6, stake_multiplier(False, False, False)) == (6, 0)
    # big pepper made: +12
    assert hand_points(r, 6, 6, stake_multiplier(True, False, False)) == (12, 0)
    # big pepper failed with 5 tricks: -10
    assert hand_points(r, 6, 5, stake_multiplier(True, False, False)) == (-10, 0)


def test_example_5_stake_multipliers() -> None:
    assert stake_multiplier(False, False, False) == 1
    assert stake_multiplier(True, False, False) == 2
    assert stake_multiplier(False, True, False) == 2
    assert stake_multiplier(False, True, True) == 4
    assert stake_multiplier(True, True, False) == 4
    assert stake_multiplier(True, True, True) == 8


def seat_0_makes(call: str, rules: Rules, discard: str) -> Game:
    """DEAL_A: seat 0 calls, takes hearts, discards, declines to go alone."""
    g = run(deal(rules=rules), f"0 bid {call}")
    if g.phase == "bidding":
        run(g, "1 pass", "2 pass", "3 pass")
    return run(g, "0 trump H", f"0 discard {discard}", "0 decline")


def test_example_5_bid_4_won_5_in_a_game() -> None:
    g = finish_hand(seat_0_makes("4", SEED_RULES, "9H"), maker_tricks=5)
    assert g.records[0].tricks_won == (5, 1)
    assert g.records[0].points == (5, 0)
    assert g.scores == (5, 0)


def test_example_5_bid_4_won_3_in_a_game() -> None:
    g = run(deal(), "0 pass", "1 bid 4", "2 pass", "3 pass", "1 trump S", "1 discard 9H")
    g = finish_hand(run(g, "1 decline"), maker_tricks=3)
    assert g.records[0].tricks_won == (3, 3)
    assert g.records[0].points == (0, -3)
    assert g.scores == (0, -3)


def test_example_5_little_pepper_made_in_a_game() -> None:
    g = seat_0_makes("little", Rules.preset("seed-pepper"), "9C")
    assert g.bid_call == "little"
    g = finish_hand(g, maker_tricks=6)
    assert g.records[0].points == (6, 0)


def test_example_5_big_pepper_made_in_a_game() -> None:
    g = seat_0_makes("big", Rules.preset("seed-pepper"), "9C")
    assert g.bid_call == "big"
    g = finish_hand(g, maker_tricks=6)
    assert g.records[0].points == (12, 0)
    assert g.scores == (12, 0)
    assert g.winner == 0


def test_example_5_big_pepper_failed_with_5_in_a_game() -> None:
    g = finish_hand(seat_0_makes("big", Rules.preset("seed-pepper"), "9H"), maker_tricks=5)
    assert g.records[0].tricks_won == (5, 1)
    assert g.records[0].points == (-10, 0)
    assert g.scores == (-10, 0)


def test_example_6_all_pass_joker_in_widow_thrown_in() -> None:
    g = deal(DEAL_J, dealer=2, scores=(7, 3))
    run(g, "3 pass", "0 pass", "1 pass", "2 pass")
    # thrown in: the deal passes left, no score changes
    assert len(g.records) == 1
    assert g.records[0].thrown_in
    assert g.records[0].points == (0, 0)
    assert g.scores == (7, 3)
    assert g.dealer == 3
    assert g.to_act == 0
    assert g.phase == "bidding"
    assert g.view(0)["hand_number"] == 1


def test_example_6_with_joker_in_hand_is_not_thrown_in() -> None:
    g = deal(DEAL_A, dealer=2)
    run(g, "3 pass", "0 pass", "1 pass", "2 pass")
    assert not g.records
    assert (g.maker, g.bid) == (0, 3)


# ---- Rules: validation --------------------------------------------------------------------------

BAD_VALUES: list[tuple[str, Any]] = [
    ("bidding", "chaos"),
    ("bidding", "Standard"),
    ("bidding", None),
    ("bidding", 1),
    ("all_pass", "shuffle"),
    ("all_pass", ""),
    ("forced_bid", 0),
    ("forced_bid", 7),
    ("forced_bid", -3),
    ("forced_bid", 3.0),
    ("forced_bid", "3"),
    ("forced_bid", True),
    ("forced_bid", None),
    ("going_alone", 1),
    ("going_alone", "yes"),
    ("going_alone", None),
    ("lone_defender", 0),
    ("lone_defender", "no"),
    ("fail_penalty", "tricks"),
    ("fail_penalty", "Bid"),
    ("fail_penalty", None),
    ("defenders_score", 1),
    ("defenders_score", "true"),
    ("first_lead", "dealer"),
    ("first_lead", "left"),
    ("target", 0),
    ("target", -10),
    ("target", 1001),
    ("target", 10.5),
    ("target", "10"),
    ("target", True),
    ("target", None),
]


@pytest.mark.parametrize(("field", "value"), BAD_VALUES)
def test_rules_bad_value_names_the_field(field: str, value: Any) -> None:
    with pytest.raises(ValueError, match=field) as info:
        Rules(**{field: value})
    assert repr(value) in str(info.value) or str(value) in str(info.value)
    with pytest.raises(ValueError, match=field):
        Rules().replace(**{field: value})
    with pytest.raises(ValueError, match=field):
        Rules.from_dict({field: value})


def test_rules_every_field_has_a_bad_value_test() -> None:
    assert {f.name for f in dataclasses.fields(Rules)} == {f for f, _ in BAD_VALUES}


def test_rules_lone_defender_needs_going_alone() -> None:
    with pytest.raises(ValueError, match="lone_defender") as info:
        Rules(going_alone=False, lone_defender=True)
    assert "going_alone" in str(info.value)
    assert Rules(going_alone=False, lone_defender=False).going_alone is False
    assert Rules(going_alone=True, lone_defender=False).lone_defender is False


def test_rules_are_immutable() -> None:
    r = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 5  # type: ignore[misc]


def test_rules_bad_preset_name() -> None:
    with pytest.raises(ValueError, match="preset") as info:
        Rules.preset("euchre")
    for name in ("seed", "seed-pepper", "traditional", "pepper"):
        assert name in str(info.value)


def test_rules_unknown_field() -> None:
    with pytest.raises(ValueError, match="colour"):
        Rules().replace(colour="red")
    with pytest.raises(ValueError, match="colour"):
        Rules.from_dict({"colour": "red"})
    with pytest.raises(TypeError):
        Rules(colour="red")  # type: ignore[call-arg]


def test_rules_from_dict() -> None:
    assert Rules.from_dict("pepper") == PRESETS["pepper"]
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"preset": "traditional", "target": 15}) == Rules.preset(
        "traditional"
    ).replace(target=15)
    for name, rules in PRESETS.items():
        assert Rules.from_dict(rules.to_dict()) == rules
        assert rules.preset_name == name
    assert Rules(target=11).preset_name is None
    with pytest.raises(ValueError):
        Rules.from_dict(5)
    with pytest.raises(ValueError):
        Rules.from_dict("nope")


def test_rules_replace_validates_and_copies() -> None:
    r = Rules()
    r2 = r.replace(target=20, fail_penalty="six")
    assert (r2.target, r2.fail_penalty) == (20, "six")
    assert r == Rules()


# ---- Rules: presets (§8 table) ----------------------------------------------------------------

PRESET_TABLE = {
    "seed": {
        "bidding": "standard",
        "all_pass": "joker_forced",
        "forced_bid": 3,
        "going_alone": True,
        "lone_defender": True,
        "fail_penalty": "tricks_won",
        "defenders_score": False,
        "first_lead": "left_of_dealer",
        "target": 10,
    },
    "seed-pepper": {
        "bidding": "pepper",
        "all_pass": "joker_forced",
        "forced_bid": 3,
        "going_alone": True,
        "lone_defender": True,
        "fail_penalty": "tricks_won",
        "defenders_score": False,
        "first_lead": "left_of_dealer",
        "target": 10,
    },
    "traditional": {
        "bidding": "standard",
        "all_pass": "joker_forced",
        "forced_bid": 3,
        "going_alone": False,
        "lone_defender": False,
        "fail_penalty": "bid",
        "defenders_score": True,
        "first_lead": "left_of_dealer",
        "target": 10,
    },
    "pepper": {
        "bidding": "pepper",
        "all_pass": "dealer_forced",
        "forced_bid": 3,
        "going_alone": False,
        "lone_defender": False,
        "fail_penalty": "six",
        "defenders_score": True,
        "first_lead": "maker",
        "target": 10,
    },
}


@pytest.mark.parametrize("name", PRESET_TABLE)
def test_preset_matches_table(name: str) -> None:
    assert Rules.preset(name).to_dict() == PRESET_TABLE[name]
    assert Rules.preset(name) == Rules(**PRESET_TABLE[name])


def test_presets_are_exactly_the_four() -> None:
    assert list(PRESETS) == ["seed", "seed-pepper", "traditional", "pepper"]
    assert Rules() == Rules.preset("seed")


def test_preset_fields_can_be_set_on_their_own() -> None:
    base = Rules.preset("pepper")
    for field, value in [
        ("bidding", "standard"),
        ("all_pass", "redeal"),
        ("forced_bid", 4),
        ("fail_penalty", "bid"),
        ("defenders_score", False),
        ("first_lead", "left_of_dealer"),
        ("target", 21),
        ("going_alone", True),
    ]:
        assert getattr(base.replace(**{field: value}), field) == value


def test_new_games_use_the_rules() -> None:
    for name, rules in PRESETS.items():
        g = Game.new(rules=rules, seed=1)
        assert g.rules == rules
        assert g.view(0)["rules"] == PRESET_TABLE[name]


def test_deal_a_is_a_full_deck() -> None:
    seen = [c for h in DEAL_A[0] for c in h.split()] + [DEAL_A[1]]
    assert len(set(seen)) == 25


# ---- words for the rule-teaching embeds ----------------------------------------------


def test_card_roles_match_the_trump_order() -> None:
    from hasenpfeffer.rules import card_role

    for trump in "CDHS":
        order = trump_order(trump)
        roles = [card_role(c, trump) for c in order]
        assert roles == ["highest_trump", "right_bower", "left_bower", *["trump"] * 5]
        others = [c for c in map(Card.from_index, range(25)) if c not in order]
        assert {card_role(c, trump) for c in others} == {"plain"}


def test_why_trick_winner_names_the_winner_of_random_tricks() -> None:
    from hasenpfeffer.rules import why_trick_winner

    cards = [Card.from_index(i) for i in range(25)]
    rng = random.Random(5)
    for _ in range(3000):
        trick = rng.sample(cards, rng.randint(1, 4))
        trump = rng.choice("CDHS")
        why = why_trick_winner(trick, trump)
        winner = trick[trick_winner(trick, trump)]
        assert why.startswith(f"{winner} wins: ")
        trumps = set(trump_order(trump))
        if winner in trumps:
            assert "trump" in why and "no trump" not in why
        elif len(trick) > 1:
            assert "no trump was played" in why
            assert not trumps & set(trick)
