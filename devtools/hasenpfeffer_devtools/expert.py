"""The research player ``expert``: the hard player with the hidden cards read from the play.

It was the game's fifth level, "Expert", until 2026-12-06 (issue 53): over 1,000
deals per rule set its card play was not shown to be better than hard's, so the
level was folded into hard (an old save, link or setting naming expert plays at
hard: ``vocabulary.RENAMED_LEVELS``). It stays here, out of the wheel, as a
research level of the deal-by-deal arena and the duplicate matches
(``RESEARCH_LEVELS``, registered by ``card_play`` and ``arena``) and the base of
``alphamu``. Its figures: docs/benchmarks.md ("Card play deal by deal", "The
expert level"); what was tried and what each idea measured:
docs/benchmarks-history.md.

Calls are hard's (``rollouts.RolloutCalls`` over ``calls.GameAwareCalls``).
Card play is hard's search over sampled deals (PIMC, ``hard.HardPlayer``)
with a stronger inference of where the hidden cards are, from every other
seat's actual plays this hand under a model of its play:

- **A larger pool.** ``POOL`` candidate deals are drawn per deal searched
  (hard: 3), so the deals kept can follow the evidence, not only tilt
  towards it.
- **A sharper model of each seat's play.** A candidate deal is weighted by
  the auction (as hard) and, for each earlier card of this hand where the
  seat had a choice, by whether the medium player would have played that
  card from the hand the deal gives the seat: 1 if it would, ``MISS`` if not
  for an opponent, ``PARTNER_MISS`` for the partner (a searching player
  follows medium's play less closely). The floors keep every deal possible:
  no deal has weight 0, so an opponent that plays unlike the model makes the
  inference weaker, never wrong-footed into impossible deals.

The deals are then drawn from the pool by weight without replacement
(Efraimidis-Spirakis keys, as hard), solved with every card visible, and the
card with the best average is played (hard's objective: the hand's margin, or
near the end of a game the chance of winning it).

Everything is a function of the seed and the view: no hidden card is read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from hasenpfeffer.bots.hard import (
    _MODEL_PLAYER,
    HardPlayer,
    _auction_calls,
    _auction_likelihood,
    _past_plays,
)
from hasenpfeffer.bots.medium import Table
from hasenpfeffer.cards import CARDS, SUITS
from hasenpfeffer.game import Game
from hasenpfeffer.knowledge import Knowledge, sample_game
from hasenpfeffer.rules import legal_mask

#: Candidate deals drawn per deal searched in card play.
POOL: Final = 8
#: The weight of a candidate deal per earlier card of an opponent this hand
#: that the medium model would not have played from the deal's hand.
MISS: Final = 0.1
#: The same for the partner's cards (0: the partner's plays are not read).
PARTNER_MISS: Final = 0.5


class ExpertPlayer(HardPlayer):
    """Hard's calls; hard's card search over deals inferred more sharply from
    the play (see the module docstring)."""

    level = "expert"

    def __init__(
        self,
        seed: int = 0,
        pool: int = POOL,
        miss: float = MISS,
        partner_miss: float = PARTNER_MISS,
        **hard: Any,
    ) -> None:
        super().__init__(seed, **hard)
        if pool < 1:
            raise ValueError(f"pool must be at least 1; got {pool}")
        if not (0.0 < miss <= 1.0 and 0.0 <= partner_miss <= 1.0):
            raise ValueError("miss must be in (0, 1] and partner_miss in [0, 1]")
        self.pool = pool
        self.miss = miss
        self.partner_miss = partner_miss

    def _deals(self, view: Mapping[str, Any], rng: random.Random, n: int) -> list[Game]:
        """Card play: ``n`` deals drawn by weight from ``pool * n`` candidates
        (the module docstring); the calls sample as hard does."""
        if view["phase"] != "play":
            return super()._deals(view, rng, n)
        data = dict(view)
        k = Knowledge(data)
        candidates = [sample_game(data, rng, k) for _ in range(n * self.pool)]
        seat: int = view["seat"]
        calls = _auction_calls(view)
        plays = _past_plays(view)
        partner = _partner_plays(view) if self.partner_miss else []
        weights = [_auction_likelihood(g, calls, seat) if calls else 1.0 for g in candidates]
        memo: dict[tuple[int, int, int], int] = {}
        for i, g in enumerate(candidates):
            if plays:
                weights[i] *= _play_likelihood(g, plays, self.miss, memo)
            if partner:
                weights[i] *= _play_likelihood(g, partner, self.partner_miss, memo, len(plays))
        keyed = sorted(
            range(len(candidates)),
            key=lambda i: -math.log(rng.random() or 1e-12) / weights[i],
        )
        return [candidates[i] for i in keyed[:n]]


def _partner_plays(view: Mapping[str, Any]) -> list[Any]:
    """The partner's cards this hand with what was public before each: hard's
    ``_past_plays`` read from the partner's seat (whose opponents are ours)."""
    seat: int = view["seat"]
    mirrored = dict(view)
    mirrored["seat"] = seat ^ 1  # an opponent's seat: its opponents include the partner
    return [p for p in _past_plays(mirrored) if p.seat == seat ^ 2]


def _play_likelihood(
    game: Game,
    plays: Sequence[Any],
    miss: float,
    memo: dict[tuple[int, int, int], int],
    offset: int = 0,
) -> float:
    """``hard._play_likelihood`` with the model's choices remembered across
    the candidate deals of one decision (``memo``, keyed by the play's number
    plus ``offset``, the hand the deal gives the seat then, and the discard
    the maker knows): late in a hand many candidates give a seat the same
    cards, and the answer is the same."""
    weight = 1.0
    t = SUITS.index(game.trump or "C")
    discard = game.discard
    for j, p in enumerate(plays):
        hand = p.later
        for c in game.hand(p.seat):
            hand |= 1 << c.index
        legal = legal_mask(hand, p.lead, t)
        if legal & (legal - 1) == 0:
            continue
        known = discard.index if p.seat == game.maker and discard is not None else -1
        key = (j + offset, hand, known)
        choice = memo.get(key)
        if choice is None:
            v = dict(p.view)
            v["hand"] = [str(CARDS[c]) for c in range(25) if hand >> c & 1]
            v["discard"] = str(discard) if known >= 0 else None
            texts = [f"play {CARDS[c]}" for c in range(25) if legal >> c & 1]
            choice = memo[key] = _MODEL_PLAYER.play(Table(v), texts)
        if choice != p.card:
            weight *= miss
    return weight


def make(seed: int = 0) -> ExpertPlayer:
    return ExpertPlayer(seed)


#: The research level, for the arenas only (not a level of the game, not in the wheel):
#: ``card_play`` and ``arena`` register it (``players.register_level``) in every
#: process that plays their deals.
RESEARCH_LEVELS: Final = {"expert": make}


__all__ = ["MISS", "PARTNER_MISS", "POOL", "RESEARCH_LEVELS", "ExpertPlayer", "make"]
