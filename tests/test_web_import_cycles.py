"""No import circles in web/: the page's modules import each other in one
direction only (docs/architecture.md shows the table's layers). Every static
``import ... from "x"``, ``import "x"``, ``export ... from "x"`` and every
literal dynamic ``import("x")`` counts: a module loaded on first use is still a
dependency. JSDoc type references (``@type {import("x").T}``, in comments) are
not imports and are left out, as are URLs built at run time."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_import_cycles import cycles

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

# a string (kept: import targets are strings) or a comment (blanked: JSDoc type imports)
_STRING_OR_COMMENT = re.compile(
    r"""
    ( "(?:\\.|[^"\\\n])*" | '(?:\\.|[^'\\\n])*' | `(?:\\.|[^`\\])*` )
    | /\*.*?\*/ | //[^\n]*
    """,
    re.S | re.X,
)
# import/export at a statement's start, with or without names: the target is group 2
_STATIC = re.compile(
    r"""(?:^|[;\n}]) \s* (?:import|export) \s*
    (?:[\w*${},\s]+? \s* from \s*)? (["']) ([^"'\n]+) \1""",
    re.M | re.X,
)
_DYNAMIC = re.compile(r"""\bimport \s* \( \s* (["']) ([^"'\n]+) \1 \s* \)""", re.X)


def _without_comments(source: str) -> str:
    """The source with its comments blanked (a comment marker inside a string is kept)."""
    return _STRING_OR_COMMENT.sub(lambda m: m.group(1) or " ", source)


def imports_of(source: str) -> list[str]:
    """The specifiers a module imports, statically or by a literal import()."""
    code = _without_comments(source)
    static = [m.group(2) for m in _STATIC.finditer(code)]
    return static + [m.group(2) for m in _DYNAMIC.finditer(code)]


def import_graph(web: Path = WEB, root: Path = ROOT) -> dict[str, set[str]]:
    """Each module under ``web`` (its path from ``root``) and the modules there it imports."""
    files = {p.resolve() for p in [*web.rglob("*.js"), *web.rglob("*.mjs")]}
    graph: dict[str, set[str]] = {}
    for path in sorted(files):
        name = path.relative_to(root).as_posix()
        graph[name] = set()
        for spec in imports_of(path.read_text(encoding="utf-8")):
            target = (path.parent / spec).resolve()
            if spec.startswith(".") and target in files and target != path:
                graph[name].add(target.relative_to(root).as_posix())
    return graph


def test_the_parser_reads_every_form_of_import() -> None:
    source = """
import a from "./a.js";
import { b,
  c } from './b.js';
import * as d from "./d.js";
import "./side.js";
export { e } from "./e.js";
export * from "./f.js";
const g = await import("./g.js");
import(`./h-${lang}.js`);
/** @type {import("./typed.js").T} */
// import x from "./commented.js";
const s = "import y from './in-a-string.js'";
"""
    expected = ["./a.js", "./b.js", "./d.js", "./e.js", "./f.js", "./g.js", "./side.js"]
    assert sorted(imports_of(source)) == expected


def test_the_finder_names_a_circle_of_files(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\n')
    (tmp_path / "b.js").write_text('export const b = () => import("./a.js");\n')
    (tmp_path / "c.js").write_text('import "./a.js";\n')
    graph = import_graph(tmp_path, tmp_path)
    assert graph == {"a.js": {"b.js"}, "b.js": {"a.js"}, "c.js": {"a.js"}}
    assert cycles(graph) == [["a.js", "b.js"]]


def test_web_has_no_import_circle() -> None:
    graph = import_graph()
    # the graph is read at all: boot.js's imports, a dynamic one among them
    assert len(graph) > 60
    assert {"web/table/state.js", "web/table/review.js"} <= graph["web/table/boot.js"]
    found = cycles(graph)
    circles = "\n".join(" ".join(files) for files in found)
    assert found == [], f"import circles in web/ (each line the files of one):\n{circles}"


def test_the_table_imports_down_its_documented_layers() -> None:
    """docs/architecture.md lists web/table's modules in layers, each module after
    every table module it imports: the map stays true of the code."""
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("### The table's modules, in layers", 1)[1].split("\n### ", 1)[0]
    listed = re.findall(r"^\| `(web/table/[\w-]+\.js)` \|", section, re.M)
    graph = import_graph()
    table = sorted(name for name in graph if name.startswith("web/table/"))
    assert sorted(listed) == table, "every table module listed once in docs/architecture.md"
    place = {name: i for i, name in enumerate(listed)}
    upward = [
        f"{name} imports {target}, listed after it"
        for name in listed
        for target in sorted(graph[name])
        if target in place and place[target] > place[name]
    ]
    assert upward == []


def test_the_pages_share_through_web_shared_not_through_each_other() -> None:
    """The game page's modules (web/table/) import nothing of the embeds' (web/embed/),
    and the embeds nothing of the table's: what both use lives in web/shared/."""
    graph = import_graph()
    crossing = [
        f"{name} imports {target}"
        for name, targets in sorted(graph.items())
        for target in sorted(targets)
        for own, other in (("web/table/", "web/embed/"), ("web/embed/", "web/table/"))
        if name.startswith(own) and target.startswith(other)
    ]
    assert crossing == []
