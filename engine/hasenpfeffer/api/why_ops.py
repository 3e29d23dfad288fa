"""The ``why`` operation: what a computer player weighed for one of its
decisions in the session's game.

While that decision's hand is in progress, its player's cards are hidden from
whoever asks, so the answer says only what the decision tells the table
(``tells.tells``: the same for every seat, from the public table alone; a
discard without its card). Once the hand is over (played out, not thrown in,
and not sat out by that player: a seat whose partner went alone or defended
alone never plays its cards), or with open hands on at its deal (the player
chose to see every card), the answer is the
full explanation: the very procedure that made the decision — the level's
player, seeded as the session seeds it (``bots.duplicate.bot_seed``: for the
hard level, the advisor the hint and the review ask, ``bots.advisor``), deciding
again from the view it had (``bots.hints.suggest``) — so for the hard
and medium levels the first option is the action it took. The easy level is
medium with deliberate noise and mistakes: it is explained by medium's
procedure, and ``matches`` says whether it followed it. The random level
weighs nothing.

Who decided is the level recorded when the action was taken
(``Session.deciders``): a person's decision stays a person's whatever the seat
is given to later. A save that records a former level (expert) is read with
the level that took its place (``vocabulary.RENAMED_LEVELS``: hard), so such a
decision is explained by hard's procedure, and ``matches`` says whether hard
would have taken it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game import Game
from ..tells import tells
from ..text import tell_text
from ..vocabulary import HINT_LEVELS, HUMAN, SEAT_NAMES
from .args import bad_arg, shown
from .review_ops import unplayed_seats
from .sessions import need_session

#: The level whose decision procedure explains a level's decisions.
EXPLAINED_BY = {"hard": "hard", "medium": "medium", "easy": "medium"}


def hand_is_over(game: Game, before: Game, seat: int) -> bool:
    """Whether the hand of the action ``seat`` took after ``before`` (a replay
    of ``game``) was played out with ``seat`` playing its cards: they are then
    on the table for everyone, and the review shows them. A thrown-in hand's
    cards stay hidden, and so does the hand of a seat that sat out (its partner
    went alone or defended alone): it was never played."""
    number = before.hand_number
    records = game.records
    return number < len(records) and seat not in unplayed_seats(records[number])


def op_why(request: Mapping[str, Any]) -> dict[str, Any]:
    from ..bots.duplicate import bot_seed
    from ..bots.hints import suggest

    session = need_session()
    game = session.game
    deciders = session.deciders
    bots = [n for n, level in enumerate(deciders) if level != HUMAN]
    step = request.get("step")
    if step is None:
        if not bots:
            raise bad_arg(
                "no_bot_decision",
                {"name": "step"},
                "step: no computer player has decided anything in this game yet",
            )
        step = bots[-1]
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(game.history):
        raise bad_arg(
            "bad_step",
            {"name": "step", "value": shown(step), "detail": f"0 to {len(game.history) - 1}"},
            f"step: give the number of an action of this game, 0 to {len(game.history) - 1}; "
            f"got {shown(step)}",
        )
    seat = session.actors[step]
    level = deciders[step]
    if level == HUMAN:
        raise bad_arg(
            "not_bot_decision",
            {"name": "step", "value": step, "seat": seat},
            f"step: action {step} was {SEAT_NAMES[seat]}'s own decision, not a computer player's",
        )
    before = game.replayed(step)
    view = before.view(seat)
    done = game.history[step]
    public_action = "discard" if done.kind == "discard" else str(done)
    # in full only where its player's cards were seen: with open hands on (the
    # player's choice), a deal on which they were on; or a hand over in which
    # that player played its cards
    opened = session.open_hands and before.hand_number in session.opened
    full = opened or hand_is_over(game, before, seat)
    told = [
        {"code": code, "params": params, "text": tell_text(code, params, seat)}
        for code, params in tells(view, seat, public_action)
    ]
    explained_by = EXPLAINED_BY.get(level)
    answer: dict[str, Any] = {
        "step": step,
        "seat": seat,
        "level": level,
        "phase": view["phase"],
        "explained_by": explained_by,
        "full": full,
        "tells": told,
    }
    if not full:
        # the player's cards are still hidden: what the table saw, nothing more
        answer.update(action=public_action, matches=None, suggestions=[])
        return answer
    suggestions: list[dict[str, Any]] = []
    if explained_by is not None and explained_by in HINT_LEVELS:
        suggestions = suggest(view, level=explained_by, seed=bot_seed(game.seed, seat))
    action = str(done)
    answer.update(
        action=action,
        matches=bool(suggestions) and suggestions[0]["action"] == action,
        suggestions=suggestions,
    )
    return answer


__all__ = ["EXPLAINED_BY", "hand_is_over", "op_why"]
