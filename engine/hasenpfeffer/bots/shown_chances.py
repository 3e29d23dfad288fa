"""The chance the hint, the review and "Why?" say a call makes its contract,
fitted to what happens (issue 51).

A call's share of the deals played out in which the contract was made (its
``Outcome.make_rate``) is what the hard player weighs; said to a person it
is too sure: over 2,000 seed hands the bids said to make it 50 to 90 % of
the time were made 7 to 11 points less often, the ones said to fail nearly
always made it more often. The share said is therefore the played-out share
moved by a logistic fit per rule set and kind of call, made by
``python -m hasenpfeffer_devtools.calibration --fit`` on 2,000 or more hands
and checked by a cross-fit on them (docs/benchmarks.md):

    said = top / (1 + exp(-(a + b * x + c * x**2))),  x = logit(played-out share)

(the curve held flat beyond a turning point inside the shares' range, so
that a higher share is never said lower). A straight line in the log-odds
(``c = 0``) left one seed decile 11 points off on 2,000 hands: the calls'
curves bend at their top. ``top`` is the most the fit ever says: under the
pepper rules of the seed the bids and alone calls made in all 24 deals
played out were made only 83 and 93 % of the time (4,000 hands), and a curve
that climbs on towards 100 % said the surest calls 5 to 8 points too sure
(cross-fitted on those hands, and on 2,000 others); it is 1 where the hands
did not ask for less. The decisions themselves are untouched: only the
words change. Rules with no fit (custom rules: each preset is fitted)
say the played-out share.

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
#: (rule set, kind): (a, b, c, top), from ``calibration --fit`` on the first hands
#: of 2,000 or more seeded games, each checked by a cross-fit on them
#: (docs/benchmarks.md, "The advisor's calibration"): seed on those seeded 5001-6379
#: and 7001-7700 (played by the engine as it decides since da724c5: the hands it was
#: fitted on before were played by the engine before, and said 11 points too sure at
#: 70-80 % on these), traditional on 1-2000 and 5001-6395 (on 2,215 hands it had not
#: seen, its fit on 1-2000 alone said 30-50 % about 5 points too shy), the two pepper
#: rule sets on 1-2000 and 9001-11000 (on 9001-11000 their fits on 1-2000 alone said
#: seed-pepper's surest calls 8 points too sure, and pepper's 60-70 % 5 points too shy).
Fit = tuple[float, float, float, float]
FITS: Final[Mapping[tuple[str, str], Fit]] = {
    ("seed", "bid"): (-0.552, 0.734, 0.018, 1.0),
    ("seed", "alone"): (-0.357, 0.821, 0.008, 1.0),
    ("seed", "defend_alone"): (0.063, 0.579, -0.06, 1.0),
    ("seed-pepper", "bid"): (-0.335, 1.061, 0.107, 0.84),
    ("seed-pepper", "alone"): (-0.398, 0.925, 0.051, 0.94),
    ("seed-pepper", "defend_alone"): (1.074, 1.689, 0.164, 0.79),
    ("traditional", "bid"): (-0.024, 0.841, -0.011, 1.0),
    ("pepper", "bid"): (-0.11, 0.807, 0.026, 1.0),
}


def logit(share: float) -> float:
    """The log-odds of ``share``, held ``EDGE`` from 0 and 1."""
    p = min(max(share, EDGE), 1 - EDGE)
    return math.log(p / (1 - p))


def fitted(share: float, fit: Fit) -> float:
    """``share`` said by the curve ``fit`` = (a, b, c, top); where the curve
    turns inside the shares' range it is held at its turning point beyond it.

    >>> answer = (0.629, 0.628, -0.117, 1.0)  # turns at a share of 0.936
    >>> round(fitted(0.5, answer), 3), round(fitted(0.9, answer), 3)
    (0.652, 0.809)
    >>> fitted(0.95, answer) == fitted(0.98, answer)
    True
    >>> round(fitted(1.0, (0.0, 1.0, 0.0, 0.9)), 3)  # never above top
    0.882
    """
    a, b, c, top = fit
    x = logit(share)
    if c != 0 and b > 0:
        turn = -b / (2 * c)
        x = min(x, turn) if c < 0 else max(x, turn)
    return top / (1 + math.exp(-(a + b * x + c * x * x)))


def shown_chance(share: float, kind: str, rules: Rules) -> float:
    """The chance said for a call of ``kind`` whose played-out share is ``share``."""
    name = rules.preset_name
    fit = FITS.get((name, kind)) if name is not None else None
    return share if fit is None else fitted(share, fit)


__all__ = ["FITS", "KINDS", "Fit", "fitted", "shown_chance"]
