// The page's guard: a browser too old for the game, and the page's own scripts failing
// to download.
//
// A browser too old (issue 48): before anything starts the engine, the features the
// start needs are checked (NEEDED: WebAssembly and its streaming compile, module
// workers, the streams that unpack the runtime, BroadcastChannel, the Intl objects the
// pages make, <dialog>, custom elements, JavaScript modules); where one is missing, the
// page says so in its language, names what is missing and which browsers to update to,
// and starts nothing: `hasenpfefferMissing` (the missing features' names, [] when none)
// is read by web/engine/early.js and by EngineClient (client.js), which then start no
// worker. The checks only ask whether a name exists (and one Worker constructor that
// throws before it starts anything): well under a millisecond, no request.
//
// Downloads that fail (a network change while the page loads: net::ERR_NETWORK_CHANGED, a
// phone switching Wi-Fi and mobile data). When a module script of the page, or any module
// it imports, cannot be fetched, none of its code runs and the static loader would wait
// at 0 % for good. Chromium then fires `error` at the <script type="module"> element
// (checked: for a failed import too, e2e/test_startup.py); the event does not bubble, so
// this listens in the capture phase on the document.
//
// The first failure reloads the page (the modules that did arrive come from the HTTP
// cache); a failure again within RELOAD_QUIET_MS (sessionStorage: no loop) shows a
// message and a "Try again" button in the page's element marked [data-load-guard] (and
// the message's first line in any marked [data-load-guard-text]).
//
// A classic script in ES5 (a module could fail like the others, and a browser too old
// must still run it), the first script of a page's head: it runs before any worker
// starts and before any module's error is told; the preload scanner fetches it with
// early.js, so it holds the parser no longer than that one did. No module, no catalogue:
// the words below are copied from web/shared/locales/<code>.json (prompt.load_failed,
// loader.retry, browser.too_old, browser.update; tests/test_load_guard.py checks them);
// the advice about the connection has no translation there, so only an English page
// shows it.
(function () {
  "use strict";
  var KEY = "hasenpfeffer.load-guard.v1";
  var RELOAD_QUIET_MS = 30000;
  var LANGUAGE_KEY = "hasenpfeffer.language.v1"; // web/shared/i18n.js's STORAGE_KEY
  var WORDS = {
    en: { title: "The game could not load.", advice: "Check your connection and try again.", retry: "Try again", old: "This browser is too old for the game.", update: "Please update it, or open the game in another browser: Chrome or Edge 112, Firefox 114, Safari 16.4 or newer. Missing here: {features}." },
    it: { title: "Non è stato possibile caricare il gioco.", retry: "Riprova", old: "Questo browser è troppo vecchio per il gioco.", update: "Aggiornalo, oppure apri il gioco in un altro browser: Chrome o Edge 112, Firefox 114, Safari 16.4 o versioni successive. Qui mancano queste funzioni: {features}." },
    fy: { title: "It spul koe net laden wurde.", retry: "Nochris besykje", old: "Dizze browser is te âld foar it spul.", update: "Wurkje him by, of iepenje it spul yn in oare browser: Chrome of Edge 112, Firefox 114, Safari 16.4 of nijer. Hjir ûntbrekt: {features}." },
    ar: { title: "تعذّر تحميل اللعبة.", retry: "حاول مجددًا", old: "هذا المتصفح أقدم من أن تعمل فيه اللعبة.", update: "حدِّثه أو افتح اللعبة في متصفح آخر: Chrome أو Edge 112، أو Firefox 114، أو Safari 16.4 أو أحدث منها. ما ينقص هذا المتصفح: {features}.", dir: "rtl" },
    hi: { title: "खेल लोड नहीं हो सका।", retry: "फिर से कोशिश करें", old: "यह ब्राउज़र इस खेल के लिए बहुत पुराना है।", update: "इसे अपडेट करें, या खेल किसी दूसरे ब्राउज़र में खोलें: Chrome या Edge 112, Firefox 114 या Safari 16.4, या इनके नए संस्करण। इस ब्राउज़र में कमी: {features}।" },
  };
  // a list's separator where it is not ", "
  var LIST_SEPARATOR = { ar: "، " };

  // What the start needs, each with the name the message gives it (the browsers' own
  // names for them, in no language: they are what a reader would look up).
  function has(name) {
    return typeof window[name] === "function";
  }
  function moduleWorkers() {
    // a browser that knows module workers reads the option `type`; the address does not
    // parse, so the constructor throws before it starts or fetches anything
    var asked = false;
    try {
      new Worker("http://[", {
        get type() {
          asked = true;
          return "module";
        },
      });
    } catch (e) {
      /* the address, as meant */
    }
    return asked;
  }
  var NEEDED = [
    ["JavaScript modules", function () { return has("HTMLScriptElement") && "noModule" in HTMLScriptElement.prototype; }],
    ["WebAssembly", function () { return typeof WebAssembly === "object" && WebAssembly !== null; }],
    // (its parts named only when WebAssembly itself is there)
    ["WebAssembly.instantiateStreaming", function () { return typeof WebAssembly !== "object" || typeof WebAssembly.instantiateStreaming === "function"; }],
    ["WebAssembly.compileStreaming", function () { return typeof WebAssembly !== "object" || typeof WebAssembly.compileStreaming === "function"; }],
    ["module workers", function () { return has("Worker") && moduleWorkers(); }],
    ["DecompressionStream", function () { return has("DecompressionStream"); }],
    ["TransformStream", function () { return has("TransformStream"); }],
    ["BroadcastChannel", function () { return has("BroadcastChannel"); }],
    ["Intl.Collator", function () { return typeof Intl.Collator === "function"; }],
    ["Intl.DateTimeFormat", function () { return typeof Intl.DateTimeFormat === "function"; }],
    ["Intl.ListFormat", function () { return typeof Intl.ListFormat === "function"; }],
    ["Intl.NumberFormat", function () { return typeof Intl.NumberFormat === "function"; }],
    ["Intl.PluralRules", function () { return typeof Intl.PluralRules === "function"; }],
    ["<dialog>", function () { return has("HTMLDialogElement") && "showModal" in HTMLDialogElement.prototype; }],
    ["custom elements", function () { return typeof customElements === "object" && customElements !== null; }],
  ];
  var missing = [];
  for (var n = 0; n < NEEDED.length; n++) {
    var present = false;
    try {
      present = NEEDED[n][1]();
    } catch (e) {
      /* not there (Intl or WebAssembly itself missing) */
    }
    if (!present) missing.push(NEEDED[n][0]);
  }
  window.hasenpfefferMissing = missing;
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

  function show(tooOld) {
    var code = language();
    var words = WORDS[code];
    var heading = tooOld ? words.old : words.title;
    var line = tooOld ? words.update.replace("{features}", missing.join(LIST_SEPARATOR[code] || ", ")) : words.advice;
    var place = document.querySelector("[data-load-guard]") || document.body;
    if (!place) return;
    var alert = document.createElement("div");
    alert.setAttribute("role", "alert");
    alert.className = "load-failed";
    var title = document.createElement("p");
    title.className = "loader-title";
    title.textContent = heading;
    alert.appendChild(title);
    // the advice only where it is written in the page's language (a line of English in
    // an Italian page is not ours to show): the title and the button say enough
    if (line) {
      var advice = document.createElement("p");
      advice.className = "loader-text";
      advice.textContent = line;
      alert.appendChild(advice);
    }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "btn primary";
    button.textContent = words.retry;
    button.addEventListener("click", function () {
      location.reload();
    });
    // (no "Try again" for a browser too old: a reload would not help it)
    var nodes = tooOld ? [alert] : [alert, button];
    for (var k = 0; k < nodes.length; k++) {
      nodes[k].lang = nodes[k].lang || code;
      nodes[k].dir = words.dir || "ltr";
    }
    place.removeAttribute("role"); // the alert is the live region now
    place.className += " failed"; // (classList and replaceChildren: not in every old browser)
    place.hidden = false;
    while (place.firstChild) place.removeChild(place.firstChild);
    for (var m = 0; m < nodes.length; m++) place.appendChild(nodes[m]);
    // other words of the loading state (the game page's prompt, "Loading…")
    var said = document.querySelectorAll("[data-load-guard-text]");
    for (var j = 0; j < said.length; j++) {
      said[j].textContent = heading;
      said[j].lang = code;
      said[j].dir = words.dir || "ltr";
    }
    var busy = document.querySelectorAll("[aria-busy]");
    for (var i = 0; i < busy.length; i++) busy[i].removeAttribute("aria-busy");
  }

  function later(what) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", what, { once: true });
    else what();
  }

  if (missing.length) {
    failed = true; // nothing to reload for: the modules' errors are no news
    later(function () {
      show(true);
    });
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
      later(function () {
        show(false);
      });
    },
    true
  );
})();
