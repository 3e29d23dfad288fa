"""αμ card play: expert's deals searched without fusing this seat's strategies.

PIMC (``hard``, ``expert``) solves each sampled deal ("world") with every card
visible and averages: in each world the seat's later cards are chosen knowing
that world, so a line that only works if the seat guesses right later counts
as sure (strategy fusion). αμ (Cazenave and Ventos, 2020) searches the
worlds together for the seat's next ``depth`` cards instead:

- at the seat's own turn one card is chosen for every world still possible
  (it cannot tell them apart): the result is the union of what each card
  leads to;
- at another seat's turn each world goes its own way (the others are
  modelled as seeing every card, as in PIMC): an opponent picks the card
  worst for us in each world, the partner the best; a card a world's hand
  cannot play drops that world from the branch;
- the result of a node is a Pareto front: a set of vectors, one value per
  world, each the outcome of one plan of the seat for its cards to come; a
  vector another beats or equals in every world is dropped. An opponent's
  turn combines one vector from each of its cards' fronts (per world the
  smaller value), the partner's the same with the larger value;
- at the seat's ``depth``-th card each world is solved double-dummy
  (``solver.solve_value_moves``) for each card, and the seat's choice there
  is again one card for all worlds.

The card played is the one whose front holds the vector with the best mean
over the worlds (all worlds weigh the same: expert's weighting already chose
them by the auction and the play). With ``depth`` 1 this is PIMC over the
same worlds. The search runs from the ``min_cards``-th last card to the
``max_cards``-th (earlier and later, expert's PIMC plays): the fronts grow
with the cards still unseen. The objective is hard's: the hand's score
margin, or near the end of a game the chance of winning it.

Everything is a function of the seed and the view: no hidden card is read.
What it measured: docs/benchmarks.md ("A search beyond PIMC").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from hasenpfeffer.bots.decision import Outcome
from hasenpfeffer.bots.hard import PLAY_SAMPLES, _game_chances
from hasenpfeffer.bots.solver import Position, _maker_scores, solve_value_moves
from hasenpfeffer.cards import EFFECTIVE_SUIT, POWER, SUITS, Card
from hasenpfeffer.rules import Rules

from .expert import ExpertPlayer

#: The seat's cards searched together (1: PIMC).
DEPTH: Final = 2
#: Worlds (sampled deals) searched per decision, by cards left in the hand.
WORLDS: Final = {5: 8, 4: 12, 3: 16}
#: The hand sizes where αμ decides (others: expert's PIMC).
MAX_CARDS: Final = 5
MIN_CARDS: Final = 3
#: The most vectors a front keeps (those with the best mean), so that an
#: opponent's turn with many cards cannot multiply it without bound.
FRONT: Final = 16
#: The most double-dummy solves (one world, one position) a decision may
#: take: a decision that would need more is left to expert's PIMC (about
#: 0.3 ms a solve in CPython, so the browser's time per card stays bounded).
BUDGET: Final = 500

Vector = tuple[float, ...]
#: A node: the worlds still possible (indices into the root's worlds) with
#: their positions, all at the same public state.
Nodes = list[tuple[int, Position]]


class AlphaMuPlayer(ExpertPlayer):
    """Expert's calls and deals; card play by αμ (the module docstring)."""

    level = "alphamu"

    def __init__(
        self,
        seed: int = 0,
        depth: int = DEPTH,
        worlds: Mapping[int, int] | None = None,
        max_cards: int = MAX_CARDS,
        min_cards: int = MIN_CARDS,
        front: int = FRONT,
        budget: int = BUDGET,
        **expert: Any,
    ) -> None:
        super().__init__(seed, **expert)
        if depth < 1 or front < 1:
            raise ValueError(f"depth and front must be at least 1; got {depth} and {front}")
        self.depth = depth
        self.worlds = dict(worlds or WORLDS)
        if any(n < 1 for n in self.worlds.values()):
            raise ValueError("every count of worlds must be at least 1")
        self.max_cards = max_cards
        self.min_cards = min_cards
        self.front = front
        self.budget = budget

    def _play_values(
        self,
        view: Mapping[str, Any],
        rng: random.Random,
        stats: dict[str, Outcome] | None = None,
    ) -> dict[str, float]:
        left = len(view["hand"])
        if stats is not None or not self.min_cards <= left <= self.max_cards:
            return super()._play_values(view, rng, stats)
        n = self.worlds.get(left, 12)
        start = rng.getstate()  # over budget: expert's decision, as if alone
        positions = [Position.from_game(g) for g in self._deals(view, rng, n)]
        rules = Rules.from_dict(view["rules"])
        chances = _game_chances(view, rules, positions[0]) if self.game_aware else []
        try:
            values = alpha_mu(
                positions, view["seat"], self.depth, rules, chances, self.front, self.budget
            )
        except OverBudget:
            rng.setstate(start)
            return super()._play_values(view, rng, stats)
        trump = SUITS.index(view["trump"])
        lead = Card.parse(view["trick"][0]["card"]).index if view["trick"] else -1
        led = EFFECTIVE_SUIT[trump][lead] if lead >= 0 else trump
        tie = 1e-6 if chances else 1e-4
        out = {}
        for text in view["legal_actions"]:
            card = Card.parse(text[5:]).index
            # ties go to the cheaper card, as hard's: keep high cards for later
            out[text] = values.get(card, -1e9) - tie * max(POWER[trump][led][card], 0)
        return out


def alpha_mu(
    worlds: Sequence[Position],
    seat: int,
    depth: int,
    rules: Rules,
    chances: Sequence[float] = (),
    front: int = FRONT,
    budget: int = 0,
) -> dict[int, float]:
    """For each legal card of ``seat`` (to move in every world, at the same
    public state): the best mean over ``worlds`` of the team's value when
    its next ``depth`` cards are chosen one for all worlds it cannot tell
    apart (the module docstring). The value is the team's points margin of
    the hand, or with ``chances`` (the makers' chance of winning the game for
    each further number of makers' tricks, ``hard._game_chances``) its chance
    of winning the game. With ``budget``, ``OverBudget`` is raised once more
    than that many double-dummy solves would be needed."""
    if not worlds:
        raise ValueError("alpha_mu needs at least one world")
    if depth < 1:
        raise ValueError(f"depth must be at least 1; got {depth}")
    root = worlds[0]
    if any(p.to_move != seat for p in worlds):
        raise ValueError(f"seat {seat} is not to move in every world")
    ours = (seat & 1) == root.maker_team
    base = root.won[root.maker_team]
    if chances:
        scores: list[float] = list(chances)

        def value(x: float) -> float:
            return x if ours else 1.0 - x
    else:
        scores = [float(x) for x in _maker_scores(root, rules)]

        def value(x: float) -> float:
            return x if ours else -x

    search = _Search(seat, scores, base, value, front, budget)
    nodes: Nodes = list(enumerate(worlds))
    if depth == 1:  # PIMC: each card's mean over the worlds
        return {c: sum(v) / len(worlds) for c, v in search.leaf(nodes).items()}
    out: dict[int, float] = {}
    for card in root.legal_moves():
        vectors = search.front([(i, p.play(card)) for i, p in nodes], depth - 1)
        out[card] = max(sum(v) for v in vectors) / len(worlds)
    return out


class OverBudget(Exception):
    """The search would need more double-dummy solves than its budget."""


class _Search:
    """The fronts of one decision (``alpha_mu``)."""

    def __init__(
        self,
        seat: int,
        scores: Sequence[float],
        base: int,
        value: Callable[[float], float],
        limit: int,
        budget: int,
    ) -> None:
        self.seat = seat
        self.scores = scores
        self.base = base
        self.value = value
        self.limit = limit
        self.budget = budget
        self.solves = 0

    def _scores_at(self, pos: Position) -> Sequence[float]:
        """The makers' values for each further trick count from ``pos``."""
        d = pos.won[pos.maker_team] - self.base
        return self.scores[d : d + pos.tricks_left + 1]

    def leaf(self, nodes: Nodes) -> dict[int, Vector]:
        """The seat to move: each world solved double-dummy after each of its
        cards; the vector of each card."""
        self.solves += len(nodes)
        if self.budget and self.solves > self.budget:
            raise OverBudget
        solved = [solve_value_moves(p, self._scores_at(p)) for _, p in nodes]
        return {c: tuple(self.value(s[c]) for s in solved) for c in solved[0]}

    def front(self, nodes: Nodes, mine: int) -> list[Vector]:
        """The Pareto front of the node: ``mine`` more cards of the seat are
        chosen for all worlds, the last of them over double-dummy values."""
        pos = nodes[0][1]
        if pos.tricks_left == 0:
            return [tuple(self.value(self._scores_at(p)[0]) for _, p in nodes)]
        mover = pos.to_move
        if mover == self.seat:
            if mine <= 1:
                return self._reduce(list(self.leaf(nodes).values()))
            union: list[Vector] = []
            for card in pos.legal_moves():
                union += self.front([(i, p.play(card)) for i, p in nodes], mine - 1)
            return self._reduce(union)
        partner = (mover ^ self.seat) & 1 == 0
        pick = max if partner else min
        fill = -1e18 if partner else 1e18
        branches: dict[int, list[int]] = {}
        for k, (_, p) in enumerate(nodes):
            for card in p.legal_moves():
                branches.setdefault(card, []).append(k)
        result: list[Vector] = [(fill,) * len(nodes)]
        for card, ks in branches.items():
            child = self.front([(nodes[k][0], nodes[k][1].play(card)) for k in ks], mine)
            combined: list[Vector] = []
            for a in result:
                for b in child:
                    v = list(a)
                    for j, k in enumerate(ks):
                        v[k] = pick(a[k], b[j])
                    combined.append(tuple(v))
            result = self._reduce(combined)
        return result

    def _reduce(self, vectors: list[Vector]) -> list[Vector]:
        """The vectors no other beats or equals in every world, at most
        ``limit`` of them (the best means)."""
        kept: list[Vector] = []
        for v in sorted(set(vectors), key=lambda v: -sum(v)):
            if not any(all(x >= y for x, y in zip(k, v, strict=True)) for k in kept):
                kept.append(v)
                if len(kept) == self.limit:
                    break
        return kept


def make(seed: int = 0) -> AlphaMuPlayer:
    return AlphaMuPlayer(seed)


def make_depth_one(seed: int = 0) -> AlphaMuPlayer:
    """The control: the same worlds, searched by PIMC (``depth`` 1)."""
    return AlphaMuPlayer(seed, depth=1)


#: Expert's own world counts (hard's ``PLAY_SAMPLES``) where αμ decides.
FULL_WORLDS: Final = {n: PLAY_SAMPLES[n] for n in range(MIN_CARDS, MAX_CARDS + 1)}
#: The budget scaled with the faster solver (about 0.12 ms a solve in CPython).
FULL_BUDGET: Final = 1250


def make_full(seed: int = 0) -> AlphaMuPlayer:
    """αμ at expert's full world count, with the budget the faster solver allows."""
    return AlphaMuPlayer(seed, worlds=FULL_WORLDS, budget=FULL_BUDGET)


#: Card play under measurement, for the deal-by-deal arena only (not a level of the
#: settings, not in the browser's wheel): ``alphamu``, expert with αμ search, and its
#: control ``alphamu-depth1``, the same worlds searched by PIMC. card_play registers
#: them (``players.register_level``) in every process that plays its deals.
RESEARCH_LEVELS: Final = {
    "alphamu": make,
    "alphamu-depth1": make_depth_one,
    "alphamu-full": make_full,
}


__all__ = [
    "BUDGET",
    "DEPTH",
    "FRONT",
    "FULL_BUDGET",
    "FULL_WORLDS",
    "MAX_CARDS",
    "MIN_CARDS",
    "WORLDS",
    "AlphaMuPlayer",
    "OverBudget",
    "alpha_mu",
    "make",
    "make_depth_one",
    "make_full",
]
