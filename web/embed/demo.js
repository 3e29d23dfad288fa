// The demo rule page (demo.html): under each embed, show the snippet that
// produces it, with the loader's real address on this site; a language
// switcher sets `lang` on every example (the page's own text is an author's
// English page and stays so; see docs/embedding.md).

import { LANGUAGES } from "../shared/i18n.js";

// the loader's public URL, beside this page (an entry at the site's root)
const loader = new URL("web/embed.js", document.baseURI);

const TEXT = {
  copy: "Copy",
  copied: "Copied",
};

function snippetOf(element) {
  const clone = element.cloneNode(false);
  delete clone.dataset.state;
  clone.removeAttribute("data-state");
  return clone.outerHTML;
}

function addCopy(pre) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.textContent = TEXT.copy;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(pre.textContent);
      button.textContent = TEXT.copied;
    } catch {
      const range = document.createRange();
      range.selectNodeContents(pre);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
    }
  });
  pre.after(button);
}

function showSnippets() {
  for (const pre of document.querySelectorAll("pre.snippet:not([data-loader])")) {
    const element = pre.previousElementSibling;
    if (element?.localName === "hasenpfeffer-embed") pre.textContent = snippetOf(element);
  }
}

function languageSwitch(select) {
  const page = document.documentElement.lang || "en";
  for (const { code, name } of LANGUAGES) {
    const option = new Option(name, code, code === page, code === page);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => {
    for (const embed of document.querySelectorAll("hasenpfeffer-embed")) {
      // the page's own language needs no attribute: the examples follow the page
      if (select.value === page) embed.removeAttribute("lang");
      else embed.setAttribute("lang", select.value);
    }
    showSnippets();
  });
}

document.querySelector("[data-loader]").textContent =
  `<script type="module" src="${loader.href}"></script>`;
showSnippets();
for (const pre of document.querySelectorAll("pre.snippet")) addCopy(pre);
const select = document.querySelector("[data-lang-switch]");
if (select) languageSwitch(select);
