"""Hand review (``bots.review``, the API's ``review``, ``python -m hasenpfeffer
review``): one seat's decisions in a hand, card plays rated double-dummy and
calls against the hard player's own decision from the seat's view."""

from __future__ import annotations

import doctest
import random
from collections.abc import Iterator
from typing import Any

import pytest

from hasenpfeffer import api, text
from hasenpfeffer.api import handle
from hasenpfeffer.bots import review
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.bots.review import review_hand
from hasenpfeffer.bots.solver import Position, minimax
from hasenpfeffer.cards import CARDS
from hasenpfeffer.game import Game
from hasenpfeffer.notation import game_to_text, hand_from_text, hand_to_text
from hasenpfeffer.rules import PRESETS
from hasenpfeffer.tools import cli


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    api.reset()
    yield
    api.reset()


def bot_game(seed: int, levels: list[str], hands: int = 1, preset: str = "seed") -> Game:
    """A seeded game whose first ``hands`` hands the bots of ``levels`` played."""
    game = Game.new(PRESETS[preset], seed=seed)
    players = [make_player(level, seed * 4 + s) for s, level in enumerate(levels)]
    while len(game.records) < hands:
        seat = game.to_act
        assert seat is not None
        player = players[seat]
        view = game.view(seat)
        if player.needs_game:
            game.apply(player.choose(view, game=game.copy()))
        else:
            game.apply(player.choose(view))
    return game


def bot_hand(seed: int, levels: list[str], preset: str = "seed") -> Game:
    """The first hand the bots played, as the one-hand game of its hand text."""
    return hand_from_text(hand_to_text(bot_game(seed, levels, preset=preset), 1))


def seat_actions(game: Game, seat: int) -> list[tuple[int, str, str, list[str]]]:
    """(step, action, phase, legal actions) of each decision of ``seat`` in the hand."""
    g = game.replayed(0)
    out = []
    for step, action in enumerate(game.history):
        if g.records:
            break
        if g.to_act == seat:
            out.append((step, str(action), g.phase, [str(a) for a in g.legal_actions()]))
        g.apply(action)
    return out


CASES = [
    (1, ["medium"] * 4, "seed"),
    (2, ["random", "easy", "random", "medium"], "seed"),
    (3, ["easy", "random", "easy", "random"], "traditional"),
    (4, ["random"] * 4, "seed-pepper"),
    (5, ["medium", "random", "easy", "medium"], "pepper"),
]


@pytest.mark.parametrize(("seed", "levels", "preset"), CASES)
def test_loss_is_never_negative_and_zero_exactly_for_a_best_action(
    seed: int, levels: list[str], preset: str
) -> None:
    game = bot_hand(seed, levels, preset)
    for seat in range(4):
        decisions = review_hand(game, seat)
        expected = seat_actions(game, seat)
        assert [(d["step"], d["action"], d["phase"]) for d in decisions] == [
            (step, action, phase) for step, action, phase, _ in expected
        ]
        for d, (_, action, phase, legal) in zip(decisions, expected, strict=True):
            assert d["seat"] == seat
            assert d["kind"] == ("double_dummy" if phase == "play" else "estimate")
            assert d["loss"] >= 0
            assert (d["loss"] == 0) == (action in d["best"]), d
            assert d["best"] and set(d["best"]) <= set(legal)
            if len(legal) == 1:
                assert d["best"] == legal and d["values"] == {}
                assert d["reason_code"] == "review_only"
                continue
            values = d["values"]
            assert action in values and set(d["best"]) <= set(values)
            hard = [h["action"] for h in d["hard"]]
            assert hard[0] in legal and hard == list(dict.fromkeys([hard[0], action]))
            if phase == "play":
                top = max(values.values())
                assert set(values) == set(legal)
                assert all(isinstance(v, int) for v in values.values())
                assert d["reason_code"] in ("review_best", "review_cost")
                assert d["unit"] == "points"
            else:
                # the hard player's own choice is the best call, and any it valued as high
                top = values[hard[0]]
                assert hard[0] in d["best"]
                assert d["reason_code"] in (
                    "review_call_best",
                    "review_call_cost",
                    "review_call_other",
                    "review_call_other_close",
                )
                assert d["unit"] == ("tricks" if phase in ("trump", "discard") else "score")
                assert d["reason_params"]["unit"] == d["unit"]
                # a rollout's score is said by the figures it is made of, never
                # as a chance: a loss in it is "other" (a close call within the
                # noise of the deals played out), a trick estimate's a cost
                if d["loss"] > 0:
                    other = d["reason_code"] in ("review_call_other", "review_call_other_close")
                    assert other == (d["unit"] == "score"), d
                _check_score_figures(d)
            assert d["best"] == [a for a, v in values.items() if v >= top]
            assert d["loss"] == pytest.approx(max(0, top - values[action]), abs=1e-9)
            assert d["reason"] == text.review_text(d["reason_code"], d["reason_params"])
            assert (d["reason_code"] in ("review_best", "review_call_best")) == (d["loss"] == 0)


def _check_score_figures(d: dict[str, Any]) -> None:
    """A call rated by its score carries the chance of winning the game (a true
    percentage) and the expected margin it is made of, the margin the hint's own
    estimate; its words name a chance only for those figures."""
    params = d["reason_params"]
    if d["unit"] != "score":
        assert "chance" not in params and "chance" not in d["reason"], d
        return
    prefixes = ["", "best_"] if d["loss"] > 0 else [""]
    for prefix in prefixes:
        chance, margin = params[f"{prefix}chance"], params[f"{prefix}margin"]
        assert 0 <= chance <= 100, d
        assert f"a {text._number(chance, False)}% chance of winning the game" in d["reason"]
        assert f"an expected margin of {text.signed(margin)} points" in d["reason"]
    assert d["reason"].count("% chance") == len(prefixes), d
    # the hint's figure wherever the hint gives one (a bid it did not play out
    # has none there: the review plays it out over the same deals)
    hard = {h["action"]: h for h in d["hard"]}
    assert hard[d["action"]]["estimate"] in (params["margin"], None), d
    if d["loss"] > 0:
        assert hard[d["hard"][0]["action"]]["estimate"] == params["best_margin"], d


def test_a_hard_seat_is_rated_by_its_own_decisions() -> None:
    # four hard players, each seeded as a session seeds a seat (bot_seed):
    # the review of any seat finds every call and every card its own
    # procedure's choice (the call best by construction, the card the hard
    # player's view), whatever double-dummy says of the card
    game = bot_game(21, ["hard"] * 4)
    hand = hand_from_text(hand_to_text(game, 1))
    calls = 0
    for seat in range(4):
        for d in review_hand(hand, seat, seed=game.seed):
            if d["reason_code"] == "review_only":
                continue
            assert d["hard"][0]["action"] == d["action"], d
            if d["kind"] == "estimate":
                calls += 1
                assert d["loss"] == 0 and d["action"] in d["best"], d
                assert d["reason_code"] == "review_call_best"
    assert calls >= 4


def test_the_review_is_deterministic() -> None:
    game = bot_hand(2, ["random", "easy", "random", "medium"])
    assert review_hand(game, 1) == review_hand(game, 1)
    assert review_hand(game, 1, seed=3)  # another seed is fine too


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_an_oracle_seat_loses_nothing_on_its_card_plays(seed: int) -> None:
    # the oracle plays double-dummy for the hand's score: always a best card
    game = bot_hand(seed, ["random", "oracle", "medium", "easy"])
    plays = [d for d in review_hand(game, 1) if d["phase"] == "play"]
    assert plays
    assert all(d["loss"] == 0 and d["action"] in d["best"] for d in plays)


def test_late_card_plays_against_exhaustive_minimax() -> None:
    checked = costly = 0
    # five random hands: 22 late card plays, 8 of them costly (twelve hands took three
    # times as long for no other kind of play)
    for seed in range(20, 25):
        game = bot_hand(seed, ["random"] * 4)
        for seat in range(4):
            for d in review_hand(game, seat):
                if d["phase"] != "play" or d["reason_code"] == "review_only":
                    continue
                g = game.replayed(d["step"])
                position = Position.from_game(g)
                if position.tricks_left > 3:
                    continue
                sign = 1 if position.maker_team == seat & 1 else -1
                values = {
                    f"play {CARDS[c]}": sign * minimax(position.play(c), g.rules)
                    for c in position.legal_moves()
                }
                best = max(values.values())
                assert d["values"] == values
                assert d["best"] == [a for a, v in values.items() if v == best]
                assert d["loss"] == best - values[d["action"]]
                checked += 1
                costly += d["loss"] > 0
    assert checked >= 20 and costly >= 1, (checked, costly)


def test_calls_read_only_the_seats_view() -> None:
    # the same South hand, the other hands dealt differently: South's first
    # bid gets the same estimates (no hidden card is read)
    rng = random.Random(5)
    south = [str(c) for c in CARDS[:24:4]]
    others = [str(c) for c in CARDS if str(c) not in south]
    answers = []
    for _ in range(3):
        rng.shuffle(others)
        hands = [south, others[0:6], others[6:12], others[12:18]]
        game = Game.from_deal(hands, others[18], 3, PRESETS["seed"], (0, 0), 0)
        assert game.to_act == 0
        game.apply("bid 3")
        (decision,) = review_hand(game, 0)
        answers.append(decision)
    assert answers[0]["kind"] == "estimate"
    assert answers[0] == answers[1] == answers[2]


def test_bad_arguments_of_review_hand() -> None:
    game = bot_hand(1, ["medium"] * 4)
    for seat in (-1, 4, True):
        with pytest.raises(ValueError, match="seat"):
            review_hand(game, seat)


def test_the_module_examples() -> None:
    assert doctest.testmod(review).failed == 0
    assert doctest.testmod(text).failed == 0


# ---- the API ----------------------------------------------------------------------


def ok(request: dict[str, Any]) -> dict[str, Any]:
    answer = handle(request)
    assert answer["ok"], answer
    return answer


def test_api_review_of_a_hand_text() -> None:
    game = bot_game(1, ["medium"] * 4)
    hpn = hand_to_text(game, 1)
    answer = ok({"op": "review", "hpn": hpn})
    assert answer["hand"] == 1 and answer["seat"] == 0
    record = game.records[0]
    assert answer["points"] == list(record.points)
    assert answer["tricks_won"] == list(record.tricks_won)
    assert answer["decisions"] == review_hand(hand_from_text(hpn), 0)
    west = ok({"op": "review", "hpn": hpn, "seat": 1})
    assert west["seat"] == 1 and all(d["seat"] == 1 for d in west["decisions"])


def test_api_review_of_a_hand_of_a_game_text() -> None:
    game = bot_game(6, ["easy", "medium", "random", "medium"], hands=3)
    answer = ok({"op": "review", "hpn": game_to_text(game), "number": 2, "seat": 3})
    assert answer["hand"] == 2 and answer["seat"] == 3
    assert answer["points"] == list(game.records[1].points)
    one = hand_from_text(hand_to_text(game, 2))
    # the computer players of a game text are seeded from its seed: so is the review
    assert answer["decisions"] == review_hand(one, 3, seed=game.seed)
    first = ok({"op": "review", "hpn": game_to_text(game), "number": "1", "seat": 3})
    assert first["hand"] == 1


def test_api_review_of_the_sessions_last_finished_hand() -> None:
    state = ok({"op": "new_game", "seed": 8, "levels": ["medium", "easy", "human", "easy"]})
    hands = 0
    while hands < 2:
        if state["human_to_move"]:
            legal = [o["action"] for o in state["options"] if o["legal"]]
            answer = ok({"op": "act", "action": legal[-1]})
        else:
            answer = ok({"op": "bot_step"})
        hands += answer["event"]["hand"] is not None
        state = answer["state"]
    game = Game.from_json(state["save"])
    answer = ok({"op": "review"})
    assert answer["hand"] == 2 and answer["seat"] == 2  # the human's seat
    assert answer["points"] == list(game.records[1].points)
    # reviewed in the game itself, from the views the hand's seats had
    start = answer["first_step"]
    assert answer["decisions"] == review_hand(game, 2, seed=8, start=start)
    assert len(game.replayed(start).records) == 1  # the second hand starts there
    # the hand's text names the game's seed: reviewed again, it is the review
    # of that text as a hand of its own
    assert answer["hpn"].startswith("HPN 1 hand seed=8 ")
    again = ok({"op": "review", "hpn": answer["hpn"], "seat": 2})
    assert again["decisions"] == review_hand(hand_from_text(answer["hpn"]), 2, seed=8)
    assert [d["action"] for d in again["decisions"]] == [d["action"] for d in answer["decisions"]]
    assert ok({"op": "review", "number": 1, "seat": 0})["hand"] == 1
    assert ok({"op": "state"})["save"] == state["save"]  # the game is unchanged


def test_api_review_bad_arguments_are_bad_requests() -> None:
    assert handle({"op": "review"})["error"]["code"] == "no_game"
    ok({"op": "new_game", "seed": 9})
    no_hand = handle({"op": "review"})["error"]
    assert no_hand["code"] == "bad_request" and no_hand["reason_code"] == "no_finished_hand"
    game = bot_game(1, ["medium"] * 4, hands=2)
    hpn = hand_to_text(game, 1)
    unfinished = hand_to_text(game, 3)  # the third hand has just been dealt
    bad: list[dict[str, Any]] = [
        {"hpn": hpn, "seat": 4},
        {"hpn": hpn, "seat": -1},
        {"hpn": hpn, "seat": "1"},
        {"hpn": hpn, "seat": True},
        {"hpn": hpn, "seat": 1.5},
        {"hpn": hpn, "number": 1},
        {"hpn": 7},
        {"hpn": ""},
        {"hpn": {"a": 1}},
        {"hpn": "HPN 1 hand"},
        {"hpn": "nonsense"},
        {"hpn": unfinished},
        {"hpn": game_to_text(game), "number": 0},
        {"hpn": game_to_text(game), "number": 99},
        {"hpn": game_to_text(game), "number": 1.5},
        {"hpn": game_to_text(game), "number": True},
        {"hpn": game_to_text(game), "number": [1]},
        {"hpn": game_to_text(game), "number": 3},  # not finished
        {"number": 1},  # the session's game has no finished hand
        {"number": "x"},
    ]
    for args in bad:
        error = handle({"op": "review", **args})["error"]
        assert error["code"] == "bad_request", (args, error)
    assert "finished" in handle({"op": "review", "hpn": unfinished})["error"]["message"]


# ---- the command line -----------------------------------------------------------------


def test_cli_prints_one_line_per_decision(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    game = bot_game(6, ["easy", "medium", "random", "medium"], hands=2)
    path = tmp_path / "game.hpn"
    path.write_text(game_to_text(game))
    assert cli.main(["review", str(path), "--hand", "2", "--seat", "W"]) == 0
    out = capsys.readouterr().out.splitlines()
    decisions = review_hand(hand_from_text(hand_to_text(game, 2)), 1, seed=game.seed)
    assert out[0].startswith("Hand 2, West's decisions")
    assert "estimate" in out[2]
    lines = out[3:]
    assert len(lines) == len(decisions)
    for line, d in zip(lines, decisions, strict=True):
        assert line.startswith(d["action"]) and d["reason"] in line


def test_cli_errors_and_help(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.hpn"
    path.write_text(hand_to_text(bot_game(1, ["medium"] * 4), 1))
    assert cli.main(["review", str(path), "--hand", "2"]) == 2
    assert "only a game text" in capsys.readouterr().err
    assert cli.main(["review", str(tmp_path / "missing.hpn")]) == 2
    assert "cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["review", str(path), "--seat", "Q"])
    assert exit_info.value.code == 2
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["review", "--help"])
    assert exit_info.value.code == 0
    assert "estimate" in capsys.readouterr().out


def test_a_call_the_rollouts_did_not_weigh_is_valued_over_the_same_deals() -> None:
    # the review values a call outside the hard player's candidates alone; the
    # rollouts give every call the same deals, so that value is the one the
    # call gets when it is played out beside the candidates
    from hasenpfeffer.bots.duplicate import bot_seed
    from hasenpfeffer.bots.hard import HardPlayer

    checked = 0
    # four random hands, 13 calls outside the candidates between them
    for seed in range(44, 48):
        game = bot_hand(seed, ["random"] * 4)
        for seat in range(4):
            for d in review_hand(game, seat, seed=seed):
                if d["kind"] != "estimate" or d["phase"] != "bidding" or not d["hard"]:
                    continue
                view = game.replayed(d["step"]).view(seat)
                hard = HardPlayer(bot_seed(seed, seat))
                rollouts = hard.rollouts
                assert rollouts is not None
                together = rollouts.outcomes(view, list(d["values"]))
                for action, value in d["values"].items():
                    assert value == round(together[action].value * 100, 1), (seed, seat, d)
                checked += 1
    assert checked >= 5
