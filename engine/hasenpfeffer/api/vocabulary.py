"""The game's words for the web page, as JSON-ready data: the build writes
them into ``web/shared/vocabulary.js``, so no word of the notation, no suit
and no card role is typed a second time in JavaScript.

>>> words = web_vocabulary()
>>> words["suits"], words["named_bids"]
(['C', 'D', 'H', 'S'], ['little', 'big'])
>>> words["action_words"]["bid"] + " " + words["named_bids"][0]
'bid little'
"""

from __future__ import annotations

from typing import Any

from ..actions import BID_BIG, auction_calls
from ..cards import CARDS, JOKER, NUM_CARDS, RANKS, SUITS, trump_order
from ..dealing import deal_hands
from ..rules import PRESETS, Rules, hand_points, stake_multiplier
from ..vocabulary import (
    ACTION_KINDS,
    CARD_ROLES,
    HINT_LEVEL,
    HINT_LEVELS,
    HUMAN,
    KINDS_WITH_ARGUMENT,
    LEVELS,
    NAMED_BIDS,
    PHASES,
    RENAMED_LEVELS,
    SEAT_NAMES,
    SEATS,
)


def web_vocabulary() -> dict[str, Any]:
    """Suits, ranks, the Joker's text, the deck's cards (in the engine's order), seats,
    levels, phases, the action kinds with the word that starts each action's text,
    pepper's named bids and the card roles."""
    return {
        "suits": list(SUITS),
        "ranks": list(RANKS),
        "joker": str(CARDS[JOKER]),
        "cards": [str(card) for card in CARDS],
        "seats": list(SEATS),
        "seat_names": list(SEAT_NAMES),
        "levels": [HUMAN, *LEVELS],
        "bot_levels": list(LEVELS),
        # former levels, each read as the level that took its place (a stored setting,
        # a saved game, a link, the statistics): the page says so once
        "renamed_levels": dict(RENAMED_LEVELS),
        "hint_levels": list(HINT_LEVELS),
        "hint_level": HINT_LEVEL,
        "phases": list(PHASES),
        "action_kinds": list(ACTION_KINDS),
        "action_words": {kind: kind for kind in ACTION_KINDS},
        "kinds_with_argument": list(KINDS_WITH_ARGUMENT),
        "named_bids": list(NAMED_BIDS),
        "card_roles": list(CARD_ROLES),
        "rule_sets": {name: rule_set_words(rules) for name, rules in PRESETS.items()},
    }


def rule_set_words(rules: Rules) -> dict[str, Any]:
    """What the rules page says of a rule set, from the engine itself: ``numbers``,
    every number a rule sentence states (the page fills its ``{name}`` placeholders
    with them, so no text types one), and ``table``, the rule-set table's cell of each
    row as a key the page has words for.

    >>> seed = rule_set_words(Rules.preset("seed"))
    >>> seed["numbers"]["deck"], seed["numbers"]["hand"], seed["numbers"]["stakes"]
    (25, 6, [1, 2, 4])
    >>> rule_set_words(Rules.preset("traditional"))["table"]["first_lead"]
    'left_of_dealer'
    """
    hands, _widow = deal_hands(range(NUM_CARDS), 3)  # deck in order: seat 0 is dealt first
    first = hands[0]
    hand = first.bit_count()
    batch = next(n for n in range(NUM_CARDS) if not first >> n & 1)
    numbered = [a.value for a in auction_calls(rules.bidding, 0) if str(a)[4:].isdigit()]
    bigs = (False, True) if any(a is BID_BIG for a in auction_calls(rules.bidding, 0)) else (False,)
    alones = (False, True) if rules.going_alone else (False,)
    defenders = (False, True) if rules.lone_defender else (False,)
    stakes = sorted(
        {stake_multiplier(b, a, d and a) for b in bigs for a in alones for d in defenders}
    )
    six = rules.replace(fail_penalty="six")
    if rules.first_lead == "maker":
        first_lead = "maker_or_lone_defender" if rules.lone_defender else "maker"
    elif rules.going_alone:
        first_lead = "left_of_dealer_or_alone" if rules.lone_defender else "left_of_dealer_or_maker"
    else:
        first_lead = "left_of_dealer"
    alone = "maker_and_defender" if rules.lone_defender else "maker"
    return {
        "numbers": {
            "deck": NUM_CARDS,
            "hand": hand,
            "batch": batch,
            "dealt": 4 * hand,
            "trumps": len(trump_order(SUITS[0])),
            "min_bid": min(numbered),
            "top_bid": max(numbered),
            "forced_bid": rules.forced_bid,
            "target": rules.target,
            "fail_points": -hand_points(six, 1, 0, 1)[0],
            "stakes": stakes,
        },
        "table": {
            "bidding": rules.bidding,
            "all_pass": rules.all_pass,
            "going_alone": alone if rules.going_alone else "no",
            "fail_penalty": rules.fail_penalty,
            "defenders_score": "tricks" if rules.defenders_score else "nothing",
            "first_lead": first_lead,
        },
    }
