// The frame's side of the embed protocol (see the loader, web/embed/loader.js).
//
// The parent's origin comes in the address (?parent=https://host.example),
// must be a plain http(s) origin, and must match the real embedding origin
// when the browser tells it (location.ancestorOrigins). Messages are posted
// to that origin only, and only messages from the parent window with that
// origin are accepted.

const PROTOCOL = "hasenpfeffer-embed";

export function parentOrigin(value) {
  if (typeof value !== "string" || !value) return null;
  let url;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!["http:", "https:"].includes(url.protocol) || url.origin !== value) return null;
  // safe: read only where the browser has it (Firefox has none: then the address's
  // origin stands alone, as the test below allows)
  // eslint-disable-next-line compat/compat
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== value) return null;
  return value;
}

/**
 * Connect to the embedding page: returns {post(type, data), framed}.
 * onAttrs(attrs) is called with the attributes the parent sends.
 */
export function connectParent({ onAttrs = () => {}, sizeOf = null } = {}) {
  const params = new URLSearchParams(location.search);
  const framed = window.parent !== window;
  const origin = framed ? parentOrigin(params.get("parent")) : null;
  const post = (type, data = {}) => {
    if (origin) window.parent.postMessage({ hp: PROTOCOL, type, ...data }, origin);
  };
  if (origin) {
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || event.origin !== origin) return;
      const msg = event.data;
      if (!msg || msg.hp !== PROTOCOL) return;
      if (msg.type === "attrs" && msg.attrs && typeof msg.attrs === "object") onAttrs(msg.attrs);
    });
    if (sizeOf) {
      let last = 0;
      new ResizeObserver(() => {
        const height = Math.ceil(sizeOf());
        if (height !== last) {
          last = height;
          post("size", { height });
        }
      }).observe(document.documentElement);
    }
    post("hello");
  }
  return { post, framed, origin };
}
