// The game page (index.html) inside an embed (index.html?embed=N&parent=...):
// sets the page language from ?lang and tells the embedding element when the
// table is first playable (the app's "hp-playable" mark). The engine client
// itself switches to the shared worker on ?embed (web/client.js), and the
// app keeps nothing in storage there (web/settings.js).

import { connectParent, validLang } from "./embed-link.js";

const params = new URLSearchParams(location.search);
if (params.has("embed")) {
  const lang = validLang(params.get("lang"));
  if (lang) document.documentElement.lang = lang;
  const link = connectParent();
  const done = () => link.post("ready");
  if (performance.getEntriesByName("hp-playable").length) done();
  else {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((e) => e.name === "hp-playable")) {
        observer.disconnect();
        done();
      }
    });
    observer.observe({ type: "mark", buffered: true });
  }
}
