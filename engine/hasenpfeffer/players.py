"""The old path of :mod:`hasenpfeffer.bots.players`, kept as a thin alias so
that ``from hasenpfeffer.players import make_player`` and
``python -m hasenpfeffer.players --check-legal N`` keep working."""

import sys

from .bots import players as _players

if __name__ == "__main__":
    raise SystemExit(_players.main())
sys.modules[__name__] = _players
