// The game's words in the current language: seats, suits, cards, calls, and
// the engine's reasons and hints (sent as a code with parameters, see
// docs/api.md "Reasons as codes"). Built on web/shared/i18n.js; no rule logic.

import { bidOf, isNamedBid, parseAction } from "./actions.js";
import { formatList, formatNumber, formatNumberRange, formatSigned, hasKey, isolate, language, ltrRun, t } from "./i18n.js";
import VOCABULARY from "./vocabulary.js";

// the notation of a card (the same in every language): "10♥", "J♦"
/** A suit's symbol in the notation. */
export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
/** A rank as the notation and the card faces (web/shared/cards.js) show it. */
export const RANK_SHOWN = { 9: "9", T: "10", J: "J", Q: "Q", K: "K", A: "A" };

/** A card in the notation: cardLabel("TH") -> "10♥" (the Joker's is "Joker";
 * cardShort() and cardCode() name it in words). */
export function cardLabel(code) {
  if (code === VOCABULARY.joker) return "Joker";
  return `${RANK_SHOWN[code[0]]}${SUIT_SYMBOL[code[1]]}`;
}

export function seatName(seat) {
  if (seat === youSeat) return t("seat.name.0");
  // South by its compass name where the player sits elsewhere (a LAN table's guest)
  return seat === 0 ? t("seat.role.you") : t(`seat.name.${seat}`);
}

/** A seat by its compass name, whoever the player is ("South", "North"). */
export function compassName(seat) {
  return seat === 0 ? t("seat.role.you") : t(`seat.name.${seat}`);
}

// the seat the page's player sits in: South, or a LAN table guest's own seat
let youSeat = 0;

/** The page's player sits in `seat` ("you" in the sentences; South is then named). */
export function setYouSeat(seat) {
  youSeat = seat;
}

/** Whether `seat` is the page's player's own ("you"). */
export function isYou(seat) {
  return seat === youSeat;
}

/** The page's player's team (0: North-South, 1: West-East): "us". */
export function youTeam() {
  return youSeat % 2;
}

/** The page's player's partner's seat (across the table). */
export function youPartner() {
  return (youSeat + 2) % 4;
}

/** A team as a label, the same words from every seat: the player's "You & {partner}"
 * ("You & North" from South, "You & East" from West), the other team by its two
 * names ("West & East", "North & South"). */
export function teamName(team) {
  if (team === youTeam()) return t("table.team.us", { partner: seatName(youPartner()) });
  return t(`table.team.${team}`);
}

/** A team inside a sentence ("you and North", "West and East"), as teamName. */
export function teamWords(team) {
  if (team === youTeam()) return t("a11y.team.us", { partner: seatName(youPartner()) });
  return t(`a11y.team.${team}`);
}

// a guest's seat was a computer player's until the guest took it (web/table/guest.js):
// the hand then in progress and how many of its actions (the view's hand_actions) came first
let joined = null;

/** The player took their seat at action `actions` of hand `hand` (a guest, when the
 * host's first view arrives): what the seat did before was a computer player's. */
export function setJoined(hand, actions) {
  joined = { hand, actions };
}

/** Whether the hand's action number `index` (its hand_actions; the auction's calls come
 * first) of the player's seat was a computer player's, made before the player took the
 * seat: said with the seat's compass name, never "you". */
export function beforeYou(seat, hand, index) {
  return seat === youSeat && joined !== null && hand === joined.hand && index < joined.actions;
}

/**
 * A sentence about a seat: the key's `_you` form for the player (seat 0; "You
 * pass.", "Hai aperto tu", never the third person's verb with "you"), else the
 * key with the seat's name as `{seat}` (or as `name`, e.g. "leader").
 * The keys with a player's form are listed in tests/test_locales.py PLAYER_FORMS.
 */
export function bySeat(key, seat, values = {}, name = "seat") {
  return seat === youSeat ? t(`${key}_you`, values) : t(key, { [name]: seatName(seat), ...values });
}

/** What `say()` returns with no seat the player's: the words for what a computer player
 * did in a guest's seat before the guest took it (the seat's compass name, never "you"). */
export function asComputer(say) {
  const seat = youSeat;
  youSeat = -1;
  try {
    return say();
  } finally {
    youSeat = seat;
  }
}

/** The name of the seat that made the hand's action number `index` (seatName, or the
 * compass name for a computer player's action in the player's seat: beforeYou). */
export function actorName(seat, hand, index) {
  return beforeYou(seat, hand, index) ? compassName(seat) : seatName(seat);
}

/** Where `seat`'s bid that stands (their last, not a pass) is in `view`'s auction (a
 * forced bid, none there: at the auction's end). */
function standingBid(view, seat) {
  let index = view.auction.length;
  view.auction.forEach((call, i) => {
    if (call.seat === seat && bidOf(call.call) !== null) index = i;
  });
  return index;
}

/** Whether the bid of `seat`'s that stands (the high bid, the contract) was a computer
 * player's, made in a guest's seat before the guest took it (beforeYou). */
export function bidBeforeYou(view, seat) {
  return beforeYou(seat, view.hand_number, standingBid(view, seat));
}

/** The name of the seat whose bid stands: by its compass name, not "You", when a
 * computer player made it in a guest's seat (bidBeforeYou). */
export function bidderName(view, seat) {
  return bidBeforeYou(view, seat) ? compassName(seat) : seatName(seat);
}

/** bySeat for a sentence about the seat whose bid stands, as bidderName. */
export function byBidder(key, view, seat, values = {}) {
  return bidBeforeYou(view, seat) ? asComputer(() => bySeat(key, seat, values)) : bySeat(key, seat, values);
}

export function suitName(suit) {
  return t(`suit.${suit}`);
}

/** "the jack of hearts", "il fante di cuori", "ولد كُبّة", "पान का ग़ुलाम". */
export function cardName(code) {
  if (code === VOCABULARY.joker) return t("card.JK");
  return t(`card.${code[0]}`, { suit: suitName(code[1]) });
}

/** The short label on buttons and in lists: "10♥", and the Joker's name. */
export function cardShort(code) {
  return code === VOCABULARY.joker ? t("card.joker_short") : cardLabel(code);
}

/** A card's notation inside a sentence ("10♥", "J♦"): a left-to-right run in
 * right-to-left text (web/shared/i18n.js ltrRun); the Joker by its name. */
export function cardCode(code) {
  return code === VOCABULARY.joker ? t("card.joker_short") : ltrRun(cardLabel(code));
}

/** A list of cards inside a sentence: "9♥ and A♥", "J♥ و10♥" (each card its own
 * left-to-right run; the list's words and order are the language's). */
export function cardList(codes) {
  return formatList(codes.map(cardCode));
}

/** A call as a button label: "Pass", "Bid 3", "Little pepper". Takes "pass", "bid 3" or "3". */
export function callLabel(call) {
  const bid = bidOf(call);
  if (bid === null) return t("bid.pass");
  if (isNamedBid(bid)) return t(`bid.${bid}`);
  return t("bid.n", { n: Number(bid) });
}

/** A call inside a sentence: "pass", "3", "little pepper". Takes "pass", "bid 3" or "3". */
export function callWord(call) {
  const bid = bidOf(call);
  if (bid === null) return t("call.pass");
  if (isNamedBid(bid)) return t(`call.${bid}`);
  return t("call.n", { n: Number(bid) });
}

/** Upper-case the first letter, as the language does ("il fante…" -> "Il fante…"). */
export function capitalise(text) {
  return text ? text.charAt(0).toLocaleUpperCase(language()) + text.slice(1) : text;
}

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

/** A margin in points as the hints and the review say it: "+2.3", "−1.2", "0.0". */
export function formatMargin(points) {
  return formatSigned(points, oneDecimal);
}

/** The engine's parameters as words of the current language. */
function words(params) {
  const out = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key === "seat") out.seat = seatName(value);
    else if (key === "suit" || key === "trump") out[key] = suitName(value);
    else if (key === "card") out.card = cardName(value);
    else if (key === "cards") out.cards = cardList(value);
    else if (key === "call") out.call = callWord(value);
    else if (typeof value !== "number") out[key] = String(value);
    // a margin in points is signed; a text parameter of the same name (a refused value) is not
    else if (key === "value") out.value = formatSigned(value, oneDecimal);
    else if (key === "gap" || key === "tricks") out[key] = formatNumber(value, oneDecimal);
    else out[key] = formatNumber(value);
  }
  return out;
}

/**
 * Why an option or card is not available (an entry of `state.options` or
 * `state.cards`, or an `illegal_action` error): in the current language when
 * the catalogue knows the code, else the engine's English text.
 */
export function reasonText({ reason = "", reason_code: code, reason_params: params } = {}) {
  if (!code || !hasKey(`reason.${code}`)) return reason;
  // about the player: the player's form ("It is your turn.")
  const key = params?.seat != null && isYou(params.seat) && hasKey(`reason.${code}_you`) ? `reason.${code}_you` : `reason.${code}`;
  let text = t(key, words(params));
  if (code === "must_follow") {
    for (const card of params.trump_cards ?? []) {
      text += ` ${t("reason.counts_as_trump", { card: cardCode(card), suit: suitName(params.trump) })}`;
    }
  }
  return text;
}

/**
 * A number inside a sentence: in a right-to-left language wrapped in
 * first-strong isolates, so Arabic-Indic digits read as written; a signed number
 * (formatSigned) is already a left-to-right run and is not wrapped again.
 */
const isolated = isolate;

const percent = { style: "percent", maximumFractionDigits: 0 };
// the hint parameters that are shares (0..1), said as percentages
const SHARES = new Set(["holds", "make", "defeat", "alone_make", "other_make", "keep", "chance", "other_chance"]);

/** An action as a hint names it: "play the jack of diamonds", "bid 3", "hearts as trump";
 * with the `phase` it was taken in, a defender's call as defending ("defend alone"). */
export function actionText(action, phase = null) {
  const { kind, arg } = parseAction(action);
  if (phase === "defend_alone" && (kind === "alone" || kind === "decline")) return t(`hint.action.defend_${kind}`);
  switch (kind) {
    case "play":
    case "discard":
      return t(`hint.action.${kind}`, { card: cardName(arg) });
    case "trump":
      return t("hint.action.trump", { suit: suitName(arg) });
    case "alone":
    case "decline":
    case "pass":
      return t(`hint.action.${kind}`);
    default:
      return t("hint.action.bid", { bid: callWord(action) });
  }
}

/** A hint's parameters as words: the engine's names, and its numbers formatted and isolated. */
function hintWords(params, phase) {
  const out = words(params);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (key === "other" || key === "action") out[key] = actionText(value, phase);
    else if (SHARES.has(key)) {
      // an uncertain share comes with its range (the engine's `<key>_range`): said as one
      const range = params[`${key}_range`];
      out[key] = isolated(range ? formatNumberRange(range[0], range[1], percent) : formatNumber(value, percent));
    }
    else if (key === "gap" || key === "tricks" || key === "their") out[key] = isolated(formatNumber(value, oneDecimal));
    else if (key === "count") out.count = value; // a number: it chooses the plural form
  }
  return out;
}

/** A hint's estimate in its unit: "expected +2.3 points for your side", "about 4.1 tricks for your side". */
function hintUnitText(unit, estimate) {
  if (!unit || estimate == null || !hasKey(`hint.unit.${unit}`)) return "";
  const number = unit === "tricks" ? formatNumber(estimate, oneDecimal) : formatMargin(estimate);
  return t(`hint.unit.${unit}`, { value: isolated(number) });
}

/**
 * A hint in words (an entry of the `hint` answer's `suggestions`): why, its
 * number in its unit, and the comparison with the next-best choice, in the
 * current language; the engine's English when the catalogue lacks a code.
 * `phase`: the decision's (a defender's call is said as defending).
 */
export function hintText(hint = {}, phase = null) {
  const { reason = "", reason_code: code = "", compare_code: compare = "" } = hint;
  if ((code && !hasKey(`hint.${code}`)) || (compare && !hasKey(`hint.compare.${compare}`))) return reason;
  if (!code && !compare && !hint.unit) return reason;
  const parts = [
    code ? t(`hint.${code}`, hintWords(hint.reason_params, phase)) : "",
    hintUnitText(hint.unit, hint.estimate),
    compare ? t(`hint.compare.${compare}`, hintWords(hint.compare_params, phase)) : "",
  ];
  return parts.filter(Boolean).join(t("hint.separator"));
}

/**
 * What a decision told the table (an entry of the engine's `why` answer's
 * `tells`: a code with parameters), as a sentence about `actor`, the computer
 * player who decided: `why.tell.<code>`, its `_you` form where the other seat it
 * names is the player's; cards as notation (`cardCode`: whole left to right in
 * right-to-left text). The engine's English when the catalogue lacks the code.
 */
export function tellText({ code = "", params = {}, text = "" } = {}, actor) {
  if (!hasKey(`why.tell.${code}`)) return text;
  const values = { actor: seatName(actor) };
  for (const [name, value] of Object.entries(params ?? {})) {
    if (name === "seat") values.seat = seatName(value);
    else if (name === "card" || name === "beats") values[name] = cardCode(value);
    else if (name === "suit") values.suit = suitName(value);
    else if (name === "call" || name === "over") values[name] = callWord(value);
  }
  const you = params?.seat != null && isYou(params.seat) && hasKey(`why.tell.${code}_you`);
  return capitalise(t(you ? `why.tell.${code}_you` : `why.tell.${code}`, values));
}

/** What to tell the player about an engine error ({code, message, reason_code?}). */
export function errorText(error) {
  if (error?.reason_code) return capitalise(reasonText({ reason: error.message, ...error }));
  if (error?.code && hasKey(`error.${error.code}`)) return t(`error.${error.code}`);
  return error?.message ?? String(error);
}
