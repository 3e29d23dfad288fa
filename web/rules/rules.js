// The rules page (rules.html): the complete rules in the reader's language, each rule
// with live examples that the engine computes through the embeds (web/embed.js), the
// rule sets side by side, "Use this in your page" per section, and a print handout.
//
// The words are in texts/<lang>.json, one file per language (docs/rules-page.md), the
// sections' examples and the scoring table in sections.json, the same in every
// language. A text is trusted markup of our own; in it a card is written [XX] in the
// engine's notation (drawn as 10♥, one left-to-right isolate), a rank alone [9] or [T];
// a number the rule set supplies is a placeholder {name}, filled from the engine's
// words for the chosen rule set (VOCABULARY.rule_sets, following the rule-set switch),
// so no text types one; a number or card the engine decides is marked
// <span data-claim="...">, and each paragraph names the rules it states
// (data-facts): tests/test_rules_page_texts.py checks each against the engine, in
// every language. The rule-set table is built from the same words.
//
// The language: ?lang=, else the game's stored choice, else the browser's, else English
// (detectLanguage); the switch rewrites ?lang= in place. The rule set: ?rules=, default
// the seed's. The embeds follow <html lang> by themselves. Once the first example has
// answered, the service worker is asked to keep this page's own files (the "rules"
// group of the precache, which the game's install leaves out).

import { keepPageOffline } from "../pwa/keep.js";
import { RANK_SHOWN, SUIT_SYMBOL, cardLabel } from "../shared/i18n-terms.js";
import { LANGUAGES, RULES_DIGITS, detectLanguage, formatSigned, listLocale, matchLanguage } from "../shared/i18n.js";
import { escapeHTML } from "../shared/html.js";
import VOCABULARY from "../shared/vocabulary.js";

const HERE = new URL("./", import.meta.url);
const SCOPE = new URL("./", document.baseURI);
const LOADER = new URL("web/embed.js", SCOPE);
const GROUP = "rules";
// a card in a text: [XX] in the engine's notation
const CARD = new RegExp(`\\[(${VOCABULARY.joker}|[${VOCABULARY.ranks.join("")}][${VOCABULARY.suits.join("")}])\\]`, "g");
// a rank alone: [9], [T]
const RANK = /\[([9T])\]/g;
// a number the rule set supplies: {target}, {deck}, ...; {rulesets_table} is the table
const NUMBER = /\{([a-z_]+)\}/g;
const TABLE = "{rulesets_table}";
const RED = new Set(["H", "D"]);
const ATTRS = ["trump", "lead", "played", "hand", "hpn", "number", "seed", "rules", "call", "tricks", "alone", "defender"];

const params = new URLSearchParams(location.search);
const select = {
  lang: document.querySelector("[data-lang-switch]"),
  rules: document.querySelector("[data-ruleset-switch]"),
};
const main = document.querySelector("#rules");
let layout = null; // sections.json
let text = null; // texts/<lang>.json
let preset = "seed";

/** A card as the game writes it: "J♥", "10♥"; the Joker by its name in the page's language. */
function cardHTML(code) {
  if (code === VOCABULARY.joker) return `<span class="card" data-card="${code}">${escapeHTML(text.ui.joker)}</span>`;
  const red = RED.has(code[1]) ? " red" : "";
  return `<span class="card${red}" dir="ltr" data-card="${code}">${cardLabel(code)}</span>`;
}

/** A number of a rule set as markup: one left-to-right isolate for each number (so a
 * list such as the stakes, "1, 2 or 4", keeps its words in the sentence's direction). */
function numberHTML(name, rules) {
  const value = VOCABULARY.rule_sets[rules].numbers[name];
  if (value === undefined) throw new Error(`no number {${name}} in the rule set's words`);
  const num = (n) => `<span class="num">${escapeHTML(n)}</span>`;
  if (!Array.isArray(value)) return num(String(value));
  let parts;
  try {
    parts = new Intl.ListFormat(listLocale("disjunction", text.lang), { type: "disjunction" }).formatToParts(value.map(String));
  } catch {
    parts = value.flatMap((n, i) => [...(i ? [{ type: "literal", value: ", " }] : []), { type: "element", value: String(n) }]);
  }
  return parts.map((part) => (part.type === "element" ? num(part.value) : escapeHTML(part.value))).join("");
}

/** The rule set's numbers in a text: each one a span that follows the rule-set switch,
 * or, for a cell of the rule-set table (`fixed`), that rule set's number as it is. */
function withNumbers(html, fixed) {
  return html.replace(NUMBER, (_, name) => fixed
    ? numberHTML(name, fixed)
    : `<span data-number="${name}">${numberHTML(name, preset)}</span>`);
}

/** A text's markup with its [XX] cards and [9] [T] ranks drawn and its numbers filled. */
function withCards(html, fixed) {
  return withNumbers(html.replace(CARD, (_, code) => cardHTML(code))
    .replace(RANK, (_, rank) => `<span class="rank" dir="ltr">${RANK_SHOWN[rank]}</span>`), fixed);
}

async function json(path) {
  const response = await fetch(new URL(path, HERE));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

function exampleAttrs(example) {
  const attrs = { mode: example.mode };
  // the scoring table marks the page's rule set (the switch sets it again)
  if (example.mode === "scoring") attrs.rules = preset;
  const source = example.ref ? findExample(example.ref) : example;
  for (const name of ATTRS) {
    const value = example[name] ?? (name === "number" ? undefined : source[name]);
    if (value !== undefined) attrs[name] = value;
  }
  return attrs;
}

function findExample(ref) {
  const [section, id] = ref.split("/");
  return layout.sections.find((s) => s.id === section).examples.find((e) => e.id === id);
}

/** The rule set an example's hand was played under: its own `rules`, or its record's
 * (an HPN header's rules=...); null for an example that is no recorded hand. */
function handRules(example) {
  if (example.mode !== "hand") return null;
  const source = example.ref ? findExample(example.ref) : example;
  return example.rules ?? source.rules ?? /\brules=(\S+)/.exec(source.hpn ?? "")?.[1] ?? null;
}

/** A line under a recorded hand played under another rule set than the page's: the
 * caption speaks of that hand, so the reader is told whose rules it follows. */
function playedUnderHTML(example) {
  const rules = handRules(example);
  if (!rules || !text.presets[rules]) return "";
  const words = text.ui.played_under.replace("{preset}", text.presets[rules].name);
  return `<p class="played-under" data-played-under="${escapeHTML(rules)}">${escapeHTML(words)}</p>`;
}

function embedHTML(attrs) {
  const list = Object.entries(attrs).map(([k, v]) => ` ${k}="${escapeHTML(v)}"`).join("");
  return `<hasenpfeffer-embed${list}></hasenpfeffer-embed>`;
}

function suitHTML(suit) {
  return `<span class="card${RED.has(suit) ? " red" : ""}" dir="ltr">${SUIT_SYMBOL[suit]}</span>`;
}

/** The printed stand-in of an example: its position in cards, or the ranking's cards
 * strongest first (the answers are the engine's, on screen; a seeded position and the
 * ranking's order come from sections.json's `diagram`, which the tests hold to the
 * engine's). */
function staticDiagram(example, attrs) {
  const ui = text.ui;
  const cards = (list) => list.trim().split(/[\s,]+/).map(cardHTML).join(" ");
  const rows = [];
  if (example.mode === "ranking" && example.diagram) {
    const [trumps, ...others] = example.diagram;
    rows.push([`${escapeHTML(ui.trump)} ${suitHTML(attrs.trump)}`, cards(trumps)]);
    for (const group of others) rows.push([suitHTML(group.trim().slice(-1)), cards(group)]);
    return `<dl class="diagram ranking-diagram">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join("")}</dl>`;
  }
  const position = example.mode === "legal" && example.diagram ? example.diagram : attrs;
  if (position.trump) rows.push([ui.trump, suitHTML(position.trump)]);
  if (position.lead) rows.push([ui.led, cards([position.lead, position.played ?? ""].join(" "))]);
  if (position.hand) rows.push([ui.your_hand, cards(position.hand)]);
  if (!rows.length) return "";
  return `<dl class="diagram">${rows.map(([k, v]) => `<dt>${escapeHTML(k)}</dt><dd>${v}</dd>`).join("")}</dl>`;
}

function sectionLink(id) {
  const url = new URL("rules.html", SCOPE);
  url.searchParams.set("lang", text.lang);
  url.hash = id;
  return url.href;
}

/** "Try a puzzle": a puzzle of the game's set whose theme fits the section (issue 52),
 * opened in the game (its puzzle link, docs/embedding.md). */
function puzzlesHTML(section) {
  if (!section.puzzles?.length) return "";
  const items = section.puzzles.map((p) => {
    const url = new URL("index.html", SCOPE);
    url.searchParams.set("lang", text.lang);
    url.searchParams.set("puzzle", p.id);
    return `<li><a href="${escapeHTML(url.href)}" data-puzzle="${escapeHTML(p.id)}">${escapeHTML(text.ui.puzzle_themes[p.theme])}</a></li>`;
  });
  return `<div class="try-puzzle" data-controls><p>${escapeHTML(text.ui.try_puzzle)}</p><ul>${items.join("")}</ul></div>`;
}

function useThis(section, examples) {
  const ui = text.ui;
  const snippets = [`<script type="module" src="${LOADER.href}"></script>`, ...examples.map((e) => embedHTML(e.attrs))];
  return `<details class="use" data-controls>
<summary>${escapeHTML(ui.use)}</summary>
<p>${escapeHTML(ui.use_link)} <a href="${escapeHTML(sectionLink(section.id))}">${escapeHTML(sectionLink(section.id))}</a></p>
${examples.length ? `<p>${escapeHTML(ui.use_embed)}</p><pre class="snippet" dir="ltr" tabindex="0">${escapeHTML(snippets.join("\n\n"))}</pre>
<button type="button" class="copy" data-copy>${escapeHTML(ui.copy)}</button>` : ""}
</details>`;
}

/** Copy a section's snippets (or select them where the clipboard is refused). */
async function copy(button) {
  const pre = button.previousElementSibling;
  try {
    await navigator.clipboard.writeText(pre.textContent);
    button.textContent = text.ui.copied;
  } catch {
    getSelection().selectAllChildren(pre);
  }
}

function onlyAttr(only) {
  return only ? ` data-rules="${only.join(" ")}"` : "";
}

function scoringTable() {
  const ui = text.ui;
  const rows = layout.scoring.map((row) => {
    const call = ui.calls[row.call] ?? row.call;
    const label = ui.score_row.replace("{call}", call).replace("{tricks}", row.tricks)
      + (row.defender ? ui.score_both_alone : row.alone ? ui.score_alone : "");
    const cells = layout.presets.map((p) => {
      const points = row.points[p];
      if (!points) return `<td data-preset="${p}"><span aria-hidden="true">—</span><span class="sr">${escapeHTML(ui.not_in_set)}</span></td>`;
      const [makers, defenders] = points;
      return `<td data-preset="${p}"><span class="num" dir="ltr">${formatSigned(makers, RULES_DIGITS)}</span> / <span class="num" dir="ltr">${formatSigned(defenders, RULES_DIGITS)}</span></td>`;
    }).join("");
    return `<tr><th scope="row">${escapeHTML(label)}</th>${cells}</tr>`;
  }).join("");
  return presetsTable("scores", ui.score_caption, rows);
}

/** A table with a column per rule set (the scoring table, the rule-set table), in a
 * scrollable region at phone width. */
function presetsTable(className, caption, rows) {
  const head = layout.presets.map((p) => `<th scope="col" data-preset="${p}">${escapeHTML(text.presets[p].name)}</th>`).join("");
  return `<div class="wide" tabindex="0" role="region" aria-label="${escapeHTML(caption)}"><table class="${className}">
<caption>${escapeHTML(caption)}</caption>
<thead><tr><td></td>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
}

/** The rule sets side by side: each row's cell is the engine's word for that rule set
 * (VOCABULARY.rule_sets[...].table), in the page's language. */
function ruleSetTable() {
  const words = text.ui.table;
  const rows = Object.entries(words.rows).map(([row, label]) => {
    const cells = layout.presets.map((p) => {
      const key = VOCABULARY.rule_sets[p].table[row];
      return `<td data-preset="${p}" data-value="${escapeHTML(key)}">${withCards(escapeHTML(words.values[row][key]), p)}</td>`;
    }).join("");
    return `<tr><th scope="row">${escapeHTML(label)}</th>${cells}</tr>`;
  }).join("");
  return presetsTable("rulesets", words.caption, rows);
}

function render() {
  const lang = LANGUAGES.find((l) => l.code === text.lang);
  document.documentElement.lang = lang.code;
  document.documentElement.dir = lang.dir;
  document.title = text.title;
  for (const el of document.querySelectorAll("[data-ui]")) el.textContent = text.ui[el.dataset.ui];
  select.rules.replaceChildren(...layout.presets.map((p) => new Option(text.presets[p].name, p, p === preset, p === preset)));

  const toc = layout.sections.map((s) => `<li><a href="#${s.id}">${escapeHTML(text.sections[s.id].title)}</a></li>`).join("");
  const sections = layout.sections.map((section) => {
    const words = text.sections[section.id];
    const examples = section.examples.map((e) => ({ ...e, attrs: exampleAttrs(e) }));
    const figures = examples.map((e) => `<figure class="example"${onlyAttr(e.only)} data-example="${section.id}/${e.id}">
<figcaption>${withCards(words.examples[e.id])}</figcaption>
${playedUnderHTML(e)}
${embedHTML(e.attrs)}
${staticDiagram(e, e.attrs)}
</figure>`).join("");
    return `<section id="${section.id}" aria-labelledby="h-${section.id}">
<h2 id="h-${section.id}"><a class="anchor" href="#${section.id}">${escapeHTML(words.title)}</a></h2>
${words.html.split(TABLE).map((part) => withCards(part)).join(ruleSetTable())}
${section.table ? scoringTable() : ""}
${figures}
${puzzlesHTML(section)}
${useThis(section, examples)}
</section>`;
  }).join("");
  // a browser too old for the examples (web/shared/load-guard.js says so in the status
  // line): the rules are still there to read, the words stay under the title
  const tooOld = globalThis.hasenpfefferMissing?.length ? main.querySelector("[data-load-guard]") : null;
  main.innerHTML = `<h1>${escapeHTML(text.title)}</h1>
${withCards(text.intro_html)}
<p class="play"><a href="index.html?lang=${text.lang}">${escapeHTML(text.ui.play)}</a></p>
<nav aria-labelledby="toc-title" class="toc"><h2 id="toc-title">${escapeHTML(text.ui.toc)}</h2><ol>${toc}</ol></nav>
${sections}`;
  if (tooOld) main.querySelector("h1").after(tooOld);
  showRuleSet();
}

function showRuleSet() {
  document.documentElement.dataset.rules = preset;
  for (const el of main.querySelectorAll("[data-rules]")) el.hidden = !el.dataset.rules.split(" ").includes(preset);
  for (const el of main.querySelectorAll("[data-preset]")) el.classList.toggle("current", el.dataset.preset === preset);
  for (const el of main.querySelectorAll('hasenpfeffer-embed[mode="scoring"]')) el.setAttribute("rules", preset);
  for (const el of main.querySelectorAll("[data-number]")) el.innerHTML = numberHTML(el.dataset.number, preset);
  for (const el of main.querySelectorAll("[data-played-under]")) el.hidden = el.dataset.playedUnder === preset;
}

function setAddress() {
  const url = new URL(location.href);
  url.searchParams.set("lang", text.lang);
  if (preset === "seed") url.searchParams.delete("rules");
  else url.searchParams.set("rules", preset);
  history.replaceState(null, "", url);
}

async function load(code) {
  text = await json(`texts/${code}.json`);
  render();
}

async function start() {
  const code = detectLanguage();
  const asked = params.get("rules");
  layout = await json("sections.json");
  if (layout.presets.includes(asked)) preset = asked;
  for (const { code: c, name } of LANGUAGES) {
    const option = new Option(name, c, c === code, c === code);
    option.lang = c;
    select.lang.append(option);
  }
  await load(code);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  select.lang.addEventListener("change", async () => {
    await load(matchLanguage(select.lang.value) ?? "en");
    setAddress();
  });
  select.rules.addEventListener("change", () => {
    preset = select.rules.value;
    showRuleSet();
    setAddress();
  });
  main.addEventListener("click", (event) => {
    const button = event.target.closest("[data-copy]");
    if (button) copy(button);
  });
  document.documentElement.dataset.ready = "true";
  const first = main.querySelector("hasenpfeffer-embed");
  const keepOffline = () => keepPageOffline(new URL("sw.js", SCOPE), SCOPE, GROUP, "The rules page");
  if (first) first.addEventListener("hasenpfeffer-ready", keepOffline, { once: true });
}

start().catch((err) => {
  const status = document.querySelector("[data-status]");
  if (status) status.textContent = `The rules could not be loaded: ${err?.message ?? err}`;
  throw err;
});
