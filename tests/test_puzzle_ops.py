"""The puzzle operations of the API (``api.puzzle_ops``): the set given once,
a puzzle near a rating, the puzzle of the day, one by its id, the player's
card judged by the solver with every legal card's value, the hand played out
against the solver, the rating moved; and each refusal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer.api import handle, reset
from hasenpfeffer.api.puzzle_ops import daily_puzzle, reset_puzzles
from hasenpfeffer.bots.solver import Position, solve_moves
from hasenpfeffer.cards import CARDS
from hasenpfeffer.puzzle import EXAMPLE, Puzzle, read_puzzles

SET = Path(__file__).resolve().parents[1] / "data" / "puzzles" / "puzzles.json"
TEXT = SET.read_text(encoding="utf-8")
PUZZLES = {p.id: p for p in read_puzzles(TEXT)}
START = {"rating": 1500, "deviation": 350, "volatility": 0.06}


@pytest.fixture(autouse=True)
def _fresh_api() -> None:
    reset()
    reset_puzzles()


def ok(request: dict[str, Any]) -> dict[str, Any]:
    answer = handle(request)
    assert answer["ok"], answer
    return answer


def refused(request: dict[str, Any]) -> dict[str, Any]:
    answer = handle(request)
    assert not answer["ok"], answer
    error: dict[str, Any] = answer["error"]
    return error


def loaded() -> None:
    ok({"op": "puzzle_set", "text": TEXT})


def test_the_set_is_given_once_and_counted_with_its_themes() -> None:
    assert refused({"op": "puzzle_next"})["code"] == "puzzles_not_loaded"
    answer = ok({"op": "puzzle_set", "text": TEXT})
    assert answer["count"] == len(PUZZLES)
    assert answer["themes"]["ruff"] == sum("ruff" in p.themes for p in PUZZLES.values())
    # the same text again is not read again, and answers the same
    assert ok({"op": "puzzle_set", "text": TEXT})["count"] == len(PUZZLES)


@pytest.mark.parametrize("text", ["not json", "[]", '[{"id": "x"}]', 7])
def test_a_set_that_is_not_one_is_refused(text: object) -> None:
    assert refused({"op": "puzzle_set", "text": text})["code"] == "bad_request"


def test_a_puzzle_starts_with_all_hands_shown_and_its_target() -> None:
    loaded()
    p = Puzzle.from_json(EXAMPLE)
    ours = PUZZLES["s5-23"]
    state = ok({"op": "puzzle_start", "puzzle": ours.id})["puzzle"]
    assert state["all_hands_shown"] is True
    assert state["seat"] == state["turn"] == ours.to_play
    assert sorted(map(sorted, state["hands"])) == sorted(
        sorted(str(c) for c in h) for h in ours.hands
    )
    assert state["need"] == ours.need and state["tricks"] == ours.tricks_left
    assert state["target"] == "contract"
    assert sorted(state["legal"]) == sorted(str(c) for c in ours.legal())
    assert state["result"] is None and not state["over"]
    assert p.id not in PUZZLES or PUZZLES[p.id] == p


def test_next_picks_near_the_rating_and_not_one_seen() -> None:
    loaded()
    seen: list[str] = []
    for _ in range(5):
        state = ok({"op": "puzzle_next", "rating": 1900, "seen": seen})["puzzle"]
        assert state["id"] not in seen
        assert abs(state["rating"] - 1900) <= 200
        seen.append(state["id"])
    low = ok({"op": "puzzle_next", "rating": 800})["puzzle"]
    assert low["rating"] <= 1000
    themed = ok({"op": "puzzle_next", "theme": "duck"})["puzzle"]
    assert "duck" in themed["themes"]


def test_the_puzzle_of_the_day_is_the_days_alone() -> None:
    loaded()
    first = ok({"op": "puzzle_daily", "date": "2026-12-06"})
    again = ok({"op": "puzzle_daily", "date": "2026-12-06", "session": "embed-1"})
    assert first["daily"] == "2026-12-06"
    assert first["puzzle"]["id"] == again["puzzle"]["id"] == daily_puzzle("2026-12-06").id
    days = {daily_puzzle(f"2026-01-{d:02}").id for d in range(1, 29)}
    assert len(days) > 20
    assert refused({"op": "puzzle_daily", "date": "2026-02-30"})["reason_code"] == "bad_date"


def solution_and_other(p: Puzzle) -> tuple[str, str]:
    other = next(c for c in p.legal() if c not in p.solution)
    return str(p.solution[0]), str(other)


def play_out(answer: dict[str, Any]) -> dict[str, Any]:
    while not answer["puzzle"]["over"]:
        answer = ok({"op": "puzzle_play", "card": answer["puzzle"]["legal"][0]})
    return answer


@pytest.mark.parametrize("ident", ["s5-23", "s5-21"])
def test_a_solution_card_solves_and_the_rating_goes_up(ident: str) -> None:
    loaded()
    p = PUZZLES[ident]
    ok({"op": "puzzle_start", "puzzle": ident})
    right, _ = solution_and_other(p)
    answer = ok({"op": "puzzle_play", "card": right, "player": START})
    verdict = answer["verdict"]
    assert answer["puzzle"]["result"] == "solved"
    assert verdict["player"]["solved"] is True and verdict["player"]["rating"] > 1500
    # every legal card's value, from the solver
    values = solve_moves(Position.from_puzzle(p))
    assert {c["card"]: c["value"] for c in verdict["cards"]} == {
        str(CARDS[i]): v for i, v in values.items()
    }
    for card in verdict["cards"]:
        assert card["makes"] == (card["card"] in map(str, p.solution))
        assert card["reason_code"] == ("puzzle_makes" if card["makes"] else "puzzle_fails")
        assert card["card"] in card["reason"]
        # the line after it is the rest of the hand
        assert len(card["line"]) == sum(len(h) for h in p.hands) - 1
    # played out against the solver, the solution makes the target
    end = play_out(answer)["puzzle"]
    assert end["over"] and end["made"] and end["taken"] >= p.need


def test_a_wrong_card_fails_the_rating_goes_down_and_says_why() -> None:
    loaded()
    p = PUZZLES["s5-23"]
    ok({"op": "puzzle_start", "puzzle": p.id})
    _, wrong = solution_and_other(p)
    answer = ok({"op": "puzzle_play", "card": wrong, "player": START})
    assert answer["puzzle"]["result"] == "failed"
    assert answer["verdict"]["player"]["rating"] < 1500
    mine = next(c for c in answer["verdict"]["cards"] if c["card"] == wrong)
    assert not mine["makes"] and "fails" in mine["reason"]
    end = play_out(answer)["puzzle"]
    assert end["over"] and not end["made"] and end["result"] == "failed"


def test_the_others_reply_with_the_solvers_cards_until_the_player_is_to_play() -> None:
    loaded()
    p = PUZZLES["s5-23"]
    ok({"op": "puzzle_start", "puzzle": p.id})
    answer = ok({"op": "puzzle_play", "card": str(p.solution[0])})
    events = answer["events"]
    assert events[0] == {"seat": p.to_play, "card": str(p.solution[0])}
    assert all(e["seat"] != p.to_play for e in events[1:])
    assert answer["puzzle"]["turn"] == p.to_play
    # the verdict comes once, with the first card
    assert "verdict" not in ok({"op": "puzzle_play", "card": answer["puzzle"]["legal"][0]})


def test_refusals_unknown_id_no_puzzle_over_and_an_illegal_card() -> None:
    loaded()
    unknown = refused({"op": "puzzle_start", "puzzle": "no-such"})
    assert unknown["code"] == "unknown_puzzle" and unknown["reason_params"]["id"] == "no-such"
    assert refused({"op": "puzzle_play", "card": "AS"})["code"] == "no_puzzle"
    # a puzzle with a trick led, whose seat holds a card that may not be played
    p = next(
        q
        for q in PUZZLES.values()
        if q.trick and any(c not in q.legal() for c in q.hands[q.to_play])
    )
    ok({"op": "puzzle_start", "puzzle": p.id})
    bad = next(c for c in p.hands[p.to_play] if c not in p.legal())
    error = refused({"op": "puzzle_play", "card": str(bad)})
    assert error["code"] == "illegal_action" and error["reason_code"] == "must_follow"
    absent = next(c for c in CARDS if all(c not in h for h in p.hands) and c not in p.trick)
    error = refused({"op": "puzzle_play", "card": str(absent)})
    assert error["code"] == "illegal_action" and error["reason_code"] == "not_in_hand"
    assert refused({"op": "puzzle_play", "card": "XX"})["reason_code"] == "not_a_card"
    # refused cards change nothing: the puzzle is still unanswered
    state = play_out(ok({"op": "puzzle_play", "card": str(p.solution[0])}))["puzzle"]
    assert state["result"] == "solved"
    assert refused({"op": "puzzle_play", "card": "AS"})["code"] == "puzzle_over"


def test_a_puzzle_leaves_the_sessions_game_alone() -> None:
    loaded()
    game = ok({"op": "new_game", "rules": "seed", "seed": 7})
    ok({"op": "puzzle_start", "puzzle": "s5-23"})
    ok({"op": "puzzle_play", "card": "9H"})
    assert ok({"op": "state"})["save"] == game["save"]


def test_the_rules_pages_puzzles_exist_with_their_themes() -> None:
    """The rules page's "try a puzzle" links (web/rules/sections.json) name puzzles of
    the set that carry the theme they are offered for."""
    import json

    layout = json.loads((SET.parents[2] / "web" / "rules" / "sections.json").read_text())
    offered = [p for s in layout["sections"] for p in s.get("puzzles", [])]
    assert offered
    for entry in offered:
        assert entry["theme"] in PUZZLES[entry["id"]].themes, entry


def test_bad_ratings_are_refused() -> None:
    loaded()
    assert refused({"op": "puzzle_next", "rating": "high"})["code"] == "bad_request"
    ok({"op": "puzzle_start", "puzzle": "s5-23"})
    player = {"rating": 1500, "deviation": 350, "volatility": 5}
    assert refused({"op": "puzzle_play", "card": "9H", "player": player})["code"] == "bad_request"
    # nothing was played: the first card still gets its verdict
    assert ok({"op": "puzzle_play", "card": "9H", "player": START})["verdict"]["player"]


def test_nothing_of_the_puzzles_loads_with_the_api() -> None:
    """The worker's start imports the API: the puzzles' modules wait for the first
    puzzle (``puzzle_set``)."""
    import subprocess
    import sys

    code = (
        "import sys, json\n"
        "import hasenpfeffer.api as api\n"
        "api.handle_json(json.dumps({'op': 'new_game', 'seed': 1}))\n"
        "names = ('hasenpfeffer.puzzle', 'hasenpfeffer.rating')\n"
        "print(sorted(m for m in names if m in sys.modules))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
