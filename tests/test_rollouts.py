"""Hard's calls by rollouts: which calls are played out, what they are worth,
and that they decide sensibly where the answer is clear."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

import pytest

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.calls import GameAwareCalls
from hasenpfeffer.bots.hard import HardPlayer
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.bots.rollouts import (
    POINTS_WEIGHT,
    ROLLOUT_DEALS,
    ROLLOUT_PHASES,
    RolloutCalls,
    candidates,
    mean_after_each,
    points_weight,
)

SMALL = {"play_samples": {n: 3 for n in range(1, 7)}, "call_samples": 3, "rollouts": 12}


def deal(
    hands: Sequence[str],
    widow: str,
    dealer: int = 3,
    actions: Sequence[str] = (),
    rules: str = "seed",
    scores: tuple[int, int] = (0, 0),
) -> Game:
    game = Game.from_deal(list(hands), widow, dealer, Rules.preset(rules), scores=scores, seed=1)
    for a in actions:
        game.apply(a)
    return game


def rollouts(seed: int = 0, n: int = 12) -> RolloutCalls:
    return HardPlayer(seed, **{**SMALL, "rollouts": n})._rollouts  # type: ignore[arg-type,return-value]


def view_of(game: Game) -> dict[str, object]:
    seat = game.to_act
    assert seat is not None
    return game.view(seat)


STRONG = ["JK JH JD AH KH QH", "9C TC QC 9S TS QS", "AC KC AD KD QD TD", "9D AS KS JS JC TH"]


def test_candidates_are_pass_and_the_bids_around_the_base_call() -> None:
    view = {"phase": "bidding", "legal_actions": ["pass", *(f"bid {k}" for k in range(1, 7))]}
    assert candidates(view, "bid 4") == ["pass", "bid 3", "bid 4", "bid 5"]
    assert candidates(view, "bid 6") == ["pass", "bid 5", "bid 6"]
    assert candidates(view, "bid 1") == ["pass", "bid 1", "bid 2"]
    assert candidates(view, "pass") == ["pass", "bid 1", "bid 2"]
    forced = {"phase": "bidding", "legal_actions": ["bid 3", "bid 4", "bid 5", "bid 6"]}
    assert candidates(forced, "bid 3") == ["bid 3", "bid 4"]
    alone = {"phase": "alone", "legal_actions": ["alone", "decline"]}
    assert candidates(alone, "decline") == ["alone", "decline"]


def test_a_sure_hand_bids_and_its_rollouts_say_why() -> None:
    game = deal(STRONG, "9H")  # seat 0 speaks first, holding the six top hearts
    view = view_of(game)
    calls = rollouts()
    values = calls.values(view, ["pass", "bid 5", "bid 6"])
    assert values["bid 6"] > values["pass"] + 0.1
    assert calls.choose(view) != "pass"


def test_a_hopeless_hand_does_not_overcall_where_failing_costs_the_bid() -> None:
    hands = ["9C TC 9D TD 9S TH", "JK JH JD AH KH QH", "QC KC AC QD KD AD", "JC TS QS KS AS JS"]
    game = deal(hands, "9H", dealer=2, actions=["bid 4"], rules="traditional")
    view = view_of(game)
    assert view["seat"] == 0
    calls = rollouts(0, ROLLOUT_DEALS)
    values = calls.values(view, ["pass", "bid 5", "bid 6"])
    assert values["pass"] > max(values["bid 5"], values["bid 6"]) + 0.1
    assert calls.choose(view) == "pass"


def test_the_sure_hand_goes_alone_for_the_doubled_stake() -> None:
    # seed rules: six sure tricks alone score 12 and win the game at once
    game = deal(STRONG, "9H", actions=["bid 6", "trump H", "discard 9H"])
    assert game.phase == "alone"
    view = view_of(game)
    values = rollouts().values(view, ["alone", "decline"])
    # the game won on every deal, and 12 points
    assert values["alone"] == pytest.approx(1.0 + 12 * POINTS_WEIGHT)
    assert values["decline"] < values["alone"]
    assert rollouts().choose(view) == "alone"


def test_a_side_far_behind_does_not_give_points_away_to_put_off_the_end() -> None:
    # seed rules: the opponents win with any contract they make. At 0:9 a
    # denying bid keeps the game alive; at -20:9 it only costs points
    hands = ["9C TC QD TD 9S TH", "JK JH JD AH KH QH", "QC KC AC 9D KD AD", "JC TS QS KS AS JS"]
    hopeless = view_of(deal(hands, "9H", scores=(-20, 9)))
    assert GameAwareCalls(0).choose(hopeless) != "pass"  # the base calls deny
    calls = rollouts(0, ROLLOUT_DEALS)
    values = calls.values(hopeless, ["pass", "bid 5", "bid 6"])
    assert values["pass"] > max(values["bid 5"], values["bid 6"])
    assert calls.choose(hopeless) == "pass"


def test_rollouts_are_fixed_by_seed_and_view_and_leave_the_view_alone() -> None:
    game = deal(STRONG, "9H", actions=["pass"])
    view = view_of(game)
    before = copy.deepcopy(view)
    a = rollouts(5).values(view, ["pass", "bid 4", "bid 5"])
    assert view == before
    assert rollouts(5).values(copy.deepcopy(view), ["pass", "bid 4", "bid 5"]) == a


def test_only_bids_and_alone_calls_are_played_out() -> None:
    assert {"bidding", "alone", "defend_alone"} == ROLLOUT_PHASES
    rng = random.Random(3)
    checked = 0
    for g in range(12):
        game = Game.new(Rules.preset(("seed", "traditional")[g % 2]), seed=g)
        medium = MediumPlayer(0)
        while game.phase in ("bidding", "trump", "discard", "alone", "defend_alone"):
            view = view_of(game)
            base = GameAwareCalls(4).choose(view)
            if view["phase"] in ("trump", "discard"):
                # not played out: exactly the base calls
                assert RolloutCalls(4, GameAwareCalls(4), _no_deals).choose(view) == base
                checked += 1
            game.apply(medium.choose(view) if rng.random() < 0.5 else base)
    assert checked >= 12


def _no_deals(view: object, rng: object, n: int) -> list[Game]:
    raise AssertionError("trump and discard are not played out")


def test_without_rollouts_hard_makes_the_base_calls() -> None:
    game = deal(STRONG, "9H", actions=["pass"])
    view = view_of(game)
    off = HardPlayer(2, **{**SMALL, "rollouts": 0})  # type: ignore[arg-type]
    assert off._rollouts is None
    assert off.choose(view) == GameAwareCalls(2).choose(view)


def test_every_option_is_played_on_copies_of_the_same_deals() -> None:
    deals = [deal(STRONG, "9H"), deal(STRONG, "9H", dealer=0)]
    before = [g.to_json() for g in deals]
    seen: list[tuple[str, int]] = []

    def value(game: Game) -> float:
        last = game.auction[-1]
        seen.append((str(last[1]), game.dealer))
        return 1.0 if str(last[1]) == "bid 6" else float(game.dealer)

    means = mean_after_each(deals, ["pass", "bid 6"], value)
    assert means == {"pass": 1.5, "bid 6": 1.0}
    assert sorted(seen) == [("bid 6", 0), ("bid 6", 3), ("pass", 0), ("pass", 3)]
    assert [g.to_json() for g in deals] == before  # the deals themselves stay as they were


def test_points_count_a_little_only_where_a_failed_contract_is_cheap() -> None:
    for preset in ("seed", "seed-pepper"):
        assert points_weight(Rules.preset(preset)) == POINTS_WEIGHT > 0
    for preset in ("traditional", "pepper"):
        assert points_weight(Rules.preset(preset)) == 0.0
    assert points_weight(Rules.from_dict({"preset": "seed", "defenders_score": True})) == 0.0
