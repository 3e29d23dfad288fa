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
// Invitations: the WebRTC offer and answer as a compact code (`encodeSignal`):
// the ICE username and password, the 32-byte DTLS fingerprint, the DTLS role
// and the candidates (host: IPv4 or Chromium's mDNS `.local` name; with the
// player's opt-in STUN/TURN servers also server-reflexive and relay ones, IPv4
// or IPv6), packed in bytes and written in base64url; `signalToSdp` writes the SDP of a data
// channel back from it. Nothing here touches the DOM or the network: Node runs
// it (tests/together_check.mjs).

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

// ---- invitations: the SDP of a data channel as a short code --------------------------

const ROLES = ["actpass", "active", "passive"];
const KIND = { offer: 0, answer: 1 };
const ICE_CHARS = /^[A-Za-z0-9+/]{1,255}$/;
const MDNS = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** The candidates a code carries at most. */
export const MAX_CANDIDATES = 8;
// a candidate's type: host (the LAN), and with STUN/TURN servers (the opt-in)
// srflx (this device's public address, from STUN) and relay (a TURN server's)
const CANDIDATE_TYPES = ["host", "srflx", "relay"];
// the ICE type preference of each (RFC 8445 5.1.2.2), for the rebuilt SDP's priorities
const TYPE_PREFERENCE = { host: 126, srflx: 100, relay: 0 };

/** An IPv6 address's 16 bytes, or null when `text` is not one (no zone, no IPv4 tail). */
function ipv6Bytes(text) {
  if (typeof text !== "string" || !/^[0-9a-fA-F:]{2,39}$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 255]);
}

/** 16 bytes as an IPv6 address (the groups in lower case, the longest run of zeros as "::"). */
function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  let best = [-1, 0];
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === "0") j++;
    if (j - i > best[1] && j - i > 1) best = [i, j - i];
    i = j > i ? j : i + 1;
  }
  if (best[0] < 0) return groups.join(":");
  return `${groups.slice(0, best[0]).join(":")}::${groups.slice(best[0] + best[1]).join(":")}`;
}

/** Whether a candidate's address is one a code carries: IPv4 or mDNS for a host, IPv4 or IPv6 for the others. */
function carriedAddress(type, address) {
  const ip = IPV4.exec(address);
  if (ip) return ip.slice(1).every((n) => Number(n) <= 255);
  return type === "host" ? MDNS.test(address) : ipv6Bytes(address) !== null;
}

/** Candidates of each type in turn (host, srflx, relay, host, ...), so that a
 * long list cut to MAX_CANDIDATES keeps some of every type. */
function interleaved(candidates) {
  const byType = CANDIDATE_TYPES.map((type) => candidates.filter((c) => (c.type ?? "host") === type));
  const out = [];
  for (let i = 0; byType.some((list) => i < list.length); i++) for (const list of byType) if (i < list.length) out.push(list[i]);
  return out;
}

/**
 * What a data channel's SDP needs: `{type, ufrag, pwd, fingerprint (32 bytes as
 * "AB:CD:..."), setup, candidates: [{address, port, type?}]}`. The UDP
 * candidates of component 1 are kept: host ones with an IPv4 address or an mDNS
 * name (a LAN needs no other), and the server-reflexive and relay ones (`type`
 * "srflx", "relay") that the player's STUN/TURN servers give, IPv4 or IPv6; at
 * most MAX_CANDIDATES, taking each type in turn.
 * @param {"offer"|"answer"} type
 * @param {string} sdp
 */
export function sdpToSignal(type, sdp) {
  const lines = sdp.split(/\r?\n/);
  const value = (prefix) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length).trim();
  const fingerprint = value("a=fingerprint:sha-256 ");
  const signal = {
    type,
    ufrag: value("a=ice-ufrag:"),
    pwd: value("a=ice-pwd:"),
    fingerprint,
    setup: value("a=setup:"),
    candidates: [],
  };
  const found = [];
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    const f = line.slice("a=candidate:".length).split(" ");
    // foundation component protocol priority address port "typ" type ...
    if (f[1] !== "1" || f[2]?.toLowerCase() !== "udp" || f[6] !== "typ" || !CANDIDATE_TYPES.includes(f[7])) continue;
    if (!carriedAddress(f[7], f[4])) continue;
    const candidate = { address: f[7] === "host" ? f[4] : f[4].toLowerCase(), port: Number(f[5]) };
    if (f[7] !== "host") candidate.type = f[7];
    if (found.some((c) => c.address === candidate.address && c.port === candidate.port)) continue;
    found.push(candidate);
  }
  signal.candidates = interleaved(found).slice(0, MAX_CANDIDATES);
  checkSignal(signal);
  return signal;
}

/** The shortest ICE username and password (RFC 8839 5.4: 4 and 22 characters). */
export const MIN_UFRAG = 4;
export const MIN_PWD = 22;

/** A code refused for what it holds: `reason` is a stable code the page words
 * (`loopback`, `unspecified`, `broadcast`, `multicast`, `public`, `servers`,
 * `credentials`); the message is for developers. */
export class CodeRefused extends SyntaxError {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}

/**
 * What kind of address a candidate's is: `mdns` (a `.local` name), `private`
 * (10/8, 172.16/12, 192.168/16), `link_local` (169.254/16, fe80::/10), `loopback`
 * (127/8, ::1), `unspecified` (0/8, `::`), `broadcast` (255.255.255.255), `multicast`
 * (224/4, ff00::/8) or `public` (any other, IPv6 included). An IPv4-mapped IPv6
 * address (::ffff:a.b.c.d) is of its IPv4 address's kind.
 * @param {string} address
 */
export function addressKind(address) {
  if (MDNS.test(address)) return "mdns";
  const ip = IPV4.exec(address);
  if (ip) {
    const [a, b] = ip.slice(1).map(Number);
    if (address === "255.255.255.255") return "broadcast";
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
    if (a === 169 && b === 254) return "link_local";
    if (a === 127) return "loopback";
    if (a === 0) return "unspecified";
    if (a >= 224 && a <= 239) return "multicast";
    return "public";
  }
  const bytes = ipv6Bytes(address);
  if (bytes?.every((x) => x === 0)) return "unspecified";
  if (bytes && bytes.slice(0, 15).every((x) => x === 0) && bytes[15] === 1) return "loopback";
  // an IPv4 address inside an IPv6 one (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d,
  // NAT64 64:ff9b::a.b.c.d): the IPv4 address's kind
  const mapped = bytes && bytes.slice(0, 10).every((x) => x === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  const compatible = bytes && bytes.slice(0, 12).every((x) => x === 0);
  const nat64 = bytes && bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && bytes.slice(4, 12).every((x) => x === 0);
  if (mapped || compatible || nat64) return addressKind(bytes.slice(12).join("."));
  if (bytes?.[0] === 0xfe && (bytes[1] & 0xc0) === 0x80) return "link_local";
  // unique local (fc00::/7) and the old site-local (fec0::/10): a local network's
  if (bytes && ((bytes[0] & 0xfe) === 0xfc || (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0xc0))) return "private";
  if (bytes?.[0] === 0xff) return "multicast";
  return "public";
}

/** The address kinds of a device on the local network (a host candidate's). */
const LAN_KINDS = new Set(["mdns", "private"]);
/** The address kinds no candidate may have: not one device's address. */
const NEVER_KINDS = new Set(["unspecified", "broadcast", "multicast"]);
/** The address kinds of this device itself or of its own cable (loopback, link-local):
 * refused in every candidate type, unless a test on one machine turns them on. */
const LOCAL_KINDS = new Set(["loopback", "link_local"]);

/** For tests only: `localCandidates` lets loopback and link-local candidates through
 * (browser tests whose STUN server is on the same machine: set here, or before the
 * page's modules load by the test's init script, `__HASENPFEFFER_TEST_LOCAL_CANDIDATES__`).
 * Off in the game. */
export const testSwitches = { localCandidates: globalThis.__HASENPFEFFER_TEST_LOCAL_CANDIDATES__ === true };

/**
 * Throws a CodeRefused unless every candidate of another device's code is one
 * this device may connect to: a host candidate on the local network (private or
 * an mDNS name); a server-reflexive or relay candidate only when this device's player
 * turned internet play on (`servers`), and never an unspecified, broadcast,
 * multicast, loopback or link-local address (the last two: `testSwitches`).
 */
export function checkCandidates(signal, { servers = false } = {}) {
  for (const { address, type = "host" } of signal.candidates) {
    const kind = addressKind(address);
    if (NEVER_KINDS.has(kind)) throw new CodeRefused(kind, `a candidate's address ${address} is ${kind}`);
    const local = LOCAL_KINDS.has(kind);
    if (local && !testSwitches.localCandidates) throw new CodeRefused(kind, `a candidate's address ${address} is ${kind}`);
    if (type === "host") {
      if (!LAN_KINDS.has(kind) && !local) throw new CodeRefused(kind, `a host candidate's address ${address} is not on a local network (${kind})`);
    } else if (!servers) throw new CodeRefused("servers", `a ${type} candidate, and internet play is off here`);
  }
}

/** Throws a SyntaxError naming what is wrong with a signal. */
function checkSignal(s) {
  if (!(s.type in KIND)) throw new SyntaxError("the code is neither an invitation nor a reply");
  if (!s.ufrag || !ICE_CHARS.test(s.ufrag) || !s.pwd || !ICE_CHARS.test(s.pwd)) throw new SyntaxError("no ICE username or password");
  if (s.ufrag.length < MIN_UFRAG || s.pwd.length < MIN_PWD) {
    throw new CodeRefused("credentials", `an ICE username of ${s.ufrag.length} characters and password of ${s.pwd.length} (at least ${MIN_UFRAG} and ${MIN_PWD})`);
  }
  if (!s.fingerprint || !/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/i.test(s.fingerprint)) throw new SyntaxError("no SHA-256 fingerprint");
  if (!ROLES.includes(s.setup)) throw new SyntaxError("no DTLS role");
  if (s.candidates.length > MAX_CANDIDATES) throw new SyntaxError("too many candidates");
  for (const c of s.candidates) {
    if (!Number.isInteger(c.port) || c.port < 1 || c.port > 65535) throw new SyntaxError("bad candidate port");
    const type = c.type ?? "host";
    if (c.type === "host" || !CANDIDATE_TYPES.includes(type)) throw new SyntaxError("bad candidate type");
    if (!carriedAddress(type, c.address)) throw new SyntaxError("bad candidate address");
  }
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function toBase64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [18, 12, 6, 0].map((s) => B64[(n >> s) & 63]);
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join("");
  }
  return out;
}

function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new SyntaxError("not a code of this game");
  const bytes = [];
  for (let i = 0; i < text.length; i += 4) {
    const chunk = text.slice(i, i + 4);
    let n = 0;
    for (let j = 0; j < 4; j++) n = (n << 6) | (j < chunk.length ? B64.indexOf(chunk[j]) : 0);
    // 4 characters are 3 bytes; a last chunk of 2 or 3 characters, 1 or 2
    bytes.push(...[(n >> 16) & 255, (n >> 8) & 255, n & 255].slice(0, chunk.length - 1));
  }
  return Uint8Array.from(bytes);
}

function asciiBytes(text) {
  return [text.length, ...[...text].map((c) => c.charCodeAt(0))];
}

/**
 * A signal as its code: about 110 characters with one host candidate. Each
 * candidate is one byte (bits 0-1 its address's form: 0 IPv4, 1 mDNS name,
 * 2 IPv6; bits 2-3 its type: 0 host, 1 srflx, 2 relay), the address (4, 16 or
 * 16 bytes) and the port (2 bytes): a host candidate's bytes are those of the
 * codes before servers could be used.
 */
export function encodeSignal(signal) {
  checkSignal(signal);
  const bytes = [(PROTOCOL << 4) | (KIND[signal.type] << 2) | ROLES.indexOf(signal.setup)];
  bytes.push(...asciiBytes(signal.ufrag), ...asciiBytes(signal.pwd));
  bytes.push(...signal.fingerprint.split(":").map((h) => parseInt(h, 16)));
  bytes.push(signal.candidates.length);
  for (const { address, port, type = "host" } of signal.candidates) {
    const kind = CANDIDATE_TYPES.indexOf(type) << 2;
    const ip = IPV4.exec(address);
    if (ip) bytes.push(kind, ...ip.slice(1).map(Number));
    else if (type === "host") bytes.push(kind | 1, ...MDNS.exec(address).slice(1).join("").match(/../g).map((h) => parseInt(h, 16)));
    else bytes.push(kind | 2, ...ipv6Bytes(address));
    bytes.push(port >> 8, port & 255);
  }
  return toBase64url(bytes);
}

/**
 * A code back into its signal; a SyntaxError says what is wrong with it (a
 * CodeRefused, with its `reason`, when it is well made but names what this device
 * must not connect to). `servers`: whether this device's player allows the
 * candidates of STUN/TURN servers (internet play on); without them only the
 * local network's are taken.
 */
export function decodeSignal(code, { servers = false } = {}) {
  if (typeof code !== "string" || code.length > 400) throw new SyntaxError("not a code of this game");
  const b = fromBase64url(code.trim());
  let at = 0;
  const take = (n) => {
    if (at + n > b.length) throw new SyntaxError("the code is cut short");
    const out = b.slice(at, at + n);
    at += n;
    return out;
  };
  const [head] = take(1);
  if (head >> 4 !== PROTOCOL) throw new SyntaxError("a code of another version");
  const type = Object.keys(KIND).find((k) => KIND[k] === ((head >> 2) & 3));
  const setup = ROLES[head & 3];
  const text = () => String.fromCharCode(...take(take(1)[0]));
  const ufrag = text();
  const pwd = text();
  const fingerprint = [...take(32)].map((x) => x.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const candidates = [];
  const count = take(1)[0];
  for (let i = 0; i < count; i++) {
    const [kind] = take(1);
    const candidateType = CANDIDATE_TYPES[(kind >> 2) & 3];
    const form = kind & 3;
    // an mDNS name is a host's only, an IPv6 address a server's only
    if (kind >> 4 || !candidateType || form === 3 || ((form === 1) !== (candidateType === "host") && form !== 0)) {
      throw new SyntaxError("bad candidate address");
    }
    let address;
    if (form === 0) address = [...take(4)].join(".");
    else if (form === 1) {
      const hex = [...take(16)].map((x) => x.toString(16).padStart(2, "0")).join("");
      address = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
    } else address = ipv6Text(take(16));
    const [hi, lo] = take(2);
    const candidate = { address, port: (hi << 8) | lo };
    if (candidateType !== "host") candidate.type = candidateType;
    candidates.push(candidate);
  }
  if (at !== b.length) throw new SyntaxError("not a code of this game");
  const signal = { type, ufrag, pwd, fingerprint, setup, candidates };
  checkSignal(signal);
  checkCandidates(signal, { servers });
  return signal;
}

/** The SDP of a data channel from a signal (what setRemoteDescription takes). */
export function signalToSdp(signal) {
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...signal.candidates.map(({ address, port, type = "host" }, i) => {
      // priority: type preference, then the code's order; a server's candidate names no base address
      const priority = TYPE_PREFERENCE[type] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
      const base = type === "host" ? "" : ` raddr ${address.includes(":") ? "::" : "0.0.0.0"} rport 0`;
      return `a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${type}${base} generation 0`;
    }),
    `a=ice-ufrag:${signal.ufrag}`,
    `a=ice-pwd:${signal.pwd}`,
    "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${signal.fingerprint}`,
    `a=setup:${signal.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  return { type: signal.type, sdp: lines.join("\r\n") + "\r\n" };
}

/** The link of an invitation or reply: the code in the fragment (no server sees it). */
export function signalLink(base, signal) {
  const key = signal.type === "offer" ? "join" : "reply";
  return `${base.split("#")[0]}#${key}=${encodeSignal(signal)}`;
}

// ---- the opt-in servers for play beyond the local network: web/together/servers.js ----

export { MAX_ICE_SERVERS, iceServersFrom, serverHosts } from "./servers.js";
