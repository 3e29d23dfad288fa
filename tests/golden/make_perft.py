"""Write the golden perft numbers (tests/golden/perft.json) with the engine.

Run from tests/ (it imports test_perft, beside golden/):

    cd tests && ../.venv/bin/python -m golden.make_perft

The positions and the counting are those of tests/test_perft.py, which
compares the engine against this file (and checks the small depths by hand
reasoning and the play phase with an independent counter). Regenerate only
after a deliberate change of the rules, and review the diff.
"""

from __future__ import annotations

import json
import time

from test_perft import GOLDEN, POSITIONS, compute_all


def dumps(value: object, indent: str = "") -> str:
    """JSON with one line per list, objects spread out."""
    if isinstance(value, dict):
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k)}: {dumps(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    return json.dumps(value)


def main() -> None:
    t0 = time.perf_counter()
    data = compute_all()
    data["positions"] = POSITIONS
    GOLDEN.write_text(dumps(data) + "\n")
    print(f"wrote {GOLDEN} in {time.perf_counter() - t0:.1f} s")
    for part in ("start", "mid"):
        for name, counts in data[part].items():
            print(f"  {part:5} {name:12} {counts}")


if __name__ == "__main__":
    main()
