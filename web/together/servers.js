// The opt-in STUN/TURN servers for play beyond the local network (issue 21,
// docs/play-together.md "Internet play"): the settings' text read and checked line by
// line, and the host names the privacy note names. Small and on its own so the
// settings can check the text without loading the LAN table's protocol at start-up.
// Nothing here touches the DOM or the network: Node runs it (tests/together_check.mjs).

/** At most this many STUN/TURN servers. */
export const MAX_ICE_SERVERS = 4;
const ICE_URL = /^(stuns?|turns?):(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?(\?transport=(?:udp|tcp))?$/;

/** A refusal of the servers' text: a SyntaxError with a code and its parameters (the page words it). */
function serversError(code, params, message) {
  const err = new SyntaxError(message);
  err.code = code;
  err.params = params;
  return err;
}

/**
 * The player's STUN/TURN servers (the opt-in setting: off, and empty, by
 * default), one a line: `stun:host[:port]`, or `turn:host[:port] user password`.
 * The RTCPeerConnection's `iceServers`. A SyntaxError names the line at fault:
 * its `code` is `too_many_servers` ({max}), `not_a_server` or
 * `turn_needs_user` ({line: its number, text: the line}).
 * @param {string} text
 */
export function iceServersFrom(text) {
  const lines = String(text ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_ICE_SERVERS) {
    throw serversError("too_many_servers", { max: MAX_ICE_SERVERS }, `at most ${MAX_ICE_SERVERS} servers`);
  }
  return lines.map((line, i) => {
    const [url, username, credential, ...rest] = line.split(/\s+/);
    const m = ICE_URL.exec(url);
    const port = m?.[3] === undefined ? 1 : Number(m[3]);
    const params = { line: i + 1, text: line };
    if (!m || port < 1 || port > 65535 || rest.length) {
      throw serversError("not_a_server", params, `line ${i + 1}: not a STUN or TURN server`);
    }
    const turn = m[1].startsWith("turn");
    if (turn ? credential === undefined : username !== undefined) {
      throw serversError("turn_needs_user", params, `line ${i + 1}: a TURN server needs a user and a password, a STUN server neither`);
    }
    return turn ? { urls: url, username, credential } : { urls: url };
  });
}

/**
 * The host names of the servers in the text, each once, in order (lines that
 * are not a server are left out): what the privacy note names.
 * @param {string} text
 */
export function serverHosts(text) {
  const hosts = [];
  for (const line of String(text ?? "").split(/\r?\n/)) {
    const m = ICE_URL.exec(line.trim().split(/\s+/)[0]);
    if (m && !hosts.includes(m[2].toLowerCase())) hosts.push(m[2].toLowerCase());
  }
  return hosts;
}
