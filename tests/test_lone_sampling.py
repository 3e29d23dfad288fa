"""Deals against a lone maker (``bots.lone_sampling``): consistent with the
view, fitting the lone call, and a function of what the seat sees only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hasenpfeffer.bots.duplicate import bot_seed
from hasenpfeffer.bots.lone_sampling import (
    alone_log_likelihood,
    lone_candidates,
    lone_maker,
)
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.game import Game
from hasenpfeffer.knowledge import Knowledge, hand_mask, sample_game
from hasenpfeffer.rules import PRESETS


def lone_defence(seed: int, rules: str = "seed") -> tuple[Game, int]:
    """The game of ``seed`` with medium's calls, stopped at the first card
    (medium goes alone in these hands), and a defender's seat."""
    game = Game.new(PRESETS[rules], seed=seed)
    callers = [make_player("medium", bot_seed(seed, s)) for s in range(4)]
    while game.phase != "play":
        seat = game.to_act
        assert seat is not None
        game.apply(callers[seat].choose(game.view(seat)))
    assert game.alone and game.maker is not None
    return game, (game.maker + 1) % 4


def original_hand(game: Game, seat: int) -> int:
    return hand_mask([str(c) for c in game.hand(seat)])


@pytest.mark.parametrize("seed", [5, 10])
def test_the_deals_fit_the_view_and_the_call(seed: int) -> None:
    game, defender = lone_defence(seed)
    view: dict[str, Any] = game.view(defender)
    lone = lone_maker(view)
    assert lone is not None and lone.seat == game.maker
    k = Knowledge(view)
    deals = lone_candidates(view, k, random.Random(1), lone, 60)
    assert len(deals) == 60
    for deal in deals:
        # the defender's own cards where they are; every hand its size
        assert deal.hand(defender) == game.hand(defender)
        assert [len(deal.hand(s)) for s in range(4)] == [len(game.hand(s)) for s in range(4)]
        assert deal.phase == "play" and deal.maker == game.maker and deal.alone
    # the maker's hands fit going alone far better than deals drawn at random
    fitted = [alone_log_likelihood(original_hand(d, lone.seat), lone) for d in deals]
    rng = random.Random(2)
    uniform = [
        alone_log_likelihood(original_hand(sample_game(view, rng, k), lone.seat), lone)
        for _ in range(60)
    ]
    assert sum(fitted) / 60 > sum(uniform) / 60 + 5
    # many drawn hands are ones a player would go alone with (likelihood above
    # one half), where the deals at random hold one or two
    assert sum(x > -0.7 for x in fitted) >= 10 > 3 >= sum(x > -0.7 for x in uniform)
    # and they are not one hand over and over
    assert len({original_hand(d, lone.seat) for d in deals}) >= 10


def test_the_deals_depend_on_the_view_and_the_generator_only() -> None:
    game, defender = lone_defence(5)
    view = game.view(defender)
    lone = lone_maker(view)
    assert lone is not None
    # the same view of a game whose hidden cards lie elsewhere: the same deals
    other = sample_game(view, random.Random(9))
    assert other.view(defender) == view
    assert [original_hand(other, s) for s in range(4)] != [original_hand(game, s) for s in range(4)]

    def dealt(g: Game) -> list[list[int]]:
        v = g.view(defender)
        deals = lone_candidates(v, Knowledge(v), random.Random(3), lone, 20)
        return [d.dealt_masks for d in deals]

    assert dealt(game) == dealt(other)


def test_no_lone_maker_for_the_makers_side_or_a_contract_with_a_partner() -> None:
    game, defender = lone_defence(5)
    assert game.maker is not None
    assert lone_maker(game.view(defender)) is not None
    assert lone_maker(game.view(game.maker)) is None
    assert lone_maker(game.view((game.maker + 2) % 4)) is None
    assert lone_maker(Game.new(PRESETS["seed"], seed=1).view(0)) is None
