// Embed mode "scoring": the points of one hand under every rule set side by side.
// The reader chooses the makers' bid, the tricks they took, whether the maker went
// alone and a defender defended alone; the engine's "scoring" op answers with each
// rule set's points (or why that rule set cannot play such a hand). No point is
// counted here: the page only shows the engine's answer. The attributes set the
// first question (call, tricks, alone, defender) and the reader's rule set (rules).

import { RULES_DIGITS, formatSigned, t } from "../shared/i18n.js";
import { callLabel } from "../shared/i18n-terms.js";
import VOCABULARY from "../shared/vocabulary.js";
import { el, errorWords } from "../shared/words.js";

const CALLS = ["1", "2", "3", "4", "5", "6", ...VOCABULARY.named_bids];

function select(id, label, options, value) {
  const box = el("select", { id });
  for (const [v, text] of options) box.append(new Option(text, v, v === value, v === value));
  return [el("label", { htmlFor: id }, label), box];
}

function check(id, label, checked) {
  const box = el("input", { type: "checkbox", id, checked });
  return [box, el("label", { htmlFor: id }, label)];
}

/** The rule sets one under the other (a row each: they compare down the columns, and a
 * phone's width holds three columns in every language), the reader's marked. */
function table(answer) {
  const head = el(
    "tr",
    {},
    el("td"),
    el("th", { scope: "col" }, t("embed.scoring.makers")),
    el("th", { scope: "col" }, t("embed.scoring.defenders")),
  );
  const rows = [];
  const notes = [];
  for (const column of answer.columns) {
    const name = t(`embed.scoring.preset.${column.rules}`);
    const current = column.rules === answer.rules;
    const th = el("th", { scope: "row" }, name);
    if (current) th.append(el("span", { className: "visually-hidden" }, ` ${t("embed.scoring.yours")}`));
    const row = el("tr", {}, th);
    row.dataset.rules = column.rules;
    if (current) row.classList.add("current");
    for (const side of ["makers", "defenders"]) {
      const cell = el("td", {});
      cell.dataset.rules = column.rules;
      cell.dataset.side = side;
      if (column.playable) {
        cell.append(el("span", { className: "num" }, formatSigned(column[side], RULES_DIGITS)));
        cell.dataset.points = String(column[side]);
      } else {
        const dash = el("span", {}, "—");
        dash.setAttribute("aria-hidden", "true");
        cell.append(dash, el("span", { className: "visually-hidden" }, t("embed.scoring.none")));
      }
      if (current) cell.classList.add("current");
      row.append(cell);
    }
    rows.push(row);
    if (!column.playable) {
      const note = el("li", {}, t(`embed.scoring.reason.${column.reason_code}`, { preset: name }));
      note.dataset.rules = column.rules;
      notes.push(note);
    }
  }
  const grid = el(
    "table",
    { className: "scoring-table" },
    el("caption", {}, t("embed.scoring.caption")),
    el("thead", {}, head),
    el("tbody", {}, ...rows),
  );
  return [grid, el("ul", { className: "scoring-notes" }, ...notes)];
}

export async function render(engine, attrs) {
  const ask = (question) => engine.call("scoring", { ...question, rules: attrs.rules ?? "seed" });
  // the attributes as written: the engine checks them (a bad one is its error, shown by the frame)
  let answer = await ask({
    call: attrs.call ?? "4",
    tricks: attrs.tricks ?? "4",
    alone: attrs.alone ?? "false",
    defender: attrs.defender ?? "false",
  });
  const box = el("section", { className: "mode-scoring" });
  box.setAttribute("aria-labelledby", "scoring-title");
  const [callLabelEl, call] = select(
    "scoring-call",
    t("embed.scoring.call"),
    CALLS.map((c) => [c, callLabel(c)]),
    answer.call,
  );
  const [tricksLabel, tricks] = select(
    "scoring-tricks",
    t("embed.scoring.tricks"),
    [0, 1, 2, 3, 4, 5, 6].map((n) => [String(n), String(n)]),
    String(answer.tricks),
  );
  const [alone, aloneLabel] = check("scoring-alone", t("embed.scoring.alone"), answer.alone);
  const [defender, defenderLabel] = check("scoring-defender", t("embed.scoring.defender"), answer.defender);
  defender.disabled = !answer.alone;
  const result = el("div", { className: "scoring-result" });
  result.setAttribute("aria-live", "polite");
  const draw = () => {
    const lines = [el("p", { className: "verdict" }, t(answer.made ? "embed.scoring.made" : "embed.scoring.failed"))];
    if (answer.multiplier > 1) lines.push(el("p", {}, t("embed.scoring.stake", { n: answer.multiplier })));
    result.replaceChildren(...lines, ...table(answer));
    result.dataset.call = answer.call;
    result.dataset.tricks = String(answer.tricks);
    result.dataset.alone = String(answer.alone);
    result.dataset.defender = String(answer.defender);
  };
  let asked = 0;
  const change = async () => {
    if (!alone.checked) defender.checked = false;
    defender.disabled = !alone.checked;
    const count = ++asked;
    let next;
    try {
      next = await ask({ call: call.value, tricks: Number(tricks.value), alone: alone.checked, defender: defender.checked });
    } catch (err) {
      if (count === asked) result.replaceChildren(el("p", { className: "error", role: "alert" }, errorWords(err)));
      return;
    }
    if (count !== asked) return; // a later question is on its way
    answer = next;
    draw();
  };
  for (const control of [call, tricks, alone, defender]) control.addEventListener("change", change);
  draw();
  box.append(
    el("h2", { className: "embed-title", id: "scoring-title" }, t("embed.scoring.heading")),
    el(
      "div",
      { className: "scoring-question" },
      el("p", {}, callLabelEl, call),
      el("p", {}, tricksLabel, tricks),
      el("p", {}, alone, aloneLabel),
      el("p", {}, defender, defenderLabel),
    ),
    result,
  );
  return box;
}
