"""The game's standard library without its source comments: the same code, every line
kept (issue 50).

    python -m hasenpfeffer_site.stdlib_comments <in.zip> <out.zip>

Pyodide's library is Python source (2.6 MB for the game's part), about a seventh of it
comments; the game's copy leaves them out as the engine's wheel does
(``wheel_comments.py``): a comment alone on its line leaves an empty line, one after
code is cut with the spaces before it, so every line number and every column of code
stays where it was (tracebacks point where Pyodide's source does). A ``coding``
declaration stays (it is a comment: PEP 263). Each module is checked to parse to
the same tree, positions included, before and after. The archive's files are written
stored, as ``game_stdlib.trimmed`` wrote them.

Source is specific to one Python version (the tokenizer of 3.14 knows template strings,
that of 3.11 mistakes some of them), so ``game_stdlib.py`` runs this module inside
Pyodide (``in_pyodide.mjs``, Node with the npm runtime), never with the build
machine's CPython. Measured on Pyodide 314.0.7: the game's library 2,634,575 bytes to
2,287,424, its gzipped copy 606,016 to 495,512.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
import zipfile

#: A ``coding`` declaration (PEP 263's expression), on one of the first two lines: kept.
CODING = re.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*[-\w.]+")


def strip_comments(source: str) -> str:
    """``source`` without its comments but a ``coding`` declaration; every line kept.

    >>> strip_comments("# -*- coding: utf-8 -*-\\nx = 1  # one\\n# alone\\ny = 2\\n")
    '# -*- coding: utf-8 -*-\\nx = 1\\n\\ny = 2\\n'
    """
    lines = source.split("\n")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        kept = token.start[0] <= 2 and CODING.match(token.line)
        if token.type == tokenize.COMMENT and not kept:
            row, col = token.start
            lines[row - 1] = lines[row - 1][:col].rstrip()
    return "\n".join(lines)


def same_code(before: str, after: str) -> bool:
    """Whether two sources parse to the same tree, every node at the same place."""
    return ast.dump(ast.parse(before), include_attributes=True) == ast.dump(
        ast.parse(after), include_attributes=True
    )


def without_comments(src: str, dst: str) -> int:
    """Write ``dst``: the archive ``src`` with its ``.py`` files' comments left out (each
    checked by same_code), every file stored. Returns the bytes saved."""
    saved = 0
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            if info.filename.endswith(".py"):
                text = data.decode("utf-8")
                stripped = strip_comments(text)
                if not same_code(text, stripped):
                    raise SystemExit(f"stdlib_comments: {info.filename} changed its code")
                saved += len(data) - len(stripped.encode("utf-8"))
                data = stripped.encode("utf-8")
            info.compress_type = zipfile.ZIP_STORED
            zout.writestr(info, data)
    return saved


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    saved = without_comments(args[0], args[1])
    print(f"stdlib_comments: {saved} bytes of comments left out (Python {sys.version.split()[0]})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
