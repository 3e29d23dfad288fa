// Settings and the saved game, both in localStorage.
//
// Settings: who plays each seat, the rules for the next game, animation
// speed (null: automatic — instant when the system asks for reduced motion)
// and four-colour suits. The saved game is the engine's own save
// (Game.to_json()) plus the seat levels, written after every action.

import VOCABULARY from "../shared/vocabulary.js";

const SETTINGS_KEY = "hasenpfeffer.settings.v1";
const SAVE_KEY = "hasenpfeffer.game.v1";
const SAVE_FORMAT = "hasenpfeffer-web-save";
// The version of this record around the engine's save (which has its own
// version, checked by the engine). A newer record is refused with a message,
// never misread; older ones would be migrated here.
const SAVE_VERSION = 1;

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
});

// In an embed (index.html?embed=...) nothing is stored: each load is a fresh
// game with the embed's rules, and embeds on one page do not share a save.
const EMBEDDED = new URLSearchParams(globalThis.location?.search ?? "").has("embed");

/** The speed the system asks for: instant under prefers-reduced-motion. */
export function systemSpeed() {
  const reduce = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  return reduce ? "instant" : "normal";
}

/** The speed in force: the one chosen, else the system's. */
export function effectiveSpeed(settings) {
  return settings.speed in SPEEDS ? settings.speed : systemSpeed();
}

function storage() {
  if (EMBEDDED) return null;
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: play on without saving
  }
}

function clean(raw) {
  const s = { ...DEFAULT_SETTINGS, levels: [...DEFAULT_SETTINGS.levels] };
  if (!raw || typeof raw !== "object") return s;
  if (Array.isArray(raw.levels) && raw.levels.length === 4) {
    s.levels = raw.levels.map((lv, seat) =>
      seat === 0 ? HUMAN : BOT_LEVELS.includes(lv) ? lv : DEFAULT_SETTINGS.levels[seat],
    );
  }
  if (typeof raw.rules === "string" || (raw.rules && typeof raw.rules === "object")) s.rules = raw.rules;
  if (raw.speed in SPEEDS) s.speed = raw.speed;
  s.fourColour = Boolean(raw.fourColour);
  return s;
}

export function loadSettings() {
  const store = storage();
  try {
    return clean(JSON.parse(store?.getItem(SETTINGS_KEY) ?? "null"));
  } catch {
    return clean(null);
  }
}

export function saveSettings(settings) {
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* full or disabled storage: settings last for this visit */
  }
}

/**
 * Settings given in the address (for links and automated tests):
 * ?speed=instant&bots=random (or bots=easy,medium,hard for West,North,East)
 * &preset=pepper&target=5&seed=42&colours=4. Returns {settings, seed}.
 */
export function applyQuery(settings, search) {
  const q = new URLSearchParams(search);
  const s = { ...settings, levels: [...settings.levels] };
  if (q.get("speed") in SPEEDS) s.speed = q.get("speed");
  const bots = q.get("bots");
  if (bots) {
    const list = bots.split(",");
    for (let seat = 1; seat < 4; seat++) {
      const lv = list.length === 3 ? list[seat - 1] : list[0];
      if (BOT_LEVELS.includes(lv)) s.levels[seat] = lv;
    }
  }
  const preset = q.get("preset");
  const target = q.get("target");
  if (preset || target) {
    const base = typeof s.rules === "string" ? { preset: s.rules } : { ...s.rules };
    if (preset) {
      for (const key of Object.keys(base)) delete base[key];
      base.preset = preset;
    }
    if (target && /^\d+$/.test(target)) base.target = Number(target);
    s.rules = base;
  }
  if (q.has("colours")) s.fourColour = q.get("colours") === "4";
  const seed = q.get("seed");
  return { settings: s, seed: seed && /^\d+$/.test(seed) ? Number(seed) : undefined };
}

/** The saved game, or {error} when something unreadable is stored: the error is the
 * catalogue key's last part (`notice.save_foreign`, `notice.save_newer`, `notice.save_unreadable`). */
export function readSave() {
  const store = storage();
  const text = store?.getItem(SAVE_KEY);
  if (text == null) return {};
  try {
    const record = JSON.parse(text);
    if (!record || record.format !== SAVE_FORMAT || typeof record.save !== "string") {
      return { error: "save_foreign" };
    }
    if (typeof record.version === "number" && record.version > SAVE_VERSION) {
      return { error: "save_newer" };
    }
    return { record };
  } catch {
    return { error: "save_unreadable" };
  }
}

export function writeSave(save, levels) {
  try {
    storage()?.setItem(SAVE_KEY, JSON.stringify({ format: SAVE_FORMAT, version: SAVE_VERSION, save, levels }));
  } catch {
    /* full or disabled storage */
  }
}

export function clearSave() {
  try {
    storage()?.removeItem(SAVE_KEY);
  } catch {
    /* ignore */
  }
}
