"""The LAN table's protocol (web/together/protocol.js) under Node's test runner
(tests/together_check.mjs): every message a guest receives checked against its
seat's view (a fake engine deals hidden hands and answers with saves and events
that would reveal them), guests' requests checked and passed to the engine's
`act` (its refusal and reason code forwarded), a seat re-invited gets its view
exactly, the invitation codes (SDP to a short code and back), what a scanned QR
code must hold to be taken as a reply (web/together/scan.js), and the QR codes
of web/together/qr.js module for module against tests/qr_reference.json."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_lan_table_protocol_under_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed (it runs web/together/protocol.js): install Node 20+")
    proc = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "together_check.mjs")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "# fail 0" in proc.stdout and "# pass 17" in proc.stdout, proc.stdout[-2000:]
