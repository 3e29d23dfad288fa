"""The deal of the day (``hasenpfeffer.daily``): ``daily`` starts the session's
game on the day's deal, the player in South against three hard players;
``daily_result`` plays the same deal with another level in South (the hard
player, or the oracle that sees every card), the other seats the same players
seeded the same way: a duplicate comparison for the player's result.

``daily_result`` keeps no state and changes no session: the page asks for
each level in turn and shows its progress between the two. It gives every hand
of the deal, so it is refused (``daily_in_play``) while the page's own game on
that deal is still in its first hand."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Final

from ..daily import DAILY_OPPONENTS, daily_date, daily_seed
from ..game import Game
from ..rules import Rules
from ..vocabulary import HUMAN, LEVELS, ORACLE
from .args import ApiError, bad_arg, quoted, shown
from .game_ops import state_answer
from .sessions import Session, current, install, sessions

#: The player's seat in a deal of the day.
DAILY_SEAT: Final = 0
#: The levels ``daily_result`` compares with (any computer level may be asked).
COMPARED_LEVELS: Final = ("hard", "oracle")

_known: Any = None


def _decisions() -> Any:
    """The decisions already made on deals of the day (shared by the runs of
    one deal: see ``bots.duplicate.Decisions``)."""
    global _known
    if _known is None:
        from ..bots.duplicate import Decisions

        _known = Decisions()
    return _known


def requested_day(request: Mapping[str, Any]) -> date:
    """The day a request's ``date`` names (``bad_date`` when it names none)."""
    value = request.get("date")
    try:
        day = daily_date(value) if isinstance(value, str) else None
    except ValueError:
        day = None
    if day is None:
        raise bad_arg(
            "bad_date",
            {"name": "date", "value": shown(value)},
            f"date: give a day as YYYY-MM-DD (2000-01-01 to 2199-12-31); got {quoted(value)}",
        )
    return day


def _day_game(request: Mapping[str, Any]) -> tuple[Game, str]:
    day = requested_day(request)
    try:
        rules = Rules.from_dict(request.get("rules", "seed"))
    except ValueError as err:
        raise ApiError("bad_rules", str(err)) from None
    return Game.new(rules, seed=daily_seed(day)), day.isoformat()


def op_daily(request: Mapping[str, Any]) -> dict[str, Any]:
    game, day = _day_game(request)
    session = current()
    if session is not None and session.remote and request.get("remote") != []:
        # its seed is known to everyone: guests never sit at it, and they are
        # released only explicitly (remote: [])
        raise ApiError(
            "deal_not_secret",
            "the deal of the day's seed is known to everyone: release the guests' seats "
            "(remote: []) before playing it",
        )
    levels = tuple(HUMAN if s == DAILY_SEAT else DAILY_OPPONENTS for s in range(4))
    answer = state_answer(install(Session(game, levels, [], daily=True)))
    answer["daily"] = {"date": day, "seed": game.seed, "seat": DAILY_SEAT}
    return answer


def in_first_hand(seed: int | None) -> bool:
    """Whether a session's game dealt from ``seed`` is still in its first hand."""
    return any(
        s.game.seed == seed and s.game.secret is None and not s.game.records for s in sessions()
    )


def op_daily_result(request: Mapping[str, Any]) -> dict[str, Any]:
    from ..bots.duplicate import play_first_hand
    from ..notation import hand_to_text

    game, day = _day_game(request)
    level = request.get("level")
    allowed = (*LEVELS, ORACLE)
    if level not in allowed:
        raise ApiError(
            "bad_request", f"level must be one of {', '.join(allowed)}; got {quoted(level)}"
        )
    levels = tuple(level if s == DAILY_SEAT else DAILY_OPPONENTS for s in range(4))
    known = _decisions()
    session = current()
    own = session is not None and session.game.replayed(0) == game
    if in_first_hand(game.seed):
        # its answer gives every hand of the deal (``hpn``): not while a game on
        # that deal (any rules, any session: the deal is the seed's) is in its first hand
        raise ApiError(
            "daily_in_play",
            "the deal of the day's first hand is still being played here: its "
            "comparison comes once that hand is over",
        )
    if own and session is not None:
        # the player's own game on this deal: its players' decisions are the same
        known.learn(session.game, session.levels)
    played = play_first_hand(game, levels, known)
    record = played.records[0]
    side = DAILY_SEAT & 1
    return {
        "date": day,
        "level": level,
        "seat": DAILY_SEAT,
        "points": list(record.points),
        "side_points": record.points[side],
        "tricks_won": list(record.tricks_won),
        "hand": record.public_dict(),
        "hpn": hand_to_text(played, 1),
    }


__all__ = ["COMPARED_LEVELS", "DAILY_SEAT", "op_daily", "op_daily_result"]
