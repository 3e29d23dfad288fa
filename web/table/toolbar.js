// The top bar: every tool shows its word with its icon wherever that fits. On one
// line with the brand and the scores, the first of these whose tools fit: the words
// beside their icons; the words under their icons, in the small size (`stacked`);
// the brand's hare without its name as well (`bare`: the name stays the heading's
// text for screen readers); the longer words on two lines, broken between words,
// never inside one (`squeezed`); the icons alone (`compact`, with or without the
// brand's name: each word stays its button's accessible name, the title its
// tooltip). Where not even the icons fit beside the scores (a tablet held upright)
// the tools take a line of their own (`row`), their words under their icons (on
// two lines if need be), or icons alone when even that line is too short. Measured
// rather than guessed per language: again whenever the bar's width, the page's
// language or the tools change. A phone's bar is the style sheet's alone (below).
// A change of labels is measured once, in the next frame: a language's labels
// arrive in several mutations (at start-up three forced layouts of 15-20 ms each,
// in one task), and each measurement forces a layout of the whole page. A change of
// the bar's size is measured in the next frame as well, never in the observer's
// callback: the class it sets changes the bar's own height, which the observer would
// have to deliver again in the same frame (web/shared/resize.js).
//
// On a phone the bar keeps one row: the most used tools, each word under its icon
// (a longer one on two lines), then "More", a disclosure button whose group lists
// the rest with their words (styles.css shows the group in the row itself on wider
// screens, where "More" is hidden). The group closes when one of its tools is
// chosen, on Escape (focus back on "More"), when the focus moves on past it, or on
// a click elsewhere.

import { inNextFrame, sizeWatcher } from "../shared/resize.js";

let bar = null;
let fitted = "";

// beside the brand and the scores, on one line: the first of these whose tools fit;
// else on a line of their own, the first of these that fits
const ON_ONE_LINE = ["", "stacked", "stacked bare", "stacked bare squeezed", "compact", "compact bare"];
const ON_A_LINE_OF_THEIR_OWN = ["stacked row", "stacked row squeezed"];

/** Whether the tools on show (`buttons`) leave their box (on either side: the box's
 * scrolling width misses what goes out at its start) or its one line. */
function overflows(buttons) {
  const tools = bar.querySelector(".tools");
  const start = tools.offsetLeft;
  const end = start + tools.offsetWidth;
  const top = buttons[0]?.offsetTop;
  return buttons.some((b) => b.offsetLeft < start - 1 || b.offsetLeft + b.offsetWidth > end + 1 || b.offsetTop !== top);
}

/** Whether the tools have left the brand's line, or overflow their own. */
function wraps(buttons) {
  const tools = bar.querySelector(".tools");
  const brand = bar.querySelector(".brand");
  return tools.offsetTop >= brand.offsetTop + brand.offsetHeight || overflows(buttons);
}

/** Whether the tools, on a line of their own, do not overflow it, and the brand and
 * the scores share the line above. */
function fitsItsOwnLine(buttons) {
  const brand = bar.querySelector(".brand");
  const scores = bar.querySelector(".scores");
  return !overflows(buttons) && scores.offsetTop < brand.offsetTop + brand.offsetHeight;
}

function arrange(classes) {
  bar.classList.remove("stacked", "bare", "squeezed", "row", "compact");
  if (classes) bar.classList.add(...classes.split(" "));
}

function fit() {
  const shown = [...bar.querySelectorAll(".tool")].filter((b) => !b.hidden);
  const key = `${bar.clientWidth} ${document.documentElement.lang} ${shown.length}`;
  if (key === fitted) return;
  fitted = key;
  arrange("");
  // a phone: one row and "More", laid out by the style sheet (whose rule shows "More")
  const more = bar.querySelector('[data-tool="more"]');
  if (more && getComputedStyle(more).display !== "none") return;
  // (the tools the style sheet shows: "Keys" not on a touch screen)
  const buttons = shown.filter((b) => b.getClientRects().length > 0);
  for (const classes of ON_ONE_LINE) {
    arrange(classes);
    if (!wraps(buttons)) return;
  }
  for (const classes of ON_A_LINE_OF_THEIR_OWN) {
    arrange(classes);
    if (fitsItsOwnLine(buttons)) return;
  }
  arrange("compact bare");
}

/** Fit the top bar from now on. */
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
  const isOpen = () => more.getAttribute("aria-expanded") === "true";
  const outside = (el) => !more.contains(el) && !group.contains(el);
  const setOpen = (open) => {
    group.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
  };
  more.addEventListener("click", () => {
    const open = !isOpen();
    setOpen(open);
    if (open) group.querySelector(".tool:not([hidden]):not(:disabled)")?.focus();
  });
  // a tool chosen from the group: the group closes (the tool's own handler runs as well)
  group.addEventListener("click", (e) => {
    if (e.target.closest("button")) setOpen(false);
  });
  // Escape, on "More" or in the group: closed, the focus on "More"
  const onEscape = (e) => {
    if (e.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    more.focus();
    e.stopPropagation();
  };
  more.addEventListener("keydown", onEscape);
  group.addEventListener("keydown", onEscape);
  // the focus gone on past the group's last tool (or elsewhere, not back to "More")
  group.addEventListener("focusout", (e) => {
    if (isOpen() && e.relatedTarget && outside(e.relatedTarget)) setOpen(false);
  });
  document.addEventListener("pointerdown", (e) => {
    if (isOpen() && outside(e.target)) setOpen(false);
  });
}
