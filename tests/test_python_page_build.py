"""hasenpfeffer_site.python_page: the lock rewritten for the micropip the site ships, pinned wheels.

The built page itself is checked in a browser by e2e/test_python_page.py.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest

from hasenpfeffer_site.python_page import PINNED, fetch_wheel, fix_lock, lock_file_names

ROOT = Path(__file__).resolve().parent.parent

NPM_LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"


def a_lock() -> dict[str, object]:
    return {
        "info": {"python": "3.14.2"},
        "packages": {
            "micropip": {
                "name": "micropip",
                "file_name": "micropip-0.11.1-py3-none-any.whl",
                "sha256": "0" * 64,
                "depends": [],
            },
            "numpy": {"name": "numpy", "file_name": "numpy-2.whl", "sha256": "1" * 64},
        },
    }


def test_fix_lock_gives_the_shipped_file_its_hash_and_changes_nothing_else(tmp_path: Path) -> None:
    wheel = tmp_path / "micropip-0.11.1-py3-none-any.whl"
    wheel.write_bytes(b"our micropip")
    lock = a_lock()
    before = copy.deepcopy(lock)
    fixed = fix_lock(lock, {"micropip": wheel})
    assert lock == before  # the input is not changed
    packages = fixed["packages"]
    assert isinstance(packages, dict)
    assert packages["micropip"]["sha256"] == hashlib.sha256(b"our micropip").hexdigest()
    packages["micropip"]["sha256"] = "0" * 64
    assert fixed == before


def test_fix_lock_refuses_a_file_the_lock_does_not_name(tmp_path: Path) -> None:
    other = tmp_path / "micropip-0.9.0-py3-none-any.whl"
    other.write_bytes(b"old")
    with pytest.raises(ValueError, match=r"names micropip-0\.11\.1-py3-none-any\.whl"):
        fix_lock(a_lock(), {"micropip": other})
    with pytest.raises(ValueError, match="no package 'pytest'"):
        fix_lock(a_lock(), {"pytest": other})
    with pytest.raises(ValueError, match="not a Pyodide lock"):
        fix_lock({"info": {}}, {"micropip": other})


def test_the_npm_lock_names_a_pinned_micropip() -> None:
    if not NPM_LOCK.is_file():
        pytest.fail("node_modules/pyodide is missing: run `make node_modules` (npm ci)")
    lock = json.loads(NPM_LOCK.read_text(encoding="utf-8"))
    (file_name,) = lock_file_names(lock, ("micropip",)).values()
    # a Pyodide upgrade that names another micropip must pin it (and fix its hash)
    assert file_name in PINNED
    assert lock["packages"]["micropip"]["sha256"] != PINNED[file_name]


def test_fetch_wheel_takes_only_pinned_files(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="not pinned"):
        fetch_wheel("micropip-9.9.9-py3-none-any.whl", tmp_path)
    # a file in the cache that is not PyPI's is refused, not shipped
    name = next(iter(PINNED))
    (tmp_path / name).write_bytes(b"something else")
    with pytest.raises(SystemExit, match="not the pinned file"):
        fetch_wheel(name, tmp_path)
