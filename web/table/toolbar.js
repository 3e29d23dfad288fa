// The top bar on one line. When the tools' labels do not fit beside the brand and
// the scores (a longer language, a narrower window, one more tool such as Install),
// the tools show their icons only (the `compact` class); each label stays its
// button's accessible name and the title its tooltip. When the icons do not fit either
// (1024 px wide in English: twelve tools), the brand shows its hare only (`bare`: the
// name stays the heading's text for screen readers). Measured rather than guessed
// per language: again whenever the bar's width, the page's language or the tools
// change. Phones have their own two-line bar (styles.css). A change of labels is
// measured once, in the next frame: a language's labels arrive in several mutations
// (at start-up three forced layouts of 15-20 ms each, in one task), and each
// measurement forces a layout of the whole page. A change of the bar's size is measured
// in the next frame as well, never in the observer's callback: the class it sets changes
// the bar's own height, which the observer would have to deliver again in the same frame
// (web/shared/resize.js).
//
// On a phone the bar keeps one row: the most used tools, then "More", a disclosure
// button whose group lists the rest with their labels (styles.css shows the group in
// the row itself on wider screens, where "More" is hidden). The group closes when one
// of its tools is chosen, on Escape (focus back on "More"), or on a click elsewhere.

import { inNextFrame, sizeWatcher } from "../shared/resize.js";

let bar = null;
let fitted = "";

/** Whether the tools have left the brand's line, or overflow their own. */
function wraps() {
  const tools = bar.querySelector(".tools");
  const brand = bar.querySelector(".brand");
  return tools.offsetTop >= brand.offsetTop + brand.offsetHeight || tools.scrollWidth > tools.clientWidth + 1;
}

function fit() {
  const shown = [...bar.querySelectorAll(".tool")].filter((b) => !b.hidden).length;
  const key = `${bar.clientWidth} ${document.documentElement.lang} ${shown}`;
  if (key === fitted) return;
  fitted = key;
  bar.classList.remove("compact", "bare");
  if (wraps()) bar.classList.add("compact");
  if (bar.classList.contains("compact") && wraps()) bar.classList.add("bare");
}

/** Keep the top bar on one line from now on. */
export function installToolbar() {
  bar = document.querySelector(".topbar");
  if (!bar) return;
  installMoreMenu();
  sizeWatcher({ apply: fit })?.observe(bar);
  const refit = {
    apply() {
      fitted = "";
      fit();
    },
  };
  const relabelled = () => inNextFrame(refit);
  // a new language (its labels are written in the same task), a tool shown or added
  new MutationObserver(relabelled).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  new MutationObserver(relabelled).observe(bar.querySelector(".tools"), {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["hidden"],
  });
}

function installMoreMenu() {
  const more = bar.querySelector('[data-tool="more"]');
  const group = bar.querySelector(".tools-more");
  if (!more || !group) return;
  const setOpen = (open) => {
    group.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
  };
  more.addEventListener("click", () => {
    const open = more.getAttribute("aria-expanded") !== "true";
    setOpen(open);
    if (open) group.querySelector(".tool:not([hidden]):not(:disabled)")?.focus();
  });
  // a tool chosen from the group: the group closes (the tool's own handler runs as well)
  group.addEventListener("click", (e) => {
    if (e.target.closest("button")) setOpen(false);
  });
  group.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    setOpen(false);
    more.focus();
    e.stopPropagation();
  });
  document.addEventListener("pointerdown", (e) => {
    if (more.getAttribute("aria-expanded") === "true" && !more.contains(e.target) && !group.contains(e.target)) {
      setOpen(false);
    }
  });
}
