"""The hard player's calls by rollouts: one step of policy improvement over
the game-aware calls.

At a bid, an alone or a defend-alone decision, ``RolloutCalls`` draws deals
consistent with the seat's view (the hard player's sampler: the hidden hands
and the widow, weighted by the auction so far), and for each candidate call
plays the rest of the hand out on every deal: this seat and its partner with
the base calls (``calls.GameAwareCalls``), the opponents as the medium
player, everyone's cards by medium's play. Each finished hand is worth the
seat's team's chance of winning the game from the scores it leaves
(``calls.win_table``), plus, where a failed contract is cheap, a little for
the hand's points (``POINTS_WEIGHT``); the candidate with the best average
is the call. The same deals serve every candidate (common random numbers),
so the comparison is far less noisy than each average.

What this adds to the base calls: the rest of the auction (whether the
opponents overcall a bid, and what they can make), the partner's hand as the
auction so far places it, and the trick count of this very hand instead of a
fitted average, all in one number the game's score makes comparable.

Everything is a function of the seed and the view: the deals come from
``sampling`` through the hard player's ``_deals``; no hidden card is read.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from ..game import Game
from ..rules import Rules
from .calls import WinTable, win_table
from .decision import Decision, Outcome
from .medium import MediumPlayer, decision_key

#: Deals played out per decision (each with every candidate call).
ROLLOUT_DEALS: Final = 24
#: The phases decided by rollouts (trump and discard: the base calls).
ROLLOUT_PHASES: Final = frozenset({"bidding", "alone", "defend_alone"})
#: What a point of the hand's score margin adds to a rollout's value (a
#: chance of winning the game) where a failed contract is cheap (it costs
#: the tricks won and the defenders score nothing): there the chances of a
#: side far behind hardly differ, and without it that side gives points away
#: on contracts that only put off the end of a game it cannot win (seed
#: rules, 1,000 games: 14 reached the 60-hand limit, 4 with it). Where
#: failing costs the bid or defenders score, the chances see that cost
#: already (no game reached the limit) and it stays 0 (docs/benchmarks-history.md).
POINTS_WEIGHT: Final = 0.02

#: ``deals(view, rng, n)``: ``n`` games in the position the view describes.
Sampler = Callable[[Mapping[str, Any], random.Random, int], list[Game]]


class RolloutCalls:
    """Calls chosen by playing each candidate out over sampled deals."""

    def __init__(
        self,
        seed: int,
        base: MediumPlayer,  # the calls to improve on (hard: calls.GameAwareCalls)
        deals: Sampler,
        n: int = ROLLOUT_DEALS,
        opponents: MediumPlayer | None = None,
    ) -> None:
        self.seed = seed
        self.base = base
        self.deals = deals
        self.n = n
        self.opponents = opponents or MediumPlayer(seed)

    def choose(self, view: Mapping[str, Any]) -> str:
        """The call for the view (a bidding, trump, discard, alone or
        defend-alone decision)."""
        return self.decide(view).action

    def decide(self, view: Mapping[str, Any]) -> Decision:
        """The call for the view and, where it was played out, each candidate's
        outcome (method ``rollouts``); trump and discard are the base's
        (method ``rule``)."""
        decision = self.base.decide(view)
        base = decision.action
        if view["phase"] not in ROLLOUT_PHASES or self.n <= 0:
            return decision
        options = candidates(view, base)
        if len(options) < 2:
            return decision
        outcomes = self.outcomes(view, options)
        best = max(options, key=lambda a: outcomes[a].value)
        action = best if outcomes[best].value > outcomes[base].value else base
        return Decision(action, "rollouts", "chance", outcomes)

    def values(self, view: Mapping[str, Any], options: Sequence[str]) -> dict[str, float]:
        """Each option's average chance, for the seat's team, of winning the
        game once the hand is over."""
        return {a: o.value for a, o in self.outcomes(view, options).items()}

    def outcomes(self, view: Mapping[str, Any], options: Sequence[str]) -> dict[str, Outcome]:
        """Each option played out over the same sampled deals: its ``value``
        (see ``values``) and what the hands it led to did on average."""
        team = view["seat"] & 1
        rules = Rules.from_dict(view["rules"])
        table = win_table(rules)
        weight = points_weight(rules)
        rng = random.Random(decision_key(self.seed, view))
        deals = self.deals(view, rng, self.n)
        sums = {a: [0.0] * 7 for a in options}
        each: dict[str, list[float]] = {a: [] for a in options}
        for deal in deals:
            for action in options:
                game = deal.copy()
                game.apply(action)
                row = sums[action]
                finished = self._finish(game, team, table, weight)
                each[action].append(finished[0])
                for i, x in enumerate(finished):
                    row[i] += x
        n = len(deals)
        return {
            a: Outcome(
                value=row[0] / n,
                chance=row[1] / n,
                margin=row[2] / n,
                points=row[3] / n,
                makers=row[4] / n,
                made_ours=row[5] / n,
                made_theirs=row[6] / n,
                deals=n,
                per_deal=tuple(each[a]),
            )
            for a, row in sums.items()
        }

    def play_out(self, game: Game, team: int, table: WinTable, weight: float = 0.0) -> float:
        """Finish the hand with the model players; ``team``'s chance of
        winning the game from the scores it leaves, plus ``weight`` for each
        point of the hand's margin."""
        return self._finish(game, team, table, weight)[0]

    def _finish(
        self, game: Game, team: int, table: WinTable, weight: float
    ) -> tuple[float, float, int, int, int, int, int]:
        """``play_out``'s value, then the chance, the hand's margin and points
        for ``team``, and (1 or 0) whether ``team`` held the contract, whether
        it made it, whether the other team made theirs."""
        start = game.scores[team] - game.scores[1 - team]
        start_us = game.scores[team]
        hands = len(game.records)
        while len(game.records) == hands:
            seat = game.to_act
            assert seat is not None
            player = self.base if (seat & 1) == team else self.opponents
            game.apply(player.choose(game.view(seat)))
        record = game.records[-1]
        us, them = game.scores[team], game.scores[1 - team]
        if record.maker is None:  # thrown in: the scores stand
            chance = table.chance(us, them)
            return chance, chance, 0, 0, 0, 0, 0
        margin = us - them - start
        ours = int((record.maker & 1) == team)
        assert record.bid is not None
        made = int(record.tricks_won[record.maker & 1] >= min(record.bid.value, 6))
        chance = table.after(us, them, ours == 1)
        return (
            chance + weight * margin,
            chance,
            margin,
            us - start_us,
            ours,
            made * ours,
            made * (1 - ours),
        )


def points_weight(rules: Rules) -> float:
    """``POINTS_WEIGHT`` where a failed contract is cheap, else 0."""
    cheap = rules.fail_penalty == "tricks_won" and not rules.defenders_score
    return POINTS_WEIGHT if cheap else 0.0


def mean_after_each(
    deals: Sequence[Game], options: Sequence[str], value: Callable[[Game], float]
) -> dict[str, float]:
    """Each option's average ``value`` over the deals, the option applied to
    a copy of each deal: the same deals for every option."""
    totals = dict.fromkeys(options, 0.0)
    for deal in deals:
        for action in options:
            game = deal.copy()
            game.apply(action)
            totals[action] += value(game)
    return {a: v / len(deals) for a, v in totals.items()}


def candidates(view: Mapping[str, Any], base: str) -> list[str]:
    """The calls worth playing out: in the auction, passing, the base call and
    the bids next to it (or the two lowest when the base passes); elsewhere
    every legal call."""
    legal: list[str] = view["legal_actions"]
    if view["phase"] != "bidding":
        return list(legal)
    bids = [a for a in legal if a != "pass"]
    out = ["pass"] if "pass" in legal else []
    if base == "pass":
        return out + bids[:2]
    i = bids.index(base)
    return out + bids[max(0, i - 1) : i + 2]


__all__ = [
    "POINTS_WEIGHT",
    "ROLLOUT_DEALS",
    "ROLLOUT_PHASES",
    "RolloutCalls",
    "candidates",
    "mean_after_each",
    "points_weight",
]
