"""The double-dummy solver against plain exhaustive minimax.

Positions come from seeded games driven through the public API: a random
auction, the maker (and a defender) going alone or not as the seating asks,
then random cards to the depth wanted, so some positions start mid-trick.
``solve`` must equal ``minimax`` and every value of ``solve_moves`` must equal
``minimax`` of the position after that card. Minimax is exponential, so it only
runs on positions with few tricks left, on full deals of the 2-seat game, and
(through a memoised but otherwise exhaustive reference) on full 3-seat deals and
on a few full 4-seat deals.
"""

from __future__ import annotations

import os
import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.bots import solver_search
from hasenpfeffer.bots.solver import (
    Position,
    _Root,
    minimax,
    score_of,
    solve,
    solve_moves,
    solve_score,
    solve_score_moves,
    solve_value_moves,
)
from hasenpfeffer.bots.solver_search import BIT_OF, CARD_OF, to_layout
from hasenpfeffer.cards import EFFECTIVE_SUIT, Card, suit_index
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules, legal_mask, winning_position

SEATINGS = {4: (False, False), 3: (True, False), 2: (True, True)}
OPTION_SETS = (
    {"table": False},
    {"merge": False},
    {"order": False},
    {"quick": False},
    {"table": False, "merge": False, "order": False, "quick": False},
)

#: The share of the seeded positions below to check (1 in CPython; 0.1 inside Pyodide,
#: set by ``tests/pyodide_pytest.mjs``: there they show that the wasm runtime agrees with
#: CPython, and the search for a disagreement with minimax is CPython's).
EXAMPLE_SHARE = float(os.environ.get("HASENPFEFFER_EXAMPLE_SHARE", "1"))


def share(n: int) -> int:
    """The first ``n`` seeds, or the first ``EXAMPLE_SHARE`` of them (at least one)."""
    return max(1, round(n * EXAMPLE_SHARE))


def game_in_play(
    seed: int, n_active: int, rules: Rules | None = None
) -> tuple[Game, random.Random]:
    """A seeded game at the first card of a hand with ``n_active`` seats playing."""
    alone, defend = SEATINGS[n_active]
    rng = random.Random(seed)
    game = Game.new(rules, seed=seed)
    while game.phase != "play":
        actions = game.legal_actions()
        if game.phase == "alone":
            want = "alone" if alone else "decline"
            game.apply(next(a for a in actions if str(a) == want))
        elif game.phase == "defend_alone":
            want = "alone" if defend else "decline"
            game.apply(next(a for a in actions if str(a) == want))
        else:
            game.apply(rng.choice(actions))
    assert 4 - len(game.sitting_out) == n_active
    return game, rng


def position(seed: int, n_active: int, tricks_left: int, mid_trick: bool = True) -> Position:
    """A position with ``tricks_left`` tricks to finish, the one in progress
    included; part of a trick already played when ``mid_trick`` draws so."""
    game, rng = game_in_play(seed, n_active)
    cards = (6 - tricks_left) * n_active + (rng.randrange(n_active) if mid_trick else 0)
    for _ in range(cards):
        game.apply(rng.choice(game.legal_actions()))
    pos = Position.from_game(game)
    pos.check()
    assert pos.tricks_left == tricks_left
    return pos


def minimax_moves(pos: Position) -> dict[int, int]:
    return {c: minimax(pos.play(c)) for c in pos.legal_moves()}


def memo_minimax(pos: Position) -> int:
    """Exhaustive minimax like ``minimax`` (no pruning, no merging, no ordering)
    that remembers the exact value of each trick-boundary position it met."""
    t = pos.trump
    maker_team = pos.maker_team
    order = pos.active
    nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
    hands = list(pos.hands)
    memo: dict[tuple[tuple[int, ...], int], int] = {}

    def rec(seat: int, cards: tuple[int, ...], seats: tuple[int, ...]) -> int:
        if not cards:
            if not hands[seat]:
                return 0
            key = (tuple(hands), seat)
            if key in memo:
                return memo[key]
        moves = legal_mask(hands[seat], cards[0] if cards else -1, t)
        values = []
        for c in range(25):
            if moves >> c & 1:
                hands[seat] ^= 1 << c
                trick, played = (*cards, c), (*seats, seat)
                if len(trick) == len(order):
                    w = played[winning_position(trick, t)]
                    values.append((w & 1 == maker_team) + rec(w, (), ()))
                else:
                    values.append(rec(nxt[seat], trick, played))
                hands[seat] ^= 1 << c
        value = max(values) if seat & 1 == maker_team else min(values)
        if not cards:
            memo[(tuple(hands), seat)] = value
        return value

    return pos.won[maker_team] + rec(
        pos.to_move, tuple(c for _, c in pos.trick), tuple(s for s, _ in pos.trick)
    )


def assert_matches_minimax(pos: Position, reference: dict[int, int] | None = None) -> None:
    ref = minimax_moves(pos) if reference is None else reference
    mover_is_maker = pos.to_move & 1 == pos.maker_team
    expected = max(ref.values()) if mover_is_maker else min(ref.values())
    assert solve(pos) == expected, pos
    assert solve_moves(pos) == ref, pos


# --- solve and solve_moves against minimax ----------------------------------------


@pytest.mark.parametrize("n_active", [4, 3, 2])
def test_few_tricks_left_match_minimax(n_active: int) -> None:
    """1 to 3 tricks left, at trick boundaries and mid-trick: 150
    positions per seating (``share``)."""
    for seed in range(share(150)):
        pos = position(1000 + seed, n_active, 1 + seed % 3)
        assert solve(pos) == minimax(pos), pos
        assert_matches_minimax(pos)


@pytest.mark.parametrize("n_active", [4, 3, 2])
def test_four_tricks_left_match_minimax(n_active: int) -> None:
    for seed in range(share(60)):
        pos = position(5000 + seed, n_active, 4)
        assert solve(pos) == minimax(pos), pos
        assert_matches_minimax(pos)


def test_five_tricks_left_two_seats_match_minimax() -> None:
    for seed in range(share(20)):
        assert_matches_minimax(position(7000 + seed, 2, 5))


def test_full_two_seat_deals_match_minimax() -> None:
    for seed in range(share(12)):
        assert_matches_minimax(position(8000 + seed, 2, 6, mid_trick=False))


def test_full_three_seat_deals_match_exhaustive_search() -> None:
    for seed in range(share(10)):
        pos = position(9000 + seed, 3, 6, mid_trick=False)
        assert solve(pos) == memo_minimax(pos), pos
        ref = {c: memo_minimax(pos.play(c)) for c in pos.legal_moves()}
        assert solve_moves(pos) == ref, pos


def test_full_four_seat_deals_match_exhaustive_search() -> None:
    """Four full deals of the four-seat game (about 11 s in all: the exhaustive search
    remembers each trick's start), each solved as the exhaustive search values it."""
    for seed in range(share(4)):
        pos = position(9500 + seed, 4, 6, mid_trick=False)
        assert solve(pos) == memo_minimax(pos), pos


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o))
def test_each_technique_can_be_switched_off(options: dict[str, bool]) -> None:
    for seed in range(share(60)):
        n_active = (4, 3, 2)[seed % 3]
        pos = position(11000 + seed, n_active, 1 + seed % 4)
        expected = solve_moves(pos)
        assert solve_moves(pos, **options) == expected, pos
        assert solve(pos, **options) == solve(pos), pos


def test_full_deals_agree_with_options_off() -> None:
    """Full 4-seat deals are beyond minimax; the unpruned-but-merged variants and
    the default must still agree with each other."""
    for seed in range(6):
        pos = position(12000 + seed, 4, 6, mid_trick=False)
        assert solve(pos, order=False, quick=False) == solve(pos) == solve(pos, table=False)


def goal_at_least(k: int, rem: int) -> int:
    """The goal search's set for "the makers win at least k more tricks"."""
    return ((2 << rem) - 1) >> max(k, 0) << max(k, 0)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n_active=st.sampled_from([4, 3, 2]),
    tricks_left=st.integers(1, 6),
    mid_trick=st.booleans(),
)
def test_the_two_searches_agree_on_every_threshold(
    seed: int, n_active: int, tricks_left: int, mid_trick: bool
) -> None:
    """The solver has two searches written apart for speed: one for "at least k
    tricks" (``solve``, ``solve_moves``) and one for any set of trick counts (the
    score and value searches). On a threshold they ask the same question, so they
    must answer alike, at the position and after each card, on deals as large as
    the game's (beyond minimax: they are each other's reference there)."""
    pos = position(seed, n_active, tricks_left, mid_trick)
    tricks, goals = _Root(pos), _Root(pos, goal=True)
    rem = tricks.rem
    for k in range(rem + 2):
        assert tricks.test(k) == goals.test(goal_at_least(k, rem)), (pos, k)
    for b in _bits(tricks.legal_bits()):
        by_tricks, by_goal = tricks.child_test(b), goals.child_test(b)
        for k in range(rem + 2):
            assert by_tricks(k) == by_goal(goal_at_least(k, rem)), (pos, b, k)


def _bits(mask: int) -> list[int]:
    return [1 << i for i in range(mask.bit_length()) if mask >> i & 1]


# --- the techniques' premises, on random positions -----------------------------------

small_positions = st.builds(
    position,
    seed=st.integers(0, 10**6),
    n_active=st.sampled_from([4, 3, 2]),
    tricks_left=st.integers(1, 4),
    mid_trick=st.booleans(),
)


@settings(max_examples=40, deadline=None)
@given(pos=small_positions)
def test_equivalent_cards_are_worth_the_same(pos: Position) -> None:
    """Two legal cards of the player to move next to each other in the layout
    with no card still in play (in a hand or in the trick) between them are
    worth the same to exhaustive minimax, so searching one of them is enough;
    and ``solve_moves`` gives every card minimax's value."""
    root = _Root(pos)
    card_of = CARD_OF[pos.trump]
    legal = _bits(root.legal_bits())
    values = minimax_moves(pos)
    for low, high in pairwise(legal):
        if not root.px & (high - (low << 1)):
            assert values[card_of[low]] == values[card_of[high]], (pos, low, high)
    assert solve_moves(pos) == values, pos


def _table_position(pos: Position, key: int) -> Position:
    """A trick-boundary position of a transposition table key (who holds each
    card in play by its rank in its suit, and the leader; ``table_key``): the
    cards in play of each suit are its highest cards, no tricks won yet."""
    leader = key & 3
    card_of = CARD_OF[pos.trump]
    hands = [0, 0, 0, 0]
    for j, (base, width) in enumerate(((0, 6), (7, 6), (14, 6), (21, 8))):
        code = key >> 2 + 13 * j & ((1 << 17) - 1 if j == 3 else (1 << 13) - 1)
        n = (code.bit_length() - 1) // 2 if code else 0
        slots = [b for b in range(base, base + width) if 1 << b in card_of][-n:] if n else []
        for i, b in enumerate(slots):
            hands[code >> 2 * (n - 1 - i) & 3] |= 1 << card_of[1 << b]
    return pos._replace(
        hands=(hands[0], hands[1], hands[2], hands[3]), to_move=leader, trick=(), won=(0, 0)
    )


def _plain_table_position(pos: Position, key: int) -> Position:
    """The trick-boundary position of a plain key (the trick search's at two
    seats: the four hands as layout bit sets and the leader), no tricks won yet."""
    leader = key & 3
    fields = key >> 2
    card_of = CARD_OF[pos.trump]
    hands = []
    for s in range(4):
        layout = fields >> (29 * (3 - s)) & ((1 << 29) - 1)
        hands.append(sum(1 << card_of[b] for b in _bits(layout)))
    return pos._replace(
        hands=(hands[0], hands[1], hands[2], hands[3]), to_move=leader, trick=(), won=(0, 0)
    )


@given(seed=st.integers(0, 10**6), n_active=st.sampled_from([4, 3, 2]), tricks=st.integers(1, 6))
def test_a_table_key_says_who_holds_each_card_by_its_rank(
    seed: int, n_active: int, tricks: int
) -> None:
    """``table_key`` of a trick boundary gives back a position with the same
    hands' sizes per suit, in which each seat holds the cards of the same ranks
    among those in play, suit by suit."""
    pos = position(seed, n_active, tricks, mid_trick=False)
    root = _Root(pos)
    key = solver_search.table_key(root.searcher.hands, pos.to_move)
    back = _table_position(pos, key)
    t = pos.trump

    def ranks(p: Position) -> list[list[int]]:
        out = []
        for suit in range(4):
            in_play = sorted(
                (c for c in range(25) if sum(p.hands) >> c & 1 and EFFECTIVE_SUIT[t][c] == suit),
                key=lambda c: BIT_OF[t][c],
            )
            out.append([next(s for s in range(4) if p.hands[s] >> c & 1) for c in in_play])
        return out

    assert ranks(back) == ranks(pos) and back.to_move == pos.to_move, pos
    assert solver_search.table_key(_Root(back).searcher.hands, back.to_move) == key


@settings(max_examples=30, deadline=None)
@given(pos=small_positions)
def test_the_tables_bounds_hold(pos: Position) -> None:
    """After every search of a position and of each card's position (every k),
    each entry of the trick search's table bounds the makers' further tricks
    by minimax from its position: lower <= value <= upper. After every goal
    of the score search, each goal its table holds as reached is reached by
    minimax, and each goal held out of reach is not."""
    root = _Root(pos)
    for k in range(root.rem + 2):
        root.test(k)
        for b in _bits(root.legal_bits()):
            root.child_test(b)(k)
    decode = _plain_table_position if len(pos.active) == 2 else _table_position
    for key, (lower, upper) in root.searcher.tt.items():
        value = minimax(decode(pos, key))
        assert lower <= value <= upper, (pos, key)
    goals = _Root(pos, goal=True)
    for g in range(1, 2 << goals.rem):
        goals.test(g)
        for b in _bits(goals.legal_bits()):
            goals.child_test(b)(g)
    for key, (reached, missed) in goals.goal_table.items():
        at = _table_position(pos, key)
        rem = at.tricks_left
        for g, expected in [(g, 1) for g in reached] + [(g, 0) for g in missed]:
            indicator = [float(g >> u & 1) for u in range(rem + 1)]
            assert minimax(at, scores=indicator) == expected, (pos, key, g)


@given(mask=st.integers(0, (1 << 25) - 1), trump=st.integers(0, 3))
def test_the_layout_of_a_set_of_cards(mask: int, trump: int) -> None:
    """``to_layout`` (by table) puts each card at its bit of the layout."""
    expected = 0
    for c in range(25):
        if mask >> c & 1:
            expected |= 1 << BIT_OF[trump][c]
    assert to_layout(mask, trump) == expected


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n_active=st.sampled_from([4, 3, 2]),
    tricks_left=st.integers(1, 6),
    subset=st.integers(0, (1 << 29) - 1),
)
def test_the_leaders_move_order_tries_each_card_once(
    seed: int, n_active: int, tricks_left: int, subset: int
) -> None:
    """The leader's move ordering is a permutation of the cards it is given
    (any subset of any active hand, as the search's runs of equivalent cards
    are): no card left out, none tried twice."""
    pos = position(seed, n_active, tricks_left, mid_trick=False)
    searcher = _Root(pos).searcher
    hands = searcher.hands
    for leader in pos.active:
        moves = hands[leader] & subset or hands[leader]
        others = 0
        for s in pos.active:
            if s != leader:
                others |= hands[s]
        order = searcher.lead_order(leader, moves, others)
        assert sorted(order) == _bits(moves), (pos, leader, moves)


def test_a_full_table_is_emptied_and_the_values_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for only a few positions the tables keep emptying themselves:
    the values stay minimax's."""
    monkeypatch.setattr(solver_search, "TABLE_LIMIT", 3)
    seed_rules = Rules.preset("seed")
    for seed in range(share(12)):
        pos = position(40000 + seed, (4, 3, 2)[seed % 3], 2 + seed % 3)
        assert_matches_minimax(pos)
        ref = {c: minimax_score(pos.play(c), seed_rules) for c in pos.legal_moves()}
        assert solve_score_moves(pos, seed_rules) == ref, pos
        root = _Root(pos)
        for k in range(root.rem + 1):
            root.test(k)
        # the limit, and the searches under way (one per trick) storing theirs
        assert len(root.searcher.tt) <= 3 + 6


# --- playing the solver's moves ----------------------------------------------------


@pytest.mark.parametrize("n_active", [4, 3, 2])
def test_best_play_keeps_the_value_and_scores_it(n_active: int) -> None:
    """Each side playing a best card of ``solve_moves`` keeps the value; the game
    then ends the hand with that many maker tricks and scores what
    ``score_of`` says."""
    for seed in range(4):
        game, _ = game_in_play(13000 + seed, n_active)
        start = Position.from_game(game)
        value = solve(start)
        hand_number = game.hand_number
        while game.hand_number == hand_number and not game.is_over:
            pos = Position.from_game(game)
            moves = solve_moves(pos)
            assert solve(pos) == value
            best = max(moves.values()) if pos.to_move & 1 == pos.maker_team else min(moves.values())
            assert best == value
            card = min(c for c, v in moves.items() if v == best)
            game.apply(f"play {Card.from_index(card)}")
        record = game.records[-1]
        assert record.tricks_won[start.maker_team] == value
        assert tuple(record.points) == score_of(start, value, game.rules)


def test_position_follows_the_game() -> None:
    """``Position.play`` gives what ``Position.from_game`` reads after the same card,
    and the legal moves are the game's."""
    for seed in range(30):
        game, rng = game_in_play(14000 + seed, (4, 3, 2)[seed % 3])
        hand_number = game.hand_number
        pos = Position.from_game(game)
        while True:
            assert pos.legal_moves() == sorted(a.value for a in game.legal_actions())
            action = rng.choice(game.legal_actions())
            nxt = pos.play(action.value)
            game.apply(action)
            if game.hand_number != hand_number or game.is_over:
                assert sum(nxt.won) == 6 and nxt.tricks_left == 0
                break
            pos = Position.from_game(game)
            pos.check()
            assert nxt == pos


def test_finished_position() -> None:
    pos = Position(hands=(0, 0, 0, 0), trump=0, to_move=1, trick=(), won=(2, 4), maker=1)
    assert solve(pos) == minimax(pos) == 4
    assert solve_moves(pos) == {}


# --- small worked positions ----------------------------------------------------------


def _mask(text: str) -> int:
    return sum(1 << Card.parse(c).index for c in text.split())


def test_last_trick_examples_from_the_rules() -> None:
    # clubs trump; AH KH JS 9C led by seat 0: JS (the left bower) wins for seat 2
    pos = Position(
        hands=(_mask("AH"), _mask("KH"), _mask("JS"), _mask("9C")),
        trump=suit_index("C"),
        to_move=0,
        trick=(),
        won=(2, 3),
        maker=0,
    )
    assert solve(pos) == minimax(pos) == 3
    # diamonds trump; QS AS JK KS led by seat 1: the Joker (seat 3) wins
    pos = Position(
        hands=(_mask("KS"), _mask("QS"), _mask("AS"), _mask("JK")),
        trump=suit_index("D"),
        to_move=1,
        trick=(),
        won=(0, 5),
        maker=0,
    )
    assert solve(pos) == minimax(pos) == 0


def test_left_bower_must_follow_trump_and_equivalent_cards() -> None:
    # hearts trump; seat 0 (the lone maker) led JD, a heart; seat 1 holds AD 9D 9H
    # and must play 9H
    pos = Position(
        hands=(_mask("QC KD"), _mask("AD 9D 9H"), 0, _mask("TC KC 9S")),
        trump=suit_index("H"),
        to_move=1,
        trick=((0, Card.parse("JD").index),),
        won=(2, 1),
        maker=0,
        active=(0, 1, 3),
    )
    pos.check()
    assert pos.legal_moves() == [Card.parse("9H").index]
    assert solve_moves(pos) == minimax_moves(pos)
    with pytest.raises(ValueError):
        pos._replace(hands=(_mask("QC KD"), _mask("AD 9D 9H"), 0, _mask("TC KC"))).check()
    # AS KS QS in one hand with nothing between them: all worth the same
    pos = Position(
        hands=(_mask("AS KS QS"), _mask("9S TS JH"), _mask("9C TC QC"), _mask("AC KC QH")),
        trump=suit_index("D"),
        to_move=0,
        trick=(),
        won=(1, 2),
        maker=2,
    )
    moves = solve_moves(pos)
    assert moves == minimax_moves(pos)
    assert len({moves[_mask(c).bit_length() - 1] for c in ("AS", "KS", "QS")}) == 1


def test_check_rejects_inconsistent_positions() -> None:
    good = position(15000, 4, 3, mid_trick=False)
    good.check()
    bad = [
        good._replace(trump=4),
        good._replace(active=(0, 2)),
        good._replace(won=(good.won[0] + 1, good.won[1])),
        good._replace(hands=(good.hands[1], *good.hands[1:])),
        good._replace(trick=((good.to_move, good.hands[good.to_move].bit_length() - 1),)),
    ]
    for pos in bad:
        with pytest.raises(ValueError):
            pos.check()
    with pytest.raises(ValueError):
        good.play(next(c for c in range(25) if not good.hands[good.to_move] >> c & 1))


def test_from_game_needs_the_play_phase() -> None:
    with pytest.raises(ValueError):
        Position.from_game(Game.new(seed=3))


# --- scores ----------------------------------------------------------------------------


def test_score_of() -> None:
    pos = Position(
        hands=(0, 0, 0, 0), trump=0, to_move=0, trick=(), won=(0, 0), maker=1, bid=4, multiplier=1
    )
    assert score_of(pos, 5) == (0, 5)
    assert score_of(pos, 3) == (0, -3)
    assert score_of(pos, 3, Rules(fail_penalty="bid", defenders_score=True)) == (3, -4)
    doubled = pos._replace(maker=0, bid=6, multiplier=2)
    assert score_of(doubled, 6) == (12, 0)
    assert score_of(doubled, 5, Rules.preset("pepper")) == (-12, 2)


# --- the score objective ------------------------------------------------------------


def minimax_score(pos: Position, rules: Rules) -> int:
    """The makers' points minus the defenders' by plain exhaustive minimax, the
    makers maximising it and the defenders minimising it."""
    return minimax(pos, rules)


@pytest.mark.parametrize("preset", ["seed", "traditional", "pepper"])
def test_score_solver_matches_score_minimax(preset: str) -> None:
    """Every bid from 1 to 6, 1 to 5 tricks left, all seatings, stakes 1 and 2
    (fewer positions where the score grows with the tricks: that path is the
    trick solver's)."""
    rules = Rules.preset(preset)
    for seed in range(share(120 if preset == "seed" else 40)):
        n_active = (4, 3, 2)[seed % 3]
        left = 1 + seed % (4 if n_active == 4 else 5)
        pos = position(20000 + seed, n_active, left)
        pos = pos._replace(bid=1 + seed * 7 % 6, multiplier=1 + seed // 60)
        ref = {c: minimax_score(pos.play(c), rules) for c in pos.legal_moves()}
        assert solve_score_moves(pos, rules) == ref, pos
        best = max if pos.to_move & 1 == pos.maker_team else min
        assert solve_score(pos, rules) == best(ref.values()) == minimax_score(pos, rules), pos


def test_value_solver_matches_minimax_for_any_values() -> None:
    """Any value per number of further maker tricks (non-monotone ones too, e.g.
    a chance of winning the game after the hand): each card's value is the
    minimax value of the position after it."""
    rng = random.Random(5)
    for seed in range(60):
        n_active = (4, 3, 2)[seed % 3]
        left = 1 + seed % (4 if n_active == 4 else 5)
        pos = position(30000 + seed, n_active, left)
        values = [round(rng.random(), 3) for _ in range(left + 1)]
        if seed % 4 == 0:
            values.sort()  # the monotone case goes through the trick solver
        ref = {}
        for c in pos.legal_moves():
            after = pos.play(c)
            gained = after.won[pos.maker_team] - pos.won[pos.maker_team]
            ref[c] = minimax(after, scores=values[gained : gained + after.tricks_left + 1])
        assert solve_value_moves(pos, values) == ref, (pos, values)
    with pytest.raises(ValueError, match="trick count"):
        solve_value_moves(pos, [0.0])


@settings(max_examples=60, deadline=None)
@given(pos=small_positions, data=st.data())
def test_values_with_ties_and_dips_match_minimax(pos: Position, data: st.DataObject) -> None:
    """Values from a few small whole numbers, so that some trick counts are
    worth the most up to them and the least from them on (their cards are
    valued by the trick search, the rest by the goal search) and others are
    not: each card's value is still minimax's."""
    values = data.draw(st.lists(st.integers(-2, 2), min_size=6, max_size=6))
    values = values[: pos.tricks_left + 1]
    ref = {}
    for c in pos.legal_moves():
        after = pos.play(c)
        gained = after.won[pos.maker_team] - pos.won[pos.maker_team]
        ref[c] = minimax(after, scores=values[gained : gained + after.tricks_left + 1])
    assert solve_value_moves(pos, values) == ref, (pos, values)


def test_failing_makers_duck_under_the_seed_rule() -> None:
    """Seed rules: the makers (team 0) bid 5 and have won 1 trick with 2 left;
    the bid is out of reach, so seat 0 leading wants no more tricks: it leads
    the 9C under the defenders' clubs rather than cashing the AS (after the AS
    the defenders would throw their clubs away and feed it the last trick too),
    while the trick-maximising solver cashes it. Traditional rules (the score grows with
    tricks) agree with the trick count."""
    pos = Position(
        hands=(_mask("AS 9C"), _mask("QD AC"), _mask("9D TD"), _mask("KD KC")),
        trump=suit_index("H"),
        to_move=0,
        trick=(),
        won=(1, 3),
        maker=0,
        bid=5,
    )
    pos.check()
    seed_rules = Rules.preset("seed")
    aces, nine = Card.parse("AS").index, Card.parse("9C").index
    assert solve_moves(pos)[aces] == 2 and solve_moves(pos)[nine] == 1
    assert solve_score_moves(pos, seed_rules) == {aces: -3, nine: -1}
    assert solve_score(pos, seed_rules) == -1 == minimax_score(pos, seed_rules)
    traditional = Rules.preset("traditional")
    assert solve_score_moves(pos, traditional) == {
        c: score_of(pos, t, traditional)[0] - score_of(pos, t, traditional)[1]
        for c, t in solve_moves(pos).items()
    }


def test_score_solver_on_full_deals_agrees_with_the_trick_solver_where_it_must() -> None:
    """Full 4-seat deals: with a monotone score (traditional) the score solver's
    value is the score of ``solve``; under the seed rules too when the makers
    can make their bid, and otherwise it is a failed bid's score (0 down to
    minus the bid plus one: the defenders may feed the makers tricks)."""
    for seed in range(8):
        pos = position(21000 + seed, 4, 6, mid_trick=False)
        tricks = solve(pos)
        for preset in ("seed", "traditional"):
            rules = Rules.preset(preset)
            mine, theirs = score_of(pos, tricks, rules)
            trick_score = (mine - theirs) * (1 if pos.maker_team == 0 else -1)
            value = solve_score(pos, rules)
            if preset == "traditional" or tricks >= pos.bid:
                assert value == trick_score, pos
            else:
                assert -(pos.bid - 1) * pos.multiplier <= value <= 0, pos
