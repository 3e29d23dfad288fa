// What a screen reader hears: one sentence per game event in a polite live
// region (a log: each sentence is a new line, said once), and the whole table
// in words on request. Every fact comes from the engine's events and states
// (seats, actions, trick winners, hand records, card roles); this module only
// puts them into words.

import { parseAction } from "../shared/actions.js";
import { spokenCard } from "../shared/cards.js";
import {
  actorName,
  asComputer,
  beforeYou,
  bidBeforeYou,
  bySeat,
  callWord,
  capitalise,
  isYou,
  seatName,
  suitName,
  teamWords,
  youPartner,
  youTeam,
} from "../shared/i18n-terms.js";
import { formatList, formatNumber, t } from "../shared/i18n.js";
import VOCABULARY from "../shared/vocabulary.js";


/** A score as said aloud: "minus 3" rather than a dash a reader may skip. */
const points = (n) => (n < 0 ? t("a11y.minus", { n: -n }) : formatNumber(n));

function scoreWords(scores) {
  return t("a11y.score", {
    team0: teamWords(0),
    score0: points(scores[0]),
    team1: teamWords(1),
    score1: points(scores[1]),
  });
}

/** The sentence for one action: `event` is the engine's event, `view` the
 * view after it (to tell a maker going alone from a defender). With `event.before`,
 * an action a computer player made in a guest's seat before the guest took it: said
 * with the seat's compass name, not "you". */
export function actionSentence(event, view) {
  const { seat, action } = event;
  const roles = event.card_roles;
  const { kind, arg } = parseAction(action);
  if (event.before) return asComputer(() => actionSentence({ ...event, before: false }, view));
  switch (kind) {
    case "pass":
      return bySeat("a11y.pass", seat);
    case "bid":
      return bySeat("a11y.bid", seat, { bid: callWord(action) });
    case "trump":
      return bySeat("a11y.trump", seat, { suit: suitName(arg) });
    case "discard":
      // the player hears which card they put away; the others' discards are hidden
      // (the engine's event names no card) unless open hands are on
      // (South's too in the view of another person at the same device: pass-and-play,
      // where South is named, not "you": that person is not South)
      if (isYou(seat) && arg) return bySeat("a11y.discard", seat, { card: spokenCard(arg, roles) });
      // with open hands (practice) the engine names the others' discards too: said only
      // for an event told under open hands (`open_hands`, game-flow.js), never from a view
      // a person at the same device holds (pass-and-play has no open hands)
      if (arg && event.open_hands === true) return t("a11y.discard_open", { seat: seatName(seat), card: spokenCard(arg, roles) });
      return t("a11y.discard", { seat: seat === 0 ? t("seat.role.you") : t(`seat.name.${seat}`) });
    case "alone":
      return bySeat(view.maker === seat ? "a11y.alone" : "a11y.defend_alone", seat);
    case "decline":
      return bySeat("a11y.decline", seat);
    case "play":
      return bySeat("a11y.play", seat, { card: spokenCard(arg, roles) });
    default:
      return "";
  }
}

/** One sentence for the end of a hand, from the engine's hand record. */
export function handSentence(hand) {
  if (hand.thrown_in) return t(hand.widow === VOCABULARY.joker ? "a11y.thrown_in_joker" : "a11y.thrown_in");
  const team = hand.maker % 2;
  return bySeat(hand.made ? "a11y.made" : "a11y.fell", hand.maker, {
    bid: callWord(hand.bid_call),
    tricks: t("summary.tricks", { count: hand.tricks_won[team] }),
    score: scoreWords(hand.scores),
  });
}

/** The sentences an event is told in, in order: the action, the trick's
 * winner, the hand's result, the game's end. `view` is the view after it. */
export function eventSentences(event, view) {
  const out = [actionSentence(event, view)];
  if (event.trick) out.push(bySeat("a11y.wins_trick", event.trick.winner));
  if (event.hand) out.push(handSentence(event.hand));
  if (view.phase === "game_over" && event.hand) {
    const us = youTeam();
    if (isYou(0)) {
      const key = view.winner === 0 ? "a11y.game_over.win" : "a11y.game_over.lose";
      out.push(t(key, { us: points(view.scores[0]), them: points(view.scores[1]) }));
    } else {
      // from another seat: the prompt's words (its team wins, or the other team), then the score
      const partner = seatName(youPartner());
      out.push(view.winner === us ? t("prompt.game_over.you_win", { partner }) : t("prompt.game_over.team_wins", { team: teamWords(view.winner) }));
      out.push(capitalise(scoreWords(view.scores))); // a sentence of its own ("You and South 10, …")
    }
  }
  return out.filter(Boolean);
}

/** Everything on the table in words (an engine state): score, bids, contract,
 * tricks, the trick so far, your hand and whose turn it is. */
export function tableText(st) {
  const v = st.view;
  const roles = st.card_roles;
  const parts = [t("a11y.table.score", { score: scoreWords(v.scores), target: v.rules.target })];
  if (v.phase === "game_over") {
    parts.push(t("reason.game_over"));
    return parts.join(" ");
  }
  const n = v.hand_number + 1;
  parts.push(bySeat("a11y.table.dealer", v.dealer, { n }));
  if (v.maker != null && v.trump) {
    // (a contract or a card of a computer player's in a guest's seat, from before the
    // guest took it: said with the seat's compass name)
    const contract = () =>
      bySeat("a11y.table.contract", v.maker, {
        bid: callWord(v.bid_call),
        suit: suitName(v.trump),
        alone: v.alone ? t("a11y.table.alone") : "",
      });
    parts.push(bidBeforeYou(v, v.maker) ? asComputer(contract) : contract());
  } else if (v.auction.length) {
    const calls = v.auction.map(({ seat, call }, i) => {
      const passed = parseAction(call).kind === "pass";
      // the player's call is a sentence of its own ("you passed"): no "you" before a third
      // person's verb (a call a computer player made in a guest's seat before the guest
      // took it is that seat's, by its compass name)
      if (isYou(seat) && !beforeYou(seat, v.hand_number, i)) {
        return passed ? t("a11y.table.passed_you") : t("a11y.table.bid_you", { bid: callWord(call) });
      }
      return t("a11y.table.call", {
        seat: actorName(seat, v.hand_number, i),
        call: passed ? t("a11y.table.passed") : t("a11y.table.bid", { bid: callWord(call) }),
      });
    });
    parts.push(t("a11y.table.calls", { calls: formatList(calls, "unit") }));
  }
  if (v.phase === "play") {
    parts.push(t("a11y.table.tricks", { tricks: scoreWords(v.tricks_won) }));
    parts.push(
      v.trick.length
        ? t("a11y.table.trick", {
            cards: formatList(
              v.trick.map(({ seat, card }, i) => {
                const played = () => bySeat("a11y.table.played", seat, { card: spokenCard(card, roles) });
                const index = (v.hand_actions?.length ?? 0) - v.trick.length + i;
                return beforeYou(seat, v.hand_number, index) ? asComputer(played) : played();
              }),
              "unit",
            ),
          })
        : t("a11y.table.trick_empty"),
    );
  }
  parts.push(
    v.hand.length
      ? t("a11y.table.hand", { cards: v.hand.map((c) => spokenCard(c, roles)).join("; ") })
      : t("a11y.table.hand_empty"),
  );
  if (st.human_to_move) parts.push(t("a11y.your_turn"));
  else if (st.to_act != null) parts.push(t("a11y.table.waiting", { seat: seatName(st.to_act) }));
  return parts.join(" ");
}

/** A hinted action in words ("play the jack of diamonds", "bid 3"). */
export function hintLabel(action, roles, phase = null) {
  const { kind, arg } = parseAction(action);
  if (phase === "defend_alone" && (kind === "alone" || kind === "decline")) return t(`hint.action.defend_${kind}`);
  switch (kind) {
    case "play":
      return t("hint.action.play", { card: spokenCard(arg, roles) });
    case "discard":
      return t("hint.action.discard", { card: spokenCard(arg, roles) });
    case "trump":
      return t("hint.action.trump", { suit: suitName(arg) });
    case "alone":
      return t("hint.action.alone");
    case "decline":
      return t("hint.action.decline");
    case "pass":
      return t("hint.action.pass");
    default:
      return t("hint.action.bid", { bid: callWord(action) });
  }
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

const narrator = new Narrator(document.querySelector("#announcements"));

/** Say a sentence in the table's live region (screen readers). */
export function announce(text) {
  narrator.say(text);
}
