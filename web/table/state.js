// The table's one state object and the one way to change it.
//
// Every module of the table reads `state`; none writes it except through
// `update(patch)`, which merges the patch and schedules one render for the
// next animation frame: several updates within a frame are painted once.
// The renderer (web/table/render.js, registered by boot.js) reads the state
// only. Animations that need the painted DOM call `flush()` first, which
// paints what is pending at once (the frame then has nothing left to do).

/**
 * @typedef {object} Loading
 * @property {number} fraction        0..1 of the engine's start (the progress bar)
 * @property {string} stage           the worker's stage: download, start, engine, ready
 * @property {Error|null} error       why the engine could not start (the loader says so)
 * @property {boolean} done           the engine is ready and the saved game read: the loader goes
 */

/**
 * @typedef {object} TrickShown
 * @property {{seat: number, card: string}[]} cards   the cards in the trick area
 * @property {Object<string, string>} roles           the engine's card_roles for them
 * @property {number|null} winner                     the seat whose card is marked as winning
 */

/**
 * @typedef {object} ReviewShown
 * @property {number|null} number      the finished hand reviewed (1 = the game's first; null:
 *                                     the last one, until the engine's answer names it)
 * @property {number} finished         how many hands of the game have finished (the list)
 * @property {boolean} busy            the worker is reviewing the hand
 * @property {string} error            why the review could not be made ("" when it could)
 * @property {object|null} answer      the engine's `review` answer
 * @property {object[]} frames         the engine's `replay` frames of the same hand
 * @property {number} frame            the frame on show
 * @property {number|null} focus       the decision to bring into view and focus once painted
 */

/**
 * @typedef {object} WhyShown
 * @property {{step: number, seat: number, action: string}[]} decisions  the computer players'
 *                                     recent decisions listed (this hand's calls, the last
 *                                     trick and the trick on the table)
 * @property {number|null} step        the decision explained (its index in the game)
 * @property {boolean} busy            the worker is working it out
 * @property {string} error            why it could not be explained ("" when it could)
 * @property {object|null} answer      the engine's `why` answer
 */

/**
 * @typedef {object} DailyShown
 * @property {string} date             the day (YYYY-MM-DD, the player's calendar)
 * @property {string|object} rules     the rules it was dealt under (as new_game takes them)
 * @property {string} phase            "playing" its first hand, "comparing", "done"
 * @property {number|null} points      the player's side's points in that hand
 * @property {Object<string, number>} results   each compared level's side points
 * @property {number} step             which comparison is being worked out (1-based)
 * @property {string} error            why the comparison could not be made ("" if it could)
 */

/**
 * @typedef {object} TableState
 * @property {object|null} game          the engine's last state answer (view, options, cards,
 *                                       to_act, human_to_move, bot_to_move, can_undo, levels,
 *                                       save, card_roles, actions); null until the first game
 * @property {boolean} busy              animating or waiting for the engine: the player waits
 * @property {boolean} interruptible     what keeps the table busy is moves being shown (or a
 *                                       hint worked out): Undo may cut it short
 * @property {number} generation         bumped by new game / undo / new rules: stale loops stop
 * @property {object|null} hint          the hint on show (the `hint` answer's `best`)
 * @property {object} settings           the stored settings (web/table/settings.js)
 * @property {number|undefined} seed     ?seed=N: the next game's seed (N, N+1, ...)
 * @property {object|null} rulesInfo     the engine's rules_info for the settings form
 * @property {Loading} loading           the engine's start
 * @property {string} language           the language the page is painted in ("" until its
 *                                       catalogue is there: the English markup stands)
 * @property {boolean} reducedMotion     the system asks for reduced motion
 * @property {TrickShown|null} trick     the trick area while a trick is shown being won;
 *                                       null: the view's own trick
 * @property {"card"|"winner"|null} showing   the step of a move on show that the prompt
 *                                       follows (game-flow.js showEvent): "card", a trick's
 *                                       last card flying in (the prompt before it stays);
 *                                       "winner", that trick's winner marked (the prompt
 *                                       names it); null: the prompt is the table's (whose
 *                                       turn it is, or the finished hand's end)
 * @property {object|null} handOver      the finished hand the table shows from its last action
 *                                       until the player closes its summary (or game-over)
 *                                       dialog: an engine-like state (the one before that action,
 *                                       with the hand record's auction, tricks and count; nobody
 *                                       to act), painted instead of `game`, which already holds
 *                                       the next deal
 * @property {{text: string, kind: string}|null} notice   the notice bar (errors)
 * @property {{hand: object, target: number, roles: object}|null} summary the hand the summary
 *                                       dialog shows (roles: the card_roles under its trump)
 * @property {{hand: object, roles: object}|null} gameOverHand  the last hand the game-over
 *                                       dialog shows, with the card_roles under its trump
 * @property {{trick: object|null, roles: object}|null} lastTrick   the last-trick dialog's trick
 * @property {{trump: string|undefined, info: object|null}|null} rules   the rules dialog: the
 *                                       trump its ranking is shown for, the engine's rules_info
 * @property {boolean} shortcuts         the shortcuts dialog's list is wanted
 * @property {{info: object|null, current?: object}|null} settingsForm   the settings form as
 *                                       opened last (a new object each time it opens): the
 *                                       engine's rules_info and the rules it starts from
 * @property {string} settingsError      why the settings could not be saved
 * @property {boolean} hinting           a hint is being worked out (the Hint tool is busy)
 * @property {number|null} viewer       pass-and-play: the seat whose person has the device
 *                                       (confirmed on the pass screen, web/table/pass.js)
 * @property {ReviewShown|null} review  the review dialog (web/table/review.js): the hand
 *                                       reviewed and the engine's answers for it
 * @property {WhyShown|null} why        the "Why?" dialog (web/table/why.js)
 * @property {{record: object, confirming: boolean, copied: boolean}|null} stats   the
 *                                       statistics dialog (web/table/stats-dialog.js): the record
 *                                       shown, a reset being confirmed, the export just copied
 * @property {DailyShown|null} daily    the deal of the day being played (web/table/daily.js)
 * @property {{openHandsUsed: boolean, daily: boolean, longGameNoted?: boolean}} marks   the page's marks of the game (longGameNoted: long-game.js)
 *                                       on the table, kept in its saved record (saves.js):
 *                                       open hands were on at some point (practice, in the
 *                                       statistics), it is the deal of the day
 * @property {import("./guide.js").Guide|null} guide   the first-game guide: the tip on show
 *                                       and the tips shown so far (null: no tips, in an embed)
 */

/**
 * What a page has before its first game in the fields a visit's tools and games fill
 * in (a new object each call): the table's start, and reset.js's new game without a
 * reload.
 */
export function freshTable() {
  return {
    hint: null,
    trick: null,
    showing: null,
    handOver: null,
    notice: null,
    summary: null,
    gameOverHand: null,
    lastTrick: null,
    rules: null,
    shortcuts: false,
    settingsForm: null,
    settingsError: "",
    hinting: false,
    review: null,
    why: null,
    stats: null,
    daily: null,
    viewer: null,
    marks: { openHandsUsed: false, daily: false },
  };
}

/** @type {TableState} */
export const state = {
  game: null,
  busy: false,
  interruptible: false,
  generation: 0,
  settings: null,
  seed: undefined,
  rulesInfo: null,
  loading: { fraction: 0, stage: "download", error: null, done: false },
  language: "",
  reducedMotion: false,
  ...freshTable(),
  guide: null,
};

// a page that gets no animation frames (a hidden tab, an embed's frame scrolled out
// of view) is painted after this long all the same
const FRAME_FALLBACK_MS = 100;

let renderer = null;
let frame = 0;
let fallback = 0;

/** The function that paints the state (one: web/table/render.js). */
export function setRenderer(paint) {
  renderer = paint;
}

/**
 * The one way to change the table's state: merge `patch` into it and schedule a
 * render (one per animation frame, however many updates come in it).
 * @param {Partial<TableState>} patch
 */
export function update(patch) {
  Object.assign(state, patch);
  if (frame) return;
  frame = requestAnimationFrame(flush);
  fallback = setTimeout(flush, FRAME_FALLBACK_MS);
}

/** Show a message in the notice bar (`kind`: "" or "error"). */
export function notice(text, kind = "") {
  update({ notice: { text, kind } });
}

/** Paint now what is pending (before an animation that needs the painted DOM). */
export function flush() {
  if (!frame) return;
  cancelAnimationFrame(frame);
  clearTimeout(fallback);
  frame = 0;
  renderer?.(state);
}
