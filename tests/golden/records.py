"""Golden records of the engine's behaviour: seeded full games and the API's
answers to a fixed script of requests.

``tests/test_golden.py`` recomputes both and compares them byte for byte with
``games.hpn`` and ``api.jsonl`` beside this file, so any change in what the
rules allow, in how a computer player decides, or in what the browser API
answers shows up as a diff. Regenerate only after a deliberate change, and
review the diff:

    .venv/bin/python tests/golden/records.py

Only public entry points are used (``hasenpfeffer.Game``, the levels'
``make_player``, ``hasenpfeffer.api.handle``), so the records survive moving
modules around.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from hasenpfeffer import api
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.game import Game
from hasenpfeffer.notation import game_to_text
from hasenpfeffer.puzzle import EXAMPLE
from hasenpfeffer.rules import PRESETS

HERE = Path(__file__).resolve().parent
GAMES = HERE / "games.hpn"
API_SCRIPT = HERE / "api.jsonl"

#: Every computer level, each paired with every level (itself included).
LEVELS = ("random", "easy", "medium", "hard", "oracle")
PAIRS = tuple((a, b) for i, a in enumerate(LEVELS) for b in LEVELS[i:])
#: Each game is cut after this many hands: 38 of the 60 end before, the game's end
#: included; the cut ones are the long games between unequal levels, whose later
#: hands add time (a hard player's hand costs about a second), not new kinds of decision.
MAX_HANDS = 6
#: A game with a hard player is cut after this many hands: its 20 games still hold
#: 40 of its hands, each about a second of one core (a hard player's hand searches).
HARD_HANDS = 2


def hands_played(level_a: str, level_b: str) -> int:
    """Where a game between the two levels is cut (the hands dealt at most)."""
    return HARD_HANDS if "hard" in (level_a, level_b) else MAX_HANDS


def play(preset: str, level_a: str, level_b: str, seed: int) -> str:
    """One seeded game, ``level_a`` in seats 0 and 2, as the game's text."""
    game = Game.new(PRESETS[preset], seed=seed)
    levels = [level_a if seat % 2 == 0 else level_b for seat in range(4)]
    players = [make_player(levels[seat], seed * 8 + seat) for seat in range(4)]
    cut = hands_played(level_a, level_b)
    while not game.is_over and game.hand_number < cut:
        seat = game.to_act
        assert seat is not None
        player = players[seat]
        view = game.view(seat)
        full = game.copy() if player.needs_game else None
        action = player.choose(view, game=full) if full is not None else player.choose(view)
        game.apply(action)
    return game_to_text(game)


def game_tasks(presets: tuple[str, ...] = tuple(PRESETS)) -> list[tuple[str, str, str, int]]:
    """The games of ``games.hpn``: (preset, level N S, level E W, seed) each, in order."""
    return [(preset, a, b, 1000 + n) for preset in presets for n, (a, b) in enumerate(PAIRS)]


def game_text(task: tuple[str, str, str, int]) -> str:
    """One game of ``games.hpn``, its text under its header line."""
    preset, a, b, seed = task
    return f"# {preset}: {a} (N S) against {b} (E W), seed {seed}\n{play(*task)}"


def games_text(jobs: int = 2) -> str:
    """Every pair of levels under every preset, one seeded game each: ``games.hpn``."""
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return "\n".join(pool.map(game_text, game_tasks()))


def recorded_game(task: tuple[str, str, str, int]) -> str | None:
    """The text ``games.hpn`` holds for one game (None if it holds none)."""
    preset, a, b, seed = task
    texts = re.split(rf"\n(?=# (?:{'|'.join(PRESETS)}): )", GAMES.read_text())
    header = f"# {preset}: {a} (N S) against {b} (E W), seed {seed}\n"
    found = [text for text in texts if text.startswith(header)]
    return found[0] if len(found) == 1 else None


# ---- the API script -----------------------------------------------------------------

#: Keys of an answer that measure time, not behaviour.
_TIMED = ("think_ms",)


def _stable(answer: dict[str, Any]) -> dict[str, Any]:
    for key in _TIMED:
        if key in answer:
            answer[key] = "<ms>"
    return answer


def _requests() -> Iterator[dict[str, Any] | str]:
    """The fixed script; a request may depend on the answer before it, so it is
    a generator fed by ``api_script``."""
    yield {"op": "api_version"}
    yield "{not json"
    yield {"op": "nope"}
    yield {"op": "state", "v": 2}
    yield {"op": "state"}
    yield {"op": "rules_info"}
    for trump in ("C", "D", "H", "S", "♥", "Q"):
        yield {"op": "ranking", "trump": trump}
        yield {"op": "rules_info", "trump": trump}
    yield {"op": "trick", "trump": "H", "lead": "AS", "hand": "JD 9S KH TC"}
    yield {"op": "trick", "trump": "D", "lead": "JH", "played": "9D", "hand": "JK AD AH QS"}
    yield {"op": "trick", "trump": "C", "lead": "9H", "played": ["TH", "JS"], "hand": ["AH", "JC"]}
    yield {"op": "trick", "trump": "S", "lead": "XX", "hand": "AS"}
    yield {"op": "trick", "trump": "S", "lead": "AS", "hand": "AS KS"}
    yield {"op": "legal", "seed": 10}
    yield {"op": "legal", "trump": "D", "lead": "JH", "hand": "JK AD AH QS 9C"}
    yield {"op": "legal", "trump": "S", "lead": "AH", "hand": "KS TC"}
    yield {"op": "legal", "seed": -1}
    yield {"op": "scoring", "call": "3", "tricks": 4}
    yield {"op": "scoring", "call": 2, "tricks": 1, "alone": True, "rules": "traditional"}
    yield {"op": "scoring", "call": "big", "tricks": 6, "alone": "true", "defender": "true"}
    yield {"op": "scoring", "call": "little", "tricks": 5, "rules": "pepper"}
    yield {"op": "scoring", "call": "7", "tricks": 3}
    yield {"op": "scoring", "call": "3", "tricks": 2, "defender": True}
    yield {"op": "replay", "seed": 5}
    yield {"op": "replay", "seed": 6, "rules": "traditional"}
    yield {"op": "replay", "hpn": "HPN 1 hand"}
    yield {"op": "new_game", "rules": "nonsense"}
    yield {"op": "new_game", "rules": "seed", "seed": 11, "levels": ["human", "cat"]}


def _human_game(preset: str, seed: int, levels: list[str], hints: bool) -> Iterator[Any]:
    """A game where the human always takes the first legal option (with a hint
    and an illegal try on the way), up to its end."""
    state = yield {"op": "new_game", "rules": preset, "seed": seed, "levels": levels}
    state = state["answer"]
    turns = 0
    while state["to_act"] is not None and turns < 400:
        turns += 1
        if state["human_to_move"]:
            legal = [o["action"] for o in state["options"] if o["legal"]]
            illegal = [o["action"] for o in state["options"] if not o["legal"]]
            if hints and turns % 3 == 0:
                yield {"op": "hint"}
                yield {"op": "hint", "level": "medium"}
            if illegal and turns % 2 == 0:
                yield {"op": "act", "action": illegal[0]}
            if turns % 11 == 0:
                yield {"op": "bot_step"}
            answer = yield {"op": "act", "action": legal[0]}
            if turns % 7 == 0:
                answer = yield {"op": "undo"}
                answer = yield {"op": "act", "action": legal[-1]}
        else:
            if turns % 13 == 0:
                yield {"op": "act", "action": "pass"}
            answer = yield {"op": "bot_step"}
        state = answer["answer"]["state"]
    yield {"op": "bot_step"}
    yield {"op": "act", "action": "pass"}


def _script() -> Iterator[Any]:
    yield from _requests()
    yield from _human_game("seed", 21, ["human", "medium", "hard", "medium"], hints=True)
    yield {"op": "review"}  # the last finished hand, for the human's seat
    yield {"op": "why", "step": 1}  # a finished hand's decision: explained in full
    yield {"op": "review", "seat": 7}
    answer = yield {"op": "state", "seat": 2}
    save = answer["answer"]["save"]
    yield {"op": "load", "save": save}
    yield {"op": "load", "save": save[:40]}
    yield {"op": "load", "save": 7}
    yield {"op": "set_levels", "levels": ["human", "easy", "random", "easy"]}
    yield {"op": "state", "seat": 9}
    yield from _human_game("traditional", 22, ["human", "easy", "medium", "random"], hints=False)
    yield from _human_game("seed-pepper", 23, ["human", "random", "medium", "easy"], hints=False)
    answer = yield {"op": "new_game", "rules": "pepper", "seed": 24, "session": "emb-1"}
    yield {"op": "state", "session": "emb-1"}
    yield {"op": "state", "session": "bad session!"}
    yield {"op": "replay", "hpn": answer["answer"]["save"]}
    yield {"op": "close_session", "session": "emb-1"}
    yield {"op": "close_session", "session": "emb-1"}
    yield {"op": "state", "session": "emb-1"}
    yield {"op": "new_game", "rules": {"preset": "traditional", "target": 15}, "seed": 25}
    yield {"op": "rules_info"}
    yield {"op": "rules_info", "rules": {"preset": "pepper", "target": 7}}
    yield {"op": "rules_info", "rules": {"going_alone": False, "lone_defender": True}}
    yield {"op": "state"}
    yield {"op": "bot_step"}
    yield {"op": "why"}  # the latest computer player's decision, by its own procedure
    yield {"op": "why", "step": 99}
    yield {"op": "set_open_hands", "open_hands": True}  # practice: every card, "Why?" in full
    yield {"op": "why"}
    yield {"op": "set_open_hands", "open_hands": "yes"}
    yield {"op": "set_open_hands", "open_hands": False}
    yield {"op": "daily_result", "date": "2026-12-01", "level": "oracle"}
    yield {"op": "daily", "date": "2026-12-01"}
    yield {"op": "daily", "date": "2026-02-30"}
    # puzzles (issue 52): none until the set is given; a set of two
    yield {"op": "puzzle_next"}
    yield {"op": "puzzle_set", "text": f"[{EXAMPLE}, {_SECOND_PUZZLE}]"}
    yield {"op": "puzzle_next", "rating": 1300, "seen": ["p2-23"], "seed": 1}
    yield {"op": "puzzle_daily", "date": "2026-12-01"}
    yield {"op": "puzzle_start", "puzzle": "no-such"}
    yield {"op": "puzzle_play", "card": "AS", "session": "emb-p"}
    yield {"op": "puzzle_start", "puzzle": "s5-21"}
    yield {"op": "puzzle_play", "card": "TH"}  # South's card, not East's: refused
    yield {"op": "puzzle_play", "card": "9S", "player": {"rating": 1500, "deviation": 350}}
    yield {"op": "puzzle_play", "card": "AH"}
    yield {"op": "puzzle_play", "card": "QH"}
    yield {"op": "puzzle_play", "card": "QH"}  # the hand is over


#: A second puzzle for the script's set (from data/puzzles/puzzles.json): East, a trick led.
_SECOND_PUZZLE = (
    '{"id": "s5-21", "rules": "seed", "trump": "D", "to_play": 3, "hands": [["TH", "QS", "TS"], '
    '["9H", "KS"], ["KH", "AS"], ["AH", "QH", "9S"]], "trick": {"leader": 1, "cards": ["TD", '
    '"JS"]}, "need": 3, "solution": ["9S"], "rating": 800, "themes": [], "source": {"seed": 5, '
    '"hand": 1, "step": 21, "maker": 1, "bid": 5}}'
)


def api_script() -> str:
    """The script's requests and answers, one JSON line each."""
    api.reset()
    lines = []
    script = _script()
    answer: dict[str, Any] | None = None
    try:
        request = next(script)
        while True:
            if isinstance(request, str):
                text = api.handle_json(request)
            else:
                text = api.handle_json(json.dumps(request))
            answer = _stable(json.loads(text))
            lines.append(json.dumps({"request": request, "answer": answer}, sort_keys=True))
            request = script.send({"answer": answer})
    except StopIteration:
        pass
    finally:
        api.reset()
    return "\n".join(lines) + "\n"


def main() -> None:
    GAMES.write_text(games_text())
    API_SCRIPT.write_text(api_script())
    print(f"wrote {GAMES} and {API_SCRIPT}", file=sys.stderr)


if __name__ == "__main__":
    main()
