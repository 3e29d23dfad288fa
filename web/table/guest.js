// A guest of a table on the local network (issue 21, docs/play-together.md):
// the page opened from an invitation link (`index.html#join=<code>`). Nothing is
// done before the player presses Join (a link preview runs no WebRTC); then
// the reply (its link, code and QR code) with a countdown for the host to
// paste it. Once connected, the table is drawn from the views the host sends
// (the host's engine's `state` for this seat: state.game is that view; the
// guest runs no game of its own and keeps no save), and the player's choices
// go to the host, whose engine checks them. Loaded only for such a link.

import { compassName, errorText, seatName, setJoined, setYouSeat } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import VOCABULARY from "../shared/vocabulary.js";
import { HOST_MESSAGES_PER_SECOND, RateLimit } from "../together/limits.js";
import { join, LinkError } from "../together/link.js";
import { PROTOCOL, readHostMessage } from "../together/protocol.js";
import { qrCode, qrSvg } from "../together/qr.js";
import { openDialog } from "./dialog-shell.js";
import { showHandEnd } from "./dialogs.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { announce, eventSentences } from "./narration.js";
import { codeRefusedText, paintInternetLine } from "./dialog-markup.js";
import { iceServersInUse } from "./settings.js";
import { notice, state, update } from "./state.js";
import { setRemoteDecide } from "./game-flow.js";

/** How long the host has to paste the reply (link.js gives the connection as long). */
const REPLY_MS = 4 * 60_000;

// the tools that ask this page's own engine about its own game: none here
const HOST_ONLY_TOOLS = ["hint", "undo", "why", "review", "stats", "new-game", "together"];

const dialog = () => $("#guest-dialog");
let channel = null;
let countdown = 0;

function minutesAndSeconds(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function paintReply(code) {
  const link = new URL(`index.html#reply=${code}`, location.href).href;
  let qr = "";
  try {
    qr = qrSvg(qrCode(link), t("guest.qr_label"));
  } catch {
    qr = "";
  }
  const body = dialog().querySelector("[data-guest-body]");
  body.innerHTML = `<p>${escapeHTML(t("guest.reply_intro"))}</p>
    <label class="together-field">${escapeHTML(t("guest.reply_label"))}
      <input type="text" readonly value="${escapeHTML(link)}" data-guest-reply></label>
    <button type="button" class="secondary" data-guest-copy>${escapeHTML(t("together.copy"))}</button>
    <p role="timer" data-guest-countdown></p>
    <div class="together-qr">${qr}</div>`;
  const ends = Date.now() + REPLY_MS;
  const tick = () => {
    const left = ends - Date.now();
    const el = dialog().querySelector("[data-guest-countdown]");
    if (el) el.textContent = t("guest.countdown", { time: minutesAndSeconds(left) });
    if (left <= 0) clearInterval(countdown);
  };
  tick();
  countdown = setInterval(tick, 1000);
  dialog().querySelector("[data-guest-reply]").focus();
}

function showError(text) {
  clearInterval(countdown);
  const body = dialog().querySelector("[data-guest-body]");
  body.innerHTML = `<p class="together-error" role="alert">${escapeHTML(text)}</p>`;
}

/** The view the host sent: this seat's table (its choices only in its turn), drawn
 * from this seat (web/table/places.js). */
export function showView(view) {
  const first = !state.game;
  const { hand_number: hand, hand_actions: actions } = view.view;
  if (first) {
    // until now a computer player played this seat: what it did in this hand is its own
    // (said with the seat's compass name, never "you": web/shared/i18n-terms.js beforeYou)
    joinedAt = { hand, actions: actions.length };
    const words = [t("guest.connected", { seat: seatName(view.seat) })];
    if (actions.some((a) => a.seat === view.seat)) words.push(t("guest.computer_before", { seat: compassName(view.seat) }));
    notice(words.join(" "));
  } else if (hand === joinedAt.hand && actions.length < joinedAt.actions) {
    // the host took back moves made before this guest came: what is made again is the guest's
    joinedAt = { hand, actions: actions.length };
  }
  setJoined(joinedAt.hand, joinedAt.actions);
  // the sentences call this seat "you", South by its name
  setYouSeat(view.seat);
  update({ game: { ...view, human_to_move: view.to_act === view.seat, can_undo: false }, viewer: view.seat, busy: false });
  // the move that led to it, in the live region (screen readers)
  if (told) for (const sentence of eventSentences(told, view.view)) announce(sentence);
  // a hand that move ended: its summary, in this seat's words (the game's end is said only)
  if (told?.hand && view.view.phase !== "game_over") showHandEnd(told.hand, view, told.card_roles);
  told = null;
}

/** A message of the host (its data channel's text): a view, a move, or a refusal,
 * each checked first (web/together/check.js); one that is not what a host's engine
 * sends changes nothing, and the player is told the host misbehaved. Too many in a
 * second, and the host is cut off. */
export function hostMessage(text) {
  if (!hostLimit.take()) {
    hostMisbehaved(true);
    return;
  }
  const read = readHostMessage(text, VOCABULARY, state.game ? state.viewer : null);
  if (!read.ok) {
    hostMisbehaved(false);
    return;
  }
  if (read.message.type === "view") showView(read.message.state);
  else if (read.message.type === "event") told = read.message.event;
  else if (read.message.type === "notice") {
    // the host began a game without this seat, or could not seat this guest on the
    // deal on the table (the connection closes next: this is what is said then), or
    // took back a move
    const released = read.message.code !== "undone";
    if (released) channel = null;
    if (released) update({ busy: true });
    notice(t(`guest.${read.message.code}`), released ? "error" : "");
  } else {
    // the engine's reason when it refused the action (words of the page's own refusals)
    const m = read.message;
    const reason = m.reason_code ? errorText({ reason_code: m.reason_code, reason_params: m.params, message: "" }) : "";
    update({ busy: false });
    notice(reason ? `${t("guest.refused")} ${reason}` : t("guest.refused"), "error");
  }
}

// the move the host told of: said with the view after it, which comes next
let told = null;

// the hand this guest took its seat in, and how many of its actions came before
let joinedAt = { hand: -1, actions: 0 };

// the host's messages this second
const hostLimit = new RateLimit(HOST_MESSAGES_PER_SECOND);

/** The host sent what its engine never sends (or far too much): said, and with
 * `cutOff` the connection closed (nothing more of that host is drawn). */
function hostMisbehaved(cutOff) {
  if (cutOff) {
    const peer = channel ? joined?.peer : null;
    channel = null;
    peer?.close();
    update({ busy: true }); // nothing can be played without the host
  }
  notice(t(cutOff ? "guest.host_cut_off" : "guest.host_misbehaved"), "error");
}

function connected(open) {
  channel = open;
  clearInterval(countdown);
  if (dialog().open) dialog().close();
  channel.onmessage = (e) => {
    if (channel === open) hostMessage(e.data);
  };
  channel.send(JSON.stringify({ v: PROTOCOL, type: "hello" }));
}

// the connection being made or made (its peer), once Join was pressed
let joined = null;

async function joinTable(code) {
  dialog().querySelector("[data-guest-join]").disabled = true;
  try {
    // this device's own choice: its STUN/TURN servers if internet play is on here, else none
    joined = await join(code, { iceServers: iceServersInUse(state.settings) });
  } catch (err) {
    showError(err instanceof LinkError && err.code === "bad_code" ? codeRefusedText(err, "guest.bad_invitation") : t("together.error.failed"));
    return;
  }
  joined.peer.onGone = () => {
    if (!channel) return;
    channel = null;
    update({ busy: true });
    notice(t("guest.closed"), "error");
  };
  paintReply(joined.code);
  joined.connected.then(connected, (err) => {
    joined.peer.close(); // a Join that failed leaves nothing open
    showError(err?.code === "timeout" ? t("guest.expired") : t("guest.closed"));
  });
}

/** The guest's page: the Join dialog for the invitation `code` (to `seat`, as the
 * invitation's link names it, or null: said before Join; the host's views decide). */
export async function startGuest(code, seat = null) {
  for (const tool of HOST_ONLY_TOOLS) {
    const b = document.querySelector(`[data-tool="${tool}"]`);
    if (b) b.hidden = true;
  }
  // the hand summary's review asks this page's engine about a game it does not run
  for (const b of document.querySelectorAll("[data-review-open]")) b.hidden = true;
  // and so does its "Why?" (dialogs.js keeps it hidden)
  for (const b of document.querySelectorAll("[data-why-hand]")) b.dataset.guest = "hidden";
  // the page's English placeholders ("to 10", "6 cards") say nothing true until the
  // host's view arrives, and are in no language: blank until then
  for (const el of document.querySelectorAll("#target, .seat .count")) el.textContent = "";
  // the player's choices go to the host (its engine decides whether they stand)
  setRemoteDecide((action) => {
    if (!channel || channel.readyState !== "open") return;
    update({ busy: true });
    channel.send(JSON.stringify({ v: PROTOCOL, type: "act", action }));
  });
  const d = dialog();
  const seatLine = d.querySelector("[data-guest-seat]");
  seatLine.hidden = seat == null;
  if (seat != null) seatLine.textContent = t("guest.seat", { seat: seatName(seat) });
  paintInternetLine(d, state.settings);
  d.addEventListener("click", (e) => {
    if (e.target.closest("[data-guest-join]")) joinTable(code);
    else if (e.target.closest("[data-guest-copy]")) {
      const field = d.querySelector("[data-guest-reply]");
      navigator.clipboard.writeText(field.value).then(
        () => notice(t("together.copied")),
        () => field.select(),
      );
    }
  });
  update({ loading: { ...state.loading, done: true } });
  await openDialog(d);
}
