"""Serve the built site on http://127.0.0.1:8000 (``make play``).

    python -m hasenpfeffer_site.serve_site [--dir site] [--port 8000] [--host 127.0.0.1]

A plain ``http.server`` with the content types the app needs set explicitly
(``.wasm`` must be ``application/wasm`` or Pyodide hangs; ES modules need a
JavaScript type), whatever the machine's MIME table says, and the headers
docs/hosting.md asks of any host (the e2e tests run under them):

- ``Cache-Control``: a version's files (``v/<version>/...``, named by their
  version: build_site.py) are immutable; the entries at the root (the
  pages, ``sw.js``, the manifest, the embed loader) are revalidated every time.
- ``Content-Security-Policy`` on the pages: the policy of the page's own
  ``<meta http-equiv>`` tag, plus ``frame-ancestors`` (which a meta tag cannot
  set): any site may frame the pages the embeds use (``index.html`` and
  ``embed.html``), only the site itself the others. The engine's worker gets a
  policy of its own that lets it compile WebAssembly (``WORKER_CSP``): a worker's
  policy comes from its own response, the page's never needs ``'unsafe-eval'``.
  The camera scan's QR reader worker gets the strict policy of a script that
  loads only the site's own scripts (``QR_READER_CSP``).
- No ``Permissions-Policy``: the camera (scanning a reply's QR code) stays allowed
  to the site itself, as browsers allow it by default (docs/hosting.md).
- What other sites load is sent with ``Access-Control-Allow-Origin: *``: the embed
  loader ``web/embed.js`` (docs/embedding.md), the puzzle set
  ``puzzles/puzzles.json`` (docs/puzzles.md), and a version's PyScript, Pyodide and
  engine wheel for Python cells in pages of other sites (docs/python-in-pages.md).

Used by the e2e tests and ``make bench-web`` too.
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import re
import sys
import threading
from pathlib import Path
from typing import Any

from . import ROOT

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",  # the big files' gzipped copies (gzipped_copies.py): as stored
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".webmanifest": "application/manifest+json",
}


#: Versioned files: their URL names one content for ever.
IMMUTABLE = "public, max-age=31536000, immutable"
#: The entries: asked again every time (a conditional request; 304 when unchanged).
REVALIDATE = "no-cache"
#: The policy of the engine's worker (web/engine/worker.js, dedicated or shared): Pyodide
#: compiles WebAssembly ('wasm-unsafe-eval'; it needs no other eval: docs/hosting.md), and
#: the worker imports the runtime's script from its gzipped copy, decoded (blob:).
WORKER_CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' blob:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'"
)
#: The policy of the camera scan's QR reader (web/together/qr-reader-worker.js): a classic
#: worker that loads jsQR (importScripts, the site's own file) and nothing else.
QR_READER_CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'"
#: Pages that other sites may frame: the embeds' frame and the game page (the game embed).
FRAMED_PAGES = ("index.html", "embed.html")
META_CSP = re.compile(
    r"""<meta\s+http-equiv=["']Content-Security-Policy["']\s+content=(["'])(.*?)\1""", re.I
)


def page_csp(name: str, text: str) -> str | None:
    """The header policy of the page ``name`` (its meta tag's, plus frame-ancestors)."""
    match = META_CSP.search(text)
    if not match:
        return None
    ancestors = "*" if name in FRAMED_PAGES else "'self'"
    return f"{html.unescape(match.group(2)).rstrip('; ')}; frame-ancestors {ancestors}"


#: Entries that pages of other sites load: the embed loader and the puzzle set.
CROSS_ORIGIN_ENTRIES = ("/web/embed.js", "/puzzles/puzzles.json")
#: Folders of a version that pages of other sites load from (docs/python-in-pages.md).
CROSS_ORIGIN_FOLDERS = re.compile(r"/v/[^/]+/(?:pyscript|pyodide|engine)/")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (http.server's own class attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    quiet = False

    def end_headers(self) -> None:
        path = self.path.split("?")[0].split("#")[0]
        versioned = "/v/" in path
        self.send_header("Cache-Control", IMMUTABLE if versioned else REVALIDATE)
        if path.endswith(CROSS_ORIGIN_ENTRIES) or CROSS_ORIGIN_FOLDERS.search(path):
            self.send_header("Access-Control-Allow-Origin", "*")
        if path.endswith("/web/engine/worker.js"):
            self.send_header("Content-Security-Policy", WORKER_CSP)
        if path.endswith("/web/together/qr-reader-worker.js"):
            self.send_header("Content-Security-Policy", QR_READER_CSP)
        name = path.rsplit("/", 1)[-1] or "index.html"
        if name == "index.html" and not versioned:
            # the game page keeps secret deals and TURN passwords: no page of another
            # origin it opens, or that opens it, shares its browsing context group
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        if name.endswith(".html") and not versioned:
            policy = self.page_policy(path, name)
            if policy:
                self.send_header("Content-Security-Policy", policy)
        super().end_headers()

    def page_policy(self, path: str, name: str) -> str | None:
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        try:
            return page_csp(name, file.read_text(encoding="utf-8"))
        except OSError:
            return None

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class QuietHandler(Handler):
    quiet = True


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = True):  # type: ignore[no-untyped-def]
    """A threading HTTP server for ``directory`` (port 0: a free port)."""
    handler = functools.partial(QuietHandler if quiet else Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path, host: str = "127.0.0.1", port: int = 0):  # type: ignore[no-untyped-def]
    """Start a quiet server in a daemon thread; returns (server, base URL)."""
    server = make_server(directory, host, port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built Hasenpfeffer site.")
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"serve_site: {args.dir}/index.html is missing: run `make site`", file=sys.stderr)
        return 1
    server = make_server(args.dir, args.host, args.port, quiet=False)
    print(f"\n  Hasenpfeffer is ready: open http://{args.host}:{args.port}/ in your browser")
    print("  (Ctrl+C stops the server)\n", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
