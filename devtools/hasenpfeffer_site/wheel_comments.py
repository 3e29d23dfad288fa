"""The engine wheel without its source comments, doctest examples and internal
docstrings, in place.

    python -m hasenpfeffer_site.wheel_comments dist/hasenpfeffer-<version>-py3-none-any.whl

The wheel is what pip and a player's browser download (`make wheel` runs this
after building it; tests/test_wheel.py holds it under its size limit). Comments
are for readers of the repository: the wheel's modules keep every line of code,
every docstring of the package's public surface (``help()`` reads them) and
every line number (a comment alone on its line leaves an empty line, so
tracebacks point where the repository's source does). Left out as comments are,
each an empty string or empty lines in the wheel: the docstrings of private
functions and classes (a name with a leading underscore, or one defined inside a
function), the functions' docstrings in the bots' and the API operations'
internals (``is_internal``), and the ``>>>`` examples (tests, which the
repository's suite runs: tests/test_doctests.py). ``RECORD`` gets the new files'
hashes and sizes, so the result is still a valid wheel. tests/test_wheel.py
checks that each module parses to the same code, line numbers included, as its
source.
"""

from __future__ import annotations

import ast
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


#: The modules whose functions make the package's public surface (the package's
#: names, the browser's entry point, the computer players' interface): their public
#: functions keep their docstrings in the wheel. Elsewhere, in the bots' and the
#: API operations' internals (documented in the repository: docs/api.md,
#: docs/architecture.md), a function's docstring is left out as a private one's.
INTERNAL_FOLDERS = ("hasenpfeffer/bots/", "hasenpfeffer/api/")
PUBLIC_MODULES = ("hasenpfeffer/api/__init__.py", "hasenpfeffer/bots/players.py")


def is_internal(name: str) -> bool:
    """Whether the wheel's module ``name`` is one of the internals above."""
    return name.startswith(INTERNAL_FOLDERS) and name not in PUBLIC_MODULES


def private_docstrings(tree: ast.Module, internal: bool = False) -> list[ast.Constant]:
    """The docstrings, in ``tree``, of functions and classes that are private: named
    with one leading underscore (not a dunder), or inside a function or a private
    class; in an ``internal`` module, every function's and method's too (classes
    and the module keep theirs)."""
    found: list[ast.Constant] = []

    def visit(node: ast.AST, private: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = child.name
                hidden = private or (name.startswith("_") and not name.endswith("__"))
                body = child.body
                function = not isinstance(child, ast.ClassDef)
                if (
                    (hidden or (internal and function))
                    and body
                    and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)
                ):
                    found.append(body[0].value)
                inside = hidden or not isinstance(child, ast.ClassDef)
                visit(child, inside)

    visit(tree, False)
    return found


def strip_private_docstrings(source: str, internal: bool = False) -> str:
    """``source`` with each private docstring (``private_docstrings``) an empty
    string; every line kept, so the code's line numbers do not move.

    >>> source = "def _f():\\n    \'\'\'Private,\\n    two lines.\'\'\'\\n    return 1\\n"
    >>> strip_private_docstrings(source)
    'def _f():\\n    ""\\n\\n    return 1\\n'
    >>> strip_private_docstrings("def f():\\n    \'Public.\'\\n    return 1\\n")
    "def f():\\n    'Public.'\\n    return 1\\n"
    """
    lines = source.split("\n")
    for doc in private_docstrings(ast.parse(source), internal):
        first, last = doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1
        end_col = doc.end_col_offset or 0
        if lines[last][end_col:].strip():
            continue  # code after it on its last line: left as it is
        lines[first] = lines[first][: doc.col_offset] + '""'
        for row in range(first + 1, last + 1):
            lines[row] = ""
    return "\n".join(lines)


def docstrings(tree: ast.Module) -> list[ast.Constant]:
    """Every docstring in ``tree``: the module's, each class's and function's."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                found.append(body[0].value)
    return found


def example_rows(lines: list[str], first: int, last: int) -> list[int]:
    """The rows, between ``first`` and ``last`` (a docstring's first and last
    rows, the last left alone: it holds the closing quotes), of its ``>>>``
    examples: each from its ``>>>`` line to the blank line that ends it."""
    rows = []
    inside = False
    for row in range(first, last):
        text = lines[row].strip()
        if text.startswith(">>>") and row > first:
            inside = True
        elif not text:
            inside = False
        if inside:
            rows.append(row)
    return rows


def strip_examples(source: str) -> str:
    """``source`` with the ``>>>`` examples of its docstrings left out: each line
    of one empty, so line numbers do not move. The examples are tests, which the
    repository's suite runs (tests/test_doctests.py); the prose stays.

    >>> source = "def f():\\n  \'\'\'Twice.\\n\\n  >>> f()\\n  2\\n  \'\'\'\\n  return 2\\n"
    >>> strip_examples(source)
    "def f():\\n  \'\'\'Twice.\\n\\n\\n\\n  \'\'\'\\n  return 2\\n"
    """
    lines = source.split("\n")
    for doc in docstrings(ast.parse(source)):
        for row in example_rows(lines, doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1):
            lines[row] = ""
    return "\n".join(lines)


def without_comments(wheel: Path) -> int:
    """Rewrite ``wheel`` with its ``.py`` files' comments and private docstrings
    left out, deflated by
    Zopfli (``wheel_deflate``); returns the number of bytes saved."""
    before = wheel.stat().st_size
    with zipfile.ZipFile(wheel) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    changed: dict[str, bytes] = {}
    for info, data in entries:
        if info.filename.endswith(".py"):
            text = strip_comments(data.decode("utf-8"))
            text = strip_examples(strip_private_docstrings(text, is_internal(info.filename)))
            changed[info.filename] = text.encode("utf-8")
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
