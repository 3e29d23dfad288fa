"""The medium player's trick estimates, which the hard player and the
hints use too: a hand's expected tricks for a trump as a linear function of its
features (``Model``; ``MODEL`` with a partner, ``ALONE_MODEL`` alone, fitted by
``hasenpfeffer_devtools.fit_medium_model``), the best discard, the estimate before the
widow (``bidding_estimates``), and from an estimate the chances of each number
of tricks and a bid's expected margin."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from ..cards import NUM_CARDS, SUIT_MASK, TRUMP_ORDER
from ..rules import Rules, hand_points

_FULL: Final = (1 << NUM_CARDS) - 1


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---- the hand estimate ---------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Model:
    """Expected tricks as a linear function of a hand's features (``features``)."""

    intercept: float
    #: each trump held, in trump order: JK, right bower, left bower, A, K, Q, T, 9
    trumps: tuple[float, float, float, float, float, float, float, float]
    length3: float  # per trump beyond two
    length4: float  # and again per trump beyond three
    side_aces: float
    side_ace_kings: float  # a king with its ace
    side_kings: float  # a king without its ace, with another card of the suit
    voids: float  # void side suits, when holding a trump
    voids2: float  # and again when holding two trumps or more
    singletons: float  # singleton side suits without the ace, when holding trumps
    sigma: float  # spread of the actual tricks around the estimate

    def weights(self) -> tuple[float, ...]:
        return (
            self.intercept,
            *self.trumps,
            self.length3,
            self.length4,
            self.side_aces,
            self.side_ace_kings,
            self.side_kings,
            self.voids,
            self.voids2,
            self.singletons,
        )


#: The partnership's tricks when this hand is the maker's six cards and the
#: partner plays along: fitted by least squares on 16,000 deals of medium
#: self-play (``python -m hasenpfeffer_devtools.fit_medium_model --deals 16000 --seed 3``).
MODEL: Final = Model(
    intercept=1.26,
    trumps=(1.0, 0.76, 0.54, 0.41, 0.35, 0.31, 0.3, 0.29),
    length3=0.46,
    length4=-0.17,
    side_aces=0.54,
    side_ace_kings=0.16,
    side_kings=0.06,
    voids=-0.06,
    voids2=0.17,
    singletons=-0.05,
    sigma=1.05,
)

#: The maker's tricks alone against two defenders (who do not defend alone).
ALONE_MODEL: Final = Model(
    intercept=-0.65,
    trumps=(1.62, 1.1, 0.82, 0.7, 0.64, 0.56, 0.53, 0.49),
    length3=0.51,
    length4=-0.12,
    side_aces=0.72,
    side_ace_kings=0.22,
    side_kings=0.27,
    voids=-0.13,
    voids2=0.2,
    singletons=-0.09,
    sigma=0.85,
)


def features(hand: int, t: int) -> tuple[int, ...]:
    """The features of a hand (bit set) with trump ``t``, in ``Model.weights`` order."""
    masks = SUIT_MASK[t]
    trumps = hand & masks[t]
    nt = trumps.bit_count()
    order = TRUMP_ORDER[t]
    aces = ace_kings = kings = voids = singles = 0
    for s in range(4):
        if s == t:
            continue
        cards = hand & masks[s]
        if not cards:
            voids += 1
            continue
        ace = cards >> (s * 6 + 5) & 1
        king = cards >> (s * 6 + 4) & 1
        n = cards.bit_count()
        aces += ace
        if ace and king:
            ace_kings += 1
        elif king and n >= 2:
            kings += 1
        if n == 1 and not ace:
            singles += 1
    return (
        1,
        trumps >> order[0] & 1,
        trumps >> order[1] & 1,
        trumps >> order[2] & 1,
        trumps >> order[3] & 1,
        trumps >> order[4] & 1,
        trumps >> order[5] & 1,
        trumps >> order[6] & 1,
        trumps >> order[7] & 1,
        max(0, nt - 2),
        max(0, nt - 3),
        aces,
        ace_kings,
        kings,
        voids if nt else 0,
        voids if nt >= 2 else 0,
        singles if nt else 0,
    )


class _Tables:
    """A model as look-up tables: each trump's weight, and each side suit's
    value by its cards (a 6-bit set, 9 low) and by how many trumps are held."""

    __slots__ = ("length3", "length4", "model", "side", "trump_masks", "trump_parts", "trumps")

    def __init__(self, model: Model) -> None:
        self.model = model
        self.length3 = model.length3
        self.length4 = model.length4
        self.trumps = tuple(tuple(zip(TRUMP_ORDER[t], model.trumps, strict=True)) for t in range(4))
        # trump_part of every set of trumps, keyed by the hand's trump cards (the
        # same sums in the same order as _trump_part: the same floats)
        self.trump_masks = tuple(sum(1 << c for c in TRUMP_ORDER[t]) for t in range(4))
        self.trump_parts = tuple(
            {
                held: self._trump_part(held, t)
                for held in (
                    sum(1 << c for k, c in enumerate(TRUMP_ORDER[t]) if subset >> k & 1)
                    for subset in range(1 << len(TRUMP_ORDER[t]))
                )
            }
            for t in range(4)
        )
        side = []
        for trumps_held in range(3):
            row = []
            for cards in range(64):
                n = cards.bit_count()
                ace, king = cards >> 5 & 1, cards >> 4 & 1
                value = model.side_aces * ace + model.side_ace_kings * (ace & king)
                if king and not ace and n >= 2:
                    value += model.side_kings
                if n == 0:
                    value += model.voids * (trumps_held >= 1) + model.voids2 * (trumps_held >= 2)
                elif n == 1 and not ace and trumps_held:
                    value += model.singletons
                row.append(value)
            side.append(tuple(row))
        self.side = tuple(side)

    def trump_part(self, hand: int, t: int) -> tuple[float, int]:
        """(the trumps' share of the estimate, the number of trumps held)."""
        return self.trump_parts[t][hand & self.trump_masks[t]]

    def _trump_part(self, hand: int, t: int) -> tuple[float, int]:
        value = self.model.intercept
        n = 0
        for c, w in self.trumps[t]:
            if hand >> c & 1:
                value += w
                n += 1
        if n > 2:
            value += self.length3 * (n - 2) + (self.length4 * (n - 3) if n > 3 else 0.0)
        return value, n

    def estimate(self, hand: int, t: int) -> float:
        value, n = self.trump_parts[t][hand & self.trump_masks[t]]
        side = self.side[min(n, 2)]
        masks = SUIT_MASK[t]
        for s in range(4):
            if s != t:
                value += side[(hand & masks[s]) >> (s * 6)]
        return value

    def best_discard(self, hand: int, t: int) -> tuple[float, int]:
        """(estimate, discard) for the best discard from a seven-card hand: the
        lowest card of a side suit (the suit values decide which), or with
        nothing but trumps the lowest trump."""
        value, n = self.trump_parts[t][hand & self.trump_masks[t]]
        side = self.side[min(n, 2)]
        masks = SUIT_MASK[t]
        gain = -1e9
        card = -1
        for s in range(4):
            if s == t:
                continue
            cards = (hand & masks[s]) >> (s * 6)
            here = side[cards]
            value += here
            if cards:
                g = side[cards & (cards - 1)] - here
                if g > gain:
                    gain = g
                    card = s * 6 + (cards & -cards).bit_length() - 1
        if card >= 0:
            return value + gain, card
        low = TRUMP_ORDER[t][0]
        for c in TRUMP_ORDER[t]:
            if hand >> c & 1:
                low = c
        return self.estimate(hand & ~(1 << low), t), low


@lru_cache(maxsize=16)
def _tables(model: Model) -> _Tables:
    return _Tables(model)


def estimate(hand: int, t: int, model: Model = MODEL) -> float:
    """Expected tricks for a six-card hand (bit set) with trump ``t``."""
    return _tables(model).estimate(hand, t)


def best_discard(hand: int, t: int, model: Model = MODEL) -> tuple[float, int]:
    """(estimate, discard) for the best discard from a seven-card hand."""
    return _tables(model).best_discard(hand, t)


@lru_cache(maxsize=8192)
def bidding_estimates(hand: int) -> tuple[float, ...]:
    """For a six-card hand (bit set) before the widow: the expected tricks for
    each trump and (last) for the best trump, averaged over the widow (each
    unseen card equally likely), the maker naming trump and discarding after
    seeing it."""
    tables = _tables(MODEL)
    unseen = _bits(_FULL & ~hand)
    per_trump = [0.0, 0.0, 0.0, 0.0]
    best = 0.0
    # tables.best_discard(hand | 1 << w, t)[0] for every widow card w and trump t,
    # written out (the rollouts ask for thousands of hands): each trump's side suits
    # of the six cards are taken once and the widow card added to its own suit; the
    # same sums in the same order, so the same floats
    layouts = [
        (
            t,
            tables.trump_parts[t],
            tables.trump_masks[t],
            tuple(
                (SUIT_MASK[t][s], s * 6, (hand & SUIT_MASK[t][s]) >> (s * 6))
                for s in range(4)
                if s != t
            ),
        )
        for t in range(4)
    ]
    sides = tables.side
    for w in unseen:
        bit = 1 << w
        h7 = hand | bit
        top = -1e9
        for t, parts, trump_mask, suits in layouts:
            value, n = parts[h7 & trump_mask]
            side = sides[min(n, 2)]
            gain = -1e9
            for mask, shift, cards in suits:
                if bit & mask:
                    cards |= bit >> shift
                here = side[cards]
                value += here
                if cards:
                    g = side[cards & (cards - 1)] - here
                    if g > gain:
                        gain = g
            if gain > -1e9:
                value += gain
            else:  # seven trumps: the lowest goes
                value = tables.best_discard(h7, t)[0]
            per_trump[t] += value
            if value > top:
                top = value
        best += top
    n = len(unseen)
    return (*(v / n for v in per_trump), best / n)


# ---- expected scores -----------------------------------------------------------------


def trick_distribution(mean: float, sigma: float) -> tuple[float, ...]:
    """P(0..6 tricks) for a normal around ``mean``, rounded to whole tricks."""
    cdf = [0.5 * (1 + math.erf((k + 0.5 - mean) / (sigma * math.sqrt(2)))) for k in range(6)]
    probs = [cdf[0]]
    probs += [cdf[k] - cdf[k - 1] for k in range(1, 6)]
    probs.append(1 - cdf[5])
    return tuple(probs)


def expected_margin(rules: Rules, bid: int, dist: Sequence[float], multiplier: int) -> float:
    """The makers' expected points minus the defenders', for a bid of ``bid``
    tricks (6 for pepper) and a distribution of the makers' tricks."""
    total = 0.0
    for k, p in enumerate(dist):
        mine, theirs = hand_points(rules, bid, k, multiplier)
        total += p * (mine - theirs)
    return total


def chance_of_at_least(dist: Sequence[float], n: int) -> float:
    return sum(dist[n:])
