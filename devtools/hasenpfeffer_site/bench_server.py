"""The site served for the web benchmarks as two kinds of static host do, with a count
of the bytes sent (``scripts/bench_web.py --server plain|compressing``).

- **plain**: files as stored, what ``serve_site.py`` sends (Python's ``http.server``:
  no compression), as many simple hosts and object stores send them.
- **compressing**: what a typical static host or CDN in front of it does: a response
  of one of ``COMPRESSED_TYPES`` goes gzipped (level ``GZIP_LEVEL``, made once per
  file and kept) to a request whose ``Accept-Encoding`` names gzip, with
  ``Content-Encoding: gzip`` and ``Content-Length`` of the gzipped body; every
  response of those types carries ``Vary: Accept-Encoding``. The other types (PNG
  icons, a ``.webmanifest``'s neighbours the host does not know) go as stored.

Both count every byte they write (status line, headers, body) in a ``ByteCounter``:
in all, per request path and per file, so a benchmark reads off what one page load
cost on the wire by resetting the counter before the load and reading it when the
page is playable. The count is the server's: bytes of a response the browser gave
up (a download it cancelled) are counted as far as the server wrote them, which
runs ahead of what the browser read by at most the sockets' buffers.
"""

from __future__ import annotations

import collections
import gzip
import io
import os
import threading
from typing import Any

from .serve_site import QuietHandler

#: The types a compressing host gzips: text (pages, styles, scripts, JSON, SVG), the
#: WebAssembly module, and the archives and the runtime snapshot too, as the issue asked
#: (hosts often leave zip files and ``application/octet-stream`` alone: both are
#: compressed already, so gzip gains them about 2 %; docs/benchmarks.md).
COMPRESSED_TYPES = frozenset(
    {
        "text/html",
        "text/css",
        "text/javascript",
        "text/plain",
        "application/json",
        "application/manifest+json",
        "image/svg+xml",
        "application/wasm",
        "application/zip",
        "application/octet-stream",
    }
)
#: gzip's level on the fly at most hosts (nginx's ``gzip_comp_level`` is 1; 6 is zlib's
#: default and Apache's ``mod_deflate``'s, and what a CDN uses for gzip).
GZIP_LEVEL = 6


class ByteCounter:
    """The bytes a server wrote, in all and per request path, since the last reset."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.total = 0
        self.requests = 0
        self.by_path: collections.Counter[str] = collections.Counter()

    def reset(self) -> None:
        with self.lock:
            self.total = 0
            self.requests = 0
            self.by_path = collections.Counter()

    def add(self, path: str, n: int) -> None:
        with self.lock:
            self.total += n
            self.by_path[path] += n

    def request(self) -> None:
        with self.lock:
            self.requests += 1

    def read(self) -> dict[str, Any]:
        """{"bytes": total, "requests": how many, "by_file": file name -> bytes}."""
        with self.lock:
            by_file: collections.Counter[str] = collections.Counter()
            for path, n in self.by_path.items():
                by_file[path.split("?")[0].rsplit("/", 1)[-1] or "index.html"] += n
            return {"bytes": self.total, "requests": self.requests, "by_file": dict(by_file)}


class CountingWriter(io.BufferedIOBase):
    """A handler's output stream that counts what goes through it, under the path of
    the request being answered."""

    def __init__(self, raw: io.BufferedIOBase, handler: MeasuredHandler) -> None:
        super().__init__()
        self.raw = raw
        self.handler = handler

    def writable(self) -> bool:
        return True

    def write(self, data: Any, /) -> int:
        written = self.raw.write(data)
        n = len(memoryview(data)) if written is None else written
        counter = self.handler.counter
        if counter is not None:
            counter.add(getattr(self.handler, "path", ""), n)
        return n

    def flush(self) -> None:
        self.raw.flush()

    def close(self) -> None:
        super().close()  # (flushes first)
        self.raw.close()


#: The gzipped bodies made so far: (file, its mtime_ns, its size) -> bytes.
_GZIPPED: dict[tuple[str, int, int], bytes] = {}
_GZIPPED_LOCK = threading.Lock()


def gzipped(file: str) -> bytes:
    """``file`` gzipped at GZIP_LEVEL (made once for each version of the file)."""
    stat = os.stat(file)
    key = (file, stat.st_mtime_ns, stat.st_size)
    with _GZIPPED_LOCK:
        body = _GZIPPED.get(key)
    if body is None:
        with open(file, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=GZIP_LEVEL, mtime=0)
        with _GZIPPED_LOCK:
            _GZIPPED[key] = body
    return body


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header lets the answer be gzipped (``gzip`` listed,
    not with ``q=0``)."""
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "x-gzip", "*"):
            q = params.strip().removeprefix("q=")
            try:
                return params.strip() == "" or float(q) > 0
            except ValueError:
                return False
    return False


class MeasuredHandler(QuietHandler):
    """``serve_site``'s handler (the same headers), gzipping on the way when ``compress``
    is set, and counting the bytes it writes into ``counter`` when one is given."""

    compress = False
    counter: ByteCounter | None = None
    _gzipped: bytes | None = None
    _status = 0
    _sending_file = False

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile, self)

    def send_response(self, code: int, message: str | None = None) -> None:
        # the first step of every answer
        self._status = code
        self._gzipped = None
        if self.counter is not None:
            self.counter.request()
        super().send_response(code, message)

    def send_head(self) -> Any:
        self._sending_file = True
        try:
            return super().send_head()
        finally:
            self._sending_file = False

    def send_header(self, keyword: str, value: str) -> None:
        name = keyword.lower()
        if name == "content-type" and self.compress and self._sending_file and self._status == 200:
            kind = value.split(";")[0].strip().lower()
            if kind in COMPRESSED_TYPES:
                super().send_header("Vary", "Accept-Encoding")
                if accepts_gzip(self.headers.get("Accept-Encoding")):
                    self._gzipped = gzipped(self.served_file())
        if name == "content-length" and self._gzipped is not None:
            value = str(len(self._gzipped))
            super().send_header("Content-Encoding", "gzip")
        super().send_header(keyword, value)

    def served_file(self) -> str:
        """The file the request is answered with (a folder's index.html)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        return path

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if self._gzipped is None:
            super().copyfile(source, outputfile)
        else:
            outputfile.write(self._gzipped)
