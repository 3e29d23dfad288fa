"""Puzzles (``hasenpfeffer.puzzle``, docs/puzzles.md) played through the API.

The set is not in the engine: the page reads it (``puzzles/puzzles.json``)
when the player first opens puzzles and hands its text over once
(``puzzle_set``); until then every other puzzle op is refused
(``puzzles_not_loaded``), so nothing of the puzzles loads at start-up.

``puzzle_next`` starts a puzzle near a rating (not one of ``seen``),
``puzzle_daily`` the puzzle of a date (the same for everyone: from the date's
text alone, as the deal of the day), ``puzzle_start`` one by its id. The
player plays the seat to play (``puzzle_play``): its first card is the
puzzle's answer (``verdict``: solved or failed, every legal card's value from
the solver and its best line after it; with the player's Glicko-2 rating, the
rating after it). Then the hand is played out against the solver: after each
of the player's cards the three other seats play the solver's best card until
the player is to play again or the hand is over. A puzzle is double-dummy: its
answers show every hand, and say so (``all_hands_shown``).

The puzzle in play is per session, beside (never instead of) the session's game.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from ..cards import CARDS, Card, sort_hand
from ..rules import follow_violation
from ..text import puzzle_text
from .args import ApiError, bad_arg, quoted, shown
from .daily_ops import requested_day
from .game_ops import card_roles
from .sessions import MAX_SESSIONS, puzzle_runs, selected

if TYPE_CHECKING:  # loaded when the player first opens the puzzles, not at start-up
    from ..bots.solver import Position
    from ..puzzle import Puzzle
    from ..rating import Rating

#: The deviation a puzzle's rating is taken with in the player's update (the set
#: gives a rating only; its ratings come from who finds it, docs/puzzles.md).
PUZZLE_DEVIATION: Final = 80.0
#: ``puzzle_next`` picks at random among this many puzzles nearest the rating.
NEAREST: Final = 12

_set: list[Puzzle] = []
_by_id: dict[str, Puzzle] = {}
_digest: str = ""


@dataclass
class Run:
    """A puzzle being played: the solver's position now (``Position.from_puzzle``,
    the puzzle's side as its makers, advanced by ``Position.play``) and the first
    card's verdict, "solved" or "failed" (None before it)."""

    puzzle: Puzzle
    position: Position
    result: str | None = None

    @property
    def turn(self) -> int:
        return self.position.to_move

    @property
    def over(self) -> bool:
        return not self.position.hands[self.position.to_move]

    def hand(self, seat: int) -> list[Card]:
        """The seat's cards, in the order the table shows them."""
        mask = self.position.hands[seat]
        return sort_hand([card for card in CARDS if mask >> card.index & 1], self.puzzle.trump)

    @property
    def trick(self) -> list[tuple[int, Card]]:
        return [(seat, CARDS[index]) for seat, index in self.position.trick]

    @property
    def taken(self) -> tuple[int, int]:
        """The tricks each team has taken since the puzzle began."""
        done = 6 - self.puzzle.tricks_left
        won = self.position.won
        return (won[0] - done, won[1]) if self.puzzle.side else (won[0], won[1] - done)


def _need_set() -> None:
    if not _set:
        raise ApiError(
            "puzzles_not_loaded",
            "no puzzles yet: give the set's text (puzzles/puzzles.json) with puzzle_set",
        )


def op_puzzle_set(request: Mapping[str, Any]) -> dict[str, Any]:
    global _digest
    text = request.get("text")
    if not isinstance(text, str):
        raise bad_arg("not_text", {"name": "text"}, "text: give the set's JSON text")
    digest = hashlib.sha256(text.encode()).hexdigest()
    if digest != _digest:
        from ..puzzle import PuzzleError, read_puzzles

        try:
            puzzles = read_puzzles(text)
        except PuzzleError as err:
            raise ApiError("bad_request", f"text: {err}") from None
        if not puzzles:
            raise ApiError("bad_request", "text: the set holds no puzzle")
        _set[:] = puzzles
        _by_id.clear()
        _by_id.update((p.id, p) for p in puzzles)
        _digest = digest
    themes: dict[str, int] = {}
    for p in _set:
        for theme in p.themes:
            themes[theme] = themes.get(theme, 0) + 1
    return {"count": len(_set), "themes": themes}


def _rating_arg(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 4000:
        raise ApiError(
            "bad_request", f"{name} must be a number from 0 to 4000; got {quoted(value)}"
        )
    return float(value)


def op_puzzle_next(request: Mapping[str, Any]) -> dict[str, Any]:
    _need_set()
    rating = _rating_arg(request.get("rating", 1500), "rating")
    seen = request.get("seen", [])
    if not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
        raise ApiError("bad_request", f"seen must be a list of puzzle ids; got {quoted(seen)}")
    theme = request.get("theme")
    pool = [p for p in _set if theme is None or theme in p.themes]
    if not pool:
        raise ApiError("bad_request", f"theme: no puzzle has the theme {quoted(theme)}")
    done = set(seen)
    fresh = [p for p in pool if p.id not in done] or pool
    nearest = sorted(fresh, key=lambda p: (abs(p.rating - rating), p.id))[:NEAREST]
    choice = random.Random(request.get("seed", len(seen))).choice(nearest)
    return _start(choice)


def daily_puzzle(day: str) -> Puzzle:
    """The puzzle of a day (``YYYY-MM-DD``): from the date's text alone, as the
    deal of the day, among the set's puzzles in the order of their ids."""
    digest = hashlib.sha256(f"hasenpfeffer puzzle of the day {day}".encode()).digest()
    ordered = sorted(_by_id)
    return _by_id[ordered[int.from_bytes(digest[:8], "big") % len(ordered)]]


def op_puzzle_daily(request: Mapping[str, Any]) -> dict[str, Any]:
    _need_set()
    day = requested_day(request).isoformat()
    answer = _start(daily_puzzle(day))
    answer["daily"] = day
    return answer


def op_puzzle_start(request: Mapping[str, Any]) -> dict[str, Any]:
    _need_set()
    ident = request.get("puzzle")
    if not isinstance(ident, str) or ident not in _by_id:
        raise ApiError(
            "unknown_puzzle",
            f"puzzle: no puzzle has the id {quoted(ident)}",
            ("unknown_puzzle", {"name": "puzzle", "id": shown(ident)}),
        )
    return _start(_by_id[ident])


def _start(puzzle: Puzzle) -> dict[str, Any]:
    from ..bots.solver import Position

    run = Run(puzzle=puzzle, position=Position.from_puzzle(puzzle))
    key = selected()
    puzzle_runs.pop(key, None)
    puzzle_runs[key] = run
    named = [k for k in puzzle_runs if k]
    for old in named[: max(0, len(named) - MAX_SESSIONS)]:
        del puzzle_runs[old]
    return {"puzzle": _state(run), "events": []}


def _target(p: Puzzle) -> str:
    """What the side to play is after: the ``contract`` (it made the bid), its
    ``defeat``, or ``tricks`` (a puzzle that does not say who made the bid)."""
    maker = p.source_value("maker")
    if not isinstance(maker, int):
        return "tricks"
    return "contract" if maker & 1 == p.side else "defeat"


def _state(run: Run) -> dict[str, Any]:
    p = run.puzzle
    legal = [] if run.over else _legal(run)
    return {
        "id": p.id,
        "rules": p.rules,
        "trump": p.trump,
        "seat": p.to_play,
        "need": p.need,
        "tricks": p.tricks_left,
        "target": _target(p),
        "rating": p.rating,
        "themes": list(p.themes),
        "all_hands_shown": True,
        "hands": [[str(c) for c in run.hand(seat)] for seat in range(4)],
        "active": list(p.active),
        "trick": [{"seat": s, "card": str(c)} for s, c in run.trick],
        "turn": None if run.over else run.turn,
        "legal": [str(c) for c in legal],
        "taken": run.taken[p.side],
        "lost": run.taken[1 - p.side],
        "result": run.result,
        "over": run.over,
        "made": run.over and run.taken[p.side] >= p.need,
        "card_roles": card_roles(p.trump),
    }


def _legal(run: Run) -> list[Card]:
    from ..rules import legal_plays

    return legal_plays(run.hand(run.turn), tuple(c for _, c in run.trick), run.puzzle.trump)


def _best(position: Position) -> int:
    """The solver's best card for the seat to move (its side's most tricks; the
    first in deck order of equal ones)."""
    from ..bots.solver import solve_moves

    values = solve_moves(position)
    ours = position.to_move & 1 == position.maker_team
    top = max(values.values()) if ours else min(values.values())
    return next(c for c, v in values.items() if v == top)


def _line(position: Position) -> list[dict[str, Any]]:
    """Best play from ``position`` to the hand's end: each card with its seat,
    and ``wins`` on a trick's last card (the seat that takes it)."""
    out: list[dict[str, Any]] = []
    while position.hands[position.to_move]:
        card = _best(position)
        out.append({"seat": position.to_move, "card": str(CARDS[card])})
        ends_trick = len(position.trick) + 1 == len(position.active)
        position = position.play(card)
        if ends_trick:
            out[-1]["wins"] = position.to_move
    return out


def _verdict(run: Run, player: Rating | None) -> dict[str, Any]:
    """Every legal card of the puzzle's position: its value (the tricks the side
    takes after it with best play by all), whether it makes ``need``, and the
    best line after it; the player's rating after the attempt when given."""
    from ..bots.solver import solve_moves

    p = run.puzzle
    position = run.position
    cards = []
    for index, value in solve_moves(position).items():
        after = position.play(index)
        card = str(CARDS[index])
        makes = value >= p.need
        params = {"card": card, "taken": value, "tricks": p.tricks_left, "need": p.need}
        code = "puzzle_makes" if makes else "puzzle_fails"
        cards.append(
            {
                "card": card,
                "value": value,
                "makes": makes,
                "line": _line(after),
                "reason_code": code,
                "reason_params": params,
                "reason": puzzle_text(code, params),
            }
        )
    out: dict[str, Any] = {"cards": cards, "solution": [str(c) for c in p.solution]}
    if player is not None:
        out["player"] = _rated(player, p, run.result == "solved")
    return out


def _player_arg(player: object) -> Rating | None:
    """The player's Glicko-2 rating as the page stores it, or None."""
    if player is None:
        return None
    if not isinstance(player, Mapping):
        raise ApiError(
            "bad_request",
            f"player must be an object {{rating, deviation, volatility}}; got {quoted(player)}",
        )
    rating = _rating_arg(player.get("rating", 1500), "player.rating")
    deviation = _rating_arg(player.get("deviation", 350), "player.deviation")
    from ..rating import Rating

    volatility = player.get("volatility", 0.06)
    if (
        isinstance(volatility, bool)
        or not isinstance(volatility, int | float)
        or not 0 < volatility <= 1
    ):
        raise ApiError(
            "bad_request",
            f"player.volatility must be a number from 0 to 1; got {quoted(volatility)}",
        )
    return Rating(rating, max(deviation, 1.0), float(volatility))


def _rated(before: Rating, p: Puzzle, solved: bool) -> dict[str, Any]:
    after = before.after(p.rating, PUZZLE_DEVIATION, solved)
    return {
        "rating": round(after.rating, 2),
        "deviation": round(after.deviation, 2),
        "volatility": round(after.volatility, 6),
        "change": round(after.rating - before.rating, 2),
        "solved": solved,
    }


def _play(run: Run, card: Card) -> dict[str, Any]:
    """Play ``card`` for the seat to play; the event (with ``wins`` when it ends a trick)."""
    before = run.position
    run.position = before.play(card.index)
    event: dict[str, Any] = {"seat": before.to_move, "card": str(card)}
    if len(before.trick) + 1 == len(before.active):
        event["wins"] = run.position.to_move
    return event


def op_puzzle_play(request: Mapping[str, Any]) -> dict[str, Any]:
    run = puzzle_runs.get(selected())
    if not isinstance(run, Run):
        raise ApiError("no_puzzle", "no puzzle is being played: start one with puzzle_next")
    if run.over:
        raise ApiError("puzzle_over", "the puzzle's hand is over: start another puzzle")
    value = request.get("card")
    hand = run.hand(run.turn)
    try:
        card = Card.parse(value) if isinstance(value, str) else None
    except ValueError:
        card = None
    if card is None:
        raise bad_arg(
            "not_a_card",
            {"name": "card", "value": shown(value)},
            f"card: {quoted(value)} is not a card",
        )
    legal = _legal(run)
    if card not in legal:
        if card not in hand:
            reason: tuple[str, dict[str, Any]] = (
                "not_in_hand",
                {"card": str(card), "seat": run.turn},
            )
            message = f"{card} is not in the hand of seat {run.turn}"
        else:
            facts = follow_violation(card, hand, run.trick[0][1], run.puzzle.trump)
            assert facts is not None
            reason = ("must_follow", facts)
            message = f"{card} may not be played: must follow {facts['suit']}"
        raise ApiError("illegal_action", message, reason)
    player = _player_arg(request.get("player"))
    verdict = None
    if run.result is None:
        run.result = "solved" if card in run.puzzle.solution else "failed"
        verdict = _verdict(run, player)
    events = [_play(run, card)]
    seat = run.puzzle.to_play
    while not run.over and run.turn != seat:
        events.append(_play(run, CARDS[_best(run.position)]))
    answer: dict[str, Any] = {"puzzle": _state(run), "events": events}
    if verdict is not None:
        answer["verdict"] = verdict
    return answer


def reset_puzzles() -> None:
    """Forget the set (tests)."""
    global _digest
    _set.clear()
    _by_id.clear()
    _digest = ""


__all__ = [
    "PUZZLE_DEVIATION",
    "daily_puzzle",
    "op_puzzle_daily",
    "op_puzzle_next",
    "op_puzzle_play",
    "op_puzzle_set",
    "op_puzzle_start",
    "reset_puzzles",
]
