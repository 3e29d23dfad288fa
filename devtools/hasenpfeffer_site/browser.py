"""How the e2e suite and the web benchmark start Debian's Chromium.

Playwright cannot download browsers here, so both drive ``/usr/bin/chromium``
(``make chromium`` installs it). The flags keep it headless and stop its
background connections, which this machine's closed network refuses.
"""

from __future__ import annotations

import os
import time
from typing import Any

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

# True once the game page's engine worker has stored its snapshot of the started
# runtime (web/engine/worker.js) in the page's origin.
SNAPSHOT_STORED = """async () => {
  for (const name of await caches.keys())
    if (name.includes(" snapshot ") && (await (await caches.open(name)).keys()).length) return true;
  return false;
}"""


def wait_snapshot_stored(page: Any, timeout_s: float = 60) -> None:
    """Until the snapshot is stored (polled: ``wait_for_function`` does not await promises)."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(SNAPSHOT_STORED):
        if time.monotonic() > deadline:
            raise TimeoutError("the engine worker stored no runtime snapshot")
        time.sleep(0.2)
