// The game page (index.html) inside an embed (index.html?embed=N&lang=...&parent=...):
// sets <html lang dir> from ?lang (the embedding element's language; the
// app's own texts follow ?lang too, see web/shared/i18n.js detectLanguage), tells
// the element the frame's title in that language, and tells it when the
// table is first playable (the app's "hp-playable" mark). The engine client
// itself switches to the shared worker on ?embed (web/engine/client.js), and the
// app keeps nothing in storage there (web/table/settings.js).

import { connectParent } from "./link.js";
import { applyDocumentLanguage, detectLanguage, translator } from "../shared/i18n.js";
import { EMBEDDED } from "../shared/page.js";

const params = new URLSearchParams(location.search);
if (EMBEDDED) {
  const link = connectParent();
  const code = detectLanguage({ explicit: params.get("lang"), search: "", stored: null });
  if (params.get("lang")) applyDocumentLanguage(document.documentElement, code);
  translator(code).then((words) => link.post("title", { title: words.t("embed.title.game"), lang: code }));
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
