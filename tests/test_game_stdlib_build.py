"""hasenpfeffer_site.game_stdlib: the game's trimmed standard library, written from what
the walk through the API imported (no Node here: the walk itself runs inside Pyodide in
Chromium in e2e/test_game_stdlib.py), with the engine's own imports checked against it,
made once for the same inputs."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest

from hasenpfeffer_site import game_stdlib
from hasenpfeffer_site.build_site import PYODIDE_DIR

#: A small library: name -> (data, compression); folders are entries of their own.
LIBRARY = {
    "asyncio/": (b"", zipfile.ZIP_STORED),
    "asyncio/__init__.py": (b"from .events import *\n", zipfile.ZIP_DEFLATED),
    "asyncio/events.py": (b"x = 1\n" * 50, zipfile.ZIP_DEFLATED),
    "json/": (b"", zipfile.ZIP_STORED),
    "json/__init__.py": (b"import json.decoder\n", zipfile.ZIP_DEFLATED),
    "json/decoder.py": (b"y = 2\n" * 50, zipfile.ZIP_DEFLATED),
    "typing.py": (b"T = 1\n" * 80, zipfile.ZIP_DEFLATED),
    "tkinter.py": (b"big = 1\n" * 500, zipfile.ZIP_DEFLATED),
}


def write_library(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, (data, compression) in LIBRARY.items():
            info = zipfile.ZipInfo(name, (2025, 1, 2, 3, 4, 6))
            info.compress_type = compression
            z.writestr(info, data)
    return path


def write_wheel(path: Path, sources: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as z:
        for name, text in sources.items():
            z.writestr(name, text)
        z.writestr("hasenpfeffer/cards.pyc", b"\0" * 16)
    return path


def test_the_modules_found_map_onto_the_archives_files() -> None:
    modules: dict[str, str | None] = {
        "json": "/lib/python314.zip/json/__init__.py",
        "json.decoder": "/lib/python314.zip/json/decoder.py",
        "math": None,  # built in
        "hasenpfeffer.cards": "/engine/hasenpfeffer-0.1.0-py3-none-any.whl/hasenpfeffer/cards.py",
        "os": None,  # frozen
    }
    assert game_stdlib.archive_files(modules) == {"json/__init__.py", "json/decoder.py"}


def test_the_trimmed_archive_keeps_those_files_and_their_folders_stored(
    tmp_path: Path,
) -> None:
    library = write_library(tmp_path / "python_stdlib.zip")
    data = game_stdlib.trimmed(library, {"json/__init__.py", "json/decoder.py", "typing.py"})
    out = tmp_path / "game.zip"
    out.write_bytes(data)
    with zipfile.ZipFile(out) as z, zipfile.ZipFile(library) as whole:
        assert z.namelist() == ["json/", "json/__init__.py", "json/decoder.py", "typing.py"]
        for info in z.infolist():
            original = whole.getinfo(info.filename)
            assert z.read(info) == whole.read(original)
            # stored: the site's gzipped copy packs the whole archive (gzipped_copies.py)
            assert info.compress_type == zipfile.ZIP_STORED
            assert info.date_time == original.date_time
    # the same files give the same bytes (the version's hash stays)
    assert game_stdlib.trimmed(library, {"typing.py", "json/decoder.py", "json/__init__.py"}) == (
        data
    )
    with pytest.raises(SystemExit, match=r"not_there\.py"):
        game_stdlib.trimmed(library, {"not_there.py"})


def test_every_module_the_engine_imports_must_have_been_reached(tmp_path: Path) -> None:
    wheel = write_wheel(
        tmp_path / "hasenpfeffer-0.1.0-py3-none-any.whl",
        {
            "hasenpfeffer/cards.py": "from __future__ import annotations\nimport json\n"
            "from collections.abc import Mapping\nfrom . import game\n",
            "hasenpfeffer/bots/hard.py": "import random\n\ndef main():\n"
            "    import argparse\n    import textwrap\n\nfrom hasenpfeffer import cards\n",
        },
    )
    assert game_stdlib.engine_imports(wheel) == {
        "json",
        "collections.abc",
        "random",
        "argparse",
        "textwrap",
    }
    reached: dict[str, str | None] = {
        "json": "/lib/python314.zip/json/__init__.py",
        "collections.abc": None,
        "random": "/lib/python314.zip/random.py",
    }
    # argparse: a command line's (COMMAND_LINE_ONLY); textwrap: nothing reached it
    with pytest.raises(SystemExit, match="imports textwrap, which the walk"):
        game_stdlib.check_engine_imports(wheel, reached)
    game_stdlib.check_engine_imports(wheel, {**reached, "textwrap": "/lib/python314.zip/t.py"})


def test_made_once_for_the_same_inputs_and_anew_when_one_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = write_library(tmp_path / "python_stdlib.zip")
    wheel = write_wheel(tmp_path / "hasenpfeffer-0.1.0-py3-none-any.whl", {})
    walk = tmp_path / "api_walk.py"
    walk.write_text("# the walk\n")
    runs: list[int] = []

    def found(stdlib: Path, site_wheel: Path) -> dict[str, Any]:
        runs.append(1)
        files = ["json/__init__.py", "json/decoder.py"] if len(runs) == 1 else ["typing.py"]
        return {"modules": {f: f"/lib/python314.zip/{f}" for f in files}, "builtin": []}

    monkeypatch.setattr(game_stdlib, "CACHE", tmp_path / "cache")
    monkeypatch.setattr(game_stdlib, "WALK", walk)
    monkeypatch.setattr(game_stdlib, "found_modules", found)

    def made() -> list[str]:
        out = tmp_path / "python_stdlib_game.zip"
        game_stdlib.add_game_stdlib(library, wheel, out)
        with zipfile.ZipFile(out) as z:
            return z.namelist()

    # (each module compiled inside Pyodide: stdlib_bytecode.py, within its budget)
    assert made() == ["json/", "json/__init__.pyc", "json/decoder.pyc"]
    assert made() == ["json/", "json/__init__.pyc", "json/decoder.pyc"]  # from the cache
    assert len(runs) == 1
    walk.write_text("# the walk, with one more request\n")
    assert made() == ["typing.pyc"]
    assert len(runs) == 2


def test_the_games_lock_file_is_pyodides_without_its_packages(tmp_path: Path) -> None:
    """The worker's lock file keeps Pyodide's ``info`` (its loader checks the ABI there)
    and names no package: the game loads none, and the file is read at every start."""
    lock = PYODIDE_DIR / game_stdlib.LOCK_NAME
    dest = tmp_path / game_stdlib.GAME_LOCK_NAME
    game_stdlib.write_game_lock(lock, dest)
    full = json.loads(lock.read_text(encoding="utf-8"))
    game = json.loads(dest.read_text(encoding="utf-8"))
    assert game == {"info": full["info"], "packages": {}}
    assert full["packages"] and "abi_version" in game["info"]
    assert dest.stat().st_size < lock.stat().st_size / 100
