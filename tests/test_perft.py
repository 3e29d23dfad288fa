"""Perft for Hasenpfeffer: the number of distinct legal action sequences from
fixed positions, compared with golden numbers.

* ``start``: from four fixed deals (one per preset), the number of action
  sequences of length 1..N from the first action of the hand.
* ``mid``: from a fixed position in the play phase of each deal (after a fixed
  auction, trump, discard, alone calls and some tricks), the number of action
  sequences of each length up to the end of the hand.

The end of a hand (including a hand thrown in) ends a sequence: it is counted
at its own length and not extended into the next deal. So the counts depend
only on the rules, never on how later hands are shuffled.

The golden numbers in ``golden/perft.json`` were computed with the engine by

    cd tests && ../.venv/bin/python -m golden.make_perft

(it rewrites the file). They are checked here
against hand reasoning for the small depths of the auction and against an
independent counter of the play phase written below from docs/rules.md §2 and §6.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import Game, Rules

GOLDEN = Path(__file__).resolve().parent / "golden" / "perft.json"

#: Inside Pyodide (tests/pyodide_pytest.mjs sets HASENPFEFFER_EXAMPLE_SHARE below 1)
#: the start counts are checked to one depth less: the same numbers, in a third of
#: the time; the full depth is checked in CPython.
IN_PYODIDE = float(os.environ.get("HASENPFEFFER_EXAMPLE_SHARE", "1")) < 1
DEPTH_CUT = 1 if IN_PYODIDE else 0
#: There too the mid-hand counts stop one trick (four cards) before the hand's end:
#: the last trick multiplies the walk's time, not the kinds of position it meets.
MID_CUT = 4 if IN_PYODIDE else 0

#: name -> the preset, the hands of seats 0..3, the widow, the dealer, the start
#: depth N, and the actions from the start to the mid-hand position
POSITIONS: dict[str, dict[str, Any]] = {
    # the Joker is the widow: everyone passing throws the hand in at depth 4
    "seed": {
        "rules": "seed",
        "hands": [
            "JH 9C AS 9S 9D AC",
            "TD KD KS JS KC JC",
            "QS QC AH AD TS QD",
            "9H QH KH JD TC TH",
        ],
        "widow": "JK",
        "dealer": 0,
        "depth": 9,
        # seat 3 makes 3 in hearts and goes alone (seat 1 sits out); one trick played
        "mid": [
            "bid 2", "pass", "bid 3", "pass", "pass", "trump H", "discard TC",
            "alone", "decline", "decline",
            "play AS", "play QS", "play JK",
        ],
    },
    "seed-pepper": {
        "rules": "seed-pepper",
        "hands": [
            "KD JS JK QS AS AC",
            "KS TH KH QD AD AH",
            "9C TD TC 9D 9H TS",
            "JH QH QC JD JC 9S",
        ],
        "widow": "KC",
        "dealer": 1,
        "depth": 9,
        # seat 0 bids little pepper in spades and goes alone; seat 3 defends alone
        "mid": [
            "pass", "bid 2", "bid little", "pass", "pass", "trump S", "discard KD",
            "alone", "decline", "alone",
        ],
    },
    "traditional": {
        "rules": "traditional",
        "hands": [
            "QC TS KH 9H 9C KS",
            "KC TD TH QH 9S QS",
            "JH KD AH JS JK 9D",
            "JD QD AC AD AS JC",
        ],
        "widow": "TC",
        "dealer": 2,
        "depth": 9,
        # seat 2 makes 4 in hearts; two tricks played
        "mid": [
            "bid 1", "pass", "pass", "bid 4", "pass", "trump H", "discard 9D",
            "play AS", "play KS", "play QS", "play JS",
            "play AD", "play TS", "play TD", "play KD",
        ],
    },
    "pepper": {
        "rules": "pepper",
        "hands": [
            "9D KH KS JH TC AC",
            "JS KD QD TH JK 9H",
            "QC JD QS AS 9C JC",
            "QH TS AD KC AH 9S",
        ],
        "widow": "TD",
        "dealer": 3,
        "depth": 9,
        # everyone passes: the dealer (seat 3) is forced to 3, takes hearts and leads;
        # one trick and three cards of the next played
        "mid": [
            "pass", "pass", "pass", "pass", "trump H", "discard 9S",
            "play TS", "play KS", "play JS", "play AS",
            "play QS", "play AH", "play 9D",
        ],
    },
}  # fmt: skip


def start_game(name: str) -> Game:
    p = POSITIONS[name]
    hands = [h.split() for h in p["hands"]]
    return Game.from_deal(hands, p["widow"], p["dealer"], Rules.preset(p["rules"]), seed=1)


def mid_game(name: str) -> Game:
    g = start_game(name)
    for action in POSITIONS[name]["mid"]:
        g.apply(action)
    return g


def perft(game: Game, max_depth: int) -> list[int]:
    """Sequences of each length 1..max_depth; the end of the hand ends a sequence."""
    counts = [0] * max_depth

    def walk(g: Game, depth: int) -> None:
        hands_done = len(g.records)
        for action in g.legal_actions():
            child = g.copy()
            child.apply(action)
            counts[depth] += 1
            ended = len(child.records) > hands_done or child.phase == "game_over"
            if not ended and depth + 1 < max_depth:
                walk(child, depth + 1)

    walk(game, 0)
    return counts


def perft_to_hand_end(game: Game) -> list[int]:
    """Sequences of each length from ``game`` (in the play phase) to the hand's end."""
    remaining = sum(len(game.hand(s)) for s in range(4) if s not in game.sitting_out)
    counts = perft(game, remaining)
    assert counts[-1] > 0
    return counts


def compute_all() -> dict[str, Any]:
    out: dict[str, Any] = {"start": {}, "mid": {}}
    for name, p in POSITIONS.items():
        out["start"][name] = perft(start_game(name), p["depth"])
        out["mid"][name] = perft_to_hand_end(mid_game(name))
    return out


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


# ---- an independent count of the play phase, from docs/rules.md §2 and §6 -------------------

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def suit_of(card: str, trump: str) -> str:
    if card == "JK" or card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[1]


def strength(card: str, trump: str, led: str) -> int:
    """Higher wins; cards that can neither follow nor trump get -1."""
    suit = suit_of(card, trump)
    if suit == trump:
        order = ["JK", "J" + trump, "J" + SAME_COLOUR[trump]] + [r + trump for r in "AKQT9"]
        return 100 - order.index(card)
    if suit == led:
        return "9TJQKA".index(card[0])
    return -1


def count_play(hands: dict[int, list[str]], trump: str, order: list[int], trick: list[str]) -> int:
    """Complete play sequences: ``order`` lists the active seats from the player on
    turn (the current trick's leader came ``len(trick)`` seats before)."""
    if not hands[order[0]] and not trick:
        return 1
    seat = order[0]
    hand = hands[seat]
    if trick:
        led = suit_of(trick[0], trump)
        follow = [c for c in hand if suit_of(c, trump) == led]
        choices = follow or hand
    else:
        choices = hand
    total = 0
    for card in choices:
        hands[seat] = [c for c in hand if c != card]
        cards = [*trick, card]
        if len(cards) == len(order):
            led = suit_of(cards[0], trump)
            powers = [strength(c, trump, led) for c in cards]
            # order[0] played the last card; the leader is one seat after it
            seats = order[1:] + order[:1]
            winner = seats[powers.index(max(powers))]
            k = order.index(winner)
            total += count_play(hands, trump, order[k:] + order[:k], [])
        else:
            total += count_play(hands, trump, order[1:] + order[:1], cards)
        hands[seat] = hand
    return total


def independent_count(game: Game) -> int:
    assert game.phase == "play"
    assert game.trump is not None
    active = [s for s in range(4) if s not in game.sitting_out]
    cur = game.to_act
    assert cur is not None
    k = active.index(cur)
    order = active[k:] + active[:k]
    hands = {s: [str(c) for c in game.hand(s)] for s in active}
    trick = [str(c) for _, c in game.trick]
    return count_play(hands, game.trump, order, trick)


# ---- hand reasoning for the auction ------------------------------------------------------------
#
# Standard bidding: with a standing high bid h (0 = none) the player on turn has
# pass and the bids h+1..6, that is 7 - h calls; "bid 6" ends the auction and the
# maker then names one of 4 trumps and discards one of 7 cards (6 + the widow).
# After "bid 6, trump, discard" comes alone/decline (2) where going alone is
# allowed, otherwise the first lead (6 cards). Pepper: pass and the bids above h
# among 1..5, little (6), big (7): 8 - h calls; "bid big" ends the auction.
# No auction ends within three calls except by a 6 (big), and a pass that ends
# it or throws the hand in is still one sequence.
#   depth 1 = 7 (pepper 8)
#   depth 2 = pass 7 + bids 1..5 (6+5+4+3+2) + "bid 6" then 4 trumps = 31
#           (pepper: 8 + (7+6+5+4+3) + little 2 + big 4 = 39)
#   depth 3 = two calls without a 6 (ways by high h) x (7 - h) + one call without
#             a 6 then "bid 6" x 4 trumps + "bid 6, trump" x 7 discards = 129 (168)
#   depth 4 = likewise one call deeper, see test_hand_reasoned_auction_numbers.


# ways[n][h]: sequences of n calls without a 6 (big in pepper) ending with high h
def _ways(n: int, top: int) -> list[int]:
    ways = [1] + [0] * top
    for _ in range(n):
        new = [0] * (top + 1)
        for h, w in enumerate(ways):
            new[h] += w  # pass
            for b in range(h + 1, top + 1):
                new[b] += w
        ways = new
    return ways


def _standard(after_six_first: int) -> list[int]:
    w1, w2, w3 = _ways(1, 5), _ways(2, 5), _ways(3, 5)
    calls = [7 - h for h in range(6)]
    d1 = 7
    d2 = sum(w * c for w, c in zip(w1, calls, strict=True)) + 4
    d3 = sum(w * c for w, c in zip(w2, calls, strict=True)) + sum(w1) * 4 + 4 * 7
    d4 = (
        sum(w * c for w, c in zip(w3, calls, strict=True))
        + sum(w2) * 4
        + sum(w1) * 4 * 7
        + 4 * 7 * after_six_first
    )
    return [d1, d2, d3, d4]


def _pepper(after_big_first: int) -> list[int]:
    w1, w2, w3 = _ways(1, 6), _ways(2, 6), _ways(3, 6)
    calls = [8 - h for h in range(7)]
    d1 = 8
    d2 = sum(w * c for w, c in zip(w1, calls, strict=True)) + 4
    d3 = sum(w * c for w, c in zip(w2, calls, strict=True)) + sum(w1) * 4 + 4 * 7
    d4 = (
        sum(w * c for w, c in zip(w3, calls, strict=True))
        + sum(w2) * 4
        + sum(w1) * 4 * 7
        + 4 * 7 * after_big_first
    )
    return [d1, d2, d3, d4]


HAND_REASONED_START = {
    # going alone allowed: after "bid 6, trump, discard" comes alone/decline
    "seed": _standard(2),
    "seed-pepper": _pepper(2),
    # no going alone: the first lead (seat 3, left of dealer 2) has 6 cards
    "traditional": _standard(6),
    # no going alone, the maker (seat 0) leads with 6 cards
    "pepper": _pepper(6),
}


def test_hand_reasoned_auction_numbers() -> None:
    # the formulas above, worked out by hand once more
    assert _standard(2)[:3] == [7, 31, 129]
    assert _pepper(2)[:3] == [8, 39, 168]
    # depth 4: three calls 7+18+30+40+45+42 = 182; then "bid 6": 21*4 = 84;
    # a 6 second: 6*4*7 = 168; a 6 first: 28*2 = 56 (alone) or 28*6 = 168 (lead)
    assert _standard(2)[3] == 182 + 84 + 168 + 56 == 490
    assert _standard(6)[3] == 182 + 84 + 168 + 168 == 602
    # pepper: 8+21+36+50+60+63+56 = 294; 28*4 = 112; 7*4*7 = 196; 28*2 or 28*6
    assert _pepper(2)[3] == 294 + 112 + 196 + 56 == 658
    assert _pepper(6)[3] == 294 + 112 + 196 + 168 == 770


@pytest.mark.parametrize("name", POSITIONS)
def test_perft_start_small_depths_by_hand(name: str) -> None:
    assert perft(start_game(name), 4) == HAND_REASONED_START[name]


@pytest.mark.parametrize("name", POSITIONS)
def test_perft_start_matches_golden(name: str, golden: dict[str, Any]) -> None:
    expected = golden["start"][name]
    assert len(expected) == POSITIONS[name]["depth"]
    assert expected[:4] == HAND_REASONED_START[name]
    depth = POSITIONS[name]["depth"] - DEPTH_CUT
    assert perft(start_game(name), depth) == expected[:depth]


def test_end_of_hand_ends_a_sequence() -> None:
    # seed deal, the Joker is the widow: after three passes the dealer may pass
    # (the hand is thrown in: one sequence, not extended into the next deal) or
    # bid 1..6 (the auction ends at once; then 4 trumps each)
    g = start_game("seed")
    for _ in range(3):
        g.apply("pass")
    assert perft(g, 2) == [7, 6 * 4]
    g.apply("pass")
    assert g.records and g.records[0].thrown_in
    # traditional deal, the Joker is dealt: the fourth pass makes its holder the
    # maker at 3, who then names trump
    g = start_game("traditional")
    for _ in range(3):
        g.apply("pass")
    assert perft(g, 2) == [7, 4 + 6 * 4]


def test_golden_is_for_these_positions(golden: dict[str, Any]) -> None:
    # regenerate the golden file (see the module docstring) after changing POSITIONS
    assert golden["positions"] == POSITIONS


@pytest.mark.parametrize("name", POSITIONS)
def test_mid_position_is_in_play(name: str) -> None:
    g = mid_game(name)
    assert g.phase == "play"
    assert not g.records


@pytest.mark.parametrize("name", POSITIONS)
def test_perft_mid_matches_golden(name: str, golden: dict[str, Any]) -> None:
    expected = golden["mid"][name]
    if MID_CUT:
        depth = len(expected) - MID_CUT
        assert perft(mid_game(name), depth) == expected[:depth]
    else:
        assert perft_to_hand_end(mid_game(name)) == expected


@pytest.mark.parametrize("name", POSITIONS)
def test_perft_mid_matches_independent_count(name: str, golden: dict[str, Any]) -> None:
    g = mid_game(name)
    assert golden["mid"][name][-1] == independent_count(g)


def test_perft_mid_first_depths_by_hand() -> None:
    # seed-pepper: two players alone, the lone defender (seat 3) leads any of 6 cards
    g = mid_game("seed-pepper")
    assert g.sitting_out == (1, 2)
    assert g.to_act == 3
    assert perft(g, 1) == [6]
    # pepper, hearts trump: AS won the first trick (JS is no trump); seat 2 led QS,
    # seat 3 trumped with AH, seat 0 (no spade) threw 9D; seat 1 holds KD QD TH JK 9H:
    # no spade either, so any of its 5 cards
    g = mid_game("pepper")
    assert g.to_act == 1
    assert sorted(str(c) for c in g.hand(1)) == sorted(["KD", "QD", "TH", "JK", "9H"])
    assert perft(g, 1) == [5]


def test_last_trick_has_one_sequence() -> None:
    g = mid_game("traditional")
    # play to the last trick by taking the first legal card each time
    while sum(len(g.hand(s)) for s in range(4)) > 4:
        g.apply(g.legal_actions()[0])
    assert perft_to_hand_end(g) == [1, 1, 1, 1]
    assert independent_count(g) == 1
