"""The game's standard library without its comments (hasenpfeffer_site.stdlib_comments,
issue 50): the same code, every line and column where it was, a ``coding`` declaration
kept, every file stored. The build runs it inside Pyodide (the Python of the library);
these examples parse the same in the build machine's Python."""

from __future__ import annotations

import doctest
import zipfile
from pathlib import Path

import pytest

from hasenpfeffer_site import stdlib_comments
from hasenpfeffer_site.stdlib_comments import same_code, strip_comments, without_comments

SOURCE = '''# -*- coding: utf-8 -*-
"""A module."""  # its docstring

# alone on its line
def f(x):  # a function
    s = "# not a comment"
    return (x +  # inside brackets
            1)
'''


def test_comments_go_and_every_line_and_column_of_code_stays() -> None:
    stripped = strip_comments(SOURCE)
    assert stripped.splitlines() == [
        "# -*- coding: utf-8 -*-",
        '"""A module."""',
        "",
        "",
        "def f(x):",
        '    s = "# not a comment"',
        "    return (x +",
        "            1)",
    ]
    assert same_code(SOURCE, stripped)
    assert not same_code(SOURCE, stripped.replace("(x +\n", "(x +\n\n"))


def test_the_archive_keeps_its_files_stored_without_their_comments(tmp_path: Path) -> None:
    src, dst = tmp_path / "in.zip", tmp_path / "out.zip"
    with zipfile.ZipFile(src, "w", zipfile.ZIP_STORED) as z:
        z.writestr("pkg/", b"")
        z.writestr("pkg/mod.py", SOURCE)
        z.writestr("data.txt", "# a text file keeps its lines\n")
    saved = without_comments(str(src), str(dst))
    with zipfile.ZipFile(dst) as z:
        assert z.namelist() == ["pkg/", "pkg/mod.py", "data.txt"]
        assert z.read("pkg/mod.py").decode() == strip_comments(SOURCE)
        assert z.read("data.txt") == b"# a text file keeps its lines\n"
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
    assert saved == len(SOURCE) - len(strip_comments(SOURCE))


def test_its_examples_pass() -> None:
    assert doctest.testmod(stdlib_comments).failed == 0


def test_a_changed_tree_stops_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = tmp_path / "in.zip"
    with zipfile.ZipFile(src, "w") as z:
        z.writestr("mod.py", SOURCE)
    monkeypatch.setattr(stdlib_comments, "strip_comments", lambda s: s + "x = 1\n")
    with pytest.raises(SystemExit, match=r"mod\.py changed its code"):
        without_comments(str(src), str(tmp_path / "out.zip"))
