"""A double-dummy solver for the play of a hand: every card visible.

``solve(position)`` is the number of tricks the makers' team wins with best
play by both sides (the makers maximise it, the defenders minimise it), and
``solve_moves(position)`` the same value after each legal card of the player to
move. The bots solve many sampled deals per decision (Perfect Information
Monte Carlo), so this is written for speed in pure Python: null-window
searches, "can the makers still win k tricks?" (an AND/OR search,
``solver_search``, which says how: a transposition table, equivalent cards,
move ordering and quick cut-offs); ``solve`` finds the exact value with a few
of them (first the tricks left shared by the trumps each side holds, then the
next count on the side that answer points to, then bisection on k), and
``solve_moves`` then searches each card down (makers) or up (defenders) from
that value, where most cards are. The score and value objectives search for a
set of trick counts instead (``solver_search.make_goal_search``).

``minimax`` is a plain exhaustive search on ordinary card indices, kept as the
reference the tests compare against.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from ..cards import CARDS, NUM_CARDS, SUITS
from ..rules import Rules, hand_points, legal_mask, winning_position
from .solver_search import (
    BIT_OF,
    CARD_OF,
    SENTINELS,
    SUIT_OF_LENGTH,
    TRUMPS,
    Searcher,
    SearchStats,
    make_goal_search,
    seating_of,
    to_layout,
)

if TYPE_CHECKING:
    from ..game import Game
    from ..puzzle import Puzzle

# --- positions -------------------------------------------------------------------


class Position(NamedTuple):
    """A position of the play phase with every card visible.

    ``hands`` are bit sets over card indices (``1 << card``), seat 0 first; the
    hands of seats that sit out are empty. ``trick`` holds the cards of the
    trick in progress as (seat, card) pairs, leader first. ``won`` is the tricks
    won so far by team 0 and team 1. ``active`` lists the seats that play, in
    seat order (4, or 3 or 2 when someone plays alone). ``bid`` and
    ``multiplier`` only matter to ``score_of``.
    """

    hands: tuple[int, int, int, int]
    trump: int
    to_move: int
    trick: tuple[tuple[int, int], ...]
    won: tuple[int, int]
    maker: int
    active: tuple[int, ...] = (0, 1, 2, 3)
    bid: int = 0
    multiplier: int = 1

    @property
    def maker_team(self) -> int:
        return self.maker & 1

    @property
    def tricks_left(self) -> int:
        """Tricks still to be completed, the one in progress included."""
        return self.hands[self.to_move].bit_count()

    @classmethod
    def from_game(cls, game: Game) -> Position:
        """The position of a game in the ``play`` phase (all hands read)."""
        if game.phase != "play" or game.maker is None or game.trump is None:
            raise ValueError(f"a solver position needs a game in the play phase, not {game.phase}")
        out = set(game.sitting_out)
        active = tuple(s for s in range(4) if s not in out)
        hands = [0, 0, 0, 0]
        for s in active:
            for c in game.hand(s):
                hands[s] |= 1 << c.index
        to_move = game.to_act
        assert to_move is not None
        won = game.tricks_won
        return cls(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            trump=SUITS.index(game.trump),
            to_move=to_move,
            trick=tuple((s, c.index) for s, c in game.trick),
            won=(won[0], won[1]),
            maker=game.maker,
            active=active,
            bid=game.bid or 0,
            multiplier=game.multiplier,
        )

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> Position:
        """The position of a puzzle (``hasenpfeffer.puzzle``), with the side to play
        as the solver's makers: ``won`` counts the tricks already played as the
        other side's and ``bid`` is the puzzle's ``need``, so ``solve`` and
        ``solve_moves`` give the tricks the side to play takes from here on, and
        a card is a solution when its value is at least ``bid``.

        >>> from hasenpfeffer.puzzle import EXAMPLE, Puzzle
        >>> p = Position.from_puzzle(Puzzle.from_json(EXAMPLE))
        >>> {str(CARDS[c]): v for c, v in solve_moves(p).items()}, p.bid
        ({'JC': 2, 'JH': 1}, 2)
        """
        hands = [0, 0, 0, 0]
        for s, cards in enumerate(puzzle.hands):
            for c in cards:
                hands[s] |= 1 << c.index
        done = 6 - puzzle.tricks_left
        side = puzzle.side
        return cls(
            hands=(hands[0], hands[1], hands[2], hands[3]),
            trump=SUITS.index(puzzle.trump),
            to_move=puzzle.to_play,
            trick=tuple(
                (s, c.index) for s, c in zip(puzzle.trick_seats(), puzzle.trick, strict=True)
            ),
            won=(done, 0) if side else (0, done),
            maker=puzzle.to_play,
            active=puzzle.active,
            bid=puzzle.need,
        )

    def next_seat(self, seat: int) -> int:
        """The active seat that plays after ``seat``."""
        active = self.active
        return active[(active.index(seat) + 1) % len(active)]

    def legal_moves(self) -> list[int]:
        """The cards (indices) the player to move may play, in deck order."""
        lead = self.trick[0][1] if self.trick else -1
        m = legal_mask(self.hands[self.to_move], lead, self.trump)
        return [c for c in range(NUM_CARDS) if m >> c & 1]

    def play(self, card: int) -> Position:
        """The position after the player to move plays ``card`` (assumed legal)."""
        seat = self.to_move
        hands = list(self.hands)
        if not hands[seat] >> card & 1:
            raise ValueError(f"{CARDS[card]} is not in seat {seat}'s hand")
        hands[seat] ^= 1 << card
        trick = (*self.trick, (seat, card))
        won = self.won
        if len(trick) == len(self.active):
            winner = trick[winning_position([c for _, c in trick], self.trump)][0]
            won = (won[0] + 1, won[1]) if winner & 1 == 0 else (won[0], won[1] + 1)
            trick = ()
            to_move = winner
        else:
            to_move = self.next_seat(seat)
        return self._replace(
            hands=(hands[0], hands[1], hands[2], hands[3]), trick=trick, won=won, to_move=to_move
        )

    def check(self) -> None:
        """Raise ValueError unless the position is consistent (for callers building
        positions by hand; the solver itself trusts its input)."""
        if not 0 <= self.trump <= 3:
            raise ValueError(f"trump must be 0..3; got {self.trump}")
        active = self.active
        if not 2 <= len(active) <= 4 or sorted(set(active)) != list(active):
            raise ValueError(f"active must be 2 to 4 seats in order; got {active}")
        if self.to_move not in active or self.maker not in active:
            raise ValueError("the player to move and the maker must be active seats")
        seen = 0
        for s in range(4):
            h = self.hands[s]
            if h >> NUM_CARDS or (s not in active and h) or seen & h:
                raise ValueError(f"hand {s} holds impossible cards")
            seen |= h
        order = [
            active[(active.index(self.to_move) - len(self.trick) + k) % len(active)]
            for k in range(len(active))
        ]
        if [s for s, _ in self.trick] != order[: len(self.trick)] or len(self.trick) >= len(active):
            raise ValueError("the trick's seats do not lead up to the player to move")
        for _, c in self.trick:
            if seen >> c & 1:
                raise ValueError(f"{CARDS[c]} is both in a hand and in the trick")
            seen |= 1 << c
        n = self.hands[self.to_move].bit_count()
        for k, s in enumerate(order):
            if self.hands[s].bit_count() != n - (k < len(self.trick)):
                raise ValueError("the hands' sizes do not fit the trick in progress")
        if n + sum(self.won) != 6:
            raise ValueError("tricks won and cards left do not add up to six tricks")


def score_of(position: Position, maker_tricks: int, rules: Rules | None = None) -> tuple[int, int]:
    """Points for team 0 and team 1 if the makers end the hand with ``maker_tricks``
    tricks (``rules.hand_points`` with the position's bid and multiplier).

    The solver maximises the makers' tricks. Under ``fail_penalty="tricks_won"``
    the makers' score is not monotone in tricks once the bid is out of reach
    (fewer tricks lose less), which a caller can see here."""
    mine, theirs = hand_points(rules or Rules(), position.bid, maker_tricks, position.multiplier)
    return (mine, theirs) if position.maker_team == 0 else (theirs, mine)


# --- the root of a search ----------------------------------------------------------

Test = Callable[[int], bool]
#: A value of a hand's outcome: points (int) or a chance (float).
V = TypeVar("V", int, float)


class _Root:
    """A position prepared for searching: the searcher, and a test for the
    position itself and for each legal move (tests take k, the tricks from the
    root position on, the one in progress included)."""

    def __init__(self, position: Position, goal: bool = False, **options: bool) -> None:
        t = position.trump
        self.position = position
        active = position.active
        seating = seating_of(active, position.maker_team)
        self.nxt = seating.nxt
        self.n_active = seating.n_active
        hands = [to_layout(position.hands[s], t) if s in active else 0 for s in range(4)]
        self.searcher = Searcher(hands, seating, **options)
        self.goal = goal
        #: the goal search's table (goal mode only): for the tests
        self.goal_table: dict[int, tuple[list[int], list[int]]] = {}
        if goal:
            # the same hands (shared list), searched for a goal set instead of k
            sr = self.searcher
            sr.start, sr.play = make_goal_search(hands, seating, self.goal_table, sr.stats)
        self.to_move = position.to_move
        self.rem = hands[position.to_move].bit_count()
        px = hands[0] | hands[1] | hands[2] | hands[3] | SENTINELS
        follow = best = 0
        bs = -1
        bit_of = BIT_OF[t]
        for s, c in position.trick:
            b = 1 << bit_of[c]
            px |= b
            if not follow:
                follow = SUIT_OF_LENGTH[b.bit_length()]
                best, bs = b, s
            elif b & (follow | TRUMPS) and b > best:
                best, bs = b, s
        self.px = px
        self.follow = follow
        self.best = best
        self.best_seat = bs
        self.played = len(position.trick)

    def test(self, k: int) -> bool:
        sr = self.searcher
        sr.stats.searches += 1
        if not self.played:
            return sr.start(k, self.to_move)
        return sr.play(
            k,
            self.to_move,
            self.n_active - self.played,
            self.follow,
            self.best,
            self.best_seat,
            self.px,
        )

    def legal_bits(self) -> int:
        hand = self.searcher.hands[self.to_move]
        return hand & self.follow or hand

    def child_test(self, b: int) -> Test:
        """The test of the position after the player to move plays card bit ``b``."""
        sr = self.searcher
        seat = self.to_move
        h = sr.hands
        follow = self.follow or SUIT_OF_LENGTH[b.bit_length()]
        if not self.played or (b & (follow | TRUMPS) and b > self.best):
            best, bs = b, seat
        else:
            best, bs = self.best, self.best_seat
        left = self.n_active - self.played - 1
        px = self.px
        mk = 1 if bs & 1 == self.position.maker_team else 0

        def test(k: int) -> bool:
            hand = h[seat]
            h[seat] = hand ^ b
            sr.stats.searches += 1
            try:
                if left == 0:
                    return sr.start(k >> mk if self.goal else k - mk, bs)
                return sr.play(k, self.nxt[seat], left, follow, best, bs, px)
            finally:
                h[seat] = hand

        return test


def _exact(test: Test, lo: int, hi: int, guess: int) -> int:
    """The largest k in lo..hi with test(k) true, given test(lo) is true;
    tries ``guess`` first, then bisects."""
    if lo < guess <= hi:
        if test(guess):
            lo = guess
        else:
            hi = guess - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if test(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _exact_near(test: Test, lo: int, hi: int, guess: int) -> int:
    """As ``_exact`` for a guess that is often right or one off: after
    ``guess`` tries the next count on the side its answer points to (true at
    guess: guess + 1; false: guess - 1), and only then bisects."""
    if lo < guess <= hi:
        if test(guess):
            lo = guess
            if lo < hi:
                if not test(lo + 1):
                    return lo
                lo += 1
        else:
            hi = guess - 1
            if lo < hi:
                if test(hi):
                    return hi
                hi -= 1
    return _exact(test, lo, hi, lo)


def _first_guess(root: _Root) -> int:
    """A guess at the makers' further tricks: the tricks left times (the
    makers' trumps + 1/2) / (all the trumps in the hands + 1), rounded; right
    or one off for about three positions in four of the benchmark's deals."""
    hands = root.searcher.hands
    maker_team = root.position.maker_team
    mine = theirs = 0
    for s in root.position.active:
        n = (hands[s] & TRUMPS).bit_count()
        if s & 1 == maker_team:
            mine += n
        else:
            theirs += n
    rem = root.rem
    return (2 * rem * mine + rem + mine + theirs + 1) // (2 * (mine + theirs + 1))


def _solve_root(root: _Root) -> int:
    if root.rem == 0:
        return 0
    return _exact_near(root.test, 0, root.rem, _first_guess(root))


def solve(position: Position, **options: bool) -> int:
    """The tricks the makers' team ends the hand with (those already won
    included) when both sides play perfectly with all cards visible.

    ``options`` switch techniques off for measurement: ``table``, ``merge``,
    ``order``, ``quick`` (all on by default)."""
    return solve_with_stats(position, **options)[0]


def solve_with_stats(position: Position, **options: bool) -> tuple[int, SearchStats]:
    """``solve`` and the statistics of its search (nodes visited, searches
    made): for measuring the solver (``hasenpfeffer_devtools.solver_bench``)."""
    root = _Root(position, **options)
    return position.won[position.maker_team] + _solve_root(root), root.searcher.stats


def solve_moves(position: Position, **options: bool) -> dict[int, int]:
    """For each legal card (index) of the player to move, the tricks the makers
    end with after playing it, with perfect play afterwards."""
    root = _Root(position, **options)
    base = position.won[position.maker_team]
    legal = root.legal_bits()
    if not legal:
        return {}
    card_of = CARD_OF[position.trump]
    side = (position.to_move & 1) == position.maker_team
    rem = root.rem
    values: dict[int, int] = {}
    merge = options.get("merge", True)
    # the position's value first: a maker's card then is worth at most that, a
    # defender's at least that, and most cards are worth exactly that
    v = _solve_root(root)
    px = root.px
    m = legal
    prev = value = 0
    while m:
        b = 1 << (m.bit_length() - 1)
        m ^= b
        # one search per run of equivalent cards (high to low, so a run's first
        # card is searched and the others share its value)
        if not merge or not prev or px & (prev - (b << 1)):
            test = root.child_test(b)
            value = v
            if side:
                while value > 0 and not test(value):
                    value -= 1
            else:
                while value < rem and test(value + 1):
                    value += 1
        prev = b
        values[card_of[b]] = base + value
    return dict(sorted(values.items()))


# --- solving for the hand's score -----------------------------------------------------


def maker_points(position: Position, rules: Rules) -> list[tuple[int, int]]:
    """(makers' points, defenders' points) (``hand_points``) for each number of
    tricks u the makers win from the position on (0..tricks left)."""
    won = position.won[position.maker_team]
    return [
        hand_points(rules, position.bid, won + u, position.multiplier)
        for u in range(position.tricks_left + 1)
    ]


def _maker_scores(position: Position, rules: Rules) -> list[int]:
    """The makers' points minus the defenders' for each number of further tricks."""
    return [mine - theirs for mine, theirs in maker_points(position, rules)]


def _goals(scores: Sequence[V]) -> tuple[list[V], list[int]]:
    """The distinct score values, low to high, and for each the goal (bit set of
    trick counts) "the makers' score margin is at least that value"."""
    values = sorted(set(scores))
    goals = []
    for v in values:
        g = 0
        for u, x in enumerate(scores):
            if x >= v:
                g |= 1 << u
        goals.append(g)
    return values, goals


def _monotone(scores: Sequence[V]) -> bool:
    return all(a <= b for a, b in pairwise(scores))


def solve_score(position: Position, rules: Rules | None = None) -> int:
    """The makers' points minus the defenders' for the hand (``hand_points``
    under ``rules``, the position's bid and multiplier) when the makers play to
    maximise it and the defenders to minimise it, every card visible.

    Where the score grows with the makers' tricks this is the score of
    ``solve``; under the seed rules a maker that cannot make the bid plays for
    as few tricks as it can (a failed bid loses the tricks won), and the
    defenders then feed it tricks, which ``solve`` does not model."""
    rules = rules or Rules()
    scores = _maker_scores(position, rules)
    if _monotone(scores):
        return scores[solve(position) - position.won[position.maker_team]]
    root = _Root(position, goal=True)
    values, goals = _goals(scores)
    return values[_exact(lambda i: root.test(goals[i]), 0, len(values) - 1, len(values) // 2)]


def solve_score_moves(position: Position, rules: Rules | None = None) -> dict[int, int]:
    """For each legal card (index) of the player to move, ``solve_score`` of the
    position after it."""
    return solve_value_moves(position, _maker_scores(position, rules or Rules()))


def solve_value_moves(position: Position, scores: Sequence[V]) -> dict[int, V]:
    """For each legal card (index) of the player to move, the value of the
    position after it when the hand's outcome is worth ``scores[u]`` to the
    makers if they win u more tricks (u = 0..tricks left): the makers play to
    maximise it, the defenders to minimise it, every card visible. Any values
    (e.g. the makers' chance of winning the game after the hand); with the
    hand's score margins this is ``solve_score_moves``."""
    if len(scores) != position.tricks_left + 1:
        raise ValueError(
            f"need a value for each trick count 0..{position.tricks_left}; got {len(scores)}"
        )
    won = position.won[position.maker_team]
    if _monotone(scores):
        return {c: scores[t - won] for c, t in solve_moves(position).items()}
    root = _Root(position, goal=True)
    legal = root.legal_bits()
    if not legal:
        return {}
    values, goals = _goals(scores)
    index = {x: i for i, x in enumerate(values)}

    def goal_test(i: int) -> bool:
        return root.test(goals[i])

    rem = root.rem
    side = (position.to_move & 1) == position.maker_team
    # where the makers' best trick count u has the highest score up to u and the
    # lowest from u on, the value is scores[u]: the defenders hold them to u or
    # fewer, the makers reach u or more; the trick search says which u
    exact = [max(scores[: u + 1]) == scores[u] == min(scores[u:]) for u in range(rem + 1)]
    e = rem + 1
    while e and exact[e - 1]:
        e -= 1
    tricks = _Root(position)
    t = -1  # the makers' best count when it is e or more (the trick search's)
    if e <= rem and (e == 0 or tricks.test(e)):
        t = _exact_near(tricks.test, e, rem, max(e, _first_guess(tricks)))
    v = -1
    card_of = CARD_OF[position.trump]
    out: dict[int, V] = {}
    px = root.px
    m = legal
    prev = value = 0
    while m:
        b = 1 << (m.bit_length() - 1)
        m ^= b
        if not prev or px & (prev - (b << 1)):
            lo, hi = 0, len(values) - 1
            if t >= 0:
                ttest = tricks.child_test(b)
                u = t
                if side:
                    while u > 0 and not ttest(u):
                        u -= 1
                else:
                    while u < rem and ttest(u + 1):
                        u += 1
                if exact[u]:
                    value = index[scores[u]]
                    prev = b
                    out[card_of[b]] = values[value]
                    continue
                # the makers reach u or more, the defenders hold them to u or fewer
                lo, hi = index[min(scores[u:])], index[max(scores[: u + 1])]
            if v < 0:
                top = len(values) - 1
                v = index[scores[t]] if t >= 0 else _exact(goal_test, 0, top, len(values) // 2)
            test = root.child_test(b)
            if side:
                value = min(v, hi)
                while value > lo and not test(goals[value]):
                    value -= 1
            else:
                value = max(v, lo)
                while value < hi and test(goals[value + 1]):
                    value += 1
        prev = b
        out[card_of[b]] = values[value]
    return dict(sorted(out.items()))


# --- the reference -----------------------------------------------------------------


def minimax(
    position: Position, rules: Rules | None = None, scores: Sequence[float] | None = None
) -> float:
    """The same value as ``solve`` by plain exhaustive minimax on card indices:
    no pruning, no table, no merging. Exponential: only for small positions.
    With ``rules``, the value of ``solve_score`` instead: the makers' points
    minus the defenders' (``hand_points``), the makers maximising it. With
    ``scores``, the makers maximise ``scores[u]`` for u more tricks won (the
    value of ``solve_value_moves``' best move)."""
    won0 = position.won[position.maker_team]
    t = position.trump
    maker_team = position.maker_team
    active = position.active
    n_active = len(active)
    nxt = {s: active[(i + 1) % n_active] for i, s in enumerate(active)}
    hands = list(position.hands)

    def rec(seat: int, cards: tuple[int, ...], seats: tuple[int, ...], won: int) -> float:
        if not cards and not hands[seat]:
            if scores is not None:
                return scores[won - won0]
            if rules is None:
                return won
            mine, theirs = hand_points(rules, position.bid, won, position.multiplier)
            return mine - theirs
        moves = legal_mask(hands[seat], cards[0] if cards else -1, t)
        values = []
        for c in range(NUM_CARDS):
            if not moves >> c & 1:
                continue
            hands[seat] ^= 1 << c
            trick = (*cards, c)
            played = (*seats, seat)
            if len(trick) == n_active:
                w = played[winning_position(trick, t)]
                values.append(rec(w, (), (), won + (w & 1 == maker_team)))
            else:
                values.append(rec(nxt[seat], trick, played, won))
            hands[seat] ^= 1 << c
        return max(values) if seat & 1 == maker_team else min(values)

    return rec(
        position.to_move,
        tuple(c for _, c in position.trick),
        tuple(s for s, _ in position.trick),
        position.won[maker_team],
    )


__all__ = [
    "Position",
    "SearchStats",
    "maker_points",
    "minimax",
    "score_of",
    "solve",
    "solve_moves",
    "solve_score",
    "solve_score_moves",
    "solve_value_moves",
    "solve_with_stats",
]
