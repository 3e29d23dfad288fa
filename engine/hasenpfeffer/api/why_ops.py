"""The ``why`` operation: what a computer player weighed for one of its
decisions in the session's game, from its own view only.

The decision is explained by the very procedure that made it: the level's
player, seeded as the session seeds it (``bots.duplicate.bot_seed``), decides
again from the view it had (``bots.hints.suggest``), so for the expert, hard and
medium levels the first option is the action it took. The easy level is
medium with deliberate noise and mistakes: it is explained by medium's
procedure, and ``matches`` says whether it followed it. The random level
weighs nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..vocabulary import HINT_LEVELS, HUMAN, SEAT_NAMES
from .args import bad_arg, shown
from .sessions import need_session

#: The level whose decision procedure explains a level's decisions.
EXPLAINED_BY = {"expert": "expert", "hard": "hard", "medium": "medium", "easy": "medium"}


def op_why(request: Mapping[str, Any]) -> dict[str, Any]:
    from ..bots.duplicate import bot_seed
    from ..bots.hints import suggest

    session = need_session()
    game = session.game
    bots = [n for n, seat in enumerate(session.actors) if session.levels[seat] != HUMAN]
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
    level = session.levels[seat]
    if level == HUMAN:
        raise bad_arg(
            "not_bot_decision",
            {"name": "step", "value": step, "seat": seat},
            f"step: action {step} was {SEAT_NAMES[seat]}'s own decision, not a computer player's",
        )
    view = game.replayed(step).view(seat)
    action = str(game.history[step])
    explained_by = EXPLAINED_BY.get(level)
    suggestions: list[dict[str, Any]] = []
    if explained_by is not None and explained_by in HINT_LEVELS:
        suggestions = suggest(view, level=explained_by, seed=bot_seed(game.seed, seat))
    return {
        "step": step,
        "seat": seat,
        "level": level,
        "action": action,
        "phase": view["phase"],
        "explained_by": explained_by,
        "matches": bool(suggestions) and suggestions[0]["action"] == action,
        "suggestions": suggestions,
    }


__all__ = ["EXPLAINED_BY", "op_why"]
