// The dialogs: hand summary, game over, last trick, rules and settings.
// Every fact they show (scores, rank orders, rule choices) comes from the
// engine's answers; this module only lays them out.

import { spokenCard, suitIcon, SUIT_WORD } from "./cards.js";
import { BOT_LEVELS, SPEEDS, systemSpeed } from "./settings.js";

// New words of this module (the older ones are still inline).
const TEXT = {
  speedAuto: "Automatic ({speed})",
  speedHelp:
    "Instant shows every move at once, without animation. Automatic is instant when your device asks for reduced motion, otherwise normal.",
  trickCard: "{who}: {card}",
  fourColourHelp: "Clubs green and diamonds blue, so all four suits look different (every card also shows its suit symbol).",
};

const fillText = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));

export const SEAT_NAMES = ["You", "West", "North", "East"];
export const SEAT_LONG = ["You (South)", "West", "North (partner)", "East"];
export const TEAM_NAMES = ["You & North", "West & East"];

export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function callLabel(call) {
  if (call === "pass") return "Pass";
  const what = call.replace(/^bid /, "");
  if (what === "little") return "Little pepper";
  if (what === "big") return "Big pepper";
  return `Bid ${what}`;
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function num(n) {
  return n < 0 ? `−${-n}` : String(n);
}

function cls(n) {
  return n > 0 ? "plus" : n < 0 ? "minus" : "";
}

function cardEl(code, four, label = "") {
  const named = label ? ` label="${escapeHTML(label)}"` : "";
  return `<hp-card code="${code}"${four ? " four-colour" : ""}${named}></hp-card>`;
}

/** Wait until a dialog closes; resolves with its returnValue. */
export function dialogClosed(dialog) {
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true });
  });
}

let focusFallback = () => {};

/** What gets the focus when a dialog closes and what had it before is gone. */
export function setFocusFallback(fn) {
  focusFallback = fn;
}

/** Open a modal dialog (the browser moves the focus into it: its autofocus
 * button or first control); when it closes, the focus goes back to where it
 * was, or to the fallback when that element has gone. Resolves with its returnValue. */
export function openDialog(dialog) {
  dialog.returnValue = "";
  const back = document.activeElement;
  if (!dialog.open) dialog.showModal();
  const closed = dialogClosed(dialog);
  closed.then(() => {
    if (document.querySelector("dialog[open]")) return;
    const usable = back && back !== document.body && back.isConnected && !back.disabled;
    if (usable) {
      back.focus();
    } else {
      // do not leave the focus on a button of the closed dialog
      if (dialog.contains(document.activeElement)) document.activeElement.blur();
      focusFallback();
    }
  });
  return closed;
}

// ---- hand summary --------------------------------------------------------------

export function handHeadline(hand, four) {
  if (hand.thrown_in) {
    return hand.widow === "JK"
      ? "Everyone passed and the Joker lay in the widow: the hand is thrown in."
      : "Everyone passed: the hand is thrown in.";
  }
  const maker = SEAT_LONG[hand.maker];
  const bid = callLabel(`bid ${hand.bid_call}`).toLowerCase();
  const extras = [];
  if (hand.forced) extras.push("forced");
  if (hand.alone) extras.push("alone");
  if (hand.lone_defender != null) extras.push(`${SEAT_NAMES[hand.lone_defender]} defended alone`);
  const extra = extras.length ? ` (${extras.join(", ")})` : "";
  const team = hand.maker % 2;
  const verdict = hand.made ? "made it" : "fell short";
  return `${maker} — ${bid}${extra}, ${suitIcon(hand.trump, four, 16)} ${SUIT_WORD[hand.trump]} trump: ${
    team === 0 ? "your side" : "West & East"
  } ${verdict} with ${hand.tricks_won[team]} trick${hand.tricks_won[team] === 1 ? "" : "s"}.`;
}

export function summaryHTML(hand, target, four) {
  const rows = [0, 1]
    .map(
      (t) => `<tr class="${t === 0 ? "us" : ""}"><td>${TEAM_NAMES[t]}</td><td>${hand.tricks_won[t]}</td>
      <td class="${cls(hand.points[t])}">${signed(hand.points[t])}</td><td>${num(hand.scores[t])}</td></tr>`,
    )
    .join("");
  return `<p class="headline">${handHeadline(hand, four)}</p>
    <table class="summary-table">
      <thead><tr><th>Team</th><th>Tricks</th><th>Points</th><th>Score</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
    <p>First to ${target} points wins.</p>`;
}

export function gameOverHTML(view, hand, four) {
  const won = view.winner === 0;
  const title = won ? "You win!" : "West & East win";
  const parts = [
    `<p class="headline"><strong>${title}</strong> Final score ${view.scores[0]} – ${view.scores[1]}.</p>`,
  ];
  if (hand) parts.push(summaryHTML(hand, view.rules.target, four));
  return { title, html: parts.join("") };
}

// ---- a trick ---------------------------------------------------------------------

/** A trick laid out; `roles` are the engine's card_roles for its trump. */
export function trickHTML(trick, four, roles) {
  if (!trick) return "<p>No trick has been played yet.</p>";
  const figures = trick.cards
    .map(
      ({ seat, card }) => `<figure class="${seat === trick.winner ? "won" : ""}">${cardEl(card, four, spokenCard(card, roles))}
      <figcaption>${SEAT_NAMES[seat]}${seat === trick.winner ? " — wins" : ""}</figcaption></figure>`,
    )
    .join("");
  return `<div class="mini-trick">${figures}</div>
    <p>${SEAT_NAMES[trick.leader]} led; ${SEAT_NAMES[trick.winner] === "You" ? "you" : SEAT_NAMES[trick.winner]} won the trick with the
    ${spokenCard(trick.cards.find((c) => c.seat === trick.winner).card, roles)}.</p>`;
}

// ---- rules --------------------------------------------------------------------------

function describeRules(rules) {
  const bidding =
    rules.bidding === "pepper"
      ? `<p>Starting left of the dealer, each player passes or names a higher bid: 1 to 5 tricks,
         then <strong>little pepper</strong> (all six tricks) and <strong>big pepper</strong> (all six
         at double stakes). Big pepper may be called at any time and ends the bidding.</p>`
      : `<p>Starting left of the dealer, each player passes or bids the number of tricks (1 to 6)
         their side will take with the trump of their choice. Every bid must be higher than the last.
         A bid of 6 ends the bidding at once.</p>`;
  const allPass = {
    joker_forced: `If everyone passes, whoever holds the Joker must play the hand at ${rules.forced_bid}; if the Joker is the widow, the hand is thrown in and the next dealer deals.`,
    redeal: "If everyone passes, the hand is thrown in and the next dealer deals.",
    dealer_forced: `If everyone passes, the dealer must play the hand at ${rules.forced_bid}.`,
  }[rules.all_pass];
  const alone = rules.going_alone
    ? `<h3>Going alone</h3><p>After discarding, the maker may go <strong>alone</strong>: the partner lays their
       cards down and sits the hand out, and the stake is doubled.${
         rules.lone_defender
           ? " Facing a lone maker, one defender may also defend alone, which doubles the stake again."
           : ""
       }</p>`
    : "";
  const lead =
    rules.first_lead === "maker"
      ? "The maker leads to the first trick."
      : `The player left of the dealer leads first${rules.going_alone ? " (if someone plays alone, the player to their left leads; a lone defender leads)" : ""}.`;
  const fail = {
    tricks_won: "lose one point for each trick they took",
    bid: "lose as many points as they bid",
    six: "lose six points",
  }[rules.fail_penalty];
  return `
    <p>Four players in two partnerships: you and North against West and East. The deck has 25
    cards: 9, 10, jack, queen, king and ace of each suit, and one Joker, always the highest trump.</p>
    <h3>Bidding</h3>${bidding}<p>${allPass}</p>
    <h3>Widow, trump and discard</h3>
    <p>Each player has six cards; the 25th card, the <strong>widow</strong>, lies face down. The highest
    bidder (the <strong>maker</strong>) picks it up, names any suit as trump, and discards one card face down.</p>
    ${alone}
    <h3>Playing</h3>
    <p>${lead} Follow the suit that was led if you can; otherwise play any card. The Joker and both
    jacks of the trump's colour count as trumps. The highest trump wins the trick, or, without
    trumps, the highest card of the suit led. The winner leads next.</p>
    <h3>Scoring</h3>
    <p>If the makers take at least their bid, they score a point for each trick they took. If they fall
    short, they ${fail}.${rules.defenders_score ? " The defenders score a point for each trick they take." : " The defenders score nothing."}
    Stakes double for big pepper and for playing alone. The first side to reach
    <strong>${rules.target}</strong> points wins.</p>`;
}

export function rulesHTML(rules, info, four) {
  const t = info.trump;
  const named = (c) => cardEl(c, four, spokenCard(c, info.card_roles));
  const trumps = info.trump_order.map(named).join("");
  const others = info.rank_order.slice(info.trump_order.length);
  const groups = [];
  let current = [];
  for (const c of others) {
    if (current.length && current[0][1] !== c[1]) {
      groups.push(current);
      current = [];
    }
    current.push(c);
  }
  if (current.length) groups.push(current);
  const side = groups
    .map((g) => `<div class="ranking" role="group" aria-label="${SUIT_WORD[g[0][1]]}, high to low">${g.map(named).join("")}</div>`)
    .join("");
  const picker = ["C", "D", "H", "S"]
    .map(
      (s) => `<button type="button" data-rank-trump="${s}" aria-pressed="${s === t}">${suitIcon(s, four, 16)} ${SUIT_WORD[s]}</button>`,
    )
    .join("");
  return `<div class="rules-text">${describeRules(rules)}
    <h3>Card ranking ${info.trump_is_current ? "this hand" : "by trump"}: ${SUIT_WORD[t]} trump</h3>
    <div class="suit-pick" role="group" aria-label="Show the ranking for a trump suit">${picker}</div>
    <p>Trumps, high to low: the Joker, the jack of trump (right bower), the other jack of the same colour (left bower), then ace, king, queen, 10, 9.</p>
    <div class="ranking trumps" role="group" aria-label="trumps, high to low">${trumps}</div>
    <p>Other suits, high to low:</p>${side}</div>`;
}

// ---- settings --------------------------------------------------------------------

function levelSelect(seat, level) {
  const options = BOT_LEVELS.map(
    (lv) => `<option value="${lv}"${lv === level ? " selected" : ""}>${lv[0].toUpperCase()}${lv.slice(1)}</option>`,
  ).join("");
  const id = `level-${seat}`;
  return `<div class="field"><label for="${id}">${SEAT_LONG[seat]}</label>
    <select id="${id}" name="${id}" data-level-seat="${seat}">${options}</select></div>`;
}

function fieldHTML(field, value) {
  const id = `rule-${field.name}`;
  let input;
  if (field.type === "bool") {
    input = `<input type="checkbox" id="${id}" name="${field.name}" data-rule="${field.name}" aria-describedby="${id}-help"${value ? " checked" : ""}>`;
  } else if (field.type === "int") {
    input = `<input type="number" id="${id}" name="${field.name}" data-rule="${field.name}" min="${field.min}" max="${field.max}" value="${value}" inputmode="numeric" aria-describedby="${id}-help">`;
  } else {
    const options = field.choices
      .map((c) => `<option value="${c.value}"${c.value === value ? " selected" : ""}>${escapeHTML(c.label)}</option>`)
      .join("");
    input = `<select id="${id}" name="${field.name}" data-rule="${field.name}" aria-describedby="${id}-help">${options}</select>`;
  }
  return `<div class="field"><label for="${id}">${escapeHTML(field.label)}</label>${input}
    <span class="help" id="${id}-help">${escapeHTML(field.help)}</span></div>`;
}

export function settingsHTML(settings, info, currentRules) {
  const rules = currentRules;
  const presetOptions = info.presets
    .map((p) => `<option value="${p.name}">${escapeHTML(p.label)}</option>`)
    .join("");
  const auto = `<option value=""${settings.speed ? "" : " selected"}>${fillText(TEXT.speedAuto, {
    speed: SPEEDS[systemSpeed()].label.toLowerCase(),
  })}</option>`;
  const speeds =
    auto +
    Object.entries(SPEEDS)
      .map(([k, v]) => `<option value="${k}"${k === settings.speed ? " selected" : ""}>${v.label}</option>`)
      .join("");
  return `
    <fieldset><legend>Players</legend>
      ${[1, 2, 3].map((s) => levelSelect(s, settings.levels[s])).join("")}
    </fieldset>
    <fieldset><legend>Rules (for the next game)</legend>
      <div class="field"><label for="rule-preset">Rule set</label>
        <select id="rule-preset" name="preset" data-preset>${presetOptions}<option value="">Custom</option></select></div>
      ${info.fields.map((f) => fieldHTML(f, rules[f.name])).join("")}
    </fieldset>
    <fieldset><legend>Table</legend>
      <div class="field"><label for="speed">Animation speed</label><select id="speed" name="speed" data-speed-select aria-describedby="speed-help">${speeds}</select>
        <span class="help" id="speed-help">${TEXT.speedHelp}</span></div>
      <div class="field"><label for="four-colour">Four-colour suits</label>
        <input type="checkbox" id="four-colour" name="fourColour" data-four-colour aria-describedby="four-colour-help"${settings.fourColour ? " checked" : ""}>
        <span class="help" id="four-colour-help">${TEXT.fourColourHelp}</span></div>
    </fieldset>
    <p class="form-error" id="settings-error" role="alert"></p>
    <div class="buttons">
      <button type="button" data-action="cancel">Cancel</button>
      <button type="button" data-action="save" class="primary">Save</button>
    </div>`;
}

/** Read the rule fields of the settings form into a rules object. */
export function readRules(form, info) {
  const rules = {};
  for (const field of info.fields) {
    const el = form.querySelector(`[data-rule="${field.name}"]`);
    if (field.type === "bool") rules[field.name] = el.checked;
    else if (field.type === "int") rules[field.name] = Number(el.value);
    else rules[field.name] = el.value;
  }
  return rules;
}

export function sameRules(a, b) {
  return Object.keys(a).every((k) => a[k] === b[k]) && Object.keys(b).every((k) => a[k] === b[k]);
}
