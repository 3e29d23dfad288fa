// A recorded hand's frames in words (the engine's "replay" op): the title and lines
// of each step, in the current language. Shared by the embed's hand replay
// (web/embed/replay.js) and the game's review of a hand (web/table/review.js).

import { parseAction } from "./actions.js";
import { formatList, formatSigned, t } from "./i18n.js";
import { callWord, suitName } from "./i18n-terms.js";
import { cardFace, cardWord, el } from "./words.js";

/** A seat by its compass name (the replay has no "you"). */
export const seat = (n) => t(`embed.seat.${n}`);

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
