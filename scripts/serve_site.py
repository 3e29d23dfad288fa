"""Serve the built site on http://127.0.0.1:8000 (``make play``).

    python scripts/serve_site.py [--dir site] [--port 8000] [--host 127.0.0.1]

A plain ``http.server`` with the content types the app needs set explicitly
(``.wasm`` must be ``application/wasm`` or Pyodide hangs; ES modules need a
JavaScript type), whatever the machine's MIME table says. What other sites
load is sent with ``Access-Control-Allow-Origin: *`` (any static host must do
the same): the embed loader ``web/embed.js`` (docs/embedding.md), and
PyScript, Pyodide and the engine wheel for Python cells in pages of other
sites (docs/python-in-pages.md). Used by the e2e tests and ``make bench-web`` too.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".webmanifest": "application/manifest+json",
}


#: Folders that pages of other sites load from (docs/python-in-pages.md).
CROSS_ORIGIN_FOLDERS = ("/pyscript/", "/pyodide/", "/engine/")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (http.server's own class attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }
    quiet = False

    def end_headers(self) -> None:
        path = self.path.split("?")[0]
        if path.endswith("/web/embed.js") or path.startswith(CROSS_ORIGIN_FOLDERS):
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

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
