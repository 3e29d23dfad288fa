// The player's statistics, kept in the browser: games and hands played and
// won, bids made and failed by level and preset, points per hand, the hand
// review's losses and the deals of the day; a small SVG chart of them. Games
// played with open hands at any point (practice: every card face up) are counted
// apart, with their hands: never as plain games won, nor in bids and points.
//
// The figures come from the engine's answers (a finished hand's record, the
// review's losses); nothing here knows a rule. Every change is a
// read-modify-write of the stored record, so two tabs that both finish hands
// add to one record instead of overwriting each other. A stored record that
// cannot be read is kept aside (BACKUP_KEY) and the caller is told, never
// silently replaced.

export const STATS_KEY = "hasenpfeffer.stats.v1";
export const BACKUP_KEY = "hasenpfeffer.stats.unreadable";
export const STATS_FORMAT = "hasenpfeffer-stats";
export const STATS_VERSION = 1;
/** The series (points per hand, review losses) keep this many latest entries; a stored
 * record is read up to this many too (the newest), however long its series are (an
 * export edited by hand, an older page's record): the page never works through more. */
export const SERIES_LIMIT = 200;
/** Deals of the day kept (the latest). */
export const DAILY_LIMIT = 60;

/** Puzzles tried kept in the history (the latest; their ids are not offered again). */
export const PUZZLE_LIMIT = 300;

/** The puzzles' figures before any is tried: a Glicko-2 rating as the engine's
 * (hasenpfeffer.rating: 1500, deviation 350, volatility 0.06), the streak of puzzles
 * solved in a row and the best one, the history and the figures per theme. */
export function emptyPuzzles() {
  return { rating: 1500, deviation: 350, volatility: 0.06, solved: 0, failed: 0, streak: 0, best: 0, history: [], themes: {} };
}

/** A record with nothing counted yet. */
export function emptyStats() {
  return {
    format: STATS_FORMAT,
    version: STATS_VERSION,
    games: { played: 0, won: 0 },
    hands: { played: 0, won: 0 },
    // "preset|level" (the opponents' level) -> { made, failed }
    bids: {},
    points: [], // { at, points, preset, level }: the player's side's points in each hand
    losses: [], // { at, loss }: the points a reviewed hand's card play lost
    daily: {}, // date -> { points, hard, oracle }
    // games and hands played with open hands (practice), never in the counts above
    practice: { games: { played: 0, won: 0 }, hands: { played: 0, won: 0 } },
    puzzles: emptyPuzzles(),
  };
}

const isCount = (n) => Number.isInteger(n) && n >= 0 && n <= 1e9;
const isTime = (n) => Number.isSafeInteger(n) && n >= 0; // milliseconds since 1970
const isPoints = (n) => Number.isFinite(n) && Math.abs(n) <= 1e6;
const isText = (s, max = 40) => typeof s === "string" && s.length > 0 && s.length <= max;
const isDate = (s) => typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s);

function pair(value) {
  return value && typeof value === "object" && isCount(value.played) && isCount(value.won) && value.won <= value.played;
}

/** The record of `text`, checked field by field; null when it cannot be one.
 * An unknown newer version is not guessed at: null too. */
export function parseStats(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || data.format !== STATS_FORMAT || data.version !== STATS_VERSION) return null;
  if (!pair(data.games) || !pair(data.hands)) return null;
  const out = emptyStats();
  out.games = { played: data.games.played, won: data.games.won };
  out.hands = { played: data.hands.played, won: data.hands.won };
  if (!data.bids || typeof data.bids !== "object") return null;
  for (const [key, value] of Object.entries(data.bids)) {
    if (!isText(key, 80) || !value || !isCount(value.made) || !isCount(value.failed)) return null;
    out.bids[key] = { made: value.made, failed: value.failed };
  }
  if (!Array.isArray(data.points) || !Array.isArray(data.losses)) return null;
  // the newest SERIES_LIMIT entries only (slice: no list is ever spread into arguments)
  for (const p of data.points.slice(-SERIES_LIMIT)) {
    if (!p || !isTime(p.at) || !isPoints(p.points) || !isText(p.preset) || !isText(p.level)) return null;
    out.points.push({ at: p.at, points: p.points, preset: p.preset, level: p.level });
  }
  for (const l of data.losses.slice(-SERIES_LIMIT)) {
    if (!l || !isTime(l.at) || !isPoints(l.loss) || l.loss < 0) return null;
    out.losses.push({ at: l.at, loss: l.loss });
  }
  if (!data.daily || typeof data.daily !== "object") return null;
  for (const [date, d] of Object.entries(data.daily)) {
    if (!isDate(date) || !d || !isPoints(d.points)) return null;
    const entry = { points: d.points, hard: null, oracle: null };
    for (const who of ["hard", "oracle"]) {
      if (d[who] !== null && d[who] !== undefined) {
        if (!isPoints(d[who])) return null;
        entry[who] = d[who];
      }
    }
    out.daily[date] = entry;
  }
  // practice (open hands): absent from a record written before it was counted
  if (data.practice !== undefined) {
    if (!data.practice || typeof data.practice !== "object" || !pair(data.practice.games) || !pair(data.practice.hands)) return null;
    out.practice = {
      games: { played: data.practice.games.played, won: data.practice.games.won },
      hands: { played: data.practice.hands.played, won: data.practice.hands.won },
    };
  }
  // puzzles: absent from a record written before they were counted
  if (data.puzzles !== undefined) {
    out.puzzles = parsePuzzles(data.puzzles);
    if (!out.puzzles) return null;
  }
  return out;
}

const isId = (s) => typeof s === "string" && /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(s);

function parsePuzzles(data) {
  if (!data || typeof data !== "object") return null;
  const { rating, deviation, volatility } = data;
  if (![rating, deviation].every((n) => Number.isFinite(n) && n >= 0 && n <= 4000)) return null;
  if (!Number.isFinite(volatility) || volatility <= 0 || volatility > 1) return null;
  if (![data.solved, data.failed, data.streak, data.best].every(isCount)) return null;
  if (!Array.isArray(data.history) || !data.themes || typeof data.themes !== "object") return null;
  const out = { ...emptyPuzzles(), rating, deviation, volatility, solved: data.solved, failed: data.failed, streak: data.streak, best: data.best };
  for (const h of data.history.slice(-PUZZLE_LIMIT)) {
    if (!h || !isTime(h.at) || !isId(h.id) || typeof h.solved !== "boolean" || !Number.isFinite(h.rating)) return null;
    out.history.push({ at: h.at, id: h.id, solved: h.solved, rating: h.rating });
  }
  for (const [theme, v] of Object.entries(data.themes)) {
    if (!isText(theme) || !v || !isCount(v.solved) || !isCount(v.failed)) return null;
    out.themes[theme] = { solved: v.solved, failed: v.failed };
  }
  return out;
}

/** Count a puzzle tried: `solved` or not, `rating` the engine's rating after it
 * ({rating, deviation, volatility}), `themes` the puzzle's. */
export function countPuzzle(stats, { id, solved, rating, themes = [], at = Date.now() }) {
  const p = stats.puzzles;
  p.rating = rating.rating;
  p.deviation = rating.deviation;
  p.volatility = rating.volatility;
  p[solved ? "solved" : "failed"] += 1;
  p.streak = solved ? p.streak + 1 : 0;
  p.best = Math.max(p.best, p.streak);
  p.history.push({ at, id, solved, rating: rating.rating });
  trim(p.history, PUZZLE_LIMIT);
  for (const theme of themes) {
    const entry = (p.themes[theme] ??= { solved: 0, failed: 0 });
    entry[solved ? "solved" : "failed"] += 1;
  }
}

/** The stored statistics: `{ stats, problem }`. `problem` is null, or
 * "unreadable" when a stored record could not be read (it is then kept under
 * BACKUP_KEY, and the counts start again), or "unavailable" when the storage
 * cannot be used at all (the counts then live for this visit only). */
export function loadStats(storage) {
  let text;
  try {
    text = storage.getItem(STATS_KEY);
  } catch {
    return { stats: emptyStats(), problem: "unavailable" };
  }
  if (text === null) return { stats: emptyStats(), problem: null };
  const stats = parseStats(text);
  if (stats) return { stats, problem: null };
  try {
    storage.setItem(BACKUP_KEY, text);
    storage.removeItem(STATS_KEY);
  } catch {
    return { stats: emptyStats(), problem: "unavailable" };
  }
  return { stats: emptyStats(), problem: "unreadable" };
}

/** Apply `change` (a function that edits a record) to the stored record and
 * store it: read just before writing, so other tabs' counts are kept. The
 * answer is `{ stats, problem }`, `problem` "unreadable" (as loadStats),
 * "full" (the write failed: storage is full or refused) or null. */
export function changeStats(storage, change) {
  const { stats, problem } = loadStats(storage);
  change(stats);
  if (problem === "unavailable") return { stats, problem };
  try {
    storage.setItem(STATS_KEY, JSON.stringify(stats));
  } catch {
    return { stats, problem: "full" };
  }
  return { stats, problem };
}

const trim = (list, limit) => list.splice(0, Math.max(0, list.length - limit));

/** Count a finished hand. `record` is the engine's public hand record
 * (`points`, `maker`, `made`, `thrown_in`), `seat` the player's seat,
 * `preset` the rules' preset name and `level` the opponents' level; `practice`:
 * its game has had open hands (counted apart, nothing else). */
export function countHand(stats, { record, seat, preset, level, practice = false, at = Date.now() }) {
  const side = seat % 2;
  const mine = record.points[side];
  const theirs = record.points[1 - side];
  if (practice) {
    stats.practice.hands.played += 1;
    if (mine > theirs) stats.practice.hands.won += 1;
    return;
  }
  stats.hands.played += 1;
  if (mine > theirs) stats.hands.won += 1;
  if (!record.thrown_in && record.maker === seat && record.made !== null && record.made !== undefined) {
    const key = `${preset}|${level}`;
    const entry = (stats.bids[key] ??= { made: 0, failed: 0 });
    entry[record.made ? "made" : "failed"] += 1;
  }
  stats.points.push({ at, points: mine, preset, level });
  trim(stats.points, SERIES_LIMIT);
}

/** Count a finished game: whether the player's side won it; `practice`: open hands
 * were on at some point of it (a practice game, never a plain win). */
export function countGame(stats, { won, practice = false }) {
  const games = practice ? stats.practice.games : stats.games;
  games.played += 1;
  if (won) games.won += 1;
}

/** Count a reviewed hand: the points its card play lost (the review's sum). */
export function countReview(stats, { loss, at = Date.now() }) {
  stats.losses.push({ at, loss });
  trim(stats.losses, SERIES_LIMIT);
}

/** Count a deal of the day: the player's points, and the hard player's and
 * the oracle's from the same seat (null until known). */
export function countDaily(stats, { date, points, hard = null, oracle = null }) {
  const entry = (stats.daily[date] ??= { points, hard: null, oracle: null });
  entry.points = points;
  if (hard !== null) entry.hard = hard;
  if (oracle !== null) entry.oracle = oracle;
  const dates = Object.keys(stats.daily).sort();
  for (const old of dates.slice(0, Math.max(0, dates.length - DAILY_LIMIT))) delete stats.daily[old];
}

/** The record with every level renamed by `rename` (renamed-levels.js's currentLevel:
 * a former level, expert, is counted as the level that took its place): the bids kept
 * under both names are added together, the points relabelled. Returns the record. */
export function renameLevels(stats, rename) {
  const bids = {};
  for (const [key, entry] of Object.entries(stats.bids)) {
    const [preset, level, ...rest] = key.split("|");
    const name = level === undefined || rest.length ? key : `${preset}|${rename(level)}`;
    const sum = (bids[name] ??= { made: 0, failed: 0 });
    sum.made += entry.made;
    sum.failed += entry.failed;
  }
  stats.bids = bids;
  for (const p of stats.points) p.level = rename(p.level);
  return stats;
}

/** Bids made and failed, summed over the levels and presets asked for
 * (all when not given). */
export function bidTotals(stats, { preset = null, level = null } = {}) {
  let made = 0;
  let failed = 0;
  for (const [key, entry] of Object.entries(stats.bids)) {
    const [p, l] = key.split("|");
    if ((preset === null || p === preset) && (level === null || l === level)) {
      made += entry.made;
      failed += entry.failed;
    }
  }
  return { made, failed };
}

/** The record as text for the player to keep (the same shape as stored). */
export function exportStats(stats) {
  return JSON.stringify(stats, null, 2);
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** A small line chart of `values` (numbers, oldest first) as an SVG element
 * made with `doc` (the page's document): a zero line, the values joined, the
 * last value marked. `label` names it for screen readers (role img); the
 * numbers themselves are for the page to give as text beside it. */
export function chartSvg(doc, values, { label, width = 320, height = 96 } = {}) {
  const svg = doc.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("class", "stats-chart");
  const title = doc.createElementNS(SVG_NS, "title");
  title.textContent = label ?? "";
  svg.append(title);
  if (values.length === 0) return svg;
  const pad = 6;
  // (a loop: spreading a long list into Math.min's arguments overflows the stack)
  let low = 0;
  let high = 0;
  for (const v of values) {
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const span = high - low || 1;
  const x = (i) => pad + (values.length === 1 ? (width - 2 * pad) / 2 : (i * (width - 2 * pad)) / (values.length - 1));
  const y = (v) => pad + ((high - v) * (height - 2 * pad)) / span;
  const zero = doc.createElementNS(SVG_NS, "line");
  zero.setAttribute("class", "zero");
  zero.setAttribute("x1", String(pad));
  zero.setAttribute("x2", String(width - pad));
  zero.setAttribute("y1", y(0).toFixed(1));
  zero.setAttribute("y2", y(0).toFixed(1));
  const line = doc.createElementNS(SVG_NS, "polyline");
  line.setAttribute("class", "values");
  line.setAttribute("fill", "none");
  line.setAttribute("points", values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  const last = doc.createElementNS(SVG_NS, "circle");
  last.setAttribute("class", "last");
  last.setAttribute("r", "3");
  last.setAttribute("cx", x(values.length - 1).toFixed(1));
  last.setAttribute("cy", y(values[values.length - 1]).toFixed(1));
  svg.append(zero, line, last);
  return svg;
}

/** The running mean of `values` over windows of `size` (for a steadier line). */
export function runningMean(values, size = 10) {
  const out = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (i >= size) sum -= values[i - size];
    out.push(sum / Math.min(i + 1, size));
  }
  return out;
}
