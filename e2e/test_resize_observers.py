"""No size observer of the game page resizes, in its own callback, an element that an
observer watches (issue 48: WebKit raised "ResizeObserver loop completed with undelivered
notifications" during play). The page's observers do their work in the next animation
frame (web/shared/resize.js), once per frame, so the browser never has notifications
left over at the end of a frame.

Checked in Chromium by wrapping ``ResizeObserver`` before the page's modules run: after
each callback the sizes of every observed element are measured again; one that changed
inside the callback is a write the browser would have to deliver in the same frame.
The browser's own report of a loop (an ``error`` event on the window) is collected too.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page

from game_driver import FRAMES, reset, start, step

#: Wraps ResizeObserver: records each callback that changed an observed element's size.
WATCH = """(() => {
  const Native = window.ResizeObserver;
  const observed = new Set();
  const sizes = () => [...observed].map((el) => {
    const r = el.getBoundingClientRect();
    return `${r.width.toFixed(2)}x${r.height.toFixed(2)}`;
  });
  const name = (el) => el.id ? `#${el.id}` : `${el.localName}.${[...el.classList].join(".")}`;
  window.__resizeFaults = [];
  window.__resizeCallbacks = 0;
  window.addEventListener("error", (e) => {
    if (String(e.message).includes("ResizeObserver")) window.__resizeFaults.push(String(e.message));
  });
  window.ResizeObserver = class extends Native {
    constructor(callback) {
      super((entries, observer) => {
        window.__resizeCallbacks += 1;
        const targets = [...observed];
        const before = sizes();
        callback(entries, observer);
        const after = sizes();
        targets.forEach((el, i) => {
          if (before[i] !== after[i])
            window.__resizeFaults.push(`${name(el)}: ${before[i]} -> ${after[i]} in a callback`);
        });
      });
    }
    observe(target, options) {
      observed.add(target);
      return super.observe(target, options);
    }
  };
})();"""

FAULTS = "() => window.__resizeFaults"


def settle(page: Page) -> None:
    page.evaluate(FRAMES)
    page.evaluate(FRAMES)


def test_no_observer_resizes_what_is_observed(page: Page, base_url: str) -> None:
    page.add_init_script(WATCH)
    start(page, base_url, "?speed=instant&bots=easy&seed=3")
    rng = random.Random(48)
    # the guide's tip on show (a first visit's storage), in each language, at the widths
    # where the tools fold to icons (and the brand to its hare) and the tip's row narrows
    for lang in ("en", "ar", "hi", "fy", "it"):
        reset(page, f"?speed=instant&bots=easy&seed=3&lang={lang}")
        for width, height in ((1280, 800), (905, 700), (899, 700), (640, 800), (360, 740)):
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
        page.set_viewport_size({"width": 1000, "height": 700})
        for _ in range(6):
            step(page, rng)
        settle(page)
    assert page.evaluate("() => window.__resizeCallbacks") > 10  # the observers did run
    assert page.evaluate(FAULTS) == []
