"""The game's standard library with its costliest modules as bytecode
(hasenpfeffer_site.stdlib_bytecode, issue 50): within the budget of bytes, the modules
that save the most work per byte first, each ``.py`` replaced by a ``.pyc`` that imports
and runs as the source did. The build runs it inside Pyodide (the Python of the
library); here the build machine's Python compiles."""

from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
import zipfile
from pathlib import Path

from hasenpfeffer_site import stdlib_bytecode
from hasenpfeffer_site.stdlib_bytecode import compiled, debug_ranges

BIG = '''"""A module with a docstring."""
import functools


@functools.cache
def total(n):
    """Sum of 0..n-1."""
    out = 0
    for i in range(n):
        if i % 3 == 0 and i % 5 == 0:
            out += i * 2
        elif i % 3 == 0:
            out += i
        else:
            out += 1
    return out


class Box:
    """A box."""

    def __init__(self, value):
        self.value = value

    def doubled(self):
        return Box(self.value * 2)


ANSWER = total(30) + Box(4).doubled().value
'''
SMALL = "X = 1\n"
#: a module that is mostly its docstring (words that do not repeat, as a manual's)
WORDS = " ".join(f"word{i * 7919 % 10007}" for i in range(600))
DOCS = f'"""Only words. {WORDS}"""\nY = 2\n'


def archive(path: Path) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as z:
        z.writestr("pkg/", b"")
        z.writestr("pkg/__init__.py", SMALL)
        z.writestr("pkg/big.py", BIG)
        z.writestr("docs.py", DOCS)
        z.writestr("data.txt", "kept as it is\n")
    return path


def test_the_chosen_modules_become_bytecode_that_runs_as_the_source(tmp_path: Path) -> None:
    src, dst = archive(tmp_path / "in.zip"), tmp_path / "out.zip"
    n, of, added = compiled(str(src), str(dst), budget=10_000)
    with zipfile.ZipFile(dst) as z:
        names = z.namelist()
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
        assert z.read("data.txt") == b"kept as it is\n"
        pyc = z.read("pkg/big.pyc")
    assert (n, of) == (3, 3) and added > 0
    # in the archive's order, each in its source's place
    assert names == ["pkg/", "pkg/__init__.pyc", "pkg/big.pyc", "docs.pyc", "data.txt"]
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    run = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; sys.path.insert(0, sys.argv[1]); import pkg.big, docs\n"
            "print(pkg.big.ANSWER, pkg.big.__file__.endswith('.pyc'), pkg.big.__doc__,\n"
            "      pkg.big.total.__doc__, pkg.big.Box.__doc__, docs.Y)",
            str(dst),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    namespace: dict[str, object] = {}
    exec(compile(BIG, "big.py", "exec"), namespace)
    # the same code, its docstrings left out
    assert run.stdout.split() == [str(namespace["ANSWER"]), "True", "None", "None", "None", "2"]


def test_nothing_is_compiled_beyond_the_budget(tmp_path: Path) -> None:
    src, dst = archive(tmp_path / "in.zip"), tmp_path / "out.zip"
    n, _, added = compiled(str(src), str(dst), budget=0)
    with zipfile.ZipFile(dst) as z:
        names = z.namelist()
    # a docstring-only module's bytecode is smaller than its source: it costs nothing
    assert "docs.pyc" in names and "pkg/big.py" in names and "pkg/big.pyc" not in names
    assert added == 0 and n == len([m for m in names if m.endswith(".pyc")])


def test_pyodides_own_packages_keep_their_docstrings(tmp_path: Path) -> None:
    src, dst = tmp_path / "in.zip", tmp_path / "out.zip"
    with zipfile.ZipFile(src, "w") as z:
        z.writestr("_pyodide/docs.py", DOCS)
        z.writestr("other.py", DOCS)
    compiled(str(src), str(dst), budget=10**6)
    with zipfile.ZipFile(dst) as z:
        kept, left = z.read("_pyodide/docs.pyc"), z.read("other.pyc")
    assert b"Only words." in kept and b"Only words." not in left


def test_the_build_refuses_a_python_that_keeps_columns(tmp_path: Path) -> None:
    """(the build's Python starts without them: in_pyodide.mjs; this CPython has them)"""
    assert debug_ranges()
    src = archive(tmp_path / "in.zip")
    assert stdlib_bytecode.main([str(src), str(tmp_path / "out.zip")]) == 1
    assert not (tmp_path / "out.zip").exists()


def test_its_examples_pass() -> None:
    assert doctest.testmod(stdlib_bytecode).failed == 0
