"""No folder is put on ``sys.path`` to import our own code: the engine is installed
(``pip install -e .``), the developer tools and the site's build too (``pip install -e
./devtools``: ``hasenpfeffer_devtools``, ``hasenpfeffer_site``), and the tests import
each other and ``tests/golden`` through pytest's own rootdir path. The only changes of
``sys.path`` left are the deliberate ones below: each puts a wheel (or the copied tests)
first on the path of another Python, so that what runs there is that wheel's engine and
not the checkout's. This reads every Python file and every Node script that runs Python
(``.mjs``) outside web/, code and program texts alike."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("engine", "devtools", "scripts", "tests", "e2e")

#: A change of the path: insert, append, extend, ``+=`` or a slice assigned.
CHANGE = re.compile(r"sys\.path\s*(?:\.(?:insert|append|extend)\b|\[[^\]]*\]\s*=|\+=)")

#: file -> (how many changes, why each is there)
DELIBERATE = {
    "devtools/hasenpfeffer_site/build_site.py": (
        2,
        "VOCABULARY_PROGRAM and PUZZLES_PROGRAM, run by `python -S`: the words of the wheel "
        "the site ships, and the puzzle set read by its engine",
    ),
    "devtools/hasenpfeffer_site/started_engine.mjs": (
        1,
        "inside Pyodide: the site's wheel, where the worker puts it, imported for the "
        "snapshot and for the walk that finds the standard library it needs",
    ),
    "tests/test_wheel_bytecode.py": (
        1,
        "a program run by a subprocess: the engine imported from the wheel with bytecode",
    ),
    "tests/test_stdlib_bytecode.py": (
        1,
        "a program run by a subprocess: the modules imported from the archive with bytecode",
    ),
    "tests/test_pyodide.py": (
        1,
        "CPYTHON_RUNNER, run by a subprocess: the wheel first, as under Pyodide",
    ),
    "tests/pyodide_run.mjs": (1, "inside Pyodide: the wheel under test first"),
    "tests/pyodide_pytest.mjs": (
        2,
        "inside Pyodide: the wheel under test first, then the copied tests (they import "
        "each other, as pytest's rootdir path lets them here)",
    ),
}


def sources() -> list[Path]:
    files = [p for p in ROOT.glob("*.py") if p.is_file()]
    for folder in FOLDERS:
        for suffix in ("*.py", "*.mjs"):
            files += (ROOT / folder).rglob(suffix)
    # (this file's own examples below are no change of the path)
    this = Path(__file__).resolve()
    return sorted(p for p in files if "__pycache__" not in p.parts and p.resolve() != this)


def test_no_folder_is_put_on_the_path_but_the_deliberate_ones() -> None:
    files = sources()
    assert len(files) > 150
    changes = {
        rel: count
        for path in files
        if (count := len(CHANGE.findall(path.read_text(encoding="utf-8"))))
        for rel in [path.relative_to(ROOT).as_posix()]
    }
    expected = {name: count for name, (count, _why) in DELIBERATE.items()}
    assert changes == expected, (
        "import our code as the installed packages it is (the engine, hasenpfeffer_devtools, "
        "hasenpfeffer_site), not by a folder put on sys.path; a deliberate change of the "
        "path goes into DELIBERATE with its reason"
    )


def test_the_check_finds_each_way_of_changing_the_path() -> None:
    for line in (
        "sys.path.insert(0, str(ROOT / 'scripts'))",
        "sys.path.append(here)",
        "sys.path.extend([a, b])",
        "sys.path += [a]",
        "sys.path[:0] = [a]",
        "import sys; sys.path.insert(0, sys.argv[1])",
    ):
        assert CHANGE.search(line), line
    for line in ("print(sys.path[0])", "sys.path_hooks", "if path in sys.path:"):
        assert not CHANGE.search(line), line
