// Embed mode "hand": a recorded hand (HPN text, or a seed the computer
// players play) stepped through with Previous / Next: the deal, the auction,
// the widow and discard, the alone calls, then each trick. The frames come
// from the engine's "replay" op; this module only draws them.

import { cardLabel, SUIT_WORD } from "./cards.js";

const SEATS = ["South", "West", "North", "East"];
const POS = ["south", "west", "north", "east"];

const TEXT = {
  heading: "Hand replay",
  step: (n, total, title) => `Step ${n} of ${total}: ${title}`,
  prev: "Previous step",
  next: "Next step",
  prevShort: "Previous",
  nextShort: "Next",
  widow: "Widow",
  faceDown: "face down",
  center: "On the table",
  cardsOf: (seat) => `${SEATS[seat]}'s cards`,
  dealer: "dealer",
  sitsOut: "sits out",
  title: {
    deal: "the deal",
    auction: "the bidding",
    widow: "widow and discard",
    alone: "going alone?",
    trick: (n) => `trick ${n}`,
  },
  deal: (dealer) =>
    `${SEATS[dealer]} deals six cards to each player; one card, the widow, lies face down.`,
  call: (seat, call) => {
    if (call === "pass") return `${SEATS[seat]} passes`;
    const bid = call.replace("bid ", "");
    if (bid === "little") return `${SEATS[seat]} bids little pepper`;
    if (bid === "big") return `${SEATS[seat]} bids big pepper`;
    return `${SEATS[seat]} bids ${bid}`;
  },
  auctionWon: (seat, bid) => `${SEATS[seat]} wins the auction with ${bid}.`,
  forced: (seat, bid) => `Everyone passed: ${SEATS[seat]} must play the hand with a bid of ${bid}.`,
  thrownIn: "Everyone passed: the hand is thrown in.",
  widowTaken: (seat, widow, trump, discard) =>
    `${SEATS[seat]} takes the widow ${cardLabel(widow)}, names ${SUIT_WORD[trump]} trump and discards ${cardLabel(discard)}.`,
  alone: (seat) => `${SEATS[seat]} goes alone: the partner sits this hand out (double stake).`,
  notAlone: (seat) => `${SEATS[seat]} plays with the partner.`,
  loneDefender: (seat) => `${SEATS[seat]} defends alone (the stake doubles again).`,
  trick: (cards, winner) =>
    `${cards.map((p) => `${SEATS[p.seat]} ${cardLabel(p.card)}`).join(", ")}: ${SEATS[winner]} wins the trick.`,
  tricksWon: (ns, ew) => `Tricks: North–South ${ns}, East–West ${ew}.`,
  result: (points, scores) =>
    `The hand scores North–South ${signed(points[0])}, East–West ${signed(points[1])}; the score is ${scores[0]} to ${scores[1]}.`,
  made: "The makers made their bid.",
  failed: "The makers failed their bid.",
};

const signed = (n) => (n > 0 ? `+${n}` : String(n));

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  node.append(...children);
  return node;
}

function face(code) {
  const c = document.createElement("hp-card");
  if (code) c.setAttribute("code", code);
  return c;
}

function bidText(frame) {
  return frame.bid_call;
}

function describe(frame, index) {
  const lines = [];
  let title;
  if (frame.kind === "deal") {
    title = TEXT.title.deal;
    lines.push(TEXT.deal(frame.dealer));
  } else if (frame.kind === "auction") {
    title = TEXT.title.auction;
    lines.push(`${frame.auction.map((a) => TEXT.call(a.seat, a.call)).join("; ")}.`);
    if (frame.thrown_in) lines.push(TEXT.thrownIn);
    else if (frame.forced) lines.push(TEXT.forced(frame.maker, bidText(frame)));
    else lines.push(TEXT.auctionWon(frame.maker, bidText(frame)));
  } else if (frame.kind === "widow") {
    title = TEXT.title.widow;
    lines.push(TEXT.widowTaken(frame.maker, frame.widow, frame.trump, frame.discard));
  } else if (frame.kind === "alone") {
    title = TEXT.title.alone;
    lines.push(frame.alone ? TEXT.alone(frame.maker) : TEXT.notAlone(frame.maker));
    if (frame.lone_defender !== null) lines.push(TEXT.loneDefender(frame.lone_defender));
  } else {
    title = TEXT.title.trick(index);
    lines.push(TEXT.trick(frame.trick.cards, frame.trick.winner));
    lines.push(TEXT.tricksWon(frame.tricks_won[0], frame.tricks_won[1]));
  }
  if (frame.points) {
    if (frame.made !== null) lines.push(frame.made ? TEXT.made : TEXT.failed);
    lines.push(TEXT.result(frame.points, frame.scores));
  }
  return { title, lines };
}

export async function render(engine, attrs) {
  const request = {};
  if (attrs.hpn) request.hpn = attrs.hpn;
  if (attrs.number) request.number = /^\d+$/.test(attrs.number) ? Number(attrs.number) : attrs.number;
  if (attrs.seed !== undefined) request.seed = attrs.seed;
  if (attrs.rules) request.rules = attrs.rules;
  const { frames } = await engine.call("replay", request);
  const trickNumbers = [];
  let n = 0;
  for (const f of frames) trickNumbers.push(f.kind === "trick" ? ++n : 0);

  const box = el("section", { className: "mode-hand" });
  box.setAttribute("aria-labelledby", "hand-title");
  const status = el("p", { className: "step-title" });
  status.setAttribute("aria-live", "polite");
  const table = el("div", { className: "replay-table" });
  const text = el("div", { className: "step-text" });
  const prev = el("button", { type: "button", className: "prev" }, `◀ ${TEXT.prevShort}`);
  const next = el("button", { type: "button", className: "next" }, `${TEXT.nextShort} ▶`);
  prev.setAttribute("aria-label", TEXT.prev);
  next.setAttribute("aria-label", TEXT.next);
  let at = 0;

  const draw = () => {
    const frame = frames[at];
    const { title, lines } = describe(frame, trickNumbers[at]);
    status.textContent = TEXT.step(at + 1, frames.length, title);
    box.dataset.step = String(at);
    box.dataset.kind = frame.kind;
    text.replaceChildren(...lines.map((line) => el("p", {}, line)));
    const seats = [];
    for (let seat = 0; seat < 4; seat++) {
      const cards = el("ul", { className: "seat-cards" });
      cards.setAttribute("aria-label", TEXT.cardsOf(seat));
      for (const code of frame.hands[seat]) {
        const li = el("li", {}, face(code));
        li.dataset.card = code;
        cards.append(li);
      }
      const notes = [];
      if (frame.dealer === seat) notes.push(TEXT.dealer);
      if (frame.sitting_out.includes(seat)) notes.push(TEXT.sitsOut);
      const name = el("h4", { className: "seat-name" }, SEATS[seat] + (notes.length ? ` (${notes.join(", ")})` : ""));
      const seatBox = el("section", { className: `replay-seat ${POS[seat]}` }, name, cards);
      seatBox.dataset.seat = String(seat);
      seats.push(seatBox);
    }
    const center = el("div", { className: "replay-center" });
    center.setAttribute("aria-label", TEXT.center);
    if (frame.kind === "trick") {
      for (const p of frame.trick.cards) {
        const slot = el("div", { className: `slot ${POS[p.seat]}` }, face(p.card));
        slot.dataset.card = p.card;
        if (p.seat === frame.trick.winner) slot.classList.add("winner");
        center.append(slot);
      }
    } else if (frame.kind === "deal" || frame.kind === "auction") {
      const shown = frame.thrown_in && frame.widow ? frame.widow : null;
      center.append(el("div", { className: "slot widow" }, face(shown), el("span", {}, `${TEXT.widow}${shown ? "" : ` (${TEXT.faceDown})`}`)));
    } else if (frame.discard) {
      center.append(el("div", { className: "slot widow" }, face(frame.widow), el("span", {}, TEXT.widow)));
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
    el("h2", { className: "embed-title", id: "hand-title" }, TEXT.heading),
    status,
    table,
    text,
    el("div", { className: "step-nav" }, prev, next),
  );
  return box;
}
