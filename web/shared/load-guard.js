// The page's own scripts failing to download (a network change while the page loads:
// net::ERR_NETWORK_CHANGED, a phone switching Wi-Fi and mobile data). When a module
// script of the page, or any module it imports, cannot be fetched, none of its code runs
// and the static loader would wait at 0 % for good. Chromium then fires `error` at the
// <script type="module"> element (checked: for a failed import too, e2e/test_startup.py);
// the event does not bubble, so this listens in the capture phase on the document.
//
// The first failure reloads the page (the modules that did arrive come from the HTTP
// cache); a failure again within RELOAD_QUIET_MS (sessionStorage: no loop) shows a
// message and a "Try again" button in the page's element marked [data-load-guard] (and
// the message's first line in any marked [data-load-guard-text]).
//
// A classic script (a module could fail like the others), loaded with `defer` from the
// head before the module scripts: it costs no parsing time and runs before any of their
// errors is told (deferred and module scripts run in document order). No module, no
// catalogue: the words below are copied from web/shared/locales/<code>.json
// (prompt.load_failed, loader.retry; tests/test_load_guard.py checks them); the advice
// about the connection has no translation there, so only an English page shows it.
(function () {
  "use strict";
  var KEY = "hasenpfeffer.load-guard.v1";
  var RELOAD_QUIET_MS = 30000;
  var LANGUAGE_KEY = "hasenpfeffer.language.v1"; // web/shared/i18n.js's STORAGE_KEY
  var WORDS = {
    en: { title: "The game could not load.", advice: "Check your connection and try again.", retry: "Try again" },
    it: { title: "Non è stato possibile caricare il gioco.", retry: "Riprova" },
    fy: { title: "It spul koe net laden wurde.", retry: "Nochris besykje" },
    ar: { title: "تعذّر تحميل اللعبة.", retry: "حاول مجددًا", dir: "rtl" },
    hi: { title: "खेल लोड नहीं हो सका।", retry: "फिर से कोशिश करें" },
  };
  var failed = false;
  // the page's own module scripts have all run (or failed) by its load event: a module
  // script some code adds later is none of this guard's business
  var loaded = false;
  addEventListener("load", function () {
    loaded = true;
  });

  function supported(tag) {
    var base = String(tag || "").trim().toLowerCase().split(/[-_]/)[0];
    if (base === "fry") base = "fy";
    return Object.prototype.hasOwnProperty.call(WORDS, base) ? base : null;
  }

  // the order of i18n.js's detectLanguage: ?lang= > the stored choice > the browser's
  function language() {
    var found = null;
    try {
      found = supported(new URLSearchParams(location.search).get("lang"));
    } catch (e) {
      /* no address to read */
    }
    if (!found) {
      try {
        found = supported(localStorage.getItem(LANGUAGE_KEY));
      } catch (e) {
        /* storage disabled */
      }
    }
    var tags = navigator.languages || [navigator.language];
    for (var i = 0; !found && i < tags.length; i++) found = supported(tags[i]);
    return found || "en";
  }

  /** Whether this failure may reload the page (the last automatic reload long enough ago). */
  function mayReload() {
    try {
      var now = Date.now();
      var last = Number(sessionStorage.getItem(KEY)) || 0;
      if (last && now >= last && now - last < RELOAD_QUIET_MS) return false;
      sessionStorage.setItem(KEY, String(now));
      return true;
    } catch (e) {
      return false; // no storage to guard a loop with: say so instead
    }
  }

  function show() {
    var code = language();
    var words = WORDS[code];
    var place = document.querySelector("[data-load-guard]") || document.body;
    if (!place) return;
    var alert = document.createElement("div");
    alert.setAttribute("role", "alert");
    alert.className = "load-failed";
    var title = document.createElement("p");
    title.className = "loader-title";
    title.textContent = words.title;
    alert.appendChild(title);
    // the advice only where it is written in the page's language (a line of English in
    // an Italian page is not ours to show): the title and the button say enough
    if (words.advice) {
      var advice = document.createElement("p");
      advice.className = "loader-text";
      advice.textContent = words.advice;
      alert.appendChild(advice);
    }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary";
    button.textContent = words.retry;
    button.addEventListener("click", function () {
      location.reload();
    });
    for (var node of [alert, button]) {
      node.lang = node.lang || code;
      node.dir = words.dir || "ltr";
    }
    place.removeAttribute("role"); // the alert is the live region now
    place.classList.add("failed");
    place.hidden = false;
    place.replaceChildren(alert, button);
    // other words of the loading state (the game page's prompt, "Loading…")
    var said = document.querySelectorAll("[data-load-guard-text]");
    for (var j = 0; j < said.length; j++) {
      said[j].textContent = words.title;
      said[j].lang = code;
      said[j].dir = words.dir || "ltr";
    }
    var busy = document.querySelectorAll("[aria-busy]");
    for (var i = 0; i < busy.length; i++) busy[i].removeAttribute("aria-busy");
  }

  document.addEventListener(
    "error",
    function (event) {
      var script = event.target;
      if (failed || loaded || !(script instanceof HTMLScriptElement) || script.type !== "module") return;
      failed = true;
      if (mayReload()) {
        location.reload();
        return;
      }
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show, { once: true });
      else show();
    },
    true,
  );
})();
