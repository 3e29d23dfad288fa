"""Hasenpfeffer: the rules engine of the Euchre-family card game with a Joker.

>>> import hasenpfeffer as hp
>>> game = hp.Game.new(seed=7)
>>> game.phase
'bidding'
"""

from .actions import Action, ActionError, IllegalActionError, InvalidActionError
from .cards import Card, effective_suit, rank_order, sort_hand, trump_order
from .game import Game, HandRecord
from .rules import PRESETS, Rules, legal_plays, trick_winner

__version__ = "0.1.0"

__all__ = [
    "PRESETS",
    "Action",
    "ActionError",
    "Card",
    "Game",
    "HandRecord",
    "IllegalActionError",
    "InvalidActionError",
    "Rules",
    "__version__",
    "effective_suit",
    "legal_plays",
    "rank_order",
    "sort_hand",
    "trick_winner",
    "trump_order",
]
