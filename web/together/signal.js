// The table on the local network: the invitation codes (issue 21, docs/play-together.md).
//
// The WebRTC offer and answer as a compact code (`encodeSignal`): the ICE username
// and password, the 32-byte DTLS fingerprint, the DTLS role and the candidates
// (host: IPv4 or Chromium's mDNS `.local` name; with the player's opt-in STUN/TURN
// servers also server-reflexive and relay ones, IPv4 or IPv6), packed in bytes and
// written in base64url; `signalToSdp` writes the SDP of a data channel back from it;
// `checkCandidates` refuses a code with an address this device may not connect to.
// Nothing here touches the DOM or the network: Node runs it (tests/together_check.mjs).
// The table's messages and its host: protocol.js.

import { PROTOCOL } from "./protocol.js";

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
