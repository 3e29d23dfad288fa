"""The deal of the day: one deal per calendar date, the same for everyone.

A date's seed comes from the date's ISO text alone (SHA-256), so every copy
of the engine, online or offline, in any language, deals the same cards on
the same day. The game is a normal game from that seed (``Game.new``); the
deal of the day is its first hand.

>>> daily_seed("2026-12-01") == daily_seed(datetime.date(2026, 12, 1))
True
>>> daily_seed("2026-12-01") != daily_seed("2026-12-02")
True
>>> daily_date("2026-02-30")
Traceback (most recent call last):
...
ValueError: '2026-02-30' is not a day: write it as YYYY-MM-DD, from 2000-01-01 to 2199-12-31
"""

from __future__ import annotations

import datetime
import hashlib
from typing import Final

from .dealing import MAX_SEED

#: The first and last dates that have a deal of the day.
FIRST_DAY: Final = datetime.date(2000, 1, 1)
LAST_DAY: Final = datetime.date(2199, 12, 31)
#: The computer players' level in the three other seats of a deal of the day
#: (fixed, so that everyone meets the same players).
DAILY_OPPONENTS: Final = "hard"


def daily_date(value: datetime.date | str) -> datetime.date:
    """The date of ``value`` (a ``date`` or its ISO text ``YYYY-MM-DD``);
    a ``ValueError`` names what is wrong."""
    if isinstance(value, datetime.datetime):
        value = value.date()
    if isinstance(value, datetime.date):
        day = value
    else:
        text = value.strip() if isinstance(value, str) else ""
        try:
            if len(text) != 10:
                raise ValueError
            day = datetime.date.fromisoformat(text)
        except ValueError:
            raise ValueError(
                f"{str(value)[:40]!r} is not a day: write it as YYYY-MM-DD, "
                f"from {FIRST_DAY} to {LAST_DAY}"
            ) from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise ValueError(
            f"{day.isoformat()!r} has no deal of the day: give a day from {FIRST_DAY} to {LAST_DAY}"
        )
    return day


def daily_seed(value: datetime.date | str) -> int:
    """The game seed of the deal of the day of ``value`` (a date or ``YYYY-MM-DD``)."""
    day = daily_date(value)
    digest = hashlib.sha256(f"hasenpfeffer deal of the day {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


__all__ = ["DAILY_OPPONENTS", "FIRST_DAY", "LAST_DAY", "daily_date", "daily_seed"]
