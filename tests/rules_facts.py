"""The rule statements of the rules page (web/rules/texts/<lang>.json), each checked
against the engine under a rule set.

A paragraph of the page names the rules it states, ``<p data-facts="first_lead_maker
...">``; ``FACTS`` holds, for each name, a check that plays the engine and returns
``None`` when the statement is true under the rules given, or what the engine did
instead. The checks do not repeat the engine's rules: they watch whole games of
random legal play (``observed``) and compare what happened with the statement, with
the card order and the suits worked out here from the notation alone. The numbers a
sentence states come from ``rule_set_words`` (the page fills its placeholders with
them) and are held to the same games.

"advice" marks a paragraph that states no rule (a tip on how to play); it is the
one name without a check.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from hasenpfeffer.api.vocabulary import rule_set_words
from hasenpfeffer.cards import CARDS, SUITS, Card, trump_order
from hasenpfeffer.dealing import deal_hands
from hasenpfeffer.game import Game
from hasenpfeffer.rules import PRESETS, Rules, legal_plays, trick_winner

#: Random games watched per rule set (each game is many hands).
GAMES = 60
ADVICE = "advice"
JOKER = "JK"
PLAIN_ORDER = "AKQJT9"
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def effective_suit(card: str, trump: str) -> str:
    """The suit a card follows under ``trump``: the Joker and the left bower are trumps."""
    if card == JOKER or card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[1]


def trump_rank(card: str, trump: str) -> int:
    """A trump's strength, 0 the highest."""
    order = [JOKER, "J" + trump, "J" + SAME_COLOUR[trump], *(r + trump for r in "AKQT9")]
    return order.index(card)


def expected_winner(cards: list[str], trump: str) -> int:
    """The position of the card that wins a trick, from the ranking as the page states it."""
    trumps = [i for i, c in enumerate(cards) if effective_suit(c, trump) == trump]
    if trumps:
        return min(trumps, key=lambda i: trump_rank(cards[i], trump))
    led = effective_suit(cards[0], trump)
    following = [i for i, c in enumerate(cards) if effective_suit(c, trump) == led]
    return min(following, key=lambda i: PLAIN_ORDER.index(cards[i][0]))


@dataclass
class Hand:
    """One hand as it was played, with the moments the statements speak of."""

    dealer: int
    dealt: list[list[str]]
    widow: str
    record: dict[str, Any]
    calls_at_start: list[str]
    maker_cards_at_trump: list[str] = field(default_factory=list)
    trump_choices: list[str] = field(default_factory=list)
    discard_choices: list[str] = field(default_factory=list)
    after_discard_phase: str | None = None
    defend_alone_asked: list[int] = field(default_factory=list)
    plays: list[tuple[int, list[str], list[str], list[str], str]] = field(default_factory=list)
    """(seat, hand before, trick before, legal cards, card played) for every play."""
    views_during_play: list[tuple[int, str]] = field(default_factory=list)
    multiplier: int = 1
    next_dealer: int | None = None

    @property
    def thrown_in(self) -> bool:
        return bool(self.record["thrown_in"])

    @property
    def maker(self) -> int:
        maker = self.record["maker"]
        assert isinstance(maker, int)
        return maker

    def maker_side(self, points_or_tricks: list[int]) -> tuple[int, int]:
        team = self.maker % 2
        return points_or_tricks[team], points_or_tricks[1 - team]


@dataclass
class Observed:
    rules: Rules
    hands: list[Hand]
    games: list[Game]


def _play_hand(game: Game, rng: random.Random, passing: bool) -> Hand:
    number = game.hand_number
    dealer = game.dealer
    hand = Hand(
        dealer=dealer,
        dealt=[[str(c) for c in game.hand(s)] for s in range(4)],
        widow=str(game.widow),
        record={},
        calls_at_start=[str(a) for a in game.legal_actions()],
    )
    while game.hand_number == number and not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        if game.phase == "trump":
            hand.maker_cards_at_trump = [str(c) for c in game.hand(seat)]
            hand.trump_choices = [str(a) for a in legal]
        elif game.phase == "discard":
            hand.discard_choices = [str(a.card) for a in legal]
        elif game.phase == "defend_alone":
            hand.defend_alone_asked.append(seat)
        elif game.phase == "play":
            if not game.trick and not hand.plays:
                hand.multiplier = game.multiplier
                # what each seat is shown of this hand (the last hand's record is public)
                views = [game.view(s) for s in range(4)]
                hand.views_during_play = [
                    (s, repr({k: v for k, v in view.items() if k != "last_hand"}))
                    for s, view in enumerate(views)
                ]
            hand.plays.append(
                (
                    seat,
                    [str(c) for c in game.hand(seat)],
                    [str(c) for _s, c in game.trick],
                    [str(a.card) for a in legal],
                    "",
                )
            )
        before = game.phase
        action = legal[0] if passing and before == "bidding" else rng.choice(legal)
        game.apply(action)
        if before == "play":
            s, h, t, lg, _ = hand.plays[-1]
            hand.plays[-1] = (s, h, t, lg, str(action.card))
        if before == "discard":
            hand.after_discard_phase = game.phase
    hand.record = game.records[-1].to_dict()
    if not game.is_over:
        hand.next_dealer = game.dealer
    return hand


@cache
def observed(rules: Rules) -> Observed:
    """Every hand of ``GAMES`` games of random legal play under ``rules`` (seeded); in
    every third game everyone passes (pass is the first legal call), so that the rule
    for four passes is seen too."""
    rng = random.Random(f"rules facts {rules}")
    hands: list[Hand] = []
    games: list[Game] = []
    for seed in range(GAMES):
        game = Game.new(rules, seed=seed)
        while not game.is_over and game.hand_number < 60:
            hands.append(_play_hand(game, rng, passing=seed % 3 == 0))
        games.append(game)
    return Observed(rules, hands, games)


def numbers(rules: Rules) -> dict[str, Any]:
    return dict(rule_set_words(rules)["numbers"])


Check = Callable[[Rules], str | None]
FACTS: dict[str, Check] = {}


def fact(check: Check) -> Check:
    """Register a check under its name (a trailing ``_fact`` dropped, where the name
    would hide an engine function's)."""
    FACTS[check.__name__.removesuffix("_fact")] = check
    return check


def first(found: Iterator[str]) -> str | None:
    return next(found, None)


def played(rules: Rules) -> list[Hand]:
    return [h for h in observed(rules).hands if not h.thrown_in]


def tricks(hand: Hand) -> list[dict[str, Any]]:
    return list(hand.record["tricks"])


# --- players, deck, ranking -------------------------------------------------------------


@fact
def partners_opposite(rules: Rules) -> str | None:
    """South and North (0, 2) against West and East (1, 3): each trick counts for the
    winner's team, and the points go to teams."""
    for hand in played(rules):
        won = [0, 0]
        for trick in tricks(hand):
            won[trick["winner"] % 2] += 1
        if won != hand.record["tricks_won"]:
            return f"tricks won by team {hand.record['tricks_won']}, by seat parity {won}"
    return None


@fact
def partners_share_tricks(rules: Rules) -> str | None:
    """A made bid scores the tricks of both partners."""
    for hand in played(rules):
        mine, _theirs = hand.maker_side(hand.record["tricks_won"])
        points, _ = hand.maker_side(hand.record["points"])
        if mine >= hand.record["bid"] and points != mine * hand.multiplier:
            return f"the makers' side took {mine} tricks and scored {points}"
    return None


@fact
def play_clockwise(rules: Rules) -> str | None:
    for hand in played(rules):
        out = set(hand.record["sitting_out"])
        for trick in tricks(hand):
            seats = [p["seat"] for p in trick["cards"]]
            expected = [s for k in range(4) if (s := (trick["leader"] + k) % 4) not in out]
            if seats != expected:
                return f"a trick led by {trick['leader']} went {seats}"
    return None


@fact
def deck_cards(rules: Rules) -> str | None:
    expected = {r + s for s in "CDHS" for r in "9TJQKA"} | {JOKER}
    deck = {str(c) for c in CARDS}
    if deck != expected or numbers(rules)["deck"] != len(expected):
        return f"the deck is {sorted(deck)}; the page says {numbers(rules)['deck']} cards"
    for hand in observed(rules).hands[:50]:
        dealt = [c for h in hand.dealt for c in h] + [hand.widow]
        if sorted(dealt) != sorted(expected):
            return "a deal is not the whole deck"
    return None


@fact
def joker_highest(rules: Rules) -> str | None:
    for suit in SUITS:
        if str(trump_order(suit)[0]) != JOKER:
            return f"with {suit} trump the highest card is {trump_order(suit)[0]}"
    for hand in played(rules):
        for trick in tricks(hand):
            cards = [p["card"] for p in trick["cards"]]
            if JOKER in cards and trick["cards"][cards.index(JOKER)]["seat"] != trick["winner"]:
                return f"the Joker lost the trick {cards}"
    return None


@fact
def notation(rules: Rules) -> str | None:
    for code, rank, suit in (("AS", "A", "S"), ("TH", "T", "H"), ("9D", "9", "D")):
        card = Card.parse(code)
        if (card.rank, card.suit) != (rank, suit):
            return f"{code} is {card.rank} of {card.suit}"
    return None if str(Card.parse("JK")) == JOKER else "the Joker is not JK"


@fact
def trump_order_fact(rules: Rules) -> str | None:
    for suit in SUITS:
        expected = [JOKER, "J" + suit, "J" + SAME_COLOUR[suit], *(r + suit for r in "AKQT9")]
        order = [str(c) for c in trump_order(suit)]
        if order != expected or len(order) != numbers(rules)["trumps"]:
            return f"with {suit} trump the trumps are {order}"
    return None


@fact
def left_bower_is_trump(rules: Rules) -> str | None:
    for suit in SUITS:
        left = Card.parse("J" + SAME_COLOUR[suit])
        nine = Card.parse("9" + SAME_COLOUR[suit])
        # its printed suit led: the left bower need not (and cannot) follow it
        if legal_plays([left, Card.parse("A" + suit)], [Card.parse("A" + left.suit)], suit) != [
            left,
            Card.parse("A" + suit),
        ]:
            return f"with {suit} trump {left} was made to follow its printed suit"
        # trump led: it must follow
        if legal_plays([left, nine], [Card.parse("9" + suit)], suit) != [left]:
            return f"with {suit} trump {left} was not a trump"
    return None


def _tricks_seen(rules: Rules) -> Iterator[tuple[list[str], str, int]]:
    for hand in played(rules):
        trump = hand.record["trump"]
        for trick in tricks(hand):
            cards = [p["card"] for p in trick["cards"]]
            position = [p["seat"] for p in trick["cards"]].index(trick["winner"])
            yield cards, trump, position


@fact
def trump_beats_plain(rules: Rules) -> str | None:
    for cards, trump, position in _tricks_seen(rules):
        trumps = [c for c in cards if effective_suit(c, trump) == trump]
        if trumps and effective_suit(cards[position], trump) != trump:
            return f"{cards[position]} beat a trump in {cards} ({trump} trump)"
    return None


@fact
def plain_order(rules: Rules) -> str | None:
    for trump in SUITS:
        for suit in SUITS:
            if suit == trump:
                continue
            ranks = [r for r in PLAIN_ORDER if not (r == "J" and suit == SAME_COLOUR[trump])]
            for i, high in enumerate(ranks):
                for low in ranks[i + 1 :]:
                    for trick in ([low + suit, high + suit], [high + suit, low + suit]):
                        won = trick_winner([Card.parse(c) for c in trick], trump)
                        if trick[won] != high + suit:
                            return f"{trick[won]} beat {high + suit} with {trump} trump"
    return None


@fact
def off_suit_never_wins(rules: Rules) -> str | None:
    for cards, trump, position in _tricks_seen(rules):
        suit = effective_suit(cards[position], trump)
        if suit not in (trump, effective_suit(cards[0], trump)):
            return f"{cards[position]} of a suit not led won {cards}"
    return None


# --- dealing --------------------------------------------------------------------------


@fact
def dealer_rotates(rules: Rules) -> str | None:
    for hand in observed(rules).hands:
        if hand.next_dealer is not None and hand.next_dealer != (hand.dealer + 1) % 4:
            return f"dealer {hand.dealer} was followed by {hand.next_dealer}"
    dealers = {g.records[0].dealer for g in observed(rules).games}
    return None if len(dealers) > 1 else f"the first dealer was always {dealers}"


@fact
def deal_pattern(rules: Rules) -> str | None:
    n = numbers(rules)
    for dealer in range(4):
        hands, widow = deal_hands(range(len(CARDS)), dealer)
        order = [(dealer + 1 + k) % 4 for k in range(4)]
        expected = [0, 0, 0, 0]
        card = 0
        for _round in range(n["hand"] // n["batch"]):
            for seat in order:
                for _ in range(n["batch"]):
                    expected[seat] |= 1 << card
                    card += 1
        if hands != expected or widow != card:
            return f"dealer {dealer}: dealt {hands}, widow {widow}"
    return None


@fact
def widow(rules: Rules) -> str | None:
    n = numbers(rules)
    for hand in observed(rules).hands[:100]:
        if [len(h) for h in hand.dealt] != [n["hand"]] * 4 or n["dealt"] != 4 * n["hand"]:
            return f"hands of {[len(h) for h in hand.dealt]} cards"
        if any(hand.widow in h for h in hand.dealt):
            return "the widow was dealt"
    return None


# --- bidding ----------------------------------------------------------------------------


def _bids(calls: list[str]) -> list[str]:
    return [c for c in calls if c.startswith("bid ")]


@fact
def bids_standard(rules: Rules) -> str | None:
    n = numbers(rules)
    expected = ["pass", *(f"bid {k}" for k in range(n["min_bid"], n["top_bid"] + 1))]
    return _calls_are(rules, expected)


@fact
def bids_pepper(rules: Rules) -> str | None:
    n = numbers(rules)
    numbered = [f"bid {k}" for k in range(n["min_bid"], n["top_bid"] + 1)]
    return _calls_are(rules, ["pass", *numbered, "bid little", "bid big"])


def _calls_are(rules: Rules, expected: list[str]) -> str | None:
    for hand in observed(rules).hands:
        if hand.calls_at_start != expected:
            return f"the first calls were {hand.calls_at_start}"
        auction = [a["call"] for a in hand.record["auction"]]
        order = [expected.index(c) for c in _bids(auction)]
        if order != sorted(set(order)):
            return f"bids not each higher: {auction}"
    return None


@fact
def big_pepper_ends(rules: Rules) -> str | None:
    seen = False
    for hand in observed(rules).hands:
        auction = [a["call"] for a in hand.record["auction"]]
        if "bid big" in auction:
            seen = True
            if auction[-1] != "bid big":
                return f"the bidding went on after big pepper: {auction}"
    return None if seen else "big pepper was never bid"


@fact
def pass_is_final(rules: Rules) -> str | None:
    for hand in observed(rules).hands:
        passed: set[int] = set()
        for call in hand.record["auction"]:
            if call["seat"] in passed:
                return f"seat {call['seat']} called after passing"
            if call["call"] == "pass":
                passed.add(call["seat"])
    return None


@fact
def auction_ends(rules: Rules) -> str | None:
    """The bidding ends when every player but one has passed with a bid standing, at
    once on the top bid (or big pepper), and goes round clockwise skipping who passed."""
    top = "bid big" if rules.bidding == "pepper" else f"bid {numbers(rules)['top_bid']}"
    for hand in observed(rules).hands:
        auction = hand.record["auction"]
        calls = [a["call"] for a in auction]
        if not _bids(calls):
            continue
        passes = calls.count("pass")
        if calls[-1] != top and passes != 3:
            return f"the bidding ended after {calls}"
        seat = (hand.dealer + 1) % 4
        passed: set[int] = set()
        for call in auction:
            if call["seat"] != seat:
                return f"seat {call['seat']} called out of turn in {calls}"
            if call["call"] == "pass":
                passed.add(seat)
            seat = next(s for k in range(1, 5) if (s := (seat + k) % 4) not in passed)
    return None


@fact
def high_bidder_makes(rules: Rules) -> str | None:
    for hand in played(rules):
        if hand.record["forced"]:
            continue
        last = [a for a in hand.record["auction"] if a["call"] != "pass"][-1]
        if last["seat"] != hand.maker:
            return f"the last bidder was {last['seat']}, the maker {hand.maker}"
    return None


def _all_passed(rules: Rules) -> list[Hand]:
    return [
        h for h in observed(rules).hands if all(a["call"] == "pass" for a in h.record["auction"])
    ]


def _forced(rules: Rules, hands: list[Hand], who: Callable[[Hand], int], what: str) -> str | None:
    """After four passes, ``who`` (a seat of the hand) plays it at the page's forced bid."""
    for hand in hands:
        seat = who(hand)
        if hand.thrown_in or (hand.maker, hand.record["bid"]) != (seat, rules.forced_bid):
            return f"all passed, {what} {seat}: {hand.record['maker']} made"
        if numbers(rules)["forced_bid"] != hand.record["bid"]:
            return "the page's forced bid is not the engine's"
    return None if hands else f"four passes never seen with {what}"


@fact
def all_pass_joker_forced(rules: Rules) -> str | None:
    hands = [h for h in _all_passed(rules) if h.widow != JOKER]
    holder = lambda hand: next(s for s in range(4) if JOKER in hand.dealt[s])  # noqa: E731
    return _forced(rules, hands, holder, "the Joker's holder")


@fact
def all_pass_widow_thrown_in(rules: Rules) -> str | None:
    hands = [h for h in _all_passed(rules) if h.widow == JOKER]
    for hand in hands:
        if not hand.thrown_in or hand.record["points"] != [0, 0]:
            return "the Joker in the widow did not throw the hand in"
        if hand.next_dealer not in (None, (hand.dealer + 1) % 4):
            return "the next dealer did not deal"
    return None if hands else "the Joker was never the widow after four passes"


@fact
def all_pass_dealer_forced(rules: Rules) -> str | None:
    return _forced(rules, _all_passed(rules), lambda hand: hand.dealer, "the dealer")


# --- the widow, trump, the discard ------------------------------------------------------


@fact
def maker_takes_widow(rules: Rules) -> str | None:
    for hand in played(rules):
        expected = sorted([*hand.dealt[hand.maker], hand.widow])
        if sorted(hand.maker_cards_at_trump) != expected:
            return f"the maker held {hand.maker_cards_at_trump} when naming trump"
    return None


@fact
def names_any_suit(rules: Rules) -> str | None:
    for hand in played(rules):
        if hand.trump_choices != [f"trump {s}" for s in SUITS]:
            return f"the maker could name {hand.trump_choices}"
    return None


@fact
def discard_any(rules: Rules) -> str | None:
    joker = False
    for hand in played(rules):
        if sorted(hand.discard_choices) != sorted(hand.maker_cards_at_trump):
            return f"the maker could discard only {hand.discard_choices}"
        joker |= hand.record["discard"] == JOKER
    return None if joker else "the Joker was never discarded"


@fact
def discard_hidden(rules: Rules) -> str | None:
    for hand in played(rules):
        discard = f"'{hand.record['discard']}'"
        for seat, view in hand.views_during_play:
            if seat != hand.maker and discard in view:
                return f"seat {seat} was shown the discard {discard}"
    return None


# --- going alone -------------------------------------------------------------------------


def _alone(rules: Rules) -> list[Hand]:
    return [h for h in played(rules) if h.record["alone"]]


@fact
def alone_after_discard(rules: Rules) -> str | None:
    for hand in played(rules):
        if hand.after_discard_phase != "alone":
            return f"after the discard came {hand.after_discard_phase}"
    return None if _alone(rules) else "nobody went alone"


@fact
def alone_partner_sits_out(rules: Rules) -> str | None:
    for hand in _alone(rules):
        partner = (hand.maker + 2) % 4
        if partner not in hand.record["sitting_out"]:
            return "the lone maker's partner played"
        if any(p["seat"] == partner for t in tricks(hand) for p in t["cards"]):
            return "the lone maker's partner played a card"
    return None if _alone(rules) else "nobody went alone"


def _multiplier(hand: Hand) -> int:
    big = hand.record["bid_call"] == "big"
    lone = hand.record["lone_defender"] is not None
    return (2 if big else 1) * (2 if hand.record["alone"] else 1) * (2 if lone else 1)


def _lone_defended(rules: Rules) -> list[Hand]:
    return [h for h in played(rules) if h.record["lone_defender"] is not None]


def _stake_doubled(hands: list[Hand], times: int, who: str) -> str | None:
    """The stake of each hand is ``times`` its stake without lone players (big pepper
    doubles it on its own)."""
    for hand in hands:
        plain = 2 if hand.record["bid_call"] == "big" else 1
        if hand.multiplier != times * plain:
            return f"with {who} the stake was {hand.multiplier}"
    return None if hands else f"never {who}"


@fact
def alone_doubles(rules: Rules) -> str | None:
    hands = [h for h in _alone(rules) if h.record["lone_defender"] is None]
    return _stake_doubled(hands, 2, "a lone maker")


@fact
def defend_alone_in_turn(rules: Rules) -> str | None:
    seen = False
    for hand in _alone(rules):
        left, right = (hand.maker + 1) % 4, (hand.maker + 3) % 4
        asked = hand.defend_alone_asked
        lone = hand.record["lone_defender"]
        if asked not in ([left], [left, right]):
            return f"the defenders were asked in the order {asked}"
        if lone is not None and lone != asked[-1]:
            return "the lone defender was not the first to say so"
        if lone is None and asked != [left, right]:
            return "a defender was not asked"
        seen |= lone is not None
    return None if seen else "nobody defended alone"


@fact
def defend_alone_partner_sits_out(rules: Rules) -> str | None:
    hands = _lone_defended(rules)
    for hand in hands:
        partner = (hand.record["lone_defender"] + 2) % 4
        if any(p["seat"] == partner for t in tricks(hand) for p in t["cards"]):
            return "the lone defender's partner played a card"
    return None if hands else "nobody defended alone"


@fact
def defend_alone_doubles(rules: Rules) -> str | None:
    return _stake_doubled(_lone_defended(rules), 4, "a lone maker and a lone defender")


@fact
def defend_alone_needs_lone_maker(rules: Rules) -> str | None:
    for hand in played(rules):
        if not hand.record["alone"] and (hand.defend_alone_asked or hand.record["lone_defender"]):
            return "a defender could defend alone against a maker with a partner"
    return None


@fact
def no_going_alone(rules: Rules) -> str | None:
    for hand in played(rules):
        if hand.after_discard_phase != "play" or hand.record["sitting_out"]:
            return f"after the discard came {hand.after_discard_phase}"
    return None


# --- play ------------------------------------------------------------------------------


def _first_leads(rules: Rules) -> Iterator[tuple[Hand, int]]:
    for hand in played(rules):
        yield hand, tricks(hand)[0]["leader"]


@fact
def first_lead_left_of_dealer(rules: Rules) -> str | None:
    """With nobody alone, the player on the dealer's left leads."""
    for hand, leader in _first_leads(rules):
        if not hand.record["sitting_out"] and leader != (hand.dealer + 1) % 4:
            return f"dealer {hand.dealer}, first lead {leader}"
    return None


@fact
def alone_lead(rules: Rules) -> str | None:
    seen = False
    for hand, leader in _first_leads(rules):
        lone = hand.record["lone_defender"]
        if lone is not None:
            expected = lone
        elif hand.record["alone"]:
            expected = (hand.maker + 1) % 4
        else:
            continue
        seen = True
        if leader != expected:
            return f"maker {hand.maker} alone, lone defender {lone}: {leader} led"
    return None if seen else "nobody went alone"


@fact
def lone_defender_leads(rules: Rules) -> str | None:
    seen = False
    for hand, leader in _first_leads(rules):
        lone = hand.record["lone_defender"]
        if lone is not None:
            seen = True
            if leader != lone:
                return f"lone defender {lone}: {leader} led"
    return None if seen else "nobody defended alone"


@fact
def first_lead_maker(rules: Rules) -> str | None:
    for hand, leader in _first_leads(rules):
        if hand.record["lone_defender"] is None and leader != hand.maker:
            return f"maker {hand.maker}, first lead {leader}"
    return None


def _follow(rules: Rules, only_joker: bool) -> str | None:
    seen = False
    for hand in played(rules):
        trump = hand.record["trump"]
        for seat, held, trick, legal, card in hand.plays:
            if not trick or (only_joker and trick[0] != JOKER):
                continue
            seen = True
            led = effective_suit(trick[0], trump)
            following = [c for c in held if effective_suit(c, trump) == led]
            if sorted(legal) != sorted(following or held) or card not in legal:
                return f"seat {seat} held {held} on {trick} ({trump} trump): {legal} allowed"
    return None if seen else "no such trick"


@fact
def must_follow(rules: Rules) -> str | None:
    return _follow(rules, only_joker=False)


@fact
def bower_follows(rules: Rules) -> str | None:
    """The left bower is led as trump and follows trump (the effective suit above)."""
    for trump in SUITS:
        left = Card.parse("J" + SAME_COLOUR[trump])
        hand = [Card.parse("A" + SAME_COLOUR[trump]), Card.parse("9" + trump)]
        if legal_plays(hand, [left], trump) != [hand[1]]:
            return f"{left} led with {trump} trump did not ask for trump"
    return None


@fact
def joker_lead_is_trump(rules: Rules) -> str | None:
    return _follow(rules, only_joker=True)


@fact
def trick_winner_fact(rules: Rules) -> str | None:
    for cards, trump, position in _tricks_seen(rules):
        if expected_winner(cards, trump) != position:
            return f"{cards} with {trump} trump was won by {cards[position]}"
    return None


@fact
def winner_leads(rules: Rules) -> str | None:
    for hand in played(rules):
        ts = tricks(hand)
        for before, after in itertools.pairwise(ts):
            if after["leader"] != before["winner"]:
                return f"{before['winner']} won and {after['leader']} led"
    return None


@fact
def tricks_per_hand(rules: Rules) -> str | None:
    n = numbers(rules)["hand"]
    for hand in played(rules):
        if len(tricks(hand)) != n:
            return f"a hand of {len(tricks(hand))} tricks"
    return None


@fact
def sitting_out_skipped(rules: Rules) -> str | None:
    for hand in played(rules):
        active = 4 - len(hand.record["sitting_out"])
        if any(len(t["cards"]) != active for t in tricks(hand)):
            return "a trick had a card from a seat sitting out, or missed one"
    return None


# --- scoring ----------------------------------------------------------------------------


def _made(hand: Hand) -> bool:
    return hand.maker_side(hand.record["tricks_won"])[0] >= hand.record["bid"]


@fact
def stake_multiplies(rules: Rules) -> str | None:
    """The stake is 1, doubled for big pepper, a lone maker and a lone defender, the
    doublings multiplying; the page's list is every stake the rule set can have."""
    seen = set()
    for hand in played(rules):
        if hand.multiplier != _multiplier(hand):
            return f"a stake of {hand.multiplier}, expected {_multiplier(hand)}"
        seen.add(hand.multiplier)
    stakes = numbers(rules)["stakes"]
    return None if sorted(seen) == stakes else f"stakes seen {sorted(seen)}, page {stakes}"


@fact
def made_scores_tricks(rules: Rules) -> str | None:
    for hand in played(rules):
        tricks_won, _ = hand.maker_side(hand.record["tricks_won"])
        points, _ = hand.maker_side(hand.record["points"])
        if _made(hand) and points != tricks_won * hand.multiplier:
            return f"made with {tricks_won} tricks at x{hand.multiplier}: {points}"
    return None


def _failed_costs(rules: Rules, cost: Callable[[Hand, int], int]) -> str | None:
    seen = False
    for hand in played(rules):
        if _made(hand):
            continue
        seen = True
        tricks_won, _ = hand.maker_side(hand.record["tricks_won"])
        points, _ = hand.maker_side(hand.record["points"])
        if points != -cost(hand, tricks_won) * hand.multiplier:
            return f"bid {hand.record['bid']}, {tricks_won} tricks, x{hand.multiplier}: {points}"
    return None if seen else "no bid failed"


@fact
def failed_costs_tricks(rules: Rules) -> str | None:
    return _failed_costs(rules, lambda _hand, tricks_won: tricks_won)


@fact
def failed_costs_bid(rules: Rules) -> str | None:
    return _failed_costs(rules, lambda hand, _tricks: int(hand.record["bid"]))


@fact
def failed_costs_fail_points(rules: Rules) -> str | None:
    return _failed_costs(rules, lambda _hand, _tricks: int(numbers(rules)["fail_points"]))


@fact
def defenders_score_nothing(rules: Rules) -> str | None:
    for hand in played(rules):
        if hand.maker_side(hand.record["points"])[1] != 0:
            return f"the defenders scored {hand.record['points']}"
    return None


@fact
def defenders_score_tricks(rules: Rules) -> str | None:
    made = failed = False
    for hand in played(rules):
        _, theirs = hand.maker_side(hand.record["tricks_won"])
        _, points = hand.maker_side(hand.record["points"])
        if points != theirs * hand.multiplier:
            return f"the defenders took {theirs} tricks at x{hand.multiplier} and scored {points}"
        made |= _made(hand) and theirs > 0
        failed |= not _made(hand)
    return None if made and failed else "not seen both after a made and a failed bid"


@fact
def scores_go_negative(rules: Rules) -> str | None:
    for game in observed(rules).games:
        if any(min(r.scores) < 0 for r in game.records):
            return None
    return "no score went below zero"


# --- winning ----------------------------------------------------------------------------


@fact
def target_wins(rules: Rules) -> str | None:
    target = numbers(rules)["target"]
    for game in observed(rules).games:
        records = game.records
        for record in records[:-1]:
            if max(record.scores) >= target:
                return f"the game went on at {record.scores}"
        if game.is_over:
            last = records[-1].scores
            if game.winner is None or last[game.winner] < target:
                return f"the game ended at {last}, won by {game.winner}"
    return None


@fact
def makers_win_tie(rules: Rules) -> str | None:
    """Both sides reach the target in one hand: the makers win (games begun just under
    it, so that it happens)."""
    rng = random.Random("makers win a tie")
    target = numbers(rules)["target"]
    seen = 0
    for seed in range(400):
        game = Game.from_deal(
            *_deal(seed), dealer=seed % 4, rules=rules, scores=(target - 2, target - 2), seed=seed
        )
        while game.hand_number == 0 and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        record = game.records[0]
        if record.maker is not None and min(record.scores) >= target:
            seen += 1
            if game.winner != record.maker % 2:
                return f"both reached {target}: {record.scores}, won by {game.winner}"
    return None if seen else "both sides never reached the target together"


def _deal(seed: int) -> tuple[list[list[Card]], Card]:
    cards = list(CARDS)
    random.Random(seed).shuffle(cards)
    return [cards[k * 6 : k * 6 + 6] for k in range(4)], cards[24]


# --- the rule sets ----------------------------------------------------------------------


@fact
def rulesets_differ(rules: Rules) -> str | None:
    """The rule-set table has a row for every field on which the presets differ."""
    rows = set(rule_set_words(rules)["table"])
    fields = {
        name for name in rules.to_dict() if len({getattr(p, name) for p in PRESETS.values()}) > 1
    }
    covered = {"lone_defender": "going_alone"}
    missing = {f for f in fields if covered.get(f, f) not in rows}
    return f"the table has no row for {sorted(missing)}" if missing else None


@fact
def rulesets_same(rules: Rules) -> str | None:
    """Apart from the table's rows, the rule sets' numbers are the same (the stakes and
    the numbered bids follow from the rows)."""
    mine = numbers(rules)
    for name, other in PRESETS.items():
        theirs = numbers(other)
        differ = {k for k in mine if mine[k] != theirs[k]} - {"top_bid", "stakes"}
        if differ:
            return f"{name} differs in {sorted(differ)}"
    return None


#: The rule-set table's cells (``rule_set_words``' ``table``): the statements each makes.
CELL_FACTS: dict[tuple[str, str], tuple[str, ...]] = {
    ("bidding", "standard"): ("bids_standard",),
    ("bidding", "pepper"): ("bids_pepper", "big_pepper_ends"),
    ("all_pass", "joker_forced"): ("all_pass_joker_forced", "all_pass_widow_thrown_in"),
    ("all_pass", "dealer_forced"): ("all_pass_dealer_forced",),
    ("going_alone", "maker_and_defender"): (
        "alone_partner_sits_out",
        "defend_alone_in_turn",
        "defend_alone_partner_sits_out",
    ),
    ("going_alone", "no"): ("no_going_alone",),
    ("fail_penalty", "tricks_won"): ("failed_costs_tricks",),
    ("fail_penalty", "bid"): ("failed_costs_bid",),
    ("fail_penalty", "six"): ("failed_costs_fail_points",),
    ("defenders_score", "tricks"): ("defenders_score_tricks",),
    ("defenders_score", "nothing"): ("defenders_score_nothing",),
    ("first_lead", "left_of_dealer"): ("first_lead_left_of_dealer",),
    ("first_lead", "left_of_dealer_or_alone"): ("first_lead_left_of_dealer", "alone_lead"),
    ("first_lead", "maker"): ("first_lead_maker",),
    ("first_lead", "left_of_dealer_or_maker"): ("first_lead_left_of_dealer", "alone_lead"),
    ("first_lead", "maker_or_lone_defender"): ("first_lead_maker", "lone_defender_leads"),
}


@cache
def holds(name: str, preset: str) -> str | None:
    """None when the statement ``name`` is true under the preset, else what happened."""
    return FACTS[name](Rules.preset(preset))
