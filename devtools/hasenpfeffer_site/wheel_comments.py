"""The engine wheel without its source comments, in place.

    python -m hasenpfeffer_site.wheel_comments dist/hasenpfeffer-<version>-py3-none-any.whl

The wheel is what a player's browser and pip download (`make wheel` runs this
after building it; tests/test_wheel.py holds it under its size limit). Comments
are for readers of the repository: the wheel's modules keep every line of code,
every docstring (``help()`` and the doctests read them) and every line number
(a comment alone on its line leaves an empty line, so tracebacks point where the
repository's source does). ``RECORD`` gets the new files' hashes and sizes, so
the result is still a valid wheel. tests/test_wheel.py checks that each module
parses to the same tree, line numbers included, as its source.
"""

from __future__ import annotations

import io
import sys
import tokenize
import zipfile
from pathlib import Path

from .wheel_bytecode import _record_line
from .wheel_deflate import write_zip


def strip_comments(source: str) -> str:
    """``source`` without its comments; every line kept (empty where a comment
    stood alone), so the code's line numbers do not move.

    >>> strip_comments("x = 1  # one\\n# alone\\ny = 2\\n")
    'x = 1\\n\\ny = 2\\n'
    """
    lines = source.split("\n")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col].rstrip()
    return "\n".join(lines)


def without_comments(wheel: Path) -> int:
    """Rewrite ``wheel`` with its ``.py`` files' comments left out, deflated by
    Zopfli (``wheel_deflate``); returns the number of bytes saved."""
    before = wheel.stat().st_size
    with zipfile.ZipFile(wheel) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    changed: dict[str, bytes] = {}
    for info, data in entries:
        if info.filename.endswith(".py"):
            changed[info.filename] = strip_comments(data.decode("utf-8")).encode("utf-8")
    rewritten: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename in changed:
            data = changed[info.filename]
        elif info.filename.endswith(".dist-info/RECORD"):
            lines = [
                _record_line(name, changed[name]) if name in changed else line
                for line in data.decode().splitlines()
                for name in [line.split(",", 1)[0]]
            ]
            data = ("\n".join(lines) + "\n").encode()
        rewritten.append((info, data))
    write_zip(wheel, rewritten)
    return before - wheel.stat().st_size


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    wheel = Path(args[0])
    saved = without_comments(wheel)
    print(f"wheel_comments: {wheel.name} {wheel.stat().st_size} bytes ({saved} saved)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
