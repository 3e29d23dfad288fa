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
// dialog is opened, or when a restored game had guests (guestsAway). Its parts: the
// seats' state (together-state.js), their markup (together-markup.js), the guests
// seated and gone (together-guests.js), the camera's scan (together-camera.js) and
// `#reply=` links (together-reply-link.js).
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
import { openDialog } from "./dialog-shell.js";
import { $ } from "./dom.js";
import { announce } from "./narration.js";
import { freshMarks } from "./open-hands.js";
import { HUMAN, iceServersInUse } from "./settings.js";
import { flush, notice, state, update } from "./state.js";
import { beginGame, on, runBots, setGame, showRemoteMove } from "./game-flow.js";
import { cancelScan, startScan } from "./together-camera.js";
import { acceptReply, linkError, sayStatus, seatGone, seatReleased } from "./together-guests.js";
import { dialog, paint } from "./together-markup.js";
import { listenForReplies } from "./together-reply-link.js";
import { botLevel, GUEST_SEATS, guestsSeated, host, keepHost, release, scanning, seats, waitingSeats } from "./together-state.js";
import { once } from "./once.js";

function tableHost() {
  if (host) return host;
  const made = new TableHost({
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
  keepHost(made);
  // every state the table keeps (the host's own moves, the computer players'): the
  // guests are told the move and get their views
  on("gameKept", (game, event) => host.broadcast(event, game.actions, game));
  addEventListener("beforeunload", warnIfSeated);
  listenForReplies(replyFromLink);
  return host;
}

function warnIfSeated(event) {
  if (!guestsSeated()) return;
  event.preventDefault();
  event.returnValue = t("together.leave_warning");
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

const install = once(() => {
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
});

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
