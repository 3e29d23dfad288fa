"""The puzzle rating (``hasenpfeffer.rating``): Glicko-2 as Glickman's paper
computes it, and what a player relies on: solving never lowers it, failing
never raises it, and it grows surer with every attempt."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hasenpfeffer.rating import MIN_DEVIATION, SCALE, START_DEVIATION, Rating


def test_glickmans_example() -> None:
    # "Example of the Glicko-2 system" (Glickman): a 1500 player, deviation 200,
    # beats a 1400 (30), loses to a 1550 (100) and a 1700 (300) in one period
    after = Rating(1500, 200, 0.06).after_games([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_play_makes_a_rating_less_sure_up_to_the_start() -> None:
    idle = Rating(1600, 100, 0.06).after_games([])
    assert idle.rating == 1600 and 100 < idle.deviation < 101
    assert Rating(1600, START_DEVIATION, 0.06).after_games([]).deviation == START_DEVIATION


ratings = st.builds(
    Rating,
    st.floats(600, 2800),
    st.floats(MIN_DEVIATION, START_DEVIATION),
    st.floats(0.03, 0.09),
)
puzzles = st.tuples(st.floats(600, 2800), st.floats(30, 350))


@given(ratings, puzzles)
def test_solving_raises_failing_lowers_and_the_deviation_shrinks(
    player: Rating, puzzle: tuple[float, float]
) -> None:
    solved = player.after(*puzzle, solved=True)
    failed = player.after(*puzzle, solved=False)
    assert failed.rating < player.rating < solved.rating
    for after in (solved, failed):
        # never less sure than a period's growth of the deviation allows
        grown = math.hypot(player.deviation, after.volatility * SCALE)
        assert MIN_DEVIATION <= after.deviation <= grown
        assert 0 < after.volatility < 0.2


@given(ratings, st.floats(30, 350))
def test_a_harder_puzzle_is_worth_more_when_solved(player: Rating, deviation: float) -> None:
    easy = player.after(player.rating - 300, deviation, solved=True)
    hard = player.after(player.rating + 300, deviation, solved=True)
    assert hard.rating > easy.rating
