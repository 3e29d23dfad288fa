"""How well a search player's sampled deals place the hidden cards.

    python -m hasenpfeffer_devtools.sampling_accuracy PRESET OPPONENTS GAMES

Games of ``GAMES`` seeds (700, 701, ...) with medium players in seats 0 and 2
and ``OPPONENTS`` (``medium`` or ``heuristic``) in seats 1 and 3, three hands
each. At every card South chooses from two or more after the first trick, each
variant draws the 20 deals it would search (``_deals``, its own generator as in
a decision) and we count the share of the other seats' unseen cards each deal
puts in the right hand (random placement: about a third), with the CPU time of
the drawing. docs/benchmarks.md ("The expert level") has the figures; expert is
a research player (expert.py) since it was folded into hard.
"""

from __future__ import annotations

import random
import sys
import time

from hasenpfeffer import Game, Rules
from hasenpfeffer.bots.hard import HardPlayer
from hasenpfeffer.bots.medium import MediumPlayer, decision_key

from .expert import ExpertPlayer
from .heuristic import HeuristicPlayer


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    preset, opponents, games = args[0], args[1], int(args[2])
    variants: dict[str, HardPlayer] = {
        "hard (pool 3, miss 0.25)": HardPlayer(1),
        "expert (pool 8, miss 0.1, partner 0.5)": ExpertPlayer(1),
        "pool 8, miss 0.1, partner not read": ExpertPlayer(1, partner_miss=0.0),
        "pool 8, miss 0.25, partner not read": ExpertPlayer(1, miss=0.25, partner_miss=0.0),
        "pool 3, miss 0.1, partner not read": ExpertPlayer(1, pool=3, partner_miss=0.0),
        "pool 16, miss 0.05, partner not read": ExpertPlayer(
            1, pool=16, miss=0.05, partner_miss=0.0
        ),
    }
    right = dict.fromkeys(variants, 0)
    placed = dict.fromkeys(variants, 0)
    cpu = dict.fromkeys(variants, 0.0)
    decisions = 0
    for i in range(games):
        game = Game.new(Rules.preset(preset), seed=700 + i)
        players = [
            MediumPlayer(s) if s % 2 == 0 or opponents == "medium" else HeuristicPlayer(s)
            for s in range(4)
        ]
        while not game.is_over and game.hand_number < 3:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            if (
                game.phase == "play"
                and seat == 0
                and view["tricks"]
                and len(view["legal_actions"]) > 1
            ):
                truth = [{c.index for c in game.hand(s)} for s in range(4)]
                decisions += 1
                for name, player in variants.items():
                    rng = random.Random(decision_key(1, view))
                    start = time.process_time()
                    deals = player._deals(view, rng, 20)
                    cpu[name] += time.process_time() - start
                    for deal in deals:
                        for s in (1, 2, 3):
                            for card in deal.hand(s):
                                right[name] += card.index in truth[s]
                                placed[name] += 1
            game.apply(players[seat].choose(view))
    print(f"{preset}, opponents {opponents}, {games} games, {decisions} decisions")
    for name in variants:
        share = right[name] / placed[name]
        print(f"  {name:40s} right {share:.3f}  CPU {1000 * cpu[name] / decisions:.1f} ms/decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
