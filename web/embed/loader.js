// The embed loader: <hasenpfeffer-embed mode="..."> for rule-teaching pages.
//
//   <script type="module" src="(the game site)/web/embed.js"></script>
//   <hasenpfeffer-embed mode="trick" trump="S" lead="QH" played="KH" hand="AH 9H JS JK">
//   </hasenpfeffer-embed>
//
// The element puts an iframe from the game's own origin (the origin of this
// module) in a shadow root: the host page's CSP, styles and
// globals cannot reach the example, and its styles cannot leak out. The
// frame (embed.html, or index.html?embed for mode="game") renders everything
// with the engine and talks to this element only by postMessage, checked
// both ways: here, only messages from our own iframe's window and the game's
// origin count; the frame only listens to its parent window with the origin
// passed to it, and posts only to that origin. See docs/embedding.md.
//
// The build puts this file at the public URL web/embed.js (devtools/hasenpfeffer_site/build_site.py):
// embedding sites load it from there, so it stays one file with no imports, and
// its relative URLs below are written for that place (../ is the site's root).

const GAME_ORIGIN = new URL(import.meta.url).origin;
const FRAME_URL = new URL("../embed.html", import.meta.url);
const GAME_URL = new URL("../index.html", import.meta.url);
const PROTOCOL = "hasenpfeffer-embed";
// attributes that go to the frame (changes after load are posted to it)
const ATTRS = ["trump", "lead", "played", "hand", "hpn", "number", "seed", "rules", "call", "tricks", "alone", "defender", "puzzle", "lang"];
const GAME_HEIGHT = 640;

// The frame's accessible name until the frame sends its own, in its language
// (the loader stays small: the catalogues are loaded inside the frames only).
const FIRST_TITLE = "Hasenpfeffer";

const SHEET = `
:host { display: block; max-width: 100%; margin: 1em 0; }
:host([hidden]) { display: none; }
iframe { display: block; box-sizing: border-box; width: 100%; height: 180px; border: 0;
  border-radius: 10px; background: transparent; color-scheme: normal; }
`;

let sheet = null;
function styles() {
  // a constructed sheet: allowed even where the host's CSP forbids inline styles
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(SHEET);
  }
  return sheet;
}

// Embeds without a `lang` of their own follow the host page's (the nearest
// `lang` above them): one observer for all of them sees the page change it.
const followers = new Set();
let langObserver = null;
function followLang(embed, on) {
  if (on) followers.add(embed);
  else followers.delete(embed);
  if (!langObserver && followers.size) {
    langObserver = new MutationObserver(() => {
      for (const e of followers) e.langChanged();
    });
    langObserver.observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["lang"] });
  }
}

function nextId() {
  nextId.n = (nextId.n ?? 0) + 1;
  return nextId.n;
}

export class HasenpfefferEmbed extends HTMLElement {
  static observedAttributes = ["mode", "height", "speed", ...ATTRS];

  constructor() {
    super();
    this.frame = null;
    this.said = false; // the frame has said hello: attribute changes are posted
    this.pending = false;
    this.loadedMode = null;
    this.onMessage = this.onMessage.bind(this);
  }

  connectedCallback() {
    if (!this.frame) {
      const root = this.attachShadow({ mode: "open" });
      root.adoptedStyleSheets = [styles()];
      this.frame = document.createElement("iframe");
      this.frame.setAttribute("loading", "eager");
      this.frame.setAttribute("referrerpolicy", "origin");
      root.append(this.frame);
    }
    window.addEventListener("message", this.onMessage);
    followLang(this, true);
    this.load();
  }

  disconnectedCallback() {
    window.removeEventListener("message", this.onMessage);
    followLang(this, false);
  }

  /** The example's language: its own `lang`, else the nearest one above it on
   * the host page (usually <html lang>); "" when the page names none. */
  get language() {
    return this.closest("[lang]")?.getAttribute("lang")?.trim() ?? "";
  }

  langChanged() {
    if (this.frame && this.language !== this.sentLang) this.attributeChangedCallback("lang", null, this.language);
  }

  get mode() {
    return this.getAttribute("mode") ?? "ranking";
  }

  attrs() {
    const out = {};
    for (const name of ATTRS) if (this.hasAttribute(name)) out[name] = this.getAttribute(name);
    const lang = this.language;
    if (lang) out.lang = lang;
    else delete out.lang;
    this.sentLang = lang;
    return out;
  }

  load() {
    const mode = this.mode;
    const q = new URLSearchParams();
    let url;
    if (mode === "game") {
      url = new URL(GAME_URL);
      q.set("embed", String(nextId()));
      const rules = this.getAttribute("rules");
      if (rules) q.set("preset", rules);
      const seed = this.getAttribute("seed");
      if (seed) q.set("seed", seed);
      const lang = this.language;
      if (lang) q.set("lang", lang);
      this.sentLang = lang;
      const speed = this.getAttribute("speed");
      if (speed) q.set("speed", speed);
      this.frame.style.height = `${Number(this.getAttribute("height")) || GAME_HEIGHT}px`;
    } else {
      url = new URL(FRAME_URL);
      q.set("mode", mode);
      for (const [k, v] of Object.entries(this.attrs())) q.set(k, v);
    }
    q.set("parent", location.origin);
    url.search = q.toString();
    this.said = false;
    this.loadedMode = mode;
    this.dataset.state = "loading";
    if (!this.frame.title) this.frame.title = FIRST_TITLE;
    this.frame.src = url.href;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.frame || before === after || this.pending) return;
    // several attributes set in one go are sent once
    this.pending = true;
    queueMicrotask(() => {
      this.pending = false;
      if (this.mode !== this.loadedMode || this.mode === "game" || !this.said) this.load();
      else this.send({ type: "attrs", attrs: this.attrs() });
    });
  }

  send(message) {
    this.frame.contentWindow?.postMessage({ hp: PROTOCOL, ...message }, GAME_ORIGIN);
  }

  onMessage(event) {
    if (event.origin !== GAME_ORIGIN || event.source !== this.frame?.contentWindow) return;
    const msg = event.data;
    if (!msg || msg.hp !== PROTOCOL) return;
    if (msg.type === "hello") {
      this.said = true;
      this.send({ type: "attrs", attrs: this.attrs() });
    } else if (msg.type === "title") {
      // the frame's name in the frame's language (for the host's screen readers)
      if (typeof msg.title === "string" && msg.title.length <= 200) this.frame.title = msg.title;
      if (typeof msg.lang === "string" && /^[a-z]{2,3}$/.test(msg.lang)) this.frame.setAttribute("lang", msg.lang);
    } else if (msg.type === "size" && this.mode !== "game") {
      const height = Number(msg.height);
      if (Number.isFinite(height) && height > 0 && height < 20000)
        this.frame.style.height = `${Math.ceil(height)}px`;
    } else if (msg.type === "ready" || msg.type === "error") {
      this.dataset.state = msg.type;
      this.dispatchEvent(
        new CustomEvent(`hasenpfeffer-${msg.type}`, {
          bubbles: true,
          detail: { message: typeof msg.message === "string" ? msg.message : undefined },
        }),
      );
    }
  }
}

if (!customElements.get("hasenpfeffer-embed")) customElements.define("hasenpfeffer-embed", HasenpfefferEmbed);
