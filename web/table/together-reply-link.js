// `#reply=` links: a guest's reply opened in another tab (or this one), handed to the
// tab of this browser whose table waits for it (a BroadcastChannel), which says it took
// it; the tab opened from the link says so (boot.js loads this module only then).

import { t } from "../shared/i18n.js";
import { notice, state, update } from "./state.js";
import { waitingSeats } from "./together-state.js";

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

/** Replies for this tab's table, from a `#reply=` link opened in another tab or in this
 * one, each given to `replyFromLink` (together-dialog.js's) while a seat waits. */
export function listenForReplies(replyFromLink) {
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
