// What a screen reader hears: one sentence per game event in a polite live
// region (a log: each sentence is a new line, said once), and the whole table
// in words on request. Every fact comes from the engine's events and states
// (seats, actions, trick winners, hand records, card roles); this module only
// puts them into words.

import { spokenCard, SUIT_WORD } from "./cards.js";

// Every sentence this module makes. {who} is a seat's name; "you" forms apart.
const TEXT = {
  seats: ["You", "West", "North", "East"],
  teams: ["you and North", "West and East"],
  bids: { little: "little pepper", big: "big pepper" },
  pass: ["You pass.", "{who} passes."],
  bid: ["You bid {bid}.", "{who} bids {bid}."],
  trump: ["You name {suit} as trump.", "{who} names {suit} as trump."],
  discard: ["You discard the {card}.", "{who} discards a card."],
  alone: ["You go alone.", "{who} goes alone."],
  defendAlone: ["You defend alone.", "{who} defends alone."],
  decline: ["You play with your partner.", "{who} plays with their partner."],
  play: ["You play the {card}.", "{who} plays the {card}."],
  trick: ["You win the trick.", "{who} wins the trick."],
  made: "{who} made the bid of {bid} with {tricks}; the score is {score}.",
  fell: "{who} fell short of the bid of {bid} with {tricks}; the score is {score}.",
  thrownIn: "Everyone passed, so the hand is thrown in.",
  thrownInJoker: "Everyone passed with the Joker in the widow, so the hand is thrown in.",
  gameOver: ["Game over: you and North win, {us} to {them}.", "Game over: West and East win, {them} to {us}."],
  tricks: (n) => (n === 1 ? "1 trick" : `${n} tricks`),
  score: "{t0} {s0}, {t1} {s1}",
  minus: "minus {n}",
  // the table in words (the T key)
  tableScore: "Score: {score}, playing to {target}.",
  tableDealer: "Hand {n}; {who} dealt.",
  tableDealerYou: "Hand {n}; you dealt.",
  tableCalls: "Bids: {calls}.",
  tableCall: "{who} {call}",
  tablePassed: "passed",
  tableBid: "bid {bid}",
  tableContract: "Contract: {who} bid {bid} with {suit} as trump{alone}.",
  tableAlone: ", alone",
  tableTricks: "Tricks this hand: {tricks}.",
  tableTrick: "This trick: {cards}.",
  tableTrickEmpty: "No card is on the table.",
  tablePlayed: "{who} played the {card}",
  tableHand: "Your hand: {cards}.",
  tableHandEmpty: "You hold no cards.",
  tableTurn: "Your turn.",
  tableWaiting: "{who} is to act.",
  tableOver: "The game is over.",
};

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));
}

function bySeat(pair, seat, values) {
  return fill(pair[seat === 0 ? 0 : 1], { who: TEXT.seats[seat], ...values });
}

function bidWords(call) {
  return TEXT.bids[call] ?? String(call);
}

const points = (n) => (n < 0 ? fill(TEXT.minus, { n: -n }) : String(n));

function scoreWords(scores) {
  return fill(TEXT.score, { t0: TEXT.teams[0], s0: points(scores[0]), t1: TEXT.teams[1], s1: points(scores[1]) });
}

/** The sentence for one action: `event` is the engine's event, `view` the
 * view after it (to tell a maker going alone from a defender). */
export function actionSentence(event, view) {
  const { seat, action } = event;
  const roles = event.card_roles;
  if (action === "pass") return bySeat(TEXT.pass, seat, {});
  if (action.startsWith("bid ")) return bySeat(TEXT.bid, seat, { bid: bidWords(action.slice(4)) });
  if (action.startsWith("trump ")) return bySeat(TEXT.trump, seat, { suit: SUIT_WORD[action.slice(6)] });
  if (action.startsWith("discard")) {
    return bySeat(TEXT.discard, seat, { card: seat === 0 ? spokenCard(action.slice(8), roles) : "" });
  }
  if (action === "alone") return bySeat(view.maker === seat ? TEXT.alone : TEXT.defendAlone, seat, {});
  if (action === "decline") return bySeat(TEXT.decline, seat, {});
  if (action.startsWith("play ")) return bySeat(TEXT.play, seat, { card: spokenCard(action.slice(5), roles) });
  return "";
}

/** One sentence for the end of a hand, from the engine's hand record. */
export function handSentence(hand) {
  if (hand.thrown_in) return hand.widow === "JK" ? TEXT.thrownInJoker : TEXT.thrownIn;
  const team = hand.maker % 2;
  return fill(hand.made ? TEXT.made : TEXT.fell, {
    who: TEXT.seats[hand.maker],
    bid: bidWords(hand.bid_call),
    tricks: TEXT.tricks(hand.tricks_won[team]),
    score: scoreWords(hand.scores),
  });
}

/** The sentences an event is told in, in order: the action, the trick's
 * winner, the hand's result, the game's end. `view` is the view after it. */
export function eventSentences(event, view) {
  const out = [actionSentence(event, view)];
  if (event.trick) out.push(bySeat(TEXT.trick, event.trick.winner, {}));
  if (event.hand) out.push(handSentence(event.hand));
  if (view.phase === "game_over" && event.hand) {
    out.push(fill(TEXT.gameOver[view.winner === 0 ? 0 : 1], { us: points(view.scores[0]), them: points(view.scores[1]) }));
  }
  return out.filter(Boolean);
}

/** Everything on the table in words (an engine state): score, bids, contract,
 * tricks, the trick so far, your hand and whose turn it is. */
export function tableText(st) {
  const v = st.view;
  const roles = st.card_roles;
  const parts = [fill(TEXT.tableScore, { score: scoreWords(v.scores), target: v.rules.target })];
  if (v.phase === "game_over") {
    parts.push(TEXT.tableOver);
    return parts.join(" ");
  }
  parts.push(fill(v.dealer === 0 ? TEXT.tableDealerYou : TEXT.tableDealer, { n: v.hand_number + 1, who: TEXT.seats[v.dealer] }));
  if (v.maker != null && v.trump) {
    parts.push(
      fill(TEXT.tableContract, {
        who: TEXT.seats[v.maker],
        bid: bidWords(v.bid_call),
        suit: SUIT_WORD[v.trump],
        alone: v.alone ? TEXT.tableAlone : "",
      }),
    );
  } else if (v.auction.length) {
    const calls = v.auction.map(({ seat, call }) =>
      fill(TEXT.tableCall, {
        who: TEXT.seats[seat],
        call: call === "pass" ? TEXT.tablePassed : fill(TEXT.tableBid, { bid: bidWords(call.slice(4)) }),
      }),
    );
    parts.push(fill(TEXT.tableCalls, { calls: calls.join(", ") }));
  }
  if (v.phase === "play") {
    parts.push(fill(TEXT.tableTricks, { tricks: scoreWords(v.tricks_won) }));
    parts.push(
      v.trick.length
        ? fill(TEXT.tableTrick, {
            cards: v.trick
              .map(({ seat, card }) => fill(TEXT.tablePlayed, { who: TEXT.seats[seat], card: spokenCard(card, roles) }))
              .join(", "),
          })
        : TEXT.tableTrickEmpty,
    );
  }
  parts.push(
    v.hand.length
      ? fill(TEXT.tableHand, { cards: v.hand.map((c) => spokenCard(c, roles)).join("; ") })
      : TEXT.tableHandEmpty,
  );
  if (st.human_to_move) parts.push(TEXT.tableTurn);
  else if (st.to_act != null) parts.push(fill(TEXT.tableWaiting, { who: TEXT.seats[st.to_act] }));
  return parts.join(" ");
}

/** The live region: `say(text)` adds one line, which assistive technology
 * reads once (a polite log); old lines are dropped. */
export class Narrator {
  constructor(region, keep = 12) {
    this.region = region;
    this.keep = keep;
  }

  say(text) {
    if (!text) return;
    const line = document.createElement("p");
    line.textContent = text;
    this.region.append(line);
    while (this.region.childElementCount > this.keep) this.region.firstElementChild.remove();
  }
}
