"""hasenpfeffer_site.bench_server: the web benchmark's plain and compressing hosts, and
their count of the bytes sent (scripts/bench_web.py --server, bytes until playable)."""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hasenpfeffer_site.bench_server import ByteCounter, MeasuredHandler, accepts_gzip

#: Files of a small site: name -> (bytes, whether a compressing host gzips it).
FILES = {
    "index.html": (b"<!doctype html><title>t</title>" + b"<p>hello</p>" * 200, True),
    "app.js": (b"export const x = 1;\n" * 300, True),
    "pyodide.asm.wasm": (b"\0asm\1\0\0\0" + bytes(5000), True),
    "python_stdlib.zip": (b"PK\3\4" + b"zip " * 1000, True),
    "runtime.snapshot": (gzip.compress(bytes(20000)), True),
    # the build's gzipped copy of the wasm: a gzip file, which a host sends as it is
    "pyodide.asm.wasm.gz": (gzip.compress(b"\0asm\1\0\0\0" + bytes(5000)), False),
    "icon.png": (b"\x89PNG\r\n\x1a\n" + bytes(3000), False),
}


def start(site: Path, compress: bool) -> tuple[http.server.ThreadingHTTPServer, ByteCounter]:
    counter = ByteCounter()
    handler_class = type("H", (MeasuredHandler,), {"compress": compress, "counter": counter})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler_class, directory=str(site))
    )
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, counter


@pytest.fixture
def site(tmp_path: Path) -> Path:
    for name, (data, _) in FILES.items():
        (tmp_path / name).write_bytes(data)
    return tmp_path


@pytest.fixture
def compressing(site: Path) -> Iterator[tuple[int, ByteCounter]]:
    server, counter = start(site, compress=True)
    yield server.server_address[1], counter
    server.shutdown()
    server.server_close()


@pytest.fixture
def plain(site: Path) -> Iterator[tuple[int, ByteCounter]]:
    server, counter = start(site, compress=False)
    yield server.server_address[1], counter
    server.shutdown()
    server.server_close()


def get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[bytes, bytes]:
    """A raw HTTP/1.0 GET: (the response's head, its body), every byte as it came."""
    lines = [f"GET {path} HTTP/1.0", "Host: 127.0.0.1"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        received = b""
        while chunk := s.recv(65536):
            received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    return head, body


def header(head: bytes, name: str) -> str | None:
    for line in head.decode("latin-1").split("\r\n")[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    return None


@pytest.mark.parametrize("name", list(FILES))
def test_the_compressing_host_gzips_its_types_for_a_browser_that_asks(
    compressing: tuple[int, ByteCounter], name: str
) -> None:
    port, _ = compressing
    data, gzipped = FILES[name]
    head, body = get(port, f"/{name}", {"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert int(header(head, "Content-Length") or -1) == len(body)
    if gzipped:
        assert header(head, "Content-Encoding") == "gzip"
        assert header(head, "Vary") == "Accept-Encoding"
        assert gzip.decompress(body) == data
    else:
        assert header(head, "Content-Encoding") is None
        assert body == data


@pytest.mark.parametrize("accept", [None, "identity", "br", "gzip;q=0"])
def test_the_compressing_host_sends_files_as_stored_unless_gzip_is_accepted(
    compressing: tuple[int, ByteCounter], accept: str | None
) -> None:
    port, _ = compressing
    head, body = get(port, "/app.js", {"Accept-Encoding": accept} if accept else {})
    assert header(head, "Content-Encoding") is None
    # the answer depends on the request's Accept-Encoding all the same: caches must know
    assert header(head, "Vary") == "Accept-Encoding"
    assert body == FILES["app.js"][0]


def test_the_plain_host_never_compresses(plain: tuple[int, ByteCounter]) -> None:
    port, _ = plain
    for name, (data, _) in FILES.items():
        head, body = get(port, f"/{name}", {"Accept-Encoding": "gzip"})
        assert header(head, "Content-Encoding") is None and header(head, "Vary") is None
        assert body == data


def test_a_missing_file_and_a_folder_are_answered_as_before(
    compressing: tuple[int, ByteCounter],
) -> None:
    port, _ = compressing
    head, _ = get(port, "/missing.js", {"Accept-Encoding": "gzip"})
    assert head.split(b" ")[1] == b"404" and header(head, "Content-Encoding") is None
    head, body = get(port, "/", {"Accept-Encoding": "gzip"})
    assert header(head, "Content-Encoding") == "gzip"
    assert gzip.decompress(body) == FILES["index.html"][0]


@pytest.mark.parametrize("compress", [False, True])
def test_the_counter_counts_every_byte_written_per_file(site: Path, compress: bool) -> None:
    server, counter = start(site, compress)
    port = server.server_address[1]
    try:
        received = 0
        for name in ("index.html", "pyodide.asm.wasm", "icon.png", "missing.js"):
            head, body = get(port, f"/{name}", {"Accept-Encoding": "gzip"})
            received += len(head) + 4 + len(body)
        sent = counter.read()
        assert sent["bytes"] == received
        assert sent["requests"] == 4
        assert set(sent["by_file"]) == {"index.html", "pyodide.asm.wasm", "icon.png", "missing.js"}
        assert sum(sent["by_file"].values()) == received
        # a revalidation that finds the file unchanged costs its head only
        counter.reset()
        assert counter.read() == {"bytes": 0, "requests": 0, "by_file": {}}
        mtime = os.stat(site / "app.js").st_mtime
        since = email.utils.formatdate(mtime + 1, usegmt=True)
        head, body = get(port, "/app.js?v=1", {"If-Modified-Since": since})
        assert head.split(b" ")[1] == b"304" and body == b""
        assert counter.read() == {
            "bytes": len(head) + 4,
            "requests": 1,
            "by_file": {"app.js": len(head) + 4},
        }
    finally:
        server.shutdown()
        server.server_close()


def test_accept_encoding_is_read_as_browsers_send_it() -> None:
    assert accepts_gzip("gzip, deflate, br, zstd")
    assert accepts_gzip("br;q=1.0, gzip;q=0.8")
    assert accepts_gzip("*")
    assert not accepts_gzip(None)
    assert not accepts_gzip("")
    assert not accepts_gzip("br, zstd")
    assert not accepts_gzip("gzip;q=0")
