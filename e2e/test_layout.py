"""The table as a first visit sees it: the progress bar, which always moves."""

from __future__ import annotations

import itertools
from typing import Any

from playwright.sync_api import Page

from game_driver import start

# ---- the first visit's progress ------------------------------------------------------

# Every change of the loader's stage, percentage and bar, with the time it came.
RECORD_PROGRESS = """
window.__progress = [];
const record = () => {
  const stage = document.querySelector("#load-stage");
  const bar = document.querySelector("#load-progress");
  const loader = document.querySelector("#loader");
  if (!stage || !bar || !loader) return;
  const last = window.__progress[window.__progress.length - 1];
  const now = { t: performance.now(), stage: stage.textContent, value: Number(bar.value),
                hidden: loader.hidden };
  if (!last || last.stage !== now.stage || last.value !== now.value || last.hidden !== now.hidden) {
    window.__progress.push(now);
  }
};
new MutationObserver(record).observe(document, {
  subtree: true, childList: true, characterData: true, attributes: true,
  attributeFilter: ["value", "hidden"],
});
"""

STAGES = ("Downloading the card engine", "Starting Python", "Loading the rules")


def test_the_progress_bar_always_moves_on_a_first_visit(page: Page, base_url: str) -> None:
    page.add_init_script(RECORD_PROGRESS)
    start(page, base_url, "?speed=instant")
    seen: list[dict[str, Any]] = page.evaluate("window.__progress")
    loading = [s for s in seen if not s["hidden"]]
    labels = [s["stage"] for s in loading]
    order = [label for i, label in enumerate(labels) if i == 0 or labels[i - 1] != label]
    # each stage of the start named in turn: the download, Python, the engine
    assert [label for label in order if label in STAGES] == list(STAGES), order
    # the bar never goes back and never stands still for long while the engine starts
    values = [s["value"] for s in loading]
    assert values == sorted(values), values
    moving = [s for s in loading if s["value"] > 0]
    gaps = [round(b["t"] - a["t"]) for a, b in itertools.pairwise(moving)]
    assert gaps and max(gaps) < 1500, f"the bar stood still for {max(gaps)} ms: {seen}"
