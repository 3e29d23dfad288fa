"""The αμ card player: exact on one world, never above PIMC, legal, fair
(from the view alone) and deterministic."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.bots.solver import Position, solve_score_moves, solve_value_moves
from hasenpfeffer.knowledge import sample_game
from hasenpfeffer_devtools import card_play
from hasenpfeffer_devtools.alphamu import RESEARCH_LEVELS, AlphaMuPlayer, OverBudget, alpha_mu
from hasenpfeffer_devtools.expert import ExpertPlayer

PRESETS = ("seed", "seed-pepper", "traditional", "pepper")
#: Small searches keep these tests quick; the search is the same.
FAST = {
    "worlds": {5: 3, 4: 3, 3: 3},
    "play_samples": {n: 3 for n in range(1, 7)},
    "call_samples": 3,
    "rollouts": 3,
}


def play_positions(count: int, seed: int, cards: tuple[int, ...] = (3, 4, 5)) -> list[Game]:
    """Card play positions reached by medium players, with a choice of card
    for the seat to move and ``cards`` cards in its hand."""
    rng = random.Random(seed)
    out = []
    for i in range(count * 4):
        game = Game.new(Rules.preset(PRESETS[i % 4]), seed=seed * 1000 + i)
        players = [MediumPlayer(s) for s in range(4)]
        want = rng.choice(cards)
        while not game.records:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if (
                game.phase == "play"
                and len(view["hand"]) == want
                and len(view["legal_actions"]) > 1
            ):
                out.append(game)
                break
            game.apply(players[seat].choose(view))
        if len(out) == count:
            break
    return out


def view_of(game: Game) -> dict[str, Any]:
    seat = game.to_act
    assert seat is not None
    return game.view(seat)


def test_alphamu_is_a_research_level_of_the_arena() -> None:
    assert "alphamu" in RESEARCH_LEVELS
    player = make_player("alphamu", 4)
    assert isinstance(player, AlphaMuPlayer) and isinstance(player, ExpertPlayer)
    assert not player.needs_game and player.depth == 2
    control = make_player("alphamu-depth1", 4)
    assert isinstance(control, AlphaMuPlayer) and control.depth == 1


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_on_one_world_it_is_the_double_dummy_solver(depth: int) -> None:
    """With every card known (one world: the true deal) no strategy can be
    fused, and each card's value is the solver's exact score margin."""
    checked = 0
    for game in play_positions(10, seed=3, cards=(3, 4)):
        pos = Position.from_game(game)
        rules = game.rules
        seat = pos.to_move
        sign = 1 if (seat & 1) == pos.maker_team else -1
        exact = {c: sign * v for c, v in solve_score_moves(pos, rules).items()}
        assert alpha_mu([pos], seat, depth, rules) == pytest.approx(exact)
        checked += 1
    assert checked == 10


def test_on_one_world_it_follows_the_chance_objective_too() -> None:
    for game in play_positions(6, seed=4):
        pos = Position.from_game(game)
        chances = [0.1 + 0.8 * u / pos.tricks_left for u in range(pos.tricks_left + 1)]
        chances[-1] = 0.95
        ours = (pos.to_move & 1) == pos.maker_team
        exact = {c: v if ours else 1.0 - v for c, v in solve_value_moves(pos, chances).items()}
        got = alpha_mu([pos], pos.to_move, 2, game.rules, chances)
        assert got == pytest.approx(exact)


def test_depth_one_is_pimc_and_deeper_is_never_more_optimistic() -> None:
    """Depth 1 averages each world's double-dummy value (PIMC); choosing the
    seat's later cards once for all worlds can only lower a card's value."""
    deeper = 0
    for k, game in enumerate(play_positions(4, seed=5, cards=(3, 4))):
        view = view_of(game)
        deeper += len(view["hand"]) == 3
        seat = view["seat"]
        worlds = [
            Position.from_game(sample_game(view, random.Random(k * 10 + j))) for j in range(4)
        ]
        rules = game.rules
        sign = 1 if (seat & 1) == worlds[0].maker_team else -1
        pimc: dict[int, float] = {}
        for w in worlds:
            for c, v in solve_score_moves(w, rules).items():
                pimc[c] = pimc.get(c, 0.0) + sign * v / len(worlds)
        one = alpha_mu(worlds, seat, 1, rules)
        two = alpha_mu(worlds, seat, 2, rules, front=10_000)
        # depth 3 where it stays quick: the seat's last three cards
        three = alpha_mu(worlds, seat, 3, rules, front=10_000) if len(view["hand"]) == 3 else two
        assert one == pytest.approx(pimc)
        for c in one:
            assert two[c] <= one[c] + 1e-9
            assert three[c] <= two[c] + 1e-9
    assert deeper >= 1


def test_it_plays_only_legal_cards() -> None:
    for game in play_positions(8, seed=6, cards=(2, 3, 4, 5, 6)):
        view = view_of(game)
        assert AlphaMuPlayer(7, **FAST).choose(view) in view["legal_actions"]  # type: ignore[arg-type]


def test_it_decides_from_the_view_only() -> None:
    """The hidden cards dealt differently, consistently with the view: the
    same card."""
    for game in play_positions(6, seed=7):
        view = view_of(game)
        for k in range(2):
            other = sample_game(view, random.Random(5 + k)).view(view["seat"])
            other.update(last_hand=view["last_hand"], hand_number=view["hand_number"])
            assert other == view
            assert AlphaMuPlayer(3, **FAST).choose(view) == AlphaMuPlayer(3, **FAST).choose(other)  # type: ignore[arg-type]


def test_it_is_deterministic_for_a_seed() -> None:
    games = play_positions(6, seed=8)
    first = [AlphaMuPlayer(5, **FAST).choose(view_of(g)) for g in games]  # type: ignore[arg-type]
    again = [AlphaMuPlayer(5, **FAST).choose(view_of(g)) for g in games]  # type: ignore[arg-type]
    assert first == again


def test_over_its_budget_it_plays_as_expert() -> None:
    for game in play_positions(6, seed=9):
        view = view_of(game)
        over = AlphaMuPlayer(2, budget=1, **FAST)  # type: ignore[arg-type]
        expert = ExpertPlayer(2, play_samples=FAST["play_samples"], call_samples=3, rollouts=3)
        assert over.choose(view) == expert.choose(view)
        pos = Position.from_game(game)
        with pytest.raises(OverBudget):
            alpha_mu([pos, pos], pos.to_move, 2, game.rules, budget=1)


def test_bad_input_is_refused() -> None:
    game = play_positions(1, seed=10)[0]
    pos = Position.from_game(game)
    with pytest.raises(ValueError, match="at least one world"):
        alpha_mu([], pos.to_move, 2, game.rules)
    with pytest.raises(ValueError, match="depth"):
        alpha_mu([pos], pos.to_move, 0, game.rules)
    with pytest.raises(ValueError, match="not to move"):
        alpha_mu([pos], (pos.to_move + 1) % 4, 2, game.rules)
    with pytest.raises(ValueError):
        AlphaMuPlayer(1, depth=0)
    with pytest.raises(ValueError):
        AlphaMuPlayer(1, worlds={4: 0})


def test_the_deal_by_deal_arena_offers_the_research_levels() -> None:
    args = card_play.build_parser().parse_args(["--a", "alphamu", "--b", "alphamu-depth1"])
    assert (args.a, args.b) == ("alphamu", "alphamu-depth1")
    with pytest.raises(SystemExit):  # not a level: a clear error from the parser
        card_play.build_parser().parse_args(["--a", "alphamu2", "--b", "hard"])
