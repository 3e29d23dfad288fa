"""The oracle: an arena-only reference that sees every card.

It bids and makes its calls like the medium player, and plays every card
double-dummy from the full game, choosing the card with the best exact score
margin for its team (``solve_score_moves``: both sides play on for the hand's
score, not for tricks). It is the upper bound of what card play can achieve in
the arena, never a player in the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CARDS, EFFECTIVE_SUIT, POWER
from ..game import Game
from ..rules import Rules
from .medium import MediumPlayer
from .solver import Position, solve_score_moves


class OraclePlayer:
    level = "oracle"
    needs_game = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._calls = MediumPlayer(seed)

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        legal: list[str] = view["legal_actions"]
        if not legal:
            raise ValueError("this seat has nothing to decide now (no legal actions in the view)")
        if len(legal) == 1 or view["phase"] != "play":
            return self._calls.choose(view)
        if not isinstance(game, Game):
            raise ValueError("the oracle plays from the full game: pass game=")
        pos = Position.from_game(game)
        rules = Rules.from_dict(view["rules"])
        team = view["seat"] & 1
        t = pos.trump
        led = EFFECTIVE_SUIT[t][pos.trick[0][1]] if pos.trick else t

        sign = 1 if pos.maker_team == team else -1

        def value(item: tuple[int, int]) -> tuple[int, int]:
            card, margin = item
            return (sign * margin, -POWER[t][led][card])  # ties: the cheaper card

        card = max(solve_score_moves(pos, rules).items(), key=value)[0]
        return f"play {CARDS[card]}"


def make(seed: int = 0) -> OraclePlayer:
    return OraclePlayer(seed)


__all__ = ["OraclePlayer", "make"]
