"""The chance the hint, the review and "Why?" say a call makes its contract,
fitted to what happens (issue 51).

A call's share of the deals played out in which the contract was made (its
``Outcome.make_rate``) is what the hard player weighs; said to a person it
is too sure: over 2,000 seed hands the bids said to make it 50 to 90 % of
the time were made 7 to 11 points less often, the ones said to fail nearly
always made it more often. The share said is therefore the played-out share
moved by a logistic fit per rule set and kind of call, made on one run of
``python -m hasenpfeffer_devtools.calibration`` (``--fit``) and checked on
another (docs/benchmarks.md):

    logit(said) = intercept + slope * logit(played-out share)

The decisions themselves are untouched: only the words change. Rules with no
fit (custom rules, a rule set not yet measured) say the played-out share.

>>> from hasenpfeffer.rules import PRESETS
>>> said = shown_chance(0.75, "bid", PRESETS["seed"])
>>> 0.5 < said < 0.75
True
>>> 0.65 < shown_chance(0.75, "bid", PRESETS["traditional"]) < 0.72
True
>>> shown_chance(0.75, "bid", PRESETS["seed"].replace(target=11))  # no fit
0.75
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Final

from ..rules import Rules

#: The kinds of call whose chance is said: the maker's last bid, the maker's
#: alone-or-partner call, a defender's answer to a lone maker (the chance the
#: lone maker makes it).
KINDS: Final = ("bid", "alone", "defend_alone")
#: A played-out share is held this far from 0 and 1 before the fit (24 deals
#: all made is not certainty).
EDGE: Final = 0.02
#: (rule set, kind): (intercept, slope), from ``calibration --fit``: seed, on
#: the first hands of the games seeded 20001-20738 (checked on other seeds);
#: traditional, on those seeded 1-2000 (checked by a cross-fit on them:
#: docs/benchmarks.md, "The advisor's calibration"). The other rule sets are not
#: fitted yet.
FITS: Final[Mapping[tuple[str, str], tuple[float, float]]] = {
    ("seed", "bid"): (-0.537, 0.684),
    ("seed", "alone"): (-0.346, 0.78),
    ("seed", "defend_alone"): (0.238, 0.506),
    ("traditional", "bid"): (-0.134, 0.864),
}


def logit(share: float) -> float:
    """The log-odds of ``share``, held ``EDGE`` from 0 and 1."""
    p = min(max(share, EDGE), 1 - EDGE)
    return math.log(p / (1 - p))


def shown_chance(share: float, kind: str, rules: Rules) -> float:
    """The chance said for a call of ``kind`` whose played-out share is ``share``."""
    name = rules.preset_name
    fit = FITS.get((name, kind)) if name is not None else None
    if fit is None:
        return share
    intercept, slope = fit
    return 1 / (1 + math.exp(-(intercept + slope * logit(share))))


__all__ = ["FITS", "KINDS", "shown_chance"]
