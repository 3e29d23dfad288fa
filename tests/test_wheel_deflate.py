"""The wheel's own zip writer (hasenpfeffer_site/wheel_deflate.py): Zopfli's deflate,
read back by Python's zipfile and by pip as the same files, names, dates and modes."""

from __future__ import annotations

import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

from hasenpfeffer_site.wheel_deflate import deflate, write_zip


def _info(name: str, mode: int = 0o644) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2026, 12, 5, 23, 30, 58))
    info.external_attr = mode << 16
    return info


def test_a_written_archive_reads_back_as_its_entries(tmp_path: Path) -> None:
    entries = [
        (_info("pkg/__init__.py"), b'"""A package."""\n'),
        (_info("pkg/run.sh", 0o755), b"#!/bin/sh\necho hasenpfeffer\n" * 50),
        (_info("pkg/empty.txt"), b""),
        (_info("pkg/Spielkarten-\u00fcber.txt"), "Trumpf \u2660\n".encode() * 30),
    ]
    path = tmp_path / "a.zip"
    write_zip(path, entries)
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        infos = archive.infolist()
        assert [(i.filename, archive.read(i)) for i in infos] == [
            (info.filename, data) for info, data in entries
        ]
        assert [i.date_time for i in infos] == [(2026, 12, 5, 23, 30, 58)] * 4
        assert [i.external_attr >> 16 for i in infos] == [0o644, 0o755, 0o644, 0o644]
        assert {i.compress_type for i in infos} == {zipfile.ZIP_DEFLATED}


def test_zopfli_is_smaller_than_zlibs_best_on_the_engines_source() -> None:
    source = (Path(__file__).resolve().parent.parent / "engine/hasenpfeffer/game.py").read_bytes()
    best = zlib.compressobj(9, zlib.DEFLATED, -15)
    zlib_size = len(best.compress(source) + best.flush())
    packed = deflate(source)
    assert zlib.decompress(packed, -15) == source
    assert len(packed) < zlib_size


def test_pip_installs_a_wheel_written_so(tmp_path: Path) -> None:
    dist = "tinypkg-1.0.dist-info"
    files = {
        "tinypkg/__init__.py": b"ANSWER = 42\n",
        f"{dist}/METADATA": b"Metadata-Version: 2.1\nName: tinypkg\nVersion: 1.0\n",
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n",
    }
    record = "".join(f"{name},,\n" for name in files) + f"{dist}/RECORD,,\n"
    entries = [(_info(name), data) for name, data in files.items()]
    entries.append((_info(f"{dist}/RECORD"), record.encode()))
    wheel = tmp_path / "tinypkg-1.0-py3-none-any.whl"
    write_zip(wheel, entries)
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    assert (target / "tinypkg" / "__init__.py").read_bytes() == b"ANSWER = 42\n"
