"""Invariants over thousands of random games: seeded random play under the four
presets and random rule combinations, from seeded and from random fixed deals.

Each hypothesis example plays several games; games are capped by hands and by
actions, because a random game (in the seed preset above all) can go on for
a very long time.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hasenpfeffer import Card, Game, IllegalActionError, Rules, legal_plays, trick_winner
from hasenpfeffer.actions import ALL_ACTIONS

PRESET_NAMES = ["seed", "seed-pepper", "traditional", "pepper"]
DECK = [r + s for s in "CDHS" for r in "9TJQKA"] + ["JK"]
CARD_RE = re.compile(r"\b(?:[9TJQKA][CDHS]|JK)\b")
MAX_HANDS = 6
MAX_ACTIONS = 400


#: The share of each property's examples to run (1 in CPython; ``tests/pyodide_pytest.mjs``
#: sets 0.1 inside Pyodide, where the same tests show that the wasm runtime agrees
#: with CPython and the search for a counterexample is CPython's).
EXAMPLE_SHARE = float(os.environ.get("HASENPFEFFER_EXAMPLE_SHARE", "1"))


def examples(n: int) -> settings:
    return settings(
        max_examples=max(1, round(n * EXAMPLE_SHARE)),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )


def _rules(
    bidding: str,
    all_pass: str,
    forced_bid: int,
    going_alone: bool,
    lone_defender: bool,
    fail_penalty: str,
    defenders_score: bool,
    first_lead: str,
    target: int,
) -> Rules:
    return Rules(
        bidding=bidding,  # type: ignore[arg-type]
        all_pass=all_pass,  # type: ignore[arg-type]
        forced_bid=forced_bid,
        going_alone=going_alone,
        lone_defender=lone_defender and going_alone,
        fail_penalty=fail_penalty,  # type: ignore[arg-type]
        defenders_score=defenders_score,
        first_lead=first_lead,  # type: ignore[arg-type]
        target=target,
    )


random_rules = st.builds(
    _rules,
    bidding=st.sampled_from(["standard", "pepper"]),
    all_pass=st.sampled_from(["joker_forced", "redeal", "dealer_forced"]),
    forced_bid=st.integers(1, 6),
    going_alone=st.booleans(),
    lone_defender=st.booleans(),
    fail_penalty=st.sampled_from(["tricks_won", "bid", "six"]),
    defenders_score=st.booleans(),
    first_lead=st.sampled_from(["left_of_dealer", "maker"]),
    target=st.integers(1, 40),
)
any_rules = st.one_of(st.sampled_from(PRESET_NAMES).map(Rules.preset), random_rules)
seeds = st.integers(0, 2**53 - 1)


class Tracker:
    """Follows a game from outside, through its public API and its history only,
    and checks the invariants after every action."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hand_start = len(game.history)
        self.actions = 0
        # (seat, action, the phase it was taken in) of the current hand
        self.log: list[tuple[int, str, str]] = []

    # -- ground truth from the actions of the current hand ----------------------------

    def hand_actions(self) -> list[str]:
        return [str(a) for a in self.game.history[self.hand_start :]]

    def played(self) -> list[str]:
        return [a[5:] for a in self.hand_actions() if a.startswith("play ")]

    def discard(self) -> list[str]:
        return [a[8:] for a in self.hand_actions() if a.startswith("discard ")]

    # -- invariants ----------------------------------------------------------------------

    def check_cards(self) -> None:
        g = self.game
        cards = [str(c) for s in range(4) for c in g.hand(s)]
        widow_taken = g.maker is not None
        if not widow_taken:
            assert g.phase == "bidding"
            cards.append(str(g.widow))
        cards += self.discard() + self.played()
        assert len(cards) == 25, (cards, g)
        assert Counter(cards) == Counter(DECK)

    def check_turn(self) -> None:
        g = self.game
        legal = g.legal_actions()
        if g.phase == "game_over":
            assert legal == []
            assert g.to_act is None
            assert g.winner in (0, 1)
            return
        assert legal, g
        assert g.to_act in range(4)
        assert g.to_act not in g.sitting_out
        assert len(set(legal)) == len(legal)
        if g.phase == "play":
            assert g.trump is not None
            trick = [c for _, c in g.trick]
            expected = legal_plays(g.hand(g.to_act), trick, g.trump)
            assert {a.card for a in legal} == set(expected)
            assert all(a.kind == "play" for a in legal)

    def apply(self, action: Any) -> None:
        g = self.game
        before_scores = g.scores
        before_records = len(g.records)
        seat = g.to_act
        assert seat is not None
        phase = g.phase
        g.apply(action)
        self.actions += 1
        self.log.append((seat, str(g.history[-1]), phase))
        if len(g.records) == before_records:
            assert g.scores == before_scores
        else:
            assert len(g.records) == before_records + 1
            rec = g.records[-1]
            assert g.scores == (
                before_scores[0] + rec.points[0],
                before_scores[1] + rec.points[1],
            )
            assert rec.scores == g.scores
            self.check_record(rec.public_dict())
            if g.phase != "game_over":
                self.hand_start = len(g.history)
                self.log = []
                assert g.phase == "bidding"
                assert g.dealer == (rec.dealer + 1) % 4
        self.check_cards()
        self.check_turn()

    def check_record(self, rec: dict[str, Any]) -> None:
        """The hand's points and the game's end, worked out from the public record
        by docs/rules.md §6-§7 independently of the engine's scoring code."""
        g = self.game
        rules = g.rules
        if rec["thrown_in"]:
            assert rec["points"] == [0, 0]
            assert rec["tricks"] == []
            assert g.phase == "bidding"
            return
        won = [0, 0]
        leader = None
        for t in rec["tricks"]:
            played = [Card.parse(p["card"]) for p in t["cards"]]
            assert t["leader"] == t["cards"][0]["seat"]
            if leader is not None:
                assert t["leader"] == leader
            leader = t["winner"]
            assert t["cards"][trick_winner(played, rec["trump"])]["seat"] == t["winner"]
            won[t["winner"] % 2] += 1
        assert len(rec["tricks"]) == 6
        assert rec["tricks_won"] == won
        team = rec["maker"] % 2
        m = 2 if rec["bid_call"] == "big" else 1
        m *= 2 if rec["alone"] else 1
        m *= 2 if rec["lone_defender"] is not None else 1
        mine = won[team]
        if mine >= rec["bid"]:
            makers = mine * m
        else:
            makers = -m * {"tricks_won": mine, "bid": rec["bid"], "six": 6}[rules.fail_penalty]
        defenders = (6 - mine) * m if rules.defenders_score else 0
        expected = [0, 0]
        expected[team] = makers
        expected[1 - team] = defenders
        assert rec["points"] == expected
        reached = [score >= rules.target for score in g.scores]
        if reached[0] and reached[1]:
            assert g.winner == team
        elif reached[0] or reached[1]:
            assert g.winner == reached.index(True)
        else:
            assert g.winner is None
            assert g.phase == "bidding"

    def done(self) -> bool:
        g = self.game
        return g.phase == "game_over" or len(g.records) >= MAX_HANDS or self.actions >= MAX_ACTIONS

    def allowed_in_view(self, seat: int) -> set[str]:
        g = self.game
        allowed = {str(c) for c in g.hand(seat)} | set(self.played())
        if g.maker == seat and g.phase != "bidding":
            allowed |= {str(g.widow), *self.discard()}
        if g.records:
            last = g.records[-1].to_dict()
            allowed |= {p["card"] for t in last["tricks"] for p in t["cards"]}
            if last["thrown_in"] and last["widow"] == "JK":
                allowed.add("JK")
        return allowed

    def check_views(self) -> None:
        g = self.game
        for seat in range(4):
            v = g.view(seat)
            seen = set(CARD_RE.findall(json.dumps(v)))
            allowed = self.allowed_in_view(seat)
            assert seen <= allowed, (seat, seen - allowed, v)
            assert sorted(v["hand"]) == sorted(str(c) for c in g.hand(seat))
            if seat == g.to_act:
                assert v["legal_actions"] == [str(a) for a in g.legal_actions()]
            else:
                assert v["legal_actions"] == []

    def check_hand_actions(self) -> None:
        """The view's ``hand_actions``: the actions of this hand (of the last hand
        once the game is over) with their seats and the phase each was taken in; the
        discard shown to the maker only."""
        g = self.game
        for seat in range(4):
            expected = [
                {
                    "seat": s,
                    "action": "discard" if a[:7] == "discard" and seat != s else a,
                    "phase": phase,
                }
                for s, a, phase in self.log
            ]
            assert g.view(seat)["hand_actions"] == expected, (seat, g.phase)


def snapshot(g: Game) -> tuple[Any, ...]:
    return (
        g.to_json(),
        [g.view(s) for s in range(4)],
        [str(a) for a in g.legal_actions()],
        [[str(c) for c in g.hand(s)] for s in range(4)],
        g.scores,
        g.phase,
        g.to_act,
    )


def new_game(rules: Rules, seed: int, rnd: random.Random) -> Game:
    """A seeded game, or (one time in three) a game from a random fixed deal."""
    if rnd.random() < 1 / 3:
        deck = DECK.copy()
        rnd.shuffle(deck)
        hands = [deck[6 * k : 6 * k + 6] for k in range(4)]
        scores = (rnd.randint(-10, rules.target - 1), rnd.randint(-10, rules.target - 1))
        return Game.from_deal(hands, deck[24], rnd.randrange(4), rules, scores, seed)
    return Game.new(rules, seed)


def play_games(rules: Rules, seed: int, n_games: int, check: Any = None, every: float = 0.0) -> int:
    """Play ``n_games`` random games; call ``check(tracker, rnd)`` at about a fraction
    ``every`` of the positions. Returns the number of actions played."""
    rnd = random.Random(seed)
    total = 0
    for k in range(n_games):
        t = Tracker(new_game(rules, (seed + k) % 2**53, rnd))
        t.check_cards()
        t.check_turn()
        while not t.done():
            if check is not None and rnd.random() < every:
                check(t, rnd)
            t.apply(rnd.choice(t.game.legal_actions()))
        if check is not None:
            check(t, rnd)
        total += t.actions
    return total


# ---- the properties ---------------------------------------------------------------------


@examples(120)
@given(rules=any_rules, seed=seeds)
def test_random_games_keep_every_invariant(rules: Rules, seed: int) -> None:
    """25 cards accounted for, legal actions never empty before the end, play
    legality equals ``legal_plays``, scores change only at hand ends by the
    record's points (checked after every action of 12 games per example)."""
    assert play_games(rules, seed, 12) > 0


@examples(40)
@given(rules=any_rules, seed=seeds)
def test_every_legal_action_applies(rules: Rules, seed: int) -> None:
    def check(t: Tracker, rnd: random.Random) -> None:
        g = t.game
        for a in g.legal_actions():
            c = g.copy()
            c.apply(a)
            assert c.history[-1] is a
            # by its text too
            c2 = g.copy()
            c2.apply(str(a))
            assert c2 == c

    play_games(rules, seed, 5, check, every=0.15)


@examples(40)
@given(rules=any_rules, seed=seeds)
def test_other_actions_raise_and_change_nothing(rules: Rules, seed: int) -> None:
    def check(t: Tracker, rnd: random.Random) -> None:
        g = t.game
        legal = set(g.legal_actions())
        others = [a for a in ALL_ACTIONS if a not in legal]
        before = snapshot(g)
        for a in rnd.sample(others, min(6, len(others))):
            try:
                g.apply(a if rnd.random() < 0.5 else str(a))
            except IllegalActionError as err:
                assert str(err)
            else:
                raise AssertionError(f"{a} was applied but is not legal")
        assert snapshot(g) == before

    play_games(rules, seed, 5, check, every=0.2)


@examples(40)
@given(rules=any_rules, seed=seeds)
def test_json_round_trip_mid_hand(rules: Rules, seed: int) -> None:
    def check(t: Tracker, rnd: random.Random) -> None:
        g = t.game
        g2 = Game.from_json(g.to_json())
        assert g2 == g
        assert g2.to_json() == g.to_json()
        for s in range(4):
            assert g2.view(s) == g.view(s)
        assert g2.legal_actions() == g.legal_actions()
        assert [r.to_dict() for r in g2.records] == [r.to_dict() for r in g.records]
        # and they go on alike
        if g.phase != "game_over":
            a = rnd.choice(g.legal_actions())
            c = g.copy()
            c.apply(a)
            g2.apply(a)
            assert g2 == c

    play_games(rules, seed, 5, check, every=0.05)


@examples(40)
@given(rules=any_rules, seed=seeds)
def test_copy_is_independent(rules: Rules, seed: int) -> None:
    def check(t: Tracker, rnd: random.Random) -> None:
        g = t.game
        before = snapshot(g)
        c = g.copy()
        assert c == g
        n = 0
        while c.phase != "game_over" and n < 30:
            c.apply(rnd.choice(c.legal_actions()))
            n += 1
        assert snapshot(g) == before
        if n:
            assert c != g

    play_games(rules, seed, 5, check, every=0.05)


@examples(40)
@given(rules=any_rules, seed=seeds)
def test_views_never_show_hidden_cards(rules: Rules, seed: int) -> None:
    """A view of seat s shows only: s's hand, cards played this hand and in the
    last hand, the widow and discard if s is the maker, and the Joker when a
    thrown-in hand reveals it in the widow."""

    def check(t: Tracker, rnd: random.Random) -> None:
        t.check_views()

    play_games(rules, seed, 5, check, every=0.5)


@examples(30)
@given(rules=any_rules, seed=seeds)
def test_view_hand_actions_match_the_hand(rules: Rules, seed: int) -> None:
    def check(t: Tracker, rnd: random.Random) -> None:
        t.check_hand_actions()

    play_games(rules, seed, 5, check, every=0.3)


@examples(25)
@given(rules=any_rules, seed=seeds)
def test_replayed_matches_history(rules: Rules, seed: int) -> None:
    def check(t: Tracker, rnd: random.Random) -> None:
        g = t.game
        n = rnd.randint(0, len(g.history))
        r = g.replayed(n)
        assert r.history == g.history[:n]
        assert g.replayed(len(g.history)) == g

    play_games(rules, seed, 3, check, every=0.03)


@examples(30)
@given(seed=seeds, deck=st.permutations(DECK), dealer=st.integers(0, 3))
def test_from_deal_keeps_the_deal(seed: int, deck: list[str], dealer: int) -> None:
    hands = [deck[6 * k : 6 * k + 6] for k in range(4)]
    g = Game.from_deal(hands, deck[24], dealer, seed=seed)
    assert [sorted(str(c) for c in g.hand(s)) for s in range(4)] == [sorted(h) for h in hands]
    assert str(g.widow) == deck[24]
    assert g.to_act == (dealer + 1) % 4
    for s in range(4):
        assert sorted(g.view(s)["hand"]) == sorted(hands[s])
    t = Tracker(g)
    rnd = random.Random(seed)
    while not t.done():
        t.apply(rnd.choice(g.legal_actions()))
    rec = g.records[0].to_dict()
    assert rec["hands"] == [[str(c) for c in sorted(map(Card.parse, h))] for h in hands]
    assert rec["widow"] == deck[24]


@examples(40)
@given(rules=any_rules, seed=seeds)
def test_a_finished_hands_record_says_who_sat_out(rules: Rules, seed: int) -> None:
    """The public record of every finished hand names the seats that sat it out, as
    the game said while its last trick was played (the table shows a restored
    finished hand from the record alone; a seat that sits out plays no card)."""
    rnd = random.Random(seed)
    for k in range(4):
        g = new_game(rules, (seed + k) % 2**53, rnd)
        while g.phase != "game_over" and len(g.records) < 8:  # random bids seldom end a game
            hands_before = len(g.records)
            sitting_out = g.sitting_out if g.phase == "play" else ()
            g.apply(rnd.choice(g.legal_actions()))
            if len(g.records) == hands_before:
                continue
            record = g.records[-1]
            public = record.public_dict()
            if record.thrown_in:
                assert public["sitting_out"] == []
                continue
            assert public["sitting_out"] == list(sitting_out)
            played = {play["seat"] for trick in public["tricks"] for play in trick["cards"]}
            assert played.isdisjoint(public["sitting_out"])
            assert len(played) == 4 - len(public["sitting_out"])
