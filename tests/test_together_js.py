"""The LAN table's protocol (web/together/protocol.js) under Node's test runner
(tests/together_check.mjs): every message a guest receives checked against its
seat's view (a fake engine deals hidden hands and answers with saves and events
that would reveal them), guests' requests checked and passed to the engine's
`act` (its refusal and reason code forwarded), a seat re-invited gets its view
exactly, the invitation codes (SDP to a short code and back), what a scanned QR
code must hold to be taken as a reply (web/together/scan.js), and the QR codes
of web/together/qr.js module for module against tests/qr_reference.json."""

from __future__ import annotations

from node_check import run_node_check


def test_lan_table_protocol_under_node() -> None:
    run_node_check("together_check.mjs", passes=17, runs="web/together/protocol.js")
