"""The site's engine wheel: the browser's modules only, with compiled bytecode
for the interpreter running this.

    python -m hasenpfeffer_site.wheel_bytecode <in.whl> <out.whl>

The browser never runs the command-line tools, so the site's wheel leaves out
``SITE_LEAVE_OUT`` (``hasenpfeffer/tools/`` and ``__main__.py``); the wheel for
CPython (``make wheel``) keeps everything.

The site's worker imports the engine straight from its ``.whl`` (zipimport).
zipimport looks for ``module.pyc`` before ``module.py`` inside the archive, so
a wheel that carries bytecode for the exact Python of the browser's runtime
skips compiling the engine's sources on every start (measured: importing the
API and the bots in Pyodide went from about 450 ms to about 120 ms).

Bytecode is specific to one Python version, so ``build_site.py`` runs this
module *inside Pyodide* (``in_pyodide.mjs``, Node with the npm runtime), never
with the build machine's CPython. The ``.pyc`` files are unchecked hash-based
(PEP 552): deterministic (no time stamps) and never compared with a source.
Each takes its source's place: the browser never reads the sources, and
without them the wheel's gzipped copy is 231,103 bytes instead of 419,079
(issue 50). Docstrings stay (``help()`` on the Python page); the columns of code
do not (in_pyodide.mjs starts Python without them): a traceback still names
each file and line. ``RECORD`` lists the files with their hashes, so the result
is still a valid wheel.

Its files are stored, not deflated: the site sends the wheel as a gzipped copy of the
whole (gzipped_copies.py), which packs what the files share (a module's ``.pyc`` holds
its source's names and strings): deflated one by one, 511,543 bytes; stored and gzipped
whole, 418,849 (issue 50).
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


#: What the browser never imports: the command-line tools (terminal game, arena,
#: benchmarks) and ``python -m hasenpfeffer``.
SITE_LEAVE_OUT = ("hasenpfeffer/tools/", "hasenpfeffer/__main__.py")


def add_bytecode(src: str, dst: str, leave_out: tuple[str, ...] = SITE_LEAVE_OUT) -> int:
    """Write ``dst``: the wheel ``src`` without the files whose names start with
    one of ``leave_out``, each ``.py`` replaced by its ``.pyc``. Returns the
    number of modules compiled."""
    with zipfile.ZipFile(src) as zin:
        entries = [
            (info, zin.read(info))
            for info in zin.infolist()
            if not info.filename.startswith(leave_out)
        ]
    kept: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in entries:
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True)
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            out = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            out.external_attr = info.external_attr
            kept.append((out, pyc))
        else:
            kept.append((info, data))
    compiled = sum(1 for info, _ in kept if info.filename.endswith(".pyc"))
    listed = [_record_line(info.filename, data) for info, data in kept]
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:
        for info, data in kept:
            info.compress_type = zipfile.ZIP_STORED
            if info.filename.endswith(".dist-info/RECORD"):
                lines = [ln for ln in listed if not ln.startswith(info.filename + ",")]
                data = ("\n".join([*lines, f"{info.filename},,"]) + "\n").encode()
            zout.writestr(info, data)
    return compiled


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    n = add_bytecode(args[0], args[1])
    print(f"wheel_bytecode: {n} modules compiled for Python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
