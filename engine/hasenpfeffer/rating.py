"""A player's puzzle rating: Glicko-2 (Mark Glickman's system, as lichess
rates its puzzles), one puzzle at a time.

A rating is three numbers: the rating itself (1500 to start, the scale of
Elo), its deviation (how unsure it is: 350 to start, smaller as results come
in) and its volatility (how erratic the player is). Each attempt at a puzzle is
a game against the puzzle, whose own rating and deviation say how hard it is:
solving it is a win, failing it a loss.

>>> start = Rating()
>>> start
Rating(rating=1500.0, deviation=350.0, volatility=0.06)
>>> after = start.after(1500.0, 60.0, solved=True)
>>> round(after.rating), round(after.deviation)
(1675, 249)
>>> round(start.after(1500.0, 60.0, solved=False).rating)
1325

The computation follows Glickman's "Example of the Glicko-2 system" step by
step (the volatility by the Illinois algorithm, ``TAU`` as the system
constant); ``tests/test_rating.py`` checks it against that paper's example.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final, NamedTuple

#: Glicko-2's scale factor between the rating scale and its own.
SCALE: Final = 173.7178
#: The system constant: how much the volatility may change (Glickman: 0.3 to 1.2).
TAU: Final = 0.5
#: Where the volatility iteration stops.
EPSILON: Final = 0.000001
#: A new player's rating, deviation and volatility.
START_RATING: Final = 1500.0
START_DEVIATION: Final = 350.0
START_VOLATILITY: Final = 0.06
#: The deviation never falls below this (a rating keeps moving) nor rises above the start's.
MIN_DEVIATION: Final = 45.0


class Rating(NamedTuple):
    """A Glicko-2 rating on the familiar scale (1500 to start)."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY

    def after(self, puzzle_rating: float, puzzle_deviation: float, solved: bool) -> Rating:
        """This rating after one attempt at a puzzle so rated."""
        return self.after_games([(puzzle_rating, puzzle_deviation, 1.0 if solved else 0.0)])

    def after_games(self, games: Sequence[tuple[float, float, float]]) -> Rating:
        """This rating after a rating period of ``games``: (opponent's rating,
        opponent's deviation, score: 1 won, 0.5 drawn, 0 lost). No games: the
        deviation grows as a period without play makes it."""
        mu = (self.rating - START_RATING) / SCALE
        phi = self.deviation / SCALE
        sigma = self.volatility
        if not games:
            grown = math.sqrt(phi * phi + sigma * sigma) * SCALE
            return Rating(self.rating, min(grown, START_DEVIATION), sigma)
        opponents = [((r - START_RATING) / SCALE, _g(d / SCALE), score) for r, d, score in games]
        expected = [1.0 / (1.0 + math.exp(-g * (mu - mu_j))) for mu_j, g, _ in opponents]
        v = 1.0 / sum(g * g * e * (1 - e) for (_, g, _), e in zip(opponents, expected, strict=True))
        improvement = sum(
            g * (score - e) for (_, g, score), e in zip(opponents, expected, strict=True)
        )
        delta = v * improvement
        sigma = _new_volatility(phi, sigma, v, delta)
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu_new = mu + phi_new * phi_new * improvement
        deviation = min(max(phi_new * SCALE, MIN_DEVIATION), START_DEVIATION)
        return Rating(mu_new * SCALE + START_RATING, deviation, sigma)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _new_volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5 of Glickman's example: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        top = ex * (delta * delta - phi * phi - v - ex)
        bottom = 2.0 * (phi * phi + v + ex) ** 2
        return top / bottom - (x - a) / (TAU * TAU)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        big_b = a - k * TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


__all__ = ["Rating"]
