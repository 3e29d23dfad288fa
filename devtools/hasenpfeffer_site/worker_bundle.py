"""The engine's worker as the site ships it: ``web/engine/worker.js`` and the modules it
imports joined into one file.

    join_worker(entry) -> (text, modules)

The worker's source is modules of one concern each (the message loop in worker.js, its
start, its downloads, the runtime's snapshot, the loading progress...: docs/architecture.md).
Loaded as modules they cost start-up time: over HTTP/1.1 (six connections to the site,
each request at least a round trip) every module is one more request in the queue the
page's own modules and the runtime's downloads wait in, and the worker runs, and asks for
the runtime's wasm, only once it has them all (issue 49: 0.1 s later to playable over an
80 ms / 40 Mbit/s link, 7 of 7 runs, with every module preloaded by the page). So the
site gets them as one file, of one request, as before the split.

Joined by concatenation, no bundler: each module after the modules it imports (depth
first, in the order of its import statements: the order in which a browser runs them),
without its import statements and with ``export`` taken off its declarations. That means
the same for these modules, and the build holds them to what makes it so (anything else
stops it with the reason):

- each static import is of a module in the entry's folder, by a relative name (so
  ``import.meta.url``, and every URL made from it, means the same in the joined file),
  and no module is imported twice on the way round (no circle);
- an import names the bindings it takes by their exported names (``import { a, b } from
  "./x.js"`` or ``import "./x.js"``: no ``as``, no default, no namespace), and each is
  exported there; an export is a declaration (``export const|let|function|async
  function|class``), never a list or a re-export;
- no two modules declare the same name at their top level (one scope once joined);
- no module awaits at its top level (the joined file would wait where the modules did
  not).

Dynamic ``import()`` stays as it is. ``node --check`` parses the joined file as a module
when Node is there (the build has it: engine_snapshot.mjs).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import textwrap
from pathlib import Path

#: A static import at a line's start: ``import "./x.js";`` or ``import { a, b } from
#: "./x.js";`` (the names may run over several lines). Group 1: the names, 2: the module.
IMPORT = re.compile(r"""^import\s*(?:\{([^}]*)\}\s*from\s*)?["']([^"']+)["'];?[ \t]*\n""", re.M)
#: Any import statement at a line's start (not a dynamic ``import(``).
ANY_IMPORT = re.compile(r"^import\b(?!\s*\()", re.M)
#: An exported declaration: ``export`` is taken off, the declaration stays.
EXPORT_DECLARATION = re.compile(
    r"^export\s+(?=(?:const|let|var|class|function|async\s+function)\b)", re.M
)
#: Any export at a line's start.
ANY_EXPORT = re.compile(r"^export\b", re.M)
#: A declaration at the top level (a line's start): exported or not, and its name.
TOP_LEVEL = re.compile(
    r"^(export\s+)?(?:const|let|var|class|function\*?|async\s+function\*?)\s+([A-Za-z_$][\w$]*)",
    re.M,
)
#: A top-level line (at a line's start) that awaits.
TOP_LEVEL_AWAIT = re.compile(r"^(?![ \t]|//|/\*|\*|}).*\bawait\b", re.M)
#: A relative module in the same folder.
SAME_FOLDER = re.compile(r"^\./[\w.-]+\.js$")


class JoinError(ValueError):
    """The worker's modules cannot be joined safely (the message says why)."""


def _parse(path: Path) -> tuple[str, list[tuple[str, list[str]]], dict[str, bool]]:
    """A module's text, its imports (module name, names taken) in order, and its top-level
    declarations (name: whether it is exported)."""
    text = path.read_text(encoding="utf-8")
    imports: list[tuple[str, list[str]]] = []
    for match in IMPORT.finditer(text):
        names_text, spec = match.group(1), match.group(2)
        if not SAME_FOLDER.match(spec):
            raise JoinError(f"{path.name}: imports {spec!r}, not a module of its own folder")
        names = [n.strip() for n in (names_text or "").split(",") if n.strip()]
        for name in names:
            if not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
                raise JoinError(f"{path.name}: imports {name!r} from {spec} (only plain names)")
        imports.append((spec[2:], names))
    if len(ANY_IMPORT.findall(text)) != len(imports):
        raise JoinError(f'{path.name}: an import other than `import {{ names }} from "./x.js"`')
    if len(ANY_EXPORT.findall(text)) != len(EXPORT_DECLARATION.findall(text)):
        raise JoinError(f"{path.name}: an export that is not a declaration")
    if TOP_LEVEL_AWAIT.search(text):
        raise JoinError(f"{path.name}: awaits at its top level")
    declared: dict[str, bool] = {}
    for export, name in TOP_LEVEL.findall(text):
        if name in declared:
            raise JoinError(f"{path.name}: declares {name} twice")
        declared[name] = bool(export)
    return text, imports, declared


def join_worker(entry: Path) -> tuple[str, list[str]]:
    """The worker ``entry`` and the modules it imports, joined: (the file's text, the
    modules' names in the order they are in it, the entry last)."""
    folder = entry.parent
    order: list[str] = []
    texts: dict[str, str] = {}
    exported: dict[str, set[str]] = {}
    declared_by: dict[str, str] = {}
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        if name in visiting:
            raise JoinError(f"import circle: {' -> '.join([*visiting, name])}")
        path = folder / name
        if not path.is_file():
            raise JoinError(f"{visiting[-1] if visiting else name}: imports {name}, not found")
        visiting.append(name)
        text, imports, declared = _parse(path)
        for spec, names in imports:
            visit(spec)
            for taken in names:
                if taken not in exported[spec]:
                    raise JoinError(
                        f"{name}: imports {taken} from {spec}, which does not export it"
                    )
        for top in declared:
            if top in declared_by:
                raise JoinError(f"{name} and {declared_by[top]} both declare {top}")
            declared_by[top] = name
        exported[name] = {top for top, export in declared.items() if export}
        texts[name] = EXPORT_DECLARATION.sub("", IMPORT.sub("", text))
        visiting.pop()
        order.append(name)

    visit(entry.name)
    sources = textwrap.wrap(", ".join(order), 84)
    parts = [
        f"// web/{folder.name}/{entry.name} as the site ships it: the engine worker's modules\n"
        "// joined in the order they run (devtools/hasenpfeffer_site/worker_bundle.py).\n"
        f"// Its sources, in web/{folder.name}/, in that order:\n"
        + "".join(f"//   {line}\n" for line in sources)
    ]
    parts += [
        f"\n// ==== web/{folder.name}/{name} ====\n\n{texts[name].strip()}\n" for name in order
    ]
    return "".join(parts), order


def check_syntax(text: str) -> None:
    """``node --check`` on ``text`` as a module (skipped where Node is missing)."""
    node = shutil.which("node")
    if node is None:
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "worker.mjs"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run(
            [node, "--check", str(path)], capture_output=True, text=True, timeout=60
        )
    if proc.returncode != 0:
        raise JoinError(f"the joined worker does not parse: {proc.stderr.strip()}")


def write_worker(entry: Path, dest_folder: Path) -> list[str]:
    """Write the joined worker over ``dest_folder``/``entry.name`` and remove the other
    modules it holds from ``dest_folder`` (nothing loads them): the modules' names."""
    text, modules = join_worker(entry)
    check_syntax(text)
    for name in modules:
        (dest_folder / name).unlink(missing_ok=True)
    (dest_folder / entry.name).write_text(text, encoding="utf-8")
    return modules
