"""The LAN table's protocol (web/together/protocol.js) under Node's test runner
(tests/together_check.mjs): every message a guest receives checked against its
seat's view (a fake engine deals hidden hands and answers with saves and events
that would reveal them), guests' requests checked and passed to the engine's
`act` (its refusal and reason code forwarded), a seat re-invited gets its view
exactly, the channel's limits (a flood or too long a message cuts a guest off,
one request of a seat at a time), the guests told every move after an undo, the
invitation codes (SDP to a short code and back; addresses off the local network,
and short ICE credentials, refused with a reason), a guest's checks of the host's
messages (web/together/check.js) against the real engine's views and events
(tests/guest_samples.py) made hostile field by field, what a scanned QR code must
hold to be taken as a reply (web/together/scan.js), and the QR codes of
web/together/qr.js module for module against tests/qr_reference.json."""

from __future__ import annotations

import sys

from node_check import run_node_check


def test_lan_table_protocol_under_node() -> None:
    # the engine's samples are made by this interpreter (the one with the engine)
    env = {"PYTHON": sys.executable}
    run_node_check(
        "together_check.mjs", passes=29, runs="web/together/protocol.js and signal.js", env=env
    )
