"""Finding a puzzle at one decision of a hand being played, and rating it.

``examine(game, rules, seed)`` takes the position of the card play in
``game`` with every hand visible and solves each legal card of the seat to
play (``solver.solve_moves``). It keeps the position when the cards that
reach ``need`` (the tricks the seat's side must still take, this trick
included, for its target: the contract for the makers' side, its defeat for
the defenders') are one set of equivalent cards (``equivalent``), every other
legal card lets the other side stop it, and the position is not trivial
(``trivial``). Each kept position is rated by who finds it: ``finds`` asks
the computer players of ``LEVELS`` for their card from the seat's own view
(never the hidden hands), ``TRIES`` seeds each, and ``rating`` turns those
answers and the depth into a number (docs/puzzles.md gives the formula).

>>> from hasenpfeffer.puzzle import EXAMPLE, Puzzle
>>> p = Puzzle.from_json(EXAMPLE)
>>> equivalent(p, p.solution), trivial(p)
(True, None)
>>> rating({"easy": 0, "medium": 0, "hard": 3}, tricks_left=2)
1540
>>> rating({"easy": 0, "medium": 0, "hard": 0}, tricks_left=6)
2050
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from hasenpfeffer.bots.duplicate import bot_seed
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.bots.solver import Position, solve_moves
from hasenpfeffer.cards import CARDS, EFFECTIVE_SUIT, POWER, Card, sort_hand
from hasenpfeffer.game import Game
from hasenpfeffer.puzzle import Puzzle

from .puzzle_themes import beats_so_far, sure_winners, trump_index

#: The computer levels asked for their card, from the seat's own view.
LEVELS: Final = ("easy", "medium", "hard")
#: How many seeds each level is asked with (seed k: ``bot_seed(deal seed, seat) + k``).
TRIES: Final = 3
#: The rating of a player who finds a puzzle rated R half the time at each level:
#: nominal anchors for the scale, not measured ratings.
ANCHORS: Final = {"easy": 1000, "medium": 1400, "hard": 1800}
#: The ratings a puzzle may get: 800 to 2200 in steps of 10.
RATINGS: Final = range(800, 2201, 10)
#: The prior: centred on PRIOR_BASE + PRIOR_STEP per trick left beyond two, with
#: Glicko's starting deviation.
PRIOR_BASE: Final = 1200
PRIOR_STEP: Final = 100
PRIOR_DEVIATION: Final = 350.0
#: The short code of each rule set in a puzzle's id.
RULES_CODES: Final = {"seed": "s", "seed-pepper": "sp", "traditional": "t", "pepper": "p"}

#: Why a decision is no puzzle (``examine``'s first answer when it gives none).
REASONS: Final = (
    "one_card",  # a single legal card: no decision
    "last_trick",  # the seat's last card (never a choice, but said first)
    "decided",  # the target is already reached, or out of reach whatever is played
    "no_choice",  # every legal card reaches need, or none does
    "several",  # the cards that reach need are not one set of equivalent cards
    "takes_the_trick",  # trivial: the solution is to take this trick with a sure winner
    "only_card_that_can_win",  # trivial: every trick is needed, only these can win this one
)


def need_of(game: Game) -> int:
    """The tricks the side to play must still take, this trick included: the
    bid less its tricks for the makers' side; for the defenders, enough to hold
    the makers below their bid."""
    seat, maker, bid = game.to_act, game.maker, game.bid
    if seat is None or maker is None or bid is None:
        raise ValueError("need_of needs a game in the play phase")
    side = seat & 1
    won = game.tricks_won[side]
    if side == maker & 1:
        return bid - won
    return 7 - bid - won


def equivalent(p: Puzzle, cards: Sequence[Card]) -> bool:
    """Whether ``cards`` of the seat to play are one set of equivalent cards: all
    of one suit as trump makes it (the Joker and the left bower are trumps), and
    no card ranked between two of them lies in any hand or in the trick in
    progress (a card played to an earlier trick, or the maker's discard, is out
    of play). The solver gives such cards the same value."""
    if not cards:
        return False
    t = trump_index(p)
    suits = {EFFECTIVE_SUIT[t][c.index] for c in cards}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    order = sorted(
        (c for c in CARDS if EFFECTIVE_SUIT[t][c.index] == suit),
        key=lambda c: -POWER[t][suit][c.index],
    )
    present = {c for hand in p.hands for c in hand} | set(p.trick)
    places = [order.index(c) for c in cards]
    ours = set(cards)
    return all(
        order[i] in ours or order[i] not in present for i in range(min(places), max(places) + 1)
    )


def trivial(p: Puzzle) -> str | None:
    """Why the puzzle is one a player solves without thinking, or None:

    - ``takes_the_trick``: the solution is exactly the cards sure to win this
      trick, and the side needs one trick, or every trick left;
    - ``only_card_that_can_win``: the side needs every trick left and the
      solution is exactly the cards that would beat the trick so far (the seat
      follows: it must win this trick, and only these can)."""
    solution = set(p.solution)
    if solution == set(sure_winners(p)) and p.need in (1, p.tricks_left):
        return "takes_the_trick"
    winners = {c for c in p.legal() if beats_so_far(p, c)}
    if p.trick and p.need == p.tricks_left and solution == winners:
        return "only_card_that_can_win"
    return None


def arranged(cards: Iterable[Card], trump: str) -> tuple[Card, ...]:
    """Cards as a puzzle writes a hand: as a player arranges it (``sort_hand``)."""
    return tuple(sort_hand(cards, trump))


def puzzle_id(rules: str, seed: int, step: int) -> str:
    """A puzzle's id from where it came from, e.g. ``t1042-17``: the rule set's
    code, the deal's seed, the step in the hand."""
    return f"{RULES_CODES.get(rules, 'x')}{seed}-{step}"


def examine(game: Game, rules: str, seed: int) -> tuple[str, Puzzle | None]:
    """``("puzzle", the puzzle)`` when the decision in ``game`` (the play phase of
    the first hand of the game seeded ``seed`` under the preset ``rules``) is a
    puzzle, unrated and without themes; otherwise (a reason of ``REASONS``, None)."""
    seat = game.to_act
    if seat is None or game.phase != "play" or game.trump is None or game.maker is None:
        raise ValueError("examine needs a game in the play phase")
    legal = game.legal_actions()
    if len(legal) < 2:
        return "one_card", None
    hand = game.hand(seat)
    if len(hand) < 2:
        return "last_trick", None
    need = need_of(game)
    if not 1 <= need <= len(hand):
        return "decided", None
    values = solve_moves(Position.from_game(game))
    makers = game.maker & 1 == seat & 1
    bid = game.bid or 0
    solution = [CARDS[c] for c, v in values.items() if (v >= bid if makers else v <= bid - 1)]
    if not 1 <= len(solution) < len(values):
        return "no_choice", None
    trump = game.trump
    step = len(game.hand_actions())
    trick = game.trick
    out = set(game.sitting_out)
    hands = [arranged(() if s in out else game.hand(s), trump) for s in range(4)]
    p = Puzzle(
        id=puzzle_id(rules, seed, step),
        rules=rules,
        trump=trump,
        to_play=seat,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        leader=trick[0][0] if trick else seat,
        trick=tuple(c for _, c in trick),
        need=need,
        solution=arranged(solution, trump),
        rating=0,
        source=(
            ("seed", seed),
            ("hand", game.hand_number + 1),
            ("step", step),
            ("maker", game.maker),
            ("bid", bid),
        ),
    )
    if not equivalent(p, p.solution):
        return "several", None
    why = trivial(p)
    if why is not None:
        return why, None
    return "puzzle", p


def finds(
    game: Game,
    solution: Sequence[Card],
    seed: int,
    levels: Sequence[str] = LEVELS,
    tries: int = TRIES,
) -> dict[str, int]:
    """For each level, how many of its ``tries`` players (seeded
    ``bot_seed(seed, seat) + k``) play a solution card from the seat's own view."""
    seat = game.to_act
    if seat is None:
        raise ValueError("nobody is to play")
    view = game.view(seat)
    wanted = {f"play {c}" for c in solution}
    return {
        level: sum(
            make_player(level, bot_seed(seed, seat) + k).choose(view) in wanted
            for k in range(tries)
        )
        for level in levels
    }


def rating(found: Mapping[str, int], tricks_left: int, tries: int = TRIES) -> int:
    """The puzzle's rating: the R of ``RATINGS`` that best explains who found it.

    A player rated r finds a puzzle rated R with the Elo chance
    1 / (1 + 10 ** ((R - r) / 400)); each level of ``found`` is a player rated its
    ``ANCHORS`` value that found it ``found[level]`` times in ``tries``. R
    maximises the log-likelihood of those answers plus a normal prior centred on
    ``PRIOR_BASE + PRIOR_STEP * (tricks_left - 2)`` (deeper puzzles are harder)
    with deviation ``PRIOR_DEVIATION``; the first best R on the grid wins a tie.
    """
    prior = PRIOR_BASE + PRIOR_STEP * (tricks_left - 2)
    best, best_score = RATINGS[0], -math.inf
    for r in RATINGS:
        score = -(((r - prior) / PRIOR_DEVIATION) ** 2) / 2
        for level, hits in found.items():
            chance = 1 / (1 + 10 ** ((r - ANCHORS[level]) / 400))
            score += hits * math.log(chance) + (tries - hits) * math.log(1 - chance)
        if score > best_score:
            best, best_score = r, score
    return best


__all__ = [
    "ANCHORS",
    "LEVELS",
    "REASONS",
    "TRIES",
    "equivalent",
    "examine",
    "finds",
    "need_of",
    "puzzle_id",
    "rating",
    "trivial",
]
