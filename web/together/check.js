// A LAN table's guest checks every message of the host before using it (issue 27,
// docs/play-together.md): the host's page is another person's, and what it sends is
// drawn on this page. A message is JSON of at most MAX_HOST_MESSAGE characters whose
// every field is what the host's engine sends: cards, suits, seats 0-3, phases and
// levels of the game's vocabulary (web/shared/vocabulary.js, given by the caller:
// Node runs this module too, tests/together_check.mjs), actions in the notation,
// lists no longer than a game makes them, numbers in range, and any other text
// short and free of markup characters. What fails is refused whole (the guest
// says the host misbehaved and changes nothing): nothing here repairs a message.
// The one place of these checks; the page escapes what it draws all the same.

/** A host's message is at most this long (a seat's view is a few kilobytes). */
export const MAX_HOST_MESSAGE = 64 * 1024;

// the sizes a game never exceeds, with room to spare
const MAX_TEXT = 400; // a reason's sentence
const MAX_WORD = 40; // a code, an action, a preset's name
const MAX_LIST = 64; // an auction, a hand's tricks...
const MAX_ACTIONS = 256; // a hand's actions
const MAX_CARDS = 13; // a hand, a trick
const MAX_NUMBER = 1_000_000;
const MAX_DEPTH = 8;
// text a host may send: no markup characters, no control characters
const SAFE_TEXT = /^[^<>&"`\\\u0000-\u001f\u007f-\u009f\u2028\u2029]*$/u;
const WORD = /^[A-Za-z0-9_-]*$/;
const KEY = /^[A-Za-z0-9_]{1,40}$/;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** A message that is not what the host's engine sends: `where` names the field. */
class Misbehaved extends Error {
  constructor(where) {
    super(`the host sent a bad ${where || "message"}`);
    this.where = where;
  }
}

const fail = (path) => {
  throw new Misbehaved(path);
};

// ---- the checks: each takes (value, path) and gives the value checked, or throws ---------

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function number(min, max, integer = true) {
  return (v, path) => (typeof v === "number" && Number.isFinite(v) && (!integer || Number.isInteger(v)) && v >= min && v <= max ? v : fail(path));
}

const bool = (v, path) => (typeof v === "boolean" ? v : fail(path));

function text(max = MAX_TEXT, pattern = SAFE_TEXT) {
  return (v, path) => (typeof v === "string" && v.length <= max && pattern.test(v) ? v : fail(path));
}

function oneOf(values) {
  const set = new Set(values);
  return (v, path) => (set.has(v) ? v : fail(path));
}

const nullable = (check) => (v, path) => (v === null ? null : check(v, path));

function list(check, max, min = 0) {
  return (v, path) => {
    if (!Array.isArray(v) || v.length > max || v.length < min) fail(path);
    return v.map((item, i) => check(item, `${path}[${i}]`));
  };
}

/** An object with `fields` (each required unless wrapped in `optional`); any other
 * field is checked by `rest` (the generic check by default), or refused (`rest` null). */
function object(fields, rest = anything) {
  return (v, path) => {
    if (!isObject(v)) fail(path);
    const out = {};
    for (const [key, check] of Object.entries(fields)) {
      if (!(key in v)) {
        if (check.optional) continue;
        fail(`${path}.${key}`);
      }
    }
    for (const key of Object.keys(v)) {
      const where = `${path}.${key}`;
      if (!KEY.test(key) || FORBIDDEN_KEYS.has(key)) fail(where);
      const check = Object.hasOwn(fields, key) ? fields[key] : rest;
      if (!check) fail(where);
      out[key] = check(v[key], where);
    }
    return out;
  };
}

function optional(check) {
  const wrapped = (v, path) => check(v, path);
  wrapped.optional = true;
  return wrapped;
}

/** A map whose keys pass `key` and values `value` (a state's `card_roles`). */
function mapOf(keyCheck, value, max) {
  return (v, path) => {
    if (!isObject(v) || Object.keys(v).length > max) fail(path);
    const out = {};
    for (const [key, item] of Object.entries(v)) {
      keyCheck(key, `${path}.${key}`);
      out[key] = value(item, `${path}.${key}`);
    }
    return out;
  };
}

/** Any value of a field this module does not name: short safe text, numbers in
 * range, booleans, null, and lists and objects of those, not too deep. */
function anything(v, path, depth = 0) {
  if (v === null || typeof v === "boolean") return v;
  if (typeof v === "number") return number(-MAX_NUMBER, MAX_NUMBER, false)(v, path);
  if (typeof v === "string") return text()(v, path);
  if (depth >= MAX_DEPTH) fail(path);
  if (Array.isArray(v)) {
    if (v.length > MAX_LIST) fail(path);
    return v.map((item, i) => anything(item, `${path}[${i}]`, depth + 1));
  }
  if (!isObject(v) || Object.keys(v).length > MAX_LIST) fail(path);
  const out = {};
  for (const [key, item] of Object.entries(v)) {
    if (!KEY.test(key) || FORBIDDEN_KEYS.has(key)) fail(`${path}.${key}`);
    out[key] = anything(item, `${path}.${key}`, depth + 1);
  }
  return out;
}

// ---- the messages' shapes, from the game's vocabulary -----------------------------------

function shapes(vocabulary) {
  const cards = vocabulary.cards;
  const card = oneOf(cards);
  const suit = oneOf(vocabulary.suits);
  const seat = oneOf(vocabulary.seats);
  const team = oneOf([0, 1]);
  const seats = list(seat, 4);
  const count = number(0, MAX_NUMBER);
  const score = number(-MAX_NUMBER, MAX_NUMBER);
  const word = text(MAX_WORD, WORD);
  const code = text(MAX_WORD, /^[a-z0-9_]*$/);
  // an action in the notation: its word, and an argument (a card, a suit, a bid)
  const words = new Set(vocabulary.action_kinds.map((k) => vocabulary.action_words[k] ?? k));
  const args = new Set([...cards, ...vocabulary.suits, ...vocabulary.named_bids]);
  const action = (v, path) => {
    if (typeof v !== "string" || v.length > MAX_WORD) fail(path);
    const [kind, arg, ...more] = v.split(" ");
    const argOk = arg === undefined || args.has(arg) || /^[1-9][0-9]?$/.test(arg);
    return words.has(kind) && argOk && !more.length ? v : fail(path);
  };
  // a bid's call: the engine's "3" or "little" (or the action, "bid 3")
  const call = (v, path) => (typeof v === "string" && WORD.test(v) ? word(v, path) : action(v, path));
  const roles = mapOf(card, oneOf(vocabulary.card_roles), cards.length);
  const play = object({ seat, card });
  const trick = object({ cards: list(play, MAX_CARDS), leader: seat, winner: optional(nullable(seat)) });
  const pair = list(score, 2, 2);
  const hand = object({
    number: count,
    dealer: seat,
    maker: nullable(seat),
    bid: optional(nullable(count)),
    bid_call: optional(nullable(call)),
    trump: nullable(suit),
    alone: bool,
    lone_defender: optional(nullable(seat)),
    sitting_out: optional(seats),
    forced: optional(bool),
    thrown_in: optional(bool),
    made: optional(nullable(bool)),
    auction: optional(list(object({ seat, call: action }), MAX_LIST)),
    tricks: list(trick, MAX_CARDS),
    tricks_won: list(count, 2, 2),
    points: pair,
    scores: pair,
    widow: optional(nullable(card)),
    discard: optional(nullable(card)),
  });
  const params = object({
    seat: optional(nullable(seat)),
    suit: optional(suit),
    trump: optional(nullable(suit)),
    card: optional(card),
    cards: optional(list(card, MAX_CARDS)),
    trump_cards: optional(list(card, MAX_CARDS)),
    call: optional(word),
  });
  const option = object({ action, legal: bool, reason: optional(text()), reason_code: optional(code), reason_params: optional(params) });
  const cardOption = object({
    card,
    action: nullable(action),
    legal: bool,
    reason: optional(text()),
    reason_code: optional(code),
    reason_params: optional(params),
  });
  const view = object({
    seat,
    phase: oneOf(vocabulary.phases),
    to_act: nullable(seat),
    dealer: seat,
    hand_number: count,
    scores: pair,
    winner: nullable(team),
    hand: list(card, MAX_CARDS),
    hand_sizes: list(number(0, MAX_CARDS), 4, 4),
    auction: list(object({ seat, call: action }), MAX_LIST),
    passed: seats,
    high_bid: nullable(call),
    high_bidder: nullable(seat),
    forced: bool,
    maker: nullable(seat),
    bid: nullable(count),
    bid_call: nullable(call),
    trump: nullable(suit),
    alone: bool,
    lone_defender: nullable(seat),
    sitting_out: seats,
    multiplier: nullable(count),
    trick: list(play, MAX_CARDS),
    tricks: list(trick, MAX_CARDS),
    tricks_won: list(count, 2, 2),
    legal_actions: list(action, MAX_LIST),
    hand_actions: list(object({ seat, action, phase: optional(oneOf(vocabulary.phases)) }), MAX_ACTIONS),
    last_hand: nullable(hand),
    rules: mapOf(text(MAX_WORD, /^[a-z0-9_]+$/), (v, path) => (typeof v === "string" ? word(v, path) : anything(v, path, MAX_DEPTH)), MAX_LIST),
    widow: optional(card),
    discard: optional(nullable(card)),
  });
  const state = object({
    seat: oneOf(vocabulary.seats.filter((s) => s !== 0)),
    // (a host of an older version may still name a former level, expert: a level is not shown)
    levels: list(oneOf([...vocabulary.levels, ...Object.keys(vocabulary.renamed_levels ?? {})]), 4, 4),
    view,
    to_act: nullable(seat),
    bot_to_move: bool,
    human_to_move: bool,
    options: list(option, MAX_LIST),
    cards: list(cardOption, MAX_CARDS),
    actions: count,
    preset: optional(nullable(word)),
    card_roles: roles,
    remote: optional(seats),
  });
  const event = object({
    action,
    seat: optional(seat),
    trick: optional(nullable(trick)),
    hand: optional(nullable(hand)),
    card_roles: optional(roles),
  });
  const refused = { code, params: optional(params), reason_code: optional(code) };
  return {
    view: object({ v: number(0, 99), type: oneOf(["view"]), state }, null),
    event: object({ v: number(0, 99), type: oneOf(["event"]), event }, null),
    refused: object({ v: number(0, 99), type: oneOf(["refused"]), ...refused }, null),
    // the host released this guest's seat (a new game without it), or took back a move
    notice: object({ v: number(0, 99), type: oneOf(["notice"]), code: oneOf(["released", "undone", "not_seated"]) }, null),
  };
}

const made = new WeakMap();

/**
 * A host's message (parsed JSON) checked for the guest of `seat` (null before the
 * first view: that view names it): `{ok: true, message}` (a checked copy) or
 * `{ok: false, code: "bad_host", params: {where}}`. Never throws.
 * @param {unknown} message
 * @param {object} vocabulary web/shared/vocabulary.js's words
 * @param {number|null} seat
 */
export function checkHostMessage(message, vocabulary, seat = null) {
  if (!made.has(vocabulary)) made.set(vocabulary, shapes(vocabulary));
  const shape = made.get(vocabulary);
  try {
    if (!isObject(message) || !Object.hasOwn(shape, message.type)) fail("type");
    const checked = shape[message.type](message, "message");
    if (checked.type === "view") {
      const s = checked.state;
      // this seat's view, and only this seat's (a guest never becomes another seat)
      if (s.view.seat !== s.seat) fail("message.state.view.seat");
      if (seat !== null && s.seat !== seat) fail("message.state.seat");
    }
    return { ok: true, message: checked };
  } catch (err) {
    if (!(err instanceof Misbehaved)) throw err;
    return { ok: false, code: "bad_host", params: { where: err.where } };
  }
}
