"""The terminal game (``python -m hasenpfeffer play``) and its computer players."""

from __future__ import annotations

import copy
import io
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
import types
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer import (
    PRESETS,
    Action,
    Game,
    InvalidActionError,
    Rules,
)
from hasenpfeffer.bots.players import make_player
from hasenpfeffer.tools import cli

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"

# ---- the terminal game, run as a program ----------------------------------------------


def run_play(*args: str, stdin: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ENGINE), env.get("PYTHONPATH")]))
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "hasenpfeffer", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=ROOT,
        timeout=timeout,
    )


@pytest.mark.parametrize("preset", list(PRESETS))
def test_whole_game_answering_the_first_choice(preset: str) -> None:
    result = run_play("--seed", "3", "--rules", preset, stdin="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "Game over: " in out
    assert "Hand 1 result" in out
    assert "Your turn" in out and "1) " in out
    assert "Input ended" not in out  # the game finished before the answers ran out
    # every hand that was played out shows a summary with the running score
    assert out.count("Total    You+North") == out.count(" result ")


def test_the_same_seed_and_answers_give_the_same_game() -> None:
    first = run_play("--seed", "8", stdin="1\n" * 3000)
    second = run_play("--seed", "8", stdin="1\n" * 3000)
    assert first.stdout == second.stdout
    assert "seed 8" in first.stdout


def test_illegal_input_shows_the_reason_and_asks_again() -> None:
    result = run_play("--seed", "3", stdin="play JK\nbid 9\n99\nnonsense\nquit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    # the engine's IllegalActionError messages, then the same question again
    assert "play JK is not possible now: waiting for a bid or pass from South" in out
    assert "not an action: 'bid 9'" in out
    assert "there is no choice 99" in out
    assert "not an action: 'nonsense'" in out
    assert out.count("Your bid [") == 5
    assert "Goodbye" in out
    assert result.stderr == ""


def test_eof_exits_cleanly() -> None:
    result = run_play("--seed", "3", stdin="")
    assert result.returncode == 0
    assert "Input ended" in result.stdout
    assert result.stderr == ""
    later = run_play("--seed", "3", stdin="1\n1\n1\n")
    assert later.returncode == 0
    assert "Input ended" in later.stdout
    assert later.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_cleanly() -> None:
    env = dict(os.environ, PYTHONPATH=str(ENGINE), PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "hasenpfeffer", "play", "--seed", "3"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=ROOT,
        # a player's terminal delivers Ctrl-C; a test run started in the background of a
        # script (`make test &`) inherits SIGINT ignored, and Python then leaves it
        # ignored: give the game the terminal's default, as a player's shell does
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout is not None
    seen = b""
    # generous limits (they only bound a failure): under pytest-xdist, next to other jobs on
    # the same two cores, this process can wait long for its share of a core
    deadline = time.monotonic() + 120
    while b"> " not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 1)
        if ready:
            seen += os.read(proc.stdout.fileno(), 4096)
    assert b"> " in seen, seen
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the game has ended: closing it first would race the
    # signal with an end of input on a busy machine
    proc.wait(timeout=120)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    assert b"Interrupted" in out
    assert b"Traceback" not in err


def test_the_former_expert_level_plays_as_hard_and_says_so() -> None:
    # the first hand or so (the input then ends): the computer players' every call and card
    result = run_play("--seed", "8", "--level", "expert", stdin="1\n" * 12)
    assert result.returncode == 0
    assert result.stderr == "the level expert is now part of hard: playing at hard\n"
    assert "Input ended" in result.stdout and "wins the trick" in result.stdout
    assert result.stdout == run_play("--seed", "8", "--level", "hard", stdin="1\n" * 12).stdout


def test_bad_options_are_rejected() -> None:
    result = run_play("--rules", "bridge", stdin="")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
    result = run_play("--seed", "-4", stdin="")
    assert result.returncode == 2
    assert "seed must be" in result.stderr


# ---- pieces of the terminal game, in process --------------------------------------------


def follow_position() -> Game:
    """West leads KH (spades trump); North and East follow; South must follow with 9H."""
    hands = [
        "9H AC KC 9C TD 9D",  # South
        "KH QH AS KS QS TS",  # West
        "AH TH JC QC TC 9S",  # North
        "JH JD AD KD QD JS",  # East
    ]
    game = Game.from_deal(hands, "JK", dealer=0, seed=1)
    for action in [
        "bid 1", "pass", "pass", "pass", "trump S", "discard TS", "decline",
        "play KH", "play AH", "play JH",
    ]:  # fmt: skip
        game.apply(action)
    assert game.to_act == 0
    return game


def console(answers: str) -> tuple[cli.Console, io.StringIO]:
    out = io.StringIO()
    return cli.Console(io.StringIO(answers), out, cli.Style(color=False, fancy=True)), out


def test_an_illegal_card_gets_the_engines_reason() -> None:
    game = follow_position()
    con, out = console("AC\nplay 9D\n1\n")
    action = cli.human_turn(game, con)
    assert str(action) == "play 9H"
    text = out.getvalue()
    assert text.count("must follow hearts: you hold 9H") == 2
    assert text.count("Your card [") == 3
    # the table: scores, contract, the trick round the table and the hand by suit
    assert "Contract West 1  ·  trump ♠ spades" in text
    assert "North AH" in text and "West KH" in text and "East JH" in text
    assert "Your hand  ♣ AC KC 9C   ♦ TD 9D   ♥ 9H" in text
    assert "1) 9H" in text


def test_the_table_shows_only_what_south_may_know() -> None:
    game = follow_position()
    view = game.view(0)
    text = cli.render_table(view, cli.ordered_choices(view), cli.Style(False, True))
    for hidden in ("QH", "AS", "KS", "QS", "TS", "JC", "QC", "TC", "JD", "AD", "KD", "JK"):
        assert hidden not in text


@pytest.mark.parametrize(
    ("preset", "joker_in_widow", "expected"),
    [
        ("seed", True, "Everyone passed with the Joker in the widow: the hand is thrown in."),
        ("seed", False, "Everyone passed: East holds the Joker and must bid 3."),
        ("pepper", True, "Everyone passed: the dealer, West, must bid 3."),
    ],
)
def test_everyone_passing_is_told(preset: str, joker_in_widow: bool, expected: str) -> None:
    hands = ["9H AC KC 9C TD 9D", "KH QH AS KS QS TS", "AH TH JC QC TC 9S", "JH JD AD KD QD JS"]
    widow = "JK"
    if not joker_in_widow:  # East holds it
        hands[3] = hands[3].replace("JS", "JK")
        widow = "JS"
    game = Game.from_deal(hands, widow, dealer=1, rules=Rules.preset(preset), seed=1)
    con, out = console("")
    for _ in range(4):
        seat = game.to_act
        assert seat is not None
        before = game.view(0)
        game.apply("pass")
        cli.report(seat, Action.parse("pass"), before, game.view(0), con)
    assert expected in out.getvalue()
    assert "You pass." in out.getvalue() and "West passes." in out.getvalue()


@pytest.mark.parametrize(
    ("text", "phase", "expected"),
    [
        ("2", "bidding", "bid 3"),
        ("#1", "bidding", "pass"),
        ("p", "bidding", "pass"),
        ("Bid 4", "bidding", "bid 4"),
        ("little", "bidding", "bid little"),
        ("h", "trump", "trump H"),
        ("Spades", "trump", "trump S"),
        ("♦", "trump", "trump D"),
        ("trump clubs", "trump", "trump C"),
        ("jd", "play", "play JD"),
        ("10h", "play", "play TH"),
        ("9c", "discard", "discard 9C"),
        ("y", "alone", "alone"),
        ("no", "defend_alone", "decline"),
        ("PLAY  js", "play", "play JS"),
    ],
)
def test_answers_are_understood(text: str, phase: str, expected: str) -> None:
    choices = [Action.parse(a) for a in ("pass", "bid 3", "bid 4", "bid 5", "bid 6")]
    assert str(cli.interpret(text, phase, choices)) == expected


def test_a_bare_number_off_the_list_is_a_bid() -> None:
    choices = [Action.parse(a) for a in ("pass", "bid 5", "bid 6")]
    assert str(cli.interpret("3", "bidding", choices)) == "bid 6"  # choice 3
    assert str(cli.interpret("4", "bidding", choices)) == "bid 4"  # the engine will refuse it
    with pytest.raises(InvalidActionError, match="no choice 9"):
        cli.interpret("9", "bidding", choices)
    with pytest.raises(InvalidActionError, match="no choice 4"):
        cli.interpret("#4", "bidding", choices)


def test_bench_is_imported_only_when_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    code = "import sys, hasenpfeffer.tools.cli; print('hasenpfeffer_devtools.bench' in sys.modules)"
    env = dict(os.environ, PYTHONPATH=str(ENGINE))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "False"
    received: list[list[str]] = []

    def fake_main(argv: list[str]) -> int:
        received.append(argv)
        return 7

    fake = types.ModuleType("hasenpfeffer_devtools.bench")
    fake.main = fake_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "hasenpfeffer_devtools.bench", fake)
    assert cli.main(["bench", "--vs-openspiel", "-n", "3"]) == 7
    assert received == [["--vs-openspiel", "-n", "3"]]


def test_a_developer_tool_missing_is_said_plainly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # an installed wheel has no developer tools: arena and bench say where they are
    monkeypatch.setitem(sys.modules, "hasenpfeffer_devtools", None)
    for command in ("arena", "bench"):
        monkeypatch.setitem(sys.modules, f"hasenpfeffer_devtools.{command}", None)
        assert cli.main([command, "--help"]) == 2
        assert "pip install -e ./devtools" in capsys.readouterr().err


# ---- the terminal game's computer players (the medium level) ------------------------

BOT = make_player("medium", 0)


def random_positions(preset: str, games: int) -> list[dict[str, Any]]:
    """Views of the player to act, from games where everyone plays at random
    (half the time) or as the medium bot."""
    views = []
    for seed in range(games):
        rnd = random.Random(f"{preset}/{seed}")
        game = Game.new(Rules.preset(preset), seed=seed)
        for _ in range(300):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            views.append(view)
            if rnd.random() < 0.5:
                game.apply(BOT.choose(view))
            else:
                game.apply(rnd.choice(game.legal_actions()))
    return views


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_bot_always_chooses_a_legal_action(preset: str) -> None:
    views = random_positions(preset, 25)
    phases = set()
    for view in views:
        action = BOT.choose(view)
        assert action in view["legal_actions"], (action, view)
        phases.add(view["phase"])
    expected = {"bidding", "trump", "discard", "play"}
    if Rules.preset(preset).going_alone:
        expected |= {"alone", "defend_alone"}
    assert phases == expected


def test_the_bot_decides_only_from_the_view() -> None:
    for view in random_positions("seed-pepper", 6)[:600]:
        before = copy.deepcopy(view)
        action = BOT.choose(view)
        assert view == before  # the view is not changed
        assert BOT.choose(json.loads(json.dumps(view))) == action  # JSON is enough
        assert BOT.choose(copy.deepcopy(view)) == action
    # two deals that differ only in cards South cannot see: the same decision
    south = "9H AC KC 9C TD 9D"
    hands_a = [south, "KH QH AS KS QS TS", "AH TH JC QC TC 9S", "JH JD AD KD QD JS"]
    hands_b = [south, "JH JD AD KD QD JS", "KH QH AS KS QS TS", "AH TH JC QC TC 9S"]
    game_a = Game.from_deal(hands_a, "JK", dealer=3, seed=1)
    game_b = Game.from_deal(hands_b, "JK", dealer=3, seed=1)
    assert game_a.view(0) == game_b.view(0)
    assert BOT.choose(game_a.view(0)) == BOT.choose(game_b.view(0))


def test_the_bot_refuses_a_view_without_a_decision() -> None:
    game = Game.new(seed=1)
    idle = (game.to_act or 0) + 1
    with pytest.raises(ValueError, match="nothing to decide"):
        BOT.choose(game.view(idle % 4))


def bot_team_wins(preset: str, seed: int, bot_team: int, max_hands: int = 30) -> bool:
    """One game: the medium bots as ``bot_team`` against random-legal players.
    Stopped after ``max_hands`` hands (bad players can bid forever): then the
    higher score wins."""
    rnd = random.Random(seed)
    game = Game.new(Rules.preset(preset), seed=seed)
    while not game.is_over and game.hand_number < max_hands:
        seat = game.to_act
        assert seat is not None
        if seat % 2 == bot_team:
            game.apply(BOT.choose(game.view(seat)))
        else:
            game.apply(rnd.choice(game.legal_actions()))
    if game.winner is not None:
        return game.winner == bot_team
    return game.scores[bot_team] > game.scores[1 - bot_team]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_bots_beat_random_players(preset: str) -> None:
    games = 40
    wins = sum(bot_team_wins(preset, seed, bot_team=seed % 2) for seed in range(games))
    assert wins >= 0.7 * games, f"{wins} of {games}"
