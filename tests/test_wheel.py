"""Checks on the built wheel: pure, dependency-free, small, and complete.

The wheel is the one `make wheel` put in dist/. If dist/ holds none, or it is
older than the sources, the tests build one themselves into a temporary
directory with `pip wheel . --no-deps`.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hasenpfeffer_site.wheel_comments import (
    docstrings,
    example_rows,
    is_internal,
    private_docstrings,
    without_comments,
)

ROOT = Path(__file__).resolve().parent.parent

DIST = ROOT / "dist"
PACKAGE_DIR = ROOT / "engine" / "hasenpfeffer"
# 150 KiB: the engine a player's browser or pip downloads. The developer tools (arena,
# bench) live outside the wheel, in devtools/ (147,386 bytes on 2026-12-02 without them;
# 155,776 with them); since 2026-12-05 its modules carry no comments (159,530 bytes with
# them that day, 148,155 without: hasenpfeffer_site/wheel_comments.py); since that night its
# files are deflated by Zopfli (154,118 bytes by zlib's best, 149,014 by Zopfli, the same day:
# hasenpfeffer_site/wheel_deflate.py); since 2026-12-06 without the docstrings of private
# functions and classes, the doctest examples, and the functions' docstrings in the bots'
# and the API's internals (155,925 bytes with them that day, 139,523 without).
MAX_WHEEL_BYTES = 150 * 1024

_built: list[Path] = []


def _newest_source_mtime() -> float:
    sources = [ROOT / "pyproject.toml"]
    sources += [
        p
        for p in PACKAGE_DIR.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
    ]
    return max(p.stat().st_mtime for p in sources)


def find_or_build_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Path of an up-to-date hasenpfeffer wheel (dist/ or freshly built)."""
    if _built:
        return _built[0]
    wheels = sorted(DIST.glob("hasenpfeffer-*.whl"))
    if len(wheels) > 1:
        pytest.fail(f"more than one wheel in dist/: {[w.name for w in wheels]}; run `make wheel`")
    if wheels and wheels[0].stat().st_mtime >= _newest_source_mtime():
        wheel = wheels[0]
    else:
        out = tmp_path_factory.mktemp("wheel")
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
            check=True,
        )
        (wheel,) = out.glob("hasenpfeffer-*.whl")
        without_comments(wheel)  # as `make wheel` does
    _built.append(wheel)
    return wheel


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return find_or_build_wheel(tmp_path_factory)


@pytest.fixture(scope="module")
def names(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        return zf.namelist()


def test_wheel_is_pure_python(wheel: Path) -> None:
    assert wheel.name.startswith("hasenpfeffer-0.1.0-")
    assert wheel.name.endswith("py3-none-any.whl")


def test_wheel_tag_in_metadata(wheel: Path, names: list[str]) -> None:
    (wheel_file,) = [n for n in names if n.endswith(".dist-info/WHEEL")]
    with zipfile.ZipFile(wheel) as zf:
        text = zf.read(wheel_file).decode()
    assert "Root-Is-Purelib: true" in text
    assert "Tag: py3-none-any" in text


def test_no_runtime_dependencies(wheel: Path, names: list[str]) -> None:
    (metadata,) = [n for n in names if n.endswith(".dist-info/METADATA")]
    with zipfile.ZipFile(wheel) as zf:
        lines = zf.read(metadata).decode().splitlines()
    requires = [line for line in lines if line.startswith("Requires-Dist:")]
    unconditional = [line for line in requires if "extra ==" not in line]
    assert unconditional == [], f"runtime dependencies in the wheel: {unconditional}"


def test_wheel_is_small(wheel: Path) -> None:
    size = wheel.stat().st_size
    assert size < MAX_WHEEL_BYTES, f"{wheel.name} is {size} bytes (limit {MAX_WHEEL_BYTES})"


def _docstrings_emptied(source: str, name: str) -> str:
    """The module's tree with every docstring an empty string ending where it starts
    (as the wheel's private ones are): the code alone, line numbers included."""
    tree = ast.parse(source)
    for doc in docstrings(tree):
        doc.value = ""
        doc.end_lineno, doc.end_col_offset = doc.lineno, doc.col_offset + 2
    for node in ast.walk(tree):  # the statement holding it ends with it
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            node.end_lineno, node.end_col_offset = node.value.end_lineno, node.value.end_col_offset
    return ast.dump(tree, include_attributes=True)


def _kept_docstrings(source: str, name: str) -> list[str]:
    """The docstrings the wheel keeps, without their examples, blank lines dropped."""
    tree = ast.parse(source)
    left_out = {id(doc) for doc in private_docstrings(tree, is_internal(name))}
    lines = source.split("\n")
    kept = []
    for doc in docstrings(tree):
        if id(doc) in left_out:
            continue
        first, last = doc.lineno - 1, (doc.end_lineno or doc.lineno) - 1
        examples = set(example_rows(lines, first, last))
        text = [lines[r] for r in range(first, last + 1) if r not in examples]
        kept.append("\n".join(line for line in text if line.strip()))
    return kept


def test_the_wheels_modules_are_the_sources_without_their_comments(wheel: Path) -> None:
    # make wheel leaves the comments, the examples and the internal docstrings out
    # (hasenpfeffer_site/wheel_comments.py): the same code and line numbers, so a
    # traceback points where the repository's does, and every public docstring's prose
    with zipfile.ZipFile(wheel) as zf:
        modules = {n: zf.read(n).decode() for n in zf.namelist() if n.endswith(".py")}
    assert len(modules) > 30
    emptied = kept = 0
    for name, shipped in modules.items():
        source = (PACKAGE_DIR.parent / name).read_text(encoding="utf-8")
        assert "#" not in "".join(
            line for line in shipped.splitlines() if line.lstrip().startswith("#")
        ), name
        assert ">>>" not in shipped, name
        assert _docstrings_emptied(shipped, name) == _docstrings_emptied(source, name), name
        assert _kept_docstrings(shipped, name) == _kept_docstrings(source, name), name
        emptied += sum(doc.value == "" for doc in docstrings(ast.parse(shipped)))
        kept += len(_kept_docstrings(shipped, name))
    assert emptied > 150 and kept > 150
    # the public surface keeps its words
    game = modules["hasenpfeffer/game.py"]
    assert ast.get_docstring(_function(game, "Game", "apply"))
    assert ast.get_docstring(
        _function(modules["hasenpfeffer/bots/players.py"], None, "make_player")
    )


def _function(source: str, cls: str | None, name: str) -> ast.AST:
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            return next(n for n in node.body if getattr(n, "name", None) == name)
        if cls is None and isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    raise AssertionError(f"no {cls}.{name}")


def test_wheel_leaves_out_the_developer_tools(names: list[str]) -> None:
    # the arenas and benchmarks are run from a checkout (devtools/); play and review stay
    assert "hasenpfeffer/tools/cli.py" in names
    assert [n for n in names if "devtools" in n or n.endswith(("/arena.py", "/bench.py"))] == []


def test_wheel_contains_package_and_marker(names: list[str]) -> None:
    assert "hasenpfeffer/__init__.py" in names
    assert "hasenpfeffer/py.typed" in names


def test_wheel_contains_only_the_package(names: list[str]) -> None:
    top = {n.split("/", 1)[0] for n in names}
    assert top == {"hasenpfeffer", "hasenpfeffer-0.1.0.dist-info"}, top


def test_wheel_has_no_test_files(names: list[str]) -> None:
    def is_test_file(name: str) -> bool:
        parts = name.split("/")
        base = parts[-1]
        return (
            any(p in {"tests", "test"} for p in parts[:-1])
            or base == "conftest.py"
            or (base.startswith("test_") and base.endswith(".py"))
            or base.endswith("_test.py")
        )

    offenders = [n for n in names if is_test_file(n)]
    assert offenders == [], f"test files in the wheel: {offenders}"


def test_wheel_has_no_bytecode(names: list[str]) -> None:
    assert [n for n in names if n.endswith((".pyc", ".pyo")) or "__pycache__" in n] == []
