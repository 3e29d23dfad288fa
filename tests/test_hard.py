"""The hard player and the oracle: legal and fair (hints: test_hints.py)."""

from __future__ import annotations

import random

import pytest

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.calls import GameAwareCalls
from hasenpfeffer.bots.hard import (
    HardPlayer,
    _BidReplay,
    _game_chances,
    _past_plays,
    _play_likelihood,
)
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.bots.oracle import OraclePlayer
from hasenpfeffer.bots.solver import Position, solve_score_moves
from hasenpfeffer.cards import Card
from hasenpfeffer.knowledge import sample_game

PRESETS = ("seed", "seed-pepper", "traditional", "pepper")
#: Small searches keep these tests quick; the decisions' logic is the same.
FAST = {"play_samples": {n: 3 for n in range(1, 7)}, "call_samples": 3, "rollouts": 3}


def positions(count: int, seed: int) -> list[tuple[Game, int]]:
    """Positions reached by medium players in seeded games, with the seat to act."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        rules = Rules.preset(PRESETS[i % 4])
        game = Game.new(rules, seed=seed * 1000 + i)
        players = [MediumPlayer(s) for s in range(4)]
        for _ in range(rng.randrange(0, 40)):
            if game.phase == "game_over":
                break
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        if game.phase != "game_over":
            seat = game.to_act
            assert seat is not None
            out.append((game, seat))
    return out


def test_hard_chooses_a_legal_action_in_every_phase() -> None:
    phases = set()
    for game, seat in positions(60, seed=1):
        view = game.view(seat)
        action = HardPlayer(7, **FAST).choose(view)  # type: ignore[arg-type]
        assert action in view["legal_actions"]
        phases.add(game.phase)
    assert {"bidding", "play"} <= phases


def test_hard_decides_from_the_view_only() -> None:
    # another deal that looks the same to this seat: the same decision
    for game, seat in positions(30, seed=2):
        view = game.view(seat)
        other = sample_game(view, random.Random(5)).view(seat)
        # a sampled game starts at hand 1 with no history: only those differ
        other.update(last_hand=view["last_hand"], hand_number=view["hand_number"])
        assert other == view
        assert HardPlayer(3, **FAST).choose(view) == HardPlayer(3, **FAST).choose(other)  # type: ignore[arg-type]


def test_hard_evaluation_ranks_every_legal_action() -> None:
    for game, seat in positions(12, seed=3):
        view = game.view(seat)
        ranked = HardPlayer(1, **FAST).evaluate(view)  # type: ignore[arg-type]
        assert sorted(a for a, _ in ranked) == sorted(view["legal_actions"])
        values = [v for _, v in ranked]
        assert values == sorted(values, reverse=True)


def test_oracle_plays_a_double_dummy_best_card() -> None:
    """The oracle's card is one with the best exact score margin for its team
    (``solve_score_moves``), and among those the cheapest."""
    checked = 0
    for game, seat in positions(40, seed=4):
        if game.phase != "play" or len(game.legal_actions()) < 2:
            continue
        view = game.view(seat)
        action = OraclePlayer(1).choose(view, game)
        assert action in view["legal_actions"]
        pos = Position.from_game(game)
        sign = 1 if (seat & 1) == pos.maker_team else -1
        values = {c: sign * v for c, v in solve_score_moves(pos, game.rules).items()}
        assert values[Card.parse(action[5:]).index] == max(values.values())
        checked += 1
    assert checked >= 5


def test_play_model_never_rules_out_the_true_deal() -> None:
    """Against medium opponents the real deal fits every earlier card (weight
    1), while sampled deals often do not: the model says something."""
    fits = samples = decisions = 0
    for i in range(12):
        game = Game.new(Rules.preset(PRESETS[i % 4]), seed=500 + i)
        players = [MediumPlayer(s) for s in range(4)]
        while game.phase != "game_over" and game.hand_number < 3:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if game.phase == "play" and seat % 2 == 0 and view["tricks"]:
                plays = _past_plays(view)
                assert _play_likelihood(game.copy(), plays, 0.25) == 1.0
                decisions += 1
                rng = random.Random(decisions)
                for _ in range(4):
                    fits += _play_likelihood(sample_game(view, rng), plays, 0.25) == 1.0
                    samples += 1
            game.apply(players[seat].choose(view))
    assert decisions >= 20
    assert fits < samples


def test_bid_model_never_rules_out_the_true_deal() -> None:
    """Opponents bidding like medium and a partner bidding like this player:
    the real deal makes every call of the auction (weight 1), while sampled
    deals often do not."""
    fits = samples = auctions = 0
    for i in range(40):
        game = Game.new(Rules.preset(PRESETS[i % 4]), seed=700 + i)
        players = [GameAwareCalls(s) if s % 2 == 0 else MediumPlayer(s) for s in range(4)]
        while game.phase not in ("play", "game_over"):
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
        if game.phase != "play":
            continue
        view = game.view(0)
        replay = _BidReplay(view, GameAwareCalls(0))
        assert replay.likelihood(game.dealt_masks, 0.2) == 1.0
        auctions += 1
        rng = random.Random(i)
        for _ in range(5):
            weight = replay.likelihood(sample_game(view, rng).dealt_masks, 0.2)
            assert 0.0 < weight <= 1.0
            fits += weight == 1.0
            samples += 1
    assert auctions >= 30
    assert fits < samples / 2


def test_near_the_target_hard_plays_for_the_game() -> None:
    """The values the card play maximises: far from the target, none (the
    hand's score decides); near it, the makers' chance of winning the game,
    1 for every trick count that makes the bid and reaches the target."""
    found = [
        (game, seat)
        for game, seat in positions(40, seed=6)
        if game.phase == "play" and game.rules.preset_name == "seed"
    ]
    assert found, "no seed-rules play position found"
    game, seat = found[0]
    pos = Position.from_game(game)
    view = game.view(seat)
    makers = pos.maker_team
    far = Rules.preset("seed").replace(target=100)
    assert _game_chances(view, far, pos) == []
    scores = [0, 0]
    scores[makers] = 10 - pos.bid  # making the bid wins the game
    chances = _game_chances({**view, "scores": scores}, game.rules, pos)
    assert len(chances) == pos.tricks_left + 1
    won = pos.won[makers]
    for u, value in enumerate(chances):
        if won + u >= pos.bid:
            assert value == pytest.approx(1.0, abs=0.01)
        else:
            assert value < 0.9
    # the same score for the defenders: the makers' chances are low, and grow
    # with their tricks once the bid is made
    scores = [0, 0]
    scores[1 - makers] = 9
    chances = _game_chances({**view, "scores": scores}, game.rules, pos)
    made = [v for u, v in enumerate(chances) if won + u >= pos.bid]
    assert all(v < 0.5 for v in chances)
    assert made == sorted(made)


def test_oracle_needs_the_game_in_play() -> None:
    for game, seat in positions(40, seed=5):
        if game.phase == "play" and len(game.legal_actions()) > 1:
            with pytest.raises(ValueError, match="full game"):
                OraclePlayer(1).choose(game.view(seat))
            return
    pytest.fail("no play position found")
