"""The game's words: one list each of the phases, action kinds, seats, levels,
calls and card roles, typed where Python can check them. Every other module,
the JSON API and the web page (``hasenpfeffer.api.vocabulary``, written
into the site at build time) take them from here.

>>> from hasenpfeffer.vocabulary import PHASES, LEVELS, CARD_ROLES, SEAT_NAMES
>>> PHASES[0], PHASES[-1]
('bidding', 'game_over')
>>> LEVELS
('random', 'easy', 'medium', 'hard')
>>> CARD_ROLES[0], SEAT_NAMES[1]
('highest_trump', 'West')
"""

from __future__ import annotations

from typing import Final, Literal, get_args

#: The phases of a game, in the order a hand goes through them.
Phase = Literal["bidding", "trump", "discard", "alone", "defend_alone", "play", "game_over"]
PHASES: Final[tuple[Phase, ...]] = get_args(Phase)

#: What an action does; an action's text starts with its kind's word.
ActionKind = Literal["play", "discard", "trump", "pass", "bid", "alone", "decline"]
ACTION_KINDS: Final[tuple[ActionKind, ...]] = get_args(ActionKind)
#: The kinds whose text has an argument after one space: ``bid 3``, ``trump H``, ``play JD``.
KINDS_WITH_ARGUMENT: Final[tuple[ActionKind, ...]] = ("play", "discard", "trump", "bid")
#: Pepper bidding's bids above five, by name: ``bid little``, ``bid big``.
NAMED_BIDS: Final = ("little", "big")

#: Seats 0..3 clockwise from South; North and South are partners (team 0).
SEATS: Final = (0, 1, 2, 3)
SEAT_NAMES: Final = ("South", "West", "North", "East")

#: A seat's level: a person (decisions through the API's ``act``) or a computer player.
Level = Literal["human", "random", "easy", "medium", "hard"]
HUMAN: Final = "human"
#: The computer players' levels, weakest first.
LEVELS: Final = ("random", "easy", "medium", "hard")
#: Former levels, each read as the level that took its place wherever a request,
#: a save or a link names it (the API's answer then says so: ``renamed_levels``):
#: expert was folded into hard on 2026-12-06, not shown to play better (issue 53).
RENAMED_LEVELS: Final = {"expert": "hard"}
#: Not a level for a seat: the arena's reference that sees every card.
ORACLE: Final = "oracle"
#: The levels that give hints.
HINT_LEVELS: Final = ("medium", "hard")
#: The level whose hints the API gives unless asked for another (and the game
#: page's hints): hard, the measured reference, until a stronger level is shown
#: stronger by the arena (docs/benchmarks.md).
HINT_LEVEL: Final = "hard"

#: What a card is under a trump, from the top of the trump order down;
#: a card with none of these roles is ``plain``.
CardRole = Literal["highest_trump", "right_bower", "left_bower", "trump", "plain"]
CARD_ROLES: Final = ("highest_trump", "right_bower", "left_bower", "trump")
