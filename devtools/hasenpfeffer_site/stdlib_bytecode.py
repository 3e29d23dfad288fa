"""The game's standard library with bytecode for the modules that cost the most to
compile: the worker's Python starts without compiling them (issue 50).

    python -m hasenpfeffer_site.stdlib_bytecode <in.zip> <out.zip>

When the site's snapshot is not used (a slow link gives it up, or it is refused),
Python starts the usual way and compiles every module of the library it imports from
source: 130 of the game library's 133 modules, about 1.7 s in Node on the build machine,
more on a phone. A module's bytecode (``module.pyc`` in place of ``module.py``: zipimport
takes a module's ``.pyc`` before its ``.py``) is only read, but it is larger than the
source, and the archive travels gzipped as a whole (gzipped_copies.py). So the modules
are compiled in the order of the work they save per byte they add, until the bytes
added reach ``GROWTH_BUDGET``; the rest stay source.

- The work: the nodes of a module's syntax tree (compiling costs about as much per
  node).
- The bytes: each module's bytecode deflated alone, less its source deflated alone.
- The bytecode has no docstrings (``__doc__`` is None; the game never reads the
  library's), except in Pyodide's own packages (``KEEP_DOCSTRINGS``: it copies
  docstrings onto its JavaScript types), and no columns (in_pyodide.mjs starts Python
  with ``PYTHONNODEBUGRANGES``). Asserts and line numbers stay: the code is the same.
- The ``.pyc`` files are unchecked hash-based (PEP 552), as in the engine's wheel
  (wheel_bytecode.py): no time stamps, no source to compare with.

Bytecode is specific to one Python version, so ``game_stdlib.py`` runs this module
inside Pyodide (``in_pyodide.mjs``), never with the build machine's CPython.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
import zipfile
import zlib
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

#: What the compiled modules may add, in bytes deflated module by module (the archive's
#: gzipped copy grows by about as much: 149,855 bytes). All of them would add 301,000
#: (Pyodide 314.0.7); the budget keeps a first visit from a host that does not compress
#: within 5 MB (issue 50), the engine's wheel sent without its sources. At 200,000 it
#: came to 5.004 MB.
GROWTH_BUDGET = 150_000
#: Packages whose docstrings their own code reads (Pyodide's: its JavaScript types'
#: docs).
KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")
DOCSTRING_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    """``tree`` with the docstrings of its module, classes and functions left out (a
    body that was only a docstring becomes ``pass``).

    >>> source = '"m"\\ndef f():\\n    "f"\\nclass C:\\n    "c"\\n    x = 1'
    >>> print(ast.unparse(without_docstrings(ast.parse(source))))
    def f():
        pass
    <BLANKLINE>
    class C:
        x = 1
    """
    for node in ast.walk(tree):
        if isinstance(node, DOCSTRING_OWNERS) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                rest = node.body[1:]
                node.body = rest or [ast.copy_location(ast.Pass(), first)]
    return tree


def bytecode(source: bytes, filename: str) -> tuple[bytes, int]:
    """The ``.pyc`` of ``source`` (docstrings left out unless under ``KEEP_DOCSTRINGS``)
    and the work compiling it saves (its tree's nodes)."""
    tree = ast.parse(source, filename)
    work = sum(1 for _ in ast.walk(tree))
    if not filename.startswith(KEEP_DOCSTRINGS):
        tree = without_docstrings(tree)
    code = compile(tree, filename, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    return bytes(pyc), work


def deflated(data: bytes) -> int:
    return len(zlib.compress(data, 9))


def chosen(costs: dict[str, tuple[int, int]], budget: int) -> set[str]:
    """The modules to compile: ``costs`` maps a module to (bytes its bytecode adds, work
    it saves); those that add nothing first, then by work per byte, while the bytes added
    stay within ``budget``.

    >>> sorted(chosen({"a": (-5, 1), "b": (100, 1000), "c": (100, 10), "d": (60, 900)}, 160))
    ['a', 'b', 'd']
    """
    order = sorted(costs, key=lambda m: (costs[m][0] > 0, -costs[m][1] / max(costs[m][0], 1), m))
    taken: set[str] = set()
    added = 0
    for module in order:
        grows = costs[module][0]
        if grows <= 0 or added + grows <= budget:
            taken.add(module)
            added += max(grows, 0)
    return taken


def compiled(src: str, dst: str, budget: int = GROWTH_BUDGET) -> tuple[int, int, int]:
    """Write ``dst``: the archive ``src`` with the chosen modules' ``.py`` replaced by their
    ``.pyc``, every file stored, in the archive's order. Returns (modules compiled,
    modules in all, bytes added, deflated module by module)."""
    with zipfile.ZipFile(src) as zin:
        entries = [(info, zin.read(info)) for info in zin.infolist()]
    made: dict[str, bytes] = {}
    costs: dict[str, tuple[int, int]] = {}
    for info, data in entries:
        if info.filename.endswith(".py"):
            pyc, work = bytecode(data, info.filename)
            made[info.filename] = pyc
            costs[info.filename] = (deflated(pyc) - deflated(data), work)
    taken = chosen(costs, budget)
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info, data in entries:
            if info.filename in taken:
                out = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
                out.external_attr = info.external_attr
                info, data = out, made[info.filename]
            info.compress_type = zipfile.ZIP_STORED
            zout.writestr(info, data)
    return len(taken), len(made), sum(max(costs[m][0], 0) for m in taken)


def debug_ranges() -> bool:
    """Whether this Python's bytecode keeps the columns of code (``-X no_debug_ranges``
    not given)."""
    positions = compile("x = 1", "<check>", "exec").co_positions()
    return any(column is not None for _, _, column, _ in positions)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    if debug_ranges():
        print("stdlib_bytecode: start Python with PYTHONNODEBUGRANGES=1", file=sys.stderr)
        return 1
    n, of, added = compiled(args[0], args[1])
    version = sys.version.split()[0]
    print(f"stdlib_bytecode: {n} of {of} modules compiled for Python {version}, +{added} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
