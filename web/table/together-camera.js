// "Scan the reply" in the Together dialog: the guest's reply read from its QR code
// with the camera (web/together/scan.js, loaded on the first scan): the live picture
// in a labelled group inside the seat's section, with Cancel (and Escape:
// together-dialog.js's listeners); the code read goes to acceptReply as a pasted one
// does.

import { seatName } from "../shared/i18n-terms.js";
import { t } from "../shared/i18n.js";
import { acceptReply } from "./together-guests.js";
import { dialog, paint } from "./together-markup.js";
import { panel, scanning, seats, setPanel, setScanning } from "./together-state.js";

function scanPanel() {
  if (!panel) {
    setPanel(document.createElement("div"));
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
export async function startScan(seat) {
  const s = seats.get(seat);
  cancelScan();
  if (s.status !== "waiting") return;
  const controller = new AbortController();
  const mine = { seat, controller };
  setScanning(mine);
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
  setScanning(null);
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
export function cancelScan(refocus = false) {
  if (!scanning) return;
  const { seat, controller } = scanning;
  setScanning(null);
  controller.abort();
  panel?.remove(); // not a repaint: what the host typed in the reply boxes stays
  if (refocus) dialog().querySelector(`[data-together-scan="${seat}"]`)?.focus();
}
