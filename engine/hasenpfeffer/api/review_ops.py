"""The ``review`` operation: one seat's decisions in one hand, rated
(``bots.review.review_hand``): card plays double-dummy, calls by the hard
player's own decision from the seat's view (``bots.advisor``: seeded as that
seat's computer player of the game would be).

A hand of the session's game is reviewed in that game, by the advisor the
hint asked, from the very views of the hand: a call made by following the
hint is the review's best, with the hint's figures. Its text (``hpn``) names
the game's seed, or for a secret deal a seed drawn from it (the game's own
never leaves the engine); a text is reviewed as a hand of its own (its first
hand, from that seed), so reviewed again it may weigh a close call otherwise.

The hand is a text (``hpn``, with ``number`` for a game text) or, without
``hpn``, a finished hand of the session's game (the last one, or ``number``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..dealing import MAX_SEED
from ..game import Game
from ..hand_record import HandRecord
from .args import ApiError, bad_arg, digits, seat_arg, shown
from .lesson_ops import hand_frames, hpn_hand
from .sessions import need_session


def first_step(game: Game, number: int) -> int:
    """The index in ``game.history`` of the first action of hand ``number`` (1 = the first)."""
    replay = game.replayed(0)
    for step, action in enumerate(game.history):
        if replay.hand_number >= number - 1:
            return step
        replay.apply(action)
    return len(game.history)


def _session_hand(request: Mapping[str, Any]) -> tuple[Game, int, int, int]:
    """The one-hand game of a finished hand of the session's game, its number,
    the session's own seat (the person's; with several people, the seat
    whose view the answers carry) and the game's seed (its computer
    players' seeds come from it)."""
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
    number = digits(request.get("number", finished))
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
    seed = _review_seed(game.seed, number) if session.secret_deal else game.seed
    return hand_from_text(hand_to_text(game, number)), number, session.seat, seed


def _review_seed(game_seed: int, number: int) -> int:
    """The seed a hand of a secret deal is reviewed with, and its text names.

    The game's own seed deals every later hand of the game, so it never leaves
    the engine (a shared lesson must not give the rest of the game away): the
    review draws a seed for each hand from it one way (``random.Random`` seeds
    itself from a string through SHA-512; the game's seed has 53 bits).

    >>> _review_seed(12345, 1) == _review_seed(12345, 1) != _review_seed(12345, 2)
    True
    """
    return random.Random(f"hasenpfeffer review {game_seed} {number}").randrange(1, MAX_SEED + 1)


def _text_seed(text: str, hand: Game) -> int:
    """The seed of the game a text records (a game text's header, whose
    computer players are seeded from it; a hand text's own, 0 unless given)."""
    from ..notation import game_from_text

    head = text.split(None, 3)
    if len(head) >= 3 and head[2].lower() == "game":
        return game_from_text(text).seed
    return hand.seed


def _hand_text(game: Game, seed: int) -> str:
    """The hand's text, its header naming the game's seed (so the text,
    reviewed again, meets the same computer players)."""
    from ..notation import hand_to_text

    text = hand_to_text(game, 1)
    head, sep, rest = text.partition("\n")
    if seed and " seed=" not in head:
        head = head.replace(" hand ", f" hand seed={seed} ", 1)
    return head + sep + rest


def op_review(request: Mapping[str, Any]) -> dict[str, Any]:
    from ..bots.review import review_hand

    seat = seat_arg(request)
    start: int | None = None
    if request.get("hpn") is not None:
        game, number = hpn_hand(request)
        own, seed = 0, _text_seed(request["hpn"], game)
    else:
        game, number, own, seed = _session_hand(request)
        # where the hand starts in the session's game: its computer players'
        # decisions are ``why``'s steps from there
        start = first_step(need_session().game, number)
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
    # the session's hands whose cards were never shown: every other hand of a
    # thrown-in one, and the hand of a seat that sat out (its partner went alone,
    # or defended alone), never played; the reviewer's own always shown
    unseen: tuple[int, ...] = ()
    if start is not None:
        unseen = tuple(s for s in unplayed_seats(record) if s != own)
    hidden = bool(unseen)
    if seat in unseen:
        if record.thrown_in:
            # nobody was shown a thrown-in hand's cards: each reviews their own only
            raise ApiError(
                "bad_request",
                f"seat: the hand was thrown in, so its cards were never shown: "
                f"review your own seat ({own}), not {seat}",
            )
        raise ApiError(
            "bad_request",
            f"seat: {seat} sat out the hand, so its cards were never shown: "
            f"review a seat that played ({own} is yours), not {seat}",
        )
    if start is None:
        decisions = review_hand(game, seat, seed=seed)
    else:
        # the session's hand is reviewed in its own game, from the views its
        # seats had, by the advisor seeded from the game's own seed: the
        # hint's player, meeting each position as the hint met it
        whole = need_session().game
        decisions = review_hand(whole, seat, seed=whole.seed, start=start)
    answer: dict[str, Any] = {
        "hand": number,
        "first_step": start,
        "seat": seat,
        "thrown_in": record.thrown_in,
        "hpn": None if hidden else _hand_text(game, seed),
        "decisions": decisions,
        "points": list(record.points),
        "tricks_won": list(record.tricks_won),
    }
    if hidden:
        answer["frames"] = own_frames(game, unseen)
    return answer


def unplayed_seats(record: HandRecord) -> tuple[int, ...]:
    """The seats whose cards a hand never showed: all four of a thrown-in hand
    (each saw only its own), else those that sat out (never played a card)."""
    return tuple(range(4)) if record.thrown_in else record.sitting_out


def own_frames(game: Game, unseen: tuple[int, ...]) -> list[dict[str, Any]]:
    """The frames of a hand (``replay``'s) with the hands of ``unseen`` seats
    face down (empty): a thrown-in hand as the reviewer saw it (its own cards
    only, no widow unless the hand's public record names it, the Joker), or a
    played hand without the hand of a seat that sat out."""
    frames = hand_frames(game)
    for frame in frames:
        frame["hands"] = [[] if s in unseen else cards for s, cards in enumerate(frame["hands"])]
    return frames


__all__ = ["op_review", "own_frames", "unplayed_seats"]
