// The demo rule page (demo.html): under each embed, show the snippet that
// produces it, with the loader's real address on this site.

const loader = new URL("./embed.js", import.meta.url);
loader.search = "";

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

document.querySelector("[data-loader]").textContent =
  `<script type="module" src="${loader.href}"></script>`;
for (const pre of document.querySelectorAll("pre.snippet:not([data-loader])")) {
  const element = pre.previousElementSibling;
  if (element?.localName === "hasenpfeffer-embed") pre.textContent = snippetOf(element);
}
for (const pre of document.querySelectorAll("pre.snippet")) addCopy(pre);
