// Card faces drawn by our own code: SVG pips for 9 and 10, a large pip for
// the ace, framed court cards with a crown, cap or tiara, and the Joker as a
// hare (Hasenpfeffer is a hare stew). No images are loaded: every face is an
// SVG string built here and cached.
//
//   cardSVG("AS", { fourColour: false }) -> "<svg ...>...</svg>"
//   spokenCard("JD", roles) -> "the jack of diamonds, trump (left bower)" in the page's
//   language (roles: the engine's card_roles for the trump in force; no rule
//   is decided here). Names in words come from web/shared/i18n-terms.js.
//
// Card codes are the engine's: rank 9 T J Q K A + suit C D H S, or the Joker's
// code (vocabulary.joker).

import { t } from "./i18n.js";
import { cardName as cardWords, RANK_SHOWN } from "./i18n-terms.js";
import { CARD_ROLES } from "./roles.js";
import VOCABULARY from "./vocabulary.js";

const SUIT_PATH = {
  // each path fits the box 0..100 x 0..100
  H: "M50 92C40 80 4 58 4 31C4 14 17 4 30 4C40 4 47 10 50 19C53 10 60 4 70 4C83 4 96 14 96 31C96 58 60 80 50 92Z",
  D: "M50 3C60 20 74 37 90 50C74 63 60 80 50 97C40 80 26 63 10 50C26 37 40 20 50 3Z",
  S: "M50 4C60 22 94 38 94 62C94 77 83 86 71 86C62 86 56 82 53 76C54 84 58 91 66 96H34C42 91 46 84 47 76C44 82 38 86 29 86C17 86 6 77 6 62C6 38 40 22 50 4Z",
  C: "M50 4C63 4 72 14 72 26C72 34 68 40 63 44C67 42 71 41 75 41C87 41 96 51 96 63C96 75 87 85 75 85C65 85 58 79 54 72C55 82 59 90 67 96H33C41 90 45 82 46 72C42 79 35 85 25 85C13 85 4 75 4 63C4 51 13 41 25 41C29 41 33 42 37 44C32 40 28 34 28 26C28 14 37 4 50 4Z",
};


// The letters and figures on the faces, drawn as paths of our own (a bold face on a
// cap height of 100, the baseline at y=100; each entry: its advance, then its paths,
// each filled even-odd so that a counter is a second contour). No font is asked for:
// a face looks the same on every system, and painting the first hand needs no font
// lookup (on Linux a new font size asks the browser process, which answered after
// 200-550 ms while the runtime's wasm compiled: issue 31).
const ring = (cx, cy, rx, ry, ix, iy) =>
  `M${cx - rx} ${cy}A${rx} ${ry} 0 1 1 ${cx + rx} ${cy}A${rx} ${ry} 0 1 1 ${cx - rx} ${cy}Z` +
  `M${cx - ix} ${cy}A${ix} ${iy} 0 1 0 ${cx + ix} ${cy}A${ix} ${iy} 0 1 0 ${cx - ix} ${cy}Z`;
const GLYPHS = {
  A: [80, "M0 100L29 0H51L80 100H60L55 80H25L20 100ZM30 62H50L40 25Z"],
  E: [64, "M0 0H62V18H20V41H54V59H20V82H64V100H0Z"],
  J: [56, "M20 0H56V66C56 88 45 100 26 100C13 100 3 93 0 79L17 73C19 80 22 83 27 83C34 83 37 78 37 66V17H20Z"],
  K: [78, "M0 0H20V42L52 0H75L38 46L78 100H54L25 60L20 66V100H0Z"],
  O: [84, ring(42, 50, 42, 50, 22, 33)],
  Q: [86, ring(42, 50, 42, 50, 22, 33), "M44 70L62 62L86 96L70 104Z"],
  R: [78, "M0 0H44C64 0 76 12 76 30C76 45 67 55 53 58L78 100H56L33 60H20V100H0ZM20 17H42C52 17 56 22 56 30C56 38 52 43 42 43H20Z"],
  0: [64, ring(32, 50, 32, 50, 14, 34)],
  1: [50, "M18 0H36V82H50V100H2V82H16V25L4 31V13Z"],
  9: [64, ring(32, 34, 32, 34, 14, 18), "M46 34H64V62C64 87 50 100 29 100C15 100 5 94 0 84L16 76C19 81 23 84 29 84C40 84 46 75 46 62Z"],
};
const GAP = 8; // between two letters, on the same scale

/** `text` drawn in glyph paths, centred on x = `cx`, standing on y = `baseline`, its
 * capitals `height` tall; `spacing`: letter spacing in the same units. */
function lettering(text, cx, baseline, height, colour, spacing = 0) {
  const k = height / 100;
  const chars = [...text];
  const width = chars.reduce((sum, ch) => sum + GLYPHS[ch][0] * k, 0) + (chars.length - 1) * (GAP * k + spacing);
  let x = cx - width / 2;
  let out = "";
  for (const ch of chars) {
    const [advance, ...paths] = GLYPHS[ch];
    const at = `translate(${x.toFixed(2)} ${(baseline - height).toFixed(2)}) scale(${k.toFixed(4)})`;
    for (const d of paths) out += `<path d="${d}" fill="${colour}" fill-rule="evenodd" transform="${at}"/>`;
    x += advance * k + GAP * k + spacing;
  }
  return out;
}

const TWO_COLOUR = { C: "#17181c", D: "#c41e2e", H: "#c41e2e", S: "#17181c" };
const FOUR_COLOUR = { C: "#1b7a3d", D: "#1d5cc4", H: "#c41e2e", S: "#17181c" };
const TINT = { C: "#e8efe6", D: "#fbe9e4", H: "#fbe9e4", S: "#e9ecf2" };
const FOUR_TINT = { C: "#e3f1e6", D: "#e4ecfa", H: "#fbe9e4", S: "#e9ecf2" };

export function suitColour(suit, fourColour = false) {
  return (fourColour ? FOUR_COLOUR : TWO_COLOUR)[suit] ?? "#17181c";
}

/** A card in words, in the page's language, with its role under the trump in
 * force from the engine's `card_roles` map (`card.spoken.<role>`): every trump
 * says it is one — "the ace of hearts, trump", "the jack of diamonds, trump
 * (left bower)", "the Joker, highest trump". */
export function spokenCard(code, roles) {
  const role = roles?.[code];
  return CARD_ROLES.includes(role) ? t(`card.spoken.${role}`, { card: cardWords(code) }) : cardWords(code);
}

/** A suit symbol as inline SVG (for buttons and labels). */
export function suitIcon(suit, fourColour = false, size = 18) {
  return `<svg class="suit-icon" viewBox="0 0 100 100" width="${size}" height="${size}" aria-hidden="true"><path d="${SUIT_PATH[suit]}" fill="${suitColour(suit, fourColour)}"/></svg>`;
}

function pip(suit, cx, cy, size, colour, flip = false) {
  const s = size / 100;
  const x = cx - size / 2;
  const y = cy - size / 2;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return `<path d="${SUIT_PATH[suit]}" fill="${colour}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${s.toFixed(3)})${rot}"/>`;
}

// Pip centres on a 200 x 280 card (x, y, upside down?)
const L = 64;
const R = 136;
const M = 100;
const PIPS = {
  9: [
    [L, 62], [L, 114], [L, 166, 1], [L, 218, 1],
    [R, 62], [R, 114], [R, 166, 1], [R, 218, 1],
    [M, 140],
  ],
  T: [
    [L, 62], [L, 114], [L, 166, 1], [L, 218, 1],
    [R, 62], [R, 114], [R, 166, 1], [R, 218, 1],
    [M, 88], [M, 192, 1],
  ],
};

function corner(rank, suit, colour) {
  const shown = RANK_SHOWN[rank];
  const text = lettering(shown, 24, 46, shown.length > 1 ? 24 : 28, colour, shown.length > 1 ? -2 : 0);
  const small = pip(suit, 24, 68, 26, colour);
  return `<g>${text}${small}</g><g transform="rotate(180 100 140)">${text}${small}</g>`;
}

function crown(kind, colour) {
  // head-dress above the letter of a court card, centred at x=100, y~88
  if (kind === "K") {
    return `<path d="M64 104L58 66L80 84L100 58L120 84L142 66L136 104Z" fill="#e2b23c" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/><circle cx="58" cy="64" r="5" fill="${colour}"/><circle cx="100" cy="56" r="6" fill="${colour}"/><circle cx="142" cy="64" r="5" fill="${colour}"/><rect x="64" y="100" width="72" height="9" rx="3" fill="${colour}"/>`;
  }
  if (kind === "Q") {
    return `<path d="M70 104Q70 78 84 74Q92 90 100 70Q108 90 116 74Q130 78 130 104Z" fill="#e2b23c" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/><circle cx="84" cy="71" r="5" fill="${colour}"/><circle cx="100" cy="66" r="6" fill="${colour}"/><circle cx="116" cy="71" r="5" fill="${colour}"/><rect x="70" y="100" width="60" height="8" rx="3" fill="${colour}"/>`;
  }
  // the jack's cap with a feather
  return `<path d="M66 106Q70 74 100 72Q128 74 134 106Z" fill="#e2b23c" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/><path d="M118 78Q146 52 150 66Q136 72 124 86Z" fill="${colour}"/><rect x="64" y="101" width="72" height="8" rx="3" fill="${colour}"/>`;
}

function courtFace(rank, suit, colour, tint) {
  return (
    `<rect x="38" y="36" width="124" height="208" rx="10" fill="${tint}" stroke="${colour}" stroke-width="3"/>` +
    `<rect x="46" y="44" width="108" height="192" rx="6" fill="none" stroke="${colour}" stroke-opacity="0.35" stroke-width="2"/>` +
    crown(rank, colour) +
    lettering(rank, 100, 176, 52, colour) +
    pip(suit, 100, 210, 38, colour)
  );
}

function jokerFace(four) {
  const ink = "#3b2466";
  const gold = "#e2b23c";
  const letters = "JOKER"
    .split("")
    .map((ch, i) => lettering(ch, 22, 34 + i * 22, 15, ink))
    .join("");
  const hare =
    // ears
    `<path d="M84 120C70 92 66 58 76 46C88 40 96 78 98 116Z" fill="#f4efe6" stroke="${ink}" stroke-width="3"/>` +
    `<path d="M116 118C124 84 140 50 152 56C160 70 146 100 126 124Z" fill="#f4efe6" stroke="${ink}" stroke-width="3"/>` +
    `<path d="M84 112C76 90 74 64 79 54C86 56 91 84 93 112Z" fill="#f1b9c4"/>` +
    `<path d="M120 114C126 92 138 68 147 62C151 72 140 96 127 118Z" fill="#f1b9c4"/>` +
    // head
    `<ellipse cx="104" cy="150" rx="42" ry="36" fill="#f4efe6" stroke="${ink}" stroke-width="3"/>` +
    // jester collar
    `<path d="M62 186L80 174L92 196L104 176L116 196L128 174L146 186L140 206H68Z" fill="${four ? "#1d5cc4" : "#c41e2e"}" stroke="${ink}" stroke-width="3" stroke-linejoin="round"/>` +
    `<circle cx="68" cy="204" r="6" fill="${gold}" stroke="${ink}" stroke-width="2"/><circle cx="104" cy="210" r="6" fill="${gold}" stroke="${ink}" stroke-width="2"/><circle cx="140" cy="204" r="6" fill="${gold}" stroke="${ink}" stroke-width="2"/>` +
    // face
    `<circle cx="90" cy="144" r="5" fill="${ink}"/><circle cx="118" cy="144" r="5" fill="${ink}"/>` +
    `<circle cx="92" cy="142" r="1.6" fill="#fff"/><circle cx="120" cy="142" r="1.6" fill="#fff"/>` +
    `<path d="M100 158L108 158L104 164Z" fill="#d9667e"/>` +
    `<path d="M104 164Q98 172 92 168M104 164Q110 172 116 168" fill="none" stroke="${ink}" stroke-width="2.5" stroke-linecap="round"/>` +
    `<path d="M78 160L60 156M78 166L60 168M130 160L148 156M130 166L148 168" stroke="${ink}" stroke-width="1.6" stroke-linecap="round"/>`;
  const star = (x, y, r) => {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? r * 0.45 : r;
      pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
    }
    return `<polygon points="${pts.join(" ")}" fill="${gold}" stroke="${ink}" stroke-width="1.5"/>`;
  };
  return (
    `<rect x="38" y="30" width="124" height="220" rx="10" fill="#efe7f7" stroke="${ink}" stroke-width="3"/>` +
    star(58, 232, 9) + star(142, 232, 9) + star(148, 46, 7) +
    hare +
    lettering("JOKER", 100, 236, 12, ink, 3) +
    `<g>${letters}</g><g transform="rotate(180 100 140)">${letters}</g>`
  );
}

const cache = new Map();

/** The SVG markup of a card face (200 x 280 view box, scales to any size). */
export function cardSVG(code, { fourColour = false } = {}) {
  const key = `${code}:${fourColour ? 4 : 2}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let body;
  if (code === VOCABULARY.joker) {
    body = jokerFace(fourColour);
  } else {
    const [rank, suit] = code;
    const colour = suitColour(suit, fourColour);
    const tint = (fourColour ? FOUR_TINT : TINT)[suit];
    body = corner(rank, suit, colour);
    if (rank === "A") body += pip(suit, 100, 140, 96, colour);
    else if (rank === "9" || rank === "T")
      body += PIPS[rank].map(([x, y, f]) => pip(suit, x, y, 40, colour, Boolean(f))).join("");
    else body += courtFace(rank, suit, colour, tint);
  }
  const svg =
    `<svg class="card-face" viewBox="0 0 200 280" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">` +
    `<rect x="2" y="2" width="196" height="276" rx="16" fill="#fffdf8" stroke="#b9b2a4" stroke-width="3"/>` +
    body +
    `</svg>`;
  cache.set(key, svg);
  return svg;
}

const urls = new Map();

/** The face as an image address (data: URL): a picture has no text nodes, so
 * the card's name is only what its label says (the corner letters are art). */
export function cardURL(code, options = {}) {
  const key = `${code}:${options.fourColour ? 4 : 2}`;
  let url = urls.get(key);
  if (!url) {
    url = `data:image/svg+xml,${encodeURIComponent(cardSVG(code, options))}`;
    urls.set(key, url);
  }
  return url;
}

const warmed = []; // the faces decoded ahead, kept for the page's life (the browser keeps them decoded)

/**
 * Decode every face ahead, one a task: a table calls this while its engine loads, so
 * the first deal's images are already in the browser's memory instead of being parsed
 * (an SVG document each) in the task that draws the deal (issue 31: no task over 50 ms
 * at start-up). A face refused here is decoded by the deal, as before.
 */
export function warmFaces({ fourColour = false } = {}) {
  const codes = [...VOCABULARY.cards];
  const next = () => {
    const code = codes.shift();
    if (!code) return;
    const image = new Image();
    image.src = cardURL(code, { fourColour });
    warmed.push(image);
    image.decode().catch(() => {}).finally(() => setTimeout(next));
  };
  next();
}

/** <hp-card code="AS" four-colour label="..."> renders a face; without a code,
 * the back. `label` (optional) is its accessible name, else the card in words. */
export class HpCard extends HTMLElement {
  static observedAttributes = ["code", "four-colour", "label"];

  connectedCallback() {
    this.render();
  }

  attributeChangedCallback() {
    if (this.isConnected) this.render();
  }

  render() {
    const code = this.getAttribute("code");
    const four = this.hasAttribute("four-colour");
    if (!code) {
      this.classList.add("back");
      this.innerHTML = "";
      this.setAttribute("role", "img");
      this.setAttribute("aria-label", t("card.back"));
      return;
    }
    this.classList.remove("back");
    this.innerHTML = `<img class="card-face" alt="" draggable="false" src="${cardURL(code, { fourColour: four })}">`;
    this.setAttribute("role", "img");
    this.setAttribute("aria-label", this.getAttribute("label") || cardWords(code));
  }
}

if (!customElements.get("hp-card")) customElements.define("hp-card", HpCard);
