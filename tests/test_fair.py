"""Fair at the table (issue 27): no answer names a card its asker has not
seen, unless the player chose open hands; guests sit only at secret deals;
who decided each action is recorded; a game stops at the saves' action cap
with a clear error; errors quote at most 100 characters of a bad value."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hasenpfeffer import game as game_module
from hasenpfeffer.api import handle, reset
from hasenpfeffer.api.game_ops import actors_of
from hasenpfeffer.bots.review import review_hand
from hasenpfeffer.game import Game
from hasenpfeffer.notation import hand_from_text
from hasenpfeffer.rules import PRESETS
from hasenpfeffer.vocabulary import HUMAN

CARD = re.compile(r"\b(?:[9TJQKA][CDHS]|JK)\b")
BOTS = [HUMAN, "medium", "easy", "medium"]


@pytest.fixture(autouse=True)
def _fresh_api() -> None:
    reset()


def ok(request: dict[str, Any]) -> dict[str, Any]:
    answer = handle(request)
    assert answer["ok"], answer
    return answer


def refused(request: dict[str, Any], code: str) -> dict[str, Any]:
    answer = handle(request)
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    return answer["error"]


def cards_named(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value)))


def shown_part(state: dict[str, Any]) -> dict[str, Any]:
    """What the page may show of a state that could name a card in play: all
    but the save (the game's record for storage, never displayed), the card
    roles (the ranking's table of every trump, not where a card lies) and the
    last hand (a finished hand, whose cards belong to another deal)."""
    out = {k: v for k, v in state.items() if k not in ("save", "card_roles")}
    out["view"] = {k: v for k, v in state["view"].items() if k != "last_hand"}
    return out


def _seen_by_south(state: dict[str, Any]) -> set[str]:
    view = state["view"]
    seen = set(view["hand"])
    seen.update(p["card"] for t in view["tricks"] for p in t["cards"])
    seen.update(p["card"] for p in view["trick"])
    seen.update(c for c in (view.get("widow"), view.get("discard")) if c)
    return seen


def _check_game(preset: str, seed: int, hands: int) -> tuple[int, int]:
    """Play up to ``hands`` hands of a game (South a person taking its first
    legal action): after every action, "Why?" on every computer decision of the
    hand so far and the state answer name only cards South has seen, and a
    discard reads "discard"; once a hand is over, each of its computer
    decisions is explained in full. The hands and full explanations checked."""
    levels = [HUMAN, "medium", "random", "easy"]
    state = ok({"op": "new_game", "rules": preset, "seed": seed, "levels": levels})
    hand_start, seen, hands_checked, full_checked = 0, _seen_by_south(state), 0, 0
    while state["to_act"] is not None and hands_checked < hands:
        if state["human_to_move"]:
            answer = ok({"op": "act", "action": state["view"]["legal_actions"][0]})
        else:
            answer = ok({"op": "bot_step"})
        event, state = answer["event"], answer["state"]
        if event["hand"] is not None:
            # the hand is over: its computer players' decisions in full
            for step in range(hand_start, state["actions"]):
                if state["decided_by"][step] == HUMAN:
                    continue
                why = ok({"op": "why", "step": step})
                # in full once the hand was played out, for a seat that played its cards
                shown = not event["hand"]["thrown_in"]
                assert why["full"] is (shown and why["seat"] not in event["hand"]["sitting_out"])
                if why["full"] and why["level"] != "random":
                    assert (
                        why["suggestions"]
                        and why["action"] == json.loads(state["save"])["actions"][step]
                    )
                    full_checked += 1
            hands_checked += 1
            hand_start = state["actions"] - len(state["view"]["hand_actions"])
            seen = _seen_by_south(state)
            continue
        seen |= _seen_by_south(state)
        assert event["seat"] == 0 or event["action"] == event["public_action"]
        assert cards_named(shown_part(state)) <= seen, preset
        for step in range(hand_start, state["actions"]):
            if state["decided_by"][step] == HUMAN:
                continue
            why = ok({"op": "why", "step": step})
            assert not why["full"] and why["suggestions"] == [] and why["tells"]
            assert cards_named(why) <= seen, (preset, step, why)
            if why["phase"] == "discard":
                assert why["action"] == "discard"
    return hands_checked, full_checked


@pytest.mark.parametrize("preset", list(PRESETS))
def test_why_during_a_hand_names_no_card_its_asker_has_not_seen(preset: str) -> None:
    """Twelve hands of every preset, over as many games as that takes."""
    hands = full = 0
    seed = 40
    while hands < 12:
        played, explained = _check_game(preset, seed, 12 - hands)
        hands, full, seed = hands + played, full + explained, seed + 1
    assert full > 60


def test_open_hands_show_every_card_and_explain_in_full_during_play() -> None:
    state = ok({"op": "new_game", "seed": 8, "levels": BOTS})
    assert state["open_hands"] is False and "open" not in state
    while not state["view"]["trick"]:
        step = ok(
            {"op": "bot_step"}
            if state["bot_to_move"]
            else {"op": "act", "action": state["view"]["legal_actions"][0]}
        )
        state = step["state"]
    game = Game.from_json(state["save"])
    state = ok({"op": "set_open_hands", "open_hands": True})
    assert state["open"]["hands"] == [sorted_hand(state, game, s) for s in range(4)]
    assert state["open"]["widow"] == str(game.widow)
    assert state["open"]["discard"] == str(game.discard)
    latest = max(n for n, level in enumerate(state["decided_by"]) if level != HUMAN)
    why = ok({"op": "why", "step": latest})
    assert why["full"] and why["suggestions"]
    assert ok({"op": "set_open_hands", "open_hands": False})["open_hands"] is False
    assert not ok({"op": "why", "step": latest})["full"]


def test_under_open_hands_events_name_another_seats_discard() -> None:
    state = ok({"op": "new_game", "seed": 8, "levels": BOTS, "open_hands": True})
    named = None
    for _ in range(200):
        if state["to_act"] is None:
            break
        answer = ok(
            {"op": "bot_step"}
            if state["bot_to_move"]
            else {"op": "act", "action": state["view"]["legal_actions"][0]}
        )
        event, state = answer["event"], answer["state"]
        if event["public_action"] == "discard" and event["seat"] != 0:
            named = event["action"]
            break
    assert named is not None and CARD.fullmatch(named.split()[1]), named


def sorted_hand(state: dict[str, Any], game: Game, seat: int) -> list[str]:
    from hasenpfeffer.cards import sort_hand

    return [str(c) for c in sort_hand(game.hand(seat), game.trump)]


def test_the_deal_of_the_day_keeps_its_players_until_its_first_hand_is_over() -> None:
    """Its first hand is compared with the hard player's on the same cards: other
    levels are refused (and change nothing) until that hand is over."""
    dealt = ok({"op": "daily", "date": "2026-12-01"})
    assert dealt["levels"] == [HUMAN, "hard", "hard", "hard"]
    for levels in ([HUMAN, "easy", "easy", "easy"], [HUMAN, "hard", HUMAN, "hard"]):
        refused({"op": "set_levels", "levels": levels}, "levels_daily")
        assert ok({"op": "state"})["levels"] == dealt["levels"]
    # the same levels again: nothing to refuse
    assert ok({"op": "set_levels", "levels": dealt["levels"]})["levels"] == dealt["levels"]
    # once the first hand is over, they are the player's to change
    state = ok({"op": "state"})
    while not state["view"]["last_hand"]:
        if state["human_to_move"]:
            state = ok({"op": "act", "action": state["view"]["legal_actions"][0]})["state"]
        else:
            state = ok({"op": "bot_step"})["state"]
    easy = [HUMAN, "easy", "easy", "easy"]
    assert ok({"op": "set_levels", "levels": easy})["levels"] == easy


def test_open_hands_are_refused_with_guests_and_on_the_deal_of_the_day() -> None:
    ok({"op": "daily", "date": "2026-12-01"})
    refused({"op": "set_open_hands", "open_hands": True}, "open_hands_daily")
    assert ok({"op": "state"})["open_hands"] is False
    save = ok({"op": "state"})["save"]
    refused({"op": "load", "save": save, "daily": True, "open_hands": True}, "open_hands_daily")
    # a person's game with guests: never open
    guests = [HUMAN, HUMAN, "medium", "medium"]
    state = ok({"op": "new_game", "levels": guests, "remote": [1]})
    assert state["secret_deal"]
    refused({"op": "set_open_hands", "open_hands": True}, "open_hands_guests")
    refused(
        {"op": "new_game", "levels": guests, "remote": [1], "open_hands": True}, "open_hands_guests"
    )
    # the guests released (remote: []), a game of one's own may be open
    ok({"op": "new_game", "levels": guests, "remote": [], "open_hands": True})
    refused({"op": "set_levels", "levels": guests, "remote": [1]}, "open_hands_guests")
    assert ok({"op": "state"})["remote"] == []


def test_guests_sit_only_at_a_secret_deal() -> None:
    guests = [HUMAN, HUMAN, "medium", HUMAN]
    # a known seed (a link, an embed): refused, and the game is as it was
    before = ok({"op": "new_game", "seed": 3, "levels": BOTS})
    error = refused(
        {"op": "new_game", "seed": 3, "levels": guests, "remote": [1, 3]}, "deal_not_secret"
    )
    assert "secret" in error["message"]
    assert ok({"op": "state"})["save"] == before["save"]
    refused({"op": "set_levels", "levels": guests, "remote": [1]}, "deal_not_secret")
    assert ok({"op": "state"})["levels"] == BOTS
    # the deal of the day's seed is everybody's
    ok({"op": "daily", "date": "2026-12-01"})
    refused({"op": "set_levels", "levels": guests, "remote": [1]}, "deal_not_secret")
    # the engine's own seed: a fresh, secret deal every time
    first = ok({"op": "new_game", "levels": guests, "remote": [1, 3]})
    second = ok({"op": "new_game", "levels": guests, "remote": [1, 3]})
    assert first["secret_deal"] and second["secret_deal"]
    assert json.loads(first["save"])["seed"] != json.loads(second["save"])["seed"]
    # a saved game with guests loads again only as the host's secret deal
    refused(
        {"op": "load", "save": second["save"], "levels": guests, "remote": [1]}, "deal_not_secret"
    )
    again = ok(
        {"op": "load", "save": second["save"], "levels": guests, "remote": [1], "secret_deal": True}
    )
    assert again["remote"] == [1]
    # a guest's own view never carries the save's seed or anyone else's cards
    guest = ok({"op": "state", "seat": 1})
    assert guest["view"]["hand"] == Game.from_json(second["save"]).view(1)["hand"]


def test_who_decided_is_recorded_so_a_later_level_change_rewrites_nothing() -> None:
    # pass-and-play: West a person for the first decisions, then a computer player
    people = [HUMAN, HUMAN, "medium", "medium"]
    state = ok({"op": "new_game", "seed": 4, "levels": people})
    while 1 not in actors_of(Game.from_json(state["save"])):
        if state["human_to_move"]:
            state = ok({"op": "act", "action": state["view"]["legal_actions"][0]})["state"]
        else:
            state = ok({"op": "bot_step"})["state"]
    west = actors_of(Game.from_json(state["save"])).index(1)
    assert state["decided_by"][west] == HUMAN
    state = ok({"op": "set_levels", "levels": [HUMAN, "hard", "medium", "medium"]})
    assert state["decided_by"][west] == HUMAN
    assert handle({"op": "why", "step": west})["error"]["reason_code"] == "not_bot_decision"
    # the record survives a reload through the page's save
    again = ok(
        {
            "op": "load",
            "save": state["save"],
            "levels": [HUMAN, "hard", "medium", "medium"],
            "decided_by": state["decided_by"],
        }
    )
    assert again["decided_by"] == state["decided_by"]
    bad = {"op": "load", "save": state["save"], "decided_by": ["human"]}
    refused(bad, "bad_request")
    refused({**bad, "decided_by": ["cat"] * len(state["decided_by"])}, "bad_request")


def test_a_game_stops_at_the_action_cap_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module, "MAX_SAVE_ACTIONS", 12)
    import hasenpfeffer.api.game_ops as game_ops

    monkeypatch.setattr(game_ops, "MAX_SAVE_ACTIONS", 12)
    state = ok({"op": "new_game", "seed": 5, "levels": BOTS})
    while state["actions"] < 12:
        if state["human_to_move"]:
            state = ok({"op": "act", "action": state["view"]["legal_actions"][0]})["state"]
        else:
            state = ok({"op": "bot_step"})["state"]
    request = (
        {"op": "act", "action": state["view"]["legal_actions"][0]}
        if state["human_to_move"]
        else {"op": "bot_step"}
    )
    error = refused(request, "game_full")
    assert error["reason_code"] == "game_full" and error["reason_params"] == {"max": 12}
    assert "start a new game" in error["message"]
    after = ok({"op": "state"})
    assert after["save"] == state["save"]
    # still readable: its save loads, "Why?" answers, the engine says the same
    ok({"op": "load", "save": after["save"], "levels": BOTS})
    ok({"op": "why"})
    game = Game.from_json(after["save"])
    assert not game.is_legal(game.legal_actions()[0])
    with pytest.raises(ValueError, match="start a new game"):
        game.apply(game.legal_actions()[0])
    assert game.reason_code(game.legal_actions()[0]) == ("game_full", {"max": 12})


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "review", "hpn": "HPN 1 hand " + "x" * 200_000},
        {"op": "review", "hpn": "y" * 200_000},
        {"op": "replay", "hpn": "HPN 1 game\n" + "z" * 100_000, "number": 2},
        {"op": "trick", "trump": "H", "lead": "Q" * 50_000, "hand": "AS"},
        {"op": "new_game", "rules": {"preset": "w" * 50_000}},
        {"op": "load", "save": json.dumps({"format": "hasenpfeffer-save", "version": "v" * 9000})},
    ],
)
def test_an_error_quotes_at_most_100_characters_of_a_bad_value(request_: dict[str, Any]) -> None:
    answer = handle(request_)
    assert not answer["ok"]
    text = json.dumps(answer)
    assert len(text) < 2_000, text[:300]
    for run in re.findall(r"([xyzQwv])\1{100,}", text):
        raise AssertionError(f"a run of {run!r} longer than 100 characters came back")


def test_a_secret_deals_review_never_gives_the_games_seed_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hand's review text names the seed its computer players are seeded from,
    # so that the text reviewed again meets the same players. For a secret deal
    # the game's seed would give every later hand away: the text names a seed
    # drawn from it for that hand alone.
    from hasenpfeffer.api import game_ops, sessions

    # the secret deal's key made known to the test: a deal whose first two hands
    # are played out with all four seats (a hand a seat sat out has no text)
    monkeypatch.setattr(game_ops, "_secret_key", lambda: bytes(range(1, 17)))
    ok({"op": "new_game", "levels": [HUMAN, "easy", "easy", "easy"]})
    assert ok({"op": "state"})["secret_deal"]
    game_seed = sessions.need_session().game.seed
    state = ok({"op": "state"})
    while len(sessions.need_session().game.records) < 2:
        if state["human_to_move"]:
            state = ok({"op": "act", "action": state["view"]["legal_actions"][0]})["state"]
        else:
            state = ok({"op": "bot_step"})["state"]
    seeds = []
    for number in (1, 2):
        review = ok({"op": "review", "number": number})
        header = review["hpn"].splitlines()[0]
        assert str(game_seed) not in review["hpn"], header
        seed = int(re.search(r"\bseed=(\d+)", header).group(1))  # type: ignore[union-attr]
        seeds.append(seed)
        # the text reviewed again: the hand's own review from that seed (the session's
        # is the advisor's, in the game itself: the hint's player), the same decisions
        again = ok({"op": "review", "hpn": review["hpn"]})
        assert again["decisions"] == review_hand(hand_from_text(review["hpn"]), 0, seed=seed)
        assert [d["action"] for d in again["decisions"]] == [
            d["action"] for d in review["decisions"]
        ]
    assert seeds[0] != seeds[1]
    # a known deal (a seeded game) keeps its seed in the text, as before
    ok({"op": "new_game", "seed": 77, "levels": [HUMAN, "easy", "easy", "easy"]})
    state = ok({"op": "state"})
    while not sessions.need_session().game.records:
        if state["human_to_move"]:
            state = ok({"op": "act", "action": state["view"]["legal_actions"][0]})["state"]
        else:
            state = ok({"op": "bot_step"})["state"]
    assert " seed=77 " in ok({"op": "review"})["hpn"].splitlines()[0] + " "
