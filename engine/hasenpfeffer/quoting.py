"""Bad values in messages: every error that quotes what a caller gave quotes at
most ``MAX_QUOTE`` characters of it, so a 200 KB text never comes back whole."""

from __future__ import annotations

from typing import Final

#: An error message quotes at most this many characters of a bad value.
MAX_QUOTE: Final = 100


def cut(text: str) -> str:
    """``text`` cut to ``MAX_QUOTE`` characters (the last one an ellipsis).

    >>> cut("AS"), len(cut("x" * 500))
    ('AS', 100)
    """
    return text if len(text) <= MAX_QUOTE else text[: MAX_QUOTE - 1] + "…"


def quoted(value: object) -> str:
    """``repr(value)`` for a message, cut to ``MAX_QUOTE`` characters.

    >>> quoted("AS"), quoted("x" * 500)[-3:]
    ("'AS'", 'xx…')
    """
    try:
        return cut(repr(value))
    except RecursionError:
        return "(too deep to show)"


__all__ = ["MAX_QUOTE", "cut", "quoted"]
