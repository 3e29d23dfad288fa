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

from ..cards import CARDS, JOKER, RANKS, SUITS
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
        "hint_levels": list(HINT_LEVELS),
        "hint_level": HINT_LEVEL,
        "phases": list(PHASES),
        "action_kinds": list(ACTION_KINDS),
        "action_words": {kind: kind for kind in ACTION_KINDS},
        "kinds_with_argument": list(KINDS_WITH_ARGUMENT),
        "named_bids": list(NAMED_BIDS),
        "card_roles": list(CARD_ROLES),
    }
