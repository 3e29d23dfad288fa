"""hasenpfeffer_site.wheel_bytecode: the engine wheel with bytecode added, as the site ships it.

Here the bytecode is made by this CPython; the site's copy is made inside
Pyodide (in_pyodide.mjs beside it), checked by tests/test_pyodide.py.
"""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hasenpfeffer_site.wheel_bytecode import SITE_LEAVE_OUT, add_bytecode
from test_wheel import find_or_build_wheel

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    wheel = find_or_build_wheel(tmp_path_factory)
    out = tmp_path_factory.mktemp("bytecode") / wheel.name
    add_bytecode(str(wheel), str(out))
    return wheel, out


def test_every_module_is_its_bytecode_and_nothing_else_changes(
    compiled: tuple[Path, Path],
) -> None:
    wheel, out = compiled
    with zipfile.ZipFile(wheel) as a, zipfile.ZipFile(out) as b:
        before = {i.filename: a.read(i) for i in a.infolist()}
        after = {i.filename: b.read(i) for i in b.infolist()}
    before = {n: data for n, data in before.items() if not n.startswith(SITE_LEAVE_OUT)}
    sources = [n for n in before if n.endswith(".py")]
    assert sources
    # each source replaced by its bytecode (the browser never reads a source: issue 50)
    assert set(after) == (set(before) - set(sources)) | {n + "c" for n in sources}
    for name, data in before.items():
        if not name.endswith((".py", "RECORD")):
            assert after[name] == data, name
    magic = importlib_magic()
    for name in sources:
        pyc = after[name + "c"]
        assert pyc[:4] == magic
        assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked


def test_the_site_wheels_files_are_stored(compiled: tuple[Path, Path]) -> None:
    """(the site sends the wheel as a gzipped copy of the whole: gzipped_copies.py)"""
    with zipfile.ZipFile(compiled[1]) as wheel:
        assert {i.compress_type for i in wheel.infolist()} == {zipfile.ZIP_STORED}


def importlib_magic() -> bytes:
    import importlib.util

    return importlib.util.MAGIC_NUMBER


def test_the_site_wheel_leaves_out_the_command_line_tools(compiled: tuple[Path, Path]) -> None:
    wheel, out = compiled
    with zipfile.ZipFile(wheel) as a, zipfile.ZipFile(out) as b:
        full, site = a.namelist(), b.namelist()
    # the wheel for CPython keeps the terminal game; the browser's wheel has none of the tools
    assert "hasenpfeffer/tools/cli.py" in full and "hasenpfeffer/__main__.py" in full
    assert [n for n in site if "/tools/" in n or n.endswith("__main__.py")] == []
    for kept in (
        "hasenpfeffer/api/__init__.py",
        "hasenpfeffer/bots/hard.py",
        "hasenpfeffer/game.py",
    ):
        assert kept + "c" in site and kept not in site


def test_nothing_in_the_site_wheel_imports_the_tools(compiled: tuple[Path, Path]) -> None:
    wheel, out = compiled
    with zipfile.ZipFile(wheel) as a, zipfile.ZipFile(out) as b:
        shipped = set(b.namelist())
        sources = {n: a.read(n).decode() for n in a.namelist() if n + "c" in shipped}
    assert sources
    importing_tools = re.compile(
        r"^\s*(from\s+(\.+|hasenpfeffer\.)tools\b|import\s+hasenpfeffer\.tools)", re.M
    )
    assert [n for n, text in sources.items() if importing_tools.search(text)] == []


def test_record_lists_every_file_with_its_hash(compiled: tuple[Path, Path]) -> None:
    _, out = compiled
    with zipfile.ZipFile(out) as z:
        (record,) = [n for n in z.namelist() if n.endswith(".dist-info/RECORD")]
        rows = [line.split(",") for line in z.read(record).decode().splitlines()]
        listed = {name: (digest, size) for name, digest, size in rows}
        assert set(listed) == set(z.namelist())
        for name in z.namelist():
            if name == record:
                continue
            data = z.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert listed[name] == (f"sha256={digest.decode()}", str(len(data))), name


def test_the_same_wheel_gives_the_same_bytes(compiled: tuple[Path, Path], tmp_path: Path) -> None:
    wheel, out = compiled
    again = tmp_path / wheel.name
    add_bytecode(str(wheel), str(again))
    assert again.read_bytes() == out.read_bytes()


def test_the_engine_imports_from_the_bytecode_and_plays(compiled: tuple[Path, Path]) -> None:
    _, out = compiled
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import hasenpfeffer.api as api, hasenpfeffer.bots.hard as hard\n"
        "assert api.__file__.endswith('.pyc') and hard.__file__.endswith('.pyc')\n"
        "import json\n"
        "print(json.loads(api.handle_json(json.dumps({'op': 'new_game', 'seed': 4})))['ok'])\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(out)], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "True"
