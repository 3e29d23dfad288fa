// The table on the local network: the protocol (issue 21, docs/play-together.md).
//
// The host's page (its engine worker) is the only authority. A guest holds one
// seat; it receives only that seat's view, made by the host's engine
// (`state` with the seat), stripped to what a seat may know: never the save
// (its seed would give every hand), never an event (a maker's discard is named
// in it). A guest sends requests; each one is checked here for its shape and
// its seat's turn, then goes to the engine's own `act`, which refuses an
// illegal action with its reason code, exactly as for the page's own requests.
//
// The invitations' codes (the WebRTC offer and answer): signal.js. Nothing here
// touches the DOM or the network: Node runs it (tests/together_check.mjs).
import { MAX_HOST_MESSAGE, checkHostMessage } from "./check.js";
import { GUEST_MESSAGES_PER_SECOND, RateLimit } from "./limits.js";

/** The protocol's version: a guest or host of another version is refused. */
export const PROTOCOL = 1;

/** A message of a guest is at most this long (an action is a few words). */
export const MAX_GUEST_MESSAGE = 512;

/** What a guest may ask: its seat's view again (after a reconnect), or an action. */
export const GUEST_TYPES = Object.freeze(["hello", "act"]);

/** The fields of a `state` answer a guest receives (never `save`). */
export const GUEST_FIELDS = Object.freeze([
  "seat",
  "levels",
  "view",
  "to_act",
  "bot_to_move",
  "human_to_move",
  "options",
  "cards",
  "actions",
  "preset",
  "card_roles",
  "remote",
]);

// ---- a guest's messages, checked by the host -----------------------------------------

/** A refusal for a guest: a stable code with parameters (the page words it). */
function refusal(code, params = {}) {
  return { ok: false, code, params };
}

/**
 * A guest's message text, read and checked: `{ok: true, request}` or a refusal
 * (`too_long`, `bad_json`, `bad_message`, `bad_version`). Never throws.
 * @param {unknown} text
 */
export function readGuestMessage(text) {
  if (typeof text !== "string") return refusal("bad_message");
  if (text.length > MAX_GUEST_MESSAGE) return refusal("too_long", { max: MAX_GUEST_MESSAGE });
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return refusal("bad_json");
  }
  if (!message || typeof message !== "object" || Array.isArray(message)) return refusal("bad_message");
  if (message.v !== PROTOCOL) return refusal("bad_version", { version: PROTOCOL });
  if (!GUEST_TYPES.includes(message.type)) return refusal("bad_message");
  if (message.type === "act") {
    if (typeof message.action !== "string" || !message.action || message.action.length > 40) return refusal("bad_message");
    return { ok: true, request: { type: "act", action: message.action } };
  }
  return { ok: true, request: { type: "hello" } };
}

/** A `state` answer of the engine made into what the guest of its seat receives. */
export function guestState(answer) {
  const out = {};
  for (const field of GUEST_FIELDS) if (field in answer) out[field] = answer[field];
  return out;
}

/** The fields of an event a guest receives (what the table tells of a move). */
export const EVENT_FIELDS = Object.freeze(["seat", "trick", "hand", "card_roles"]);

/** An event of the engine as a guest may know it: its action as every other
 * seat knows it (the engine's `public_action`: a discard without its card; the
 * maker knows its own), and the fields the table tells. */
export function guestEvent(event) {
  const out = { action: event.public_action };
  for (const field of EVENT_FIELDS) if (field in event) out[field] = event[field];
  return out;
}

/** Which game a state is of (its save's seed and secret deal): an undo keeps it,
 * a new game changes it. Never sent to a guest. */
function dealOf(game) {
  try {
    const save = JSON.parse(game.save);
    return `${save.seed} ${save.secret ?? ""}`;
  } catch {
    return null;
  }
}

function checkSeat(seat) {
  if (!Number.isInteger(seat) || seat < 1 || seat > 3) throw new RangeError(`a guest seat is 1 to 3, not ${seat}`);
}

/**
 * The host's side of the table: the guests' seats, their requests checked and
 * passed to the engine, each guest sent its own seat's view after every change.
 *
 * `engine.call(op, args)` is the page's engine client (web/engine/client.js: it
 * rejects with the engine's error, `code`, `reason_code`, `reason_params`);
 * `send(seat, text)` writes to that seat's data channel; `changed(answer)` is
 * told the engine's answer to a guest's action or a change of levels (the host's
 * table shows it); `person` is the engine's level of a seat played by a person.
 *
 * The channel's limits (issue 27): one request of a seat waits at a time (another
 * one that comes before it is under way is refused `busy`, unasked of the engine); a seat that sends more
 * than GUEST_MESSAGES_PER_SECOND messages in a second, or a message longer than
 * MAX_GUEST_MESSAGE, is cut off: it leaves the table (away, as if its connection
 * dropped) and `drop(seat, reason)` closes its channel (`reason`: `flood`, `too_long`).
 * `now` is the clock of the limits (for the tests).
 */
export class TableHost {
  constructor({ engine, send, person, changed = () => {}, drop = () => {}, now = () => Date.now() }) {
    this.engine = engine;
    this.drop = drop;
    this.now = now;
    /** @type {Set<number>} the seats with a request waiting in the queue, not yet under way */
    this.pending = new Set();
    /** @type {Map<number, RateLimit>} each seated guest's messages this second */
    this.limits = new Map();
    // the engine's level of a seat played by a person (VOCABULARY's, from the page)
    this.person = person;
    this.send = send;
    this.changed = changed;
    /** @type {Set<number>} the seats whose guest is connected now */
    this.guests = new Set();
    /** @type {Set<number>} the seats played by guests, connected or away (the engine's `remote`) */
    this.remote = new Set();
    // the number of actions of the game when the guests were last told an event
    this.toldActions = -1;
    // the deal of the game the guests were last sent (its save's seed and secret), and
    // its number of actions then
    this.deal = null;
    this.shownActions = -1;
    // one request at a time, in order: the engine answers in order too
    this.queue = Promise.resolve();
  }

  /** A guest holds `seat` (a new join, or a re-invited seat, taken back from a
   * computer player if one kept it): it gets its view. */
  seat(seat) {
    checkSeat(seat);
    this.pending.delete(seat);
    return this.enqueue(async () => {
      // the seat is the guest's once the engine has taken it, not before: a refused
      // guest (the deal was seen at this device, or with open hands) is never heard
      const away = this.remote.has(seat);
      this.remote.add(seat);
      try {
        await this.setLevel(seat, this.person);
      } catch (err) {
        if (!away) this.remote.delete(seat);
        // told why it was not seated (its connection is closed next, by the page)
        this.sendRaw(seat, { type: "notice", code: "not_seated" });
        throw err;
      }
      this.guests.add(seat);
      // a new guest's count starts afresh (its seat's last one may have been cut off)
      this.limits.set(seat, new RateLimit(GUEST_MESSAGES_PER_SECOND, this.now));
      await this.sendView(seat);
    });
  }

  /** The host chose to let a computer player of `level` take an away seat. */
  giveToBot(seat, level) {
    checkSeat(seat);
    this.guests.delete(seat);
    this.remote.delete(seat);
    return this.enqueue(() => this.setLevel(seat, level));
  }

  /** The engine's levels with `seat` at `level`, and the seats played by guests
   * (seated or away) as its `remote` seats: its answers to this page then carry
   * only the host's own view, and only a guest's message decides for its seat. */
  async setLevel(seat, level) {
    const now = await this.engine.call("state");
    const levels = now.levels.map((lv, s) => (s === seat ? level : lv));
    // the engine's guests, this one seat changed: never another seat's guest dropped
    // or added because this page's list went out of step (another tab, a restore)
    const engineRemote = new Set(now.remote ?? []);
    if (this.remote.has(seat)) engineRemote.add(seat);
    else engineRemote.delete(seat);
    const remote = [...engineRemote].sort();
    if (levels[seat] === now.levels[seat] && JSON.stringify(now.remote ?? []) === JSON.stringify(remote)) return;
    const answer = await this.engine.call("set_levels", { levels, remote });
    for (const other of remote) this.remote.add(other);
    this.follow(answer);
    this.changed({ state: answer });
  }

  /** A guest's seat is away (dropped): it stays the guest's (the game waits at its
   * turn) until it is invited again or given to a computer player. */
  leave(seat) {
    this.guests.delete(seat);
    this.pending.delete(seat);
  }

  /** A message from the guest of `seat` (its data channel's text): over the
   * limits, the seat is cut off; while its last request waits, refused. */
  receive(seat, text) {
    if (!this.guests.has(seat)) return Promise.resolve();
    const limit = this.limits.get(seat);
    if (limit && !limit.take()) return this.cutOff(seat, "flood");
    if (typeof text === "string" && text.length > MAX_GUEST_MESSAGE) return this.cutOff(seat, "too_long");
    if (this.pending.has(seat)) {
      this.sendRaw(seat, { type: "refused", code: "busy", params: {} });
      return Promise.resolve();
    }
    this.pending.add(seat);
    return this.enqueue(() => {
      // under way: the guest's next request may wait behind it (the maker names trump,
      // then discards while the others are still being sent their views)
      this.pending.delete(seat);
      return this.handle(seat, text);
    });
  }

  /** A guest over the limits: away at once (nothing more of it is heard), its
   * channel closed by the page. */
  cutOff(seat, reason) {
    this.leave(seat);
    this.drop(seat, reason);
    return Promise.resolve();
  }

  /** The engine's guests' seats (a state's `remote`) are the table's: a seat the
   * engine no longer lists (its game began without it) is released, its guest told
   * (`notice` `released`) and its channel closed (`drop(seat, "released")`). */
  follow(game) {
    const remote = new Set(game?.remote ?? []);
    for (const seat of [...this.remote].sort()) {
      if (remote.has(seat)) continue;
      if (this.guests.has(seat)) this.sendRaw(seat, { type: "notice", code: "released" });
      this.guests.delete(seat);
      this.remote.delete(seat);
      this.pending.delete(seat);
      this.drop(seat, "released");
    }
  }

  /** Every guest's view again (after a move of the host or a computer player);
   * with `event` (the engine's event of that move) and the game's number of
   * `actions` after it, each guest is told of the move first. With `game` (the
   * state the table keeps): the guests the engine no longer lists are released
   * first (`follow`), and when the same game went back (the host undid) each
   * guest is told so (`notice` `undone`). */
  broadcast(event = null, actions = null, game = null) {
    return this.enqueue(async () => {
      if (game) this.follow(game);
      const deal = game ? dealOf(game) : null;
      // the same game with fewer actions than the guests were last shown: the host undid
      const undone = deal !== null && deal === this.deal && actions !== null && actions < this.shownActions;
      if (deal !== null) this.deal = deal;
      if (actions !== null) this.shownActions = actions;
      if (undone) for (const seat of [...this.guests].sort()) this.sendRaw(seat, { type: "notice", code: "undone" });
      // the game went back (the host undid, or a new game began): what comes next is new
      if (actions !== null && actions < this.toldActions) this.toldActions = actions;
      // an event is told once (a guest's own move was told as it was taken)
      const tell = event && actions !== null && actions > this.toldActions;
      if (tell) this.toldActions = actions;
      for (const seat of [...this.guests].sort()) {
        if (tell) this.sendRaw(seat, { type: "event", event: guestEvent(event) });
        await this.sendView(seat);
      }
    });
  }

  enqueue(task) {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => {});
    return next;
  }

  sendRaw(seat, message) {
    this.send(seat, JSON.stringify({ v: PROTOCOL, ...message }));
  }

  async sendView(seat) {
    if (!this.guests.has(seat)) return;
    const answer = await this.guestView(seat);
    if (answer) this.sendRaw(seat, { type: "view", state: guestState(answer) });
  }

  /** The engine's state for the guest of `seat`, or null when the engine no longer
   * lists the seat as a guest's (it is released then): the engine gives a view
   * with `guest` only for a guest's seat, so this page never holds another's. */
  async guestView(seat) {
    try {
      return await this.engine.call("state", { seat, guest: true });
    } catch (err) {
      if (err?.code !== "not_a_guest") throw err;
      this.follow(await this.engine.call("state"));
      return null;
    }
  }

  async handle(seat, text) {
    if (!this.guests.has(seat)) return;
    const read = readGuestMessage(text);
    if (!read.ok) {
      this.sendRaw(seat, { type: "refused", code: read.code, params: read.params });
      return;
    }
    if (read.request.type === "hello") {
      await this.sendView(seat);
      return;
    }
    // the seat's own turn only: the engine's `act` is for whoever is to act
    const now = await this.guestView(seat);
    if (!now) return;
    if (now.to_act !== seat) {
      this.sendRaw(seat, { type: "refused", code: "not_your_turn", params: { seat: now.to_act } });
      return;
    }
    let answer;
    try {
      // the engine decides for a remote seat only when its seat is named
      answer = await this.engine.call("act", { action: read.request.action, seat });
    } catch (err) {
      this.sendRaw(seat, {
        type: "refused",
        code: err?.code ?? "bad_request",
        params: err?.reason_params ?? {},
        reason_code: err?.reason_code ?? "",
      });
      return;
    }
    this.toldActions = Math.max(this.toldActions, answer.state?.actions ?? -1);
    this.changed(answer);
    for (const other of [...this.guests].sort()) {
      this.sendRaw(other, { type: "event", event: guestEvent(answer.event) });
      await this.sendView(other);
    }
  }
}

/**
 * A host's message text, read by the guest of `seat` (null before its first view):
 * `{ok: true, message}` (checked field by field against the game's `vocabulary`,
 * web/together/check.js) or a refusal (`too_long`, `bad_json`, `bad_version`,
 * `bad_host` with the field that is wrong). Only `view` (the seat's state),
 * `event` (what a move did) and `refused` (code, params) are known. Never throws.
 */
export function readHostMessage(text, vocabulary, seat = null) {
  if (typeof text !== "string") return refusal("bad_message");
  if (text.length > MAX_HOST_MESSAGE) return refusal("too_long", { max: MAX_HOST_MESSAGE });
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return refusal("bad_json");
  }
  if (!message || typeof message !== "object" || message.v !== PROTOCOL) return refusal("bad_version");
  return checkHostMessage(message, vocabulary, seat);
}
