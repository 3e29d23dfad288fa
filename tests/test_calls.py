"""The hard player's game-aware calls (``calls.py``): the chance of winning the
game from a score, and calls that follow it."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.calls import (
    OUTCOMES,
    GameAwareCalls,
    WinTable,
    contract_win_change,
    fit,
    win_table,
)
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.cards import CARDS
from hasenpfeffer.rules import PRESETS


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_win_table_is_a_chance_that_grows_with_our_score(preset: str) -> None:
    table = win_table(Rules.preset(preset))
    target = 10
    scores = range(-8, target)
    for us in scores:
        for them in scores:
            p = table.chance(us, them)
            assert 0.0 < p < 1.0
            # the model is the same for both teams: their chance is 1 minus ours
            assert p + table.chance(them, us) == pytest.approx(1.0, abs=1e-6)
            if us + 1 < target:
                assert table.chance(us + 1, them) >= p - 1e-9
            if them + 1 < target:
                assert table.chance(us, them + 1) <= p + 1e-9
    assert table.chance(0, 0) == pytest.approx(0.5, abs=1e-6)
    assert table.chance(9, 0) > 0.6
    with pytest.raises(ValueError, match="over"):
        table.chance(target, 0)


def test_the_win_table_follows_the_target() -> None:
    short = win_table(Rules(target=5))
    long = win_table(Rules(target=25))
    assert long.chance(1, 0) > 0.5
    assert short.chance(4, 0) > short.chance(1, 0) > 0.5
    assert long.chance(20, 0) > long.chance(10, 0) > long.chance(0, 0)
    assert isinstance(win_table(Rules(target=5)), WinTable)  # cached per rules


def test_a_sure_contract_that_reaches_the_target_wins_the_game() -> None:
    rules = Rules.preset("seed")
    sure_five = (0, 0, 0, 0, 0, 1.0, 0)
    table = win_table(rules)
    gain = contract_win_change(rules, (5, 3), 4, sure_five, 1)
    assert gain == pytest.approx(1.0 - table.chance(5, 3))
    # the same contract held by the opponents loses us the game for sure
    loss = contract_win_change(rules, (3, 5), 4, sure_five, 1, makers=False)
    assert loss == pytest.approx(-table.chance(3, 5))
    # a sure failure of the seed rule costs the tricks won, and some chance
    failing = contract_win_change(rules, (0, 0), 6, sure_five, 1)
    assert failing == pytest.approx(table.chance(-5, 0) - 0.5)


def test_the_outcome_model_counts_contracts_of_medium_self_play() -> None:
    rows = fit(3, 77, "seed")
    assert rows and all(1 <= bid <= 6 and 0 <= tricks <= 6 and n > 0 for bid, tricks, _, n in rows)
    for preset in PRESETS:
        assert sum(n for *_, n in OUTCOMES[preset]) > 1000


def deals(count: int, seed: int) -> Iterator[tuple[list[str], str]]:
    rng = random.Random(seed)
    for _ in range(count):
        cards = [str(c) for c in CARDS]
        rng.shuffle(cards)
        yield [" ".join(cards[i * 6 : i * 6 + 6]) for i in range(4)], cards[24]


def opening_bids(rules: str, scores: tuple[int, int], count: int = 200) -> list[int]:
    """The game-aware opening call of West (team 1; the dealer is South) for
    ``count`` random deals at ``scores`` (team 0, team 1); 0 for a pass."""
    out = []
    for hands, widow in deals(count, 7):
        game = Game.from_deal(hands, widow, 0, Rules.preset(rules), scores=scores, seed=1)
        action = GameAwareCalls(0).choose(game.view(1))
        out.append(0 if action == "pass" else int(action[4:]))
    return out


def test_bids_higher_when_the_opponents_are_about_to_win() -> None:
    # seed rules: the opponents at 9 win with any contract they make, so
    # keeping the contract from them is worth more than the points at risk
    level = sum(opening_bids("seed", (0, 0)))
    assert sum(opening_bids("seed", (9, 0))) > level


def test_bids_less_where_the_opponents_win_the_game_as_defenders() -> None:
    # traditional rules: defenders score, so opponents at 9 win with one trick
    # as defenders; a failed contract also gives them the bid
    at_zero = sum(b > 0 for b in opening_bids("traditional", (0, 0)))
    assert sum(b > 0 for b in opening_bids("traditional", (9, 0))) < at_zero / 2
    # medium does not look at the score
    game = Game.from_deal(*next(deals(1, 7)), 0, Rules.preset("traditional"), seed=1)
    view = game.view(1)
    assert MediumPlayer(0).choose(view) == MediumPlayer(0).choose({**view, "scores": [9, 0]})


def alone_calls(scores: tuple[int, int], count: int = 300) -> tuple[int, int]:
    """(game-aware, medium) decisions to go alone of West, the maker at 4 after
    medium's trump and discard, over random deals."""
    aware = plain = 0
    for hands, widow in deals(count, 9):
        game = Game.from_deal(hands, widow, 0, Rules.preset("seed"), scores=scores, seed=1)
        for action in ("bid 4", "pass", "pass", "pass"):
            game.apply(action)
        while game.phase in ("trump", "discard"):
            game.apply(MediumPlayer(0).choose(game.view(1)))
        view = game.view(1)
        aware += GameAwareCalls(0).choose(view) == "alone"
        plain += MediumPlayer(0).choose(view) == "alone"
    return aware, plain


def test_goes_alone_for_the_doubled_stake_when_the_opponents_are_close() -> None:
    calm, medium_calm = alone_calls((0, 0))
    pressed, medium_pressed = alone_calls((9, 0))
    assert medium_calm == medium_pressed  # medium ignores the opponents' score
    assert pressed > calm
    # and never where making the bid wins the game anyway (West's team at 9)
    assert alone_calls((0, 9))[0] == 0


def test_a_trick_bonus_bids_at_least_as_high() -> None:
    """A stronger card player's calls (``trick_bonus``): never a lower bid on
    the same hand, and a higher one on some."""
    higher = 0
    for hands, widow in deals(150, 11):
        game = Game.from_deal(hands, widow, 0, Rules.preset("traditional"), seed=1)
        view = game.view(1)
        plain = GameAwareCalls(0, trick_bonus=0.0).choose(view)
        bold = GameAwareCalls(0, trick_bonus=0.5).choose(view)
        low, high = (0 if a == "pass" else int(a[4:]) for a in (plain, bold))
        assert high >= low
        higher += high > low
    assert higher > 0


def test_the_default_bonus_only_where_failing_costs_the_bid() -> None:
    hands, widow = next(deals(1, 3))
    for preset, bonus in (("seed", 0.0), ("traditional", 0.2), ("pepper", 0.2)):
        view = Game.from_deal(hands, widow, 0, Rules.preset(preset), seed=1).view(1)
        plain = GameAwareCalls(0, trick_bonus=0.0).auction_shift(view)
        assert GameAwareCalls(0).auction_shift(view) == pytest.approx(plain + bonus)
