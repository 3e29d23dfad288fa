"""The text notation (hasenpfeffer.notation, docs/notation.md): round trips, hand
texts against the game's records, lenient reading, helpful errors, golden texts."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer import PRESETS, Action, Game, IllegalActionError, Rules
from hasenpfeffer.notation import (
    NotationActionError,
    NotationError,
    Note,
    game_from_text,
    game_to_text,
    hand_from_text,
    hand_notes,
    hand_to_text,
)

PASS = Action.parse("pass")
ALONE = Action.parse("alone")
DECLINE = Action.parse("decline")


def play_randomly(
    game: Game, rng: random.Random, max_hands: int = 20, max_actions: int | None = None
) -> Game:
    """Random legal play that passes often (so hands are thrown in or forced) and
    goes alone now and then; stops at the game's end, after ``max_hands`` hands
    or after ``max_actions`` actions."""
    n = 0
    while not game.is_over and game.hand_number < max_hands:
        if max_actions is not None and n >= max_actions:
            break
        legal = game.legal_actions()
        if game.phase == "bidding" and rng.random() < 0.6:
            action = PASS
        elif game.phase in ("alone", "defend_alone"):
            action = ALONE if rng.random() < 0.3 else DECLINE
        else:
            action = rng.choice(legal)
        game.apply(action)
        n += 1
    return game


def random_deal(rng: random.Random) -> tuple[list[list[str]], str]:
    cards = [f"{r}{s}" for s in "CDHS" for r in "9TJQKA"] + ["JK"]
    rng.shuffle(cards)
    return [cards[6 * k : 6 * k + 6] for k in range(4)], cards[24]


def assert_round_trip(game: Game) -> str:
    text = game_to_text(game)
    back = game_from_text(text)
    assert back == game
    assert back.to_json() == game.to_json()
    assert game_to_text(back) == text
    # without comments, and folded onto one line, it is still the same game
    bare = game_to_text(game, comments=False)
    assert "{" not in bare
    assert game_from_text(bare.replace("\n", " ")) == game
    return text


def assert_hands_match_records(game: Game) -> None:
    for k, record in enumerate(game.records, 1):
        text = hand_to_text(game, k)
        replay = hand_from_text(text)
        mine = replay.records[0].to_dict()
        theirs = record.to_dict()
        assert mine.pop("number") == 0
        assert theirs.pop("number") == k - 1
        assert mine == theirs  # same deal, auction, tricks (with winners), points, scores
        assert hand_to_text(record, rules=game.rules) == text
        assert hand_to_text(hand_from_text(text), 1).splitlines()[:2] == text.splitlines()[:2]


# ---- round trips -------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("seed", range(12))
def test_random_games_round_trip(preset: str, seed: int) -> None:
    rng = random.Random(f"{preset}/{seed}")
    game = play_randomly(Game.new(Rules.preset(preset), seed * 7919 + 1), rng)
    assert_round_trip(game)
    assert_hands_match_records(game)


def test_random_games_cover_the_special_hands() -> None:
    """The random games above do hold thrown-in and forced hands, lone makers and
    lone defenders, pepper bids, and finished games."""
    seen: set[str] = set()
    for preset in PRESETS:
        for seed in range(12):
            rng = random.Random(f"{preset}/{seed}")
            game = play_randomly(Game.new(Rules.preset(preset), seed * 7919 + 1), rng)
            seen |= {"over"} if game.is_over else set()
            for r in game.records:
                seen |= {"thrown in"} if r.thrown_in else set()
                seen |= {"forced"} if r.forced else set()
                seen |= {"alone"} if r.alone else set()
                seen |= {"defend alone"} if r.lone_defender is not None else set()
                seen |= {str(a) for _, a in r.auction if a.value >= 6}
    assert seen >= {"over", "thrown in", "forced", "alone", "defend alone", "bid little", "bid big"}


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("seed", range(8))
def test_games_in_progress_round_trip(preset: str, seed: int) -> None:
    """Cut anywhere: mid-auction, before the discard, mid-trick, between tricks."""
    rng = random.Random(seed)
    full = play_randomly(Game.new(Rules.preset(preset), seed), random.Random(seed), max_hands=5)
    for cut in sorted(rng.sample(range(len(full.history) + 1), 12)):
        game = full.replayed(cut)
        assert_round_trip(game)
        current = hand_from_text(hand_to_text(game))  # the hand in progress
        assert current.phase == game.phase
        assert current.to_act == game.to_act
        assert current.trick == game.trick
        assert [current.hand(s) for s in range(4)] == [game.hand(s) for s in range(4)]


@pytest.mark.parametrize("seed", range(16))
def test_games_from_a_deal_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    hands, widow = random_deal(rng)
    preset = list(PRESETS)[seed % 4]
    scores = (rng.randint(-9, 9), rng.randint(-9, 9))
    game = Game.from_deal(hands, widow, seed % 4, Rules.preset(preset), scores, seed=seed)
    play_randomly(game, rng, max_hands=6)
    text = assert_round_trip(game)
    assert text.splitlines()[1].startswith("deal S:")
    if scores != (0, 0):
        assert f" scores={scores[0]}:{scores[1]}" in text.splitlines()[0]
    assert_hands_match_records(game)


rules_strategy = st.builds(
    lambda bidding, all_pass, forced, alone, lone, penalty, dscore, lead, target: Rules(
        bidding=bidding,
        all_pass=all_pass,
        forced_bid=forced,
        going_alone=alone,
        lone_defender=lone and alone,
        fail_penalty=penalty,
        defenders_score=dscore,
        first_lead=lead,
        target=target,
    ),
    st.sampled_from(["standard", "pepper"]),
    st.sampled_from(["joker_forced", "redeal", "dealer_forced"]),
    st.integers(1, 6),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["tricks_won", "bid", "six"]),
    st.booleans(),
    st.sampled_from(["left_of_dealer", "maker"]),
    st.integers(1, 40),
)


@settings(max_examples=60, deadline=None, database=None)
@given(rules=rules_strategy, seed=st.integers(0, 2**53 - 1), play_seed=st.integers(0, 10**6))
def test_any_rules_round_trip(rules: Rules, seed: int, play_seed: int) -> None:
    game = play_randomly(Game.new(rules, seed), random.Random(play_seed), max_hands=8)
    text = assert_round_trip(game)
    header = text.splitlines()[0]
    assert (f"rules={rules.preset_name}" == header.split()[3]) == (rules.preset_name is not None)
    assert_hands_match_records(game)


def test_rules_header_names_the_closest_preset_and_the_differences() -> None:
    rules = Rules(going_alone=False, lone_defender=False)
    game = Game.new(rules, seed=5)
    header = game_to_text(game).splitlines()[0]
    assert header == "HPN 1 game rules=seed going_alone=false lone_defender=false seed=5 dealer=S"
    assert game_from_text(header).rules == rules
    pepperish = PRESETS["pepper"].replace(target=21, first_lead="left_of_dealer")
    header = game_to_text(Game.new(pepperish, seed=5)).splitlines()[0]
    assert "rules=pepper first_lead=left_of_dealer target=21 " in header
    for name, preset in PRESETS.items():
        assert f"rules={name} seed=" in game_to_text(Game.new(preset, seed=1))


# ---- particular hands ----------------------------------------------------------------

# South holds the six highest hearts; the widow is 9C.
STRONG = [
    ["JK", "JH", "JD", "AH", "KH", "QH"],
    ["9D", "TD", "QD", "KD", "AD", "9S"],
    ["TC", "JC", "QC", "KC", "AC", "TS"],
    ["JS", "QS", "KS", "AS", "9H", "TH"],
]


def test_thrown_in_hand() -> None:
    hands = [["9C", "TC", "JC", "QC", "KC", "AC"], STRONG[1], [*STRONG[0][1:], "TS"], STRONG[3]]
    game = Game.from_deal(hands, "JK", 3, seed=11)  # the Joker is the widow
    for _ in range(4):
        game.apply("pass")
    assert game.records[0].thrown_in and game.hand_number == 1
    text = assert_round_trip(game)
    assert text.splitlines()[2] == "1. S:pass W:pass N:pass E:pass {thrown in}"
    # the redeal variant throws in even when a player holds the Joker
    game = Game.new(Rules(all_pass="redeal"), seed=3)
    for _ in range(8):
        game.apply("pass")
    text = assert_round_trip(game)
    assert text.count("{thrown in}") == 2
    assert_hands_match_records(game)


def test_forced_bid_shows_the_maker() -> None:
    game = Game.from_deal(STRONG, "9C", 3)  # South holds the Joker
    for _ in range(4):
        game.apply("pass")
    game.apply("trump H")
    text = assert_round_trip(game)
    assert text.splitlines()[2] == "1. S:pass W:pass N:pass E:pass | S:trump H"
    assert game_from_text(text).maker == 0


def test_alone_and_defend_alone() -> None:
    game = Game.from_deal(STRONG, "9C", 3, seed=2)
    for a in ["bid 2", "pass", "pass", "pass", "trump H", "discard 9C", "alone", "alone"]:
        game.apply(a)
    assert game.lone_defender == 1 and game.sitting_out == (2, 3)
    for card in ["9S", "JK", "JH", "9D", "JD", "TD", "AH", "QD", "KH", "KD", "QH", "AD"]:
        game.apply(f"play {card}")
    text = assert_round_trip(game)
    line = text.splitlines()[2]
    assert line == (
        "1. S:2 W:pass N:pass E:pass | S:trump H discard 9C | S:alone W:alone | "
        "9S JK / JH 9D / JD TD / AH QD / KH KD / QH AD {score 24:0, NS win}"
    )
    assert game.scores == (24, 0)  # 6 tricks, doubled twice
    assert_hands_match_records(game)
    # the maker alone, both defenders decline: tricks of three
    game = Game.from_deal(STRONG, "9C", 3, seed=2)
    for a in ["bid 2", "pass", "pass", "pass", "trump H", "discard 9C", "alone", "decline"]:
        game.apply(a)
    game.apply("decline")
    game.apply("play 9S")  # West leads, left of the lone maker
    text = game_to_text(game)
    assert "| S:alone W:decline E:decline | 9S" in text
    assert game_from_text(text) == game


def test_pepper_bids() -> None:
    game = Game.from_deal(STRONG, "9C", 3, Rules.preset("seed-pepper"), seed=4)
    for a in ["bid 5", "bid little", "pass", "bid big"]:
        game.apply(a)
    text = assert_round_trip(game)
    assert "1. S:5 W:little N:pass E:big" in text
    assert game_from_text(text).bid_call == "big"
    with pytest.raises(NotationActionError, match="no 'bid 6'"):
        game_from_text(text.replace("S:5", "S:6"))


# ---- reading is lenient where it is safe -----------------------------------------------


def test_comments_case_symbols_and_spacing() -> None:
    game = play_randomly(Game.from_deal(STRONG, "9C", 3, seed=9), random.Random(1), max_hands=2)
    text = game_to_text(game)
    noisy = (
        "# a bug report\n"
        + text.replace(" | ", " {section} |\n   ")
        .replace("S:", "s: ")
        .replace("trump H", "trump ♥")
        .replace("TC", "10c")
        .replace("dealer=E", "DEALER=e")
        + "# the end\n"
    )
    assert game_from_text(noisy) == game
    assert game_from_text("HPN 1 game seed=5 dealer=S") == Game.new(seed=5)


# ---- errors ------------------------------------------------------------------------------

GAME_HEAD = "HPN 1 game rules=seed seed=3 dealer=N\n"
DEAL = (
    "deal S:JK JH JD AH KH QH W:9D TD QD KD AD 9S N:TC JC QC KC AC TS "
    "E:JS QS KS AS 9H TH widow:9C\n"
)
HAND_HEAD = "HPN 1 hand rules=seed dealer=E\n" + DEAL


@pytest.mark.parametrize(
    ("text", "message", "line", "column"),
    [
        ("", "expected the header 'HPN 1 game'", None, None),
        ("HPN 1 hand seed=1 dealer=S", "read it with hand_from_text", 1, 7),
        ("PGN 1 game seed=1 dealer=S", "starts with 'HPN 1 game'", 1, 1),
        ("HPN 2 game seed=1 dealer=S", "version 2 is not supported", 1, 5),
        ("HPN 1 game seed=1 dealer=S colour=red", "unknown header field 'colour'", 1, 28),
        ("HPN 1 game seed=x dealer=S", "seed must be a whole number", 1, 12),
        ("HPN 1 game seed=1 seed=2 dealer=S", "gives 'seed' twice", 1, 19),
        ("HPN 1 game dealer=S", "needs seed=", None, None),
        ("HPN 1 game seed=1", "needs dealer=", None, None),
        ("HPN 1 game seed=1 dealer=X", "dealer must be a seat letter", 1, 19),
        ("HPN 1 game rules=euchre seed=1 dealer=S", "unknown rules preset 'euchre'", 1, 12),
        (
            "HPN 1 game rules=seed going_alone=false lone_defender=true seed=1 dealer=S",
            "lone_defender",
            1,
            12,
        ),
        ("HPN 1 game rules=seed target=0 seed=1 dealer=S", "target", 1, 12),
        ("HPN 1 game seed=1 dealer=S scores=3", "NS:EW", 1, 28),
        (GAME_HEAD + "1. E:pass { open", "never closed", 2, 11),
        (GAME_HEAD + "1. E:pass } S:pass", "closes no comment", 2, 11),
        (GAME_HEAD + "E:pass", "expected a hand line", 2, 1),
        (GAME_HEAD + "2. E:pass", "expected hand number 1.", 2, 1),
        (GAME_HEAD + "1. E:pass S:hello", "unknown token: expected a call from South", 2, 11),
        (GAME_HEAD + "1. E:pass W:pass", "it is South's turn, not West's", 2, 11),
        (GAME_HEAD + "1. E:pass Q:pass", "unknown seat 'Q'", 2, 11),
        (GAME_HEAD + "1. E:pass | S:pass", "the auction is not over", 2, 11),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass E:pass", "auction is over: expected '|'", 2, 29),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass 2. E:pass", "not finished", 2, 29),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass | S:trump", "expected a suit", None, None),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass | S:trump X", "expected a suit", 2, 39),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass | trump H discard ZZ", "expected a card", 2, 47),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass | trump H / ", "only separates tricks", 2, 39),
        (GAME_HEAD + "1. E:pass S:3 W:pass N:pass | trump H JK", "South cannot play JK", 2, 39),
        (
            GAME_HEAD.replace("seed seed", "seed all_pass=redeal seed")
            + "1. E:pass S:pass W:pass N:pass | trump H",
            "hand 1 is over; begin the next with '2.'",
            2,
            32,
        ),
        (GAME_HEAD + "1. E:pass E:pass", "it is South's turn", 2, 11),
        (HAND_HEAD + "1. S:pass W:pass N:pass E:pass | S:trump H 2.", "one hand", 3, 44),
        ("HPN 1 hand dealer=E\n1. S:pass", "needs its deal", 2, 1),
        ("HPN 1 hand dealer=E\ndeal JK JH", "expected a seat such as 'S:'", 2, 6),
        ("HPN 1 hand dealer=E\ndeal X:JK", "expected S:, W:, N:, E: or widow:", 2, 6),
        (HAND_HEAD.replace("widow:9C", "widow:9C S:9C"), "gives S: twice", 2, 95),
        (
            HAND_HEAD.replace("widow:9C", "widow:9D"),
            "9D is dealt twice (it is already in W)",
            2,
            86,
        ),
        (HAND_HEAD.replace(" QH W:", " W:"), "S has 5 card(s) in the deal; it needs 6", 2, 6),
        (
            HAND_HEAD.replace(" TH widow", " TH 9C widow"),
            "9C is dealt twice (it is already in E)",
            2,
            89,
        ),
        (HAND_HEAD.replace(" widow:9C", ""), "the deal has no 'widow:'", None, None),
        (HAND_HEAD.replace("9D TD", "9D XX"), "not a card: 'XX'", 2, 31),
        (HAND_HEAD.replace("9C\n", "9C |\n"), "unexpected in the deal", 2, 95),
    ],
)
def test_malformed_texts_say_where_and_what(
    text: str, message: str, line: int | None, column: int | None
) -> None:
    read = hand_from_text if text.startswith("HPN 1 hand") else game_from_text
    if message == "read it with hand_from_text":
        read = game_from_text
    with pytest.raises(NotationError) as info:
        read(text)
    assert message in str(info.value)
    assert (info.value.line, info.value.column) == (line, column)
    if line is not None:
        assert str(info.value).startswith(f"line {line}, column {column} ")


def test_illegal_plays_give_the_engines_reason() -> None:
    head = HAND_HEAD + "1. S:2 W:pass N:pass E:pass | S:trump H discard 9C | S:decline | "
    with pytest.raises(NotationActionError) as info:
        hand_from_text(head + "AH 9D TC AS")
    err = info.value
    assert isinstance(err, IllegalActionError) and isinstance(err, ValueError)
    assert str(err) == (
        "line 3, column 75 ('AS'): East cannot play AS: must follow hearts: you hold 9H, TH"
    )
    assert (err.line, err.column, err.token) == (3, 75, "AS")
    # the left bower is led: it counts as a heart
    with pytest.raises(NotationActionError, match="must follow hearts: JD counts as a heart"):
        hand_from_text(head + "JD AD TC JS")
    # a card the player does not hold
    with pytest.raises(NotationActionError, match="South cannot play AS: AS is not in South's"):
        hand_from_text(head + "AS")
    # a wrong action for the phase
    with pytest.raises(NotationActionError, match="waiting for whether the maker goes alone"):
        hand_from_text(head.replace("S:decline | ", "AH"))
    assert hand_from_text(head + "JD AD TC TH").tricks_won == (1, 0)


def test_hand_texts_refuse_bad_arguments() -> None:
    game = Game.new(seed=1)
    with pytest.raises(ValueError, match="number must be a hand from 1 to 1"):
        hand_to_text(game, 2)
    record = hand_from_text(GOLDEN_HAND).records[0]
    assert hand_to_text(record) == GOLDEN_HAND
    with pytest.raises(ValueError, match="does not fit these rules"):
        hand_to_text(record, rules=Rules.preset("traditional"))  # no going alone there
    with pytest.raises(ValueError, match="does not fit these rules"):
        hand_to_text(record, rules=Rules(first_lead="maker"))
    with pytest.raises(NotationError):
        game_from_text(b"HPN 1 game")  # type: ignore[arg-type]


def test_the_game_over_is_final() -> None:
    text = GOLDEN_HAND.replace("hand rules=seed", "game rules=seed seed=2")
    game = game_from_text(text)
    assert game.is_over and game.scores == (12, 0) and game.winner == 0
    with pytest.raises(NotationError, match=r"the game is over \(NS won 12:0\); no further"):
        game_from_text(text + " 2.")
    with pytest.raises(NotationError, match="the game is over"):
        game_from_text(text + " / JK")
    with pytest.raises(NotationError, match="the game is over"):
        hand_from_text(GOLDEN_HAND + " JK")


# ---- golden texts ---------------------------------------------------------------------------

GOLDEN_GAME = """\
HPN 1 game rules=seed seed=383 dealer=N
1. E:pass S:pass W:pass N:pass {thrown in}
2. S:2 W:pass N:pass E:3 S:5 E:pass | S:trump C discard JH | S:alone W:decline E:decline \
| KH QH KC / AD QD JS / AH JK 9H / TC QS AC / TH QC TD / 9D JD 9S {score -6:0}
3. W:pass N:pass E:pass S:pass | E:trump D discard JK | E:decline \
| TD KD TS AS / KS JS 9H QS / AD 9C AC QD / JH TC JC JD / QC 9D KH KC / 9S AH TH QH {score -6:-1}
4. N:pass E:6 | E:trump S discard KC | E:alone S:decline N:decline \
| 9C AC JS / JK 9S JC / TH KD QH / TS KS QS / QD TD TC / AS AD KH {score -6:-11}
5. E:pass S:pass W:pass N:2 | N:trump S discard KS | N:decline \
| AC TC 9D 9C / KC JH KD JS / KH QH AH 9H / QS AS TS JD / TD JC QD JK / 9S AD TH QC {score -2:-11}
6. S:pass W:2 N:pass E:pass | W:trump D discard JH | W:alone N:decline S:decline \
| TD QS AD / KS JS AS / AH KH 9D / JD TH 9S / QD KC TC / KD 9C AC {score -2:-13}
7. W:pass N:pass E:pass S:1 | S:trump S discard JS | S:decline \
| 9C AC QC AH / JH TH QH KH / AS TS QS JK / KD KS AD 9D / KC QD TC JD / JC 9H 9S TD {score 0:-13}
8. N:4 E:pass S:pass W:pass | N:trump S discard KC | N:alone E:alone \
| AH 9H / KS JC / KD TC / QD JH / JD TH / TD QH {score 20:-13, NS win}
"""


def test_golden_game() -> None:
    game = game_from_text(GOLDEN_GAME)
    assert game.is_over and game.winner == 0 and game.scores == (20, -13)
    # checked by hand against docs/rules.md §7: e.g. hand 2, South bid 5 alone and took 3:
    # -3 x 2; hand 8, North alone (x2) against East alone (x2) made 4 with 5 tricks: +5 x 4
    summary = [(r.thrown_in, r.forced, r.maker, r.alone, r.lone_defender) for r in game.records]
    assert summary == [
        (True, False, None, False, None),
        (False, False, 0, True, None),
        (False, True, 3, False, None),  # everyone passed: East holds the Joker and bids 3
        (False, False, 3, True, None),
        (False, False, 2, False, None),
        (False, False, 1, True, None),
        (False, False, 0, False, None),
        (False, False, 2, True, 3),  # North alone against East alone: tricks of two
    ]
    assert [r.bid and str(r.bid) for r in game.records] == [
        None, "bid 5", "bid 3", "bid 6", "bid 2", "bid 2", "bid 1", "bid 4"
    ]  # fmt: skip
    assert [r.tricks_won for r in game.records] == [
        (0, 0), (3, 3), (5, 1), (1, 5), (4, 2), (5, 1), (2, 4), (5, 1)
    ]  # fmt: skip
    assert [r.points for r in game.records] == [
        (0, 0), (-6, 0), (0, -1), (0, -10), (4, 0), (0, -2), (2, 0), (20, 0)
    ]  # fmt: skip
    assert [winner for _, _, _, winner in game.records[7].tricks] == [3, 2, 2, 2, 2, 2]
    assert game_to_text(game) == GOLDEN_GAME
    # auction + trump and discard + alone calls + plays
    assert len(game.history) == 4 + 29 + 31 + 25 + 31 + 27 + 31 + 20 == 198


GOLDEN_HAND = """\
HPN 1 hand rules=seed dealer=E
deal S:JD AH KH QH JH JK W:AD KD QD TD 9D 9S N:AC KC QC JC TC TS E:TH 9H AS KS QS JS widow:9C
1. S:6 | S:trump H discard 9C | S:alone W:decline E:decline \
| 9D 9H JK / JH TD TH / JD QD JS / AH KD QS / KH AD KS / QH 9S AS {score 12:0, NS win}
"""


def test_golden_hand() -> None:
    """South holds the six best hearts, bids 6 and goes alone: every trick, twice 6."""
    game = hand_from_text(GOLDEN_HAND)
    record = game.records[0]
    assert record.maker == 0 and record.alone and record.tricks_won == (6, 0)
    assert record.points == (12, 0) and game.scores == (12, 0) and game.winner == 0
    assert all(winner == 0 for _, _, _, winner in record.tricks)
    assert record.tricks[0][2] == (1, 3, 0)  # West leads, left of the lone maker; North sits out
    assert hand_to_text(game, 1) == GOLDEN_HAND


def test_the_examples_in_the_docs_are_exact() -> None:
    """Every HPN block in docs/notation.md reads back and is written out unchanged."""
    doc = Path(__file__).resolve().parent.parent / "docs" / "notation.md"
    blocks = [b.split("```", 1)[0] for b in doc.read_text(encoding="utf-8").split("```\n")[1:]]
    examples = [b for b in blocks if b.startswith("HPN 1 ")]
    assert len(examples) == 3
    for text in examples:
        if text.startswith("HPN 1 hand"):
            game = hand_from_text(text)
            number = int(text.splitlines()[2].split(".")[0])
            original = game_from_text(GOLDEN_GAME)
            assert hand_to_text(original, number) == text
            assert hand_to_text(game, 1).splitlines()[:2] == text.splitlines()[:2]
        else:
            assert game_to_text(game_from_text(text)) == text
    assert examples[1] == GOLDEN_GAME


# ---- notes: the comments of a hand text, placed after the actions before them ---------


def _random_hand_text(seed: int) -> str:
    rng = random.Random(seed)
    game = Game.new(Rules.preset(rng.choice(sorted(PRESETS))), seed=seed)
    while not game.records:
        game.apply(rng.choice(game.legal_actions()))
    return hand_to_text(game, 1, comments=False)


@given(st.integers(0, 10_000), st.data())
@settings(max_examples=60, deadline=None)
def test_a_note_anywhere_is_placed_after_the_actions_written_before_it(
    seed: int, data: st.DataObject
) -> None:
    text = _random_hand_text(seed)
    words = text.split(" ")
    hand_line = next(i for i, w in enumerate(words) if w.split("\n")[-1] == "1.")
    at = data.draw(st.integers(hand_line + 1, len(words)))
    prefix = " ".join(words[:at])
    try:
        before = len(hand_from_text(prefix).history)  # what the text says up to the note
    except NotationError:
        return  # a cut inside an action ("trump" | "H"): not a place for a note
    noted = " ".join([*words[:at], "{a note}", *words[at:]])
    game, notes = hand_notes(noted)
    assert game == hand_from_text(text)  # a note changes nothing of the hand
    assert notes == [Note(before, "a note")]


def test_notes_keep_their_words_across_lines_and_skip_the_writers_result() -> None:
    text = _random_hand_text(3)
    head, deal, line = text.rstrip("\n").split("\n")
    noted = (
        f"{head} # the header's note\n{deal}\n{{a note\n  on two   lines}} {line}"
        " {score 4:0} {thrown in} {} {score 2:-5, NS win}"
    )
    game, notes = hand_notes(noted)
    assert game == hand_from_text(text)
    assert notes == [Note(0, "the header's note"), Note(0, "a note on two lines")]
