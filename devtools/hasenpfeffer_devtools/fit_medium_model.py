"""Fit the medium player's trick estimates (``trick_estimates.MODEL``, ``ALONE_MODEL``)
by least squares on medium self-play.

For each seeded deal, the seat whose hand looks strongest (the bidding estimate)
becomes the maker at a bid of 1 (so nobody's aim changes during the play), takes
the widow, names trump and discards as medium does, and the hand is played out
by four medium players, once with the partner and once alone. In 30 % of the deals
the trump is a random suit instead (so that short trump holdings are in the data
too). The regression is of the tricks the makers took on the features of the maker's final six
cards (``trick_estimates.features``). Prints the fitted weights as Python.

    python -m hasenpfeffer_devtools.fit_medium_model --deals 6000 [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Sequence

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.medium import MediumPlayer
from hasenpfeffer.bots.trick_estimates import MODEL, bidding_estimates, features
from hasenpfeffer.cards import CARDS
from hasenpfeffer.dealing import deal_hands, shuffled_deck

NAMES = (
    "intercept",
    "JK",
    "right",
    "left",
    "A",
    "K",
    "Q",
    "T",
    "9",
    "length3",
    "length4",
    "side_aces",
    "side_ace_kings",
    "side_kings",
    "voids",
    "voids2",
    "singletons",
)


def play_out(
    hands: list[int], widow: int, dealer: int, maker: int, alone: bool, trump: str | None
) -> tuple[tuple[int, ...], int, int]:
    """(features of the maker's final hand, tricks the makers took, pre-widow hand)."""
    game = Game.from_deal(
        [[CARDS[c] for c in range(25) if h >> c & 1] for h in hands],
        CARDS[widow],
        dealer,
        Rules(),
        seed=0,
    )
    players = [MediumPlayer() for _ in range(4)]
    while game.to_act != maker or game.phase != "bidding":
        game.apply("pass")
    game.apply("bid 1")
    while game.phase == "bidding":
        game.apply("pass")
    feats = None
    while game.phase != "play":
        seat = game.to_act
        assert seat is not None
        if game.phase == "alone":
            game.apply("alone" if alone else "decline")
            continue
        if game.phase == "defend_alone":
            game.apply("decline")
            continue
        if game.phase == "trump" and trump is not None:
            game.apply(f"trump {trump}")
            continue
        game.apply(players[seat].choose(game.view(seat)))
    t = "CDHS".index(game.trump or "C")
    final = sum(1 << c.index for c in game.hand(maker))
    feats = features(final, t)
    number = game.hand_number
    while game.hand_number == number and not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    record = game.records[-1]
    return feats, record.tricks_won[maker & 1], hands[maker]


def least_squares(xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            if x[i]:
                b[i] += x[i] * y
                row = a[i]
                for j in range(k):
                    row[j] += x[i] * x[j]
    for i in range(k):
        a[i][i] += 1e-6  # ridge: some features may be constant
    # Gaussian elimination with partial pivoting
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(col + 1, k):
            f = a[r][col] / a[col][col]
            for j in range(col, k):
                a[r][j] -= f * a[col][j]
            b[r] -= f * b[col]
    w = [0.0] * k
    for i in reversed(range(k)):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, k))) / a[i][i]
    return w


def report(name: str, xs: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    w = least_squares(xs, ys)
    pred = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in xs]
    res = [y - p for y, p in zip(ys, pred, strict=True)]
    sd = math.sqrt(sum(r * r for r in res) / (len(res) - len(w)))
    print(f"# {name}: n={len(ys)}, mean tricks {sum(ys) / len(ys):.3f}, residual sd {sd:.3f}")
    for n, wi in zip(NAMES, w, strict=True):
        print(f"#   {n:15s} {wi:+.3f}")
    # calibration by predicted bucket
    buckets: dict[int, list[float]] = {}
    for p, y in zip(pred, ys, strict=True):
        buckets.setdefault(round(p), []).append(y)
    for k in sorted(buckets):
        v = buckets[k]
        print(f"#   predicted ~{k}: n={len(v)}, actual mean {sum(v) / len(v):.2f}")
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    team_x, team_y, alone_x, alone_y = [], [], [], []
    bid_pred, bid_y = [], []
    start = time.perf_counter()
    for i in range(args.deals):
        dealer, deck = shuffled_deck(args.seed * 1_000_003 + i, 0)
        hands, widow = deal_hands(deck, dealer)
        if rng.random() < 0.5:
            maker = max(range(4), key=lambda s: bidding_estimates(hands[s])[4])
        else:
            maker = rng.randrange(4)
        # some deals with a random trump, so that short trump holdings are seen too
        trump = rng.choice("CDHS") if rng.random() < 0.3 else None
        f, tricks, pre = play_out(hands, widow, dealer, maker, False, trump)
        team_x.append(f)
        team_y.append(tricks)
        if trump is None:
            bid_pred.append(bidding_estimates(pre)[4])
            bid_y.append(tricks)
        f, tricks, _ = play_out(hands, widow, dealer, maker, True, trump)
        alone_x.append(f)
        alone_y.append(tricks)
        if (i + 1) % 1000 == 0:
            print(f"# {i + 1} deals, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    report("team (maker with partner)", team_x, team_y)
    report("alone", alone_x, alone_y)
    err = [y - p for y, p in zip(bid_y, bid_pred, strict=True)]
    print(
        f"# bidding estimate (current MODEL, intercept {MODEL.intercept}): "
        f"mean error {sum(err) / len(err):+.3f}, "
        f"sd {math.sqrt(sum(e * e for e in err) / len(err)):.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
