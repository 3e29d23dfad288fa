// The dialogs' contents as markup: hand summary, game over, last trick, rules
// and the settings form (web/table/dialogs.js and settings-dialog.js paint them
// and open the dialogs). Every fact they show (scores, rank orders, rule
// choices) comes from the engine's answers; every word from the message
// catalogues (web/shared/locales/): this module only lays them out. Loaded when a
// dialog of the table is first shown (dialogs.js), or by the modules of dialogs loaded
// on first use: the first deal needs none of it (the cards' markup: card-markup.js).

import { spokenCard, suitIcon } from "../shared/cards.js";
import {
  asComputer,
  beforeYou,
  bidBeforeYou,
  bySeat,
  callWord,
  RANK_SHOWN,
  capitalise,
  compassName,
  isYou,
  seatName,
  suitName,
  teamName,
  teamWords,
  youTeam,
} from "../shared/i18n-terms.js";
import {
  formatList,
  formatNumber,
  formatSigned,
  hasKey,
  LANGUAGES,
  language,
  ltrRun,
  matchLanguage,
  storedLanguage,
  t,
} from "../shared/i18n.js";
import VOCABULARY from "../shared/vocabulary.js";
import { serverHosts } from "../together/servers.js";
import { escapeHTML } from "../shared/html.js";
import { cardEl } from "./card-markup.js";
import { drawnSeat } from "./places.js";
import { FRAMED } from "../shared/page.js";
import { BOT_LEVELS, HUMAN, internetHosts, MAX_SERVERS_TEXT, SPEEDS, systemSpeed } from "./settings.js";

/** A catalogue text, escaped for HTML. */
const tx = (key, params) => escapeHTML(t(key, params));

/** A number that keeps its own direction inside right-to-left text (a sign stays in front). */
const num = (text) => `<span class="num" dir="ltr">${escapeHTML(text)}</span>`;

function cls(n) {
  return n > 0 ? "plus" : n < 0 ? "minus" : "";
}

// ---- hand summary --------------------------------------------------------------

export function handHeadline(hand) {
  if (hand.thrown_in) {
    return tx(hand.widow === VOCABULARY.joker ? "summary.thrown_in.joker" : "summary.thrown_in");
  }
  const extras = [];
  if (hand.forced) extras.push(t("summary.forced"));
  if (hand.alone) extras.push(t("summary.alone"));
  if (hand.lone_defender != null) {
    const defended = () => bySeat("summary.defended_alone", hand.lone_defender);
    extras.push(beforeYou(hand.lone_defender, hand.number, handIndex(hand, "lone_defence")) ? asComputer(defended) : defended());
  }
  const team = hand.maker % 2;
  const us = team === youTeam();
  // from South the catalogue's own words; from another seat the other team by its names
  const side = us ? "us" : drawnSeat() === 0 ? "them" : "team";
  const key = `summary.${hand.made ? "made" : "failed"}.${side}`;
  // the bid a computer player made in a guest's seat before the guest took it: by the
  // seat's compass name (web/shared/i18n-terms.js beforeYou)
  const computers = bidBeforeYou({ auction: hand.auction ?? [], hand_number: hand.number }, hand.maker);
  return tx(key, {
    maker: computers ? compassName(hand.maker) : longName(hand.maker),
    team: teamWords(team),
    bid: callWord(hand.bid_call),
    extras: extras.length ? t("summary.extras", { list: formatList(extras) }) : "",
    trump: t("suit.trump", { suit: suitName(hand.trump) }),
    tricks: t("summary.tricks", { count: hand.tricks_won[team] }),
  });
}

/** The number of a hand's action in its hand_actions (engine/hasenpfeffer/game.py's
 * order after the auction's calls: the maker's trump, discard, alone or partner, then the
 * defenders' answers to a lone maker, the maker's left first): the maker's discard, or
 * the lone defender's answer (after the other defender's "no" where that came first). */
function handIndex(hand, action) {
  const calls = hand.auction?.length ?? 0;
  if (action === "discard") return calls + 1;
  return calls + (hand.lone_defender === (hand.maker + 1) % 4 ? 3 : 4);
}

/** A seat's long name ("You (South)", "North (partner)"), from the seat the table is drawn from. */
function longName(seat) {
  const viewer = drawnSeat();
  if (viewer === 0) return t(`seat.long.${seat}`);
  const compass = compassName(seat);
  if (seat === viewer) return t("seat.long.you", { seat: compass });
  return seat === (viewer + 2) % 4 ? t("seat.long.partner", { seat: compass }) : compass;
}

/** The dialog's title for a finished hand. */
export function summaryTitle(hand) {
  return t(hand.thrown_in ? "summary.title.thrown_in" : "summary.title.over", { n: hand.number + 1 });
}

/** A score as shown: a true minus sign, kept in front of the digits in any script. */
const score = (n) => formatSigned(n, { signDisplay: "negative" });

/** What the widow held and what the maker put away, once the hand is over (the
 * engine reveals both in the record of a hand that was played). */
function widowLine(hand, roles) {
  if (!hand.widow || !hand.discard) return "";
  const cards = { widow: spokenCard(hand.widow, roles), discard: spokenCard(hand.discard, roles) };
  const took = () => bySeat("summary.widow", hand.maker, cards);
  const text = beforeYou(hand.maker, hand.number, handIndex(hand, "discard")) ? asComputer(took) : took();
  return `<p class="summary-widow">${escapeHTML(text)}</p>`;
}

export function summaryHTML(hand, target, roles = {}) {
  // the player's team ("us") first
  const rows = [youTeam(), 1 - youTeam()]
    .map(
      (team) => `<tr class="${team === youTeam() ? "us" : ""}"><td>${escapeHTML(teamName(team))}</td><td>${num(formatNumber(hand.tricks_won[team]))}</td>
      <td class="${cls(hand.points[team])}">${num(formatSigned(hand.points[team]))}</td><td>${num(score(hand.scores[team]))}</td></tr>`,
    )
    .join("");
  return `<p class="headline">${handHeadline(hand)}</p>
    <table class="summary-table">
      <thead><tr><th>${tx("summary.col.team")}</th><th>${tx("summary.col.tricks")}</th><th>${tx("summary.col.points")}</th><th>${tx("summary.col.score")}</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>${widowLine(hand, roles)}
    <p>${tx("summary.first_to", { count: target })}</p>`;
}

/** The game-over dialog: its title says who won (once), its text the final score
 * with each side named. */
export function gameOverHTML(view, hand, roles = {}) {
  const us = youTeam();
  const them = 1 - us;
  let title;
  let final;
  if (drawnSeat() === 0) {
    title = t(view.winner === 0 ? "gameover.win" : "gameover.lose");
    final = tx("gameover.final", { us: score(view.scores[0]), them: score(view.scores[1]) });
  } else {
    // from another seat: its team is "us", the other team named
    title = view.winner === us ? t("gameover.win") : capitalise(t("gameover.team_wins", { team: teamWords(them) }));
    const teams = { us_team: teamWords(us), us: score(view.scores[us]), them_team: teamWords(them), them: score(view.scores[them]) };
    final = tx("gameover.final_teams", teams);
  }
  const parts = [`<p class="headline">${final}</p>`];
  if (hand) parts.push(summaryHTML(hand, view.rules.target, roles));
  return { title, html: parts.join("") };
}

// ---- a trick ---------------------------------------------------------------------

/** A trick laid out; `roles` are the engine's card_roles for its trump. */
export function trickHTML(trick, four, roles) {
  if (!trick) return `<p>${tx("last_trick.none")}</p>`;
  const figures = trick.cards
    .map(
      ({ seat, card }) => `<figure class="${seat === trick.winner ? "won" : ""}" data-seat="${escapeHTML(seat)}">${cardEl(card, four, spokenCard(card, roles))}
      <figcaption>${escapeHTML(seat === trick.winner ? bySeat("last_trick.wins", seat) : seatName(seat))}</figcaption></figure>`,
    )
    .join("");
  const card = spokenCard(trick.cards.find((c) => c.seat === trick.winner).card, roles);
  // four sentences: who led and who won, each the player ("you") or another seat
  const key = `last_trick.led${isYou(trick.leader) ? "_you" : ""}_won${isYou(trick.winner) ? "_you" : ""}`;
  const said = tx(key, { leader: seatName(trick.leader), winner: seatName(trick.winner), card });
  return `<div class="mini-trick">${figures}</div><p>${said}</p>`;
}

// ---- rules --------------------------------------------------------------------------

/** The catalogue's text for a rule's value (`rules.<part>.<value>`), or "" when these
 * words have none: a rule the game is not played with is not mentioned. */
const ruleText = (part, value, params) => (hasKey(`rules.${part}.${value}`) ? t(`rules.${part}.${value}`, params) : "");

/** What doubles the stake under these rules (big pepper, a lone maker, a lone
 * defender), from the rules' own fields: empty when nothing does. */
function doublings(rules) {
  return [
    ruleText("doubling.bidding", rules.bidding),
    rules.going_alone ? t("rules.doubling.going_alone") : "",
    rules.lone_defender ? t("rules.doubling.lone_defender") : "",
  ].filter(Boolean);
}

/** The rules text for the rules in force, from the rules.* messages: only what these
 * rules have (no big pepper without pepper bidding, no lone play without going alone). */
// The rules page's section for each heading of the rules dialog (docs/rules-page.md);
// the dialog's own headings on open hands, terms and fair play have none.
const RULES_PAGE_SECTIONS = Object.freeze({
  players: "players",
  deal: "dealing",
  bidding: "bidding",
  widow: "trump",
  alone: "alone",
  ranking: "ranking",
  play: "play",
  scoring: "scoring",
  presets: "rulesets",
});

/** A heading of the rules dialog, with a link to its section of the full rules
 * (rules.html, in the page's language and under the rule set in force). Inside
 * another page the link opens a tab of its own. */
function rulesHeading(key, preset) {
  const heading = `<h3>${tx(`rules.h.${key}`)}</h3>`;
  const section = RULES_PAGE_SECTIONS[key];
  if (!section) return heading;
  const query = new URLSearchParams({ lang: language() });
  if (preset && preset !== "seed") query.set("rules", preset);
  const label = tx("rules.full_label", { section: t(`rules.h.${key}`) });
  const target = FRAMED ? ' target="_blank" rel="noopener"' : "";
  return `${heading}<p class="full-rules"><a href="rules.html?${escapeHTML(query.toString())}#${section}"${target} aria-label="${label}">${tx("rules.full")}</a></p>`;
}

/** The rule set in force by name, when it is one of the presets (else null: rules of one's own). */
function namedPreset(info) {
  return info.presets.some((x) => x.name === info.preset) ? info.preset : null;
}

/** The numbers the rules text states, from the engine's words for the rules in force
 * (`rules_info`'s `rule_set.numbers`: cards, bids, the target...) and the ranks as the
 * cards show them: no catalogue text types one. */
function ruleNumbers(info) {
  const { stakes: _stakes, ...numbers } = info.rule_set.numbers;
  return { ...numbers, nine: RANK_SHOWN[9], ten: RANK_SHOWN.T };
}

function describeRules(rules, info) {
  const h = (key) => rulesHeading(key, namedPreset(info));
  const p = (...texts) => `<p>${texts.filter(Boolean).map(escapeHTML).join(" ")}</p>`;
  const n = ruleNumbers(info);
  const forced = callWord(String(rules.forced_bid));
  const doubled = doublings(rules);
  const parts = [
    h("players"),
    t("rules.players_html", n),
    h("deal"),
    t("rules.deal_html", n),
    h("bidding"),
    t(rules.bidding === "pepper" ? "rules.bidding.pepper_html" : "rules.bidding.standard_html", n),
    // when the auction ends, and what happens when nobody bids
    p(ruleText("auction_end", rules.bidding, n), ruleText("all_pass", rules.all_pass, { bid: forced })),
    h("widow"),
    t("rules.widow_html"),
  ];
  if (rules.going_alone) {
    parts.push(h("alone"), t("rules.alone_html"));
    if (rules.lone_defender) parts.push(t("rules.lone_defender_html"));
  }
  // who leads first, as the engine words these rules (rules_info's rule_set.table)
  const lead = `rules.lead.${info.rule_set.table.first_lead}`;
  parts.push(h("play"), p(t(lead)), t("rules.play_html", n), t("rules.example_html", n));
  parts.push(
    h("scoring"),
    p(
      t("rules.scoring.made"),
      hasKey(`rules.fail.${rules.fail_penalty}`) ? t(`rules.fail.${rules.fail_penalty}`, n) : "",
      t(rules.defenders_score ? "rules.defenders.score" : "rules.defenders.none"),
      doubled.length === 0 ? t("rules.stakes.single") : "",
      doubled.length === 1 ? t("rules.stakes.double", { item: doubled[0] }) : "",
      doubled.length > 1 ? t("rules.stakes.doubles", { list: formatList(doubled) }) : "",
      t("rules.stakes.below_zero"),
      t("rules.target", { count: rules.target }),
      // both sides reach the target in one hand only where the defenders score too
      rules.defenders_score ? t("rules.both_reach") : "",
    ),
  );
  const preset = info.presets.find((x) => x.name === info.preset);
  const current = preset ? t("rules.preset.current", { preset: presetLabel(preset) }) : t("rules.preset.custom");
  parts.push(h("presets"), p(current, t("rules.presets_text", { count: info.presets.length })), h("open"), t("rules.open_html"), h("terms"), t("rules.terms_html"), h("fair"), t("rules.fair_html"));
  return parts.join("\n");
}

export function rulesHTML(rules, info, four) {
  const trump = info.trump;
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
    .map(
      (g) =>
        `<div class="ranking" role="group" aria-label="${tx("rules.ranking.suit_label", { suit: suitName(g[0][1]) })}">${g.map(named).join("")}</div>`,
    )
    .join("");
  const picker = VOCABULARY.suits
    .map(
      (s) =>
        `<button type="button" data-rank-trump="${s}" aria-pressed="${s === trump}">${suitIcon(s, four, 16)} ${escapeHTML(suitName(s))}</button>`,
    )
    .join("");
  const heading = info.trump_is_current ? "rules.ranking.current" : "rules.ranking.example";
  // which card is higher comes first: it is what a player looks up most
  return `<div class="rules-text">
    ${rulesHeading("ranking", namedPreset(info))}
    <h4>${tx(heading, { suit: suitName(trump) })}</h4>
    <div class="suit-pick" role="group" aria-label="${tx("rules.ranking.pick_label")}">${picker}</div>
    <p>${tx("rules.ranking.trumps_text", ruleNumbers(info))}</p>
    <div class="ranking trumps" role="group" aria-label="${tx("rules.ranking.trumps_label")}">${trumps}</div>
    <p>${tx("rules.ranking.others")}</p>${side}
    ${t("rules.ranking_html", ruleNumbers(info))}
    ${describeRules(rules, info)}</div>`;
}

// ---- settings --------------------------------------------------------------------

// The numbers the settings' words state, the engine's (web/shared/vocabulary.js): a
// translator never types one. Bids by number as the default rule set has them, pepper
// bids and the points a failed bid costs under "six" as the pepper rule set has them.
const SETTINGS_NUMBERS = {
  min_bid: VOCABULARY.rule_sets.seed.numbers.min_bid,
  top_bid: VOCABULARY.rule_sets.seed.numbers.top_bid,
  pepper_min_bid: VOCABULARY.rule_sets.pepper.numbers.min_bid,
  pepper_top_bid: VOCABULARY.rule_sets.pepper.numbers.top_bid,
  fail_points: VOCABULARY.rule_sets.pepper.numbers.fail_points,
};
/** The catalogue's text for `key`, or the engine's own when the catalogue has none. */
const byName = (key, fallback) => (hasKey(key) ? t(key, SETTINGS_NUMBERS) : (fallback ?? key));

function presetLabel(preset) {
  return byName(`settings.preset.${preset.name}`, preset.label);
}

function levelSelect(seat, level) {
  // a person: pass-and-play, the device handed to that seat in its turn
  const options = [...BOT_LEVELS, HUMAN].map(
    (lv) => `<option value="${lv}"${lv === level ? " selected" : ""}>${tx(`settings.level.${lv}`)}</option>`,
  ).join("");
  const id = `level-${seat}`;
  return `<div class="field"><label for="${id}">${tx(`seat.long.${seat}`)}</label>
    <select id="${id}" name="${id}" data-level-seat="${seat}">${options}</select></div>`;
}

function fieldHTML(field, value) {
  const id = `rule-${escapeHTML(field.name)}`;
  const name = escapeHTML(field.name);
  let input;
  if (field.type === "bool") {
    input = `<input type="checkbox" id="${id}" name="${name}" data-rule="${name}" aria-describedby="${id}-help"${value ? " checked" : ""}>`;
  } else if (field.type === "int") {
    // stored settings are data: every value is escaped as it goes into the markup
    input = `<input type="number" id="${id}" name="${name}" data-rule="${name}" min="${escapeHTML(field.min)}" max="${escapeHTML(field.max)}" value="${escapeHTML(value)}" inputmode="numeric" aria-describedby="${id}-help">`;
  } else {
    const options = field.choices
      .map(
        (c) =>
          `<option value="${escapeHTML(c.value)}"${c.value === value ? " selected" : ""}>${escapeHTML(byName(`settings.choice.${c.value}`, c.label))}</option>`,
      )
      .join("");
    input = `<select id="${id}" name="${name}" data-rule="${name}" aria-describedby="${id}-help">${options}</select>`;
  }
  const label = byName(`settings.field.${field.name}`, field.label);
  const help = byName(`settings.field.${field.name}.help`, field.help);
  return `<div class="field"><label for="${id}">${escapeHTML(label)}</label>${input}
    <span class="help" id="${id}-help">${escapeHTML(help)}</span></div>`;
}

/** The rule fields named in an engine message, as the form labels them. */
export function fieldLabels(message, info) {
  return info.fields
    .filter((f) => new RegExp(`\\b${f.name}\\b`).test(message))
    .map((f) => byName(`settings.field.${f.name}`, f.label));
}

function languageSelect() {
  // what decides the language now: a ?lang= link, else the remembered choice, else automatic
  const fromLink = matchLanguage(new URLSearchParams(location.search).get("lang"));
  const chosen = fromLink ?? storedLanguage() ?? "";
  const options = [`<option value=""${chosen ? "" : " selected"}>${tx("language.auto")}</option>`]
    .concat(
      LANGUAGES.map(
        (l) => `<option value="${l.code}" lang="${l.code}" dir="${l.dir}"${l.code === chosen ? " selected" : ""}>${escapeHTML(l.name)}</option>`,
      ),
    )
    .join("");
  return `<div class="field"><label for="language">${tx("language.label")}</label>
    <select id="language" name="language" data-language-select data-initial="${escapeHTML(chosen)}" aria-describedby="language-help">${options}</select>
    <span class="help" id="language-help">${tx("language.help")}</span></div>`;
}

export function settingsHTML(settings, info, currentRules) {
  const rules = currentRules;
  const presetOptions = info.presets
    .map((preset) => `<option value="${escapeHTML(preset.name)}">${escapeHTML(presetLabel(preset))}</option>`)
    .join("");
  const automatic = t(`settings.speed.${systemSpeed()}`).toLocaleLowerCase(language());
  const auto = `<option value=""${settings.speed ? "" : " selected"}>${tx("settings.speed.auto", { speed: automatic })}</option>`;
  const speeds =
    auto +
    Object.keys(SPEEDS)
      .map((k) => `<option value="${k}"${k === settings.speed ? " selected" : ""}>${tx(`settings.speed.${k}`)}</option>`)
      .join("");
  return `
    <fieldset><legend>${tx("settings.players")}</legend>
      <p class="fieldset-note">${tx("settings.players_note")}</p>
      ${[1, 2, 3].map((s) => levelSelect(s, settings.levels[s])).join("")}
    </fieldset>
    <fieldset><legend>${tx("settings.rules")}</legend>
      <p class="fieldset-note">${tx("settings.rules_note")}</p>
      <div class="field"><label for="rule-preset">${tx("settings.rule_set")}</label>
        <select id="rule-preset" name="preset" data-preset>${presetOptions}<option value="">${tx("settings.custom")}</option></select></div>
      ${info.fields.map((f) => fieldHTML(f, rules[f.name])).join("")}
    </fieldset>
    <fieldset><legend>${tx("settings.table")}</legend>
      ${languageSelect()}
      <div class="field"><label for="speed">${tx("settings.speed")}</label><select id="speed" name="speed" data-speed-select aria-describedby="speed-help">${speeds}</select>
        <span class="help" id="speed-help">${tx("settings.speed.help")}</span></div>
      <div class="field"><label for="four-colour">${tx("settings.four_colour")}</label>
        <input type="checkbox" id="four-colour" name="fourColour" data-four-colour aria-describedby="four-colour-help"${settings.fourColour ? " checked" : ""}>
        <span class="help" id="four-colour-help">${tx("settings.four_colour.help")}</span></div>
      <div class="field"><label for="open-hands">${tx("settings.open_hands")}</label>
        <input type="checkbox" id="open-hands" name="openHands" data-open-hands aria-describedby="open-hands-help"${settings.openHands ? " checked" : ""}>
        <span class="help" id="open-hands-help">${tx("settings.open_hands.help")}</span></div>
    </fieldset>
    ${internetHTML(settings)}
    <p class="form-error" id="settings-error" role="alert"></p>
    <div class="buttons">
      <button type="button" data-action="cancel">${tx("dialog.cancel")}</button>
      <button type="button" data-action="save" class="primary">${tx("dialog.save")}</button>
    </div>`;
}

/** The host names of the servers' text, for the privacy note: "a.org and b.org" in the language. */
export function hostList(hosts) {
  return formatList(hosts.map(ltrRun));
}

/** The privacy note of internet play, naming the servers' hosts once there are some. */
export function internetNote(serversText) {
  const hosts = serverHosts(serversText);
  const who = hosts.length
    ? t("settings.internet.note_named", { hosts: hostList(hosts), count: hosts.length })
    : t("settings.internet.note_unnamed");
  return `${who} ${t("settings.internet.note_rest")}`;
}

/** The line of the Together and Join dialogs naming the servers in use: "" when internet play is off. */
export function internetLine(settings) {
  const hosts = internetHosts(settings);
  return hosts.length ? t("together.internet_on", { hosts: hostList(hosts) }) : "";
}

/** Show a dialog's `[data-internet-line]`: the servers in use, hidden when there are none. */
export function paintInternetLine(box, settings) {
  const line = box.querySelector("[data-internet-line]");
  if (!line) return;
  const text = internetLine(settings);
  line.textContent = text;
  line.hidden = !text;
}

/** The reasons a LAN table's code is refused (web/together/signal.js's CodeRefused). */
const CODE_REFUSALS = new Set(["loopback", "link_local", "unspecified", "broadcast", "multicast", "public", "servers", "credentials"]);

/** Why another device's code was refused (link.js's LinkError `bad_code`), in words:
 * its reason's sentence, else the sentence of `fallback` (a catalogue key). */
export function codeRefusedText(err, fallback) {
  return CODE_REFUSALS.has(err?.reason) ? t(`together.code_refused.${err.reason}`) : t(fallback);
}

/** Internet play: off by default; when on, the STUN/TURN servers, one a line, and the privacy note. */
function internetHTML(settings) {
  const on = settings.internetPlay === true;
  return `<fieldset><legend>${tx("settings.internet")}</legend>
      <div class="field"><label for="internet-play">${tx("settings.internet.on")}</label>
        <input type="checkbox" id="internet-play" name="internetPlay" data-internet-play aria-describedby="internet-note"${on ? " checked" : ""}></div>
      <div class="internet-servers" data-internet-servers-field${on ? "" : " hidden"}>
        <label for="internet-servers">${tx("settings.internet.servers")}</label>
        <textarea id="internet-servers" name="internetServers" rows="3" spellcheck="false" autocomplete="off" maxlength="${MAX_SERVERS_TEXT}"
          data-internet-servers aria-describedby="internet-servers-help internet-note">${escapeHTML(settings.internetServers ?? "")}</textarea>
        <span class="help" id="internet-servers-help">${tx("settings.internet.servers_help")}</span>
      </div>
      <p class="fieldset-note" id="internet-note" data-internet-note>${escapeHTML(internetNote(settings.internetServers))}</p>
    </fieldset>`;
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
