"""``python scripts/arena.py ...``: the arena (``python -m hasenpfeffer arena``)
with one more level, ``heuristic``: the test suite's independent rule-based
player (tests/heuristic.py), which shares no code with the bots and is in no
wheel. The same options as the arena's.

    python scripts/arena.py --a expert --b heuristic --games 500 --rules traditional --jobs 2
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import heuristic
from hasenpfeffer.bots.players import register_level
from hasenpfeffer_devtools import arena

# at import: the arena's worker processes (forked) have it too
register_level(heuristic.LEVEL, heuristic.make)

if __name__ == "__main__":
    raise SystemExit(arena.main())
