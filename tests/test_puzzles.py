"""Puzzles (docs/puzzles.md): the open format's reader and its checks
(hasenpfeffer.puzzle), the finder's rules and the theme detectors
(hasenpfeffer_devtools.puzzle_finder, puzzle_themes), a generation on one deal,
and the shipped set (data/puzzles/puzzles.json) checked by a search of its own and
copied by the site's build.

That search (``makes``) is written here from the rules in docs/rules.md, on the
cards' text, sharing no code with the engine: not its solver, not its rules
module, not its cards. For a seeded sample of the shipped set it confirms that
every solution card lets the side to play take ``need`` of the tricks left
against any defence, and that every other legal card lets the other side stop
it.
"""

from __future__ import annotations

import copy
import doctest
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.bots.solver import Position, solve_moves
from hasenpfeffer.cards import CARDS, Card
from hasenpfeffer.puzzle import (
    EXAMPLE,
    FIELDS,
    THEMES,
    Puzzle,
    PuzzleError,
    read_puzzles,
    write_puzzles,
)
from hasenpfeffer.rules import PRESETS
from hasenpfeffer_devtools import puzzle_finder, puzzle_themes, puzzles
from hasenpfeffer_devtools.card_play import contract
from hasenpfeffer_devtools.puzzle_finder import equivalent, need_of, rating, trivial
from hasenpfeffer_site import build_site

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "data" / "puzzles" / "puzzles.json"

# ---- an exhaustive search of this file's own ---------------------------------------------

RANKS = "9TJQKA"
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def suit_of(card: str, trump: str) -> str:
    """The suit a card follows as: the Joker and the left bower are trumps."""
    if card == "JK" or (card[0] == "J" and card[1] == SAME_COLOUR[trump]):
        return trump
    return card[1]


def strength(card: str, led: str, trump: str) -> int:
    """How strong a card is in a trick led in ``led``; -1 cannot win it."""
    if suit_of(card, trump) == trump:
        if card == "JK":
            return 100
        if card[0] == "J":
            return 99 if card[1] == trump else 98
        return 90 + "9TQKA".index(card[0])
    return RANKS.index(card[0]) if card[1] == led else -1


def may_play(hand: frozenset[str], trick: tuple[tuple[int, str], ...], trump: str) -> list[str]:
    if not trick:
        return sorted(hand)
    led = suit_of(trick[0][1], trump)
    follow = [c for c in hand if suit_of(c, trump) == led]
    return sorted(follow or hand)


def makes(p: dict[str, Any], first: str) -> bool:
    """Whether the side to play takes ``need`` of the tricks left after its seat
    plays ``first``, whatever the other side does: every card of every line is
    tried (an AND/OR search: the side tries its cards until one works, the other
    side until one stops it; positions seen before are remembered)."""
    trump, side, need = p["trump"], p["to_play"] % 2, p["need"]
    hands = tuple(frozenset(h) for h in p["hands"])
    active = [s for s in range(4) if hands[s]]

    def after(seat: int) -> int:
        return active[(active.index(seat) + 1) % len(active)]

    seats = [p["trick"]["leader"]]
    for _ in p["trick"]["cards"][1:]:
        seats.append(after(seats[-1]))
    trick = tuple(zip(seats, p["trick"]["cards"], strict=False))
    seen: dict[Any, bool] = {}

    def can(hands: tuple[frozenset[str], ...], trick: Any, seat: int, k: int) -> bool:
        if k <= 0:
            return True
        if k > len(hands[seat]):
            return False
        key = (hands, trick, seat, k)
        if key not in seen:
            ours = seat % 2 == side
            outcomes = (play(hands, trick, seat, c, k) for c in may_play(hands[seat], trick, trump))
            seen[key] = any(outcomes) if ours else all(outcomes)
        return seen[key]

    def play(hands: Any, trick: Any, seat: int, card: str, k: int) -> bool:
        left = tuple(h - {card} if s == seat else h for s, h in enumerate(hands))
        trick = (*trick, (seat, card))
        if len(trick) < len(active):
            return can(left, trick, after(seat), k)
        led = suit_of(trick[0][1], trump)
        winner = max(trick, key=lambda sc: strength(sc[1], led, trump))[0]
        return can(left, (), winner, k - (winner % 2 == side))

    return play(hands, trick, p["to_play"], first, need)


def check_independently(p: dict[str, Any]) -> None:
    seats = [p["trick"]["leader"]] * len(p["trick"]["cards"])
    trick = tuple(zip(seats, p["trick"]["cards"], strict=True))
    legal = may_play(frozenset(p["hands"][p["to_play"]]), trick, p["trump"])
    assert set(p["solution"]) < set(legal), p["id"]
    for card in legal:
        assert makes(p, card) == (card in p["solution"]), (p["id"], card)


#: The puzzle the tests below change to make bad ones and build positions from (hearts
#: trump, South to lead and take both tricks: the Joker draws West's last trump).
BASE = (
    '{"id": "example", "rules": "seed", "trump": "H", "to_play": 0, '
    '"hands": [["JK", "AS"], ["9H", "9C"], ["TS", "9S"], ["KS", "QS"]], '
    '"trick": {"leader": 0, "cards": []}, "need": 2, "solution": ["JK"], '
    '"rating": 1200, "themes": ["draw_trump"], '
    '"source": {"seed": 1, "hand": 1, "step": 40, "maker": 0, "bid": 4}}'
)


def test_the_own_search_agrees_with_the_examples() -> None:
    base = json.loads(BASE)
    assert makes(base, "JK") and not makes(base, "AS")
    check_independently(base)
    example = json.loads(EXAMPLE)
    assert makes(example, "JC") and not makes(example, "JH")
    check_independently(example)


# ---- the format: reading and checking -----------------------------------------------------


def example(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(BASE)
    data.update(changes)
    return data


def test_a_good_puzzle_reads_and_writes_back() -> None:
    assert Puzzle.from_json(EXAMPLE).to_dict() == json.loads(EXAMPLE)
    p = Puzzle.from_json(BASE)
    assert list(p.to_dict()) == list(FIELDS)
    assert p.to_dict() == json.loads(BASE)
    assert Puzzle.from_json(p.to_json()) == p and Puzzle.from_dict(p.to_dict()) == p
    assert p.active == (0, 1, 2, 3) and p.side == 0 and p.tricks_left == 2
    assert p.source_value("seed") == 1 and p.source_value("book") is None
    # the reader takes cards and suits as the notation does, and writes them back plainly
    loose = example(trump="h", hands=[["jk", "A♠"], ["9H", "9C"], ["10S", "9S"], ["KS", "QS"]])
    assert Puzzle.from_dict(loose) == p


def test_a_set_reads_and_writes_back() -> None:
    second = example(id="second", source={"book": "Hasenpfeffer problems", "page": 12})
    text = write_puzzles([Puzzle.from_json(BASE), Puzzle.from_dict(second)])
    assert text.count("\n") == 4 and json.loads(text)[1]["source"]["page"] == 12
    assert write_puzzles(read_puzzles(text)) == text
    assert read_puzzles(write_puzzles([])) == []


def test_a_position_in_the_middle_of_a_trick_with_a_seat_out() -> None:
    # West plays alone (East sits out): South led, West played, North to play
    data = example(
        id="mid",
        to_play=2,
        hands=[["AS"], ["9C"], ["JK", "9D"], []],
        trick={"leader": 0, "cards": ["KS", "QS"]},
        solution=["9D"],
        need=1,
    )
    p = Puzzle.from_dict(data)
    assert p.active == (0, 1, 2) and p.trick_seats() == [0, 1] and p.tricks_left == 2
    assert p.next_seat(2) == 0 and [str(c) for c in p.legal()] == ["JK", "9D"]
    position = Position.from_puzzle(p)
    position.check()
    king, queen = Card.parse("KS").index, Card.parse("QS").index
    assert position.active == (0, 1, 2) and position.trick == ((0, king), (1, queen))
    assert position.won == (0, 4) and position.maker == 2 and position.bid == 1


def test_the_solver_position_of_a_puzzle() -> None:
    p = Puzzle.from_json(BASE)
    position = Position.from_puzzle(p)
    position.check()
    values = {str(CARDS[c]): v for c, v in solve_moves(position).items()}
    assert values == {"JK": 2, "AS": 1}
    assert {c for c, v in values.items() if v >= position.bid} == {"JK"}


BAD: list[tuple[str, Callable[[dict[str, Any]], object], str]] = [
    ("id", lambda d: d.update(id=""), "must be 1 to 40 letters"),
    ("id", lambda d: d.update(id="a b"), "must be 1 to 40 letters"),
    ("id", lambda d: d.update(id="x" * 41), "must be 1 to 40 letters"),
    ("id", lambda d: d.update(id=7), "must be 1 to 40 letters"),
    ("rules", lambda d: d.update(rules="euchre"), "must be one of seed"),
    ("trump", lambda d: d.update(trump="X"), "must be one of C, D, H, S"),
    ("trump", lambda d: d.update(trump=2), "must be one of C, D, H, S"),
    ("to_play", lambda d: d.update(to_play=4), "must be a seat"),
    ("to_play", lambda d: d.update(to_play=True), "must be a seat"),
    ("to_play", lambda d: d.update(to_play="0"), "must be a seat"),
    (
        "to_play",
        lambda d: d.update(to_play=1),
        "the trick is empty, so it is seat 0's turn, not 1's",
    ),
    ("hands", lambda d: d.update(hands="JK AS"), "must be a list of 4 seats' cards"),
    ("hands", lambda d: d["hands"].pop(), "must be a list of 4 seats' cards"),
    ("hands[1]", lambda d: d["hands"].__setitem__(1, "9H 9C"), "must be a list of cards"),
    ("hands[1]", lambda d: d["hands"][1].__setitem__(0, "XX"), "not a card: 'XX'"),
    ("hands[1]", lambda d: d["hands"][1].__setitem__(0, "AS"), "AS is also in hands[0]"),
    ("hands[2]", lambda d: d["hands"][2].pop(), "must hold 2 cards"),
    (
        "hands[0]",
        lambda d: d.update(hands=[["JK"], ["9H"], ["TS"], ["KS"]]),
        "the seat to play must hold 2 to 6 cards; holds 1",
    ),
    (
        "hands",
        lambda d: d.update(hands=[["JK", "AS"], [], ["TS", "9S"], []]),
        "seats 1 and 3 are partners",
    ),
    (
        "hands[0]",
        lambda d: d.update(hands=[[c + "C" for c in "9TJQKA"] + ["9D"], [], [], ["KS"]]),
        "must hold 2 to 6 cards; holds 7",
    ),
    ("trick", lambda d: d.update(trick=["AS"]), 'must be an object {"leader"'),
    ("trick", lambda d: d["trick"].update(extra=1), 'must be an object {"leader"'),
    ("trick.leader", lambda d: d["trick"].update(leader=9), "must be a seat"),
    (
        "to_play",
        lambda d: d["trick"].update(leader=1),
        "the trick is empty, so it is seat 1's turn, not 0's",
    ),
    ("trick.cards", lambda d: d["trick"].update(cards="AS"), "must be a list of cards"),
    ("trick.cards", lambda d: d["trick"].update(cards=["ZZ"]), "not a card"),
    ("need", lambda d: d.update(need=0), "must be 1 to 2"),
    ("need", lambda d: d.update(need=3), "must be 1 to 2"),
    ("need", lambda d: d.update(need=1.0), "must be 1 to 2"),
    ("solution", lambda d: d.update(solution=[]), "names no card"),
    ("solution", lambda d: d.update(solution="JK"), "must be a list of cards"),
    ("solution", lambda d: d.update(solution=["QQ"]), "not a card"),
    ("solution", lambda d: d.update(solution=["9H"]), "9H is not a legal card for seat 0"),
    ("solution", lambda d: d.update(solution=["JK", "JK"]), "a card is named twice"),
    ("solution", lambda d: d.update(solution=["JK", "AS"]), "names every legal card"),
    ("rating", lambda d: d.update(rating=-1), "from 0 to 4000"),
    ("rating", lambda d: d.update(rating=1500.5), "from 0 to 4000"),
    ("themes", lambda d: d.update(themes="ruff"), "must be a list of theme names"),
    ("themes", lambda d: d.update(themes=["squeeze"]), "'squeeze' is not a theme"),
    ("themes", lambda d: d.update(themes=["ruff", "ruff"]), "a theme is named twice"),
    ("source", lambda d: d.update(source=[1]), "must be an object"),
    ("source.seed", lambda d: d["source"].update(seed=-1), "from 0 to"),
    ("source.maker", lambda d: d["source"].update(maker=5), "from 0 to 3"),
    ("source.bid", lambda d: d["source"].update(bid="4"), "from 1 to 6"),
    ("source.page", lambda d: d["source"].update(page=1.5), "a whole number or a text"),
    ("source.book", lambda d: d["source"].update(book="x" * 201), "a whole number or a text"),
    ("source", lambda d: d["source"].update({f"k{i}": i for i in range(9)}), "more than 12"),
    ("colour", lambda d: d.update(colour="red"), "is not a field of a puzzle"),
    ("need", lambda d: d.pop("need"), "is missing"),
]


@pytest.mark.parametrize(
    ("field", "spoil", "problem"), BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)]
)
def test_a_bad_puzzle_is_refused_naming_its_field(
    field: str, spoil: Callable[[dict[str, Any]], object], problem: str
) -> None:
    data = copy.deepcopy(json.loads(BASE))
    spoil(data)
    with pytest.raises(PuzzleError) as caught:
        Puzzle.from_dict(data)
    assert caught.value.field == field and problem in caught.value.problem, str(caught.value)
    assert str(caught.value).startswith(f"puzzle 'example': {field}: ") or field == "id"


def trick_in_progress(**changes: Any) -> dict[str, Any]:
    """West led the king of spades; North to play (hearts trump, two tricks left)."""
    data = example(
        id="mid",
        to_play=2,
        hands=[["QC", "9D"], ["TC"], ["AS", "9S"], ["QD", "TD"]],
        trick={"leader": 1, "cards": ["KS"]},
        solution=["9S"],
        need=1,
    )
    data.update(changes)
    return data


def test_the_trick_in_progress_is_checked() -> None:
    Puzzle.from_dict(trick_in_progress())
    cases = [
        (dict(to_play=3), "to_play", "it is seat 2's turn, not 3's"),
        (dict(trick={"leader": 1, "cards": ["KS", "QS", "JS", "TS"]}), "trick.cards", "complete"),
        (
            dict(
                hands=[["QC", "9D"], ["TC"], ["AS"], ["QD", "TD"]],
                trick={"leader": 1, "cards": ["KS", "9C"]},
                to_play=3,
                solution=["QD"],
            ),
            "trick.cards",
            "seat 2 played 9C to a S lead but still holds a card of that suit",
        ),
        (dict(hands=[["QC", "9D"], [], ["AS", "9S"], ["QD", "TD"]]), "trick.leader", "no cards"),
        (
            dict(hands=[["QC", "9D"], ["TC"], ["AS", "9S"], ["QD", "TD", "TH"]]),
            "hands[3]",
            "must hold 2 cards",
        ),
        (dict(solution=["AS", "9S"]), "solution", "names every legal card"),
    ]
    for changes, field, problem in cases:
        with pytest.raises(PuzzleError) as caught:
            Puzzle.from_dict(trick_in_progress(**changes))
        assert caught.value.field == field and problem in caught.value.problem, str(caught.value)


def test_a_bad_set_says_which_puzzle() -> None:
    good = json.loads(BASE)
    with pytest.raises(PuzzleError, match=r"^puzzles: must be a JSON array"):
        read_puzzles("{}")
    with pytest.raises(PuzzleError, match=r"^puzzles: not JSON"):
        read_puzzles("[")
    with pytest.raises(PuzzleError, match=r"^puzzle 'example': \[1\] id: is used twice"):
        read_puzzles(json.dumps([good, good]))
    with pytest.raises(PuzzleError, match=r"^puzzle 'b': \[1\] need: must be 1 to 2"):
        read_puzzles(json.dumps([good, {**good, "id": "b", "need": 7}]))
    with pytest.raises(PuzzleError, match=r"^\[0\] puzzle: must be a JSON object"):
        read_puzzles("[3]")
    with pytest.raises(PuzzleError, match=r"^puzzle: not JSON"):
        Puzzle.from_json("{")


def test_the_format_module_runs_its_examples() -> None:
    import hasenpfeffer.puzzle

    for module in (hasenpfeffer.puzzle, puzzle_finder, puzzle_themes, puzzles):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# ---- the finder's rules ---------------------------------------------------------------------


def lead(hands: list[list[str]], solution: list[str], trump: str = "H", need: int = 1) -> Puzzle:
    """South to lead (two tricks left unless the hands say otherwise)."""
    return Puzzle.from_dict(
        example(
            hands=hands,
            trump=trump,
            trick={"leader": 0, "cards": []},
            solution=solution,
            need=need,
            themes=[],
        )
    )


def follow(
    hands: list[list[str]], leader: int, cards: list[str], to_play: int, solution: list[str]
) -> Puzzle:
    return Puzzle.from_dict(
        example(
            hands=hands,
            to_play=to_play,
            trick={"leader": leader, "cards": cards},
            solution=solution,
            need=1,
            themes=[],
        )
    )


def test_equivalent_cards_touch_with_nothing_in_play_between() -> None:
    cards = [["KS", "QS", "TS"], ["9S", "JS", "9C"], ["AD", "KD", "QD"], ["AC", "KC", "QC"]]
    p = lead(cards, ["KS"])
    king, queen, ten = p.hands[0]
    assert equivalent(p, [king, queen])  # touching
    assert not equivalent(p, [king, ten])  # the queen is between, in this hand but not the set
    assert not equivalent(p, [queen, ten])  # West's JS lies between
    # with the jack played to an earlier trick, the queen and the ten touch
    played = lead([["KS", "QS", "TS"], ["9S", "9H", "9C"], *cards[2:]], ["KS"])
    assert equivalent(played, [played.hands[0][1], played.hands[0][2]])
    assert not equivalent(p, [king, p.hands[2][0]])  # two suits
    assert not equivalent(p, [])
    # the Joker and the right bower touch; the right and the ace do not when the left is out
    trumps = lead([["JK", "JH", "AH"], ["JD", "9C", "TC"], *cards[2:]], ["JK"])
    joker, right, ace = trumps.hands[0]
    assert equivalent(trumps, [joker, right]) and not equivalent(trumps, [right, ace])
    # a card in the trick in progress lies between too
    mid = follow([["KS", "TS"], ["9H", "9C"], ["AD", "KD"], ["AC"]], 3, ["QS"], 0, ["KS"])
    assert not equivalent(mid, list(mid.hands[0]))


def test_trivial_positions() -> None:
    # South needs both tricks and only the Joker is sure to take this one
    assert trivial(Puzzle.from_json(BASE)) == "takes_the_trick"
    assert trivial(Puzzle.from_json(EXAMPLE)) is None  # the right bower is sure, but wrong
    # ... but with one trick needed and the Joker not the answer, it is a puzzle
    keep = lead([["JK", "AS"], ["9H", "9C"], ["TS", "9S"], ["KS", "QS"]], ["AS"], need=1)
    assert trivial(keep) is None
    # a duck is no trivial play
    assert trivial(Puzzle.from_dict(trick_in_progress())) is None
    # North follows and needs both tricks: only the ace can beat the king
    must = Puzzle.from_dict(trick_in_progress(solution=["AS"], need=2))
    assert trivial(must) == "takes_the_trick"
    # the same when the ace is not sure to win: East can still ruff
    ruffed = Puzzle.from_dict(
        trick_in_progress(
            hands=[["QC", "9D"], ["TC"], ["AS", "9S"], ["9H", "TD"]], solution=["AS"], need=2
        )
    )
    assert trivial(ruffed) == "only_card_that_can_win"


def test_rating_follows_who_finds_it_and_how_deep_it_is() -> None:
    everyone = {"easy": 3, "medium": 3, "hard": 3}
    nobody = {"easy": 0, "medium": 0, "hard": 0}
    assert 800 <= rating(everyone, 2) < rating(everyone, 6) < 1200
    assert 1800 < rating(nobody, 2) < rating(nobody, 6) <= 2200
    only_hard = {"easy": 0, "medium": 0, "hard": 3}
    assert (
        rating(everyone, 4) < rating({"easy": 1, "medium": 3, "hard": 3}, 4) < rating(only_hard, 4)
    )
    assert rating(only_hard, 4) < rating(nobody, 4)
    assert all(rating(everyone, n) % 10 == 0 for n in range(2, 7))


def test_need_of_the_makers_and_the_defenders() -> None:
    game = contract(PRESETS["traditional"], 3, "hard")
    assert game is not None and game.bid is not None and game.maker is not None
    assert game.tricks_won == (0, 0)
    need = need_of(game)
    makers = (game.to_act or 0) % 2 == game.maker % 2
    assert need == (game.bid if makers else 7 - game.bid)


# ---- the theme detectors, each on hand-made positions ---------------------------------------


def test_draw_trump() -> None:
    hands = [["JK", "AS"], ["9H", "9C"], ["TS", "9S"], ["KS", "QS"]]
    assert puzzle_themes.draw_trump(lead(hands, ["JK"]))
    assert not puzzle_themes.draw_trump(lead(hands, ["AS"]))  # not a trump
    no_trump_out = [["JK", "AS"], ["TC", "9C"], ["TS", "9S"], ["KS", "QS"]]
    assert not puzzle_themes.draw_trump(lead(no_trump_out, ["JK"]))  # none left to draw


def test_duck() -> None:
    assert puzzle_themes.duck(Puzzle.from_dict(trick_in_progress()))  # 9S under West's KS
    assert not puzzle_themes.duck(Puzzle.from_dict(trick_in_progress(solution=["AS"])))
    # partner (South) is winning: playing low under partner is no duck
    partner_leads = follow([["QC"], ["9C"], ["AS", "TS"], ["9D", "TD"]], 0, ["KS", "9S"], 2, ["TS"])
    assert not puzzle_themes.duck(partner_leads)


def test_unblock_and_overtake_partner() -> None:
    # South led the ace of spades, West followed; North plays the king under it
    hands = [["QS"], ["9C"], ["KS", "TS"], ["9D", "TD"]]
    unblocks = follow(hands, 0, ["AS", "9S"], 2, ["KS"])
    assert puzzle_themes.unblock(unblocks) and not puzzle_themes.overtake_partner(unblocks)
    assert not puzzle_themes.unblock(follow(hands, 0, ["AS", "9S"], 2, ["TS"]))
    # South led the king; North's ace overtakes it
    over = follow([["QS"], ["9C"], ["AS", "TS"], ["9D", "TD"]], 0, ["KS", "9S"], 2, ["AS"])
    assert puzzle_themes.overtake_partner(over) and not puzzle_themes.unblock(over)
    under = follow([["QS"], ["9C"], ["AS", "TS"], ["9D", "TD"]], 0, ["KS", "9S"], 2, ["TS"])
    assert not puzzle_themes.overtake_partner(under)
    # an opponent winning: neither
    assert not puzzle_themes.overtake_partner(Puzzle.from_dict(trick_in_progress(solution=["AS"])))


def test_ruff() -> None:
    hands = [["QC", "9D"], ["TC"], ["9H", "9S"], ["QD", "TD"]]
    ruffs = follow(hands, 1, ["AC"], 2, ["9H"])
    assert puzzle_themes.ruff(ruffs)
    assert not puzzle_themes.ruff(follow(hands, 1, ["AC"], 2, ["9S"]))  # a discard
    # a trump led is followed, not ruffed
    trumps = follow([["QC", "9D"], ["TC"], ["9H", "TH"], ["QD", "TD"]], 1, ["AH"], 2, ["9H"])
    assert not puzzle_themes.ruff(trumps)


def test_lead_left_bower_and_keep_joker() -> None:
    hands = [["JD", "AS"], ["9H", "9C"], ["TS", "9S"], ["KS", "QS"]]
    assert puzzle_themes.lead_left_bower(lead(hands, ["JD"]))
    assert not puzzle_themes.lead_left_bower(lead(hands, ["AS"]))
    right = [["JH", "AS"], ["9H", "9C"], ["TS", "9S"], ["KS", "QS"]]
    assert not puzzle_themes.lead_left_bower(lead(right, ["JH"]))  # the right bower
    joker = [["JK", "AS"], ["9H", "9C"], ["TS", "9S"], ["KS", "QS"]]
    assert puzzle_themes.keep_joker(lead(joker, ["AS"]))
    assert not puzzle_themes.keep_joker(lead(joker, ["JK"]))
    # the Joker may not be played to a spade lead while the seat holds a spade
    hands = [["QC", "9D", "KD"], ["TC", "9C"], ["JK", "AS", "9S"], ["QD", "TD", "AD"]]
    spade_lead = follow(hands, 1, ["KS"], 2, ["9S"])
    assert not puzzle_themes.keep_joker(spade_lead)


def test_give_partner_lead() -> None:
    hands = [["9C", "9D"], ["TC", "TD"], ["AC", "QD"], ["KC", "KD"]]
    assert puzzle_themes.give_partner_lead(lead(hands, ["9C"]))
    # East can ruff the club: partner is not sure to take it
    ruffed = [["9C", "9D"], ["TC", "TD"], ["AC", "QD"], ["9H", "KD"]]
    assert not puzzle_themes.give_partner_lead(lead(ruffed, ["9C"]))
    # South's own ace would win the trick: that is taking it, not giving it
    own = [["AC", "9D"], ["TC", "TD"], ["KC", "QD"], ["QC", "KD"]]
    assert not puzzle_themes.give_partner_lead(lead(own, ["AC"]))


def test_themes_lists_names_in_order() -> None:
    assert puzzle_themes.themes(Puzzle.from_json(BASE)) == ["draw_trump"]
    assert puzzle_themes.themes(Puzzle.from_json(EXAMPLE)) == ["give_partner_lead"]
    assert tuple(puzzle_themes.DETECTORS) == THEMES


# ---- generation --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def one_deal() -> dict[str, Any]:
    """Deal 0 of seed-pepper from seed 1 (game seed 2): it holds puzzles."""
    settings = puzzles.Settings(("seed-pepper",), seed=1)
    return puzzles.run_deal(puzzles.DealTask(settings, "seed-pepper", 0))


def test_a_deal_gives_checked_puzzles(one_deal: dict[str, Any]) -> None:
    assert one_deal["seed"] == 2 and one_deal["played"] and one_deal["puzzles"]
    assert one_deal["outcomes"]["puzzle"] == len(one_deal["puzzles"])
    for entry in one_deal["puzzles"]:
        assert set(entry["finds"]) == {"easy", "medium", "hard"}
        assert all(0 <= n <= 3 for n in entry["finds"].values())
    made = puzzles.assemble([one_deal])
    assert 1 <= len(made) <= puzzles.PER_HAND
    for p in made:
        assert p.id.startswith("sp2-") and 800 <= p.rating <= 2200 and trivial(p) is None
        check_independently(p.to_dict())


def test_the_command_writes_a_set_and_resumes(tmp_path: Path, one_deal: dict[str, Any]) -> None:
    out = tmp_path / "set.json"
    argv = ["--rules", "seed-pepper", "--deals", "1", "--out", str(out)]
    results = Path(puzzles.results_path(str(out)))
    # a results file holding the deal already: --resume plays nothing and writes the set
    settings = puzzles.Settings(("seed-pepper",), seed=1)
    results.write_text(
        json.dumps({"settings": settings.to_dict()}) + "\n" + json.dumps(one_deal) + "\n",
        encoding="utf-8",
    )
    assert puzzles.main([*argv, "--resume"]) == 0
    written = read_puzzles(out.read_bytes())
    assert written == puzzles.assemble([one_deal]) and len(results.read_text().splitlines()) == 2
    assert puzzles.main(["--stats", str(out), "--json"]) == 0
    stats = puzzles.set_statistics(written)
    assert stats["seed-pepper"]["count"] == len(written) == stats["all"]["count"]


# ---- the shipped set -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped() -> list[Puzzle]:
    return read_puzzles(SHIPPED.read_bytes())


def test_the_shipped_set_is_valid_and_large_enough(shipped: list[Puzzle]) -> None:
    counts = {rules: sum(p.rules == rules for p in shipped) for rules in PRESETS}
    assert sum(counts.values()) >= 1000 and min(counts.values()) >= 150, counts
    assert SHIPPED.stat().st_size < 600_000
    assert write_puzzles(shipped) == SHIPPED.read_text(encoding="utf-8")  # as the tool writes it
    for p in shipped:
        assert 800 <= p.rating <= 2200 and trivial(p) is None and equivalent(p, p.solution)
        assert list(p.themes) == puzzle_themes.themes(p), p.id


def test_a_sample_of_the_shipped_set_by_a_search_of_its_own(shipped: list[Puzzle]) -> None:
    sample = random.Random(52).sample(shipped, 40)
    assert {p.tricks_left for p in sample} >= {3, 4, 5, 6}
    for p in sample:
        check_independently(p.to_dict())


def test_the_shipped_ids_say_where_they_came_from(shipped: list[Puzzle]) -> None:
    for p in random.Random(7).sample(shipped, 2):
        seed, step = p.source_value("seed"), p.source_value("step")
        assert isinstance(seed, int) and isinstance(step, int)
        assert p.id == puzzle_finder.puzzle_id(p.rules, seed, step)
        game = contract(PRESETS[p.rules], seed, puzzles.PLAYERS)
        assert game is not None and game.maker == p.source_value("maker")
        assert game.trump == p.trump and game.bid == p.source_value("bid")


def test_the_site_build_copies_the_set_once_the_engine_reads_it(tmp_path: Path) -> None:
    dest = tmp_path / "site" / build_site.PUZZLES_URL
    # (the engine's folder stands for the wheel: both go on the reading program's path)
    count = build_site.add_puzzles(dest, ROOT / "engine")
    assert dest.read_bytes() == SHIPPED.read_bytes()
    assert count == len(read_puzzles(dest.read_bytes()))
    assert build_site.is_entry(build_site.PUZZLES_URL)  # the same URL from version to version
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{**json.loads(BASE), "need": 9}]), encoding="utf-8")
    refused = r"does not read: puzzle 'example': \[0\] need: must be 1 to 2"
    with pytest.raises(SystemExit, match=refused):
        build_site.add_puzzles(tmp_path / "other.json", ROOT / "engine", bad)
    assert not (tmp_path / "other.json").exists()
