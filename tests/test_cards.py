"""Cards: notation (docs/rules.md §1), identity, ordering, and the ranking of cards
for each trump suit (docs/rules.md §2)."""

from __future__ import annotations

import copy
import pickle

import pytest

from hasenpfeffer import Card, effective_suit, rank_order, sort_hand, trump_order

SUITS = "CDHS"
RANKS = "9TJQKA"
ALL_TEXTS = [r + s for s in SUITS for r in RANKS] + ["JK"]
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
#: The jack of the same colour: clubs/spades black, diamonds/hearts red.
LEFT_BOWER = {"C": "JS", "S": "JC", "H": "JD", "D": "JH"}


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def texts(cs: list[Card]) -> str:
    return " ".join(str(x) for x in cs)


# ---- parsing ------------------------------------------------------------------------


def test_there_are_25_distinct_cards() -> None:
    parsed = [Card.parse(t) for t in ALL_TEXTS]
    assert len(set(parsed)) == 25
    assert len({str(x) for x in parsed}) == 25


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_str_round_trip(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(str(card)) is card


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_lower_and_mixed_case(text: str) -> None:
    card = Card.parse(text)
    assert Card.parse(text.lower()) is card
    assert Card.parse(text[0].lower() + text[1]) is card
    assert Card.parse(text[0] + text[1].lower()) is card


@pytest.mark.parametrize("suit", SUITS)
def test_ten_written_as_10(suit: str) -> None:
    ten = Card.parse("T" + suit)
    assert Card.parse("10" + suit) is ten
    assert Card.parse("10" + suit.lower()) is ten
    assert Card.parse("10" + SYMBOLS[suit]) is ten
    assert str(ten) == "T" + suit


@pytest.mark.parametrize("suit", SUITS)
@pytest.mark.parametrize("rank", RANKS)
def test_suit_symbols(rank: str, suit: str) -> None:
    card = Card.parse(rank + suit)
    assert Card.parse(rank + SYMBOLS[suit]) is card
    assert Card.parse(rank.lower() + SYMBOLS[suit]) is card


def test_surrounding_whitespace_is_forgiven() -> None:
    assert Card.parse(" AS ") is Card.parse("AS")


def test_joker_notation() -> None:
    joker = Card.parse("JK")
    assert Card.parse("jk") is joker
    assert Card.parse("Jk") is joker
    assert str(joker) == "JK"


def test_card_attributes() -> None:
    assert (c("TH").rank, c("TH").suit) == ("T", "H")
    assert (c("9C").rank, c("9C").suit) == ("9", "C")
    assert not c("JH").is_joker
    assert c("JK").is_joker


@pytest.mark.parametrize(
    "bad",
    [
        "",
        " ",
        "A",
        "AX",
        "1H",
        "11H",
        "10",
        "8H",
        "HA",
        "ASS",
        "KK",
        "JJ",
        "Joker",
        "A S",
        "A♦♦",
        "ZZ",
    ],
)
def test_bad_text_raises_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="card"):
        Card.parse(bad)


@pytest.mark.parametrize("bad", [None, 5, 2.0, b"AS", ["AS"]])
def test_non_text_raises_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        Card.parse(bad)  # type: ignore[arg-type]


# ---- identity, immutability, hashing, ordering ---------------------------------------


def test_parse_returns_singletons() -> None:
    for text in ALL_TEXTS:
        assert Card.parse(text) is Card.parse(text.lower())


def test_cards_cannot_be_constructed() -> None:
    with pytest.raises(TypeError):
        Card(3)


@pytest.mark.parametrize("attr", ["rank", "suit", "index", "anything"])
def test_cards_are_immutable(attr: str) -> None:
    card = c("AS")
    with pytest.raises(AttributeError):
        setattr(card, attr, "X")
    with pytest.raises(AttributeError):
        delattr(card, "rank")
    assert str(card) == "AS"
    assert card.rank == "A"


def test_hashing() -> None:
    deck = [Card.parse(t) for t in ALL_TEXTS]
    table = {card: str(card) for card in deck}
    for t in ALL_TEXTS:
        assert table[Card.parse(t.lower())] == t
    assert len({*deck, *deck}) == 25
    assert c("AS") == Card.parse("as")
    assert c("AS") != c("AH")


def test_ordering_is_deck_order() -> None:
    deck = [Card.parse(t) for t in ALL_TEXTS]
    shuffled = deck[::-1]
    assert sorted(shuffled) == deck
    assert c("9C") < c("AC") < c("9D") < c("AS") < c("JK")
    assert c("JK") > c("AS")
    assert c("AC") <= c("AC")
    assert c("AC") >= c("AC")
    assert max(deck) is c("JK")
    assert min(deck) is c("9C")


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_pickle_and_copy_keep_identity(text: str) -> None:
    card = Card.parse(text)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(card, protocol)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert copy.deepcopy([card, {card: card}]) == [card, {card: card}]
    assert copy.deepcopy([card])[0] is card


def test_repr_evaluates_to_the_card() -> None:
    for text in ALL_TEXTS:
        card = Card.parse(text)
        assert eval(repr(card), {"Card": Card}) is card


# ---- effective suit -------------------------------------------------------------------


@pytest.mark.parametrize("trump", SUITS)
def test_effective_suit_of_joker_is_trump(trump: str) -> None:
    assert effective_suit(c("JK"), trump) == trump


@pytest.mark.parametrize("trump", SUITS)
def test_effective_suit_of_both_bowers_is_trump(trump: str) -> None:
    assert effective_suit(c("J" + trump), trump) == trump
    assert effective_suit(c(LEFT_BOWER[trump]), trump) == trump


@pytest.mark.parametrize("trump", SUITS)
def test_effective_suit_of_other_cards_is_printed_suit(trump: str) -> None:
    for text in ALL_TEXTS:
        if text in ("JK", "J" + trump, LEFT_BOWER[trump]):
            continue
        assert effective_suit(c(text), trump) == text[1], text


def test_jacks_of_the_other_colour_stay_in_their_suit() -> None:
    # hearts trump: JC and JS are ordinary black jacks
    assert effective_suit(c("JC"), "H") == "C"
    assert effective_suit(c("JS"), "H") == "S"
    # clubs trump: the red jacks stay red
    assert effective_suit(c("JD"), "C") == "D"
    assert effective_suit(c("JH"), "C") == "H"


@pytest.mark.parametrize("trump", SUITS)
def test_effective_suit_accepts_symbol_and_lower_case(trump: str) -> None:
    assert effective_suit(c("JK"), trump.lower()) == trump
    assert effective_suit(c(LEFT_BOWER[trump]), SYMBOLS[trump]) == trump


@pytest.mark.parametrize("bad", ["X", "", "K", "HH", "hearts"])
def test_bad_trump_raises_value_error(bad: str) -> None:
    with pytest.raises(ValueError, match="suit"):
        effective_suit(c("AS"), bad)
    with pytest.raises(ValueError, match="suit"):
        trump_order(bad)


# ---- trump order, rank order, sorting ----------------------------------------------------

TRUMP_ORDERS = {
    "H": "JK JH JD AH KH QH TH 9H",
    "D": "JK JD JH AD KD QD TD 9D",
    "C": "JK JC JS AC KC QC TC 9C",
    "S": "JK JS JC AS KS QS TS 9S",
}


@pytest.mark.parametrize("trump", SUITS)
def test_trump_order(trump: str) -> None:
    assert texts(trump_order(trump)) == TRUMP_ORDERS[trump]


def test_trump_order_hearts_example_from_rules() -> None:
    # docs/rules.md §2: "Example, hearts trump: JK, JH, JD, AH, KH, QH, TH, 9H."
    assert trump_order("H") == cards("JK JH JD AH KH QH TH 9H")


@pytest.mark.parametrize("trump", SUITS)
def test_trump_order_cards_all_count_as_trump(trump: str) -> None:
    order = trump_order(trump)
    assert len(order) == 8
    assert all(effective_suit(x, trump) == trump for x in order)
    others = [Card.parse(t) for t in ALL_TEXTS if Card.parse(t) not in order]
    assert not any(effective_suit(x, trump) == trump for x in others)


RANK_ORDER_HEARTS = (
    "JK JH JD AH KH QH TH 9H "
    "AC KC QC JC TC 9C "
    "AD KD QD TD 9D "  # no JD: it is the left bower
    "AS KS QS JS TS 9S"
)


def test_rank_order_hearts() -> None:
    assert texts(rank_order("H")) == RANK_ORDER_HEARTS


@pytest.mark.parametrize("trump", SUITS)
def test_rank_order_all_trumps(trump: str) -> None:
    order = rank_order(trump)
    assert len(order) == 25
    assert set(order) == {Card.parse(t) for t in ALL_TEXTS}
    assert order[:8] == trump_order(trump)
    rest = order[8:]
    # the plain suits follow in club, diamond, heart, spade order, each A K Q J T 9
    expected = []
    for s in SUITS:
        if s == trump:
            continue
        for r in "AKQJT9":
            if r + s != LEFT_BOWER[trump]:
                expected.append(r + s)
    assert [str(x) for x in rest] == expected


def test_sort_hand_without_trump() -> None:
    hand = cards("9H JK AS TC JD AC KH")
    assert texts(sort_hand(hand)) == "AC TC JD KH 9H AS JK"


def test_sort_hand_with_trump_groups_trumps_first() -> None:
    hand = cards("9H JK AS TC JD AC KH")
    # hearts trump: JK, JD (left bower), KH, 9H; then clubs, spades
    assert texts(sort_hand(hand, "H")) == "JK JD KH 9H AC TC AS"
    # clubs trump: JK, AC, TC; then diamonds, hearts, spades
    assert texts(sort_hand(hand, "C")) == "JK AC TC JD KH 9H AS"


def test_sort_hand_keeps_all_cards_and_is_stable_under_reordering() -> None:
    deck = [Card.parse(t) for t in ALL_TEXTS]
    for trump in (None, *SUITS):
        a = sort_hand(deck, trump)
        b = sort_hand(deck[::-1], trump)
        assert a == b
        assert sorted(a) == deck
    for trump in SUITS:
        assert sort_hand(deck, trump) == trump_order(trump) + [
            x for x in sort_hand(deck) if x not in trump_order(trump)
        ]


def test_sort_hand_empty() -> None:
    assert sort_hand([]) == []
    assert sort_hand([], "S") == []
