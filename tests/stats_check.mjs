// The statistics model (web/table/stats.js) under Node's test runner:
//   node --test tests/stats_check.mjs
// Storage is a Map-backed stand-in for localStorage (with a quota switch);
// the chart is drawn into a minimal stand-in for the DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  BACKUP_KEY,
  STATS_KEY,
  SERIES_LIMIT,
  bidTotals,
  changeStats,
  chartSvg,
  countDaily,
  countGame,
  countHand,
  countPuzzle,
  countReview,
  emptyStats,
  exportStats,
  loadStats,
  parseStats,
  PUZZLE_LIMIT,
  renameLevels,
  runningMean,
} from "../web/table/stats.js";

function memoryStorage() {
  const map = new Map();
  return {
    full: false,
    broken: false,
    getItem(key) {
      if (this.broken) throw new Error("SecurityError");
      return map.has(key) ? map.get(key) : null;
    },
    setItem(key, value) {
      if (this.broken) throw new Error("SecurityError");
      if (this.full) throw new Error("QuotaExceededError");
      map.set(key, String(value));
    },
    removeItem(key) {
      map.delete(key);
    },
  };
}

const made = { points: [5, 0], maker: 0, made: true, thrown_in: false };
const failed = { points: [-5, 0], maker: 0, made: false, thrown_in: false };
const theirs = { points: [0, 4], maker: 1, made: true, thrown_in: false };
const thrownIn = { points: [0, 0], maker: null, made: null, thrown_in: true };

test("a hand counts as played, won when the player's side scored more", () => {
  const s = emptyStats();
  countHand(s, { record: made, seat: 0, preset: "seed", level: "hard", at: 1 });
  countHand(s, { record: theirs, seat: 0, preset: "seed", level: "hard", at: 2 });
  countHand(s, { record: thrownIn, seat: 0, preset: "seed", level: "hard", at: 3 });
  assert.deepEqual(s.hands, { played: 3, won: 1 });
  assert.deepEqual(s.points.map((p) => p.points), [5, 0, 0]);
  // East-West's view of the same hands: its side is team 1
  const e = emptyStats();
  countHand(e, { record: theirs, seat: 1, preset: "seed", level: "hard" });
  assert.deepEqual(e.hands, { played: 1, won: 1 });
});

test("bids made and failed only for the player's own contracts, by preset and level", () => {
  const s = emptyStats();
  countHand(s, { record: made, seat: 0, preset: "seed", level: "hard" });
  countHand(s, { record: failed, seat: 0, preset: "seed", level: "medium" });
  countHand(s, { record: failed, seat: 0, preset: "traditional", level: "hard" });
  countHand(s, { record: theirs, seat: 0, preset: "seed", level: "hard" }); // not the player's bid
  countHand(s, { record: { ...made, maker: 2 }, seat: 0, preset: "seed", level: "hard" }); // partner's
  assert.deepEqual(bidTotals(s), { made: 1, failed: 2 });
  assert.deepEqual(bidTotals(s, { preset: "seed" }), { made: 1, failed: 1 });
  assert.deepEqual(bidTotals(s, { level: "hard" }), { made: 1, failed: 1 });
  assert.deepEqual(bidTotals(s, { preset: "traditional", level: "hard" }), { made: 0, failed: 1 });
});

test("the series keep only their latest entries", () => {
  const s = emptyStats();
  for (let i = 0; i < SERIES_LIMIT + 25; i++) {
    countHand(s, { record: made, seat: 0, preset: "seed", level: "hard", at: i });
    countReview(s, { loss: i % 3, at: i });
  }
  assert.equal(s.points.length, SERIES_LIMIT);
  assert.equal(s.points[0].at, 25);
  assert.equal(s.losses.length, SERIES_LIMIT);
  assert.equal(s.hands.played, SERIES_LIMIT + 25); // the counts are never trimmed
});

test("games and deals of the day", () => {
  const s = emptyStats();
  countGame(s, { won: true });
  countGame(s, { won: false });
  assert.deepEqual(s.games, { played: 2, won: 1 });
  countDaily(s, { date: "2026-12-01", points: 4 });
  countDaily(s, { date: "2026-12-01", points: 4, hard: 5 });
  countDaily(s, { date: "2026-12-01", points: 4, oracle: 6 });
  assert.deepEqual(s.daily["2026-12-01"], { points: 4, hard: 5, oracle: 6 });
});

test("a record survives storing and reading back, and exporting is the same record", () => {
  const storage = memoryStorage();
  changeStats(storage, (s) => countHand(s, { record: made, seat: 0, preset: "seed", level: "hard", at: 7 }));
  changeStats(storage, (s) => countGame(s, { won: true }));
  const { stats, problem } = loadStats(storage);
  assert.equal(problem, null);
  assert.deepEqual(stats.hands, { played: 1, won: 1 });
  assert.deepEqual(stats.games, { played: 1, won: 1 });
  assert.deepEqual(parseStats(exportStats(stats)), stats);
});

test("two tabs both counting: neither tab's counts are lost", () => {
  const storage = memoryStorage(); // one origin's storage, shared by the tabs
  const tabA = loadStats(storage).stats; // both tabs opened on the same record
  const tabB = loadStats(storage).stats;
  assert.deepEqual(tabA, tabB);
  changeStats(storage, (s) => countHand(s, { record: made, seat: 0, preset: "seed", level: "hard" }));
  changeStats(storage, (s) => countHand(s, { record: theirs, seat: 0, preset: "seed", level: "hard" }));
  assert.deepEqual(loadStats(storage).stats.hands, { played: 2, won: 1 });
});

test("an unreadable record is kept aside and reported, not overwritten", () => {
  const storage = memoryStorage();
  for (const bad of ["{not json", '{"format":"hasenpfeffer-stats","version":99}', '{"format":"x"}',
    JSON.stringify({ ...emptyStats(), hands: { played: 1, won: 5 } }),
    JSON.stringify({ ...emptyStats(), points: [{ at: 1, points: "lots", preset: "seed", level: "hard" }] })]) {
    storage.setItem(STATS_KEY, bad);
    storage.removeItem(BACKUP_KEY);
    const { stats, problem } = loadStats(storage);
    assert.equal(problem, "unreadable", bad);
    assert.deepEqual(stats, emptyStats());
    assert.equal(storage.getItem(BACKUP_KEY), bad);
    assert.equal(storage.getItem(STATS_KEY), null);
  }
});

test("a full or refused storage is reported, and the counts stay for the visit", () => {
  const storage = memoryStorage();
  storage.full = true;
  const { stats, problem } = changeStats(storage, (s) => countGame(s, { won: true }));
  assert.equal(problem, "full");
  assert.deepEqual(stats.games, { played: 1, won: 1 });
  storage.broken = true;
  assert.equal(loadStats(storage).problem, "unavailable");
  assert.equal(changeStats(storage, (s) => countGame(s, { won: false })).problem, "unavailable");
});

function fakeDocument() {
  const make = (tag) => ({
    tag,
    attrs: {},
    children: [],
    textContent: "",
    setAttribute(k, v) {
      this.attrs[k] = v;
    },
    append(...kids) {
      this.children.push(...kids);
    },
  });
  return { createElementNS: (ns, tag) => make(tag) };
}

test("the chart draws every value inside its box, the zero line where zero is", () => {
  const svg = chartSvg(fakeDocument(), [3, -2, 0, 5], { label: "Points per hand", width: 100, height: 50 });
  assert.equal(svg.attrs.role, "img");
  assert.equal(svg.children[0].textContent, "Points per hand");
  const [, zero, line, last] = svg.children;
  const points = line.attrs.points.split(" ").map((p) => p.split(",").map(Number));
  assert.equal(points.length, 4);
  for (const [x, y] of points) assert.ok(x >= 0 && x <= 100 && y >= 0 && y <= 50, `${x},${y}`);
  // the highest value is drawn highest, the lowest lowest
  const ys = points.map(([, y]) => y);
  assert.equal(Math.min(...ys), ys[3]);
  assert.equal(Math.max(...ys), ys[1]);
  assert.equal(Number(zero.attrs.y1), ys[2]); // the value 0 lies on the zero line
  assert.deepEqual([Number(last.attrs.cx), Number(last.attrs.cy)], points[3]);
  // no values: just the labelled frame
  assert.equal(chartSvg(fakeDocument(), [], { label: "x" }).children.length, 1);
});

test("the running mean", () => {
  assert.deepEqual(runningMean([2, 4, 6, 8], 2), [2, 3, 5, 7]);
  assert.deepEqual(runningMean([], 3), []);
});

test("a game with open hands at any point is practice: counted apart, never as a plain win", () => {
  const s = emptyStats();
  countHand(s, { record: made, seat: 0, preset: "seed", level: "hard", at: 1 }); // before open hands
  countHand(s, { record: made, seat: 0, preset: "seed", level: "hard", practice: true, at: 2 });
  countHand(s, { record: theirs, seat: 0, preset: "seed", level: "hard", practice: true, at: 3 });
  countGame(s, { won: true, practice: true });
  assert.deepEqual(s.games, { played: 0, won: 0 });
  assert.deepEqual(s.hands, { played: 1, won: 1 });
  assert.deepEqual(s.practice, { games: { played: 1, won: 1 }, hands: { played: 2, won: 1 } });
  // practice hands leave the bids and the points alone
  assert.deepEqual(bidTotals(s), { made: 1, failed: 0 });
  assert.deepEqual(s.points.map((p) => p.at), [1]);
  countGame(s, { won: true });
  assert.deepEqual(s.games, { played: 1, won: 1 });
  // kept through storing, reading back and exporting
  const storage = memoryStorage();
  changeStats(storage, (record) => Object.assign(record, s));
  const back = loadStats(storage).stats;
  assert.deepEqual(back.practice, s.practice);
  assert.deepEqual(JSON.parse(exportStats(back)).practice, s.practice);
  // a record written before practice was counted reads with none
  const old = { ...emptyStats() };
  delete old.practice;
  assert.deepEqual(parseStats(JSON.stringify(old)).practice, emptyStats().practice);
  // a damaged practice entry is not guessed at
  assert.equal(parseStats(JSON.stringify({ ...emptyStats(), practice: { games: { played: 1, won: 2 } } })), null);
});

test("a stored record with series of any length is read up to the newest SERIES_LIMIT entries", () => {
  const huge = 250_000; // Math.min(...values) overflows the stack well before this
  const s = emptyStats();
  s.points = Array.from({ length: huge }, (_, i) => ({ at: i, points: (i % 7) - 3, preset: "seed", level: "hard" }));
  s.losses = Array.from({ length: huge }, (_, i) => ({ at: i, loss: i % 4 }));
  const storage = memoryStorage();
  storage.setItem(STATS_KEY, JSON.stringify(s));
  const { stats, problem } = loadStats(storage);
  assert.equal(problem, null);
  assert.equal(stats.points.length, SERIES_LIMIT);
  assert.equal(stats.points[0].at, huge - SERIES_LIMIT); // the newest kept, oldest first
  assert.equal(stats.points.at(-1).at, huge - 1);
  assert.equal(stats.losses.length, SERIES_LIMIT);
  assert.equal(stats.losses.at(-1).at, huge - 1);
  // a damaged entry among the old ones not read does not matter; among the newest it does
  s.points[0] = { at: "never" };
  storage.setItem(STATS_KEY, JSON.stringify(s));
  assert.equal(loadStats(storage).problem, null);
  s.points[huge - 1] = { at: "never" };
  storage.setItem(STATS_KEY, JSON.stringify(s));
  assert.equal(loadStats(storage).problem, "unreadable");
});

test("the chart draws any number of values (no list spread into arguments)", () => {
  const values = Array.from({ length: 300_000 }, (_, i) => (i % 11) - 5);
  const svg = chartSvg(fakeDocument(), values, { label: "many", width: 100, height: 50 });
  const [, zero, , last] = svg.children;
  assert.ok(Number(zero.attrs.y1) > 0 && Number(zero.attrs.y1) < 50);
  assert.equal(Number(last.attrs.cx), 94); // the last value at the right edge (pad 6)
});

test("puzzles: the rating after each, the streak and its best, the history and the themes", () => {
  const stats = emptyStats();
  assert.equal(stats.puzzles.rating, 1500);
  const after = (rating) => ({ rating, deviation: 300, volatility: 0.06 });
  countPuzzle(stats, { id: "s5-23", solved: true, rating: after(1600), themes: ["ruff"], at: 1 });
  countPuzzle(stats, { id: "t7-3", solved: true, rating: after(1650), themes: ["ruff", "duck"], at: 2 });
  countPuzzle(stats, { id: "p2-9", solved: false, rating: after(1580), themes: ["duck"], at: 3 });
  const p = stats.puzzles;
  assert.deepEqual([p.rating, p.deviation, p.solved, p.failed, p.streak, p.best], [1580, 300, 2, 1, 0, 2]);
  assert.deepEqual(p.themes, { ruff: { solved: 2, failed: 0 }, duck: { solved: 1, failed: 1 } });
  assert.deepEqual(p.history.map((h) => [h.id, h.solved]), [["s5-23", true], ["t7-3", true], ["p2-9", false]]);
  // stored and read back, exported as it is
  assert.deepEqual(parseStats(exportStats(stats)), stats);
  // a record from before puzzles were counted reads with none
  const old = JSON.parse(exportStats(emptyStats()));
  delete old.puzzles;
  assert.deepEqual(parseStats(JSON.stringify(old)).puzzles, emptyStats().puzzles);
  // a damaged puzzles record is not read
  const bad = JSON.parse(exportStats(stats));
  bad.puzzles.history[0].id = "no spaces allowed";
  assert.equal(parseStats(JSON.stringify(bad)), null);
  // the history keeps the latest PUZZLE_LIMIT
  for (let i = 0; i < PUZZLE_LIMIT + 5; i++) countPuzzle(stats, { id: `x${i}`, solved: true, rating: after(1700), at: 10 + i });
  assert.equal(stats.puzzles.history.length, PUZZLE_LIMIT);
  assert.equal(stats.puzzles.history.at(-1).id, `x${PUZZLE_LIMIT + 4}`);
});

test("counts kept under a former level (expert) are the level's that took its place (hard)", () => {
  const stats = emptyStats();
  const hand = (made) => ({ points: [2, 0], maker: 0, made, thrown_in: false });
  countHand(stats, { record: hand(true), seat: 0, preset: "seed", level: "expert", at: 1 });
  countHand(stats, { record: hand(false), seat: 0, preset: "seed", level: "expert", at: 2 });
  countHand(stats, { record: hand(true), seat: 0, preset: "seed", level: "hard", at: 3 });
  countHand(stats, { record: hand(true), seat: 0, preset: "traditional", level: "medium", at: 4 });
  const renamed = [];
  const rename = (level) => (level === "expert" ? (renamed.push(level), "hard") : level);
  assert.equal(renameLevels(stats, rename), stats);
  assert.deepEqual(stats.bids, { "seed|hard": { made: 2, failed: 1 }, "traditional|medium": { made: 1, failed: 0 } });
  assert.deepEqual(bidTotals(stats, { level: "hard" }), { made: 2, failed: 1 });
  assert.deepEqual(stats.points.map((p) => p.level), ["hard", "hard", "hard", "medium"]);
  assert.ok(renamed.length > 0);
  // nothing of a former level left: the same record again
  const again = JSON.stringify(stats);
  renameLevels(stats, rename);
  assert.equal(JSON.stringify(stats), again);
});
