// Embed mode "hand": a recorded hand (HPN text, or a seed the computer
// players play) stepped through with Previous / Next: the deal, the auction,
// the widow and discard, the alone calls, then each trick, with the notes a
// teacher wrote as comments in the hand text on their steps. The frames come
// from the engine's "replay" op; this module only draws them, in the words
// of the frame's language.

import { parseAction } from "../shared/actions.js";
import { cardFace, cardWord, el } from "./words.js";
import { formatList, formatSigned, t } from "../shared/i18n.js";
import { callWord, suitName } from "../shared/i18n-terms.js";

const POS = ["south", "west", "north", "east"];

/** A seat by its compass name (the replay has no "you"). */
const seat = (n) => t(`embed.seat.${n}`);

function bidText(frame) {
  return callWord(frame.bid_call);
}

/** A frame in words: its title ("trick 2") and its lines; `index` numbers a
 * trick frame (also the game page's hand review, web/table/review.js). */
export function describe(frame, index) {
  const lines = [];
  let title;
  if (frame.kind === "deal") {
    title = t("embed.hand.title.deal");
    lines.push(t("embed.hand.deal", { seat: seat(frame.dealer) }));
  } else if (frame.kind === "auction") {
    title = t("embed.hand.title.auction");
    const calls = frame.auction.map((a) =>
      parseAction(a.call).kind === "pass"
        ? t("embed.hand.pass", { seat: seat(a.seat) })
        : t("embed.hand.bid", { seat: seat(a.seat), call: callWord(a.call) }),
    );
    lines.push(t("embed.hand.calls", { calls: calls.join(t("embed.hand.calls_separator")) }));
    if (frame.thrown_in) lines.push(t("embed.hand.thrown_in"));
    else if (frame.forced) lines.push(t("embed.hand.forced", { seat: seat(frame.maker), call: bidText(frame) }));
    else lines.push(t("embed.hand.auction_won", { seat: seat(frame.maker), call: bidText(frame) }));
  } else if (frame.kind === "widow") {
    title = t("embed.hand.title.widow");
    lines.push(
      t("embed.hand.widow_taken", {
        seat: seat(frame.maker),
        widow: cardWord(frame.widow),
        trump: suitName(frame.trump),
        discard: cardWord(frame.discard),
      }),
    );
  } else if (frame.kind === "alone") {
    title = t("embed.hand.title.alone");
    lines.push(t(frame.alone ? "embed.hand.alone" : "embed.hand.not_alone", { seat: seat(frame.maker) }));
    if (frame.lone_defender !== null) lines.push(t("embed.hand.lone_defender", { seat: seat(frame.lone_defender) }));
  } else {
    title = t("embed.hand.title.trick", { n: index });
    const cards = frame.trick.cards.map((p) => t("embed.hand.trick_card", { seat: seat(p.seat), card: cardWord(p.card) }));
    lines.push(t("embed.hand.trick", { cards: formatList(cards), seat: seat(frame.trick.winner) }));
    lines.push(t("embed.hand.tricks_won", { ns: frame.tricks_won[0], ew: frame.tricks_won[1] }));
  }
  if (frame.points) {
    if (frame.made !== null) lines.push(t(frame.made ? "embed.hand.made" : "embed.hand.failed"));
    lines.push(
      t("embed.hand.result", {
        // a true minus sign, kept in front inside right-to-left text (formatSigned)
        ns: formatSigned(frame.points[0]),
        ew: formatSigned(frame.points[1]),
        a: formatSigned(frame.scores[0], { signDisplay: "negative" }),
        b: formatSigned(frame.scores[1], { signDisplay: "negative" }),
      }),
    );
  }
  return { title, lines };
}

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
