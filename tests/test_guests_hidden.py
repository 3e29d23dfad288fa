"""What the security review of play-together found (F1 to F5): a hand that sat
out is never shown, an undo with guests never unsays what it showed, a load
never takes the caller's word for a secret deal, "Why?" on an old thrown-in
hand stays public with open hands on, and an unknown op is not echoed whole."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hasenpfeffer import api
from hasenpfeffer.game import Game
from test_guests import CARD, THROWN_IN_SEED, call, fresh_sessions, refused  # noqa: F401

# ---- F1: a seat that sat out ------------------------------------------------------

#: A deal whose first hand (South taking its last legal action, three hard players)
#: has East alone and North defending alone: West and South sit out.
SAT_OUT_SEED = 85


@pytest.fixture(scope="module")
def sat_out_save() -> dict[str, Any]:
    """The state at hand 2 of ``SAT_OUT_SEED`` (computed once: hard players are slow)."""
    api.reset()
    state = api.handle({"op": "new_game", "seed": SAT_OUT_SEED, "levels": ["human"] + ["hard"] * 3})
    while state["view"]["hand_number"] < 1:
        if state["bot_to_move"]:
            state = api.handle({"op": "bot_step"})["state"]
        else:
            state = api.handle({"op": "act", "action": state["view"]["legal_actions"][-1]})["state"]
    api.reset()
    return state


def _sat_out_game(state: dict[str, Any]) -> dict[str, Any]:
    answer = call(
        "load", save=state["save"], levels=state["levels"], decided_by=state["decided_by"]
    )
    last = answer["view"]["last_hand"]
    assert not last["thrown_in"] and last["sitting_out"] == [0, 1] and answer["seat"] == 0
    return answer


def test_the_review_never_shows_the_hand_of_a_seat_that_sat_out(
    sat_out_save: dict[str, Any],
) -> None:
    state = _sat_out_game(sat_out_save)
    first = Game.from_json(state["save"]).replayed(0)
    west = {str(c) for c in first.hand(1)}
    south = {str(c) for c in first.hand(0)}
    answer = call("review", number=1)
    assert answer["hpn"] is None  # a text would hold West's cards
    frames = answer["frames"]
    assert frames and all(frame["hands"][1] == [] for frame in frames)
    # the reviewer's own hand, though it sat out too, and the hands that played show
    assert set(frames[0]["hands"][0]) == south
    assert all(frames[0]["hands"][s] for s in (2, 3))
    named = set(CARD.findall(json.dumps(answer)))
    assert not named & west, named & west
    # West's review would show West's cards: refused, as for a thrown-in hand
    error = refused("review", number=1, seat=1)
    assert error["code"] == "bad_request" and "sat out" in error["message"]
    # a seat that played may be reviewed, its text still withheld
    assert call("review", number=1, seat=3)["hpn"] is None


def test_why_tells_only_of_a_seat_that_sat_out(sat_out_save: dict[str, Any]) -> None:
    state = _sat_out_game(sat_out_save)
    game = Game.from_json(state["save"])
    first_hand = _actors(game)[: len(game.history) - _actions_since_the_deal(game)]
    west = [n for n, seat in enumerate(first_hand) if seat == 1]
    east = [n for n, seat in enumerate(first_hand) if seat == 3]
    assert west and east
    for step in west:  # West's bid: its cards were never played
        answer = call("why", step=step)
        assert answer["full"] is False and answer["suggestions"] == [] and answer["tells"]
    for step in east[:2]:  # East played its cards out: explained in full
        assert call("why", step=step)["full"] is True


def _actions_since_the_deal(game: Game) -> int:
    """How many actions of ``game.history`` were taken in the hand on the table."""
    replay = game.replayed(0)
    since = 0
    for action in game.history:
        before = replay.hand_number
        replay.apply(action)
        since = since + 1 if before == game.hand_number else 0
    return since


def _actors(game: Game) -> list[int | None]:
    """Who took each action of ``game.history``."""
    replay = game.replayed(0)
    out = []
    for action in game.history:
        out.append(replay.to_act)
        replay.apply(action)
    return out


# ---- F2: undo with guests after the decision showed something ---------------------


def _host_wins_the_auction() -> dict[str, Any]:
    """A guest's table (West) at which the host (South) has just won the auction."""
    for _ in range(80):
        state = call("new_game", levels=["human", "human", "medium", "medium"], remote=[1])
        while state["view"]["phase"] == "bidding" and state["to_act"] is not None:
            if state["bot_to_move"]:
                state = call("bot_step")["state"]
            elif state["remote_to_move"]:
                state = call("act", action="pass", seat=1)["state"]
            else:
                bids = [a for a in state["view"]["legal_actions"] if a != "pass"]
                state = call("act", action=bids[-1] if bids else "pass")["state"]
        if state["view"]["maker"] == 0 and state["view"]["phase"] == "trump":
            return state
    pytest.fail("the host never won the auction")


def test_an_undo_with_guests_never_takes_back_the_bid_that_showed_the_widow() -> None:
    state = _host_wins_the_auction()
    assert state["view"]["widow"]  # the host has seen it
    assert state["can_undo"] is False
    error = refused("undo")
    assert error["code"] == "undo_shown" and error["reason_code"] == "undo_shown"
    # the maker's calls that show nothing may still be taken back
    trump = call("act", action=state["view"]["legal_actions"][0])["state"]
    assert trump["view"]["phase"] == "discard" and trump["can_undo"] is True
    back = call("undo")["state"]
    assert back["view"]["phase"] == "trump" and back["actions"] == state["actions"]


def test_an_undo_with_guests_never_takes_back_a_card_that_ended_a_trick() -> None:
    state = call("new_game", levels=["human", "human", "medium", "medium"], remote=[1])
    for _ in range(2000):
        if state["to_act"] is None:
            state = call("new_game", levels=state["levels"], remote=[1])
        host = state["human_to_move"]
        tricks = sum(state["view"]["tricks_won"]), state["view"]["hand_number"]
        if state["bot_to_move"]:
            state = call("bot_step")["state"]
        elif state["remote_to_move"]:
            guest = call("state", seat=1)
            state = call("act", action=guest["view"]["legal_actions"][0], seat=1)["state"]
        else:
            state = call("act", action=state["view"]["legal_actions"][0])["state"]
        after = sum(state["view"]["tricks_won"]), state["view"]["hand_number"]
        if host and after != tricks and state["view"]["phase"] == "play":
            break
    else:
        pytest.fail("the host never ended a trick")
    assert state["can_undo"] is False
    assert refused("undo")["code"] == "undo_shown"


def test_without_guests_the_winning_bid_may_still_be_taken_back() -> None:
    state = call("new_game", seed=4, levels=["human", "human", "medium", "medium"])
    while state["view"]["phase"] == "bidding":
        if state["bot_to_move"]:
            state = call("bot_step")["state"]
        else:
            bids = [a for a in state["view"]["legal_actions"] if a != "pass"]
            state = call("act", action=bids[-1] if bids else "pass")["state"]
    if state["human_to_move"]:  # a person at this device won it
        assert state["can_undo"] and call("undo")["ok"]


# ---- F3: load takes the save's word for a secret deal ------------------------------


def test_load_takes_the_secret_deal_from_the_save_not_the_caller() -> None:
    known = call("new_game", seed=7, levels=["human", "human", "medium", "medium"])
    levels = ["human", "human", "medium", "medium"]
    loaded = call("load", save=known["save"], levels=levels, secret_deal=True)
    assert loaded["secret_deal"] is False
    error = refused("load", save=known["save"], levels=levels, remote=[1], secret_deal=True)
    assert error["code"] == "deal_not_secret"
    # a save of a secret deal is one when the page's record says so too; the
    # page may withhold it (its record of the game lost), never grant it
    secret = call("new_game", levels=levels, remote=[])
    again = call("load", save=secret["save"], levels=levels, remote=[1], secret_deal=True)
    assert again["secret_deal"] is True and again["remote"] == [1]
    assert not call("load", save=secret["save"], levels=levels, remote=[])["secret_deal"]
    assert refused("load", save=secret["save"], levels=levels, secret_deal="yes")["code"] == (
        "bad_request"
    )


# ---- F4: "Why?" on an old thrown-in hand with open hands on ------------------------


def test_why_on_an_old_thrown_in_hand_stays_public_with_open_hands_on() -> None:
    state = call("new_game", seed=THROWN_IN_SEED, levels=["human"] * 4)
    while not state["view"]["last_hand"]:
        state = call("act", action="pass")["state"]
    assert state["view"]["last_hand"]["thrown_in"]
    # the same game, its other seats' passes a computer player's
    actors = _actors(Game.from_json(state["save"]))
    deciders = ["human" if seat == 0 else "medium" for seat in actors]
    levels = ["human", "medium", "medium", "medium"]
    call("load", save=state["save"], levels=levels, decided_by=deciders)
    step = deciders.index("medium")
    assert call("why", step=step)["full"] is False
    now = call("set_open_hands", open_hands=True)
    assert now["opened_deals"] == [1]
    answer = call("why", step=step)
    assert answer["full"] is False and answer["suggestions"] == []


# ---- F5: an unknown op ------------------------------------------------------------


def test_an_unknown_op_is_not_echoed_whole() -> None:
    answer = api.handle({"op": "Q" * 5000})
    assert answer["error"]["code"] == "unknown_op"
    assert len(answer["op"]) <= 100 and len(json.dumps(answer)) < 2000
    text = json.loads(api.handle_json(json.dumps({"op": "Q" * 5000})))
    assert len(text["op"]) <= 100
    # a known op is echoed as it is, refused or not
    assert api.handle({"op": "state"})["op"] == "state"
