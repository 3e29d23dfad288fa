// Embed mode "puzzle": <hasenpfeffer-embed mode="puzzle" puzzle="ID"> (issue 52). The
// puzzle of that id from the game's set (puzzles/puzzles.json, handed to the shared
// engine the first time an embed asks for a puzzle): every hand face up, the seat to
// play's cards as buttons; a card picked, the engine's verdict for every legal card in
// words (the solver's values, api/puzzle_ops.py). "Try again" starts it anew; a link
// opens the puzzle in the game. An unknown id is the engine's refusal, said by the frame.

import { cardFace, el, errorWords } from "../shared/words.js";
import { spokenCard } from "../shared/cards.js";
import { formatList, t } from "../shared/i18n.js";
import { cardCode, compassName, errorText, suitName } from "../shared/i18n-terms.js";
import { callWithSet, cardReason, goalText, lineText } from "../shared/puzzle-words.js";

const POSITIONS = ["south", "west", "north", "east"];

function seatBox(p, seat, pick) {
  const box = el("div", { className: `puzzle-seat puzzle-${POSITIONS[(seat - p.seat + 4) % 4]}` });
  box.append(el("p", { className: "puzzle-seat-name" }, compassName(seat)));
  const row = el("div", { className: seat === p.seat ? "puzzle-hand" : "puzzle-cards" });
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", compassName(seat));
  for (const code of p.hands[seat]) {
    const label = spokenCard(code, p.card_roles);
    if (seat === p.seat) {
      const b = el("button", { type: "button", className: "hand-card" }, cardFace(code, label));
      b.dataset.card = code;
      b.setAttribute("aria-label", label);
      b.addEventListener("click", () => pick(code));
      row.append(b);
    } else row.append(cardFace(code, label));
  }
  if (!p.active.includes(seat)) row.append(el("p", {}, t("seat.sits_out")));
  box.append(row);
  return box;
}

export async function render(engine, attrs) {
  const id = attrs.puzzle ?? "";
  let answer;
  try {
    answer = await callWithSet(engine, "puzzle_start", { puzzle: id });
  } catch (err) {
    // no such puzzle: said as the game says it ("There is no puzzle …")
    throw err.code === "unknown_puzzle" ? new Error(errorText(err)) : err;
  }
  const p = answer.puzzle;
  const box = el("section", { className: "mode-puzzle" });
  box.setAttribute("aria-labelledby", "puzzle-title");
  const feedback = el("div", { className: "feedback" });
  feedback.setAttribute("aria-live", "polite");
  feedback.dataset.verdict = "";
  const again = el("button", { type: "button", className: "again", hidden: true }, t("embed.trick.again"));
  const trick = el("div", { className: "puzzle-trick" });
  trick.setAttribute("aria-label", t("table.trick_label"));
  for (const { seat, card } of p.trick) {
    const slot = el("div", { className: `puzzle-played puzzle-${POSITIONS[(seat - p.seat + 4) % 4]}` });
    slot.append(cardFace(card, `${compassName(seat)}: ${spokenCard(card, p.card_roles)}`));
    trick.append(slot);
  }
  let busy = false;
  const pick = async (card) => {
    if (busy || feedback.dataset.verdict) return;
    busy = true;
    try {
      const played = await engine.call("puzzle_play", { card });
      const verdict = played.verdict;
      const solved = played.puzzle.result === "solved";
      const lines = [el("p", { className: `verdict ${solved ? "good" : "bad"}` }, el("strong", {}, t(solved ? "puzzle.solved" : "puzzle.failed", { card: formatList(verdict.solution.map(cardCode), "disjunction") })))];
      const list = el("ul", { className: "puzzle-cards-words" });
      for (const entry of verdict.cards) {
        const item = el("li", { className: entry.makes ? "makes" : "fails" }, el("p", {}, cardReason(entry)), el("p", { className: "puzzle-line" }, lineText(entry.line)));
        list.append(item);
      }
      lines.push(list);
      feedback.dataset.verdict = played.puzzle.result;
      feedback.replaceChildren(...lines);
      again.hidden = false;
    } catch (err) {
      // an illegal card: the engine's reason, and the puzzle still waits for an answer
      feedback.replaceChildren(el("p", { className: "verdict bad" }, errorWords(err)));
    } finally {
      busy = false;
    }
  };
  again.addEventListener("click", async () => {
    await engine.call("puzzle_start", { puzzle: p.id });
    feedback.replaceChildren();
    feedback.dataset.verdict = "";
    again.hidden = true;
    box.querySelector(".puzzle-hand button")?.focus();
  });
  const felt = el("div", { className: "puzzle-felt" });
  for (let k = 0; k < 4; k += 1) felt.append(seatBox(p, (p.seat + k) % 4, pick));
  felt.append(trick);
  const game = new URL("index.html", location.href);
  game.search = new URLSearchParams({ puzzle: p.id }).toString();
  const link = el("a", { href: game.href, target: "_blank", rel: "noopener", className: "puzzle-link" }, t("embed.puzzle.open"));
  box.append(
    el("h2", { className: "embed-title", id: "puzzle-title" }, t("embed.title.puzzle")),
    el("p", { className: "setup" }, `${goalText(p)} ${t("suit.trump", { suit: suitName(p.trump) })}.`),
    el("p", { className: "note" }, t("puzzle.open")),
    felt,
    feedback,
    again,
    el("p", {}, link),
  );
  return box;
}
