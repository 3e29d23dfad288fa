"""The advisor: the one player whose judgement of a decision the table shows.

The hint (``api.game_ops.op_hint``), the hand review's judgement of calls
(``review.review_hand``) and "Why?" (``api.why_ops``) all ask the same player,
seeded the same way for the same position, so they give one answer: a call
made by following the hint is the review's best call, with the same figures.

The player is the hard level (``HardPlayer``), deciding from the seat's own
view, seeded as the game's computer player in that seat would be
(``duplicate.bot_seed`` of the game's seed and the seat). Its decision is a
function of that seed and the view (``medium.decision_key``: the seat, the
hand's number, the actions so far, the scores and the seat's cards), so the
same position of the same game meets the same sampled deals whoever asks.
A hard computer player in that seat is the advisor itself: "Why?" explains
its decision by the very procedure that made it.

>>> from hasenpfeffer.game import Game
>>> game = Game.new(seed=5)
>>> seat = game.to_act
>>> view = game.view(seat)
>>> advisor(game.seed, seat).decide(view).action == advisor(game.seed, seat).decide(view).action
True
>>> advisor_seed(game.seed, seat) == advisor(game.seed, seat).seed
True
"""

from __future__ import annotations

from .duplicate import bot_seed
from .hard import HardPlayer


def advisor_seed(game_seed: int, seat: int) -> int:
    """The advisor's seed for ``seat`` of a game seeded ``game_seed``: the
    seed of that seat's computer player."""
    return bot_seed(game_seed, seat)


def advisor(game_seed: int, seat: int) -> HardPlayer:
    """The advisor for ``seat`` of a game seeded ``game_seed``."""
    return HardPlayer(advisor_seed(game_seed, seat))


__all__ = ["advisor", "advisor_seed"]
