// A puzzle's words (issue 52), for the game's puzzles (web/table/puzzles.js) and the
// puzzle embed (web/embed/puzzle.js): its goal, each card's verdict from the engine's
// code (api/puzzle_ops.py: `puzzle_makes`, `puzzle_fails`) and the solver's line after it.

import { formatList, formatNumber, t } from "./i18n.js";
import { cardCode, compassName } from "./i18n-terms.js";

/** "West to play. Make your side's bid: take 2 of the 2 tricks left." */
export function goalText(p) {
  return t(`puzzle.goal.${p.target}`, { seat: compassName(p.seat), need: formatNumber(p.need), tricks: formatNumber(p.tricks) });
}

/** A legal card's verdict: "9♥ does it: your side takes 2 of the 2 tricks left (2 needed)." */
export function cardReason(entry) {
  const params = entry.reason_params;
  return t(`puzzle.reason.${entry.reason_code}`, {
    card: cardCode(params.card),
    taken: formatNumber(params.taken),
    tricks: formatNumber(params.tricks),
    need: formatNumber(params.need),
  });
}

/** A card's best line after it: each trick's cards by seat, and who takes it. */
export function lineText(line) {
  const tricks = [];
  let cards = [];
  for (const step of line) {
    cards.push(`${compassName(step.seat)} ${cardCode(step.card)}`);
    if (step.wins !== undefined) {
      tricks.push(t("puzzle.line_trick", { cards: formatList(cards, "unit"), seat: compassName(step.wins) }));
      cards = [];
    }
  }
  if (cards.length) tricks.push(formatList(cards, "unit"));
  return t("puzzle.line", { line: tricks.join(t("hint.separator")) }); // Arabic joins with «؛»
}

/** The puzzle set's address, relative to a page at the site's root. */
export const PUZZLE_SET_URL = "puzzles/puzzles.json";

/** `engine.call(op, args)` for a puzzle op; the set is handed to the engine first when
 * it has none yet (the first time, or a worker started anew). */
export async function callWithSet(engine, op, args) {
  try {
    return await engine.call(op, args);
  } catch (err) {
    if (err?.code !== "puzzles_not_loaded") throw err;
    const response = await fetch(PUZZLE_SET_URL);
    if (!response.ok) throw err;
    await engine.call("puzzle_set", { text: await response.text() });
    return engine.call(op, args);
  }
}
