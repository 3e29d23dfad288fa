"""Argument checks of the API: each request argument checked by type and
range, a bad one answered as an ``ApiError`` naming it (with a reason code and
parameters where the embeds translate it)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from ..cards import SUIT_SYMBOLS, SUITS, Card
from ..quoting import cut, quoted

__all__ = [
    "BOT_LEVELS",
    "DEFAULT_LEVELS",
    "ApiError",
    "bad_arg",
    "cards_arg",
    "digits",
    "levels_arg",
    "quoted",
    "remote_arg",
    "renamed_levels",
    "seat_arg",
    "shown",
    "suit_arg",
    "trump_arg",
]
from ..vocabulary import HUMAN, LEVELS, RENAMED_LEVELS

#: The computer levels a seat can have (``vocabulary.LEVELS``), by the API's name.
BOT_LEVELS: Final = LEVELS
#: Who plays each seat when a request does not say: the person in South.
DEFAULT_LEVELS: Final = (HUMAN, "medium", "medium", "medium")


class ApiError(Exception):
    """An error answer: a stable ``code`` and a message a person can read."""

    def __init__(
        self, code: str, message: str, reason: tuple[str, dict[str, Any]] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        #: for an illegal action: the engine's reason as a code and parameters
        self.reason = reason


#: The request fields that name levels: a list of four (``levels``), one
#: (``level``: a hint's, a daily result's), one per action of a save (``decided_by``).
LEVEL_FIELDS: Final = ("levels", "level", "decided_by")


def renamed_levels(request: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """``request`` with every former level it names (``vocabulary.RENAMED_LEVELS``)
    in ``LEVEL_FIELDS`` read as the level that took its place, and those names
    (``{}``: none). The one place an old name is read: ``api.handle`` adds the
    names to the answer as ``renamed_levels``, so whoever sent it can say so.

    >>> renamed_levels({"op": "new_game", "levels": ["human", "expert", "hard", "expert"]})
    ({'op': 'new_game', 'levels': ['human', 'hard', 'hard', 'hard']}, {'expert': 'hard'})
    >>> renamed_levels({"op": "hint", "level": "medium"})
    ({'op': 'hint', 'level': 'medium'}, {})
    """
    renamed: dict[str, str] = {}

    def new(name: object) -> object:
        if isinstance(name, str) and name in RENAMED_LEVELS:
            renamed[name] = RENAMED_LEVELS[name]
            return RENAMED_LEVELS[name]
        return name

    out = dict(request)
    for field in LEVEL_FIELDS:
        value = request.get(field)
        if isinstance(value, list | tuple):
            out[field] = [new(v) for v in value]
        elif field in request:
            out[field] = new(value)
    return (out, renamed) if renamed else (request, {})


def levels_arg(value: object) -> tuple[str, ...]:
    if value is None:
        return DEFAULT_LEVELS
    if not isinstance(value, list | tuple) or len(value) != 4:
        raise ApiError("bad_request", f"levels must be a list of four levels; got {quoted(value)}")
    allowed = (HUMAN, *BOT_LEVELS)
    for seat, level in enumerate(value):
        if level not in allowed:
            raise ApiError(
                "bad_request",
                f"levels[{seat}] must be one of {', '.join(allowed)}; got {quoted(level)}",
            )
    return tuple(value)


def remote_arg(value: object, levels: tuple[str, ...]) -> frozenset[int]:
    """The ``remote`` argument: the person seats played at another device, each
    a seat 0..3 whose level is ``human``, at most once."""
    if not isinstance(value, list | tuple) or len(value) > 4:
        raise ApiError("bad_request", f"remote must be a list of seats 0 to 3; got {quoted(value)}")
    seats: set[int] = set()
    for seat in value:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ApiError("bad_request", f"remote: a seat is 0 to 3; got {quoted(seat)}")
        if seat in seats:
            raise ApiError("bad_request", f"remote: seat {seat} is named twice")
        if levels[seat] != HUMAN:
            raise ApiError(
                "bad_request",
                f"remote: seat {seat} is played by a computer player ({levels[seat]}), "
                "not a person",
            )
        seats.add(seat)
    return frozenset(seats)


def seat_arg(request: Mapping[str, Any]) -> int | None:
    seat = request.get("seat")
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
        raise ApiError("bad_request", f"seat must be 0 to 3; got {quoted(seat)}")
    return seat


_CARD_HELP: Final = "write rank 9 T J Q K A then suit C D H S, e.g. AS; JK is the Joker"


def shown(value: object) -> str:
    """An argument's value as the reader wrote it (for a message), cut to
    ``MAX_QUOTE`` characters."""
    if isinstance(value, str):
        return cut(value)
    try:
        return cut(json.dumps(value))
    except (TypeError, ValueError, RecursionError):
        return quoted(value)


def suit_arg(value: object, name: str = "trump") -> str:
    """A suit letter C, D, H or S, strictly (the game's own form)."""
    if not isinstance(value, str) or value not in tuple(SUITS):
        raise ApiError("bad_request", f"{name} must be one of C, D, H, S; got {quoted(value)}")
    return value


#: A number written as text has at most this many digits (far beyond any argument's range).
MAX_DIGITS: Final = 20


def digits(value: object) -> object:
    """A number argument as the caller wrote it: a whole number, or text of ASCII
    digits 0-9 only (an attribute's value, with spaces around it) read as one;
    anything else comes back as it was, for the caller's range check to refuse.
    Unicode digits (superscript two, Arabic-Indic one), signs, points, empty text and more than
    ``MAX_DIGITS`` digits are not a number here.

    >>> digits(" 12 "), digits("²"), digits("-1"), digits(""), digits(True)
    (12, '²', '-1', '', True)
    """
    if isinstance(value, str):
        text = value.strip()
        if text and len(text) <= MAX_DIGITS and text.isascii() and text.isdigit():
            return int(text)
    return value


def bad_arg(code: str, params: dict[str, Any], message: str) -> ApiError:
    """A ``bad_request`` about one argument, with the reason as a code and
    parameters (``name``: the argument, and what the message needs) for a
    translated message (docs/api.md, "Reasons as codes")."""
    return ApiError("bad_request", message, (code, params))


def trump_arg(request: Mapping[str, Any]) -> str:
    value = request.get("trump")
    text = value.strip().upper() if isinstance(value, str) else value
    if isinstance(text, str):
        text = SUIT_SYMBOLS.get(text, text)
        text = {"CLUBS": "C", "DIAMONDS": "D", "HEARTS": "H", "SPADES": "S"}.get(text, text)
    if text not in tuple(SUITS):
        raise bad_arg(
            "not_a_suit",
            {"name": "trump", "value": shown(value)},
            f"trump: {quoted(value)} is not a suit (write C, D, H or S)",
        )
    assert isinstance(text, str)
    return text


def cards_arg(request: Mapping[str, Any], name: str, low: int, high: int) -> list[Card]:
    value = request.get(name, "")
    if value is None:
        value = ""
    if isinstance(value, str):
        items: list[object] = list(value.replace(",", " ").split())
    elif isinstance(value, list):
        items = list(value)
    else:
        raise bad_arg("not_cards", {"name": name}, f"{name}: give cards as text such as 'AH 9H'")
    cards = []
    for item in items:
        try:
            if not isinstance(item, str):
                raise ValueError
            card = Card.parse(item)
        except ValueError:
            raise bad_arg(
                "not_a_card",
                {"name": name, "value": shown(item)},
                f"{name}: {quoted(item)} is not a card ({_CARD_HELP})",
            ) from None
        if card in cards:
            raise bad_arg(
                "duplicate_card",
                {"name": name, "card": str(card)},
                f"{name}: {card} is given twice",
            )
        cards.append(card)
    if not low <= len(cards) <= high:
        if low == high:
            code, wanted = "card_count_exact", f"exactly {low} card" + ("s" if low != 1 else "")
        else:
            code, wanted = "card_count", f"{low} to {high} cards"
        raise bad_arg(
            code,
            {"name": name, "low": low, "high": high, "count": len(cards)},
            f"{name}: give {wanted}; got {len(cards)}",
        )
    return cards
