// The LAN table's connections: one RTCPeerConnection and data channel per guest
// seat, the offer and the answer carried as the short codes of signal.js.
//
// No server: the invitation (offer) goes from host to guest and the reply
// (answer) back, by link, QR code or pasted text. `iceServers` is empty by
// default, so nothing but the two devices is contacted; a STUN/TURN server is
// only the player's opt-in (the settings' internet play, docs/play-together.md):
// its server-reflexive and relay candidates travel in the codes too. A connection that does not
// open in time (Chromium keeps it `new` for ever when the other side's mDNS
// name does not resolve: guest Wi-Fi, client isolation, VPN) is refused with
// the code `timeout`, never left spinning; a closed peer is seen by the
// connection's state (`disconnected`, `failed`), not the channel's, which may
// read `open` for 45 s more.

import { decodeSignal, encodeSignal, sdpToSignal, signalToSdp } from "./signal.js";

/** How long a connection may take to open once the reply is in. */
export const CONNECT_TIMEOUT_MS = 15_000;
/** How long candidates are gathered at most (a LAN's come within a second). */
export const GATHER_TIMEOUT_MS = 3_000;
/** ... and with the player's STUN/TURN servers (a server's answer crosses the internet). */
export const SERVER_GATHER_TIMEOUT_MS = 8_000;

/** An error with a stable code for the page's words (`timeout`, `no_candidates`, `bad_code`, `closed`). */
export class LinkError extends Error {
  constructor(code, message, reason = "") {
    super(message);
    this.code = code;
    // a refused code's reason (signal.js's CodeRefused: `loopback`, `public`, ...)
    this.reason = reason;
  }
}

function gathered(pc, ms) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

function opened(pc, channel, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pc.close();
      reject(new LinkError("timeout", "the other device did not answer in time"));
    }, ms);
    const done = () => {
      clearTimeout(timer);
      resolve(channel);
    };
    if (channel.readyState === "open") done();
    else channel.addEventListener("open", done, { once: true });
    pc.addEventListener("connectionstatechange", () => {
      if (pc.connectionState === "failed" || pc.connectionState === "closed") {
        clearTimeout(timer);
        reject(new LinkError("closed", `the connection ${pc.connectionState}`));
      }
    });
  });
}

/**
 * One peer: its connection, its one data channel (negotiated, id 0: nothing
 * but the codes needs to travel before it opens) and `onGone(reason)` when the
 * other side closes, fails or disconnects.
 */
class Peer {
  constructor(iceServers) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.gatherMs = iceServers.length ? SERVER_GATHER_TIMEOUT_MS : GATHER_TIMEOUT_MS;
    open.add(this);
    this.channel = this.pc.createDataChannel("table", { negotiated: true, id: 0, ordered: true });
    this.onGone = () => {};
    this.pc.addEventListener("connectionstatechange", () => {
      const s = this.pc.connectionState;
      if (s === "disconnected" || s === "failed" || s === "closed") this.onGone(s);
    });
    // the other side closed its page (pagehide): its channel closes at once
    this.channel.addEventListener("close", () => this.onGone("closed"));
  }

  async localCode(type) {
    await gathered(this.pc, this.gatherMs);
    const signal = sdpToSignal(type, this.pc.localDescription.sdp);
    if (type === "offer" && !signal.candidates.length) {
      throw new LinkError("no_candidates", "this device found no local network to offer");
    }
    return encodeSignal(signal);
  }

  close() {
    open.delete(this);
    this.channel.close();
    this.pc.close();
  }

  /** Close once what was sent has gone: the channel first (its closing sends the
   * messages still queued), then the connection when the channel has closed (or after
   * `ms`, whichever comes first). */
  closeAfterSent(ms = 5_000) {
    open.delete(this);
    const done = () => this.pc.close();
    const timer = setTimeout(done, ms);
    this.channel.addEventListener("close", () => {
      clearTimeout(timer);
      done();
    });
    this.channel.close();
  }
}

// every peer of this page: closed when the page goes away, so the others know at once
const open = new Set();

/** Close every connection of the page (on `pagehide`: the guests see `closed`
 * at once, not `disconnected` after 5 s and `failed` after 15 s). */
export function closeAll() {
  for (const peer of [...open]) peer.close();
}

if (typeof addEventListener === "function") addEventListener("pagehide", closeAll);

/** Another device's code read: a LinkError `bad_code` if it is not one, with the
 * `reason` of a refused one (signal.js's CodeRefused). */
function decode(code, type, servers) {
  let signal;
  try {
    signal = decodeSignal(code, { servers });
  } catch (err) {
    throw new LinkError("bad_code", err.message, err.reason);
  }
  if (signal.type !== type) throw new LinkError("bad_code", `this code is not ${type === "offer" ? "an invitation" : "a reply"}`);
  return signal;
}

/**
 * The host's invitation for one seat: `{code, accept(reply) → Promise<channel>,
 * peer}`. The code is an offer: used once (a new invitation for each join).
 */
export async function invite({ iceServers = [], timeoutMs = CONNECT_TIMEOUT_MS } = {}) {
  const peer = new Peer(iceServers);
  let code;
  try {
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    code = await peer.localCode("offer");
  } catch (err) {
    peer.close(); // no invitation: nothing left open
    throw err;
  }
  return {
    code,
    peer,
    async accept(reply) {
      const signal = decode(reply, "answer", iceServers.length > 0);
      await peer.pc.setRemoteDescription(signalToSdp(signal));
      return opened(peer.pc, peer.channel, timeoutMs);
    },
  };
}

/**
 * The guest's side: from the host's invitation code, `{code (the reply),
 * connected: Promise<channel>, peer}`.
 */
export async function join(invitation, { iceServers = [], timeoutMs = CONNECT_TIMEOUT_MS } = {}) {
  const signal = decode(invitation, "offer", iceServers.length > 0);
  const peer = new Peer(iceServers);
  let code;
  try {
    await peer.pc.setRemoteDescription(signalToSdp(signal));
    await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    code = await peer.localCode("answer");
  } catch (err) {
    peer.close(); // a failed Join leaves nothing open
    throw err;
  }
  // the countdown starts now: the host must paste the reply within the time
  const connected = opened(peer.pc, peer.channel, timeoutMs + 4 * 60_000);
  return { code, peer, connected };
}
