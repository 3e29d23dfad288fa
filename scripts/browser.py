"""How the e2e suite and the web benchmark start Debian's Chromium.

Playwright cannot download browsers here, so both drive ``/usr/bin/chromium``
(``make chromium`` installs it). The flags keep it headless and stop its
background connections, which this machine's closed network refuses.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("HASENPFEFFER_CHROMIUM", "/usr/bin/chromium")
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
