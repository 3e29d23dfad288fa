// The settings, in localStorage, and those a link gives for one visit.
//
// Settings: who plays each seat, the rules for the next game, animation
// speed (null: automatic — instant when the system asks for reduced motion),
// four-colour suits, open hands (practice: every card face up, web/table/open-hands.js),
// and internet play (the opt-in STUN/TURN servers of the
// table on the network: off, and no server, by default). Every stored or linked value is checked here before the
// page or the engine sees it (and the engine checks the rules again). The
// address's values (?speed=&bots=&preset=&target=&seed=&colours=&open=) apply to this
// visit only: they are stored only when the player saves the settings dialog.
// The saved game is web/table/saves.js's.

import { storage } from "../shared/page.js";
import VOCABULARY from "../shared/vocabulary.js";
import { iceServersFrom, serverHosts } from "../together/servers.js";
import { currentLevel } from "./renamed-levels.js";

const SETTINGS_KEY = "hasenpfeffer.settings.v1";
// a preset's name, a rule's name (the engine's names are of this shape)
const NAME = /^[a-z][a-z0-9_-]{0,31}$/;
const MAX_RULE_FIELDS = 32;
const MAX_RULE_TEXT = 40;
const MAX_LINK_QUOTE = 40;
// the servers' text as stored: a few lines (servers.js's iceServersFrom checks them)
export const MAX_SERVERS_TEXT = 1000;
// the seeds the engine takes: whole numbers that stay exact in JavaScript
const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** The levels of the computer players, and the player's own (the engine's names). */
export const BOT_LEVELS = Object.freeze([...VOCABULARY.bot_levels]);
export const HUMAN = VOCABULARY.levels.find((level) => !BOT_LEVELS.includes(level));
const DEFAULT_BOT = "medium";
export const SPEEDS = {
  slow: { factor: 1.6 },
  normal: { factor: 1 },
  fast: { factor: 0.45 },
  instant: { factor: 0 },
};

export const DEFAULT_SETTINGS = Object.freeze({
  levels: [HUMAN, DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT],
  rules: "seed",
  speed: null,
  fourColour: false,
  // open hands (practice): every card face up, for one person alone at this device
  openHands: false,
  // internet play: the player's STUN/TURN servers, one a line (the text as written)
  internetPlay: false,
  internetServers: "",
});

/** The speed the system asks for: instant under prefers-reduced-motion. */
export function systemSpeed() {
  const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "instant" : "normal";
}

/** The speed in force: the one chosen, else the system's. */
export function effectiveSpeed(settings) {
  return settings.speed in SPEEDS ? settings.speed : systemSpeed();
}

/** Rules as settings may hold them: a preset's name, or {preset?, field: value...}
 * with names of the engine's shape and plain values; null when `raw` is not that. */
function cleanRules(raw) {
  if (typeof raw === "string") return NAME.test(raw) ? raw : null;
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const entries = Object.entries(raw);
  if (entries.length > MAX_RULE_FIELDS) return null;
  const rules = {};
  for (const [name, value] of entries) {
    if (!NAME.test(name)) return null;
    const plain =
      typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value)) ||
      (typeof value === "string" && value.length <= MAX_RULE_TEXT);
    if (!plain) return null;
    rules[name] = value;
  }
  if ("preset" in rules && !(typeof rules.preset === "string" && NAME.test(rules.preset))) return null;
  return rules;
}

function clean(raw) {
  const s = { ...DEFAULT_SETTINGS, levels: [...DEFAULT_SETTINGS.levels] };
  if (!raw || typeof raw !== "object") return s;
  if (Array.isArray(raw.levels) && raw.levels.length === 4) {
    // a former level (expert) is the level that took its place (renamed-levels.js)
    s.levels = raw.levels.map(currentLevel).map((lv, seat) =>
      seat === 0 ? HUMAN : BOT_LEVELS.includes(lv) || lv === HUMAN ? lv : DEFAULT_SETTINGS.levels[seat],
    );
  }
  s.rules = cleanRules(raw.rules) ?? DEFAULT_SETTINGS.rules;
  if (typeof raw.speed === "string" && Object.hasOwn(SPEEDS, raw.speed)) s.speed = raw.speed;
  s.fourColour = raw.fourColour === true;
  s.openHands = raw.openHands === true;
  const servers = checkedServers(raw.internetServers);
  if (servers !== null) {
    s.internetServers = servers.text;
    s.internetPlay = raw.internetPlay === true && servers.count > 0;
  }
  return s;
}

/** `{text, count}` when `text` is the servers' text iceServersFrom accepts, else null. */
function checkedServers(text) {
  if (typeof text !== "string" || text.length > MAX_SERVERS_TEXT) return null;
  try {
    return { text, count: iceServersFrom(text).length };
  } catch {
    return null;
  }
}

/**
 * The STUN/TURN servers the table's connections use (link.js's `iceServers`):
 * none unless internet play is on, so that nothing but the players' devices is
 * contacted by default.
 */
export function iceServersInUse(settings) {
  if (settings?.internetPlay !== true) return [];
  try {
    return iceServersFrom(settings.internetServers);
  } catch {
    return [];
  }
}

/** The host names of the servers in use (none when internet play is off). */
export function internetHosts(settings) {
  return iceServersInUse(settings).length ? serverHosts(settings.internetServers) : [];
}

// the settings as stored, and the fields this visit took from its link instead
let stored = clean(null);
const fromLink = new Set();

export function loadSettings() {
  const store = storage();
  try {
    stored = clean(JSON.parse(store?.getItem(SETTINGS_KEY) ?? "null"));
  } catch {
    stored = clean(null);
  }
  return { ...stored, levels: [...stored.levels] };
}

/**
 * Store the settings. The values this visit took from its link stay out (the stored
 * ones are kept for them) unless `chosen`: the player saved the settings dialog,
 * where they saw them.
 */
export function saveSettings(settings, { chosen = false } = {}) {
  const next = { ...settings };
  if (chosen) fromLink.clear();
  else for (const field of fromLink) next[field] = stored[field];
  stored = clean(next);
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(stored));
  } catch {
    /* full or disabled storage: settings last for this visit */
  }
}

/** A link's value as the notice quotes it: short, whatever was sent. */
function quoted(name, value) {
  const text = value.length > MAX_LINK_QUOTE ? `${value.slice(0, MAX_LINK_QUOTE)}…` : value;
  return `${name}=${text}`;
}

/**
 * Settings given in the address (for links and automated tests), for this visit:
 * ?speed=instant&bots=random (or bots=easy,medium,hard for West,North,East)
 * &preset=pepper&target=5&seed=42&colours=4&open=1. Returns {settings, seed, ignored}: the
 * settings with the link's values, the first game's seed, and the values that are
 * not valid (quoted, for a notice): those are ignored, nothing else changes.
 */
export function applyQuery(settings, search) {
  const q = new URLSearchParams(search);
  const s = { ...settings, levels: [...settings.levels] };
  const ignored = [];
  const take = (field) => fromLink.add(field);
  if (q.has("speed")) {
    const speed = q.get("speed");
    if (Object.hasOwn(SPEEDS, speed)) {
      s.speed = speed;
      take("speed");
    } else ignored.push(quoted("speed", speed));
  }
  if (q.has("bots")) {
    const bots = q.get("bots");
    const list = bots.split(",").map(currentLevel);
    if ((list.length === 1 || list.length === 3) && list.every((lv) => BOT_LEVELS.includes(lv))) {
      for (let seat = 1; seat < 4; seat++) s.levels[seat] = list.length === 3 ? list[seat - 1] : list[0];
      take("levels");
    } else ignored.push(quoted("bots", bots));
  }
  const preset = q.get("preset");
  const target = q.get("target");
  const goodPreset = preset !== null && NAME.test(preset);
  const goodTarget = target !== null && /^\d{1,4}$/.test(target);
  if (preset !== null && !goodPreset) ignored.push(quoted("preset", preset));
  if (target !== null && !goodTarget) ignored.push(quoted("target", target));
  if (goodPreset || goodTarget) {
    const base = typeof s.rules === "string" ? { preset: s.rules } : { ...s.rules };
    const rules = goodPreset ? { preset } : base;
    if (goodTarget) rules.target = Number(target);
    s.rules = rules;
    take("rules");
  }
  if (q.has("colours")) {
    const colours = q.get("colours");
    if (colours === "4" || colours === "2") {
      s.fourColour = colours === "4";
      take("fourColour");
    } else ignored.push(quoted("colours", colours));
  }
  if (q.has("open")) {
    const open = q.get("open");
    if (open === "1" || open === "0") {
      s.openHands = open === "1";
      take("openHands");
    } else ignored.push(quoted("open", open));
  }
  let seed;
  if (q.has("seed")) {
    const text = q.get("seed");
    if (/^\d{1,16}$/.test(text) && Number(text) <= MAX_SEED) seed = Number(text);
    else ignored.push(quoted("seed", text));
  }
  return { settings: s, seed, ignored };
}

/**
 * A fresh visit's settings for the link `search` (reset.js: the table set to a new game
 * without a reload): the stored settings read again, the link's values over them for
 * this visit (no field kept from an earlier link). Returns {settings, seed}; throws an
 * Error naming the values that are not valid, and then changes nothing. `dryRun`: only
 * the check.
 */
export function linkSettings(search, { dryRun = false } = {}) {
  const earlier = new Set(fromLink);
  fromLink.clear();
  const { settings, seed, ignored } = applyQuery(loadSettings(), search);
  if (ignored.length || dryRun) {
    fromLink.clear();
    for (const field of earlier) fromLink.add(field);
  }
  if (ignored.length) throw new Error(`not valid in the link: ${ignored.join(", ")}`);
  return { settings, seed };
}
