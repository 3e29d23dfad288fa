// Embed mode "hand": a recorded hand (HPN text, or a seed the computer
// players play) stepped through with Previous / Next: the deal, the auction,
// the widow and discard, the alone calls, then each trick, with the notes a
// teacher wrote as comments in the hand text on their steps. The frames come
// from the engine's "replay" op; this module only draws them, in the words
// of the frame's language.

import { formatList, t } from "../shared/i18n.js";
import { describe, seat } from "../shared/replay-words.js";
import { cardFace, el } from "../shared/words.js";

const POS = ["south", "west", "north", "east"];

export async function render(engine, attrs) {
  const request = {};
  if (attrs.hpn) request.hpn = attrs.hpn;
  if (attrs.number) request.number = /^\d+$/.test(attrs.number) ? Number(attrs.number) : attrs.number;
  if (attrs.seed !== undefined) request.seed = attrs.seed;
  if (attrs.rules) request.rules = attrs.rules;
  const { frames, notes } = await engine.call("replay", request);
  const trickNumbers = [];
  let n = 0;
  for (const f of frames) trickNumbers.push(f.kind === "trick" ? ++n : 0);

  const box = el("section", { className: "mode-hand" });
  box.setAttribute("aria-labelledby", "hand-title");
  const status = el("p", { className: "step-title" });
  status.setAttribute("aria-live", "polite");
  const table = el("div", { className: "replay-table" });
  const text = el("div", { className: "step-text" });
  // a teacher's notes (comments of the hand text) on this step, in their own words
  const noteBox = el("aside", { className: "step-notes" });
  noteBox.setAttribute("aria-live", "polite");
  noteBox.setAttribute("aria-label", t("embed.hand.notes"));
  // the arrows point the way the text runs (the stylesheet mirrors them right to left)
  const prev = el("button", { type: "button", className: "prev" }, el("span", { className: "arrow" }, "◀"), " ", t("embed.hand.prev_short"));
  const next = el("button", { type: "button", className: "next" }, t("embed.hand.next_short"), " ", el("span", { className: "arrow" }, "▶"));
  prev.setAttribute("aria-label", t("embed.hand.prev"));
  next.setAttribute("aria-label", t("embed.hand.next"));
  let at = 0;

  const draw = () => {
    const frame = frames[at];
    const { title, lines } = describe(frame, trickNumbers[at]);
    status.textContent = t("embed.hand.step", { n: at + 1, total: frames.length, title });
    box.dataset.step = String(at);
    box.dataset.kind = frame.kind;
    text.replaceChildren(...lines.map((line) => el("p", {}, line)));
    const here = notes.filter((note) => note.frame === at);
    noteBox.hidden = here.length === 0;
    noteBox.replaceChildren(
      ...here.map((note) => {
        const p = el("p", { className: "note" }, note.text);
        p.dir = "auto"; // the teacher's language, whatever the embed's
        return p;
      }),
    );
    const seats = [];
    for (let s = 0; s < 4; s++) {
      const cards = el("ul", { className: "seat-cards" });
      cards.setAttribute("aria-label", t("embed.hand.cards_of", { seat: seat(s) }));
      for (const code of frame.hands[s]) {
        const li = el("li", {}, cardFace(code));
        li.dataset.card = code;
        cards.append(li);
      }
      const notes = [];
      if (frame.dealer === s) notes.push(t("embed.hand.dealer"));
      if (frame.sitting_out.includes(s)) notes.push(t("embed.hand.sits_out"));
      const label = notes.length ? t("embed.hand.seat_notes", { seat: seat(s), notes: formatList(notes) }) : seat(s);
      const seatBox = el("section", { className: `replay-seat ${POS[s]}` }, el("h4", { className: "seat-name" }, label), cards);
      seatBox.dataset.seat = String(s);
      seats.push(seatBox);
    }
    const center = el("div", { className: "replay-center", role: "group" });
    center.setAttribute("aria-label", t("embed.hand.center"));
    if (frame.kind === "trick") {
      for (const p of frame.trick.cards) {
        const slot = el("div", { className: `slot ${POS[p.seat]}` }, cardFace(p.card));
        slot.dataset.card = p.card;
        if (p.seat === frame.trick.winner) slot.classList.add("winner");
        center.append(slot);
      }
    } else if (!frame.widow_taken) {
      // the widow lies in the middle until the maker takes it (face up only
      // in a hand thrown in: its record shows it)
      const shown = frame.thrown_in && frame.widow ? frame.widow : null;
      const words = shown ? t("embed.hand.widow") : t("embed.hand.widow_face_down");
      center.append(el("div", { className: "slot widow" }, cardFace(shown), el("span", {}, words)));
    }
    table.replaceChildren(...seats, center);
    prev.disabled = at === 0;
    next.disabled = at === frames.length - 1;
  };
  prev.addEventListener("click", () => {
    if (at > 0) at -= 1;
    draw();
    if (prev.disabled) next.focus();
  });
  next.addEventListener("click", () => {
    if (at < frames.length - 1) at += 1;
    draw();
    if (next.disabled) prev.focus();
  });
  draw();
  box.append(
    el("h2", { className: "embed-title", id: "hand-title" }, t("embed.hand.heading")),
    status,
    table,
    text,
    noteBox,
    el("div", { className: "step-nav" }, prev, next),
  );
  for (const arrow of box.querySelectorAll(".arrow")) arrow.setAttribute("aria-hidden", "true");
  return box;
}
