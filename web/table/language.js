// The page's language: chosen at start (?lang= > remembered choice > browser),
// changed from the settings dialog, and the whole table painted again in it
// (no reload: the state is all here). The static markup is translated by its
// data-i18n attributes (web/shared/i18n.js localizeTree); everything else is
// painted from the state in the state's `language`.

import { applyDocumentLanguage, detectLanguage, language, localizeTree, onLanguageChange, setLanguage, storeLanguage } from "../shared/i18n.js";
import { flush, state, update } from "./state.js";

/** The page's language: detected, then the static markup translated. English markup
 * is painted before this; the catalogue is a small same-origin file, so the switch
 * comes before the engine is ready. Only its catalogue: English's, for fallbacks, once
 * the table is playable (boot.js, loadFallback). */
export async function startLanguage() {
  try {
    await setLanguage(detectLanguage(), { fallbackLater: true });
  } catch (err) {
    console.warn(`language: ${err?.message ?? err}`); // keep the English markup
  }
  paintLanguage(language());
}

/** The settings dialog's language choice: "" follows the browser again, a code is
 * remembered; null means unchanged. A ?lang= in the address gives way to it. */
export async function chooseLanguage(value) {
  if (value === null) return;
  storeLanguage(value || null);
  const url = new URL(location.href);
  if (url.searchParams.has("lang")) {
    url.searchParams.delete("lang");
    history.replaceState(history.state, "", url);
  }
  const code = detectLanguage();
  if (code !== language()) await setLanguage(code);
}

/** The document's lang and dir and its static texts in `code`, and everything else
 * painted again from the state, in the same task (no frame shows two languages). */
function paintLanguage(code) {
  applyDocumentLanguage();
  localizeTree(document);
  update({ language: code });
  flush();
}

let following = false;

/** Paint the page again whenever the language changes. */
export function followLanguage() {
  if (following) return;
  following = true;
  onLanguageChange((code) => {
    if (code !== state.language) paintLanguage(code);
  });
}
