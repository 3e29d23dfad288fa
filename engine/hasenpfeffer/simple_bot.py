"""A small, deterministic computer player for the terminal game.

``choose(view)`` takes ``Game.view(seat)`` (what that seat may know, as a
JSON-ready dict) and returns the text of one of ``view["legal_actions"]``. It
never looks at anything else, so the same view always gives the same answer.

The play is simple and readable rather than strong:

- bidding: for each possible trump, count likely tricks (Joker, bowers, trump
  aces and length, side aces, voids), add a little for the partner and the
  widow, and bid the lowest legal bid up to that count;
- trump and discard: the suit whose best six of the seven cards count most,
  then discard the weakest non-trump;
- alone and defend alone: only with a very strong hand;
- play: the maker leads high trumps while the opponents may still hold some;
  otherwise lead side aces, then low cards. Follow with the lowest card that
  wins the trick, or the lowest card when it cannot win or when the partner is
  already winning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from .cards import RANKS, SUITS, Card, effective_suit, trump_order
from .rules import trick_winner

#: Likely tricks for each trump, in trump order (JK, right, left, A, K, Q, T, 9).
TRUMP_WEIGHTS: Final = (1.0, 0.95, 0.8, 0.6, 0.45, 0.35, 0.3, 0.3)
SIDE_ACE: Final = 0.75
SIDE_KING_WITH_ACE: Final = 0.3
SIDE_KING: Final = 0.15
LENGTH_BONUS: Final = 0.3  # per trump beyond two
VOID_BONUS: Final = 0.25  # per void side suit when holding two trumps or more
PARTNER_TRICKS: Final = 0.8  # what a partner adds, on average
WIDOW_TRICKS: Final = 0.3  # what the widow adds to a maker's hand
BIG_PEPPER: Final = 6.4  # about the six top trumps: a sure six tricks, so double the stakes
BID_VALUES: Final = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "little": 6, "big": 7}


def choose(view: Mapping[str, Any]) -> str:
    """The action (its text) this bot takes; one of ``view["legal_actions"]``."""
    legal: list[str] = list(view["legal_actions"])
    if not legal:
        raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    hand = [Card.parse(c) for c in view["hand"]]
    if phase == "bidding":
        return _bid(view, hand, legal)
    if phase == "trump":
        return f"trump {best_trump(hand)}"
    if phase == "discard":
        return f"discard {weakest_card(hand, view['trump'])}"
    if phase == "alone":
        return "alone" if _very_strong(hand, view["trump"], view["bid"]) else "decline"
    if phase == "defend_alone":
        return "alone" if _strong_defence(hand, view["trump"]) else "decline"
    if phase == "play":
        return "play " + str(_play(view, [Card.parse(a.split()[1]) for a in legal]))
    raise ValueError(f"unknown phase {phase!r}")


# ---- hand evaluation -------------------------------------------------------------


def is_trump(card: Card, trump: str) -> bool:
    return effective_suit(card, trump) == trump


def likely_tricks(hand: Sequence[Card], trump: str) -> float:
    """A rough count of the tricks ``hand`` takes with ``trump`` as trump."""
    order = trump_order(trump)
    trumps = [c for c in hand if is_trump(c, trump)]
    score = sum(TRUMP_WEIGHTS[order.index(c)] for c in trumps)
    score += LENGTH_BONUS * max(0, len(trumps) - 2)
    for suit in SUITS:
        if suit == trump:
            continue
        ranks = {c.rank for c in hand if not is_trump(c, trump) and c.suit == suit}
        if not ranks:
            score += VOID_BONUS if len(trumps) >= 2 else 0.0
        elif "A" in ranks:
            score += SIDE_ACE + (SIDE_KING_WITH_ACE if "K" in ranks else 0.0)
        elif "K" in ranks and len(ranks) <= 2:
            score += SIDE_KING
    return score


def _best_six(hand: Sequence[Card], trump: str) -> list[Card]:
    """The hand less its weakest card, if it holds more than six."""
    if len(hand) <= 6:
        return list(hand)
    drop = weakest_card(hand, trump)
    return [c for c in hand if c is not drop]


def best_trump(hand: Sequence[Card]) -> str:
    """The suit that makes ``hand`` (the maker's seven cards) strongest; ties: C D H S."""
    return max(SUITS, key=lambda s: (likely_tricks(_best_six(hand, s), s), -SUITS.index(s)))


def _cheapness(card: Card, trump: str) -> tuple[int, int, int]:
    """Sort key, cheapest first: non-trumps by rank before any trump, trumps by rank."""
    if is_trump(card, trump):
        return (1, -trump_order(trump).index(card), 0)
    return (0, RANKS.index(card.rank), SUITS.index(card.suit))


def weakest_card(hand: Sequence[Card], trump: str) -> Card:
    """The card to throw away: the lowest non-trump, preferring one that empties a
    suit; the lowest trump only when the hand holds nothing else."""

    def key(c: Card) -> tuple[int, int, int, int]:
        trumpness, rank, suit = _cheapness(c, trump)
        same_suit = sum(1 for d in hand if not is_trump(d, trump) and d.suit == c.suit)
        return (trumpness, rank, 0 if trumpness else same_suit, suit)

    return min(hand, key=key)


def _very_strong(hand: Sequence[Card], trump: str, bid: int) -> bool:
    """Go alone only with the Joker, the right bower and four trumps or more,
    and a count of tricks of five and a half or more, and at least the bid."""
    order = trump_order(trump)
    trumps = [c for c in hand if is_trump(c, trump)]
    return (
        order[0] in hand
        and order[1] in hand
        and len(trumps) >= 4
        and likely_tricks(hand, trump) >= max(5.5, bid)
    )


def _strong_defence(hand: Sequence[Card], trump: str) -> bool:
    order = trump_order(trump)
    trumps = [c for c in hand if is_trump(c, trump)]
    return order[0] in hand and order[1] in hand and len(trumps) >= 3


# ---- bidding ---------------------------------------------------------------------


def _bid(view: Mapping[str, Any], hand: Sequence[Card], legal: Sequence[str]) -> str:
    seat: int = view["seat"]
    my_count = max(likely_tricks(hand, s) for s in SUITS)
    expect = my_count + PARTNER_TRICKS + WIDOW_TRICKS
    high = BID_VALUES[view["high_bid"]] if view["high_bid"] is not None else 0
    if view["high_bidder"] == (seat + 2) % 4:
        expect -= 1.5  # the partner already holds the contract: overbid only when much stronger
    bids = sorted(
        (BID_VALUES[a.split()[1]], a) for a in legal if a.startswith("bid ") and a != "bid big"
    )
    if "bid big" in legal and expect >= BIG_PEPPER:
        return "bid big"
    for value, action in bids:  # the lowest legal bid we expect to make
        if value > high and value <= int(expect):
            return action
    return "pass"


# ---- play ------------------------------------------------------------------------


def _play(view: Mapping[str, Any], legal: Sequence[Card]) -> Card:
    trump: str = view["trump"]
    seat: int = view["seat"]
    trick = [(int(p["seat"]), Card.parse(p["card"])) for p in view["trick"]]
    hand = [Card.parse(c) for c in view["hand"]]
    if not trick:
        return _lead(view, hand, legal, trump)
    cards = [c for _, c in trick]
    winner_seat = trick[trick_winner(cards, trump)][0]
    cheapest = sorted(legal, key=lambda c: _cheapness(c, trump))
    if winner_seat == (seat + 2) % 4:
        return cheapest[0]  # never overtake the partner
    winning = [c for c in cheapest if trick_winner([*cards, c], trump) == len(cards)]
    return winning[0] if winning else cheapest[0]


def _trumps_out(view: Mapping[str, Any], hand: Sequence[Card], trump: str) -> int:
    """Trumps this seat has not seen: not in hand, not played, not its own discard."""
    seen = {c for c in hand if is_trump(c, trump)}
    for trick in view["tricks"]:
        seen |= {Card.parse(p["card"]) for p in trick["cards"]}
    seen |= {Card.parse(p["card"]) for p in view["trick"]}
    if view.get("discard"):
        seen.add(Card.parse(view["discard"]))
    return sum(1 for c in trump_order(trump) if c not in seen)


def _lead(view: Mapping[str, Any], hand: Sequence[Card], legal: Sequence[Card], trump: str) -> Card:
    seat: int = view["seat"]
    maker: int = view["maker"]
    trumps = sorted((c for c in legal if is_trump(c, trump)), key=lambda c: _cheapness(c, trump))
    sides = sorted((c for c in legal if not is_trump(c, trump)), key=lambda c: _cheapness(c, trump))
    if maker == seat and trumps and _trumps_out(view, hand, trump) > 0:
        return trumps[-1]  # the maker draws the opponents' trumps, highest first
    aces = [c for c in sides if c.rank == "A"]
    if aces:
        return aces[0]
    if maker % 2 == seat % 2 and len(trumps) >= 2:
        return trumps[-1]
    if sides:
        return sides[0]
    return trumps[0]
