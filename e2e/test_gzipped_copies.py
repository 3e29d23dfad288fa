"""The runtime's wasm and script, the game's standard library and the engine's wheel as
their gzipped copies (issue 50): the engine's worker asks for ``pyodide.asm.wasm.gz``,
``pyodide.asm.mjs.gz``, ``python_stdlib_game.zip.gz`` and ``<wheel>.gz`` (the build's,
devtools/hasenpfeffer_site/gzipped_copies.py), decodes the wasm as it comes and compiles
it from the decoded stream, imports the script from its decoded bytes (a ``blob:``
module, where the worker's policy allows one), and hands the archives' decoded bytes to
Pyodide's loader and to the engine's import; none is fetched as stored. A host
without the copies (a 404, or a page in their place), or with damaged ones, gets the
files as stored (the script also where the worker's policy allows no ``blob:`` script);
a host that sends a copy with ``Content-Encoding: gzip`` (the browser decodes it) gets
its bytes taken as they are. The same in Firefox and
WebKit: e2e/test_engines.py; offline (the copy stored, the Python page's request for the
wasm answered with it decoded): e2e/test_pwa.py, e2e/test_python_page.py."""

from __future__ import annotations

import collections
import functools
import gzip
import http.server
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from conftest import PageProblems, from_origin, playable_first_visit
from hasenpfeffer_site.build_site import version_dir
from hasenpfeffer_site.serve_site import QuietHandler

COPY = "pyodide.asm.wasm.gz"
STORED = "pyodide.asm.wasm"
SCRIPT_COPY = "pyodide.asm.mjs.gz"
SCRIPT_STORED = "pyodide.asm.mjs"
#: What a host that answers a missing file with a page of its own sends.
NOT_FOUND_PAGE = b"<!doctype html><title>Not found</title><p>No such page."
#: A damaged copy: gzip's header, then a deflate block of a type that does not exist.
DAMAGED = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + b"\xff" * 4096


def copies_server(
    site: Path,
    copies: str = "as stored",
    worker_policy: str | None = None,
    snapshot_rate: int | None = None,
) -> tuple[http.server.ThreadingHTTPServer, str, collections.Counter[str]]:
    """The site served as usual, counting the requests for each file name, with its gzipped
    copies (``*.gz``) served ``copies``: "as stored" (a gzip file, as serve_site sends it),
    "refused" (404), "a page" (200, an HTML page: a host's answer to a missing file),
    "damaged" (gzip that cannot be decoded), "a part" (the two archives' copies whole
    gzip files of the archive's first half: they decode, to a part of a zip; the other
    copies as stored) or "encoded" (the copy sent with
    ``Content-Encoding: gzip`` and the type of the file it is a copy of, as a host does
    that takes ``.gz`` for an encoding: the browser decodes it); the engine's worker sent
    with ``worker_policy`` as its Content-Security-Policy when given; the runtime's
    snapshot sent at ``snapshot_rate`` bytes a second when given (a slow link)."""
    served: collections.Counter[str] = collections.Counter()
    lock = threading.Lock()

    class Copies(QuietHandler):  # type: ignore[misc]
        def send_header(self, keyword: str, value: str) -> None:
            worker = self.path.split("?")[0].endswith("/web/engine/worker.js")
            if worker_policy and worker and keyword == "Content-Security-Policy":
                value = worker_policy
            super().send_header(keyword, value)

        def do_GET(self) -> None:
            name = self.path.split("?")[0].rsplit("/", 1)[-1]
            with lock:
                served[name] += 1
            if snapshot_rate and name == "runtime.snapshot":
                self._send_slowly(Path(self.translate_path(self.path.split("?")[0])))
                return
            archive = name.endswith((".zip.gz", ".whl.gz"))
            if (
                not name.endswith(".gz")
                or copies == "as stored"
                or (copies == "a part" and not archive)
            ):
                super().do_GET()
                return
            if copies == "a part":
                whole = Path(self.translate_path(self.path.split("?")[0][: -len(".gz")]))
                data = whole.read_bytes()
                self._send(gzip.compress(data[: len(data) // 2]), "application/gzip", None)
                return
            if copies == "refused":
                self.send_error(404)
                return
            if copies == "a page":
                body, kind, encoding = NOT_FOUND_PAGE, "text/html", None
            elif copies == "damaged":
                body, kind, encoding = DAMAGED, "application/gzip", None
            else:
                file = Path(self.translate_path(self.path.split("?")[0]))
                kind = {".mjs.gz": "text/javascript", ".wasm.gz": "application/wasm"}.get(
                    name[name.rindex(".", 0, -3) :], "application/zip"
                )
                body, encoding = file.read_bytes(), "gzip"
            self._send(body, kind, encoding)

        def _send_slowly(self, file: Path) -> None:
            assert snapshot_rate
            body = file.read_bytes()
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            chunk = snapshot_rate // 10
            try:
                for at in range(0, len(body), chunk):
                    self.wfile.write(body[at : at + chunk])
                    self.wfile.flush()
                    time.sleep(0.1)  # the link's pace, not a wait for the page
            except (BrokenPipeError, ConnectionResetError):
                pass  # given up by the worker

        def _send(self, body: bytes, kind: str, encoding: str | None) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    handler = functools.partial(Copies, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", served


def played(
    browser: Browser,
    site_dir: Path,
    problems: PageProblems,
    copies: str = "as stored",
    worker_policy: str | None = None,
) -> tuple[collections.Counter[str], list[str], str]:
    """A first visit to the site served by ``copies_server(site_dir, copies,
    worker_policy)``, until the game is playable: the requests served per file name, the
    URLs the page and its worker asked for, and the server's address."""
    server, base, served = copies_server(site_dir, copies, worker_policy)
    try:
        with playable_first_visit(browser, base + "?speed=instant", problems) as (page, requested):
            assert page.evaluate("window.hasenpfeffer.state !== null")
    finally:
        server.shutdown()
        server.server_close()
    return served, requested, base


#: (how the host serves the copy, whether the wasm as stored is fetched after it)
HOSTS = [
    ("as stored", False),
    ("refused", True),
    ("a page", True),
    ("damaged", True),
    ("encoded", False),
]


@pytest.mark.parametrize(("copies", "stored_too"), HOSTS, ids=[h[0] for h in HOSTS])
def test_the_big_files_come_as_their_gzipped_copies_else_as_stored(
    browser: Browser, site_dir: Path, problems: PageProblems, copies: str, stored_too: bool
) -> None:
    """The game plays whatever the host does with the copies; a file as stored (the wasm,
    the script, the library, the wheel) is fetched only when its copy is refused or is
    not one, and each file once."""
    served, requested, base = played(browser, site_dir, problems, copies)
    assert served[COPY] == 1 and served[SCRIPT_COPY] == 1, dict(served)
    assert served[STORED] == (1 if stored_too else 0), dict(served)
    assert served[SCRIPT_STORED] == (1 if stored_too else 0), dict(served)
    # the zip archives (their files stored), each with a gzipped copy of the whole
    wheel = next(version_dir(site_dir).glob("engine/*.whl")).name
    for archive in ("python_stdlib_game.zip", wheel):
        assert served[f"{archive}.gz"] == 1, dict(served)
        assert served[archive] == (1 if stored_too else 0), dict(served)
    assert all(from_origin(u, base) for u in requested), requested
    # the refused copies' 404s are the one thing the console says
    unexpected = [e for e in problems.errors if not (copies == "refused" and "404" in e)]
    assert unexpected == [], problems.errors


def test_an_archives_copy_that_decodes_to_a_part_gets_the_archive_as_stored(
    browser: Browser, site_dir: Path, problems: PageProblems
) -> None:
    """A copy of the library or the wheel that decodes without an error to a zip cut
    short (a file cut short on the host, sent with ``Content-Encoding: gzip``, can) is not
    taken: the archive as stored is fetched, and the game plays."""
    served, _, _ = played(browser, site_dir, problems, "a part")
    wheel = next(version_dir(site_dir).glob("engine/*.whl")).name
    for archive in ("python_stdlib_game.zip", wheel):
        assert served[f"{archive}.gz"] == 1 and served[archive] == 1, dict(served)
    assert served[STORED] == 0 and served[SCRIPT_STORED] == 0, dict(served)
    # what the console may say: the worker's word that a copy did not decode
    assert all("did not decode" in e for e in problems.errors), problems.errors


def test_a_worker_policy_without_blob_scripts_gets_the_script_as_stored(
    browser: Browser, site_dir: Path, problems: PageProblems
) -> None:
    """A host that sends the worker a policy allowing no ``blob:`` script (docs/hosting.md's
    without it): the game plays, the wasm still from its copy, the runtime's script fetched
    as stored and its copy not at all."""
    policy = (
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'"
    )
    served, _, _ = played(browser, site_dir, problems, worker_policy=policy)
    assert served[COPY] == 1 and served[STORED] == 0, dict(served)
    # (the copy is the page's preload: index.html does not know the worker's policy)
    assert served[SCRIPT_STORED] == 1 and served[SCRIPT_COPY] <= 1, dict(served)
    # what the console may say: the policy's refusal of the worker's one-line blob: module
    assert all("blob:" in e for e in problems.errors), problems.errors
