// "Play together" on the local network, the host's side (issue 21,
// docs/play-together.md): the dialog that invites a guest to West, North or
// East (the invitation link, a Copy button and its QR code), takes the guest's
// reply (pasted, or a `#reply=` link opened in this tab) and shows each seat's
// state (a computer player, waiting for the reply, seated, away), with "let a
// computer player take this seat" for an away one (TableHost.giveToBot).
//
// The host's page runs the only engine (web/together/protocol.js's TableHost
// checks every guest message, the engine validates the action). The guests'
// seats are the engine's `remote` seats, so its answers to this page carry
// South's view only; a guest's move is shown as a computer player's is
// (game-flow.js showRemoteMove), and every state the table keeps goes to the guests
// with the event that made it (TableHost.broadcast). Loaded the first time the
// dialog is opened, or when a restored game had guests (guestsAway).
//
// "Scan the reply" reads the guest's reply from its QR code with the camera
// (web/together/scan.js, loaded on the first scan): the live picture in a
// labelled group inside the seat's section, with Cancel (and Escape); the code
// read goes to acceptReply as a pasted one does.
//
// Guests sit only at a deal from a secret seed (the engine's own: new_game without a
// seed; the saved record keeps `secretDeal`, never sent to a guest): inviting to a
// game whose seed is known (a `?seed=` link, the deal of the day, a seeded game) is
// refused before any invitation is made, since a guest could work out every hand
// from the seed. The seat says why and offers a fresh deal: a new game with the same
// rules and levels and no seed, after which the invitation goes on. Open hands on
// refuse an invitation too (the host would see the guests' cards): the seat says so;
// so does a deal seen with open hands, or a seat whose cards of this deal were seen
// here (pass-and-play, an undo): the engine's opened_deals and seen_seats.

import { engine } from "../engine/start.js";
import { errorText, seatName } from "../shared/i18n-terms.js";
import { formatList, t } from "../shared/i18n.js";
import { invite } from "../together/link.js";
import { TableHost } from "../together/protocol.js";
import { qrCode, qrSvg } from "../together/qr.js";
import { openDialog } from "./dialog-shell.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { announce } from "./narration.js";
import { freshMarks } from "./open-hands.js";
import { codeRefusedText, paintInternetLine } from "./dialog-markup.js";
import { BOT_LEVELS, HUMAN, iceServersInUse } from "./settings.js";
import { flush, notice, state, update } from "./state.js";
import { beginGame, on, runBots, setGame, showRemoteMove } from "./game-flow.js";

const GUEST_SEATS = [1, 2, 3];

/** Each guest seat: `{status: "bot"|"waiting"|"seated"|"away", link, channel, peer, invitation, error,
 * notSecret}` (`channel` and `peer`: the seated guest's connection, the only one heard for the
 * seat; `notSecret`: an invitation was refused, the deal's seed being known: the fresh deal is
 * offered). */
const seats = new Map(GUEST_SEATS.map((seat) => [seat, { status: "bot" }]));
let host = null;

function tableHost() {
  if (host) return host;
  host = new TableHost({
    engine,
    person: HUMAN,
    send: (seat, text) => {
      const channel = seats.get(seat).channel;
      if (channel?.readyState === "open") channel.send(text);
    },
    changed: (answer) => {
      // a guest's move (the engine's answer: this table's view and the event)
      if (answer.event) showRemoteMove(answer);
      else {
        // a change of levels (a guest seated, or a computer player given a seat)
        setGame(answer.state);
        // a guest's seat the engine lists that this dialog still shows as a computer
        // player's (seated from another tab): away here, to be invited again
        for (const seat of answer.state.remote ?? []) {
          const s = seats.get(seat);
          if (s?.status === "bot") s.status = "away";
        }
        if (dialog().open) paint();
        if (answer.state.bot_to_move && !state.busy) runBots();
      }
    },
    // a guest over the channel's limits (a flood, too long a message): cut off, its seat away
    // a seat the engine no longer lists as a guest's (a game begun without it): back to
    // a computer player, as the engine has it
    drop: (seat, reason) => (reason === "released" ? seatReleased(seat) : seatGone(seat, "together.cut_off")),
  });
  // every state the table keeps (the host's own moves, the computer players'): the
  // guests are told the move and get their views
  on("gameKept", (game, event) => host.broadcast(event, game.actions, game));
  addEventListener("beforeunload", warnIfSeated);
  listenForReplies();
  return host;
}

/** Whether any guest is seated now. */
export function guestsSeated() {
  return [...seats.values()].some((s) => s.status === "seated");
}

function warnIfSeated(event) {
  if (!guestsSeated()) return;
  event.preventDefault();
  event.returnValue = t("together.leave_warning");
}

/** The computer player's level for a seat: the settings' choice, or the middle level. */
function botLevel(seat) {
  const chosen = state.settings?.levels?.[seat];
  return BOT_LEVELS.includes(chosen) ? chosen : BOT_LEVELS[Math.floor(BOT_LEVELS.length / 2)];
}

/** A restored game whose `remote` seats were played from other devices (the page
 * was reloaded or closed, another tab played it, a game kept aside came back): those
 * seats are away, the game waits at their turn until they are invited again or
 * given to computer players; a seat the restored game has no guest at is a computer
 * player's again. The page's list of guests is then the engine's. */
export function guestsAway(remote) {
  if (!host && !remote.length) return; // no table here, and none to restore
  const h = tableHost();
  const away = [];
  for (const seat of GUEST_SEATS) {
    const s = seats.get(seat);
    if (remote.includes(seat)) {
      h.remote.add(seat);
      if (s.status === "seated") continue;
      if (s.status !== "away") away.push(seat);
      s.status = "away";
    } else if (s.status === "away" || s.status === "seated") {
      // the restored game has no guest there (a computer player's seat, as the engine has it)
      release(s);
      h.leave(seat);
      h.remote.delete(seat);
      s.status = "bot";
    }
  }
  const names = away.map((seat) => seatName(seat));
  if (names.length) notice(t("together.restored", { seats: formatList(names), count: names.length }));
  if (dialog().open) paint();
}

/** The game went on in another tab (tab-handover.js's hand-over): this tab's guests and
 * invitations are closed (a guest's page says the table closed), so nothing more is
 * played here; the seats stay the guests' (away), as the tab that plays restores
 * them, where they can be invited again. */
export function closeTable() {
  if (!host) return;
  for (const seat of GUEST_SEATS) {
    const s = seats.get(seat);
    if (s.status !== "seated" && s.status !== "waiting") continue;
    release(s);
    host.leave(seat);
    s.status = host.remote.has(seat) ? "away" : "bot";
  }
  if (dialog().open) paint();
}

// ---- the dialog --------------------------------------------------------------------------

const dialog = () => $("#together-dialog");

function statusText(seat) {
  return t(`together.status.${seats.get(seat).status}`);
}

function seatHTML(seat) {
  const s = seats.get(seat);
  const name = escapeHTML(seatName(seat));
  let body = "";
  if (s.status === "waiting" && s.link) {
    let qr = "";
    try {
      qr = qrSvg(qrCode(s.link), t("together.qr_label", { seat: seatName(seat) }));
    } catch {
      qr = "";
    }
    body = `<label class="together-field">${escapeHTML(t("together.link_label"))}
        <input type="text" readonly value="${escapeHTML(s.link)}" data-together-link="${seat}"></label>
      <button type="button" class="secondary" data-together-copy="${seat}">${escapeHTML(t("together.copy"))}</button>
      <div class="together-qr">${qr}</div>
      <label class="together-field">${escapeHTML(t("together.reply_label"))}
        <textarea rows="3" data-together-reply="${seat}" spellcheck="false">${escapeHTML(s.scanned ?? "")}</textarea></label>
      <button type="button" class="secondary together-primary" data-together-accept="${seat}">${escapeHTML(t("together.accept"))}</button>
      <button type="button" class="secondary" data-together-scan="${seat}">${escapeHTML(t("together.scan"))}</button>
      ${scanning?.seat === seat ? "<div data-together-scan-slot></div>" : ""}
      <div class="together-actions"><button type="button" class="secondary" data-together-withdraw="${seat}">${escapeHTML(t("together.withdraw"))}</button></div>`;
  }
  // one state, one way on: a seat waiting for its reply is not invited a second time
  // (its invitation can be withdrawn, under it)
  const invite =
    s.status === "seated" || s.status === "waiting"
      ? ""
      : `<button type="button" class="secondary" data-together-invite="${seat}">${escapeHTML(t("together.invite"))}</button>`;
  const bot = s.status === "away" ? `<button type="button" class="secondary" data-together-bot="${seat}">${escapeHTML(t("together.give_to_bot"))}</button>` : "";
  const error = s.error ? `<p class="together-error" role="alert">${escapeHTML(s.error)}</p>` : "";
  // a known deal: why, and the fresh deal (the game in progress, if any, is said to go)
  const game = state.game;
  const losing = game && game.view.phase !== "game_over" && game.actions > 0 ? ` ${t("confirm.text")}` : "";
  const refusalHTML = s.notSecret
    ? `<div class="together-refusal" role="alert"><p id="together-not-secret-${seat}">${escapeHTML(t("together.not_secret") + losing)}</p>
        <button type="button" class="secondary together-primary" data-together-fresh="${seat}" aria-describedby="together-not-secret-${seat}">${escapeHTML(t("together.fresh_deal"))}</button></div>`
    : "";
  return `<section class="together-seat" data-seat="${seat}" aria-labelledby="together-seat-${seat}">
    <h3 id="together-seat-${seat}" tabindex="-1">${name}: <span data-together-status="${seat}">${escapeHTML(statusText(seat))}</span></h3>
    ${error}${refusalHTML}<div class="together-actions">${invite}${bot}</div>${body}</section>`;
}

// the data attribute that names a control of the seats' list (to find it again once redrawn)
const CONTROL = /^data-together-(invite|copy|link|reply|accept|bot|scan|fresh|withdraw)$/;

/** Where the keyboard's focus was in the seats' list: its control's attribute and seat. */
function focusedControl(box) {
  const active = document.activeElement;
  if (!active || !box.contains(active)) return null;
  const attr = [...active.attributes].find((a) => CONTROL.test(a.name));
  const section = active.closest(".together-seat");
  return { attr: attr ? `[${attr.name}="${attr.value}"]` : null, seat: section?.dataset.seat };
}

function paint() {
  const box = dialog().querySelector("[data-together-seats]");
  // the camera's panel is kept (its picture plays on) and put back in its seat
  const focused = panel?.contains(document.activeElement) ? document.activeElement : null;
  const before = focused ? null : focusedControl(box);
  panel?.remove();
  box.innerHTML = GUEST_SEATS.map(seatHTML).join("");
  paintInternetLine(dialog(), state.settings);
  const slot = box.querySelector("[data-together-scan-slot]");
  if (slot && panel) {
    slot.replaceWith(panel);
    focused?.focus();
  }
  if (before) {
    // the keyboard stays where it was: the same control redrawn, else its seat's first
    // control, else the seat's heading (a redraw must not drop the focus on the page)
    const section = box.querySelector(`.together-seat[data-seat="${before.seat}"]`);
    const target = (before.attr && box.querySelector(before.attr)) || section?.querySelector("button, input, textarea") || section?.querySelector("h3");
    target?.focus();
  }
}

/** A seat's new state, said to screen readers ("West: at the table"). */
function sayStatus(seat) {
  announce(t("together.seat_status", { seat: seatName(seat), status: statusText(seat) }));
}

function linkError(err) {
  const code = ["bad_code", "timeout", "closed", "no_candidates"].includes(err?.code) ? err.code : "failed";
  return code === "bad_code" ? codeRefusedText(err, "together.error.bad_code") : t(`together.error.${code}`);
}

/** Close a seat's connections (its guest's, its invitation's): nothing of them is
 * heard any more, and the next person invited there is the only one. */
function release(s) {
  const { peer } = s;
  s.channel = null;
  s.peer = null;
  peer?.close();
  s.invitation?.peer.close();
  s.invitation = null;
}

/** A seated guest gone (its connection closed or failed, or cut off by the limits):
 * its seat away, said with the catalogue's `key`. */
function seatGone(seat, key) {
  const s = seats.get(seat);
  release(s);
  s.status = "away";
  host.leave(seat);
  notice(t(key, { seat: seatName(seat) }), "error");
  if (dialog().open) paint();
}

/** A guest's seat released by a game begun without it: its connection closed, the
 * seat a computer player's again (the engine's levels say so). */
function seatReleased(seat) {
  const s = seats.get(seat);
  release(s);
  s.status = "bot";
  if (dialog().open) paint();
}

/** Why the game on the table cannot take a guest now (the seat's words), or "": its
 * deal's seed is known (`notSecret`), or open hands are on. */
function refusal(seat) {
  const s = seats.get(seat);
  const game = state.game;
  s.notSecret = Boolean(game) && game.secret_deal !== true;
  if (s.notSecret) return t("together.not_secret");
  if (game?.open_hands) return errorText({ code: "open_hands_guests" });
  // the engine's own marks of the deal on the table (it refuses the guest all the same)
  if (game?.opened_deals?.includes(game.view.hand_number)) return errorText({ code: "open_hands_deal" });
  if (game?.seen_seats?.includes(seat)) {
    return errorText({ code: "deal_seen", reason_code: "deal_seen", reason_params: { seat }, message: "" });
  }
  return "";
}

async function inviteSeat(seat) {
  const s = seats.get(seat);
  s.error = "";
  const refused = refusal(seat);
  if (refused) {
    // nothing is made: no connection, no code; the seat says why (and offers a fresh deal)
    if (!s.notSecret) s.error = refused;
    paint();
    // (said by its role=alert, as the seat's other errors are)
    dialog().querySelector(s.notSecret ? `[data-together-fresh="${seat}"]` : `#together-seat-${seat}`)?.focus();
    return;
  }
  tableHost();
  // the seat's last guest (away) or invitation: closed, never heard again
  release(s);
  try {
    // none unless the player turned internet play on (settings): then their STUN/TURN servers
    s.invitation = await invite({ iceServers: iceServersInUse(state.settings) });
  } catch (err) {
    s.error = linkError(err);
    paint();
    return;
  }
  // the seat named in the link, for the guest's Join dialog to say (the views decide)
  s.link = new URL(`index.html#join=${s.invitation.code}&seat=${seat}`, location.href).href;
  s.status = "waiting";
  paint();
  dialog().querySelector(`[data-together-link="${seat}"]`)?.focus();
}

/** The reply of a guest (its code, or its `#reply=` link) for a waiting seat. */
export async function acceptReply(seat, text) {
  const s = seats.get(seat);
  if (!s.invitation) return;
  const code = String(text).trim().replace(/^.*#reply=/, "");
  s.error = "";
  s.scanned = "";
  let channel;
  try {
    channel = await s.invitation.accept(code);
  } catch (err) {
    s.error = linkError(err);
    s.scanned = String(text); // the reply stays in its box, to be checked or replaced
    paint();
    return;
  }
  const peer = s.invitation.peer;
  s.channel = channel;
  s.peer = peer;
  s.invitation = null;
  s.link = "";
  s.status = "seated";
  // only the seat's current channel is heard
  channel.onmessage = (e) => {
    if (s.channel === channel) host.receive(seat, e.data);
  };
  peer.onGone = () => {
    if (s.channel === channel) seatGone(seat, "together.gone");
  };
  try {
    await host.seat(seat);
  } catch (err) {
    // the engine refused the guest (the cards of this seat were seen here on this
    // deal, ...): told why (TableHost's notice), its connection closed once that notice
    // has gone, the seat as it was
    const { peer: refusedPeer } = s;
    s.channel = null;
    s.peer = null;
    refusedPeer?.closeAfterSent();
    s.status = host.remote.has(seat) ? "away" : "bot";
    s.error = errorText(err);
    paint();
    dialog().querySelector(`#together-seat-${seat}`)?.focus();
    return;
  }
  paint();
  sayStatus(seat);
}

/** A fresh deal for the guests (the one on the table has a known seed): a new game
 * with the same rules and levels and no seed (the engine's own secret one), then the
 * invitation goes on. */
async function freshDeal(seat) {
  const game = state.game;
  const s = seats.get(seat);
  if (!game) return;
  update({ generation: state.generation + 1, busy: true, interruptible: false, hinting: false, daily: null });
  let next;
  try {
    next = await engine.call("new_game", { rules: game.view.rules, levels: game.levels });
  } catch (err) {
    s.error = errorText(err);
    update({ busy: false });
    paint();
    return;
  }
  s.notSecret = false;
  beginGame(next, freshMarks());
  announce(t("together.fresh_dealt"));
  runBots();
  await inviteSeat(seat);
}

async function giveToBot(seat) {
  const s = seats.get(seat);
  const level = botLevel(seat);
  release(s);
  s.status = "bot";
  await tableHost().giveToBot(seat, level);
  paint();
  sayStatus(seat);
}

/** A waiting seat's invitation withdrawn: its connection closed (a reply to it is never
 * heard), the seat a computer player's as it was, to be invited again. */
function withdraw(seat) {
  const s = seats.get(seat);
  if (s.status !== "waiting") return;
  release(s);
  s.status = "bot";
  s.link = "";
  paint();
  sayStatus(seat);
  dialog().querySelector(`[data-together-invite="${seat}"]`)?.focus();
}

async function copyLink(seat) {
  const field = dialog().querySelector(`[data-together-link="${seat}"]`);
  try {
    await navigator.clipboard.writeText(field.value);
    notice(t("together.copied"));
  } catch {
    field.select(); // the browser refused: the link is selected for the player to copy
  }
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  dialog().addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    const seat = (name) => Number(b.dataset[name]);
    if (b.dataset.togetherScan) return startScan(seat("togetherScan"));
    if ("togetherScanCancel" in b.dataset) return cancelScan(true);
    // another choice for a seat (invite again, a computer player, Connect) ends a scan
    if (b.dataset.togetherInvite || b.dataset.togetherBot || b.dataset.togetherAccept || b.dataset.togetherWithdraw) {
      cancelScan();
    }
    if (b.dataset.togetherFresh) freshDeal(seat("togetherFresh"));
    else if (b.dataset.togetherInvite) inviteSeat(seat("togetherInvite"));
    else if (b.dataset.togetherCopy) copyLink(seat("togetherCopy"));
    else if (b.dataset.togetherBot) giveToBot(seat("togetherBot"));
    else if (b.dataset.togetherWithdraw) withdraw(seat("togetherWithdraw"));
    else if (b.dataset.togetherAccept) {
      const n = seat("togetherAccept");
      acceptReply(n, dialog().querySelector(`[data-together-reply="${n}"]`).value);
    }
  });
  // Escape while scanning stops the camera, not the dialog
  dialog().addEventListener(
    "keydown",
    (e) => {
      if (e.key !== "Escape" || !scanning) return;
      e.preventDefault();
      e.stopPropagation();
      cancelScan(true);
    },
    true,
  );
  dialog().addEventListener("cancel", (e) => {
    if (!scanning) return;
    e.preventDefault();
    cancelScan(true);
  });
  dialog().addEventListener("close", () => cancelScan());
}

// ---- scanning a reply's QR code with the camera ----------------------------------------------

/** The scan under way: `{seat, controller}`; its panel (the picture, what it sees, Cancel). */
let scanning = null;
let panel = null;

function scanPanel() {
  if (!panel) {
    panel = document.createElement("div");
    panel.className = "together-scan";
    panel.setAttribute("role", "group");
    panel.setAttribute("aria-labelledby", "together-scan-title");
    panel.setAttribute("aria-describedby", "together-scan-hint");
    panel.innerHTML = `<p id="together-scan-title" class="together-scan-title"></p>
      <p id="together-scan-hint"></p>
      <video class="together-camera" aria-hidden="true" muted playsinline></video>
      <p role="status" data-together-scan-status></p>
      <button type="button" class="secondary" data-together-scan-cancel></button>`;
  }
  return panel;
}

function scanStatus(key) {
  scanPanel().querySelector("[data-together-scan-status]").textContent = t(key);
}

/** Scan the reply of a waiting seat: the camera until a QR code holds a reply,
 * which is then accepted as a pasted one. */
async function startScan(seat) {
  const s = seats.get(seat);
  cancelScan();
  if (s.status !== "waiting") return;
  const controller = new AbortController();
  const mine = { seat, controller };
  scanning = mine;
  s.error = "";
  const p = scanPanel();
  p.querySelector(".together-scan-title").textContent = t("together.scan_title", { seat: seatName(seat) });
  p.querySelector("#together-scan-hint").textContent = t("together.scan_hint");
  p.querySelector("[data-together-scan-cancel]").textContent = t("dialog.cancel");
  scanStatus("together.scan_starting");
  paint();
  p.querySelector("[data-together-scan-cancel]").focus();
  let code = null;
  let failure = null;
  try {
    const { scanReply } = await import("../together/scan.js");
    code = await scanReply(p.querySelector("video"), {
      signal: controller.signal,
      started: () => scanStatus("together.scan_looking"),
      notAReply: () => scanStatus("together.scan_not_reply"),
    });
  } catch (err) {
    failure = err?.code ?? "failed";
  }
  if (scanning !== mine) return; // cancelled, or another scan began
  scanning = null;
  if (failure) {
    if (failure !== "cancelled") s.error = t(`together.scan_error.${SCAN_ERRORS.has(failure) ? failure : "failed"}`);
    paint();
    dialog().querySelector(`[data-together-reply="${seat}"]`)?.focus();
    return;
  }
  s.scanned = code; // shown in the reply box while it is accepted (and if it is refused)
  paint();
  dialog().querySelector(`[data-together-reply="${seat}"]`)?.focus();
  await acceptReply(seat, code);
  const box = dialog().querySelector(`[data-together-reply="${seat}"]`);
  if (box && s.error) box.value = code;
  (box ?? dialog().querySelector(`#together-seat-${seat}`)?.closest("section")?.querySelector("button") ?? dialog().querySelector("[data-initial-focus]"))?.focus();
}

/** The scan's endings that the seat's message names (web/together/scan.js's ScanError codes). */
const SCAN_ERRORS = new Set(["no_camera", "denied", "failed", "nothing_found"]);

/** Stop the scan under way, if any (the camera is released by scanReply); `refocus`:
 * the focus goes back to the seat's Scan button. */
function cancelScan(refocus = false) {
  if (!scanning) return;
  const { seat, controller } = scanning;
  scanning = null;
  controller.abort();
  panel?.remove(); // not a repaint: what the host typed in the reply boxes stays
  if (refocus) dialog().querySelector(`[data-together-scan="${seat}"]`)?.focus();
}

/** Open the "Play together" dialog. */
export async function openTogether() {
  install();
  // a refusal said before is asked again at the next invitation (the game may be new)
  for (const s of seats.values()) s.notSecret = false;
  paint();
  flush();
  await openDialog(dialog());
}

/** A `#reply=` link opened in the host's tab: given to the one waiting seat once
 * the host says it is the reply they expect (a link can be opened by anyone who
 * sends one); with several seats waiting, the dialog, to paste it in one. */
export async function replyFromLink(code) {
  const waiting = waitingSeats();
  if (waiting.length !== 1) {
    await openTogether();
    return;
  }
  const [seat] = waiting;
  const ask = $("#reply-confirm-dialog");
  ask.querySelector("[data-reply-confirm-text]").textContent = t("together.reply_confirm.text", { seat: seatName(seat) });
  if ((await openDialog(ask)) !== "ok") return;
  if (seats.get(seat).status === "waiting") await acceptReply(seat, code);
}

// ---- `#reply=` links: opened in another tab (or this one), handed to the table's tab ----

const CHANNEL = "hasenpfeffer.together.v1";
const REPLY_CODE = /^[A-Za-z0-9_-]{1,400}$/;

/** A tab opened from a `#reply=` link: the reply goes to the tab of this browser
 * whose table is waiting for it, which says it took it; this tab says so. */
export function handReplyToTable(code) {
  update({ loading: { ...state.loading, done: true } });
  if (typeof BroadcastChannel !== "function") {
    notice(t("together.reply_nobody"), "error");
    return;
  }
  const bus = new BroadcastChannel(CHANNEL);
  const nobody = setTimeout(() => notice(t("together.reply_nobody"), "error"), 1500);
  bus.onmessage = (e) => {
    if (e.data?.type !== "taken" || e.data.code !== code) return;
    clearTimeout(nobody);
    notice(t("together.reply_handed"));
  };
  bus.postMessage({ type: "reply", code });
}

function listenForReplies() {
  if (typeof BroadcastChannel === "function") {
    const bus = new BroadcastChannel(CHANNEL);
    bus.onmessage = (e) => {
      const code = e.data?.type === "reply" ? e.data.code : null;
      if (typeof code !== "string" || !REPLY_CODE.test(code) || !waitingSeats().length) return;
      bus.postMessage({ type: "taken", code });
      replyFromLink(code);
    };
  }
  // the link opened in this very tab: only its fragment changes
  addEventListener("hashchange", () => {
    const m = /^#reply=([A-Za-z0-9_-]{1,400})$/.exec(location.hash);
    if (!m) return;
    history.replaceState(null, "", location.pathname + location.search);
    replyFromLink(m[1]);
  });
}

function waitingSeats() {
  return GUEST_SEATS.filter((seat) => seats.get(seat).status === "waiting");
}
