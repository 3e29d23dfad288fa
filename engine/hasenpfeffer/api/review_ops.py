"""The ``review`` operation: one seat's decisions in one hand, rated
(``bots.review.review_hand``): card plays double-dummy, calls by the hard
player's estimate from the seat's own view.

The hand is a text (``hpn``, with ``number`` for a game text) or, without
``hpn``, a finished hand of the session's game (the last one, or ``number``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Game
from .args import bad_arg, seat_arg, shown
from .lesson_ops import hpn_hand
from .sessions import need_session


def _session_hand(request: Mapping[str, Any]) -> tuple[Game, int, int]:
    """The one-hand game of a finished hand of the session's game, its number,
    and the session's own seat (the person's; with several people, the seat
    whose view the answers carry)."""
    from ..notation import hand_from_text, hand_to_text

    session = need_session()
    game = session.game
    finished = len(game.records)
    if not finished:
        raise bad_arg(
            "no_finished_hand",
            {"name": "hpn"},
            "hpn: no hand of this game has finished yet; give the text of a hand to review",
        )
    number = request.get("number", finished)
    if isinstance(number, str) and number.strip().isdigit():
        number = int(number)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= finished:
        raise bad_arg(
            "bad_number",
            {
                "name": "number",
                "value": shown(number),
                "detail": f"give a finished hand from 1 to {finished}",
            },
            f"number: give a finished hand from 1 to {finished}; got {shown(number)}",
        )
    return hand_from_text(hand_to_text(game, number)), number, session.seat


def op_review(request: Mapping[str, Any]) -> dict[str, Any]:
    from ..bots.review import review_hand

    seat = seat_arg(request)
    if request.get("hpn") is not None:
        game, number = hpn_hand(request)
        own = 0
    else:
        game, number, own = _session_hand(request)
    if seat is None:
        seat = own
    records = game.records
    if not records:
        raise bad_arg(
            "hand_not_finished",
            {"name": "hpn"},
            "hpn: the hand is not finished yet; review a finished hand",
        )
    record = records[0]
    decisions = review_hand(game, seat)
    return {
        "hand": number,
        "seat": seat,
        "decisions": decisions,
        "points": list(record.points),
        "tricks_won": list(record.tricks_won),
    }


__all__ = ["op_review"]
