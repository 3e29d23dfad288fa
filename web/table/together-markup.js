// The Together dialog's seats painted (web/table/together-dialog.js opens it): per
// guest seat its name and state, Invite (or Withdraw while it waits for the reply),
// the invitation's link, Copy, QR code and reply box, "let a computer player take
// this seat" for an away one, the seat's error and a refusal with its fresh deal;
// the camera's panel kept across a repaint, and the keyboard's focus where it was.

import { seatName } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { qrCode, qrSvg } from "../together/qr.js";
import { escapeHTML } from "../shared/html.js";
import { $ } from "./dom.js";
import { paintInternetLine } from "./dialog-markup.js";
import { state } from "./state.js";
import { GUEST_SEATS, panel, scanning, seats } from "./together-state.js";

/** The Together dialog (index.html's `#together-dialog`). */
export const dialog = () => $("#together-dialog");

/** A seat's state in words ("at the table"). */
export function statusText(seat) {
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

export function paint() {
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
