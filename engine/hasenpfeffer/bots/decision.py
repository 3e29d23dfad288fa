"""A player's decision with what it weighed: the action it takes, and for each
action it put a value on, that value and the facts behind it.

``HardPlayer.decide(view)`` and ``MediumPlayer.decide(view)`` return one; their
``choose(view)`` is its ``action``. Hints (``hints.suggest``) explain a level's
decision from it, so a hint is always what that level itself would do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Final

#: How a decision was reached: the only legal action; card play by search over
#: sampled deals (each solved with every card visible); calls by playing each
#: candidate out over sampled deals (rollouts); by the fitted trick estimates
#: (trump and discard); by the level's rules of thumb, with no value per action.
METHODS: Final = ("only", "search", "rollouts", "estimate", "rule")
#: What a decision's values measure: the hand's points margin for the seat's
#: side (its points minus the other side's), the chance of winning the game
#: (``rollouts``: with a little weight on the margin), tricks for the seat's
#: side, or nothing (``only``, ``rule``).
OBJECTIVES: Final = ("margin", "chance", "tricks", "")


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one action led to, on average over the deals weighed (for the
    seat's side; None where the method does not say)."""

    #: the value the decision ranks by (see ``Decision.objective``)
    value: float
    #: the hand's points margin: the seat's side's points minus the other side's
    margin: float | None = None
    #: the seat's side's points this hand
    points: float | None = None
    #: the seat's side's chance of winning the game once the hand is over
    chance: float | None = None
    #: share of deals in which the seat's side held the contract
    makers: float | None = None
    #: share of deals in which the seat's side held the contract and made it
    made_ours: float | None = None
    #: share of deals in which the other side held the contract and made it
    made_theirs: float | None = None
    #: card play: share of deals in which the card leaves the seat's side
    #: winning the trick with no opponent still to play able to beat it
    holds: float | None = None
    #: how many sampled deals the shares above are over (0: not sampled, a
    #: model's estimate): what makes them uncertain (``hints``: said as ranges)
    deals: int = 0
    #: the value on each sampled deal, in the deals' order (rollouts: every
    #: candidate over the same deals, so two candidates' values pair up and
    #: their difference's noise can be told: ``hints`` says "a close call")
    per_deal: tuple[float, ...] = ()

    @property
    def make_rate(self) -> float | None:
        """How often the seat's side makes the contract when it holds it."""
        if self.makers is None or self.made_ours is None or self.makers <= 0:
            return None
        return self.made_ours / self.makers

    @property
    def their_make_rate(self) -> float | None:
        """How often the other side makes the contract when it holds it."""
        if self.makers is None or self.made_theirs is None or self.makers >= 1:
            return None
        return self.made_theirs / (1 - self.makers)


@dataclasses.dataclass(frozen=True)
class Decision:
    """The action a player chose and what it weighed (see the module docstring)."""

    action: str
    method: str
    objective: str = ""
    #: each weighed action's outcome (every legal action for search and
    #: estimates; the candidates played out for rollouts; none for only/rule)
    outcomes: Mapping[str, Outcome] = dataclasses.field(default_factory=dict)

    def ranked(self, legal: Sequence[str]) -> list[str]:
        """The legal actions: the chosen one first, then the weighed ones by
        value (best first; ties in ``legal``'s order), then the rest in
        ``legal``'s order."""
        weighed = [a for a in legal if a in self.outcomes and a != self.action]
        weighed.sort(key=lambda a: -self.outcomes[a].value)
        rest = [a for a in legal if a not in self.outcomes and a != self.action]
        return [self.action, *weighed, *rest]


__all__ = ["METHODS", "OBJECTIVES", "Decision", "Outcome"]
