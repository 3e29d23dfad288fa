"""The deal of the day: one deal per date for everyone, and the duplicate
comparison of the player's result with other levels in the player's seat."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hasenpfeffer.api import handle, reset
from hasenpfeffer.bots.duplicate import Decisions, bot_seed, play_first_hand
from hasenpfeffer.bots.players import decide, make_player
from hasenpfeffer.daily import FIRST_DAY, LAST_DAY, daily_date, daily_seed
from hasenpfeffer.dealing import MAX_SEED
from hasenpfeffer.game import Game
from hasenpfeffer.rules import Rules

DAY = "2026-12-01"


@pytest.fixture(autouse=True)
def _fresh_api() -> None:
    reset()


@given(st.dates(min_value=FIRST_DAY, max_value=LAST_DAY))
@settings(max_examples=200)
def test_a_day_has_one_seed_in_range_from_its_text_or_date(day: datetime.date) -> None:
    seed = daily_seed(day)
    assert seed == daily_seed(day.isoformat()) == daily_seed(f" {day.isoformat()} ")
    assert 0 <= seed <= MAX_SEED


def test_consecutive_days_deal_different_cards() -> None:
    start = datetime.date(2026, 1, 1)
    deals = set()
    for n in range(366):
        game = Game.new(seed=daily_seed(start + datetime.timedelta(days=n)))
        deals.add((game.dealer, tuple(tuple(map(str, game.hand(s))) for s in range(4))))
    assert len(deals) == 366


@pytest.mark.parametrize(
    "text", ["2026-02-30", "2026-13-01", "1999-12-31", "2200-01-01", "26-12-01", "", "2026-12-1"]
)
def test_a_date_that_is_not_a_day_with_a_deal_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"YYYY-MM-DD|no deal of the day"):
        daily_date(text)


def test_the_daily_op_deals_the_days_cards_to_the_player_against_hard_players() -> None:
    answer = handle({"op": "daily", "date": DAY})
    assert answer["ok"], answer
    assert answer["daily"] == {"date": DAY, "seed": daily_seed(DAY), "seat": 0}
    game = Game.new(seed=daily_seed(DAY))
    assert sorted(answer["view"]["hand"]) == sorted(str(c) for c in game.hand(0))
    assert answer["levels"] == ["human", "hard", "hard", "hard"]
    # the same deal again (another tab, another day's visit): the same cards
    again = handle({"op": "daily", "date": DAY})
    assert again["view"]["hand"] == answer["view"]["hand"]


def test_daily_rules_are_the_players_preset() -> None:
    answer = handle({"op": "daily", "date": DAY, "rules": "traditional"})
    assert answer["ok"]
    assert answer["preset"] == "traditional"
    assert answer["view"]["rules"] == Rules.preset("traditional").to_dict()


@pytest.mark.parametrize(
    ("request_", "reason"),
    [
        ({"op": "daily"}, "bad_date"),
        ({"op": "daily", "date": 20261201}, "bad_date"),
        ({"op": "daily", "date": "2026-02-30"}, "bad_date"),
        ({"op": "daily", "date": "x" * 10_000}, "bad_date"),
        ({"op": "daily_result", "date": DAY, "level": "human"}, None),
        ({"op": "daily_result", "date": DAY}, None),
        ({"op": "daily", "date": DAY, "rules": "no such preset"}, None),
    ],
)
def test_bad_daily_requests_are_refused_and_leave_the_game_alone(
    request_: dict[str, object], reason: str | None
) -> None:
    before = handle({"op": "new_game", "rules": "seed", "seed": 5})
    answer = handle(request_)
    assert not answer["ok"]
    assert answer["error"]["code"] in ("bad_request", "bad_rules")
    assert answer["error"].get("reason_code") == reason
    assert len(answer["error"]["message"]) < 300
    assert handle({"op": "state"})["save"] == before["save"]


@pytest.mark.parametrize("level", ["hard", "oracle"])
def test_daily_result_plays_the_days_hand_with_the_level_in_the_players_seat(level: str) -> None:
    before = handle({"op": "new_game", "rules": "seed", "seed": 5})
    answer = handle({"op": "daily_result", "date": DAY, "level": level})
    assert answer["ok"], answer
    assert answer["level"] == level and answer["seat"] == 0
    hand = answer["hand"]
    assert hand["number"] == 0
    assert answer["points"] == hand["points"] and answer["side_points"] == hand["points"][0]
    assert sum(answer["tricks_won"]) in (0, 6)  # thrown in, or six tricks played
    assert answer["hpn"].startswith("HPN 1 hand")
    # the page's own game is not touched
    assert handle({"op": "state"})["save"] == before["save"]


def _fresh(game: Game, levels: tuple[str, ...]) -> Game:
    """The first hand played with no remembered decisions."""
    start = game.replayed(0)
    players = [make_player(lv, bot_seed(start.seed, s)) for s, lv in enumerate(levels)]
    while not start.records:
        seat = start.to_act
        assert seat is not None
        start.apply(decide(players[seat], start))
    return start


@pytest.mark.parametrize("seed", [3, 11])
def test_remembered_decisions_are_exactly_the_players_own(seed: int) -> None:
    # a cache shared by runs that part ways (hard, then the oracle, in South)
    # must give the very actions each run gives alone
    game = Game.new(seed=seed)
    known = Decisions()
    for south in ("hard", "oracle", "medium"):
        levels = (south, "hard", "hard", "hard")
        shared = play_first_hand(game, levels, known)
        assert shared.history == _fresh(game, levels).history


def test_the_players_own_game_teaches_the_comparison_its_opponents_decisions() -> None:
    # The human plays exactly as a hard player of South's seed would: the
    # comparison with hard must then be the player's own hand, action for action.
    start = handle({"op": "daily", "date": DAY})
    game = Game.new(seed=start["daily"]["seed"])
    south = make_player("hard", bot_seed(game.seed, 0))
    state = start
    while True:
        if state["human_to_move"]:
            action = decide(south, Game.from_json(state["save"]))
            state = handle({"op": "act", "action": action})["state"]
        else:
            state = handle({"op": "bot_step"})["state"]
        if Game.from_json(state["save"]).records:
            break
    own = Game.from_json(state["save"])
    answer = handle({"op": "daily_result", "date": DAY, "level": "hard"})
    assert answer["points"] == list(own.records[0].points)
    played = answer["hand"]
    assert played["auction"] == own.records[0].public_dict()["auction"]
    assert played["tricks"] == own.records[0].public_dict()["tricks"]


def test_the_comparison_waits_until_the_players_own_first_hand_is_over() -> None:
    # its answer gives every hand of the deal (hpn): never while the player holds one
    start = handle({"op": "daily", "date": DAY})
    answer = handle({"op": "daily_result", "date": DAY, "level": "hard"})
    assert not answer["ok"]
    assert answer["error"]["code"] == "daily_in_play"
    assert handle({"op": "state"})["save"] == start["save"]
    # nor with other rules, or from another session: the deal is the day's seed's
    for other in ({"rules": "traditional"}, {"rules": {"preset": "seed", "target": 11}}):
        answer = handle({"op": "daily_result", "date": DAY, "level": "oracle", **other})
        assert answer["error"]["code"] == "daily_in_play"
    answer = handle({"op": "daily_result", "date": DAY, "level": "oracle", "session": "x"})
    assert answer["error"]["code"] == "daily_in_play"
    # another day's deal is not the one in play
    assert handle({"op": "daily_result", "date": "2026-12-04", "level": "hard"})["ok"]
