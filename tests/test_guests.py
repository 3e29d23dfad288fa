"""Guests stay guests (issue 47): the engine keeps the one list of the table's
guests (its ``remote`` seats) whatever the page asks, refuses an undo once a
guest has seen what came after it, never seats a guest at a deal that was seen
with open hands or at a seat whose cards of the deal were seen at the host's
device, and no review shows a thrown-in hand's hidden cards."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hasenpfeffer import api
from hasenpfeffer.game import Game

#: A deal whose first hand is thrown in when every seat passes (seed rules).
THROWN_IN_SEED = 25
CARD = re.compile(r"\b(?:[9TJQKA][CDHS]|JK)\b")


@pytest.fixture(autouse=True)
def fresh_sessions(monkeypatch: pytest.MonkeyPatch) -> Any:
    # the secret deals of these tests are fixed, so each runs the same game every time
    # (the keys still 128 bits, only not random)
    from hasenpfeffer.api import game_ops

    keys = iter(bytes([n]) * 16 for n in range(1, 256))
    monkeypatch.setattr(game_ops, "_secret_key", lambda: next(keys))
    api.reset()
    yield
    api.reset()


def call(op: str, **args: Any) -> dict[str, Any]:
    answer = api.handle({"op": op, **args})
    assert answer["ok"], answer
    return answer


def refused(op: str, **args: Any) -> dict[str, Any]:
    before = api.handle({"op": "state"})
    answer = api.handle({"op": op, **args})
    assert not answer["ok"], answer
    after = api.handle({"op": "state"})
    assert after == before  # nothing changed
    error: dict[str, Any] = answer["error"]
    return error


def guest_table(levels: list[str] | None = None) -> dict[str, Any]:
    """A secret deal with West's guest seated (the host in South)."""
    levels = levels or ["human", "human", "medium", "medium"]
    return call("new_game", levels=levels, remote=[1])


# ---- N1: one list of guests ------------------------------------------------------


def test_set_levels_without_remote_keeps_the_guests_or_refuses() -> None:
    guest_table()
    # the Settings form's stored levels: a computer player at the guest's seat
    error = refused("set_levels", levels=["human", "hard", "easy", "easy"])
    assert error["code"] == "guest_seated"
    assert error["reason_params"] == {"seat": 1}
    kept = call("set_levels", levels=["human", "human", "easy", "easy"])
    assert kept["remote"] == [1] and kept["levels"][2] == "easy"
    released = call("set_levels", levels=["human", "hard", "easy", "easy"], remote=[])
    assert released["remote"] == []


def test_new_game_keeps_the_guests_with_a_fresh_secret_deal_or_releases_them() -> None:
    first = guest_table()
    again = call("new_game", levels=["human", "human", "medium", "medium"])
    assert again["remote"] == [1] and again["secret_deal"]
    assert again["save"] != first["save"]
    assert refused("new_game", levels=["human", "medium", "medium", "medium"])["code"] == (
        "guest_seated"
    )
    # never a known seed with guests: refused, the guests kept
    error = refused("new_game", levels=["human", "human", "medium", "medium"], seed=12)
    assert error["code"] == "deal_not_secret"
    assert call("state")["remote"] == [1]
    assert refused("new_game", levels=["human"] * 4, open_hands=True)["code"] == (
        "open_hands_guests"
    )
    # released explicitly: a known seed is fine then
    alone = call("new_game", levels=["human", "medium", "medium", "medium"], seed=12, remote=[])
    assert alone["remote"] == [] and not alone["secret_deal"]


def test_load_without_remote_keeps_the_guests() -> None:
    table = guest_table()
    save = table["save"]
    error = refused("load", save=save, levels=["human", "hard", "hard", "hard"], secret_deal=True)
    assert error["code"] == "guest_seated"
    # a known deal is refused with the guests kept
    error = refused("load", save=save, levels=["human", "human", "hard", "hard"])
    assert error["code"] == "deal_not_secret"
    kept = call("load", save=save, levels=["human", "human", "hard", "hard"], secret_deal=True)
    assert kept["remote"] == [1]


def test_the_deal_of_the_day_never_seats_guests() -> None:
    guest_table()
    assert refused("daily", date="2026-12-05")["code"] == "deal_not_secret"
    released = call("daily", date="2026-12-05", remote=[])
    assert released["remote"] == []


# ---- N2: undo with guests --------------------------------------------------------


def _step(state: dict[str, Any]) -> dict[str, Any]:
    """One move by whoever is to act: the host's, a guest's or a computer
    player's first legal action (a computer player's own choice)."""
    cur = state["to_act"]
    if state["human_to_move"]:
        return call("act", action=state["view"]["legal_actions"][0])["state"]
    if state["remote_to_move"]:
        guest = call("state", seat=cur)
        return call("act", action=guest["view"]["legal_actions"][0], seat=cur)["state"]
    return call("bot_step")["state"]


def _host_acted_then(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Play on until the host (South) has just decided and ``seat`` is to act."""
    for _ in range(1000):
        if state["to_act"] is None:  # the game is over: another one, the same guests
            state = call("new_game", levels=state["levels"], remote=state["remote"])
        host = state["human_to_move"]
        state = _step(state)
        if host and state["to_act"] == seat:
            return state
    pytest.fail(f"{seat} never acted right after the host")


def test_undo_is_refused_once_another_seat_acted_after_the_decision() -> None:
    # East's guest; a computer player in West acts right after the host
    state = call("new_game", levels=["human", "medium", "medium", "human"], remote=[3])
    state = _host_acted_then(state, 1)
    assert state["can_undo"] is True  # nobody has seen what came of it yet
    acted = state["actions"]
    state = call("bot_step")["state"]
    assert state["can_undo"] is False
    error = refused("undo")
    assert error["code"] == "undo_guests"
    assert error["reason_params"] == {"seat": 1}
    assert state["actions"] == acted + 1


def test_undo_with_a_guest_seated_before_anyone_else_acted_still_works() -> None:
    state = call("new_game", levels=["human", "medium", "medium", "human"], remote=[3])
    state = _host_acted_then(state, 1)
    before = state["actions"] - 1
    assert call("undo")["state"]["actions"] == before


def test_a_guests_decision_after_the_hosts_is_never_undone() -> None:
    state = call("new_game", levels=["human", "human", "medium", "medium"], remote=[1])
    state = _host_acted_then(state, 1)
    state = _step(state)  # the guest's
    assert state["can_undo"] is False
    assert refused("undo")["code"] == "not_your_decision"


def test_without_guests_undo_still_takes_back_past_the_computer_players() -> None:
    state = call("new_game", seed=4, levels=["human", "medium", "medium", "medium"])
    while not state["human_to_move"]:
        state = call("bot_step")["state"]
    state = call("act", action=state["view"]["legal_actions"][0])["state"]
    state = call("bot_step")["state"]
    assert state["can_undo"] and call("undo")["ok"]


# ---- N3: a deal seen with open hands ---------------------------------------------


def test_a_deal_once_seen_open_never_seats_guests() -> None:
    call("new_game", levels=["human", "human", "medium", "medium"])
    call("set_open_hands", open_hands=True)
    off = call("set_open_hands", open_hands=False)
    assert off["opened_deals"] == [0]
    error = refused("set_levels", levels=["human", "human", "medium", "medium"], remote=[1])
    assert error["code"] == "open_hands_deal"
    # restored from its save, the record of it comes back with it
    save = off["save"]
    error = refused(
        "load",
        save=save,
        levels=["human", "human", "medium", "medium"],
        remote=[1],
        secret_deal=True,
        opened_deals=[0],
    )
    assert error["code"] == "open_hands_deal"


def test_open_hands_on_the_next_deals_are_recorded_as_they_come() -> None:
    levels = ["human", "medium", "medium", "medium"]
    state = call("new_game", levels=levels, open_hands=True)
    while state["view"]["hand_number"] < 1:
        if state["to_act"] is None:  # won in its first hand: another deal
            state = call("new_game", levels=levels, open_hands=True)
        state = _step(state)
    assert state["opened_deals"] == [0, 1]


def test_a_refused_open_hands_marks_nothing() -> None:
    guest_table()
    assert refused("set_open_hands", open_hands=True)["code"] == "open_hands_guests"
    assert call("state")["opened_deals"] == []


# ---- G1: a deal whose hidden cards this device has seen -----------------------


def _until_to_act(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Play on (first legal actions) until ``seat`` is to act on the first deal."""
    for _ in range(200):
        if state["to_act"] == seat:
            return state
        state = _step(state)
    pytest.fail(f"{seat} never came to act")


def test_a_seat_whose_hand_was_shown_here_takes_no_guest_on_that_deal() -> None:
    # pass-and-play: South and West at one device; West's hand is shown in its turn
    levels = ["human", "human", "medium", "medium"]
    state = _until_to_act(call("new_game", levels=levels), 1)
    assert state["seen_seats"] == [0, 1]
    error = refused("set_levels", levels=levels, remote=[1])
    assert error["code"] == "deal_seen"
    assert error["reason_code"] == "deal_seen" and error["reason_params"] == {"seat": 1}
    # a seat this device never saw still takes a guest mid-deal
    assert call("set_levels", levels=["human", "human", "human", "medium"], remote=[2])["ok"]
    # a new game starts unseen (West a computer player now: not shown here)
    fresh = call("new_game", levels=["human", "medium", "medium", "medium"], remote=[])
    assert fresh["seen_seats"] == [0]
    assert call("set_levels", levels=levels, remote=[1])["remote"] == [1]


def test_an_undo_past_what_others_did_marks_every_seat_of_the_deal_seen() -> None:
    levels = ["human", "medium", "medium", "medium"]
    # a long game: its first hand never ends it
    long_game = {"preset": "seed", "target": 100}
    state = _host_acted_then(call("new_game", levels=levels, rules=long_game), 1)
    state = call("bot_step")["state"]  # West answers the host's decision
    assert call("undo")["state"]["seen_seats"] == [0, 1, 2, 3]
    error = refused("set_levels", levels=["human", "human", "medium", "medium"], remote=[1])
    assert error["code"] == "deal_seen"
    # kept in the save's record: a reload does not forget it
    state = call("state")
    error = refused(
        "load",
        save=state["save"],
        levels=["human", "human", "medium", "medium"],
        remote=[1],
        secret_deal=True,
        seen_seats=state["seen_seats"],
    )
    assert error["code"] == "deal_seen"
    # the next deal starts unseen: the guest takes the seat there
    while state["view"]["hand_number"] == 0 and state["to_act"] is not None:
        state = _step(state)
    assert state["seen_seats"] == [0]
    seated = call("set_levels", levels=["human", "human", "medium", "medium"], remote=[1])
    assert seated["remote"] == [1]


def test_an_undo_before_anyone_else_acted_shows_nothing_and_marks_nothing() -> None:
    levels = ["human", "medium", "medium", "medium"]
    _host_acted_then(call("new_game", levels=levels), 1)
    assert call("undo")["state"]["seen_seats"] == [0]
    seated = call("set_levels", levels=["human", "human", "medium", "medium"], remote=[1])
    assert seated["remote"] == [1]


@pytest.mark.parametrize("value", ["1", [4], [True], [0, 1, 2, 3, 0], {"0": 1}])
def test_load_refuses_seen_seats_that_are_not_seats(value: object) -> None:
    state = call("new_game", levels=["human", "medium", "medium", "medium"])
    error = refused(
        "load", save=state["save"], levels=state["levels"], secret_deal=True, seen_seats=value
    )
    assert error["code"] == "bad_request"


def test_a_named_seat_decides_only_for_a_guest() -> None:
    # pass-and-play South and North: a refused guest's message names North's seat
    levels = ["human", "medium", "human", "medium"]
    state = _until_to_act(call("new_game", levels=levels), 2)
    assert refused("set_levels", levels=levels, remote=[2])["code"] == "deal_seen"
    legal = call("state")["view"]["legal_actions"]
    error = refused("act", action=legal[0], seat=2)
    assert error["code"] == "not_your_turn"
    # nor may a named seat probe North's hand: no reason code tells what it holds
    error = refused("act", action="play AS", seat=2)
    assert error["code"] == "not_your_turn" and "reason_code" not in error
    # the page's own click decides for North, as before
    assert call("act", action=legal[0])["state"]["actions"] == state["actions"] + 1


def test_a_guests_view_is_given_only_for_a_guests_seat() -> None:
    guest_table()
    assert call("state", seat=1, guest=True)["seat"] == 1
    for seat in (0, 2, 3):
        assert refused("state", seat=seat, guest=True)["code"] == "not_a_guest"
    assert refused("state", guest=True)["code"] == "not_a_guest"
    assert refused("state", seat=1, guest="yes")["code"] == "bad_request"
    # asked so, a computer player's seat is never counted as seen here
    assert call("state")["seen_seats"] == [0]


def test_after_the_deal_a_released_guest_seat_may_go_to_a_person_here() -> None:
    levels = ["human", "human", "medium", "medium"]
    call("new_game", levels=levels, remote=[1], rules={"preset": "seed", "target": 100})
    state = call("set_levels", levels=["human", "easy", "medium", "medium"], remote=[])
    while state["view"]["hand_number"] == 0 and state["to_act"] is not None:
        state = _step(state)
    assert state["to_act"] is not None  # the next deal, West a computer player's all of it
    assert call("set_levels", levels=levels)["levels"][1] == "human"


def test_a_released_guest_seat_goes_to_a_computer_player_not_a_person_here() -> None:
    guest_table(["human", "human", "human", "medium"])  # West's guest; North a person here
    levels = ["human", "human", "human", "medium"]
    error = refused("set_levels", levels=levels, remote=[])
    assert error["code"] == "guest_hand_hidden"
    assert error["reason_code"] == "guest_hand_hidden" and error["reason_params"] == {"seat": 1}
    released = call("set_levels", levels=["human", "easy", "human", "medium"], remote=[])
    assert released["remote"] == [] and released["levels"][1] == "easy"
    # nor, in two steps, a person in place of the computer player that took it
    assert refused("set_levels", levels=levels)["code"] == "guest_hand_hidden"
    # nor after a reload: the seats guests played come back with the save's record
    state = call("state")
    assert state["held_seats"] == [1]
    restored = {"save": state["save"], "secret_deal": True, "held_seats": state["held_seats"]}
    assert refused("load", levels=levels, **restored)["code"] == "guest_hand_hidden"
    assert call("load", levels=state["levels"], **restored)["held_seats"] == [1]
    # a new game may seat a person there
    assert call("new_game", levels=levels, remote=[])["remote"] == []


# ---- N4: a thrown-in hand --------------------------------------------------------


def _thrown_in_game() -> dict[str, Any]:
    state = call("new_game", seed=THROWN_IN_SEED, levels=["human"] * 4)
    while not state["view"]["last_hand"]:
        state = call("act", action="pass")["state"]
    assert state["view"]["last_hand"]["thrown_in"]
    return state


def test_the_review_of_a_thrown_in_hand_shows_the_reviewers_own_hand_only() -> None:
    state = _thrown_in_game()
    seat = state["seat"]
    game = Game.from_json(state["save"]).replayed(0)
    own = {str(c) for c in game.hand(seat)}
    widow = state["view"]["last_hand"].get("widow")  # public only when it is the Joker
    answer = call("review")
    assert answer["seat"] == seat and answer["thrown_in"] and answer["hpn"] is None
    assert answer["frames"] and all(
        frame["hands"][s] == [] for frame in answer["frames"] for s in range(4) if s != seat
    )
    assert set(answer["frames"][0]["hands"][seat]) == own
    named = set(CARD.findall(json.dumps(answer)))
    assert named <= own | ({widow} if widow else set()), named - own
    # another seat's review of it would show that seat's cards: refused
    other = (seat + 1) % 4
    error = refused("review", seat=other)
    assert error["code"] == "bad_request" and "thrown in" in error["message"]


def test_the_review_of_a_played_hand_still_gives_its_text() -> None:
    state = call("new_game", seed=3, levels=["human", "random", "random", "random"])
    while not state["view"]["last_hand"]:
        if state["human_to_move"]:
            state = call("act", action=state["view"]["legal_actions"][0])["state"]
        else:
            state = call("bot_step")["state"]
    answer = call("review")
    if not answer["thrown_in"]:
        assert answer["hpn"].startswith("HPN 1 hand") and "frames" not in answer


# ---- N7: a secret deal -----------------------------------------------------------


def test_a_secret_deal_is_keyed_by_128_random_bits_and_reproduced_from_its_save() -> None:
    from hasenpfeffer.dealing import SECRET_BYTES, secret_seed, shuffled_deck

    first = call("new_game", levels=["human", "human", "medium", "medium"], remote=[1])
    second = call("new_game", levels=["human", "human", "medium", "medium"])
    saves = [json.loads(a["save"]) for a in (first, second)]
    keys = [bytes.fromhex(save["secret"]) for save in saves]
    assert all(len(k) == SECRET_BYTES for k in keys) and keys[0] != keys[1]
    for save, key in zip(saves, keys, strict=True):
        assert save["seed"] == secret_seed(key)
        game = Game.from_json(save)
        assert game.secret == key
        # every hand of it comes from the key: the same from the save, another
        # without it (the seed alone deals something else)
        for number in range(4):
            assert shuffled_deck(game.seed, number, key) == shuffled_deck(game.seed, number, key)
            assert shuffled_deck(game.seed, number, key) != shuffled_deck(game.seed, number)
    # the game replayed from its save is the same game, hand after hand (the
    # second game, the session's now, kept West's guest)
    assert second["remote"] == [1]
    state = second
    for _ in range(60):
        if state["to_act"] is None:
            break
        state = _step(state)
    again = Game.from_json(state["save"])
    assert again.to_json() == state["save"]


def test_a_save_whose_secret_is_damaged_is_refused() -> None:
    save = json.loads(call("new_game")["save"])
    for bad in ("00" * 15, "zz" * 16, 12, "00" * 17):
        refused("load", save={**save, "secret": bad})
    # a seed that is not the secret's
    refused("load", save={**save, "seed": save["seed"] ^ 1})


def test_a_game_with_a_known_seed_is_saved_as_before() -> None:
    save = json.loads(call("new_game", seed=12)["save"])
    assert "secret" not in save and save["seed"] == 12


def test_each_secret_deal_has_a_fresh_key_of_the_systems_randomness(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()  # the engine's own keys, not the fixed ones of the other tests
    keys = {json.loads(call("new_game")["save"])["secret"] for _ in range(8)}
    assert len(keys) == 8 and all(len(bytes.fromhex(k)) == 16 for k in keys)
