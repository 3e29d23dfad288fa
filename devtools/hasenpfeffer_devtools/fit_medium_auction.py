"""Fit the medium player's auction adjustment (``Params.auction_weights``) by
least squares: for each contract in games between medium players of several
bidding styles, the tricks the makers took less the maker's hand estimate
(``trick_estimates.bidding_estimates``) on the auction features the maker saw when
making the bid that became the contract (``medium.auction_features``).

    python -m hasenpfeffer_devtools.fit_medium_auction --games 3000 [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Mapping
from typing import Any

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.medium import MediumPlayer, Params, auction_features
from hasenpfeffer.bots.trick_estimates import bidding_estimates
from hasenpfeffer.rules import PRESETS

from .fit_medium_model import least_squares

NAMES = (
    "intercept",
    "partner_bid",
    "partner_passed",
    "opp_bid",
    "opp_opened",
    "opp_passed",
    "leads",
)
STYLES = {
    "default": Params(),
    "passive": Params(denial=0.0),
    "escalating": Params(opener_discount=-0.3, overcall_discount=-0.3),
    "cautious": Params(cheap_fail_chance=0.6, costly_fail_chance=0.8, denial=0.0),
}


class Recorder(MediumPlayer):
    def __init__(self, seed: int, params: Params, log: dict[int, Any]) -> None:
        super().__init__(seed, params)
        self.log = log

    def choose(self, view: Mapping[str, Any], game: object = None) -> str:
        action = super().choose(view)
        if view["phase"] == "bidding" and action != "pass":
            self.log[view["seat"]] = (auction_features(view), view["hand"])
        return action


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    xs: list[tuple[float, ...]] = []
    ys: list[float] = []
    from hasenpfeffer.knowledge import hand_mask

    for i in range(args.games):
        preset = list(PRESETS)[i % len(PRESETS)]
        styles = [rng.choice(list(STYLES)), rng.choice(list(STYLES))]
        game = Game.new(Rules.preset(preset), seed=args.seed * 1_000_003 + i)
        log: dict[int, Any] = {}
        players = [Recorder(s, STYLES[styles[s % 2]], log) for s in range(4)]
        number = 0
        while not game.is_over and game.hand_number < 30:
            seat = game.to_act
            assert seat is not None
            game.apply(players[seat].choose(game.view(seat)))
            if game.hand_number != number or game.is_over:
                record = game.records[-1]
                if record.maker is not None and not record.forced and record.maker in log:
                    features, hand = log[record.maker]
                    mu = bidding_estimates(hand_mask(hand))[4]
                    xs.append(features)
                    ys.append(record.tricks_won[record.maker & 1] - mu)
                log.clear()
                number = game.hand_number
    w = least_squares(xs, ys)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    res = [y - p for y, p in zip(ys, pred, strict=True)]
    sd = math.sqrt(sum(r * r for r in res) / (len(res) - len(w)))
    print(f"# contracts {len(ys)}, mean (tricks - estimate) {sum(ys) / len(ys):+.3f}, sd {sd:.3f}")
    for n, wi in zip(NAMES, w, strict=True):
        print(f"#   {n:15s} {wi:+.3f}")
    print("auction_weights = (" + ", ".join(f"{wi:.2f}" for wi in w) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
