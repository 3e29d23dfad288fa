"""Deals that fit a lone maker's call, for the seats that play against it.

A maker who goes alone says "my hand takes the contract's tricks without my
partner": a hand that a deal drawn at random from the view almost never
gives that seat. Drawing deals at random and weighting them by how well the
maker's hand fits the call leaves a handful that fit among hundreds, so the
hard player's deals against a lone maker were mostly average hands, and it
judged the lone contract far weaker than it is (issue 51's calibration:
against medium's lone makers, contracts predicted made 54 % of the time were
made every time, 28 of 28).

``lone_candidates`` draws the deals from the right distribution instead: a
Markov chain over where the hidden cards are (Metropolis: swap one of the
maker's hidden cards with one held elsewhere, keep the swap with the ratio of
the call's likelihoods), whose states are placements weighted by how well
the maker's original hand fits the call (``alone_log_likelihood``), every
placement of the other hidden cards as likely as any other. Everything is a
function of the view and the random generator given: no hidden card is read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any, Final, NamedTuple

from ..cards import SUITS
from ..game import Game
from ..knowledge import Knowledge, game_from_places, sample_places
from .trick_estimates import ALONE_MODEL, estimate

#: Swaps the chain makes before its first deal, and between two deals.
BURN_IN: Final = 300
THINNING: Final = 25
#: Tricks (in the alone model's estimate) a hand that goes alone holds beyond
#: the contract's, and how sharply the likelihood falls below that.
MARGIN: Final = 0.5
SCALE: Final = 0.3


class LoneMaker(NamedTuple):
    """The other side's maker playing alone: its seat, trump (an index into
    ``SUITS``) and the tricks its contract needs."""

    seat: int
    trump: int
    needed: float


def lone_maker(view: Mapping[str, Any]) -> LoneMaker | None:
    """The lone maker the view's seat plays against, if any: a lone call says
    a hand strong enough to take the contract's tricks without a partner."""
    maker = view.get("maker")
    if not view.get("alone") or maker is None or (maker ^ view["seat"]) & 1 == 0:
        return None
    return LoneMaker(maker, SUITS.index(view["trump"]), float(min(view["bid"], 6)))


def alone_log_likelihood(hand: int, lone: LoneMaker) -> float:
    """The log of how well ``hand`` (a card mask: the maker's cards after its
    discard, those played included) fits going alone: a logistic in the alone
    model's tricks against the contract's. Unbounded below, so a chain far
    from a fitting hand still climbs towards one."""
    x = (estimate(hand, lone.trump, ALONE_MODEL) - lone.needed - MARGIN) / SCALE
    return -math.log1p(math.exp(-x)) if x > -30 else x


def lone_candidates(
    view: dict[str, Any], k: Knowledge, rng: random.Random, lone: LoneMaker, count: int
) -> list[Game]:
    """``count`` games in the view's position, the hidden cards placed as
    likely as the maker's call makes them (see the module docstring)."""
    pool = k.pool
    allowed = k.allowed
    maker = lone.seat
    places = sample_places(k, rng)
    at_maker = [i for i, p in enumerate(places) if p == maker]
    elsewhere = [i for i, p in enumerate(places) if p != maker]
    hand = k.played_by[maker]  # the maker's hand after its discard, played cards too
    for i in at_maker:
        hand |= 1 << pool[i]
    games: list[Game] = []
    if not at_maker or not elsewhere:  # nothing hidden to move: every deal alike
        return [game_from_places(k, places, rng) for _ in range(count)]
    current = alone_log_likelihood(hand, lone)
    steps = BURN_IN
    while len(games) < count:
        for _ in range(steps):
            a = rng.randrange(len(at_maker))
            b = rng.randrange(len(elsewhere))
            i, j = at_maker[a], elsewhere[b]
            place = places[j]
            if not (allowed[pool[i]] >> place & 1 and allowed[pool[j]] >> maker & 1):
                continue
            swapped = hand ^ (1 << pool[i]) ^ (1 << pool[j])
            proposed = alone_log_likelihood(swapped, lone)
            if proposed >= current or rng.random() < math.exp(proposed - current):
                places[i], places[j] = place, maker
                at_maker[a], elsewhere[b] = j, i
                hand, current = swapped, proposed
        games.append(game_from_places(k, _shuffle_others(k, places, maker, rng), rng))
        steps = THINNING
    return games


def _shuffle_others(k: Knowledge, places: list[int], maker: int, rng: random.Random) -> list[int]:
    """``places`` with the cards not at the maker's seat dealt again at random
    among their places (the call says nothing about them); unchanged when a
    few tries find no dealing the view allows."""
    others = [i for i, p in enumerate(places) if p != maker]
    slots = [places[i] for i in others]
    for _ in range(20):
        rng.shuffle(slots)
        if all(k.allowed[k.pool[i]] >> p & 1 for i, p in zip(others, slots, strict=True)):
            dealt = list(places)
            for i, p in zip(others, slots, strict=True):
                dealt[i] = p
            return dealt
    return list(places)


__all__ = ["LoneMaker", "alone_log_likelihood", "lone_candidates", "lone_maker"]
