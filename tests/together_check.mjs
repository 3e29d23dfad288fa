// The LAN table's protocol (web/together/protocol.js), its codes (signal.js) and QR codes (qr.js,
// against tests/qr_reference.json, made by an independent encoder) under Node's test runner:
//   node --test tests/together_check.mjs
// The host runs against a fake engine that deals four hidden hands and answers
// `state` with one seat's view (and, like the real one, a `save` and events that
// would reveal every hand). Every message a guest receives is checked against
// that seat's view: no card of another hand, no save.
// A guest's checks of the host's messages (web/together/check.js) run against the
// real engine's states and events (tests/guest_samples.py, run with $PYTHON or
// .venv/bin/python) made hostile field by field.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { MAX_HOST_MESSAGE } from "../web/together/check.js";
import { GUEST_MESSAGES_PER_SECOND } from "../web/together/limits.js";
import {
  MAX_GUEST_MESSAGE,
  PROTOCOL,
  TableHost,
  guestEvent,
  guestState,
  readGuestMessage,
  readHostMessage,
} from "../web/together/protocol.js";
import { MAX_ICE_SERVERS, iceServersFrom, serverHosts } from "../web/together/servers.js";
import {
  CodeRefused,
  MAX_CANDIDATES,
  MIN_PWD,
  MIN_UFRAG,
  addressKind,
  decodeSignal,
  encodeSignal,
  sdpToSignal,
  signalLink,
  signalToSdp,
  testSwitches,
} from "../web/together/signal.js";
import { MAX_QR_BYTES, formatInfo, qrCode, qrSvg, rsDivisor, rsRemainder, versionInfo } from "../web/together/qr.js";
import { replyIn } from "../web/together/scan.js";

const DEAL = {
  0: ["9C", "TC", "JC", "QC", "KC"],
  1: ["9D", "TD", "JD", "QD", "KD"],
  2: ["9H", "TH", "JH", "QH", "KH"],
  3: ["9S", "TS", "JS", "QS", "KS"],
};
const CARD = /\b(?:[9TJQKA][CDHS]|JK)\b/g;

/** A fake engine: four hands, seats act in turn, `play X` legal for a card in hand. */
function fakeEngine() {
  const hands = structuredClone(DEAL);
  const trick = [];
  const calls = [];
  let toAct = 1;
  let levels = ["human", "human", "human", "human"];
  let remote = [];
  const state = (seat) => ({
    seat,
    levels: [...levels],
    remote: [...remote],
    view: { hand: [...hands[seat]], trick: trick.map((t) => ({ ...t })), hand_sizes: [0, 1, 2, 3].map((s) => hands[s].length) },
    to_act: toAct,
    bot_to_move: false,
    human_to_move: true,
    options: seat === toAct ? hands[seat].map((c) => ({ action: `play ${c}`, legal: true })) : [],
    cards: hands[seat].map((card) => ({ card, legal: seat === toAct })),
    actions: trick.length,
    card_roles: {},
    // what a guest must never get: the whole deal
    save: JSON.stringify({ seed: 42, hands }),
  });
  return {
    hands,
    trick,
    calls,
    // seats the engine refuses a guest at (set_levels answers deal_seen)
    refused: new Set(),
    async call(op, args = {}) {
      calls.push([op, args]);
      if (op === "state" && args.guest && !remote.includes(args.seat)) {
        throw Object.assign(new Error("not a guest's seat"), { code: "not_a_guest" });
      }
      if (op === "state") return state(args.seat ?? 0);
      if (op === "set_levels" && (args.remote ?? []).some((seat) => this.refused.has(seat))) {
        // the engine's refusal of a guest (its seat's cards seen at the host's device)
        const seat = args.remote.find((s) => this.refused.has(s));
        throw Object.assign(new Error("seen"), { code: "deal_seen", reason_code: "deal_seen", reason_params: { seat } });
      }
      if (op === "set_levels") {
        levels = [...args.levels];
        remote = [...(args.remote ?? remote)];
        return state(0);
      }
      if (op === "act") {
        const card = args.action.split(" ")[1];
        if (!args.action.startsWith("play ") || !hands[toAct].includes(card)) {
          const err = new Error(`${card} is not in your hand`);
          Object.assign(err, { code: "illegal_action", reason_code: "not_in_hand", reason_params: { card } });
          throw err;
        }
        hands[toAct].splice(hands[toAct].indexOf(card), 1);
        trick.push({ seat: toAct, card });
        const event = { seat: toAct, action: args.action, public_action: args.action, secret: `discard ${hands[0][0]}` };
        toAct = (toAct + 1) % 4;
        return { event, state: state(0) };
      }
      throw new Error(`unexpected op ${op}`);
    },
  };
}

/** A host with a fake engine; every message sent checked against its seat's view.
 * Its limits' clock moves a second on with each message `say` sends (`clock.t`). */
function table() {
  const engine = fakeEngine();
  const clock = { t: 0 };
  const dropped = [];
  const sent = { 1: [], 2: [], 3: [] };
  const said = { 1: new Set(), 2: new Set(), 3: new Set() }; // cards a guest named itself
  const changed = [];
  const host = new TableHost({
    engine,
    person: "human",
    send(seat, text) {
      assert.equal(typeof text, "string");
      const message = JSON.parse(text);
      assert.equal(message.v, PROTOCOL);
      assert.ok(!text.includes('"save"'), `a save sent to seat ${seat}`);
      // the cards this seat may know: its own hand as dealt, and every card played
      const known = new Set([...DEAL[seat], ...engine.trick.map((t) => t.card), ...said[seat]]);
      for (const card of text.match(CARD) ?? []) {
        assert.ok(known.has(card), `seat ${seat} was sent ${card}, not in its view: ${text}`);
      }
      if (message.type === "view") {
        // exactly the engine's view of that seat
        assert.equal(message.state.seat, seat);
        assert.deepEqual(message.state.view.hand, engine.hands[seat]);
      }
      sent[seat].push(message);
    },
    changed: (answer) => changed.push(answer),
    drop: (seat, reason) => dropped.push([seat, reason]),
    now: () => clock.t,
  });
  const say = (seat, message) => {
    const text = typeof message === "string" ? message : JSON.stringify({ v: PROTOCOL, ...message });
    for (const card of text.match(CARD) ?? []) said[seat].add(card);
    clock.t += 1000;
    return host.receive(seat, text);
  };
  return { engine, host, sent, say, changed, clock, dropped };
}

test("a guest that joins gets its own seat's view, and nothing of the others'", async () => {
  const { host, sent, engine } = table();
  await host.seat(2);
  assert.equal(sent[2].length, 1);
  assert.equal(sent[2][0].type, "view");
  assert.deepEqual(sent[2][0].state.view.hand, DEAL[2]);
  assert.ok(!("save" in sent[2][0].state));
  assert.deepEqual(sent[1], []);
  // its level was already a person's: the engine is told only that the seat is
  // played from another device (its answers to the host then carry South's view)
  const changes = engine.calls.filter(([op]) => op !== "state");
  assert.deepEqual(changes, [["set_levels", { levels: ["human", "human", "human", "human"], remote: [2] }]]);
  assert.ok(engine.calls.filter(([op]) => op === "state").every(([, args]) => args.seat === 2 || args.seat === undefined));
});

test("a seat the engine no longer lists as a guest's gets no view: its guest is told and dropped", async () => {
  const { host, sent, engine, dropped } = table();
  await host.seat(1);
  await host.seat(3);
  // the engine's game no longer has West's guest (a game begun without it)
  await engine.call("set_levels", { levels: ["human", "medium", "human", "human"], remote: [3] });
  const before = { 1: sent[1].length, 3: sent[3].length };
  await host.broadcast(null, 0, await engine.call("state"));
  assert.deepEqual(sent[1].slice(before[1]), [{ v: PROTOCOL, type: "notice", code: "released" }]);
  assert.deepEqual(dropped, [[1, "released"]]);
  assert.equal(sent[3].at(-1).type, "view");
  // nothing more for West, whatever comes
  await host.broadcast();
  assert.equal(sent[1].length, before[1] + 1);
  assert.ok(!host.remote.has(1) && !host.guests.has(1));
  // a view asked without the table's state (a guest's own move) is checked the same way
  await engine.call("set_levels", { levels: ["human", "medium", "human", "medium"], remote: [] });
  await host.broadcast();
  assert.deepEqual(sent[3].at(-1), { v: PROTOCOL, type: "notice", code: "released" });
  assert.deepEqual(dropped, [[1, "released"], [3, "released"]]);
  // the guest's page takes the notice, and no other
  assert.ok(readHostMessage(JSON.stringify({ v: PROTOCOL, type: "notice", code: "released" }), SAMPLES.vocabulary).ok);
  assert.ok(readHostMessage(JSON.stringify({ v: PROTOCOL, type: "notice", code: "undone" }), SAMPLES.vocabulary).ok);
  assert.equal(readHostMessage(JSON.stringify({ v: PROTOCOL, type: "notice", code: "<b>" }), SAMPLES.vocabulary).ok, false);
});

test("a guest the engine refuses is told so, never heard, and its seat stays as it was", async () => {
  const { host, sent, say, engine } = table();
  engine.refused.add(2);
  await assert.rejects(host.seat(2), (err) => err.code === "deal_seen");
  assert.deepEqual(sent[2], [{ v: PROTOCOL, type: "notice", code: "not_seated" }]);
  assert.ok(!host.guests.has(2) && !host.remote.has(2));
  // its messages reach nothing: no act for North, no view, no refusal with a reason
  const calls = engine.calls.length;
  await say(2, { type: "act", action: "play 9H" });
  await say(2, { type: "hello" });
  assert.equal(engine.calls.length, calls);
  assert.equal(sent[2].length, 1);
  // the guest's page takes the notice
  assert.ok(readHostMessage(JSON.stringify({ v: PROTOCOL, type: "notice", code: "not_seated" }), SAMPLES.vocabulary).ok);
  // another seat is seated as before, and its view is asked for as a guest's
  await host.seat(3);
  assert.equal(sent[3].at(-1).type, "view");
  assert.ok(engine.calls.some(([op, args]) => op === "state" && args.seat === 3 && args.guest === true));
});

test("a seat changed by the table never drops another seat's guest the page did not list", async () => {
  const { host, engine } = table();
  // the engine has a guest at North that this page's list does not hold (another tab
  // seated it): seating West keeps North's, and the page's list becomes the engine's
  await engine.call("set_levels", { levels: ["human", "human", "human", "human"], remote: [2] });
  await host.seat(1);
  const last = engine.calls.filter(([op]) => op === "set_levels").at(-1);
  assert.deepEqual(last[1].remote, [1, 2]);
  assert.ok(host.remote.has(2));
  // giving West to a computer player keeps North's guest too
  await host.giveToBot(1, "medium");
  assert.deepEqual(engine.calls.filter(([op]) => op === "set_levels").at(-1)[1].remote, [2]);
});

test("the guests are told when the host takes a move back, not when a new game begins", async () => {
  const { host, sent } = table();
  await host.seat(2);
  const game = (seed) => ({ remote: [2], save: JSON.stringify({ seed }) });
  await host.broadcast(null, 6, game(1));
  await host.broadcast(null, 4, game(1)); // the same game, two actions fewer: undone
  assert.equal(sent[2].filter((m) => m.type === "notice" && m.code === "undone").length, 1);
  await host.broadcast(null, 0, game(2)); // another deal: a new game, not an undo
  assert.equal(sent[2].filter((m) => m.type === "notice").length, 1);
});

test("a guest's action goes to the engine's act, and every guest gets its new view", async () => {
  const { host, sent, say, engine, changed } = table();
  await host.seat(1);
  await host.seat(3);
  await say(1, { type: "act", action: "play 9D" });
  // the engine acts for the guest's own seat, named
  assert.ok(engine.calls.some(([op, args]) => op === "act" && args.action === "play 9D" && args.seat === 1));
  assert.equal(changed.filter((answer) => answer.event).length, 1, "the host's table is told the move");
  for (const seat of [1, 3]) {
    // told the move, then its new view
    const [event, last] = sent[seat].slice(-2);
    assert.equal(event.type, "event");
    assert.deepEqual({ seat: event.event.seat, action: event.event.action }, { seat: 1, action: "play 9D" });
    assert.equal(last.type, "view");
    assert.deepEqual(last.state.view.trick, [{ seat: 1, card: "9D" }]);
  }
  // only the event's known fields reach a guest (the fake's hidden discard never)
  assert.ok(!JSON.stringify(sent).includes("secret"));
  // the host's table keeps the answer; its broadcast of the same move tells nobody twice
  const before = sent[3].filter((m) => m.type === "event").length;
  await host.broadcast(changed.at(-1).event, changed.at(-1).state.actions);
  assert.equal(sent[3].filter((m) => m.type === "event").length, before);
  assert.equal(sent[3].at(-1).type, "view");
});

test("a guest is told a move as every other seat knows it: a discard without its card", () => {
  const event = { seat: 1, action: "discard 9C", public_action: "discard", trick: null, hand: null, card_roles: {}, extra: "x" };
  assert.deepEqual(guestEvent(event), { seat: 1, action: "discard", trick: null, hand: null, card_roles: {} });
  assert.equal(guestEvent({ seat: 2, action: "play JK", public_action: "play JK" }).action, "play JK");
  // a guest reads an event message, and nothing it does not know
  assert.ok(readHostMessage(JSON.stringify({ v: PROTOCOL, type: "event", event: { seat: 1, action: "pass" } }), SAMPLES.vocabulary).ok);
  assert.equal(readHostMessage(JSON.stringify({ v: PROTOCOL, type: "event", event: {} }), SAMPLES.vocabulary).ok, false);
});

test("a guest out of turn is refused before the engine is asked to act", async () => {
  const { host, sent, say, engine } = table();
  await host.seat(2);
  await say(2, { type: "act", action: "play 9H" });
  assert.deepEqual(sent[2].at(-1), { v: PROTOCOL, type: "refused", code: "not_your_turn", params: { seat: 1 } });
  assert.ok(!engine.calls.some(([op]) => op === "act"));
  assert.deepEqual(engine.hands[2], DEAL[2]);
});

test("an illegal action is refused by the engine with its reason code, to that guest only", async () => {
  const { host, sent, say } = table();
  await host.seat(1);
  await host.seat(2);
  const before2 = sent[2].length;
  // West names a card of North's hand: the engine refuses; nothing is revealed
  await say(1, { type: "act", action: "play 9H" });
  const refused = sent[1].at(-1);
  assert.equal(refused.type, "refused");
  assert.equal(refused.code, "illegal_action");
  assert.equal(refused.reason_code, "not_in_hand");
  assert.equal(sent[2].length, before2, "the other guest hears nothing");
});

test("malformed messages are refused with a code and change nothing", async () => {
  const { host, sent, say, engine } = table();
  await host.seat(1);
  const cases = [
    ["{not json", "bad_json"],
    ["[1,2]", "bad_message"],
    [JSON.stringify({ v: 99, type: "act", action: "play 9D" }), "bad_version"],
    [JSON.stringify({ v: PROTOCOL, type: "deal" }), "bad_message"],
    [JSON.stringify({ v: PROTOCOL, type: "act", action: 7 }), "bad_message"],
    [JSON.stringify({ v: PROTOCOL, type: "act", action: "play 9D".repeat(10) }), "bad_message"],
  ];
  for (const [text, code] of cases) {
    await say(1, text);
    assert.equal(sent[1].at(-1).type, "refused", text);
    assert.equal(sent[1].at(-1).code, code, text);
  }
  assert.ok(!engine.calls.some(([op]) => op === "act"));
  assert.equal(readGuestMessage(42).code, "bad_message");
});

test("a seat that left hears nothing; re-invited, its view is restored exactly", async () => {
  const { host, sent, say, engine } = table();
  await host.seat(1);
  await host.seat(2);
  await say(1, { type: "act", action: "play 9D" });
  host.leave(2);
  const heard = sent[2].length;
  await say(2, { type: "act", action: "play 9H" });
  await host.broadcast();
  assert.equal(sent[2].length, heard, "a seat away gets nothing and is not heard");
  await host.seat(2);
  const restored = sent[2].at(-1);
  assert.deepEqual(restored.state, guestState(await engine.call("state", { seat: 2 })));
  // it can play on from there
  await say(2, { type: "act", action: "play 9H" });
  assert.deepEqual(engine.trick.at(-1), { seat: 2, card: "9H" });
  assert.throws(() => host.seat(0), RangeError);
});

test("a guest reads only the host's view and refusal messages", () => {
  const read = (message) => readHostMessage(JSON.stringify({ v: PROTOCOL, ...message }), SAMPLES.vocabulary);
  assert.equal(read({ type: "view", state: {} }).ok, false);
  assert.equal(read({ type: "refused", code: "x" }).ok, true);
  assert.equal(read({ type: "refused", code: "busy", params: {} }).ok, true);
  assert.equal(read({ type: "game", save: "…" }).ok, false);
  assert.equal(readHostMessage("nope", SAMPLES.vocabulary).ok, false);
});

// Chromium 156's offer for a data channel (shape as recorded; values made up)
const OFFER = [
  "v=0",
  "o=- 4611731400430051336 2 IN IP4 127.0.0.1",
  "s=-",
  "t=0 0",
  "a=group:BUNDLE 0",
  "a=extmap-allow-mixed",
  "a=msid-semantic: WMS",
  "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
  "c=IN IP4 0.0.0.0",
  "a=candidate:2922175525 1 udp 2113937151 6c2b4a3e-7d1f-4b2a-9c3d-0e1f2a3b4c5d.local 51234 typ host generation 0 network-cost 999",
  "a=candidate:1467250027 1 udp 2113939711 192.168.1.20 51235 typ host generation 0 network-cost 999",
  "a=candidate:842163049 1 udp 1677729535 203.0.113.9 51236 typ srflx raddr 0.0.0.0 rport 0 generation 0",
  "a=candidate:2922175526 1 tcp 1518157055 192.168.1.20 9 typ host tcptype active generation 0",
  "a=ice-ufrag:Ab3+",
  "a=ice-pwd:q1w2e3r4t5y6u7i8o9p0a1s2",
  "a=ice-options:trickle",
  "a=fingerprint:sha-256 1A:2B:3C:4D:5E:6F:70:81:92:A3:B4:C5:D6:E7:F8:09:1A:2B:3C:4D:5E:6F:70:81:92:A3:B4:C5:D6:E7:F8:09",
  "a=setup:actpass",
  "a=mid:0",
  "a=sctp-port:5000",
  "a=max-message-size:262144",
  "",
].join("\r\n");

// an offer on a LAN (no STUN/TURN servers): host candidates only
const LAN_OFFER = OFFER.replace(/a=candidate:\S+ 1 udp \S+ \S+ \S+ typ srflx.*\r\n/, "");

test("an offer becomes a short code and back; its SDP is rebuilt", () => {
  const signal = sdpToSignal("offer", LAN_OFFER);
  // UDP host candidates only: the mDNS name and the LAN address
  assert.deepEqual(signal.candidates, [
    { address: "6c2b4a3e-7d1f-4b2a-9c3d-0e1f2a3b4c5d.local", port: 51234 },
    { address: "192.168.1.20", port: 51235 },
  ]);
  const code = encodeSignal(signal);
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.ok(code.length <= 140, `${code.length} characters`);
  assert.ok(code.length < OFFER.length / 4);
  assert.deepEqual(decodeSignal(code), signal);
  const rebuilt = signalToSdp(signal);
  assert.equal(rebuilt.type, "offer");
  assert.deepEqual(sdpToSignal("offer", rebuilt.sdp), signal);
  // a reply on a LAN can leave out its candidates: shorter still
  const reply = { ...signal, type: "answer", setup: "active", candidates: [] };
  const replyCode = encodeSignal(reply);
  assert.ok(replyCode.length <= 90, `${replyCode.length} characters`);
  assert.deepEqual(decodeSignal(replyCode), reply);
  // the link carries it in its fragment, which no server sees
  const link = signalLink("https://example.org/index.html?lang=it#old", signal);
  assert.equal(link, `https://example.org/index.html?lang=it#join=${code}`);
  assert.ok(signalLink("https://x/", reply).endsWith(`#reply=${replyCode}`));
});

test("with the player's STUN/TURN servers, the code carries their candidates too", () => {
  // what Chromium gathers with a STUN and a TURN server: the host's mDNS name, its
  // public address (srflx, IPv4 and IPv6) and the TURN server's relay addresses
  const candidates = [
    "a=candidate:1 1 udp 2113937151 6c2b4a3e-7d1f-4b2a-9c3d-0e1f2a3b4c5d.local 51234 typ host generation 0 network-cost 999",
    "a=candidate:2 1 udp 1677729535 203.0.113.9 51236 typ srflx raddr 0.0.0.0 rport 0 generation 0 network-cost 999",
    "a=candidate:3 1 udp 1677729279 2001:DB8:0:0:0:0:0:9 51237 typ srflx raddr :: rport 0 generation 0",
    "a=candidate:4 1 udp 33562623 198.51.100.7 49152 typ relay raddr 0.0.0.0 rport 0 generation 0",
    "a=candidate:5 1 udp 33562367 2001:db8:1::7 49153 typ relay raddr :: rport 0 generation 0",
    "a=candidate:6 1 tcp 1518157055 198.51.100.8 9 typ host tcptype active generation 0",
    "a=candidate:7 2 udp 1677729534 203.0.113.9 51238 typ srflx raddr 0.0.0.0 rport 0 generation 0",
    "a=candidate:8 1 udp 1677729535 203.0.113.9 51236 typ srflx raddr 0.0.0.0 rport 0 generation 0",
  ];
  const sdp = LAN_OFFER.replace(/(a=candidate:.*\r\n)+/, `${candidates.join("\r\n")}\r\n`);
  const signal = sdpToSignal("offer", sdp);
  // each type in turn; TCP, component 2 and a repeated address left out
  assert.deepEqual(signal.candidates, [
    { address: "6c2b4a3e-7d1f-4b2a-9c3d-0e1f2a3b4c5d.local", port: 51234 },
    { address: "203.0.113.9", port: 51236, type: "srflx" },
    { address: "198.51.100.7", port: 49152, type: "relay" },
    { address: "2001:db8:0:0:0:0:0:9", port: 51237, type: "srflx" },
    { address: "2001:db8:1::7", port: 49153, type: "relay" },
  ]);
  const code = encodeSignal(signal);
  assert.ok(code.length <= 240, `${code.length} characters`);
  const back = decodeSignal(code, { servers: true });
  // the IPv6 addresses come back in their short form, the same addresses
  assert.equal(back.candidates[3].address, "2001:db8::9");
  assert.deepEqual(back, { ...signal, candidates: signal.candidates.map((c, i) => (i === 3 ? { ...c, address: "2001:db8::9" } : c)) });
  assert.deepEqual(decodeSignal(encodeSignal(back), { servers: true }), back);
  // the rebuilt SDP gives each its type, a priority by type and no base address
  const rebuilt = signalToSdp(back).sdp;
  assert.match(rebuilt, /a=candidate:2 1 udp 1694\d+ 203\.0\.113\.9 51236 typ srflx raddr 0\.0\.0\.0 rport 0 generation 0\r\n/);
  assert.match(rebuilt, /a=candidate:5 1 udp \d{5,8} 2001:db8:1::7 49153 typ relay raddr :: rport 0 generation 0\r\n/);
  const priorities = [...rebuilt.matchAll(/a=candidate:\d+ 1 udp (\d+) /g)].map((m) => Number(m[1]));
  assert.ok(priorities[0] > priorities[1] && priorities[1] > priorities[2] && priorities[3] > priorities[4]);
  assert.deepEqual(sdpToSignal("offer", rebuilt), back);
  // a host-only code is byte for byte what it was before servers were possible
  const lan = sdpToSignal("offer", LAN_OFFER);
  assert.equal(encodeSignal(lan), "EARBYjMrGHExdzJlM3I0dDV5NnU3aThvOXAwYTFzMhorPE1eb3CBkqO0xdbn-AkaKzxNXm9wgZKjtMXW5_gJAgFsK0o-fR9LKpw9Dh8qO0xdyCIAwKgBFMgj");
  // at most MAX_CANDIDATES, each type in turn: the relay candidates are not all cut off
  const many = Array.from({ length: 6 }, (_, i) => [
    `a=candidate:h${i} 1 udp 2113937151 192.168.1.${i + 1} 5000 typ host generation 0`,
    `a=candidate:s${i} 1 udp 1677729535 203.0.113.${i + 1} 5000 typ srflx raddr 0.0.0.0 rport 0 generation 0`,
    `a=candidate:r${i} 1 udp 33562623 198.51.100.${i + 1} 5000 typ relay raddr 0.0.0.0 rport 0 generation 0`,
  ]).flat();
  const cut = sdpToSignal("offer", LAN_OFFER.replace(/(a=candidate:.*\r\n)+/, `${many.join("\r\n")}\r\n`));
  assert.equal(cut.candidates.length, MAX_CANDIDATES);
  assert.deepEqual(
    cut.candidates.map((c) => c.type ?? "host"),
    ["host", "srflx", "relay", "host", "srflx", "relay", "host", "srflx"],
  );
  assert.ok(encodeSignal(cut).length <= 400);
  // an mDNS name is a host's only, an IPv6 address a server's only
  assert.throws(() => encodeSignal({ ...lan, candidates: [{ address: "2001:db8::1", port: 1 }] }), /address/);
  assert.throws(() => encodeSignal({ ...lan, candidates: [{ ...lan.candidates[0], type: "relay" }] }), /address/);
  assert.throws(() => encodeSignal({ ...lan, candidates: [{ ...lan.candidates[1], type: "prflx" }] }), /type/);
  assert.throws(() => encodeSignal({ ...lan, candidates: [{ address: "2001:db8::1::2", port: 1, type: "srflx" }] }), /address/);
});

test("a damaged or foreign code is refused with a reason", () => {
  const code = encodeSignal(sdpToSignal("offer", OFFER));
  for (const bad of [code.slice(0, 40), `${code}AA`, "", "!!!!", "A".repeat(500), 7]) {
    assert.throws(() => decodeSignal(bad), SyntaxError, String(bad).slice(0, 20));
  }
  // another version's code
  const other = `${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[(2 << 4) >> 2]}${code.slice(1)}`;
  assert.throws(() => decodeSignal(other), SyntaxError);
  assert.throws(() => sdpToSignal("offer", OFFER.replace(/a=fingerprint.*\r\n/, "")), /fingerprint/);
  assert.throws(() => sdpToSignal("offer", OFFER.replace("a=setup:actpass", "a=setup:sideways")), /role/);
});

test("a scanned QR code is taken only if it holds a reply (link or bare code)", () => {
  const offer = sdpToSignal("offer", OFFER);
  const invitation = encodeSignal(offer);
  const answer = { ...offer, type: "answer", setup: "active", candidates: [] };
  const reply = encodeSignal(answer);
  // the link a guest's page shows (and its QR code holds)
  assert.equal(replyIn(signalLink("http://192.168.1.20:8000/index.html", answer)), reply);
  assert.equal(replyIn(`https://example.org/game/index.html?lang=ar#reply=${reply}`), reply);
  assert.equal(replyIn(`  ${reply}\n`), reply);
  // the host's own invitation, as a link or a bare code: not a reply
  assert.equal(replyIn(`https://example.org/index.html#join=${invitation}`), null);
  assert.equal(replyIn(invitation), null);
  // other codes: a web address, a word, a damaged reply, a reply with more after it
  for (const other of ["https://example.org/", "Hasenpfeffer", reply.slice(0, 30), `${reply}#x`, "", "#reply="]) {
    assert.equal(replyIn(other), null, other);
  }
});

test("a computer player takes an away seat at the host's choice, and gives it back", async () => {
  const { host, sent, say, engine, changed } = table();
  await host.seat(1);
  await host.seat(2);
  const told = changed.length;
  await host.giveToBot(1, "hard");
  assert.deepEqual(engine.calls.filter(([op]) => op === "set_levels").at(-1)[1], { levels: ["human", "hard", "human", "human"], remote: [2] });
  assert.equal(changed.length, told + 1, "the host's table is told of the new levels");
  // the seat's guest is not heard any more, and hears nothing
  const heard = sent[1].length;
  await say(1, { type: "act", action: "play 9D" });
  await host.broadcast();
  assert.equal(sent[1].length, heard);
  assert.ok(!engine.calls.some(([op]) => op === "act"));
  // re-invited: a person's seat again, its view restored
  await host.seat(1);
  assert.deepEqual(engine.calls.filter(([op]) => op === "set_levels").at(-1)[1].levels, ["human", "human", "human", "human"]);
  assert.deepEqual(sent[1].at(-1).state.view.hand, DEAL[1]);
  assert.throws(() => host.giveToBot(5, "hard"), RangeError);
});

test("STUN and TURN servers are only what the player wrote, checked line by line", () => {
  assert.deepEqual(iceServersFrom(""), []);
  assert.deepEqual(iceServersFrom(undefined), []);
  assert.deepEqual(iceServersFrom(" stun:stun.example.org:3478 \n\nturns:[2001:db8::1]:5349 ann pw"), [
    { urls: "stun:stun.example.org:3478" },
    { urls: "turns:[2001:db8::1]:5349", username: "ann", credential: "pw" },
  ]);
  const bad = [
    "https://stun.example.org",
    "stun:stun.example.org:70000",
    "stun:stun.example.org user pw",
    "turn:turn.example.org",
    "turn:turn.example.org user",
    "stun:exa mple.org",
    "stun:a.org\n".repeat(MAX_ICE_SERVERS + 1),
  ];
  for (const text of bad) assert.throws(() => iceServersFrom(text), SyntaxError, text);
  // the refusal names the line and what is wrong, for the page's words
  const refusal = (text) => {
    try {
      iceServersFrom(text);
    } catch (err) {
      return { code: err.code, params: err.params };
    }
    return null;
  };
  assert.deepEqual(refusal("stun:a.org\n\n  turn:b.org:3478 ann"), { code: "turn_needs_user", params: { line: 2, text: "turn:b.org:3478 ann" } });
  assert.deepEqual(refusal("stun:a.org\nhttp://b.org"), { code: "not_a_server", params: { line: 2, text: "http://b.org" } });
  assert.deepEqual(refusal("stun:a.org\n".repeat(MAX_ICE_SERVERS + 1)), { code: "too_many_servers", params: { max: MAX_ICE_SERVERS } });
  // the host names the privacy note names: each once, bad lines left out
  assert.deepEqual(serverHosts("stun:STUN.example.org:3478\nturn:turn.example.org user pw\nnonsense\nstun:stun.example.org"), [
    "stun.example.org",
    "turn.example.org",
  ]);
  assert.deepEqual(serverHosts(""), []);
});

// ---- the QR codes (web/together/qr.js) -----------------------------------------------

test("Reed-Solomon, format and version bits are the standard's", () => {
  // ISO/IEC 18004 annex I's example (1-M "01234567"): 10 EC codewords of its 16 data codewords
  const data = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17];
  assert.deepEqual(rsRemainder(data, rsDivisor(10)), [165, 36, 212, 193, 237, 54, 199, 135, 44, 85]);
  // level L: the format bits of masks 0 and 7 (ISO/IEC 18004 table C.1)
  assert.equal(formatInfo(0).toString(2).padStart(15, "0"), "111011111000100");
  assert.equal(formatInfo(7).toString(2).padStart(15, "0"), "110100101110110");
  // version 7's and 10's version bits (table D.1)
  assert.equal(versionInfo(7).toString(2).padStart(18, "0"), "000111110010010100");
  assert.equal(versionInfo(10).toString(2).padStart(18, "0"), "001010010011010011");
});

test("each QR code is the reference encoder's, module for module", () => {
  const cases = JSON.parse(readFileSync(new URL("./qr_reference.json", import.meta.url), "utf8"));
  assert.ok(cases.length >= 8);
  for (const { text, mask, version, rows } of cases) {
    const code = qrCode(text, { mask });
    assert.equal(code.version, version, text);
    assert.equal(code.size, rows.length);
    const ours = code.modules.map((row) => row.map((m) => (m ? "1" : "0")).join(""));
    assert.deepEqual(ours, rows, `${text.slice(0, 30)}… (version ${version}, mask ${mask})`);
  }
});

test("a QR code chooses its mask and draws as SVG; too long a text is refused", () => {
  const link = `https://example.org/index.html#join=${"A".repeat(136)}`;
  const code = qrCode(link);
  assert.equal(code.version, 8, "an invitation link is a version 8 code");
  assert.ok(code.mask >= 0 && code.mask < 8);
  const svg = qrSvg(code, 'Invitation "for" North');
  assert.match(svg, /^<svg [^>]*viewBox="0 0 57 57"[^>]*role="img"[^>]*aria-label="Invitation &#34;for&#34; North"/);
  assert.ok(!svg.includes("style"), "no inline style (the page's CSP)");
  const squares = (svg.match(/h1v1h-1z/g) ?? []).length;
  assert.equal(squares, code.modules.flat().filter(Boolean).length);
  assert.throws(() => qrCode("x".repeat(MAX_QR_BYTES + 1)), RangeError);
  assert.equal(qrCode("x".repeat(MAX_QR_BYTES)).version, 10);
});

// ---- a guest checks the host's messages (web/together/check.js) --------------------------

/** The real engine's states and events (tests/guest_samples.py). */
const SAMPLES = JSON.parse(
  execFileSync(process.env.PYTHON ?? ".venv/bin/python", ["tests/guest_samples.py"], { encoding: "utf8", maxBuffer: 1 << 24 }),
);

/** What a host sends its guests of the real engine's answers: a view of each state, an event of each. */
function hostMessages() {
  return [
    ...SAMPLES.states.map((answer) => ({ v: PROTOCOL, type: "view", state: guestState(answer) })),
    ...SAMPLES.events.map((event) => ({ v: PROTOCOL, type: "event", event: guestEvent(event) })),
    { v: PROTOCOL, type: "refused", code: "illegal_action", params: { card: "9C" }, reason_code: "not_in_hand" },
  ];
}

/** Every leaf of a message (its path as a list of keys), and every list. */
function leaves(value, path = [], out = { leaves: [], lists: [] }) {
  if (Array.isArray(value)) {
    out.lists.push(path);
    value.forEach((item, i) => leaves(item, [...path, i], out));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) leaves(item, [...path, key], out);
  } else out.leaves.push([path, value]);
  return out;
}

/** A copy of `message` with the value at `path` replaced by `value`. */
function withValue(message, path, value) {
  const copy = structuredClone(message);
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path.at(-1)] = value;
  return copy;
}

const MARKUP = '<meta http-equiv="refresh" content="0;url=https://evil.example/">';
const readAs = (message, seat = null) => readHostMessage(JSON.stringify(message), SAMPLES.vocabulary, seat);

test("a guest takes the real engine's views and events as the host sends them", () => {
  const messages = hostMessages();
  assert.ok(messages.some((m) => m.state?.view.last_hand) && messages.some((m) => m.event?.hand), "a finished hand among the samples");
  assert.ok(messages.some((m) => m.state?.levels.some((level) => level !== "human")), "a computer player among the samples");
  for (const message of messages) {
    const read = readAs(message, message.state?.seat ?? null);
    assert.ok(read.ok, `${JSON.stringify(read.params)} in ${JSON.stringify(message).slice(0, 200)}`);
    // the checked copy is the message itself, field for field
    assert.deepEqual(read.message, message);
  }
});

test("a host's markup, unknown cards, seats and numbers out of range are refused, field by field", () => {
  let tried = 0;
  // the fields of the game's vocabulary (a card, a suit, a phase, a level, an action, a role)
  const WORDS = /^(phase|trump|suit|action|call|card|widow|discard)$/;
  const WORD_LISTS = /^(levels|hand|cards|trump_cards|legal_actions|card_roles)$/;
  const SEATS = /^(seat|leader|winner|dealer|maker|high_bidder|lone_defender|to_act)$/;
  const SEAT_LISTS = /^(passed|sitting_out|remote)$/;
  for (const message of hostMessages()) {
    const { leaves: all } = leaves(message);
    for (const [path, value] of all) {
      const where = `${message.type} ${path.join(".")}`;
      if (path[0] === "v" || path[0] === "type") continue;
      const key = String(path.at(-1));
      // a list's item (or a card's role): its list's name
      const parent = typeof path.at(-1) === "number" || path.at(-2) === "card_roles" ? String(path.at(-2)) : "";
      // markup in place of any value, and values no field of the engine's holds
      const bad = [MARKUP, { html: MARKUP }, [MARKUP]];
      if (typeof value === "string") bad.push(`${value}"><b>x</b>`, "x".repeat(5000));
      if (typeof value === "number") bad.push(1e9, -1e9);
      if (typeof value === "string" && !path.includes("reason_params") && (WORDS.test(key) || WORD_LISTS.test(parent))) {
        bad.push("ZZ", "JX");
        if (value.includes(" ")) bad.push(`${value.split(" ")[0]} ZZ`, `${value} 3`);
      }
      if (typeof value === "number" && (SEATS.test(key) || SEAT_LISTS.test(parent))) bad.push(4, -1, 1.5);
      for (const replaced of bad) {
        const read = readAs(withValue(message, path, replaced));
        tried += 1;
        assert.equal(read.ok, false, `${where} = ${JSON.stringify(replaced).slice(0, 40)} was taken`);
        assert.equal(read.code, "bad_host");
        assert.equal(typeof read.params.where, "string");
      }
    }
    // a field the engine never sends, with markup in its name or its value
    const top = message.type === "view" ? ["state"] : message.type === "event" ? ["event"] : [];
    for (const [key, value] of [["note", MARKUP], ["<img src=x>", 1], ["__proto__", {}], ["extra", [[[[[[[[[["deep"]]]]]]]]]]]]) {
      const copy = structuredClone(message);
      const at = top.length ? copy[top[0]] : copy;
      Object.defineProperty(at, key, { value, enumerable: true, writable: true, configurable: true });
      assert.equal(readAs(copy).ok, false, `${message.type} with ${key}`);
    }
  }
  assert.ok(tried > 2000, `${tried} hostile messages`);
});

test("a host's huge lists and messages are refused, and a view of another seat", () => {
  for (const message of hostMessages()) {
    for (const path of leaves(message).lists) {
      const list = path.reduce((at, key) => at[key], message);
      const huge = Array.from({ length: 5000 }, () => structuredClone(list[0] ?? null));
      assert.equal(readAs(withValue(message, path, huge)).ok, false, `${message.type} ${path.join(".")} of 5000`);
    }
  }
  const [view] = hostMessages();
  const long = JSON.stringify({ ...view, padding: "x".repeat(MAX_HOST_MESSAGE) });
  assert.deepEqual(readHostMessage(long, SAMPLES.vocabulary), { ok: false, code: "too_long", params: { max: MAX_HOST_MESSAGE } });
  // a guest is one seat: the first view names it, another seat's view is refused after it
  const seat = view.state.seat;
  assert.ok(readAs(view, seat).ok);
  const other = structuredClone(view);
  other.state.seat = other.state.view.seat = seat === 3 ? 2 : 3;
  assert.equal(readAs(other, seat).ok, false);
  // South's (the host's own) view is never a guest's, and a view's seat is its state's
  const south = structuredClone(view);
  south.state.seat = south.state.view.seat = 0;
  assert.equal(readAs(south).ok, false);
  assert.equal(readAs(withValue(view, ["state", "view", "seat"], seat === 3 ? 2 : 3)).ok, false);
});

// ---- the channel's limits (TableHost) ------------------------------------------------------

test("a flood from a guest is cut off: its seat is freed, the engine asked nothing more", async () => {
  const { host, sent, engine, dropped } = table();
  await host.seat(1);
  await host.seat(2);
  const text = JSON.stringify({ v: PROTOCOL, type: "hello" });
  const before = engine.calls.length;
  // all within one second (the clock does not move)
  const answers = Array.from({ length: 50 }, () => host.receive(1, text));
  await Promise.all(answers);
  assert.deepEqual(dropped, [[1, "flood"]]);
  assert.ok(!host.guests.has(1) && host.remote.has(1), "seat 1 away (the game waits for it), not a guest any more");
  // one request at a time was asked of the engine: the others refused `busy`, then none heard
  const asked = engine.calls.slice(before).filter(([op, args]) => op === "state" && args.seat === 1).length;
  assert.ok(asked <= 1, `${asked} engine calls for the flood`);
  assert.ok(sent[1].filter((m) => m.code === "busy").length <= GUEST_MESSAGES_PER_SECOND);
  const heard = sent[1].length;
  await host.receive(1, text);
  assert.equal(sent[1].length, heard, "a seat cut off is not heard");
  // the other guest plays on
  await host.receive(2, text);
  assert.equal(sent[2].at(-1).type, "view");
  // invited again, the seat starts afresh
  await host.seat(1);
  await host.receive(1, text);
  assert.equal(sent[1].at(-1).type, "view");
});

test("one request of a seat waits at a time; too long a message cuts the guest off", async () => {
  const { host, sent, engine, dropped, clock } = table();
  await host.seat(1);
  const act = JSON.stringify({ v: PROTOCOL, type: "act", action: "play 9D" });
  const first = host.receive(1, act);
  clock.t += 1000;
  const second = host.receive(1, act);
  await Promise.all([first, second]);
  assert.equal(engine.calls.filter(([op]) => op === "act").length, 1);
  assert.ok(sent[1].some((m) => m.type === "refused" && m.code === "busy"));
  assert.deepEqual(engine.trick, [{ seat: 1, card: "9D" }]);
  clock.t += 1000;
  await host.receive(1, "x".repeat(MAX_GUEST_MESSAGE + 1));
  assert.deepEqual(dropped, [[1, "too_long"]]);
  assert.ok(!host.guests.has(1));
});

test("after the host undoes, the guests are told every move again", async () => {
  const { host, sent } = table();
  await host.seat(1);
  const told = () => sent[1].filter((m) => m.type === "event").length;
  await host.broadcast({ seat: 0, action: "pass", public_action: "pass" }, 5);
  assert.equal(told(), 1);
  // the same state kept again (a guest's own move, told as it was taken): not told twice
  await host.broadcast({ seat: 0, action: "pass", public_action: "pass" }, 5);
  assert.equal(told(), 1);
  // the host undid: the game is back at 3 actions, and its next moves are new
  await host.broadcast(null, 3);
  await host.broadcast({ seat: 0, action: "bid 3", public_action: "bid 3" }, 4);
  await host.broadcast({ seat: 2, action: "trump H", public_action: "trump H" }, 5);
  assert.equal(told(), 3);
  assert.deepEqual(sent[1].filter((m) => m.type === "event").at(-1).event.action, "trump H");
});

// ---- invitation and reply codes: the addresses and credentials taken ------------------------

test("a code is refused, with its reason, unless its addresses are on a local network", () => {
  const reply = { ...sdpToSignal("offer", LAN_OFFER), type: "answer", setup: "active" };
  const withCandidate = (candidate) => encodeSignal({ ...reply, candidates: [candidate] });
  const refused = (code, servers = false) => {
    try {
      decodeSignal(code, { servers });
    } catch (err) {
      assert.ok(err instanceof CodeRefused, err.message);
      return err.reason;
    }
    return null;
  };
  const cases = [
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.251", "multicast"],
    ["239.255.255.250", "multicast"],
    ["8.8.8.8", "public"],
    ["172.15.0.1", "public"],
    ["172.32.0.1", "public"],
    ["100.64.0.1", "public"],
    ["192.169.0.1", "public"],
  ];
  for (const [address, reason] of cases) {
    assert.equal(addressKind(address), reason, address);
    assert.equal(refused(withCandidate({ address, port: 5000 })), reason, address);
    // internet play on or off, a host candidate is the local network's
    assert.equal(refused(withCandidate({ address, port: 5000 }), true), reason, address);
  }
  for (const address of ["10.0.0.5", "10.255.255.254", "172.16.0.1", "172.31.255.254", "192.168.1.20", "6c2b4a3e-7d1f-4b2a-9c3d-0e1f2a3b4c5d.local"]) {
    assert.equal(refused(withCandidate({ address, port: 5000 })), null, address);
  }
  // a server's candidates only with internet play on (the servers this device allowed)
  for (const candidate of [
    { address: "203.0.113.9", port: 5000, type: "srflx" },
    { address: "198.51.100.7", port: 5000, type: "relay" },
    { address: "2001:db8::9", port: 5000, type: "srflx" },
  ]) {
    assert.equal(refused(withCandidate(candidate)), "servers", candidate.address);
    assert.equal(refused(withCandidate(candidate), true), null, candidate.address);
  }
  // ... and never an address of no one device
  assert.equal(refused(withCandidate({ address: "255.255.255.255", port: 5000, type: "srflx" }), true), "broadcast");
  assert.equal(refused(withCandidate({ address: "ff02::1", port: 5000, type: "relay" }), true), "multicast");
  assert.equal(refused(withCandidate({ address: "::", port: 5000, type: "relay" }), true), "unspecified");
  // ... nor this device's own loopback or an address of its own cable, in any type (issue 47)
  const local = [
    ["127.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["fe80::1", "link_local"],
    ["febf::1", "link_local"],
    ["::ffff:a9fe:304", "link_local"],
    ["169.254.3.4", "link_local"],
    // an IPv4 address inside an IPv6 one in every form: compatible, NAT64
    ["::7f00:1", "loopback"],
    ["64:ff9b::7f00:1", "loopback"],
    ["::a9fe:304", "link_local"],
  ];
  for (const [address, reason] of local) {
    assert.equal(addressKind(address), reason, address);
    for (const type of ["srflx", "relay"]) {
      assert.equal(refused(withCandidate({ address, port: 5000, type }), true), reason, `${type} ${address}`);
    }
    if (!address.includes(":")) assert.equal(refused(withCandidate({ address, port: 5000 }), true), reason, address);
  }
  // a local network's IPv6 addresses (unique local, the old site-local)
  assert.equal(addressKind("fec0::1"), "private");
  assert.equal(addressKind("fd12:3456::1"), "private");
  assert.equal(addressKind("fc00::1"), "private");
  assert.equal(addressKind("::ffff:a00:5"), "private");
  assert.equal(addressKind("64:ff9b::a00:5"), "private");
  assert.equal(addressKind("2001:db8::9"), "public");
  // the tests' own switch (a STUN server on this machine) lets them through, and only it
  testSwitches.localCandidates = true;
  try {
    assert.equal(refused(withCandidate({ address: "127.0.0.1", port: 5000, type: "srflx" }), true), null);
    assert.equal(refused(withCandidate({ address: "169.254.3.4", port: 5000 })), null);
  } finally {
    testSwitches.localCandidates = false;
  }
  assert.equal(refused(withCandidate({ address: "127.0.0.1", port: 5000, type: "srflx" }), true), "loopback");
});

test("a code's ICE username and password must be long enough", () => {
  const signal = sdpToSignal("offer", LAN_OFFER);
  assert.ok(signal.ufrag.length >= MIN_UFRAG && signal.pwd.length >= MIN_PWD);
  assert.equal(MIN_UFRAG, 4);
  assert.equal(MIN_PWD, 22);
  for (const bad of [{ ufrag: "a" }, { ufrag: "abc" }, { pwd: "p" }, { pwd: "p".repeat(21) }]) {
    assert.throws(() => encodeSignal({ ...signal, ...bad }), (err) => err instanceof CodeRefused && err.reason === "credentials");
  }
  assert.ok(decodeSignal(encodeSignal({ ...signal, ufrag: "abcd", pwd: "p".repeat(22) })));
});
